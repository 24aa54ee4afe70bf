"""Oracle examples: the {T} and {Q} costs and summoning sickness (CR 107.5, 107.6, 302.6, 602.5a,
702.10)."""
from __future__ import annotations

import pytest

from scenarios import (activate, activate_mana, advance, attack, cast, change_control, perm, phase_out,
                       play, pool, put_onto_battlefield, to_graveyard)


# --- CR 107.5 / 107.6: what {T} and {Q} need -----------------------------------------------------------

def test_tapped_llanowar_elves_cant_tap_for_mana():
    """T-107.5-tapped (CR 107.5): an already-tapped permanent can't pay {T} — rejected as `tapped`, and
    nothing changes."""
    game = play(perm("e", "Llanowar Elves", tapped=True))
    game.assert_rejected(activate_mana("e"), "tapped")


def test_tapped_land_cant_tap_again():
    """CR 107.5: tapping a tapped Forest for mana is rejected; the first activation's mana stays."""
    game = play(perm("f", "Forest"))
    assert pool(game.act(activate_mana("f"))) == {"G": 1}
    after = game.assert_rejected(activate_mana("f"), "tapped")
    assert pool(after) == {"G": 1}


def test_untap_symbol_on_an_untapped_merrow_is_rejected():
    """T-107.6-merrow, edge case 12 (CR 107.6): Puresight Merrow's "{W/U}, {Q}" can't be activated
    while it is untapped — rejected as `untapped`."""
    game = play(perm("m", "Puresight Merrow"))
    game.assert_rejected(activate("m"), "untapped")


def test_untap_symbol_on_a_summoning_sick_merrow_is_rejected():
    """T-107.6-merrow, edge case 12 (CR 107.6, 302.6): a tapped Merrow that hasn't been under its
    controller's control since their turn began can't use {Q} — `summoning_sick`."""
    game = play(perm("m", "Puresight Merrow", tapped=True, sick=True))
    game.assert_rejected(activate("m"), "summoning_sick")


def test_untap_symbol_on_a_tapped_merrow_untaps_it():
    """T-107.6-merrow (CR 107.6): a tapped Merrow controlled since the turn began untaps to pay {Q}; its
    effect looks at the top card and (the harness choosing "yes") exiles it."""
    game = play(perm("m", "Puresight Merrow", tapped=True))
    obs = game.act(activate("m", optional=True))
    assert obs["rejected"] is None
    assert obs["permanents"]["m"]["tapped"] is False
    assert obs["players"][0]["library"] == 4


def test_haste_lets_a_sick_merrow_use_untap_symbol():
    """T-107.6-merrow (CR 702.10c): with Fervor's haste the sick, tapped Merrow may use {Q}."""
    game = play(perm("m", "Puresight Merrow", tapped=True, sick=True), perm("fervor", "Fervor"))
    obs = game.act(activate("m"))
    assert obs["rejected"] is None and obs["permanents"]["m"]["tapped"] is False


@pytest.mark.parametrize("tapped, sick, reason", [(False, False, "untapped"),
                                                  (True, True, "summoning_sick")],
                         ids=["untapped", "sick"])
def test_pili_pala_untap_symbol_mana_ability(tapped, sick, reason):
    """CR 107.6, 302.6: Pili-Pala's "{2}, {Q}: Add one mana of any color" needs Pili-Pala tapped and
    controlled since the turn began."""
    game = play(perm("pp", "Pili-Pala", tapped=tapped, sick=sick))
    game.assert_rejected(activate_mana("pp", "B"), reason)


@pytest.mark.parametrize("card", ["Forest", "Springleaf Drum", "Fellwar Stone"])
def test_noncreatures_that_entered_this_turn_can_tap(card):
    """T-107.5-noncreature (CR 302.6 applies to creatures only): a land or artifact that came under
    your control this turn can use its {T} abilities."""
    extra = [perm("e", "Llanowar Elves")] if card == "Springleaf Drum" else [perm("o", "Forest", 1)]
    game = play(perm("x", card, sick=True), *extra)
    obs = game.act(activate_mana("x", "G" if card != "Forest" else None,
                                 **({"tap": "e"} if card == "Springleaf Drum" else {})))
    assert obs["rejected"] is None and obs["permanents"]["x"]["tapped"] is True


def test_land_played_this_turn_taps_for_mana():
    """T-107.5-noncreature (CR 302.6): a Forest put onto the battlefield this turn taps for {G}."""
    game = play(hands={0: ["Forest"]})
    game.run(put_onto_battlefield(0, "Forest", "f"))
    assert pool(game.act(activate_mana("f"))) == {"G": 1}


