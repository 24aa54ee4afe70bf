"""`mtg-conformance certify`: certificates for the oracle, two mutants and a hostile engine."""
from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from hypothesis import settings

from properties.vectors import load
from runner import certify
from runner.cli import main
from runner.report_html import render_html
from runner.report_md import render_md

SELECTION = "MANA-005 or X-001 or PHASE-008"          # one CR rule each: 106.4, 107.3m, 702.26b


@pytest.fixture(scope="module", autouse=True)
def _keep_hypothesis_profile():
    """A run loads a Hypothesis profile process-wide; put the test session's back."""
    profile = settings.get_current_profile_name()
    yield
    settings.load_profile(profile)


def certificate(out: Path, engine: str, *extra: str) -> tuple[int, dict]:
    code = main(["certify", "--engine", engine, "--out", str(out), "--profile", "dev", *extra])
    return code, json.loads((out / "report.json").read_text())


def verdicts(report: dict) -> dict:
    return {rule: r["verdict"] for rule, r in report["rules"].items()}


@pytest.fixture(scope="module")
def oracle(tmp_path_factory):
    out = tmp_path_factory.mktemp("oracle")
    return out, *certificate(out, "oracle", "-k", "MANA or X-001 or PHASE-008")


@pytest.fixture(scope="module")
def pool_persists(tmp_path_factory):
    out = tmp_path_factory.mktemp("pool")
    return out, *certificate(out, "mutant:pool-persists", "-k", SELECTION)


@pytest.fixture(scope="module")
def hostile(tmp_path_factory):
    out = tmp_path_factory.mktemp("hostile")
    return out, *certificate(out, "module:hostile_engine:HostileEngine", "-k", SELECTION)


def test_every_certificate_validates_against_the_published_schema(oracle, pool_persists, hostile):
    for _, _, report in (oracle, pool_persists, hostile):
        jsonschema.validate(report, certify.schema())


def test_the_oracle_passes_everything_it_is_checked_on(oracle):
    out, code, report = oracle
    assert code == 0
    assert {r["verdict"] for r in report["results"]} <= {"pass", "unsupported"}
    assert set(verdicts(report).values()) == {"pass"}
    assert report["engine"]["spec"] == report["engine"]["name"] == "oracle"
    assert report["suite"]["cr_edition"] == "2026-09-25"
    assert report["selection"] == {"k": "MANA or X-001 or PHASE-008", "m": None}
    assert all(r["examples"] > 0 for r in report["results"])
    n = len(report["rules"])
    assert json.loads((out / "badge.json").read_text()) == {
        "schemaVersion": 1, "label": "MTG rules", "message": f"{n}/{n} rules", "color": "brightgreen"}
    assert not list((out / "vectors").iterdir())
    assert "### Failures" not in (out / "report.md").read_text()


def test_a_mutant_fails_exactly_the_rule_it_breaks(pool_persists):
    out, code, report = pool_persists
    assert code == 1
    assert verdicts(report) == {"106.4": "fail", "107.3m": "pass", "702.26b": "pass"}
    failure, = [r for r in report["results"] if r["verdict"] == "fail"]
    assert failure["id"] == "MANA-005" and failure["kind"] == "claim"
    vector = load(out / "vectors" / failure["vector"])
    assert failure["message"] == vector["what_went_wrong"] and "CR 106.4" in failure["message"]
    assert [p.name for p in (out / "vectors").iterdir()] == [failure["vector"]]
    assert json.loads((out / "badge.json").read_text())["message"] == "2/3 rules"
    markdown = (out / "report.md").read_text()
    assert f"mtg-conformance replay vectors/{failure['vector']} --engine mutant:pool-persists" in markdown


def test_another_mutant_fails_its_own_rule(tmp_path):
    code, report = certificate(tmp_path, "mutant:x-from-permanent", "-k", "X-001 or MANA-005")
    assert code == 1
    assert verdicts(report) == {"106.4": "pass", "107.3m": "fail"}


@pytest.mark.parametrize("expected, code, changes", [
    ({}, 0, []),
    ({"MANA-005": {"verdict": "fail", "kind": "claim"}}, 1, ["MANA-005: expected fail, got pass"]),
])
def test_a_certificate_against_a_baseline(tmp_path, expected, code, changes):
    expectations = tmp_path / "expectations.json"
    expectations.write_text(json.dumps({"baseline": 1, "expected": expected}))
    got, report = certificate(tmp_path / "cert", "oracle", "-k", "MANA-005", "--baseline", str(expectations))
    assert got == code
    assert report["baseline"] == {"file": str(expectations), "changes": changes}
    assert all(change in (tmp_path / "cert" / "report.md").read_text() for change in changes)


