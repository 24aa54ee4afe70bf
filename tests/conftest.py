"""Test-suite configuration: markers, and the Hypothesis profile each test ends with."""
import pytest
from hypothesis import settings


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "derived: the expectation is inferred from the rules rather than a published ruling "
        "(marked [derived] in docs/rules.md)")


@pytest.fixture(autouse=True)
def _keep_hypothesis_profile():
    """A `run` loads a Hypothesis profile process-wide; put the test session's back."""
    profile = settings.get_current_profile_name()
    yield
    settings.load_profile(profile)
