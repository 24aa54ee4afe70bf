"""A certificate: what a run found, as report.json (runner/schemas/report.json), report.md, report.html,
a shields.io badge.json and the failing cases in vectors/."""
from __future__ import annotations

import json
import shlex
from collections import Counter
from datetime import datetime, timezone
from importlib import metadata, resources
from pathlib import Path

from attrs import frozen

from mtg_conformance.adapters.contract import CR_EDITION
from mtg_conformance.oracle.vocabulary import AREA_NAMES, Verdict, area_citing
from mtg_conformance.properties.coverage import area_of
from mtg_conformance.properties.model import all_properties
from mtg_conformance.runner.results import Results, unstructure

REPORT_VERSION = 3
IDENTITY = ("name", "version", "homepage", "issues", "cr_edition")


def schema() -> dict:
    """The published JSON Schema of report.json."""
    return json.loads((resources.files(__package__) / "schemas" / "report.json").read_text())


def build(spec: str, identity: dict, profile: str, found: Results, selection: dict, triage: bool,
          baseline: dict | None = None, partial: dict | None = None) -> dict:
    """The report.json document for a run of `spec` (the engine as named on the command line);
    `partial` ({"stopped": why, "not_run": ids}) when the run stopped before checking everything."""
    return {
        "report": REPORT_VERSION,
        "created": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "suite": {"name": "mtg-conformance", "version": metadata.version("mtg-conformance"),
                  "cr_edition": CR_EDITION},
        "engine": {"spec": spec, **{key: str(identity.get(key, "")) for key in IDENTITY}},
        "profile": profile,
        "triage": triage,
        "selection": {"k": selection.get("k"), "m": selection.get("m")},
        "summary": {"properties": found.counts(), "findings": len(found.findings),
                    "rules_passed": found.rules_passed, "rules_checked": found.rules_checked},
        "results": [unstructure(p) for p in found.properties],
        "rules": {r.rule: {k: v for k, v in unstructure(r).items() if k != "rule"} for r in found.rules},
        "findings": [{k: v for k, v in unstructure(f).items() if k != "size"} for f in found.findings],
        "coverage": found.coverage,
        "baseline": baseline,
        "partial": partial,
    }


def badge(found: Results, partial: bool = False) -> dict:
    """A shields.io endpoint badge: rules passed / rules checked (of a partial run: said so)."""
    passed, checked = found.rules_passed, found.rules_checked
    verdicts = {r.verdict for r in found.rules}
    color = ("lightgrey" if not checked else "red" if Verdict.FAIL in verdicts
             else "orange" if partial or verdicts & {Verdict.ERROR, Verdict.NOT_EXERCISED}
             else "brightgreen")
    return {"schemaVersion": 1, "label": "MTG rules",
            "message": f"{passed}/{checked} rules" + (" (partial)" if partial else ""), "color": color}


def write(report: dict, found: Results, out: Path) -> None:
    """report.json, report.md, report.html and badge.json into `out` (vectors/ is already there)."""
    from mtg_conformance.runner.report_html import render_html
    from mtg_conformance.runner.report_md import render_md
    (out / "report.json").write_text(json.dumps(report, indent=1) + "\n")
    (out / "report.md").write_text(render_md(report, found))
    (out / "report.html").write_text(render_html(report, found))
    (out / "badge.json").write_text(json.dumps(badge(found, bool(report["partial"]))) + "\n")


def replay_command(spec: str, vector: str) -> str:
    """How to replay a finding's vector from the certificate directory."""
    return f"mtg-conformance replay {shlex.quote('vectors/' + vector)} --engine {shlex.quote(spec)}"


@frozen
class Table:
    """One table of a certificate, as plain text cells: report.md and report.html render the same."""

    title: str
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    numeric: frozenset = frozenset()          # column indexes aligned right
    verdicts: frozenset = frozenset()         # column indexes holding a verdict
    code: frozenset = frozenset()             # column indexes holding a command
    anchors: tuple[str, ...] = ()             # per row, where report.html links its first cell


