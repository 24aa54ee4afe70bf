"""The runner's core (runner/core.py) as an engine's CI meets it: selection with pytest's meaning,
the same outcomes for any number of workers, a results file streamed as properties finish, an
engine error that ends its property at once (one line, its case saved with the engine's last
words), partial certificates on SIGINT, SIGTERM and --max-minutes, and a run that exercised nothing
is not a pass."""
from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import jsonschema
import pytest

from mtg_conformance.properties.model import all_properties
from mtg_conformance.properties.vectors import load
from mtg_conformance.runner import certify, stream
from mtg_conformance.runner.cli import main
from mtg_conformance.runner.selection import select

ROOT = Path(__file__).resolve().parents[2]
FAKES = ROOT / "tests" / "fake_harnesses"
FAULTY = f"stdio:{sys.executable} {FAKES / 'faulty_oracle.py'}"
SMALL = "MANA-001 or MANA-005 or X-001"


def outcomes_of(path: Path) -> dict:
    return {o.verdict.id: o for o in stream.read(path).outcomes}


def engine_error_lines(err: str) -> list[str]:
    return [line for line in err.splitlines() if line.startswith("mtg-conformance: engine error in ")]


@pytest.mark.parametrize("k, m", [("MANA or COST", None), ("not LOCKSTEP and not PHASE", None),
                                  ("mana-00 and not MANA-005", None), (None, "cr_702_26"),
                                  (None, "cr_106 and not cr_106_4"), ("PHASE", "cr_610 or cr_702_26d")])
def test_selection_means_what_pytest_means(k, m, tmp_path):
    """`run -k/-m` and `pytest --mtg-engine … -k/-m` select the same properties."""
    argv = [sys.executable, "-m", "pytest", "--co", "-q", "-p", "no:cacheprovider", "-p", "no:randomly",
            "--mtg-engine", "oracle"] + (["-k", k] if k else []) + (["-m", m] if m else [])
    collected = subprocess.run(argv, cwd=tmp_path, capture_output=True, text=True, timeout=300).stdout
    by_pytest = sorted(line.split("[")[1].rstrip("]") for line in collected.splitlines()
                       if "test_property[" in line)
    assert by_pytest and select(all_properties(), k, m) == by_pytest


def test_one_worker_or_two_give_the_same_outcomes(tmp_path, capsys):
    runs = {}
    for workers in ("1", "2"):
        failures = tmp_path / workers
        assert main(["run", "--engine", "mutant:pool-persists", "--profile", "ci", "-k", "MANA-005 or X-001",
                     "-n", workers, "--failures-dir", str(failures)]) == 1
        runs[workers] = (outcomes_of(failures / stream.NAME), sorted(p.name for p in failures.iterdir()))
        assert "Traceback" not in capsys.readouterr().err
    assert runs["1"] == runs["2"]
    assert runs["1"][0]["MANA-005"].verdict.verdict == "fail" and runs["1"][0]["X-001"].verdict.verdict == "pass"


def test_a_hanging_engine_costs_its_timeout_once_per_property(tmp_path, capsys):
    """Never shrunk: one timeout per property, one stderr line each, its case saved as it is."""
    began = time.monotonic()
    code = main(["run", "--engine", f"{FAULTY} hang", "-k", SMALL, "--timeout", "1",
                 "--failures-dir", str(tmp_path)])
    took = time.monotonic() - began
    err = capsys.readouterr().err
    assert code == 2 and took < 3 * 1 + 30, took
    lines = engine_error_lines(err)
    assert sorted(line.split()[4].rstrip(":") for line in lines) == ["MANA-001", "MANA-005", "X-001"]
    assert all("engine timed out: no answer to act" in line and "within 1 s" in line for line in lines)
    assert "Traceback" not in err and "PLEASE REPORT" not in err
    outcomes = outcomes_of(tmp_path / stream.NAME)
    assert {o.verdict.verdict for o in outcomes.values()} == {"error"}
    for pid, outcome in outcomes.items():
        saved = outcome.verdict.reason.split("the case: ")[1]
        vector = load(tmp_path / saved)
        assert vector["property"] == pid and vector["expected"] is None
        assert vector["program"] and "no answer to act" in vector["engine_error"]["message"]


def test_a_crash_is_reported_with_the_engines_last_words(tmp_path, capsys):
    assert main(["run", "--engine", f"{FAULTY} crash", "-k", "MANA-005", "--failures-dir", str(tmp_path)]) == 2
    line, = engine_error_lines(capsys.readouterr().err)
    assert "engine exited (status 139) while answering act" in line
    assert "its stderr ends: faulty oracle: segmentation fault in act" in line
    vector = load(next(tmp_path.glob("MANA-005-*.json")))
    assert "segmentation fault" in vector["engine_error"]["stderr"]
    assert main(["replay", str(next(tmp_path.glob("MANA-005-*.json"))), "--engine", f"{FAULTY} crash"]) == 2


