"""What a permanent "could produce" (CR 106.7) and mana of an undefined type (106.5), with the
replacement effects "could produce" takes into account in any order (614.5, 616.1)."""
from __future__ import annotations

import copy

from hypothesis import strategies as st

from mtg_conformance.adapters.contract import MANA_TYPES
from mtg_conformance.oracle.catalog import card
from mtg_conformance.properties.areas.common import aimed, entry_card, on_board
from mtg_conformance.properties.areas.mana.shared import (MANA_ONLY, READERS, _activation_labels, _seat,
                                                        _undefined)
from mtg_conformance.properties.coverage import Floor, Situation
from mtg_conformance.properties.model import Case, conformance_property
from mtg_conformance.properties.strategies import Aim, BOOLEANS, integers

COULD_PRODUCE = ("Reflecting Pool", "Exotic Orchard", "Fellwar Stone", "Meteor Crater")

# The readers that are lands, so that another such ability reads them: a chain of "could produce"
# references (CR 106.7).
READER_LANDS = ("Reflecting Pool", "Exotic Orchard")


@st.composite
def _readers_facing_lands(draw, case: Case) -> Case:
    """Each "could produce" reader, mostly, controlled so that it reads a land on the board: a
    Reflecting Pool by that land's controller, an Exotic Orchard or Fellwar Stone by an opponent of
    it (CR 106.7) — the land drawn among all of them, a Pool or an Orchard too, so readers chain."""
    scenario = copy.deepcopy(case.scenario)
    seats, field = len(scenario["players"]), scenario["battlefield"]
    if any(e.get("attached_to") for e in field):
        return case
    for reader in field:
        abilities = [a for a in card(reader["card"]).mana_abilities if a.produces == "could_produce"]
        lands = [e for e in field if e is not reader and "land" in card(e["card"]).types]
        if not abilities or not lands or draw(integers(0, 3)) == 3:
            continue
        land = draw(st.sampled_from(lands))
        if abilities[0].scope == "your_lands":
            reader["controller"] = land["controller"]
        else:
            reader["controller"] = (land["controller"] + draw(integers(1, seats - 1))) % seats
    return Case(scenario, case.program)


def _replaced_types(case: Case, index: int) -> list:
    """The types the replacement effects around action `index` turn a land's mana into:
    Contamination's {B}, and Pale Moon's {C} once it was cast."""
    names = {e["card"] for e in case.scenario["battlefield"]}
    cast = {a.get("card") for a in case.program[:index] if a["type"] == "cast"}
    return (["B"] if "Contamination" in names else []) + (["C"] if "Pale Moon" in cast else [])


@st.composite
def _activating_readers(draw, case: Case) -> Case:
    """Most activations are of a "could produce" reader on the board, asking for a type a
    replacement effect around turns the lands' mana into, or one the board's lands make (what a
    reader could produce, replaced or not); the rest keep the permanent and colour drawn (often one
    nothing could produce)."""
    field = case.scenario["battlefield"]
    readers = [e["id"] for e in field if e["card"] in READERS]
    made = [t for e in field for a in card(e["card"]).mana_abilities if a.produces == "fixed" for t in a.types]
    turns = draw(st.permutations(readers)) if readers else []      # each reader in turn
    program = []
    for i, action in enumerate(case.program):
        if action["type"] == "activate_mana" and draw(integers(0, 3)) < 3:
            choices = list(dict.fromkeys(_replaced_types(case, i) + made)) + [action["color"]]
            action = dict(action, permanent=turns[i % len(turns)] if turns else action["permanent"],
                          color=draw(st.sampled_from(choices)))
        program.append(action)
    return Case(case.scenario, tuple(program))


def _facing_and_asking(case: Case):
    return _readers_facing_lands(case).flatmap(_activating_readers)


# Meteor Crater's side of the board: the Crater, the "could produce" readers and what doubles their
# mana, and the other permanents it reads (`CRATER_READS`, CR 106.7: every permanent its controller
# controls, creatures too), Contamination or not; an opponent's side: the lands the Orchard and the
# Fellwar Stone read, an Exotic Orchard among them; a third player's: a Reflecting Pool, its only land.
CRATER_SIDE = ("Meteor Crater", "Reflecting Pool", "Mutavault", "Fellwar Stone", "Mana Reflection", "Exotic Orchard")

CRATER_READS = tuple((name,) for name in ("Dryad Arbor", "Llanowar Elves", "Walking Ballista", "Hangarback Walker",
                                          "Forest", "Wastes")) + (("Contamination", "Forest"),)

