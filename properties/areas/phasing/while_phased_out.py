"""While a permanent is phased out (CR 702.26b): "for as long as" effects end and "until leaves"
effects don't (702.26f, 610.3), counters, choices and tokens are kept (702.26d), "phase out until"
doesn't phase in at the untap step (610.4), its static abilities don't apply."""
from __future__ import annotations

import copy

from hypothesis import strategies as st

from mtg_conformance.oracle.catalog import card
from mtg_conformance.properties.areas.common import accepted, aimed, on_board
from mtg_conformance.properties.areas.phasing.shared import (
    _can_start_phased, _changed_phase, _entries, _next_untap, _phased_in, _phasing_in_together, _unattached)
from mtg_conformance.properties.coverage import Floor, Situation
from mtg_conformance.properties.model import Case, conformance_property
from mtg_conformance.properties.strategies import Aim, integers


def _lasting_effect_labels(step):
    if step.action["type"] != "phase_out":
        return []
    return ((["Shackles steal active while phasing"] if on_board(step, ("Vedalken Shackles",)) else [])
            + (["Banisher Priest phasing"] if on_board(step, ("Banisher Priest",)) else []))


@conformance_property(
    id="PHASE-005", title="\"For as long as\" effects end when phasing hides their object; \"until "
    "leaves\" effects don't", rules=("702.26f", "611.2b", "610.3"),
    cards=frozenset({"Vedalken Shackles", "Banisher Priest"}), actions=frozenset({"phase_out"}),
    focus=frozenset({"phase_out", "advance", "activate"}),
    labels=_lasting_effect_labels,
    situations=(
        Situation("Vedalken Shackles steals a creature", ("613.1b",), ("Vedalken Shackles",)),
        Situation("Vedalken Shackles' control ends as it phases out", ("702.26f",), ("Vedalken Shackles",)),
        Situation("Vedalken Shackles' control ends as it untaps", ("611.2b",), ("Vedalken Shackles",)),
        Situation("Banisher Priest exiles a creature until it leaves", ("610.3",), ("Banisher Priest",))),
    floors=(Floor("Shackles steal active while phasing", 25), Floor("Banisher Priest phasing", 25)))
