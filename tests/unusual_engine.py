"""A test engine that follows the rules faithfully but with habits the contract allows, which a
certificate must not count against it (tests/properties/test_whole_certificates.py: no finding):

- it answers a rejected action with each acceptable rejection class in turn, when several apply
  (the oracle adapter's `acceptable_reasons()`; docs/contract.md), not always the oracle's first;
- it ignores the fields of an action that don't apply to what it names — `targets` for a spell or
  ability that doesn't target, `x` where there is no X, `color` for an ability of one fixed type —
  acting on the action without them;
- it reports an action that changes nothing (a no-op the contract accepts) as accepted with its last
  observation as it stands, without consulting its rules again.

`habits` counts how often each habit changed what it did, so a test can show the certificate met
them (a habit never exercised proves nothing).
"""
from __future__ import annotations

import copy
from collections import Counter

from mtg_conformance.adapters.oracle_adapter import OracleEngine
from mtg_conformance.oracle.catalog import CATALOG, card
from mtg_conformance.oracle.registry import entry


def _targets(name: str) -> bool:
    """Does casting `name` choose targets (an Aura's, an instant's or sorcery's, or a triggered
    ability's — by its declared target, or its effect's wording: Guardian of Faith's "any number of
    other target creatures" declares none)?"""
    c = card(name)
    return bool(c.enchant or c.spell_target
                or any(t.target or "target" in entry("effect", t.effect).text for t in c.triggered))


def _has_x(name: str) -> bool:
    c = card(name)
    costs = [a.cost for a in (*c.mana_abilities, *c.activated)]
    return c.x_cost or any(cost.x or cost.counters_x for cost in costs)


class UnusualEngine(OracleEngine):
    name = "unusual"
    habits: Counter = Counter()                 # over every instance: a certificate makes many

    def __init__(self):
        super().__init__()
        self.turn = 0                           # which acceptable class to answer next

    def identity(self) -> dict:
        return {**super().identity(), "name": "unusual"}

    def start(self, scenario: dict) -> dict:
        self.last = super().start(scenario)
        return copy.deepcopy(self.last)

    def act(self, action: dict) -> dict:
        action = self._applicable(action)
        observation = super().act(action)
        reasons = sorted(self.acceptable_reasons())
        if len(reasons) > 1:
            self.turn += 1
            chosen = reasons[self.turn % len(reasons)]
            self.habits["another acceptable class"] += chosen != observation["rejected"]
            observation["rejected"] = chosen
        elif observation["rejected"] is None and self._unchanged(observation):
            self.habits["no-op accepted"] += 1
            observation = {**copy.deepcopy(self.last), "triggered": [], "rejected": None}
        self.last = observation
        return copy.deepcopy(observation)

    def _unchanged(self, observation: dict) -> bool:
        return all(observation[k] == self.last[k] for k in ("permanents", "players")) \
            and not observation["triggered"]

    def _applicable(self, action: dict) -> dict:
        """`action` without the fields that don't apply to what it names."""
        game, named = self.game.game, None
        if action.get("type") == "cast":
            named = action.get("card")
        elif action.get("type") in ("activate", "activate_mana") and action.get("permanent") in game.permanents:
            named = game.permanents[action["permanent"]].card.name
        if named is None or named not in CATALOG:
            return action
        c, drop = card(named), set()
        if action["type"] == "cast" and "targets" in action and not _targets(named):
            drop.add("targets")
        if action["type"] == "activate" and "targets" in action:
            ability = action.get("ability", 0)
            if ability < len(c.activated) and not c.activated[ability].target:
                drop.add("targets")
        if "x" in action and not _has_x(named):
            drop.add("x")
        if action["type"] == "activate_mana" and "color" in action:
            ability = action.get("ability", 0)
            abilities = c.mana_abilities
            if ability < len(abilities) and abilities[ability].produces == "fixed" \
                    and len(abilities[ability].types) == 1:
                drop.add("color")
        self.habits["field ignored"] += bool(drop)
        return {k: v for k, v in action.items() if k not in drop}
