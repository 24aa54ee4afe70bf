"""Oracle examples: tapping for mana, its triggers and replacement effects (CR 106.7, 106.12,
605.1b, 605.4a, 605.5a, 614.5, 616.1)."""
from __future__ import annotations

import pytest

from scenarios import Game, activate_mana, cast, perm, play, pool, producible, scenario


# --- CR 106.7 with replacement effects ----------------------------------------------------------

def test_contamination_makes_the_pool_see_only_black():
    """T-106.7-replacement, edge case 4 (CR 106.7; Exotic Orchard ruling 2009-02-01 names
    Contamination): with Contamination a Forest could produce only {B}, so a Reflecting Pool may add
    only {B} — and tapping the Forest itself gives {B}."""
    doc = scenario(perm("c", "Contamination"), perm("f", "Forest"), perm("pool", "Reflecting Pool"))
    assert producible(doc, "pool") == {"B"}
    obs = Game(doc).act(activate_mana("f"))
    assert pool(obs) == {"B": 1}


@pytest.mark.derived
def test_contamination_with_only_pools_adds_nothing():
    """T-106.12b-contamination-empty, edge case 4 [derived] (CR 106.5, 106.12b): Contamination and
    only Reflecting Pools — the Pools produce nothing, so there is no production event for
    Contamination to turn into {B}."""
    game = play(perm("c", "Contamination"), perm("p1", "Reflecting Pool"),
                perm("p2", "Reflecting Pool"))
    obs = game.run(activate_mana("p1", "B"), activate_mana("p2", "B"))
    assert pool(obs) == {}


@pytest.mark.derived
def test_contamination_and_pale_moon_could_produce_black_or_colorless():
    """T-106.7-any-order, edge case 5 [derived] (CR 106.7 "in any possible order", 616.1): with
    Contamination and Pale Moon a nonbasic land (Dryad Arbor here; docs/rules.md's dual land is not in the
    catalog) could produce {B} (Pale Moon, then Contamination) and {C} (Contamination, then Pale Moon),
    so a Reflecting Pool may choose {B} or {C} and nothing else."""
    doc = scenario(perm("c", "Contamination"), perm("arbor", "Dryad Arbor"),
                   perm("pool", "Reflecting Pool"), hands={0: ["Pale Moon"]})
    assert producible(doc, "pool", setup=[cast(0, "Pale Moon", "moon")]) == {"B", "C"}


@pytest.mark.derived
@pytest.mark.parametrize("order, produced", [(["c", "moon"], {"C": 1}), (["moon", "c"], {"B": 1})],
                         ids=["contamination-first", "pale-moon-first"])
def test_contamination_and_pale_moon_tap_gives_one_mana_by_the_chosen_order(order, produced):
    """T-616.1-order, edge case 5 [derived] (CR 616.1, 614.5): tapping the nonbasic land itself,
    its controller picks the order and gets exactly one mana: {C} if Contamination applies first,
    {B} if Pale Moon does."""
    game = play(perm("c", "Contamination"), perm("arbor", "Dryad Arbor"), hands={0: ["Pale Moon"]})
    game.run(cast(0, "Pale Moon", "moon"))
    obs = game.act(activate_mana("arbor", order=order))
    assert obs["rejected"] is None
    assert pool(obs) == produced


@pytest.mark.derived
@pytest.mark.parametrize("order, produced", [(["c", "moon"], {"C": 1}), (["moon", "c"], {"B": 1})],
                         ids=["contamination-first", "pale-moon-first"])
def test_contamination_and_pale_moon_on_a_dual_land(order, produced):
    """T-616.1-order, edge case 5 [derived] (CR 616.1, 614.5, 305.6) on the nonbasic land the case
    names: Tundra's {W} (from its Plains type) becomes exactly one mana, by the chosen order."""
    game = play(perm("c", "Contamination"), perm("t", "Tundra"), hands={0: ["Pale Moon"]})
    game.run(cast(0, "Pale Moon", "moon"))
    obs = game.act(activate_mana("t", order=order))
    assert obs["rejected"] is None
    assert pool(obs) == produced