def test_an_engine_hanging_in_one_property_leaves_the_others_their_verdicts(tmp_path, capsys):
    """The harness hangs only in games holding Meteor Crater: of these three, MANA-001's cards."""
    out = tmp_path / "cert"
    code = main(["certify", "--engine", f"{FAULTY} hang_with 'Meteor Crater'", "-k", SMALL, "--timeout", "1",
                 "--out", str(out), "-n", "2"])
    report = json.loads((out / "report.json").read_text())
    jsonschema.validate(report, certify.schema())
    assert code == 2 and report["partial"] is None
    assert {r["id"]: r["verdict"] for r in report["results"]} == {"MANA-001": "error", "MANA-005": "pass",
                                                                    "X-001": "pass"}
    line, = engine_error_lines(capsys.readouterr().err)
    assert line.startswith("mtg-conformance: engine error in MANA-001: engine timed out")


def test_nothing_exercised_is_not_a_pass(tmp_path, capsys, monkeypatch):
    """An engine declaring too little for any property: every one unsupported, exit 4, one line."""
    monkeypatch.syspath_prepend(str(FAKES))
    code = main(["run", "--engine", "module:toy_engine:ToyEngine", "-k", SMALL, "--failures-dir", str(tmp_path)])
    err = capsys.readouterr().err
    said = [line for line in err.splitlines() if "nothing exercised" in line]
    assert code == 4 and len(said) == 1
    assert said[0].startswith("mtg-conformance: nothing exercised: no CR rule was exercised by the 3 "
                              "properties run (3 unsupported)")


@pytest.mark.skipif(shutil.which("node") is None, reason="no node here")
def test_the_node_example_harness_alone_can_not_pass(tmp_path):
    """Issue 23: `harnesses/node` declares basic lands and activate_mana only; until it is a small real
    engine its run exercises no rule, which must not read as green."""
    done = subprocess.run([sys.executable, "-m", "mtg_conformance.runner.cli", "run", "--engine",
                           f"stdio:node {ROOT / 'harnesses' / 'node' / 'harness.js'}", "-k", "MANA-00",
                           "--failures-dir", str(tmp_path)], capture_output=True, text=True, timeout=300)
    exercised = any(o.verdict.coverage.agreed for o in stream.read(tmp_path / stream.NAME).outcomes)
    assert done.returncode == (0 if exercised else 4), done.stderr
    assert exercised or done.stderr.count("nothing exercised") == 1


