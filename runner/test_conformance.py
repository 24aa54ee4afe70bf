"""One test per property, against the engine named by `--mtg-engine` (runner/plugin.py)."""
from __future__ import annotations

from pathlib import Path

import pytest

from mtg_conformance.adapters.registry import UnknownEngine, make_engine
from mtg_conformance.properties.examples import kept_cases
from mtg_conformance.properties.model import Tally, all_properties
from mtg_conformance.properties.suite import Unsupported, search
from mtg_conformance.properties.vectors import regression_cases
from mtg_conformance.runner import results
from mtg_conformance.runner.plugin import rule_markers

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
    prop, config = PROPERTIES[prop_id], request.config
    name = config.getoption("--mtg-engine")
    database = config.mtg_database                        # --mtg-database: a campaign's failures
    kept = kept_cases(prop, engine, database) if database is not None else []
    outcome, text = _run(prop, engine, name, Path(config.getoption("--mtg-failures-dir")),
                         config.getoption("--mtg-triage"), kept)
    # The outcome travels as one JSON user property (also under xdist); "verdict" is for JUnit readers.
    request.node.user_properties += [("outcome", results.dumps(outcome)),
                                     ("verdict", outcome.verdict.verdict)]
    if outcome.verdict.verdict == "unsupported":
        pytest.skip(text)
    if text:
        pytest.fail(text, pytrace=False)


def _run(prop, engine, name: str, failures: Path, triage: bool,
         kept: list = ()) -> tuple[results.PropertyOutcome, str]:
    """Check one property: its outcome, and what pytest should say (empty when it passes)."""
    try:
        checked = search(prop, engine, regression_cases(prop.id) + list(kept), tally=Tally(),
                         triage=triage)
    except Unsupported as why:
        verdict = results.PropertyVerdict(prop.id, prop.title, tuple(prop.rules), "unsupported", str(why))
        return results.PropertyOutcome(verdict), f"unsupported: {why}"
    return results.outcome_of(prop, checked, name, failures)
