"""Test-suite configuration: marker registration only."""


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "derived: the expectation is inferred from the rules rather than a published ruling "
        "(marked [derived] in docs/rules.md)")
