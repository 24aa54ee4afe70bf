"""report.html: a certificate as one self-contained page (inline CSS, no scripts, no external files);
every string escaped. Each finding is a card (report_cards.py), the rule verdicts a bar per rules area."""
from __future__ import annotations

from html import escape

from mtg_conformance.runner.certify import RULE_VERDICTS_EXPLAINED, Table, partial_note, tables
from mtg_conformance.runner.report_cards import AreaRow, Board, Card, ExampleView, areas, cards
from mtg_conformance.runner.results import Results

# Verdict colours (report_md.SQUARE draws the same): green pass, red fail, yellow not exercised,
# grey unsupported, orange error.
CSS = """
body{font:15px/1.45 system-ui,sans-serif;margin:2em auto;max-width:80em;color:#222;padding:0 1em}
h1{font-size:1.5em}h2{font-size:1.2em;margin-top:2em}h3{font-size:1.1em;margin:0}h4{margin:.8em 0 .3em}
table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;padding:.3em .5em;text-align:left;
vertical-align:top;overflow-wrap:break-word}
table+table{margin-top:.6em}.wide{overflow-x:auto}.diffs td{overflow-wrap:anywhere}
th{background:#f3f3f3}td.n{text-align:right}code{background:#f3f3f3;padding:0 .2em;overflow-wrap:anywhere}
.pass{color:#11691f}.fail{color:#b00020;font-weight:bold}.error{color:#a65e00;font-weight:bold}
.unsupported,.not_exercised{color:#777}.score{font-size:1.3em;font-weight:bold}
.partial{color:#a65e00;font-weight:bold}
.area{display:grid;grid-template-columns:11em 1fr 16em;gap:.2em 1em;align-items:center;margin:.5em 0}
.area .name{font-weight:bold}.area .counts{font-size:.9em;color:#444}
.bar{display:flex;height:1.1em;border-radius:3px;overflow:hidden;background:#eee}
.bar span{display:block;height:100%}
.chips{grid-column:2/4;display:flex;flex-wrap:wrap;gap:.25em}
.chip{font-size:.8em;padding:0 .4em;border-radius:3px;color:#222;text-decoration:none}
.v-pass{background:#43a047}.v-fail{background:#e53935}.v-not_exercised{background:#fdd835}
.v-unsupported{background:#bdbdbd}.v-error{background:#fb8c00}
.chip.v-pass,.chip.v-fail{color:#fff}
.legend span{display:inline-block;width:.9em;height:.9em;border-radius:2px;margin:0 .3em 0 1em;
vertical-align:middle}
.finding{border:1px solid #d6d6d6;border-left:5px solid #e53935;border-radius:4px;padding:.8em 1em;
margin:1.2em 0;background:#fff}
.finding .meta{color:#555;font-size:.9em;margin:.2em 0 .6em}
.sentence{background:#fbeaea;padding:.4em .6em;border-radius:3px}
.decision{background:#eef5ee;padding:.4em .6em;border-radius:3px}
.example{display:grid;grid-template-columns:minmax(0,3fr) minmax(0,2fr);gap:1em}
@media (max-width:50em){.example{grid-template-columns:1fr}.area{grid-template-columns:7em 1fr}
.area .counts,.chips{grid-column:2}}.example table{font-size:.92em}
.steps li.diverged{font-weight:bold;color:#b00020}
.replay code{display:block;white-space:pre-wrap;padding:.3em .5em}
details{margin:.5em 0;border-top:1px dashed #ccc;padding-top:.4em}summary{cursor:pointer}
"""


def _link(url: str) -> str:
    """A link only for http(s) URLs; anything else is shown as text."""
    if url.startswith(("https://", "http://")):
        return f'<a href="{escape(url)}">{escape(url)}</a>'
    return escape(url)


def _row(*cells: str) -> str:
    return "<tr>" + "".join(cells) + "</tr>"


def _plain(headers, rows, css: str = "") -> str:
    """A table of plain text cells."""
    head = _row(*(f"<th>{escape(h)}</th>" for h in headers))
    body = "".join(_row(*(f"<td>{escape(c)}</td>" for c in row)) for row in rows)
    return (f'<table class="{css}">' if css else "<table>") + head + body + "</table>"


def _table(table: Table) -> str:
    def render(i: int, text: str) -> str:
        if i in table.verdicts:
            return f'<td class="{escape(text)}">{escape(text.replace("_", " "))}</td>'
        if i in table.code:
            return f"<td><code>{escape(text)}</code></td>"
        return f'<td class="n">{escape(text)}</td>' if i in table.numeric else f"<td>{escape(text)}</td>"

    def linked(row: tuple, anchor: str) -> str:
        first = f'<td><a href="#{escape(anchor)}">{escape(row[0])}</a></td>' if anchor else render(0, row[0])
        return _row(first, *(render(i, text) for i, text in enumerate(row) if i))
    head = _row(*(f"<th>{escape(h)}</th>" for h in table.headers))
    body = "".join(linked(row, anchor) for row, anchor in zip(table.rows, table.anchors or [""] * len(table.rows)))
    return f'<h2>{escape(table.title)}</h2><div class="wide"><table>{head}{body}</table></div>'


