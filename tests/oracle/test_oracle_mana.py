"""Oracle examples: mana types, undefined types and "could produce" (CR 106.1, 106.4, 106.5, 106.7).

Each test names the scenario (T-…) or edge case of docs/rules.md it encodes.
"""
from __future__ import annotations

import pytest

from mtg_conformance.oracle import Oracle
from mtg_conformance.oracle.mana import could_produce
from scenarios import (Game, activate_mana, advance, cast, perm, phase_out, play, pool,
                       producible, scenario)


# --- CR 106.1: six types, colorless is not a colour ------------------------------------------------

def test_reflecting_pool_may_add_colorless_from_wastes():
    """T-106.1-types (CR 106.1b, 106.7): Reflecting Pool adds any *type* a land you control could
    produce, and colorless is a type — with Wastes it may add {C}."""
    doc = scenario(perm("pool", "Reflecting Pool"), perm("w", "Wastes"))
    assert producible(doc, "pool") == {"C"}
    obs = Game(doc).act(activate_mana("pool", "C"))
    assert pool(obs) == {"C": 1}
    assert obs["permanents"]["pool"]["tapped"] is True


def test_exotic_orchard_facing_only_wastes_adds_nothing():
    """T-106.1-types (CR 106.1, 106.5; Exotic Orchard ruling 2009-02-01): Orchard adds a *colour* an
    opponent's land could produce; colorless is not a colour, so against only Wastes no type is
    defined and it adds no mana — while the activation is still legal and taps it (605.2)."""
    game = play(perm("orchard", "Exotic Orchard"), perm("w", "Wastes", 1))
    obs = game.act(activate_mana("orchard", "C"))
    assert obs["rejected"] is None
    assert pool(obs) == {}
    assert obs["permanents"]["orchard"]["tapped"] is True


def test_fellwar_stone_sees_colours_not_colorless():
    """CR 106.1b, 106.7: Fellwar Stone ("any colour a land an opponent controls could produce") with
    an opponent's Forest and Wastes may add {G} only."""
    doc = scenario(perm("stone", "Fellwar Stone"), perm("f", "Forest", 1), perm("w", "Wastes", 1))
    assert producible(doc, "stone") == {"G"}


def test_reflecting_pool_with_two_kinds_of_land_offers_both_types():
    """CR 106.7: a Pool with a Forest and Wastes may add {G} or {C}, nothing else."""
    doc = scenario(perm("pool", "Reflecting Pool"), perm("f", "Forest"), perm("w", "Wastes"))
    assert producible(doc, "pool") == {"G", "C"}


def test_reflecting_pool_choice_outside_its_types_is_rejected():
    """CR 106.7: choosing a type no land you control could produce is an illegal choice; the state is
    unchanged (the Pool stays untapped)."""
    game = play(perm("pool", "Reflecting Pool"), perm("f", "Forest"))
    game.assert_rejected(activate_mana("pool", "U"), "illegal_choice")


def test_reflecting_pool_only_sees_your_own_lands():
    """CR 106.7 (Reflecting Pool: "a land you control"): an opponent's Island doesn't count."""
    doc = scenario(perm("pool", "Reflecting Pool"), perm("f", "Forest"), perm("i", "Island", 1))
    assert producible(doc, "pool") == {"G"}


# --- CR 106.4: pools empty between steps -----------------------------------------------------------

def test_mana_pool_empties_when_the_step_ends():
    """T-106.4-empty (CR 106.4): {G} added in the upkeep is gone in the draw step."""
    game = play(perm("f", "Forest"), perm("o", "Forest", 1), step="upkeep")
    obs = game.act(activate_mana("f"))
    assert pool(obs) == {"G": 1}
    obs = game.act(advance("draw"))
    assert pool(obs) == {}
    assert obs["permanents"]["f"]["tapped"] is True


def test_every_players_pool_empties():
    """CR 106.4: every player's pool empties at the end of each step, not only the active player's."""
    game = play(perm("f", "Forest"), perm("i", "Island", 1))
    game.run(activate_mana("f"), activate_mana("i"))
    obs = game.act(advance("main2"))
    assert pool(obs, 0) == {} and pool(obs, 1) == {}


# --- CR 106.5: an undefined type gives no mana --------------------------------------------------------

