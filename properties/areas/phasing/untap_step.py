"""Phasing at the untap step (CR 702.26a): no leaves or enters triggers (702.26d), Auras and
Equipment with their host (702.26g), phasing out and in at once, phasing in tapped (603.2e)."""
from __future__ import annotations

import copy

from hypothesis import strategies as st

from mtg_conformance.oracle.catalog import card
from mtg_conformance.properties.areas.common import aimed, fresh_ids
from mtg_conformance.properties.areas.phasing.shared import (
    _can_start_phased, _changed_phase, _entries, _next_untap, _phased_in, _phasing_in_together,
    _to_next_upkeep, _unattached)
from mtg_conformance.properties.coverage import Floor, Situation
from mtg_conformance.properties.model import Case, conformance_property
from mtg_conformance.properties.strategies import Aim, BOOLEANS, integers

PHASERS = ("Teferi's Imp", "Breezekeeper")
PHASING_ACTIONS = ("phase_out", "advance")


def _phase_labels(step):
    labels = []
    changed = _changed_phase(step)
    for pid in changed:
        c = next((e["card"] for e in step.scenario["battlefield"] if e["id"] == pid), None)
        if c and any(t.event in ("leaves", "dies", "enters") for t in card(c).triggered):
            labels.append("a permanent with a leaves/enters trigger phased")
    if changed:
        labels.append(f"{step.action['type']}: permanents phased")
    return labels


@st.composite
def _attached_phasing_in(draw, case: Case, arrangements: tuple, can_start_phased: bool) -> Case:
    """One arrangement drawn from `arrangements` (host, Auras, how the host phases) added to the
    battlefield under the seat whose untap step comes next. Either the host phased out directly with
    its Auras phased out indirectly with it, so they phase in with it (CR 702.26g), or the Auras
    phased out directly while the host stays, so they phase in together in that untap step
    (702.26a); for both the first advance goes to that upkeep. A host that is to phase "by effect"
    starts phased in and the first phasing takes it out, with its Auras (702.26g)."""
    host_name, auras, host_out = draw(st.sampled_from(arrangements))
    scenario = copy.deepcopy(case.scenario)
    if not can_start_phased:
        return case
    seat, fresh = _next_untap(scenario), fresh_ids(scenario)
    host = {"id": next(fresh), "card": host_name, "controller": seat, "tapped": False}
    if any("sick" in e for e in scenario["battlefield"]):     # the engine has the scenario feature
        host["sick"] = False
    if host_out is True:
        host["phased_out"] = "directly"
    scenario["battlefield"].append(host)
    for aura in auras:
        entry = {"id": next(fresh), "card": aura, "controller": seat, "tapped": False,
                 "attached_to": {"permanent": host["id"]}}
        if host_out != "by effect":
            entry["phased_out"] = "indirectly" if host_out else "directly"
        scenario["battlefield"].append(entry)
    program, advanced, phased = list(case.program), False, host_out != "by effect"
    for i, action in enumerate(program):
        if action["type"] == "phase_out" and not phased:
            program[i], phased = dict(action, permanents=[host["id"]] + action["permanents"]), True
        if action["type"] == "advance" and not advanced and host_out != "by effect":
            program[i], advanced = _to_next_upkeep(action), True
    return Case(scenario, tuple(program))


@st.composite
def _crowd_phasing_in(draw, case: Case, names: tuple, can_start_phased: bool) -> Case:
    """A few more permanents drawn from `names`, phased out directly under the seat whose untap step
    comes next: with the rest waiting there, they phase in together in that untap step (CR 702.26a)."""
    if not can_start_phased:
        return case
    scenario = copy.deepcopy(case.scenario)
    seat, fresh = _next_untap(scenario), fresh_ids(scenario)
    for name in draw(st.lists(st.sampled_from(names), min_size=2, max_size=4)):
        entry = {"id": next(fresh), "card": name, "controller": seat, "tapped": False, "phased_out": "directly"}
        if any("sick" in e for e in scenario["battlefield"]):
            entry["sick"] = False
        if card(name).enters_with == "x_p1p1":
            entry["counters"] = {"+1/+1": draw(integers(1, 3))}     # a 0/0 dies (704.5f)
        scenario["battlefield"].append(entry)
    return Case(scenario, case.program)