OTHER = "other"           # the area of a rule no rules area claims


def finding_anchor(n: int) -> str:
    """Where report.html shows the `n`th finding's card."""
    return f"finding-{n}"


def area_of_rule(rule: str, props=()) -> str:
    """A CR rule's rules area: the area citing it (`vocabulary.area_citing`); for a rule no area cites,
    the area (properties.coverage.area_of) of most of `props`, the properties that check it (a tie:
    the first in AREAS; `game`, the whole game, only when it is all there is); "" with neither."""
    cited = area_citing(rule)
    if cited:
        return cited
    areas = Counter(area_of(p) for p in props)
    if len(areas) > 1:
        areas.pop("game", None)
    return min(areas, key=lambda a: (-areas[a], AREA_NAMES.index(a)), default="")


def rule_areas(found: Results) -> dict[str, str]:
    """Each rule's rules area (`area_of_rule`, given the properties of the run that check it), the
    rules grouped by area in AREAS order, OTHER last."""
    known = all_properties()
    areas = {r.rule: area_of_rule(r.rule, [known[p.id] for p in found.properties
                                           if r.rule in p.rules and p.id in known]) or OTHER
             for r in found.rules}
    order = {name: i for i, name in enumerate(AREA_NAMES + (OTHER,))}
    return {rule: areas[rule] for rule in sorted(areas, key=lambda rule: order[areas[rule]])}


def tables(spec: str, found: Results) -> list[Table]:
    """The findings (an index of the cards, report_cards.py), the CR rules by rules area and the
    properties, from the result model."""
    findings = Table(
        "Findings", ("Finding", "Blamed on", "Properties", "Cases", "What went wrong"),
        tuple((f.id, ", ".join(f.rules) or "unblamed", ", ".join(f.properties), str(f.cases), f.message)
              for f in found.findings),
        numeric=frozenset({3}), anchors=tuple(finding_anchor(n) for n in range(1, len(found.findings) + 1)))
    verdicts = {r.rule: r for r in found.rules}
    rules = Table(
        "CR rules", ("Area", "CR rule", "Title", "Verdict", "Exercised", "Findings", "Reason"),
        tuple((area, r.rule, r.title, r.verdict, str(r.exercised), ", ".join(r.findings), r.reason)
              for area, r in ((area, verdicts[rule]) for rule, area in rule_areas(found).items())),
        numeric=frozenset({4}), verdicts=frozenset({3}))
    props = Table(          # Skipped: cases whose scenario the engine refused (docs/contract.md)
        "Properties", ("Property", "Title", "CR rules", "Verdict", "Examples", "Skipped", "Findings", "Reason"),
        tuple((p.id, p.title, ", ".join(p.rules), p.verdict, *(("", "") if p.examples is None else
               (str(p.examples), str(p.coverage.skipped))), ", ".join(p.findings), p.reason)
              for p in found.properties),
        numeric=frozenset({4, 5}), verdicts=frozenset({3}))
    return [findings, rules, props] if found.findings else [rules, props]


def partial_note(report: dict) -> str:
    """One sentence for a partial certificate (empty for a whole one)."""
    if not report["partial"]:
        return ""
    not_run = report["partial"]["not_run"]
    return (f"Partial: the run stopped early ({report['partial']['stopped']}); {len(not_run)} "
            f"selected propert{'ies' if len(not_run) != 1 else 'y'} not run, their verdicts unknown: "
            + ", ".join(not_run) + ".")


RULE_VERDICTS_EXPLAINED = (
    "A rule fails when a finding is blamed on it; passes when the oracle applied it in actions the "
    "engine agreed on (exercised) and nothing was blamed on it; is not exercised when no case applied "
    "it; is unsupported when the engine can't express any property checking it.")
