"""Oracle fixes found while certifying phase.rs (docs/engines/phase-rs.md): each test pins one place
where phase.rs was right and the oracle was not, with the rule that decides it."""
from __future__ import annotations

from mtg_conformance.adapters.oracle_adapter import OracleEngine
from scenarios import (activate, activate_mana, advance, attack, cast, concede, perm, phase_out, play,
                       scenario, to_graveyard, where)


def _reasons(doc: dict, *actions) -> tuple[str, set]:
    """The reason the last action is rejected with, and every reason class the oracle accepts for it."""
    engine = OracleEngine()
    engine.start(doc)
    for action in actions:
        obs = engine.act(action)
    return obs["rejected"], engine.acceptable_reasons()


# --- CR 104.1, 104.2a: the game ends as soon as one player is left ------------------------------------

def test_two_player_game_ends_when_a_player_draws_from_an_empty_library():
    """CR 104.2a, 104.1, 704.5b: in a two-player game the player who draws from an empty library loses
    and the other wins at once — the game is over, so the advance stops there; the winner doesn't go on
    to a draw step of their own and lose too. (The oracle used to play on to the next draw step.)"""
    game = play(active=1, step="upkeep", libraries={0: [], 1: []})
    obs = game.act(advance("draw", turns=1))
    assert obs["rejected"] is None
    assert [p["in_game"] for p in obs["players"]] == [True, False]
    assert game.act(advance("main1"))["rejected"] == "game_over"


def test_nothing_happens_after_the_game_ends():
    """CR 104.1: once the game has ended no state-based action is performed. Three players; player 1
    has left; player 0 concedes while their creature wears player 2's Pacifism: the creature leaves
    with its owner (800.4a) and player 2 has won — Pacifism is not then put into the graveyard by
    704.5m. It is attached to nothing any more (CR 701.3d: the object it was attached to left), so
    the observation says `attached_to: null`, not the creature that is gone."""
    game = play(perm("e", "Llanowar Elves", 0), perm("paci", "Pacifism", 2, attached_to="e"),
                players=3)
    game.run(concede(1))
    obs = game.act(concede(0))
    assert obs["rejected"] is None
    assert where(obs, "e") == "left_game"
    assert where(obs, "paci") == "battlefield"
    assert obs["permanents"]["paci"]["attached_to"] is None
    assert obs["players"][2]["graveyard"] == 0


def test_a_two_player_game_ends_with_the_losers_objects_where_they_are():
    """CR 104.2a, 104.1, 800.1: a two-player game ends as soon as a player concedes; CR 800.4a is a
    multiplayer rule, so nothing the loser owns leaves the game: the Elves stay on the battlefield
    with player 1's Pacifism on them, and no state-based action follows."""
    game = play(perm("e", "Llanowar Elves", 0), perm("paci", "Pacifism", 1, attached_to="e"),
                hands={0: ["Forest"]})
    obs = game.act(concede(0))
    assert [p["in_game"] for p in obs["players"]] == [False, True]
    assert where(obs, "e") == "battlefield" and obs["permanents"]["e"]["controller"] == 0
    assert obs["permanents"]["paci"]["attached_to"] == {"permanent": "e"}
    assert obs["players"][0]["hand"] == 1 and obs["players"][0]["library"] == 5
    assert game.act(concede(1))["rejected"] == "game_over"


def test_a_multiplayer_game_goes_on_after_a_player_leaves():
    """CR 800.4a, 800.4j (control for the tests above): with three players, the active player drawing
    from an empty library leaves the game and the turn goes on without them — the advance reaches
    main phase 1 of that same turn, so nobody else draws and loses."""
    game = play(players=3, step="upkeep", libraries={0: []})
    obs = game.act(advance("main1"))
    assert [p["in_game"] for p in obs["players"]] == [False, True, True]
    assert [p["hand"] for p in obs["players"]] == [0, 0, 0]


# --- CR 701.3d, 303.4c: an Aura whose object or player has gone is attached to nothing ---------------

def test_phased_out_aura_whose_creature_left_is_attached_to_nothing():
    """CR 701.3d, 702.26i: Pacifism phased out directly while the creature it enchanted stayed; the
    creature then leaves the battlefield, so Pacifism is attached to nothing — it will phase in
    unattached and go to the graveyard (704.5m). While it is phased out no state-based action looks at
    it, and the observation says `attached_to: null`, not the creature that is gone (phase.rs says
    the same; the oracle used to report the old creature)."""
    game = play(perm("e", "Llanowar Elves", 0),
                perm("paci", "Pacifism", 1, attached_to="e", phased_out="directly"))
    obs = game.act(to_graveyard("e"))
    assert obs["rejected"] is None and where(obs, "e") == "graveyard"
    assert obs["permanents"]["paci"]["phased_out"] is True
    assert obs["permanents"]["paci"]["attached_to"] is None
    obs = game.act(advance("upkeep", turns=1))                   # player 1's untap step: it phases in
    assert where(obs, "paci") == "graveyard"


def test_phased_out_aura_whose_creature_stayed_keeps_it():
    """Control: while the creature stays, the directly phased-out Pacifism is still attached to it and
    phases in attached (CR 702.26i)."""
    game = play(perm("e", "Llanowar Elves", 0),
                perm("paci", "Pacifism", 1, attached_to="e", phased_out="directly"))
    assert game.observe()["permanents"]["paci"]["attached_to"] == {"permanent": "e"}
    obs = game.act(advance("upkeep", turns=1))
    assert obs["permanents"]["paci"]["phased_out"] is False
    assert obs["permanents"]["paci"]["attached_to"] == {"permanent": "e"}


# --- CR 106.4, 507, 508.1: declaring attackers ends the beginning of combat step -------------------

