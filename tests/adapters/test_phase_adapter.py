"""The phase.rs adapter (adapters/phase_rs/) on a few concrete scenarios."""
from __future__ import annotations

import pytest

phase = pytest.importorskip("phase")

from mtg_conformance.adapters.contract import ContractError, EngineError, validate  # noqa: E402
from mtg_conformance.adapters.phase_rs import PhaseEngine  # noqa: E402
from mtg_conformance.adapters.phase_cards import UNSUPPORTED  # noqa: E402


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


def test_unsupported_card_in_a_scenario_is_refused(engine):
    with pytest.raises(ContractError):
        engine.start(scenario([], hands=(["Pale Moon"], ())))


def test_act_before_start_is_an_engine_error():
    with pytest.raises(EngineError):
        PhaseEngine().act({"type": "check_sba"})


# --- the harness's decisions and conventions (docs/contract.md), mapped onto phase.rs --------------

def test_unasked_colour_is_checked_against_the_type_phase_rs_took_before_replacement(engine):
    """With one type to choose from phase.rs doesn't ask; the harness's colour must be the type the
    ability produced before Contamination replaced it ({G} here: phase.rs lets the Pool see only the
    Forest's {G}), not the {B} that reached the pool."""
    board = [permanent("r", "Reflecting Pool"), permanent("f", "Forest"), permanent("c", "Contamination")]
    engine.start(scenario(board))
    assert act(engine, {"type": "activate_mana", "permanent": "r", "color": "W"})["rejected"] == "illegal_choice"
    seen = act(engine, {"type": "activate_mana", "permanent": "r", "color": "G"})
    assert seen["rejected"] is None and seen["players"][0]["mana"]["B"] == 1


def test_keep_tapped_leaves_vedalken_shackles_tapped(engine):
    """`advance` `keep_tapped`: "you may choose not to untap" (CR 502.3) is the harness's choice."""
    for keep, tapped in (([], False), (["v"], True)):
        engine.start(scenario([permanent("v", "Vedalken Shackles", 1, tapped=True)], step="end"))
        seen = act(engine, {"type": "advance", "step": "main1", "keep_tapped": keep})
        assert seen["permanents"]["v"]["tapped"] is tapped


def test_contamination_upkeep_cost_paid_with_the_named_creature(engine):
    """`advance` `sacrifice`: Contamination's "unless you sacrifice a creature" is paid with it;
    without it (or with a permanent that isn't a creature) Contamination is sacrificed."""
    board = [permanent("c", "Contamination", 1), permanent("e", "Llanowar Elves", 1)]
    for sacrifice, gone in ((None, "c"), ("e", "e"), ("c", "c")):
        engine.start(scenario(board, step="end"))
        action = {"type": "advance", "step": "main1"}
        if sacrifice:
            action["sacrifice"] = sacrifice
        seen = act(engine, action)
        assert seen["permanents"][gone]["zone"] == "graveyard"
        assert [pid for pid, p in seen["permanents"].items() if p["zone"] == "graveyard"] == [gone]


def test_discard_names_the_card_and_phasing_out_triggers_resolve_first(engine):
    """`advance` `discard`, and the order of simultaneous triggers: in player 1's untap step one Imp
    phases in (draw a card) as another phases out (discard a card); the contract resolves them in the
    order they triggered — phasing out first (CR 702.26a) — so the discard comes before the draw."""
    board = [permanent("in", "Teferi's Imp", 1, phased_out="directly"), permanent("out", "Teferi's Imp", 1)]
    engine.start(scenario(board, hands=((), ("Forest", "Island"))))
    seen = act(engine, {"type": "advance", "step": "upkeep", "discard": "Island"})
    assert seen["players"][1]["graveyard"] == 1 and seen["players"][1]["hand"] == 2
    engine.start(scenario(board))                          # empty hand: nothing to discard, then draw
    seen = act(engine, {"type": "advance", "step": "upkeep"})
    assert seen["players"][1]["graveyard"] == 0 and seen["players"][1]["hand"] == 1


