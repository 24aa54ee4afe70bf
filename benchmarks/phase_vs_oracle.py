"""Throughput against phase.rs next to the oracle's, and where the time of a phase.rs run goes.

    python benchmarks/phase_vs_oracle.py [--per-property N]

Both engines go through `runner.bench.bench` (a fixed, derandomised corpus of cases drawn from every
non-stateful property, `--per-property` cases each, from the engine's own capabilities):

- engine alone: the engine plays the corpus, scenarios and actions per second;
- full harness: engine and oracle in lockstep with the comparison (`properties.lockstep.run_case`);
- the oracle alone on phase.rs's corpus, for a like-for-like comparison.

The full-harness time against phase.rs is split three ways, by timing every call the adapter makes
into phase.rs (`phase.Engine`, `phase.Game` and the results they return):

- phase.rs's own calls: dealing and loading the scenario (`new_game`, and the first `load_game` of
  each `start`), applying actions and reading the game (`apply`, `actions`, `object`, `stack`, …);
- the adapter's own work: everything else inside `start`/`act` — exporting states (`state()`) and
  loading them again for edits and rollbacks (every other `load_game`), its own JSON encoding and
  decoding (`json`, and `_json_text` writing the states it loads), schema validation, building
  observations and answering prompts;
- the harness: everything outside `start`/`act` (the oracle, normalising and comparing).

Figures are printed, never asserted (machines differ).
"""
from __future__ import annotations

import argparse
import functools
import json
import platform
import sys
import time
import types
from collections import Counter

from mtg_conformance.adapters.contract import Engine
from mtg_conformance.adapters.oracle_adapter import OracleEngine
from mtg_conformance.runner.bench import bench

ENGINE, EXPORT, RELOAD, VALIDATE, JSON = ("phase.rs", "state exports", "state reloads", "validation",
                                         "JSON")


class Meter:
    """Seconds spent per category since the meter was created."""

    def __init__(self):
        self.seconds: Counter = Counter()
        self.loads_this_start = 0       # load_game calls since the current start() began

    def timed(self, category: str, call, *args, **kwargs):
        start = time.perf_counter()
        try:
            return call(*args, **kwargs)
        finally:
            self.seconds[category] += time.perf_counter() - start


class _Proxy:
    """Times every attribute read and method call of a phase.rs object as phase.rs's own."""

    def __init__(self, target, meter: Meter):
        self._target, self._meter = target, meter

    def _wrap(self, value):
        return _Proxy(value, self._meter) if type(value).__module__.startswith("phase") else value

    def __getattr__(self, name):
        value = self._meter.timed(ENGINE, getattr, self._target, name)
        if not callable(value):
            return value
        category = {"state": EXPORT, "load_game": RELOAD}.get(name, ENGINE)

        def call(*args, **kwargs):
            cat = category
            if name == "load_game":
                self._meter.loads_this_start += 1
                cat = ENGINE if self._meter.loads_this_start == 1 else RELOAD
            return self._wrap(self._meter.timed(cat, value, *args, **kwargs))
        return call


class Timed(Engine):
    """The phase.rs adapter with its start/act calls timed, and its calls into phase.rs metered."""

    def __init__(self):
        from mtg_conformance.adapters import phase_rs
        self.meter, self.calls = Meter(), []
        database, validate = phase_rs._database(), phase_rs.validate
        phase_rs._database = lambda: _Proxy(database, self.meter)
        phase_rs.validate = lambda *args: self.meter.timed(VALIDATE, validate, *args)
        phase_rs.json = types.SimpleNamespace(**{name: functools.partial(self.meter.timed, JSON, call)
                                                 for name, call in (("dumps", json.dumps),
                                                                    ("loads", json.loads))})
        phase_rs._json_text = functools.partial(self.meter.timed, JSON, phase_rs._json_text)
        self.engine = phase_rs.PhaseEngine()

    def identity(self) -> dict:
        return self.engine.identity()

    def capabilities(self) -> dict:
        return self.engine.capabilities()

    def _timed(self, call, arg):
        before, start = Counter(self.meter.seconds), time.perf_counter()
        try:
            return call(arg)
        finally:
            spent = Counter(self.meter.seconds)
            spent.subtract(before)
            self.calls.append((time.perf_counter() - start, spent))

    def start(self, scenario: dict) -> dict:
        self.meter.loads_this_start = 0
        return self._timed(self.engine.start, scenario)

    def act(self, action: dict) -> dict:
        return self._timed(self.engine.act, action)

    def close(self) -> None:
        self.engine.close()


def _rate(n: int, seconds: float) -> str:
    return f"{n / seconds:,.1f}" if seconds else "-"


def split(calls: list, harness_seconds: float) -> list[tuple[str, float]]:
    """(part, seconds) of a full-harness run from its metered start/act calls."""
    inside = sum(total for total, _ in calls)
    parts = Counter()
    for _, spent in calls:
        parts.update(spent)
    adapter_other = inside - sum(parts.values())
    return [("phase.rs's own calls", parts[ENGINE]),
            ("adapter's own work", inside - parts[ENGINE]),
            (f"  {EXPORT} (state())", parts[EXPORT]),
            (f"  {RELOAD} (edits, rollbacks)", parts[RELOAD]),
            (f"  {VALIDATE} (scenarios, actions)", parts[VALIDATE]),
            ("  JSON encoding and decoding in Python", parts[JSON]),
            ("  the rest (observations, prompts, logic)", adapter_other),
            ("harness (oracle, comparison)", harness_seconds - inside)]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-property", type=int, default=20)
    args = parser.parse_args(argv)

    phase = Timed()
    phase.start({"contract": 1, "players": [{"life": 20, "hand": [], "library": []}] * 2,
                 "battlefield": [], "active_player": 0, "step": "main1", "turn": 2})   # warm-up
    phase.calls.clear()
    p = bench(phase, args.per_property)
    harness_calls = phase.calls[p["scenarios"] + p["actions"]:]   # bench plays the corpus alone first
    phase.close()
    o = bench(OracleEngine(), args.per_property)

    version = phase.identity()["version"]
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
    print()
    total = p["harness_seconds"]
    print(f"where the full-harness time against phase.rs goes ({total:.3f} s, "
          f"{1e3 * total / p['scenarios']:.1f} ms per scenario):")
    parts = split(harness_calls, total)
    width = max(len(label) for label, _ in parts)
    for label, seconds in parts:
        print(f"  {label:{width}}  {seconds:8.3f} s  {seconds / total:6.1%}  "
              f"{1e3 * seconds / p['scenarios']:6.2f} ms/scenario")
    return 0


if __name__ == "__main__":
    sys.exit(main())
