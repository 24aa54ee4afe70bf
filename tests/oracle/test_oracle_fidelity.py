"""Oracle rulings found wrong by checking the oracle itself against the rules (issue 15, issue 11
item 6): characteristics judged after continuous effects (CR 205.3m, 613), vanishing as two triggered
abilities (CR 702.63a), scenarios with no state-based action pending (CR 704.3, 303.4, 613.1b), the end
of a two-player game (CR 104.2a) and combat damage on the way through an advance (CR 510.1)."""
from __future__ import annotations

import pytest

from scenarios import (activate, activate_mana, advance, attack, concede, perm, play, refused, scenario,
                       tap, where)


# --- CR 205.3m, 603.2e: an animated Mutavault has all creature types --------------------------------

@pytest.mark.parametrize("how", ["tap", "activate_mana", "attack"])
def test_animated_mutavault_is_a_merfolk_for_judge_of_currents(how):
    """CR 205.3m: Mutavault becomes a 2/2 creature with all creature types, so it is a Merfolk;
    tapping it (by an effect, for mana or by attacking) is a Merfolk you control becoming tapped
    (CR 603.2e), and Judge of Currents triggers."""
    game = play(perm("j", "Judge of Currents"), perm("m", "Mutavault"), step="combat")
    game.run(activate("m"))
    action = {"tap": tap("m"), "activate_mana": activate_mana("m", "C"), "attack": attack("m")}[how]
    obs = game.act(action)
    assert obs["rejected"] is None
    assert obs["triggered"] == [["j", "becomes_tapped"]]
    assert obs["players"][0]["life"] == 21


def test_mutavault_that_is_not_animated_is_no_merfolk():
    """CR 205.3m (control): an unanimated Mutavault is a land with no creature types — no trigger."""
    game = play(perm("j", "Judge of Currents"), perm("m", "Mutavault"))
    assert game.act(tap("m"))["triggered"] == []


def test_animated_mutavault_of_another_player_triggers_nothing():
    """CR 603.2e: "a Merfolk *you* control": the opponent's animated Mutavault doesn't count."""
    game = play(perm("j", "Judge of Currents", 0), perm("m", "Mutavault", 1))
    game.run({"type": "activate", "permanent": "m", "player": 1})
    assert game.act(tap("m"))["triggered"] == []


# --- CR 702.63a: vanishing is two triggered abilities ----------------------------------------------

def test_vanishing_last_counter_triggers_the_sacrifice_on_its_own():
    """CR 702.63a: at the upkeep the first trigger removes the last time counter; that removal
    triggers the second ability, "when the last is removed, sacrifice it", reported on its own
    (then Aven Riftwatcher leaves, and its leaves ability gains 2 life)."""
    game = play(perm("a", "Aven Riftwatcher", counters={"time": 1}), active=1, step="end")
    obs = game.act(advance("main1", turns=1))
    assert obs["triggered"] == [["a", "last_time_counter_removed"], ["a", "leaves"], ["a", "upkeep"]]
    assert where(obs, "a") == "graveyard"
    assert obs["players"][0]["life"] == 22


def test_vanishing_with_counters_left_triggers_only_the_upkeep_ability():
    """CR 702.63a: a time counter removed that is not the last one triggers nothing more."""
    game = play(perm("a", "Aven Riftwatcher", counters={"time": 2}), active=1, step="end")
    obs = game.act(advance("main1", turns=1))
    assert obs["triggered"] == [["a", "upkeep"]]
    assert obs["permanents"]["a"]["counters"] == {"time": 1}


def test_vanishing_without_counters_triggers_nothing():
    """CR 702.63a, 603.4: "if there is a time counter on it" — with none, the upkeep ability doesn't
    trigger, no counter is removed, so the sacrifice ability doesn't trigger either."""
    game = play(perm("a", "Aven Riftwatcher"), active=1, step="end")
    obs = game.act(advance("main1", turns=1))
    assert obs["triggered"] == []
    assert where(obs, "a") == "battlefield"


# --- CR 704.3, 613.1b: a scenario with a state-based action pending is refused ----------------------

def test_aura_judged_after_control_effects():
    """CR 303.4, 613.1b, 704.5m: player 1's Psychic Possession enchants player 0, and player 0's Steal
    Enchantment gives player 0 control of it: after layer 2 it enchants its own controller, so a
    state-based action is pending and the scenario is no game state."""
    message = refused(scenario(perm("pp", "Psychic Possession", 1, attached_to=0),
                               perm("se", "Steal Enchantment", 0, attached_to="pp")))
    assert "pp" in message and "704.5m" in message


def test_aura_made_legal_by_control_effects_is_accepted():
    """CR 613.1b (the other way round): player 0's Psychic Possession on player 0 is stolen by player
    1's Steal Enchantment — after layer 2 it enchants an opponent of its controller: a legal state."""
    game = play(perm("pp", "Psychic Possession", 0, attached_to=0),
                perm("se", "Steal Enchantment", 1, attached_to="pp"))
    assert game.observe()["permanents"]["pp"]["controller"] == 1


