"""The command line: bad input to every verb is one line on stderr and exit 2; run, promote, progress."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from mtg_conformance.properties.vectors import regression_cases
from mtg_conformance.runner import promote
from mtg_conformance.runner.cli import main

SCENARIO = {"contract": 1, "players": [{"life": 20, "hand": [], "library": ["Plains"]},
                                       {"life": 20, "hand": [], "library": []}],
            "battlefield": [{"id": "p0", "card": "Forest", "controller": 0}],
            "active_player": 0, "step": "upkeep", "turn": 2}
VECTOR = {"vector": 1, "id": "MANA-005-handmade", "property": "MANA-005", "rules": ["106.4"],
          "scenario": SCENARIO, "program": [{"type": "activate_mana", "permanent": "p0"},
                                            {"type": "advance", "step": "upkeep"}]}


@pytest.fixture
def files(tmp_path):
    """Bad input files by name, and a directory standing where a file is."""
    (tmp_path / "not-json.json").write_text("{nope")
    (tmp_path / "list.json").write_text("[]")
    (tmp_path / "a-file").write_text("")
    (tmp_path / "no-program.json").write_text(json.dumps({k: v for k, v in VECTOR.items() if k != "program"}))
    (tmp_path / "no-property.json").write_text(json.dumps({**VECTOR, "property": "NOPE-001"}))
    (tmp_path / "bad-action.json").write_text(json.dumps({**VECTOR, "program": [{"type": "fly"}]}))
    (tmp_path / "bad-scenario.json").write_text(json.dumps({**VECTOR, "scenario": {"contract": 1}}))
    (tmp_path / "vector.json").write_text(json.dumps(VECTOR))
    (tmp_path / "old-baseline.json").write_text(json.dumps({"baseline": 1, "expected": {}}))
    (tmp_path / "bad-baseline.json").write_text(json.dumps(
        {"baseline": 2, "findings": [{"rules": ["106.4"]}], "unsupported": {}}))
    return tmp_path


def fails(capsys, *argv: str) -> str:
    """Run the command; it must exit 2 with one line on stderr, which is returned."""
    assert main(list(argv)) == 2
    err = capsys.readouterr().err
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


@pytest.mark.parametrize("argv, message", [
    ([], "required: verb"),
    (["certificate"], "invalid choice"),
    (["run"], "required: --engine"),
    (["run", "--engine", "nope"], "unknown engine 'nope' (hint: `mtg-conformance engines` lists the engines)"),
    (["run", "--engine", "toy_adapter:ToyEngine"], "unknown engine 'toy_adapter:ToyEngine' (hint: an adapter "
     "class is named module:toy_adapter:ToyEngine; `mtg-conformance engines` lists the engines)"),
    (["run", "--engine", "module:mtg_conformance.properties.model:Case"], "engine 'module:mtg_conformance.properties.model:Case': "
     "mtg_conformance.properties.model.Case is not an Engine (hint: an in-process adapter subclasses mtg_conformance.adapters.contract.Engine"),
    (["run", "--engine", "module:mtg_conformance.properties.model:all_properties"], "what all_properties() returns is not an Engine"),
    (["validate-harness", "module:mtg_conformance.properties.model:Case"], "mtg_conformance.properties.model.Case is not an Engine"),
    (["validate-harness", "toy_adapter:ToyEngine"], "no such program: toy_adapter:ToyEngine (and no engine of "
     "that name) (hint: an adapter class is named module:toy_adapter:ToyEngine"),
    (["run", "--engine", "mutant:nope"], "no mutant 'nope' (hint: `mtg-conformance engines` lists the engines)"),
    (["run", "--engine", "module:nope"], "module: needs module:MODULE:CLASS"),
    (["run", "--engine", "module:no_such_module:Engine"], "can't be loaded"),
    (["run", "--engine", "stdio:/no/such/harness"], "engine error: "),
    (["run", "--engine", "oracle", "--profile", "fast"], "invalid choice: 'fast'"),
    (["run", "--engine", "oracle", "-n", "many"], "a number of workers or auto"),
    (["run", "--engine", "oracle", "--baseline", "{d}/missing.json"], "can't read it"),
    (["run", "--engine", "oracle", "--baseline", "{d}/not-json.json"], "not JSON"),
    (["run", "--engine", "oracle", "--baseline", "{d}/list.json"], "not an expectations file (top level"),
    (["run", "--engine", "oracle", "--baseline", "{d}/old-baseline.json"], "not a version-2 expectations"),
    (["run", "--engine", "oracle", "--write-baseline", "{d}/old-baseline.json"], "move this one aside"),
    (["run", "--engine", "oracle", "--baseline", "{d}/bad-baseline.json"], "findings/0: 'kind' is a required"),
    (["run", "--engine", "oracle", "--failures-dir", "{d}/a-file/failures"], "can't be created"),
    (["run", "--engine", "oracle", "--write-baseline", "{d}/a-file/b.json"], "can't be created"),
    (["run", "--engine", "oracle", "--junitxml", "{d}/a-file/j.xml"], "can't be created"),
    (["certify", "--engine", "oracle"], "required: --out"),
    (["certify", "--engine", "nope", "--out", "{d}/cert"], "unknown engine"),
    (["certify", "--engine", "oracle", "--out", "{d}/a-file/cert"], "can't be created"),
    (["certify", "--engine", "oracle", "--out", "{d}/cert", "--baseline", "{d}/list.json"], "expectations"),
    (["promote"], "required: vector"),
    (["promote", "{d}/missing.json"], "can't read it"),
    (["promote", "{d}/not-json.json"], "not JSON"),
    (["promote", "{d}/list.json"], "a vector is a JSON object"),
    (["promote", "{d}/no-program.json"], "missing program"),
    (["promote", "{d}/no-property.json"], "no property 'NOPE-001'"),
    (["promote", "{d}/bad-action.json"], "the oracle can't play it: invalid action"),
    (["promote", "{d}/bad-scenario.json"], "the oracle can't play it: invalid scenario"),
    (["promote", "{d}/vector.json", "--name", "../escape"], "bad name"),
    (["engines", "--all"], "unrecognized arguments"),
    (["rules", "--format", "xml"], "invalid choice: 'xml'"),
    (["bench", "--engine", "nope"], "unknown engine"),
    (["bench", "--engine", "oracle", "--per-property", "0"], "a positive number"),
    (["serve", "--engine", "nope"], "unknown engine"),
    (["replay", "{d}/vector.json"], "required: --engine"),
    (["replay", "{d}/missing.json", "--engine", "oracle"], "can't read it"),
    (["replay", "{d}/no-program.json", "--engine", "oracle"], "missing program"),
    (["replay", "{d}/vector.json", "--engine", "nope"], "unknown engine"),
    (["explain"], "required: VECTOR | SCENARIO PROGRAM"),
    (["explain", "{d}/missing.json"], "can't read it"),
    (["explain", "{d}/not-json.json"], "not JSON"),
    (["explain", "{d}/list.json"], "not a vector (it needs a scenario and a program)"),
    (["explain", "{d}/vector.json", "{d}/list.json", "{d}/list.json"], "explain takes VECTOR, or SCENARIO PROGRAM"),
    (["explain", "{d}/list.json", "{d}/vector.json"], "list.json: neither a vector nor a scenario"),
    (["explain", "{d}/vector.json", "{d}/a-file"], "a-file: not JSON"),
    (["explain", "{d}/bad-action.json"], "'fly' is not one of"),
    (["explain", "{d}/bad-scenario.json"], "'players' is a required property"),
    (["run", "--engine", "oracle", "--max-minutes", "0"], "a positive number"),
    (["run", "--engine", "oracle", "--timeout", "soon"], "a positive number"),
    (["run", "--engine", "oracle", "-m", "cr_106 or or"], "Wrong expression passed to '-m'"),
    (["validate-harness", "/no/such/harness --flag"], "no such program: /no/such/harness"),
    (["validate-harness", "'unbalanced"], "bad command"),
    (["validate-harness", "python3", "--timeout", "-1"], "a positive number"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, files, argv, message):
    line = fails(capsys, *(arg.format(d=files) for arg in argv))
    assert line.startswith("mtg-conformance: ") and message in line


def test_no_certificate_directory_is_left_behind_for_an_unknown_engine(capsys, files):
    fails(capsys, "certify", "--engine", "nope", "--out", str(files / "cert"))
    assert not (files / "cert").exists()


def test_a_bad_selection_expression_is_one_line(capsys, tmp_path):
    line = fails(capsys, "run", "--engine", "oracle", "-k", "MANA-005 and (", "--failures-dir", str(tmp_path))
    assert "Wrong expression passed to '-k': MANA-005 and (: expected not OR left parenthesis OR " \
           "identifier; got end of input" in line


def test_a_selection_of_nothing_is_an_error(capsys, tmp_path):
    line = fails(capsys, "run", "--engine", "oracle", "-k", "NOPE-999", "--failures-dir", str(tmp_path))
    assert line == ("mtg-conformance: error: no property matches the -k/-m selection "
                    "(hint: see `mtg-conformance --help`)")


def test_run_exit_codes_and_baselines(capsys, tmp_path):
    """A baseline of findings: unchanged -> 0; a finding no longer seen -> reported, still 0; a new
    finding -> 1. Writing it again keeps the notes."""
    run = ["run", "-k", "MANA-005", "--failures-dir", str(tmp_path / "failures")]
    assert main([*run, "--engine", "oracle"]) == 0
    expectations = tmp_path / "expectations.json"
    assert main([*run, "--engine", "mutant:pool-persists", "--write-baseline", str(expectations)]) == 1
    written = json.loads(expectations.read_text())
    assert [(f["rules"], f["kind"]) for f in written["findings"]] == [(["106.4"], "players[*].mana.*:amount")]
    written["findings"][0]["note"] = "pools persist"
    expectations.write_text(json.dumps(written))
    assert main([*run, "--engine", "mutant:pool-persists", "--baseline", str(expectations)]) == 0
    assert main([*run, "--engine", "oracle", "--baseline", str(expectations)]) == 0
    assert "NOTICE finding 106.4:players[*].mana.*:amount no longer seen (pools persist)" in capsys.readouterr().out
    assert main([*run, "--engine", "mutant:pool-persists", "--write-baseline", str(expectations)]) == 1
    assert json.loads(expectations.read_text())["findings"][0]["note"] == "pools persist"
    expectations.write_text(json.dumps({"baseline": 2, "findings": [], "unsupported": {}}))
    assert main([*run, "--engine", "mutant:pool-persists", "--baseline", str(expectations)]) == 1
    assert "CHANGED new finding 106.4:players[*].mana.*:amount in MANA-005" in capsys.readouterr().out


def test_promote_copies_a_valid_vector_and_refuses_a_name_clash(capsys, files, monkeypatch):
    monkeypatch.setattr(promote, "vectors_dir", lambda: files / "kept")
    (files / "kept").mkdir()
    assert main(["promote", str(files / "vector.json")]) == 0
    assert json.loads((files / "kept" / "MANA-005-handmade.json").read_text()) == VECTOR
    assert main(["promote", str(files / "vector.json"), "--name", "pools.json"]) == 0
    assert (files / "kept" / "pools.json").exists()
    line = fails(capsys, "promote", str(files / "vector.json"), "--name", "pools")
    assert "pools.json already exists" in line


def test_the_shipped_vectors_folder_loads_even_without_vectors():
    from mtg_conformance.properties.model import all_properties
    assert (promote.vectors_dir() / "README.md").exists()
    for prop_id in all_properties():
        assert isinstance(regression_cases(prop_id), list)


def test_progress_is_one_line_per_property_on_stderr_terminal_or_not(capsys, tmp_path):
    assert main(["run", "--engine", "oracle", "-k", "MANA-005 or X-001", "--failures-dir", str(tmp_path)]) == 0
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    assert [line.split()[:3] for line in lines] == [["[1/2]", "MANA-005", "pass"], ["[2/2]", "X-001", "pass"]]
    assert all(re.search(r" 0 findings +[1-9]\d* cases +\d+\.\d s$", line) for line in lines), lines
    assert "\r" not in captured.err and "[1/2]" not in captured.out


def test_statistics_count_the_cases_of_a_failing_property_too(capsys, tmp_path):
    run = ["run", "-k", "MANA-005", "--statistics", "--failures-dir", str(tmp_path)]
    assert main([*run, "--engine", "mutant:pool-persists"]) == 1
    counted = re.search(r"^MANA-005 \((\d+) cases, fail\)$", capsys.readouterr().out, re.M)
    assert counted and int(counted.group(1)) > 0


def test_an_engine_of_another_cr_edition_is_warned_about(capsys, tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(Path(__file__).parents[1] / "fake_harnesses"))
    run = ["run", "--engine", "module:toy_engine:ToyEngine", "-k", "MANA-001", "--failures-dir", str(tmp_path)]
    main(run)
    warning = capsys.readouterr().err.splitlines()[0]
    assert warning.startswith("mtg-conformance: warning: module:toy_engine:ToyEngine implements the "
                              "Comprehensive Rules of 2025-04-04, the suite checks those of 2026-09-25")
    assert main(["run", "--engine", "oracle", "-k", "MANA-001", "--failures-dir", str(tmp_path)]) == 0
    assert "warning" not in capsys.readouterr().err
