"""The python-mtg adapter (adapters/python_mtg.py): setup, the step mapping, activation, rejection and
rollback, refusals — checked against the contract and the oracle, not against python-mtg's findings."""
from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("mtg")

ROOT = Path(__file__).resolve().parents[2]

from mtg_conformance.adapters.contract import OBSERVED_FIELDS, ContractError, validate  # noqa: E402
from mtg_conformance.adapters.oracle_adapter import OracleEngine  # noqa: E402
from mtg_conformance.adapters.python_mtg import PythonMtgEngine  # noqa: E402
from mtg_conformance.adapters.python_mtg_cards import DECLARED, NOT_EXAMINED, OUT, UNDECLARED, undeclared  # noqa: E402
from mtg_conformance.oracle.catalog import CATALOG  # noqa: E402
from mtg_conformance.runner.validate_harness import validate_harness  # noqa: E402

SCENARIO = {
    "contract": 1,
    "players": [{"life": 20, "hand": ["Island"], "library": ["Plains", "Swamp"]},
                {"life": 17, "hand": [], "library": ["Mountain"]}],
    "battlefield": [{"id": "f", "card": "Forest", "controller": 0},
                    {"id": "e", "card": "Llanowar Elves", "controller": 0, "sick": True},
                    {"id": "i", "card": "Island", "controller": 1, "tapped": True},
                    {"id": "w", "card": "Wastes", "controller": 0},
                    {"id": "fountain", "card": "Fountain of Youth", "controller": 0, "tapped": True}],
    "active_player": 0, "step": "main1", "turn": 3,
}


@pytest.fixture(scope="module")
def engine():
    made = PythonMtgEngine()
    yield made
    made.close()


def play(engine, actions, scenario=SCENARIO, oracle=None):
    """The observations of engine and oracle after each action (the first: after setup)."""
    oracle = oracle or OracleEngine()
    pairs = [(engine.start(scenario), oracle.start(scenario))]
    pairs += [(engine.act(a), oracle.act(a)) for a in actions]
    unreported = [name for part, fields in OBSERVED_FIELDS.items()
                  if part not in engine.capabilities()["observes"] for name in fields]
    for mine, reference in pairs:
        validate("observation", mine)
        for pid, p in reference["permanents"].items():  # the optional fields python-mtg leaves out
            for name in unreported:
                if name not in mine["permanents"].get(pid, {}):
                    p.pop(name, None)
    return pairs


def test_capabilities_are_valid_and_honest(engine):
    capabilities = engine.capabilities()
    validate("capabilities", capabilities)
    assert capabilities["actions"] == ["activate_mana", "activate", "cast", "tap", "deal_damage", "attack", "advance"]
    assert capabilities["observes"] == ["power_toughness"] and capabilities["scenario"] == ["owner", "sick"]
    assert capabilities["cards"] == sorted(DECLARED)


def test_every_catalog_card_is_declared_or_has_a_reason_in_the_docs():
    assert set(DECLARED) | set(UNDECLARED) == set(CATALOG) and not set(DECLARED) & set(UNDECLARED)
    assert not set(OUT) - set(CATALOG) and not set(OUT) & set(DECLARED)
    notes = (ROOT / "docs" / "engines" / "python-mtg.md").read_text()
    assert [name for name in OUT if name not in notes] == []


def test_a_card_new_to_the_catalog_is_undeclared_until_examined():
    why = undeclared(["Forest", "Treasure", "A Card New to the Catalog"])
    assert why == {"Treasure": OUT["Treasure"], "A Card New to the Catalog": NOT_EXAMINED}


@pytest.mark.parametrize("name", DECLARED)
def test_each_declared_card_sets_up_as_the_oracle_does(engine, name):
    """The card on the battlefield (a permanent card, tapped and sick), in a hand and in a library: zones,
    controllers, tapped, power/toughness and counts as the oracle has them."""
    on_battlefield = [{"id": "x", "card": name, "controller": 1, "tapped": True, "sick": True}]
    scenario = {**SCENARIO, "players": [{"life": 20, "hand": [name], "library": [name]}, SCENARIO["players"][1]],
                "battlefield": on_battlefield * CATALOG[name].is_permanent_card + SCENARIO["battlefield"]}
    mine, reference = play(engine, [], scenario)[0]
    assert mine == reference


def test_the_first_observation_agrees_with_the_oracle(engine):
    mine, reference = play(engine, [])[0]
    assert mine == reference


def test_tapping_a_land_adds_its_mana_and_a_second_tap_is_rejected_without_change(engine):
    tap = {"type": "activate_mana", "permanent": "f"}
    (_, _), (first, oracle_first), (second, oracle_second) = play(engine, [tap, tap])
    assert first == oracle_first
    assert first["permanents"]["f"]["tapped"] and first["players"][0]["mana"]["G"] == 1
    assert first["permanents"]["w"]["tapped"] is False          # only the named source was tapped
    assert second["rejected"] == "tapped" == oracle_second["rejected"]
    assert {**second, "rejected": None} == first