def for_as_long_as(capabilities):
    """Vedalken Shackles stealing creatures, Banisher Priest exiling them, and either phasing out or
    the Shackles untapping."""
    board = ("Vedalken Shackles", "Island", "Island", "Island", "Llanowar Elves", "Soul Warden",
             "Banisher Priest", "Puresight Merrow")
    broad = Aim(board=board, hand=("Banisher Priest",),
                kinds=[({"activate": 2, "cast": 1}, (1, 2)), ({"phase_out": 1}, (1, 2)),
                       ({"activate": 1, "phase_out": 1, "advance": 1}, (0, 3))],
                size=(4, 8), tapped=0.1, sick=0.2, phased=0.05, steps=("main1",),
                players=(2, 3), core=(("Vedalken Shackles",), ("Llanowar Elves", "Soul Warden"),
                                      ("Island",), ("Island",), ("Banisher Priest",), ("Island",)))
    # Vedalken Shackles stealing an opponent's creature, then phasing out while still tapped (or the
    # stolen creature phasing out instead).
    steal_then_phase = Aim(board=("Vedalken Shackles", "Island", "Island", "Llanowar Elves", "Soul Warden",
                                  "Puresight Merrow", "Banisher Priest"),
                           kinds=[({"activate": 1}, (1, 1)), ({"phase_out": 1}, (1, 1)),
                                  ({"activate": 1, "phase_out": 1, "advance": 1}, (0, 2))],
                           size=(4, 7), tapped=0.1, sick=0.2, phased=0.0, steps=("main1",), players=(2, 3),
                           core=(("Vedalken Shackles",), ("Island",), ("Island",),
                                 ("Llanowar Elves", "Soul Warden", "Puresight Merrow")),
                           then=_shackles_steal)
    # Vedalken Shackles, Banisher Priest, creatures and Islands phased out under the seat whose untap
    # step comes next, phasing in together there (CR 702.26a); then something phases out again.
    together = Aim(board=("Vedalken Shackles", "Island", "Banisher Priest", "Llanowar Elves", "Puresight Merrow",
                          "Soul Warden"),
                   kinds=[({"advance": 1}, (1, 1)), ({"phase_out": 1}, (1, 1)),
                          ({"activate": 1, "phase_out": 1, "advance": 1}, (0, 1))],
                   size=(7, 9), tapped=0.1, sick=0.2, phased=0.0, steps=("main1",), players=(2, 3),
                   core=(("Vedalken Shackles",), ("Vedalken Shackles",), ("Banisher Priest",), ("Island",),
                         ("Llanowar Elves",), ("Puresight Merrow",), ("Soul Warden", "Banisher Priest")),
                   then=lambda case: _phasing_in_together(case, _can_start_phased(capabilities)))
    # Vedalken Shackles stealing an opponent's creature, then its controller's untap step: untapped,
    # its "for as long as" control ends (CR 611.2b); kept tapped (502.3), it goes on.
    steal_then_untap = Aim(board=("Vedalken Shackles", "Island", "Island", "Llanowar Elves", "Soul Warden",
                                  "Puresight Merrow"),
                           kinds=[({"activate": 1}, (1, 1)), ({"advance": 1}, (1, 1)),
                                  ({"activate": 1, "phase_out": 1, "advance": 1}, (0, 2))],
                           size=(4, 6), tapped=0.1, sick=0.2, phased=0.0, steps=("main1",), players=(2, 3),
                           core=(("Vedalken Shackles",), ("Island",), ("Island",),
                                 ("Llanowar Elves", "Soul Warden", "Puresight Merrow")),
                           then=lambda case: _shackles_steal(case).flatmap(_to_shackles_untap))
    # The active player casts Banisher Priest exiling an opponent's creature until it leaves (CR 610.3);
    # then Banisher Priest phases out, which is not leaving (702.26d): the creature stays exiled.
    banish_then_phase = Aim(board=("Llanowar Elves", "Soul Warden", "Puresight Merrow", "Island", "Banisher Priest"),
                            hand=("Banisher Priest",),
                            kinds=[({"cast": 1}, (1, 1)), ({"phase_out": 1}, (1, 1)),
                                   ({"phase_out": 1, "advance": 1}, (0, 2))],
                            size=(2, 5), tapped=0.1, sick=0.2, phased=0.0, steps=("main1",), players=(2, 3),
                            core=(("Llanowar Elves", "Soul Warden", "Puresight Merrow"),),
                            then=_banish_then_phase)
    return aimed(capabilities, steal_then_phase, broad, steal_then_untap, steal_then_phase, together,
                 banish_then_phase, steal_then_untap)


@st.composite
def _to_shackles_untap(draw, case: Case) -> Case:
    """The first advance goes to the upkeep of the first Vedalken Shackles' controller (so through
    their untap step, CR 502.3), which mostly untaps it; one time in four it is kept tapped."""
    shackles = _entries(case.scenario, ("Vedalken Shackles",))
    if not shackles:
        return case
    source, active, seats = shackles[0], case.scenario["active_player"], len(case.scenario["players"])
    turns = (source["controller"] - active - 1) % seats + 1     # turns ahead; 0 and 1 both reach the next
    keep = [source["id"]] if not draw(integers(0, 3)) else []
    program, done = [], False
    for action in case.program:
        if action["type"] == "advance" and not done:
            action, done = dict(action, step="upkeep", turns=turns), True
            action.pop("keep_tapped", None)
            if keep:
                action["keep_tapped"] = keep
        program.append(action)
    return Case(case.scenario, tuple(program))


@st.composite
def _banish_then_phase(draw, case: Case) -> Case:
    """The first cast is the active player's Banisher Priest, from their hand, aimed at a creature an
    opponent controls (handed to one if the active player had it); the first phasing then mostly
    takes the Priest out (else what it drew)."""
    scenario = copy.deepcopy(case.scenario)
    active, seats = scenario["active_player"], len(scenario["players"])
    creatures = [e for e in scenario["battlefield"] if "creature" in card(e["card"]).types]
    program = list(case.program)
    first = next((i for i, a in enumerate(program) if a["type"] == "cast"), None)
    if first is None or not creatures or not _unattached(scenario):
        return case
    hand = scenario["players"][active]["hand"]
    if "Banisher Priest" not in hand:
        hand.append("Banisher Priest")
    target = draw(st.sampled_from(creatures))
    if target["controller"] == active:
        target["controller"] = (active + draw(integers(1, seats - 1))) % seats
    _phased_in(target)
    program[first] = dict(program[first], player=active, card="Banisher Priest",
                          targets=[{"permanent": target["id"]}])
    priest = program[first]["id"]
    for i, action in enumerate(program[first + 1:], first + 1):
        if action["type"] == "phase_out":
            if draw(integers(0, 3)):
                program[i] = dict(action, permanents=[priest])
            break
    return Case(scenario, tuple(program))


