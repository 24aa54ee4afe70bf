"""A toy `Engine` for the protocol tests: basic lands only (activate_mana, the tapped check, observations)."""
from __future__ import annotations

from mtg_conformance.adapters.contract import ContractError, Engine

COLORS = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
MANA = ("W", "U", "B", "R", "G", "C")


class ToyEngine(Engine):
    def identity(self) -> dict:
        return {"name": "toy", "version": "1", "homepage": "", "issues": "", "cr_edition": "2025-04-04"}

    def capabilities(self) -> dict:
        return {"contract": 1, "cards": sorted(COLORS), "actions": ["activate_mana"], "observes": [],
                "max_players": 4}

    def start(self, scenario: dict) -> dict:
        ids = [p["id"] for p in scenario["battlefield"]]
        if len(set(ids)) != len(ids):
            raise ContractError("duplicate permanent id")
        for permanent in scenario["battlefield"]:
            if permanent["card"] not in COLORS:
                raise ValueError(f"unsupported card {permanent['card']!r}")
        self.players = [{"life": p["life"], "mana": dict.fromkeys(MANA, 0), "hand": len(p["hand"]),
                         "library": len(p["library"])} for p in scenario["players"]]
        self.permanents = {p["id"]: dict(p) for p in scenario["battlefield"]}
        return self.observe(None)

    def act(self, action: dict) -> dict:
        if action["type"] != "activate_mana":
            raise ValueError(f"unsupported action {action['type']!r}")
        permanent = self.permanents.get(action["permanent"])
        if permanent is None:
            return self.observe("no_such_object")
        if permanent.get("phased_out"):
            return self.observe("phased_out")
        if action.get("player", permanent["controller"]) != permanent["controller"]:
            return self.observe("not_controller")
        if permanent.get("tapped"):
            return self.observe("tapped")
        permanent["tapped"] = True
        self.players[permanent["controller"]]["mana"][COLORS[permanent["card"]]] += 1
        return self.observe(None)

    def observe(self, rejected) -> dict:
        return {
            "permanents": {id: {"zone": "battlefield", "phased_out": bool(p.get("phased_out")),
                                "controller": p["controller"], "tapped": bool(p.get("tapped")),
                                "counters": dict(p.get("counters", {})), "attached_to": None}
                           for id, p in self.permanents.items()},
            "players": [dict(p, mana=dict(p["mana"]), graveyard=0, in_game=True, tokens={}) for p in self.players],
            "triggered": [],
            "rejected": rejected,
        }
