"""Oracle examples: "tapped for mana" triggered mana abilities and mana-multiplying replacement
effects (CR 106.12, 106.12a, 106.12b, 605.1b, 605.4a, 614.1a, 614.5, 616.1, 702.8a, 702.20b), each
card against its own text and the rules it names."""
from __future__ import annotations

import pytest

from scenarios import (Game, activate, activate_mana, advance, attack, cast, perm, play,
                       put_onto_battlefield, scenario)

FLARES = ("Mana Flare", "Heartbeat of Spring", "Dictate of Karametra", "Zhur-Taa Ancient")


def pool(obs: dict, seat: int = 0) -> dict:
    return {t: n for t, n in obs["players"][seat]["mana"].items() if n}


# --- "that player adds one mana of any type that land produced" (CR 106.12a, 605.1b, 605.4a) ------

@pytest.mark.parametrize("flare", FLARES)
def test_flare_adds_one_more_of_the_lands_type_for_any_player(flare):
    """Card text ("whenever a player taps a land for mana, that player adds one mana of any type that
    land produced"; CR 605.1b, 605.4a): each player's Forest or Island gives its tapper one more mana
    of its type, at once, whoever controls the Flare."""
    game = play(perm("x", flare), perm("f", "Forest"), perm("i", "Island", 1))
    obs = game.act(activate_mana("f"))
    assert pool(obs) == {"G": 2}
    assert obs["triggered"] == [["x", "land_tapped_for_mana"]]
    obs = game.act(activate_mana("i"))
    assert pool(obs, 1) == {"U": 2}


@pytest.mark.derived
def test_flare_adds_the_type_a_replacement_effect_made():
    """T-106.12b-flare-contamination [derived] (CR 106.12b, 605.1b): Contamination makes a tapped Forest produce {B} instead, so the
    type "that land produced" is {B}: Mana Flare adds {B}, not {G}."""
    game = play(perm("x", "Mana Flare"), perm("c", "Contamination"), perm("f", "Forest"))
    assert pool(game.act(activate_mana("f"))) == {"B": 2}


@pytest.mark.derived
def test_flare_mana_is_not_doubled_by_mana_reflection():
    """T-605.1b-flare-reflection [derived] (CR 106.12b, 605.1b): Mana Reflection doubles the mana the tapped Forest's own ability
    produces; Mana Flare's extra mana comes from Mana Flare's triggered ability, so it isn't doubled:
    {G}{G} + {G}."""
    game = play(perm("x", "Mana Flare"), perm("r", "Mana Reflection"), perm("f", "Forest"))
    assert pool(game.act(activate_mana("f"))) == {"G": 3}


def test_flare_ignores_a_land_that_produced_nothing_and_nonlands():
    """CR 106.12a: a Reflecting Pool whose type can't be defined produces no mana, so it wasn't
    tapped for mana and Mana Flare doesn't trigger; Llanowar Elves is not a land."""
    game = play(perm("x", "Mana Flare"), perm("pool", "Reflecting Pool"),
                perm("e", "Llanowar Elves", sick=False))
    obs = game.act(activate_mana("pool", "G"))
    assert pool(obs) == {} and obs["triggered"] == []
    obs = game.act(activate_mana("e"))
    assert pool(obs) == {"G": 1} and obs["triggered"] == []


def test_flare_adds_what_a_reflecting_pool_produced():
    """CR 106.7, 605.1b: a Reflecting Pool beside a Forest and an Island tapped for {U} produced {U}:
    Heartbeat of Spring adds {U}."""
    game = play(perm("x", "Heartbeat of Spring"), perm("f", "Forest"), perm("i", "Island"),
                perm("pool", "Reflecting Pool"))
    assert pool(game.act(activate_mana("pool", "U"))) == {"U": 2}


def test_dictate_of_karametra_has_flash():
    """CR 702.8a (Dictate of Karametra: flash): it may be cast in the opponent's upkeep; Heartbeat of
    Spring, without flash, may not."""
    game = play(hands={1: ["Dictate of Karametra", "Heartbeat of Spring"]}, step="upkeep")
    game.assert_rejected(cast(1, "Heartbeat of Spring", "h"), "timing")
    obs = game.act(cast(1, "Dictate of Karametra", "d"))
    assert obs["rejected"] is None and obs["permanents"]["d"]["zone"] == "battlefield"