def test_pale_moon_leaves_basic_lands_alone():
    """CR 106.12b (Pale Moon: "a *nonbasic* land"): a Forest still taps for {G}; Mutavault, nonbasic,
    for {C}."""
    game = play(perm("f", "Forest"), perm("m", "Mutavault"), perm("arbor", "Dryad Arbor"),
                hands={0: ["Pale Moon"]})
    game.run(cast(0, "Pale Moon", "moon"))
    obs = game.run(activate_mana("f"), activate_mana("arbor"))
    assert pool(obs) == {"G": 1, "C": 1}


# --- CR 106.12: "tapped for mana" needs {T} in that permanent's own ability ----------------------------

def test_two_mana_reflections_quadruple():
    """T-614.5-two-reflections, edge case 7 (CR 614.5: each replacement applies once; XMage #5144):
    two Mana Reflections + Forest → {G}{G}{G}{G}, in either order, and it terminates."""
    doc = scenario(perm("r1", "Mana Reflection"), perm("r2", "Mana Reflection"), perm("f", "Forest"))
    assert pool(Game(doc).act(activate_mana("f"))) == {"G": 4}
    assert pool(Game(doc).act(activate_mana("f", order=["r2", "r1"]))) == {"G": 4}


def test_mana_reflection_is_only_for_its_controller():
    """CR 106.12b (Mana Reflection: "If *you* tap a permanent for mana"): the opponent's Forest isn't
    doubled by your Reflection."""
    game = play(perm("r", "Mana Reflection"), perm("f", "Forest", 1))
    assert pool(game.act(activate_mana("f")), 1) == {"G": 1}


def test_mana_reflection_doubles_a_treasure():
    """T-106.12-gold (CR 106.12): Treasure's "{T}, Sacrifice" ability taps it for mana, so Mana
    Reflection doubles it; the token is gone afterwards."""
    game = play(perm("r", "Mana Reflection"), perm("t", "Treasure", token=True))
    obs = game.act(activate_mana("t", "R"))
    assert pool(obs) == {"R": 2}
    assert obs["permanents"]["t"]["zone"] == "none"


def test_mana_reflection_doubles_a_lotus_petal():
    """T-106.12-gold, edge case 8 (CR 106.12): Lotus Petal's "{T}, Sacrifice" ability taps it for mana
    (the Lotus-style case), so Mana Reflection doubles it; the Petal goes to the graveyard."""
    game = play(perm("r", "Mana Reflection"), perm("lp", "Lotus Petal"))
    obs = game.act(activate_mana("lp", "G"))
    assert pool(obs) == {"G": 2}
    assert obs["permanents"]["lp"]["zone"] == "graveyard"


def test_untap_symbol_mana_ability_is_not_tapping_for_mana():
    """T-106.12-gold, edge case 8 (CR 106.12): Pili-Pala's "{2}, {Q}" ability has no {T}, so it is
    not "tapped for mana" and Mana Reflection doesn't double it. (The Gold token is not in the catalog;
    Pili-Pala is the catalog's mana ability without {T}.)"""
    game = play(perm("r", "Mana Reflection"), perm("pp", "Pili-Pala", tapped=True))
    obs = game.act(activate_mana("pp", "U"))
    assert pool(obs) == {"U": 1}
    assert obs["permanents"]["pp"]["tapped"] is False


def test_springleaf_drum_taps_a_summoning_sick_creature():
    """T-106.12-drum, edge case 8 (CR 106.12, 302.6): Springleaf Drum's cost taps an untapped
    creature you control; the creature's summoning sickness doesn't matter (302.6 is about its own
    {T} abilities). Both end up tapped."""
    game = play(perm("drum", "Springleaf Drum"), perm("e", "Llanowar Elves", sick=True))
    obs = game.act(activate_mana("drum", "U", tap="e"))
    assert obs["rejected"] is None
    assert pool(obs) == {"U": 1}
    assert obs["permanents"]["drum"]["tapped"] and obs["permanents"]["e"]["tapped"]


