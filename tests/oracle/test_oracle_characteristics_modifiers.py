"""Issue 12's anthems, lords, Auras and Equipment: "gets +N/+N" statics with their scopes (CR
613.4c), a toughness of 0 or less killing (704.5f), and Rancor returning to its owner's hand (603.6c,
400.7)."""
from __future__ import annotations

from scenarios import activate, attach, cast, perm, play, pt


# -- "gets +N/+N" statics and 704.5f --------------------------------------------------------------

def test_curse_of_deaths_hold_shrinks_the_enchanted_players_creatures_only():
    """Curse of Death's Hold's text, CR 613.4c, 704.5f: seat 1's 1/1 dies at toughness 0, their 2/2
    is 1/1; the Curse's controller's creatures are untouched."""
    game = play(perm("e", "Llanowar Elves", 1), perm("b", "Grizzly Bears", 1), perm("m", "Grizzly Bears", 0),
                hands={0: ["Curse of Death's Hold"]})
    obs = game.act(cast(0, "Curse of Death's Hold", "c", targets=[1]))
    assert obs["permanents"]["e"]["zone"] == "graveyard"
    assert pt(obs, "b") == (1, 1) and pt(obs, "m") == (2, 2)


def test_moving_curse_of_deaths_hold_moves_its_effect():
    """CR 613.4c, 701.3a: attached to seat 0 now, it modifies seat 0's creatures and no longer seat 1's."""
    game = play(perm("b", "Grizzly Bears", 1), perm("m", "Grizzly Bears", 0),
                hands={0: ["Curse of Death's Hold"]})
    game.act(cast(0, "Curse of Death's Hold", "c", targets=[1]))
    obs = game.act(attach("c", 0))
    assert pt(obs, "b") == (2, 2) and pt(obs, "m") == (1, 1)


def test_colour_anthems_modify_every_players_creatures_of_their_colour():
    """Crusade's and Bad Moon's text, CR 613.4c, 105.2: every player's white (a white-blue Puresight
    Merrow too) or black creatures; a green one is untouched."""
    game = play(perm("c", "Crusade", 0), perm("d", "Bad Moon", 1), perm("l", "Savannah Lions", 1),
                perm("m", "Puresight Merrow", 0), perm("z", "Walking Corpse", 0),
                perm("g", "Grizzly Bears", 0))
    obs = game.observe()
    assert pt(obs, "l") == (3, 2) and pt(obs, "m") == (3, 3)
    assert pt(obs, "z") == (3, 3) and pt(obs, "g") == (2, 2)


def test_honor_of_the_pure_modifies_only_your_white_creatures():
    """Honor of the Pure's text, CR 613.4c: not an opponent's white creature, not your green one."""
    game = play(perm("h", "Honor of the Pure", 0), perm("l", "Savannah Lions", 0),
                perm("o", "Savannah Lions", 1), perm("g", "Grizzly Bears", 0))
    obs = game.observe()
    assert pt(obs, "l") == (3, 2) and pt(obs, "o") == (2, 1) and pt(obs, "g") == (2, 2)


def test_dread_of_night_kills_white_creatures_of_toughness_one():
    """Dread of Night's text, CR 613.4c, 704.5f: toughness 0 is put into the graveyard with no damage
    marked; Benalish Marshal's +1/+1 keeps its controller's Eager Cadet alive."""
    game = play(perm("a", "Eager Cadet", 0), perm("b", "Eager Cadet", 1), perm("m", "Benalish Marshal", 1),
                perm("g", "Grizzly Bears", 0), hands={0: ["Dread of Night"]})
    obs = game.act(cast(0, "Dread of Night", "d"))
    assert obs["permanents"]["a"]["zone"] == "graveyard" and obs["players"][0]["graveyard"] == 1
    assert pt(obs, "b") == (1, 1) and pt(obs, "m") == (2, 2) and pt(obs, "g") == (2, 2)


def test_lords_modify_other_creatures_you_control_not_themselves():
    """Benalish Marshal's and Veteran Armorer's text ("other creatures you control"), CR 613.4c: each
    boosts the other, neither itself, and not an opponent's creature; Gaea's Anthem boosts all yours."""
    game = play(perm("m", "Benalish Marshal", 0), perm("v", "Veteran Armorer", 0),
                perm("o", "Grizzly Bears", 1), perm("a", "Gaea's Anthem", 1))
    obs = game.observe()
    assert pt(obs, "m") == (3, 4) and pt(obs, "v") == (3, 3) and pt(obs, "o") == (3, 3)


