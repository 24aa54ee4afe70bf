"""A player leaving a multiplayer game (CR 800.4a, 603.6c, 702.26k)."""
from __future__ import annotations

import copy
from functools import partial

from attrs import evolve
from hypothesis import strategies as st

from mtg_conformance.properties.areas.common import accepted, aimed, fresh_ids
from mtg_conformance.properties.coverage import Floor, Situation
from mtg_conformance.properties.model import Case, conformance_property
from mtg_conformance.properties.strategies import Aim, BOOLEANS, STEP_NAMES, integers


def _owners(scenario: dict) -> dict:
    return {e["id"]: e.get("owner", e["controller"]) for e in scenario["battlefield"]}


def _departure_labels(step):
    if step.action["type"] != "concede" or not accepted(step):
        return []
    seat, owners = step.action["player"], _owners(step.scenario)
    labels = ["player conceded"]
    before = step.oracle_before["permanents"]
    if any(owners[pid] == seat and before[pid]["phased_out"] for pid in owners):
        labels.append("departing owner had a phased-out permanent")
    if any(p["attached_to"] == {"player": seat} for p in before.values()):
        labels.append("departing player was enchanted")
    if any(owners[pid] != seat and before[pid]["controller"] == seat for pid in owners):
        labels.append("departing player controlled another's permanent")
    if any(owners[pid] != seat and before[pid]["controller"] == seat and before[pid]["phased_out"]
           for pid in owners):
        labels.append("departing player controlled another's phased-out permanent")
        if not any(owners[pid] == seat and before[pid]["zone"] == "battlefield" for pid in owners):
            labels.append("departing player owned nothing on the battlefield but controlled another's "
                          "phased-out permanent")
    cards = {e["id"]: e["card"] for e in step.scenario["battlefield"]}
    if any(owners[pid] != seat and before[pid]["controller"] == seat and not before[pid]["phased_out"]
           and before[pid]["zone"] == "battlefield" and cards[pid] == "Aven Riftwatcher" for pid in owners):
        labels.append("departing player controlled another's Aven Riftwatcher")
    return labels


@conformance_property(
    id="LEAVE-001", title="A departing player's objects leave the game at once",
    rules=("800.4a", "603.6c", "702.26k", "303.4c"),
    cards=frozenset({"Psychic Possession", "Aven Riftwatcher", "Control Magic"}),
    actions=frozenset({"concede"}), observes=frozenset({"triggered"}),
    labels=_departure_labels,
    situations=(
        Situation("a departing owner's phased-out permanent leaves with no leaves trigger", ("702.26k",)),
        Situation("a departing player's Psychic Possession leaves the game", ("800.4a",), ("Psychic Possession",)),
        Situation("a departing owner's permanent with a leaves ability leaves", ("603.6c", "800.4d"),
                  ("Aven Riftwatcher",)),
        Situation("a departing controller's phased-out permanent, owned by another, is exiled", ("800.4a",),
                  decides=("what-they-control-is-exiled", "permanents.*.phased_out")),
        Situation("the turn of an active player who left goes on without them", ("800.4j",))),
    floors=(Floor("player conceded", 50), Floor("departing owner had a phased-out permanent", 10),
            Floor("departing player was enchanted", 3),
            Floor("departing player controlled another's permanent", 10),
            Floor("departing player controlled another's phased-out permanent", 15),
            Floor("departing player owned nothing on the battlefield but controlled another's "
                  "phased-out permanent", 8),
            Floor("departing player controlled another's Aven Riftwatcher", 8)))
