"""`mtg-conformance matrix`: engines as columns, CR rules as rows, findings linked; bad input is one line.

The certificates here are written against the report.json fields the matrix reads (runner/matrix.py);
the last test builds real ones with `certify`.
"""
from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote

import pytest
from hypothesis import settings

from mtg_conformance.runner import certify
from mtg_conformance.runner.cli import main


def certificate(root: Path, name: str, rules: dict, findings: list[dict], version: str = "1.0",
                results: list[dict] = ()) -> Path:
    """A certificate directory with a report.json of those rules, findings and property results,
    and their vectors."""
    directory = root / name
    (directory / "vectors").mkdir(parents=True)
    for finding in findings:
        if finding.get("vector"):
            (directory / "vectors" / finding["vector"]).write_text("{}")
    report = {"engine": {"spec": f"stdio:{name} --serve", "name": name, "version": version},
              "rules": {rule: {"title": f"title of {rule}", "exercised": 10, "findings": [], "reason": None,
                               **row} for rule, row in rules.items()},
              "findings": [{"rules": [], "kind": "claim", "message": "", "vector": None, "properties": [],
                            "cases": 1, **f} for f in findings],
              "results": [{"title": f"title of {r['id']}", "rules": [], "reason": "", "findings": [], **r}
                          for r in results]}
    (directory / "report.json").write_text(json.dumps(report))
    return directory


@pytest.fixture
def certificates(tmp_path):
    good = certificate(tmp_path / "certs", "good", {
        "702.26": {"verdict": "pass"}, "106.7": {"verdict": "pass"}, "106.12": {"verdict": "pass"},
        "702.5d": {"verdict": "unsupported", "reason": "it can't attach an Aura to a player"}}, [],
        results=[{"id": "MANA-005", "verdict": "pass"},
                 {"id": "AURA-001", "verdict": "unsupported", "reason": "needs actions ['attach']"}])
    buggy = certificate(tmp_path / "certs", "buggy", {
        "106.12": {"verdict": "fail", "findings": ["F-1", "F-2"]},
        "106.7": {"verdict": "not_exercised"},
        "702.26": {"verdict": "error", "findings": ["F-3"]}}, [
        {"id": "F-1", "rules": ["106.12"], "message": "tapping for mana | twice", "vector": "F-1.json"},
        {"id": "F-2", "rules": ["106.12"], "message": "<b>bold</b>", "vector": "F-2.json"},
        {"id": "F-3", "rules": ["702.26"], "kind": "error", "message": "crashed", "vector": None}],
        results=[{"id": "PHASE-001", "verdict": "error", "reason": "crashed"},
                 {"id": "MANA-005", "verdict": "fail", "findings": ["F-1", "F-2"]}])
    return good, buggy


def matrix(tmp_path, *certs, fmt="md,html,json") -> Path:
    out = tmp_path / "out" / "matrix"
    assert main(["matrix", *map(str, certs), "--out", str(out), "--format", fmt]) == 0
    return out


def test_engines_are_columns_rules_are_rows_in_rule_order(tmp_path, certificates):
    built = json.loads((matrix(tmp_path, *certificates) / "matrix.json").read_text())
    assert [e["name"] for e in built["engines"]] == ["good", "buggy"]
    assert [r["rule"] for r in built["rules"]] == ["106.7", "106.12", "702.5d", "702.26"]
    cells = {r["rule"]: [c and c["verdict"] for c in r["cells"]] for r in built["rules"]}
    assert cells == {"106.7": ["pass", "not_exercised"], "106.12": ["pass", "fail"],
                     "702.5d": ["unsupported", None], "702.26": ["pass", "error"]}
    assert built["summary"][1] == {"fail": 1, "not_exercised": 1, "error": 1}
    unsupported = built["rules"][2]["cells"][0]
    assert unsupported["reason"] == "it can't attach an Aura to a player"


def test_properties_are_rows_too_with_their_reasons(tmp_path, certificates):
    out = matrix(tmp_path, *certificates)
    built = json.loads((out / "matrix.json").read_text())
    cells = {r["id"]: [c and (c["verdict"], c["reason"]) for c in r["cells"]] for r in built["properties"]}
    assert cells == {"MANA-005": [("pass", ""), ("fail", "")],
                     "AURA-001": [("unsupported", "needs actions ['attach']"), None],
                     "PHASE-001": [None, ("error", "crashed")]}
    assert built["properties"][0]["title"] == "title of MANA-005"
    md = (out / "matrix.md").read_text()
    assert "| AURA-001 | title of AURA-001 | ⚪ unsupported: needs actions ['attach'] | — |" in md
    assert "<td>PHASE-001</td><td>title of PHASE-001</td><td class=\"absent\">—</td>" in (
        out / "matrix.html").read_text()


def test_every_finding_link_reaches_its_vector_or_report(tmp_path, certificates):
    out = matrix(tmp_path, *certificates)
    built = json.loads((out / "matrix.json").read_text())
    links = {f["id"]: f["vector"] for r in built["rules"] for c in r["cells"] if c for f in c["findings"]}
    assert set(links) == {"F-1", "F-2", "F-3"} and links["F-3"] is None
    assert (out / unquote(links["F-1"])).resolve() == (certificates[1] / "vectors" / "F-1.json").resolve()
    report = (out / unquote(built["engines"][1]["report"])).resolve()
    assert report == (certificates[1] / "report.html").resolve()
    md = (out / "matrix.md").read_text()
    for target in re.findall(r"\]\(([^)]+)\)", md):
        assert target.endswith(("report.md", ".json")), target
        if target.endswith(".json"):
            assert (out / unquote(target)).is_file(), target


