"""A test engine with two independent bugs, each shown only by some boards: it reports every Island
with its tapped status flipped, and every Llanowar Elves under the next player's control. Both are
observations the contract's schema accepts (lockstep checks every engine's), so each is a divergence.
It declares the catalog's founding cards (oracle/cards/core.py), as a small engine would, so random
programs meet Islands and Elves often enough for a short run to find both bugs."""
from __future__ import annotations

from mtg_conformance.adapters.oracle_adapter import OracleEngine
from mtg_conformance.oracle.cards import core

FOUNDING_CARDS = sorted(c.name for group in core.GROUPS for c in group())


class TwoBugEngine(OracleEngine):
    def identity(self) -> dict:
        return {**super().identity(), "name": "two-bug"}

    def capabilities(self) -> dict:
        return {**super().capabilities(), "cards": FOUNDING_CARDS}

    def start(self, scenario: dict) -> dict:
        self.cards = {e["id"]: e["card"] for e in scenario.get("battlefield", [])}
        self.seats = len(scenario["players"])
        return self._bugged(super().start(scenario))

    def act(self, action: dict) -> dict:
        return self._bugged(super().act(action))

    def _bugged(self, observation: dict) -> dict:
        for pid, p in observation["permanents"].items():
            if p["zone"] != "battlefield":
                continue
            if self.cards.get(pid) == "Island":
                p["tapped"] = not p["tapped"]
            elif self.cards.get(pid) == "Llanowar Elves":
                p["controller"] = (p["controller"] + 1) % self.seats
        return observation
