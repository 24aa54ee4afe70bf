"""`mtg-conformance fuzz`: workers sharing a real redis-server's example database, findings that
survive a killed worker and restarts, and `run` replaying what a campaign found."""
from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import unittest
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import Phase, settings
from hypothesis.database import InMemoryExampleDatabase

from mtg_conformance.adapters.contract import EngineError
from mtg_conformance.adapters.oracle_adapter import OracleEngine
from mtg_conformance.adapters.registry import make_engine
from mtg_conformance.properties.examples import kept_cases
from mtg_conformance.properties.lockstep import Divergence
from mtg_conformance.properties.model import all_properties
from mtg_conformance.properties.suite import check, hypothesis_profile
from mtg_conformance.properties.vectors import from_divergence, load
from mtg_conformance.runner.cli import main
from mtg_conformance.runner.fuzz import Campaign
from mtg_conformance.runner.fuzz_db import KeepFailures, open_database
from mtg_conformance.runner.fuzz_findings import Known
from mtg_conformance.runner.fuzz_worker import Hunt

MUTANT, PROPERTY = "mutant:pool-persists", "MANA-005"      # caught within a few cases
# The tests reading `campaign` run in one xdist worker, which runs it once. Campaigns run for their
# minutes: those tests are slow, to start first (tests/conftest.py).


