"""A test engine with nine independent seeded bugs in different rules areas: its certificate must
show exactly one finding per bug, each blamed on that bug's rule only (tests/properties/
test_whole_certificates.py).

Six bugs break the oracle's rule functions through their seams, as the mutants do
(adapters/mutants.py: the pool, X, phasing, costs, draw triggers, damage). Three are different ways
an engine mishandles a player leaving a multiplayer game (CR 800.4a), each a departure from a
decision of its own: a concession that leaves the conceding player's own permanents on the
battlefield; a departed player's hand, library and graveyard (and the cards in them) staying; the
permanents a departed player owns but another controls staying. Those are played as an engine
would report them: the observation after the action shows what stayed as it was before it.
"""
from __future__ import annotations

from mtg_conformance.adapters.mutants import MUTANTS, Mutant, MutantEngine

# The seam bugs: the mutant each comes from, and the finding its certificate shows.
SEAM_BUGS = {
    "activated-x-is-spells-x": "107.3k",               # X: an ability's X is its spell's
    "phasing-fires-leaves": "702.26d",                 # phasing: leaves triggers on phasing out
    "haste-ignored": "702.10c",                        # costs: haste doesn't lift sickness
    "one-draw-trigger-per-step": "603.2c",             # draw triggers: one per step, not per card
    "damage-never-wears-off": "514.2",                 # damage stays past cleanup
    "pool-persists": "106.4",                          # mana pools don't empty between steps
}
# The leaving bugs: the 800.4a decision each departs from (oracle/leaving.py's keys).
LEAVING_BUGS = {
    "concession-keeps-permanents": "their-permanents-leave",
    "cards-stay": "their-cards-leave",
    "owned-permanents-others-control-stay": "their-permanents-others-control-leave",
}
OFF_BATTLEFIELD = ("graveyard", "exile", "hand", "library")


class ManyBugEngine(MutantEngine):
    def __init__(self):
        patches = tuple(patch for name in SEAM_BUGS for patch in MUTANTS[name].patches)
        super().__init__(Mutant("many-bugs", "800.4a", "nine seeded bugs", "LOCKSTEP-001", patches,
                                rules=(*SEAM_BUGS.values(), "800.4a"), decisions=9))
        self.name = "many-bugs"

    def identity(self) -> dict:
        return {**super().identity(), "name": "many-bugs"}

    def start(self, scenario: dict) -> dict:
        self.last = super().start(scenario)
        return self.last

    def act(self, action: dict) -> dict:
        game = self.game.game
        present = [p.in_game for p in game.players]
        observation = super().act(action)
        left = [s for s, was in enumerate(present) if was and not game.players[s].in_game]
        if len(game.players) > 2:
            for seat in left:
                self._stays(seat, action["type"] == "concede", observation)
        self.last = observation
        return observation

    def _stays(self, seat: int, conceded: bool, observation: dict) -> None:
        """What of departed player `seat` this engine reports as it was before the action."""
        before, now = self.last, observation
        for pid, p in now["permanents"].items():
            was = before["permanents"].get(pid)
            if not was or p["zone"] != "left_game" or self.game.game.permanents[pid].owner != seat:
                continue
            theirs = was["zone"] == "battlefield" and was["controller"] == seat
            others = was["zone"] == "battlefield" and was["controller"] != seat
            if (theirs and conceded) or others or was["zone"] in OFF_BATTLEFIELD:
                now["permanents"][pid] = dict(was)
        for field in ("hand", "library", "graveyard"):
            now["players"][seat][field] = before["players"][seat][field]