class _Page(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags, self.links = [], []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        self.links += [value for name, value in attrs if name == "href"]


def test_html_is_one_escaped_page_and_markdown_cells_stay_cells(tmp_path, certificates):
    out = matrix(tmp_path, *certificates)
    page = _Page()
    page.feed((out / "matrix.html").read_text())
    assert "script" not in page.tags and "b" not in page.tags      # engine text is never markup
    assert all((out / unquote(link)).resolve().parent.exists() for link in page.links)
    assert any(link.endswith("vectors/F-2.json") for link in page.links)
    md = (out / "matrix.md").read_text().splitlines()
    [row] = [line for line in md if line.startswith("| 106.12 ")]
    cells = re.split(r"(?<!\\)\|", row)[1:-1]
    assert len(cells) == 4 and cells[2] == " ✅ pass "
    assert re.fullmatch(r" ❌ fail \[F-1\]\(\S+\) \[F-2\]\(\S+\) ", cells[3])
    assert "tapping for mana \\| twice" in "\n".join(md)


def test_only_the_formats_asked_for_are_written(tmp_path, certificates):
    out = matrix(tmp_path, *certificates, fmt="html")
    assert sorted(p.name for p in out.iterdir()) == ["matrix.html"]


def _broken(tmp_path, name: str, text: str) -> Path:
    directory = tmp_path / name
    directory.mkdir()
    (directory / "report.json").write_text(text)
    return directory


@pytest.mark.parametrize("make, message", [
    (lambda d: d / "missing", "no such certificate directory"),
    (lambda d: d, "no report.json"),
    (lambda d: _broken(d, "bad", "{nope"), "report.json: not JSON"),
    (lambda d: _broken(d, "list", "[]"), "missing field /engine"),
    (lambda d: _broken(d, "old", json.dumps({"engine": {"spec": "x", "name": "x", "version": "1"},
                                             "rules": {"106.4": {"verdict": "pass"}}})),
     "missing field /findings"),
    (lambda d: _broken(d, "norule", json.dumps({"engine": {"spec": "x", "name": "x", "version": "1"},
                                                "findings": [], "rules": {"106.4": {"verdict": "pass"}}})),
     "missing field /rules/106.4/findings"),
    (lambda d: _broken(d, "dangling", json.dumps({
        "engine": {"spec": "x", "name": "x", "version": "1"}, "findings": [],
        "rules": {"106.4": {"verdict": "fail", "findings": ["F-9"]}}})), "lists finding 'F-9'"),
    (lambda d: _broken(d, "noresults", json.dumps({"engine": {"spec": "x", "name": "x", "version": "1"},
                                                   "findings": [], "rules": {}})), "missing field /results"),
    (lambda d: _broken(d, "badresult", json.dumps({
        "engine": {"spec": "x", "name": "x", "version": "1"}, "findings": [], "rules": {},
        "results": [{"id": "MANA-005", "verdict": "fine"}]})), "property MANA-005 has verdict 'fine'"),
])
def test_bad_certificates_are_one_line_and_exit_2(capsys, tmp_path, certificates, make, message):
    assert main(["matrix", str(certificates[0]), str(make(tmp_path)), "--out", str(tmp_path / "m")]) == 2
    err = [line for line in capsys.readouterr().err.splitlines() if line.strip()]
    assert len(err) == 1 and err[0].startswith("mtg-conformance: error: ") and message in err[0], err


def test_an_unknown_format_is_a_usage_error(capsys, certificates):
    assert main(["matrix", str(certificates[0]), "--format", "md,pdf"]) == 2
    assert "formats among md,html,json" in capsys.readouterr().err


@pytest.fixture
def _keep_hypothesis_profile():
    profile = settings.get_current_profile_name()
    yield
    settings.load_profile(profile)


@pytest.mark.xfail("findings" not in certify.schema()["properties"], run=False,
                   reason="until report.json has findings, per-rule findings and reasons (issue 11)")
def test_a_matrix_of_real_certificates(tmp_path, capsys, _keep_hypothesis_profile):
    certs = tmp_path / "certs"
    for engine in ("oracle", "mutant:pool-persists"):
        out = certs / engine.replace(":", "-")
        code = main(["certify", "--engine", engine, "-k", "MANA-005", "--profile", "ci",
                     "--out", str(out)])
        assert code == (0 if engine == "oracle" else 1)
    built = json.loads((matrix(tmp_path, certs / "oracle", certs / "mutant-pool-persists") / "matrix.json")
                       .read_text())
    row = next(r for r in built["rules"] if r["rule"] == "106.4")
    assert [c["verdict"] for c in row["cells"]] == ["pass", "fail"]
    [finding] = row["cells"][1]["findings"]
    assert (tmp_path / "out" / "matrix" / unquote(finding["vector"])).is_file()
