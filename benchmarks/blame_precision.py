"""Blame precision over whole certificates: one finding per broken decision, on the mutant's own rules.

    python benchmarks/blame_precision.py [--profile ci] [--json FILE] [--keep DIR] [MUTANT ...]

For each mutant of adapters/mutants/ (one broken rule function each), the whole certificate —
every property of the profile, triaged (runner/inprocess.py) — and, per mutant: its findings, the
rules they are blamed on, whether every failing rule is one the mutant breaks (`Mutant.rules`), and
whether it shows as many findings as the decisions it declares it breaks (`Mutant.decisions`). An
unblamed finding counts against precision. Printed, never asserted (tests/properties/
test_whole_certificates.py asserts a sample); CPU seconds per mutant, and `uptime` before and after.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

from mtg_conformance.adapters.mutants import MUTANTS
from mtg_conformance.runner.inprocess import certify


def judged(mutant, found) -> dict:
    """One mutant's line: its findings, their rules, and the two checks."""
    rules = sorted({r for f in found.findings for r in f.rules})
    own = bool(found.findings) and all(f.rules and set(f.rules) <= set(mutant.rules) for f in found.findings)
    return {"mutant": mutant.name, "breaks": list(mutant.rules), "declared": mutant.decisions,
            "findings": [f.id for f in found.findings], "rules": rules, "own": own,
            "as_declared": len(found.findings) == mutant.decisions,
            "cases": {f.id: f.cases for f in found.findings}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", default="ci")
    parser.add_argument("--json", help="also write every mutant's line to this file")
    parser.add_argument("--keep", type=Path, help="keep each mutant's certificate in DIR/<mutant>")
    parser.add_argument("mutants", nargs="*", default=sorted(MUTANTS))
    args = parser.parse_args()
    unknown = [m for m in args.mutants if m not in MUTANTS]
    if unknown:
        sys.exit(f"unknown mutant(s): {', '.join(unknown)}")
    print(f"uptime: {os.getloadavg()}")
    print(f"{'mutant':40} {'breaks':22} {'n':>2}/{'d':<2} {'own':4} {'cpu':>5}  findings")
    lines = []
    for name in args.mutants:
        mutant, started = MUTANTS[name], time.process_time()
        with tempfile.TemporaryDirectory() as scratch:
            found = certify(f"mutant:{name}", args.keep / name if args.keep else Path(scratch), args.profile)
        line = judged(mutant, found)
        line["cpu"] = round(time.process_time() - started, 1)
        lines.append(line)
        print(f"{name:40} {' '.join(mutant.rules):22} {len(line['findings']):>2}/{mutant.decisions:<2} "
              f"{'yes' if line['own'] else 'NO':4} {line['cpu']:5.0f}  {', '.join(line['findings']) or 'NOT CAUGHT'}",
              flush=True)
    caught = [x for x in lines if x["findings"]]
    print(f"{len(lines)} mutants: {len(caught)} caught; every failing rule the mutant's own: "
          f"{sum(x['own'] for x in lines)}; findings as declared: {sum(x['as_declared'] for x in lines)}; "
          f"both: {sum(x['own'] and x['as_declared'] for x in lines)}; "
          f"findings in all: {sum(len(x['findings']) for x in lines)} for "
          f"{sum(MUTANTS[x['mutant']].decisions for x in lines)} declared")
    print(f"uptime: {os.getloadavg()}")
    if args.json:
        Path(args.json).write_text(json.dumps(lines, indent=1) + "\n")


if __name__ == "__main__":
    main()