def _area(area: AreaRow) -> str:
    """A rules area: its name, a bar of its rule verdicts (one segment per verdict, as wide as its
    count), the counts, and a chip per rule (a failing one links to its finding)."""
    total = len(area.rules) or 1
    bar = "".join(f'<span class="v-{v}" style="width:{100 * n / total:.3f}%" title="{n} {v.replace("_", " ")}">'
                  "</span>" for v, n in area.counts if n)
    counts = ", ".join(f"{n} {v.replace('_', ' ')}" for v, n in area.counts if n)
    chips = "".join(
        f'<a class="chip v-{v}" href="#{escape(anchor)}" title="{escape(title)}: {v.replace("_", " ")}">{escape(rule)}</a>'
        if anchor else f'<span class="chip v-{v}" title="{escape(title)}: {v.replace("_", " ")}">{escape(rule)}</span>'
        for rule, v, title, anchor in area.rules)
    return (f'<div class="area"><span class="name" title="{escape(area.description)}">{escape(area.name)}</span>'
            f'<div class="bar">{bar}</div><span class="counts">{escape(counts)}</span>'
            f'<div class="chips">{chips}</div></div>')


def _areas(rows: list[AreaRow]) -> str:
    legend = "".join(f'<span class="v-{v}"></span>{v.replace("_", " ")}' for v, _ in rows[0].counts) if rows else ""
    return (f'<h2>CR rules by area</h2><p class="legend">{legend}</p>'
            + "".join(_area(a) for a in rows))


def _board(board: Board) -> str:
    permanents = (_plain(("Permanent", "Card", "Controller", "State"), board.permanents)
                  if board.permanents else "<p>No permanents.</p>")
    return (f'<div class="board"><h4>Board before</h4><p>{escape(board.turn)}</p>'
            f'{_plain(("Player", "Life", "Hand", "Library"), board.players)}{permanents}</div>')


def _example(example: ExampleView) -> str:
    last = len(example.steps)
    steps = "".join(('<li class="diverged">' if n == last else "<li>") + f"{escape(step)}</li>"
                    for n, step in enumerate(example.steps, 1))
    right = (f'<h4>Steps <small>({escape(example.property)}, vector <code>{escape(example.vector)}</code>)'
             f'</small></h4><ol class="steps">{steps}</ol>' if example.steps else "")
    if example.differences:
        right += (f"<h4>Differences after step {len(example.steps)}</h4>"
                  + _plain(("Field", "Engine", "Oracle"), example.differences, "diffs"))
    left = _board(example.board) if example.board.players else ""
    return (f'<div class="example">{left}<div class="what">{right}</div></div>'
            f'<p class="replay">Replay:<code>{escape(example.replay)}</code></p>')


def _decision(example: ExampleView) -> str:
    if not example.decision:
        return ""
    rule = f" (CR {escape(example.decision_rule)})" if example.decision_rule else ""
    return f'<p class="decision"><b>The oracle decided</b>{rule}: {escape(example.decision)}</p>'


def _card(n: int, card: Card) -> str:
    first = card.examples[0]
    titles = "; ".join(filter(None, (t for _, t in card.rules)))
    shown = ", ".join(f"{p} ({c} case{'s' * (c != 1)})" for p, c in card.per_property)
    more = "".join(
        f"<details><summary>Example {i}: {escape(e.property)}, {len(e.steps)} step{'s' * (len(e.steps) != 1)}"
        f" — {escape(e.sentence)}</summary>{_decision(e)}{_example(e)}</details>"
        for i, e in enumerate(card.examples[1:], 2))
    return (f'<section class="finding" id="{card.anchor}"><h3>{n}. {escape(card.heading)}'
            + (f": {escape(titles)}" if titles else "") + "</h3>"
            f'<p class="meta"><code>{escape(card.id)}</code> · found by {escape(shown)} · '
            f"{len(card.examples)} example{'s' * (len(card.examples) != 1)}</p>"
            f'<p class="sentence"><b>What went wrong:</b> {escape(card.sentence)}</p>'
            f"{_decision(first)}{_example(first)}"
            + (f'<p class="also">{escape(card.also)}</p>' if card.also else "") + f"{more}</section>")


def render_html(report: dict, found: Results) -> str:
    engine, suite = report["engine"], report["suite"]
    title = f"MTG rules conformance: {engine['name']} {engine['version']}"
    about = [("Engine", escape(engine["name"])), ("Engine version", escape(engine["version"])),
             ("Engine given as", f"<code>{escape(engine['spec'])}</code>"),
             ("Homepage", _link(engine["homepage"])), ("Issues", _link(engine["issues"])),
             ("Engine CR edition", escape(engine["cr_edition"] or "unspecified")),
             ("Suite", escape(f"{suite['name']} {suite['version']}, CR {suite['cr_edition']}")),
             ("Profile", escape(report["profile"] + (" (triaged)" if report["triage"] else ""))),
             ("Created", escape(report["created"]))]
    if report["baseline"]:
        changes, notices = report["baseline"]["changes"], report["baseline"]["notices"]
        lines = [f"changed: {c}" for c in changes] + [f"notice: {n}" for n in notices]
        about.append(("Baseline", escape(report["baseline"]["file"]) + ": "
                      + ("; ".join(escape(line) for line in lines) or "no change")))
    parts = [f"<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>{escape(title)}</title>",
             f"<style>{CSS}</style></head><body><h1>{escape(title)}</h1>",
             f'<p class="score">{found.rules_passed}/{found.rules_checked} CR rules pass · '
             f'{len(found.findings)} finding{"s" * (len(found.findings) != 1)}</p>',
             "<table>" + "".join(_row(f"<th>{k}</th>", f"<td>{v}</td>") for k, v in about) + "</table>"]
    if report["partial"]:
        parts.insert(3, f'<p class="partial">{escape(partial_note(report))}</p>')
    parts.append(_areas(areas(found)))
    for table in tables(engine["spec"], found):
        parts.append(_table(table))
        if table.title == "Findings":
            parts += [_card(n, card) for n, card in enumerate(cards(engine["spec"], found), 1)]
        if table.title == "CR rules":
            parts.append(f"<p>{escape(RULE_VERDICTS_EXPLAINED)}</p>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"
