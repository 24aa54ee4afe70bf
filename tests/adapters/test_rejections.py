"""The oracle's rejection and no-op tables (oracle/rejections.py, oracle/noops.py; docs/contract.md
#rejections and #no-ops), played. Every rejection row's example is rejected by the oracle with exactly
the row's classes, and the harness (lockstep) accepts an engine answering any one of them, and no
other class. Every no-op is accepted, changes nothing, is decided by the rules it names, and an engine
rejecting it diverges."""
from __future__ import annotations

import pytest

from mtg_conformance.adapters.contract import REASONS
from mtg_conformance.adapters.oracle_adapter import OracleEngine
from mtg_conformance.oracle.noops import NO_OPS
from mtg_conformance.oracle.rejections import REJECTIONS
from mtg_conformance.properties.lockstep import Divergence, run_case
from mtg_conformance.properties.model import Case
from scenarios import Game


class AnswersWith(OracleEngine):
    """The oracle, naming `reason` for every action it rejects: a faithful engine that reports another
    class than the oracle's (or, to show the check can fail, one that doesn't apply)."""

    def __init__(self, reason: str):
        super().__init__()
        self.reason = reason

    def act(self, action: dict) -> dict:
        observation = super().act(action)
        return {**observation, "rejected": self.reason} if observation["rejected"] else observation


class RejectsNoOps(OracleEngine):
    """The oracle, but it rejects the actions of the no-op table as `illegal_choice`."""

    def act(self, action: dict) -> dict:
        observation = super().act(action)
        if any(action == row.then for row in NO_OPS):
            return {**observation, "rejected": "illegal_choice"}
        return observation


def _played(row) -> Game:
    game = Game(row.scenario)
    game.run(*row.setup)
    return game


def _case(row) -> Case:
    return Case(row.scenario, (*row.setup, row.then))


@pytest.mark.parametrize("row", REJECTIONS, ids=lambda row: row.example)
def test_the_oracle_rejects_with_exactly_the_classes_of_the_row(row):
    game = _played(row)
    game.assert_rejected(row.then, row.reasons[0])          # and the state is unchanged
    why = game.oracle.last_rejection
    assert why.reasons == row.reasons and why.rule == row.rules[0]


@pytest.mark.parametrize("row", REJECTIONS, ids=lambda row: row.example)
def test_the_harness_accepts_each_class_of_the_row_and_no_other(row):
    for reason in row.reasons:
        run_case(AnswersWith(reason), _case(row))
    other = next(reason for reason in REASONS if reason not in row.reasons)
    with pytest.raises(Divergence) as caught:
        run_case(AnswersWith(other), _case(row))
    assert [path for path, _, _ in caught.value.diffs] == ["rejected"]


def test_every_reason_class_has_a_row_and_every_row_is_a_situation_of_its_own():
    assert {reason for row in REJECTIONS for reason in row.reasons} == set(REASONS)
    situations = [row.action for row in REJECTIONS]
    assert len(set(situations)) == len(situations)
    assert all(len(row.rules) == len(set(row.rules)) and row.reasons for row in REJECTIONS)


@pytest.mark.parametrize("row", NO_OPS, ids=lambda row: row.example)
def test_a_no_op_is_accepted_changes_nothing_and_is_decided_by_its_rules(row):
    game = _played(row)
    before = game.observe()
    after = game.act(row.then)
    assert after["rejected"] is None and after["triggered"] == []
    assert after["permanents"] == before["permanents"] and after["players"] == before["players"]
    assert set(row.rules) <= {decision.rule for decision in game.oracle.trace}


@pytest.mark.parametrize("row", NO_OPS, ids=lambda row: row.example)
def test_an_engine_rejecting_a_no_op_diverges(row):
    run_case(OracleEngine(), _case(row))
    with pytest.raises(Divergence) as caught:
        run_case(RejectsNoOps(), _case(row))
    assert caught.value.index == len(row.setup)
