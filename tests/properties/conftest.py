"""Shared by the property tests: each property's `ci` run against the oracle, made once per session
(tests/session_cache.py: once, not once per xdist worker) and read by every test that needs it
(each run is seconds of CPU; several tests read the same one)."""
from __future__ import annotations

import functools

import pytest

from mtg_conformance.adapters.oracle_adapter import OracleEngine
from mtg_conformance.properties.model import Tally, all_properties
from mtg_conformance.properties.suite import check
from session_cache import once


@functools.cache
def _ci_tally(prop_id: str) -> Tally:
    return once(f"ci tally {prop_id}", lambda: check(all_properties()[prop_id], OracleEngine(), profile="ci"))


@pytest.fixture(scope="session")
def ci_tally():
    """`ci_tally(prop_id)`: the tally of the property's `ci` run against the oracle, run on first use
    (a Divergence or error is raised, and not kept). Read it; don't change it."""
    return _ci_tally
