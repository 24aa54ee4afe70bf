"""A tiny rules engine of its own shape, for checking that docs/adapters.md is enough to write an adapter
(tiny_adapter.py). Basic lands and Wastes only; numbered objects; phases do their work as they end; a
refused move just returns False."""
from __future__ import annotations

import copy

PHASES = ("untap", "upkeep", "draw", "main1", "combat", "main2", "end", "cleanup")
MAKES = {"Plains": "white", "Island": "blue", "Swamp": "black", "Mountain": "red", "Forest": "green",
         "Wastes": "colorless"}


class Table:
    def __init__(self, seats: int):
        self.life = [20] * seats
        self.hands = [[] for _ in range(seats)]
        self.libraries = [[] for _ in range(seats)]
        self.graveyards = [[] for _ in range(seats)]
        self.pools = [dict() for _ in range(seats)]
        self.lost = [False] * seats
        self.cards: dict[int, dict] = {}       # number -> {"name", "controller", "tapped", "new"}
        self.active, self.phase, self.turn = 0, "main1", 1

    def add_card(self, name: str, controller: int, tapped=False, new=False) -> int:
        number = len(self.cards) + 1
        self.cards[number] = {"name": name, "controller": controller, "tapped": tapped, "new": new}
        return number

    def tap_for_mana(self, number: int, player: int) -> bool:
        card = self.cards.get(number)
        if card is None or card["tapped"] or card["controller"] != player or self.lost[player]:
            return False
        card["tapped"] = True
        color = MAKES[card["name"]]
        self.pools[player][color] = self.pools[player].get(color, 0) + 1
        return True

    def end_phase(self) -> None:
        """Finish the current phase (its work happens now), then begin the next one."""
        if self.phase == "untap":
            for card in self.cards.values():
                if card["controller"] == self.active:
                    card["tapped"] = False
        if self.phase == "draw":
            if self.libraries[self.active]:
                self.hands[self.active].append(self.libraries[self.active].pop(0))
            else:
                self.lost[self.active] = True
        self.pools = [dict() for _ in self.pools]
        if self.phase == "cleanup":
            self.active = (self.active + 1) % len(self.life)
            while self.lost[self.active]:
                self.active = (self.active + 1) % len(self.life)
            self.turn += 1
            self.phase = "untap"
            for card in self.cards.values():
                if card["controller"] == self.active:
                    card["new"] = False
            return
        self.phase = PHASES[PHASES.index(self.phase) + 1]

    def game_over(self) -> bool:
        return sum(not lost for lost in self.lost) <= 1

    def copy(self) -> "Table":
        return copy.deepcopy(self)
