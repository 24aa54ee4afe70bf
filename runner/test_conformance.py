"""One test per property, against the engine named by `--mtg-engine` (runner/plugin.py): a thin
front-end on the runner's check of one property (runner/check.py), which `run` and `certify` use too."""
from __future__ import annotations

from pathlib import Path

import pytest

from mtg_conformance.adapters.registry import UnknownEngine, make_engine
from mtg_conformance.oracle.vocabulary import Verdict
from mtg_conformance.properties.examples import kept_cases
from mtg_conformance.properties.model import all_properties
from mtg_conformance.runner import results
from mtg_conformance.runner.check import check_property
from mtg_conformance.runner.selection import rule_markers

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
    database = config.mtg_database                        # --mtg-database: a campaign's failures
    kept = kept_cases(prop, engine, database) if database is not None else []
    outcome, text = check_property(prop, engine, config.getoption("--mtg-engine"),
                                   Path(config.getoption("--mtg-failures-dir")),
                                   config.getoption("--mtg-triage"), kept=kept)
    # The outcome travels as one JSON user property (also under xdist); "verdict" is for JUnit readers.
    request.node.user_properties += [("outcome", results.dumps(outcome)),
                                     ("verdict", str(outcome.verdict.verdict))]
    if outcome.verdict.verdict == Verdict.UNSUPPORTED:
        pytest.skip(text)
    if text:
        pytest.fail(text, pytrace=False)
