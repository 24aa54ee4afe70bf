"""The copy-me node harness (harnesses/node/harness.js) is a small real engine: the suite exercises CR
rules on it and passes, a deliberately broken copy fails with the finding blamed on the rule it breaks,
and it refuses the scenarios it can't set up."""
from __future__ import annotations

import json
import shlex
import shutil
from pathlib import Path

import pytest
from hypothesis import settings

from mtg_conformance.adapters.contract import ContractError
from mtg_conformance.adapters.stdio import StdioEngine
from mtg_conformance.runner.cli import main

HARNESS = Path(__file__).resolve().parents[2] / "harnesses" / "node" / "harness.js"
# The properties its cards and actions (basic and dual lands, Llanowar Elves; activate_mana, tap,
# advance) can run, and rules of theirs it exercises under `ci`: pools empty (MANA-005), {T} and
# summoning sickness (LOCKSTEP-001), a dual land's two mana abilities (LAND-001).
SUPPORTED = "LAND-001 or LOCKSTEP-001 or MANA-005"
EXERCISED = ("106.4", "107.5", "302.6", "305.6")

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed (CI has Node 20)")


def engine(*flags: str) -> str:
    return "stdio:" + shlex.join(["node", str(HARNESS), *flags])


@pytest.fixture(autouse=True)
def _keep_hypothesis_profile():
    """A run loads a Hypothesis profile process-wide; put the test session's back."""
    profile = settings.get_current_profile_name()
    yield
    settings.load_profile(profile)


def certificate(out: Path, spec: str, selection: str) -> tuple[int, dict]:
    code = main(["certify", "--engine", spec, "--out", str(out), "--profile", "ci", "-k", selection])
    return code, json.loads((out / "report.json").read_text())


def test_the_suite_exercises_rules_on_the_harness_and_it_passes(tmp_path):
    code, report = certificate(tmp_path, engine(), SUPPORTED)
    assert code == 0
    assert {r["id"]: r["verdict"] for r in report["results"]} == dict.fromkeys(SUPPORTED.split(" or "), "pass")
    assert all(r["coverage"]["cases"] >= 100 and not r["coverage"]["skipped"] for r in report["results"])
    assert report["findings"] == []
    rules = report["rules"]
    assert {rule: rules[rule]["verdict"] for rule in EXERCISED} == dict.fromkeys(EXERCISED, "pass")
    assert all(rules[rule]["exercised"] > 0 for rule in EXERCISED)
    # Its steps are compared too, though no selected property names their rules: untapping,
    # drawing, losing to an empty library.
    assert all(report["coverage"][rule]["agreed"] > 0 for rule in ("502.3", "504.1", "704.5b"))


@pytest.mark.parametrize("bug, rule, kind", [
    ("tap-check", "107.5", "rejected.tapped:accepted"),   # a tapped permanent pays {T} again
    ("untap", "502.3", "permanents.*.tapped:kept"),   # the untap step untaps nothing
])
def test_a_broken_copy_fails_blamed_on_the_rule_it_breaks(tmp_path, bug, rule, kind):
    broken = engine("--bug", bug)
    code = main(["run", "--engine", broken, "--profile", "ci", "-k", "MANA-005",
                 "--failures-dir", str(tmp_path)])
    assert code == 1
    [vector] = tmp_path.glob("MANA-005-*.json")             # beside it: the run's results.jsonl
    found = json.loads(vector.read_text())
    assert (found["property"], found["blamed"], found["kind"]) == ("MANA-005", [rule], kind)
    assert main(["replay", str(vector), "--engine", broken]) == 1          # STILL FAILING
    assert main(["replay", str(vector), "--engine", engine()]) == 0        # FIXED


SCENARIO = {"contract": 1, "players": [{"life": 20, "hand": [], "library": ["Forest"]},
                                       {"life": 20, "hand": [], "library": ["Island"]}],
            "battlefield": [{"id": "a", "card": "Llanowar Elves", "controller": 0, "sick": True}],
            "active_player": 0, "step": "main1", "turn": 2}
TAP_A = {"type": "activate_mana", "permanent": "a"}


@pytest.mark.parametrize("change, refusal", [
    ({"players": SCENARIO["players"] + [{"life": 20, "hand": [], "library": []}]}, "3 players"),
    ({"battlefield": [{"id": "a", "card": "Forest", "controller": 0, "phased_out": "directly"}]}, "phased_out"),
    ({"battlefield": [{"id": "a", "card": "Walking Ballista", "controller": 0, "counters": {"+1/+1": 1}}]},
     "Walking Ballista is not among"),
    ({"battlefield": [{"id": "a", "card": "Forest", "controller": 0}] * 2}, "duplicate permanent id a"),
])
def test_it_refuses_what_it_did_not_declare_and_plays_turns(change, refusal):
    harness = StdioEngine(engine()[len("stdio:"):])
    try:
        with pytest.raises(ContractError, match=f"^engine refused scenario: .*{refusal}"):
            harness.start({**SCENARIO, **change})
        assert harness.start(SCENARIO)["permanents"]["a"]["tapped"] is False
        assert harness.act(TAP_A)["rejected"] == "summoning_sick"                # CR 302.6
        harness.act({"type": "advance", "step": "upkeep", "turns": 2})          # its controller's next turn
        tapped = harness.act(TAP_A)
        assert tapped["players"][0]["mana"]["G"] == 1 and tapped["permanents"]["a"]["tapped"] is True
        assert harness.act(TAP_A)["rejected"] == "tapped"                       # CR 107.5
        ended = harness.act({"type": "advance", "step": "draw", "turns": 1})    # player 1 draws from
        assert [p["in_game"] for p in ended["players"]] == [True, False]        # an empty library: 704.5b
        assert ended["players"][0]["mana"]["G"] == 0                             # CR 106.4
        assert (ended["players"][0]["hand"], ended["players"][0]["library"]) == (1, 0)
        assert harness.act(TAP_A)["rejected"] == "game_over"                    # CR 104.2a
    finally:
        harness.close()
    assert harness.returncode == 0
