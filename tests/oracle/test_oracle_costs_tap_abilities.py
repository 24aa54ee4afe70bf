"""Oracle examples for issue 12's {T} abilities and haste (CR 107.5, 302.6, 701.8a, 701.26a,
702.10, 702.11b, 702.18a). Each test names the CR rule and the card's own text it checks."""
from __future__ import annotations

import pytest

from scenarios import activate, attack, perm, play, where

PINGERS = ("Prodigal Sorcerer", "Prodigal Pyromancer", "Vulshok Sorcerer", "Cunning Sparkmage",
           "Anaba Shaman")
TAPPERS = ("Master Decoy", "Gideon's Lawkeeper", "Blinding Mage", "Goldmeadow Harrier")


def life(obs: dict, seat: int) -> int:
    return obs["players"][seat]["life"]


# --- {T}: 1 damage to any target ------------------------------------------------------------------

@pytest.mark.parametrize("name", PINGERS)
def test_pinger_deals_one_damage_to_a_player_and_taps(name):
    """Card text ({T}: 1 damage to any target), CR 107.5, 120.3a: the creature taps and the player
    loses 1 life."""
    game = play(perm("t", name))
    obs = game.act(activate("t", targets=[1]))
    assert obs["rejected"] is None
    assert life(obs, 1) == 19 and obs["permanents"]["t"]["tapped"] is True


@pytest.mark.parametrize("name", PINGERS)
def test_tapped_pinger_cant_activate(name):
    """CR 107.5: an already tapped creature can't pay {T}."""
    game = play(perm("t", name, tapped=True))
    game.assert_rejected(activate("t", targets=[1]), "tapped")


@pytest.mark.parametrize("name", ("Prodigal Sorcerer", "Prodigal Pyromancer", "Anaba Shaman"))
def test_sick_pinger_without_haste_is_refused(name):
    """CR 302.6: a creature that came under its controller's control this turn can't use {T}."""
    game = play(perm("t", name, sick=True))
    game.assert_rejected(activate("t", targets=[1]), "summoning_sick")


@pytest.mark.parametrize("name", ("Vulshok Sorcerer", "Cunning Sparkmage"))
def test_hasty_pinger_uses_tap_the_turn_it_arrives(name):
    """CR 702.10c and the card's own haste: it may use {T} though summoning sick."""
    game = play(perm("t", name, sick=True))
    obs = game.act(activate("t", targets=[1]))
    assert obs["rejected"] is None and life(obs, 1) == 19


def test_pinger_kills_a_one_toughness_creature():
    """CR 120.6, 704.5g: 1 damage on a 1/1 is lethal; on a 1/2 (Master Decoy) it isn't."""
    game = play(perm("t", "Prodigal Pyromancer"), perm("g", "Raging Goblin", 1),
                perm("d", "Master Decoy", 1))
    assert where(game.act(activate("t", targets=["g"])), "g") == "graveyard"
    game = play(perm("t", "Prodigal Sorcerer"), perm("d", "Master Decoy", 1))
    obs = game.act(activate("t", targets=["d"]))
    assert where(obs, "d") == "battlefield" and obs["permanents"]["d"]["damage"] == 1


# --- Royal Assassin, Icy Manipulator and the tappers ------------------------------------------------

def test_royal_assassin_destroys_a_tapped_creature():
    """Card text (destroy target tapped creature), CR 701.8a: it goes to its owner's graveyard."""
    game = play(perm("a", "Royal Assassin"), perm("e", "Llanowar Elves", 1, tapped=True))
    obs = game.act(activate("a", targets=["e"]))
    assert where(obs, "e") == "graveyard" and obs["players"][1]["graveyard"] == 1


def test_royal_assassin_cant_target_an_untapped_creature():
    """Card text: an untapped creature is not a legal target (CR 115.1)."""
    game = play(perm("a", "Royal Assassin"), perm("e", "Llanowar Elves", 1))
    game.assert_rejected(activate("a", targets=["e"]), "illegal_target")