@st.composite
def _shackles_steal(draw, case: Case) -> Case:
    """The first Vedalken Shackles, untapped, with its controller's Islands, first activated at a
    creature an opponent controls; the first phasing then mostly takes the Shackles out (without the
    stolen creature, whose controller stays visible), otherwise the stolen creature alone."""
    scenario = copy.deepcopy(case.scenario)
    shackles = _entries(scenario, ("Vedalken Shackles",))
    creatures = [e for e in scenario["battlefield"] if "creature" in card(e["card"]).types]
    if not shackles or not creatures or not _unattached(scenario):
        return case
    source, seats = shackles[0], len(scenario["players"])
    source["tapped"] = False
    _phased_in(source)
    for island in _entries(scenario, ("Island",)):
        island["controller"] = source["controller"]
        _phased_in(island)
    islands = len(_entries(scenario, ("Island",)))
    fitting = [e for e in creatures if card(e["card"]).power <= islands] or creatures
    target = draw(st.sampled_from(fitting))
    if target["controller"] == source["controller"]:
        target["controller"] = (source["controller"] + draw(integers(1, seats - 1))) % seats
    _phased_in(target)
    program, stole, phased = [], False, False
    for action in case.program:
        if action["type"] == "activate" and not stole:
            action, stole = dict(action, permanent=source["id"], ability=0,
                                 targets=[{"permanent": target["id"]}]), True
        elif action["type"] == "phase_out" and stole and not phased:
            first = source["id"] if draw(integers(0, 3)) else target["id"]
            others = [p for p in action["permanents"] if p not in (source["id"], target["id"])]
            action, phased = dict(action, permanents=[first] + others), True
        program.append(action)
    return Case(scenario, tuple(program))


def _kept_labels(step):
    changed, labels = _changed_phase(step), []
    if any(e.get("token") and e["id"] in changed for e in step.scenario["battlefield"]):
        labels.append("a token phased")
    if any(step.engine_before["permanents"][pid].get("counters") for pid in changed):
        labels.append("a permanent with counters phased")
    return labels


@conformance_property(
    id="PHASE-006", title="Phased-out permanents keep their counters and choices; tokens persist",
    rules=("702.26d", "110.5c"), cards=frozenset({"Treasure", "Walking Ballista", "Voice of All"}),
    actions=frozenset({"phase_out"}), labels=_kept_labels,
    situations=(
        Situation("a token phases out", ("702.26d", "702.26b"), ("Treasure",)),
        Situation("a permanent with counters phases", ("702.26d", "702.26b"),
                  one_of=("Walking Ballista", "Hangarback Walker", "Endless One", "Aven Riftwatcher"))),
    floors=(Floor("a token phased", 5), Floor("a permanent with counters phased", 30)))