@conformance_property(
    id="PHASE-001", title="Phasing never fires leaves-the-battlefield triggers",
    rules=("702.26d", "603.6a", "603.10a"),
    cards=frozenset({"Aven Riftwatcher", "Hangarback Walker", "Banisher Priest", "Soul Warden"}),
    actions=frozenset({"phase_out"}), observes=frozenset({"triggered"}),
    labels=_phase_labels,
    situations=(
        Situation("a permanent with a leaves or enters ability phases out", ("702.26d",),
                  one_of=("Aven Riftwatcher", "Hangarback Walker", "Soul Warden", "Banisher Priest")),
        Situation("the last time counter is removed from a vanishing permanent", ("702.63a",))),
    floors=(Floor("a permanent with a leaves/enters trigger phased", 30),))
def phasing_no_zone_change(capabilities):
    """Permanents with enters and leaves abilities phasing out and in (effects, untap steps, Teferi's
    Protection, Slip Out the Back)."""
    board = ("Aven Riftwatcher", "Hangarback Walker", "Teferi's Imp", "Breezekeeper", "Soul Warden",
             "Banisher Priest", "Forest", "Holy Strength", "Bonesplitter", "Walking Ballista")
    broad = Aim(board=board, hand=("Teferi's Protection", "Slip Out the Back"),
                kinds={"phase_out": 4, "advance": 3, "cast": 2}, size=(1, 6), phased=0.3,
                core=(("Aven Riftwatcher",), ("Hangarback Walker", "Banisher Priest", "Soul Warden")),
                steps=("main1", "main2", "end"))
    # Aven Riftwatcher with its last time counter, phased out (or not) before its controller's
    # untap step phases it back in and its upkeep removes that counter (CR 702.63a: two triggers).
    last_counter = Aim(board=("Aven Riftwatcher", "Hangarback Walker", "Soul Warden", "Banisher Priest",
                              "Forest"),
                       kinds=[({"phase_out": 2, "advance": 1}, (1, 1)), ({"advance": 1}, (1, 1)),
                              ({"phase_out": 1, "advance": 1}, (0, 2))],
                       size=(1, 4), phased=0.2, tapped=0.2, steps=("main1", "main2", "end"),
                       core=(("Aven Riftwatcher",), ("Hangarback Walker", "Banisher Priest", "Soul Warden")),
                       then=_riftwatcher_fading)
    # Many of these phased out under the seat whose untap step comes next, phasing in together
    # there beside its permanents with phasing phasing out (CR 702.26a), attachments with their
    # host (702.26g), Teferi's Imp and a Forest among them; beside them a creature with a leaves or
    # enters ability and Holy Strength on it, which the first phasing takes out together (702.26g).
    together = Aim(board=board, kinds=[({"advance": 1}, (1, 1)), ({"phase_out": 1, "advance": 1}, (0, 2))],
                   size=(8, 9), phased=0.0, steps=("main1", "main2", "end"),
                   core=(("Aven Riftwatcher",), ("Banisher Priest",), ("Hangarback Walker",), ("Teferi's Imp",),
                         ("Breezekeeper",), ("Soul Warden",), ("Forest", "Walking Ballista"),
                         ("Holy Strength", "Bonesplitter")),
                   then=lambda case: _phasing_in_together(case, _can_start_phased(capabilities)).flatmap(
                       lambda case: _attached_phasing_in(case, ENCHANTED_LEAVERS, _can_start_phased(capabilities))).flatmap(
                       lambda case: _crowd_phasing_in(case, CROWD, _can_start_phased(capabilities))))
    return aimed(capabilities, broad, last_counter, last_counter, together)


@phasing_no_zone_change.claims(rules=("702.26d",))
def _no_zone_change_triggers(step):
    """CR 702.26d: phasing is not a zone change, so nothing that phased fires leaves/enters triggers."""
    for source, ev in step.engine_after.get("triggered", []):
        after = step.engine_after["permanents"].get(source)
        before = step.engine_before["permanents"].get(source)
        if ev in ("leaves", "enters") and before and after and before["zone"] == after["zone"] == "battlefield":
            verb = "phased out" if after["phased_out"] else "phased in"
            return (f"{source} {verb} without leaving or entering the battlefield, yet its "
                    f"{'leaves' if ev == 'leaves' else 'enters'}-the-battlefield ability triggered (CR 702.26d)")
    return None


# More permanents waiting under the seat whose untap step comes next (CR 702.26a).
CROWD = ("Soul Warden", "Walking Ballista", "Forest", "Bonesplitter", "Hangarback Walker", "Banisher Priest",
         "Breezekeeper")
