"""Scenario capabilities (docs/contract.md#scenario-features): generation stays inside the features an
engine declares, a refused scenario is a skipped case, and a property that can't be generated is
unsupported with its reason."""
from __future__ import annotations

import re
import shlex
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from mtg_conformance.adapters.contract import SCENARIO_FEATURES, features_of, schema, scenario_features, validate
from mtg_conformance.adapters.oracle_adapter import OracleEngine
from mtg_conformance.adapters.stdio import StdioEngine
from limited_engines import FewFeaturesEngine, PickyEngine, PlainEngine, RefusingEngine
from mtg_conformance.properties.model import Property, StatefulProperty, all_properties
from mtg_conformance.properties.suite import Unsupported, check, support
from mtg_conformance.runner.cli import main

PROPERTIES = all_properties()
ORACLE = OracleEngine().capabilities()
DECLARED = [(), ("counters", "owner", "sick"), ("phased_out", "attached_to_permanent"),
            ("attached_to_player", "chosen_color", "tokens")]
QUICK = "scenario-capabilities-test"
settings.register_profile(QUICK, max_examples=12, stateful_step_count=5, deadline=None, database=None,
                          suppress_health_check=list(HealthCheck))


@pytest.fixture
def quick():
    """Load the small profile for runs that use the loaded one; put the session's back after."""
    before = settings.get_current_profile_name()
    settings.load_profile(QUICK)
    yield
    settings.load_profile(before)


def test_vocabulary_is_the_schemas():
    enum = schema("capabilities")["properties"]["scenario"]["items"]["enum"]
    assert enum == list(SCENARIO_FEATURES)


def test_no_scenario_key_means_plain_scenarios_and_the_oracle_declares_everything():
    assert scenario_features({"contract": 1}) == frozenset()
    assert scenario_features(ORACLE) == frozenset(SCENARIO_FEATURES)
    for engine in (PlainEngine(), FewFeaturesEngine()):
        validate("capabilities", engine.capabilities())


def test_features_of_names_each_feature_a_scenario_uses():
    plain = {"id": "a", "card": "Forest", "controller": 0, "tapped": True, "sick": False, "owner": 0,
             "counters": {"time": 0}, "attached_to": None, "phased_out": None, "token": False}
    assert features_of({"battlefield": [plain]}) == set()
    uses = {"owner": {"owner": 1}, "sick": {"sick": True}, "phased_out": {"phased_out": "directly"},
            "counters": {"counters": {"time": 1}}, "attached_to_permanent": {"attached_to": {"permanent": "b"}},
            "attached_to_player": {"attached_to": {"player": 1}}, "chosen_color": {"chosen_color": "W"},
            "tokens": {"token": True}}
    assert set(uses) == set(SCENARIO_FEATURES)
    for feature, fields in uses.items():
        assert features_of({"battlefield": [{**plain, **fields}]}) == {feature}


@pytest.mark.parametrize("declared", DECLARED, ids=lambda d: "+".join(d) or "plain")
@pytest.mark.parametrize("prop_id", [p for p, prop in PROPERTIES.items() if isinstance(prop, Property)])
def test_generated_scenarios_use_only_declared_features(prop_id, declared):
    prop, caps = PROPERTIES[prop_id], {**ORACLE, "scenario": list(declared), "max_players": 3}
    reason = support(prop, caps).unsupported
    if reason:
        assert "scenario feature" in reason and support(prop, ORACLE).unsupported is None
        return
    plan = prop.plan(caps)
    assert plan.features <= set(declared) and plan.players[1] <= 3

    @settings(settings.get_profile(QUICK), max_examples=20)
    @given(case=prop.cases(caps).strategy)
    def within(case):
        assert features_of(case.scenario) <= plan.features
        assert 2 <= len(case.scenario["players"]) <= 3

    within()


@pytest.mark.parametrize("prop_id", [p for p, prop in PROPERTIES.items() if isinstance(prop, Property)])
def test_generated_programs_use_only_declared_actions(prop_id):
    """An engine declaring only the actions a property needs gets programs of those alone, however
    an aim arranges its cases."""
    prop = PROPERTIES[prop_id]
    caps = {**ORACLE, "actions": sorted(prop.actions)}

    @settings(settings.get_profile(QUICK), max_examples=40)
    @given(case=prop.cases(caps).strategy)
    def within(case):
        assert {action["type"] for action in case.program} <= prop.actions

    within()


def test_the_oracle_generation_uses_every_feature():
    """Declaring everything loses nothing: between them, the properties use every feature."""
    used = set().union(*(p.plan(ORACLE).features for p in PROPERTIES.values()))
    assert used == set(SCENARIO_FEATURES)


@pytest.mark.parametrize("engine", [PlainEngine(), FewFeaturesEngine()], ids=type)
@pytest.mark.parametrize("prop_id", ["LOCKSTEP-001", "PHASE-006", "MANA-005", "COST-002"])
def test_an_engine_refusing_undeclared_features_is_never_sent_one(engine, prop_id, quick):
    """The engines refuse any scenario beyond what they declared: nothing is skipped, nothing errs."""
    prop = PROPERTIES[prop_id]
    if support(prop, engine.capabilities()).unsupported:
        with pytest.raises(Unsupported, match="scenario feature"):
            check(prop, engine)
        return
    tally = check(prop, engine)
    assert tally.cases > 0 and tally.skipped == 0


