"""How reliably each mutant is caught: the share of independent runs of its property that find it.

    python benchmarks/mutant_catch_rate.py [--runs N] [--profile ci] [MUTANT ...]

tests/adapters/test_mutants.py checks one derandomised run per mutant, seeded from the property's
id; another Hypothesis version, or any change to the strategies, draws another run. A mutant caught
in 95% of runs fails that test once in twenty such changes, and an engine with the same bug passes a
`ci` certificate as often. This runs each mutant's property N times (default
20) with fresh seeds, generation only (no shrinking: being caught is what counts), and prints the
catch rate; every mutant should be caught in every run. Printed, never asserted.
"""
from __future__ import annotations

import argparse
import sys
import time

from hypothesis import Phase, settings
from mtg_conformance.adapters.mutants import MUTANTS, MutantEngine
from mtg_conformance.properties.lockstep import Divergence
from mtg_conformance.properties.model import all_properties
from mtg_conformance.properties.suite import (
    check,
    hypothesis_profile,
    register_profiles,
)

FRESH = "catch-rate"      # the chosen profile with fresh seeds and no shrinking


def register_fresh(profile: str) -> None:
    register_profiles()
    settings.register_profile(hypothesis_profile(FRESH), settings.get_profile(hypothesis_profile(profile)),
                              derandomize=False, database=None, phases=[Phase.explicit, Phase.generate])


def caught(mutant) -> bool:
    try:
        check(all_properties()[mutant.caught_by], MutantEngine(mutant), profile=FRESH)
    except Divergence:
        return True
    return False


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--profile", default="ci", choices=("dev", "ci", "thorough"))
    parser.add_argument("mutants", nargs="*", default=sorted(MUTANTS))
    args = parser.parse_args()
    unknown = [m for m in args.mutants if m not in MUTANTS]
    if unknown:
        sys.exit(f"unknown mutant(s): {', '.join(unknown)}")
    if args.runs < 1:
        sys.exit("--runs must be at least 1")
    register_fresh(args.profile)
    print(f"{'mutant':38} {'property':10} {'caught':>8} {'rate':>6}  seconds")
    weakest = 1.0
    for name in args.mutants:
        mutant, started = MUTANTS[name], time.perf_counter()
        hits = sum(caught(mutant) for _ in range(args.runs))
        weakest = min(weakest, hits / args.runs)
        print(f"{name:38} {mutant.caught_by:10} {hits:>4}/{args.runs:<3} {hits / args.runs:6.0%}  "
              f"{time.perf_counter() - started:.0f}")
    print(f"weakest catch rate {weakest:.0%} over {len(args.mutants)} mutants, {args.runs} runs each "
          f"of the {args.profile} profile's size")


if __name__ == "__main__":
    main()
