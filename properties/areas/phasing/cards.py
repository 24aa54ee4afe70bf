"""The phasing cards of issue 12: phasing an Aura gives, Time and Tide's swap, Ertai's Familiar
(PHASE-101); Out of Time's "until it leaves", Guardian of Faith and the abilities that phase
creatures out (PHASE-102). CR 702.26, 610.4, 613.1f."""
from __future__ import annotations

import copy
from functools import partial

from hypothesis import strategies as st

from mtg_conformance.oracle.catalog import card
from mtg_conformance.properties.areas.common import accepted, aimed, fresh_ids
from mtg_conformance.properties.coverage import Floor, Situation
from mtg_conformance.properties.model import Case, conformance_property
from mtg_conformance.properties.strategies import Aim, BOOLEANS, integers

PRINTED_PHASERS = ("Sandbar Crocodile", "Merfolk Raiders", "Breezekeeper", "Ertai's Familiar")
CURSE_HOSTS = ("Llanowar Elves", "Fellwar Stone", "Merfolk Raiders", "Judge of Currents")
PHASERS_OF_OTHERS = ("Rainbow Efreet", "Teferi's Honor Guard", "Vodalian Illusionist", "Vanishing")


def _is_creature(name: str) -> bool:
    return "creature" in card(name).types


def _next_untap(scenario: dict) -> int:
    """The seat whose untap step an `advance` to the next upkeep (crossing no turn) reaches."""
    return (scenario["active_player"] + 1) % len(scenario["players"])


def _to_next_upkeep(program: list) -> list:
    """The first advance goes to the next upkeep, crossing the next seat's untap step."""
    for i, action in enumerate(program):
        if action["type"] == "advance":
            program[i] = dict(action, step="upkeep", turns=0)
            break
    return program


def _free(scenario: dict) -> list:
    """Phased-in permanents with nothing attached to them and attached to nothing."""
    hosts = {(e.get("attached_to") or {}).get("permanent") for e in scenario["battlefield"]}
    return [e for e in scenario["battlefield"]
            if not e.get("phased_out") and not e.get("attached_to") and e["id"] not in hosts]


def _cast(seat: int, name: str, pid: str, targets=()) -> dict:
    """A cast; `targets` only for a spell that targets, or whose triggers do (Guardian of Faith)."""
    return {"type": "cast", "player": seat, "card": name, "id": pid,
            **({"targets": list(targets)} if targets else {})}


# --- PHASE-101 -------------------------------------------------------------------------------------

def _granted_labels(step):
    a = step.action
    labels = []
    if a["type"] == "cast" and a.get("card") == "Time and Tide":
        labels.append("Time and Tide: " + ("accepted" if accepted(step) else step.oracle_after["rejected"]))
    if a["type"] == "advance" and any(e["card"] == "Teferi's Curse" for e in step.scenario["battlefield"]):
        labels.append("an untap step with Teferi's Curse on the battlefield")
    return labels


@conformance_property(
    id="PHASE-101", title="Granted phasing and Time and Tide phase permanents like printed phasing",
    rules=("613.1f", "702.26a", "702.26b", "611.2a", "603.10b", "502.1", "702.26d", "110.5c"),
    cards=frozenset({"Teferi's Curse", "Time and Tide", "Ertai's Familiar", "Sandbar Crocodile",
                     "Merfolk Raiders", "Cloak of Invisibility"}),
    actions=frozenset({"advance", "cast", "phase_out", "activate"}),
    observes=frozenset({"triggered"}),
    labels=_granted_labels,
    situations=(
        Situation("Teferi's Curse's phasing phases its permanent out in an untap step", ("613.1f",),
                  ("Teferi's Curse",)),
        Situation("Cloak of Invisibility's phasing phases its creature out in an untap step", ("613.1f",),
                  ("Cloak of Invisibility",)),
        Situation("Time and Tide phases creatures in and out at once", ("702.26b",),
                  one_of=PRINTED_PHASERS + ("Llanowar Elves",)),
        Situation("Ertai's Familiar can't phase out until its controller's next upkeep", ("611.2a",),
                  ("Ertai's Familiar",))),
    floors=(Floor("an untap step with Teferi's Curse on the battlefield", 30),
            Floor("Time and Tide: accepted", 15)))
