"""The adapter kit (adapters/kit.py): every helper does what docs/adapters.md says."""
from __future__ import annotations

import pytest

from mtg_conformance.adapters import kit
from mtg_conformance.adapters.contract import OBSERVES, ContractError, EngineError
from mtg_conformance.oracle import vocabulary
from scenarios import Game, activate_mana, advance, concede, perm, play, to_graveyard

SCENARIO = {
    "contract": 1,
    "players": [{"life": 20, "hand": ["Island"], "library": []}, {"life": 20, "hand": [], "library": ["Forest"]}],
    "battlefield": [{"id": "a", "card": "Forest", "controller": 0},
                    {"id": "b", "card": "Llanowar Elves", "controller": 1, "sick": True, "tapped": True}],
    "active_player": 0, "step": "main1", "turn": 2,
}
CAPABILITIES = kit.capabilities(["Forest", "Island", "Llanowar Elves"], ["activate_mana"], scenario=["sick"],
                                max_players=2)


def test_id_map_translates_both_ways_and_rejects_unknown_and_reused_ids():
    ids = kit.IdMap()
    ids.add("a", 7)
    assert (ids.engine("a"), ids.harness(7), ids.harness(8, "token")) == (7, "a", "token")
    with pytest.raises(kit.Refusal) as unknown:
        ids.engine("zz")
    assert unknown.value.reason == "no_such_object"
    with pytest.raises(kit.Refusal) as reused:
        ids.add("a", 9)
    assert reused.value.reason == "illegal_choice"
    copy = ids.copy()
    copy.add("b", 9)
    assert list(ids.items()) == [("a", 7)]


def test_attempt_rolls_back_a_rejected_action_and_keeps_an_accepted_one():
    state = {"tapped": False}

    def tap_twice():
        state["tapped"] = True
        raise kit.Refusal("tapped")

    def snapshot():
        return dict(state)

    def restore(saved):
        state.clear()
        state.update(saved)

    assert kit.attempt(tap_twice, snapshot, restore) == "tapped"
    assert state == {"tapped": False}
    assert kit.attempt(lambda: state.update(tapped=True), snapshot, restore) is None
    assert state == {"tapped": True}


def test_reason_from_takes_the_first_check_that_holds():
    assert kit.reason_from((False, "tapped"), (True, "summoning_sick"), (True, "not_controller")) == "summoning_sick"
    assert kit.reason_from((False, "tapped")) == "illegal_choice"


@pytest.mark.parametrize("cost, x, mana", [("{2}", 0, {"C": 2}), ("{X}{X}", 2, {"C": 4}), ("{W/U}", 0, {"W": 1}),
                                           ("{1}{G}{G}", 0, {"C": 1, "G": 2}), ("", 0, {})])
def test_mana_to_supply_pays_a_cost_exactly(cost, x, mana):
    assert kit.mana_to_supply(cost, x) == mana


def test_mana_to_supply_refuses_a_symbol_it_cant_pay():
    with pytest.raises(ContractError):
        kit.mana_to_supply("{S}")


def test_check_scenario_accepts_what_was_declared():
    kit.check_scenario(SCENARIO, CAPABILITIES)


@pytest.mark.parametrize("change, message", [
    (lambda s: s["battlefield"][0].update(card="Plains"), "'Plains' is not among the engine's cards"),
    (lambda s: s["battlefield"][0].update(phased_out="directly"), "undeclared scenario features \\['phased_out'\\]"),
    (lambda s: s["players"].append({"life": 1, "hand": [], "library": []}), "3 players, at most 2"),
    (lambda s: s["battlefield"][1].update(id="a"), "duplicate permanent id"),
    (lambda s: s["battlefield"][0].update(controller=3), "a names a seat not in the game"),
    (lambda s: s.pop("turn"), "invalid scenario"),
])
def test_check_scenario_refuses_in_one_line(change, message):
    scenario = {**SCENARIO, "players": [dict(p) for p in SCENARIO["players"]],
                "battlefield": [dict(p) for p in SCENARIO["battlefield"]]}
    change(scenario)
    with pytest.raises(ContractError, match=message):
        kit.check_scenario(scenario, CAPABILITIES)


def test_capabilities_validate_themselves():
    assert CAPABILITIES["scenario"] == ["sick"] and CAPABILITIES["cards"] == sorted(CAPABILITIES["cards"])
    with pytest.raises(ContractError):
        kit.capabilities(["Forest"], ["fly"])


