"""Curses — Auras that enchant a player — whose triggers and statics follow the player they enchant
(CR 303.4, 303.4e, 603.2), moved between players (701.3) and losing their player (303.4c, 704.5m)."""
from __future__ import annotations

import copy

from attrs import evolve
from hypothesis import strategies as st

from mtg_conformance.properties.areas.common import aimed
from mtg_conformance.properties.coverage import Floor, Situation
from mtg_conformance.properties.model import Case, conformance_property
from mtg_conformance.properties.strategies import Aim, integers

TRIGGERING_CURSES = ("Curse of the Pierced Heart", "Curse of Thirst")
CURSES = TRIGGERING_CURSES + ("Curse of Death's Hold",)
UPKEEP_NEXT_TURN = {"type": "advance", "step": "upkeep", "turns": 1}


def _cards_by_id(step) -> dict:
    names = {e["id"]: e["card"] for e in step.scenario["battlefield"]}
    names.update({a["id"]: a["card"] for a in (step.action,) if a.get("id") and a.get("card")})
    return names


def _curses_on_battlefield(step):
    """(id, observed permanent) of each phased-in Curse on the battlefield, per the engine."""
    names = _cards_by_id(step)
    return [(pid, p) for pid, p in step.engine_after["permanents"].items()
            if names.get(pid) in CURSES and p["zone"] == "battlefield" and not p["phased_out"]]


def _curse_labels(step):
    a, after = step.action, step.oracle_after
    names = _cards_by_id(step)
    if a["type"] == "advance":
        fired = [src for src, ev in after["triggered"] if ev == "upkeep" and names.get(src) in CURSES]
        return ["advance: " + ("a Curse triggered" if fired else "no Curse triggered")]
    if a["type"] == "attach" and names.get(a["permanent"]) in CURSES:
        if after["rejected"] is not None:
            return [f"attach a Curse: rejected ({after['rejected']})"]
        moved = after["permanents"][a["permanent"]]["attached_to"] == a["to"]
        return ["attach a Curse: " + ("moved" if moved else "didn't move")]
    if a["type"] == "concede":
        return ["concede"]
    return []


def _placed_curses(scenario: dict) -> list:
    return [e for e in scenario["battlefield"] if e["card"] in TRIGGERING_CURSES and not e.get("phased_out")]


@st.composite
def _to_the_enchanted_players_upkeep(draw, case: Case) -> Case:
    """The turn before the upkeep of a player a triggering Curse enchants: advancing to the next
    upkeep reaches theirs (CR 603.2), then the drawn actions (moves, control changes) and another
    upkeep."""
    curses = _placed_curses(case.scenario)
    if not curses:
        return case
    scenario = copy.deepcopy(case.scenario)
    seat = draw(st.sampled_from(curses))["attached_to"]["player"]
    scenario["active_player"] = (seat - 1) % len(scenario["players"])
    return Case(scenario, (UPKEEP_NEXT_TURN,) + case.program + (UPKEEP_NEXT_TURN,))


@st.composite
def _enchanted_player_concedes(draw, case: Case) -> Case:
    """The player a Curse enchants concedes (CR 800.4a): the Curse goes to its owner's graveyard
    (303.4c, 704.5m); then the next upkeep."""
    curses = _placed_curses(case.scenario)
    if not curses:
        return case
    seat = draw(st.sampled_from(curses))["attached_to"]["player"]
    at = draw(integers(0, len(case.program)))
    program = case.program[:at] + ({"type": "concede", "player": seat},) + case.program[at:]
    return Case(case.scenario, program + (UPKEEP_NEXT_TURN,))


@conformance_property(
    id="AURA-101", title="A Curse's trigger follows the player it enchants",
    rules=("603.2", "303.4", "303.4e", "303.4c", "704.5m", "608.2h", "120.3", "800.4a"),
    cards=frozenset(CURSES), actions=frozenset({"advance", "change_control", "attach", "concede"}),
    labels=_curse_labels,
    situations=(
        Situation("a Curse triggers at the beginning of the enchanted player's upkeep", ("603.2",),
                  one_of=TRIGGERING_CURSES),
        Situation("Curse of Thirst counts the Curses attached to that player", ("608.2h",),
                  ("Curse of Thirst",)),
        Situation("a Curse whose player left the game goes to the graveyard", ("303.4c",),
                  one_of=CURSES)),
    floors=(Floor("advance: a Curse triggered", 60), Floor("concede", 15)))
