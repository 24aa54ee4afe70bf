"""Triggered mana abilities and mana replacement effects on tapping for mana (CR 106.12a/b, 605.1b, 605.4a, 614.5, 616.1)."""
from __future__ import annotations

import copy
from functools import partial

from attrs import evolve
from hypothesis import strategies as st

from mtg_conformance.oracle.catalog import card
from mtg_conformance.properties.areas.common import accepted, aimed, entry_card, fresh_ids, pool_total
from mtg_conformance.properties.coverage import Floor, Situation
from mtg_conformance.properties.model import Case, conformance_property
from mtg_conformance.properties.strategies import Aim, integers

MANA_ONLY = frozenset({"activate_mana"})
LANDS = ("Forest", "Island", "Mountain", "Swamp", "Plains", "Dryad Arbor", "Reflecting Pool", "Wastes")
# "Whenever a player (you) taps a land for mana, that player adds one mana of any type it produced".
FLARES = ("Mana Flare", "Heartbeat of Spring", "Dictate of Karametra", "Zhur-Taa Ancient", "Overabundance",
          "Mirari's Wake")
# Lands of a type, or basic lands tapped for a chosen colour, make one more of a fixed colour.
OF_A_KIND = ("Vernal Bloom", "Gauntlet of Might", "Gauntlet of Power")
LAND_AURAS = ("Utopia Sprawl", "Elvish Guidance")
MULTIPLIERS = ("Nyxbloom Ancient", "Mana Reflection")
ELVES = ("Llanowar Elves", "Seeker of Skybreak")
NOT_ELVES = ("Grizzly Bears", "Savannah Lions", "Dryad Arbor")      # creatures, none of them an Elf
# Type-changing effects of the land_types area: they make a land a Forest or a Mountain, or no longer
# one, and a tapped-for-mana trigger of a land's kind reads the land as they leave it (CR 305.7, 106.12a).
LAND_TYPE_CHANGERS = ("Blood Moon", "Magus of the Moon", "Harbinger of the Seas", "Yavimaya, Cradle of Growth",
                      "Prismatic Omen", "Dryad of the Ilysian Grove")


def _made(field: list) -> list:
    """The types the board's fixed mana abilities make, and {B} if Contamination is around."""
    made = [t for e in field for a in card(e["card"]).mana_abilities if a.produces == "fixed" for t in a.types]
    return list(dict.fromkeys(made + (["B"] if any(e["card"] == "Contamination" for e in field) else [])))


@st.composite
def _lands_tapped_in_turn(draw, case: Case, cards: frozenset = frozenset()) -> Case:
    """The board's lands, mostly untapped and able to tap, each tapped for mana in turn (a Reflecting
    Pool asking for a type the board makes); a colour chosen as a permanent entered (Gauntlet of
    Power), mostly one those lands produce, so its trigger's type matters (CR 106.12a); with
    `cards` holding Utopia Sprawl, one enchanting a Forest on the board, and holding Elvish Guidance,
    one on an untapped land if the board has none; the lands land Auras enchant tapped first."""
    scenario = copy.deepcopy(case.scenario)
    field = scenario["battlefield"]
    made = _made(field) or ["G"]
    for e in field:
        if card(e["card"]).chooses_color and draw(integers(0, 3)) < 3:
            e["chosen_color"] = draw(st.sampled_from([t for t in made if t != "C"] or ["G"]))
        if "land" in card(e["card"]).types and not e.get("attached_to") and draw(integers(0, 3)) < 3:
            e["tapped"] = False
            if "sick" in e:
                e["sick"] = False
    forests = [e for e in field if e["card"] in ("Forest", "Dryad Arbor") and not e.get("phased_out")]
    if "Utopia Sprawl" in cards and forests:
        host = draw(st.sampled_from(forests))
        field.append({"id": next(fresh_ids(scenario)), "card": "Utopia Sprawl", "controller": host["controller"],
                      "attached_to": {"permanent": host["id"]}, "chosen_color": draw(st.sampled_from(made))
                      if "C" not in made else draw(st.sampled_from(("W", "U", "B", "R", "G")))})
    untapped = [e for e in field if "land" in card(e["card"]).types and not e.get("phased_out")
                and not e["tapped"]]
    if "Elvish Guidance" in cards and untapped and not any(e["card"] == "Elvish Guidance" for e in field):
        host = draw(st.sampled_from(untapped))
        field.append({"id": next(fresh_ids(scenario)), "card": "Elvish Guidance", "controller": host["controller"],
                      "attached_to": {"permanent": host["id"]}})
    lands = [e["id"] for e in field if "land" in card(e["card"]).types]
    enchanted = {e["attached_to"]["permanent"] for e in field if e["card"] in LAND_AURAS and e.get("attached_to")}
    turns = sorted(draw(st.permutations(lands)), key=lambda pid: pid not in enchanted) if lands else []
    program = []
    for i, action in enumerate(case.program):
        if action["type"] == "activate_mana" and turns and draw(integers(0, 4)) < 4:
            action = dict(action, permanent=turns[i % len(turns)], color=draw(st.sampled_from(made)))
        program.append(action)
    return Case(scenario, tuple(program))