def kept_while_phased(capabilities):
    """Tokens, permanents with counters and with a chosen colour, phasing out and back in."""
    board = ("Treasure", "Walking Ballista", "Voice of All", "Hangarback Walker", "Aven Riftwatcher",
             "Endless One", "Teferi's Imp")
    broad = Aim(board=board, kinds={"phase_out": 3, "advance": 2, "activate_mana": 1},
                phased=0.2, size=(1, 6), library=(2, 4), core=(board[:5],))
    # A Treasure token phased out by an effect, beside permanents with counters, then the game goes on.
    token_phasing = Aim(board=("Treasure", "Walking Ballista", "Hangarback Walker", "Voice of All"),
                        kinds=[({"phase_out": 1}, (1, 1)), ({"phase_out": 1, "advance": 1, "activate_mana": 1}, (0, 2))],
                        phased=0.1, size=(1, 4), library=(2, 4),
                        core=(("Treasure",), ("Walking Ballista", "Hangarback Walker", "Voice of All")),
                        then=_token_phasing)
    # Tokens and permanents with counters or a chosen colour phased out under the seat whose untap
    # step comes next, phasing in together there (CR 702.26a) beside Teferi's Imp phasing out.
    together = Aim(board=board, kinds=[({"advance": 1}, (1, 1)), ({"phase_out": 1, "advance": 1}, (0, 2))],
                   size=(7, 8), phased=0.0, library=(2, 4),
                   core=(("Endless One",), ("Walking Ballista",), ("Teferi's Imp",), ("Treasure",),
                         ("Treasure", "Voice of All"), ("Hangarback Walker", "Voice of All", "Aven Riftwatcher", "Endless One")),
                   then=lambda case: _phasing_in_together(case, _can_start_phased(capabilities)))
    return aimed(capabilities, broad, token_phasing, together)


@kept_while_phased.claims(rules=("702.26d",))
def _kept_claim(step):
    """CR 702.26d: a phased-out permanent — token or not — still exists, with its counters."""
    for pid in _changed_phase(step):
        before, after = step.engine_before["permanents"][pid], step.engine_after["permanents"][pid]
        if after["phased_out"] and before.get("counters") != after.get("counters"):
            return (f"{pid} lost or gained counters as it phased out ({before.get('counters')} -> "
                    f"{after.get('counters')}); counters stay (CR 702.26d)")
    for pid, after in step.engine_after["permanents"].items():
        before = step.engine_before["permanents"].get(pid)
        if (before and before["zone"] == "battlefield" and before["phased_out"] is False
                and after["zone"] == "none" and step.action["type"] == "phase_out"
                and pid in step.action.get("permanents", [])
                and step.oracle_after["permanents"][pid]["zone"] == "battlefield"):
            return f"the token {pid} ceased to exist as it phased out; tokens persist (CR 702.26d)"
    return None


@st.composite
def _token_phasing(draw, case: Case) -> Case:
    """The first phasing takes a phased-in token out (with whatever else it takes)."""
    tokens = [e["id"] for e in case.scenario["battlefield"] if e.get("token") and not e.get("phased_out")]
    if not tokens:
        return case
    token = draw(st.sampled_from(tokens))
    program, done = list(case.program), False
    for i, action in enumerate(program):
        if action["type"] == "phase_out" and not done:
            program[i], done = dict(action, permanents=[token] + [p for p in action["permanents"] if p != token]), True
    return Case(case.scenario, tuple(program))


def _oubliette_labels(step):
    a = step.action
    if a["type"] == "cast" and a.get("card") == "Oubliette":
        return ["Oubliette cast: " + ("accepted" if accepted(step) else step.oracle_after["rejected"])]
    if a["type"] == "advance" and any(p["phased_out"] for p in step.oracle_before["permanents"].values()):
        return ["advanced with an Oubliette'd creature"]
    return []


@conformance_property(
    id="PHASE-007", title="\"Phase out until\" doesn't phase in at the untap step",
    rules=("610.4", "610.4a", "610.4c"), cards=frozenset({"Oubliette"}),
    actions=frozenset({"cast", "put_into_graveyard", "advance"}),
    labels=_oubliette_labels,
    situations=(
        Situation("a creature phased out until Oubliette leaves stays out or comes back",
                  ("610.4", "610.4a", "610.4c"), ("Oubliette",)),),
    floors=(Floor("Oubliette cast: accepted", 30), Floor("advanced with an Oubliette'd creature", 25)))