def test_overabundance_adds_mana_and_deals_1_damage_to_the_tapper():
    """Card text (Overabundance: that player adds one mana of a type the land produced, and it deals
    1 damage to them; CR 120.3a): the opponent taps their Mountain for {R}{R} and goes to 19 life."""
    game = play(perm("o", "Overabundance"), perm("m", "Mountain", 1))
    obs = game.act(activate_mana("m"))
    assert pool(obs, 1) == {"R": 2}
    assert obs["players"][1]["life"] == 19 and obs["players"][0]["life"] == 20


def test_miraris_wake_only_for_its_controllers_lands():
    """Card text (Mirari's Wake: "whenever *you* tap a land for mana"): your Forest gives {G}{G}, the
    opponent's Forest only {G}."""
    game = play(perm("w", "Mirari's Wake"), perm("f", "Forest"), perm("g", "Forest", 1))
    assert pool(game.act(activate_mana("f"))) == {"G": 2}
    assert pool(game.act(activate_mana("g")), 1) == {"G": 1}


def test_miraris_wake_pumps_and_gives_vigilance_to_its_controllers_creatures():
    """Card text (Mirari's Wake: creatures you control get +1/+1 and have vigilance; CR 613.4c,
    702.20b): your Llanowar Elves is 2/2 and attacks without tapping; the opponent's is 1/1."""
    game = play(perm("w", "Mirari's Wake"), perm("e", "Llanowar Elves", sick=False),
                perm("o", "Llanowar Elves", 1), step="combat")
    obs = game.observe()
    assert (obs["permanents"]["e"]["power"], obs["permanents"]["e"]["toughness"]) == (2, 2)
    assert (obs["permanents"]["o"]["power"], obs["permanents"]["o"]["toughness"]) == (1, 1)
    obs = game.act(attack("e"))
    assert obs["rejected"] is None and obs["permanents"]["e"]["tapped"] is False


# --- lands of a kind: Vernal Bloom, Gauntlet of Might, Gauntlet of Power (CR 106.12a) -----------------

def test_vernal_bloom_adds_green_for_any_forest():
    """Card text (Vernal Bloom: whenever a Forest is tapped for mana, its controller adds {G}): the
    opponent's Forest and your Dryad Arbor (a Forest) add one more {G}; an Island doesn't."""
    game = play(perm("v", "Vernal Bloom"), perm("f", "Forest", 1), perm("a", "Dryad Arbor", sick=False),
                perm("i", "Island"))
    assert pool(game.act(activate_mana("f")), 1) == {"G": 2}
    assert pool(game.act(activate_mana("a"))) == {"G": 2}
    assert pool(game.act(activate_mana("i"))) == {"G": 2, "U": 1}


def test_vernal_bloom_still_adds_green_for_a_contaminated_forest():
    """CR 106.12a (Vernal Bloom's trigger names no type of mana): a Forest tapped under Contamination
    produces {B}, and Vernal Bloom still adds {G}."""
    game = play(perm("v", "Vernal Bloom"), perm("c", "Contamination"), perm("f", "Forest"))
    assert pool(game.act(activate_mana("f"))) == {"B": 1, "G": 1}


def test_gauntlet_of_might_adds_red_for_mountains_and_pumps_every_red_creature():
    """Card text (Gauntlet of Might: red creatures get +1/+1; whenever a Mountain is tapped for mana,
    its controller adds {R}): the opponent's Zhur-Taa Ancient (red and green) is 8/6; a Mountain
    gives {R}{R}, a Forest {G}."""
    game = play(perm("g", "Gauntlet of Might"), perm("z", "Zhur-Taa Ancient", 1), perm("m", "Mountain"),
                perm("e", "Llanowar Elves"))
    obs = game.observe()
    assert (obs["permanents"]["z"]["power"], obs["permanents"]["z"]["toughness"]) == (8, 6)
    assert (obs["permanents"]["e"]["power"], obs["permanents"]["e"]["toughness"]) == (1, 1)
    assert pool(game.act(activate_mana("m"))) == {"R": 2 + 1}     # Zhur-Taa adds one more {R}


@pytest.mark.parametrize("chosen, produced", [("G", {"G": 2}), ("B", {"G": 1})])
def test_gauntlet_of_power_needs_mana_of_the_chosen_colour(chosen, produced):
    """Card text (Gauntlet of Power: a basic land tapped for mana of the chosen colour; CR 106.12a:
    a trigger naming a type fires only if that type was produced): a Forest adds {G}{G} if green was
    chosen, only {G} if black was."""
    game = play(perm("g", "Gauntlet of Power", chosen_color=chosen), perm("f", "Forest"))
    assert pool(game.act(activate_mana("f"))) == produced