def granted_phasing(capabilities):
    """Teferi's Curse on creatures and artifacts through untap steps, Time and Tide among phased-out
    and phasing creatures, Ertai's Familiar held in."""
    cards = frozenset(capabilities.get("cards", ()))
    board = CURSE_HOSTS + PRINTED_PHASERS
    # Teferi's Curse on one or two permanents of the seat whose untap step comes next (CR 613.1f,
    # 702.26a): they phase out there with the Curse (702.26g); sometimes Time and Tide first. The
    # arrangement attaches the Curses (the scenario strategy places Auras by their enchant kind);
    # an artifact is always among the hosts it may choose ("enchant artifact or creature", 303.4a).
    curse = Aim(board=board + ("Teferi's Curse", "Cloak of Invisibility"), hand=("Time and Tide",),
                size=(3, 6), phased=0.1, steps=("main1", "main2", "main2", "end"),
                kinds=[({"advance": 1}, (1, 1)), ({"advance": 2, "phase_out": 1, "cast": 1}, (0, 2))],
                core=(CURSE_HOSTS, ("Fellwar Stone",), ("Cloak of Invisibility",)),
                then=partial(_cursed, cards=cards))
    # Time and Tide cast first, with creatures phased out and creatures with phasing phased in.
    tide = Aim(board=board, size=(2, 6), phased=0.4,
               kinds=[({"advance": 2, "phase_out": 1}, (0, 2))], length=(0, 2),
               core=(PRINTED_PHASERS, ("Llanowar Elves", "Merfolk Raiders", "Judge of Currents")),
               then=partial(_tide_first, cards=cards))
    # Ertai's Familiar of the seat whose untap step comes next, mostly held in by its ability, then
    # phased out by an effect and by that untap step, and again after its upkeep (CR 611.2a).
    familiar = Aim(board=board, size=(1, 4), phased=0.1, steps=("main1", "main2", "end"),
                   kinds=[({"advance": 1}, (1, 1)), ({"phase_out": 1, "advance": 1}, (0, 2))],
                   core=(("Ertai's Familiar",),), then=_familiar_held)
    return aimed(capabilities, curse, curse, tide, familiar, familiar)


@granted_phasing.claims(rules=("702.26b",))
def _tide_claim(step):
    """Time and Tide: every phased-out creature phases in and every phased-in creature with printed
    phasing phases out, at once (CR 702.26b, 702.26a)."""
    a = step.action
    if a["type"] != "cast" or a.get("card") != "Time and Tide" or step.engine_after["rejected"] is not None:
        return None
    for e in step.scenario["battlefield"]:
        before = step.engine_before["permanents"].get(e["id"])
        after = step.engine_after["permanents"].get(e["id"])
        if not (before and after and before["zone"] == after["zone"] == "battlefield" and _is_creature(e["card"])):
            continue
        if before["phased_out"] and after["phased_out"]:
            return (f"{e['id']} ({e['card']}) was a phased-out creature, yet Time and Tide didn't phase it "
                    "in (CR 702.26b: an effect naming phased-out permanents sees them)")
        if not before["phased_out"] and "phasing" in card(e["card"]).statics and not after["phased_out"]:
            return (f"{e['id']} ({e['card']}) has phasing, yet Time and Tide didn't phase it out; phasing "
                    "in and out happen at once, so only creatures phased in before it phase out (702.26a)")
    return None


@st.composite
def _cursed(draw, case: Case, cards: frozenset) -> Case:
    """Teferi's Curse on one or two free artifacts or creatures, which the seat whose untap step
    comes next controls — attached, or cast on them by the active player in a main phase; that seat
    controls the creatures under a Cloak of Invisibility too. The first advance goes to that upkeep."""
    scenario = copy.deepcopy(case.scenario)
    by_id = {e["id"]: e for e in scenario["battlefield"]}
    for e in scenario["battlefield"]:
        if e["card"] == "Cloak of Invisibility":
            by_id[e["attached_to"]["permanent"]]["controller"] = _next_untap(scenario)
    hosts = [e for e in _free(scenario) if card(e["card"]).types & {"artifact", "creature"}]
    hosts += [e for e in hosts if not _is_creature(e["card"])] * 2      # artifacts: the enchant kind's edge
    if "Teferi's Curse" not in cards:
        hosts = []
    fresh, seats, active = fresh_ids(scenario), len(scenario["players"]), scenario["active_player"]
    casts = []
    for host in draw(st.lists(st.sampled_from(hosts), min_size=1, max_size=2,
                              unique_by=lambda e: e["id"])) if hosts else []:
        host["controller"], curse = _next_untap(scenario), next(fresh)
        if scenario["step"] in ("main1", "main2") and draw(integers(0, 3)):
            scenario["players"][active]["hand"].append("Teferi's Curse")
            casts.append(_cast(active, "Teferi's Curse", curse, [{"permanent": host["id"]}]))
        else:
            scenario["battlefield"].append({"id": curse, "card": "Teferi's Curse", "tapped": False,
                                            "controller": draw(integers(0, seats - 1)),
                                            "attached_to": {"permanent": host["id"]}})
    return Case(scenario, tuple(casts + _to_next_upkeep(list(case.program))))


