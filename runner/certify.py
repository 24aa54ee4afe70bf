"""A certificate: what a run found, as report.json (runner/schemas/report.json), report.md, report.html,
a shields.io badge.json and the failing cases in vectors/."""
from __future__ import annotations

import json
from datetime import datetime, timezone
from importlib import metadata, resources
from pathlib import Path

from adapters.contract import CR_EDITION
from properties.rules import RULE_TITLES
from properties.vectors import VectorError, load

REPORT_VERSION = 1
VERDICTS = ("pass", "fail", "unsupported", "error")
IDENTITY = ("name", "version", "homepage", "issues", "cr_edition")


def schema() -> dict:
    """The published JSON Schema of report.json."""
    return json.loads((resources.files("runner") / "schemas" / "report.json").read_text())


def rule_order(rule: str) -> tuple:
    """702.26d after 702.5d: numbers compare as numbers."""
    section, _, sub = rule.partition(".")
    digits = "".join(ch for ch in sub if ch.isdigit())
    return int(section), int(digits or 0), sub[len(digits):]


def build(spec: str, identity: dict, profile: str, verdicts: list[dict], vectors: Path,
          selection: dict, baseline: dict | None = None) -> dict:
    """The report.json document for a run of `spec` (the engine as named on the command line)."""
    results = [_result(v, vectors) for v in verdicts]
    rules = rule_totals(results)
    return {
        "report": REPORT_VERSION,
        "created": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "suite": {"name": "mtg-conformance", "version": metadata.version("mtg-conformance"),
                  "cr_edition": CR_EDITION},
        "engine": {"spec": spec, **{key: str(identity.get(key, "")) for key in IDENTITY}},
        "profile": profile,
        "selection": {"k": selection.get("k"), "m": selection.get("m")},
        "summary": {"properties": {v: sum(r["verdict"] == v for r in results) for v in VERDICTS},
                    "rules_passed": sum(r["verdict"] == "pass" for r in rules.values()),
                    "rules_checked": sum(r["verdict"] != "unsupported" for r in rules.values())},
        "results": results,
        "rules": rules,
        "baseline": baseline,
    }


def _result(verdict: dict, vectors: Path) -> dict:
    out = {"id": verdict["property"], "title": verdict.get("title", ""),
           "rules": verdict.get("rules", "").split(), "verdict": verdict["verdict"],
           "examples": verdict.get("examples")}
    if verdict["verdict"] == "fail":
        name = Path(verdict["vector"]).name
        try:
            message = load(vectors / name).get("what_went_wrong", "")
        except VectorError as why:
            message = f"(the failing case wasn't saved: {why})"
        out.update(kind=verdict.get("kind", ""), message=message, vector=name,
                   attributed=verdict.get("attributed") == "yes")
    elif verdict["verdict"] == "error":
        out["message"] = verdict.get("message", "")
    return out


def rule_totals(results: list[dict]) -> dict:
    """Each CR rule checked by the results: its counts by verdict and its own verdict."""
    counts: dict[str, dict] = {}
    for r in results:
        incidental = r["verdict"] == "fail" and not r.get("attributed")
        for rule in r["rules"]:
            row = counts.setdefault(rule, dict.fromkeys(VERDICTS + ("incidental",), 0))
            row["incidental" if incidental else r["verdict"]] += 1
    return {rule: {"title": RULE_TITLES.get(rule, ""), **c, "verdict": _rule_verdict(c)}
            for rule, c in sorted(counts.items(), key=lambda item: rule_order(item[0]))}


def _rule_verdict(counts: dict) -> str:
    """Failures found on other actions aren't blamed on a rule that some property confirmed."""
    if counts["fail"]:
        return "fail"
    if counts["incidental"] and not counts["pass"]:
        return "inconclusive"          # its properties failed on something else first
    if counts["error"]:
        return "error"
    return "unsupported" if counts["pass"] == 0 else "pass"


def badge(report: dict) -> dict:
    """A shields.io endpoint badge: rules passed / rules checked."""
    passed, checked = report["summary"]["rules_passed"], report["summary"]["rules_checked"]
    verdicts = {r["verdict"] for r in report["rules"].values()}
    color = ("lightgrey" if not checked else "red" if "fail" in verdicts
             else "orange" if "error" in verdicts else "brightgreen")
    return {"schemaVersion": 1, "label": "MTG rules", "message": f"{passed}/{checked} rules",
            "color": color}


def write(report: dict, out: Path) -> None:
    """report.json, report.md, report.html and badge.json into `out` (vectors/ is already there)."""
    from runner.report_html import render_html
    from runner.report_md import render_md
    (out / "report.json").write_text(json.dumps(report, indent=1) + "\n")
    (out / "report.md").write_text(render_md(report))
    (out / "report.html").write_text(render_html(report))
    (out / "badge.json").write_text(json.dumps(badge(report)) + "\n")