def test_royal_assassin_kills_what_a_tapper_tapped():
    """Card texts together: Master Decoy taps a creature, which Royal Assassin may then destroy."""
    game = play(perm("a", "Royal Assassin"), perm("d", "Master Decoy"), perm("e", "Llanowar Elves", 1))
    obs = game.run(activate("d", targets=["e"]), activate("a", targets=["e"]))
    assert where(obs, "e") == "graveyard"


@pytest.mark.parametrize("name", TAPPERS)
def test_tapper_taps_target_creature(name):
    """Card text ({W}, {T}: tap target creature), CR 701.26a."""
    game = play(perm("t", name), perm("e", "Llanowar Elves", 1))
    obs = game.act(activate("t", targets=["e"]))
    assert obs["permanents"]["e"]["tapped"] is True and obs["permanents"]["t"]["tapped"] is True


@pytest.mark.parametrize("name", TAPPERS)
def test_tapper_cant_target_a_land(name):
    """Card text: the target must be a creature (CR 115.1)."""
    game = play(perm("t", name), perm("f", "Forest", 1))
    game.assert_rejected(activate("t", targets=["f"]), "illegal_target")


def test_tapping_a_merfolk_triggers_judge_of_currents():
    """CR 603.2e: Master Decoy's ability makes an untapped Merfolk become tapped, so Judge of
    Currents triggers; tapping one already tapped triggers nothing."""
    game = play(perm("d", "Master Decoy"), perm("m", "Puresight Merrow", 1),
                perm("j", "Judge of Currents", 1))
    obs = game.act(activate("d", targets=["m"]))
    assert obs["triggered"] == [["j", "becomes_tapped"]]
    game = play(perm("d", "Master Decoy"), perm("m", "Puresight Merrow", 1, tapped=True),
                perm("j", "Judge of Currents", 1))
    assert game.act(activate("d", targets=["m"]))["triggered"] == []


def test_icy_manipulator_taps_a_land_the_turn_it_arrives():
    """CR 302.6: an artifact is never summoning sick, so a sick Icy Manipulator uses {T}; it may
    target a land (card text: artifact, creature or land)."""
    game = play(perm("i", "Icy Manipulator", sick=True), perm("f", "Forest", 1))
    obs = game.act(activate("i", targets=["f"]))
    assert obs["rejected"] is None and obs["permanents"]["f"]["tapped"] is True


def test_icy_manipulator_cant_target_an_enchantment():
    """Card text: an enchantment is neither artifact, creature nor land (CR 115.1)."""
    game = play(perm("i", "Icy Manipulator"), perm("h", "Mass Hysteria", 1))
    game.assert_rejected(activate("i", targets=["h"]), "illegal_target")


# --- haste and its sources ------------------------------------------------------------------------

@pytest.mark.parametrize("name", ("Raging Goblin", "Lightning Elemental", "Skyknight Legionnaire"))
def test_hasty_creature_attacks_the_turn_it_arrives(name):
    """CR 702.10b and the card's own haste: a sick creature with haste may attack."""
    game = play(perm("c", name, sick=True), step="combat")
    assert game.act(attack("c"))["rejected"] is None


def test_mass_hysteria_gives_every_players_creatures_haste():
    """Card text (all creatures have haste), CR 702.10c: an opponent's Mass Hysteria lets a sick
    Prodigal Sorcerer use {T}, which its controller's own Fervor-less board wouldn't."""
    game = play(perm("s", "Prodigal Sorcerer", sick=True), perm("h", "Mass Hysteria", 1))
    assert game.act(activate("s", targets=[1]))["rejected"] is None
    game = play(perm("s", "Prodigal Sorcerer", sick=True), perm("h", "Fervor", 1))
    game.assert_rejected(activate("s", targets=[1]), "summoning_sick")


def test_phased_out_mass_hysteria_gives_no_haste():
    """CR 702.26b: a phased-out Mass Hysteria's static ability doesn't apply."""
    game = play(perm("s", "Prodigal Sorcerer", sick=True),
                perm("h", "Mass Hysteria", 1, phased_out="directly"))
    game.assert_rejected(activate("s", targets=[1]), "summoning_sick")


@pytest.mark.parametrize("name", ("Lightning Greaves", "Swiftfoot Boots"))
def test_equipment_gives_haste(name):
    """Card text (equipped creature has haste), CR 702.10c: the equipped sick creature uses {T}."""
    game = play(perm("s", "Prodigal Sorcerer", sick=True), perm("q", name, attached_to="s"))
    assert game.act(activate("s", targets=[1]))["rejected"] is None


