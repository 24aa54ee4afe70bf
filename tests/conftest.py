"""Test-suite configuration: markers, the slow tests first, and the Hypothesis profile each test
ends with."""
import pytest
from hypothesis import settings


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "derived: the expectation is inferred from the rules rather than a published ruling "
        "(marked [derived] in docs/rules.md)")
    config.addinivalue_line(
        "markers", "slow: tens of CPU-seconds or more (whole certificates, fuzz campaigns, shrinking); "
        "run first, so that on two cores no long test is left running alone at the end. The README's "
        "test command runs them; `-m 'not slow'` is the quick run")


def pytest_collection_modifyitems(items):
    """The slow tests first, in their collection order (each xdist worker sorts alike, so the
    scheduler hands them out before the short ones and they don't form the run's tail)."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


@pytest.fixture(autouse=True)
def _keep_hypothesis_profile():
    """A `run` loads a Hypothesis profile process-wide; put the test session's back."""
    profile = settings.get_current_profile_name()
    yield
    settings.load_profile(profile)
