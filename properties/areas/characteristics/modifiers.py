"""The "gets +N/+N" statics of anthems, lords, Auras and Equipment, a toughness of 0 killing (CR
613.4c, 704.5f), Rancor returning to its owner's hand from the graveyard (603.6c, 400.7)."""
from __future__ import annotations

import copy

from attrs import evolve
from hypothesis import strategies as st

from mtg_conformance.oracle.catalog import card
from mtg_conformance.properties.areas.common import aimed
from mtg_conformance.properties.coverage import Floor, Situation
from mtg_conformance.properties.model import Case, conformance_property
from mtg_conformance.properties.strategies import Aim

COLOR_ANTHEMS = ("Crusade", "Bad Moon", "Honor of the Pure", "Dread of Night")
LORDS = ("Benalish Marshal", "Veteran Armorer", "Gaea's Anthem")
RAISING_ATTACHMENTS = ("Unholy Strength", "Giant Strength", "Divine Transformation", "Feast of the Unicorn",
                       "Hero's Resolve", "Short Sword", "Leonin Scimitar", "Vulshok Morningstar",
                       "Bone Saw", "Trusty Machete", "Sickleslicer", "Vulshok Battlegear", "Rancor")
SHRINKERS = ("Weakness", "Dead Weight", "Debilitating Injury", "Enfeeblement", "Dread of Night",
             "Curse of Death's Hold", "Barbed Battlegear")
ATTACHMENTS = RAISING_ATTACHMENTS + ("Weakness", "Dead Weight", "Debilitating Injury", "Enfeeblement",
                                     "Barbed Battlegear")
CREATURES = ("Savannah Lions", "Eager Cadet", "Walking Corpse", "Scathe Zombies", "Grizzly Bears",
             "Puresight Merrow", "Llanowar Elves")


def _modifier_labels(step):
    a, after = step.action, step.oracle_after
    if a["type"] not in ("cast", "attach", "activate", "phase_out", "change_control") or after["rejected"]:
        return []
    died = [pid for pid, p in after["permanents"].items() if p["zone"] == "graveyard"
            and step.oracle_before["permanents"].get(pid, {}).get("zone") == "battlefield"]
    return [f"{a['type']}: " + ("a permanent died" if died else "nothing died")]


@st.composite
def _shrinker_cast(draw, case: Case, cards: frozenset) -> Case:
    """The active player casts a card that lowers toughness — an Aura on a creature, Dread of Night,
    Curse of Death's Hold on an opponent with a creature if there is one, Barbed Battlegear then
    equipped — first (CR 613.4c; a creature left at toughness 0 or less dies, 704.5f); only the
    engine's `cards`."""
    creatures = [e for e in case.scenario["battlefield"] if not e.get("phased_out")
                 and "creature" in card(e["card"]).types]
    names = [n for n in SHRINKERS if n in cards]
    if not creatures or not names:
        return case
    scenario = copy.deepcopy(case.scenario)
    seat, name = scenario["active_player"], draw(st.sampled_from(names))
    scenario["players"][seat]["hand"].append(name)
    opponents = [e for e in creatures if e["controller"] != seat]
    victim = draw(st.sampled_from(opponents if name == "Curse of Death's Hold" and opponents else creatures))
    target = ({"player": victim["controller"]} if name == "Curse of Death's Hold"
              else {"permanent": victim["id"]} if card(name).enchant else None)
    cast = {"type": "cast", "player": seat, "card": name, "id": "n9",
            **({"targets": [target]} if target else {}), "optional": False}
    program = (cast,)
    if name == "Barbed Battlegear":
        next(e for e in scenario["battlefield"] if e["id"] == victim["id"])["controller"] = seat
        program += ({"type": "activate", "permanent": "n9", "ability": 0,
                     "targets": [{"permanent": victim["id"]}], "optional": False},)
    return Case(scenario, program + case.program)


@st.composite
def _rancor_host_shrunk(draw, case: Case, cards: frozenset) -> Case:
    """The active player casts a -2/-2 Aura on the creature a Rancor enchants, first: it dies (CR
    704.5f), Rancor goes to the graveyard (704.5m) and returns to its owner's hand (603.6c, 400.7)."""
    hosts = [e["attached_to"]["permanent"] for e in case.scenario["battlefield"] if e["card"] == "Rancor"
             and not e.get("phased_out") and "permanent" in (e.get("attached_to") or {})]
    names = [n for n in ("Dead Weight", "Debilitating Injury", "Enfeeblement") if n in cards]
    if not hosts or not names:
        return case
    scenario = copy.deepcopy(case.scenario)
    seat, name = scenario["active_player"], draw(st.sampled_from(names))
    scenario["players"][seat]["hand"].append(name)
    cast = {"type": "cast", "player": seat, "card": name, "id": "n8",
            "targets": [{"permanent": draw(st.sampled_from(hosts))}], "optional": False}
    return Case(scenario, (cast,) + case.program)


