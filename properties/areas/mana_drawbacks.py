"""Mana abilities with a drawback: life paid, damage dealt (CR 119.4, 120.3, 605.3b), and mana
abilities that choose among listed types or what their controller's lands could produce (106.1,
106.7, 608.2h)."""
from __future__ import annotations

import copy

from hypothesis import strategies as st

from mtg_conformance.oracle.catalog import card
from mtg_conformance.properties.areas.common import accepted, aimed
from mtg_conformance.properties.coverage import Floor, Situation
from mtg_conformance.properties.model import Case, conformance_property
from mtg_conformance.properties.strategies import Aim, integers

PAINFUL = ("Adarkar Wastes", "Underground River", "Sulfurous Springs", "Karplusan Forest", "Brushland",
           "Caves of Koilos", "Shivan Reef", "Llanowar Wastes", "Battlefield Forge", "Yavimaya Coast",
           "Talisman of Progress", "Talisman of Dominance", "Talisman of Indulgence",
           "Talisman of Impulse", "Talisman of Unity", "Talisman of Hierarchy", "Talisman of Creativity",
           "Talisman of Resilience", "Talisman of Conviction", "Talisman of Curiosity",
           "Tarnished Citadel", "Ancient Tomb")
LIFE_COST = ("Mana Confluence", "Horizon Canopy", "Fiery Islet", "Nurturing Peatland", "Silent Clearing",
             "Sunbaked Canyon", "Waterlogged Grove")
DRAWBACKS = PAINFUL + LIFE_COST + ("City of Brass", "Grove of the Burnwillows")
READING_CREATURES = ("Naga Vitalist", "Incubation Druid")
ANY_COLOUR = ("Birds of Paradise", "Utopia Tree", "Manalith", "Darksteel Ingot")
ONE_COLOUR = ("Elvish Mystic", "Fyndhorn Elves", "Elves of Deep Shadow", "Leaf Gilder", "Avacyn's Pilgrim",
              "Sol Ring")
LISTED = tuple(n for n in DRAWBACKS if any(a.produces == "one_of" for a in card(n).mana_abilities))
CHOOSERS = LISTED + READING_CREATURES + ANY_COLOUR + ONE_COLOUR
LANDS = ("Forest", "Island", "Swamp", "Wastes", "Plains", "Mountain")
MANA_ONLY = frozenset({"activate_mana"})


def _last_ability(name: str):
    """The index and ability a drawback card is about: its last mana ability (the coloured one)."""
    abilities = card(name).mana_abilities
    return len(abilities) - 1, abilities[-1]


@st.composite
def _asking(draw, case: Case) -> Case:
    """Most activations are of the board's mana sources in turn, each of its interesting ability (a
    pain land's coloured one, not its {C}), asking for a type it offers, else for any type (one it
    may not offer, CR 106.1, 106.7). Creatures are mostly not summoning sick, and an Incubation
    Druid is controlled by a land's controller."""
    scenario = copy.deepcopy(case.scenario)
    field = scenario["battlefield"]
    lands = [e for e in field if "land" in card(e["card"]).types]
    for e in field:
        if e["card"] in READING_CREATURES and not e.get("attached_to"):
            e["sick"] = False
            if lands and draw(integers(0, 3)):
                e["controller"] = draw(st.sampled_from(lands))["controller"]
        elif "creature" in card(e["card"]).types and draw(integers(0, 3)):
            e["sick"] = False
    sources = [e["id"] for e in field if card(e["card"]).mana_abilities]
    turns = draw(st.permutations(sources)) if sources else []
    program = []
    for i, action in enumerate(case.program):
        if action["type"] == "activate_mana" and turns and draw(integers(0, 3)):
            pid = turns[i % len(turns)]
            source = next(e for e in field if e["id"] == pid)
            index, ability = _last_ability(source["card"])
            offered = _offered(ability, source, lands)
            color = draw(st.sampled_from(offered)) if draw(integers(0, 3)) else draw(
                st.sampled_from("WUBRGC"))
            action = dict(action, permanent=pid, ability=index, color=color)
        program.append(action)
    return Case(scenario, tuple(program))


