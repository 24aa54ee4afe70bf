"""Oracle examples: Auras, enchant player / opponent, Psychic Possession (CR 303.4, 608.3c, 702.5,
702.16, 704.5m; Psychic Possession rulings 2006-05-01)."""
from __future__ import annotations

import pytest

from scenarios import (advance, cast, change_control, perm, play, put_onto_battlefield,
                       where)


def test_psychic_possession_cast_targets_an_opponent_and_enters_attached():
    """Psychic Possession ruling 2006-05-01 (CR 303.4a, 608.3c): enchanting an opponent works like
    enchanting a permanent — the spell targets the opponent and the Aura enters attached to them."""
    game = play(hands={0: ["Psychic Possession"]})
    obs = game.act(cast(0, "Psychic Possession", "pp", targets=[1]))
    assert obs["rejected"] is None
    assert obs["permanents"]["pp"]["attached_to"] == {"player": 1}
    assert obs["permanents"]["pp"]["controller"] == 0


def test_psychic_possession_cant_target_its_caster():
    """CR 303.4a, 702.5a ("Enchant opponent"): targeting yourself is an illegal target; the card stays
    in hand and nothing changes."""
    game = play(hands={0: ["Psychic Possession"]})
    game.assert_rejected(cast(0, "Psychic Possession", "pp", targets=[0]), "illegal_target")


def test_psychic_possession_cant_target_a_permanent():
    """Psychic Possession ruling 2006-05-01, T-702.5d-permanent (CR 702.5d, 303.4a): an Aura with
    enchant opponent can't target or be attached to a permanent — casting it at a creature is
    rejected as `illegal_target`, and nothing changes."""
    game = play(perm("e", "Llanowar Elves", 1), hands={0: ["Psychic Possession"]})
    game.assert_rejected(cast(0, "Psychic Possession", "pp", targets=["e"]), "illegal_target")


def test_psychic_possession_put_onto_a_permanent_is_rejected():
    """Psychic Possession ruling 2006-05-01, T-702.5d-permanent (CR 702.5d, 303.4f, 701.3b): putting it
    onto the battlefield attached to a permanent is an Aura to something it can't enchant — rejected as
    `illegal_attachment` (a legal choice, the opponent, exists), and nothing changes."""
    game = play(perm("e", "Llanowar Elves", 1), hands={0: ["Psychic Possession"]})
    game.assert_rejected(put_onto_battlefield(0, "Psychic Possession", "pp", attach_to="e"),
                         "illegal_attachment")


def test_psychic_possession_put_onto_its_own_controller_is_rejected():
    """CR 303.4f, 702.5a: put onto the battlefield, Psychic Possession must be attached to an
    opponent of the player it enters under; attaching it to that player is rejected."""
    game = play(hands={0: ["Psychic Possession"]})
    game.assert_rejected(put_onto_battlefield(0, "Psychic Possession", "pp", attach_to=0),
                         "illegal_attachment")


def test_overgrowth_cast_at_a_creature_is_an_illegal_target():
    """CR 303.4a, 702.5a: an enchant-land Aura spell can't target a creature."""
    game = play(perm("e", "Llanowar Elves"), hands={0: ["Overgrowth"]})
    game.assert_rejected(cast(0, "Overgrowth", "og", targets=["e"]), "illegal_target")


def test_psychic_possession_put_onto_the_battlefield_chooses_an_opponent():
    """T-303.4f-return, edge case 17 (CR 303.4f): entering without being cast, the Aura is attached
    to an opponent chosen as it enters (no targeting)."""
    game = play(players=3, hands={0: ["Psychic Possession"]})
    obs = game.act(put_onto_battlefield(0, "Psychic Possession", "pp", attach_to=2))
    assert obs["rejected"] is None
    assert obs["permanents"]["pp"]["attached_to"] == {"player": 2}


def test_psychic_possession_with_no_legal_opponent_stays_in_hand():
    """T-303.4f-return, edge case 17 (CR 303.4g, 702.16j): the only opponent has protection from
    everything (Teferi's Protection), so there is no legal player to enchant — the Aura stays where it
    was (in hand) and the action is not an error."""
    game = play(hands={0: ["Psychic Possession"], 1: ["Teferi's Protection"]})
    game.run(cast(1, "Teferi's Protection"))
    obs = game.act(put_onto_battlefield(0, "Psychic Possession", "pp", attach_to=1))
    assert obs["rejected"] is None
    assert obs["players"][0]["hand"] == 1
    assert "pp" not in obs["permanents"]


def test_psychic_possession_cant_target_a_protected_opponent():
    """T-303.4a-target (CR 303.4a, 702.16b): an opponent with protection from everything can't be
    targeted by the Aura spell."""
    game = play(hands={0: ["Psychic Possession"], 1: ["Teferi's Protection"]})
    game.run(cast(1, "Teferi's Protection"))
    game.assert_rejected(cast(0, "Psychic Possession", "pp", targets=[1]), "illegal_target")


