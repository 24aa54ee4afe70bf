"""Auras that enchant a player (CR 303.4, 702.5d, 704.5m, 702.16j)."""
from __future__ import annotations

from oracle.catalog import card
from properties.areas.common import accepted, cases
from properties.model import conformance_property


def _cards_by_id(step) -> dict:
    names = {e["id"]: e["card"] for e in step.scenario["battlefield"]}
    names.update({a["id"]: a["card"] for a in (step.action,) if a.get("id") and a.get("card")})
    return names


def _enchant_opponent_claim(step):
    """After state-based actions, an enchant-opponent Aura is never on its controller nor on a permanent."""
    names = _cards_by_id(step)
    for pid, p in step.engine_after["permanents"].items():
        if names.get(pid) != "Psychic Possession" or p["zone"] != "battlefield" or p["phased_out"]:
            continue
        attached = p.get("attached_to") or {}
        if "permanent" in attached:
            return (f"{pid} (enchant opponent) is attached to the permanent {attached['permanent']}; "
                    "it can only enchant an opponent (CR 702.5d, 704.5m)", ("702.5d", "704.5m"))
        if attached.get("player") == p["controller"]:
            return (f"{pid} enchants its own controller, player {p['controller']}; state-based actions "
                    "put it into its owner's graveyard (CR 303.4, 704.5m)")
    return None


def _aura_labels(step):
    a, labels = step.action, []
    if a["type"] == "change_control" and _cards_by_id(step).get(a["permanent"]) == "Psychic Possession":
        labels.append("control of Psychic Possession changed")
    if a["type"] in ("cast", "put_onto_battlefield") and card(a["card"]).enchant:
        labels.append(f"{a['type']} an Aura: " + ("accepted" if accepted(step) else step.oracle_after["rejected"]))
    if a["type"] == "cast" and a["card"] == "Teferi's Protection":
        labels.append("Teferi's Protection cast")
    return labels


@conformance_property(
    id="AURA-001", title="An Aura that enchants an opponent is never on its controller or a permanent",
    rules=("303.4", "303.4f", "702.5d", "704.5m", "702.16j"), cards=frozenset({"Psychic Possession"}),
    actions=frozenset({"change_control"}), claim=_enchant_opponent_claim,
    claim_rules=("303.4", "704.5m"), labels=_aura_labels)
def enchant_player(capabilities):
    """Psychic Possession cast, put in, stolen (Steal Enchantment) and given away, with Teferi's
    Protection on the enchanted player."""
    board = ("Psychic Possession", "Psychic Possession", "Steal Enchantment", "Llanowar Elves",
             "Forest", "Pacifism")
    hand = ("Psychic Possession", "Teferi's Protection", "Steal Enchantment", "Control Magic", "Pacifism")
    return cases(capabilities, board, hand=hand,
                 kinds={"cast": 3, "put_onto_battlefield": 2, "change_control": 3, "check_sba": 1,
                        "concede": 1}, steps=("main1",), size=(1, 5),
                 core=(("Psychic Possession",),))
