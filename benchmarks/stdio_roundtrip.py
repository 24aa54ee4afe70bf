"""Cost of one `act` round trip against a trivial engine: in process, and served over the stdio protocol.

    python benchmarks/stdio_roundtrip.py [--calls N]
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from mtg_conformance.adapters.contract import Engine
from mtg_conformance.adapters.stdio import StdioEngine, check_message
from mtg_conformance.runner.serve import serve

SCENARIO = {
    "contract": 1,
    "players": [{"life": 20, "hand": [], "library": ["Forest"]}, {"life": 20, "hand": [], "library": []}],
    "battlefield": [{"id": "a", "card": "Forest", "controller": 0}, {"id": "b", "card": "Island", "controller": 1}],
    "active_player": 0, "step": "main1", "turn": 1,
}
ACTION = {"type": "activate_mana", "permanent": "a"}
_PERMANENT = {"zone": "battlefield", "phased_out": False, "controller": 0, "tapped": False, "counters": {},
              "attached_to": None}
_PLAYER = {"life": 20, "mana": dict.fromkeys("WUBRGC", 0), "hand": 0, "library": 1, "graveyard": 0,
           "in_game": True, "tokens": {}}
OBSERVATION = {"permanents": {"a": _PERMANENT, "b": dict(_PERMANENT, controller=1)},
               "players": [_PLAYER, dict(_PLAYER, library=0)], "triggered": [], "rejected": None}


class TrivialEngine(Engine):
    """Answers every request with the same observation: only the transport is measured."""

    def identity(self) -> dict:
        return {"name": "trivial", "version": "1", "homepage": "", "issues": "", "cr_edition": ""}

    def capabilities(self) -> dict:
        return {"contract": 1, "cards": ["Forest", "Island"], "actions": ["activate_mana"], "observes": [],
                "max_players": 2}

    def start(self, scenario: dict) -> dict:
        return OBSERVATION

    def act(self, action: dict) -> dict:
        return OBSERVATION


def timings(call, calls: int) -> list[float]:
    """Seconds taken by each of `calls` calls, after a short warm-up."""
    for _ in range(min(calls, 200)):
        call()
    out = []
    for _ in range(calls):
        begin = time.perf_counter()
        call()
        out.append(time.perf_counter() - begin)
    return out


def report(label: str, seconds: list[float]) -> None:
    ms = sorted(s * 1000 for s in seconds)
    print(f"{label:<34} median {statistics.median(ms):.4f} ms   p95 {ms[int(len(ms) * 0.95)]:.4f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=5000)
    parser.add_argument("--serve", action="store_true", help="serve the trivial engine on stdin/stdout")
    args = parser.parse_args()
    if args.serve:
        sys.exit(serve(TrivialEngine(), sys.stdin, sys.stdout))

    engine = TrivialEngine()
    engine.start(SCENARIO)
    report("in process", timings(lambda: engine.act(ACTION), args.calls))
    response = {"seq": 1, "observation": OBSERVATION}
    report("  schema check of one response", timings(lambda: check_message("observation-response", response),
                                                     args.calls))
    remote = StdioEngine(f"{sys.executable} {Path(__file__).resolve()} --serve")
    try:
        remote.start(SCENARIO)
        report("over stdio (validated responses)", timings(lambda: remote.act(ACTION), args.calls))
    finally:
        remote.close()


if __name__ == "__main__":
    main()
