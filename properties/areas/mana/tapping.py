"""Tapping for mana (CR 106.12): "tapped for mana" triggers (106.12a), replacement effects applied
once each in the harness's order (614.5, 616.1), and mana pools emptying between steps (106.4)."""
from __future__ import annotations

import copy

from hypothesis import strategies as st

from mtg_conformance.adapters.contract import scenario_features
from mtg_conformance.oracle.catalog import card
from mtg_conformance.properties.areas.common import accepted, aimed, pool_total
from mtg_conformance.properties.areas.mana.shared import (MANA_ONLY, READERS, _activation_labels, _seat,
                                                        _undefined)
from mtg_conformance.properties.coverage import Floor, Situation
from mtg_conformance.properties.model import Case, conformance_property
from mtg_conformance.properties.strategies import Aim, integers


@st.composite
def _reflecting_producers(draw, case: Case) -> Case:
    """Each Mana Reflection, mostly, controlled by the controller of a mana source on the board (its
    doubling applies only to mana its controller taps for, CR 106.12b), most often one with a {Q}
    ability (which taps nothing for mana, 106.12); each {Q} source, mostly, tapped and not summoning
    sick, so its {Q} ability can be activated (CR 107.6)."""
    scenario = copy.deepcopy(case.scenario)
    field = scenario["battlefield"]
    sources = [e for e in field if card(e["card"]).mana_abilities]
    untapping = [e for e in sources if any(a.cost.untap for a in card(e["card"]).mana_abilities)]
    for e in field:
        if "you_tap_for_mana_doubles" in card(e["card"]).statics and sources and draw(integers(0, 3)) < 3:
            among = untapping if untapping and draw(integers(0, 3)) < 3 else sources
            e["controller"] = draw(st.sampled_from(among))["controller"]
    for e in untapping:
        if draw(integers(0, 3)) < 3:
            e["tapped"] = True
            if "sick" in e:
                e["sick"] = False
    return Case(scenario, case.program)


@st.composite
def _sources_in_turn(draw, case: Case) -> Case:
    """Most activations are of the board's mana sources in turn, each once before any again, rather
    than mostly the last one activated (already tapped, or gone)."""
    sources = [e["id"] for e in case.scenario["battlefield"] if card(e["card"]).mana_abilities]
    turns = draw(st.permutations(sources)) if sources else []
    program = [dict(a, permanent=turns[i % len(turns)])
               if a["type"] == "activate_mana" and turns and draw(integers(0, 3)) < 3 else a
               for i, a in enumerate(case.program)]
    return Case(case.scenario, tuple(program))


def _reflected_in_turn(case: Case):
    return _reflecting_producers(case).flatmap(_sources_in_turn)


def _tap_trigger_labels(step):
    labels = _activation_labels(step)
    fired = {ev for _, ev in step.oracle_after["triggered"]}
    if step.action["type"] == "activate_mana":
        labels += [f"trigger: {ev}" for ev in sorted(fired & {"tapped_for_mana", "land_tapped_for_mana"})]
        if _undefined(step) and any(p["attached_to"] == {"permanent": step.action["permanent"]}
                                    for p in step.oracle_before["permanents"].values()):
            labels.append("enchanted land tapped for no mana")
    return labels


ENCHANTED_LANDS = ("Exotic Orchard", "Reflecting Pool", "Wastes")

LAND_AURAS = ("Overgrowth",) * 3 + ("Wild Growth",) * 3


