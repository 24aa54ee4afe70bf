"""Mana: undefined types (CR 106.5), "could produce" (106.7), tapping for mana (106.12), replacement
effects (614.5, 616.1) and emptying pools (106.4)."""
from __future__ import annotations

from adapters.contract import MANA_TYPES
from properties.areas.common import accepted, cases, entry_card, on_board, pool_total
from properties.model import conformance_property

COULD_PRODUCE = ("Reflecting Pool", "Exotic Orchard", "Fellwar Stone", "Meteor Crater")
MANA_ONLY = frozenset({"activate_mana"})


def _seat(step) -> int:
    pid = step.action.get("permanent")
    p = step.oracle_before["permanents"].get(pid)
    return step.action.get("player", p["controller"] if p and p["controller"] is not None else 0)


def _undefined(step) -> bool:
    """The oracle accepted an activation that added no mana: its type was undefined (106.5)."""
    return (step.action["type"] == "activate_mana" and accepted(step)
            and pool_total(step.oracle_after, _seat(step)) == pool_total(step.oracle_before, _seat(step)))


def _no_mana_claim(step):
    if _undefined(step) and step.engine_after["rejected"] is None:
        seat = _seat(step)
        before, after = step.engine_before["players"][seat]["mana"], step.engine_after["players"][seat]["mana"]
        added = {t: after[t] - before[t] for t in MANA_TYPES if after[t] != before[t]}
        if added:
            pid = step.action["permanent"]
            source = entry_card(step.scenario, pid)
            if set(added) == {"C"} and source and any(a.colors_only for a in source.mana_abilities):
                return (f"{pid} adds mana of a colour, and colourless is not a colour (CR 106.1a): with "
                        f"no colour defined it must add no mana (CR 106.5), but the engine added {added}",
                        ("106.1a", "106.5"))
            return (f"{pid} could define no mana type, so it must add no mana (CR 106.5), but the "
                    f"engine added {added}")
    return None


def _activation_labels(step):
    if step.action["type"] != "activate_mana":
        return []
    if not accepted(step):
        return [f"activation rejected: {step.oracle_after['rejected']}"]
    return ["activation produced no mana (undefined type)" if _undefined(step)
            else "activation produced mana"]


@conformance_property(
    id="MANA-001", title="Undefined mana types yield no mana", rules=("106.5", "106.7", "605.2", "106.1a"),
    cards=frozenset(COULD_PRODUCE), actions=MANA_ONLY, claim=_no_mana_claim,
    claim_rules=("106.5",), labels=_activation_labels)
def undefined_mana(capabilities):
    """Reflecting Pools, Orchards, Fellwar Stones and Meteor Craters facing colourless or no lands."""
    board = COULD_PRODUCE + ("Wastes", "Mutavault", "Walking Ballista", "Hangarback Walker",
                             "Reflecting Pool", "Exotic Orchard", "Forest", "Llanowar Elves")
    return cases(capabilities, board, kinds={"activate_mana": 6, "phase_out": 1, "advance": 1},
                 size=(1, 5), phased=0.05, tapped=0.15, core=(COULD_PRODUCE,))


def _could_produce_labels(step):
    labels = _activation_labels(step)
    if step.action["type"] == "activate_mana":
        if any(p["phased_out"] for p in step.oracle_before["permanents"].values()):
            labels.append("a phased-out permanent was on the board")
        if on_board(step, ("Contamination", "Mana Reflection")):
            labels.append("a replacement effect was on the board")
    return labels


@conformance_property(
    id="MANA-002", title="\"Could produce\" takes replacement effects in any order, ignores costs "
    "and phased-out lands", rules=("106.7", "616.1", "702.26b"), cards=frozenset(COULD_PRODUCE),
    actions=MANA_ONLY, labels=_could_produce_labels)
def could_produce(capabilities):
    """Reflecting Pool and Exotic Orchard chains with Contamination, Pale Moon and Mana Reflection."""
    board = ("Reflecting Pool", "Reflecting Pool", "Exotic Orchard", "Fellwar Stone", "Forest",
             "Island", "Plains", "Wastes", "Contamination", "Mana Reflection", "Dryad Arbor",
             "Mutavault", "Meteor Crater")
    return cases(capabilities, board, hand=("Pale Moon",),
                 kinds={"activate_mana": 6, "cast": 1, "phase_out": 1}, size=(2, 7),
                 phased=0.05, tapped=0.15,
                 core=(("Reflecting Pool", "Exotic Orchard", "Fellwar Stone"),
                       ("Contamination", "Contamination", "Mana Reflection"), ("Forest", "Island", "Plains")))


def _tap_trigger_labels(step):
    labels = _activation_labels(step)
    fired = {ev for _, ev in step.oracle_after["triggered"]}
    if step.action["type"] == "activate_mana":
        labels += [f"trigger: {ev}" for ev in sorted(fired & {"tapped_for_mana", "land_tapped_for_mana"})]
        if _undefined(step) and any(p["attached_to"] == {"permanent": step.action["permanent"]}
                                    for p in step.oracle_before["permanents"].values()):
            labels.append("enchanted land tapped for no mana")
    return labels


