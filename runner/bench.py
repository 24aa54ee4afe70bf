"""Throughput of an engine through the harness: scenarios and actions per second."""
from __future__ import annotations

import time

from hypothesis import HealthCheck, given, settings

from mtg_conformance.adapters.oracle_adapter import OracleEngine
from mtg_conformance.properties.lockstep import run_case
from mtg_conformance.properties.model import StatefulProperty, all_properties
from mtg_conformance.properties.suite import support


def corpus(capabilities: dict, per_property: int = 20, ids=None) -> list:
    """A fixed, derandomised set of cases drawn from every non-stateful property (of `ids`, if given:
    the run's selection, runner/core.py)."""
    cases = []
    for prop in all_properties().values():
        if ids is not None and prop.id not in ids:
            continue
        if isinstance(prop, StatefulProperty) or support(prop, capabilities).unsupported:
            continue

        @settings(max_examples=per_property, derandomize=True, database=None, deadline=None,
                  suppress_health_check=list(HealthCheck), phases=["generate"])
        @given(prop.cases(capabilities).strategy)
        def collect(case):
            cases.append(case)

        collect()
    return cases


def _time_engine(engine, cases) -> float:
    start = time.perf_counter()
    for case in cases:
        engine.start(case.scenario)
        for action in case.program:
            engine.act(action)
    return time.perf_counter() - start


def bench(engine, per_property: int = 20, ids=None) -> dict:
    """Time the engine alone, and the full lockstep harness (engine + oracle + comparison), on the
    cases of the properties `ids` (default: all)."""
    cases = corpus(engine.capabilities(), per_property, ids)
    actions = sum(len(c.program) for c in cases)
    alone = _time_engine(engine, cases)
    start = time.perf_counter()
    for case in cases:
        try:
            run_case(engine, case)
        except AssertionError:
            pass                       # a divergence costs the same to find; bench only times
    harness = time.perf_counter() - start
    oracle = _time_engine(OracleEngine(), cases)
    return {"engine": engine.identity().get("name"), "scenarios": len(cases), "actions": actions,
            "engine_seconds": round(alone, 4),
            "scenarios_per_second": round(len(cases) / alone, 1),
            "actions_per_second": round(actions / alone, 1),
            "harness_seconds": round(harness, 4),
            "harness_scenarios_per_second": round(len(cases) / harness, 1),
            "harness_share": round(max(harness - alone, 0) / harness, 3),
            "oracle_seconds": round(oracle, 4)}