# A creature with a leaves or enters ability phased out with the Aura on it (CR 702.26g).
ENCHANTED_LEAVERS = (("Banisher Priest", ("Holy Strength",), "by effect"),
                     ("Soul Warden", ("Holy Strength",), "by effect"),
                     ("Hangarback Walker", ("Holy Strength",), "by effect"))


@st.composite
def _riftwatcher_fading(draw, case: Case) -> Case:
    """An Aven Riftwatcher with one time counter, controlled by the seat whose untap step comes
    next; the first phasing mostly takes it out, and the first advance goes to that upkeep."""
    scenario = copy.deepcopy(case.scenario)
    watchers = _entries(scenario, ("Aven Riftwatcher",))
    if not watchers or not _unattached(scenario):
        return case
    watcher, seat = watchers[0], _next_untap(scenario)
    watcher.update(controller=seat, counters={"time": 1})
    _phased_in(watcher)
    program, advanced = [], False
    for action in case.program:
        if action["type"] == "phase_out" and not advanced and draw(integers(0, 3)):
            action = dict(action, permanents=[watcher["id"]] + [p for p in action["permanents"]
                                                                 if p != watcher["id"]])
        if action["type"] == "advance" and not advanced:
            action, advanced = _to_next_upkeep(action), True
        program.append(action)
    return Case(scenario, tuple(program))


def _host_phasing_labels(step):
    changed = _changed_phase(step)
    hosts = any((p.get("attached_to") or {}).get("permanent") in changed
                for p in step.engine_after["permanents"].values())
    return ["host with attachments phased"] if hosts else []


@conformance_property(
    id="PHASE-002", title="Auras and Equipment phase out and in with their host",
    rules=("702.26g", "702.26h", "702.26i", "704.5m"),
    cards=frozenset({"Pacifism", "Holy Strength", "Control Magic", "Bonesplitter", "Overgrowth"}),
    actions=frozenset({"phase_out"}), focus=frozenset({"phase_out", "advance", "cast", "put_into_graveyard"}),
    labels=_host_phasing_labels,
    situations=(
        Situation("an attachment phases out indirectly with its host", ("702.26g",),
                  one_of=("Holy Strength", "Bonesplitter", "Pacifism", "Control Magic", "Overgrowth")),),
    floors=(Floor("host with attachments phased", 20),))
def attachments_phase(capabilities):
    """Creatures and lands with Auras and Equipment, phased by effects, Teferi's Protection and the
    untap step; hosts that die while their directly phased-out Aura is away."""
    board = ("Llanowar Elves", "Breezekeeper", "Teferi's Imp", "Forest", "Pacifism", "Holy Strength",
             "Control Magic", "Bonesplitter", "Overgrowth", "Psychic Possession", "Holy Strength")
    broad = Aim(board=board + ("Unholy Strength", "Short Sword"), hand=("Teferi's Protection",),
                kinds={"phase_out": 3, "advance": 2, "cast": 1, "put_into_graveyard": 1},
                size=(2, 7), phased=0.2, steps=("main1", "main2"),
                core=(("Llanowar Elves", "Breezekeeper", "Teferi's Imp", "Forest"),
                      ("Pacifism", "Holy Strength", "Control Magic", "Bonesplitter", "Overgrowth")))
    # A host with an Aura or Equipment on it phased out by an effect, or by its own phasing at the
    # untap step, then the game goes on (its attachments phase in with it).
    host_phasing = Aim(board=("Llanowar Elves", "Breezekeeper", "Teferi's Imp", "Forest", "Pacifism",
                              "Holy Strength", "Control Magic", "Bonesplitter", "Overgrowth"),
                       kinds=[({"phase_out": 2, "advance": 1}, (1, 1)),
                              ({"advance": 1, "phase_out": 1, "put_into_graveyard": 1}, (0, 2))],
                       size=(2, 5), phased=0.1, steps=("main1", "main2"),
                       core=(("Llanowar Elves", "Breezekeeper", "Teferi's Imp"),
                             ("Pacifism", "Holy Strength", "Control Magic", "Bonesplitter")),
                       then=_host_phasing)
    # Hosts and their attachments, Auras on phased-in hosts too, phased out under the seat whose
    # untap step comes next, phasing in together there (CR 702.26a, 702.26g); beside them a creature
    # and a Forest staying phased in while the Auras and Equipment on them phased out directly, so
    # all of those phase in in that one untap step (702.26a).
    together = Aim(board=("Llanowar Elves", "Breezekeeper", "Teferi's Imp", "Forest", "Pacifism",
                          "Holy Strength", "Control Magic", "Bonesplitter", "Overgrowth"),
                   kinds=[({"advance": 1}, (1, 1)), ({"phase_out": 1, "advance": 1}, (0, 2))],
                   size=(3, 7), phased=0.0, steps=("main1", "main2"),
                   core=(("Breezekeeper", "Llanowar Elves"), ("Forest", "Teferi's Imp", "Llanowar Elves", "Breezekeeper"),
                         ("Control Magic", "Pacifism"),
                         ("Control Magic", "Pacifism", "Overgrowth", "Holy Strength", "Bonesplitter")),
                   then=lambda case: _phasing_in_together(case, _can_start_phased(capabilities)).flatmap(
                       lambda case: _attached_phasing_in(case, AURAS_AWAY, _can_start_phased(capabilities))).flatmap(
                       lambda case: _attached_phasing_in(case, LAND_AURAS_AWAY, _can_start_phased(capabilities))))
    return aimed(capabilities, host_phasing, broad, together)


