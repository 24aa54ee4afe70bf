"""Land types and the effects that change them, and what lands could produce then (CR 305.6, 305.7, 613.1d, 613.8, 106.7)."""
from __future__ import annotations

import copy

from hypothesis import strategies as st

from mtg_conformance.adapters.contract import MANA_TYPES
from mtg_conformance.oracle.catalog import card
from mtg_conformance.properties.areas.common import accepted, aimed, pool_total
from mtg_conformance.properties.coverage import Floor, Situation
from mtg_conformance.properties.model import Case, conformance_property
from mtg_conformance.properties.strategies import Aim, BASICS, BOOLEANS, integers

DUALS = ("Tundra", "Underground Sea", "Badlands", "Taiga", "Savannah", "Scrubland", "Volcanic Island",
         "Bayou", "Plateau", "Tropical Island")
SNOW = ("Snow-Covered Plains", "Snow-Covered Island", "Snow-Covered Swamp", "Snow-Covered Mountain",
        "Snow-Covered Forest")
SETTERS = ("Blood Moon", "Magus of the Moon", "Harbinger of the Seas")
AURAS = ("Sea's Claim", "Spreading Seas", "Evil Presence", "Lush Growth")
LAND_ADDERS = ("Urborg, Tomb of Yawgmoth", "Yavimaya, Cradle of Growth")
ADDERS = LAND_ADDERS + ("Blanket of Night", "Prismatic Omen", "Dryad of the Ilysian Grove")
GRANTERS = ("Chromatic Lantern", "Joiner Adept", "Abundant Growth")
READERS = ("Reflecting Pool", "Exotic Orchard")
OTHER_LANDS = ("Mutavault", "Dryad Arbor", "Forest", "Island", "Wastes")
CHANGERS = SETTERS + AURAS + ADDERS + GRANTERS
MANA_ONLY = frozenset({"activate_mana"})


def _is_land(name: str) -> bool:
    return "land" in card(name).types


@st.composite
def _lands_tapped_for_mana(draw, case: Case, phase_out: bool = False) -> Case:
    """Every land untapped and able to tap (a Dryad Arbor not summoning sick); each "could produce"
    land controlled so that it reads a land (a Reflecting Pool by a land's controller, an Exotic
    Orchard by an opponent of it, CR 106.7); then each land activated in an order drawn, with an
    ability index of 0 to 2 (its mana abilities depend on its types: 305.6, 305.7, 613.1f) and a
    type drawn (`_colours`); with `phase_out`, in half the cases, one type-changing permanent phases
    out midway (702.26b), so the lands after it are judged without its effect."""
    scenario = copy.deepcopy(case.scenario)
    field, seats = scenario["battlefield"], len(scenario["players"])
    lands = [e for e in field if _is_land(e["card"])]
    if not lands:
        return case
    for e in lands:
        e["tapped"] = False
        if "sick" in e:
            e["sick"] = False
    for reader in (e for e in lands if e["card"] in READERS):
        others = [e for e in lands if e is not reader]
        if others and not reader.get("attached_to"):
            land = draw(st.sampled_from(others))
            shift = 0 if reader["card"] == "Reflecting Pool" else draw(integers(1, seats - 1))
            if not any(e.get("attached_to") == {"permanent": reader["id"]} for e in field):
                reader["controller"] = (land["controller"] + shift) % seats
    order = draw(st.permutations(lands))
    program = [{"type": "activate_mana", "permanent": e["id"], "ability": draw(integers(0, 2)),
                "color": draw(st.sampled_from(_colours(field)))} for e in order]
    changers = [e["id"] for e in field if e["card"] in CHANGERS]
    if phase_out and changers and draw(BOOLEANS):
        program.insert(draw(integers(0, len(program))),
                       {"type": "phase_out", "permanents": [draw(st.sampled_from(changers))]})
    return Case(scenario, tuple(program) + case.program)


def _colours(field: list) -> list:
    """Every mana type, then the colours of the board's lands' basic land types and those an
    effect may add ({B} for Urborg, {G} for Yavimaya), so "could produce" choices often hit."""
    made = [card(t).mana_abilities[0].types[0] for e in field for t in sorted(card(e["card"]).subtypes)
            if t in BASICS]       # a basic land type is its basic land's name; sorted: a set's
                                  # order moves with the string hash seed, and so would the draw
    return list(MANA_TYPES) + made + ["B", "G"]


def _with_phasing(case: Case):
    return _lands_tapped_for_mana(case, phase_out=True)


