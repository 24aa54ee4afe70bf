"""Oracle examples: Seeker of Skybreak's "{T}: Untap target creature" (T-701.26b-seeker; CR 701.26b,
107.5, 302.6, 115.1, 603.2e) — the card added with one new registered effect, `untap_target`."""
from __future__ import annotations

from scenarios import activate, activate_mana, perm, phase_out, play, pool


def test_untapping_a_mana_creature_lets_it_tap_for_mana_again():
    """CR 701.26b, 107.5: the untapped Llanowar Elves can pay {T} again; Seeker is tapped."""
    game = play(perm("s", "Seeker of Skybreak"), perm("e", "Llanowar Elves"))
    game.run(activate_mana("e"))
    obs = game.run(activate("s", targets=["e"]), activate_mana("e"))
    assert pool(obs) == {"G": 2}
    assert obs["permanents"]["s"]["tapped"] and obs["permanents"]["e"]["tapped"]


def test_the_untap_is_recorded_with_its_rule():
    game = play(perm("s", "Seeker of Skybreak"), perm("e", "Llanowar Elves", tapped=True))
    obs = game.act(activate("s", targets=["e"]))
    assert not obs["permanents"]["e"]["tapped"]
    assert [d.rule for d in game.oracle.trace if "e" in d.objects] == ["701.26b"]


def test_a_summoning_sick_seeker_cant_use_its_tap_ability():
    """CR 302.6: a creature's {T} ability needs control since the turn began."""
    game = play(perm("s", "Seeker of Skybreak", sick=True), perm("e", "Llanowar Elves", tapped=True))
    game.assert_rejected(activate("s", targets=["e"]), "summoning_sick")


def test_only_a_creature_can_be_targeted():
    """CR 115.1: "target creature" — a Forest is an illegal target; a phased-out creature too (702.26b)."""
    game = play(perm("s", "Seeker of Skybreak"), perm("f", "Forest", tapped=True),
                perm("e", "Llanowar Elves", tapped=True))
    game.assert_rejected(activate("s", targets=["f"]), "illegal_target")
    game.run(phase_out("e"))
    game.assert_rejected(activate("s", targets=["e"]), "illegal_target")


def test_untapping_is_not_becoming_tapped():
    """CR 603.2e: untapping a Merfolk triggers no "becomes tapped" ability; paying Seeker's {T} isn't
    a Merfolk becoming tapped either."""
    game = play(perm("s", "Seeker of Skybreak"), perm("j", "Judge of Currents"),
                perm("m", "Puresight Merrow", tapped=True))
    obs = game.act(activate("s", targets=["m"]))
    assert obs["triggered"] == [] and not obs["permanents"]["m"]["tapped"]


def test_untapping_an_untapped_creature_changes_nothing():
    game = play(perm("s", "Seeker of Skybreak"), perm("e", "Llanowar Elves"))
    obs = game.act(activate("s", targets=["e"]))
    assert obs["rejected"] is None and not obs["permanents"]["e"]["tapped"]