def _gained(step) -> int:
    seat = step.action.get("player")
    if seat is None:
        p = step.oracle_before["permanents"].get(step.action.get("permanent"))
        seat = p["controller"] if p and p["controller"] is not None else 0
    return pool_total(step.oracle_after, seat) - pool_total(step.oracle_before, seat)


def _trigger_labels(step):
    if step.action["type"] != "activate_mana" or not accepted(step):
        return []
    fired = sorted({ev for _, ev in step.oracle_after["triggered"]})
    return [f"tapped for mana: {_gained(step)} mana, triggers {', '.join(fired) or 'none'}"]


@conformance_property(
    id="MANA-301", title="A tapped-for-mana trigger adds mana of a type that land produced",
    rules=("106.12a", "106.12b", "605.1b", "605.4a"),
    cards=frozenset(FLARES + OF_A_KIND + LAND_AURAS), actions=MANA_ONLY,
    observes=frozenset({"triggered"}), labels=_trigger_labels,
    situations=(
        Situation("a Flare adds the type a replacement effect made the land produce", ("106.12b",),
                  ("Contamination",), one_of=FLARES),
        Situation("a Flare's triggered mana ability resolves at once", ("605.4a",), one_of=FLARES),
        Situation("a land of a kind, or tapped for a chosen colour, triggers", ("106.12a",),
                  one_of=OF_A_KIND),
        Situation("a land Aura's chosen-colour or Elf-counting mana ability triggers", ("605.1b",),
                  one_of=LAND_AURAS)),
    floors=(Floor("tapped for mana: 2 mana, triggers land_tapped_for_mana", 20),
            Floor("tapped for mana: 2 mana, triggers tapped_for_mana", 10)))
def tapped_for_mana_adds(capabilities):
    """Mana Flare and its kin, Vernal Bloom, the Gauntlets, Utopia Sprawl and Elvish Guidance beside
    basic and nonbasic lands, Contamination and Mana Reflection, the lands tapped for mana in turn."""
    cards = frozenset(capabilities.get("cards", ()))
    then = partial(_lands_tapped_in_turn, cards=frozenset())
    # A Flare beside Contamination: the extra mana is {B}, the type the land produced (106.12b); named
    # twice, to keep its share beside the land kinds' aim.
    contaminated = Aim(board=LANDS + FLARES + ("Contamination", "Mana Reflection"),
                       kinds={"activate_mana": 1}, size=(3, 7), tapped=0.1, sick=0.1, phased=0.05,
                       players=(2, 3), core=(FLARES, ("Contamination",), LANDS, LANDS), then=then)
    # A land's kind as a type-changing effect of another area leaves it: Vernal Bloom or Gauntlet of
    # Might beside Blood Moon, Harbinger of the Seas or an "every land is a Forest" effect, basic and
    # nonbasic lands (Dryad Arbor, Reflecting Pool) tapped for mana in turn (305.7, 106.12a); named
    # twice, as the contaminated aim is.
    of_a_changed_kind = Aim(board=LANDS + ("Vernal Bloom", "Gauntlet of Might") + LAND_TYPE_CHANGERS,
                            kinds={"activate_mana": 1}, size=(3, 7), tapped=0.1, sick=0.1, phased=0.0,
                            players=(2, 3),
                            core=(("Vernal Bloom", "Gauntlet of Might"), LAND_TYPE_CHANGERS,
                                  ("Dryad Arbor", "Reflecting Pool"),
                                  ("Island", "Swamp", "Plains", "Wastes", "Forest", "Mountain")),
                            then=then)
    # Land Auras: Utopia Sprawl on a Forest, Elvish Guidance on any land (added if the board has
    # none), their lands tapped first; Elves around and creatures that aren't Elves, which "{G} for
    # each Elf" doesn't count (605.4a). Named twice, as the aims above are.
    land_auras = Aim(board=LANDS + LAND_AURAS + ELVES + ("Mana Flare", "Contamination"),
                     kinds={"activate_mana": 1}, size=(3, 7), tapped=0.1, sick=0.1, phased=0.0, players=(2, 3),
                     core=(("Forest", "Dryad Arbor"), ELVES, NOT_ELVES, LANDS),
                     then=partial(_lands_tapped_in_turn, cards=cards))
    return aimed(
        capabilities, contaminated, land_auras,
        # Flares, lands of a kind and the Gauntlets, with or without a replacement effect.
        Aim(board=LANDS + FLARES + OF_A_KIND + ("Contamination", "Mana Reflection", "Llanowar Elves"),
            kinds={"activate_mana": 1}, size=(3, 7), tapped=0.1, sick=0.1, phased=0.05, players=(2, 3),
            core=(FLARES + OF_A_KIND, OF_A_KIND, ("Forest", "Mountain", "Dryad Arbor", "Plains"), LANDS),
            then=then),
        of_a_changed_kind, land_auras, contaminated, of_a_changed_kind)


