"""`cards --engine` and `properties --engine`: the listings an engine author onboards with. What they
say runs is what `run` runs, their reasons are `run`'s, and what they say one more card or action
buys is what declaring it does."""
from __future__ import annotations

import json
import re

import pytest

from declaring_engines import BASICS, ElvesEngine
from mtg_conformance.adapters.mutants import MUTANTS
from mtg_conformance.oracle.catalog import CATALOG
from mtg_conformance.oracle.vocabulary import AREA_NAMES
from mtg_conformance.properties.model import all_properties
from mtg_conformance.runner.cli import main
from two_bug_engine import FOUNDING_CARDS

ELVES = "module:declaring_engines:ElvesEngine"
ELVES_AND_ARCHDRUID = "module:declaring_engines:ElvesAndArchdruidEngine"
# The tests asking what ElvesEngine's declared subset runs (every property's probe on its capabilities,
# made once per session: tests/conftest.py) run in one xdist worker with tests/properties/test_subset.py's,
# so that the other worker never waits, idle, on the one probing.
ELVES_PROBES = pytest.mark.xdist_group("elves-probes")


def output(capsys, *argv) -> str:
    assert main(list(argv)) == 0
    return capsys.readouterr().out


def listing(capsys, verb: str, engine: str, *more) -> dict:
    return json.loads(output(capsys, verb, "--engine", engine, "--format", "json", *more))


def test_every_card_has_its_rules_area(capsys):
    rows = {row["name"]: row for row in json.loads(output(capsys, "cards", "--format", "json"))}
    assert set(rows) == set(CATALOG) and {row["area"] for row in rows.values()} <= set(AREA_NAMES)
    assert rows["Blood Moon"]["area"] == "land_types" and rows["Cabal Coffers"]["area"] == "mana_counts"
    assert "Blood Moon — Enchantment [land_types]\n" in output(capsys, "cards")


def test_the_oracle_declares_the_whole_catalog_and_runs_every_property(capsys):
    cards = listing(capsys, "cards", "oracle")
    assert {row["name"] for row in cards["declared"]} == set(CATALOG)
    assert cards["undeclared"] == [] and cards["not_in_catalog"] == []
    props = listing(capsys, "properties", "oracle", "--buys")
    assert props["runs"] == len(all_properties()) and props["unsupported"] == 0
    assert all(row["runs"] and row["reason"] == "" and row["plays_cards"] for row in props["properties"])
    assert props["would_buy"] == {"actions": {}, "observes": {}, "scenario": {}}
    assert "it declares every action, observation and scenario feature" in output(
        capsys, "properties", "--engine", "oracle", "--buys")


def test_a_mutant_declares_what_the_oracle_does(capsys):
    mutant = f"mutant:{next(iter(MUTANTS))}"
    assert listing(capsys, "properties", mutant)["properties"] == listing(capsys, "properties", "oracle")["properties"]


@pytest.mark.slow                  # tens of CPU-seconds of probes: run first (tests/conftest.py)
def test_cards_of_an_engine_declaring_part_of_the_catalog(capsys):
    split = listing(capsys, "cards", "module:two_bug_engine:TwoBugEngine", "--buys", "Elvish Archdruid",
                    "--buys", "Priest of Titania", "--buys", "Grizzly Bears")
    assert split["engine"]["name"] == "two-bug"
    assert [row["name"] for row in split["declared"]] == sorted(FOUNDING_CARDS)
    assert {row["name"] for row in split["undeclared"]} == set(CATALOG) - set(FOUNDING_CARDS)
    declared = {row["name"]: row for row in split["declared"]}
    assert "MANA-005" in declared["Llanowar Elves"]["plays_here"]
    undeclared = {row["name"]: row for row in split["undeclared"]}
    # MANA-201 and MANA-205 run already, on the founding cards: an Elf counter adds what they reach
    for counter in ("Elvish Archdruid", "Priest of Titania"):
        assert undeclared[counter]["unlocks"] == [] and "107.1" in undeclared[counter]["rules"]
        assert "MANA-201" in undeclared[counter]["plays"] and undeclared[counter]["still_unsupported"] == {}
    bears = undeclared["Grizzly Bears"]                # a vanilla creature: no property more, more boards
    assert bears["unlocks"] == [] and "AURA-002" in bears["plays"]
    unasked = [row for name, row in undeclared.items() if name not in ("Elvish Archdruid", "Priest of Titania",
                                                                       "Grizzly Bears")]
    assert unasked and all("unlocks" not in row and "properties" in row for row in unasked)


@ELVES_PROBES
def test_buys_names_an_undeclared_card_of_the_catalog(capsys):
    for card in ("Llanowar Elves", "No Such Card"):
        assert main(["cards", "--engine", ELVES, "--buys", card]) == 2
        err = capsys.readouterr().err
        assert len(err.strip().splitlines()) == 1 and repr(card) in err


