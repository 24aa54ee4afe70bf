"""`mtg-conformance properties`: what each property checks and what it needs from an engine — CR
rules, cards, actions, observations, scenario features and seats."""
from __future__ import annotations

import json

from mtg_conformance.adapters.contract import SCENARIO_FEATURES
from mtg_conformance.properties.model import Property


def describe(prop: Property, capabilities: dict) -> dict:
    """One property's requirements, as generated for an engine with `capabilities`, and why it would
    be unsupported on plain scenarios (None: it isn't)."""
    plan = prop.plan(capabilities)
    return {"id": prop.id, "title": prop.title, "rules": list(prop.rules),
            "needs_one_of_cards": sorted(prop.cards), "plays_cards": sorted(plan.cards),
            "needs_actions": sorted(prop.actions), "uses_actions": sorted(plan.actions),
            "needs_observations": sorted(prop.observes),
            "scenario_features": [f for f in SCENARIO_FEATURES if f in plan.features],
            "without_scenario_features": prop.unsupported_reason({**capabilities, "scenario": []}),
            "players": list(plan.players), "about": prop.doc}


def cmd_properties(args) -> int:
    from mtg_conformance.adapters.oracle_adapter import OracleEngine
    from mtg_conformance.properties.model import all_properties
    everything = OracleEngine().capabilities()
    rows = [describe(prop, everything) for prop in all_properties().values()]
    if args.format == "json":
        print(json.dumps(rows, indent=1))
        return 0
    for row in rows:
        print(f"{row['id']} (CR {', '.join(row['rules'])}) {row['title']}")
        print(f"  needs one of the cards: {', '.join(row['needs_one_of_cards'])}")
        print(f"  needs every action of: {', '.join(row['needs_actions'])} (uses {', '.join(row['uses_actions'])}); "
              f"observations: {', '.join(row['needs_observations']) or '-'}; players: "
              f"{row['players'][0]}-{row['players'][1]}")
        print(f"  scenario features used: {', '.join(row['scenario_features']) or '-'}; on plain "
              f"scenarios: {row['without_scenario_features'] or 'supported'}")
    return 0


def register(verbs) -> None:
    """Add the `properties` verb to the CLI's subparsers."""
    verb = verbs.add_parser("properties", help="each property: its CR rules, cards, actions, "
                            "observations and scenario features")
    verb.add_argument("--format", choices=("text", "json"), default="text")
    verb.set_defaults(func=cmd_properties)
