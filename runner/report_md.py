"""report.md: a certificate as GitHub-flavoured Markdown, fit for a job summary."""
from __future__ import annotations

import html
import shlex

MARK = {"pass": "✅ pass", "fail": "❌ fail", "unsupported": "⚪ unsupported", "error": "⚠️ error",
        "inconclusive": "❔ inconclusive"}


def cell(text) -> str:
    """Engine-supplied text made inert in a Markdown table cell."""
    return html.escape(str(text), quote=False).replace("|", "\\|").replace("\n", " ")


def replay_command(report: dict, vector: str) -> str:
    return (f"mtg-conformance replay {shlex.quote('vectors/' + vector)} "
            f"--engine {shlex.quote(report['engine']['spec'])}")


def render_md(report: dict) -> str:
    engine, summary, suite = report["engine"], report["summary"], report["suite"]
    counts = ", ".join(f"{n} {v}" for v, n in summary["properties"].items() if n)
    lines = [f"## MTG rules conformance: {cell(engine['name'])} {cell(engine['version'])}", "",
             f"**{summary['rules_passed']}/{summary['rules_checked']} rules pass** · properties: {counts}"
             f" · suite {suite['version']} (CR {suite['cr_edition']}) · profile `{report['profile']}`"
             f" · engine CR edition {cell(engine['cr_edition']) or 'unspecified'} · {report['created']}",
             ""]
    if report["baseline"]:
        changes = report["baseline"]["changes"]
        lines += [f"Baseline `{cell(report['baseline']['file'])}`: "
                  + (f"{len(changes)} change(s)" if changes else "no change"), ""]
        lines += [f"- {cell(change)}" for change in changes] + ([""] if changes else [])
    problems = [r for r in report["results"] if r["verdict"] in ("fail", "error")]
    if problems:
        lines += ["### Failures", ""]
        for r in problems:
            lines.append(f"- **{r['id']}** (CR {', '.join(r['rules'])}) {cell(r['title'])}: "
                         f"{MARK[r['verdict']]} — {cell(r['message'])}")
            if r["verdict"] == "fail":
                command = replay_command(report, r["vector"])
                lines.append(f"  replay from the certificate directory: `{command}`")
        lines.append("")
    lines += ["### Properties", "", "| Property | Title | CR rules | Verdict | Examples |",
              "|---|---|---|---|---:|"]
    lines += [f"| {r['id']} | {cell(r['title'])} | {', '.join(r['rules'])} | {MARK[r['verdict']]} | "
              f"{'' if r['examples'] is None else r['examples']} |" for r in report["results"]]
    lines += ["", "### CR rules", "",
              "A failure found on another rule's actions (incidental) isn't blamed on a rule; a rule "
              "whose every property failed that way is inconclusive.", "",
              "| CR rule | Title | Verdict | pass | fail | incidental | unsupported | error |",
              "|---|---|---|---:|---:|---:|---:|---:|"]
    lines += [f"| {rule} | {cell(r['title'])} | {MARK[r['verdict']]} | {r['pass']} | {r['fail']} | "
              f"{r['incidental']} | {r['unsupported']} | {r['error']} |"
              for rule, r in report["rules"].items()]
    return "\n".join(lines) + "\n"