@pytest.mark.parametrize("action, reason", [
    ({"type": "activate_mana", "permanent": "e"}, "summoning_sick"),
    ({"type": "activate_mana", "permanent": "i"}, "tapped"),
    ({"type": "activate_mana", "permanent": "nothing"}, "no_such_object"),
    ({"type": "activate_mana", "permanent": "f", "player": 1}, "not_controller"),
    ({"type": "activate_mana", "permanent": "f", "ability": 1}, "illegal_choice"),
    ({"type": "activate_mana", "permanent": "fountain"}, "illegal_choice"),   # no mana ability, tapped or not (H3)
])
def test_refusals_get_the_reason_class_the_rules_give(engine, action, reason):
    oracle = OracleEngine()
    (_, _), (mine, reference) = play(engine, [action], oracle=oracle)
    assert mine["rejected"] == reason
    assert reason in oracle.acceptable_reasons()
    assert {**mine, "rejected": None} == engine.start(SCENARIO)


def test_advancing_runs_each_steps_actions_on_arrival(engine):
    to_upkeep = {"type": "advance", "step": "upkeep"}            # the next turn: player 1's
    to_draw = {"type": "advance", "step": "draw"}
    to_own_draw = {"type": "advance", "step": "draw", "turns": 1}
    pairs = play(engine, [{"type": "activate_mana", "permanent": "f"}, to_upkeep, to_draw, to_own_draw])
    for mine, reference in pairs:
        assert mine == reference
    after_upkeep, after_draw, after_own_draw = (mine for mine, _ in pairs[2:])
    assert not any(after_upkeep["players"][0]["mana"].values())                 # CR 106.4
    assert after_upkeep["permanents"]["i"]["tapped"] is False                     # CR 502.3: player 1 untapped
    assert after_draw["players"][1]["hand"] == 1 and after_draw["players"][1]["library"] == 0   # CR 504.1
    assert after_own_draw["permanents"]["f"]["tapped"] is False
    assert after_own_draw["players"][0]["hand"] == 2


def test_a_creature_is_no_longer_sick_on_its_controllers_next_turn(engine):
    pairs = play(engine, [{"type": "advance", "step": "main1", "turns": 2},
                          {"type": "activate_mana", "permanent": "e"}])
    assert pairs[-1][0] == pairs[-1][1]
    assert pairs[-1][0]["rejected"] is None and pairs[-1][0]["players"][0]["mana"]["G"] == 1


def test_a_permanent_owned_by_another_player_sets_up_under_its_controller(engine):
    """`owner`: python-mtg's owner is the card's printed_control, its controller a control effect
    (eff_gain_control); controllers and an anthem's reach come from python-mtg's derived `controls`, and
    a stolen creature that dies counts in its owner's graveyard (CR 108.3, 613.1b, 404.2)."""
    scenario = {**SCENARIO, "battlefield": [
        {"id": "bears", "card": "Grizzly Bears", "controller": 0, "owner": 1},
        {"id": "anthem", "card": "Glorious Anthem", "controller": 0},
        {"id": "lions", "card": "Savannah Lions", "controller": 1, "owner": 0}]}
    pairs = play(engine, [{"type": "deal_damage", "target": {"permanent": "bears"}, "amount": 3}], scenario)
    for mine, reference in pairs:
        assert mine == reference
    (start, _), (after, _) = pairs
    assert start["permanents"]["bears"]["controller"] == 0 and start["permanents"]["bears"]["power"] == 3
    assert start["permanents"]["lions"]["controller"] == 1 and start["permanents"]["lions"]["power"] == 2
    assert after["permanents"]["bears"]["zone"] == "graveyard"
    assert [p["graveyard"] for p in after["players"]] == [0, 1]


def test_the_untap_step_untaps_what_the_active_player_controls_not_owns(engine):
    """CR 502.3 with `owner`: python-mtg's untap step reads its derived controller."""
    scenario = {**SCENARIO, "active_player": 1, "step": "end", "battlefield": [
        {"id": "mine", "card": "Forest", "controller": 0, "owner": 1, "tapped": True},
        {"id": "theirs", "card": "Forest", "controller": 1, "owner": 0, "tapped": True}]}
    pairs = play(engine, [{"type": "advance", "step": "upkeep"}], scenario)
    for mine, reference in pairs:
        assert mine == reference
    after = pairs[-1][0]["permanents"]
    assert after["mine"]["tapped"] is False and after["theirs"]["tapped"] is True


@pytest.mark.parametrize("change, message", [
    (lambda s: s["battlefield"][0].update(phased_out="directly"), "undeclared scenario features \\['phased_out'\\]"),
    (lambda s: s["battlefield"][0].update(counters={"+1/+1": 1}), "undeclared scenario features \\['counters'\\]"),
    (lambda s: s["battlefield"][0].update(card="Psychic Possession"), "not among the engine's cards"),
    (lambda s: s["players"].append({"life": 20, "hand": [], "library": []}), "3 players, at most 2"),
])
def test_scenarios_beyond_what_it_declared_are_refused(engine, change, message):
    scenario = {**SCENARIO, "battlefield": [dict(p) for p in SCENARIO["battlefield"]],
                "players": list(SCENARIO["players"])}
    change(scenario)
    with pytest.raises(ContractError, match=message):
        engine.start(scenario)


def test_an_undeclared_action_is_refused(engine):
    engine.start(SCENARIO)
    with pytest.raises(ContractError, match="not among the engine's actions"):
        engine.act({"type": "concede", "player": 1})


def test_validate_harness_accepts_it_by_name():
    assert validate_harness("python-mtg") == []