def _multiplier_labels(step):
    if step.action["type"] != "activate_mana" or not accepted(step):
        return []
    return [f"produced {_gained(step)} mana" + (" in a chosen order" if step.action.get("order") else "")]


@st.composite
def _multipliers_ranked(draw, case: Case) -> Case:
    """The multipliers and Contamination controlled by the controller of the sources tapped, those
    sources untapped and able to tap, and each activation ranking the replacement effects in an
    order drawn (CR 616.1)."""
    scenario = copy.deepcopy(case.scenario)
    field = scenario["battlefield"]
    sources = [e for e in field if card(e["card"]).mana_abilities and not e.get("attached_to")]
    if not sources:
        return case
    seat = draw(st.sampled_from(sources))["controller"]
    effects = []
    for e in field:
        if e["card"] in MULTIPLIERS + ("Contamination",):
            if draw(integers(0, 4)) < 4:
                e["controller"] = seat
            effects.append(e["id"])
    for e in sources:
        if draw(integers(0, 3)) < 3:
            e.update(controller=seat, tapped=e["card"] == "Pili-Pala")
            if "sick" in e:
                e["sick"] = False
    turns = draw(st.permutations([e["id"] for e in sources]))
    program = []
    for i, action in enumerate(case.program):
        if action["type"] == "activate_mana" and draw(integers(0, 4)) < 4:
            action = dict(action, permanent=turns[i % len(turns)], order=draw(st.permutations(effects)))
        program.append(action)
    return Case(scenario, tuple(program))


@conformance_property(
    id="MANA-302", title="Multiplying replacement effects apply once each, in the chosen order",
    rules=("106.12b", "614.5", "616.1"),
    cards=frozenset({"Nyxbloom Ancient"}), actions=MANA_ONLY, labels=_multiplier_labels,
    situations=(
        Situation("Nyxbloom Ancient and Mana Reflection on one mana event", ("616.1",),
                  ("Nyxbloom Ancient", "Mana Reflection")),
        Situation("Nyxbloom Ancient and Contamination on one mana event", ("616.1",),
                  ("Nyxbloom Ancient", "Contamination")),
        Situation("a multiplier applied once to a tapped permanent's mana", ("614.5",),
                  ("Nyxbloom Ancient",))),
    floors=(Floor("produced 6 mana in a chosen order", 5), Floor("produced 3 mana in a chosen order", 10)))
