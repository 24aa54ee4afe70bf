"""The cleanup step (CR 514): the active player discards down to their maximum hand size, seven
(514.1, 402.2), before damage wears off and "until end of turn" effects end (514.2)."""
from __future__ import annotations

from scenarios import advance, play

NINE = ["Island"] * 5 + ["Forest", "Forest", "Plains", "Swamp"]


def _cleanup(discard=None, hands=None):
    game = play(hands=hands or {0: NINE, 1: NINE}, step="end")
    action = advance("main1")                                # through cleanup into the next turn
    if discard is not None:
        action["discard"] = discard
    return game, game.act(action)


def test_t_514_1_discard_the_active_player_discards_down_to_seven_the_others_keep_theirs():
    """T-514.1-discard: nine cards at the end of your turn, two go to the graveyard; the opponent,
    whose turn it isn't, keeps nine (and draws a tenth in their own draw step, 504.1)."""
    game, obs = _cleanup()
    assert obs["rejected"] is None
    assert (obs["players"][0]["hand"], obs["players"][0]["graveyard"]) == (7, 2)
    assert (obs["players"][1]["hand"], obs["players"][1]["graveyard"]) == (10, 0)
    assert "514.1" in {d.rule for d in game.oracle.trace}


def test_the_named_card_is_discarded_first_then_the_first_in_hand():
    """The contract's `discard` decision (absent: the first in hand), as at Teferi's Imp's discard."""
    game, _ = _cleanup("Plains")
    assert game.oracle.game.players[0].graveyard == ["Plains", "Island"]
    game, _ = _cleanup()
    assert game.oracle.game.players[0].graveyard == ["Island", "Island"]


def test_seven_cards_or_fewer_are_kept_and_nothing_is_noted():
    game, obs = _cleanup(hands={0: NINE[:7]})
    assert (obs["players"][0]["hand"], obs["players"][0]["graveyard"]) == (7, 0)
    assert "514.1" not in {d.rule for d in game.oracle.trace}


def test_a_hand_above_seven_outside_cleanup_stays():
    """Maximum hand size is checked only in the cleanup step (402.2): drawing an eighth card in the
    draw step discards nothing."""
    game = play(hands={0: NINE[:7]}, step="upkeep")
    assert game.act(advance("main1"))["players"][0]["hand"] == 8
