"""Oracle examples: mana that counts (CR 107.1), storage and depletion counters (122.1, 601.2h),
sacrifice for mana (701.21a), several mana in one event (106.1, 614.5), enters tapped (614.1c) and
"doesn't untap" (502.3). Each card's behaviour follows its own text and the CR rule named."""
from __future__ import annotations

import pytest

from scenarios import (Game, activate, activate_mana, advance, cast, change_control, perm, play, pool, producible,
                       put_onto_battlefield, scenario, where)

STORAGE = {"Fountain of Cho": "W", "Saprazzan Cove": "U", "Subterranean Hangar": "B",
           "Mercadian Bazaar": "R", "Rushwood Grove": "G"}
DEPLETION = {"Remote Farm": "W", "Saprazzan Skerry": "U", "Peat Bog": "B", "Sandstone Needle": "R",
             "Hickory Woodlot": "G"}
SIGNETS = {"Azorius Signet": "WU", "Dimir Signet": "UB", "Rakdos Signet": "BR", "Gruul Signet": "RG",
           "Selesnya Signet": "GW", "Orzhov Signet": "WB", "Izzet Signet": "UR", "Golgari Signet": "BG",
           "Boros Signet": "RW", "Simic Signet": "GU"}
DIAMONDS = {"Marble Diamond": "W", "Sky Diamond": "U", "Charcoal Diamond": "B", "Fire Diamond": "R",
            "Moss Diamond": "G"}


# --- "for each" (CR 107.1) -------------------------------------------------------------------------

def test_cabal_coffers_adds_b_for_each_swamp_you_control():
    """CR 107.1 and its text: two Swamps you control (not the opponent's) -> {B}{B}; the Coffers
    itself is no Swamp."""
    game = play(perm("c", "Cabal Coffers"), perm("s1", "Swamp"), perm("s2", "Swamp"), perm("s3", "Swamp", 1))
    obs = game.act(activate_mana("c"))
    assert obs["rejected"] is None and pool(obs) == {"B": 2}
    assert obs["permanents"]["c"]["tapped"] is True


def test_cabal_coffers_with_no_swamp_adds_nothing_but_is_a_mana_ability():
    """CR 107.1, 605.2: none counted adds zero mana — not an undefined type (106.5), just none; the
    ability is still a mana ability, so it is activated and its {T} paid."""
    game = play(perm("c", "Cabal Coffers"), perm("f", "Forest"))
    obs = game.act(activate_mana("c"))
    assert obs["rejected"] is None and pool(obs) == {}
    assert obs["permanents"]["c"]["tapped"] is True


def test_cabal_coffers_with_no_swamp_is_not_tapped_for_mana():
    """CR 106.12a: zero mana produced, so Overgrowth on it doesn't trigger; nor does Contamination
    turn the empty production into {B} (there is no production event to replace)."""
    game = play(perm("c", "Cabal Coffers"), perm("o", "Overgrowth", attached_to="c"), perm("k", "Contamination"))
    obs = game.act(activate_mana("c"))
    assert obs["rejected"] is None and pool(obs) == {} and obs["triggered"] == []


def test_cabal_coffers_counts_phased_in_swamps_only():
    """CR 702.26b, 107.1: a phased-out Swamp doesn't exist for the count."""
    game = play(perm("c", "Cabal Coffers"), perm("s1", "Swamp"), perm("s2", "Swamp", phased_out="directly"))
    assert pool(game.act(activate_mana("c"))) == {"B": 1}


def test_cabal_coffers_counts_as_it_resolves_after_control_changes():
    """CR 107.1: "you control" is read as the ability resolves: a Swamp given to the opponent no
    longer counts."""
    game = play(perm("c", "Cabal Coffers"), perm("s1", "Swamp"), perm("s2", "Swamp"))
    game.run(change_control("s2", 1))
    assert pool(game.act(activate_mana("c"))) == {"B": 1}


def test_cabal_coffers_under_mana_reflection_doubles_the_count():
    """CR 106.12b, 614.5: three {B} doubled once -> six."""
    game = play(perm("c", "Cabal Coffers"), perm("m", "Mana Reflection"),
                *(perm(f"s{i}", "Swamp") for i in range(3)))
    assert pool(game.act(activate_mana("c"))) == {"B": 6}


def test_cabal_stronghold_counts_basic_swamps_only():
    """Its text: {B} for each *basic* Swamp you control; its first ability adds {C}."""
    doc = scenario(perm("c", "Cabal Stronghold"), perm("s1", "Swamp"), perm("s2", "Swamp"),
                   perm("c2", "Cabal Coffers"))
    game = Game(doc)
    assert pool(game.act(activate_mana("c", ability=1))) == {"B": 2}
    game = Game(doc)
    assert pool(game.act(activate_mana("c"))) == {"C": 1}


