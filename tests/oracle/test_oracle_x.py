"""Oracle examples: X (CR 107.3a, 107.3k, 107.3m)."""
from __future__ import annotations

import pytest

from scenarios import activate, cast, perm, play, put_onto_battlefield, where


def test_walking_ballista_cast_with_x_2_enters_with_two_counters():
    """T-107.3m-ballista, edge case 13 (CR 107.3m): Walking Ballista cast with X=2 enters with
    two +1/+1 counters — the X of the spell that became it."""
    game = play(hands={0: ["Walking Ballista"]})
    obs = game.act(cast(0, "Walking Ballista", "wb", x=2))
    assert obs["rejected"] is None
    assert obs["permanents"]["wb"]["zone"] == "battlefield"
    assert obs["permanents"]["wb"]["counters"] == {"+1/+1": 2}


def test_walking_ballista_put_onto_the_battlefield_has_x_0_and_dies():
    """T-107.3m-ballista, edge case 13 (CR 107.3m, 704.5f): put onto the battlefield without being
    cast, there is no spell X — it enters with no counters as a 0/0 and dies. (The Clone half of the
    example needs Clone, which is not in the catalog.)"""
    game = play(hands={0: ["Walking Ballista"]})
    obs = game.act(put_onto_battlefield(0, "Walking Ballista", "wb"))
    assert obs["rejected"] is None
    assert where(obs, "wb") == "graveyard"
    assert obs["players"][0]["graveyard"] == 1 and obs["players"][0]["hand"] == 0


def test_endless_one_cast_with_x_4():
    """CR 107.3m: Endless One cast with X=4 enters with four +1/+1 counters."""
    game = play(hands={0: ["Endless One"]})
    obs = game.act(cast(0, "Endless One", "e1", x=4))
    assert obs["permanents"]["e1"]["counters"] == {"+1/+1": 4}


def test_hangarback_walker_cast_with_x_0_dies_and_makes_no_thopters():
    """CR 107.3a, 704.5f: Hangarback Walker cast with X=0 is a 0/0 and dies; its "dies" trigger makes
    a Thopter per +1/+1 counter it had — none."""
    game = play(hands={0: ["Hangarback Walker"]})
    obs = game.act(cast(0, "Hangarback Walker", "hw", x=0))
    assert where(obs, "hw") == "graveyard"
    assert obs["triggered"] == [["hw", "leaves"]]
    assert obs["players"][0]["tokens"] == {}


def test_hangarback_walker_dying_with_counters_makes_thopters():
    """CR 107.3m, 603.10a: Hangarback Walker cast with X=2, then put into the graveyard — its dies
    trigger looks back and sees two counters: two Thopter tokens."""
    game = play(hands={0: ["Hangarback Walker"]})
    game.run(cast(0, "Hangarback Walker", "hw", x=2))
    obs = game.act({"type": "put_into_graveyard", "permanent": "hw"})
    assert obs["players"][0]["tokens"] == {"Thopter": 2}


def test_ajanis_anguish_cast_with_x_3_deals_3():
    """T-107.3m-anguish, edge case 13 (CR 107.3m): Ajani's Anguish cast with X=3 — its enters
    trigger deals 3 damage (the X of the spell), here to the opponent."""
    game = play(hands={0: ["Ajani's Anguish"]})
    obs = game.act(cast(0, "Ajani's Anguish", "aa", x=3, targets=[1]))
    assert obs["rejected"] is None
    assert obs["triggered"] == [["aa", "enters"]]
    assert obs["players"][1]["life"] == 17


def test_ajanis_anguish_cast_with_x_2_at_a_creature():
    """T-107.3m-anguish (CR 107.3m, 704.5g): X=2 damage to a 2/2 Puresight Merrow kills it."""
    game = play(perm("m", "Puresight Merrow", 1), hands={0: ["Ajani's Anguish"]})
    obs = game.act(cast(0, "Ajani's Anguish", "aa", x=2, targets=["m"]))
    assert where(obs, "m") == "graveyard"


def test_ajanis_anguish_put_onto_the_battlefield_still_triggers_with_x_0():
    """T-107.3m-anguish, edge case 13 (CR 107.3m): put onto the battlefield without being cast its
    enters ability still triggers, with X = 0 — nobody loses life. (The contract's
    put_onto_battlefield carries no `targets`, so the 0 is not separated from "no target" here.)"""
    game = play(hands={0: ["Ajani's Anguish"]})
    obs = game.act(put_onto_battlefield(0, "Ajani's Anguish", "aa"))
    assert obs["triggered"] == [["aa", "enters"]]
    assert [p["life"] for p in obs["players"]] == [20, 20]


@pytest.mark.parametrize("card, x", [("Llanowar Elves", 1), ("Walking Ballista", -1)],
                         ids=["no-x-in-cost", "negative"])
def test_illegal_x_is_rejected(card, x):
    """CR 107.3a: X is chosen only for a cost with {X}, and is a non-negative number — otherwise the
    cast is rejected and the card stays in hand."""
    game = play(hands={0: [card]})
    obs = game.observe()
    doc = {"type": "cast", "player": 0, "card": card, "id": "new", "x": x}
    after = game.oracle.act(doc)           # a negative X isn't even schema-valid: skip the check
    assert after["rejected"] == "illegal_choice"
    assert after["players"] == obs["players"] and after["permanents"] == obs["permanents"]


def test_ballista_ability_has_its_own_cost_not_its_x():
    """CR 107.3k, 602.2: Walking Ballista's "Remove a +1/+1 counter: 1 damage" is independent of the
    X it was cast with; with one counter left, using it kills the Ballista (0/0, 704.5f)."""
    game = play(hands={0: ["Walking Ballista"]})
    game.run(cast(0, "Walking Ballista", "wb", x=1))
    obs = game.act(activate("wb", 1, targets=[1]))
    assert obs["players"][1]["life"] == 19
    assert where(obs, "wb") == "graveyard"


def test_ballista_without_counters_cant_remove_one():
    """CR 601.2h: a cost that can't be paid (no +1/+1 counter to remove) makes the activation
    illegal; nothing changes. (Glorious Anthem keeps the counterless Ballista alive as a 1/1.)"""
    game = play(perm("wb", "Walking Ballista"), perm("ga", "Glorious Anthem"))
    game.assert_rejected(activate("wb", 1, targets=[1]), "illegal_choice")