def _leading(names):
    """A `then` for cases about `names`: the first such permanent on the board starts untapped and
    phased in, and is first activated for a type it offers (or, one time in three, tapped by an
    effect if it has a "becomes tapped" trigger), mostly after adapting if it can (Incubation
    Druid, so that it has +1/+1 counters as its ability resolves); the rest of the program follows,
    as `_asking` arranges it."""
    @st.composite
    def arranged(draw, case: Case) -> Case:
        case = draw(_asking(case))
        scenario = copy.deepcopy(case.scenario)
        field = scenario["battlefield"]
        lead = next((e for e in field if e["card"] in names and not e.get("attached_to")), None)
        if lead is None:
            return case
        lead["tapped"] = False
        lead.pop("phased_out", None)
        index, ability = _last_ability(lead["card"])
        lands = [e for e in field if "land" in card(e["card"]).types]
        tapped_trigger = any(t.event == "becomes_tapped" for t in card(lead["card"]).triggered)
        if tapped_trigger and draw(integers(0, 2)) == 0:
            first = {"type": "tap", "permanent": lead["id"]}
        else:
            first = {"type": "activate_mana", "permanent": lead["id"], "ability": index,
                     "color": draw(st.sampled_from(_offered(ability, lead, lands)))}
        adapting = any(a.effect == "adapt_3" for a in card(lead["card"]).activated)
        if adapting and draw(integers(0, 3)):  # it adapts first: three +1/+1 counters (608.2h)
            first = ({"type": "activate", "permanent": lead["id"], "ability": 0}, first)
        else:
            first = (first,)
        return Case(scenario, first + case.program)
    return arranged


def _offered(ability, source: dict, lands: list) -> list:
    """The types an ability offers: those it lists, or those its controller's lands make (what a
    "could produce" creature reads, CR 106.7), or the five colours."""
    if ability.produces in ("one_of", "fixed"):
        return list(ability.types)
    if ability.produces == "could_produce":
        made = [t for e in lands if e["controller"] == source["controller"]
                for a in card(e["card"]).mana_abilities for t in a.types]
        return made or list("WUBRG")
    return list("WUBRG")


def _expected_life(step) -> tuple | None:
    """Each seat's life change an accepted activation or tap of a drawback source makes (its card's
    text: damage and life paid by its controller, 1 life to each opponent still in the game), and
    the rules of each part of it; None when the step is not one."""
    a, before = step.action, step.engine_before
    if a["type"] not in ("activate_mana", "tap") or step.engine_after["rejected"] is not None:
        return None
    entry = before["permanents"].get(a.get("permanent"))
    name = next((e["card"] for e in step.scenario["battlefield"] if e["id"] == a.get("permanent")), None)
    if name not in DRAWBACKS or entry is None or entry["controller"] is None:
        return None
    seat, change, rules = entry["controller"], [0] * len(before["players"]), []
    if a["type"] == "activate_mana":
        ability = card(name).mana_abilities[a.get("ability", 0)]
        if ability.cost.life:
            change[seat] -= ability.cost.life
            rules.append("119.4")
        if ability.drawback == "damage_you":
            change[seat] -= ability.drawback_amount
            rules += ["605.3b", "120.3a"]
        elif ability.drawback == "opponents_gain":
            for other, player in enumerate(before["players"]):
                if other != seat and player["in_game"]:
                    change[other] += ability.drawback_amount
            rules += ["605.3b", "119.3"]
    if name == "City of Brass" and not entry["tapped"]:
        change[seat] -= 1
        rules += ["603.2e", "120.3a"]
    return change, tuple(dict.fromkeys(rules)) or ("605.3b",)


def _drawback_labels(step):
    expected = _expected_life(step)
    if expected is None:
        return []
    return [f"{step.action['type']} of a drawback source: "
            + ("life changes" if any(expected[0]) else "no life change")]


@conformance_property(
    id="MANA-101", title="A mana ability's drawback happens when it produces mana, and only then",
    rules=("605.3b", "120.3a", "119.4", "603.2e", "119.3", "800.4a"), cards=frozenset(DRAWBACKS),
    actions=MANA_ONLY, labels=_drawback_labels,
    situations=(
        Situation("a mana ability's drawback deals damage to its controller", ("120.3a",)),
        Situation("life paid as part of a mana ability's cost", ("119.4",), one_of=LIFE_COST),
        Situation("City of Brass becomes tapped", ("603.2e",), ("City of Brass",)),
        Situation("each opponent gains life from Grove of the Burnwillows", ("119.3",),
                  ("Grove of the Burnwillows",))),
    floors=(Floor("activate_mana of a drawback source: life changes", 40),
            Floor("activate_mana of a drawback source: no life change", 10),
            Floor("tap of a drawback source: life changes", 5)))
