"""Prints: the wall time of a full `ci` run against the oracle (goal: under 2 minutes on 2 cores),
and how long each mutant takes to be caught by its property under `ci`, shrinking included (goal:
median under 5 s)."""
from __future__ import annotations

import statistics
import subprocess
import sys
import time

from mtg_conformance.adapters.mutants import MUTANTS, MutantEngine
from mtg_conformance.properties.lockstep import Divergence
from mtg_conformance.properties.model import all_properties
from mtg_conformance.properties.suite import check


def full_run(workers: str) -> float:
    start = time.perf_counter()
    status = subprocess.run(["mtg-conformance", "run", "--engine", "oracle", "--profile", "ci",
                             "-n", workers], capture_output=True).returncode
    elapsed = time.perf_counter() - start
    print(f"full ci run against the oracle, -n {workers}: {elapsed:.1f} s (exit {status})")
    return elapsed


def time_to_catch() -> list[float]:
    times = []
    for name, mutant in sorted(MUTANTS.items()):
        start = time.perf_counter()
        try:
            check(all_properties()[mutant.caught_by], MutantEngine(mutant), profile="ci")
            verdict = "NOT CAUGHT"
        except Divergence:
            verdict = "caught"
        times.append(time.perf_counter() - start)
        print(f"  {name:38} {mutant.caught_by:10} {times[-1]:6.2f} s  {verdict}")
    return times


if __name__ == "__main__":
    full_run(sys.argv[1] if len(sys.argv) > 1 else "2")
    print("time to catch each mutant (ci profile, shrinking included):")
    times = time_to_catch()
    print(f"median {statistics.median(times):.2f} s, max {max(times):.2f} s over {len(times)} mutants")