@pytest.mark.parametrize("name", ("Lightning Greaves", "Swiftfoot Boots"))
def test_equipping_with_equip_gives_haste(name):
    """Card text (equip; sorcery speed), CR 701.3a, 702.10c: after equipping, the sick creature
    may use {T}; before, it can't."""
    game = play(perm("s", "Prodigal Sorcerer", sick=True), perm("q", name))
    game.assert_rejected(activate("s", targets=[1]), "summoning_sick")
    obs = game.run(activate("q", targets=["s"]), activate("s", targets=[1]))
    assert obs["permanents"]["q"]["attached_to"] == {"permanent": "s"}


def test_lightning_greaves_shroud_stops_every_targeting():
    """CR 702.18a (shroud): not even its controller's abilities may target the equipped creature."""
    game = play(perm("s", "Prodigal Sorcerer"), perm("e", "Llanowar Elves"),
                perm("q", "Lightning Greaves", attached_to="e"))
    game.assert_rejected(activate("s", targets=["e"]), "illegal_target")


def test_swiftfoot_boots_hexproof_stops_only_opponents():
    """CR 702.11b (hexproof): the controller's own ability may target the equipped creature; an
    opponent's may not."""
    game = play(perm("s", "Prodigal Sorcerer"), perm("e", "Master Decoy"),
                perm("q", "Swiftfoot Boots", attached_to="e"), perm("o", "Prodigal Pyromancer", 1))
    assert game.act(activate("s", targets=["e"]))["rejected"] is None
    game.assert_rejected(activate("o", targets=["e"]), "illegal_target")


def test_haste_lasts_only_while_equipped():
    """CR 702.10c: moved to another creature, the Greaves no longer give the first one haste."""
    game = play(perm("a", "Prodigal Sorcerer", sick=True), perm("b", "Anaba Shaman", sick=True),
                perm("q", "Lightning Greaves", attached_to="a"))
    game.run(activate("q", targets=["b"]))
    game.assert_rejected(activate("a", targets=[1]), "summoning_sick")
    assert game.act(activate("b", targets=[1]))["rejected"] is None


# --- artifacts with {T} abilities (302.6) ---------------------------------------------------------

def test_rod_of_ruin_pings_the_turn_it_arrives():
    """Card text ({3}, {T}: 1 damage to any target), CR 302.6: an artifact is never summoning sick."""
    game = play(perm("r", "Rod of Ruin", sick=True))
    obs = game.act(activate("r", targets=[1]))
    assert life(obs, 1) == 19 and obs["permanents"]["r"]["tapped"] is True


def test_jayemdae_tome_draws_and_fountain_of_youth_gains():
    """Card texts ({4}, {T}: draw a card; {2}, {T}: gain 1 life), CR 107.5: once each while untapped."""
    game = play(perm("t", "Jayemdae Tome", sick=True), perm("f", "Fountain of Youth", sick=True))
    obs = game.run(activate("t"), activate("f"))
    assert obs["players"][0]["hand"] == 1 and life(obs, 0) == 21
    game.assert_rejected(activate("t"), "tapped")


def test_voltaic_key_untaps_an_artifact_for_another_use():
    """Card text ({1}, {T}: untap target artifact), CR 701.26b: Rod of Ruin, untapped, pings again."""
    game = play(perm("r", "Rod of Ruin"), perm("k", "Voltaic Key"))
    obs = game.run(activate("r", targets=[1]), activate("k", targets=["r"]), activate("r", targets=[1]))
    assert life(obs, 1) == 18


def test_voltaic_key_cant_target_a_creature():
    """Card text: the target must be an artifact (CR 115.1); Pili-Pala, an artifact creature, is one."""
    game = play(perm("k", "Voltaic Key"), perm("e", "Llanowar Elves", tapped=True),
                perm("p", "Pili-Pala", tapped=True))
    game.assert_rejected(activate("k", targets=["e"]), "illegal_target")
    assert game.act(activate("k", targets=["p"]))["permanents"]["p"]["tapped"] is False
