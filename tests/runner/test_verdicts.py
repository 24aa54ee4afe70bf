"""The same verdicts however an engine is reached: in process or over stdio, serial or with xdist."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest

from mtg_conformance.runner.results import outcomes

SELECTION = "MANA-001 or MANA-005 or PHASE-001 or LEAVE-001"


def verdicts(tmp_path, engine: str, *extra: str) -> dict:
    results = tmp_path / f"results{len(list(tmp_path.iterdir()))}.json"
    subprocess.run([sys.executable, "-m", "pytest", "--pyargs", "mtg_conformance.runner.test_conformance", "-q",
                    "-p", "no:cacheprovider", "--mtg-engine", engine, "--mtg-profile", "ci",
                    "-k", SELECTION, "--mtg-results-file", str(results),
                    "--mtg-failures-dir", str(tmp_path / "failures"),
                    *extra], capture_output=True, text=True, timeout=600)
    return {o.verdict.id: o.verdict.verdict for o in outcomes(json.loads(results.read_text()))}


def test_xdist_gives_the_same_verdicts(tmp_path):
    serial = verdicts(tmp_path, "mutant:pool-persists")
    assert serial["MANA-005"] == "fail" and serial["LEAVE-001"] == "pass"
    assert verdicts(tmp_path, "mutant:pool-persists", "-n", "2") == serial


@pytest.mark.skipif(shutil.which("mtg-conformance") is None, reason="the CLI is not installed")
def test_oracle_over_stdio_gives_the_same_verdicts_as_in_process(tmp_path):
    in_process = verdicts(tmp_path, "oracle")
    assert set(in_process.values()) == {"pass"}
    assert verdicts(tmp_path, "stdio:mtg-conformance serve --engine oracle") == in_process
    broken = "stdio:mtg-conformance serve --engine mutant:pool-persists"
    assert verdicts(tmp_path, broken)["MANA-005"] == "fail"


def test_the_verdict_words_are_one_enum_everywhere():
    """oracle/vocabulary.py defines them; report.json's schema and the runner use that enum."""
    import re
    from pathlib import Path

    from mtg_conformance.oracle.vocabulary import PROPERTY_VERDICTS, RULE_VERDICTS, Replayed, Verdict
    from mtg_conformance.runner import certify
    defs = certify.schema()["$defs"]
    assert tuple(defs["verdict"]["enum"]) == PROPERTY_VERDICTS
    assert tuple(defs["rule_verdict"]["enum"]) == RULE_VERDICTS == tuple(Verdict)
    words = "|".join(re.escape(w) for w in [*Verdict, *Replayed])
    compared = re.compile(rf"""verdict.*(==|!=|\bin)\s*\(?\s*["']({words})["']|["']({words})["']\s*(==|!=|\bin)"""
                          rf"""|\{{\s*["']({words})["']\s*:""")
    runner = Path(__file__).resolve().parents[2] / "runner"
    bare = [f"{path.name}:{n}: {line.strip()}" for path in runner.glob("*.py")
            for n, line in enumerate(path.read_text().splitlines(), 1) if compared.search(line)]
    assert not bare
