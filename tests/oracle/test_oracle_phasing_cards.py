"""Oracle examples: the phasing cards of issue 12 (oracle/cards/phasing.py), each against its own text
and the CR (702.26, 610.4, 613.1f, 702.8a, 702.20b, 603.2e) or the ruling it names."""
from __future__ import annotations

from scenarios import activate, advance, attack, cast, perm, phase_out, play, to_graveyard, where


def out(obs, pid):
    return obs["permanents"][pid]["phased_out"]


def test_sandbar_crocodile_phases_only_in_its_controllers_untap_step():
    """CR 702.26a (Sandbar Crocodile: "Phasing"): it phases out in its controller's untap step, not in
    an opponent's, and phases back in at its controller's next one."""
    game = play(perm("c", "Sandbar Crocodile", 1), step="main2")
    assert out(game.run(advance("upkeep", 1)), "c")              # player 1's turn: it phases out
    game = play(perm("c", "Sandbar Crocodile", 0), step="main2")
    assert not out(game.run(advance("upkeep", 1)), "c")          # player 1's turn: nothing
    assert out(game.run(advance("upkeep", 1)), "c")              # player 0's turn: out
    assert out(game.run(advance("upkeep", 1)), "c")              # player 1's: still out
    assert not out(game.run(advance("upkeep", 1)), "c")          # player 0's: in again


def test_merfolk_raiders_phasing_in_is_not_becoming_tapped():
    """CR 603.2e, 702.26d (Merfolk Raiders: "Phasing"): a tapped Raiders phases out and, at its
    controller's next untap step, phases in; Judge of Currents ("whenever a Merfolk you control
    becomes tapped") doesn't trigger — neither phasing nor untapping is becoming tapped."""
    game = play(perm("r", "Merfolk Raiders", tapped=True), perm("j", "Judge of Currents"), step="main2")
    obs = game.run(phase_out("r"), advance("upkeep", 2))
    assert not out(obs, "r") and obs["permanents"]["r"]["tapped"] is False
    assert obs["triggered"] == [] and obs["players"][0]["life"] == 20


def test_rainbow_efreet_phases_itself_out_and_is_then_out_of_reach():
    """CR 702.26b (Rainbow Efreet: "{U}{U}: it phases out"): it phases out, its ability can't be
    activated while it is phased out, and it phases in at its controller's next untap step."""
    game = play(perm("e", "Rainbow Efreet"), step="main2")
    assert out(game.run(activate("e")), "e")
    game.assert_rejected(activate("e"), "phased_out")
    assert not out(game.run(advance("upkeep", 2)), "e")


def test_teferis_honor_guard_takes_its_aura_with_it():
    """CR 702.26g (Teferi's Honor Guard: "{U}{U}: it phases out"): Holy Strength on it phases out
    indirectly with it and phases in with it, still attached."""
    game = play(perm("g", "Teferi's Honor Guard"), perm("h", "Holy Strength", 1, attached_to="g"),
                step="main2")
    obs = game.run(activate("g"))
    assert out(obs, "g") and out(obs, "h")
    obs = game.run(advance("upkeep", 2))
    assert not out(obs, "g") and not out(obs, "h")
    assert obs["permanents"]["h"]["attached_to"] == {"permanent": "g"}
    assert obs["permanents"]["g"]["toughness"] == 4


def test_vodalian_illusionist_phases_out_an_opponents_creature_until_its_controllers_untap():
    """CR 702.26a, 603.2e (Vodalian Illusionist: "{U}{U}, {T}: target creature phases out"): the
    opponent's creature phases in at its controller's untap step; the Illusionist, a Merfolk, becomes
    tapped paying the cost, so Judge of Currents triggers; a phased-out creature is no legal target."""
    game = play(perm("v", "Vodalian Illusionist", sick=False), perm("j", "Judge of Currents"),
                perm("b", "Breezekeeper", 1), perm("x", "Llanowar Elves", 1, phased_out="directly"),
                step="main1")
    game.assert_rejected(activate("v", targets=["x"]), "illegal_target")
    obs = game.run(activate("v", targets=["b"], optional=True))
    assert out(obs, "b") and obs["permanents"]["v"]["tapped"] is True
    assert obs["players"][0]["life"] == 21
    obs = game.run(advance("upkeep", 1))                         # player 1's untap step
    assert not out(obs, "b") and not out(obs, "x")


def test_vanishing_phases_out_the_creature_and_itself_with_it():
    """CR 702.26g (Vanishing: "{U}{U}: enchanted creature phases out"): the creature phases out
    directly and the Aura indirectly; they phase in together at the creature's controller's untap
    step, which is not the Aura's controller's."""
    game = play(perm("e", "Llanowar Elves", 1), perm("v", "Vanishing", 0, attached_to="e"), step="main2")
    obs = game.run(activate("v"))
    assert out(obs, "e") and out(obs, "v")
    obs = game.run(advance("upkeep", 1))
    assert not out(obs, "e") and not out(obs, "v")
    assert obs["permanents"]["v"]["attached_to"] == {"permanent": "e"}


