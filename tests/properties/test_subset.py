"""Properties run on the engine's declared subset (issue 23, item 3): a property is unsupported only
when nothing within what the engine declares can exercise any of its rules; otherwise it runs there,
its verdict row saying which of its rules it could exercise and what the engine lacks; and a pass
needs a rule exercised."""
from __future__ import annotations

import attrs
import pytest

from declaring_engines import ElvesEngine
from mtg_conformance.adapters.oracle_adapter import OracleEngine
from mtg_conformance.oracle.provenance import Decision
from mtg_conformance.oracle.vocabulary import Verdict
from mtg_conformance.properties.lockstep import Lockstep, compared
from mtg_conformance.properties.model import all_properties
from mtg_conformance.properties.suite import support
from mtg_conformance.runner import results
from mtg_conformance.runner.check import check_property

PROPERTIES = all_properties()
ELVES = ElvesEngine().capabilities()
# Measured before properties ran on a subset: on ElvesEngine only these two ran, every other
# property being unsupported for an action, observation or card it lacked.
RAN_BEFORE = {"LOCKSTEP-001", "MANA-005"}
# With tests/runner/test_listings.py's asking the same of ElvesEngine, in one xdist worker: the probes of
# its subset are made once per session (tests/conftest.py), and a second worker would wait on them, idle.
ELVES_PROBES = pytest.mark.xdist_group("elves-probes")
# Now running too, each for rules basic lands and Llanowar Elves tapped, untapped and sick exercise.
RUN_NOW = {"COST-001": "107.5", "COST-002": "302.6", "COST-003": "302.6", "COST-101": "302.6",
           "DRAW-001": "504.1", "MANA-204": "502.3", "PHASE-003": "502.1"}


@ELVES_PROBES
def test_an_engine_with_basic_lands_and_llanowar_elves_runs_at_least_five_more_properties():
    running = {pid for pid, prop in PROPERTIES.items() if support(prop, ELVES).unsupported is None}
    assert RAN_BEFORE | set(RUN_NOW) <= running
    assert len(running - RAN_BEFORE) >= 5
    for pid, rule in RUN_NOW.items():
        found = support(PROPERTIES[pid], ELVES)
        assert found.partial and rule in found.rules and set(found.rules) <= set(PROPERTIES[pid].rules)


def test_an_engine_declaring_everything_runs_every_property_whole():
    """No probe, no subset: its cases are generated exactly as before."""
    everything = OracleEngine().capabilities()
    for prop in PROPERTIES.values():
        found = support(prop, everything)
        assert found.unsupported is None and not found.partial and found.rules == tuple(prop.rules)


@ELVES_PROBES
def test_unsupported_only_when_no_rule_can_be_exercised_and_the_reason_names_what_is_missing():
    reason = support(PROPERTIES["MANA-003"], ELVES).unsupported      # triggers: no trigger log
    assert reason.startswith("none of its rules (106.12, 106.12a, 605.1b, 605.4a) can be exercised")
    assert "observations triggered" in reason and "Manabarbs" in reason
    assert "actions cast" in support(PROPERTIES["X-001"], ELVES).unsupported


@pytest.mark.parametrize("prop_id", ["COST-001", "DRAW-001"])
def test_a_property_on_a_subset_passes_on_its_exercised_rules_and_says_so(prop_id, tmp_path):
    prop = PROPERTIES[prop_id]
    outcome, _ = check_property(prop, ElvesEngine(), "module:declaring_engines:ElvesEngine", tmp_path,
                                triage=False, profile="dev")
    row = outcome.verdict
    assert row.verdict == Verdict.PASS and row.subset is not None
    assert row.subset.rules == support(prop, ELVES).rules and "actions" in row.subset.lacks
    judged = {r.rule: r for r in results.judge([outcome]).rules}
    assert judged[RUN_NOW[prop_id]].verdict == Verdict.PASS
    for rule in set(prop.rules) - set(row.subset.rules):
        if judged[rule].verdict != Verdict.PASS:        # the run may reach more than the probe did
            assert judged[rule].verdict == Verdict.UNSUPPORTED
            assert judged[rule].reason.startswith(f"{prop_id} runs on what the engine declares, which "
                                                  f"can't exercise it: it lacks ")


def test_a_run_that_exercised_none_of_its_rules_is_not_a_pass(tmp_path):
    """MANA-005's cases under a rule they never reach: nothing exercised, so not a pass."""
    vacuous = attrs.evolve(PROPERTIES["MANA-005"], id="TEST-VACUOUS", rules=("702.26k",))
    outcome, _ = check_property(vacuous, OracleEngine(), "oracle", tmp_path, triage=False, profile="dev")
    assert outcome.verdict.verdict == Verdict.UNSUPPORTED
    assert outcome.verdict.reason.startswith("none of its rules was exercised by its ")


def test_decisions_only_about_what_the_engine_does_not_observe_are_not_counted_as_agreed():
    trigger = Decision("603.2", "603.2: Manabarbs triggers", fields=("triggered.land_tapped_for_mana.p1",))
    counters = Decision("122.1", "122.1: a counter", fields=("permanents.p1.counters.+1/+1",))
    life = Decision("120.3a", "120.3a: damage", fields=("players[0].life", "triggered.upkeep"))
    assert not compared(trigger, {"counters"}) and compared(trigger, {"triggered"})
    assert not compared(counters, {"triggered"}) and compared(counters, {"counters"})
    assert compared(life, set())


def test_a_claim_reading_an_unobserved_part_is_not_made():
    """CHAR-002's claim reads power, toughness and damage: not asked of an engine without them."""
    prop = PROPERTIES["CHAR-002"]
    assert Lockstep(OracleEngine(), prop).claim is prop.claim
    assert Lockstep(ElvesEngine(), prop).claim is prop.claim   # ElvesEngine reports them
    blind = type("Blind", (ElvesEngine,), {"capabilities": lambda self: {**ELVES, "observes": []}})()
    assert Lockstep(blind, prop).claim is None
