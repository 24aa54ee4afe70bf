"""`mtg-conformance matrix`: certificates side by side — engines as columns, CR rules as rows, each cell
the rule's verdict in that engine's certificate with links to its findings; then the properties as
rows, each cell the property's verdict with its reason (matrix.md, .html, .json).

It reads only these fields of each certificate's report.json: `engine` (spec, name, version);
`rules` — per CR rule its `verdict`, `findings` (finding ids) and, when present, `title`, `exercised`
and `reason`; `findings` — each with its `id` and, when present, `kind`, `message` and `vector` (a file
in the certificate's vectors/, or a path relative to the certificate); `results` — each property's
`id` and `verdict` and, when present, `title`, `rules`, `reason` and `findings`.
"""
from __future__ import annotations

import json
import os
from html import escape
from pathlib import Path
from urllib.parse import quote

from mtg_conformance.adapters.contract import MtgConformanceError
from mtg_conformance.oracle.vocabulary import Verdict
from mtg_conformance.properties.lockstep import rule_key as rule_order
from mtg_conformance.runner.report_md import cell

MATRIX_VERSION = 2            # 2: the properties' verdicts too
FORMATS = ("md", "html", "json")
MARK = {Verdict.PASS: "✅ pass", Verdict.FAIL: "❌ fail", Verdict.NOT_EXERCISED: "◌ not exercised",
        Verdict.UNSUPPORTED: "⚪ unsupported", Verdict.ERROR: "⚠️ error"}


class MatrixError(MtgConformanceError):
    """A certificate the matrix can't read: one line naming the directory or file and the problem."""

    hint = "give directories written by `mtg-conformance certify --out DIR`"


def _field(value, key: str, kind: type, where: str, file: Path):
    if not isinstance(value, dict) or key not in value:
        raise MatrixError(f"{file}: missing field {where}/{key} (not a certificate this version reads)")
    if not isinstance(value[key], kind):
        raise MatrixError(f"{file}: field {where}/{key} is not a {kind.__name__}")
    return value[key]


def load(directory: str) -> dict:
    """A certificate directory's report.json, checked for the fields the matrix reads."""
    file = Path(directory) / "report.json"
    if not Path(directory).is_dir():
        raise MatrixError(f"{directory}: no such certificate directory")
    if not file.is_file():
        raise MatrixError(f"{directory}: no report.json (not a certificate directory)")
    try:
        report = json.loads(file.read_text())
    except (ValueError, UnicodeDecodeError) as why:
        raise MatrixError(f"{file}: not JSON ({why})") from None
    engine = _field(report, "engine", dict, "", file)
    for key in ("spec", "name", "version"):
        _field(engine, key, str, "/engine", file)
    known = set()
    for index, finding in enumerate(_field(report, "findings", list, "", file)):
        known.add(_field(finding, "id", str, f"/findings/{index}", file))
        if not isinstance(finding.get("vector"), (str, type(None))):
            raise MatrixError(f"{file}: field /findings/{index}/vector is not a str")
    for rule, row in _field(report, "rules", dict, "", file).items():
        if _field(row, "verdict", str, f"/rules/{rule}", file) not in set(Verdict):
            raise MatrixError(f"{file}: rule {rule} has verdict {row['verdict']!r}, not one of "
                              f"{', '.join(Verdict)}")
        for finding in _field(row, "findings", list, f"/rules/{rule}", file):
            if finding not in known:
                raise MatrixError(f"{file}: rule {rule} lists finding {finding!r}, which /findings lacks")
    for index, result in enumerate(_field(report, "results", list, "", file)):
        _field(result, "id", str, f"/results/{index}", file)
        if _field(result, "verdict", str, f"/results/{index}", file) not in set(Verdict):
            raise MatrixError(f"{file}: property {result['id']} has verdict {result['verdict']!r}, not one "
                              f"of {', '.join(Verdict)}")
    return report


def _href(path: Path, out: Path) -> str:
    """A relative link from the matrix's directory."""
    return quote(Path(os.path.relpath(path.absolute(), out.absolute())).as_posix())