OPPONENT_SIDE = ("Forest", "Mutavault", "Wastes", "Exotic Orchard")


@st.composite
def _crater_beside_readers(draw, case: Case) -> Case:
    """A three-player game where Meteor Crater reads each permanent its controller controls: a
    Reflecting Pool reading its controller's Mutavault (and the Crater), a Fellwar Stone and an Exotic
    Orchard reading the opponent's Forest, colourless lands and Exotic Orchard (CR 106.7), the Stone's
    mana doubled by its controller's Mana Reflection (106.12b). Each of the Crater and the readers is
    activated once, in an order drawn, asking for a type it could produce: a colour of a permanent
    its controller controls for the Crater; {B} for a reader under Contamination (614.1a, which
    "could produce" takes into account, 106.7), else {C} for the Pool (the Mutavault) and {G} for
    the Orchard and the Stone (the opponent's Forest; colourless is no colour, 106.1a). The third
    player's Reflecting Pool, reading no land but itself, could produce nothing: activated too, it
    adds no mana (106.5)."""
    scenario = copy.deepcopy(case.scenario)
    field = scenario["battlefield"]
    mine = len(CRATER_SIDE) + len(CRATER_READS)
    theirs = mine + len(OPPONENT_SIDE)
    names = [e["card"] for e in field]
    if (len(field) < theirs or tuple(names[:len(CRATER_SIDE)]) != CRATER_SIDE
            or any(name not in group for name, group in zip(names[len(CRATER_SIDE):mine], CRATER_READS))
            or tuple(names[mine:theirs]) != OPPONENT_SIDE or names[theirs:theirs + 1] != ["Reflecting Pool"]
            or len(scenario["players"]) != 3
            or any(e.get("attached_to") or e.get("phased_out") for e in field)):
        return case
    seat = field[0]["controller"]
    opponent, third = (seat + 1) % 3, (seat + 2) % 3
    for i, e in enumerate(field):
        e["controller"] = opponent if mine <= i < theirs else third if i == theirs else seat
    crater, pool, stone, orchard, lone = field[0], field[1], field[3], field[5], field[theirs]
    colours = sorted(set().union(*(card(e["card"]).colors for e in field if e["controller"] == seat)))
    contaminated = "Contamination" in names
    asked = {crater["id"]: draw(st.sampled_from(colours)), pool["id"]: "B" if contaminated else "C",
             stone["id"]: "B" if contaminated else "G", orchard["id"]: "B" if contaminated else "G",
             lone["id"]: "C"}
    for e in (crater, pool, stone, orchard, lone):
        e["tapped"] = False
    turns = iter(draw(st.permutations(list(asked))))
    program = [dict(a, permanent=pid, color=asked[pid]) if a["type"] == "activate_mana"
               and (pid := next(turns, None)) else a for a in case.program]
    return Case(scenario, tuple(program))


def _reads_a_reader(step) -> bool:
    """Was this the activation of a "could produce" ability whose lands include another "could
    produce" land (a Reflecting Pool reading your Exotic Orchard, an Orchard or Fellwar Stone reading
    an opponent's Orchard or Pool), evaluated rather than refused for the source's own state?"""
    if step.action["type"] != "activate_mana" or step.oracle_after["rejected"] not in (None, "illegal_choice"):
        return False
    pid = step.action.get("permanent")
    source, seen = entry_card(step.scenario, pid), step.oracle_before["permanents"]
    if source is None or pid not in seen:
        return False
    for ability in source.mana_abilities:
        if ability.produces != "could_produce":
            continue
        for e in step.scenario["battlefield"]:
            other = seen.get(e["id"])
            if (e["id"] == pid or other is None or other["phased_out"] or other["zone"] != "battlefield"
                    or e["card"] not in READER_LANDS):
                continue
            mine = other["controller"] == seen[pid]["controller"]
            if mine == (ability.scope == "your_lands"):
                return True
    return False


def _undefined_labels(step):
    return _activation_labels(step) + (["could produce read another could-produce land"]
                                       if _reads_a_reader(step) else [])


@conformance_property(
    id="MANA-001", title="Undefined mana types yield no mana", rules=("106.5", "106.7", "605.2", "106.1a"),
    cards=frozenset(COULD_PRODUCE), actions=MANA_ONLY, labels=_undefined_labels,
    situations=(
        Situation("an Exotic Orchard reads an Exotic Orchard", ("106.5", "106.7"),
                  ("Exotic Orchard", "Exotic Orchard")),
        Situation("an ability that can define no type adds no mana", ("106.5",)),
        Situation("a colour-only ability can't add colourless", ("106.1a",))),
    floors=(Floor("activation produced no mana (undefined type)", 40),))