def test_springleaf_drum_creature_is_not_tapped_for_mana():
    """T-106.12-drum, edge case 8 (CR 106.12, 106.12a): the creature tapped to pay the Drum's cost
    was not "tapped for mana" — a Dryad Arbor with Overgrowth, tapped that way, triggers neither
    Overgrowth nor Manabarbs; the Drum itself was tapped for mana, so Mana Reflection doubles it."""
    game = play(perm("drum", "Springleaf Drum"), perm("arbor", "Dryad Arbor", sick=True),
                perm("og", "Overgrowth", attached_to="arbor"), perm("barbs", "Manabarbs"),
                perm("r", "Mana Reflection"))
    obs = game.act(activate_mana("drum", "W", tap="arbor"))
    assert pool(obs) == {"W": 2}
    assert obs["triggered"] == []
    assert obs["players"][0]["life"] == 20


def test_springleaf_drum_tapping_a_merfolk_makes_it_become_tapped():
    """CR 603.2e, 106.12: the creature tapped for the Drum's cost does become tapped — Judge of
    Currents ("whenever a Merfolk you control becomes tapped, you may gain 1 life") triggers."""
    game = play(perm("drum", "Springleaf Drum"), perm("judge", "Judge of Currents"))
    obs = game.act(activate_mana("drum", "G", tap="judge"))
    assert obs["triggered"] == [["judge", "becomes_tapped"]]
    assert obs["players"][0]["life"] == 21


@pytest.mark.parametrize("helper, fields", [("e", {"tapped": True}), ("e", {"controller": 1}),
                                            ("f", {}), ("drum", {})],
                         ids=["tapped-creature", "opponents-creature", "not-a-creature", "itself"])
def test_springleaf_drum_needs_an_untapped_creature_you_control(helper, fields):
    """CR 106.12, 601.2h: the Drum's cost can't be paid with a tapped creature, an opponent's
    creature, a noncreature or the Drum itself — rejected, nothing changes."""
    elves = perm("e", "Llanowar Elves")
    elves.update(fields)
    game = play(perm("drum", "Springleaf Drum"), elves, perm("f", "Forest"))
    game.assert_rejected(activate_mana("drum", "G", tap=helper), "illegal_choice")


# --- CR 106.12a, 605.1b: "is tapped for mana" triggers --------------------------------------------------

def test_overgrowth_and_manabarbs_on_a_forest():
    """T-605.1b-overgrowth-vs-manabarbs, edge case 31 (CR 605.1b, 605.4a, 605.5a): tapping an
    Overgrowth-enchanted Forest gives {G}{G}{G} at once (a triggered mana ability); Manabarbs triggers
    too, is not a mana ability, and deals 1 damage to the player who tapped the land."""
    game = play(perm("f", "Forest"), perm("og", "Overgrowth", attached_to="f"),
                perm("barbs", "Manabarbs", 1))
    obs = game.act(activate_mana("f"))
    assert pool(obs) == {"G": 3}
    assert obs["triggered"] == [["barbs", "land_tapped_for_mana"], ["og", "tapped_for_mana"]]
    assert obs["players"][0]["life"] == 19
    assert obs["players"][1]["life"] == 20


def test_overgrowth_on_a_pool_that_produces_nothing_does_not_trigger():
    """T-106.12a-overgrowth, edge case 6 (CR 106.12a): an "is tapped for mana" trigger fires only
    when the mana ability produces mana. A lone Reflecting Pool with Overgrowth produces none, so
    Overgrowth doesn't trigger and the pool stays empty."""
    game = play(perm("pool", "Reflecting Pool"), perm("og", "Overgrowth", attached_to="pool"))
    obs = game.act(activate_mana("pool", "G"))
    assert obs["rejected"] is None
    assert pool(obs) == {}
    assert obs["triggered"] == []


@pytest.mark.derived
def test_overgrowth_is_not_part_of_what_the_land_could_produce():
    """edge case 6 [derived from CR 106.7 "an ability of that permanent"]: Overgrowth's {G}{G} is
    an ability of the Aura, so a Swamp with Overgrowth could produce only {B} for a Reflecting Pool."""
    doc = scenario(perm("s", "Swamp"), perm("og", "Overgrowth", attached_to="s"),
                   perm("pool", "Reflecting Pool"))
    assert producible(doc, "pool") == {"B"}