@pytest.mark.derived
@pytest.mark.parametrize("chosen, produced", [("G", {"B": 1}), ("B", {"B": 2})])
def test_gauntlet_of_power_sees_the_type_after_contamination(chosen, produced):
    """T-106.12a-gauntlet-contamination [derived] (CR 106.12a, 106.12b): under Contamination a Forest is tapped for {B}, not {G}: a
    Gauntlet of Power naming black triggers, one naming green doesn't."""
    game = play(perm("g", "Gauntlet of Power", chosen_color=chosen), perm("c", "Contamination"),
                perm("f", "Forest"))
    assert pool(game.act(activate_mana("f"))) == produced


def test_gauntlet_of_power_ignores_nonbasic_lands_and_pumps_creatures_of_the_colour():
    """Card text (Gauntlet of Power: "a *basic* land"; creatures of the chosen colour get +1/+1):
    Dryad Arbor (nonbasic) makes only {G}; both players' Llanowar Elves are 2/2."""
    game = play(perm("g", "Gauntlet of Power", chosen_color="G"), perm("a", "Dryad Arbor", sick=False),
                perm("e", "Llanowar Elves", 1))
    obs = game.act(activate_mana("a"))
    assert pool(obs) == {"G": 1}
    assert (obs["permanents"]["a"]["power"], obs["permanents"]["e"]["power"]) == (2, 2)


# --- land Auras: Utopia Sprawl, Elvish Guidance (CR 303.4a, 605.1b) ---------------------------------

def test_utopia_sprawl_adds_its_chosen_colour():
    """Card text (Utopia Sprawl: enchant Forest; as it enters, choose a colour; enchanted Forest
    tapped for mana adds one of that colour): cast on a Forest choosing blue, the Forest gives {G}{U}."""
    game = play(perm("f", "Forest"), hands={0: ["Utopia Sprawl"]})
    game.run(cast(0, "Utopia Sprawl", "u", targets=["f"], color="U"))
    obs = game.act(activate_mana("f"))
    assert pool(obs) == {"G": 1, "U": 1}
    assert obs["triggered"] == [["u", "tapped_for_mana"]]


def test_utopia_sprawl_enchants_only_a_forest():
    """CR 303.4a, 303.4f (enchant Forest): cast at an Island it is an illegal target; put onto the
    battlefield on an Island, an illegal attachment."""
    game = play(perm("f", "Forest"), perm("i", "Island"), hands={0: ["Utopia Sprawl"]})
    game.assert_rejected(cast(0, "Utopia Sprawl", "u", targets=["i"], color="U"), "illegal_target")
    game.assert_rejected(dict(put_onto_battlefield(0, "Utopia Sprawl", "u", attach_to="i"), color="U"),
                         "illegal_attachment")


def test_elvish_guidance_counts_every_elf_on_the_battlefield():
    """Card text (Elvish Guidance: {G} for each Elf on the battlefield; CR 205.3m): two Llanowar
    Elves (one the opponent's) and an animated Mutavault (every creature type) make three more {G}."""
    game = play(perm("f", "Forest"), perm("eg", "Elvish Guidance", attached_to="f"),
                perm("e1", "Llanowar Elves"), perm("e2", "Llanowar Elves", 1), perm("m", "Mutavault"))
    assert pool(game.act(activate_mana("f"))) == {"G": 3}
    game = play(perm("f", "Forest"), perm("eg", "Elvish Guidance", attached_to="f"),
                perm("e1", "Llanowar Elves"), perm("e2", "Llanowar Elves", 1), perm("m", "Mutavault"))
    game.run(activate("m"))
    assert pool(game.act(activate_mana("f"))) == {"G": 4}


# --- multiplying replacement effects (CR 614.1a, 614.5, 616.1) ------------------------------------

def test_nyxbloom_ancient_triples_its_controllers_tapped_mana_only():
    """Card text (Nyxbloom Ancient: if *you* tap a permanent for mana, three times as much): your
    Forest gives {G}{G}{G}; the opponent's Forest {G}; a Pili-Pala's {Q} ability isn't tapping for mana
    (CR 106.12), so it isn't tripled."""
    game = play(perm("n", "Nyxbloom Ancient"), perm("f", "Forest"), perm("g", "Forest", 1),
                perm("p", "Pili-Pala", tapped=True, sick=False))
    assert pool(game.act(activate_mana("f"))) == {"G": 3}
    assert pool(game.act(activate_mana("g")), 1) == {"G": 1}
    assert pool(game.act(activate_mana("p", "W"))) == {"G": 3, "W": 1}


