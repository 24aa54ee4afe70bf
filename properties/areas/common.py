"""Building blocks shared by the focused properties."""
from __future__ import annotations

import itertools

from attrs import evolve
from hypothesis import strategies as st

from mtg_conformance.adapters.contract import features_of, scenario_features
from mtg_conformance.oracle.catalog import card
from mtg_conformance.properties.model import Case, Cases, Plan, Step, Ungenerable
from mtg_conformance.properties.strategies import (BASICS, Aim, card_needs, features_used, placeable, programs,
                                                   scenarios)


def supported(names, capabilities: dict) -> tuple:
    cards = set(capabilities.get("cards", ()))
    return tuple(n for n in names if n in cards)


def seats(capabilities: dict, wanted=(2, 4)) -> tuple:
    """The seat range within the engine's `max_players`; Ungenerable if it has too few seats."""
    low, high = wanted
    most = capabilities.get("max_players", 4)
    if low > most:
        raise Ungenerable(f"needs games of {low} or more players; the engine declares max_players {most}")
    return low, min(high, most)


def battlefield_cards(names, capabilities: dict, features: frozenset, core: bool = False) -> tuple:
    """The supported cards of `names` a scenario within `features` can put on the battlefield (for a
    `core` group, Equipment attached); Ungenerable if features alone rule out every supported one."""
    names = supported(names, capabilities)
    fitting = placeable(names, features, attached=core)
    if names and not fitting:
        missing = sorted(set().union(*(card_needs(n, core) for n in names)) - features)
        raise Ungenerable(f"can't put any of {', '.join(sorted(set(names)))} on the battlefield without "
                          f"the scenario feature(s) {', '.join(missing)}")
    return fitting


def library_cards(capabilities: dict, library=(1, 4)) -> tuple:
    """The basic lands the engine supports, in BASICS order, for libraries of `library` (fewest, most)
    cards; Ungenerable if a library must hold a card and the engine declares no basic land."""
    basics = supported(BASICS, capabilities)
    if library[0] and not basics:
        raise Ungenerable("needs a basic land to put in libraries (a library holds at least one card "
                          "here); the engine declares none")
    return basics


def unheld_card(capabilities: dict) -> str:
    """The card a `cast` from an empty hand names (rejected: not in hand): one the engine declares."""
    cards = sorted(capabilities.get("cards", ()))
    return "Forest" if "Forest" in cards or not cards else cards[0]


def _within(capabilities: dict, aim: Aim) -> Cases:
    """Cases of one aim drawn only from what the engine supports: its cards, its action types and
    its scenario features; Ungenerable if the aim's cards can't meet within those features."""
    allowed = set(capabilities.get("actions", ()))
    if isinstance(aim.kinds, list):
        kinds = [({k: w for k, w in ks.items() if k in allowed}, n) for ks, n in aim.kinds]
    else:
        kinds = {k: w for k, w in aim.kinds.items() if k in allowed}
    features = scenario_features(capabilities)
    players = seats(capabilities, aim.players)
    board = battlefield_cards(aim.board, capabilities, features)
    core = tuple(battlefield_cards(group, capabilities, features, core=True) for group in aim.core)
    if not board and not any(core):
        raise Ungenerable(f"the engine declares none of the cards {', '.join(sorted(set(aim.board)))}")
    drawn = evolve(aim, board=board, hand=supported(aim.hand, capabilities), core=core, players=players)
    basics, unheld = library_cards(capabilities, aim.library), unheld_card(capabilities)
    strategy = scenarios(drawn, features, basics).flatmap(
        lambda sc: programs(sc, kinds, aim.length, unheld).map(lambda p: Case(sc, tuple(p))))
    used = set().union(*(ks for ks, _ in kinds)) if isinstance(kinds, list) else set(kinds)
    plan = Plan(features_used(board, features, aim.phased, aim.sick), players,
                frozenset(board + drawn.hand).union(*core), frozenset(used))
    if aim.then is not None:
        strategy = strategy.flatmap(lambda case, then=aim.then: then(case).map(
            lambda arranged, case=case: arranged if _declared(arranged, capabilities) else case))
    return Cases(strategy, plan)


def aimed(capabilities: dict, *aims: Aim) -> Cases:
    """Cases from several aims, each for one situation that makes the property's rules bite (its
    cards as `core`, the actions that reach it as staged `kinds`, and optionally `then` to arrange
    the harness's choices it needs; an arranged case that needs a card, action or scenario feature
    the engine didn't declare falls back to the drawn one). A case takes one aim (an aim named
    twice is taken twice as often), so each situation is reached on purpose rather than by luck.
    An aim the engine's capabilities can't generate is left out; Ungenerable if none can be."""
    built, why = [], None
    for aim in aims:
        try:
            built.append(_within(capabilities, aim))
        except Ungenerable as reason:
            why = why or reason
    if not built:
        raise why
    plans = [b.plan for b in built]
    return Cases(st.one_of([b.strategy for b in built]),
                 Plan(frozenset().union(*(p.features for p in plans)),
                      (min(p.players[0] for p in plans), max(p.players[1] for p in plans)),
                      frozenset().union(*(p.cards for p in plans)),
                      frozenset().union(*(p.actions for p in plans))))


def _declared(case: Case, capabilities: dict) -> bool:
    """Does an arranged case keep to the engine's declared cards, action types and scenario
    features? One that doesn't is given up for the case it arranged, so generation never leaves
    what was declared."""
    return (case.cards() <= set(capabilities.get("cards", ()))
            and {a["type"] for a in case.program} <= set(capabilities.get("actions", ()))
            and features_of(case.scenario) <= scenario_features(capabilities))


def fresh_ids(scenario: dict):
    """Ids for the permanents an arrangement adds to `scenario`: p0, p1, … skipping those it has."""
    taken = {e["id"] for e in scenario["battlefield"]}
    return (f"p{i}" for i in itertools.count() if f"p{i}" not in taken)


def pool_total(observation: dict, seat: int) -> int:
    return sum(observation["players"][seat]["mana"].values())


def entry_card(scenario: dict, pid: str):
    """The catalog card of a scenario permanent, or None for an id the scenario doesn't have."""
    entry = next((e for e in scenario["battlefield"] if e["id"] == pid), None)
    return card(entry["card"]) if entry else None


def on_board(step: Step, names) -> bool:
    """Is one of `names` a phased-in permanent, per the oracle, before this step?"""
    return any(e["card"] in names and not step.oracle_before["permanents"][e["id"]]["phased_out"]
               and step.oracle_before["permanents"][e["id"]]["zone"] == "battlefield"
               for e in step.scenario["battlefield"])


def accepted(step: Step) -> bool:
    return step.oracle_after["rejected"] is None
