"""Oracle examples: mana sources with a drawback (CR 119.4, 120.3a, 605.3b, 603.2e) and mana
abilities that choose among listed types or what lands could produce (106.1, 106.7, 608.2h).

Each test names the rule, or the ruling R-<name> of docs/rules.md, it encodes.
"""
from __future__ import annotations

import pytest

from scenarios import (activate, activate_mana, advance, cast, perm, play, pool, scenario, tap,
                       producible)

PAIN_LANDS = ("Adarkar Wastes", "Underground River", "Sulfurous Springs", "Karplusan Forest",
              "Brushland", "Caves of Koilos", "Shivan Reef", "Llanowar Wastes", "Battlefield Forge",
              "Yavimaya Coast")
TALISMANS = ("Talisman of Progress", "Talisman of Dominance", "Talisman of Indulgence",
             "Talisman of Impulse", "Talisman of Unity", "Talisman of Hierarchy",
             "Talisman of Creativity", "Talisman of Resilience", "Talisman of Conviction",
             "Talisman of Curiosity")
PAIRS = ("WU", "UB", "BR", "RG", "GW", "WB", "UR", "BG", "RW", "GU")
HORIZON = {"Horizon Canopy": "GW", "Fiery Islet": "UR", "Nurturing Peatland": "BG",
           "Silent Clearing": "WB", "Sunbaked Canyon": "RW", "Waterlogged Grove": "GU"}


def _life(obs, seat=0):
    return obs["players"][seat]["life"]


# --- pain lands and Talismans: "{T}: Add {C}. {T}: Add {A} or {B}; 1 damage to you" ------------------

@pytest.mark.parametrize("name,pair", list(zip(PAIN_LANDS + TALISMANS, PAIRS + PAIRS)))
def test_painful_ability_adds_either_listed_colour_and_deals_1_damage(name, pair):
    """CR 106.1, 605.3b, 120.3a (the card's text): its second ability adds one of its two colours,
    as asked, and its source deals 1 damage to its controller as part of that ability."""
    for color in pair:
        obs = play(perm("p", name)).act(activate_mana("p", color, ability=1))
        assert obs["rejected"] is None
        assert pool(obs) == {color: 1}
        assert _life(obs) == 19


@pytest.mark.parametrize("name,pair", list(zip(PAIN_LANDS + TALISMANS, PAIRS + PAIRS)))
def test_painful_ability_rejects_a_colour_it_does_not_list(name, pair):
    """CR 106.1 (the card's text "Add {A} or {B}"): another colour, or {C}, is no legal choice."""
    other = next(c for c in "WUBRGC" if c not in pair)
    play(perm("p", name)).assert_rejected(activate_mana("p", other, ability=1), "illegal_choice")


@pytest.mark.parametrize("name", PAIN_LANDS + TALISMANS)
def test_colorless_ability_has_no_drawback(name):
    """CR 605.3b (the card's text): only the coloured ability deals damage; {C} is free."""
    obs = play(perm("p", name)).act(activate_mana("p", "C", ability=0))
    assert pool(obs) == {"C": 1} and _life(obs) == 20


def test_pain_land_tapped_by_an_effect_deals_no_damage():
    """CR 605.3b: the damage is part of the mana ability's effect, not a "becomes tapped" trigger."""
    obs = play(perm("p", "Adarkar Wastes")).act(tap("p"))
    assert obs["permanents"]["p"]["tapped"] and _life(obs) == 20


def test_pain_land_damage_is_damage_a_protected_player_does_not_lose_life_to():
    """CR 120.3a, 119.7: Teferi's Protection's player's life total can't change; a pain land they
    gain control of afterwards still adds mana, and its damage changes nothing."""
    game = play(perm("p", "Adarkar Wastes", 1), hands={0: ["Teferi's Protection"]})
    game.act(cast(0, "Teferi's Protection", "tp"))
    game.act({"type": "change_control", "permanent": "p", "player": 0, "duration": "indefinite"})
    obs = game.act(activate_mana("p", "W", ability=1))
    assert pool(obs) == {"W": 1} and _life(obs) == 20