def test_teferis_curse_gives_phasing_to_an_opponents_creature_and_an_artifact():
    """CR 613.1f, 702.26a, 702.26g (Teferi's Curse: "enchanted permanent has phasing"): the
    enchanted creature and artifact phase out at their controller's untap step, the Curses with them,
    and phase in at the next one."""
    game = play(perm("e", "Llanowar Elves", 1), perm("c", "Teferi's Curse", 0, attached_to="e"),
                perm("s", "Fellwar Stone", 1), perm("d", "Teferi's Curse", 0, attached_to="s"),
                step="main2")
    obs = game.run(advance("upkeep", 1))
    assert all(out(obs, p) for p in "ecsd")
    obs = game.run(advance("upkeep", 2))
    assert not any(out(obs, p) for p in "ecsd")


def test_a_phased_out_teferis_curse_gives_no_phasing():
    """CR 702.26b: a Teferi's Curse phased out directly while its creature stays gives it nothing,
    so the creature doesn't phase out in its controller's untap step; the Curse phases in then."""
    game = play(perm("e", "Llanowar Elves", 1), perm("c", "Teferi's Curse", 1, attached_to="e"),
                step="main2")
    obs = game.run(phase_out("c"), advance("upkeep", 1))
    assert not out(obs, "e") and not out(obs, "c")


def test_teferis_curse_enchants_only_an_artifact_or_a_creature():
    """CR 303.4a (Teferi's Curse: "Enchant artifact or creature"): a land is no legal target."""
    game = play(perm("f", "Forest"), perm("s", "Fellwar Stone"), hands={0: ["Teferi's Curse"]})
    game.assert_rejected(cast(0, "Teferi's Curse", "c", targets=["f"]), "illegal_target")
    obs = game.run(cast(0, "Teferi's Curse", "c", targets=["s"]))
    assert obs["permanents"]["c"]["attached_to"] == {"permanent": "s"}


def test_time_and_tide_phases_in_and_out_at_once():
    """CR 702.26b (Time and Tide: "simultaneously, all phased-out creatures phase in and all creatures
    with phasing phase out"): a phased-out Breezekeeper phases in and stays in, the phased-in one phases
    out, a phased-out Llanowar Elves of the opponent phases in; a phased-out Forest stays out."""
    game = play(perm("b", "Breezekeeper", phased_out="directly"), perm("k", "Breezekeeper"),
                perm("e", "Llanowar Elves", 1, phased_out="directly"),
                perm("f", "Forest", phased_out="directly"),
                hands={0: ["Time and Tide"]})
    obs = game.run(cast(0, "Time and Tide", "t"))
    assert not out(obs, "b") and out(obs, "k") and not out(obs, "e") and out(obs, "f")


def test_time_and_tide_sees_phasing_granted_by_teferis_curse():
    """CR 613.1f: Time and Tide phases out a creature that has phasing from Teferi's Curse, the Curse
    indirectly with it."""
    game = play(perm("e", "Llanowar Elves", 1), perm("c", "Teferi's Curse", 0, attached_to="e"),
                hands={0: ["Time and Tide"]})
    obs = game.run(cast(0, "Time and Tide", "t"))
    assert out(obs, "e") and out(obs, "c")


def test_guardian_of_faith_has_flash_and_phases_out_other_creatures_you_control():
    """CR 702.8a, 608.2b (Guardian of Faith: flash; "when it enters, any number of other target
    creatures you control phase out"): cast in an opponent's turn, it phases out your two creatures;
    an opponent's creature among the targets is no legal target and stays, and it doesn't phase
    itself out."""
    game = play(perm("a", "Llanowar Elves"), perm("b", "Breezekeeper"), perm("o", "Llanowar Elves", 1),
                hands={0: ["Guardian of Faith"]}, active=1, step="upkeep")
    obs = game.run(cast(0, "Guardian of Faith", "g", targets=["a", "b", "o", "g"]))
    assert out(obs, "a") and out(obs, "b") and not out(obs, "o") and not out(obs, "g")


def test_a_creature_without_flash_is_cast_only_as_a_sorcery():
    """CR 307.1: Llanowar Elves cast in an opponent's turn is rejected (what flash changes)."""
    game = play(hands={0: ["Llanowar Elves"]}, active=1, step="upkeep")
    game.assert_rejected(cast(0, "Llanowar Elves", "e"), "timing")


def test_guardian_of_faith_attacks_without_tapping():
    """CR 702.20b (vigilance): attacking doesn't tap Guardian of Faith; it taps a creature without."""
    game = play(perm("g", "Guardian of Faith", sick=False), perm("e", "Llanowar Elves", sick=False),
                step="combat")
    obs = game.run(attack("g", "e"))
    assert obs["permanents"]["g"]["tapped"] is False and obs["permanents"]["e"]["tapped"] is True


