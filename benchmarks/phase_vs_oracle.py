"""Throughput against phase.rs next to the oracle's, from one run.

    python benchmarks/phase_vs_oracle.py [--per-property N]

Both engines go through `runner.bench.bench` (a fixed, derandomised corpus of cases drawn from every
non-stateful property, `--per-property` cases each, from the engine's own capabilities):

- engine alone: the engine plays the corpus, scenarios and actions per second;
- full harness: engine and oracle in lockstep with the comparison (`properties.lockstep.run_case`);
- the oracle alone on phase.rs's corpus, for a like-for-like comparison.

"Harness's own share" is the part of the full-harness time against phase.rs not spent inside
phase.rs (the oracle, normalising and comparing observations): it is measured here by timing every
call into phase.rs during the harness pass, and printed next to `bench`'s own estimate
(full-harness time minus engine-alone time), which runs short when divergent cases stop early.
Figures are printed, never asserted (machines differ).
"""
from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from adapters.contract import Engine  # noqa: E402
from adapters.oracle_adapter import OracleEngine  # noqa: E402
from runner.bench import bench  # noqa: E402


class Timed(Engine):
    """An engine whose start/act calls are timed one by one (the wrapped engine does the work)."""

    def __init__(self, engine: Engine):
        self.engine, self.calls = engine, []

    def identity(self) -> dict:
        return self.engine.identity()

    def capabilities(self) -> dict:
        return self.engine.capabilities()

    def _timed(self, call, arg):
        start = time.perf_counter()
        try:
            return call(arg)
        finally:
            self.calls.append(time.perf_counter() - start)

    def start(self, scenario: dict) -> dict:
        return self._timed(self.engine.start, scenario)

    def act(self, action: dict) -> dict:
        return self._timed(self.engine.act, action)

    def close(self) -> None:
        self.engine.close()


def _rate(n: int, seconds: float) -> str:
    return f"{n / seconds:,.1f}" if seconds else "-"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-property", type=int, default=20)
    args = parser.parse_args(argv)
    from adapters.phase_rs import PhaseEngine

    phase = Timed(PhaseEngine())
    phase.start({"contract": 1, "players": [{"life": 20, "hand": [], "library": []}] * 2,
                 "battlefield": [], "active_player": 0, "step": "main1", "turn": 2})   # warm-up:
    phase.calls.clear()                                         # builds the card database (~0.2 s)
    p = bench(phase, args.per_property)
    calls_alone = p["scenarios"] + p["actions"]                 # bench plays the corpus alone first
    in_phase = sum(phase.calls[calls_alone:])                   # then the harness pass
    phase.close()
    o = bench(OracleEngine(), args.per_property)

    version = PhaseEngine().identity()["version"]
    print(f"phase.rs (phase-python {version}) vs the oracle — {p['scenarios']} / {o['scenarios']} scenarios, "
          f"{args.per_property} per property; CPython {platform.python_version()}, "
          f"{platform.machine()}")
    rows = [
        ("corpus", f"{p['scenarios']} scenarios, {p['actions']} actions",
         f"{o['scenarios']} scenarios, {o['actions']} actions"),
        ("engine alone: seconds", f"{p['engine_seconds']:.3f}", f"{o['engine_seconds']:.3f}"),
        ("engine alone: scenarios/s", _rate(p["scenarios"], p["engine_seconds"]),
         _rate(o["scenarios"], o["engine_seconds"])),
        ("engine alone: actions/s", _rate(p["actions"], p["engine_seconds"]),
         _rate(o["actions"], o["engine_seconds"])),
        ("full harness: seconds", f"{p['harness_seconds']:.3f}", f"{o['harness_seconds']:.3f}"),
        ("full harness: scenarios/s", _rate(p["scenarios"], p["harness_seconds"]),
         _rate(o["scenarios"], o["harness_seconds"])),
        ("full harness: actions/s (whole corpus)", _rate(p["actions"], p["harness_seconds"]),
         _rate(o["actions"], o["harness_seconds"])),
    ]
    width = max(len(r[0]) for r in rows)
    print(f"{'':{width}}  {'phase.rs':>28}  {'oracle':>28}")
    for label, a, b in rows:
        print(f"{label:{width}}  {a:>28}  {b:>28}")
    print()
    print(f"oracle alone on phase.rs's corpus: {p['oracle_seconds']:.3f} s "
          f"({_rate(p['scenarios'], p['oracle_seconds'])} scenarios/s, "
          f"{_rate(p['actions'], p['oracle_seconds'])} actions/s) — phase.rs is "
          f"{p['engine_seconds'] / p['oracle_seconds']:,.0f}x slower on the same cases")
    own = p["harness_seconds"] - in_phase
    print(f"harness's own share of the time against phase.rs: {own / p['harness_seconds']:.1%} "
          f"({own:.3f} s of {p['harness_seconds']:.3f} s; {in_phase:.3f} s inside phase.rs); "
          f"bench's estimate (harness − engine alone): {p['harness_share']:.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
