"""`cards` and `properties`: the catalog and each property's needs, in text and JSON; every
unsupported verdict carries its reason to the terminal."""
from __future__ import annotations

import json

import pytest
from hypothesis import settings

from mtg_conformance.oracle.catalog import CATALOG
from mtg_conformance.properties.model import all_properties
from mtg_conformance.runner.cli import main

# The two tests listing every property (each asks every property's support on plain scenarios: a probe
# of its cases, made once per session, tests/conftest.py) run in one xdist worker: handed out side by
# side, the second waited, idle, on each probe the first made.
EVERY_PROBE = pytest.mark.xdist_group("plain-scenario-probes")


@pytest.fixture(autouse=True)
def _keep_hypothesis_profile():
    profile = settings.get_current_profile_name()
    yield
    settings.load_profile(profile)


def output(capsys, *argv) -> str:
    assert main(list(argv)) == 0
    return capsys.readouterr().out


def test_cards_json_renders_every_card_from_its_record(capsys):
    rows = {row["name"]: row for row in json.loads(output(capsys, "cards", "--format", "json"))}
    assert set(rows) == set(CATALOG)
    assert rows["Llanowar Elves"]["text"] == "{T}: Add {G}."
    assert rows["Llanowar Elves"]["type_line"] == "Creature — Druid Elf"
    assert rows["Llanowar Elves"]["power_toughness"] == "1/1"
    assert rows["Pili-Pala"]["text"] == "Flying. {2}, {Q}: Add one mana of any colour."
    assert rows["Psychic Possession"]["abilities"][0] == {"kind": "keyword", "text": "Enchant opponent"}
    assert "you may draw a card" in rows["Psychic Possession"]["text"]
    assert rows["Treasure"]["token_only"] and not rows["Forest"]["token_only"]
    for name, c in CATALOG.items():
        kinds = {a["kind"] for a in rows[name]["abilities"]}
        assert bool(c.mana_abilities) == ("mana" in kinds) and bool(c.triggered) == ("triggered" in kinds)


def test_cards_name_the_properties_that_play_them(capsys):
    rows = {row["name"]: row for row in json.loads(output(capsys, "cards", "--format", "json"))}
    for prop in all_properties().values():
        for name in prop.cards:
            assert prop.id in rows[name]["properties"], (prop.id, name)
    assert {"AURA-001", "DRAW-001", "PHASE-002"} <= set(rows["Psychic Possession"]["properties"])
    assert "MANA-005" not in rows["Psychic Possession"]["properties"]


def test_rules_count_the_cards_their_focused_properties_play(capsys):
    rows = {row["rule"]: row for row in json.loads(output(capsys, "rules", "--format", "json"))}
    plays = {pid: prop.cards for pid, prop in all_properties().items()}
    assert set(plays["MANA-005"]) <= set(rows["106.4"]["cards"])
    assert "Psychic Possession" in rows["614.10"]["cards"]
    only_lockstep = [r for r, row in rows.items() if row["properties"] == ["LOCKSTEP-001"]]
    assert all(rows[r]["cards"] == [] for r in only_lockstep)     # random programs play every card
    text = output(capsys, "rules")
    assert f"{len(rows['106.4']['cards']):3} cards  MANA-005" in text


def test_cards_text_lists_each_card(capsys):
    text = output(capsys, "cards")
    assert "Llanowar Elves — Creature — Druid Elf 1/1 [costs]\n  {T}: Add {G}.\n  properties: " in text
    assert text.count("\n  properties: ") == len(CATALOG)


@EVERY_PROBE
def test_properties_json_says_what_each_property_needs(capsys):
    rows = {row["id"]: row for row in json.loads(output(capsys, "properties", "--format", "json"))}
    assert set(rows) == set(all_properties())
    leave = rows["LEAVE-001"]
    assert leave["rules"][0] == "800.4a" and leave["players"] == [3, 4]
    assert leave["needs_actions"] == ["concede"] and "phase_out" in leave["uses_actions"]
    assert leave["needs_observations"] == ["triggered"]
    assert "phased_out" in leave["scenario_features"] and "Aven Riftwatcher" in leave["plays_cards"]
    assert "attached_to_player" in rows["AURA-101"]["without_scenario_features"]
    assert rows["MANA-005"]["without_scenario_features"] is None
    assert rows["MANA-005"]["needs_one_of_cards"] == ["Forest", "Island", "Llanowar Elves"]


@EVERY_PROBE
def test_properties_text_has_one_block_per_property(capsys):
    text = output(capsys, "properties")
    for pid in all_properties():
        assert f"\n{pid} (CR " in "\n" + text


@pytest.mark.parametrize("argv, fragment", [
    (["cards", "--format", "xml"], "invalid choice: 'xml'"),
    (["properties", "--format", "yaml"], "invalid choice: 'yaml'"),
    (["cards", "Forest"], "unrecognized arguments: Forest"),
    (["properties", "oracle"], "unrecognized arguments: oracle"),
])
def test_bad_arguments_are_one_line_and_exit_2(capsys, argv, fragment):
    assert main(argv) == 2
    err = capsys.readouterr().err
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and fragment in lines[0] and "Traceback" not in err


def test_run_prints_the_reason_of_every_unsupported_property(capsys, tmp_path):
    code = main(["run", "--engine", "module:limited_engines:PlainEngine", "-k", "AURA-101 or LEAVE-001",
                 "--failures-dir", str(tmp_path)])
    out = capsys.readouterr().out
    assert code == 4                               # both unsupported: nothing exercised, not a pass
    assert ("UNSUPPORTED LEAVE-001: needs games of 3 or more players; the engine declares max_players 2"
            in out)
    assert "UNSUPPORTED AURA-101: can't put any of Curse of Thirst, Curse of the Pierced Heart on the battlefield" in out
