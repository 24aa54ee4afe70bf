"""A player leaving a multiplayer game (CR 800.4a, 603.6c, 702.26k)."""
from __future__ import annotations

from properties.areas.common import accepted, cases
from properties.model import conformance_property


def _owners(scenario: dict) -> dict:
    return {e["id"]: e.get("owner", e["controller"]) for e in scenario["battlefield"]}


def _departure_claim(step):
    """CR 800.4a: everything a departing player owns leaves the game — not the graveyard."""
    if step.action["type"] != "concede" or step.engine_after["rejected"] is not None:
        return None
    seat = step.action["player"]
    for pid, owner in _owners(step.scenario).items():
        before, after = step.engine_before["permanents"].get(pid), step.engine_after["permanents"].get(pid)
        if owner == seat and before and before["zone"] == "battlefield" and after \
                and after["zone"] not in ("left_game", "none"):
            return (f"{pid}, owned by player {seat} who left the game, is now in {after['zone']}; what a "
                    "departing player owns leaves the game (CR 800.4a)")
    return None


def _departure_labels(step):
    if step.action["type"] != "concede" or not accepted(step):
        return []
    seat, owners = step.action["player"], _owners(step.scenario)
    labels = ["player conceded"]
    before = step.oracle_before["permanents"]
    if any(owners[pid] == seat and before[pid]["phased_out"] for pid in owners):
        labels.append("departing owner had a phased-out permanent")
    if any(p["attached_to"] == {"player": seat} for p in before.values()):
        labels.append("departing player was enchanted")
    if any(owners[pid] != seat and before[pid]["controller"] == seat for pid in owners):
        labels.append("departing player controlled another's permanent")
    if any(owners[pid] != seat and before[pid]["controller"] == seat and before[pid]["phased_out"]
           for pid in owners):
        labels.append("departing player controlled another's phased-out permanent")
    return labels


@conformance_property(
    id="LEAVE-001", title="A departing player's objects leave the game at once",
    rules=("800.4a", "603.6c", "702.26k", "303.4c"),
    cards=frozenset({"Psychic Possession", "Aven Riftwatcher", "Control Magic"}),
    actions=frozenset({"concede"}), observes=frozenset({"triggered"}),
    claim=_departure_claim, claim_rules=("800.4a",), labels=_departure_labels)
def leaving_the_game(capabilities):
    """Three and four players; concessions with owned, stolen, phased-out and enchanting permanents."""
    board = ("Psychic Possession", "Aven Riftwatcher", "Control Magic", "Soul Warden", "Forest",
             "Teferi's Imp", "Llanowar Elves", "Pacifism", "Hangarback Walker")
    return cases(capabilities, board,
                 kinds={"concede": 3, "phase_out": 1, "change_control": 1, "advance": 1},
                 players=(3, 4), size=(2, 8), phased=0.25, library=(0, 3),   # drawing from an
                 # empty library is a way to leave the game (CR 704.5b, 800.4a); what a departing
                 # player controls but doesn't own is exiled, phased out or not (800.4a, 702.26n)
                 owned_elsewhere=0.4,
                 core=(("Psychic Possession", "Aven Riftwatcher", "Control Magic"),))
