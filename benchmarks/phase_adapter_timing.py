"""Time the phase.rs adapter: `start` of a small scenario plus one `act`, median over N runs.

    python benchmarks/phase_adapter_timing.py [runs]

The card database is built once per process (first call, not timed); every run then starts a fresh
game from the scenario and taps a Forest. Reported: median and p90 of start, act and both together,
in wall time and in CPU time of this process (steadier on a shared machine), with the load average.
"""
from __future__ import annotations

import os
import statistics
import sys
import time

from mtg_conformance.adapters.phase_rs import PhaseEngine

SCENARIO = {
    "contract": 1,
    "players": [{"life": 20, "hand": ["Llanowar Elves"], "library": ["Plains", "Forest", "Island"]},
                {"life": 20, "hand": [], "library": ["Swamp", "Swamp"]}],
    "battlefield": [
        {"id": "f", "card": "Forest", "controller": 0},
        {"id": "o", "card": "Overgrowth", "controller": 0, "attached_to": {"permanent": "f"}},
        {"id": "e", "card": "Llanowar Elves", "controller": 0, "sick": True},
        {"id": "m", "card": "Manabarbs", "controller": 1},
    ],
    "active_player": 0, "step": "main1", "turn": 3,
}
ACTION = {"type": "activate_mana", "permanent": "f"}


def _ms(samples: list[float]) -> str:
    ordered = sorted(samples)
    p90 = ordered[int(0.9 * (len(ordered) - 1))]
    return f"median {statistics.median(ordered) * 1e3:6.2f} ms   p90 {p90 * 1e3:6.2f} ms"


def main(runs: int = 50) -> None:
    engine = PhaseEngine()
    engine.start(SCENARIO)                          # builds the card database (not timed)
    samples = {"start": ([], []), "act": ([], [])}  # (wall, CPU) seconds per run
    for _ in range(runs):
        for part, call in (("start", lambda: engine.start(SCENARIO)), ("act", lambda: engine.act(ACTION))):
            wall, cpu = time.perf_counter(), time.process_time()
            observation = call()
            samples[part][0].append(time.perf_counter() - wall)
            samples[part][1].append(time.process_time() - cpu)
        assert observation["rejected"] is None and observation["players"][0]["mana"]["G"] == 3
    print(f"runs: {runs}; load average {os.getloadavg()[0]:.2f}")
    for label, index in (("wall", 0), ("CPU", 1)):
        starts, acts = samples["start"][index], samples["act"][index]
        print(f"{label:4s} start        {_ms(starts)}")
        print(f"{label:4s} act          {_ms(acts)}")
        print(f"{label:4s} start + act  {_ms([s + a for s, a in zip(starts, acts)])}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 50)
