"""The result model: rule verdicts from findings and coverage, findings merged across properties,
the JSON round trip the outcomes make under xdist, and baselines compared finding by finding."""
from __future__ import annotations

import json

import attrs
import jsonschema
import pytest

from mtg_conformance.runner import baseline
from mtg_conformance.runner.results import (Coverage, Example, Finding, PropertyOutcome, PropertyVerdict, dumps, finding_id,
                            judge, loads)


def finding(prop: str, rules=("106.4",), kind="claim", cases=1, size=3, vector=None) -> Finding:
    return Finding(finding_id(rules, kind), tuple(rules), kind, "m", vector or f"{prop}-{size}.json",
                   (prop,), cases, size)


def outcome(prop: str, rules, verdict="pass", agreed=None, findings=(), reason="") -> PropertyOutcome:
    coverage = Coverage(10, 0, {}, dict(agreed or {}), dict(agreed or {}))
    return PropertyOutcome(PropertyVerdict(prop, "t", tuple(rules), verdict, reason, 10, coverage,
                                           tuple(f.id for f in findings)), tuple(findings))


def rule_verdicts(*outcomes) -> dict:
    return {r.rule: (r.verdict, r.exercised, r.findings, r.reason) for r in judge(outcomes).rules}


def test_a_rule_fails_only_when_a_finding_is_blamed_on_it():
    bug = finding("A", rules=("106.4",))
    got = rule_verdicts(outcome("A", ("106.4", "106.5"), "fail", {"106.4": 3, "106.5": 7}, [bug]))
    assert got == {"106.4": ("fail", 3, (bug.id,), ""), "106.5": ("pass", 7, (), "")}


def test_a_rule_no_case_applied_never_passes():
    got = rule_verdicts(outcome("A", ("106.4", "702.26"), "pass", {"106.4": 3}))
    assert got["702.26"] == ("not_exercised", 0, (), "no case applied it")


def test_subrules_count_for_their_rule_but_not_the_other_way():
    got = rule_verdicts(outcome("A", ("702.26", "106.1"), "pass", {"702.26b": 2, "106.12": 5}))
    assert got == {"106.1": ("not_exercised", 0, (), "no case applied it"),
                   "702.26": ("pass", 2, (), "")}


def test_unsupported_only_when_every_property_of_the_rule_is():
    got = rule_verdicts(outcome("A", ("610.4",), "unsupported", reason="needs one of the cards ['Oubliette']"),
                        outcome("B", ("610.4", "106.4"), "unsupported", reason="needs actions ['concede']"))
    assert got["610.4"][0] == "unsupported" and "A: needs one of the cards" in got["610.4"][3]
    got = rule_verdicts(outcome("A", ("106.4",), "unsupported", reason="r"),
                        outcome("B", ("106.4",), "pass", {"106.4": 1}))
    assert got["106.4"] == ("pass", 1, (), "")


def test_an_engine_error_is_the_rules_verdict_unless_a_finding_fails_it():
    got = rule_verdicts(outcome("A", ("106.4", "106.5"), "error", {"106.4": 4}, [finding("A", ("106.5",))],
                                reason="engine crashed"))
    assert got["106.4"] == ("error", 4, (), "A: engine crashed") and got["106.5"][0] == "fail"


def test_a_blamed_rule_outside_every_property_is_listed_as_failed():
    got = rule_verdicts(outcome("A", ("106.4",), "fail", {"106.4": 2}, [finding("A", ("800.4j",), "players[*].in_game")]))
    assert got["800.4j"][0] == "fail" and got["106.4"][0] == "pass"


def test_one_finding_per_signature_across_properties_keeping_the_smallest_case():
    a, b = finding("A", cases=4, size=5), finding("B", cases=2, size=2)
    other = finding("B", kind="permanents.*.tapped")
    found = judge([outcome("B", ("106.4",), "fail", {}, [b, other]), outcome("A", ("106.4",), "fail", {}, [a])])
    merged = {f.kind: f for f in found.findings}
    assert merged["claim"].properties == ("A", "B") and merged["claim"].cases == 6
    assert merged["claim"].vector == b.vector and len(found.findings) == 2
    assert [p.id for p in found.properties] == ["A", "B"]


def read_also_as(f: Finding, *others: str) -> Finding:
    """`f` with one example per reading in `others` ("" : a case that reads one way only)."""
    return attrs.evolve(f, examples=tuple(Example(f.properties[0], f"{f.id}-{n}.json", "m", {}, (), (), "",
                                                  (str(n),), "cast", other) for n, other in enumerate(others)))


