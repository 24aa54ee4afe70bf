"""Characteristics judged with continuous effects applied (CR 613): an animated Mutavault has all
creature types (CR 205.3m), so "whenever a Merfolk you control becomes tapped" sees it (603.2e)."""
from __future__ import annotations

import copy

from hypothesis import strategies as st

from mtg_conformance.properties.areas.common import aimed
from mtg_conformance.properties.coverage import Floor, Situation
from mtg_conformance.properties.model import Case, conformance_property
from mtg_conformance.properties.strategies import Aim, BOOLEANS, integers


def _animated_merfolk_labels(step):
    a, before = step.action, step.oracle_before["permanents"]
    if a["type"] not in ("tap", "activate_mana", "attack"):
        return []
    tapped = [pid for pid, p in step.oracle_after["permanents"].items()
              if p["tapped"] and before.get(pid, {}).get("tapped") is False]
    mutavaults = {e["id"] for e in step.scenario["battlefield"] if e["card"] == "Mutavault"}
    fired = any(ev == "becomes_tapped" for _, ev in step.oracle_after["triggered"])
    if set(tapped) & mutavaults:
        return ["a Mutavault became tapped: " + ("Judge triggered" if fired else "no trigger")]
    return []


PHASED_VAULTS = ("Mutavault", "Mutavault", "Judge of Currents", "Forest")


@st.composite
def _mutavaults_phase_in_then_animated(draw, case: Case) -> Case:
    """Two tapped Mutavaults phased out under the seat whose untap step comes next, beside that
    player's Judge of Currents and Forest: in that untap step both phase in at once and untap
    (CR 702.26a, 502.1), phasing in tapped being no "becoming tapped" (603.2e); then the Forest pays
    for animating one (205.3m: it has every creature type), which an effect taps, so the Judge
    sees a Merfolk become tapped (603.2e)."""
    scenario = copy.deepcopy(case.scenario)
    field = scenario["battlefield"]
    if (len(field) < len(PHASED_VAULTS) or tuple(e["card"] for e in field[:len(PHASED_VAULTS)]) != PHASED_VAULTS
            or any(e.get("attached_to") for e in field)):
        return case
    seat = (scenario["active_player"] + 1) % len(scenario["players"])
    vaults, forest = field[:2], field[3]
    for e in field[:len(PHASED_VAULTS)]:
        e.update(controller=seat, tapped=e in vaults)
        e.pop("owner", None)
        e.pop("phased_out", None)
    for e in vaults:
        e["phased_out"] = "directly"
    animated = draw(st.sampled_from(vaults))["id"]
    program = ({"type": "advance", "step": "upkeep", "turns": 0, "optional": draw(BOOLEANS)},
               {"type": "activate_mana", "permanent": forest["id"], "color": "G"},
               {"type": "activate", "permanent": animated, "ability": 0, "optional": draw(BOOLEANS)},
               {"type": "tap", "permanent": animated})
    return Case(scenario, program + case.program)


@conformance_property(
    id="CHAR-001", title="An animated Mutavault is a Merfolk: \"becomes tapped\" triggers see it",
    rules=("205.3m", "613.1d", "603.2e"), cards=frozenset({"Judge of Currents", "Mutavault"}),
    actions=frozenset({"activate", "tap"}), observes=frozenset({"triggered"}),
    focus=frozenset({"tap", "activate_mana", "attack"}), labels=_animated_merfolk_labels,
    situations=(
        Situation("Judge of Currents triggers on an animated Mutavault becoming tapped", ("603.2e",),
                  ("Judge of Currents", "Mutavault")),
        Situation("an animated Mutavault has every creature type", ("205.3m",), ("Mutavault",))),
    floors=(Floor("a Mutavault became tapped: Judge triggered", 5),))