def test_scenario_order_gives_the_timestamps(engine):
    """CR 613.7: of two Control Magics on one creature, the later in the scenario wins."""
    board = [permanent("e", "Llanowar Elves", 2), permanent("a", "Control Magic", 0, attached_to={"permanent": "e"}),
             permanent("b", "Control Magic", 1, attached_to={"permanent": "e"})]
    seen = engine.start(scenario(board, hands=((), (), ())))
    assert seen["permanents"]["e"]["controller"] == 1


def test_a_draw_step_that_never_comes_is_rejected(engine):
    """CR 500.11: both players skip their draw steps (each controls a Psychic Possession), so an
    advance to a draw step is rejected and nothing changes — as the contract's reference does."""
    board = [permanent("a", "Psychic Possession", 0, attached_to={"player": 1}),
             permanent("b", "Psychic Possession", 1, attached_to={"player": 0})]
    before = engine.start(scenario(board, step="end"))
    seen = act(engine, {"type": "advance", "step": "draw", "turns": 1})
    assert seen["rejected"] == "illegal_choice"
    assert seen["players"] == before["players"]


def test_cards_with_targeted_enters_triggers_are_unsupported(engine):
    """Their trigger's target conventions can't be expressed through phase.rs (docs/engines/phase-rs.md)."""
    cards = engine.capabilities()["cards"]
    for name in ("Ajani's Anguish", "Banisher Priest", "Oubliette"):
        assert name in UNSUPPORTED and name not in cards


# --- translation, never reinterpretation (docs/contract.md "What an adapter may and may not do") ----

def test_a_departed_players_objects_are_observed_where_phase_rs_put_them(engine):
    """CR 800.4a: what a departed player owns leaves the game. phase.rs exiles it and keeps the
    floating mana in their pool; the adapter reports exactly that (the divergence shows)."""
    board = [permanent("f", "Forest", 1), permanent("e", "Llanowar Elves", 0, owner=1)]
    engine.start(scenario(board, hands=((), (), ())))
    act(engine, {"type": "activate_mana", "permanent": "f", "player": 1})
    seen = act(engine, {"type": "concede", "player": 1})
    assert seen["players"][1]["in_game"] is False
    assert seen["permanents"]["f"]["zone"] == seen["permanents"]["e"]["zone"] == "exile"
    assert seen["players"][1]["mana"]["G"] == 1


def test_whether_a_creature_can_attack_is_phase_rs_s_call(engine):
    """CR 508.1a, 702.26b: phase.rs refuses a phased-out attacker and one the active player doesn't
    control; the adapter maps its refusal, it doesn't pre-empt it."""
    for status, controller, reason in (({"phased_out": "directly"}, 0, "phased_out"),
                                       ({}, 1, "not_controller")):
        board = [permanent("a", "Llanowar Elves", controller, **status), permanent("b", "Llanowar Elves")]
        engine.start(scenario(board, step="combat"))
        assert act(engine, {"type": "attack", "attackers": ["a", "b"]})["rejected"] == reason


def test_a_sorcery_put_onto_the_battlefield_stays_in_hand_and_is_rejected(engine):
    """phase.rs lets its effect choose the sorcery, which stays in hand (CR 110.1: not a permanent
    card); in the contract that is a rejected choice, and nothing changes."""
    before = engine.start(scenario([], hands=(["Threaten", "Forest"], ())))
    seen = act(engine, {"type": "put_onto_battlefield", "player": 0, "card": "Threaten", "id": "t"})
    assert seen["rejected"] == "illegal_choice"
    assert seen["players"] == before["players"] and "t" not in seen["permanents"]


