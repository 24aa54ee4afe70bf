"""Building blocks shared by the focused properties."""
from __future__ import annotations

from oracle.catalog import card
from properties.model import Case, Step
from properties.strategies import programs, scenarios


def supported(names, capabilities: dict) -> tuple:
    cards = set(capabilities.get("cards", ()))
    return tuple(n for n in names if n in cards)


def cases(capabilities: dict, board, hand=(), kinds=None, length=(1, 6), **scenario_options):
    """Cases drawn only from what the engine supports: its cards and its action types."""
    allowed = set(capabilities.get("actions", ()))
    if isinstance(kinds, list):
        kinds = [({k: w for k, w in ks.items() if k in allowed}, n) for ks, n in kinds]
    else:
        kinds = {k: w for k, w in kinds.items() if k in allowed}
    board, hand = supported(board, capabilities), supported(hand, capabilities)
    scenario_options["core"] = tuple(supported(group, capabilities)
                                     for group in scenario_options.get("core", ()))
    low, high = scenario_options.get("players", (2, 4))
    high = min(high, capabilities.get("max_players", 4))
    scenario_options["players"] = (min(low, high), high)
    return scenarios(board, hand, **scenario_options).flatmap(
        lambda sc: programs(sc, kinds, length).map(lambda p: Case(sc, tuple(p))))


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