# --- CR 302.6: summoning sickness ---------------------------------------------------------------------

def test_llanowar_elves_cast_this_turn_cant_tap_until_your_next_turn():
    """T-302.6-elves (CR 302.6): Llanowar Elves cast this turn can't tap for mana; on its controller's
    next turn it can."""
    game = play(perm("f", "Forest", 1), hands={0: ["Llanowar Elves"]})
    game.run(cast(0, "Llanowar Elves", "e"))
    game.assert_rejected(activate_mana("e"), "summoning_sick")
    game.run(advance("main1", 1))                   # the opponent's turn: still sick
    game.assert_rejected(activate_mana("e"), "summoning_sick")
    game.run(advance("main1", 1))                   # its controller's next turn
    assert pool(game.act(activate_mana("e"))) == {"G": 1}


def test_dryad_arbor_played_this_turn_cant_tap():
    """T-302.6-arbor, edge case 11 (CR 302.6): Dryad Arbor is a creature, so one put onto the
    battlefield this turn can't tap for {G}."""
    game = play(hands={0: ["Dryad Arbor"]})
    game.run(put_onto_battlefield(0, "Dryad Arbor", "arbor"))
    game.assert_rejected(activate_mana("arbor"), "summoning_sick")


def test_hangarback_walker_sick_tap_ability_is_rejected():
    """CR 302.6, 602.5a: a summoning-sick creature's non-mana {T} ability (Hangarback Walker's
    "{1}, {T}: put a +1/+1 counter") can't be activated."""
    game = play(perm("hw", "Hangarback Walker", sick=True, counters={"+1/+1": 1}))
    game.assert_rejected(activate("hw"), "summoning_sick")


def test_sick_creature_ability_without_tap_symbol_is_fine():
    """CR 302.6 covers only {T}/{Q} abilities: a sick Walking Ballista may use "{4}: put a +1/+1
    counter" and "remove a counter: 1 damage"."""
    game = play(perm("wb", "Walking Ballista", sick=True, counters={"+1/+1": 1}))
    obs = game.run(activate("wb", 0), activate("wb", 1, targets=[1]))
    assert obs["permanents"]["wb"]["counters"] == {"+1/+1": 1}
    assert obs["players"][1]["life"] == 19


def test_mutavault_controlled_since_turn_start_animated_can_tap_and_attack():
    """T-302.6-manland, edge case 11 (CR 302.6): Mutavault controlled continuously since the turn
    began, animated this turn, may tap for mana and may attack — control duration matters, not how
    long it has been a creature."""
    game = play(perm("mv", "Mutavault"), perm("mv2", "Mutavault"), step="main1")
    game.run(activate("mv"), activate("mv2"))
    assert pool(game.act(activate_mana("mv"))) == {"C": 1}
    game.run(advance("combat"))
    obs = game.act(attack("mv2"))
    assert obs["rejected"] is None and obs["permanents"]["mv2"]["tapped"] is True


def test_mutavault_played_this_turn_and_animated_cant_tap_or_attack():
    """T-302.6-manland, edge case 11 (CR 302.6): a Mutavault played this turn may tap for {C} while
    it is a land, but once animated it is a creature that came under control this turn — its {T} mana
    ability is unusable and it can't attack."""
    game = play(hands={0: ["Mutavault", "Mutavault"]})
    game.run(put_onto_battlefield(0, "Mutavault", "mv"), put_onto_battlefield(0, "Mutavault", "mv2"))
    assert pool(game.act(activate_mana("mv2"))) == {"C": 1}
    game.run(activate("mv"))
    game.assert_rejected(activate_mana("mv"), "summoning_sick")
    game.run(advance("combat"))
    game.assert_rejected(attack("mv"), "summoning_sick")


def test_summoning_sick_creature_cant_attack():
    """CR 302.6, 508.1a: a creature that came under control this turn can't be declared as an
    attacker."""
    game = play(perm("e", "Llanowar Elves", sick=True), step="combat")
    game.assert_rejected(attack("e"), "summoning_sick")