def test_an_aura_put_onto_an_object_that_doesnt_exist_is_an_illegal_attachment(engine):
    """The adapter can't name the object to phase.rs; the contract's reason for a bad attach_to is
    illegal_attachment, not a target's (the certificate's H4 was this adapter naming it
    illegal_target)."""
    engine.start(scenario([], hands=(["Psychic Possession"], ())))
    seen = act(engine, {"type": "put_onto_battlefield", "player": 0, "card": "Psychic Possession", "id": "n",
                        "attach_to": {"permanent": "gone"}})
    assert seen["rejected"] == "illegal_attachment" and "n" not in seen["permanents"]


def test_attackers_attack_the_next_player_in_turn_order(engine):
    """docs/contract.md: the attack goes to the next player in turn order still in the game — for
    player 2 of four, player 3 (phase.rs offers player 0 first); combat damage follows (CR 510.2)."""
    board = [permanent("a", "Llanowar Elves", 2)]
    players = [{"life": 20, "hand": [], "library": ["Plains", "Island"]} for _ in range(4)]
    engine.start({"contract": 1, "players": players, "battlefield": board, "active_player": 2,
                  "step": "combat", "turn": 3})
    act(engine, {"type": "attack", "attackers": ["a"]})
    seen = act(engine, {"type": "advance", "step": "main2"})
    assert [p["life"] for p in seen["players"]] == [20, 20, 20, 19]


def test_a_player_given_priority_by_passes_leaves_no_pass_counted(engine):
    """The active player passes priority on to the player who activates; once the ability is on the
    stack phase.rs counts passes afresh, so the game ends as if priority had been given outright."""
    engine.start(scenario([permanent("m", "Mutavault", controller=1)]))
    seen = act(engine, {"type": "activate", "permanent": "m"})
    assert seen["rejected"] is None
    state = engine._game.state()["state"]
    assert (state["priority_player"], state["priority_pass_count"], state["priority_passes"]) == (0, 0, [])


def test_passing_priority_on_is_undone_when_a_pass_would_end_the_step(engine):
    engine.start(scenario([permanent("f", "Forest")]))
    engine._pass()                          # player 1 holds priority, player 0's pass counted
    before = engine._game.state()["state"]
    assert engine._pass_on(0) is False      # player 1's pass would end the step
    assert engine._game.state()["state"] == before


# --- issue 23: the actions and observations added with the whole catalog ----------------------------

def test_damage_is_marked_observed_and_lethal(engine):
    """deal_damage through a colourless helper (CR 120.3): marked on a creature (120.6), lethal
    damage kills it (704.5g), a player loses life (120.3a); damage and power/toughness observed."""
    engine.start(scenario([permanent("b", "Grizzly Bears", 1), permanent("a", "Glorious Anthem", 1)]))
    seen = act(engine, {"type": "deal_damage", "target": {"permanent": "b"}, "amount": 2})
    assert (seen["permanents"]["b"]["damage"], seen["permanents"]["b"]["power"],
            seen["permanents"]["b"]["toughness"]) == (2, 3, 3)
    assert seen["permanents"]["a"]["power"] is None and seen["permanents"]["a"]["damage"] == 0
    seen = act(engine, {"type": "deal_damage", "target": {"permanent": "b"}, "amount": 1})
    assert seen["permanents"]["b"]["zone"] == "graveyard" and seen["permanents"]["b"]["power"] is None
    seen = act(engine, {"type": "deal_damage", "target": {"player": 0}, "amount": 3})
    assert seen["players"][0]["life"] == 17


def test_equipment_attached_by_an_effect_moves_and_a_non_attachment_is_an_illegal_choice(engine):
    """CR 701.3a: the Short Sword moves onto the Bears (+1/+1); a Forest is no Aura or Equipment."""
    engine.start(scenario([permanent("b", "Grizzly Bears", 1), permanent("s", "Short Sword"),
                           permanent("f", "Forest")]))
    seen = act(engine, {"type": "attach", "permanent": "s", "to": {"permanent": "b"}})
    assert seen["permanents"]["s"]["attached_to"] == {"permanent": "b"}
    assert (seen["permanents"]["b"]["power"], seen["permanents"]["b"]["toughness"]) == (3, 3)
    assert act(engine, {"type": "attach", "permanent": "f", "to": {"permanent": "b"}})["rejected"] == "illegal_choice"