@st.composite
def _tide_first(draw, case: Case, cards: frozenset) -> Case:
    """A seat casts Time and Tide first; mostly a free creature with phasing is phased out then, so
    it phases in and, phasing being simultaneous, stays in."""
    if "Time and Tide" not in cards:
        return case
    scenario = copy.deepcopy(case.scenario)
    phasers = [e for e in _free(scenario) if e["card"] in PRINTED_PHASERS]
    if phasers and draw(integers(0, 3)):
        draw(st.sampled_from(phasers))["phased_out"] = "directly"
    seat = draw(integers(0, len(scenario["players"]) - 1))
    scenario["players"][seat]["hand"].append("Time and Tide")
    return Case(scenario, (_cast(seat, "Time and Tide", "tide"),) + case.program)


@st.composite
def _familiar_held(draw, case: Case) -> Case:
    """Ertai's Familiar, free, of the seat whose untap step comes next: mostly its ability is
    activated, then an effect tries to phase it out, the game goes to that seat's upkeep (its
    phasing) and an effect tries again."""
    scenario = copy.deepcopy(case.scenario)
    familiars = [e for e in _free(scenario) if e["card"] == "Ertai's Familiar"]
    if not familiars:
        return case
    familiar = familiars[0]
    familiar["controller"] = _next_untap(scenario)
    activation = {"type": "activate", "permanent": familiar["id"], "ability": 0}
    held = [activation] if draw(integers(0, 3)) < 3 else []
    tries = {"type": "phase_out", "permanents": [familiar["id"]]}
    program = held + [tries] + _to_next_upkeep(list(case.program)) + [tries]
    return Case(scenario, tuple(program))


# --- PHASE-102 -------------------------------------------------------------------------------------

def _phased_in_creatures(step, seat=None) -> list:
    return [e["id"] for e in step.scenario["battlefield"]
            if _is_creature(e["card"]) and (p := step.engine_before["permanents"].get(e["id"]))
            and p["zone"] == "battlefield" and not p["phased_out"] and seat in (None, p["controller"])]


def _until_labels(step):
    a = step.action
    outcome = "accepted" if accepted(step) else step.oracle_after["rejected"]
    if a["type"] == "attack":
        return [f"attack: {outcome}"]
    if a["type"] in ("cast", "activate"):
        name = a.get("card") or next((e["card"] for e in step.scenario["battlefield"]
                                      if e["id"] == a.get("permanent")), "")
        return [f"{a['type']} {name}: {outcome}"]
    return []


@conformance_property(
    id="PHASE-102", title="Out of Time, Guardian of Faith and abilities phase creatures out",
    rules=("610.4", "610.4a", "702.8a", "702.20b", "702.26g", "115.1", "603.6a"),
    cards=frozenset({"Out of Time", "Guardian of Faith", "Rainbow Efreet", "Teferi's Honor Guard",
                     "Vodalian Illusionist", "Vanishing"}),
    actions=frozenset({"cast", "activate", "advance", "attack", "put_into_graveyard"}),
    observes=frozenset({"counters"}),
    labels=_until_labels,
    situations=(
        Situation("Out of Time phases creatures out until it leaves", ("610.4",), ("Out of Time",)),
        Situation("a creature Out of Time holds stays out in its controller's untap step", ("610.4a",),
                  ("Out of Time",)),
        Situation("a creature spell with flash is cast outside its controller's main phase", ("702.8a",)),
        Situation("Guardian of Faith attacks without tapping", ("702.20b",), ("Guardian of Faith",)),
        Situation("Vanishing phases out with the creature it phases out", ("702.26g",), ("Vanishing",))),
    floors=(Floor("cast Out of Time: accepted", 30), Floor("cast Guardian of Faith: accepted", 10),
            Floor("attack: accepted", 10), Floor("activate Vanishing: accepted", 10)))
