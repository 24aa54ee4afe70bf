"""The properties as ordinary Hypothesis tests against one engine, so that HypoFuzz can run them as a
long, coverage-guided campaign with its dashboard, or pytest as plain tests:

    MTG_CONFORMANCE_ENGINE=phase hypothesis fuzz -- --pyargs properties.fuzz_targets
    MTG_CONFORMANCE_ENGINE=phase pytest --pyargs properties.fuzz_targets

One test per property the engine supports (`test_MANA_001`, …), each with the same example-database
key as `mtg-conformance fuzz`, `run` and `certify` (properties.examples) when run by
Hypothesis itself; HypoFuzz keys its corpus by test node id. The engine (default: the oracle) is
made when the module is imported.
"""
from __future__ import annotations

import atexit
import os

from hypothesis import given, settings
from hypothesis.stateful import get_state_machine_test

from mtg_conformance.adapters.registry import make_engine
from mtg_conformance.properties.examples import keyed
from mtg_conformance.properties.lockstep import run_case
from mtg_conformance.properties.model import StatefulProperty, Tally, all_properties
from mtg_conformance.properties.suite import hypothesis_profile, register_profiles, support

ENGINE = os.environ.get("MTG_CONFORMANCE_ENGINE", "oracle")
register_profiles()
_SETTINGS = settings(settings.get_profile(hypothesis_profile("thorough")), max_examples=100)


def _target(prop, engine, capabilities):
    if isinstance(prop, StatefulProperty):
        machine = prop.machine(engine, capabilities, prop, Tally()).machine
        return keyed(get_state_machine_test(machine, settings=_SETTINGS), prop, engine)

    @_SETTINGS
    @given(case=prop.cases(capabilities).strategy)
    def target(case):
        run_case(engine, case, prop)

    return keyed(target, prop, engine)


def _targets() -> dict:
    engine = make_engine(ENGINE)
    atexit.register(engine.close)
    capabilities = engine.capabilities()
    return {f"test_{prop.id.replace('-', '_')}": _target(prop, engine, capabilities)
            for prop in all_properties().values() if not support(prop, capabilities).unsupported}


globals().update(_targets())