def leaving_the_game(capabilities):
    """Three and four players; concessions with owned, stolen, phased-out and enchanting permanents."""
    board = ("Psychic Possession", "Aven Riftwatcher", "Control Magic", "Soul Warden", "Forest",
             "Teferi's Imp", "Llanowar Elves", "Pacifism", "Hangarback Walker")
    broad = Aim(board=board + ("Sandbar Crocodile", "Curse of the Pierced Heart"),
                kinds={"concede": 3, "phase_out": 1, "change_control": 1, "advance": 1},
                players=(3, 4), size=(2, 8), phased=0.25, library=(0, 3),   # drawing from an
                # empty library is a way to leave the game (CR 704.5b, 800.4a); what a departing
                # player controls but doesn't own is exiled, phased out or not (800.4a, 702.26n)
                owned_elsewhere=0.4,
                core=(("Psychic Possession", "Aven Riftwatcher", "Control Magic"),))
    after = evolve(broad, kinds={"concede": 1, "phase_out": 1, "change_control": 1, "advance": 1},
                   length=(0, 2))
    riftwatcher = evolve(after, core=(("Aven Riftwatcher",),))
    possessed = evolve(after, core=(("Psychic Possession",),))
    phased = evolve(riftwatcher, then=_owner_of_phased_out_riftwatcher_leaves)
    present = evolve(riftwatcher, then=_owner_of_riftwatcher_leaves)
    enchanted = evolve(possessed, then=_enchanted_player_leaves)
    # A player leaves whose Soul Warden and Hangarback Walker other players' Pacifism and Control
    # Magic enchant, with their Psychic Possession, whose Aven Riftwatcher's leaves ability
    # triggers (800.4a, 603.6c), and whom another's Psychic Possession enchants: the Auras stay
    # until state-based actions put them into their owners' graveyards (303.4c, 704.5m). Then the
    # next player's Riftwatcher enchanted by Pacifism, Llanowar Elves, a Soul Warden, Hangarback
    # Walkers and Psychic Possession phase out (702.26g) and phase in at once in that player's untap step, as
    # their Teferi's Imp phases out (702.26a).
    pacified = evolve(after, core=(("Aven Riftwatcher",),), size=(1, 3), players=(3, 4),
                      then=partial(_pacified_owner_leaves_then_untap_phasing,
                                   cards=frozenset(capabilities.get("cards", ()))))
    # A player leaves who controls a permanent another player owns: a phased-out one is exiled all
    # the same (800.4a, 702.26n); a phased-in Aven Riftwatcher's leaves ability triggers (603.6c).
    held = partial(_controller_of_anothers_permanent_leaves, actions=frozenset(capabilities.get("actions", ())))
    stolen_phased = evolve(after, then=partial(held, phased_out=True))
    stolen_rift = evolve(after, then=partial(held, phased_out=False))
    # The active player leaves and the game goes on (800.4j, 800.4k).
    active = evolve(after, then=_active_player_leaves_then_the_game_goes_on)
    return aimed(capabilities, phased, present, enchanted, phased, pacified, stolen_phased, enchanted,
                 evolve(after, owned_elsewhere=0.6, then=_owner_or_controller_leaves), stolen_phased,
                 active, stolen_rift, active, broad)


@leaving_the_game.claims(rules=("800.4a",))
def _departure_claim(step):
    """CR 800.4a: everything a departing player owns leaves the game — not the graveyard."""
    if step.action["type"] != "concede" or step.engine_after["rejected"] is not None:
        return None
    seat = step.action["player"]
    for pid, owner in _owners(step.scenario).items():
        before, after = step.engine_before["permanents"].get(pid), step.engine_after["permanents"].get(pid)
        if owner == seat and before and before["zone"] == "battlefield" and after \
                and after["zone"] not in ("left_game", "none"):
            return (f"{pid}, owned by player {seat} who left the game, is now in {after['zone']}; what a "
                    "departing player owns leaves the game (CR 800.4a)")
    return None


PACIFIED = ("Aven Riftwatcher", "Soul Warden", "Hangarback Walker", "Pacifism", "Control Magic",
            "Llanowar Elves", "Psychic Possession", "Teferi's Imp")