def test_declaring_attackers_empties_the_mana_pools():
    """CR 507.1, 508.1, 106.4: attackers are declared at the start of the declare attackers step, so
    the beginning of combat step has ended and every mana pool has emptied — also when no creature
    attacks (508.8). phase.rs empties them; the oracle used to keep the mana."""
    for attackers in ((), ("e",)):
        game = play(perm("f", "Forest"), perm("e", "Llanowar Elves"), step="combat")
        assert game.act(activate_mana("f"))["players"][0]["mana"]["G"] == 1
        obs = game.act(attack(*attackers))
        assert obs["rejected"] is None
        assert obs["players"][0]["mana"]["G"] == 0


def test_a_rejected_attack_keeps_the_mana():
    """Control: an illegal declaration changes nothing, the pool included."""
    game = play(perm("f", "Forest"), perm("e", "Llanowar Elves", tapped=True), step="combat")
    game.act(activate_mana("f"))
    obs = game.act(attack("e"))
    assert obs["rejected"] == "tapped" and obs["players"][0]["mana"]["G"] == 1


# --- docs/contract.md: when several rejection reasons apply, any of them is accepted ------------------

def test_phased_out_untapped_merrow_is_also_untapped():
    """CR 702.26b and 107.6: Puresight Merrow's {Q} ability can't be activated while the Merrow is
    phased out (it is treated as though it doesn't exist) nor while it is untapped. Both apply, so an
    engine may name either (phase.rs says `untapped`)."""
    doc = scenario(perm("m", "Puresight Merrow", phased_out="directly"))
    reason, accepted = _reasons(doc, activate("m", targets=[0]))
    assert reason == "phased_out"
    assert accepted == {"phased_out", "untapped"}


def test_phased_out_sick_merrow_under_fervor_is_also_summoning_sick():
    """CR 702.26b, 302.6, 702.10c: a phased-out permanent can't be affected by anything else in the
    game, so Fervor gives a phased-out, summoning-sick Puresight Merrow no haste — phased out and
    summoning sick both apply (phase.rs says `summoning_sick`; the oracle used to accept only
    `phased_out`, giving it Fervor's haste)."""
    doc = scenario(perm("m", "Puresight Merrow", sick=True, tapped=True, phased_out="directly"),
                   perm("f", "Fervor"))
    reason, accepted = _reasons(doc, activate("m", targets=[0]))
    assert reason == "phased_out"
    assert accepted == {"phased_out", "summoning_sick"}


def test_phased_out_tapped_elves_are_also_tapped():
    """CR 702.26b and 107.5: phased out and already tapped — either reason."""
    doc = scenario(perm("e", "Llanowar Elves", tapped=True, phased_out="directly"))
    reason, accepted = _reasons(doc, activate_mana("e"))
    assert reason == "phased_out"
    assert accepted == {"phased_out", "tapped"}


def test_tapped_springleaf_drum_with_a_noncreature_to_tap_is_also_an_illegal_choice():
    """CR 107.5 and 106.12 (T-106.12-drum): a tapped Springleaf Drum can't pay {T}, and the permanent
    named to tap for its cost (a Mana Reflection) is no creature. Both apply (phase.rs asks for the
    creature first and says `illegal_choice`)."""
    doc = scenario(perm("mr", "Mana Reflection"), perm("d", "Springleaf Drum", tapped=True))
    reason, accepted = _reasons(doc, activate_mana("d", "W", tap="mr"))
    assert reason == "tapped"
    assert accepted == {"tapped", "illegal_choice"}


def test_attackers_each_reason_of_each_attacker_is_accepted():
    """CR 508.1a and 702.26b: declaring a Forest (not a creature) and a phased-out Llanowar Elves as
    attackers is illegal for both reasons; an engine that looks at the Elves first says `phased_out`
    (phase.rs does), one that looks at the Forest first `illegal_choice`."""
    doc = scenario(perm("f", "Forest"), perm("e", "Llanowar Elves", phased_out="directly"), step="combat")
    reason, accepted = _reasons(doc, attack("f", "e"))
    assert reason == "illegal_choice"
    assert accepted == {"illegal_choice", "phased_out"}


def test_a_single_reason_stays_single():
    """Control: an untapped, phased-in Merrow's {Q} ability is rejected for one reason only."""
    doc = scenario(perm("m", "Puresight Merrow"))
    reason, accepted = _reasons(doc, activate("m", targets=[0]))
    assert (reason, accepted) == ("untapped", {"untapped"})


def test_phasing_out_then_activating_keeps_the_first_reason():
    """Control (PHASE-008's case): after an effect phases the Merrow out, its {Q} ability is rejected as
    `phased_out` first, `untapped` accepted too; nothing else changes."""
    doc = scenario(perm("f", "Fervor"), perm("m", "Puresight Merrow"))
    reason, accepted = _reasons(doc, phase_out("m"), activate("m", targets=[0]))
    assert reason == "phased_out" and accepted == {"phased_out", "untapped"}


# --- docs/contract.md: every reason that forbids a cast is accepted, as for activations ----------------

def test_a_cast_names_every_reason_that_forbids_it():
    """A sorcery-speed permanent spell cast in the upkeep with an id already in use breaks both the
    timing (CR 307.1) and the new object's id (400.7): either reason is right. (H3: the oracle stopped
    at the first, so phase.rs, checking the id first, was failed for a correct answer.)"""
    doc = scenario(perm("p0", "Forest"), hands={0: ["Llanowar Elves"]}, step="upkeep")
    reason, accepted = _reasons(doc, cast(0, "Llanowar Elves", "p0"))
    assert reason == "timing" and accepted == {"timing", "illegal_choice"}