def test_psychic_possession_given_to_the_enchanted_player_goes_to_the_graveyard():
    """T-303.4e-donate, edge case 14 (Psychic Possession ruling 2006-05-01; CR 303.4e, 704.5m): if
    its controller is ever the enchanted player, it is put into its owner's graveyard by SBA."""
    game = play(perm("pp", "Psychic Possession", 0, attached_to=1))
    obs = game.act(change_control("pp", 1))
    assert where(obs, "pp") == "graveyard"
    assert obs["players"][0]["graveyard"] == 1


@pytest.mark.derived
def test_psychic_possession_passed_to_a_third_player_keeps_working_for_them():
    """T-303.4e-3p [derived] (CR 303.4e, 109.5): three players; control of P0's Possession on P1 passes
    to P2, also P1's opponent — it stays, and now P2 skips their draw step and draws when P1 draws."""
    game = play(perm("pp", "Psychic Possession", 0, attached_to=1), players=3, step="main2")
    obs = game.act(change_control("pp", 2))
    assert where(obs, "pp") == "battlefield"
    assert obs["permanents"]["pp"]["controller"] == 2
    obs = game.run(advance("main1", 1))                      # P1's turn: P1 draws, P2 may draw
    assert [p["hand"] for p in obs["players"]] == [0, 1, 1]
    assert obs["triggered"] == [["pp", "opponent_draws"]]
    obs = game.run(advance("main1", 1))                      # P2's turn: draw step skipped
    assert [p["hand"] for p in obs["players"]] == [0, 1, 1]
    obs = game.run(advance("main1", 1))                      # P0's turn: P0 draws again
    assert [p["hand"] for p in obs["players"]] == [1, 1, 1]


def test_psychic_possession_falls_off_when_the_enchanted_player_gains_protection():
    """T-702.16j-tprot, edge case 16 (CR 702.16j, 704.5m): the enchanted opponent casts Teferi's
    Protection (protection from everything) — Psychic Possession goes to its owner's graveyard."""
    game = play(perm("pp", "Psychic Possession", 0, attached_to=1), hands={1: ["Teferi's Protection"]})
    obs = game.act(cast(1, "Teferi's Protection"))
    assert where(obs, "pp") == "graveyard"
    assert obs["players"][0]["graveyard"] == 1


def test_control_magic_takes_the_creature():
    """CR 303.4e, 613.1b: Control Magic's controller controls the enchanted creature; the Aura's
    controller and the creature's owner stay different."""
    game = play(perm("e", "Llanowar Elves", 1), perm("cm", "Control Magic", 0, attached_to="e"))
    obs = game.observe()
    assert obs["permanents"]["e"]["controller"] == 0
    assert obs["permanents"]["cm"]["attached_to"] == {"permanent": "e"}


def test_steal_enchantment_on_control_magic_moves_the_creature_too():
    """CR 303.4e, 613.7 (timestamps): the opponent's Steal Enchantment takes your Control Magic, and
    with it the creature Control Magic controls."""
    game = play(perm("e", "Llanowar Elves", 1), perm("cm", "Control Magic", 0, attached_to="e"),
                hands={1: ["Steal Enchantment"]}, active=1)
    obs = game.act(cast(1, "Steal Enchantment", "se", targets=["cm"]))
    assert obs["permanents"]["cm"]["controller"] == 1
    assert obs["permanents"]["e"]["controller"] == 1


def test_aura_whose_creature_leaves_goes_to_the_graveyard():
    """CR 303.4c, 704.5m: Holy Strength on Llanowar Elves; the Elves go to the graveyard, so the Aura is
    attached to nothing and follows by SBA."""
    game = play(perm("e", "Llanowar Elves"), perm("hs", "Holy Strength", attached_to="e"))
    obs = game.act({"type": "put_into_graveyard", "permanent": "e"})
    assert where(obs, "hs") == "graveyard"
    assert obs["players"][0]["graveyard"] == 2


def test_voice_of_all_protection_keeps_auras_of_that_colour_off():
    """CR 702.16c, 303.4a: Voice of All that chose white can't be targeted by Pacifism (white)."""
    game = play(perm("v", "Voice of All", 1, chosen_color="W"), hands={0: ["Pacifism"]})
    game.assert_rejected(cast(0, "Pacifism", "pac", targets=["v"]), "illegal_target")


def test_pacifism_stops_attacking():
    """CR 508.1c: a creature enchanted by Pacifism can't be declared as an attacker."""
    game = play(perm("e", "Llanowar Elves"), perm("pac", "Pacifism", 1, attached_to="e"), step="combat")
    game.assert_rejected({"type": "attack", "attackers": ["e"]}, "illegal_choice")


def test_aura_spell_outside_your_main_phase_is_a_timing_error():
    """CR 307.1 (Auras are cast at sorcery speed): Pacifism in the combat step, or in the opponent's
    turn, is rejected as `timing`."""
    game = play(perm("e", "Llanowar Elves", 1), hands={0: ["Pacifism"], 1: ["Pacifism"]},
                step="combat")
    game.assert_rejected(cast(0, "Pacifism", "pac", targets=["e"]), "timing")
    game = play(perm("e", "Llanowar Elves"), hands={1: ["Pacifism"]})
    game.assert_rejected(cast(1, "Pacifism", "pac", targets=["e"]), "timing")
