"""tiny_engine behind the contract, written from docs/adapters.md and the kit alone.

The tiny engine ends a phase before doing its work, so the contract's step S is the engine sitting at
the phase after S (docs/adapters.md, "step actions done on leaving a step"). It refuses without reasons:
the reason class is read from its state."""
from __future__ import annotations

from tiny_engine import MAKES, Table

from mtg_conformance.adapters import kit
from mtg_conformance.adapters.contract import ContractError, Engine, validate

ENGINE_PHASE = {"upkeep": "draw", "draw": "main1", "main1": "combat", "combat": "main2", "main2": "end",
                "end": "cleanup"}
LETTER = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G", "colorless": "C"}


class TinyEngine(Engine):
    def __init__(self):
        self.table: Table | None = None
        self.ids = kit.IdMap()

    def identity(self):
        return {"name": "tiny", "version": "0.1", "homepage": "", "issues": "", "cr_edition": "unspecified"}

    def capabilities(self):
        return kit.capabilities(sorted(MAKES), ["activate_mana", "advance"], scenario=["sick"], max_players=4)

    def start(self, scenario):
        kit.check_scenario(scenario, self.capabilities())
        return kit.guarded("tiny", "setup", lambda: self._setup(scenario))

    def act(self, action):
        validate("action", action)
        if action["type"] not in self.capabilities()["actions"]:
            raise ContractError(f"action {action['type']} is not among the engine's actions")

        def run():
            if self.table.game_over():
                return self._observe("game_over")
            rejected = kit.attempt(lambda: getattr(self, "_do_" + action["type"])(action),
                                   self._snapshot, self._restore)
            return self._observe(rejected)
        return kit.guarded("tiny", action["type"], run)

    def _setup(self, scenario):
        self.table, self.ids = Table(len(scenario["players"])), kit.IdMap()
        for seat, player in enumerate(scenario["players"]):
            self.table.life[seat] = player["life"]
            self.table.hands[seat] = list(player["hand"])
            self.table.libraries[seat] = list(player["library"])
        for entry in scenario["battlefield"]:
            number = self.table.add_card(entry["card"], entry["controller"], entry.get("tapped", False),
                                         entry.get("sick", False))
            self.ids.add(entry["id"], number)
        self.table.active, self.table.turn = scenario["active_player"], scenario["turn"]
        self.table.phase = ENGINE_PHASE[scenario["step"]]
        return self._observe(None)

    def _snapshot(self):
        return self.table.copy(), self.ids.copy()

    def _restore(self, saved):
        self.table, self.ids = saved

    def _do_activate_mana(self, action):
        number = self.ids.engine(action["permanent"])
        card = self.table.cards[number]
        player = action.get("player", card["controller"])
        if action.get("ability", 0) != 0 or not 0 <= player < len(self.table.life):
            raise kit.Refusal("illegal_choice")
        if not self.table.tap_for_mana(number, player):
            raise kit.Refusal(kit.reason_from((player != card["controller"], "not_controller"),
                                               (card["tapped"], "tapped"),
                                               (self.table.lost[player], "not_in_game")))

    def _do_advance(self, action):
        target, crossed = ENGINE_PHASE[action["step"]], 0
        while True:
            self.table.end_phase()
            crossed += self.table.phase == "untap"
            if self.table.game_over() or (self.table.phase == target and crossed >= action.get("turns", 0)):
                return

    def _observe(self, rejected):
        table, out = self.table, kit.ObservationBuilder(len(self.table.life))
        for hid, number in self.ids.items():
            card = table.cards[number]
            out.permanent(hid, "battlefield", controller=card["controller"], tapped=card["tapped"])
        for seat in range(len(table.life)):
            out.player(seat, life=table.life[seat],
                       mana={LETTER[color]: n for color, n in table.pools[seat].items()},
                       hand=len(table.hands[seat]), library=len(table.libraries[seat]),
                       graveyard=len(table.graveyards[seat]), in_game=not table.lost[seat])
        return out.build(rejected, expected_ids=[hid for hid, _ in self.ids.items()])