def test_elvish_archdruid_counts_itself_and_pumps_the_other_elves():
    """Its text, CR 107.1, 613.4c: "each Elf you control" includes the Archdruid; "other Elf
    creatures" excludes it: Llanowar Elves is 2/2, the Archdruid stays 2/2."""
    game = play(perm("a", "Elvish Archdruid"), perm("e", "Llanowar Elves"), perm("e2", "Llanowar Elves", 1))
    obs = game.act(activate_mana("a"))
    assert pool(obs) == {"G": 2}
    assert (obs["permanents"]["e"]["power"], obs["permanents"]["e"]["toughness"]) == (2, 2)
    assert (obs["permanents"]["a"]["power"], obs["permanents"]["a"]["toughness"]) == (2, 2)
    assert (obs["permanents"]["e2"]["power"], obs["permanents"]["e2"]["toughness"]) == (1, 1)


def test_priest_of_titania_counts_every_elf_on_the_battlefield():
    """Its text: each Elf on the battlefield, the opponent's too, itself included."""
    game = play(perm("p", "Priest of Titania"), perm("e", "Llanowar Elves", 1), perm("f", "Forest"))
    assert pool(game.act(activate_mana("p"))) == {"G": 2}


def test_an_animated_mutavault_is_an_elf_for_the_priest():
    """CR 205.3m: an animated Mutavault has every creature type, so it is an Elf to count."""
    game = play(perm("p", "Priest of Titania"), perm("m", "Mutavault"))
    game.run(activate("m"))
    assert pool(game.act(activate_mana("p"))) == {"G": 2}


def test_reflecting_pool_could_produce_nothing_from_coffers_without_swamps():
    """CR 106.7: an ability that would add no mana now makes no type the Coffers could produce;
    with a Swamp it could produce {B}."""
    without = scenario(perm("r", "Reflecting Pool"), perm("c", "Cabal Coffers"))
    assert producible(without, "r") == set()
    with_swamp = scenario(perm("r", "Reflecting Pool"), perm("c", "Cabal Coffers"), perm("s", "Swamp", 1))
    assert "B" not in producible(with_swamp, "r")
    mine = scenario(perm("r", "Reflecting Pool"), perm("c", "Cabal Coffers"), perm("s", "Swamp", tapped=True))
    assert producible(mine, "r") == {"B"}


# --- storage lands (CR 122.1, 107.3a, 601.2h) --------------------------------------------------------

@pytest.mark.parametrize("name", STORAGE)
def test_storage_land_adds_its_colour_for_each_counter_removed(name):
    """Its text: {T}, remove any number (x) of storage counters: that much mana of its colour."""
    game = play(perm("s", name, counters={"storage": 3}))
    obs = game.act(activate_mana("s", x=2))
    assert obs["rejected"] is None and pool(obs) == {STORAGE[name]: 2}
    assert obs["permanents"]["s"]["counters"] == {"storage": 1}


@pytest.mark.parametrize("name", STORAGE)
def test_storage_land_stores_a_counter_with_its_other_ability(name):
    """Its text: {T}: put a storage counter on it; not a mana ability, no mana added."""
    game = play(perm("s", name))
    obs = game.act(activate("s"))
    assert obs["rejected"] is None and obs["permanents"]["s"]["counters"] == {"storage": 1}
    assert pool(obs) == {} and obs["permanents"]["s"]["tapped"] is True


@pytest.mark.parametrize("name", STORAGE)
def test_storage_land_enters_tapped(name):
    """CR 614.1c: it enters tapped (so it can't be tapped at once)."""
    game = play(hands={0: [name]})
    obs = game.act(put_onto_battlefield(0, name, "s"))
    assert obs["permanents"]["s"]["tapped"] is True
    assert game.act(activate_mana("s"))["rejected"] == "tapped"


def test_storage_land_cant_remove_counters_it_does_not_have():
    """CR 601.2h: the counters the cost removes must be there."""
    game = play(perm("s", "Fountain of Cho", counters={"storage": 1}))
    obs = game.act(activate_mana("s", x=2))
    assert obs["rejected"] == "illegal_choice" and obs["permanents"]["s"]["tapped"] is False


def test_x_on_an_ability_without_x_is_illegal():
    """CR 107.3a: only a cost with X takes an X."""
    game = play(perm("f", "Cabal Coffers"), perm("s", "Swamp"))
    assert game.act(activate_mana("f", x=1))["rejected"] == "illegal_choice"