def build(certificates: list[tuple[Path, dict]], out: Path) -> dict:
    """The matrix of `(certificate directory, report)` pairs, with links relative to `out`."""
    engines, rules = [], {}
    for directory, report in certificates:
        findings = {f["id"]: f for f in report["findings"]}
        engines.append({**{k: report["engine"][k] for k in ("spec", "name", "version")},
                        "report": _href(directory / "report.html", out),
                        "report_md": _href(directory / "report.md", out)})
        for rule, row in report["rules"].items():
            entry = rules.setdefault(rule, {"rule": rule, "title": "", "cells": {}})
            entry["title"] = entry["title"] or row.get("title") or ""
            entry["cells"][len(engines) - 1] = {
                "verdict": row["verdict"], "exercised": row.get("exercised"), "reason": row.get("reason"),
                "findings": [_finding(findings[f], directory, out) for f in row["findings"]]}
    rows = [{**r, "cells": [r["cells"].get(i) for i in range(len(engines))]}
            for _, r in sorted(rules.items(), key=lambda item: rule_order(item[0]))]
    summary = [_count(row["cells"][i] for row in rows) for i in range(len(engines))]
    return {"matrix": MATRIX_VERSION, "engines": engines, "summary": summary, "rules": rows,
            "properties": _properties([report for _, report in certificates])}


def _properties(reports: list[dict]) -> list[dict]:
    """A row per property of any certificate, in the order they first appear: its title and rules,
    and in each certificate its verdict, reason and finding ids (None: not in that certificate)."""
    rows: dict[str, dict] = {}
    for column, report in enumerate(reports):
        for result in report["results"]:
            row = rows.setdefault(result["id"], {"id": result["id"], "title": "", "rules": [], "cells": {}})
            row["title"] = row["title"] or result.get("title") or ""
            row["rules"] = row["rules"] or list(result.get("rules") or [])
            row["cells"][column] = {"verdict": result["verdict"], "reason": result.get("reason") or "",
                                    "findings": list(result.get("findings") or [])}
    return [{**row, "cells": [row["cells"].get(i) for i in range(len(reports))]} for row in rows.values()]


def _finding(finding: dict, directory: Path, out: Path) -> dict:
    """A finding and the link to its vector (None without one: the certificate's report is linked)."""
    vector = finding.get("vector")
    link = _href(directory / (vector if "/" in vector else f"vectors/{vector}"), out) if vector else None
    return {"id": finding["id"], "kind": finding.get("kind") or "", "message": finding.get("message") or "",
            "vector": link}


def _count(cells) -> dict:
    counts: dict[str, int] = {}
    for c in cells:
        if c:
            counts[c["verdict"]] = counts.get(c["verdict"], 0) + 1
    return counts


def render_md(matrix: dict) -> str:
    engines = matrix["engines"]
    head = [f"[{cell(e['name'])} {cell(e['version'])}]({e['report_md']})" for e in engines]
    lines = ["# MTG rules conformance matrix", "",
             "Each column is an engine's certificate, each row a Comprehensive Rules rule; a cell is the "
             "rule's verdict with links to the failing cases found on it. — : not in that certificate.",
             "", "| CR rule | Title | " + " | ".join(head) + " |",
             "|---|---|" + "---|" * len(engines),
             "| | *verdicts* | " + " | ".join(_summary(s) for s in matrix["summary"]) + " |"]
    for row in matrix["rules"]:
        lines.append(f"| {row['rule']} | {cell(row['title'])} | "
                     + " | ".join(_md_cell(c, e) for c, e in zip(row["cells"], engines)) + " |")
    lines += ["", "## Properties", "", "Each row a property, each cell its verdict in that certificate, "
              "with the reason of one unsupported or in error.", "",
              "| Property | Title | " + " | ".join(head) + " |", "|---|---|" + "---|" * len(engines)]
    for row in matrix["properties"]:
        lines.append(f"| {cell(row['id'])} | {cell(row['title'])} | "
                     + " | ".join(_md_property(c) for c in row["cells"]) + " |")
    for column, engine in enumerate(engines):
        found = {f["id"]: f for row in matrix["rules"] if row["cells"][column]
                 for f in row["cells"][column]["findings"]}
        if found:
            lines += ["", f"## Findings: {cell(engine['name'])} {cell(engine['version'])}", ""]
            lines += [f"- [{cell(f['id'])}]({f['vector'] or engine['report_md']}) {cell(f['kind'])}: "
                      f"{cell(f['message'])}"
                      for f in found.values()]
    return "\n".join(lines) + "\n"