@st.composite
def _enchanted_lands_tapped(draw, case: Case) -> Case:
    """An Exotic Orchard, a Reflecting Pool and a Wastes, each enchanted by an Overgrowth and a Wild
    Growth, beside
    Manabarbs, each tapped for mana in turn: the Forest the readers read is an opponent's for the
    Orchard, the Pool's controller's for the Pool, and {G} is asked for, so each produces mana
    (CR 106.7) and both its Aura's triggered mana ability (605.1b) and Manabarbs (106.12a) trigger.
    A second Reflecting Pool, the only land of a third player, could produce nothing: tapped too, it
    adds no mana (106.5), so Manabarbs doesn't trigger on it (106.12a)."""
    scenario = copy.deepcopy(case.scenario)
    field = scenario["battlefield"]
    names = [e["card"] for e in field]
    if (len(field) < 12 or tuple(names[:6]) != ENCHANTED_LANDS + ("Forest", "Manabarbs", "Reflecting Pool")
            or tuple(sorted(names[6:12])) != LAND_AURAS or len(scenario["players"]) < 3
            or any(e.get("phased_out") for e in field)):
        return case
    orchard, pool, wastes, forest, _, lone = field[:6]
    seat = pool["controller"]
    others = draw(st.permutations([s for s in range(len(scenario["players"])) if s != seat]))
    for e in field:
        if "land" in card(e["card"]).types:
            e["controller"] = seat
    orchard["controller"], lone["controller"] = others[:2]
    for kind in ("Overgrowth", "Wild Growth"):
        for aura, host in zip([e for e in field[6:12] if e["card"] == kind], (orchard, pool, wastes)):
            aura["attached_to"] = {"permanent": host["id"]}
    turns = iter(draw(st.permutations([orchard, pool, wastes, lone])))
    program = []
    for action in case.program:
        land = next(turns, None) if action["type"] == "activate_mana" else None
        program.append(dict(action, permanent=land["id"], color="G") if land else action)
        if land:
            land["tapped"] = False
    return Case(scenario, tuple(program))


@conformance_property(
    id="MANA-003", title="\"Tapped for mana\" triggers only when mana is produced",
    rules=("106.12", "106.12a", "605.1b", "605.4a"),
    cards=frozenset({"Overgrowth", "Wild Growth", "Manabarbs"}), actions=MANA_ONLY,
    observes=frozenset({"triggered"}), labels=_tap_trigger_labels,
    situations=(
        Situation("an Aura's \"tapped for mana\" mana ability triggers on its land", ("605.1b",),
                  one_of=("Wild Growth", "Overgrowth")),
        Situation("Manabarbs triggers on a land tapped for mana", ("106.12a",), ("Manabarbs",)),
        Situation("a permanent tapped for no mana: no \"tapped for mana\" trigger", ("106.12a",),
                  one_of=READERS)),
    floors=(Floor("enchanted land tapped for no mana", 10), Floor("trigger: tapped_for_mana", 5),
            Floor("trigger: land_tapped_for_mana", 2)))
def tapped_for_mana(capabilities):
    """Overgrowth, Wild Growth and Manabarbs on lands that do and don't produce mana."""
    board = ("Forest", "Reflecting Pool", "Reflecting Pool", "Exotic Orchard", "Wastes", "Overgrowth",
             "Overgrowth", "Wild Growth", "Manabarbs", "Springleaf Drum", "Llanowar Elves",
             "Treasure", "Judge of Currents", "Puresight Merrow")
    lands = ("Forest", "Island", "Reflecting Pool", "Exotic Orchard", "Wastes")
    return aimed(
        capabilities,
        # Any of them together.
        Aim(board=board, kinds={"activate_mana": 6, "advance": 1}, size=(2, 7), tapped=0.15,
            phased=0.05, core=(("Overgrowth", "Wild Growth"), ("Reflecting Pool", "Forest", "Exotic Orchard"),
                               ("Manabarbs", "Overgrowth", "Wild Growth"))),
        # An enchanted land tapped for mana, or for none (605.1b, 106.12a): the lands in turn.
        Aim(board=lands + ("Overgrowth", "Wild Growth"), kinds={"activate_mana": 1}, size=(2, 5),
            tapped=0.1, phased=0.0, core=(lands, lands, ("Overgrowth", "Wild Growth")),
            then=_sources_in_turn),
        # Manabarbs while lands are tapped for mana, or for none (106.12a).
        Aim(board=lands + ("Manabarbs", "Llanowar Elves"), kinds={"activate_mana": 1}, size=(2, 5),
            tapped=0.1, phased=0.0, core=(("Manabarbs",), lands), then=_sources_in_turn),
        # Enchanted lands producing mana, beside Manabarbs (605.1b, 106.12a): an Exotic Orchard and
        # a Reflecting Pool tapped for a colour a Forest makes, and a Wastes; and a Reflecting Pool
        # that could produce nothing, tapped for no mana (106.5).
        Aim(board=("Overgrowth", "Wild Growth"), kinds={"activate_mana": 1}, length=(4, 5), size=(12, 12),
            tapped=0.1, phased=0.0, players=(3, 4),
            core=tuple((name,) for name in ENCHANTED_LANDS + ("Forest", "Manabarbs", "Reflecting Pool") + LAND_AURAS),
            then=_enchanted_lands_tapped))


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
    actions=MANA_ONLY, labels=_replacement_labels,
    situations=(
        Situation("two Mana Reflections on one mana event", ("616.1",), ("Mana Reflection", "Mana Reflection")),
        Situation("Contamination and Mana Reflection on one mana event", ("616.1",),
                  ("Contamination", "Mana Reflection")),
        Situation("replacement effects each applied once", ("614.5",))),
    floors=(Floor("produced 2 mana", 5), Floor("produced 4 mana", 5)))