def _interrupted(tmp_path: Path, signum: int, *extra: str) -> tuple[subprocess.CompletedProcess, dict]:
    """Certify a slow selection in a subprocess; send `signum` once the first property finished."""
    out = tmp_path / "cert"
    proc = subprocess.Popen([sys.executable, "-m", "mtg_conformance.runner.cli", "certify", "--engine",
                             "oracle", "--profile", "ci", "-k", "MANA or PHASE", "--out", str(out), *extra],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    results, ends = out / stream.NAME, time.monotonic() + 240
    while time.monotonic() < ends and proc.poll() is None:
        if results.exists() and '"event": "outcome"' in results.read_text():
            break
        time.sleep(0.1)
    proc.send_signal(signum)
    stdout, stderr = proc.communicate(timeout=120)
    return subprocess.CompletedProcess(proc.args, proc.returncode, stdout, stderr), \
        json.loads((out / "report.json").read_text())


@pytest.mark.parametrize("signum, workers, why", [(signal.SIGINT, "1", "interrupted (SIGINT)"),
                                                  (signal.SIGTERM, "2", "terminated (SIGTERM)")])
def test_a_stopped_certify_writes_a_partial_certificate_of_what_finished(tmp_path, signum, workers, why):
    done, report = _interrupted(tmp_path, signum, "-n", workers)
    assert done.returncode == 3, done.stderr
    assert "Traceback" not in done.stderr
    jsonschema.validate(report, certify.schema())
    finished = outcomes_of(tmp_path / "cert" / stream.NAME)
    assert finished and {r["id"] for r in report["results"]} == set(finished)
    assert report["partial"]["stopped"] == why
    selected = select(all_properties(), "MANA or PHASE")
    assert sorted(report["partial"]["not_run"] + list(finished)) == selected
    assert stream.read(tmp_path / "cert" / stream.NAME).end["not_run"] == report["partial"]["not_run"]
    assert "partial" in json.loads((tmp_path / "cert" / "badge.json").read_text())["message"]
    assert "Partial: the run stopped early" in (tmp_path / "cert" / "report.md").read_text()
    assert f"mtg-conformance: {why}: {len(finished)} of {len(selected)} properties finished" in done.stderr


def test_max_minutes_stops_a_run_with_what_finished(tmp_path, capsys):
    code = main(["run", "--engine", "oracle", "--profile", "ci", "-k", "MANA", "--max-minutes", "0.02",
                 "--failures-dir", str(tmp_path), "--junitxml", str(tmp_path / "j.xml")])
    err = capsys.readouterr().err
    assert code == 3 and "mtg-conformance: --max-minutes 0.02 reached: " in err
    suite = ET.parse(tmp_path / "j.xml").getroot().find("testsuite")
    assert suite.get("tests") == str(len(select(all_properties(), "MANA")))
    assert any(s.get("message") == "not run: --max-minutes 0.02 reached" for s in suite.iter("skipped"))


def test_the_results_file_and_junit_hold_what_the_certificate_holds(tmp_path, capsys):
    out = tmp_path / "cert"
    assert main(["certify", "--engine", "mutant:pool-persists", "--profile", "ci", "-k", "MANA-005 or X-001",
                 "--out", str(out), "--junitxml", str(tmp_path / "j.xml")]) == 1
    report, read = json.loads((out / "report.json").read_text()), stream.read(out / stream.NAME)
    assert read.header["engine"] == "mutant:pool-persists" and read.header["properties"] == ["MANA-005", "X-001"]
    assert read.end == {"event": "end", "partial": False, "stopped": "", "not_run": []}
    assert sorted(o.verdict.id for o in read.outcomes) == [r["id"] for r in report["results"]]
    cases = {c.get("name"): c for c in ET.parse(tmp_path / "j.xml").getroot().iter("testcase")}
    assert set(cases) == {"MANA-005", "X-001"} and cases["MANA-005"].find("failure") is not None
    verdicts = {c: {p.get("name"): p.get("value") for p in case.iter("property")}["verdict"]
                for c, case in cases.items()}
    assert verdicts == {"MANA-005": "fail", "X-001": "pass"}


def test_an_in_process_adapter_raising_is_an_engine_error_of_its_property_only(tmp_path, capsys, monkeypatch):
    """MANA-005 taps for mana, X-001 casts and advances: the adapter's KeyError ends MANA-005 alone,
    with one line, its case saved as it is."""
    monkeypatch.syspath_prepend(str(FAKES))
    code = main(["run", "--engine", "module:raising_engine:RaisingEngine", "-k", "MANA-005 or X-001",
                 "--failures-dir", str(tmp_path)])
    outcomes = outcomes_of(tmp_path / stream.NAME)
    line, = engine_error_lines(capsys.readouterr().err)
    assert code == 2 and "the engine raised KeyError: None" in line
    assert outcomes["MANA-005"].verdict.verdict == "error" and outcomes["X-001"].verdict.verdict == "pass"
    assert load(next(tmp_path.glob("MANA-005-*.json")))["program"][-1]["type"] == "activate_mana"


def test_a_worker_that_dies_costs_its_property_only(tmp_path, capsys, monkeypatch):
    """MANA-005 taps for mana, X-001 casts and advances: the engine kills its worker in MANA-005 alone."""
    monkeypatch.syspath_prepend(str(FAKES))
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(FAKES), os.environ.get("PYTHONPATH", "")]))
    code = main(["run", "--engine", "module:dying_engine:DyingEngine", "-k", "MANA-005 or X-001", "-n", "2",
                 "--failures-dir", str(tmp_path)])
    outcomes = outcomes_of(tmp_path / stream.NAME)
    assert code == 2
    assert outcomes["MANA-005"].verdict.reason.startswith("the worker process checking it died (status 7)")
    assert outcomes["X-001"].verdict.verdict == "pass"


def test_the_periodic_progress_line_says_done_total_time_left_and_what_runs():
    import io

    from mtg_conformance.runner.progress import Progress
    from mtg_conformance.runner.results import PropertyOutcome, PropertyVerdict
    written = io.StringIO()
    progress = Progress(written, total=4, every=0.05)
    progress.start()
    progress.started("MANA-001")
    progress.finished(PropertyOutcome(PropertyVerdict("MANA-001", "t", ("106.5",), "pass", "", 150)), 2.0)
    progress.started("MANA-002")
    time.sleep(0.3)
    progress.stop()
    lines = written.getvalue().splitlines()
    assert lines[0] == "[1/4] MANA-001     pass           0 findings   150 cases     2.0 s"
    assert any(line.startswith("mtg-conformance: 1/4 properties done in ") and " left; running MANA-002" in line
               for line in lines[1:])


def test_a_baseline_starts_the_properties_it_lists_findings_of_first_most_first(tmp_path, capsys):
    """Triage shrinks each finding, so the properties a baseline lists findings of run longest: they
    are taken first, so that no worker is left with one at the end."""
    expected = json.loads((ROOT / "expectations" / "phase-0.103.0.json").read_text())
    listed = [("X-001",), ("MANA-005", "X-001"), ("MANA-005",), ("X-001",)]
    expected["findings"] = [{**entry, "properties": list(props)}
                            for entry, props in zip(expected["findings"], listed)]
    path = tmp_path / "expected.json"
    path.write_text(json.dumps(expected))
    failures = tmp_path / "f"
    assert main(["run", "--engine", "oracle", "--profile", "ci", "-k", SMALL, "-n", "1",
                 "--baseline", str(path), "--failures-dir", str(failures)]) == 0
    assert list(outcomes_of(failures / stream.NAME)) == ["X-001", "MANA-005", "MANA-001"]
    assert "no longer seen" in capsys.readouterr().out
