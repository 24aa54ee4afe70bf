"""`mtg-conformance properties`: what each property checks and what it needs from an engine — CR
rules, cards, actions, observations, scenario features and seats. With `--engine`, whether each runs
on that engine and, if not, why (the reason `run` gives it as unsupported), then what declaring each
action, observation or scenario feature the engine lacks would buy (runner/declared.py)."""
from __future__ import annotations

import json
import sys

from mtg_conformance.adapters.contract import SCENARIO_FEATURES
from mtg_conformance.properties.coverage import area_of
from mtg_conformance.properties.model import Property
from mtg_conformance.properties.suite import support


def describe(prop: Property, capabilities: dict) -> dict:
    """One property's requirements, as generated for an engine with `capabilities`, and why it would
    be unsupported on plain scenarios (None: it isn't)."""
    plan = prop.plan(capabilities)
    return {"id": prop.id, "title": prop.title, "rules": list(prop.rules),
            "needs_one_of_cards": sorted(prop.cards), "plays_cards": sorted(plan.cards),
            "needs_actions": sorted(prop.actions), "uses_actions": sorted(plan.actions),
            "needs_observations": sorted(prop.observes),
            "scenario_features": [f for f in SCENARIO_FEATURES if f in plan.features],
            "without_scenario_features": support(prop, {**capabilities, "scenario": []}).unsupported,
            "players": list(plan.players), "about": prop.doc}


def on_engine(prop: Property, now) -> dict:
    """One property on the engine `now` (runner/declared.Declared): whether it runs, else why; what
    it plays and uses there when it runs."""
    reason = now.reasons[prop.id]
    row = {"id": prop.id, "title": prop.title, "area": area_of(prop), "rules": list(prop.rules),
           "runs": reason is None, "reason": reason or ""}
    if reason is None:
        plan = prop.plan(now.capabilities)
        row.update(plays_cards=sorted(plan.cards), uses_actions=sorted(plan.actions),
                   scenario_features=[f for f in SCENARIO_FEATURES if f in plan.features])
    return row


def by_engine(properties: dict, now, buys: tuple | None = None) -> dict:
    """Every property on the engine `now` and, if `buys` isn't None, what each undeclared action,
    observation or scenario feature would buy — those `buys` names, or every one if it names none
    (each is tried on the oracle, so only on request; cards: `cards --engine --buys`)."""
    from mtg_conformance.runner.declared import checked_rules, undeclared_gains
    rows = [on_engine(prop, now) for prop in properties.values()]
    running = checked_rules(properties, now.running, now.capabilities)
    return {"engine": {"spec": now.spec, **{k: now.identity.get(k, "") for k in ("name", "version")}},
            "runs": len(now.running), "unsupported": len(rows) - len(now.running),
            "rules_checked": len(running), "rules": len(checked_rules(properties, properties)),
            "properties": rows, "buys_asked": list(buys) if buys else None,
            "would_buy": {key: {value: bought.to_json() for value, bought in gains.items()}
                          for key, gains in undeclared_gains(properties, now, tuple(buys)).items()}
                         if buys is not None else None}


WHAT = {"actions": "action", "observes": "observation", "scenario": "scenario feature"}


def _print_by_engine(listing: dict, header: str) -> None:
    print(f"{header}: {listing['runs']} of {len(listing['properties'])} properties run, "
          f"{listing['unsupported']} unsupported; their CR rules: {listing['rules_checked']} of "
          f"{listing['rules']}")
    for row in listing["properties"]:
        state = "runs" if row["runs"] else f"unsupported: {row['reason']}"
        print(f"{row['id']:12} {state}")
    if listing["would_buy"] is None:
        print("\n--buys: what declaring one more action, observation or scenario feature would buy")
        return
    print("\ndeclaring one more thing (cards: `mtg-conformance cards --engine --buys CARD`):")
    if not any(listing["would_buy"].values()):
        print(f"  it declares {', '.join(listing['buys_asked'])} already" if listing.get("buys_asked") else
              "  it declares every action, observation and scenario feature of the contract")
    for key, gains in listing["would_buy"].items():
        for value, bought in gains.items():
            if bought["unlocks"] or bought["rules"]:
                runs = f"runs {', '.join(bought['unlocks'])}; " if bought["unlocks"] else ""
                print(f"  {WHAT[key]} {value}: {runs}new CR rules {', '.join(bought['rules']) or '-'}")
        idle = [value for value, bought in gains.items() if not bought["unlocks"] and not bought["rules"]]
        if idle:
            print(f"  {WHAT[key]}s that run nothing more alone: {', '.join(idle)}")


def cmd_properties(args) -> int:
    from mtg_conformance.adapters.oracle_adapter import OracleEngine
    from mtg_conformance.properties.model import all_properties
    properties = all_properties()
    if args.engine:
        from mtg_conformance.runner.declared import declared, unknown_declarables
        unknown = unknown_declarables(args.buys or ())
        if unknown:
            print(f"mtg-conformance: error: --buys: {', '.join(map(repr, unknown))} is no action, "
                  "observation or scenario feature of the contract", file=sys.stderr)
            return 2
        now = declared(args.engine, properties)
        listing = by_engine(properties, now, args.buys)
        if args.format == "json":
            print(json.dumps(listing, indent=1))
        else:
            _print_by_engine(listing, now.header())
        return 0
    everything = OracleEngine().capabilities()
    rows = [describe(prop, everything) for prop in properties.values()]
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
                            "observations and scenario features; with --engine, whether it runs on "
                            "that engine (else why) and what declaring one more thing would buy")
    verb.add_argument("--format", choices=("text", "json"), default="text")
    verb.add_argument("--engine", help="say which properties run on this engine, and why the others don't")
    verb.add_argument("--buys", nargs="*", metavar="NAME", help="with --engine: what declaring each "
                      "undeclared action, observation or scenario feature would buy, or only those named "
                      "(tried on the oracle: minutes for all of them)")
    verb.set_defaults(func=cmd_properties)