def replacement_order(capabilities):
    """Contamination, Pale Moon and one or two Mana Reflections on basic and nonbasic sources: mostly
    a Reflection (or two) whose controller taps sources for mana, lands and not, beside Contamination
    or after Pale Moon was cast."""
    board = ("Contamination", "Mana Reflection", "Mana Reflection", "Reflecting Pool", "Exotic Orchard",
             "Mutavault", "Forest", "Swamp", "Treasure", "Pili-Pala", "Llanowar Elves", "Dryad Arbor")
    sources = ("Forest", "Swamp", "Llanowar Elves", "Treasure", "Mutavault", "Dryad Arbor", "Pili-Pala",
               "Reflecting Pool", "Exotic Orchard")
    return aimed(
        capabilities,
        # One or two Mana Reflections, perhaps Contamination, sources tapped for mana in turn.
        Aim(board=board, kinds={"activate_mana": 1}, size=(3, 7), sick=0.1, tapped=0.1, phased=0.05,
            players=(2, 3), core=(("Mana Reflection",), sources, ("Mana Reflection", "Mana Reflection", "Contamination"),
                                  sources),
            then=_reflected_in_turn),
        # Pale Moon cast, then nonbasic lands (and others) tapped for mana beside a Mana Reflection.
        Aim(board=board, hand=("Pale Moon",), hand_size=(1, 2),
            kinds=[({"cast": 1}, (1, 1)), ({"activate_mana": 1}, (1, 4))], size=(3, 6), sick=0.1,
            tapped=0.1, phased=0.05, players=(2, 3),
            core=(("Mana Reflection",), ("Dryad Arbor", "Mutavault", "Reflecting Pool", "Exotic Orchard"),
                  sources), then=_reflected_in_turn),
        # Any of them together.
        Aim(board=board, hand=("Pale Moon",), kinds={"activate_mana": 6, "cast": 1},
            size=(2, 7), sick=0.1, tapped=0.15, phased=0.05, players=(2, 3),
            core=(("Mana Reflection",), sources, ("Contamination", "Mana Reflection"))),
    )


