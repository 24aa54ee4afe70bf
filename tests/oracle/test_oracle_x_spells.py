"""Oracle examples for issue 12's X cards: X spells (CR 107.3a), X in an activated ability's cost
(107.3k), enters with X counters (107.3m). Each test names the CR rule and the card's own text it
checks."""
from __future__ import annotations

import pytest

from scenarios import activate, cast, perm, play, put_onto_battlefield, where



def life(obs: dict, seat: int) -> int:
    return obs["players"][seat]["life"]


# --- X spells (107.3a) ----------------------------------------------------------------------------

@pytest.mark.parametrize("name", ("Blaze", "Volcanic Geyser"))
def test_x_damage_to_any_target(name):
    """Card text (X damage to any target), CR 107.3a: X is the one chosen as it is cast."""
    game = play(hands={0: [name]})
    assert life(game.act(cast(0, name, "s", x=3, targets=[1])), 1) == 17


def test_heat_ray_targets_only_a_creature():
    """Card text (X damage to target creature): a player is no legal target; a 1/2 dies to X=2."""
    game = play(perm("d", "Master Decoy", 1), hands={0: ["Heat Ray"]})
    game.assert_rejected(cast(0, "Heat Ray", "s", x=2, targets=[1]), "illegal_target")
    assert where(game.act(cast(0, "Heat Ray", "s", x=2, targets=["d"])), "d") == "graveyard"


@pytest.mark.parametrize("name", ("Hurricane", "Squall Line"))
def test_hurricane_hits_flyers_and_players_only(name):
    """Card text (X damage to each creature with flying and each player), CR 702.9a."""
    game = play(perm("k", "Skyknight Legionnaire", 1), perm("e", "Llanowar Elves", 1),
                hands={0: [name]})
    obs = game.act(cast(0, name, "s", x=2))
    assert where(obs, "k") == "graveyard" and where(obs, "e") == "battlefield"
    assert (life(obs, 0), life(obs, 1)) == (18, 18)


def test_earthquake_spares_flyers():
    """Card text (X damage to each creature without flying and each player), CR 702.9a."""
    game = play(perm("k", "Skyknight Legionnaire", 1), perm("e", "Llanowar Elves", 1),
                hands={0: ["Earthquake"]})
    obs = game.act(cast(0, "Earthquake", "s", x=1))
    assert where(obs, "k") == "battlefield" and where(obs, "e") == "graveyard"
    assert (life(obs, 0), life(obs, 1)) == (19, 19)


def test_savage_twister_spares_players():
    """Card text (X damage to each creature): no player loses life."""
    game = play(perm("k", "Skyknight Legionnaire", 1), perm("e", "Llanowar Elves", 1),
                hands={0: ["Savage Twister"]})
    obs = game.act(cast(0, "Savage Twister", "s", x=2))
    assert where(obs, "k") == where(obs, "e") == "graveyard" and life(obs, 1) == 20


def test_mass_damage_skips_phased_out_creatures():
    """CR 702.26b: a phased-out creature is treated as though it doesn't exist."""
    game = play(perm("e", "Llanowar Elves", 1, phased_out="directly"), hands={0: ["Earthquake"]})
    assert where(game.act(cast(0, "Earthquake", "s", x=3)), "e") == "battlefield"


@pytest.mark.parametrize("name", ("Stroke of Genius", "Braingeyser"))
def test_target_player_draws_x(name):
    """Card text (target player draws X cards), CR 121.2."""
    game = play(hands={0: [name]})
    obs = game.act(cast(0, name, "s", x=3, targets=[1]))
    assert obs["players"][1]["hand"] == 3 and obs["players"][1]["library"] == 2


def test_mind_spring_draws_its_caster_x():
    """Card text (draw X cards), CR 121.2: with X=2 its caster draws two."""
    game = play(hands={0: ["Mind Spring"]})
    obs = game.act(cast(0, "Mind Spring", "s", x=2))
    assert obs["players"][0]["hand"] == 2 and obs["players"][1]["hand"] == 0


