"""Cases per second of a `fuzz` campaign with 1 and 2 workers, against the oracle and phase.rs.

    python benchmarks/fuzz_throughput.py [--minutes M] [--engines oracle phase]

Each run is a fresh campaign (empty example database, empty campaign directory) over every property
for M minutes (default 1). The rate counts the cases the workers played — generated, replayed and
shrinking ones alike — between the moment the first worker began and its last report, so process
start-up is left out. The goal is ≥ 1.8× with 2 workers on 2 cores; the load average is printed
because other work on the machine takes cores from the workers. Figures are printed, never asserted.
"""
from __future__ import annotations

import argparse
import os
import platform
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from adapters.registry import make_engine  # noqa: E402
from properties.model import all_properties  # noqa: E402
from runner.fuzz import Campaign  # noqa: E402


def supported(spec: str) -> list[str]:
    engine = make_engine(spec)
    try:
        capabilities = engine.capabilities()
    finally:
        engine.close()
    return [p.id for p in all_properties().values() if not p.unsupported_reason(capabilities)]


def measure(spec: str, workers: int, minutes: float) -> dict:
    with tempfile.TemporaryDirectory() as tmp, open(os.devnull, "w") as quiet:
        campaign = Campaign(spec, supported(spec), str(Path(tmp) / "db"), Path(tmp) / "out",
                            workers, minutes, messages=quiet)
        return campaign.run()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=1.0)
    parser.add_argument("--engines", nargs="+", default=["oracle", "phase"])
    args = parser.parse_args()
    print(f"fuzz throughput, {args.minutes:g} min a run; CPython {platform.python_version()}, "
          f"{os.cpu_count()} cores, load average before: {os.getloadavg()[0]:.1f}")
    print(f"{'engine':10} {'workers':>7} {'cases':>8} {'seconds':>8} {'cases/s':>9} {'speed-up':>8} "
          f"{'findings':>8} {'load':>5}")
    for spec in args.engines:
        base = None
        for workers in (1, 2):
            summary = measure(spec, workers, args.minutes)
            rate = summary["cases_per_second"]
            base = base or rate
            print(f"{spec:10} {workers:7} {summary['cases']:8,} {summary['seconds_generating']:8.1f} "
                  f"{rate:9.1f} {rate / base if base else 0:7.2f}x {len(summary['new_findings']):8} "
                  f"{os.getloadavg()[0]:5.1f}", flush=True)


if __name__ == "__main__":
    main()