@pytest.mark.parametrize("entry, rule", [
    (perm("wb", "Walking Ballista"), "704.5f"),                        # a 0/0 with no counters
    (perm("hw", "Hangarback Walker", counters={"+1/+1": 0}), "704.5f"),
    (perm("bs", "Bonesplitter", attached_to="f"), "704.5n"),
])
def test_state_based_action_pending_is_refused(entry, rule):
    """CR 704.3: no player gets priority while a state-based action applies, so no scenario has one:
    a creature with toughness 0 (704.5f), Equipment on a land (704.5n)."""
    assert rule in refused(scenario(perm("f", "Forest"), entry))


def test_player_at_zero_life_is_refused():
    """CR 704.5a: a player with 0 or less life loses at once; a scenario can't start there."""
    assert "704.5a" in refused(scenario(life={1: 0}))


def test_zero_zero_creature_saved_by_an_anthem_is_accepted():
    """CR 613, 704.5f: toughness is judged with continuous effects applied — Glorious Anthem makes a
    counterless Walking Ballista 1/1."""
    play(perm("g", "Glorious Anthem"), perm("wb", "Walking Ballista"))


def test_phased_out_zero_zero_creature_is_accepted():
    """CR 702.26b: a phased-out permanent is treated as though it doesn't exist; no state-based
    action sees it until it phases in."""
    play(perm("wb", "Walking Ballista", phased_out="directly"))


@pytest.mark.parametrize("zone", ["hands", "libraries"])
def test_token_only_card_in_hand_or_library_is_refused(zone):
    """CR 111.8, 704.5d: a token off the battlefield ceases to exist; Treasure is only ever a token."""
    assert "704.5d" in refused(scenario(**{zone: {0: ["Treasure"]}}))


def test_token_only_card_on_the_battlefield_must_be_a_token():
    """CR 111.1: there is no Treasure card; a Treasure on the battlefield is a token."""
    assert "token" in refused(scenario(perm("t", "Treasure")))


# --- CR 104.2a, 800.1: a loss ends a two-player game --------------------------------------------------

def test_losing_a_two_player_game_leaves_everything_where_it_is():
    """CR 104.2a, 800.1: player 1 reaches 0 life from Walking Ballista (704.5a) and loses; the game
    is over, and CR 800.4a (multiplayer only) moves nothing: player 1's Forest stays on the
    battlefield under their control, their hand and library are as they were."""
    game = play(perm("wb", "Walking Ballista", counters={"+1/+1": 1}), perm("f", "Forest", 1),
                life={1: 1}, hands={1: ["Island"]})
    obs = game.act(activate("wb", 1, targets=[1]))
    assert [p["in_game"] for p in obs["players"]] == [True, False]
    assert obs["players"][1]["life"] == 0
    assert where(obs, "f") == "battlefield" and obs["permanents"]["f"]["controller"] == 1
    assert (obs["players"][1]["hand"], obs["players"][1]["library"]) == (1, 5)
    assert game.act(advance("end"))["rejected"] == "game_over"


def test_leaving_a_multiplayer_game_still_takes_the_objects():
    """CR 800.4a (control): with three players the game goes on and the loser's objects leave it."""
    game = play(perm("f", "Forest", 1), players=3)
    obs = game.act(concede(1))
    assert where(obs, "f") == "left_game" and obs["players"][1]["hand"] == 0


# --- CR 510.1, 510.2: combat damage on the way through an advance ---------------------------------

def test_advance_through_combat_deals_combat_damage():
    """CR 510.1a, 510.2: unblocked attackers deal damage equal to their power to the player they
    attack — here the only opponent — in the combat damage step the advance passes through."""
    game = play(perm("e", "Llanowar Elves"), perm("b", "Bonesplitter", attached_to="e"),
                perm("g", "Glorious Anthem"), step="combat")
    game.run(attack("e"))
    obs = game.act(advance("main2"))
    assert obs["players"][1]["life"] == 20 - 4          # 1 + 2 (Bonesplitter) + 1 (Anthem)
    assert obs["players"][0]["life"] == 20


def test_combat_damage_can_end_the_game():
    """CR 510.2, 704.5a, 104.2a: lethal combat damage; the advance stops where the game ended."""
    game = play(perm("e", "Llanowar Elves"), step="combat", life={1: 1})
    game.run(attack("e"))
    obs = game.act(advance("end"))
    assert [p["in_game"] for p in obs["players"]] == [True, False]
    assert game.act(advance("end", turns=1))["rejected"] == "game_over"


def test_attacker_removed_from_combat_deals_no_damage():
    """CR 506.4: a creature that phases out is removed from combat and deals no combat damage."""
    game = play(perm("e", "Llanowar Elves"), step="combat")
    game.run(attack("e"), {"type": "phase_out", "permanents": ["e"]})
    assert game.act(advance("main2"))["players"][1]["life"] == 20


def test_multiplayer_attackers_attack_the_next_player_in_turn_order():
    """CR 510.1 with the contract's convention: attackers attack the next player in turn order who
    is still in the game (docs/contract.md, `attack`)."""
    game = play(perm("e", "Llanowar Elves", 2), players=4, active=2, step="combat")
    game.run(concede(3), attack("e"))
    obs = game.act(advance("main2"))
    assert [p["life"] for p in obs["players"]] == [19, 20, 20, 20]


def test_no_combat_damage_without_attackers():
    """CR 508.8: with no attackers declared the combat damage step is skipped."""
    game = play(perm("e", "Llanowar Elves"), step="combat")
    assert game.act(advance("main2"))["players"][1]["life"] == 20