def animated_creature_types(capabilities):
    """Judge of Currents beside Mutavaults, animated or not, tapped by effects, for mana and by
    attacking; Puresight Merrow as a Merfolk by its card."""
    board = ("Judge of Currents", "Mutavault", "Mutavault", "Puresight Merrow", "Forest",
             "Llanowar Elves", "Merfolk Raiders")
    broad = Aim(board=board,
                kinds=[({"activate": 1}, (1, 2)),
                       ({"tap": 2, "activate_mana": 2, "attack": 1, "activate": 1, "advance": 1},
                        (1, 4))],
                tapped=0.15, phased=0.05, sick=0.2, size=(2, 5), steps=("main1", "combat"),
                players=(2, 3), core=(("Judge of Currents",), ("Mutavault",)))
    # A Mutavault animated by its controller, who also controls a Judge of Currents (two Judges, so
    # one is often on the Mutavault's side), then tapped by an effect, for mana or by attacking;
    # all untapped and controlled since the turn began, so each of those can happen. The Mutavault
    # is placed first, so it is the permanent actions pick most often.
    animated_then_tapped = Aim(board=("Judge of Currents", "Mutavault", "Forest"),
                               kinds=[({"activate": 1}, (1, 2)),
                                      ({"tap": 2, "activate_mana": 2, "attack": 1}, (1, 4))],
                               tapped=0.0, phased=0.0, sick=0.0, size=(3, 5),
                               steps=("combat", "main1"), players=(2, 2),
                               core=(("Mutavault",), ("Judge of Currents",), ("Judge of Currents",)))
    # Two tapped Mutavaults phasing in together in their controller's untap step, one then animated
    # and tapped beside that player's Judge of Currents.
    phased_in = Aim(board=("Forest",), kinds={"tap": 1, "activate": 1}, length=(0, 1), size=(4, 5),
                    tapped=0.0, phased=0.1, sick=0.0, players=(2, 3),
                    core=tuple((name,) for name in PHASED_VAULTS), then=_mutavaults_phase_in_then_animated)
    return aimed(capabilities, broad, animated_then_tapped, phased_in)


PT_CARDS = ("Glorious Anthem", "Holy Strength", "Bonesplitter", "Walking Ballista", "Hangarback Walker")
CREATURES = ("Llanowar Elves", "Puresight Merrow", "Walking Ballista", "Hangarback Walker")


def _power_toughness_labels(step):
    a, after = step.action, step.oracle_after
    if a["type"] == "deal_damage" and "permanent" in a["target"] and after["rejected"] is None:
        pid = a["target"]["permanent"]
        was = step.oracle_before["permanents"].get(pid, {})
        if was.get("toughness") is not None:
            died = after["permanents"][pid]["zone"] != "battlefield"
            return ["damage to a creature: " + ("lethal" if died else "not lethal")]
    if a["type"] == "advance" and any(p.get("damage") for p in step.oracle_before["permanents"].values()):
        return ["advanced with damage marked"]
    if a["type"] == "attach" and after["rejected"] is None:
        moved = (after["permanents"][a["permanent"]]["attached_to"]
                 != step.oracle_before["permanents"][a["permanent"]]["attached_to"])
        return ["attach: " + ("moved" if moved else "didn't move")]
    return []


@conformance_property(
    id="CHAR-002", title="A creature's power and toughness, and lethal damage",
    rules=("613.4c", "120.3", "120.6", "704.5g", "704.5f", "514.2", "702.26b"),
    cards=frozenset(PT_CARDS), actions=frozenset({"deal_damage", "attach", "advance", "phase_out"}),
    observes=frozenset({"power_toughness", "damage"}), labels=_power_toughness_labels,
    situations=(
        Situation("Glorious Anthem raises a creature's power and toughness", ("613.4c",),
                  ("Glorious Anthem",)),
        Situation("an Aura's or Equipment's bonus applies", ("613.4c",),
                  one_of=("Holy Strength", "Bonesplitter")),
        Situation("damage is marked on a creature", ("120.6",)),
        Situation("704.5g decides whether a creature's damage is lethal", ("704.5g",)),
        Situation("damage wears off in the cleanup step", ("514.2",))),
    floors=(Floor("damage to a creature: lethal", 20), Floor("damage to a creature: not lethal", 20),
            Floor("advanced with damage marked", 15)))
