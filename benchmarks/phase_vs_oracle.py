"""Throughput against phase.rs next to the oracle's, and where the time of a phase.rs run goes.

    python benchmarks/phase_vs_oracle.py [--per-property N] [--capabilities FILE]

Both engines play a fixed, derandomised corpus of cases drawn from every non-stateful property
(`runner.bench.corpus`, `--per-property` cases each) from phase.rs's capabilities — or from the
capabilities document in FILE, to compare two adapters on the same cases:

- engine alone: the engine plays the corpus, scenarios and actions per second;
- full harness: engine and oracle in lockstep with the comparison (`properties.lockstep.run_case`);
- the oracle alone on phase.rs's corpus, for a like-for-like comparison.

A case phase.rs fails on (an EngineError: it crashed, or can't go on) ends there and is counted; the
benchmark goes on with the next case.

The full-harness time against phase.rs is split three ways, by timing every call the adapter makes
into phase.rs (`phase.Engine`, `phase.Game` and the results they return):

- phase.rs's own calls: dealing and loading the scenario (`new_game`, and the first `load_game` of
  each `start`), applying actions and reading the game (`apply`, `actions`, `object`, `stack`, …);
- the adapter's own work: everything else inside `start`/`act` — exporting states (`state()`) and
  loading them again for edits and rollbacks (every other `load_game`), its own JSON encoding of
  the states it loads, schema validation, building observations and answering prompts;
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
from collections import Counter

from mtg_conformance.adapters.contract import Engine, EngineError
from mtg_conformance.adapters.oracle_adapter import OracleEngine
from mtg_conformance.properties.lockstep import run_case
from mtg_conformance.runner.bench import corpus

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
        from mtg_conformance.adapters import kit
        from mtg_conformance.adapters.phase_rs import cards, driving, engine, scenario
        self.meter, self.calls = Meter(), []
        database = cards.database()
        for module in (driving, scenario):
            module.database = lambda: _Proxy(database, self.meter)
        for module in (engine, kit):
            module.validate = functools.partial(self.meter.timed, VALIDATE, module.validate)
        for module in (engine, driving):
            module.json_text = functools.partial(self.meter.timed, JSON, module.json_text)
        self.engine = engine.PhaseEngine()

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


def play_alone(engine, cases) -> tuple[float, int]:
    """Seconds to play every case on `engine` alone, and how many cases ended in an EngineError."""
    errors, start = 0, time.perf_counter()
    for case in cases:
        try:
            engine.start(case.scenario)
            for action in case.program:
                engine.act(action)
        except EngineError:
            errors += 1
    return time.perf_counter() - start, errors


def play_harness(engine, cases) -> float:
    """Seconds to play every case in lockstep with the oracle (a divergence or an engine error ends
    its case: finding it costs the same; the benchmark only times)."""
    start = time.perf_counter()
    for case in cases:
        try:
            run_case(engine, case)
        except (AssertionError, EngineError):
            pass
    return time.perf_counter() - start


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
            ("  JSON encoding of loaded states", parts[JSON]),
            ("  the rest (observations, prompts, logic)", adapter_other),
            ("harness (oracle, comparison)", harness_seconds - inside)]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-property", type=int, default=20)
    parser.add_argument("--capabilities", help="draw the corpus from this capabilities document "
                        "(JSON) instead of phase.rs's own")
    args = parser.parse_args(argv)

    phase = Timed()
    caps = phase.capabilities()
    if args.capabilities:
        try:
            with open(args.capabilities) as file:
                caps = json.load(file)
        except (OSError, ValueError) as why:
            print(f"phase_vs_oracle: can't read capabilities {args.capabilities}: {why}", file=sys.stderr)
            return 2
    cases = corpus(caps, args.per_property)
    actions = sum(len(c.program) for c in cases)
    for seats in (2, 3, 4):            # warm-up: deals the tables (once per process and seat count)
        phase.start({"contract": 1, "players": [{"life": 20, "hand": [], "library": []}] * seats,
                     "battlefield": [], "active_player": 0, "step": "main1", "turn": 2})
    alone, errors = play_alone(phase, cases)
    phase.calls.clear()
    harness = play_harness(phase, cases)
    oracle_alone, _ = play_alone(OracleEngine(), cases)
    oracle_harness = play_harness(OracleEngine(), cases)
    phase.close()

    version = phase.identity()["version"]
    print(f"phase.rs (phase-python {version}) vs the oracle — {len(cases)} scenarios, {actions} actions, "
          f"{args.per_property} per property; CPython {platform.python_version()}, {platform.machine()}")
    if errors:
        print(f"phase.rs failed (EngineError) on {errors} of the {len(cases)} cases; each ends there")
    rows = [("engine alone: seconds", f"{alone:.3f}", f"{oracle_alone:.3f}"),
            ("engine alone: scenarios/s", _rate(len(cases), alone), _rate(len(cases), oracle_alone)),
            ("engine alone: actions/s", _rate(actions, alone), _rate(actions, oracle_alone)),
            ("full harness: seconds", f"{harness:.3f}", f"{oracle_harness:.3f}"),
            ("full harness: scenarios/s", _rate(len(cases), harness), _rate(len(cases), oracle_harness))]
    width = max(len(r[0]) for r in rows)
    print(f"{'':{width}}  {'phase.rs':>14}  {'oracle':>14}")
    for label, a, b in rows:
        print(f"{label:{width}}  {a:>14}  {b:>14}")
    print(f"phase.rs is {alone / oracle_alone:,.0f}x slower than the oracle on the same cases")
    print()
    print(f"where the full-harness time against phase.rs goes ({harness:.3f} s, "
          f"{1e3 * harness / len(cases):.1f} ms per scenario):")
    parts = split(phase.calls, harness)
    width = max(len(label) for label, _ in parts)
    for label, seconds in parts:
        print(f"  {label:{width}}  {seconds:8.3f} s  {seconds / harness:6.1%}  "
              f"{1e3 * seconds / len(cases):6.2f} ms/scenario")
    return 0


if __name__ == "__main__":
    sys.exit(main())
