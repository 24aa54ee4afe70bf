"""Precision and recall of blame on the mutants.

    python benchmarks/blame_precision.py [--profile ci] [MUTANT ...]

For each mutant of adapters/mutants/ (one broken rule each), the first divergence its target
property finds is blamed on CR rules (properties.lockstep.blame, from the oracle's provenance).
Precision: the share of blamed rules the mutant breaks. Recall: the share of the rules it breaks
that are blamed. Printed, never asserted (tests/properties/test_blame.py asserts them).
"""
from __future__ import annotations

import argparse
import sys
import time

from mtg_conformance.adapters.mutants import MUTANTS, MutantEngine
from mtg_conformance.properties.lockstep import Divergence
from mtg_conformance.properties.model import all_properties
from mtg_conformance.properties.suite import check


def first_divergence(mutant, profile: str = "ci") -> Divergence | None:
    """The divergence the mutant's target property finds first, if any."""
    try:
        check(all_properties()[mutant.caught_by], MutantEngine(mutant), profile=profile)
    except Divergence as found:
        return found
    return None


def scores(blamed, broken) -> tuple[float, float]:
    """(precision, recall) of the blamed rules against the rules the mutant breaks."""
    hit = len(set(blamed) & set(broken))
    return (hit / len(set(blamed)) if blamed else 0.0), hit / len(set(broken))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", default="ci")
    parser.add_argument("mutants", nargs="*", default=sorted(MUTANTS))
    args = parser.parse_args()
    unknown = [m for m in args.mutants if m not in MUTANTS]
    if unknown:
        sys.exit(f"unknown mutant(s): {', '.join(unknown)}")
    print(f"{'mutant':38} {'breaks':18} {'blamed':24} {'prec':>5} {'recall':>6}  kind")
    total_p = total_r = 0.0
    for name in args.mutants:
        mutant, started = MUTANTS[name], time.perf_counter()
        found = first_divergence(mutant, args.profile)
        blamed = found.blamed if found else ()
        precision, recall = scores(blamed, mutant.rules)
        total_p, total_r = total_p + precision, total_r + recall
        kind = f"{found.kind} ({'claim' if found.by_claim else 'diff'})" if found else "NOT CAUGHT"
        print(f"{name:38} {' '.join(mutant.rules):18} {' '.join(blamed) or '-':24} {precision:5.2f} "
              f"{recall:6.2f}  {kind}  [{time.perf_counter() - started:.1f}s]")
    n = len(args.mutants)
    print(f"mean precision {total_p / n:.2f}, mean recall {total_r / n:.2f} over {n} mutants")


if __name__ == "__main__":
    main()
