"""A live progress line for long runs: the current property, examples and failures so far.

Registered by `mtg-conformance run` / `certify` only when stdout and stderr are terminals; it then
replaces pytest's per-test letters with one line on stderr that it redraws and erases at the end.
"""
from __future__ import annotations

import re
import shutil

import pytest

from mtg_conformance.runner.results import loads


def wanted(stdout, stderr) -> bool:
    """Only on a terminal: logs and CI output never get the line."""
    return stdout.isatty() and stderr.isatty()


class Progress:
    """A pytest plugin drawing `[done/total] PROPERTY · N examples · F failures` on `stream`."""

    def __init__(self, stream):
        self.stream, self.session, self.live = stream, None, True
        self.current, self.done, self.examples, self.failures, self.errors = "", 0, 0, 0, 0

    def pytest_sessionstart(self, session):
        self.session = session

    def pytest_runtest_logstart(self, nodeid):
        found = re.search(r"\[(.+)\]$", nodeid)
        self.current = found.group(1) if found else nodeid
        self.draw()

    def pytest_runtest_logreport(self, report):
        if report.when != "teardown":
            return
        props = dict(report.user_properties)
        self.done += 1
        if "outcome" in props:
            verdict = loads(props["outcome"]).verdict
            self.examples += verdict.examples or 0
            self.failures += len(verdict.findings)
            self.errors += verdict.verdict == "error"
        self.draw()

    @pytest.hookimpl(wrapper=True)
    def pytest_report_teststatus(self, report, config):
        category, letter, word = yield
        return (category, "", "") if self.live else (category, letter, word)

    def pytest_sessionfinish(self):
        self.live = False
        self.stream.write("\r\033[K")
        self.stream.flush()

    def line(self) -> str:
        total = self.session.testscollected if self.session else 0
        text = (f"[{self.done}/{total or '?'}] {self.current} · {self.examples} examples · "
                f"{self.failures} failure{'s' * (self.failures != 1)}")
        return text + (f" · {self.errors} error{'s' * (self.errors != 1)}" if self.errors else "")

    def draw(self):
        width = shutil.get_terminal_size().columns - 1
        self.stream.write("\r\033[K" + self.line()[:width])
        self.stream.flush()
