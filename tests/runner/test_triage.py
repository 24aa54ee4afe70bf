"""Triage: every distinct divergence of a property, each shrunk on its own, deduplicated across
properties, each replayable — where stopping at the first hides the others."""
from __future__ import annotations

import json

import pytest
from hypothesis import settings

from mtg_conformance.adapters.oracle_adapter import OracleEngine
from mtg_conformance.properties.lockstep import Divergence, run_case
from mtg_conformance.properties.model import all_properties
from mtg_conformance.properties.suite import hypothesis_profile, register_profiles, search
from mtg_conformance.properties.triage import BUDGET
from mtg_conformance.properties.vectors import case_of, from_divergence, save
from mtg_conformance.runner.cli import main
from mtg_conformance.runner.replay import replay
from two_bug_engine import TwoBugEngine

PROPS = all_properties()
BUGS = {"permanents.*.tapped:other", "permanents.*.controller:other"}   # the two bugs' kinds (at setup:
                                                                         # no decision, no value before)


@pytest.fixture(autouse=True)
def _keep_hypothesis_profile():
    profile = settings.get_current_profile_name()
    yield
    settings.load_profile(profile)


# The tests reading `triaged` run in one xdist worker, which triages once (handed out alone, both
# workers triaged it).
TRIAGED = pytest.mark.xdist_group("triaged-two-bug")


@pytest.fixture(scope="module")
def triaged():
    return search(PROPS["MANA-005"], TwoBugEngine(), profile="ci", triage=True)


@TRIAGED
def test_stopping_at_the_first_reports_one_bug_and_triage_both(triaged):
    first = search(PROPS["MANA-005"], TwoBugEngine(), profile="ci")
    assert len(first.findings) == 1
    assert {f.divergence.kind for f in triaged.findings} == BUGS
    assert triaged.findings[0].signature == first.findings[0].signature
    assert all(f.cases >= 1 for f in triaged.findings)
    assert len({f.signature for f in triaged.findings}) == 2


@TRIAGED
def test_each_finding_is_shrunk_on_its_own(triaged):
    for found in triaged.findings:
        d = found.divergence
        assert d.index == -1                                   # both bugs show right at setup
        cards = [e["card"] for e in d.case.scenario["battlefield"]]
        mine, other = ("Island", "Llanowar Elves")[::1 if d.kind.startswith("permanents.*.tapped") else -1]
        assert cards.count(mine) == 1 and other not in cards and len(cards) <= 2


@TRIAGED
def test_each_findings_vector_replays_to_the_same_finding(triaged, tmp_path):
    for found in triaged.findings:
        path = save(from_divergence(found.divergence, "two-bug", found.blamed), tmp_path)
        assert replay(str(path), TwoBugEngine())[0] == "STILL FAILING"
        assert replay(str(path), OracleEngine())[0] == "FIXED"
        with pytest.raises(Divergence) as again:
            run_case(TwoBugEngine(), case_of(json.loads(path.read_text())), PROPS["MANA-005"])
        assert again.value.kind == found.divergence.kind


@TRIAGED
def test_the_ci_profile_triages_deterministically(triaged):
    again = search(PROPS["MANA-005"], TwoBugEngine(), profile="ci", triage=True)
    assert [(f.signature, f.cases, f.divergence.case) for f in again.findings] == \
        [(f.signature, f.cases, f.divergence.case) for f in triaged.findings]
    assert again.tally.cases == triaged.tally.cases


def test_with_nothing_to_find_triage_costs_what_a_plain_run_costs():
    prop = PROPS["X-001"]
    plain = search(prop, OracleEngine(), profile="ci")
    triaged = search(prop, OracleEngine(), profile="ci", triage=True)
    assert not plain.findings and not triaged.findings
    assert triaged.tally.cases == plain.tally.cases


def test_the_budget_bounds_the_search():
    """With a small profile the rounds stay within BUDGET x max_examples generated cases."""
    from mtg_conformance.properties.model import Tally
    from mtg_conformance.properties.triage import Search
    prop = PROPS["MANA-005"]
    engine = TwoBugEngine()
    register_profiles()
    chosen = settings(settings.get_profile(hypothesis_profile("ci")), max_examples=10)
    finder = Search(prop, engine, engine.capabilities(), chosen, Tally(), triage=True)
    finder.generate()
    assert finder.budget == BUDGET * 10 and finder.spent <= finder.budget
    assert {key[1] for key in finder.found} <= BUGS


def test_the_stateful_property_is_triaged_too():
    register_profiles()
    settings.register_profile(hypothesis_profile("triage-test"), max_examples=40, stateful_step_count=3,
                              parent=settings.get_profile(hypothesis_profile("ci")))
    found = search(PROPS["LOCKSTEP-001"], TwoBugEngine(), profile="triage-test", triage=True)
    kinds = [f.divergence.kind for f in found.findings]
    assert kinds and set(kinds) <= BUGS and len(set(kinds)) == len(kinds)


def test_a_certificate_lists_a_finding_once_with_every_property_it_showed_in(tmp_path):
    out = tmp_path / "cert"
    assert main(["certify", "--engine", "module:two_bug_engine:TwoBugEngine", "--out", str(out),
                 "--profile", "ci", "-k", "MANA-005 or COST-001"]) == 1
    report = json.loads((out / "report.json").read_text())
    findings = {f["kind"]: f for f in report["findings"]}
    assert set(findings) == BUGS and len(report["findings"]) == 2
    assert any(f["properties"] == ["COST-001", "MANA-005"] for f in findings.values())
    assert sorted(p.name for p in (out / "vectors").iterdir()) == sorted(f["vector"] for f in findings.values())
    for result in report["results"]:
        assert set(result["findings"]) <= {f["id"] for f in findings.values()}
    for f in findings.values():
        assert f["cases"] >= len(f["properties"])
        assert main(["replay", str(out / "vectors" / f["vector"]), "--engine",
                     "module:two_bug_engine:TwoBugEngine"]) == 1


@pytest.mark.parametrize("prop_id", ["MANA-005", "LOCKSTEP-001"])
def test_shrinking_cut_short_still_reports_each_finding_with_a_failing_case(prop_id, monkeypatch):
    """With no time to shrink, every candidate after the first failure passes unrun; Hypothesis
    replays the first failing case, which must fail again (no Flaky) and be the finding's vector."""
    monkeypatch.setattr("mtg_conformance.properties.triage.SHRINK_STEPS", 0)
    monkeypatch.setattr("mtg_conformance.properties.triage.FURTHER_SHRINK_STEPS", 0)
    register_profiles()
    settings.register_profile(hypothesis_profile("triage-test"), max_examples=40, stateful_step_count=3,
                              parent=settings.get_profile(hypothesis_profile("ci")))
    found = search(PROPS[prop_id], TwoBugEngine(), profile="triage-test", triage=True)
    assert found.findings and {f.divergence.kind for f in found.findings} <= BUGS
    for f in found.findings:
        with pytest.raises(Divergence) as again:
            run_case(TwoBugEngine(), f.divergence.case, PROPS[prop_id])
        assert again.value.signature == f.signature