@pytest.mark.parametrize("order", [["n", "r"], ["r", "n"]])
def test_nyxbloom_and_mana_reflection_make_six_times_in_either_order(order):
    """T-614.5-nyxbloom-reflection (CR 614.5, 616.1): each multiplier applies once to the mana as already modified: 1 × 3 × 2 and
    1 × 2 × 3 are both six."""
    game = play(perm("n", "Nyxbloom Ancient"), perm("r", "Mana Reflection"), perm("f", "Forest"))
    assert pool(game.act(activate_mana("f", order=order))) == {"G": 6}


@pytest.mark.parametrize("order, produced", [(["c", "n"], {"B": 3}), (["n", "c"], {"B": 1})],
                         ids=["contamination-first", "nyxbloom-first"])
def test_nyxbloom_and_contamination_depend_on_the_order(order, produced):
    """T-616.1-nyxbloom-contamination (CR 616.1; Contamination: {B} instead of any other type *and
    amount*): Contamination first, then Nyxbloom triples the {B}; Nyxbloom first, Contamination turns
    the {G}{G}{G} into one {B}."""
    game = play(perm("n", "Nyxbloom Ancient"), perm("c", "Contamination"), perm("f", "Forest"))
    assert pool(game.act(activate_mana("f", order=order))) == produced


def test_nyxbloom_ancient_does_not_multiply_a_flares_mana():
    """CR 106.12b, 605.1b: Nyxbloom triples the Forest's own mana; Mana Flare's extra {G} comes from
    Mana Flare's triggered ability, once: four {G} in all."""
    game = play(perm("n", "Nyxbloom Ancient"), perm("x", "Mana Flare"), perm("f", "Forest"))
    assert pool(game.act(activate_mana("f"))) == {"G": 4}


def test_flare_trigger_in_a_later_step_is_gone_with_the_pool():
    """CR 106.4: Mana Flare's extra mana empties with the pool at the end of the step."""
    game = play(perm("x", "Mana Flare"), perm("f", "Forest"))
    game.run(activate_mana("f"))
    assert pool(game.act(advance("main2"))) == {}


def test_scenario_helper_validates_chosen_colour_entries():
    """The scenario's `chosen_color` reaches Gauntlet of Power (docs/contract.md): a Plains with a
    Gauntlet naming white makes {W}{W}."""
    doc = scenario(perm("g", "Gauntlet of Power", chosen_color="W"), perm("p", "Plains"))
    assert pool(Game(doc).act(activate_mana("p"))) == {"W": 2}


def test_utopia_sprawl_on_a_dryad_arbor_and_vernal_bloom_beside_it():
    """CR 303.4a (Dryad Arbor is a Forest, so Utopia Sprawl may enchant it), 106.12a: the Arbor tapped
    for mana triggers both the Aura (its chosen red) and Vernal Bloom (a Forest): {G}{G}{R}."""
    game = play(perm("a", "Dryad Arbor", sick=False), perm("u", "Utopia Sprawl", attached_to="a",
                                                           chosen_color="R"),
                perm("v", "Vernal Bloom"))
    obs = game.act(activate_mana("a"))
    assert pool(obs) == {"G": 2, "R": 1}
    assert sorted(obs["triggered"]) == [["u", "tapped_for_mana"], ["v", "land_tapped_for_mana"]]


def test_vernal_bloom_and_gauntlet_of_might_ignore_other_lands():
    """CR 106.12a (a Forest, a Mountain): a Reflecting Pool tapped for {G} beside a Forest is not a
    Forest, so Vernal Bloom doesn't trigger; a Plains is no Mountain for Gauntlet of Might."""
    game = play(perm("v", "Vernal Bloom"), perm("g", "Gauntlet of Might"), perm("f", "Forest", tapped=True),
                perm("pool", "Reflecting Pool"), perm("p", "Plains"))
    obs = game.act(activate_mana("pool", "G"))
    assert pool(obs) == {"G": 1} and obs["triggered"] == []
    obs = game.act(activate_mana("p"))
    assert pool(obs) == {"G": 1, "W": 1} and obs["triggered"] == []