def test_unsupported_rules_are_not_counted_as_checked(hostile):
    out, code, report = hostile
    assert code == 0
    assert verdicts(report) == {"106.4": "pass", "107.3m": "unsupported", "702.26b": "unsupported"}
    assert json.loads((out / "badge.json").read_text())["message"] == "1/1 rules"


def test_the_html_report_escapes_what_the_engine_says(hostile):
    out, _, report = hostile
    page = (out / "report.html").read_text()
    for key in ("name", "version", "homepage", "issues", "cr_edition"):
        assert report["engine"][key] not in page
    assert "<script" not in page and "<img" not in page and "<b>" not in page
    assert "&lt;script&gt;alert(&#x27;name&#x27;)&lt;/script&gt;" in page
    assert 'href="javascript:' not in page
    assert 'href="https://example.org/issues?a=1&amp;b=&lt;2&gt;"' in page
    assert "<script" not in (out / "report.md").read_text()


def test_engine_messages_are_escaped_in_both_reports():
    report = {
        "report": 1, "created": "now", "profile": "ci", "selection": {"k": None, "m": None},
        "suite": {"name": "mtg-conformance", "version": "0", "cr_edition": "2026-09-25"},
        "engine": {"spec": "stdio:x", "name": "e", "version": "1", "homepage": "", "issues": "",
                   "cr_edition": ""},
        "results": [{"id": "MANA-005", "title": "t", "rules": ["106.4"], "verdict": "error",
                     "examples": None, "message": "crashed: <iframe src=x> | oops\nline two"}],
        "baseline": None}
    report["rules"] = certify.rule_totals(report["results"])
    report["summary"] = {"properties": {"pass": 0, "fail": 0, "unsupported": 0, "error": 1},
                         "rules_passed": 0, "rules_checked": 1}
    jsonschema.validate(report, certify.schema())
    assert "<iframe" not in render_html(report) and "&lt;iframe src=x&gt;" in render_html(report)
    assert "&lt;iframe src=x&gt; \\| oops line two" in render_md(report)
    assert certify.badge(report) == {"schemaVersion": 1, "label": "MTG rules", "message": "0/1 rules",
                                     "color": "orange"}


@pytest.mark.parametrize("counts, verdict", [
    ({"pass": 3, "fail": 1, "error": 1, "unsupported": 1, "incidental": 0}, "fail"),
    ({"pass": 3, "fail": 0, "error": 1, "unsupported": 0, "incidental": 0}, "error"),
    ({"pass": 0, "fail": 0, "error": 0, "unsupported": 2, "incidental": 0}, "unsupported"),
    ({"pass": 1, "fail": 0, "error": 0, "unsupported": 2, "incidental": 0}, "pass"),
    ({"pass": 1, "fail": 0, "error": 0, "unsupported": 0, "incidental": 2}, "pass"),
    ({"pass": 0, "fail": 0, "error": 0, "unsupported": 0, "incidental": 1}, "inconclusive"),
])
def test_a_rule_verdict(counts, verdict):
    results = [{"rules": ["106.4"], "verdict": "fail" if v == "incidental" else v,
                "attributed": v == "fail"} for v, n in counts.items() for _ in range(n)]
    assert certify.rule_totals(results) == {"106.4": {"title": "Mana pools empty at the end of each step "
                                                      "and phase", **counts, "verdict": verdict}}


def test_a_mutant_certificate_fails_exactly_the_rule_it_breaks(tmp_path):
    """mutant:pool-persists breaks CR 106.4; if MANA-001 trips over the leftover mana too, it is on
    an `advance`, not on the activation it is about, so 106.5 is inconclusive or passes, never fails
    (whether it trips depends on the generated cases)."""
    out = tmp_path / "cert"
    assert main(["certify", "--engine", "mutant:pool-persists", "--out", str(out),
                 "-k", "MANA-005 or MANA-001"]) == 1
    rules = json.loads((out / "report.json").read_text())["rules"]
    assert {r for r, row in rules.items() if row["verdict"] == "fail"} == {"106.4"}
    assert rules["106.5"]["verdict"] in ("inconclusive", "pass")
    replayed = sorted((out / "vectors").glob("MANA-005-*.json"))
    assert main(["replay", str(replayed[0]), "--engine", "mutant:pool-persists"]) == 1
    assert main(["replay", str(replayed[0]), "--engine", "oracle"]) == 0