@st.composite
def _pacified_owner_leaves_then_untap_phasing(draw, case: Case, cards: frozenset) -> Case:
    """With A the active player, S the next and X a third: X, who owns a Soul Warden and a
    Hangarback Walker that other players' Pacifism and Control Magic enchant, an Aven Riftwatcher
    another player's Control Magic enchants and a Psychic Possession, and whom A's Psychic
    Possession enchants, leaves the game (CR 800.4a, 603.6c, 303.4c, 704.5m); S's Aven Riftwatcher
    enchanted by Pacifism, Llanowar Elves, a Soul Warden, two Hangarback Walkers and Psychic
    Possession (on A) phase out (702.26g), and S's untap step phases them in as S's Teferi's Imp
    phases out (702.26a). Only with all of the engine's `cards`."""
    seats = len(case.scenario["players"])
    if not set(PACIFIED) <= cards or seats < 3:
        return case
    scenario = copy.deepcopy(case.scenario)
    active = scenario["active_player"]
    nxt, leaver = (active + 1) % seats, (active + 2) % seats
    fresh = fresh_ids(scenario)

    def put(name, controller, **more):
        entry = {"id": next(fresh), "card": name, "controller": controller, "tapped": draw(BOOLEANS),
                 "sick": False, **more}
        if name == "Aven Riftwatcher":
            entry["counters"] = {"time": draw(integers(1, 3))}
        if name == "Hangarback Walker":
            entry["counters"] = {"+1/+1": draw(integers(1, 3))}
        scenario["battlefield"].append(entry)
        return entry["id"]

    others = [s for s in range(seats) if s != leaver]
    for host, auras in (("Soul Warden", ("Pacifism", "Control Magic")),
                        ("Hangarback Walker", ("Pacifism", "Control Magic")),
                        ("Aven Riftwatcher", ("Control Magic",))):
        pid = put(host, leaver)
        for aura in auras:
            put(aura, draw(st.sampled_from(others)), attached_to={"permanent": pid})
    put("Psychic Possession", leaver, attached_to={"player": active})
    put("Psychic Possession", active, attached_to={"player": leaver})
    rift = put("Aven Riftwatcher", nxt)
    put("Pacifism", draw(integers(0, seats - 1)), attached_to={"permanent": rift})
    phasing = [rift, put("Llanowar Elves", nxt), put("Soul Warden", nxt), put("Hangarback Walker", nxt),
               put("Hangarback Walker", nxt), put("Psychic Possession", nxt, attached_to={"player": active})]
    put("Teferi's Imp", nxt)
    program = ({"type": "concede", "player": leaver},
               {"type": "phase_out", "permanents": phasing},
               {"type": "advance", "step": "upkeep", "turns": 1, "optional": draw(BOOLEANS)})
    return Case(scenario, program + case.program)


def _conceding(draw, case: Case, seat: int, prelude=()) -> Case:
    """`case` whose program starts with `prelude` and player `seat` conceding."""
    return Case(case.scenario, tuple(prelude) + ({"type": "concede", "player": seat},) + case.program)


def _riftwatchers(scenario: dict, phased_out: bool) -> list:
    return [e for e in scenario["battlefield"] if e["card"] == "Aven Riftwatcher"
            and bool(e.get("phased_out")) == phased_out]


@st.composite
def _owner_of_riftwatcher_leaves(draw, case: Case) -> Case:
    """The owner of a phased-in Aven Riftwatcher leaves: it leaves the battlefield, and its leaves
    trigger fires (CR 800.4a, 603.6c)."""
    rifts = _riftwatchers(case.scenario, False)
    if not rifts:
        return case
    rift = draw(st.sampled_from(rifts))
    return _conceding(draw, case, rift.get("owner", rift["controller"]))


@st.composite
def _owner_of_phased_out_riftwatcher_leaves(draw, case: Case) -> Case:
    """The owner of a phased-out Aven Riftwatcher (phased out by the scenario or by an effect
    first) leaves: it leaves the game without its leaves trigger (CR 702.26k)."""
    phased, prelude = _riftwatchers(case.scenario, True), []
    if not phased or draw(BOOLEANS):
        present = _riftwatchers(case.scenario, False)
        if present:
            phased = [draw(st.sampled_from(present))]
            prelude = [{"type": "phase_out", "permanents": [phased[0]["id"]]}]
    if not phased:
        return case
    rift = draw(st.sampled_from(phased))
    return _conceding(draw, case, rift.get("owner", rift["controller"]), prelude)


@st.composite
def _enchanted_player_leaves(draw, case: Case) -> Case:
    """The player a Psychic Possession enchants leaves: the Aura, owned by someone else, stays
    until state-based actions put it into its owner's graveyard (CR 303.4c, 704.5m)."""
    enchanting = [e for e in case.scenario["battlefield"] if e["card"] == "Psychic Possession"
                  and "player" in (e.get("attached_to") or {})]
    if not enchanting:
        return case
    return _conceding(draw, case, draw(st.sampled_from(enchanting))["attached_to"]["player"])


