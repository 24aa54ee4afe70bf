"""Test-suite configuration: markers, the slow tests first, what the xdist workers share, and the
Hypothesis profile each test ends with."""
import functools
import os

import pytest
from hypothesis import settings

import session_cache


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "derived: the expectation is inferred from the rules rather than a published ruling "
        "(marked [derived] in docs/rules.md)")
    config.addinivalue_line(
        "markers", "slow: tens of CPU-seconds or more (whole certificates, fuzz campaigns, shrinking); "
        "run first, so that on two cores no long test is left running alone at the end. The README's "
        "test command runs them; `-m 'not slow'` is the quick run")


@pytest.hookimpl(trylast=True)          # after pytest-xdist has named the groups, where it can
def pytest_collection_modifyitems(config, items):
    """The slow tests first, in their collection order (each xdist worker sorts alike, so the
    scheduler hands them out before the short ones and they don't form the run's tail)."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
    _xdist_groups(config, items)


def _xdist_groups(config, items):
    """`--dist loadgroup` sends the tests of one `xdist_group` to one worker by the group name
    pytest-xdist appends to their node ids (`…::test@group`), as it sets `item._nodeid`; pytest 9
    reads a node id from `item._id`, so the name was lost and every grouped test handed out alone
    (a costly module fixture made in both workers, a second worker waiting, idle, on the first's
    session_cache entry). Where the name didn't take, it is appended here, as xdist would."""
    if not getattr(config.option, "loadgroup", False):
        return
    for item in items:
        names = sorted({str(mark.args[0] if mark.args else mark.kwargs.get("name", "default"))
                        for mark in item.iter_markers("xdist_group")})
        suffix = "@" + "_".join(names)
        if names and not item.nodeid.endswith(suffix) and hasattr(item, "_id"):
            from _pytest.nodeid import coerce_node_id
            item._id = coerce_node_id(item.nodeid + suffix)
        assert not names or item.nodeid.endswith(suffix), f"xdist_group not applied: {item.nodeid}"


@pytest.fixture(autouse=True)
def _keep_hypothesis_profile():
    """A `run` loads a Hypothesis profile process-wide; put the test session's back."""
    profile = settings.get_current_profile_name()
    yield
    settings.load_profile(profile)


@pytest.fixture(scope="session", autouse=True)
def _shared_by_the_workers(tmp_path_factory):
    """The session's directory for tests/session_cache.py, and what a registered property can check on
    declared capabilities (properties.suite.support) decided there once per session, not once per
    xdist worker (its probe plays up to 60 derandomised oracle cases): the product's own in-process
    cache, across the workers. A property not in the registry (one a test built) is decided as usual."""
    from mtg_conformance.properties import suite
    from mtg_conformance.properties.model import all_properties
    shared = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shared = shared.parent                      # the controller's: one directory per session
    session_cache.DIRECTORY = shared / "shared-results"
    session_cache.DIRECTORY.mkdir(exist_ok=True)
    decided = suite._support

    @functools.lru_cache(maxsize=None)
    def support(prop, declared: str):
        if all_properties().get(prop.id) is not prop:
            return decided(prop, declared)
        return session_cache.once(f"support {prop.id} {declared}", lambda: decided(prop, declared))

    suite._support = support
    yield
    suite._support = decided
    session_cache.DIRECTORY = None