def phase_out_until(capabilities):
    """Oubliette holding creatures (with Auras) across untap steps, then leaving."""
    board = ("Llanowar Elves", "Puresight Merrow", "Holy Strength", "Forest", "Judge of Currents")
    # Oubliettes cast with targets drawn from the board, a Holy Strength always on it: a target that
    # isn't a creature makes the enters trigger do nothing (CR 608.2b).
    broad = Aim(board=board, hand=("Oubliette",), kinds={"cast": 2, "advance": 2, "put_into_graveyard": 2},
                hand_size=(1, 2), steps=("main1",), length=(2, 6), library=(2, 5),
                core=(("Llanowar Elves", "Puresight Merrow"), ("Holy Strength",)))
    # The active player casts Oubliette on a creature; untap steps pass with it held (610.4a), and
    # Oubliette leaves (610.4c).
    held = Aim(board=board, hand=("Oubliette",), kinds=[({"cast": 1}, (1, 1)), ({"advance": 1}, (0, 2))],
               hand_size=(1, 1), steps=("main1",), library=(2, 5), players=(2, 3),
               core=(("Llanowar Elves", "Puresight Merrow"),), then=_held_then_released)
    # The same while the other creatures, lands and Auras phased out directly under the seat whose
    # untap step comes next: they phase in together there (CR 702.26a) while the creature Oubliette
    # holds stays out (610.4a).
    held_among = Aim(board=board, hand=("Oubliette",), kinds=[({"cast": 1}, (1, 1)), ({"advance": 1}, (1, 2))],
                     hand_size=(1, 1), steps=("main1",), library=(2, 5), players=(2, 3), size=(4, 6),
                     core=(("Llanowar Elves", "Puresight Merrow"), ("Judge of Currents",), ("Llanowar Elves",),
                           ("Forest", "Holy Strength")),
                     then=lambda case: _held_then_released(case).flatmap(
                         lambda case: _others_waiting(case, _can_start_phased(capabilities))))
    return aimed(capabilities, held, broad, held_among)


def _others_waiting(case: Case, can_start_phased: bool):
    """Every permanent but the one the first cast targets phased out under the seat whose untap step
    comes next (an Aura on a phased-out host indirectly with it, CR 702.26g), so they phase in
    together there (702.26a)."""
    targets = case.program[0].get("targets") if case.program else None
    if not can_start_phased or not targets or not _unattached(case.scenario):
        return st.just(case)
    held = targets[0].get("permanent")
    scenario = copy.deepcopy(case.scenario)
    for e in scenario["battlefield"]:
        if e["id"] != held:
            e.update(phased_out="directly", controller=_next_untap(scenario))
    return st.just(Case(scenario, case.program))


@st.composite
def _held_then_released(draw, case: Case) -> Case:
    """The first cast made by the active player on a creature of the board, the advances made to
    untap steps of later turns, and, mostly, Oubliette put into its owner's graveyard at the end."""
    scenario, program = case.scenario, list(case.program)
    creatures = [e["id"] for e in scenario["battlefield"] if "creature" in card(e["card"]).types]
    if not program or program[0]["type"] != "cast" or not creatures:
        return case
    program[0] = dict(program[0], player=scenario["active_player"],
                      targets=[{"permanent": draw(st.sampled_from(creatures))}])
    program[1:] = [dict(a, step="upkeep", turns=draw(integers(0, 1))) for a in program[1:]]
    if draw(integers(0, 3)):
        program.append({"type": "put_into_graveyard", "permanent": program[0]["id"]})
    return Case(scenario, tuple(program))


def _phased_fervor_labels(step):
    if step.action["type"] not in ("activate_mana", "activate"):
        return []
    away = any(e["card"] == "Fervor" and step.oracle_before["permanents"][e["id"]]["phased_out"]
               for e in step.scenario["battlefield"])
    return ["activation with a phased-out Fervor"] if away else []


@conformance_property(
    id="PHASE-008", title="A phased-out permanent's static abilities don't apply",
    rules=("702.26b",), cards=frozenset({"Fervor", "Glorious Anthem"}),
    actions=frozenset({"phase_out", "activate_mana"}),
    focus=frozenset({"phase_out", "activate_mana", "activate"}),
    labels=_phased_fervor_labels,
    situations=(
        Situation("a phased-out Fervor gives no haste", ("702.26b",), ("Fervor",)),),
    floors=(Floor("activation with a phased-out Fervor", 50),))