@attachments_phase.claims(rules=("702.26g",))
def _attachments_claim(step):
    """CR 702.26g: what's attached to a permanent that phases out phases out with it."""
    if step.action["type"] not in PHASING_ACTIONS or step.engine_after["rejected"] is not None:
        return None
    after = step.engine_after["permanents"]
    for pid, p in after.items():
        host_ref = (p.get("attached_to") or {}).get("permanent")
        host = after.get(host_ref) if host_ref else None
        if (p["zone"] == "battlefield" and host and host["zone"] == "battlefield" and host["phased_out"]
                and not p["phased_out"] and host_ref in _changed_phase(step)):
            return (f"{host_ref} phased out but {pid}, attached to it, stayed phased in; attached Auras "
                    "and Equipment phase out with it (CR 702.26g)")
    return None


# Auras and Equipment phased out directly while their host stays, phasing in together (CR 702.26a).
AURAS_AWAY = (("Llanowar Elves", ("Pacifism", "Control Magic", "Bonesplitter", "Holy Strength"), False),
              ("Llanowar Elves", ("Pacifism", "Pacifism", "Control Magic", "Bonesplitter"), False),
              ("Llanowar Elves", ("Holy Strength", "Holy Strength", "Pacifism", "Control Magic"), False),
              ("Llanowar Elves", ("Control Magic", "Control Magic", "Bonesplitter"), False),
              ("Llanowar Elves", ("Bonesplitter", "Bonesplitter", "Holy Strength", "Holy Strength"), False))
LAND_AURAS_AWAY = (("Forest", ("Overgrowth",), False), ("Forest", ("Overgrowth", "Overgrowth"), False))


@st.composite
def _host_phasing(draw, case: Case) -> Case:
    """A phased-in host with something attached: the first phasing takes it out (not what's attached
    to it), or, for a host with phasing, the first advance goes to the next untap step, its
    controller's."""
    scenario = copy.deepcopy(case.scenario)
    field = {e["id"]: e for e in scenario["battlefield"]}
    hosts = sorted({e["attached_to"]["permanent"] for e in scenario["battlefield"]
                    if "permanent" in (e.get("attached_to") or {})
                    and not field[e["attached_to"]["permanent"]].get("phased_out")})
    if not hosts:
        return case
    host = field[draw(st.sampled_from(hosts))]
    program, done = list(case.program), False
    for i, action in enumerate(program):
        if done:
            break
        if action["type"] == "phase_out":
            on_host = {e["id"] for e in scenario["battlefield"]
                       if (e.get("attached_to") or {}).get("permanent") == host["id"]}
            others = [p for p in action["permanents"] if p != host["id"] and p not in on_host]
            program[i], done = dict(action, permanents=[host["id"]] + others), True
        elif action["type"] == "advance" and "phasing" in card(host["card"]).statics:
            scenario["active_player"] = (host["controller"] - 1) % len(scenario["players"])
            program[i], done = _to_next_upkeep(action), True
    return Case(scenario, tuple(program))


def _untap_phasing_labels(step):
    changed = _changed_phase(step)
    return [f"untap step phased {len(changed)} permanents"] if step.action["type"] == "advance" and changed else []


