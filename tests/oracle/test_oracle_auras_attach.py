"""The `attach` action (CR 701.3a-c, 613.7e, 301.5c, 303.4, 702.16c): an Aura or Equipment moves
only where it may, as the observation shows it (docs/contract.md)."""
from __future__ import annotations

from scenarios import attach, perm, play, pt, rules

ELVES = perm("e", "Llanowar Elves")


def test_attach_moves_equipment_to_a_creature_with_a_new_timestamp():
    """CR 701.3a, 613.7e."""
    game = play(ELVES, perm("x", "Llanowar Elves"), perm("b", "Bonesplitter", attached_to="e"))
    before = game.oracle.game.permanents["b"].timestamp
    obs = game.act(attach("b", "x"))
    assert obs["permanents"]["b"]["attached_to"] == {"permanent": "x"}
    assert pt(obs, "x") == (3, 1) and pt(obs, "e") == (1, 1)
    assert game.oracle.game.permanents["b"].timestamp > before and "701.3a" in rules(game)


def test_attach_to_something_illegal_does_nothing_and_is_accepted():
    """CR 701.3b, 301.5c: Equipment onto a land, onto itself or onto a player doesn't move; 303.4j:
    Pacifism (enchant creature) onto a land doesn't move; 701.3c: onto what it's on, nothing."""
    game = play(ELVES, perm("f", "Forest"), perm("b", "Bonesplitter", attached_to="e"),
                perm("p", "Pacifism", attached_to="e"))
    for action, forbids in ((attach("b", "f"), "301.5c"), (attach("b", "b"), "301.5c"),
                            (attach("b", 1), "301.5c"), (attach("p", "f"), "303.4"), (attach("p", 1), "303.4")):
        obs = game.act(action)
        assert obs["rejected"] is None and rules(game) == {forbids, "701.3b"}, action
        assert obs["permanents"][action["permanent"]]["attached_to"] == {"permanent": "e"}
    obs = game.act(attach("b", "e"))
    assert obs["rejected"] is None and rules(game) == {"701.3c"}


def test_an_aura_moves_only_where_its_enchant_ability_and_protection_allow():
    """CR 303.4, 702.16c: Holy Strength (white) can't move onto a Voice of All with protection from
    white; Psychic Possession (enchant opponent) moves to another opponent, never to its controller."""
    game = play(ELVES, perm("v", "Voice of All", chosen_color="W"), perm("h", "Holy Strength", attached_to="e"),
                perm("pp", "Psychic Possession", 0, attached_to=1), players=3)
    assert game.act(attach("h", "v"))["permanents"]["h"]["attached_to"] == {"permanent": "e"}
    assert "702.16c" in rules(game)
    assert game.act(attach("pp", 0))["permanents"]["pp"]["attached_to"] == {"player": 1}
    assert game.act(attach("pp", 2))["permanents"]["pp"]["attached_to"] == {"player": 2}


def test_moving_control_magic_moves_control():
    """CR 613.1b: control follows the Aura that gives it."""
    game = play(perm("c", "Control Magic", 0, attached_to="e1"), perm("e1", "Llanowar Elves", 1),
                perm("e2", "Llanowar Elves", 1))
    obs = game.act(attach("c", "e2"))
    assert (obs["permanents"]["e1"]["controller"], obs["permanents"]["e2"]["controller"]) == (1, 0)


def test_attach_rejects_a_non_attachment_and_what_it_cant_see():
    game = play(ELVES, perm("f", "Forest"), perm("b", "Bonesplitter"),
                perm("x", "Llanowar Elves", phased_out="directly"))
    game.assert_rejected(attach("f", "e"), "illegal_choice")
    game.assert_rejected(attach("b", "x"), "phased_out")
    game.assert_rejected(attach("b", "gone"), "no_such_object")
