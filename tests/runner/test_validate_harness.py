"""validate-harness honours what an engine declares (docs/contract.md#capabilities): an optional part of
the observation (power and toughness, damage, counters, tokens, triggered) is checked when the engine
declares it — missing or wrong is a problem — and ignored when it doesn't, whether reported or not."""
from __future__ import annotations

import sys

import pytest

from mtg_conformance.adapters.oracle_adapter import OracleEngine
from mtg_conformance.runner.validate_harness import validate_harness

OPTIONAL = ("power_toughness", "damage", "counters", "tokens", "triggered")


class Declares(OracleEngine):
    """The oracle, declaring only the optional parts `observes`, and changing what it reports with
    `alter(observation)`."""

    observes: tuple = OPTIONAL

    def capabilities(self) -> dict:
        return {**super().capabilities(), "observes": list(self.observes)}

    def alter(self, observation: dict) -> dict:
        return observation

    def start(self, scenario: dict) -> dict:
        return self.alter(super().start(scenario))

    def act(self, action: dict) -> dict:
        return self.alter(super().act(action))


def _engine(monkeypatch, name: str, observes: tuple, alter) -> str:
    """Register `Declares` with `observes` and `alter` as module:NAME:Engine; its engine name."""
    module = type(sys)(name)
    module.Engine = type("Engine", (Declares,), {"observes": observes, "alter": staticmethod(alter)})
    monkeypatch.setitem(sys.modules, name, module)
    return f"module:{name}:Engine"


def _each_permanent(change):
    def alter(observation):
        for p in observation["permanents"].values():
            change(p)
        return observation
    return alter


def _without(*fields):
    return _each_permanent(lambda p: [p.pop(field, None) for field in fields])


def test_the_oracle_declaring_every_part_is_ok():
    assert validate_harness("oracle") == []


@pytest.mark.parametrize("observes", [OPTIONAL, (), ("counters", "triggered")])
def test_what_is_reported_as_declared_is_ok(monkeypatch, observes):
    """Declared and reported, or undeclared and reported anyway: no problem either way."""
    assert validate_harness(_engine(monkeypatch, "declares_some", observes, lambda o: o)) == []


def test_undeclared_parts_may_be_left_out_or_be_anything(monkeypatch):
    wrong = _each_permanent(lambda p: p.update(power=7, damage=3, counters={"time": 1}))
    assert validate_harness(_engine(monkeypatch, "undeclared_wrong", ("tokens",), wrong)) == []
    missing = _without("power", "toughness", "damage")
    assert validate_harness(_engine(monkeypatch, "undeclared_missing", (), missing)) == []


def test_a_declared_part_missing_is_a_problem(monkeypatch):
    problems = validate_harness(_engine(monkeypatch, "declared_missing", OPTIONAL, _without("power", "damage")))
    assert "a fresh scenario: first observation: permanents/a/power: missing" in problems
    assert "a fresh scenario: first observation: permanents/b/damage: missing" in problems
    assert not any("toughness" in problem for problem in problems)


def test_a_declared_part_wrong_is_a_problem(monkeypatch):
    wrong = _each_permanent(lambda p: p.update(toughness=2, counters={"time": 1}))
    problems = validate_harness(_engine(monkeypatch, "declared_wrong", ("power_toughness", "counters"), wrong))
    assert "a fresh scenario: first observation: permanents/a/toughness: expected null, got 2" in problems
    assert "a fresh scenario: first observation: permanents/a/counters/time: unexpected" in problems


def test_a_required_part_is_still_checked(monkeypatch):
    """What every engine reports (here a permanent's `tapped`) is checked, declared or not."""
    untapped = _each_permanent(lambda p: p.update(tapped=False))
    problems = validate_harness(_engine(monkeypatch, "always_untapped", (), untapped))
    assert "a fresh scenario: first observation: permanents/b/tapped: expected true, got false" in problems