def test_pain_land_damage_at_1_life_loses_the_game():
    """CR 120.3a, 704.5a: the damage takes the last life point; the player loses."""
    obs = play(perm("p", "Shivan Reef"), life={0: 1}).act(activate_mana("p", "R", ability=1))
    assert _life(obs) == 0 and obs["players"][0]["in_game"] is False


def test_mana_reflection_doubles_the_mana_not_the_damage():
    """CR 106.12b, 605.3b: Mana Reflection replaces the mana; the damage stays 1."""
    obs = play(perm("p", "Karplusan Forest"), perm("m", "Mana Reflection")).act(
        activate_mana("p", "G", ability=1))
    assert pool(obs) == {"G": 2} and _life(obs) == 19


# --- Elves of Deep Shadow: "{T}: Add {B}. This creature deals 1 damage to you." -------------------------

def test_elves_of_deep_shadow_adds_black_and_deals_1_damage():
    """CR 605.3b, 120.3a (the card's text): {B}, and the creature deals 1 damage to its controller
    as part of the same mana ability."""
    obs = play(perm("e", "Elves of Deep Shadow")).act(activate_mana("e"))
    assert obs["rejected"] is None
    assert pool(obs) == {"B": 1} and _life(obs) == 19


def test_elves_of_deep_shadow_at_1_life_loses_the_game():
    """CR 120.3a, 704.5a: its damage takes the last life point; the player loses."""
    obs = play(perm("e", "Elves of Deep Shadow"), life={0: 1}).act(activate_mana("e"))
    assert _life(obs) == 0 and obs["players"][0]["in_game"] is False


def test_elves_of_deep_shadow_tapped_by_an_effect_deals_no_damage():
    """CR 605.3b: the damage is part of the mana ability's effect; tapping it otherwise deals none."""
    obs = play(perm("e", "Elves of Deep Shadow")).act(tap("e"))
    assert obs["permanents"]["e"]["tapped"] and _life(obs) == 20


def test_elves_of_deep_shadow_damages_the_player_who_activated_it():
    """CR 120.3a, 605.3b: "you" is the ability's controller: a non-active player's Elves damage
    that player, not the active player."""
    obs = play(perm("e", "Elves of Deep Shadow", 1)).act(activate_mana("e"))
    assert pool(obs, 1) == {"B": 1} and _life(obs, 1) == 19 and _life(obs, 0) == 20


# --- City of Brass: "whenever this becomes tapped, 1 damage to you" ----------------------------------

def test_city_of_brass_deals_1_damage_when_tapped_for_mana():
    """CR 603.2e, 120.3a (the card's text): tapping it for mana is it becoming tapped."""
    obs = play(perm("c", "City of Brass")).act(activate_mana("c", "B"))
    assert pool(obs) == {"B": 1} and _life(obs) == 19
    assert ["c", "becomes_tapped"] in obs["triggered"]


def test_city_of_brass_deals_damage_when_an_effect_taps_it():
    """CR 603.2e: any change from untapped to tapped triggers it, not only tapping it for mana."""
    obs = play(perm("c", "City of Brass")).act(tap("c"))
    assert _life(obs) == 19


def test_city_of_brass_already_tapped_is_not_tapped_again():
    """CR 603.2e: tapping a tapped City changes nothing, so no damage."""
    obs = play(perm("c", "City of Brass", tapped=True)).act(tap("c"))
    assert _life(obs) == 20 and obs["triggered"] == []


def test_city_of_brass_phasing_in_tapped_does_not_trigger():
    """CR 603.2e, 702.26a: a City phased out tapped phases in with its status (110.5c) in its
    controller's untap step, and is untapped: it never becomes tapped, so no damage."""
    game = play(perm("c", "City of Brass", tapped=True))
    game.act({"type": "phase_out", "permanents": ["c"]})
    obs = game.act(advance("upkeep", 2))
    assert _life(obs) == 20


def test_city_of_brass_damages_its_controller():
    """CR 603.2e, 120.3a: "you" is its controller, also when another player controls it."""
    game = play(perm("c", "City of Brass", 1))
    game.act({"type": "change_control", "permanent": "c", "player": 0, "duration": "indefinite"})
    obs = game.act(activate_mana("c", "U"))
    assert _life(obs, 0) == 19 and _life(obs, 1) == 20


