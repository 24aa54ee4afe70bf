"""Oracle examples: leaving a multiplayer game (CR 104.2a, 104.3a, 800.4a, 603.6c, 702.26k;
Psychic Possession rulings 2006-05-01)."""
from __future__ import annotations

from scenarios import (activate_mana, cast, change_control, concede, perm, phase_out, play, where)


def test_psychic_possession_owner_leaves_it_leaves_the_game_at_once():
    """T-800.4a-pp-owner, edge case 15 (Psychic Possession ruling 2006-05-01; CR 800.4a): three
    players; A's Possession enchants B; A concedes — the Possession leaves the game immediately, not
    by SBA and not to a graveyard."""
    game = play(perm("pp", "Psychic Possession", 0, attached_to=1), players=3)
    obs = game.act(concede(0))
    assert where(obs, "pp") == "left_game"
    assert obs["players"][0]["in_game"] is False
    assert obs["players"][0]["graveyard"] == 0


def test_psychic_possession_enchanted_player_leaves_it_goes_to_the_graveyard():
    """T-800.4a-pp-enchanted, edge case 15 (Psychic Possession ruling 2006-05-01; CR 303.4c,
    704.5m): B, the enchanted opponent, concedes — the Possession is attached to nobody and the SBA
    puts it into A's graveyard."""
    game = play(perm("pp", "Psychic Possession", 0, attached_to=1), players=3)
    obs = game.act(concede(1))
    assert where(obs, "pp") == "graveyard"
    assert obs["players"][0]["graveyard"] == 1


def test_stolen_creature_goes_back_when_the_thief_leaves():
    """T-800.4a-stolen (CR 800.4a): A controls B's Llanowar Elves by an effect; A leaves — the effect
    ends and the Elves return to B."""
    game = play(perm("e", "Llanowar Elves", 1), players=3)
    game.run(change_control("e", 0))
    obs = game.act(concede(0))
    assert where(obs, "e") == "battlefield"
    assert obs["permanents"]["e"]["controller"] == 1


def test_stolen_creature_leaves_with_its_owner():
    """T-800.4a-stolen (CR 800.4a): A controls B's Llanowar Elves; B, the owner, leaves — the Elves
    leave the game with B."""
    game = play(perm("e", "Llanowar Elves", 1), players=3)
    game.run(change_control("e", 0))
    obs = game.act(concede(1))
    assert where(obs, "e") == "left_game"


def test_control_magic_controller_leaves():
    """CR 800.4a (its Mind Control example): A's Control Magic on B's creature; A leaves — the Aura
    leaves the game with A and control of the creature reverts to B."""
    game = play(perm("e", "Llanowar Elves", 1), perm("cm", "Control Magic", 0, attached_to="e"),
                players=3)
    obs = game.act(concede(0))
    assert where(obs, "cm") == "left_game"
    assert obs["permanents"]["e"]["controller"] == 1


def test_control_magic_creature_owner_leaves():
    """CR 800.4a (its Mind Control example), 704.5m: B, owner of the enchanted creature, leaves — the
    creature leaves the game and the Aura goes to A's graveyard by SBA."""
    game = play(perm("e", "Llanowar Elves", 1), perm("cm", "Control Magic", 0, attached_to="e"),
                players=3)
    obs = game.act(concede(1))
    assert where(obs, "e") == "left_game"
    assert where(obs, "cm") == "graveyard"
    assert obs["players"][0]["graveyard"] == 1


def test_phased_in_permanent_leaving_with_its_owner_triggers_leaves():
    """edge case 27 (CR 603.6c): a phased-in Aven Riftwatcher owned by B but controlled by A
    leaves the game with B — its leaves-the-battlefield ability triggers (controlled by A, who gains
    2 life)."""
    game = play(perm("rw", "Aven Riftwatcher", 1, counters={"time": 3}), players=3)
    game.run(change_control("rw", 0))
    obs = game.act(concede(1))
    assert where(obs, "rw") == "left_game"
    assert obs["triggered"] == [["rw", "leaves"]]
    assert obs["players"][0]["life"] == 22