def _mana_labels(step):
    a = step.action
    if a["type"] != "activate_mana":
        return []
    name = next((e["card"] for e in step.scenario["battlefield"] if e["id"] == a["permanent"]), None)
    kind = ("dual" if name in DUALS else "snow basic" if name in SNOW else "reader" if name in READERS
            else "other land")
    if not accepted(step):
        return [f"{kind} ability {a.get('ability', 0)}: {step.oracle_after['rejected']}"]
    seat = step.oracle_before["permanents"][a["permanent"]]["controller"]
    added = pool_total(step.oracle_after, seat) > pool_total(step.oracle_before, seat)
    return [f"{kind} ability {a.get('ability', 0)}: " + ("added mana" if added else "no mana")]


LAND_BOARD = DUALS + SNOW + OTHER_LANDS


def _aim(board: tuple, core: tuple, then) -> dict:
    """An aim: one card of each `core` group among the board's lands and changers (the board holds
    the core cards too, so the scenario features they need are planned), every land activated."""
    cards = tuple(dict.fromkeys(board + sum(core, ())))
    return Aim(board=cards, kinds={"activate_mana": 1}, length=(0, 1), size=(4, 7), phased=0.0,
               tapped=0.0, players=(2, 3), core=core, then=then)


@conformance_property(
    id="LAND-001", title="A land's types decide its mana abilities, and \"could produce\" sees them",
    rules=("305.6", "305.7", "613.1f", "106.7"), cards=frozenset(DUALS + SNOW + CHANGERS),
    actions=MANA_ONLY, labels=_mana_labels,
    situations=(
        Situation("a dual land has the mana abilities of its two types", ("305.6",), one_of=DUALS),
        Situation("an effect sets a land's type, taking its other abilities", ("305.7",),
                  one_of=SETTERS + AURAS),
        Situation("a land has a granted mana ability", ("613.1f",), one_of=GRANTERS),
        Situation("\"could produce\" reads lands whose types or abilities changed", ("106.7",),
                  one_of=CHANGERS)),
    floors=(Floor("dual ability 1: added mana", 30), Floor("reader ability 0: added mana", 10)))
def land_types_decide_mana(capabilities):
    """Dual lands, snow-covered and other basics, Mutavault, Dryad Arbor and "could produce" lands
    under Blood Moon, Magus of the Moon, Harbinger of the Seas, land Auras that set a type, type
    adders and Chromatic Lantern-like grants, each land tapped for mana by ability index."""
    # Duals and basics beside what sets a land's type (305.6, 305.7).
    setting = _aim(LAND_BOARD, (DUALS, DUALS + SNOW + OTHER_LANDS, SETTERS + AURAS), _lands_tapped_for_mana)
    # A grant of "{T}: add one mana of any colour" beside lands under a type-setting effect or not (613.1f).
    granting = _aim(LAND_BOARD + SETTERS, (GRANTERS, DUALS + OTHER_LANDS, DUALS + SNOW), _lands_tapped_for_mana)
    # Reflecting Pool and Exotic Orchard reading duals under type adders, Auras and grants (106.7):
    # twice as likely as either other aim, since only some readers face a changed land.
    reading = _aim(DUALS + SNOW, (READERS, DUALS, ADDERS + GRANTERS + AURAS, DUALS + SNOW),
                   _lands_tapped_for_mana)
    return aimed(capabilities, setting, granting, reading, reading)


def _order_labels(step):
    if step.action["type"] == "phase_out":
        return ["a type-changing permanent phased out"]
    return _mana_labels(step)


@conformance_property(
    id="LAND-002", title="Type-changing effects apply by dependency, then timestamp",
    rules=("613.7", "613.8", "613.1d", "702.26b"), cards=frozenset(ADDERS + SETTERS + AURAS),
    actions=frozenset({"activate_mana", "phase_out"}), labels=_order_labels, focus=MANA_ONLY,
    situations=(
        Situation("Urborg or Yavimaya loses its effect to one that sets its type", ("613.8",),
                  one_of=LAND_ADDERS),
        Situation("effects on a land's types apply in timestamp order", ("613.7",))),
    floors=(Floor("dual ability 0: added mana", 30), Floor("a type-changing permanent phased out", 30)))
def type_effects_in_order(capabilities):
    """Urborg, Yavimaya, Blanket of Night, Prismatic Omen and Dryad of the Ilysian Grove beside Blood
    Moon, Magus of the Moon, Harbinger of the Seas and land Auras, in every battlefield order (the
    scenario's order is the timestamps' order), one of them sometimes phased out midway."""
    # A land that adds a type beside what sets one, on it or on every nonbasic land (613.8).
    dependent = _aim(LAND_BOARD, (LAND_ADDERS, SETTERS + AURAS, DUALS + OTHER_LANDS), _with_phasing)
    # Type adders and setters that don't depend on each other, in either order (613.7).
    ordered = _aim(LAND_BOARD, (ADDERS, SETTERS + AURAS, DUALS + OTHER_LANDS), _with_phasing)
    return aimed(capabilities, dependent, ordered)