def test_the_observation_builder_fills_the_conventions_and_checks_itself():
    out = kit.ObservationBuilder(2)
    out.permanent("a", "battlefield", controller=0, tapped=True, counters={"+1/+1": 0, "time": 2})
    out.permanent("b", "graveyard", controller=1, tapped=True)
    out.player(0, life=20, mana={"G": 1}, hand=1, library=0, graveyard=0)
    out.player(1, life=0, mana={"G": 3}, hand=2, library=1, graveyard=1, in_game=False)
    out.trigger("b", "leaves")
    out.trigger("a", "enters")
    observation = out.build("tapped", expected_ids=["a", "b"])
    assert observation["permanents"]["a"]["counters"] == {"time": 2}
    assert observation["permanents"]["b"] == kit.off_battlefield("graveyard")
    assert observation["players"][0]["mana"] == {"W": 0, "U": 0, "B": 0, "R": 0, "G": 1, "C": 0}
    assert observation["players"][1]["hand"] == 2 and observation["players"][1]["mana"]["G"] == 3
    assert observation["triggered"] == [["a", "enters"], ["b", "leaves"]]


def _through_the_kit(game: Game) -> dict:
    """The observation an adapter over the oracle's own state would build with the kit: the
    players from the engine's state as it keeps it, the permanents as the oracle reports them."""
    state, reported = game.oracle.game, game.observe()
    out = kit.ObservationBuilder(len(state.players), observes=OBSERVES)
    for pid, p in reported["permanents"].items():
        out.permanent(pid, p["zone"], controller=p["controller"], tapped=p["tapped"],
                      phased_out=p["phased_out"], counters=p["counters"], attached_to=p["attached_to"],
                      **{name: p[name] for name in kit.OPTIONAL_FIELDS})
    for seat, player in enumerate(state.players):
        out.player(seat, life=player.life, mana=dict(player.pool), hand=len(player.hand),
                   library=len(player.library), graveyard=len(player.graveyard), in_game=player.in_game,
                   tokens=reported["players"][seat]["tokens"])
    return out.build(None, expected_ids=reported["permanents"])


@pytest.mark.parametrize("players, libraries, actions", [
    (2, {}, [activate_mana("f1"), to_graveyard("e1"), concede(1)]),       # a loss by concession
    (2, {1: []}, [activate_mana("f1"), to_graveyard("e1"), advance("draw")]),   # drawing from nothing
    (3, {}, [activate_mana("f1"), to_graveyard("e1"), concede(1)]),       # the game goes on
], ids=["2-player concession", "2-player empty library", "3-player concession"])
def test_a_departed_player_is_observed_through_the_kit_as_the_oracle_reports_them(players, libraries,
                                                                                   actions):
    """docs/contract.md, "When a player leaves": in a two-player game the loser's hand, library,
    graveyard and pool stay as they were (CR 104.2a); in a multiplayer game everything they own
    left with them (CR 800.4a). The kit reports what the engine keeps, so an engine that does
    either right is observed exactly as the oracle is."""
    game = play(perm("f1", "Forest", 1), perm("e1", "Llanowar Elves", 1), perm("f0", "Forest", 0),
                players=players, hands={1: ["Island", "Island"]}, libraries=libraries,
                active=0, step="end")
    for action in actions:
        game.act(action)
    departed = game.observe()["players"][1]
    assert not departed["in_game"]
    if players == 2:
        assert departed["hand"] == 2 and departed["graveyard"] == 1, departed
    else:
        assert (departed["hand"], departed["library"], departed["graveyard"]) == (0, 0, 0), departed
    assert _through_the_kit(game) == game.observe()


def test_the_observation_builder_reports_a_departed_player_as_the_engine_keeps_them():
    """Whether a departed player's cards and mana went is the engine's behaviour (CR 800.4a), never
    filled in by the kit: a multiplayer engine that kept them is observed keeping them."""
    out = kit.ObservationBuilder(3)
    for seat in (0, 2):
        out.player(seat, life=20, hand=0, library=0, graveyard=0)
    out.player(1, life=20, mana={"G": 1}, hand=2, library=3, graveyard=1, in_game=False, tokens={"Treasure": 1})
    departed = out.build(None)["players"][1]
    assert (departed["hand"], departed["library"], departed["graveyard"], departed["mana"]["G"],
            departed["tokens"]) == (2, 3, 1, 1, {"Treasure": 1})


