"""Show which rules the oracle applied, action by action.

    python -m mtg_conformance.oracle.explain SCENARIO.json PROGRAM.json

PROGRAM.json is a list of contract actions (a saved vector's "program"); SCENARIO.json may also be
a whole vector (its "scenario" is used). Bad files give a one-line error and a non-zero exit status.
"""
from __future__ import annotations

import json
import sys

from mtg_conformance.oracle import Oracle, ScenarioError
from mtg_conformance.oracle.provenance import explain


def _load(path: str, key: str):
    try:
        with open(path) as f:
            doc = json.load(f)
    except (OSError, ValueError) as why:
        raise SystemExit(f"error: can't read {path}: {why}") from None
    return doc[key] if isinstance(doc, dict) and key in doc else doc


def main(argv: list[str]) -> None:
    if len(argv) != 2:
        raise SystemExit("usage: python -m mtg_conformance.oracle.explain SCENARIO.json PROGRAM.json")
    scenario, program = _load(argv[0], "scenario"), _load(argv[1], "program")
    if not isinstance(program, list) or not all(isinstance(a, dict) for a in program):
        raise SystemExit(f"error: {argv[1]} is not a list of actions")
    try:
        game = Oracle(scenario)
    except ScenarioError as why:
        raise SystemExit(f"error: scenario refused: {why}") from None
    print("setup\n" + "\n".join(f"  {line}" for line in explain(game.setup).splitlines()))
    for i, action in enumerate(program, 1):
        rejected = game.act(action)["rejected"]
        print(f"{i}. {json.dumps(action)}" + (f"  -> rejected: {rejected}" if rejected else ""))
        print("\n".join(f"  {line}" for line in explain(game.trace).splitlines()))


if __name__ == "__main__":
    main(sys.argv[1:])
