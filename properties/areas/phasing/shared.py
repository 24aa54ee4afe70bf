"""Building blocks the phasing properties share: entries of a scenario, the seat whose untap step
comes next (CR 702.26a), what phased between two observations, permanents phased in together."""
from __future__ import annotations

import copy

from hypothesis import strategies as st

from mtg_conformance.oracle.catalog import card
from mtg_conformance.adapters.contract import scenario_features
from mtg_conformance.properties.model import Case
from mtg_conformance.properties.strategies import integers


def _entries(scenario: dict, names) -> list:
    return [e for e in scenario["battlefield"] if e["card"] in names]


def _unattached(scenario: dict) -> bool:
    """No Aura or Equipment is attached, so seats and phasing can be rearranged freely."""
    return not any(e.get("attached_to") for e in scenario["battlefield"])


def _phased_in(entry: dict) -> None:
    entry.pop("phased_out", None)


def _next_untap(scenario: dict) -> tuple:
    """The seat whose untap step an `advance` to the next upkeep (crossing no more turns) reaches."""
    return (scenario["active_player"] + 1) % len(scenario["players"])


def _can_start_phased(capabilities: dict) -> bool:
    """Can the engine's scenarios hold a permanent that starts phased out?"""
    return "phased_out" in scenario_features(capabilities)


def _to_next_upkeep(action: dict) -> dict:
    return dict(action, step="upkeep", turns=0)


def _changed_phase(step) -> set:
    """Ids whose phased-out status the engine says changed in this step, while staying on the battlefield."""
    out = set()
    for pid, after in step.engine_after["permanents"].items():
        before = step.engine_before["permanents"].get(pid)
        if before and before["zone"] == after["zone"] == "battlefield" and before["phased_out"] != after["phased_out"]:
            out.add(pid)
    return out



def _attachment(entry: dict) -> bool:
    return "permanent" in (entry.get("attached_to") or {})


@st.composite
def _phasing_in_together(draw, case: Case, can_start_phased: bool) -> Case:
    """CR 702.26a: at the untap step the active player's permanents with phasing phase out and every
    permanent phased out directly under that player phases in, all at once. Most permanents (an Aura
    or Equipment on a phased-in host too) phased out directly under the seat whose untap step comes
    next, which takes them over; what is attached to a phased-out permanent phased out indirectly
    with it (702.26g); the first advance goes to that upkeep."""
    scenario = copy.deepcopy(case.scenario)
    if not can_start_phased or not scenario["battlefield"]:
        return case
    seat, field = _next_untap(scenario), {e["id"]: e for e in scenario["battlefield"]}
    for e in scenario["battlefield"]:
        if draw(integers(0, 4)) < 4:
            e["phased_out"] = "directly"
            if card(e["card"]).enchant not in ("player", "opponent"):
                e["controller"] = seat
        elif e.get("phased_out") == "directly" and _attachment(e):
            _phased_in(e)
    changed = True
    while changed:                      # what is attached to a phased-out permanent goes with it
        changed = False
        for e in scenario["battlefield"]:
            host = field.get((e.get("attached_to") or {}).get("permanent"))
            if host and host.get("phased_out") and e.get("phased_out") != "indirectly":
                e["phased_out"], changed = "indirectly", True
    program, advanced = list(case.program), False
    for i, action in enumerate(program):
        if action["type"] == "advance" and not advanced:
            program[i], advanced = _to_next_upkeep(action), True
    return Case(scenario, tuple(program))

