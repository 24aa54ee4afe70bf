"""A test engine with two independent bugs, each shown only by some boards: it reports every Island
with its tapped status flipped, and every Llanowar Elves under the next player's control. Both are
observations the contract's schema accepts (lockstep checks every engine's), so each is a divergence.
It declares the catalog's 50 founding cards (those it began with, now in their areas' modules of
oracle/cards), as a small engine would, so random programs meet Islands and Elves often enough for a
short run to find both bugs."""
from __future__ import annotations

from mtg_conformance.adapters.oracle_adapter import OracleEngine

FOUNDING_CARDS = [
    "Ajani's Anguish", "Aven Riftwatcher", "Banisher Priest", "Bonesplitter", "Breezekeeper",
    "Contamination", "Control Magic", "Dryad Arbor", "Endless One", "Exotic Orchard", "Fellwar Stone",
    "Fervor", "Forest", "Glorious Anthem", "Hangarback Walker", "Holy Strength", "Howling Mine",
    "Island", "Judge of Currents", "Llanowar Elves", "Mana Reflection", "Manabarbs", "Meteor Crater",
    "Mountain", "Mutavault", "Oubliette", "Overgrowth", "Pacifism", "Pale Moon", "Pili-Pala", "Plains",
    "Psychic Possession", "Puresight Merrow", "Reflecting Pool", "Seeker of Skybreak",
    "Slip Out the Back", "Soul Warden", "Springleaf Drum", "Steal Enchantment", "Swamp",
    "Teferi's Imp", "Teferi's Protection", "Thopter", "Threaten", "Treasure", "Vedalken Shackles",
    "Voice of All", "Walking Ballista", "Wastes", "Wild Growth"]


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