def test_out_of_time_untaps_then_phases_out_every_creature_and_counts_them():
    """CR 610.4, R-out-of-time (2021-06-18) (Out of Time: "untap all creatures, then those creatures
    phase out until it leaves; a time counter for each creature phased out this way"): a tapped
    creature and an opponent's phase out untapped; a land stays; two time counters."""
    game = play(perm("e", "Llanowar Elves", tapped=True), perm("b", "Breezekeeper", 1), perm("f", "Forest"),
                hands={0: ["Out of Time"]})
    obs = game.run(cast(0, "Out of Time", "t"))
    assert out(obs, "e") and out(obs, "b") and not out(obs, "f")
    assert obs["permanents"]["e"]["tapped"] is False
    assert obs["permanents"]["t"]["counters"] == {"time": 2}


def test_out_of_times_creatures_stay_out_until_its_last_counter_goes():
    """CR 610.4a, 702.63a: the creatures don't phase in at their controllers' untap steps (Breezekeeper's
    own phasing neither); each of Out of Time's controller's upkeeps removes a counter, and when the last
    is removed it is sacrificed and they phase in."""
    game = play(perm("e", "Llanowar Elves"), hands={0: ["Out of Time"]}, step="main2")
    obs = game.run(cast(0, "Out of Time", "t"))
    assert obs["permanents"]["t"]["counters"] == {"time": 1}
    obs = game.run(advance("upkeep", 1))                         # player 1's upkeep: nothing
    assert out(obs, "e") and obs["permanents"]["t"]["counters"] == {"time": 1}
    obs = game.run(advance("upkeep", 1))                         # player 0's: last counter removed
    assert where(obs, "t") == "graveyard" and not out(obs, "e")


def test_out_of_time_leaving_phases_its_creatures_in():
    """CR 610.4: Out of Time put into a graveyard: what it phased out phases in at once."""
    game = play(perm("e", "Llanowar Elves"), perm("b", "Breezekeeper", 1), hands={0: ["Out of Time"]})
    obs = game.run(cast(0, "Out of Time", "t"), to_graveyard("t"))
    assert not out(obs, "e") and not out(obs, "b")


def test_out_of_time_with_no_creatures_gets_no_counters_and_stays():
    """R-out-of-time (2021-06-18), CR 702.63a: no creature phased out, so no time counter: vanishing
    never removes one, and Out of Time stays."""
    game = play(perm("f", "Forest"), hands={0: ["Out of Time"]}, step="main2")
    obs = game.run(cast(0, "Out of Time", "t"), advance("upkeep", 2))
    assert where(obs, "t") == "battlefield" and obs["permanents"]["t"]["counters"] == {}


def test_ertais_familiar_mills_as_it_phases_out_and_as_it_leaves():
    """CR 603.10b, 702.26d, 701.13a (Ertai's Familiar: "when it phases out or leaves the battlefield,
    mill three cards"): phasing out mills three (its "phases out" part), no "leaves" part; put into
    the graveyard after phasing back in, it mills the two cards left."""
    game = play(perm("f", "Ertai's Familiar"), step="main2")
    obs = game.run(phase_out("f"))
    assert obs["triggered"] == [["f", "phases_out"]]
    assert obs["players"][0]["library"] == 2 and obs["players"][0]["graveyard"] == 3
    obs = game.run(advance("upkeep", 2), to_graveyard("f"))
    assert obs["players"][0]["library"] == 0 and obs["players"][0]["graveyard"] == 5 + 1


def test_ertais_familiar_cant_phase_out_until_your_next_upkeep():
    """CR 611.2a (Ertai's Familiar: "{U}: until your next upkeep, it can't phase out"): it stays in
    through an effect phasing it out and through your untap step; from your upkeep on it phases out
    again."""
    game = play(perm("f", "Ertai's Familiar"), step="main2")
    obs = game.run(activate("f"), phase_out("f"))
    assert not out(obs, "f") and obs["triggered"] == []
    obs = game.run(advance("upkeep", 2))                         # your untap step: still locked
    assert not out(obs, "f") and obs["players"][0]["graveyard"] == 0
    assert out(game.run(phase_out("f")), "f")                    # the upkeep ended it


def test_cloak_of_invisibility_gives_its_creature_phasing():
    """CR 613.1f, 702.26a, 702.26g (Cloak of Invisibility: "enchanted creature has phasing"): the
    creature phases out at its controller's untap step with the Cloak, and back in at the next."""
    game = play(perm("e", "Llanowar Elves", 1), perm("c", "Cloak of Invisibility", 0, attached_to="e"),
                step="main2")
    obs = game.run(advance("upkeep", 1))
    assert out(obs, "e") and out(obs, "c")
    obs = game.run(advance("upkeep", 2))
    assert not out(obs, "e") and not out(obs, "c")