def until_and_targets(capabilities):
    """Out of Time among tapped and phasing creatures through untap steps and its leaving; Guardian of
    Faith cast at any time and attacking; Rainbow Efreet, Teferi's Honor Guard, Vodalian Illusionist and
    Vanishing phasing creatures out."""
    cards = frozenset(capabilities.get("cards", ()))
    creatures = ("Llanowar Elves", "Breezekeeper", "Merfolk Raiders", "Judge of Currents", "Rainbow Efreet",
                 "Teferi's Honor Guard", "Vodalian Illusionist")
    # Out of Time cast first in its controller's main phase, then untap steps and its leaving.
    out_of_time = Aim(board=creatures + ("Forest", "Holy Strength"), hand=("Out of Time",), size=(2, 6),
                      tapped=0.4, phased=0.1,
                      steps=("main1", "main2"),
                      kinds=[({"advance": 1}, (1, 1)), ({"advance": 2, "put_into_graveyard": 1}, (0, 2))],
                      core=(creatures, creatures), then=partial(_out_of_time_first, cards=cards))
    # Guardian of Faith cast by any seat at any step, aimed at its caster's creatures (and others).
    guardian = Aim(board=creatures + ("Holy Strength",), hand=("Guardian of Faith",), size=(2, 6),
                   phased=0.1, kinds=[({"advance": 1, "activate": 1}, (0, 2))], length=(0, 2),
                   core=(creatures, creatures), then=partial(_guardian_cast, cards=cards))
    # Guardian of Faith attacking in the combat step, with another creature.
    vigilance = Aim(board=("Guardian of Faith",) + creatures, size=(2, 4), phased=0.0, sick=0.0,
                    steps=("combat",), kinds=[({"advance": 1}, (0, 1))], length=(0, 1),
                    core=(("Guardian of Faith",), creatures), then=_guardian_attacks)
    # Abilities phasing creatures out: Vanishing on a creature, the Efreet or the Honor Guard
    # (phasing themselves out), the Illusionist (another's creature), each activated first, then
    # untap steps.
    abilities = Aim(board=creatures + ("Vanishing", "Holy Strength"), size=(5, 7), phased=0.0,
                    kinds=[({"activate": 1}, (1, 2)), ({"advance": 1, "activate": 1}, (0, 2))],
                    core=(("Vodalian Illusionist",), ("Rainbow Efreet", "Teferi's Honor Guard"), ("Vanishing",),
                          creatures), steps=("main1", "main2"),
                    then=_activators_first)
    # The abilities named three times (each case of theirs reaches three ways of phasing out), Out of
    # Time twice.
    return aimed(capabilities, out_of_time, abilities, guardian, vigilance, abilities, abilities, out_of_time)


@until_and_targets.claims(rules=("610.4",))
def _out_of_time_claim(step):
    """Out of Time untaps every creature and phases it out, one time counter each (CR 610.4);
    Guardian of Faith phases out its legal targets (608.2b)."""
    a = step.action
    if a["type"] != "cast" or step.engine_after["rejected"] is not None:
        return None
    after = step.engine_after["permanents"]
    if a.get("card") == "Out of Time":
        creatures = _phased_in_creatures(step)
        stayed = [pid for pid in creatures if not after[pid]["phased_out"] or after[pid]["tapped"]]
        counters = (after.get(a.get("id")) or {}).get("counters") or {}
        if stayed:
            return (f"Out of Time entered, yet {', '.join(stayed)} didn't end up phased out and untapped: "
                    "it untaps all creatures, then they phase out until it leaves (CR 610.4)", ("610.4",))
        if counters.get("time", 0) != len(creatures):
            return (f"Out of Time phased out {len(creatures)} creatures but has {counters.get('time', 0)} "
                    "time counters: one for each creature phased out this way", ("610.4",))
    if a.get("card") == "Guardian of Faith":
        mine = set(_phased_in_creatures(step, a["player"]))
        chosen = {t.get("permanent") for t in a.get("targets") or []} & mine
        stayed = sorted(pid for pid in chosen if not after[pid]["phased_out"])
        if stayed:
            return (f"Guardian of Faith's enters ability targeted {', '.join(stayed)}, creatures its "
                    "controller controls, yet they didn't phase out", ("115.1",))
    return None


@st.composite
def _out_of_time_first(draw, case: Case, cards: frozenset) -> Case:
    """The active player casts Out of Time first; the first advance goes to the next seat's upkeep,
    whose untap step meets a creature of that seat held out (CR 610.4a); another advance or Out of
    Time put into a graveyard may follow."""
    if "Out of Time" not in cards:
        return case
    scenario = copy.deepcopy(case.scenario)
    seat = scenario["active_player"]
    scenario["players"][seat]["hand"].append("Out of Time")
    creatures = [e for e in _free(scenario) if _is_creature(e["card"])]
    if creatures:
        draw(st.sampled_from(creatures))["controller"] = _next_untap(scenario)
    program = [dict(a, permanent="oot") if a["type"] == "put_into_graveyard" and draw(BOOLEANS) else a
               for a in _to_next_upkeep(list(case.program))]
    return Case(scenario, (_cast(seat, "Out of Time", "oot"),) + tuple(program))


