"""A creature's power and toughness (CR 208.3, 613.4), marked damage (120.3, 120.6, 704.5g, 514.2)
and the `deal_damage` action, as the observation shows them (docs/contract.md)."""
from __future__ import annotations

from scenarios import advance, attach, deal_damage, perm, play, pt, rules

ELVES = perm("e", "Llanowar Elves")


def test_power_and_toughness_apply_counters_anthems_auras_and_equipment():
    """CR 613.4c: +1/+1 counters, Glorious Anthem (its controller's creatures only), Holy Strength
    and Bonesplitter all modify the printed values; a non-creature has none (208.3)."""
    game = play(ELVES, perm("g", "Glorious Anthem"), perm("h", "Holy Strength", attached_to="e"),
                perm("b", "Bonesplitter", attached_to="e"), perm("f", "Forest"),
                perm("w", "Walking Ballista", 1, counters={"+1/+1": 2}))
    obs = game.observe()
    assert pt(obs, "e") == (1 + 1 + 1 + 2, 1 + 1 + 2)
    assert pt(obs, "w") == (2, 2)                        # seat 1's: the anthem isn't its controller's
    assert pt(obs, "f") == (None, None) and obs["permanents"]["f"]["damage"] == 0
    setup = {d.rule: d for d in game.oracle.setup}
    assert "613.4c" in setup


def test_a_phased_out_anthem_gives_no_bonus_and_a_phased_out_creature_shows_none():
    """CR 702.26b: a phased-out permanent is treated as though it doesn't exist: Glorious Anthem's
    bonus disappears; the phased-out creature itself shows no power or toughness."""
    game = play(ELVES, perm("g", "Glorious Anthem"), perm("m", "Llanowar Elves"))
    obs = game.act({"type": "phase_out", "permanents": ["g"]})
    assert pt(obs, "e") == (1, 1) and "613.4c" in rules(game)
    obs = game.act({"type": "phase_out", "permanents": ["m"]})
    assert pt(obs, "m") == (None, None)


def test_damage_is_marked_and_lethal_damage_destroys_with_every_effect_applied():
    """CR 120.6: damage stays marked; 704.5g compares it with the toughness after effects: Holy
    Strength's +2 toughness keeps a 1/3 Elves alive with 2 damage, and moving the Aura away kills it."""
    game = play(ELVES, perm("h", "Holy Strength", attached_to="e"), perm("x", "Llanowar Elves"))
    obs = game.act(deal_damage("e", 2))
    assert obs["rejected"] is None and obs["permanents"]["e"]["damage"] == 2
    assert obs["permanents"]["e"]["zone"] == "battlefield" and {"120.6", "704.5g"} <= rules(game)
    obs = game.act(attach("h", "x"))
    assert obs["permanents"]["e"]["zone"] == "graveyard" and obs["permanents"]["e"]["damage"] == 0
    assert obs["permanents"]["h"]["attached_to"] == {"permanent": "x"} and pt(obs, "x") == (2, 3)


def test_damage_wears_off_in_the_cleanup_step():
    """CR 514.2: at cleanup all marked damage is removed, a phased-out creature's too."""
    game = play(ELVES, perm("m", "Walking Ballista", counters={"+1/+1": 3}), step="end")
    game.act(deal_damage("m", 2))
    game.act({"type": "phase_out", "permanents": ["m"]})
    assert game.observe()["permanents"]["m"]["damage"] == 2
    obs = game.act(advance("upkeep"))
    assert obs["permanents"]["m"]["damage"] == 0 and "514.2" in rules(game)


def test_damage_to_a_player_is_life_loss_and_a_player_at_zero_loses():
    """CR 120.3a, 704.5a."""
    game = play(ELVES)
    assert game.act(deal_damage(1, 3))["players"][1]["life"] == 17 and "120.3a" in rules(game)
    obs = game.act(deal_damage(1, 17))
    assert not obs["players"][1]["in_game"] and "704.5a" in rules(game)


def test_damage_to_a_non_creature_permanent_has_no_result():
    """CR 120.3: a land isn't a creature, planeswalker or battle."""
    game = play(perm("f", "Forest"))
    obs = game.act(deal_damage("f", 3))
    assert obs["rejected"] is None and obs["permanents"]["f"]["damage"] == 0 and "120.3" in rules(game)


def test_deal_damage_rejects_what_the_effect_cant_see():
    game = play(perm("e", "Llanowar Elves", phased_out="directly"))
    game.assert_rejected(deal_damage("e", 1), "phased_out")
    game.assert_rejected(deal_damage("nothing", 1), "no_such_object")
    game.assert_rejected(deal_damage(3, 1), "no_such_object")