@st.composite
def _owner_or_controller_leaves(draw, case: Case) -> Case:
    """The owner, or the controller, of a permanent owned by one player and controlled by another
    leaves (CR 800.4a: the owner's leaves the game, the controller's is exiled)."""
    split = [e for e in case.scenario["battlefield"] if e.get("owner", e["controller"]) != e["controller"]]
    if not split:
        return case
    entry = draw(st.sampled_from(split))
    return _conceding(draw, case, draw(st.sampled_from((entry["owner"], entry["controller"]))))


def _owning_nothing_else(draw, scenario: dict, leaver: int, kept=None) -> None:
    """Half the time, the other players own every permanent on the battlefield that `leaver` owned
    (but `kept`): then their departure moves nothing they own, and a departure from one of its
    later decisions can't hide behind an earlier one (blame names the first: properties/blame.py)."""
    others = [s for s in range(len(scenario["players"])) if s != leaver]
    if draw(BOOLEANS):
        for e in scenario["battlefield"]:
            if e is not kept and e.get("owner", e["controller"]) == leaver:
                e["owner"] = draw(st.sampled_from(others))


@st.composite
def _controller_of_anothers_permanent_leaves(draw, case: Case, actions: frozenset, phased_out: bool) -> Case:
    """A player controls a permanent another player owns, with nothing attached to it and attached
    to nothing, and leaves, perhaps owning nothing else on the battlefield: what they still control
    is exiled (CR 800.4a). `phased_out`: it is phased out, in the scenario or by an effect first
    (with the engine's `actions`), and exiled all the same (702.26n); else it is a phased-in Aven
    Riftwatcher, whose leaves ability triggers (603.6c) — controlled by a departed player, it isn't
    put on the stack (800.4d)."""
    field = case.scenario["battlefield"]
    hosts = {(e.get("attached_to") or {}).get("permanent") for e in field}
    bare = [e["id"] for e in field if not e.get("attached_to") and e["id"] not in hosts
            and (phased_out or e["card"] == "Aven Riftwatcher")]
    if not bare:
        return case
    scenario = copy.deepcopy(case.scenario)
    seats = len(scenario["players"])
    chosen = draw(st.sampled_from(bare))
    entry = next(e for e in scenario["battlefield"] if e["id"] == chosen)
    leaver = draw(integers(0, seats - 1))
    owner = entry.get("owner", entry["controller"])
    entry["owner"] = owner if owner != leaver else draw(st.sampled_from([s for s in range(seats) if s != leaver]))
    entry["controller"] = leaver
    prelude = ()
    if not phased_out:
        entry.pop("phased_out", None)
    elif not entry.get("phased_out"):
        if "phase_out" in actions and draw(BOOLEANS):
            prelude = ({"type": "phase_out", "permanents": [entry["id"]]},)
        else:
            entry["phased_out"] = "directly"
    _owning_nothing_else(draw, scenario, leaver, kept=entry)
    return _conceding(draw, Case(scenario, case.program), leaver, prelude)


@st.composite
def _active_player_leaves_then_the_game_goes_on(draw, case: Case) -> Case:
    """The active player leaves, perhaps owning nothing else on the battlefield, and the game
    advances, mostly to a later step of the same turn: their turn goes on to its end without them
    (CR 800.4j); their turns don't begin (800.4k)."""
    scenario = copy.deepcopy(case.scenario)
    leaver = scenario["active_player"]
    _owning_nothing_else(draw, scenario, leaver)
    later = STEP_NAMES[STEP_NAMES.index(scenario["step"]) + 1:]
    same_turn = bool(later) and draw(integers(0, 3)) > 0
    advance = {"type": "advance", "step": draw(st.sampled_from(later if same_turn else STEP_NAMES)),
               "turns": 0 if same_turn else 1, "optional": draw(BOOLEANS)}
    return Case(scenario, ({"type": "concede", "player": leaver}, advance) + case.program)