def test_a_finding_whose_every_example_reads_as_another_is_folded_into_it():
    real = read_also_as(finding("A", rules=("613.4c",), kind="pt:amount", cases=5), "")
    coincidence = read_also_as(finding("B", rules=("702.26b",), kind="pt:amount", cases=2), real.id, real.id)
    found = judge([outcome("A", ("613.4c",), "fail", {}, [real]),
                   outcome("B", ("702.26b",), "fail", {"702.26b": 3}, [coincidence])])
    assert [f.id for f in found.findings] == [real.id] and found.properties[1].findings == (real.id,)
    kept = found.findings[0]
    assert kept.cases == 7 and kept.properties == ("A", "B") and kept.folded == {coincidence.id: 2}
    assert dict(kept.per_property) == {"A": 5, "B": 2} and {e.vector for e in kept.examples} == {f"{real.id}-0.json"}
    assert {r.rule: r.verdict for r in found.rules}["702.26b"] == "pass"


@pytest.mark.parametrize("readings", [("X",), ("613.4c:pt:amount", ""), ("613.4c:pt:amount", "106.4:claim")])
def test_a_finding_is_kept_when_one_case_reads_only_its_way_or_the_other_finding_is_absent(readings):
    real = read_also_as(finding("A", rules=("613.4c",), kind="pt:amount"), "")
    maybe = read_also_as(finding("B", rules=("702.26b",), kind="pt:amount"), *readings)
    found = judge([outcome("A", ("613.4c",), "fail", {}, [real]), outcome("B", ("702.26b",), "fail", {}, [maybe])])
    assert len(found.findings) == 2 and not any(f.folded for f in found.findings)


def test_two_findings_each_reading_as_the_other_are_both_kept():
    a = finding("A", rules=("702.26d",), kind="t:changed")
    b = finding("B", rules=("702.26k",), kind="t:changed")
    a, b = read_also_as(a, b.id), read_also_as(b, a.id)
    found = judge([outcome("A", ("702.26d",), "fail", {}, [a]), outcome("B", ("702.26k",), "fail", {}, [b])])
    assert len(found.findings) == 2


def test_an_outcome_survives_its_json_round_trip():
    made = outcome("A", ("106.4",), "fail", {"106.4": 3}, [finding("A")])
    assert loads(dumps(made)) == made


def _run(*findings, ran=("A", "B"), unsupported=()):
    outcomes = [outcome(p, ("106.4",), "fail", {}, [f for f in findings if p in f.properties])
                for p in sorted(set(ran) | {p for f in findings for p in f.properties})]
    outcomes += [outcome(p, ("610.4",), "unsupported", reason="needs Oubliette") for p in unsupported]
    return judge(outcomes)


def test_a_written_baseline_validates_keeps_notes_and_matches_its_run():
    run = _run(finding("A"), finding("B", kind="players[*].in_game", rules=()), unsupported=("C",))
    first = baseline.from_results(run, {"name": "e"}, "ci")
    jsonschema.validate(first, baseline.schema())
    assert [f["id"] for f in first["findings"]] == ["unblamed:players[*].in_game", "106.4:claim"]
    first["findings"][1]["note"] = "known"
    first["unsupported"]["C"]["note"] = "can't express it"
    again = baseline.from_results(run, {"name": "e"}, "ci", first)
    assert again["findings"][1]["note"] == "known" and again["unsupported"]["C"]["note"] == "can't express it"
    assert again["findings"][0]["rules"] == [] and again["findings"][0]["note"] == ""
    assert baseline.compare(again, run) == baseline.Comparison((), ())


@pytest.mark.parametrize("later, changes, notices", [
    (dict(), [], ["finding 106.4:y no longer seen"]),
    (dict(findings=(finding("B", kind="y"), finding("A", kind="x"))), ["new finding 106.4:x in A: m"], []),
    (dict(findings=(finding("B", kind="y"),), unsupported=("D",)), ["D is now unsupported: needs Oubliette"], []),
])
def test_new_findings_change_a_baseline_and_findings_no_longer_seen_are_only_reported(later, changes, notices):
    known = baseline.from_results(_run(finding("A"), finding("B", kind="y")), {}, "ci")
    compared = baseline.compare(known, _run(finding("A"), *later.get("findings", ()),
                                            unsupported=later.get("unsupported", ())))
    assert list(compared.changes) == changes and list(compared.notices) == notices


def test_a_finding_of_a_property_not_run_is_not_reported_missing():
    known = baseline.from_results(_run(finding("A"), finding("B", kind="y")), {}, "ci")
    assert baseline.compare(known, _run(finding("A"), ran=("A",))) == baseline.Comparison((), ())


def test_the_phase_expectations_file_validates():
    from pathlib import Path
    path = Path(__file__).parents[2] / "expectations" / "phase-0.103.0.json"
    assert baseline.load(path)["baseline"] == baseline.BASELINE_VERSION
    json.loads(path.read_text())