def power_toughness_and_damage(capabilities):
    """Creatures under Glorious Anthem, Holy Strength, Bonesplitter and +1/+1 counters are dealt
    damage, lose or gain bonuses as those phase out or move (`attach`), and reach cleanup."""
    anthem = Aim(board=("Glorious Anthem", "Llanowar Elves", "Puresight Merrow", "Walking Ballista",
                        "Forest"),
                 kinds=[({"deal_damage": 3, "phase_out": 1}, (1, 3)), ({"deal_damage": 1}, (1, 2))],
                 tapped=0.1, phased=0.0, sick=0.1, size=(2, 5), steps=("main1", "main2"), players=(2, 3),
                 core=(("Glorious Anthem",), ("Llanowar Elves", "Puresight Merrow", "Walking Ballista")))
    attached = Aim(board=("Llanowar Elves", "Puresight Merrow", "Hangarback Walker", "Holy Strength",
                          "Bonesplitter", "Forest"),
                   kinds=[({"deal_damage": 2, "attach": 2, "phase_out": 1}, (1, 3)),
                          ({"deal_damage": 1}, (1, 2))],
                   tapped=0.1, phased=0.05, sick=0.1, size=(3, 6), steps=("main1", "combat"),
                   players=(2, 2), core=(("Llanowar Elves", "Puresight Merrow"), ("Puresight Merrow",),
                                         ("Holy Strength", "Bonesplitter")))
    # Damage on creatures that survive it (toughness raised), then through cleanup, sometimes
    # phased out first (514.2 removes a phased-out permanent's damage too).
    cleanup = Aim(board=PT_CARDS + ("Puresight Merrow", "Grizzly Bears", "Unholy Strength"),
                  kinds=[({"deal_damage": 1}, (1, 1)), ({"phase_out": 1}, (0, 1)), ({"advance": 1}, (1, 1))],
                  tapped=0.1, phased=0.0, sick=0.1, size=(3, 5), steps=("end",), players=(2, 2),
                  core=(("Puresight Merrow",), ("Glorious Anthem", "Holy Strength")))
    # Hangarback Walker, with +1/+1 counters, beside Glorious Anthem (and sometimes another bonus),
    # dealt damage first, mostly lethal: it dies, and its dies trigger makes a Thopter for each
    # counter it had as it left (603.10a looks back in time), which the Anthem raises.
    counters = Aim(board=("Hangarback Walker", "Glorious Anthem", "Holy Strength", "Llanowar Elves", "Forest"),
                   kinds=[({"deal_damage": 1}, (0, 1)), ({"advance": 1}, (0, 1))],
                   tapped=0.1, phased=0.0, sick=0.1, size=(2, 5), steps=("main1", "main2"), players=(2, 3),
                   core=(("Hangarback Walker",), ("Glorious Anthem",), ("Holy Strength", "Llanowar Elves")),
                   then=_hangarback_dealt_damage)
    return aimed(capabilities, cleanup, attached, anthem, cleanup, counters)


@power_toughness_and_damage.claims(rules=("704.5g", "704.5f"))
def _lethal_damage_claim(step):
    """After state-based actions no phased-in creature the engine reports has damage at least equal
    to its toughness, or toughness 0 or less (CR 704.5g, 704.5f)."""
    for pid, p in step.engine_after["permanents"].items():
        if p["zone"] != "battlefield" or p["phased_out"] or p.get("toughness") is None:
            continue
        if p["toughness"] <= 0:
            return (f"{pid} is on the battlefield with toughness {p['toughness']}; state-based actions "
                    "put it into its owner's graveyard (CR 704.5f)", ("704.5f",))
        if p.get("damage", 0) >= p["toughness"]:
            return (f"{pid} is on the battlefield with {p['damage']} damage and toughness "
                    f"{p['toughness']}: that damage is lethal (CR 704.5g)", ("704.5g",))
    return None


@st.composite
def _hangarback_dealt_damage(draw, case: Case) -> Case:
    """A Hangarback Walker on the battlefield is dealt damage first, mostly one or two more than
    its +1/+1 counters (lethal unless a bonus beyond an anthem's +1 raised its toughness: 704.5g),
    then the drawn program."""
    walkers = [e for e in case.scenario["battlefield"] if e["card"] == "Hangarback Walker"
               and not e.get("phased_out")]
    if not walkers:
        return case
    walker = draw(st.sampled_from(walkers))
    counters = walker.get("counters", {}).get("+1/+1", 0)
    amount = draw(integers(1, 4)) if draw(integers(0, 3)) == 3 else counters + draw(integers(1, 2))
    hit = {"type": "deal_damage", "target": {"permanent": walker["id"]}, "amount": max(amount, 1)}
    return Case(case.scenario, (hit,) + case.program)
