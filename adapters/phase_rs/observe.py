"""phase.rs's game as the contract's observation (docs/contract.md#observation): what phase.rs shows,
renamed — a zone it put an object in is that zone, a departed player's pool is what it keeps."""
from __future__ import annotations

from collections import Counter

from mtg_conformance.adapters.contract import EngineError
from mtg_conformance.adapters.phase_rs.vocabulary import COUNTER_FROM_PHASE, MANA_LETTER, ZONES, phased_out


class Observer:
    """The observation of the driven game; mixed into the engine with the Driver."""

    def _observe(self, rejected: str | None) -> dict:
        """One battlefield read and one read per seat: an object off the battlefield is found in its
        owner's hand, library or graveyard, and only one in none of them (exiled, or a token phase.rs
        removed) is read on its own."""
        seats = [self._game.player(seat) for seat in range(self._seats)]
        battlefield = {obj["id"]: obj for obj in self._game.battlefield()}
        zone_of = {oid: ZONES[zone] for player in seats for zone in ("Hand", "Library", "Graveyard")
                   for oid in player[zone.lower()]}
        names = {oid: hid for hid, oid in self._ids.items()}
        permanents = {}
        for hid, oid in self._ids.items():
            obj = battlefield.get(oid)
            if obj is None and (oid not in zone_of or hid in self._tokens):
                obj = self._lookup(oid)
            permanents[hid] = (_observe_object(obj, names) if obj is not None or oid not in zone_of
                               else _off(zone_of[oid]))
        tokens = [Counter() for _ in range(self._seats)]
        for obj in battlefield.values():
            if obj.get("is_token") and obj["id"] not in names and not phased_out(obj):
                tokens[obj["controller"]][obj["name"]] += 1
        helpers = set(self._helpers.values())
        players = [_observe_player(p, tokens[i], helpers) for i, p in enumerate(seats)]
        triggered = sorted([names.get(oid, "token"), event] for oid, event, token in self._triggered
                           if oid in names or token)
        self._triggered = []
        return {"permanents": permanents, "players": players, "triggered": triggered,
                "rejected": rejected}

def _off(zone: str) -> dict:
    """An object off the battlefield: only its zone means anything (docs/contract.md#observation)."""
    return {"zone": zone, "phased_out": False, "controller": None, "tapped": False, "counters": {},
            "attached_to": None, "power": None, "toughness": None, "damage": 0}


def _observe_object(obj: dict | None, names: dict) -> dict:
    """One harness-named object; a token that left the battlefield is gone ("none", CR 111.7)."""
    if obj is None or (obj.get("is_token") and obj["zone"] != "Battlefield"):
        return _off("none")
    zone = ZONES.get(obj["zone"])
    if zone is None:
        raise EngineError(f"phase.rs left an object in zone {obj['zone']}")
    if zone != "battlefield":
        return _off(zone)
    host = obj.get("attached_to")
    attached = None
    if host and host["type"] == "Player":
        attached = {"player": host["data"]}
    elif host:
        attached = {"permanent": names.get(host["data"], "token")}
    counters = {COUNTER_FROM_PHASE.get(k, k): n for k, n in (obj.get("counters") or {}).items() if n}
    creature = "Creature" in obj["card_types"]["core_types"]
    # power and toughness as phase.rs computed them (CR 613); the contract's null for a non-creature
    # and for a phased-out permanent (702.26b), and damage 0 for a non-creature
    shown = creature and not phased_out(obj)
    return {"zone": "battlefield", "phased_out": phased_out(obj), "controller": obj["controller"],
            "tapped": bool(obj.get("tapped")), "counters": counters, "attached_to": attached,
            "power": obj.get("power") if shown else None, "toughness": obj.get("toughness") if shown else None,
            "damage": obj.get("damage_marked", 0) if creature else 0}


def _observe_player(player: dict, tokens: Counter, helpers: set) -> dict:
    mana = dict.fromkeys("WUBRGC", 0)
    for unit in player["mana_pool"]["mana"]:
        mana[MANA_LETTER[unit["color"]]] += 1
    return {"life": player["life"], "mana": mana, "hand": len(player["hand"]),
            "library": len(player["library"]),
            "graveyard": len([oid for oid in player["graveyard"] if oid not in helpers]),
            "in_game": not player.get("is_eliminated"), "tokens": dict(tokens)}