@ELVES_PROBES
def test_declaring_one_more_card_buys_exactly_what_cards_said(capsys, tmp_path):
    """ElvesEngine + Elvish Archdruid: the properties running now are those running before and those
    `cards --engine` said the Archdruid unlocks; and `run` runs them."""
    before = listing(capsys, "properties", ELVES)
    archdruid = next(row for row in listing(capsys, "cards", ELVES, "--buys", "Elvish Archdruid")["undeclared"]
                     if row["name"] == "Elvish Archdruid")
    after = listing(capsys, "properties", ELVES_AND_ARCHDRUID)
    ran = {row["id"] for row in before["properties"] if row["runs"]}
    assert "107.1" in archdruid["rules"] and "MANA-201" in archdruid["plays"]   # it counts Elves
    assert {row["id"] for row in after["properties"] if row["runs"]} == ran | set(archdruid["unlocks"])
    assert after["rules_checked"] == before["rules_checked"] + len(archdruid["rules"])
    still = archdruid["still_unsupported"]
    assert {pid: row["reason"] for pid, row in ((r["id"], r) for r in after["properties"]) if pid in still} == still
    code = main(["run", "--engine", ELVES_AND_ARCHDRUID, "-k", " or ".join(archdruid["plays"]),
                 "--profile", "ci", "-n", "1", "--failures-dir", str(tmp_path)])
    out = capsys.readouterr().out
    assert code == 0 and "UNSUPPORTED" not in out, out


@ELVES_PROBES
def test_declaring_one_more_action_buys_exactly_what_properties_said(capsys):
    before = listing(capsys, "properties", ELVES, "--buys", "activate", "triggered")   # all: minutes
    assert listing(capsys, "properties", ELVES)["would_buy"] is None       # only on request
    assert {key: set(gains) for key, gains in before["would_buy"].items()} == {
        "actions": {"activate"}, "observes": {"triggered"}, "scenario": set()}   # only those named
    bought = before["would_buy"]["actions"]["activate"]
    assert bought["unlocks"] == bought["rules"] == []   # no card it declares has an ability to activate
    with_activate = type("WithActivate", (ElvesEngine,), {"capabilities": lambda self: {
        **ElvesEngine.capabilities(self), "actions": ["activate_mana", "advance", "tap", "activate"]}})
    from mtg_conformance.runner.declared import reasons
    now = reasons(all_properties(), with_activate().capabilities())
    ran = {row["id"] for row in before["properties"] if row["runs"]}
    assert {pid for pid, why in now.items() if why is None} == ran | set(bought["unlocks"])
    assert "triggered" in before["would_buy"]["observes"]     # undeclared: listed, whatever it buys


@pytest.mark.slow                  # tens of CPU-seconds of probes: run first (tests/conftest.py)
def test_properties_give_the_reason_run_gives(capsys, tmp_path):
    """Each unsupported property's reason is, word for word, what `run` prints for it."""
    props = listing(capsys, "properties", "module:limited_engines:PlainEngine")
    unsupported = {row["id"]: row["reason"] for row in props["properties"] if not row["runs"]}
    assert {"LEAVE-001", "AURA-101"} <= set(unsupported)
    assert main(["run", "--engine", "module:limited_engines:PlainEngine", "-k", " or ".join(unsupported),
                 "--failures-dir", str(tmp_path)]) == 4       # nothing exercised: all unsupported
    out = capsys.readouterr().out
    for pid, reason in unsupported.items():
        assert f"UNSUPPORTED {pid}: {reason}\n" in out
    text = output(capsys, "properties", "--engine", "module:limited_engines:PlainEngine", "--buys",
                  "attached_to_player")
    assert f"LEAVE-001    unsupported: {unsupported['LEAVE-001']}\n" in text
    assert "scenario feature attached_to_player: runs " in text and "AURA-101" in text


@ELVES_PROBES
def test_text_listings_of_a_small_engine(capsys):
    text = output(capsys, "cards", "--engine", ELVES)
    assert text.startswith(f"oracle 0.1.0 (--engine {ELVES}) declares 6 of the catalog's {len(CATALOG)} cards")
    for name in BASICS:
        assert re.search(rf"\n  {name} \[mana\]: .*LOCKSTEP-001", text)
    assert re.search(r"\n  Elvish Archdruid \[mana_counts\]: .*MANA-201", text)
    text = output(capsys, "properties", "--engine", ELVES)
    from mtg_conformance.runner.declared import reasons
    why = reasons(all_properties(), ElvesEngine().capabilities())
    assert f"{sum(r is None for r in why.values())} of {len(all_properties())} properties run" in text
    assert f"MANA-003     unsupported: {why['MANA-003']}\n" in text and "triggered" in why["MANA-003"]


@pytest.mark.parametrize("argv, fragment", [
    (["cards", "--engine", "no-such-engine"], "unknown engine 'no-such-engine'"),
    (["properties", "--engine", "mutant:nope"], "no mutant 'nope'"),
    (["properties", "--engine", "stdio:false"], "engine exited"),
    (["cards", "--engine", "module:declaring_engines:BrokenEngine"], "failed to start: RuntimeError: no licence"),
    (["cards", "--engine", "module:declaring_engines:MisdeclaringEngine"], "invalid capabilities at cards"),
    (["properties", "--engine"], "expected one argument"),
    (["properties", "--engine", ELVES, "--buys", "fly"], "'fly' is no action, observation or scenario"),
])
def test_bad_engines_are_one_line_and_exit_2(capsys, argv, fragment):
    assert main(argv) == 2
    err = capsys.readouterr().err
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and fragment in lines[0] and "Traceback" not in err, err
