"""How rare each mutant's divergences are: the share of its target property's cases that diverge.

    python benchmarks/diverging_share.py [--profile ci] [--json FILE] [MUTANT ...]

A mutant caught only by a few of its property's cases is caught by luck of the draw (issue 14,
"Generation that reaches the rare interactions"). For each mutant this plays its target property's
cases under the profile — the very cases `check` draws, derandomised under `ci` (150 cases; for the
stateful LOCKSTEP-001 a case is one run of its machine) — without stopping at a divergence or
shrinking one (properties.suite.census), and prints: the cases played, those that diverge (for any
reason), their share, the share whose divergence is blamed on one of the rules the mutant breaks,
the seconds from the start to the first diverging case, and to the last case. Printed, never asserted.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from pathlib import Path

import hypothesis
from mtg_conformance.adapters.mutants import MUTANTS, MutantEngine
from mtg_conformance.properties.model import StatefulProperty, all_properties
from mtg_conformance.properties.suite import census

RARE = 0.05     # a mutant whose share is below this is reached by rare cases only


def measure(mutant, profile: str) -> dict:
    """Play the mutant's target property's cases; count those that diverge, and time the first."""
    row = {"mutant": mutant.name, "property": mutant.caught_by, "cases": 0, "diverging": 0,
           "blamed": 0, "first_seconds": None}
    started = time.perf_counter()

    def seen(divergence) -> None:
        row["cases"] += 1
        if divergence is None:
            return
        row["diverging"] += 1
        row["blamed"] += bool(set(divergence.blamed) & set(mutant.rules))
        if row["first_seconds"] is None:
            row["first_seconds"] = round(time.perf_counter() - started, 3)

    census(all_properties()[mutant.caught_by], MutantEngine(mutant), seen, profile=profile)
    row["seconds"] = round(time.perf_counter() - started, 3)
    row["share"] = round(row["diverging"] / row["cases"], 4) if row["cases"] else 0.0
    row["blamed_share"] = round(row["blamed"] / row["cases"], 4) if row["cases"] else 0.0
    return row


def machine() -> str:
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    return (f"{platform.platform()}, {os.cpu_count()} CPUs, load average {load}, "
            f"Python {platform.python_version()}, Hypothesis {hypothesis.__version__}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", default="ci", choices=("dev", "ci", "thorough"))
    parser.add_argument("--json", type=Path, help="also write the rows to this file")
    parser.add_argument("mutants", nargs="*", default=sorted(MUTANTS))
    args = parser.parse_args()
    unknown = [m for m in args.mutants if m not in MUTANTS]
    if unknown:
        sys.exit(f"unknown mutant(s): {', '.join(unknown)}")
    print(f"{'mutant':38} {'property':13} {'cases':>5} {'diverge':>7} {'share':>6} {'blamed':>6} "
          f"{'first s':>7} {'all s':>6}")
    all_properties()            # import the properties now, not in the first mutant's time
    started, rows = time.perf_counter(), []
    for name in args.mutants:
        row = measure(MUTANTS[name], args.profile)
        rows.append(row)
        first = "—" if row["first_seconds"] is None else f"{row['first_seconds']:.2f}"
        stateful = " (stateful)" if isinstance(all_properties()[row["property"]], StatefulProperty) else ""
        print(f"{name:38} {row['property'] + stateful:13} {row['cases']:>5} {row['diverging']:>7} "
              f"{row['share']:6.1%} {row['blamed_share']:6.1%} {first:>7} {row['seconds']:6.1f}", flush=True)
    shares = [row["share"] for row in rows]
    firsts = [row["first_seconds"] for row in rows if row["first_seconds"] is not None]
    print(f"median share {statistics.median(shares):.1%} over {len(rows)} mutants; "
          f"{sum(s < RARE for s in shares)} with a share under {RARE:.0%}; median first divergence "
          f"{statistics.median(firsts) if firsts else float('nan'):.3f} s; profile {args.profile}, "
          f"{time.perf_counter() - started:.0f} s in all")
    print(f"machine: {machine()}")
    if args.json:
        args.json.write_text(json.dumps({"profile": args.profile, "machine": machine(), "rows": rows},
                                        indent=1, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
