"""Curses that enchant a player and trigger in that player's upkeep (CR 603.2, 303.4, 303.4c,
303.4e, 704.5m), issue 12's Auras."""
from __future__ import annotations

from scenarios import attach, cast, change_control, perm, play

UPKEEP_NEXT_TURN = {"type": "advance", "step": "upkeep", "turns": 1}


def life(obs) -> list:
    return [p["life"] for p in obs["players"]]


# -- Curses: triggers in the enchanted player's upkeep ----------------------------------------------

def test_pierced_heart_triggers_in_the_enchanted_players_upkeep_not_its_controllers():
    """CR 603.2, 303.4e and the card's text: the Curse's controller (seat 0) and the enchanted player
    (seat 1) differ; it deals 1 damage in seat 1's upkeep and nothing in seat 0's."""
    game = play(perm("c", "Curse of the Pierced Heart", 0, attached_to=1))
    obs = game.act(UPKEEP_NEXT_TURN)
    assert life(obs) == [20, 19]
    assert ["c", "upkeep"] in obs["triggered"]
    obs = game.act(UPKEEP_NEXT_TURN)
    assert life(obs) == [20, 19] and obs["triggered"] == []


def test_a_curse_keeps_its_player_when_its_control_changes():
    """CR 303.4e: a new controller of the Curse doesn't change the player it enchants; the trigger
    still comes in that player's upkeep."""
    game = play(perm("c", "Curse of the Pierced Heart", 0, attached_to=1), players=3)
    game.act(change_control("c", 2))
    obs = game.act(UPKEEP_NEXT_TURN)
    assert obs["permanents"]["c"]["attached_to"] == {"player": 1} and life(obs) == [20, 19, 20]


def test_a_curse_moved_to_another_player_triggers_in_that_players_upkeep():
    """CR 701.3a, 303.4: attached to seat 0 instead, it triggers in seat 0's upkeep only."""
    game = play(perm("c", "Curse of the Pierced Heart", 1, attached_to=1), active=1)
    obs = game.act(attach("c", 0))
    assert obs["permanents"]["c"]["attached_to"] == {"player": 0}
    obs = game.act(UPKEEP_NEXT_TURN)
    assert life(obs) == [19, 20]


def test_a_curse_cant_be_moved_onto_a_permanent():
    """CR 702.5d, 701.3b: enchant player never allows a permanent; the Curse doesn't move."""
    game = play(perm("c", "Curse of Thirst", 0, attached_to=1), perm("e", "Grizzly Bears"))
    obs = game.act(attach("c", "e"))
    assert obs["rejected"] is None and obs["permanents"]["c"]["attached_to"] == {"player": 1}


def test_curse_of_thirst_counts_the_curses_attached_to_that_player():
    """Curse of Thirst's text, CR 608.2h: the Curses attached to the enchanted player are counted as
    it resolves — two on seat 1 (one of them controlled by seat 2), not the one on seat 0."""
    game = play(perm("t", "Curse of Thirst", 0, attached_to=1),
                perm("p", "Curse of the Pierced Heart", 2, attached_to=1),
                perm("q", "Curse of the Pierced Heart", 1, attached_to=0), players=3)
    obs = game.act(UPKEEP_NEXT_TURN)
    assert life(obs) == [20, 20 - 2 - 1, 20]


def test_curse_of_thirst_counts_only_curses_not_other_auras():
    """Curse of Thirst's text: Psychic Possession enchants the player but is no Curse."""
    game = play(perm("t", "Curse of Thirst", 0, attached_to=1),
                perm("x", "Psychic Possession", 0, attached_to=1))
    obs = game.act(UPKEEP_NEXT_TURN)
    assert life(obs) == [20, 19]


def test_a_curse_on_a_player_who_leaves_goes_to_the_graveyard_and_never_triggers():
    """CR 303.4c, 704.5m, 800.4a: the enchanted player concedes; the Curse is attached to nothing
    legal and goes to its owner's graveyard."""
    game = play(perm("c", "Curse of the Pierced Heart", 0, attached_to=1), players=3)
    obs = game.act({"type": "concede", "player": 1})
    assert obs["permanents"]["c"]["zone"] == "graveyard" and obs["players"][0]["graveyard"] == 1


def test_a_curse_cast_on_a_player_is_attached_to_them():
    """CR 303.4a, 608.3c: the Curse spell targets a player and resolves attached to them; it can't
    target a permanent (702.5d)."""
    game = play(perm("e", "Grizzly Bears"), hands={0: ["Curse of the Pierced Heart"] * 2})
    game.assert_rejected(cast(0, "Curse of the Pierced Heart", "c", targets=["e"]),
                         "illegal_target")
    obs = game.act(cast(0, "Curse of the Pierced Heart", "c", targets=[1]))
    assert obs["permanents"]["c"]["attached_to"] == {"player": 1}
