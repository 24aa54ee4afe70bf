"""Issue 12's Auras, Equipment and anthems: Curses that enchant a player and trigger in that player's
upkeep (CR 603.2, 303.4, 303.4c, 303.4e, 704.5m), and "gets +N/+N" statics with their scopes (613.4c),
a toughness of 0 or less killing (704.5f)."""
from __future__ import annotations

from scenarios import activate, cast, change_control, perm, play

UPKEEP_NEXT_TURN = {"type": "advance", "step": "upkeep", "turns": 1}


def pt(obs, pid: str) -> tuple:
    p = obs["permanents"][pid]
    return p["power"], p["toughness"]


def life(obs) -> list:
    return [p["life"] for p in obs["players"]]


def attach(pid: str, to) -> dict:
    key = "player" if isinstance(to, int) else "permanent"
    return {"type": "attach", "permanent": pid, "to": {key: to}}


# -- Curses: triggers in the enchanted player's upkeep ----------------------------------------------

def test_pierced_heart_triggers_in_the_enchanted_players_upkeep_not_its_controllers():
    """CR 603.2, 303.4e and the card's text: the Curse's controller (seat 0) and the enchanted player
    (seat 1) differ; it deals 1 damage in seat 1's upkeep and nothing in seat 0's."""
    game = play(perm("c", "Curse of the Pierced Heart", 0, attached_to=1))
    obs = game.act(UPKEEP_NEXT_TURN)
    assert life(obs) == [20, 19]
    assert ["c", "upkeep"] in obs["triggered"]
    obs = game.act(UPKEEP_NEXT_TURN)
    assert life(obs) == [20, 19] and obs["triggered"] == []


def test_a_curse_keeps_its_player_when_its_control_changes():
    """CR 303.4e: a new controller of the Curse doesn't change the player it enchants; the trigger
    still comes in that player's upkeep."""
    game = play(perm("c", "Curse of the Pierced Heart", 0, attached_to=1), players=3)
    game.act(change_control("c", 2))
    obs = game.act(UPKEEP_NEXT_TURN)
    assert obs["permanents"]["c"]["attached_to"] == {"player": 1} and life(obs) == [20, 19, 20]


def test_a_curse_moved_to_another_player_triggers_in_that_players_upkeep():
    """CR 701.3a, 303.4: attached to seat 0 instead, it triggers in seat 0's upkeep only."""
    game = play(perm("c", "Curse of the Pierced Heart", 1, attached_to=1), active=1)
    obs = game.act(attach("c", 0))
    assert obs["permanents"]["c"]["attached_to"] == {"player": 0}
    obs = game.act(UPKEEP_NEXT_TURN)
    assert life(obs) == [19, 20]


def test_a_curse_cant_be_moved_onto_a_permanent():
    """CR 702.5d, 701.3b: enchant player never allows a permanent; the Curse doesn't move."""
    game = play(perm("c", "Curse of Thirst", 0, attached_to=1), perm("e", "Grizzly Bears"))
    obs = game.act(attach("c", "e"))
    assert obs["rejected"] is None and obs["permanents"]["c"]["attached_to"] == {"player": 1}


def test_curse_of_thirst_counts_the_curses_attached_to_that_player():
    """Curse of Thirst's text, CR 608.2h: the Curses attached to the enchanted player are counted as
    it resolves — two on seat 1 (one of them controlled by seat 2), not the one on seat 0."""
    game = play(perm("t", "Curse of Thirst", 0, attached_to=1),
                perm("p", "Curse of the Pierced Heart", 2, attached_to=1),
                perm("q", "Curse of the Pierced Heart", 1, attached_to=0), players=3)
    obs = game.act(UPKEEP_NEXT_TURN)
    assert life(obs) == [20, 20 - 2 - 1, 20]


def test_curse_of_thirst_counts_only_curses_not_other_auras():
    """Curse of Thirst's text: Psychic Possession enchants the player but is no Curse."""
    game = play(perm("t", "Curse of Thirst", 0, attached_to=1),
                perm("x", "Psychic Possession", 0, attached_to=1))
    obs = game.act(UPKEEP_NEXT_TURN)
    assert life(obs) == [20, 19]


def test_a_curse_on_a_player_who_leaves_goes_to_the_graveyard_and_never_triggers():
    """CR 303.4c, 704.5m, 800.4a: the enchanted player concedes; the Curse is attached to nothing
    legal and goes to its owner's graveyard."""
    game = play(perm("c", "Curse of the Pierced Heart", 0, attached_to=1), players=3)
    obs = game.act({"type": "concede", "player": 1})
    assert obs["permanents"]["c"]["zone"] == "graveyard" and obs["players"][0]["graveyard"] == 1


def test_a_curse_cast_on_a_player_is_attached_to_them():
    """CR 303.4a, 608.3c: the Curse spell targets a player and resolves attached to them; it can't
    target a permanent (702.5d)."""
    game = play(perm("e", "Grizzly Bears"), hands={0: ["Curse of the Pierced Heart"] * 2})
    game.assert_rejected(cast(0, "Curse of the Pierced Heart", "c", targets=["e"]),
                         "illegal_target")
    obs = game.act(cast(0, "Curse of the Pierced Heart", "c", targets=[1]))
    assert obs["permanents"]["c"]["attached_to"] == {"player": 1}


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