def undefined_mana(capabilities):
    """Reflecting Pools, Orchards, Fellwar Stones and Meteor Craters facing colourless or no lands,
    and "could produce" abilities reading one another (an Orchard reading an opponent's Orchard)."""
    board = COULD_PRODUCE + ("Wastes", "Mutavault", "Walking Ballista", "Hangarback Walker",
                             "Reflecting Pool", "Exotic Orchard", "Forest", "Llanowar Elves")
    activations = {"activate_mana": 6, "phase_out": 1, "advance": 1}
    # A chain: each "could produce" land reads the others (yours for a Pool, an opponent's for an
    # Orchard or a Fellwar Stone), at most a colourless land or a Forest at its end: twice as likely
    # as either other aim.
    chain = Aim(board=READERS + ("Wastes", "Mutavault", "Forest"), kinds={"activate_mana": 6, "phase_out": 1},
                size=(2, 6), phased=0.05, tapped=0.1, players=(2, 3),
                core=(READER_LANDS, READERS, READER_LANDS), then=_facing_and_asking)
    return aimed(
        capabilities, chain, chain,
        # Any of them, beside colourless lands, colourless creatures or a Forest.
        Aim(board=board, kinds=activations, size=(1, 5), phased=0.05, tapped=0.15,
            core=(COULD_PRODUCE,)),
        # Meteor Crater beside colourless permanents.
        Aim(board=("Meteor Crater", "Wastes", "Mutavault", "Walking Ballista", "Hangarback Walker",
                   "Llanowar Elves"), kinds=activations, size=(1, 4), phased=0.05, tapped=0.1,
            core=(("Meteor Crater",), ("Walking Ballista", "Hangarback Walker", "Mutavault"))),
        # Meteor Crater reading each permanent its controller controls, readers among them reading
        # colourless lands and one another (CR 106.7), and a Reflecting Pool that could produce
        # nothing (106.5).
        Aim(board=("Forest", "Wastes"), kinds={"activate_mana": 1}, length=(5, 6), size=(18, 19), phased=0.0,
            tapped=0.1, players=(3, 3), core=tuple((name,) for name in CRATER_SIDE) + CRATER_READS
            + tuple((name,) for name in OPPONENT_SIDE + ("Reflecting Pool",)), then=_crater_beside_readers),
    )


@undefined_mana.claims(rules=("106.5",))
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


# One player's lands and "could produce" readers beside that player's Contamination and Mana
# Reflection: every land's mana is replaced by both (CR 106.12b, 614.1a, 616.1).
DOUBLY_REPLACED = ("Contamination", "Mana Reflection", "Dryad Arbor", "Mutavault", "Wastes", "Reflecting Pool",
                   "Forest")


@st.composite
def _sources_under_two_replacements(draw, case: Case) -> Case:
    """Contamination, Mana Reflection, a Dryad Arbor, a Mutavault, a Wastes, a Reflecting Pool and a
    Forest, all one player's, untapped and controlled since the turn began; each land tapped for mana
    once, in an order drawn: Contamination turns its mana into {B} and Mana Reflection doubles it,
    two replacement effects on one mana event, applied in the harness's order (CR 106.12b, 614.5,
    616.1); then, after one of them perhaps phased out (treated as nonexistent, 702.26b), the
    Reflecting Pool asks for {B}, what its lands could produce under Contamination (106.7)."""
    scenario = copy.deepcopy(case.scenario)
    field = scenario["battlefield"]
    if (len(field) < len(DOUBLY_REPLACED) or tuple(e["card"] for e in field[:len(DOUBLY_REPLACED)]) != DOUBLY_REPLACED
            or any(e.get("attached_to") or e.get("phased_out") for e in field)):
        return case
    seat = field[0]["controller"]
    for e in field:
        e.update(controller=seat, tapped=False)
        e.pop("owner", None)
        if "sick" in e:
            e["sick"] = False
    lands = draw(st.permutations([e for e in field if "land" in card(e["card"]).types
                                  and e["card"] != "Reflecting Pool"]))
    program = tuple({"type": "activate_mana", "permanent": e["id"], "color": draw(st.sampled_from(("B", "C", "G")))}
                    for e in lands)
    if draw(BOOLEANS):             # one of them phased out: the Pool reads it as nonexistent (702.26b)
        program += ({"type": "phase_out", "permanents": [draw(st.sampled_from(lands))["id"]]},)
    program += ({"type": "activate_mana", "permanent": field[DOUBLY_REPLACED.index("Reflecting Pool")]["id"],
                 "color": "B"},)
    return Case(scenario, program + case.program)