def test_meteor_crater_with_only_colorless_permanents_adds_nothing():
    """T-106.5-crater, edge case 9 (CR 106.5 example): Meteor Crater with only colorless
    permanents (itself, Wastes, a Treasure) can't define a colour, so it adds no mana — not {C}."""
    game = play(perm("crater", "Meteor Crater"), perm("w", "Wastes"),
                perm("t", "Treasure", token=True))
    obs = game.act(activate_mana("crater", "C"))
    assert obs["rejected"] is None
    assert pool(obs) == {}
    assert obs["permanents"]["crater"]["tapped"] is True


def test_meteor_crater_offers_the_colours_of_your_permanents():
    """CR 106.5 (the rule's own example, the other way): with Llanowar Elves it may add {G} — and an
    opponent's red permanent doesn't count ("a permanent you control")."""
    doc = scenario(perm("crater", "Meteor Crater"), perm("e", "Llanowar Elves"),
                   perm("barbs", "Manabarbs", 1))
    assert producible(doc, "crater") == {"G"}


def test_reflecting_pool_as_the_only_land_adds_nothing():
    """T-106.5-pool-alone, edge case 1 (CR 106.5, 106.7, 605.2): a Pool that is your only land
    could produce nothing; activating it is legal (it is still a mana ability), taps it, adds none."""
    game = play(perm("pool", "Reflecting Pool"), perm("f", "Forest", 1))
    obs = game.act(activate_mana("pool", "G"))
    assert obs["rejected"] is None
    assert pool(obs) == {}
    assert obs["permanents"]["pool"]["tapped"] is True


def test_only_reflecting_pools_add_nothing():
    """edge case 1 (CR 106.5, 106.7): two Pools and nothing else — each could produce only what
    the other could, so no type is ever defined and every activation adds nothing."""
    game = play(perm("p1", "Reflecting Pool"), perm("p2", "Reflecting Pool"))
    obs = game.run(activate_mana("p1", "W"), activate_mana("p2", "C"))
    assert pool(obs) == {}
    assert obs["permanents"]["p1"]["tapped"] and obs["permanents"]["p2"]["tapped"]


# --- CR 106.7: could produce, as a fixed point --------------------------------------------------------

def test_orchard_chain_from_the_rules_example():
    """T-106.7-orchard-chain (CR 106.7 example): you control Forest + Exotic Orchard, the opponent
    only an Exotic Orchard — each Orchard could produce {G}."""
    doc = scenario(perm("f", "Forest"), perm("mine", "Exotic Orchard"),
                   perm("theirs", "Exotic Orchard", 1))
    assert producible(doc, "mine") == {"G"}
    assert producible(doc, "theirs") == {"G"}


def test_orchards_without_other_lands_produce_nothing():
    """T-106.7-orchard-chain, edge case 2 (CR 106.7; XMage #3374): two Exotic Orchards facing
    each other and no other land — neither could produce anything, and asking must terminate."""
    game = play(perm("mine", "Exotic Orchard"), perm("theirs", "Exotic Orchard", 1))
    assert pool(game.act(activate_mana("mine", "G"))) == {}
    assert could_produce(game.oracle.game) == {"mine": frozenset(), "theirs": frozenset()}


def test_two_pools_and_an_orchard_against_a_plains():
    """edge case 2 (CR 106.7): two Reflecting Pools + Exotic Orchard against a Plains — the
    Orchard can make {W}, so both Pools can make {W} and nothing else."""
    doc = scenario(perm("p1", "Reflecting Pool"), perm("p2", "Reflecting Pool"),
                   perm("orchard", "Exotic Orchard"), perm("plains", "Plains", 1))
    assert producible(doc, "orchard") == {"W"}
    assert producible(doc, "p1") == {"W"}
    assert producible(doc, "p2") == {"W"}


@pytest.mark.parametrize("opponent", [[], ["Exotic Orchard"], ["Reflecting Pool", "Exotic Orchard"]],
                         ids=["no-lands", "orchard", "pool-and-orchard"])
