"""`--statistics`: what each property's cases reached — its situations and events, the interactions
of cards per rules area, and the oracle's decisions per CR rule — so a pass is never vacuous."""
from __future__ import annotations

from mtg_conformance.properties.coverage import interaction_lines, situation_lines
from mtg_conformance.properties.model import all_properties
from mtg_conformance.runner.results import PropertyOutcome, judge


def sections(outcomes: list[PropertyOutcome]) -> list[tuple[str, list[str]]]:
    """(title, lines) of each section, for the terminal or pytest's summary."""
    props, by_id = all_properties(), {o.verdict.id: o for o in outcomes}
    situations = []
    for pid, outcome in sorted(by_id.items()):
        coverage = outcome.verdict.coverage
        situations.append(f"{pid} ({coverage.cases} cases, {outcome.verdict.verdict})")
        situations += [f"  {line}" for line in situation_lines(props[pid], coverage.situations,
                                                               coverage.cases)]
        situations += [f"  {n:6}         event: {label}"
                       for label, n in sorted(coverage.labels.items(), key=lambda item: -item[1])]
    interactions = interaction_lines({pid: o.verdict.coverage.interactions for pid, o in by_id.items()})
    coverage = [f"  {rule:10} {row['applied']:8} {row['agreed']:8}"
                for rule, row in judge(outcomes).coverage.items()]
    return [("situations each property reached (cases, share) and its events", situations),
            ("interactions per rules area (cases that met each pair of cards)", interactions),
            ("rule coverage (oracle decisions: applied, agreed)", coverage)]


def lines(outcomes: list[PropertyOutcome]) -> list[str]:
    """The sections as plain lines, each under a title line."""
    out = []
    for title, body in sections(outcomes):
        out += [f"== {title} ==", *body]
    return out