def test_a_refused_scenario_is_a_skipped_case_not_an_error(quick):
    """PHASE-003 (half its permanents start phased out) against an engine that can't express
    phased-out permanents after all: the refused cases are skipped and counted in the verdict; the
    rest are checked and pass."""
    tally = check(PROPERTIES["PHASE-003"], PickyEngine())
    assert tally.skipped > 0 and tally.cases >= 12


def test_run_reports_the_skipped_cases(capsys, tmp_path):
    code = main(["run", "--engine", "module:limited_engines:PickyEngine", "-k", "PHASE-003",
                 "--failures-dir", str(tmp_path)])
    assert code == 0
    found = re.search(r"^SKIPPED (\d+) case\(s\) of PHASE-003: the engine refused their scenario$",
                      capsys.readouterr().out, re.M)
    assert found and int(found.group(1)) > 0


def test_an_engine_refusing_every_scenario_is_unsupported_with_the_refusal(quick):
    with pytest.raises(Unsupported, match="refused every scenario generated .*sets up nothing"):
        check(PROPERTIES["MANA-005"], RefusingEngine())


def test_run_prints_the_refusal_as_the_unsupported_reason(capsys, tmp_path):
    main(["run", "--engine", "module:limited_engines:RefusingEngine", "-k", "MANA-005",
          "--failures-dir", str(tmp_path)])
    assert re.search(r"^UNSUPPORTED MANA-005: the engine refused every scenario generated \(\d+\), the "
                     r"first with: scenario refused: this engine sets up nothing$", capsys.readouterr().out, re.M)


@pytest.mark.parametrize("prop_id, fragment", [
    ("LEAVE-001", "needs games of 3 or more players; the engine declares max_players 2"),
    ("AURA-101", "attached_to_player"),
    ("PHASE-006", "chosen_color, counters, tokens"),
    ("PHASE-002", "attached_to_permanent"),
])
def test_a_property_that_cant_be_generated_is_unsupported_with_its_reason(prop_id, fragment):
    reason = support(PROPERTIES[prop_id], PlainEngine().capabilities()).unsupported
    assert reason and fragment in reason
    with pytest.raises(Unsupported) as raised:
        check(PROPERTIES[prop_id], PlainEngine())
    assert str(raised.value) == reason


def test_over_stdio_a_refused_scenario_is_a_skipped_case(quick):
    """The protocol's `refused` error: the same skipped case as in process."""
    harness = Path(__file__).parents[1] / "fake_harnesses" / "serve_engine.py"
    engine = StdioEngine(shlex.join([sys.executable, str(harness), "tests.limited_engines:PickyEngine"]))
    try:
        tally = check(PROPERTIES["PHASE-003"], engine)
    finally:
        engine.close()
    assert tally.skipped > 0 and tally.cases >= 12


FEW_CARDS = [("Forest", "Island"),                  # as an engine author declared: 2538 cases refused
             ("Island", "Llanowar Elves", "Psychic Possession", "Aven Riftwatcher")]   # no Forest


def _named(scenario: dict, program) -> set:
    """Every card a case names: on the battlefield, in hands and libraries, and in its actions."""
    named = {e["card"] for e in scenario["battlefield"]}
    for player in scenario["players"]:
        named |= set(player["hand"]) | set(player["library"])
    return named | {a["card"] for a in program if "card" in a}


@pytest.mark.parametrize("cards", FEW_CARDS, ids="+".join)
@pytest.mark.parametrize("prop_id", sorted(PROPERTIES))
def test_generated_cases_name_only_the_cards_the_engine_declares(prop_id, cards):
    """An engine declaring only Forest and Island is never handed another card: not on the
    battlefield, in a hand or a library (basics it doesn't declare included), nor in an action
    (a cast from an empty hand names a card it has)."""
    from mtg_conformance.properties.areas.game import EVERY_ACTION, lockstep_scenarios
    from mtg_conformance.properties.strategies import programs
    prop, caps = PROPERTIES[prop_id], {**ORACLE, "cards": list(cards)}
    if support(prop, caps).unsupported:
        return
    if isinstance(prop, StatefulProperty):
        strategy = lockstep_scenarios(caps).flatmap(
            lambda sc: programs(sc, EVERY_ACTION, length=(1, 4)).map(lambda p: (sc, p)))
    else:
        strategy = prop.cases(caps).strategy.map(lambda case: (case.scenario, case.program))

    @settings(settings.get_profile(QUICK), max_examples=60)
    @given(case=strategy)
    def within(case):
        assert _named(*case) <= set(cards)

    within()


NO_BASICS = {**ORACLE, "cards": ["Reflecting Pool", "Psychic Possession", "Aven Riftwatcher"]}


@pytest.mark.parametrize("prop_id", ["MANA-001", "LOCKSTEP-001"])
def test_without_a_basic_land_a_property_whose_libraries_need_a_card_is_unsupported(prop_id):
    assert support(PROPERTIES[prop_id], NO_BASICS).unsupported == (
        "needs a basic land to put in libraries (a library holds at least one card here); "
        "the engine declares none")


def test_without_a_basic_land_libraries_are_empty_where_that_is_legal():
    """LEAVE-001 is about drawing from an empty library too: its libraries may be empty."""
    prop = PROPERTIES["LEAVE-001"]
    assert support(prop, NO_BASICS).unsupported is None

    @settings(settings.get_profile(QUICK), max_examples=20)
    @given(case=prop.cases(NO_BASICS).strategy)
    def empty(case):
        assert all(p["library"] == [] for p in case.scenario["players"])

    empty()