@conformance_property(
    id="PHASE-003", title="Untap-step phasing out and in happen simultaneously",
    rules=("702.26a", "502.1"), cards=frozenset(PHASERS), actions=frozenset({"advance"}),
    labels=_untap_phasing_labels,
    situations=(
        Situation("an untap step phases permanents out and in at once", ("702.26a",),
                  one_of=("Breezekeeper", "Teferi's Imp")),),
    floors=(Floor("untap step phased 2 permanents", 5),))
def untap_step_phasing(capabilities):
    """Permanents with phasing across several untap steps, some already phased out."""
    broad = Aim(board=PHASERS + ("Forest", "Judge of Currents", "Holy Strength"),
                kinds={"advance": 4, "phase_out": 1}, phased=0.3, library=(2, 5), size=(1, 5),
                core=(PHASERS,))
    # A phased-out permanent with phasing (and others phased in) at its controller's untap step.
    phased_phaser = Aim(board=PHASERS + ("Forest", "Judge of Currents", "Holy Strength"),
                        kinds=[({"advance": 1}, (1, 1)), ({"advance": 2, "phase_out": 1}, (0, 3))],
                        phased=0.3, library=(2, 5), size=(2, 5), core=(PHASERS, PHASERS),
                        then=lambda case: _phaser_away(case, _can_start_phased(capabilities)))
    # Judge of Currents, lands and Auras phased out under the seat whose untap step comes next,
    # phasing in there as its permanents with phasing phase out (CR 702.26a).
    together = Aim(board=PHASERS + ("Forest", "Judge of Currents", "Holy Strength"),
                   kinds=[({"advance": 1}, (1, 1)), ({"advance": 2, "phase_out": 1}, (0, 2))],
                   phased=0.0, library=(2, 5), size=(3, 6),
                   core=(("Judge of Currents",), PHASERS, ("Forest", "Holy Strength")),
                   then=lambda case: _phasing_in_together(case, _can_start_phased(capabilities)))
    return aimed(capabilities, phased_phaser, broad, together)


@st.composite
def _phaser_away(draw, case: Case, can_start_phased: bool) -> Case:
    """A permanent with phasing phased out, controlled by the seat whose untap step comes next, to
    which the first advance goes."""
    scenario = copy.deepcopy(case.scenario)
    phasers = [e for e in scenario["battlefield"] if "phasing" in card(e["card"]).statics]
    if not phasers or not _unattached(scenario) or not can_start_phased:
        return case
    phaser, seat = draw(st.sampled_from(phasers)), _next_untap(scenario)
    phaser.update(controller=seat, phased_out="directly")
    program = list(case.program)
    program[0] = _to_next_upkeep(program[0]) if program[0]["type"] == "advance" else program[0]
    return Case(scenario, tuple(program))


def _tapped_phasing_labels(step):
    labels = []
    if any(step.engine_before["permanents"].get(pid, {}).get("tapped") for pid in _changed_phase(step)):
        labels.append("tapped Merfolk phased in")
    if any(ev == "becomes_tapped" for _, ev in step.oracle_after["triggered"]):
        labels.append("becomes_tapped fired")
    return labels


@conformance_property(
    id="PHASE-004", title="Phasing in tapped is not becoming tapped",
    rules=("603.2e", "110.5c", "610.4"), cards=frozenset({"Judge of Currents"}),
    actions=frozenset({"phase_out", "advance"}), observes=frozenset({"triggered"}),
    labels=_tapped_phasing_labels,
    situations=(
        Situation("a Merfolk phases in tapped beside Judge of Currents", ("603.2e",), ("Judge of Currents",)),),
    floors=(Floor("tapped Merfolk phased in", 15),))