def test_pools_and_orchard_with_no_base_land_produce_nothing(opponent):
    """edge case 2 (CR 106.7; XMage #3374, #5815): two Pools + an Orchard, and the opponent has no
    lands, or only Orchards/Pools — nothing for anyone."""
    opp = [perm(f"o{i}", name, 1) for i, name in enumerate(opponent)]
    game = play(perm("p1", "Reflecting Pool"), perm("p2", "Reflecting Pool"),
                perm("orchard", "Exotic Orchard"), *opp)
    assert all(not types for types in could_produce(game.oracle.game).values())
    obs = game.run(activate_mana("p1", "G"), activate_mana("orchard", "G"))
    assert pool(obs) == {}


def test_exotic_orchard_ruling_forest_and_orchard_against_orchard_and_pool():
    """edge case 2 (Exotic Orchard ruling 2009-02-01): you have Forest + Exotic Orchard, the
    opponent Exotic Orchard + Reflecting Pool — all of them can make {G}."""
    doc = scenario(perm("f", "Forest"), perm("mine", "Exotic Orchard"),
                   perm("theirs", "Exotic Orchard", 1), perm("pool", "Reflecting Pool", 1))
    assert producible(doc, "mine") == {"G"}
    assert producible(doc, "theirs") == {"G"}
    assert producible(doc, "pool") == {"G"}


def test_pool_ignores_costs_of_the_other_land():
    """T-106.7-costs, edge case 3 (CR 106.7 "ignore whether any costs … could be paid";
    Reflecting Pool ruling 2008-05-01: it checks effects, not costs): a *tapped* Forest can't pay its
    {T} cost, but the Pool may still add {G}. (Vivid Crag / Cascading Cataracts are not in the
    catalog; a tapped land is the catalog's case of a cost that can't be paid.)"""
    doc = scenario(perm("pool", "Reflecting Pool"), perm("f", "Forest", tapped=True))
    assert producible(doc, "pool") == {"G"}


def test_phased_out_lands_are_not_seen():
    """CR 702.26b, 106.7: a phased-out Forest is treated as though it doesn't exist, so a Pool whose
    only other land is phased out could produce nothing."""
    game = play(perm("pool", "Reflecting Pool"), perm("f", "Forest"))
    game.run(phase_out("f"))
    obs = game.act(activate_mana("pool", "G"))
    assert obs["rejected"] is None and pool(obs) == {}


def test_pool_sees_a_land_that_gained_control():
    """CR 106.7 ("a land you control"), 613.1b: a Forest stolen from the opponent counts for the
    thief's Pool and no longer for the owner's."""
    game = play(perm("pool", "Reflecting Pool"), perm("theirpool", "Reflecting Pool", 1),
                perm("f", "Forest", 1))
    game.run({"type": "change_control", "permanent": "f", "player": 0, "duration": "end_of_turn"})
    assert pool(game.act(activate_mana("pool", "G"))) == {"G": 1}
    assert pool(game.act(activate_mana("theirpool", "G", player=1)), 1) == {}


def test_could_produce_cycle_reaches_through_both_sides():
    """edge case 2 (CR 106.7): Forest + Pool + Orchard vs Orchard + Pool + Wastes. Their Orchard
    sees our Forest ({G}); their Pool sees their Orchard and Wastes ({G}, {C}); our Orchard sees
    their lands' colours ({G} — their {C} is not a colour); our Pool sees {G}."""
    doc = scenario(perm("f", "Forest"), perm("p", "Reflecting Pool"), perm("o", "Exotic Orchard"),
                   perm("o2", "Exotic Orchard", 1), perm("p2", "Reflecting Pool", 1),
                   perm("w", "Wastes", 1))
    table = could_produce(Oracle(doc).game)
    assert table == {"f": {"G"}, "p": {"G"}, "o": {"G"}, "o2": {"G"}, "p2": {"G", "C"},
                     "w": {"C"}}
    assert producible(doc, "p2", player=1) == {"G", "C"}
    assert producible(doc, "o") == {"G"}


def test_pale_moon_is_an_instant_that_adds_no_mana():
    """CR 106.3, 605.5b: a spell is never a mana ability; Pale Moon resolves from the stack (the
    oracle resolves it at once) and adds nothing by itself."""
    game = play(hands={0: ["Pale Moon"]})
    obs = game.act(cast(0, "Pale Moon", "moon"))
    assert obs["rejected"] is None
    assert pool(obs) == {}
    assert obs["players"][0]["graveyard"] == 1