def test_storage_land_removing_no_counters_taps_for_no_mana():
    """CR 106.12a, 107.1: x=0 removes nothing and adds nothing; the land is tapped, but not for
    mana: Manabarbs doesn't trigger."""
    game = play(perm("s", "Rushwood Grove"), perm("b", "Manabarbs", 1))
    obs = game.act(activate_mana("s", x=0))
    assert obs["rejected"] is None and pool(obs) == {} and obs["triggered"] == []
    assert obs["permanents"]["s"]["tapped"] is True


def test_storage_land_is_tapped_for_mana_mana_reflection_doubles_it():
    """CR 106.12, 106.12b: its mana ability has {T}: two counters removed, {G}{G} doubled to four;
    Wild Growth adds its extra {G} (605.1b) and Manabarbs triggers."""
    game = play(perm("s", "Rushwood Grove", counters={"storage": 2}), perm("m", "Mana Reflection"),
                perm("w", "Wild Growth", attached_to="s"), perm("b", "Manabarbs", 1))
    obs = game.act(activate_mana("s", x=2))
    assert pool(obs) == {"G": 5}
    assert sorted(obs["triggered"]) == [["b", "land_tapped_for_mana"], ["w", "tapped_for_mana"]]


def test_storage_land_under_contamination_adds_one_black():
    """614.1a: Contamination makes the whole production one {B}, whatever the number removed."""
    game = play(perm("s", "Saprazzan Cove", counters={"storage": 3}), perm("k", "Contamination"))
    assert pool(game.act(activate_mana("s", x=3))) == {"B": 1}


# --- depletion lands (CR 122.1, 701.21a) ---------------------------------------------------------------

@pytest.mark.parametrize("name", DEPLETION)
def test_depletion_land_enters_tapped_with_two_counters(name):
    """Its text, CR 614.1c."""
    game = play(hands={0: [name]})
    obs = game.act(put_onto_battlefield(0, name, "d"))
    assert obs["permanents"]["d"]["tapped"] is True
    assert obs["permanents"]["d"]["counters"] == {"depletion": 2}


@pytest.mark.parametrize("name", DEPLETION)
def test_depletion_land_adds_two_and_stays_with_a_counter_left(name):
    """Its text: remove a depletion counter, add two mana of its colour; one left, it stays."""
    game = play(perm("d", name, counters={"depletion": 2}))
    obs = game.act(activate_mana("d"))
    assert pool(obs) == {DEPLETION[name]: 2} and where(obs, "d") == "battlefield"
    assert obs["permanents"]["d"]["counters"] == {"depletion": 1}


@pytest.mark.parametrize("name", DEPLETION)
def test_depletion_land_is_sacrificed_with_its_last_counter(name):
    """Its text, CR 701.21a: the last counter removed, the mana is added and the land sacrificed as
    the ability resolves."""
    game = play(perm("d", name, counters={"depletion": 1}))
    obs = game.act(activate_mana("d"))
    assert pool(obs) == {DEPLETION[name]: 2} and where(obs, "d") == "graveyard"


def test_depletion_land_without_counters_cant_pay():
    """CR 601.2h: no depletion counter to remove, so the cost can't be paid."""
    game = play(perm("d", "Peat Bog"))
    assert game.act(activate_mana("d"))["rejected"] == "illegal_choice"


def test_depletion_land_sacrificed_still_triggers_its_aura():
    """CR 106.12a, 605.4a: it was tapped for mana; Overgrowth's extra {G}{G} still comes."""
    game = play(perm("d", "Peat Bog", counters={"depletion": 1}), perm("o", "Overgrowth", attached_to="d"))
    obs = game.act(activate_mana("d"))
    assert pool(obs) == {"B": 2, "G": 2} and where(obs, "d") == "graveyard"


# --- sacrifice for mana (CR 701.21a) ---------------------------------------------------------------------

def test_lotus_petal_adds_a_chosen_colour_and_is_sacrificed():
    game = play(perm("l", "Lotus Petal"))
    obs = game.act(activate_mana("l", "U"))
    assert pool(obs) == {"U": 1} and where(obs, "l") == "graveyard"


def test_crystal_vein_two_abilities():
    """Its text: {T}: {C}; {T}, sacrifice it: {C}{C}."""
    game = play(perm("v", "Crystal Vein"))
    obs = game.act(activate_mana("v"))
    assert pool(obs) == {"C": 1} and where(obs, "v") == "battlefield"
    game = play(perm("v", "Crystal Vein"))
    obs = game.act(activate_mana("v", ability=1))
    assert pool(obs) == {"C": 2} and where(obs, "v") == "graveyard"