def test_haste_loss_stops_tapping_but_mana_already_made_stays():
    """T-302.6-haste-loss, edge case 10 (CR 302.6, 702.10c): two Llanowar Elves cast this turn
    with Fervor's haste — one taps for {G}; Fervor leaves; the other can no longer tap, and the mana
    already made stays (already-activated abilities stand)."""
    game = play(perm("fervor", "Fervor"), hands={0: ["Llanowar Elves", "Llanowar Elves"]})
    game.run(cast(0, "Llanowar Elves", "e1"), cast(0, "Llanowar Elves", "e2"))
    assert pool(game.act(activate_mana("e1"))) == {"G": 1}
    game.run(to_graveyard("fervor"))
    after = game.assert_rejected(activate_mana("e2"), "summoning_sick")
    assert pool(after) == {"G": 1}


def test_haste_loss_after_attacking_leaves_the_attacker_tapped():
    """T-302.6-haste-loss, edge case 10 (CR 302.6, 506.4a): a hasty Elves declared as an attacker
    stays tapped (attacking) when Fervor leaves; a second Elves cast this turn can't tap any more."""
    game = play(perm("fervor", "Fervor"), hands={0: ["Llanowar Elves", "Llanowar Elves"]})
    game.run(cast(0, "Llanowar Elves", "e1"), cast(0, "Llanowar Elves", "e2"), advance("combat"))
    game.run(attack("e1"), to_graveyard("fervor"))
    obs = game.assert_rejected(activate_mana("e2"), "summoning_sick")
    assert obs["permanents"]["e1"]["tapped"] is True


def test_control_magic_on_an_opponents_elves_makes_them_sick():
    """T-302.6-control (CR 302.6, 613.1b): Llanowar Elves taken with Control Magic can't tap for mana
    this turn."""
    game = play(perm("e", "Llanowar Elves", 1), hands={0: ["Control Magic"]})
    obs = game.run(cast(0, "Control Magic", "cm", targets=["e"]))
    assert obs["permanents"]["e"]["controller"] == 0
    game.assert_rejected(activate_mana("e"), "summoning_sick")


def test_threaten_grants_haste_so_stolen_elves_can_tap():
    """T-302.6-control (CR 302.6, 702.10c): Threaten gains control until end of turn and gives haste
    — the stolen Elves tap for mana; at end of turn they go back."""
    game = play(perm("e", "Llanowar Elves", 1, tapped=True), hands={0: ["Threaten"]})
    obs = game.run(cast(0, "Threaten", targets=["e"]))
    assert obs["permanents"]["e"]["controller"] == 0 and obs["permanents"]["e"]["tapped"] is False
    assert pool(game.act(activate_mana("e"))) == {"G": 1}
    obs = game.run(advance("upkeep"))
    assert obs["permanents"]["e"]["controller"] == 1


def test_own_creature_stolen_and_returned_this_turn_is_sick():
    """T-302.6-control (CR 302.6): your Llanowar Elves, taken by the opponent and given back during
    your turn, haven't been under your control continuously since the turn began — sick for the rest of
    the turn, fine on your next turn."""
    game = play(perm("e", "Llanowar Elves"))
    game.run(change_control("e", 1), change_control("e", 0))
    game.assert_rejected(activate_mana("e"), "summoning_sick")
    game.run(advance("main1", 2))
    assert pool(game.act(activate_mana("e"))) == {"G": 1}


def test_creature_phased_in_during_untap_step_can_tap():
    """T-302.6-phasing (CR 702.26d; 2020-06-23 rulings): Llanowar Elves cast this turn and phased out
    phase in during your next untap step — they have been under your control continuously (phasing
    changes no control) and may tap for mana."""
    game = play(hands={0: ["Llanowar Elves"]})
    game.run(cast(0, "Llanowar Elves", "e"), phase_out("e"))
    obs = game.run(advance("main1", 2))
    assert obs["permanents"]["e"]["phased_out"] is False
    assert pool(game.act(activate_mana("e"))) == {"G": 1}


# --- who may activate --------------------------------------------------------------------------------

def test_only_the_controller_activates():
    """CR 602.2: the opponent can't activate your Forest's mana ability — `not_controller`."""
    game = play(perm("f", "Forest"))
    game.assert_rejected(activate_mana("f", player=1), "not_controller")


def test_phased_out_permanent_cant_be_activated():
    """CR 702.26b: a phased-out Forest is treated as though it doesn't exist — `phased_out`."""
    game = play(perm("f", "Forest", phased_out="directly"))
    game.assert_rejected(activate_mana("f"), "phased_out")


def test_unknown_permanent_cant_be_activated():
    """CR 400.1: an id that names no permanent on the battlefield — `no_such_object`."""
    game = play(perm("f", "Forest"))
    game.assert_rejected(activate_mana("nope"), "no_such_object")