@conformance_property(
    id="CHAR-101", title="Anthems and Auras modify exactly the creatures they name; toughness 0 dies",
    rules=("613.4c", "303.4", "301.5", "704.5f", "702.26b", "603.6c", "400.7", "603.10a"),
    cards=frozenset(COLOR_ANTHEMS + LORDS + ATTACHMENTS + ("Curse of Death's Hold",)),
    actions=frozenset({"cast", "attach", "activate", "phase_out", "change_control"}),
    observes=frozenset({"power_toughness"}), labels=_modifier_labels,
    situations=(
        Situation("a colour anthem modifies a creature of its colour", ("613.4c",), one_of=COLOR_ANTHEMS),
        Situation("a lord or anthem modifies the creatures its controller controls", ("613.4c",),
                  one_of=LORDS),
        Situation("an Aura's or Equipment's modifier applies", ("613.4c",), one_of=ATTACHMENTS),
        Situation("Curse of Death's Hold modifies the enchanted player's creatures", ("613.4c",),
                  ("Curse of Death's Hold",)),
        Situation("a creature with toughness 0 or less is put into the graveyard", ("704.5f",)),
        Situation("Rancor, put into a graveyard, returns to its owner's hand", ("400.7",), ("Rancor",))),
    floors=(Floor("cast: a permanent died", 15), Floor("cast: nothing died", 20)))
def modifiers_and_zero_toughness(capabilities):
    """Colour anthems, lords, creature Auras (Rancor, which returns to hand) and Equipment beside
    creatures of every colour and controller; cards that lower toughness cast onto them; anthems
    phased out, given away, moved."""
    cards = frozenset(capabilities.get("cards", ()))
    anthems = Aim(board=COLOR_ANTHEMS + LORDS + CREATURES, hand=SHRINKERS + ("Crusade", "Bad Moon"),
                  kinds={"cast": 2, "phase_out": 1, "change_control": 1}, length=(0, 3),
                  steps=("main1", "main2"), players=(2, 3), size=(3, 6), tapped=0.1, phased=0.05, sick=0.1,
                  core=(COLOR_ANTHEMS[:3], CREATURES[:5], LORDS))
    attached = Aim(board=RAISING_ATTACHMENTS + CREATURES, hand=SHRINKERS,
                   kinds={"attach": 2, "activate": 1, "cast": 1}, length=(0, 3),
                   steps=("main1", "main2"), players=(2, 3), size=(3, 6), tapped=0.1, phased=0.05, sick=0.1,
                   core=(CREATURES, CREATURES, RAISING_ATTACHMENTS))
    shrink = evolve(anthems, kinds={"cast": 1, "phase_out": 1}, length=(0, 1),
                    then=lambda case: _shrinker_cast(case, cards=cards))
    # Curse of Death's Hold beside a lord or anthem of "creatures you control", each modifying
    # exactly the creatures it names (613.4c).
    curse = evolve(anthems, core=(CREATURES, CREATURES, LORDS), kinds={"cast": 1, "phase_out": 1}, length=(0, 1),
                   then=lambda case: _shrinker_cast(case, cards=frozenset({"Curse of Death's Hold"}) & cards))
    rancor = evolve(attached, core=(CREATURES, ("Rancor",)), then=lambda case: _rancor_host_shrunk(case, cards=cards))
    # Every kind of modifier on one board — a colour anthem, a lord, an Aura or Equipment, Rancor —
    # then a card that lowers toughness cast, and one onto Rancor's host: each applies to exactly
    # the creatures it names (613.4c), and those left at toughness 0 die (704.5f). Named three
    # times (second and last two), as measured: its cases reach most of the others' rules at once.
    together = Aim(board=COLOR_ANTHEMS + LORDS + RAISING_ATTACHMENTS + CREATURES, hand=SHRINKERS,
                   kinds={"cast": 1, "attach": 1}, length=(0, 2), steps=("main1", "main2"), players=(2, 3),
                   size=(7, 9), tapped=0.1, phased=0.05, sick=0.1,
                   core=(COLOR_ANTHEMS[:3], LORDS, CREATURES, CREATURES, CREATURES, RAISING_ATTACHMENTS,
                         ("Rancor",)),
                   then=lambda case: _shrinker_cast(case, cards=cards).flatmap(
                       lambda shrunk: _rancor_host_shrunk(shrunk, cards=cards)))
    return aimed(capabilities, anthems, together, attached, shrink, curse, curse, rancor, rancor, together, together)


@modifiers_and_zero_toughness.claims(rules=("704.5f",))
def _toughness_zero_claim(step):
    """After state-based actions no phased-in creature the engine reports has toughness 0 or less."""
    for pid, p in step.engine_after["permanents"].items():
        toughness = p.get("toughness")
        if p["zone"] == "battlefield" and not p["phased_out"] and toughness is not None and toughness <= 0:
            return (f"{pid} is on the battlefield with toughness {p['toughness']}; state-based actions "
                    "put it into its owner's graveyard (CR 704.5f)", ("704.5f",))
    return None