def curse_triggers(capabilities):
    """Curses on players, given away and moved, through the upkeeps of the players they enchant and
    of their controllers; a cursed player concedes."""
    board = TRIGGERING_CURSES + ("Psychic Possession", "Grizzly Bears", "Forest")
    hand = CURSES
    upkeep = Aim(board=board, hand=hand,
                 kinds={"change_control": 2, "attach": 2, "cast": 1}, length=(0, 2),
                 steps=("main1", "main2", "end"), players=(2, 4), size=(2, 5), tapped=0.1, phased=0.05,
                 core=(TRIGGERING_CURSES,), then=_to_the_enchanted_players_upkeep)
    thirst = evolve(upkeep, core=(("Curse of Thirst",), TRIGGERING_CURSES), players=(2, 3))
    leave = Aim(board=board, hand=hand, kinds={"change_control": 1, "attach": 1}, length=(0, 1),
                steps=("main1", "end"), players=(3, 4), size=(2, 5), tapped=0.1, phased=0.0,
                core=(TRIGGERING_CURSES,), then=_enchanted_player_concedes)
    return aimed(capabilities, upkeep, thirst, leave)


@curse_triggers.claims(rules=("303.4c", "704.5m"))
def _curse_on_a_player_in_the_game_claim(step):
    """After state-based actions a Curse on the battlefield enchants a player still in the game —
    while the game goes on: once it is over no state-based action follows (104.2a, 104.1)."""
    players = step.engine_after["players"]
    if sum(bool(p["in_game"]) for p in players) < 2:
        return None
    for pid, p in _curses_on_battlefield(step):
        seat = (p.get("attached_to") or {}).get("player")
        if seat is None:
            return (f"{pid} (enchant player) is attached to {p.get('attached_to')}, not a player "
                    "(CR 702.5d, 704.5m)", ("702.5d", "704.5m"))
        if not players[seat]["in_game"]:
            return (f"{pid} still enchants player {seat}, who has left the game (CR 303.4c, 704.5m)",
                    ("303.4c", "704.5m"))
    return None


# -- AURA-102: moving a Curse ---------------------------------------------------------------------

@st.composite
def _every_curse_moved(draw, case: Case) -> Case:
    """Each Curse on the battlefield is moved (CR 701.3a) to every seat and to a permanent, in a
    drawn order: to another player it moves, to the one it is on nothing happens (701.3c), to a
    permanent it doesn't move (702.5d, 701.3b); then the drawn actions."""
    field = [e for e in case.scenario["battlefield"] if not e.get("phased_out")]
    curses = [e["id"] for e in field if e["card"] in CURSES]
    others = [e["id"] for e in field if e["card"] not in CURSES]
    seats = range(len(case.scenario["players"]))
    moves = [{"type": "attach", "permanent": c, "to": {"player": s}} for c in curses for s in seats]
    moves += [{"type": "attach", "permanent": c, "to": {"permanent": draw(st.sampled_from(others))}}
              for c in curses if others]
    if not moves:
        return case
    return Case(case.scenario, tuple(draw(st.permutations(moves))) + case.program)


@conformance_property(
    id="AURA-102", title="Moving a Curse follows its enchant restriction",
    rules=("701.3a", "701.3b", "701.3c", "702.5d", "303.4", "303.4a"),
    cards=frozenset(CURSES), actions=frozenset({"attach"}), labels=_curse_labels,
    situations=(
        Situation("a Curse moves to another player", ("701.3a",), one_of=CURSES),
        Situation("a Curse can't be moved onto a permanent", ("701.3b",), one_of=CURSES),
        Situation("a Curse moved to the player it enchants: nothing happens", ("701.3c",),
                  one_of=CURSES)),
    floors=(Floor("attach a Curse: moved", 100), Floor("attach a Curse: didn't move", 50)))
def move_curses(capabilities):
    """Curses on the battlefield moved to every player and onto permanents, Curse spells cast at
    players and permanents, a player conceding between the moves."""
    board = TRIGGERING_CURSES + ("Grizzly Bears", "Savannah Lions", "Forest", "Psychic Possession")
    sweep = Aim(board=board, hand=CURSES, kinds={"attach": 2, "cast": 1, "concede": 1}, length=(0, 2),
                steps=("main1", "main2"), players=(2, 4), size=(3, 6), tapped=0.1, phased=0.05,
                core=(TRIGGERING_CURSES, ("Grizzly Bears", "Savannah Lions", "Forest")),
                then=_every_curse_moved)
    return aimed(capabilities, sweep)


@move_curses.claims(rules=("702.5d", "701.3b"))
def _curse_never_on_a_permanent_claim(step):
    for pid, p in _curses_on_battlefield(step):
        if "permanent" in (p.get("attached_to") or {}):
            return (f"{pid} (enchant player) is attached to the permanent {p['attached_to']['permanent']} "
                    "(CR 702.5d, 701.3b)", ("702.5d", "701.3b"))
    return None
