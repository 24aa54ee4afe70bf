"""report.md: a certificate as GitHub-flavoured Markdown, fit for a job summary."""
from __future__ import annotations

import html

from mtg_conformance.oracle.vocabulary import Verdict
from mtg_conformance.runner.certify import RULE_VERDICTS_EXPLAINED, Table, partial_note, tables
from mtg_conformance.runner.results import Results

MARK = {Verdict.PASS: "✅ pass", Verdict.FAIL: "❌ fail", Verdict.UNSUPPORTED: "⚪ unsupported",
        Verdict.ERROR: "⚠️ error", Verdict.NOT_EXERCISED: "❔ not exercised"}


def cell(text) -> str:
    """Engine-supplied text made inert in a Markdown table cell."""
    return html.escape(str(text), quote=False).replace("|", "\\|").replace("\n", " ")


def _table(table: Table) -> list[str]:
    def render(i: int, text: str) -> str:
        if i in table.verdicts:
            return MARK.get(text, cell(text))
        if i in table.code:
            return f"`{text.replace('`', '')}`"
        return cell(text)
    align = ["---:" if i in table.numeric else "---" for i in range(len(table.headers))]
    return ([f"### {table.title}", "", "| " + " | ".join(table.headers) + " |", "|" + "|".join(align) + "|"]
            + ["| " + " | ".join(render(i, text) for i, text in enumerate(row)) + " |"
               for row in table.rows] + [""])


def render_md(report: dict, found: Results) -> str:
    engine, summary, suite = report["engine"], report["summary"], report["suite"]
    counts = ", ".join(f"{n} {v}" for v, n in summary["properties"].items() if n)
    lines = [f"## MTG rules conformance: {cell(engine['name'])} {cell(engine['version'])}", "",
             f"**{found.rules_passed}/{found.rules_checked} rules pass** · {len(found.findings)} "
             f"finding{'s' * (len(found.findings) != 1)} · properties: {counts}"
             f" · suite {suite['version']} (CR {suite['cr_edition']}) · profile `{report['profile']}`"
             f"{' (triaged)' if report['triage'] else ''}"
             f" · engine CR edition {cell(engine['cr_edition']) or 'unspecified'} · {report['created']}",
             ""]
    if report["partial"]:
        lines += [f"**{cell(partial_note(report))}**", ""]
    if report["baseline"]:
        changes, notices = report["baseline"]["changes"], report["baseline"]["notices"]
        lines += [f"Baseline `{cell(report['baseline']['file'])}`: "
                  + (f"{len(changes)} change(s)" if changes else "no change")
                  + (f", {len(notices)} notice(s)" if notices else ""), ""]
        lines += [f"- changed: {cell(line)}" for line in changes]
        lines += [f"- notice: {cell(line)}" for line in notices] + ([""] if changes or notices else [])
    for table in tables(engine["spec"], found):
        lines += _table(table)
        if table.title == "CR rules":
            lines[-1:-1] = ["", RULE_VERDICTS_EXPLAINED]
    return "\n".join(lines)