class CrashingEngine(OracleEngine):
    """The oracle, but it fails on every `advance`."""

    def act(self, action: dict) -> dict:
        if action["type"] == "advance":
            raise EngineError("advance failed (error 42)")
        return super().act(action)
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def redis_server(tmp_path_factory):
    """A redis-server of our own on a free loopback port, in a temporary directory."""
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.skip("no redis-server binary here (Debian: apt-get install redis-server)")
    redis = pytest.importorskip("redis", reason="the redis client isn't installed (pip install "
                                "'mtg-conformance[redis]')")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen([binary, "--port", str(port), "--bind", "127.0.0.1", "--dir",
                               str(tmp_path_factory.mktemp("redis")), "--save", "",
                               "--appendonly", "no"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    client = redis.Redis(port=port)
    for _ in range(200):
        try:
            client.ping()
            break
        except redis.ConnectionError:
            time.sleep(0.05)
    yield f"redis://127.0.0.1:{port}"
    server.terminate()
    server.wait(10)


DATABASES = iter(range(16))                                  # Redis's numbered databases


@pytest.fixture
def redis_url(redis_server):
    """An empty database of its own on the shared server."""
    return f"{redis_server}/{next(DATABASES)}"


@pytest.fixture(scope="module")
def campaign(redis_server, tmp_path_factory):
    """One short campaign against the mutant: its database and its one finding."""
    url, out = f"{redis_server}/{next(DATABASES)}", tmp_path_factory.mktemp("campaign")
    first = fuzz("--engine", MUTANT, "-k", PROPERTY, "--minutes", "0.15", "--database", url,
                 "--out", str(out))
    stdout, stderr = first.communicate(timeout=300)
    assert first.returncode == 1, stdout + stderr
    [vector] = [load(p) for p in (out / "vectors").glob("F-*.json")]
    return url, vector


def fuzz(*argv: str, **popen) -> subprocess.Popen:
    """`mtg-conformance fuzz …` as its own process (and process group), reading its stdout."""
    path = (ROOT, ROOT / "tests", Path(__file__).parent)       # this module's engines load by name
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(map(str, path))}
    return subprocess.Popen([sys.executable, "-m", "mtg_conformance.runner.cli", "fuzz", *argv], env=env, cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True, **popen)


def replay_only(url: str, out: Path):
    """A worker's hunt that can't generate: it only replays the database (no set-aside known)."""
    engine = make_engine(MUTANT)
    hunt = Hunt(engine, open_database(url), Known(out), threading.Event(), lambda *_: None)
    hunt.settings = settings(hunt.settings, phases=[Phase.reuse])
    try:
        return hunt.round(all_properties()[PROPERTY], 10)
    except unittest.SkipTest:                            # Hypothesis: nothing kept to replay
        return None
    finally:
        engine.close()


@pytest.mark.slow
@pytest.mark.xdist_group("fuzz-campaign")
def test_a_finding_of_one_worker_is_reproduced_by_another_from_redis_alone(
        campaign, redis_url, tmp_path):
    url, vector = campaign
    assert replay_only(redis_url, tmp_path) is None          # an empty database: nothing to replay
    found = replay_only(url, tmp_path)                        # the campaign's: its finding
    assert found is not None and from_divergence(found, MUTANT)["id"] == vector["id"]


@pytest.mark.slow
@pytest.mark.xdist_group("fuzz-campaign")
def test_run_and_certify_replay_first_what_a_campaign_kept(campaign, tmp_path):
    url, vector = campaign
    engine, prop = make_engine(MUTANT), all_properties()[PROPERTY]
    try:
        kept = kept_cases(prop, engine, open_database(url))
        assert vector["scenario"] in [c.scenario for c in kept]     # the finding's minimal case
        settings.register_profile(hypothesis_profile("no-generation"), database=None,
                                  phases=[Phase.explicit])
        with pytest.raises(Divergence):                      # the kept case alone fails it
            check(prop, engine, kept, profile="no-generation")
    finally:
        engine.close()
    run = ["run", "--engine", MUTANT, "-k", PROPERTY, "--profile", "ci", "--database", url]
    assert main(run + ["--failures-dir", str(tmp_path / "f")]) == 1
    assert main(["certify", "--engine", MUTANT, "-k", PROPERTY, "--database", url,
                 "--out", str(tmp_path / "cert")]) == 1


@pytest.mark.slow
def test_a_killed_worker_loses_no_finding_it_reported_and_a_restart_reports_none_again(
        redis_url, tmp_path):
    campaign = tmp_path / "campaign"
    running = fuzz("--engine", MUTANT, "-k", PROPERTY, "--minutes", "10", "--workers", "2",
                   "--database", redis_url, "--out", str(campaign))
    line = running.stdout.readline()
    assert line.startswith("NEW FINDING"), line + running.stderr.read()
    path = Path(line.split(" -> ")[1].split(" (worker")[0])
    worker = int(load(path)["finding"]["worker"].rsplit(":", 1)[1])
    os.kill(worker, signal.SIGKILL)                      # the worker that reported it
    while "died" not in line:
        line = running.stdout.readline()
        assert line, running.stderr.read()
    running.send_signal(signal.SIGTERM)                  # `kill` ends the campaign early, as Ctrl-C
    out, err = running.communicate(timeout=300)
    assert running.returncode == 1, out + err            # a new finding
    vector = load(path)
    assert vector["property"] == PROPERTY and vector["finding"]["signature"]
    summary = json.loads((campaign / "campaign.json").read_text())
    assert summary["interrupted"] and summary["findings_on_disk"] == 1
    again = fuzz("--engine", MUTANT, "-k", PROPERTY, "--minutes", "0.3", "--database", redis_url,
                 "--out", str(campaign))
    out, err = again.communicate(timeout=300)
    assert again.returncode == 0 and "NEW FINDING" not in out, out + err
    summary = json.loads((campaign / "campaign.json").read_text())
    assert summary["known_before"] == 1 and summary["set_aside"] >= 1 and summary["cases"] > 0


def test_a_campaign_keeps_failures_hypothesis_would_drop():
    db = InMemoryExampleDatabase()
    kept = KeepFailures(db)
    for key in (b"k", b"k.secondary"):
        kept.save(key, b"v")
        kept.delete(key, b"v")
    assert set(db.fetch(b"k")) == {b"v"} and set(db.fetch(b"k.secondary")) == set()


@pytest.mark.parametrize("argv, message", [
    (["--database", "redis://127.0.0.1:1/0"], "no Redis answers there"),
    (["-k", "NOPE"], "no property matches"),
    (["-k", "and ("], "Wrong expression passed to '-k'"),
    (["--minutes", "0"], "a positive number"),
    (["--workers", "two"], "a positive number"),
])
def test_bad_fuzz_input_is_one_line_and_exit_2(capsys, tmp_path, argv, message):
    assert main(["fuzz", "--engine", MUTANT, "--out", str(tmp_path / "c"), *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1, err


def test_hypothesis_runs_the_properties_as_ordinary_tests_for_a_chosen_engine(monkeypatch):
    """mtg_conformance.properties.fuzz_targets, as HypoFuzz collects it: one @given test per supported property."""
    import importlib

    import mtg_conformance.properties.fuzz_targets as targets
    monkeypatch.setenv("MTG_CONFORMANCE_ENGINE", MUTANT)
    importlib.reload(targets)
    supported = [name for name in dir(targets) if name.startswith("test_")]
    assert "test_MANA_005" in supported and "test_LOCKSTEP_001" in supported
    assert all(hasattr(getattr(targets, name), "hypothesis") for name in supported)
    with pytest.raises(Divergence):
        targets.test_MANA_005()
    monkeypatch.setenv("MTG_CONFORMANCE_ENGINE", "oracle")
    importlib.reload(targets).test_MANA_005()


def test_the_live_line_counts_cases_findings_and_set_aside(tmp_path):
    campaign = Campaign(MUTANT, [PROPERTY], str(tmp_path / "db"), tmp_path / "out", 2, 1.5)
    campaign.running = {1, 2}
    campaign.cases, campaign.set_aside = 1234, 56
    campaign.findings = [{"signature": "106.4 | claim"}]
    campaign.applied = {1: Counter({"106.4": 3, "106.5": 1}), 2: Counter({"106.4": 2})}
    line = campaign.line()
    assert line.startswith(f"fuzz {MUTANT} · 0:00/1.5 min · 2 workers · 1,234 cases")
    assert line.endswith("2 rules applied · 1 new, 0 known · 56 set aside")
    assert campaign.rules() == Counter({"106.4": 5, "106.5": 1})


@pytest.mark.slow
def test_an_engine_that_fails_is_a_finding_once_with_the_case_that_made_it_fail(tmp_path):
    """In a state machine (LOCKSTEP-001) as in a case; one signature for both properties."""
    running = fuzz("--engine", "module:test_fuzz:CrashingEngine", "-k", "LOCKSTEP-001 or MANA-005",
                   "--minutes", "0.3", "--workers", "2", "--database", str(tmp_path / "db"),
                   "--out", str(tmp_path / "out"))
    out, err = running.communicate(timeout=300)
    assert running.returncode == 1, out + err
    [vector] = [load(p) for p in (tmp_path / "out" / "vectors").glob("F-*.json")]
    assert vector["finding"]["signature"] == "engine error | advance failed (error #)"
    assert vector["program"][-1]["type"] == "advance"
