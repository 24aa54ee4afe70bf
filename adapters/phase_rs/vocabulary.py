"""phase.rs's names for the contract's: steps, mana types, zones, counters, refusal messages, and the
small translations between them (docs/engines/phase-rs.md, "How the adapter maps the contract")."""
from __future__ import annotations

import orjson

STEP_PHASE = {"upkeep": "Upkeep", "draw": "Draw", "main1": "PreCombatMain", "combat": "BeginCombat",
              "main2": "PostCombatMain", "end": "End"}
MANA_NAME = {"W": "White", "U": "Blue", "B": "Black", "R": "Red", "G": "Green", "C": "Colorless"}
MANA_LETTER = {v: k for k, v in MANA_NAME.items()}
ZONES = {"Battlefield": "battlefield", "Graveyard": "graveyard", "Exile": "exile", "Hand": "hand",
         "Library": "library"}
COUNTER_TO_PHASE = {"+1/+1": "P1P1", "-1/-1": "M1M1"}
COUNTER_FROM_PHASE = {v: k for k, v in COUNTER_TO_PHASE.items()}
# phase.rs refusal messages (lower-cased fragments, first match wins) -> contract reason class.
REFUSALS = (("already untapped", "untapped"), ("is tapped", "tapped"),
            ("summoning sickness", "summoning_sick"), ("phased-out", "phased_out"),
            ("phased out", "phased_out"), ("not your priority", "not_controller"),
            ("not controlled by", "not_controller"),
            ("sorcery-speed", "timing"), ("assorcery", "timing"), ("correct zone", "no_such_object"),
            ("target", "illegal_target"))


def json_text(document) -> str:
    """`document` as JSON, for phase.rs to load: orjson writes a game state many times faster than
    the standard library (the same JSON value, compact and in UTF-8)."""
    return orjson.dumps(document).decode()


def refusal_reason(message: str) -> str | None:
    """The contract's reason class for a phase.rs refusal message, None if it isn't a known one."""
    low = message.lower()
    return next((why for fragment, why in REFUSALS if fragment in low), None)


def cost_mana(cost: dict, x: int) -> list[str]:
    """The mana that pays `cost` exactly: generic and X as colorless, a hybrid pip as its first
    colour (CR 107.4e), X taken as `x` (CR 107.3a)."""
    if cost.get("type") == "Composite":
        return [m for part in cost["costs"] for m in cost_mana(part, x)]
    if cost.get("type") == "Mana":
        cost = cost["cost"]
    if cost.get("type") != "Cost":
        return []
    mana = ["Colorless"] * cost.get("generic", 0)
    for shard in cost.get("shards") or []:
        if shard == "X":
            mana += ["Colorless"] * x
        else:
            mana.append(next(n for n in MANA_NAME.values() if shard.startswith(n)))
    return mana


def is_permanent_card(obj: dict) -> bool:
    """CR 110.4: a card of a permanent type (not an instant or sorcery)."""
    return not {"Instant", "Sorcery"} & set(obj["card_types"]["core_types"])


def phased_out(obj: dict) -> bool:
    return (obj.get("phase_status") or {}).get("status") == "PhasedOut"