@st.composite
def _guardian_cast(draw, case: Case, cards: frozenset) -> Case:
    """A seat casts Guardian of Faith first, targeting some of its own creatures (mostly two free
    ones it is given), itself or another's."""
    if "Guardian of Faith" not in cards:
        return case
    scenario = copy.deepcopy(case.scenario)
    seat = draw(integers(0, len(scenario["players"]) - 1))
    if draw(integers(0, 3)):
        for e in [e for e in _free(scenario) if _is_creature(e["card"])][:2]:
            e["controller"] = seat
    scenario["players"][seat]["hand"].append("Guardian of Faith")
    ids = [e["id"] for e in scenario["battlefield"]]
    mine = [e["id"] for e in scenario["battlefield"] if e["controller"] == seat and _is_creature(e["card"])]
    chosen = draw(st.lists(st.sampled_from(mine), min_size=min(2, len(mine)), max_size=3,
                           unique=True)) if mine else []
    chosen += draw(st.lists(st.sampled_from(ids + ["gof"]), max_size=1))
    return Case(scenario, (_cast(seat, "Guardian of Faith", "gof", [{"permanent": p} for p in chosen]),)
                + case.program)


@st.composite
def _guardian_attacks(draw, case: Case) -> Case:
    """The active player's untapped Guardian of Faith, not sick, attacks, with another creature."""
    scenario = copy.deepcopy(case.scenario)
    guardians = [e for e in _free(scenario) if e["card"] == "Guardian of Faith"]
    if not guardians:
        return case
    guardian, seat = guardians[0], scenario["active_player"]
    guardian.update(controller=seat, tapped=False)
    guardian.pop("sick", None)
    others = [e["id"] for e in scenario["battlefield"] if e["controller"] == seat and e is not guardian]
    attackers = [guardian["id"]] + (draw(st.lists(st.sampled_from(others), max_size=1)) if others else [])
    return Case(scenario, ({"type": "attack", "attackers": attackers},) + case.program)


@st.composite
def _activators_first(draw, case: Case) -> Case:
    """The scenario's phasing abilities activated by their controllers first: one Vodalian
    Illusionist (made the active player's, untapped, not sick), aimed mostly at a creature of the
    next seat; then a Vanishing; then the others in some order, Rainbow Efreet and Teferi's Honor
    Guard being the next seat's. Then the game goes to the next upkeep, through that seat's untap
    step (CR 702.26a)."""
    scenario = copy.deepcopy(case.scenario)
    first, illusionist = [], []
    for e in scenario["battlefield"]:
        if e["card"] in ("Rainbow Efreet", "Teferi's Honor Guard"):
            e["controller"] = _next_untap(scenario)
    for e in scenario["battlefield"]:
        if e["card"] == "Vodalian Illusionist" and not e.get("attached_to") and not illusionist:
            e.update(tapped=False, controller=scenario["active_player"])
            e.pop("sick", None)
            illusionist = [{"type": "activate", "permanent": e["id"], "ability": 0,
                            "targets": [{"permanent": _illusionist_target(draw, scenario, e)}]}]
        elif e["card"] in PHASERS_OF_OTHERS:
            first.append({"type": "activate", "permanent": e["id"], "ability": 0})
    vanishing = [a for a in first if a["permanent"] in {e["id"] for e in scenario["battlefield"]
                                                          if e["card"] == "Vanishing"}]
    others = [a for a in first if a not in vanishing]
    upkeep = {"type": "advance", "step": "upkeep", "turns": 0}
    return Case(scenario, tuple(illusionist + vanishing[:1] + draw(st.permutations(others)) + [upkeep])
                + case.program)


def _illusionist_target(draw, scenario: dict, illusionist: dict) -> str:
    """A creature, mostly a free one the next seat then controls."""
    theirs = [e for e in _free(scenario) if _is_creature(e["card"]) and e is not illusionist
              and e["card"] not in ("Rainbow Efreet", "Teferi's Honor Guard")]
    if theirs and draw(integers(0, 3)) < 3:
        target = draw(st.sampled_from(theirs))
        target["controller"] = _next_untap(scenario)
        return target["id"]
    return draw(st.sampled_from([e for e in scenario["battlefield"] if _is_creature(e["card"])]))["id"]
