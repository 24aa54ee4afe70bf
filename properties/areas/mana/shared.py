"""Building blocks the mana properties share: the "could produce" readers, the activating seat, an
activation that added no mana (its type undefined, CR 106.5) and the labels of activations."""
from __future__ import annotations

from mtg_conformance.properties.areas.common import accepted, pool_total

# The permanents whose mana ability adds what lands "could produce" (CR 106.7).
READERS = ("Reflecting Pool", "Exotic Orchard", "Fellwar Stone")
MANA_ONLY = frozenset({"activate_mana"})


def _seat(step) -> int:
    pid = step.action.get("permanent")
    p = step.oracle_before["permanents"].get(pid)
    return step.action.get("player", p["controller"] if p and p["controller"] is not None else 0)


def _undefined(step) -> bool:
    """The oracle accepted an activation that added no mana: its type was undefined (106.5)."""
    return (step.action["type"] == "activate_mana" and accepted(step)
            and pool_total(step.oracle_after, _seat(step)) == pool_total(step.oracle_before, _seat(step)))


def _activation_labels(step):
    if step.action["type"] != "activate_mana":
        return []
    if not accepted(step):
        return [f"activation rejected: {step.oracle_after['rejected']}"]
    return ["activation produced no mana (undefined type)" if _undefined(step)
            else "activation produced mana"]