def _summary(counts: dict) -> str:
    return ", ".join(f"{n} {verdict.replace('_', ' ')}" for verdict, n in sorted(counts.items()))


def _md_property(c: dict | None) -> str:
    if c is None:
        return "—"
    text = MARK.get(c["verdict"], cell(c["verdict"]))
    return text + (f": {cell(c['reason'])}" if c["reason"] else "")


def _md_cell(c: dict | None, engine: dict) -> str:
    if c is None:
        return "—"
    text = MARK.get(c["verdict"], cell(c["verdict"]))
    if c["reason"]:
        text += f": {cell(c['reason'])}"
    return " ".join([text] + [f"[{cell(f['id'])}]({f['vector'] or engine['report_md']})"
                              for f in c["findings"]])


CSS = """
body{font:15px/1.45 system-ui,sans-serif;margin:2em auto;max-width:90em;color:#222;padding:0 1em}
table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.3em .5em;text-align:left;
vertical-align:top}th{background:#f3f3f3}small{color:#555;display:block}
.pass{background:#e6f4e8}.fail{background:#fbe3e6}.error{background:#fdf0d9}
.unsupported,.not_exercised,.absent{background:#f4f4f4;color:#666}
"""


def render_html(matrix: dict) -> str:
    engines = matrix["engines"]
    head = "".join(f'<th><a href="{escape(e["report"])}">{escape(e["name"])} {escape(e["version"])}</a>'
                   f"<small><code>{escape(e['spec'])}</code></small></th>" for e in engines)
    parts = ["<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">"
             f"<title>MTG rules conformance matrix</title><style>{CSS}</style></head><body>",
             "<h1>MTG rules conformance matrix</h1>",
             "<p>Each column is an engine's certificate, each row a Comprehensive Rules rule; a cell is "
             "the rule's verdict with links to the failing cases found on it. — : not in that "
             "certificate.</p>",
             f"<table><tr><th>CR rule</th><th>Title</th>{head}</tr>",
             "<tr><td></td><td><i>verdicts</i></td>"
             + "".join(f"<td>{escape(_summary(s))}</td>" for s in matrix["summary"]) + "</tr>"]
    for row in matrix["rules"]:
        parts.append(f"<tr><td>{escape(row['rule'])}</td><td>{escape(row['title'])}</td>"
                     + "".join(_html_cell(c, e) for c, e in zip(row["cells"], engines)) + "</tr>")
    parts += ["</table>", "<h2>Properties</h2>", f"<table><tr><th>Property</th><th>Title</th>{head}</tr>"]
    for row in matrix["properties"]:
        parts.append(f"<tr><td>{escape(row['id'])}</td><td>{escape(row['title'])}</td>"
                     + "".join(_html_property(c) for c in row["cells"]) + "</tr>")
    parts.append("</table></body></html>")
    return "\n".join(parts) + "\n"


def _html_property(c: dict | None) -> str:
    if c is None:
        return '<td class="absent">—</td>'
    reason = f"<small>{escape(c['reason'])}</small>" if c["reason"] else ""
    return f'<td class="{escape(c["verdict"])}">{escape(c["verdict"])}{reason}</td>'


def _html_cell(c: dict | None, engine: dict) -> str:
    if c is None:
        return '<td class="absent">—</td>'
    verdict = c["verdict"]
    notes = [f'<a href="{escape(f["vector"] or engine["report"])}" '
             f'title="{escape(f["kind"] + ": " + f["message"])}">{escape(f["id"])}</a>'
             for f in c["findings"]]
    if c["reason"]:
        notes.append(escape(c["reason"]))
    if c["exercised"] is not None:
        notes.append(f"exercised {escape(str(c['exercised']))}")
    return (f'<td class="{escape(verdict)}">{escape(verdict.replace("_", " "))}'
            + "".join(f"<small>{note}</small>" for note in notes) + "</td>")


def write(matrix: dict, out: Path, formats: tuple[str, ...]) -> list[Path]:
    """matrix.md, matrix.html and/or matrix.json into `out`; the files written."""
    out.mkdir(parents=True, exist_ok=True)
    render = {"md": render_md, "html": render_html,
              "json": lambda m: json.dumps(m, indent=1, ensure_ascii=False) + "\n"}
    written = []
    for fmt in formats:
        path = out / f"matrix.{fmt}"
        path.write_text(render[fmt](matrix))
        written.append(path)
    return written