# --- life as a cost: Mana Confluence and the horizon lands --------------------------------------------

def test_mana_confluence_pays_1_life():
    """CR 119.4 (the card's text): paying 1 life is part of its cost; it adds any colour."""
    obs = play(perm("m", "Mana Confluence")).act(activate_mana("m", "R"))
    assert pool(obs) == {"R": 1} and _life(obs) == 19


def test_mana_confluence_at_1_life_can_pay_and_loses():
    """CR 119.4, 704.5a: a life total of exactly 1 can pay 1 life; at 0 the player loses."""
    obs = play(perm("m", "Mana Confluence"), life={0: 1}).act(activate_mana("m", "G"))
    assert _life(obs) == 0 and obs["players"][0]["in_game"] is False


@pytest.mark.derived
def test_life_cost_rejected_while_life_cannot_change():
    """CR 119.7, 119.4 [derived]: a player whose life total can't change can't pay life."""
    game = play(perm("m", "Mana Confluence", 1), hands={0: ["Teferi's Protection"]})
    game.act(cast(0, "Teferi's Protection", "tp"))
    game.act({"type": "change_control", "permanent": "m", "player": 0, "duration": "indefinite"})
    game.assert_rejected(activate_mana("m", "W"), "illegal_choice")


@pytest.mark.parametrize("name,pair", HORIZON.items())
def test_horizon_land_pays_1_life_for_either_listed_colour(name, pair):
    """CR 119.4, 106.1 (the card's text): {T}, pay 1 life: one of its two colours, as asked."""
    obs = play(perm("h", name)).act(activate_mana("h", pair[1]))
    assert pool(obs) == {pair[1]: 1} and _life(obs) == 19
    other = next(c for c in "WUBRGC" if c not in pair)
    play(perm("h", name)).assert_rejected(activate_mana("h", other), "illegal_choice")


def test_horizon_land_sacrificed_to_draw_a_card():
    """CR 602.2b, 121.1 (the card's text): {1}, {T}, sacrifice it: its controller draws a card."""
    obs = play(perm("h", "Horizon Canopy")).act(activate("h"))
    assert obs["permanents"]["h"]["zone"] == "graveyard"
    assert obs["players"][0]["hand"] == 1 and obs["players"][0]["library"] == 4
    assert _life(obs) == 20


# --- other drawbacks ----------------------------------------------------------------------------------

def test_tarnished_citadel_any_colour_deals_3_damage():
    """CR 605.3b, 120.3a (the card's text): any colour, 3 damage; its {C} ability none."""
    obs = play(perm("t", "Tarnished Citadel")).act(activate_mana("t", "U", ability=1))
    assert pool(obs) == {"U": 1} and _life(obs) == 17
    obs = play(perm("t", "Tarnished Citadel")).act(activate_mana("t", "U", ability=0))
    assert pool(obs) == {"C": 1} and _life(obs) == 20


def test_ancient_tomb_adds_two_colourless_and_deals_2_damage():
    """CR 605.3b, 120.3a (the card's text): {C}{C} and 2 damage to you."""
    obs = play(perm("t", "Ancient Tomb")).act(activate_mana("t"))
    assert pool(obs) == {"C": 2} and _life(obs) == 18


def test_grove_of_the_burnwillows_each_opponent_gains_1_life():
    """CR 119.3, 605.3b (the card's text): {R} or {G}; each opponent gains 1 life, not you."""
    obs = play(perm("g", "Grove of the Burnwillows"), players=3).act(activate_mana("g", "R", ability=1))
    assert pool(obs) == {"R": 1}
    assert [_life(obs, s) for s in range(3)] == [20, 21, 21]


def test_grove_of_the_burnwillows_skips_a_player_who_left():
    """CR 800.4a, 119.3: an opponent who left the game gains nothing."""
    game = play(perm("g", "Grove of the Burnwillows"), players=3)
    game.act({"type": "concede", "player": 2})
    obs = game.act(activate_mana("g", "G", ability=1))
    assert _life(obs, 1) == 21 and _life(obs, 2) == 20