def test_phased_out_permanent_leaving_with_its_owner_triggers_nothing():
    """T-702.26k-leave, edge case 27 (CR 702.26k): the same Riftwatcher, phased out, leaves the game
    with its owner without any leaves-the-battlefield trigger."""
    game = play(perm("rw", "Aven Riftwatcher", 1, counters={"time": 3}), players=3)
    game.run(change_control("rw", 0), phase_out("rw"))
    obs = game.act(concede(1))
    assert where(obs, "rw") == "left_game"
    assert obs["triggered"] == []
    assert obs["players"][0]["life"] == 20


def test_phased_out_permanent_of_a_departing_controller_is_exiled():
    """CR 800.4a, 702.26n: B controls A's phased-out Llanowar Elves and leaves a three-player game —
    what B still controls is exiled, phased out or not; the decision says so of its zone and of its
    phasing (once exiled it is no longer phased out)."""
    game = play(perm("e", "Llanowar Elves", 1, owner=0, phased_out="directly"), players=3)
    obs = game.act(concede(1))
    assert where(obs, "e") == "exile" and obs["permanents"]["e"]["phased_out"] is False
    exiled = [d for d in game.oracle.trace if d.key == "what-they-control-is-exiled"]
    assert [(d.rule, d.fields) for d in exiled] == [("800.4a", ("permanents.e.zone", "permanents.e.phased_out"))]


def test_departed_player_owns_nothing_anywhere():
    """CR 800.4a: everything the leaving player owns leaves the game — hand, library and graveyard
    empty, permanents gone; the other players are untouched."""
    game = play(perm("f", "Forest", 1), perm("g", "Forest", 2), players=3,
                hands={1: ["Island", "Swamp"]})
    obs = game.act(concede(1))
    assert where(obs, "f") == "left_game" and where(obs, "g") == "battlefield"
    assert obs["players"][1] == {"life": 20, "mana": dict.fromkeys("WUBRGC", 0), "hand": 0,
                                 "library": 0, "graveyard": 0, "in_game": False, "tokens": {}}


def test_departed_player_cant_act():
    """CR 800.4a: a player who left can't cast, activate or concede again — `not_in_game`."""
    game = play(perm("f", "Forest", 2), players=3, hands={1: ["Threaten"]})
    game.run(concede(1))
    game.assert_rejected(concede(1), "not_in_game")
    game.assert_rejected(cast(1, "Threaten", targets=["f"]), "not_in_game")


def test_last_player_standing_ends_the_game():
    """CR 104.2a, 104.3a: in a two-player game, once one player concedes the other wins — further
    actions are rejected as `game_over`."""
    game = play(perm("f", "Forest"))
    obs = game.act(concede(1))
    assert obs["players"][1]["in_game"] is False
    game.assert_rejected(activate_mana("f"), "game_over")


def test_leaving_is_immediate_not_a_state_based_action():
    """CR 800.4a, 104.3a: the conceding player's Forest has left the game in the very observation of
    the concession."""
    game = play(perm("f", "Forest", 1), players=4)
    obs = game.act(concede(1))
    assert where(obs, "f") == "left_game"
    assert [p["in_game"] for p in obs["players"]] == [True, False, True, True]


def test_departed_players_turns_dont_begin():
    """CR 800.4j–k: the active player concedes in their main phase — the turn goes on without them,
    and afterwards the turn order skips them (P1, P2, P1, … each drawing on their own turn)."""
    game = play(players=3)
    game.run(concede(0))
    hands = []
    for _ in range(3):
        obs = game.run({"type": "advance", "step": "main1", "turns": 0})
        hands.append([p["hand"] for p in obs["players"]])
    assert hands == [[0, 1, 0], [0, 1, 1], [0, 2, 1]]


def test_a_turn_without_its_active_player_has_no_draw():
    """CR 800.4j, 504.1: the active player concedes in their upkeep; the turn goes on to its draw
    step, but there is no active player to draw, and the oracle records that nobody draws."""
    game = play(players=3, step="upkeep")
    game.run(concede(0))
    game.run({"type": "advance", "step": "main1", "turns": 0})
    rules = [d.rule for d in game.oracle.game.trace]
    assert "800.4j" in rules and "504.1" not in rules and "121.4" not in rules