def multipliers(capabilities):
    """Nyxbloom Ancient beside Mana Reflection, a second Nyxbloom or Contamination, its controller
    tapping lands and creatures for mana (and untapping a Pili-Pala, which taps nothing for mana)."""
    sources = ("Forest", "Swamp", "Dryad Arbor", "Reflecting Pool", "Llanowar Elves", "Treasure",
               "Pili-Pala", "Mutavault")
    board = sources + ("Nyxbloom Ancient", "Mana Reflection", "Contamination", "Mana Flare")
    reflected = Aim(board=board, kinds={"activate_mana": 1}, size=(3, 6), sick=0.1, tapped=0.1, phased=0.05,
                    players=(2, 3), core=(("Nyxbloom Ancient",), ("Mana Reflection",), sources),
                    then=_multipliers_ranked)
    return aimed(
        capabilities,
        # Nyxbloom and Mana Reflection: six times, in either order (twice as likely as the others).
        reflected, reflected,
        # Two Nyxblooms: nine times.
        Aim(board=board, kinds={"activate_mana": 1}, size=(3, 6), sick=0.1, tapped=0.1, phased=0.05,
            players=(2, 3), core=(("Nyxbloom Ancient",), ("Nyxbloom Ancient",), sources),
            then=_multipliers_ranked),
        # Nyxbloom and Contamination: the order decides between {B}{B}{B} and {B}.
        Aim(board=board, kinds={"activate_mana": 1}, size=(3, 6), sick=0.1, tapped=0.1, phased=0.05,
            players=(2, 3), core=(("Nyxbloom Ancient",), ("Contamination",), ("Forest", "Swamp", "Dryad Arbor")),
            then=_multipliers_ranked),
        # Any of them together.
        Aim(board=board, kinds={"activate_mana": 4, "advance": 1}, size=(2, 7), sick=0.1, tapped=0.15,
            phased=0.05, players=(2, 3), core=(("Nyxbloom Ancient",), sources)))


FLASHED = ("Dictate of Karametra", "Heartbeat of Spring", "Mana Flare")
VIGILANT = ("Llanowar Elves", "Zhur-Taa Ancient", "Nyxbloom Ancient", "Dryad Arbor")


@st.composite
def _cast_out_of_turn(draw, case: Case) -> Case:
    """A player casts Dictate of Karametra (flash) or a card without flash while they couldn't cast
    a sorcery: in an opponent's turn, or outside a main phase (CR 702.8a, 307.1)."""
    scenario = copy.deepcopy(case.scenario)
    seats = len(scenario["players"])
    seat = draw(integers(0, seats - 1))
    name = draw(st.sampled_from(("Dictate of Karametra", "Dictate of Karametra") + FLASHED[1:]))
    scenario["players"][seat]["hand"].append(name)
    if seat == scenario["active_player"] and scenario["step"] in ("main1", "main2"):
        scenario["step"] = draw(st.sampled_from(("upkeep", "draw", "combat", "end")))
    taken = {e["id"] for e in scenario["battlefield"]}
    pid = next(f"n{i}" for i in range(99) if f"n{i}" not in taken)
    return Case(scenario, ({"type": "cast", "player": seat, "card": name, "id": pid},) + case.program)


@st.composite
def _attack_beside_the_wake(draw, case: Case) -> Case:
    """In combat, the active player's creatures, untapped and controlled since the turn began,
    attack beside a Mirari's Wake that is mostly theirs (CR 702.20b), sometimes an opponent's."""
    scenario = copy.deepcopy(case.scenario)
    field, active = scenario["battlefield"], scenario["active_player"]
    creatures = [e for e in field if e["card"] in VIGILANT and not e.get("phased_out")]
    if not creatures:
        return case
    for e in field:
        if e["card"] == "Mirari's Wake":
            e["controller"] = active if draw(integers(0, 2)) < 2 else (active + 1) % len(scenario["players"])
    for e in creatures:
        e.update(controller=active, tapped=False)
        if "sick" in e:
            e["sick"] = False
    scenario["step"] = "combat"
    attackers = draw(st.lists(st.sampled_from([e["id"] for e in creatures]), min_size=1, unique=True))
    return Case(scenario, ({"type": "attack", "attackers": attackers},) + case.program)


def _static_labels(step):
    a = step.action
    if a["type"] == "cast" and a.get("card") in FLASHED:
        return [f"cast {a['card']} out of sorcery timing: " + ("accepted" if accepted(step)
                                                               else step.oracle_after["rejected"])]
    if a["type"] == "attack" and accepted(step):
        untapped = [pid for pid in a["attackers"] if not step.oracle_after["permanents"][pid]["tapped"]]
        return [f"attacked: {'vigilant' if untapped else 'tapped'}"]
    return []