def _phased_in_together(can_start_phased: bool):
    def arrange(case: Case):
        """The permanents after the Forest placed first phased out under the seat whose untap step
        comes next, and the first advance going to that upkeep: they phase in at once in that untap
        step (CR 702.26a, 502.1), after the Forest is tapped for mana, which empties as the step ends
        (106.4)."""
        scenario = copy.deepcopy(case.scenario)
        field = scenario["battlefield"]
        if (not can_start_phased or len(field) < 2 or field[0]["card"] != "Forest"
                or any(e.get("attached_to") for e in field)):
            return st.just(case)
        land, away = field[0], field[1:]
        land["tapped"] = False
        land.pop("phased_out", None)
        seat = (scenario["active_player"] + 1) % len(scenario["players"])
        for e in away:
            e.update(controller=seat, phased_out="directly")
        program, advanced = [], False
        for i, action in enumerate(case.program):
            if i == 0 and action["type"] == "activate_mana":
                action = dict(action, permanent=land["id"])
            if action["type"] == "advance" and not advanced:
                action, advanced = dict(action, step="upkeep", turns=0), True
            program.append(action)
        return st.just(Case(scenario, tuple(program)))
    return arrange


def _pool_labels(step):
    pooled = step.action["type"] == "advance" and any(
        pool_total(step.oracle_before, s) for s in range(len(step.oracle_before["players"])))
    return ["advanced with mana in a pool"] if pooled else []


@conformance_property(
    id="MANA-005", title="Mana pools empty between steps", rules=("106.4",),
    cards=frozenset({"Forest", "Island", "Llanowar Elves"}), actions=frozenset({"activate_mana", "advance"}),
    labels=_pool_labels,
    situations=(
        Situation("a mana pool empties as a step ends", ("106.4",)),),
    floors=(Floor("advanced with mana in a pool", 15),))
def pools_empty(capabilities):
    """Add mana, then move to another step."""
    board = ("Forest", "Island", "Llanowar Elves", "Wastes")
    return aimed(
        capabilities,
        # Sources tapped for mana in turn, then a step ends (and perhaps more of both).
        Aim(board=board, kinds=[({"activate_mana": 1}, (1, 3)), ({"advance": 1}, (1, 1)),
                                ({"activate_mana": 3, "advance": 2}, (0, 3))],
            tapped=0.1, sick=0.1, then=_sources_in_turn),
        # Either, in any order.
        Aim(board=board, kinds={"activate_mana": 3, "advance": 2}, tapped=0.1, sick=0.1),
        # A Forest tapped for mana, then the next untap step, in which a Llanowar Elves, two Wastes
        # and two Islands phased out phase in together (CR 702.26a).
        Aim(board=("Forest", "Island"), kinds=[({"activate_mana": 1}, (1, 2)), ({"advance": 1}, (1, 1)),
                                               ({"activate_mana": 1, "advance": 1}, (0, 2))],
            size=(6, 6), tapped=0.1, sick=0.1, phased=0.1,
            core=(("Forest",), ("Llanowar Elves",), ("Wastes",), ("Wastes",), ("Island",), ("Island",)),
            then=_phased_in_together("phased_out" in scenario_features(capabilities))),
    )


@pools_empty.claims(rules=("106.4",))
def _pool_empties_claim(step):
    if step.action["type"] == "advance" and step.engine_after["rejected"] is None:
        for seat, player in enumerate(step.engine_after["players"]):
            if any(player["mana"].values()):
                return (f"player {seat} still has {player['mana']} after the step ended; mana pools "
                        "empty at the end of each step and phase (CR 106.4)")
    return None


DRUMMED = ("Mana Reflection", "Forest", "Springleaf Drum", "Llanowar Elves", "Pili-Pala")


@st.composite
def _drum_beside_reflection(draw, case: Case) -> Case:
    """One player's Mana Reflection, Forest, Springleaf Drum, Llanowar Elves and tapped Pili-Pala,
    controlled since the turn began: the Forest tapped for mana, then the Drum, tapping the Elves for
    its cost; Mana Reflection doubles both, as each was tapped for mana (CR 106.12, 106.12b); then
    the Pili-Pala's {Q} ability, paid with that mana, which taps nothing for mana: not doubled."""
    scenario = copy.deepcopy(case.scenario)
    field = scenario["battlefield"]
    if (len(field) < len(DRUMMED) or tuple(e["card"] for e in field[:len(DRUMMED)]) != DRUMMED
            or any(e.get("attached_to") or e.get("phased_out") for e in field)):
        return case
    reflection, forest, drum, elves, pili = field[:len(DRUMMED)]
    for e in field:
        e.update(controller=reflection["controller"], tapped=e is pili)
        e.pop("owner", None)
        if "sick" in e:
            e["sick"] = False
    colour = st.sampled_from(("W", "U", "B", "R", "G"))
    program = ({"type": "activate_mana", "permanent": forest["id"], "color": "G"},
               {"type": "activate_mana", "permanent": drum["id"], "color": draw(colour), "tap": elves["id"]},
               {"type": "activate_mana", "permanent": pili["id"], "color": draw(colour)})
    return Case(scenario, program + case.program)


