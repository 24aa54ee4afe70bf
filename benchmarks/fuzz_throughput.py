"""Cases per second of a `fuzz` campaign with 1 and 2 workers, against the oracle and phase.rs.

    python benchmarks/fuzz_throughput.py [--minutes M] [--engines oracle phase] [--properties ID …]
                                         [--known DIR] [--keep DIR]

Each run is a campaign with an empty example database over the --properties (default: every one
the engine supports; cases of different properties cost very different times, so compare like with
like: one property, or runs long enough for every worker to visit every property) for M minutes
(default 1), into a fresh campaign directory under --keep (default: a temporary one), seeded with the
findings of --known DIR if given: a long campaign sets its known bugs aside and spends its time
generating, while a fresh one against a buggy engine spends its first minutes shrinking new
findings, which costs Hypothesis far more per case. The rate counts the cases the workers played — generated, replayed and
shrinking ones alike — between the moment the first worker began and its last report, so process
start-up is left out. The goal is ≥ 1.8× with 2 workers on 2 cores. Wall-clock speed-up needs the
cores to be free: where other work shares the machine (the load average is printed) — and Linux's
autogroup scheduler gives each session, not each process, an equal share — the workers' CPU time
says more: cases per CPU second that stays the same with 2 workers means they don't slow each
other down, and "2-core speed-up" is what 2 free cores would give (cases per CPU second with 2
workers × 2, over the rate with 1 worker per CPU second of its own). Figures are printed, never
asserted.
"""
from __future__ import annotations

import argparse
import os
import platform
import shutil
import sys
import tempfile
from pathlib import Path

from mtg_conformance.adapters.registry import make_engine
from mtg_conformance.properties.model import all_properties
from mtg_conformance.properties.suite import support
from mtg_conformance.runner.fuzz import Campaign


def supported(spec: str, chosen: list | None) -> list[str]:
    engine = make_engine(spec)
    try:
        capabilities = engine.capabilities()
    finally:
        engine.close()
    return [p.id for p in all_properties().values()
            if not support(p, capabilities).unsupported and (not chosen or p.id in chosen)]


def measure(spec: str, workers: int, args, keep: Path) -> dict:
    where = keep / f"{spec.replace(':', '-')}-{workers}"
    if args.known:
        shutil.copytree(args.known / "vectors", where / "out" / "vectors")
    with open(os.devnull, "w") as quiet:
        return Campaign(spec, supported(spec, args.properties), str(where / "db"), where / "out",
                        workers, args.minutes, messages=quiet).run()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=1.0)
    parser.add_argument("--engines", nargs="+", default=["oracle", "phase"])
    parser.add_argument("--properties", nargs="+", help="property ids (default: all supported)")
    parser.add_argument("--known", type=Path, help="a campaign directory whose findings are known")
    parser.add_argument("--keep", type=Path, help="keep the campaigns here (default: discarded)")
    args = parser.parse_args()
    if args.known and not (args.known / "vectors").is_dir():
        sys.exit(f"--known {args.known}: not a campaign directory (no vectors/ in it); a kept one is "
                 "KEEP/ENGINE-WORKERS/out")
    with tempfile.TemporaryDirectory() as tmp:
        report(args, args.keep or Path(tmp))


def report(args, keep: Path) -> None:
    print(f"fuzz throughput, {args.minutes:g} min a run, properties: "
          f"{' '.join(args.properties) if args.properties else 'all supported'}; CPython "
          f"{platform.python_version()}, {os.cpu_count()} cores, load average before: "
          f"{os.getloadavg()[0]:.1f}")
    print(f"{'engine':10} {'workers':>7} {'cases':>8} {'seconds':>8} {'cases/s':>9} {'speed-up':>8} "
          f"{'cpu s':>7} {'cases/cpu s':>11} {'2-core speed-up':>15} {'findings':>8} {'load':>5}")
    for spec in args.engines:
        base = per_cpu = None
        for workers in (1, 2):
            summary = measure(spec, workers, args, keep)
            rate, cpu = summary["cases_per_second"], summary["worker_cpu_seconds"]
            efficiency = summary["cases"] / cpu if cpu else 0
            base, per_cpu = base or rate, per_cpu or efficiency
            print(f"{spec:10} {workers:7} {summary['cases']:8,} {summary['seconds_generating']:8.1f} "
                  f"{rate:9.1f} {rate / base if base else 0:7.2f}x {cpu:7.1f} {efficiency:11.1f} "
                  f"{workers * efficiency / per_cpu if per_cpu else 0:14.2f}x "
                  f"{len(summary['new_findings']):8} {os.getloadavg()[0]:5.1f}", flush=True)
            for found in summary["new_findings"]:
                print(f"{'':19} new: {found['property']} [{found['signature']}]")


if __name__ == "__main__":
    main()
