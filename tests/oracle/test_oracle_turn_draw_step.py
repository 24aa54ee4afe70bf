"""Oracle examples: the draw step, the first turn and skipping (CR 103.8, 500.11, 504, 614.1b,
614.10, 603.2c; Psychic Possession rulings 2006-05-01)."""
from __future__ import annotations

import pytest

from scenarios import advance, perm, play, put_onto_battlefield


def hands(obs):
    return [p["hand"] for p in obs["players"]]


def test_active_player_draws_in_the_draw_step():
    """CR 504.1: the active player draws a card as the draw step's turn-based action."""
    game = play(step="upkeep")
    obs = game.act(advance("main1"))
    assert hands(obs) == [1, 0]
    assert obs["players"][0]["library"] == 4


def test_starting_player_skips_the_first_draw_in_a_two_player_game():
    """CR 103.8a: in a two-player game the player who plays first skips the draw step of their first
    turn; the other player draws normally on theirs."""
    game = play(step="upkeep", turn=1)
    obs = game.act(advance("main1"))
    assert hands(obs) == [0, 0]
    obs = game.act(advance("main1"))                     # turn 2, the second player's
    assert hands(obs) == [0, 1]


@pytest.mark.parametrize("players", [3, 4])
def test_nobody_skips_the_first_draw_in_multiplayer(players):
    """CR 103.8c: in a multiplayer game other than Two-Headed Giant, no player skips the draw step of
    their first turn."""
    game = play(step="upkeep", turn=1, players=players)
    obs = game.act(advance("main1"))
    assert hands(obs)[0] == 1


def test_psychic_possession_controller_skips_the_draw_step():
    """T-504-possession (Psychic Possession ruling 2006-05-01: "Psychic Possession's controller, not the
    enchanted player, skips their draw step"; CR 614.1b, 500.11): the controller draws nothing on
    their turn, and there is no draw step for "beginning of draw step" triggers."""
    game = play(perm("pp", "Psychic Possession", 0, attached_to=1), step="upkeep")
    obs = game.act(advance("main1"))
    assert hands(obs) == [0, 0]
    assert obs["triggered"] == []


def test_enchanted_opponent_draws_and_the_controller_may_draw():
    """T-504-possession (Psychic Possession ruling 2006-05-01; CR 603.2c): the enchanted player draws
    normally in their draw step, and Psychic Possession's controller may draw a card for it."""
    game = play(perm("pp", "Psychic Possession", 0, attached_to=1), step="main2")
    obs = game.act(advance("main1"))                     # the opponent's turn
    assert hands(obs) == [1, 1]
    assert obs["triggered"] == [["pp", "opponent_draws"]]


def test_howling_mine_doesnt_help_the_possession_controller():
    """T-614.10-howling-mine, edge case 32 (CR 614.10a): Psychic Possession's controller skips the
    draw step, so Howling Mine ("at the beginning of each player's draw step") never triggers for
    them."""
    game = play(perm("pp", "Psychic Possession", 0, attached_to=1), perm("hm", "Howling Mine"),
                step="upkeep")
    obs = game.act(advance("main1"))
    assert hands(obs) == [0, 0]
    assert obs["triggered"] == []


def test_howling_mine_extra_draw_means_two_possession_triggers():
    """edge case 32 and CR 603.2c: on the enchanted opponent's turn they draw twice (draw step and
    Howling Mine), so Psychic Possession triggers twice and its controller draws two cards."""
    game = play(perm("pp", "Psychic Possession", 0, attached_to=1), perm("hm", "Howling Mine"),
                step="main2")
    obs = game.act(advance("main1"))
    assert hands(obs) == [2, 2]
    assert obs["triggered"] == [["hm", "draw_step"], ["pp", "opponent_draws"],
                                ["pp", "opponent_draws"]]


def test_tapped_howling_mine_gives_no_extra_card():
    """CR 603.4 (Howling Mine's intervening "if Howling Mine is untapped"): a tapped Mine doesn't
    trigger."""
    game = play(perm("hm", "Howling Mine", tapped=True, controller=1), step="upkeep")
    obs = game.act(advance("main1"))
    assert hands(obs) == [1, 0]


def test_possession_entering_during_the_draw_step_doesnt_undo_the_draw():
    """CR 614.10: an effect that skips a step can't skip one that has already begun — Psychic
    Possession put onto the battlefield in its controller's draw step leaves that step's draw alone;
    the controller's *next* draw step is skipped."""
    game = play(step="upkeep", hands={0: ["Psychic Possession"]})
    game.run(advance("draw"))
    obs = game.run(put_onto_battlefield(0, "Psychic Possession", "pp", attach_to=1))
    assert hands(obs) == [1, 0]                                 # drew, then played the Possession
    obs = game.act(advance("main1", 2))                         # P1 draws (P0 may draw); P0 skips
    assert hands(obs) == [2, 1]


def test_advance_to_a_draw_step_nobody_has_is_rejected():
    """CR 500.11: each player controls a Psychic Possession on the other, so both skip their draw steps
    — "advance to the next draw step" names a step that never comes: rejected, nothing changes (the
    oracle used to loop forever here)."""
    game = play(perm("a", "Psychic Possession", 0, attached_to=1),
                perm("b", "Psychic Possession", 1, attached_to=0))
    game.assert_rejected(advance("draw"), "illegal_choice")


def test_advance_to_a_draw_step_that_stops_coming_terminates():
    """CR 500.11, 702.26a: only P1 skips at first, but P0's phased-out Possession phases in at P0's next
    untap step and then both skip — the advance ends (after a round of turns) instead of looping, and
    nobody drew."""
    game = play(perm("a", "Psychic Possession", 0, attached_to=1, phased_out="directly"),
                perm("b", "Psychic Possession", 1, attached_to=0))
    obs = game.act(advance("draw"))
    assert obs["rejected"] is None
    assert hands(obs) == [0, 0]
    assert obs["permanents"]["a"]["phased_out"] is False


def test_phased_out_possession_skips_nothing():
    """CR 702.26b: a phased-out Psychic Possession's "skip your draw step" has no effect — its
    controller draws."""
    game = play(perm("pp", "Psychic Possession", 0, attached_to=1, phased_out="directly"),
                step="upkeep")
    obs = game.act(advance("main1"))
    assert hands(obs) == [1, 0]


def test_drawing_from_an_empty_library_loses_the_game():
    """CR 121.4, 704.5b: the active player must draw from an empty library in the draw step and loses
    the game at the next state-based action check."""
    game = play(step="upkeep", libraries={0: [], 1: ["Island"]})
    obs = game.act(advance("main1"))
    assert obs["players"][0]["in_game"] is False
    assert obs["players"][1]["in_game"] is True