@conformance_property(
    id="MANA-006", title="Only a mana ability with {T} in its cost taps a permanent for mana",
    rules=("106.12", "106.12a", "106.12b"), cards=frozenset({"Mana Reflection", "Overgrowth"}),
    actions=MANA_ONLY, labels=_replacement_labels,
    situations=(
        Situation("a {Q} mana ability isn't tapping for mana", ("106.12",), ("Pili-Pala",)),
        Situation("Mana Reflection doubles a {T} mana ability", ("106.12b",), ("Mana Reflection",))),
    floors=(Floor("produced 2 mana", 3),))
def tapping_for_mana(capabilities):
    """Mana Reflection and Overgrowth beside {Q}, sacrifice and tap-a-creature mana abilities: a
    tapped Pili-Pala untapped for mana beside its controller's Mana Reflection, Manabarbs or
    Overgrowth on a land tapped for mana."""
    board = ("Mana Reflection", "Overgrowth", "Pili-Pala", "Treasure", "Springleaf Drum",
             "Llanowar Elves", "Forest", "Judge of Currents")
    # Pili-Pala's {Q} ability beside its controller's Mana Reflection, {T} sources beside it.
    untapping = Aim(board=("Mana Reflection", "Pili-Pala", "Pili-Pala", "Forest", "Llanowar Elves", "Treasure"),
                    kinds={"activate_mana": 1}, size=(2, 5), tapped=0.3, sick=0.1, phased=0.05, players=(2, 2),
                    core=(("Mana Reflection",), ("Pili-Pala",)), then=_reflected_in_turn)
    # Lands tapped for mana under Overgrowth or Manabarbs, beside Mana Reflection and a Pili-Pala.
    lands_tapped = Aim(board=("Forest", "Mana Reflection", "Manabarbs", "Overgrowth", "Pili-Pala",
                              "Springleaf Drum", "Llanowar Elves", "Treasure"),
                       kinds={"activate_mana": 1}, size=(4, 6), tapped=0.3, sick=0.1, phased=0.05,
                       players=(2, 2), then=_reflected_in_turn,
                       core=(("Forest",), ("Mana Reflection",), ("Overgrowth", "Manabarbs"), ("Pili-Pala",),
                             ("Treasure", "Springleaf Drum")))
    return aimed(                   # the {Q} aim and the lands' each twice as likely as the broad one
        capabilities, untapping, untapping,
        # Any of them together.
        Aim(board=board + ("Talisman of Progress", "Adarkar Wastes"), kinds={"activate_mana": 6, "advance": 1},
            size=(2, 6),
            tapped=0.5, sick=0.1, phased=0.05, players=(2, 2),
            core=(("Mana Reflection", "Mana Reflection", "Overgrowth"),
                  ("Pili-Pala", "Pili-Pala", "Treasure", "Springleaf Drum"))),
        lands_tapped, lands_tapped,
        # A Springleaf Drum tapped for mana beside its controller's Mana Reflection (106.12b).
        Aim(board=("Forest",), kinds={"activate_mana": 1}, length=(0, 1), size=(5, 6), tapped=0.1, sick=0.1,
            phased=0.0, players=(2, 2), core=tuple((name,) for name in DRUMMED), then=_drum_beside_reflection),
    )