def test_overgrowth_on_an_opponents_land_gives_the_lands_controller_the_mana():
    """CR 106.12a (Overgrowth: "its controller adds"): your Overgrowth on the opponent's Forest — the
    opponent taps it and gets {G}{G}{G}; you get nothing."""
    game = play(perm("f", "Forest", 1), perm("og", "Overgrowth", 0, attached_to="f"))
    obs = game.act(activate_mana("f"))
    assert pool(obs, 1) == {"G": 3}
    assert pool(obs, 0) == {}


@pytest.mark.derived
def test_manabarbs_without_mana_does_not_trigger():
    """edge case 6/31 [derived]: the oracle treats Manabarbs ("whenever a player taps a land for
    mana") like an "is tapped for mana" trigger under CR 106.12a — a lone Reflecting Pool that
    produces nothing doesn't trigger it."""
    game = play(perm("pool", "Reflecting Pool"), perm("barbs", "Manabarbs", 1))
    obs = game.act(activate_mana("pool", "R"))
    assert obs["triggered"] == []
    assert obs["players"][0]["life"] == 20


def test_manabarbs_ignores_nonland_mana():
    """CR 106.12 (Manabarbs: "taps a *land* for mana"): Llanowar Elves tapped for mana doesn't
    trigger it."""
    game = play(perm("e", "Llanowar Elves"), perm("barbs", "Manabarbs"))
    obs = game.act(activate_mana("e"))
    assert obs["triggered"] == [] and obs["players"][0]["life"] == 20


@pytest.mark.derived
def test_overgrowth_extra_mana_is_not_doubled_by_mana_reflection():
    """[derived] (CR 106.12b, 605.1b): Mana Reflection doubles what the *tapped permanent* produces;
    Overgrowth's additional {G}{G} is produced by the Aura's triggered ability, so Forest + Overgrowth
    + Mana Reflection gives {G}{G} (doubled Forest) + {G}{G} = 4."""
    game = play(perm("r", "Mana Reflection"), perm("f", "Forest"),
                perm("og", "Overgrowth", attached_to="f"))
    assert pool(game.act(activate_mana("f"))) == {"G": 4}


@pytest.mark.derived
def test_overgrowth_extra_mana_is_not_replaced_by_contamination():
    """[derived; an open question in docs/rules.md] (CR 106.12b, 614.1a): Contamination replaces what the
    *land* produces; the oracle doesn't apply it to Overgrowth's triggered {G}{G}: {B} + {G}{G}."""
    game = play(perm("c", "Contamination"), perm("f", "Forest"),
                perm("og", "Overgrowth", attached_to="f"))
    assert pool(game.act(activate_mana("f"))) == {"B": 1, "G": 2}


def test_wild_growth_adds_one_green():
    """CR 106.12a, 605.1b: Wild Growth on a Plains → {W}{G}."""
    game = play(perm("p", "Plains"), perm("wg", "Wild Growth", attached_to="p"))
    obs = game.act(activate_mana("p"))
    assert pool(obs) == {"W": 1, "G": 1}
    assert obs["triggered"] == [["wg", "tapped_for_mana"]]


def test_mana_ability_of_a_phased_out_aura_does_not_trigger():
    """CR 702.26b: a directly phased-out Overgrowth (its host stays) has no abilities in the game —
    the Forest taps for {G} only."""
    game = play(perm("f", "Forest"), perm("og", "Overgrowth", attached_to="f"))
    game.run({"type": "phase_out", "permanents": ["og"]})
    obs = game.act(activate_mana("f"))
    assert pool(obs) == {"G": 1} and obs["triggered"] == []


def test_phased_out_contamination_replaces_nothing():
    """CR 702.26b: a phased-out Contamination's static ability has no effect — the Forest taps for
    {G}."""
    game = play(perm("c", "Contamination"), perm("f", "Forest"))
    game.run({"type": "phase_out", "permanents": ["c"]})
    assert pool(game.act(activate_mana("f"))) == {"G": 1}
