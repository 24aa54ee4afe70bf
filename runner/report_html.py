"""report.html: a certificate as one self-contained page (inline CSS, no scripts); every string escaped."""
from __future__ import annotations

from html import escape

from runner.report_md import replay_command

CSS = """
body{font:15px/1.45 system-ui,sans-serif;margin:2em auto;max-width:70em;color:#222;padding:0 1em}
h1{font-size:1.5em}h2{font-size:1.2em;margin-top:2em}
table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;padding:.3em .5em;text-align:left}
th{background:#f3f3f3}td.n{text-align:right}code{background:#f3f3f3;padding:0 .2em}
.pass{color:#11691f}.fail{color:#b00020;font-weight:bold}.error{color:#a65e00;font-weight:bold}
.unsupported{color:#777}.score{font-size:1.3em;font-weight:bold}
"""


def _link(url: str) -> str:
    """A link only for http(s) URLs; anything else is shown as text."""
    if url.startswith(("https://", "http://")):
        return f'<a href="{escape(url)}">{escape(url)}</a>'
    return escape(url)


def _verdict(verdict: str) -> str:
    return f'<td class="{escape(verdict)}">{escape(verdict)}</td>'


def _row(*cells: str) -> str:
    return "<tr>" + "".join(cells) + "</tr>"


def render_html(report: dict) -> str:
    engine, summary, suite = report["engine"], report["summary"], report["suite"]
    title = f"MTG rules conformance: {engine['name']} {engine['version']}"
    about = [("Engine", escape(engine["name"])), ("Engine version", escape(engine["version"])),
             ("Engine given as", f"<code>{escape(engine['spec'])}</code>"),
             ("Homepage", _link(engine["homepage"])), ("Issues", _link(engine["issues"])),
             ("Engine CR edition", escape(engine["cr_edition"] or "unspecified")),
             ("Suite", escape(f"{suite['name']} {suite['version']}, CR {suite['cr_edition']}")),
             ("Profile", escape(report["profile"])), ("Created", escape(report["created"]))]
    if report["baseline"]:
        changes = report["baseline"]["changes"]
        about.append(("Baseline", escape(report["baseline"]["file"]) + ": "
                      + ("; ".join(escape(c) for c in changes) or "no change")))
    parts = [f"<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>{escape(title)}</title>",
             f"<style>{CSS}</style></head><body><h1>{escape(title)}</h1>",
             f'<p class="score">{summary["rules_passed"]}/{summary["rules_checked"]} CR rules pass</p>',
             "<table>" + "".join(_row(f"<th>{k}</th>", f"<td>{v}</td>") for k, v in about) + "</table>"]
    problems = [r for r in report["results"] if r["verdict"] in ("fail", "error")]
    if problems:
        parts.append("<h2>Failures</h2><ul>")
        for r in problems:
            replay = (f"<br>Replay from the certificate directory: "
                      f"<code>{escape(replay_command(report, r['vector']))}</code>"
                      if r["verdict"] == "fail" else "")
            verdict = escape(r["verdict"])
            parts.append(f'<li><b>{escape(r["id"])}</b> (CR {escape(", ".join(r["rules"]))}) '
                         f'{escape(r["title"])}: <span class="{verdict}">{verdict}</span> — '
                         f"{escape(r['message'])}{replay}</li>")
        parts.append("</ul>")
    parts.append("<h2>Properties</h2><table><tr><th>Property</th><th>Title</th><th>CR rules</th>"
                 "<th>Verdict</th><th>Examples</th></tr>")
    parts += [_row(f"<td>{escape(r['id'])}</td>", f"<td>{escape(r['title'])}</td>",
                   f"<td>{escape(', '.join(r['rules']))}</td>", _verdict(r["verdict"]),
                   f'<td class="n">{"" if r["examples"] is None else r["examples"]}</td>')
              for r in report["results"]]
    parts.append("</table><h2>CR rules</h2><table><tr><th>CR rule</th><th>Title</th><th>Verdict</th>"
                 "<th>pass</th><th>fail</th><th>unsupported</th><th>error</th></tr>")
    parts += [_row(f"<td>{escape(rule)}</td>", f"<td>{escape(r['title'])}</td>", _verdict(r["verdict"]),
                   *(f'<td class="n">{r[v]}</td>' for v in ("pass", "fail", "unsupported", "error")))
              for rule, r in report["rules"].items()]
    parts.append("</table></body></html>")
    return "\n".join(parts) + "\n"