def phased_out_statics(capabilities):
    """Fervor and Glorious Anthem phased out while sick creatures try their {T} abilities and
    Vedalken Shackles measures power."""
    board = ("Fervor", "Glorious Anthem", "Llanowar Elves", "Pili-Pala", "Puresight Merrow",
             "Dryad Arbor", "Vedalken Shackles", "Island")
    broad = Aim(board=board,
                kinds=[({"phase_out": 1}, (1, 1)), ({"activate_mana": 3, "activate": 1}, (1, 3)),
                       ({"phase_out": 1, "activate_mana": 1}, (0, 2))],
                phased=0.1, sick=0.7, tapped=0.2, size=(2, 4), players=(2, 2),
                core=(("Fervor",),
                      ("Llanowar Elves", "Pili-Pala", "Dryad Arbor")))
    # Fervor phased out while its controller's summoning-sick creatures tap for mana.
    fervor_away = Aim(board=("Fervor", "Llanowar Elves", "Dryad Arbor", "Puresight Merrow"),
                      kinds=[({"phase_out": 1}, (1, 1)), ({"activate_mana": 1}, (1, 2)),
                             ({"phase_out": 1, "activate_mana": 1}, (0, 1))],
                      phased=0.0, sick=0.8, tapped=0.0, size=(2, 4), players=(2, 2),
                      core=(("Fervor",), ("Llanowar Elves", "Dryad Arbor")), then=_fervor_away)
    # The same beside a Glorious Anthem that stays phased in under Pili-Pala's controller, whose
    # static ability gives it +1/+1 (CR 613.4c) while the phased-out Fervor's gives no haste (702.26b).
    anthem_stays = Aim(board=("Fervor", "Llanowar Elves", "Dryad Arbor", "Glorious Anthem", "Pili-Pala"),
                       kinds=[({"phase_out": 1}, (1, 1)), ({"activate_mana": 1}, (1, 2)),
                              ({"phase_out": 1, "activate_mana": 1}, (0, 1))],
                       phased=0.0, sick=0.8, tapped=0.0, size=(4, 5), players=(2, 2),
                       core=(("Fervor",), ("Llanowar Elves", "Dryad Arbor"), ("Glorious Anthem",), ("Pili-Pala",)),
                       then=lambda case: _fervor_away(case).map(_anthem_stays))
    return aimed(capabilities, fervor_away, anthem_stays, broad)


def _anthem_stays(case: Case) -> Case:
    """Glorious Anthem phased in under a Pili-Pala's controller, and no phasing takes it out."""
    scenario = copy.deepcopy(case.scenario)
    anthems, pilis = _entries(scenario, ("Glorious Anthem",)), _entries(scenario, ("Pili-Pala",))
    if not anthems or not pilis:
        return case
    for anthem in anthems:
        anthem["controller"] = pilis[0]["controller"]
        _phased_in(anthem)
    away = {e["id"] for e in anthems}
    program = []
    for action in case.program:
        if action["type"] == "phase_out":
            action = dict(action, permanents=[p for p in action["permanents"] if p not in away])
            if not action["permanents"]:
                continue
        program.append(action)
    return Case(scenario, tuple(program))


def _first_phasing(program, pid: str) -> list:
    program, done = list(program), False
    for i, action in enumerate(program):
        if action["type"] == "phase_out" and not done:
            program[i], done = dict(action, permanents=[pid]), True
    return program


@st.composite
def _fervor_away(draw, case: Case) -> Case:
    """Fervor, controlled by a creature's controller, taken out by the first phasing; the creatures
    mostly summoning sick (a {Q} one tapped, so it can pay), their mana activations each in turn."""
    scenario = copy.deepcopy(case.scenario)
    fervors = _entries(scenario, ("Fervor",))
    creatures = [e for e in scenario["battlefield"] if "creature" in card(e["card"]).types]
    if not fervors or not creatures:
        return case
    fervor = fervors[0]
    fervor["controller"] = draw(st.sampled_from(creatures))["controller"]
    for e in creatures:
        if "sick" in e:                     # the engine has the scenario feature
            e["sick"] = e["sick"] or draw(integers(0, 3)) < 3
        if any(a.cost.untap for a in card(e["card"]).mana_abilities):
            e["tapped"] = True              # {Q} (Pili-Pala) is paid by untapping it (107.6)
    program = _first_phasing(case.program, fervor["id"])
    turns = draw(st.permutations([e["id"] for e in creatures if card(e["card"]).mana_abilities]))
    if turns:
        program = [dict(a, permanent=turns[i % len(turns)]) if a["type"] == "activate_mana" else a
                   for i, a in enumerate(program)]
    return Case(scenario, tuple(program))
