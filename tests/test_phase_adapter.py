"""The phase.rs adapter (adapters/phase_rs.py) on a few concrete scenarios."""
from __future__ import annotations

import json

import pytest

phase = pytest.importorskip("phase")

from adapters import phase_cards  # noqa: E402
from adapters.contract import ContractError, EngineError, validate  # noqa: E402
from adapters.phase_rs import UNSUPPORTED, PhaseEngine  # noqa: E402


def scenario(battlefield, hands=((), ()), step="main1"):
    players = [{"life": 20, "hand": list(hand), "library": ["Plains", "Island"]} for hand in hands]
    return {"contract": 1, "players": players, "battlefield": battlefield, "active_player": 0,
            "step": step, "turn": 3}


def permanent(pid, card, controller=0, **status):
    return {"id": pid, "card": card, "controller": controller, **status}


@pytest.fixture(scope="module")
def engine():
    e = PhaseEngine()
    yield e
    e.close()


def act(engine, action):
    observation = engine.act(action)
    validate("observation", observation)
    return observation


def test_tapping_a_forest_adds_green(engine):
    engine.start(scenario([permanent("f", "Forest")]))
    seen = act(engine, {"type": "activate_mana", "permanent": "f"})
    assert seen["rejected"] is None
    assert seen["permanents"]["f"]["tapped"] is True
    assert seen["players"][0]["mana"] == {"W": 0, "U": 0, "B": 0, "R": 0, "G": 1, "C": 0}


def test_tapping_a_tapped_forest_is_rejected_and_changes_nothing(engine):
    """CR 107.5: a tapped permanent can't pay {T}."""
    before = engine.start(scenario([permanent("f", "Forest", tapped=True)]))
    seen = act(engine, {"type": "activate_mana", "permanent": "f"})
    assert seen["rejected"] == "tapped"
    assert {k: v for k, v in seen.items() if k != "rejected"} == {
        k: v for k, v in before.items() if k != "rejected"}


def test_summoning_sick_elves_cannot_tap_for_mana(engine):
    """CR 302.6: not controlled since its controller's turn began."""
    engine.start(scenario([permanent("e", "Llanowar Elves", sick=True)]))
    seen = act(engine, {"type": "activate_mana", "permanent": "e"})
    assert seen["rejected"] == "summoning_sick"
    assert seen["players"][0]["mana"]["G"] == 0


def test_phasing_out_is_observed_with_the_aura_going_along(engine):
    """CR 702.26: phased out directly; an attached Aura phases out indirectly (702.26g)."""
    engine.start(scenario([permanent("e", "Llanowar Elves", 1),
                           permanent("p", "Pacifism", 0, attached_to={"permanent": "e"})]))
    seen = act(engine, {"type": "phase_out", "permanents": ["e"]})
    assert seen["rejected"] is None
    assert seen["permanents"]["e"]["phased_out"] is True
    assert seen["permanents"]["p"]["phased_out"] is True
    assert seen["permanents"]["p"]["attached_to"] == {"permanent": "e"}
    again = act(engine, {"type": "activate_mana", "permanent": "e"})
    assert again["rejected"] == "phased_out"


def test_a_triggered_mana_ability_is_reported(engine):
    """CR 605.1b: Overgrowth adds {G}{G} when the enchanted land is tapped for mana."""
    engine.start(scenario([permanent("f", "Forest"),
                           permanent("o", "Overgrowth", attached_to={"permanent": "f"})]))
    seen = act(engine, {"type": "activate_mana", "permanent": "f"})
    assert seen["players"][0]["mana"]["G"] == 3
    assert seen["triggered"] == [["o", "tapped_for_mana"]]


def test_cast_with_x_supplies_the_mana_and_keeps_the_pool_clean(engine):
    """CR 107.3m: Walking Ballista cast with X=2 enters with two +1/+1 counters."""
    engine.start(scenario([], hands=(["Walking Ballista"], ())))
    seen = act(engine, {"type": "cast", "player": 0, "card": "Walking Ballista", "id": "b", "x": 2})
    assert seen["permanents"]["b"]["counters"] == {"+1/+1": 2}
    assert sum(seen["players"][0]["mana"].values()) == 0
    assert seen["players"][0]["hand"] == 0


def test_capabilities_list_only_cards_that_build_cleanly(engine):
    caps = engine.capabilities()
    validate("capabilities", caps)
    assert "Pale Moon" in UNSUPPORTED and "Pale Moon" not in caps["cards"]
    for name in phase_cards.CARD_NAMES:
        face = json.dumps(phase.build_oracle_face(phase_cards.record(name), None))
        clean = "Unimplemented" not in face and '"Unknown"' not in face
        assert (name in caps["cards"]) == (clean and name not in UNSUPPORTED), name


def test_unsupported_card_in_a_scenario_is_refused(engine):
    with pytest.raises(ContractError):
        engine.start(scenario([], hands=(["Pale Moon"], ())))


def test_act_before_start_is_an_engine_error():
    with pytest.raises(EngineError):
        PhaseEngine().act({"type": "check_sba"})