def test_an_aura_that_can_t_go_there_stays_where_it_was(engine):
    """CR 701.3b: Pacifism sent to a land, or to a player, stays on the creature (phase.rs's call)."""
    engine.start(scenario([permanent("b", "Grizzly Bears", 1), permanent("f", "Forest", 1),
                           permanent("p", "Pacifism", attached_to={"permanent": "b"})]))
    for to in ({"permanent": "f"}, {"player": 1}):
        seen = act(engine, {"type": "attach", "permanent": "p", "to": to})
        assert seen["rejected"] is None and seen["permanents"]["p"]["attached_to"] == {"permanent": "b"}


def test_a_curse_moves_to_another_player(engine):
    """phase.rs's Attach effect ignores a player; the adapter attaches a Curse by debug and lets
    phase.rs's state-based actions judge it (CR 704.5m): enchant player allows any player."""
    engine.start(scenario([permanent("c", "Curse of Death's Hold", attached_to={"player": 1})], hands=((), (), ())))
    seen = act(engine, {"type": "attach", "permanent": "c", "to": {"player": 2}})
    assert seen["rejected"] is None and seen["permanents"]["c"]["attached_to"] == {"player": 2}


def test_x_of_an_activated_ability_and_of_a_storage_land(engine):
    """CR 107.3k: Crypt Rats' {X} deals X to each creature and player; "remove any number of storage
    counters" removes `x` of them (601.2h); an X the ability has no use for is illegal (107.3a)."""
    engine.start(scenario([permanent("r", "Crypt Rats"), permanent("b", "Grizzly Bears", 1)]))
    seen = act(engine, {"type": "activate", "permanent": "r", "x": 1})
    assert [p["life"] for p in seen["players"]] == [19, 19] and seen["permanents"]["b"]["damage"] == 1
    engine.start(scenario([permanent("f", "Fountain of Cho", counters={"storage": 3})]))
    assert act(engine, {"type": "activate_mana", "permanent": "f", "x": 2})["permanents"]["f"]["counters"] == {"storage": 1}
    engine.start(scenario([permanent("t", "Jayemdae Tome")]))
    assert act(engine, {"type": "activate", "permanent": "t", "x": 2})["rejected"] == "illegal_choice"


def test_mana_abilities_are_numbered_as_the_contract_numbers_them(engine):
    """docs/contract.md: printed, then the basic land types' in WUBRG order (CR 305.6), then granted.
    Under Urborg a Taiga has {B}, {R}, {G}; a Forest prints {G}, then {B}."""
    for land, colors in (("Taiga", "BRG"), ("Forest", "GB")):
        for index, color in enumerate(colors):
            engine.start(scenario([permanent("t", land), permanent("u", "Urborg, Tomb of Yawgmoth")]))
            seen = act(engine, {"type": "activate_mana", "permanent": "t", "ability": index})
            assert seen["players"][0]["mana"][color] == 1, (land, index)


def test_a_hexproof_creature_is_reached_by_an_effect(engine):
    """The contract's effects don't target: the helper is cast by the creature's controller."""
    engine.start(scenario([permanent("b", "Grizzly Bears", 1), permanent("s", "Swiftfoot Boots", 1,
                                                                          attached_to={"permanent": "b"})]))
    seen = act(engine, {"type": "tap", "permanent": "b"})
    assert seen["rejected"] is None and seen["permanents"]["b"]["tapped"] is True


def test_the_legend_rule_keeps_the_permanent_named_first(engine):
    engine.start(scenario([permanent("a", "Urborg, Tomb of Yawgmoth"), permanent("b", "Urborg, Tomb of Yawgmoth")]))
    seen = act(engine, {"type": "check_sba"})
    assert (seen["permanents"]["a"]["zone"], seen["permanents"]["b"]["zone"]) == ("battlefield", "graveyard")


