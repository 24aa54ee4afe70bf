"""Prints, measured in one sitting, with the machine's load beside each figure: the wall time and the
CPU seconds (user + system, worker processes and engines included) of a full `ci` run against the
oracle and, with --readme, of the README's main command (phase.rs against its expectations, read
from README.md so the figure is always of the command the README shows); then, unless --no-mutants,
how long each mutant takes to be caught by its property under `ci`, shrinking included (goal:
median under 5 s).

    python benchmarks/suite_timing.py [--readme] [-n WORKERS] [--no-mutants]
"""
from __future__ import annotations

import argparse
import os
import resource
import shlex
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from mtg_conformance.adapters.mutants import MUTANTS, MutantEngine
from mtg_conformance.properties.lockstep import Divergence
from mtg_conformance.properties.model import all_properties
from mtg_conformance.properties.suite import check

ROOT = Path(__file__).resolve().parents[1]


def readme_command() -> list[str]:
    """The README's main command: the `mtg-conformance run` it puts first, after its install step."""
    for line in (ROOT / "README.md").read_text().splitlines():
        if "mtg-conformance run --engine phase" in line:
            return shlex.split(line.split("&&")[-1])
    raise SystemExit("README.md shows no `mtg-conformance run --engine phase` command")


def timed(argv: list[str], what: str) -> dict:
    """Run `argv` from the repository root; print and return its wall and CPU seconds (every process
    it waited for, workers and engines included) and the load average before and after."""
    load = os.getloadavg()[0]
    before, start = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    status = subprocess.run(argv, cwd=ROOT, capture_output=True).returncode
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    user, system = after.ru_utime - before.ru_utime, after.ru_stime - before.ru_stime
    print(f"{what}: wall {wall:.1f} s, CPU {user + system:.1f} s ({user:.1f} user + {system:.1f} "
          f"system), exit {status}; load {load:.1f} before, {os.getloadavg()[0]:.1f} after\n"
          f"  {shlex.join(argv)}")
    return {"wall": wall, "user": user, "system": system, "exit": status}


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


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--readme", action="store_true", help="also time the README's main command")
    options.add_argument("-n", default="2", help="workers of the oracle's ci run (default 2)")
    options.add_argument("--no-mutants", action="store_true", help="skip the time to catch each mutant")
    args = options.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        timed(["mtg-conformance", "run", "--engine", "oracle", "--profile", "ci", "-n", args.n,
               "--failures-dir", scratch], f"full ci run against the oracle, -n {args.n}")
        if args.readme:
            timed(readme_command(), "the README's main command")
    if not args.no_mutants:
        print("time to catch each mutant (ci profile, shrinking included):")
        times = time_to_catch()
        print(f"median {statistics.median(times):.2f} s, max {max(times):.2f} s over {len(times)} mutants")


if __name__ == "__main__":
    main()
