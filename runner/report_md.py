"""report.md: a certificate as GitHub-flavoured Markdown, fit for a job summary."""
from __future__ import annotations

import html
import re

from mtg_conformance.oracle.vocabulary import Verdict
from mtg_conformance.runner.certify import RULE_VERDICTS_EXPLAINED, Table, partial_note, tables
from mtg_conformance.runner.report_cards import AreaRow, Board, Card, ExampleView, areas, cards
from mtg_conformance.runner.results import Results

MARK = {Verdict.PASS: "✅ pass", Verdict.FAIL: "❌ fail", Verdict.UNSUPPORTED: "⚪ unsupported",
        Verdict.ERROR: "⚠️ error", Verdict.NOT_EXERCISED: "❔ not exercised"}
# One square per rule in the picture of a rules area, the colours of report.html's bars.
SQUARE = {Verdict.PASS: "🟩", Verdict.FAIL: "🟥", Verdict.NOT_EXERCISED: "🟨", Verdict.UNSUPPORTED: "⬜",
          Verdict.ERROR: "🟧"}


def cell(text) -> str:
    """Engine-supplied text made inert in Markdown, a table cell included: no HTML, no emphasis or
    code, no column break, one line."""
    escaped = html.escape(str(text), quote=False).replace("\n", " ")
    return re.sub(r"([\\`*_~|])", r"\\\1", escaped)


def code(text: str) -> str:
    """A command as inline code (it comes from the run, not the engine; backticks dropped)."""
    return f"`{text.replace('`', '')}`"


def _rows(headers, rows, numeric=frozenset()) -> list[str]:
    align = ["---:" if i in numeric else "---" for i in range(len(headers))]
    return (["| " + " | ".join(headers) + " |", "|" + "|".join(align) + "|"]
            + ["| " + " | ".join(rows_cells) + " |" for rows_cells in rows] + [""])


def _table(table: Table) -> list[str]:
    def render(i: int, text: str) -> str:
        if i in table.verdicts:
            return MARK.get(text, cell(text))
        if i in table.code:
            return code(text)
        return cell(text)
    return [f"### {table.title}", ""] + _rows(
        table.headers, [[render(i, text) for i, text in enumerate(row)] for row in table.rows], table.numeric)


def _areas(rows: list[AreaRow]) -> list[str]:
    """The rule verdicts per rules area: counts, one square per rule, and the failing rules."""
    verdicts = [v for v, _ in rows[0].counts] if rows else []
    body = [[cell(a.name), str(len(a.rules)), "".join(SQUARE[v] for _, v, _, _ in a.rules),
             *(str(n) if n else "" for _, n in a.counts),
             ", ".join(rule for rule, v, _, _ in a.rules if v == Verdict.FAIL)] for a in rows]
    legend = " · ".join(f"{SQUARE[v]} {v.replace('_', ' ')}" for v in verdicts)
    return (["### CR rules by area", ""]
            + _rows(["Area", "Rules", "Verdicts", *(MARK[v] for v in verdicts), "Failing"], body,
                    frozenset(range(1, 2)) | frozenset(range(3, 3 + len(verdicts))))
            + [f"One square per rule: {legend}.", ""])


def _board(board: Board) -> list[str]:
    lines = [f"**Board before** ({cell(board.turn)})", ""]
    lines += _rows(["Player", "Life", "Hand", "Library"], [[cell(c) for c in row] for row in board.players])
    if board.permanents:
        lines += _rows(["Permanent", "Card", "Controller", "State"],
                       [[cell(c) for c in row] for row in board.permanents])
    else:
        lines += ["No permanents.", ""]
    return lines


def _example(example: ExampleView) -> list[str]:
    lines = _board(example.board) if example.board.players else []
    if example.steps:
        last = len(example.steps)
        lines += [f"**Steps** ({cell(example.property)}, vector {code(example.vector)})", ""]
        lines += [f"{n}. **{cell(step)}** ← diverged" if n == last else f"{n}. {cell(step)}"
                  for n, step in enumerate(example.steps, 1)] + [""]
    if example.differences:
        lines += [f"**Differences after step {len(example.steps)}**", ""]
        lines += _rows(["Field", "Engine", "Oracle"], [[cell(c) for c in row] for row in example.differences])
    return lines + [f"**Replay:** {code(example.replay)}", ""]


def _more(example: ExampleView) -> str:
    """A further example in one line: its steps, its first difference, its replay."""
    first = example.differences[0] if example.differences else None
    told = (f"{cell(first[0])}: engine {cell(first[1])}, oracle {cell(first[2])}"
            + (f" (and {len(example.differences) - 1} more)" if len(example.differences) > 1 else "")
            if first else cell(example.sentence))
    steps = " → ".join(f"{n}. {cell(step)}" for n, step in enumerate(example.steps, 1))
    return f"- {cell(example.property)}: {steps} ⇒ {told} · {code(example.replay)}"


def _card(n: int, card: Card) -> list[str]:
    first = card.examples[0]
    title = "; ".join(filter(None, (t for _, t in card.rules)))
    shown = ", ".join(f"{cell(p)} ({c} case{'s' * (c != 1)})" for p, c in card.per_property)
    lines = [f"#### {n}. {cell(card.heading)}" + (f": {cell(title)}" if title else ""), "",
             (f"{code(card.id)} · found by {shown} · {len(card.examples)} "
              f"example{'s' * (len(card.examples) != 1)}"), "", f"> **What went wrong:** {cell(card.sentence)}", ""]
    if first.decision:
        lines += [f"**The oracle decided** (CR {cell(first.decision_rule)}): {cell(first.decision)}"
                  if first.decision_rule else f"**The oracle decided:** {cell(first.decision)}", ""]
    lines += _example(first)
    if card.also:
        lines += [cell(card.also), ""]
    if card.examples[1:]:
        lines += ["**More examples**", ""] + [_more(e) for e in card.examples[1:]] + [""]
    return lines


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
        lines += [f"Baseline {code(report['baseline']['file'])}: "
                  + (f"{len(changes)} change(s)" if changes else "no change")
                  + (f", {len(notices)} notice(s)" if notices else ""), ""]
        lines += [f"- changed: {cell(line)}" for line in changes]
        lines += [f"- notice: {cell(line)}" for line in notices] + ([""] if changes or notices else [])
    lines += _areas(areas(found))
    for table in tables(engine["spec"], found):
        lines += _table(table)
        if table.title == "Findings":
            for n, card in enumerate(cards(engine["spec"], found), 1):
                lines += _card(n, card)
        if table.title == "CR rules":
            lines[-1:-1] = ["", RULE_VERDICTS_EXPLAINED]
    return "\n".join(lines)
