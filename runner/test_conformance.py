"""One test per property, against the engine named by `--mtg-engine` (runner/plugin.py)."""
from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest

from adapters.contract import ContractError, EngineError
from adapters.registry import UnknownEngine, make_engine
from properties.examples import kept_cases
from properties.lockstep import Divergence
from properties.model import Tally, all_properties
from properties.suite import Unsupported, check
from properties.vectors import from_divergence, regression_cases, save
from runner.plugin import rule_markers

PROPERTIES = all_properties()


def _param(prop):
    marks = [getattr(pytest.mark, name) for rule in prop.rules for name in rule_markers(rule)]
    return pytest.param(prop.id, marks=marks, id=prop.id)


@pytest.fixture
def engine(request):
    name = request.config.getoption("--mtg-engine")
    if not name:
        pytest.skip("no --mtg-engine given")
    try:
        made = make_engine(name)
    except UnknownEngine as why:
        pytest.fail(str(why), pytrace=False)
    yield made
    made.close()


@pytest.mark.parametrize("prop_id", [_param(p) for p in PROPERTIES.values()])
def test_property(prop_id, engine, request):
    prop = PROPERTIES[prop_id]
    record = request.node.user_properties
    record += [("property", prop.id), ("rules", " ".join(prop.rules)), ("title", prop.title)]
    name = request.config.getoption("--mtg-engine")
    database = request.config.mtg_database                # --mtg-database: a campaign's failures
    kept = kept_cases(prop, engine, database) if database is not None else []
    outcome = _run(prop, engine, name, Path(request.config.getoption("--mtg-failures-dir")), kept)
    record += outcome["record"]
    if outcome.get("skip"):
        pytest.skip(outcome["skip"])
    if outcome.get("fail"):
        pytest.fail(outcome["fail"], pytrace=False)


def _run(prop, engine, name: str, failures: Path, kept: list = ()) -> dict:
    """Check one property; the verdict to record (with the cases run and what they exercised: `tally`,
    JSON) and how pytest should end the test."""
    tally = Tally()
    outcome = _verdict(prop, engine, name, failures, tally, list(kept))
    outcome["record"] += [("examples", tally.cases), ("skipped", tally.skipped),
                          ("tally", json.dumps(tally.to_json()))]
    return outcome


def _verdict(prop, engine, name: str, failures: Path, tally: Tally, kept: list) -> dict:
    try:
        check(prop, engine, regression_cases(prop.id) + kept, tally=tally)
    except Unsupported as why:
        return {"record": [("verdict", "unsupported"), ("reason", str(why))], "skip": f"unsupported: {why}"}
    except Divergence as found:
        path = save(from_divergence(found, name), failures)
        replay = f"mtg-conformance replay {shlex.quote(str(path))} --engine {shlex.quote(name)}"
        return {"record": [("verdict", "fail"), ("kind", found.kind), ("vector", str(path)),
                           ("attributed", "yes" if found.attributed else "no"),
                           ("blamed", " ".join(found.blamed))],
                "fail": found.report(replay)}
    except (EngineError, ContractError) as why:
        return {"record": [("verdict", "error"), ("message", str(why))], "fail": f"engine error: {why}"}
    exercised = json.dumps(dict(tally.labels), sort_keys=True)
    return {"record": [("verdict", "pass"), ("exercised", exercised)]}