@conformance_property(
    id="MANA-003", title="\"Tapped for mana\" triggers only when mana is produced",
    rules=("106.12", "106.12a", "605.1b", "605.4a"),
    cards=frozenset({"Overgrowth", "Wild Growth", "Manabarbs"}), actions=MANA_ONLY,
    observes=frozenset({"triggered"}), labels=_tap_trigger_labels)
def tapped_for_mana(capabilities):
    """Overgrowth, Wild Growth and Manabarbs on lands that do and don't produce mana."""
    board = ("Forest", "Reflecting Pool", "Reflecting Pool", "Exotic Orchard", "Wastes", "Overgrowth",
             "Overgrowth", "Wild Growth", "Manabarbs", "Springleaf Drum", "Llanowar Elves",
             "Treasure", "Judge of Currents", "Puresight Merrow")
    return cases(capabilities, board, kinds={"activate_mana": 6, "advance": 1}, size=(2, 7),
                 tapped=0.15, phased=0.05, core=(("Overgrowth", "Wild Growth"),
                                                 ("Reflecting Pool", "Forest", "Exotic Orchard"),
                                                 ("Manabarbs", "Overgrowth", "Wild Growth")))


def _replacement_labels(step):
    labels = _activation_labels(step)
    if step.action["type"] == "activate_mana" and accepted(step):
        seat = _seat(step)
        gained = pool_total(step.oracle_after, seat) - pool_total(step.oracle_before, seat)
        labels.append(f"produced {gained} mana")
    return labels


@conformance_property(
    id="MANA-004", title="Replacement effects on mana apply once each, in the harness's order",
    rules=("106.12b", "614.5", "616.1"), cards=frozenset({"Contamination", "Mana Reflection", "Pale Moon"}),
    actions=MANA_ONLY, labels=_replacement_labels)
def replacement_order(capabilities):
    """Contamination, Pale Moon and one or two Mana Reflections on basic and nonbasic sources."""
    board = ("Contamination", "Mana Reflection", "Mana Reflection", "Reflecting Pool", "Exotic Orchard",
             "Mutavault", "Forest", "Swamp", "Treasure", "Pili-Pala", "Llanowar Elves", "Dryad Arbor")
    return cases(capabilities, board, hand=("Pale Moon",), kinds={"activate_mana": 6, "cast": 1},
                 size=(2, 7), sick=0.1, tapped=0.15, phased=0.05, players=(2, 3),
                 core=(("Mana Reflection",), board[3:], ("Contamination", "Mana Reflection")))


def _pool_empties_claim(step):
    if step.action["type"] == "advance" and step.engine_after["rejected"] is None:
        for seat, player in enumerate(step.engine_after["players"]):
            if any(player["mana"].values()):
                return (f"player {seat} still has {player['mana']} after the step ended; mana pools "
                        "empty at the end of each step and phase (CR 106.4)")
    return None


@conformance_property(
    id="MANA-005", title="Mana pools empty between steps", rules=("106.4",),
    cards=frozenset({"Forest", "Island", "Llanowar Elves"}), actions=frozenset({"activate_mana", "advance"}),
    claim=_pool_empties_claim, claim_rules=("106.4",),
    labels=lambda step: ["advanced with mana in a pool"] if step.action["type"] == "advance" and any(
        pool_total(step.oracle_before, s) for s in range(len(step.oracle_before["players"]))) else [])
def pools_empty(capabilities):
    """Add mana, then move to another step."""
    return cases(capabilities, ("Forest", "Island", "Llanowar Elves", "Wastes"),
                 kinds={"activate_mana": 3, "advance": 2}, tapped=0.1, sick=0.1)


@conformance_property(
    id="MANA-006", title="Only a mana ability with {T} in its cost taps a permanent for mana",
    rules=("106.12", "106.12a", "106.12b"), cards=frozenset({"Mana Reflection", "Overgrowth"}),
    actions=MANA_ONLY, labels=_replacement_labels)
def tapping_for_mana(capabilities):
    """Mana Reflection and Overgrowth beside {Q}, sacrifice and tap-a-creature mana abilities."""
    board = ("Mana Reflection", "Overgrowth", "Pili-Pala", "Treasure", "Springleaf Drum",
             "Llanowar Elves", "Forest", "Judge of Currents")
    return cases(capabilities, board, kinds={"activate_mana": 6, "advance": 1}, size=(2, 6),
                 tapped=0.5, sick=0.1, phased=0.05, players=(2, 2),
                 core=(("Mana Reflection", "Mana Reflection", "Overgrowth"),
                       ("Pili-Pala", "Pili-Pala", "Treasure", "Springleaf Drum")))