# --- several mana at once (CR 106.1, 614.5) -----------------------------------------------------------------

@pytest.mark.parametrize("name", SIGNETS)
def test_signet_adds_both_of_its_colours(name):
    """Its text: {1}, {T}: one mana of each of its two colours (the {1} is the harness's)."""
    game = play(perm("s", name))
    a, b = SIGNETS[name]
    assert pool(game.act(activate_mana("s", "C"))) == {a: 1, b: 1}


def test_mana_reflection_doubles_each_type_of_a_signet():
    """CR 106.12b: twice as much of that mana: {W}{U} -> {W}{W}{U}{U}."""
    game = play(perm("s", "Azorius Signet"), perm("m", "Mana Reflection"))
    assert pool(game.act(activate_mana("s"))) == {"W": 2, "U": 2}


@pytest.mark.parametrize("name, amount", [("Sol Ring", 2), ("Thran Dynamo", 3), ("Worn Powerstone", 2),
                                          ("Basalt Monolith", 3), ("Grim Monolith", 3)])
def test_mana_rock_adds_its_colorless_mana(name, amount):
    game = play(perm("r", name))
    assert pool(game.act(activate_mana("r"))) == {"C": amount}


@pytest.mark.parametrize("name", [*DIAMONDS, "Worn Powerstone"])
def test_enters_tapped_rock(name):
    """CR 614.1c: it enters tapped; tapped, it can't pay {T}."""
    game = play(hands={0: [name]})
    obs = game.act(put_onto_battlefield(0, name, "r"))
    assert obs["permanents"]["r"]["tapped"] is True


@pytest.mark.parametrize("name", DIAMONDS)
def test_diamond_adds_its_colour(name):
    game = play(perm("d", name))
    assert pool(game.act(activate_mana("d"))) == {DIAMONDS[name]: 1}


# --- "doesn't untap" (CR 502.3) -------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["Basalt Monolith", "Grim Monolith"])
def test_monolith_doesnt_untap_in_its_controllers_untap_step(name):
    """CR 502.3 and its text: no choice is involved, unlike Vedalken Shackles; a Forest untaps."""
    game = play(perm("m", name, tapped=True), perm("f", "Forest", tapped=True), active=1)
    obs = game.act(advance("upkeep", 1))
    assert obs["permanents"]["m"]["tapped"] is True and obs["permanents"]["f"]["tapped"] is False


@pytest.mark.parametrize("name", ["Basalt Monolith", "Grim Monolith"])
def test_monolith_untaps_with_its_own_ability(name):
    """CR 701.26b: its activated ability untaps it; then it can be tapped for mana again."""
    game = play(perm("m", name, tapped=True))
    obs = game.act(activate("m"))
    assert obs["rejected"] is None and obs["permanents"]["m"]["tapped"] is False
    assert pool(game.act(activate_mana("m"))) == {"C": 3}


def test_contamination_makes_crystal_veins_two_colorless_one_black():
    """CR 614.1a, Contamination's text: {B} instead of any other type *and amount* — the event of
    {C}{C} becomes one {B}."""
    game = play(perm("v", "Crystal Vein"), perm("k", "Contamination"))
    assert pool(game.act(activate_mana("v", ability=1))) == {"B": 1}


def test_contamination_then_mana_reflection_on_crystal_vein():
    """CR 616.1, 614.5: Contamination first makes one {B}, which Mana Reflection then doubles; in the
    other order {C}{C}{C}{C} becomes one {B}."""
    doc = scenario(perm("v", "Crystal Vein"), perm("k", "Contamination"), perm("m", "Mana Reflection"))
    assert pool(Game(doc).act(activate_mana("v", ability=1, order=["k", "m"]))) == {"B": 2}
    assert pool(Game(doc).act(activate_mana("v", ability=1, order=["m", "k"]))) == {"B": 1}


def test_pale_moon_keeps_crystal_veins_amount():
    """Pale Moon's text: colorless instead of any other type — the amount stays: {C}{C}."""
    game = play(perm("v", "Crystal Vein"), hands={0: ["Pale Moon"]})
    game.run(cast(0, "Pale Moon", "pm"))
    assert pool(game.act(activate_mana("v", ability=1))) == {"C": 2}


def test_signet_under_contamination_is_unchanged():
    """Contamination replaces only mana from lands: a Signet, an artifact, still adds {W}{U}."""
    game = play(perm("s", "Azorius Signet"), perm("k", "Contamination"))
    assert pool(game.act(activate_mana("s"))) == {"W": 1, "U": 1}
