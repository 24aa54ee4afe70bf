"""`mtg-conformance explain`: the oracle's rule decisions, action by action, for a saved vector or a
scenario and a program (the one command line; `python -m …oracle.explain` is gone)."""
from __future__ import annotations

import json

from mtg_conformance.runner.cli import main

SCENARIO = {"contract": 1, "players": [{"life": 20, "hand": [], "library": []},
                                       {"life": 20, "hand": [], "library": []}],
            "battlefield": [{"id": "a", "card": "Aven Riftwatcher", "controller": 0, "counters": {"time": 2}}],
            "active_player": 0, "step": "main1", "turn": 2}
PROGRAM = [{"type": "phase_out", "permanents": ["a"]}]


def test_explain_a_vector_or_a_scenario_and_a_program(tmp_path, capsys):
    (tmp_path / "s.json").write_text(json.dumps(SCENARIO))
    (tmp_path / "p.json").write_text(json.dumps(PROGRAM))
    (tmp_path / "v.json").write_text(json.dumps({"vector": 1, "id": "X", "property": "PHASE-001",
                                                 "rules": [], "scenario": SCENARIO, "program": PROGRAM}))
    assert main(["explain", str(tmp_path / "v.json")]) == 0
    from_vector = capsys.readouterr().out
    assert from_vector.startswith("setup\n") and "702.26d: a phased out, no zone change" in from_vector
    assert '1. {"type": "phase_out", "permanents": ["a"]}' in from_vector
    assert main(["explain", str(tmp_path / "s.json"), str(tmp_path / "p.json")]) == 0
    assert capsys.readouterr().out == from_vector
    assert main(["explain", str(tmp_path / "v.json"), str(tmp_path / "v.json")]) == 0
    assert capsys.readouterr().out == from_vector


def test_the_oracle_module_has_no_command_line_of_its_own():
    import mtg_conformance.oracle.explain as module
    assert not hasattr(module, "main") and "__main__" not in module.__loader__.get_source(module.__name__)
