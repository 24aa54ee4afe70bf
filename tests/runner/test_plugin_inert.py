"""Installing mtg-conformance changes no other pytest session: the plugin is inert until asked.

pytest runs in a subprocess, as installed (the `pytest11` entry point loads runner.plugin into every
session) and with the plugin blocked (`-p no:mtg_conformance`: as if we weren't installed), on a small
unrelated suite that has its own `--profile` and `--engine` options and Hypothesis profiles `ci`/`dev`.
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path

import pytest

import mtg_conformance.runner as runner

ROOT = Path(runner.__file__).parent.parent
BLOCKED = ("-p", "no:mtg_conformance")

CONFTEST = '''
from hypothesis import settings

settings.register_profile("ci", max_examples=7)
settings.register_profile("dev", max_examples=3)


def pytest_addoption(parser):
    parser.addoption("--profile", default="dev", help="this suite's own profile")
    parser.addoption("--engine", default="v8", help="this suite's own engine")


def pytest_configure(config):
    settings.load_profile(config.getoption("--profile"))
'''

TESTS = '''
from hypothesis import given, settings, strategies as st


def test_its_engine_option(request):
    assert request.config.getoption("--engine") in ("v8", "spidermonkey")


@given(st.integers())
def test_a_property(n):
    assert isinstance(n, int)


def test_its_profile(request):
    assert settings().max_examples == {"ci": 7, "dev": 3}[request.config.getoption("--profile")]


def test_a_failure():
    assert 1 == 2
'''


def pytest_run(where: Path, *args: str) -> subprocess.CompletedProcess:
    path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    env = {**os.environ, "PYTHONPATH": path}
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:randomly",
                           *args], cwd=where, env=env, capture_output=True, text=True, timeout=300)


def _comparable(output: str) -> str:
    """pytest's output without its timing, its list of installed plugin distributions and the
    timestamps other plugins put in their help (pytest-benchmark's default file names)."""
    output = re.sub(r"^plugins: .*\n", "", output, flags=re.M)
    output = re.sub(r"_\d{8}_\d{6}", "_TIMESTAMP", output)
    return re.sub(r" in \d+\.\d+s", "", output)


@pytest.fixture
def unrelated(tmp_path) -> Path:
    (tmp_path / "conftest.py").write_text(CONFTEST)
    (tmp_path / "test_unrelated.py").write_text(TESTS)
    return tmp_path


def test_we_are_installed_as_a_pytest_plugin():
    """Otherwise the comparisons below would compare nothing."""
    assert [ep.value for ep in entry_points(group="pytest11", name="mtg_conformance")] == ["mtg_conformance.runner.plugin"]


def test_pytest_help_shows_no_option_of_ours_unless_asked(tmp_path):
    installed, blocked = pytest_run(tmp_path, "--help"), pytest_run(tmp_path, "--help", *BLOCKED)
    assert installed.returncode == 0 and _comparable(installed.stdout) == _comparable(blocked.stdout)
    assert "mtg" not in installed.stdout.lower()
    asked = pytest_run(tmp_path, "--help", "--mtg-engine", "oracle")
    assert "--mtg-engine" in asked.stdout and "--mtg-profile={dev,ci,thorough}" in asked.stdout


def test_an_unrelated_suite_runs_exactly_as_without_us(unrelated):
    options = ("--profile", "ci", "--engine", "spidermonkey")
    installed, blocked = pytest_run(unrelated, *options), pytest_run(unrelated, *options, *BLOCKED)
    assert "1 failed, 3 passed" in installed.stdout, installed.stdout + installed.stderr
    assert installed.returncode == blocked.returncode == 1
    assert _comparable(installed.stdout) == _comparable(blocked.stdout)
    assert installed.stderr == blocked.stderr


def test_the_conformance_tests_are_collected_only_when_asked(tmp_path):
    package = ROOT / "runner"
    alone = pytest_run(tmp_path, "--co", "-q", str(package))
    assert alone.returncode == 5 and "test_property" not in alone.stdout
    for asked in (("--mtg-engine", "oracle"), ("--pyargs", "mtg_conformance.runner.test_conformance"),
                  (str(package / "test_conformance.py"),)):
        collected = pytest_run(tmp_path, "--co", "-q", *asked)
        assert collected.returncode == 0 and "test_property[MANA-005]" in collected.stdout, asked


def test_importing_us_registers_no_hypothesis_profile():
    """Nor changes one: Hypothesis has its own `ci` profile, which a suite may use."""
    show = ("from hypothesis import settings\n"
            "for name in ('default', 'ci', 'dev', 'mtg-ci', 'mtg-dev', 'mtg-thorough'):\n"
            "    try:\n        print(name, settings.get_profile(name))\n"
            "    except Exception:\n        print(name, 'not registered')\n")
    profiles = [subprocess.run([sys.executable, "-c", first + show], cwd=ROOT, capture_output=True,
                               text=True, timeout=120).stdout
                for first in ("", "import mtg_conformance.runner.plugin, mtg_conformance.runner.test_conformance, mtg_conformance.runner.cli\n")]
    assert profiles[0] == profiles[1] and "mtg-ci not registered" in profiles[1], profiles
