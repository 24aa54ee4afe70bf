"""The pytest plugin: `pytest --pyargs runner.test_conformance --engine NAME` certifies an engine.

Each property is one test, marked with its CR rules (`-m cr_702_26`); its verdict — pass, fail,
unsupported or error — and example count travel in the report's user_properties, so they survive
pytest-xdist and reach JUnit XML.
"""
from __future__ import annotations

import json

import pytest
from hypothesis import settings

from properties.suite import PROFILES


def rule_markers(rule: str) -> list[str]:
    """`702.26d` -> cr_702_26d, cr_702_26, cr_702: a rule selects its subrules too."""
    parts = rule.split(".")
    names = {f"cr_{rule.replace('.', '_')}", f"cr_{parts[0]}"}
    if len(parts) == 2:
        names.add(f"cr_{parts[0]}_{parts[1].rstrip('abcdefghijklmnopqrstuvwxyz')}")
    return sorted(names)


def pytest_addoption(parser):
    group = parser.getgroup("mtg-conformance")
    group.addoption("--engine", default=None, help="engine to certify (see `mtg-conformance engines`)")
    group.addoption("--profile", default=None, choices=PROFILES, help="Hypothesis profile")
    group.addoption("--failures-dir", default=".mtg-conformance/failures",
                    help="where failing cases are saved as vectors")
    group.addoption("--results-file", default=None, help="write each property's verdict here (JSON)")
    group.addoption("--show-exercised", action="store_true",
                    help="after the run, show what situations each property generated")


def pytest_configure(config):
    from properties.model import all_properties
    for prop in all_properties().values():
        for rule in prop.rules:
            for name in rule_markers(rule):
                config.addinivalue_line("markers", f"{name}: checks CR {rule}")
    config.addinivalue_line("markers", "property(id): a conformance property")
    if config.getoption("--profile"):
        settings.load_profile(config.getoption("--profile"))


class _Collector:
    """Collects verdicts on the controlling process (also under xdist)."""

    def __init__(self, path):
        self.path, self.results = path, []

    def pytest_runtest_logreport(self, report):
        props = dict(report.user_properties)
        if "verdict" in props and not any(r["property"] == props["property"] for r in self.results):
            self.results.append(props)

    def pytest_terminal_summary(self, terminalreporter, config):
        if not config.getoption("--show-exercised"):
            return
        terminalreporter.section("situations each property exercised")
        for result in sorted(self.results, key=lambda r: r["property"]):
            counts = json.loads(result.get("exercised", "{}"))
            terminalreporter.write_line(f"{result['property']} ({result.get('examples', 0)} cases)")
            for label, n in sorted(counts.items(), key=lambda item: -item[1]):
                terminalreporter.write_line(f"  {n:6}  {label}")

    def pytest_sessionfinish(self, session):
        if self.path:
            with open(self.path, "w") as out:
                json.dump(sorted(self.results, key=lambda r: r["property"]), out, indent=1)


@pytest.hookimpl(trylast=True)
def pytest_sessionstart(session):
    collector = _Collector(session.config.getoption("--results-file"))
    session.config.pluginmanager.register(collector, "mtg-conformance-collector")
    session.config._mtg_collector = collector
