"""report.html: a certificate as one self-contained page (inline CSS, no scripts); every string escaped."""
from __future__ import annotations

from html import escape

from mtg_conformance.runner.certify import RULE_VERDICTS_EXPLAINED, Table, partial_note, tables
from mtg_conformance.runner.results import Results

CSS = """
body{font:15px/1.45 system-ui,sans-serif;margin:2em auto;max-width:80em;color:#222;padding:0 1em}
h1{font-size:1.5em}h2{font-size:1.2em;margin-top:2em}
table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;padding:.3em .5em;text-align:left}
th{background:#f3f3f3}td.n{text-align:right}code{background:#f3f3f3;padding:0 .2em}
.pass{color:#11691f}.fail{color:#b00020;font-weight:bold}.error{color:#a65e00;font-weight:bold}
.unsupported,.not_exercised{color:#777}.score{font-size:1.3em;font-weight:bold}
.partial{color:#a65e00;font-weight:bold}
"""


def _link(url: str) -> str:
    """A link only for http(s) URLs; anything else is shown as text."""
    if url.startswith(("https://", "http://")):
        return f'<a href="{escape(url)}">{escape(url)}</a>'
    return escape(url)


def _row(*cells: str) -> str:
    return "<tr>" + "".join(cells) + "</tr>"


def _table(table: Table) -> str:
    def render(i: int, text: str) -> str:
        if i in table.verdicts:
            return f'<td class="{escape(text)}">{escape(text.replace("_", " "))}</td>'
        if i in table.code:
            return f"<td><code>{escape(text)}</code></td>"
        return f'<td class="n">{escape(text)}</td>' if i in table.numeric else f"<td>{escape(text)}</td>"
    head = _row(*(f"<th>{escape(h)}</th>" for h in table.headers))
    body = "".join(_row(*(render(i, text) for i, text in enumerate(row))) for row in table.rows)
    return f"<h2>{escape(table.title)}</h2><table>{head}{body}</table>"


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
    for table in tables(engine["spec"], found):
        parts.append(_table(table))
        if table.title == "CR rules":
            parts.append(f"<p>{escape(RULE_VERDICTS_EXPLAINED)}</p>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"