def test_a_target_phase_rs_picks_itself_after_x_must_be_the_harness_s(engine):
    """Heat Ray at a creature already in the graveyard: phase.rs, with one legal target left, takes it
    without asking once X is chosen; the harness named another, so the cast is illegal_target
    (CR 115.1). The adapter used to read the spell's targets before X and miss phase.rs's choice."""
    board = [permanent("r", "Crypt Rats", 1), permanent("s", "Skyknight Legionnaire")]
    engine.start({**scenario(board, hands=(["Heat Ray"], ())), "active_player": 1})
    act(engine, {"type": "activate", "permanent": "r", "x": 1})
    seen = act(engine, {"type": "cast", "player": 0, "card": "Heat Ray", "x": 0, "targets": [{"permanent": "r"}]})
    assert seen["rejected"] == "illegal_target" and seen["players"][0]["hand"] == 1


def test_a_trigger_taking_any_number_of_targets_passes_over_the_illegal_ones(engine):
    """Guardian of Faith's "any number of other target creatures you control": a target named twice
    is chosen once (CR 115.3), and the trigger phases out those it could target (608.2b)."""
    board = [permanent("a", "Llanowar Elves", 1), permanent("b", "Llanowar Elves", 1), permanent("c", "Llanowar Elves", 1)]
    engine.start(scenario(board, hands=((), ("Guardian of Faith",)), step="upkeep"))
    seen = act(engine, {"type": "cast", "player": 1, "card": "Guardian of Faith", "id": "g",
                        "targets": [{"permanent": "a"}, {"permanent": "b"}, {"permanent": "a"}]})
    assert seen["rejected"] is None
    assert [seen["permanents"][p]["phased_out"] for p in "abcg"] == [True, True, False, False]


def test_a_tapped_for_mana_trigger_phase_rs_puts_on_the_stack_is_reported_once(engine):
    """Overabundance's trigger (mana and damage) goes on phase.rs's stack; its mana, resolved from
    there, is not a second trigger (the adapter used to report it twice)."""
    engine.start(scenario([permanent("o", "Overabundance"), permanent("f", "Forest")]))
    seen = act(engine, {"type": "activate_mana", "permanent": "f"})
    assert seen["triggered"] == [["o", "land_tapped_for_mana"]] and seen["players"][0]["mana"]["G"] == 2


# --- the benchmarks against phase.rs run to the end ------------------------------------------------

def test_phase_vs_oracle_runs_to_the_end_on_a_few_cases():
    """benchmarks/phase_vs_oracle.py on one case per property: exit 0 and the time split printed
    (it used to die with a traceback on the first case phase.rs failed on)."""
    import subprocess
    import sys
    from pathlib import Path
    script = Path(__file__).resolve().parents[2] / "benchmarks" / "phase_vs_oracle.py"
    done = subprocess.run([sys.executable, str(script), "--per-property", "1"], capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "where the full-harness time against phase.rs goes" in done.stdout
    assert "Traceback" not in done.stderr


def test_a_case_phase_rs_fails_on_is_counted_and_the_benchmark_goes_on():
    import importlib.util
    from pathlib import Path

    from mtg_conformance.properties.model import Case
    path = Path(__file__).resolve().parents[2] / "benchmarks" / "phase_vs_oracle.py"
    spec = importlib.util.spec_from_file_location("phase_vs_oracle", path)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)

    class Failing:
        played = 0

        def start(self, scenario):
            self.played += 1

        def act(self, action):
            raise EngineError("phase.rs failed")

    engine = Failing()
    cases = [Case(scenario([]), ({"type": "check_sba"},)) for _ in range(3)]
    seconds, errors = bench.play_alone(engine, cases)
    assert (engine.played, errors) == (3, 3)