def test_prosperity_each_player_draws_x():
    """Card text (each player draws X cards), CR 121.2, 121.4: a player with a short library draws
    what it has and loses the game (704.5b)."""
    game = play(players=3, hands={0: ["Prosperity"]}, libraries={2: ["Island"]})
    obs = game.act(cast(0, "Prosperity", "s", x=2))
    assert [p["hand"] for p in obs["players"][:2]] == [2, 2]
    assert [p["in_game"] for p in obs["players"]] == [True, True, False]


def test_stream_of_life_gains_x():
    """Card text (target player gains X life), CR 119.3."""
    game = play(hands={0: ["Stream of Life"]})
    assert life(game.act(cast(0, "Stream of Life", "s", x=4, targets=[1])), 1) == 24


def test_x_spell_with_x_zero_does_nothing():
    """CR 107.3a: X=0 is a legal choice; 0 damage changes nothing."""
    game = play(perm("e", "Llanowar Elves", 1), hands={0: ["Earthquake"]})
    obs = game.act(cast(0, "Earthquake", "s", x=0))
    assert obs["rejected"] is None and where(obs, "e") == "battlefield" and life(obs, 1) == 20


# --- X in an activated ability's cost (107.3k) ----------------------------------------------------

def test_crypt_rats_uses_the_x_of_its_activation():
    """Card text ({X}: X damage to each creature and each player), CR 107.3k: X=2 kills 2-toughness
    creatures, itself too, and each player loses 2."""
    game = play(perm("r", "Crypt Rats"), perm("d", "Master Decoy", 1), perm("h", "Apocalypse Hydra", 1,
                                                                             counters={"+1/+1": 3}))
    obs = game.act(activate("r", x=2))
    assert where(obs, "r") == where(obs, "d") == "graveyard"
    assert obs["permanents"]["h"]["damage"] == 2 and (life(obs, 0), life(obs, 1)) == (18, 18)


def test_crypt_rats_needs_no_tap_and_may_use_x_zero():
    """CR 107.3k: a Crypt Rats that arrived this turn may activate ({X} has no {T}); X=0 does nothing."""
    game = play(perm("r", "Crypt Rats", sick=True))
    obs = game.act(activate("r", x=0))
    assert obs["rejected"] is None and where(obs, "r") == "battlefield" and life(obs, 1) == 20


def test_x_for_an_ability_without_x_is_refused():
    """CR 107.3a: an ability with no {X} in its cost has no X to choose but 0."""
    game = play(perm("t", "Prodigal Sorcerer"))
    game.assert_rejected(activate("t", targets=[1], x=2), "illegal_choice")


# --- enters with X counters (107.3m) --------------------------------------------------------------

@pytest.mark.parametrize("x, counters", ((2, 2), (4, 4), (5, 10), (6, 12)))
def test_apocalypse_hydra_doubles_from_x_5(x, counters):
    """Card text (X counters, another X if X is 5 or more), CR 107.3m."""
    game = play(hands={0: ["Apocalypse Hydra"]})
    obs = game.act(cast(0, "Apocalypse Hydra", "h", x=x))
    assert obs["permanents"]["h"]["counters"] == {"+1/+1": counters}


def test_apocalypse_hydra_put_onto_the_battlefield_dies():
    """CR 107.3m, 704.5f: not cast, X is 0, so it has no counters and dies as a 0/0."""
    game = play(hands={0: ["Apocalypse Hydra"]})
    assert where(game.act(put_onto_battlefield(0, "Apocalypse Hydra", "h")), "h") == "graveyard"


def test_apocalypse_hydra_removes_a_counter_to_ping():
    """Card text ({1}{R}, remove a +1/+1 counter: 1 damage to any target): no {T}, so it works the
    turn it arrives, and it needs a counter to remove."""
    game = play(perm("h", "Apocalypse Hydra", counters={"+1/+1": 1}, sick=True))
    obs = game.act(activate("h", targets=[1]))
    assert life(obs, 1) == 19 and where(obs, "h") == "graveyard"
