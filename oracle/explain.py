"""Which rules the oracle applied, action by action: `mtg-conformance explain VECTOR` (or
`explain SCENARIO PROGRAM`) prints what `explain_program` returns."""
from __future__ import annotations

import json

from mtg_conformance.oracle import Oracle
from mtg_conformance.oracle.provenance import explain


def _indented(text: str) -> list[str]:
    return [f"  {line}" for line in text.splitlines()]


def explain_program(scenario: dict, program: list[dict]) -> list[str]:
    """The oracle's decisions setting `scenario` up, then for each action of `program` the action
    (and its rejection, if the rules forbid it) and the decisions it took. Raises ScenarioError for
    a scenario the oracle can't build."""
    game = Oracle(scenario)
    lines = ["setup", *_indented(explain(game.setup))]
    for i, action in enumerate(program, 1):
        rejected = game.act(action)["rejected"]
        lines.append(f"{i}. {json.dumps(action)}" + (f"  -> rejected: {rejected}" if rejected else ""))
        lines += _indented(explain(game.trace))
    return lines