# --- choosing among types: creatures and artifacts ------------------------------------------------------

@pytest.mark.parametrize("name,color", [("Elvish Mystic", "G"), ("Fyndhorn Elves", "G"),
                                        ("Elves of Deep Shadow", "B"), ("Leaf Gilder", "G"),
                                        ("Avacyn's Pilgrim", "W")])
def test_mana_elf_adds_its_one_colour_and_is_summoning_sick(name, color):
    """CR 106.1, 302.6 (the card's text): its fixed colour; not while summoning sick; only Elves of
    Deep Shadow's ability deals damage (605.3b)."""
    obs = play(perm("e", name)).act(activate_mana("e"))
    assert pool(obs) == {color: 1}
    assert _life(obs) == (19 if name == "Elves of Deep Shadow" else 20)
    play(perm("e", name, sick=True)).assert_rejected(activate_mana("e"), "summoning_sick")


@pytest.mark.parametrize("name", ["Birds of Paradise", "Utopia Tree", "Manalith", "Darksteel Ingot"])
def test_any_colour_source_adds_the_colour_asked_never_colourless(name):
    """CR 106.1a (the card's text): any colour; colourless is not a colour."""
    assert pool(play(perm("b", name)).act(activate_mana("b", "U"))) == {"U": 1}
    play(perm("b", name)).assert_rejected(activate_mana("b", "C"), "illegal_choice")


def test_sol_ring_adds_two_colourless():
    """CR 106.1 (the card's text): {C}{C}, no drawback."""
    obs = play(perm("s", "Sol Ring")).act(activate_mana("s"))
    assert pool(obs) == {"C": 2} and _life(obs) == 20


@pytest.mark.parametrize("name", ["Naga Vitalist", "Incubation Druid"])
def test_could_produce_creature_reads_your_lands_only(name):
    """CR 106.7 (the card's text): a type a land *you* control could produce: a Forest and Wastes
    of yours, not an opponent's Island."""
    doc = scenario(perm("n", name), perm("f", "Forest"), perm("w", "Wastes"), perm("i", "Island", 1))
    assert producible(doc, "n") == {"G", "C"}


def test_naga_vitalist_without_lands_adds_nothing():
    """CR 106.5, 106.7: with no land it could produce no type, so it adds no mana."""
    obs = play(perm("n", "Naga Vitalist"), perm("i", "Island", 1)).act(activate_mana("n", "U"))
    assert obs["rejected"] is None and pool(obs) == {}


def test_incubation_druid_with_a_counter_adds_three():
    """CR 608.2h (the card's text): with a +1/+1 counter it adds three mana of the chosen type."""
    obs = play(perm("d", "Incubation Druid", counters={"+1/+1": 1}), perm("f", "Forest")).act(
        activate_mana("d", "G"))
    assert pool(obs) == {"G": 3}


def test_incubation_druid_without_a_counter_adds_one():
    """CR 608.2h: the counter is looked at as the ability resolves: none, one mana."""
    obs = play(perm("d", "Incubation Druid"), perm("s", "Swamp")).act(activate_mana("d", "B"))
    assert pool(obs) == {"B": 1}


def test_incubation_druid_adapt_then_three_mana_doubled_by_reflection():
    """CR 122.1a, 608.2h, 106.12b: adapt puts three counters; then it adds three, doubled to six."""
    game = play(perm("d", "Incubation Druid"), perm("f", "Forest"), perm("m", "Mana Reflection"))
    obs = game.act(activate("d"))
    assert obs["permanents"]["d"]["counters"] == {"+1/+1": 3}
    assert pool(game.act(activate_mana("d", "G"))) == {"G": 6}


def test_adapt_does_nothing_with_a_counter_already():
    """CR 122.1a (adapt's text): with a +1/+1 counter on it, adapt puts none."""
    obs = play(perm("d", "Incubation Druid", counters={"+1/+1": 1})).act(activate("d"))
    assert obs["permanents"]["d"]["counters"] == {"+1/+1": 1}
