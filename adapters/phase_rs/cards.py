"""phase.rs's card database, built offline from the records in adapters/phase_cards, and what its
parsed faces say: the cards the adapter declares and the contract event of a parsed trigger."""
from __future__ import annotations

import functools
import json

import phase

from mtg_conformance.adapters import phase_cards


@functools.cache
def faces() -> dict[str, dict]:
    """Faces of every catalog card, token and helper, keyed by name."""
    records = [phase_cards.record(n) for n in phase_cards.CARD_NAMES]
    records += [phase_cards.helper_record(n) for n in phase_cards.HELPERS]
    return {r["name"]: phase.build_oracle_face(r, None) for r in records}


@functools.cache
def database() -> phase.Engine:
    return phase.Engine.from_json(json.dumps({name.lower(): f for name, f in faces().items()}))


# Catalog cards phase.rs can't play, or whose play the contract can't express through phase.rs, and
# why (found by building their faces and driving them; docs/engines/phase-rs.md).
_TARGETED_ENTERS = ("its enters trigger targets: phase.rs never reports a trigger that has no legal "
                    "target (CR 603.3d), refuses a harness target that is illegal while a legal one "
                    "exists, and must pick a target when put_onto_battlefield gives none — none of "
                    "which the contract's conventions (triggered; the ability does nothing) can express")
UNSUPPORTED = {
    "Pale Moon": "its replacement clause parses to an Unimplemented effect, so it changes no mana",
    "Ajani's Anguish": _TARGETED_ENTERS,
    "Banisher Priest": _TARGETED_ENTERS,
    "Oubliette": _TARGETED_ENTERS,
}


def unsupported() -> dict[str, str]:
    """UNSUPPORTED plus any card whose face holds Unknown/Unimplemented parts, with reasons."""
    found = dict(UNSUPPORTED)
    for name in phase_cards.CARD_NAMES:
        text = json.dumps(faces()[name])
        if name not in found and ("Unimplemented" in text or '"Unknown"' in text):
            found[name] = "its face has Unknown/Unimplemented parts"
    return found


@functools.cache
def supported_cards() -> tuple[str, ...]:
    return tuple(sorted(set(phase_cards.CARD_NAMES) - set(unsupported())))


def trigger_event(trigger: dict) -> str | None:
    """The contract's event for a parsed trigger of a catalog card, None if it has none."""
    mode, subject = trigger.get("mode"), (trigger.get("valid_card") or {}).get("type")
    if mode == "ChangesZone":
        if trigger.get("destination") == "Battlefield":
            return "enters" if subject == "SelfRef" else "another_enters"
        return "leaves"
    if mode == "TapsForMana":
        return "tapped_for_mana" if subject == "AttachedTo" else "land_tapped_for_mana"
    if mode == "Phase":
        return {"Upkeep": "upkeep", "Draw": "draw_step"}.get(trigger.get("phase"))
    return {"LeavesBattlefield": "leaves", "Taps": "becomes_tapped", "PhaseOut": "phases_out",
            "PhaseIn": "phases_in", "Drawn": "opponent_draws",
            "CounterRemoved": "last_time_counter_removed"}.get(mode)