def phasing_in_tapped(capabilities):
    """Judge of Currents watching tapped Merfolk that phase out and back in, Oubliette's tapped
    phase-in, and ordinary tapping."""
    board = ("Judge of Currents", "Puresight Merrow", "Judge of Currents", "Forest", "Puresight Merrow")
    broad = Aim(board=board, hand=("Oubliette",),
                kinds=[({"phase_out": 3, "tap": 1, "cast": 1}, (1, 3)),
                       ({"advance": 3, "put_into_graveyard": 1, "phase_out": 1, "tap": 1}, (1, 3))],
                tapped=0.5, phased=0.3, size=(2, 5), steps=("main1", "main2"),
                players=(2, 3), core=(("Judge of Currents",), ("Puresight Merrow", "Judge of Currents")))
    # A tapped Merfolk phased out (already, or by an effect) beside its controller's Judge of
    # Currents, phasing in tapped at that player's untap step.
    untap_step = Aim(board=("Puresight Merrow", "Judge of Currents", "Forest"),
                     kinds=[({"phase_out": 1, "tap": 1}, (0, 1)), ({"advance": 1}, (1, 1)),
                            ({"advance": 1, "tap": 1, "phase_out": 1}, (0, 2))],
                     tapped=0.5, phased=0.3, size=(2, 5), steps=("main1", "main2"), players=(2, 3),
                     core=(("Judge of Currents",), ("Puresight Merrow",)),
                     then=lambda case: _merfolk_phasing_in_tapped(case, _can_start_phased(capabilities)))
    # The same, with Oubliettes and a Forest phased out under that seat too, phasing in together
    # with the Merfolk there (CR 702.26a); a phased-out Oubliette's "until" effect goes on (610.4).
    together = Aim(board=("Puresight Merrow", "Judge of Currents", "Forest", "Oubliette"),
                   kinds=[({"phase_out": 1, "tap": 1}, (0, 1)), ({"advance": 1}, (1, 1)),
                          ({"advance": 1, "tap": 1, "phase_out": 1}, (0, 2))],
                   tapped=0.5, phased=0.0, size=(5, 7), steps=("main1", "main2"), players=(2, 3),
                   core=(("Judge of Currents",), ("Puresight Merrow",), ("Oubliette",), ("Oubliette",), ("Forest",)),
                   then=lambda case: _merfolk_phasing_in_tapped(case, _can_start_phased(capabilities)).flatmap(
                       lambda case: _away_under_next(case, ("Oubliette", "Forest"), _can_start_phased(capabilities))))
    return aimed(capabilities, untap_step, broad, together)


@phasing_in_tapped.claims(rules=("603.2e",))
def _tapped_merfolk_claim(step):
    """CR 603.2e: "becomes tapped" needs an untapped permanent to become tapped; phasing in tapped
    (Oubliette) isn't that."""
    fired = [s for s, ev in step.engine_after.get("triggered", []) if ev == "becomes_tapped"]
    if not fired:
        return None
    for e in step.scenario["battlefield"]:
        before = step.engine_before["permanents"].get(e["id"])
        after = step.engine_after["permanents"].get(e["id"])
        merfolk = "Merfolk" in card(e["card"]).subtypes or e["card"] == "Mutavault"   # CR 205.3m
        if merfolk and before and after and not before["tapped"] \
                and not before["phased_out"] and after["tapped"]:
            return None
    return ("Judge of Currents triggered on a Merfolk becoming tapped, but no untapped Merfolk "
            "became tapped: phasing in tapped is not becoming tapped (CR 603.2e)")


def _away_under_next(case: Case, names: tuple, can_start_phased: bool):
    """Every permanent named `names` phased out directly under the seat whose untap step comes next
    (CR 702.26a: they phase in there, together)."""
    if not can_start_phased:
        return st.just(case)
    scenario = copy.deepcopy(case.scenario)
    for e in _entries(scenario, names):
        e.update(phased_out="directly", controller=_next_untap(scenario))
    return st.just(Case(scenario, case.program))


@st.composite
def _merfolk_phasing_in_tapped(draw, case: Case, can_start_phased: bool) -> Case:
    """A tapped Puresight Merrow and a phased-in Judge of Currents, both controlled by the seat whose
    untap step comes next; the Merrow is phased out, or the first phasing takes it out; the first
    advance goes to that upkeep."""
    scenario = copy.deepcopy(case.scenario)
    merrows, judges = _entries(scenario, ("Puresight Merrow",)), _entries(scenario, ("Judge of Currents",))
    if not merrows or not judges or not _unattached(scenario):
        return case
    seat, merrow, judge = _next_untap(scenario), draw(st.sampled_from(merrows)), judges[0]
    merrow.update(controller=seat, tapped=True)
    judge["controller"] = seat
    _phased_in(judge)
    phases = [i for i, a in enumerate(case.program) if a["type"] == "phase_out"]
    program, advanced = list(case.program), False
    if phases and (draw(BOOLEANS) or not can_start_phased):
        _phased_in(merrow)
        program[phases[0]] = dict(program[phases[0]], permanents=[merrow["id"]])
    elif can_start_phased:
        merrow["phased_out"] = "directly"
    for i, action in enumerate(program):
        if action["type"] == "advance" and not advanced:
            program[i], advanced = _to_next_upkeep(action), True
    return Case(scenario, tuple(program))