def test_creature_auras_modify_the_enchanted_creature_and_weakness_can_kill():
    """Unholy Strength's and Weakness's text, CR 613.4c, 704.5f: +2/+1 on the enchanted creature only;
    Weakness (-2/-1) on a 1/1 leaves toughness 0 and it dies, on a 2/2 it is 0/1 and lives."""
    game = play(perm("e", "Llanowar Elves", 0), perm("b", "Grizzly Bears", 0), perm("g", "Grizzly Bears", 1),
                perm("u", "Unholy Strength", 0, attached_to="g"), hands={0: ["Weakness", "Weakness"]})
    assert pt(game.observe(), "g") == (4, 3) and pt(game.observe(), "b") == (2, 2)
    obs = game.act(cast(0, "Weakness", "w1", targets=["b"]))
    assert pt(obs, "b") == (0, 1)
    obs = game.act(cast(0, "Weakness", "w2", targets=["e"]))
    assert obs["permanents"]["e"]["zone"] == "graveyard" and obs["permanents"]["w2"]["zone"] == "graveyard"


def test_equipment_modifies_the_equipped_creature_and_follows_it_when_moved():
    """Vulshok Morningstar's text, CR 301.5, 613.4c, 701.3a: equip (a sorcery-speed ability) moves it
    to another creature you control, whose power and toughness it now raises."""
    game = play(perm("s", "Vulshok Morningstar", 0, attached_to="a"), perm("a", "Grizzly Bears", 0),
                perm("b", "Savannah Lions", 0))
    assert pt(game.observe(), "a") == (4, 4)
    obs = game.act(activate("s", 0, targets=["b"]))
    assert pt(obs, "a") == (2, 2) and pt(obs, "b") == (4, 3)


def test_barbed_battlegear_on_a_creature_of_toughness_one_kills_it():
    """Barbed Battlegear's text (+4/-1), CR 613.4c, 704.5f: the equipped 1/1 is 5/0 and is put into
    its owner's graveyard; the Equipment stays, unattached (704.5n)."""
    game = play(perm("x", "Barbed Battlegear", 0), perm("e", "Eager Cadet", 0))
    obs = game.act(activate("x", 0, targets=["e"]))
    assert obs["permanents"]["e"]["zone"] == "graveyard"
    assert obs["permanents"]["x"]["zone"] == "battlefield" and obs["permanents"]["x"]["attached_to"] is None


def test_a_phased_out_anthem_modifies_nothing():
    """CR 702.26b: Crusade phased out is treated as though it doesn't exist."""
    game = play(perm("c", "Crusade", 0), perm("l", "Savannah Lions", 1))
    obs = game.act({"type": "phase_out", "permanents": ["c"]})
    assert pt(obs, "l") == (2, 1)


# -- Rancor: back to its owner's hand ----------------------------------------------------------------

def test_rancor_returns_to_its_owners_hand_when_its_creature_dies():
    """Rancor's text, CR 704.5m, 603.6c, 603.10a, 400.7: the enchanted creature is dealt lethal damage;
    Rancor, attached to nothing, goes to its owner's graveyard, triggers, and its ability finds the
    card there and puts it into its owner's (seat 1's) hand — not its controller's."""
    game = play(perm("e", "Grizzly Bears", 0), perm("r", "Rancor", 0, attached_to="e", owner=1))
    assert pt(game.observe(), "e") == (4, 2)
    obs = game.act({"type": "deal_damage", "target": {"permanent": "e"}, "amount": 2})
    assert obs["permanents"]["e"]["zone"] == "graveyard" and ["r", "leaves"] in obs["triggered"]
    assert obs["permanents"]["r"]["zone"] == "hand"
    assert obs["players"][1]["hand"] == 1 and obs["players"][1]["graveyard"] == 0
    assert obs["players"][0]["hand"] == 0


def test_rancor_put_into_the_graveyard_directly_returns_and_can_be_cast_again():
    """Rancor's text: any trip from the battlefield to a graveyard (an effect puts it there) returns it;
    the card in hand is a new object (400.7), cast again onto another creature."""
    game = play(perm("e", "Grizzly Bears", 0), perm("f", "Savannah Lions", 0),
                perm("r", "Rancor", 0, attached_to="e"))
    obs = game.act({"type": "put_into_graveyard", "permanent": "r"})
    assert obs["permanents"]["r"]["zone"] == "hand" and pt(obs, "e") == (2, 2)
    obs = game.act(cast(0, "Rancor", "r2", targets=["f"]))
    assert pt(obs, "f") == (4, 1)


def test_rancor_phased_out_doesnt_return():
    """Rancor's text, CR 702.26b/d: phasing out is no zone change, so no trigger; and its bonus is gone
    while it is phased out."""
    game = play(perm("e", "Grizzly Bears", 0), perm("r", "Rancor", 0, attached_to="e"))
    obs = game.act({"type": "phase_out", "permanents": ["r"]})
    assert obs["triggered"] == [] and obs["permanents"]["r"]["zone"] == "battlefield" and pt(obs, "e") == (2, 2)