@conformance_property(
    id="MANA-303", title="Flash and vigilance on the cards that add mana",
    rules=("702.8a", "702.20b"), cards=frozenset({"Dictate of Karametra", "Mirari's Wake"}),
    actions=frozenset({"cast", "attack", "activate_mana"}), labels=_static_labels,
    focus=frozenset({"cast", "attack"}),
    situations=(
        Situation("a spell with flash cast when a sorcery couldn't be", ("702.8a",)),
        Situation("a creature with vigilance attacks untapped", ("702.20b",), ("Mirari's Wake",))),
    floors=(Floor("cast Dictate of Karametra out of sorcery timing: accepted", 20),
            Floor("attacked: vigilant", 20), Floor("attacked: tapped", 3)))
def flash_and_vigilance(capabilities):
    """Dictate of Karametra cast in any step of any turn, beside cards without flash; creatures
    attacking beside Mirari's Wake, then lands tapped for mana."""
    lands = ("Forest", "Mountain", "Plains")
    return aimed(
        capabilities,
        Aim(board=lands + ("Mirari's Wake", "Mana Flare"), hand=FLASHED, kinds={"activate_mana": 1},
            length=(0, 2), size=(1, 4), phased=0.0, tapped=0.2, hand_size=(0, 1), then=_cast_out_of_turn),
        Aim(board=VIGILANT + lands + ("Mirari's Wake",), kinds={"activate_mana": 1}, length=(0, 2),
            size=(3, 6), phased=0.0, tapped=0.2, core=(("Mirari's Wake",), VIGILANT, VIGILANT),
            then=_attack_beside_the_wake))


GAUNTLETS = ("Gauntlet of Might", "Gauntlet of Power")
COLOURED = ("Zhur-Taa Ancient", "Llanowar Elves", "Nyxbloom Ancient", "Soul Warden", "Banisher Priest",
            "Teferi's Imp", "Pili-Pala", "Dryad Arbor")


def _pumped_labels(step):
    pumped = [pid for pid, p in step.oracle_after["permanents"].items()
              if p.get("power") is not None and entry_card(step.scenario, pid)
              and p["power"] > entry_card(step.scenario, pid).power]
    return ["a creature pumped by a colour anthem"] if pumped else []


@conformance_property(
    id="MANA-304", title="The Gauntlets pump every creature of their colour, whoever controls it",
    rules=("613.4c",), cards=frozenset(GAUNTLETS), actions=frozenset({"activate_mana", "advance"}),
    observes=frozenset({"power_toughness"}), labels=_pumped_labels,
    situations=(
        Situation("a Gauntlet pumps a creature of its colour", ("613.4c",), one_of=GAUNTLETS),),
    floors=(Floor("a creature pumped by a colour anthem", 40),))
def colour_anthems(capabilities):
    """Gauntlet of Might and Gauntlet of Power (its chosen colour drawn) beside creatures of every
    colour and none, each player's, while lands are tapped for mana and steps pass."""
    board = Aim(board=GAUNTLETS + COLOURED + ("Mountain", "Forest"), kinds={"activate_mana": 2, "advance": 1},
                size=(2, 6), phased=0.05, players=(2, 3), core=(GAUNTLETS, COLOURED, COLOURED))
    across = evolve(board, core=(GAUNTLETS, ("Zhur-Taa Ancient",) + COLOURED, COLOURED), then=_creatures_across_the_table)
    return aimed(capabilities, board, across, across)


@st.composite
def _creatures_across_the_table(draw, case: Case) -> Case:
    """Gauntlet of Power naming a colour of a creature on the board, and each creature, mostly,
    controlled by an opponent of a Gauntlet's controller: the Gauntlets' anthems aren't limited to
    their controller's creatures (CR 613.4c)."""
    scenario = copy.deepcopy(case.scenario)
    field, seats = scenario["battlefield"], len(scenario["players"])
    gauntlets = [e for e in field if e["card"] in GAUNTLETS]
    if not gauntlets:
        return case
    colours = sorted({c for e in field if e["card"] in COLOURED for c in card(e["card"]).colors})
    for e in gauntlets:
        if "chosen_color" in e and colours:
            e["chosen_color"] = draw(st.sampled_from(colours))
    for e in field:
        if e["card"] in COLOURED and draw(integers(0, 3)) < 3:
            owner = draw(st.sampled_from(gauntlets))["controller"]
            e["controller"] = (owner + draw(integers(1, seats - 1))) % seats
    return Case(scenario, case.program)