def _could_produce_labels(step):
    labels = _activation_labels(step)
    if step.action["type"] == "activate_mana":
        if any(p["phased_out"] for p in step.oracle_before["permanents"].values()):
            labels.append("a phased-out permanent was on the board")
        if on_board(step, ("Contamination", "Mana Reflection")):
            labels.append("a replacement effect was on the board")
        if _reads_a_reader(step):
            labels.append("could produce read another could-produce land")
    return labels


@conformance_property(
    id="MANA-002", title="\"Could produce\" takes replacement effects in any order, ignores costs "
    "and phased-out lands", rules=("106.7", "616.1", "702.26b"), cards=frozenset(COULD_PRODUCE),
    actions=MANA_ONLY, labels=_could_produce_labels,
    situations=(
        Situation("\"could produce\" under Contamination", ("106.7", "106.5"), ("Contamination",)),
        Situation("two replacement effects on one mana event, in the harness's order", ("616.1",)),
        Situation("a phased-out permanent is treated as nonexistent", ("702.26b",))),
    floors=(Floor("a replacement effect was on the board", 50), Floor("activation produced mana", 20),
            Floor("a phased-out permanent was on the board", 20)))
def could_produce(capabilities):
    """Reflecting Pool and Exotic Orchard chains with Contamination, Pale Moon and Mana Reflection:
    Contamination turning what the lands a Pool, an Orchard or a Fellwar Stone reads could produce
    into {B}, Pale Moon (cast first) turning a nonbasic land's into {C}, each also when the land read
    is itself a Pool or an Orchard."""
    board = ("Reflecting Pool", "Reflecting Pool", "Exotic Orchard", "Fellwar Stone", "Forest",
             "Island", "Plains", "Wastes", "Contamination", "Mana Reflection", "Dryad Arbor",
             "Mutavault", "Meteor Crater")
    lands = ("Forest", "Island", "Plains", "Wastes", "Dryad Arbor", "Mutavault")
    nonbasic = ("Dryad Arbor", "Reflecting Pool", "Exotic Orchard", "Mutavault")
    return aimed(
        capabilities,
        # Contamination on the battlefield while readers look at lands (basic or not).
        Aim(board=READERS + lands + ("Mana Reflection",), kinds={"activate_mana": 6, "phase_out": 1},
            size=(3, 6), phased=0.05, tapped=0.1, players=(2, 3),
            core=(READERS, ("Contamination",), lands), then=_facing_and_asking),
        # Readers reading readers under Contamination, a land at the chain's end.
        Aim(board=READERS + ("Forest", "Island", "Wastes", "Dryad Arbor"), kinds={"activate_mana": 1},
            size=(4, 7), phased=0.05, tapped=0.1, players=(2, 2),
            core=(READER_LANDS, READERS, ("Forest", "Island", "Wastes", "Dryad Arbor"), ("Contamination",)),
            then=_facing_and_asking),
        # Pale Moon cast, then readers activated while nonbasic lands are among those they read.
        Aim(board=READERS + nonbasic + ("Forest", "Island"), hand=("Pale Moon",), hand_size=(1, 2),
            kinds=[({"cast": 1}, (1, 1)), ({"activate_mana": 5, "phase_out": 1}, (1, 4))],
            size=(3, 6), phased=0.05, tapped=0.1, players=(2, 3),
            core=(READERS, nonbasic, ("Dryad Arbor", "Forest", "Island")), then=_facing_and_asking),
        # One player's lands tapped for mana beside that player's Contamination and Mana Reflection:
        # two replacement effects on each mana event (616.1).
        Aim(board=("Forest", "Island"), kinds={"activate_mana": 1}, length=(0, 1), size=(7, 8), phased=0.0,
            tapped=0.1, sick=0.1, players=(2, 3), core=tuple((name,) for name in DOUBLY_REPLACED),
            then=_sources_under_two_replacements),
        # Any of them together (Mana Reflection and Pale Moon beside Contamination too).
        Aim(board=board, hand=("Pale Moon",), kinds={"activate_mana": 6, "cast": 1, "phase_out": 1},
            size=(2, 7), phased=0.05, tapped=0.15,
            core=(READERS, ("Contamination", "Contamination", "Mana Reflection"), ("Forest", "Island", "Plains"))),
    )