def drawbacks(capabilities):
    """Pain lands, Talismans, Tarnished Citadel, Ancient Tomb, City of Brass, Mana Confluence, the
    horizon lands and Grove of the Burnwillows, tapped for their coloured mana, for {C}, by an
    effect, already tapped, beside Mana Reflection (which doubles the mana, not the damage)."""
    board = DRAWBACKS + ("Forest", "Island", "Mana Reflection")
    kinds = {"activate_mana": 6, "tap": 1, "advance": 1}
    return aimed(
        capabilities,
        # Grove of the Burnwillows in a game of two to four players (119.3): each opponent gains.
        Aim(board=board, kinds={"activate_mana": 6, "advance": 1}, size=(1, 4), tapped=0.1,
            phased=0.05, players=(2, 4), core=(("Grove of the Burnwillows",),),
            then=_leading(("Grove of the Burnwillows",))),
        # City of Brass tapped for mana, by an effect, or already tapped (603.2e).
        Aim(board=board, kinds={"activate_mana": 3, "tap": 2, "advance": 1}, size=(1, 4), tapped=0.2,
            phased=0.05, core=(("City of Brass",),), then=_leading(("City of Brass",))),
        # Life paid as a cost: Mana Confluence and the horizon lands, at 20 or 1 life (119.4).
        Aim(board=board, kinds={"activate_mana": 1}, size=(1, 4), tapped=0.1, phased=0.05,
            low_life=0.3, core=(LIFE_COST,), then=_leading(LIFE_COST)),
        # Any drawback sources together, tapped for mana or by an effect.
        Aim(board=board, kinds=kinds, size=(2, 5), tapped=0.15, phased=0.05, players=(2, 3),
            core=(PAINFUL, DRAWBACKS), then=_asking))


@drawbacks.claims(rules=("605.3b", "120.3a", "119.4", "603.2e", "119.3"))
def _drawback_claim(step):
    """A drawback source's activation changes life totals exactly as its text says (CR 605.3b,
    120.3a, 119.4, 603.2e), no more, no less; blamed on the rules of the parts its text asks."""
    expected = _expected_life(step)
    if expected is None:
        return None
    change, rules = expected
    got = [after["life"] - was["life"] for was, after in zip(step.engine_before["players"],
                                                              step.engine_after["players"])]
    if got != change:
        return (f"{step.action['type']} of {step.action['permanent']} changed life totals by {got}; its "
                f"text asks {change} (its drawback is part of the ability that adds the mana, CR "
                "605.3b; life paid is part of its cost, 119.4; City of Brass's damage comes from "
                "becoming tapped, 603.2e)", rules)
    return None


def _choice_labels(step):
    a = step.action
    if a["type"] != "activate_mana":
        return []
    name = next((e["card"] for e in step.scenario["battlefield"] if e["id"] == a["permanent"]), None)
    if name not in CHOOSERS:
        return []
    return [f"{card(name).mana_abilities[a.get('ability', 0)].produces}: "
            + ("accepted" if accepted(step) else step.oracle_after["rejected"])]


@conformance_property(
    id="MANA-102", title="A mana ability offers only the types it lists or its lands could produce",
    rules=("106.1", "106.1a", "106.7", "608.2h", "106.5"), cards=frozenset(CHOOSERS),
    actions=MANA_ONLY, labels=_choice_labels,
    situations=(
        Situation("a listed choice adds the type asked", ("106.1",), one_of=LISTED, rejected=False),
        Situation("a type the ability doesn't offer is refused", ("106.1", "106.7"), rejected=True),
        Situation("a mana creature reads the lands its controller controls", ("106.7",),
                  one_of=READING_CREATURES),
        Situation("Incubation Druid's +1/+1 counter decides how much it adds", ("608.2h",),
                  ("Incubation Druid",))),
    floors=(Floor("one_of: accepted", 40), Floor("one_of: illegal_choice", 4),
            Floor("could_produce: accepted", 20), Floor("any_color: accepted", 5)))
def choices(capabilities):
    """Pain lands, Talismans, horizon lands and Grove of the Burnwillows asked for each type; Naga
    Vitalist and Incubation Druid (with or without a counter, adapting) beside basic lands; mana
    creatures and artifacts of one colour or any colour."""
    board = CHOOSERS + LANDS + ("Mana Reflection",)
    # Incubation Druid beside lands, adapting (122.1a) and tapped for mana (608.2h): twice as likely
    # as any other aim.
    druid = Aim(board=board, kinds={"activate_mana": 4, "activate": 1}, size=(2, 5), tapped=0.1,
                phased=0.05, core=(("Incubation Druid",), LANDS), then=_leading(("Incubation Druid",)))
    return aimed(
        capabilities, druid, druid,
        # Naga Vitalist and Incubation Druid reading their controller's lands (106.7).
        Aim(board=board, kinds={"activate_mana": 1}, size=(2, 5), tapped=0.1, phased=0.05,
            core=(READING_CREATURES, LANDS, LANDS), then=_asking),
        # Sources listing a choice of types, asked for each type.
        Aim(board=board, kinds={"activate_mana": 1}, size=(1, 4), tapped=0.1, phased=0.05,
            sick=0.1, core=(LISTED,), then=_leading(LISTED)),
        # Any of them together.
        Aim(board=board, kinds={"activate_mana": 6, "advance": 1}, size=(2, 6), tapped=0.1, phased=0.05,
            core=(CHOOSERS,), then=_asking))