@pytest.mark.parametrize("build, message", [
    (lambda out: out.build(None), "no entry for seat 1"),
    (lambda out: (out.player(1, life=20, hand=0, library=0, graveyard=0), out.build(None, ["zz"])),
     "no entry for the harness's object zz"),
    (lambda out: (out.player(1, life=20, hand=0, library=0, graveyard=0), out.build("sleepy")),
     "invalid observation at rejected"),
])
def test_the_observation_builder_refuses_a_broken_observation(build, message):
    out = kit.ObservationBuilder(2)
    out.player(0, life=20, hand=0, library=0, graveyard=0)
    with pytest.raises(EngineError, match=message):
        build(out)


def test_guarded_turns_any_engine_exception_into_a_one_line_engine_error():
    def crash():
        raise RuntimeError("deep\ninside")

    with pytest.raises(EngineError, match="^toy failed on cast: RuntimeError: deep inside$"):
        kit.guarded("toy", "cast", crash)
    with pytest.raises(ContractError):
        kit.guarded("toy", "cast", lambda: kit.check_scenario({}, CAPABILITIES))


def test_an_adapter_written_from_the_guide_is_wired_right(monkeypatch):
    """tests/fake_harnesses/tiny_adapter.py was written from docs/adapters.md and the kit alone."""
    from pathlib import Path

    from mtg_conformance.runner.validate_harness import validate_harness
    monkeypatch.syspath_prepend(str(Path(__file__).parents[1] / "fake_harnesses"))
    assert validate_harness("module:tiny_adapter:TinyEngine") == []


BROKEN = '''
from mtg_conformance.adapters.contract import Engine
class Broken(Engine):
    def identity(self):
        return {"name": "broken", "version": 1, "homepage": "", "issues": "", "cr_edition": ""}
    def capabilities(self):
        return {"contract": 1, "cards": ["Forest"], "actions": ["activate_mana"], "observes": [], "max_players": 2}
    def start(self, scenario):
        return {"permanents": {}, "players": [], "triggered": [], "rejected": None}
    def act(self, action):
        raise KeyError(action["permanent"])
'''


def test_validate_harness_reports_an_in_process_adapters_bugs_in_one_line(tmp_path, monkeypatch):
    from mtg_conformance.runner.validate_harness import validate_harness
    (tmp_path / "broken_engine.py").write_text(BROKEN)
    monkeypatch.syspath_prepend(str(tmp_path))
    problems = validate_harness("module:broken_engine:Broken")
    assert "handshake: identity version is not a string" in problems
    assert "a fresh scenario: invalid observation at players: [] is too short" in problems
    assert "tapping an untapped land for mana: KeyError: 'a'" in problems


def test_the_builder_reports_power_toughness_and_damage_only_when_declared():
    """Optional parts of the observation (docs/contract.md#capabilities): an adapter that doesn't
    declare `power_toughness` or `damage` reports neither; one that does reports them, with the
    contract's fixed values off the battlefield."""
    plain, full = kit.ObservationBuilder(2), kit.ObservationBuilder(2, observes=("power_toughness", "damage"))
    for out in (plain, full):
        out.permanent("e", "battlefield", controller=0, power=2, toughness=3, damage=1)
        out.permanent("g", "graveyard", power=2, toughness=3, damage=1)
    assert "power" not in plain.permanents["e"] and "damage" not in plain.permanents["g"]
    assert (full.permanents["e"]["power"], full.permanents["e"]["toughness"], full.permanents["e"]["damage"]) == (2, 3, 1)
    assert (full.permanents["g"]["power"], full.permanents["g"]["damage"]) == (None, 0)


def test_the_builder_takes_every_optional_field_of_the_vocabulary_and_no_other():
    """The optional fields are the vocabulary's (OBSERVED_FIELDS), so a new one needs no kit change;
    a name that is none of them is an adapter bug, refused at once."""
    assert set(kit.OPTIONAL_FIELDS) >= {"power", "toughness", "damage"}
    out = kit.ObservationBuilder(2, observes=OBSERVES)
    out.permanent("g", "graveyard")
    assert {name: out.permanents["g"][name] for name in kit.OPTIONAL_FIELDS} == {
        name: value for name, value in vocabulary.off_battlefield("graveyard").items() if name in kit.OPTIONAL_FIELDS}
    with pytest.raises(TypeError, match="no optional observation field 'powr'"):
        out.permanent("e", "battlefield", controller=0, powr=2)
