"""The pytest plugin, inert until asked: `pytest --mtg-engine NAME` certifies an engine.

Installing mtg-conformance puts this module into every pytest session (the `pytest11` entry point), so
on its own it only reads the command line. It activates `Conformance` — options `--mtg-engine`,
`--mtg-profile`, …, the CR markers, the Hypothesis profiles `mtg-dev`, `mtg-ci`, `mtg-thorough` — when
an `--mtg-…` option is given or the conformance tests are named (`--pyargs runner.test_conformance`
or their path); `--mtg-engine` alone also collects them. Otherwise those tests are never collected
and nothing else changes: no option, marker, profile or fixture of ours.

Each property is one test, marked with its CR rules (`-m cr_702_26`), checked by the same function as
`mtg-conformance run` (runner/check.py); its outcome (runner/results.py: verdict, findings,
coverage) travels as JSON in the report's user_properties, so it survives pytest-xdist and reaches
JUnit XML, and is structured back into the result classes here. This is the front-end for engines
that want their conformance run inside their own pytest; `mtg-conformance run` doesn't use pytest.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

NAME = "mtg-conformance"
MODULE = "mtg_conformance.runner.test_conformance"
TESTS = Path(__file__).with_name("test_conformance.py")


def _names_tests(arg: str, here: Path) -> bool:
    """Does a command-line argument name the conformance tests, as a module or as a path?"""
    target = arg.split("::")[0]
    return target == MODULE or os.path.abspath(here / target) == str(TESTS)


def pytest_load_initial_conftests(early_config, args):
    """Activate when asked (see the module docstring): before the command line is parsed, so the
    `--mtg-…` options exist; xdist workers re-run this on the same arguments and decide alike."""
    if early_config.pluginmanager.has_plugin(NAME):
        return
    here = early_config.invocation_params.dir
    options = [a for a in args if a.startswith("--mtg-")]
    named = any(_names_tests(a, here) for a in args)
    if not options and not named:
        return
    early_config.pluginmanager.register(Conformance(), NAME)
    if not named and any(a == "--mtg-engine" or a.startswith("--mtg-engine=") for a in options):
        args.append(str(TESTS))


def pytest_ignore_collect(collection_path, config):
    """The conformance tests, e.g. under `pytest runner/`, are left alone unless asked for."""
    if collection_path == TESTS and not config.pluginmanager.has_plugin(NAME):
        return True
    return None


class Conformance:
    """The active plugin: options, markers, the chosen Hypothesis profile, verdict collection."""

    def pytest_addoption(self, parser):
        from mtg_conformance.properties.suite import PROFILES
        group = parser.getgroup(NAME)
        group.addoption("--mtg-engine", default=None,
                        help="engine to certify (see `mtg-conformance engines`)")
        group.addoption("--mtg-profile", default=None, choices=PROFILES,
                        help="conformance profile (Hypothesis profile mtg-PROFILE)")
        group.addoption("--mtg-failures-dir", default=".mtg-conformance/failures",
                        help="where failing cases are saved as vectors")
        group.addoption("--mtg-triage", action="store_true",
                        help="find every distinct divergence of a property, not only the first")
        group.addoption("--mtg-results-file", default=None,
                        help="write each property's outcome here (JSON)")
        group.addoption("--mtg-database", default=None, help="replay first the failing cases kept in "
                        "this Hypothesis example database (a directory or redis://…)")
        group.addoption("--mtg-show-exercised", action="store_true",
                        help="after the run, show what situations each property generated")

    def pytest_configure(self, config):
        from hypothesis import settings

        from mtg_conformance.properties.model import all_properties
        from mtg_conformance.properties.suite import hypothesis_profile, register_profiles
        from mtg_conformance.runner.fuzz_db import open_database
        from mtg_conformance.runner.selection import rule_markers
        for prop in all_properties().values():
            for rule in prop.rules:
                for name in rule_markers(rule):
                    config.addinivalue_line("markers", f"{name}: checks CR {rule}")
        register_profiles()
        if config.getoption("--mtg-profile"):
            settings.load_profile(hypothesis_profile(config.getoption("--mtg-profile")))
        url = config.getoption("--mtg-database")
        config.mtg_database = open_database(url) if url else None

    @pytest.hookimpl(trylast=True)
    def pytest_sessionstart(self, session):
        collector = _Collector(session.config.getoption("--mtg-results-file"))
        session.config.pluginmanager.register(collector, "mtg-conformance-collector")


class _Collector:
    """Collects each property's outcome on the controlling process (also under xdist)."""

    def __init__(self, path):
        self.path, self.outcomes = path, {}

    def pytest_runtest_logreport(self, report):
        from mtg_conformance.runner.results import loads
        for key, value in report.user_properties:
            if key == "outcome":
                outcome = loads(value)
                self.outcomes.setdefault(outcome.verdict.id, outcome)

    def pytest_terminal_summary(self, terminalreporter, config):
        if not config.getoption("--mtg-show-exercised"):
            return
        from mtg_conformance.runner.statistics import sections
        for title, lines in sections(list(self.outcomes.values())):
            terminalreporter.section(title)
            for line in lines:
                terminalreporter.write_line(line)

    def pytest_sessionfinish(self, session):
        if self.path:
            from mtg_conformance.runner.results import unstructure
            with open(self.path, "w") as out:
                json.dump([unstructure(o) for _, o in sorted(self.outcomes.items())], out, indent=1)
