"""Oracle examples: phasing (CR 702.26, 502.1, 610.4, 611.2b, 603.2e, 603.10b, 110.5) and the
phasing rulings R-phasing (2020-06-23) and R-tprot (2017-08-25)."""
from __future__ import annotations


from scenarios import (activate, activate_mana, advance, attack, cast, change_control, perm,
                       phase_out, play, pool, tap, to_graveyard, where)


def status(obs, pid):
    p = obs["permanents"][pid]
    return p["zone"], p["phased_out"], p["tapped"], p["attached_to"]


# --- CR 110.5: status ----------------------------------------------------------------------------------

def test_tapped_creature_phases_out_and_keeps_its_tapped_status():
    """T-110.5-phase-tapped (CR 110.5c, 702.26d): a tapped Llanowar Elves that phases out is still
    tapped while phased out."""
    game = play(perm("e", "Llanowar Elves", tapped=True))
    obs = game.act(phase_out("e"))
    assert obs["permanents"]["e"]["phased_out"] is True
    assert obs["permanents"]["e"]["tapped"] is True


def test_teferis_protection_phases_permanents_not_the_player():
    """T-110.5d-player (CR 110.5d; Teferi's Protection ruling 2017-08-25): all your permanents phase
    out, you don't — you stay in the game, your life can't change (Ajani's Anguish's 3 damage does
    nothing), and the opponent's permanents are untouched."""
    game = play(perm("f", "Forest"), perm("e", "Llanowar Elves"), perm("o", "Forest", 1),
                hands={0: ["Teferi's Protection"], 1: ["Ajani's Anguish"]})
    obs = game.run(cast(0, "Teferi's Protection"))
    assert obs["permanents"]["f"]["phased_out"] and obs["permanents"]["e"]["phased_out"]
    assert obs["permanents"]["o"]["phased_out"] is False
    assert obs["players"][0]["in_game"] is True
    assert obs["players"][0]["graveyard"] == 0             # "Exile Teferi's Protection"
    game.run(advance("main1"))                             # the opponent's turn
    obs = game.run(cast(1, "Ajani's Anguish", "aa", x=3, targets=[0]))
    assert obs["players"][0]["life"] == 20


def test_teferis_protection_exiles_itself():
    """CR 608.2n (Teferi's Protection: "Exile Teferi's Protection"): the resolved instant goes to
    exile, not to the graveyard; the hand is one card smaller."""
    game = play(hands={0: ["Teferi's Protection"]})
    obs = game.act(cast(0, "Teferi's Protection"))
    assert obs["players"][0]["graveyard"] == 0 and obs["players"][0]["hand"] == 0


# --- CR 702.26a: the untap step ------------------------------------------------------------------------

def test_teferis_imp_phases_out_then_in_and_stays_in():
    """T-702.26a-cycle, edge case 21, 25 (CR 702.26a, 603.10b): Teferi's Imp phases out in your
    untap step (its "phases out" trigger looks back: discard), phases in at your next untap step (draw)
    and, phasing in and out being simultaneous, is not phased out again in that step."""
    game = play(perm("imp", "Teferi's Imp"), hands={0: ["Forest", "Island"]}, step="main2")
    obs = game.run(advance("upkeep", 1))                        # P1's turn: nothing happens
    assert obs["permanents"]["imp"]["phased_out"] is False
    obs = game.run(advance("upkeep", 1))                        # P0's turn: Imp phases out
    assert obs["permanents"]["imp"]["phased_out"] is True
    assert obs["triggered"] == [["imp", "phases_out"]]
    assert obs["players"][0]["hand"] == 1 and obs["players"][0]["graveyard"] == 1
    obs = game.run(advance("upkeep", 2))                        # P0's next turn: phases in, stays in
    assert obs["permanents"]["imp"]["phased_out"] is False
    assert obs["triggered"] == [["imp", "phases_in"]]
    obs = game.run(advance("main1"))
    assert obs["permanents"]["imp"]["phased_out"] is False


def test_phased_out_permanent_phases_in_at_its_controllers_untap_step():
    """T-702.26a-controller (CR 702.26a): the opponent's Llanowar Elves phased out during your turn
    phase in during *their* next untap step; your own Elves phased out at the same time stay out
    until *your* next untap step."""
    game = play(perm("mine", "Llanowar Elves"), perm("theirs", "Llanowar Elves", 1))
    game.run(phase_out("mine", "theirs"))
    obs = game.run(advance("upkeep"))                           # P1's turn
    assert obs["permanents"]["theirs"]["phased_out"] is False
    assert obs["permanents"]["mine"]["phased_out"] is True
    obs = game.run(advance("upkeep"))                           # P0's turn
    assert obs["permanents"]["mine"]["phased_out"] is False


def test_creature_with_phasing_phases_in_untapped_before_untapping():
    """CR 502.1–502.3: phasing happens before untapping, so a tapped creature phased out under you is
    phased in and then untapped in your untap step."""
    game = play(perm("e", "Llanowar Elves", tapped=True))
    game.run(phase_out("e"))
    obs = game.run(advance("upkeep", 2))
    assert status(obs, "e") == ("battlefield", False, False, None)


# --- CR 702.26b: treated as though it doesn't exist ---------------------------------------------------

def test_phased_out_creature_cant_be_targeted():
    """edge case 29 (CR 702.26b; Teferi's Protection ruling 2017-08-25): a phased-out creature is
    not a legal target — Threaten at it is rejected as `illegal_target`."""
    game = play(perm("e", "Llanowar Elves", 1), hands={0: ["Threaten"]})
    game.run(phase_out("e"))
    game.assert_rejected(cast(0, "Threaten", targets=["e"]), "illegal_target")


def test_phased_out_creature_cant_attack():
    """R-phasing (CR 702.26b): a phased-out creature can't attack."""
    game = play(perm("e", "Llanowar Elves", phased_out="directly"), step="combat")
    game.assert_rejected(attack("e"), "phased_out")


def test_phased_out_permanent_is_not_affected_by_effects():
    """CR 702.26b, 702.26e: an effect naming a phased-out permanent can't touch it (put into a
    graveyard, tapped, or control changed) — rejected as `phased_out`."""
    game = play(perm("e", "Llanowar Elves", 1, phased_out="directly"))
    game.assert_rejected(to_graveyard("e"), "phased_out")
    game.assert_rejected(tap("e"), "phased_out")
    game.assert_rejected(change_control("e", 0), "phased_out")


def test_phased_out_static_ability_has_no_effect():
    """R-phasing (CR 702.26b): a phased-out Fervor gives no haste — a sick Elves can't tap."""
    game = play(perm("fervor", "Fervor"), perm("e", "Llanowar Elves", sick=True))
    game.run(phase_out("fervor"))
    game.assert_rejected(activate_mana("e"), "summoning_sick")


def test_phased_out_permanent_triggers_nothing():
    """R-phasing (CR 702.26b): a phased-out Soul Warden doesn't trigger when a creature enters."""
    game = play(perm("sw", "Soul Warden"), hands={0: ["Llanowar Elves"]})
    game.run(phase_out("sw"))
    obs = game.act(cast(0, "Llanowar Elves", "e"))
    assert obs["triggered"] == [] and obs["players"][0]["life"] == 20


# --- CR 702.26d: no zone change --------------------------------------------------------------------------

def test_phasing_out_and_in_fires_no_enters_or_leaves_triggers():
    """T-702.26d-etb, R-phasing (CR 702.26d): Aven Riftwatcher ("enters or leaves: gain 2")
    phasing out and back in triggers neither, and Soul Warden doesn't see it "enter"."""
    game = play(perm("rw", "Aven Riftwatcher", counters={"time": 3}), perm("sw", "Soul Warden"))
    obs = game.act(phase_out("rw"))
    assert obs["triggered"] == []
    obs = game.run(advance("main1", 2))
    assert obs["permanents"]["rw"]["phased_out"] is False
    assert ["rw", "leaves"] not in obs["triggered"] and ["rw", "enters"] not in obs["triggered"]
    assert ["sw", "another_enters"] not in obs["triggered"]


def test_phasing_out_is_not_dying():
    """T-702.26d-etb (CR 702.26d): Hangarback Walker phasing out doesn't trigger its "dies" ability."""
    game = play(perm("hw", "Hangarback Walker", counters={"+1/+1": 2}))
    obs = game.act(phase_out("hw"))
    assert obs["triggered"] == [] and obs["players"][0]["tokens"] == {}


def test_counters_stay_through_phasing():
    """T-702.26d-counters, R-phasing (CR 702.26d): a creature with three +1/+1 counters phases out
    and back in with three."""
    game = play(perm("wb", "Walking Ballista", counters={"+1/+1": 3}))
    obs = game.act(phase_out("wb"))
    assert obs["permanents"]["wb"]["counters"] == {"+1/+1": 3}
    obs = game.run(advance("upkeep", 2))
    assert obs["permanents"]["wb"]["phased_out"] is False
    assert obs["permanents"]["wb"]["counters"] == {"+1/+1": 3}


def test_choice_made_as_it_entered_is_remembered():
    """T-702.26d-choice, R-phasing (CR 702.26d): Voice of All that chose red phases out and back
    in still with protection from red — Threaten can't target it."""
    game = play(perm("v", "Voice of All", 1, chosen_color="R"), hands={0: ["Threaten"]})
    game.run(phase_out("v"), advance("main1", 2))
    obs = game.observe()
    assert obs["permanents"]["v"]["phased_out"] is False
    game.assert_rejected(cast(0, "Threaten", targets=["v"]), "illegal_target")


def test_token_phases_out_and_back_in():
    """T-702.26d-token, edge case 18 (CR 702.26d since 2017-08-25): Thopter tokens under Teferi's
    Protection phase out, keep existing, and phase in at your next untap step."""
    game = play(perm("hw", "Hangarback Walker", counters={"+1/+1": 2}),
                hands={0: ["Teferi's Protection"]})
    obs = game.run(to_graveyard("hw"))
    assert obs["players"][0]["tokens"] == {"Thopter": 2}
    obs = game.act(cast(0, "Teferi's Protection"))
    assert obs["players"][0]["tokens"] == {}                   # phased out: not counted
    obs = game.run(advance("upkeep", 2))
    assert obs["players"][0]["tokens"] == {"Thopter": 2}


def test_named_token_phases_out_and_back_in():
    """T-702.26d-token, edge case 18 (CR 702.26d): a Treasure token phased out is still a
    battlefield object (zone is not "none") and phases back in."""
    game = play(perm("t", "Treasure", token=True))
    obs = game.act(phase_out("t"))
    assert status(obs, "t") == ("battlefield", True, False, None)
    obs = game.run(advance("upkeep", 2))
    assert status(obs, "t") == ("battlefield", False, False, None)


# --- CR 702.26f, 611.2b: durations -------------------------------------------------------------------

def test_for_as_long_as_control_ends_when_its_source_phases_out():
    """T-702.26f-for-as-long-as, edge case 23, R-phasing (CR 702.26f, 611.2b): Vedalken
    Shackles takes a creature "for as long as Vedalken Shackles remains tapped"; Shackles phases out →
    the effect ends and doesn't resume when Shackles phases back in (tapped or not). (Tishana's
    Tidebinder is not in the catalog; the Shackles are the catalog's "for as long as" effect.)"""
    game = play(perm("vs", "Vedalken Shackles"), perm("i", "Island"), perm("e", "Llanowar Elves", 1))
    obs = game.run(activate("vs", targets=["e"]))
    assert obs["permanents"]["e"]["controller"] == 0
    obs = game.run(phase_out("vs"))
    assert obs["permanents"]["e"]["controller"] == 1
    obs = game.run(advance("main1", 2))
    assert obs["permanents"]["vs"]["phased_out"] is False
    assert obs["permanents"]["e"]["controller"] == 1


def test_shackled_creature_phased_out_keeps_its_controller_until_the_shackles_untap():
    """CR 702.26a, 702.26d, 611.2b: the creature taken by Vedalken Shackles phases out — no control
    change happens, so it stays the thief's while phased out and phases in at the thief's untap step;
    there the Shackles untap (the contract has no "don't untap" decision), the "for as long as" effect
    ends, and the creature goes back to its owner."""
    game = play(perm("vs", "Vedalken Shackles"), perm("i", "Island"), perm("e", "Llanowar Elves", 1))
    game.run(activate("vs", targets=["e"]), phase_out("e"))
    obs = game.run(advance("main1", 1))                       # P1's turn: still out, still P0's
    assert obs["permanents"]["e"]["phased_out"] is True
    assert obs["permanents"]["e"]["controller"] == 0
    obs = game.run(advance("main1", 1))                       # P0's untap: in, then Shackles untap
    assert obs["permanents"]["e"]["phased_out"] is False
    assert obs["permanents"]["vs"]["tapped"] is False
    assert obs["permanents"]["e"]["controller"] == 1


def test_until_end_of_turn_effect_expires_while_phased_out():
    """T-702.26f-giant-growth (CR 702.26f, 514.2): Mutavault animated until end of turn phases out;
    the turn ends; when it phases in it is a land again and can't attack. (Giant Growth is not in the
    catalog; Mutavault's animation is the catalog's until-end-of-turn effect.)"""
    game = play(perm("mv", "Mutavault"))
    game.run(activate("mv"), phase_out("mv"))
    obs = game.run(advance("combat", 2))
    assert obs["permanents"]["mv"]["phased_out"] is False
    game.assert_rejected(attack("mv"), "illegal_choice")


def test_threatened_creature_phased_out_comes_back_to_its_owner():
    """CR 702.26a, 702.26f: a creature taken with Threaten and phased out under the thief phases in at
    the thief's next untap step; the until-end-of-turn control effect ended meanwhile, so it is its
    owner's again."""
    game = play(perm("e", "Llanowar Elves", 1), hands={0: ["Threaten"]})
    game.run(cast(0, "Threaten", targets=["e"]), phase_out("e"))
    obs = game.run(advance("upkeep"))                          # P1's turn: phased out under P0
    assert obs["permanents"]["e"]["phased_out"] is True
    obs = game.run(advance("upkeep"))                          # P0's turn: phases in
    assert obs["permanents"]["e"]["phased_out"] is False
    assert obs["permanents"]["e"]["controller"] == 1


def test_until_leaves_exile_persists_when_banisher_priest_phases_out():
    """T-610.3-vs-phasing, edge case 23, R-phasing (2020-06-23; CR 610.3, 702.26d): Banisher
    Priest exiles a creature "until Banisher Priest leaves the battlefield"; the Priest phasing out
    doesn't return it, and neither does phasing back in; the Priest leaving does."""
    game = play(perm("e", "Llanowar Elves", 1), hands={0: ["Banisher Priest"]})
    obs = game.run(cast(0, "Banisher Priest", "bp", targets=["e"]))
    assert where(obs, "e") == "exile"
    obs = game.run(phase_out("bp"))
    assert where(obs, "e") == "exile"
    obs = game.run(advance("main1", 2))
    assert obs["permanents"]["bp"]["phased_out"] is False and where(obs, "e") == "exile"
    obs = game.run(to_graveyard("bp"))
    assert where(obs, "e") == "battlefield" and obs["permanents"]["e"]["controller"] == 1


# --- CR 702.26g–i: attachments --------------------------------------------------------------------

def test_auras_and_equipment_phase_out_with_their_host():
    """T-702.26g-indirect, edge case 19, R-phasing (CR 702.26g): your creature with your Holy
    Strength, your Bonesplitter and the opponent's Pacifism phases out (Teferi's Protection) — all
    three phase out indirectly, even the Aura you don't control, and phase in still attached at your
    next untap step."""
    game = play(perm("e", "Llanowar Elves"), perm("hs", "Holy Strength", attached_to="e"),
                perm("bs", "Bonesplitter", attached_to="e"), perm("pac", "Pacifism", 1, attached_to="e"),
                hands={0: ["Teferi's Protection"]})
    obs = game.act(cast(0, "Teferi's Protection"))
    for pid in ("e", "hs", "bs", "pac"):
        assert obs["permanents"][pid]["phased_out"] is True, pid
    obs = game.run(advance("upkeep"))                          # P1's turn: Pacifism stays out
    assert obs["permanents"]["pac"]["phased_out"] is True
    obs = game.run(advance("upkeep"))                          # P0's turn: all back, attached
    for pid in ("hs", "bs", "pac"):
        assert status(obs, pid) == ("battlefield", False, False, {"permanent": "e"}), pid


def test_aura_phased_out_directly_leaves_the_host_and_comes_back_attached():
    """T-702.26i-direct, edge case 19 (CR 702.26i): you control Pacifism on the opponent's creature
    and cast Teferi's Protection — Pacifism phases out directly, the creature stays; at your next untap
    step Pacifism phases in attached to it."""
    game = play(perm("e", "Llanowar Elves", 1), perm("pac", "Pacifism", 0, attached_to="e"),
                hands={0: ["Teferi's Protection"]})
    obs = game.act(cast(0, "Teferi's Protection"))
    assert obs["permanents"]["pac"]["phased_out"] is True
    assert obs["permanents"]["e"]["phased_out"] is False
    obs = game.run(advance("upkeep", 2))
    assert status(obs, "pac") == ("battlefield", False, False, {"permanent": "e"})


def test_aura_phased_out_directly_whose_host_died_phases_in_and_dies():
    """T-702.26i-direct, edge case 19 (CR 702.26i, 704.5m): as above, but the creature dies while
    Pacifism is phased out — Pacifism phases in unattached and goes to the graveyard."""
    game = play(perm("e", "Llanowar Elves", 1), perm("pac", "Pacifism", 0, attached_to="e"),
                hands={0: ["Teferi's Protection"]})
    game.run(cast(0, "Teferi's Protection"), to_graveyard("e"))
    obs = game.run(advance("upkeep", 2))
    assert where(obs, "pac") == "graveyard"


def test_equipment_phased_out_directly_whose_creature_left_and_came_back_phases_in_unattached():
    """CR 702.26i, 400.7: Bonesplitter phases out directly; its creature is exiled by Banisher Priest
    and returns when the Priest leaves — a new object, so Bonesplitter phases in attached to nothing
    (found by a mutant-writing session: the oracle had reattached it by the card's id)."""
    game = play(perm("e", "Llanowar Elves", 1), perm("bs", "Bonesplitter", 1, attached_to="e"),
                hands={0: ["Banisher Priest"]})
    game.run({"type": "phase_out", "permanents": ["bs"]},
             cast(0, "Banisher Priest", "bp", targets=[{"permanent": "e"}]), to_graveyard("bp"))
    obs = game.run(advance("upkeep", 1))                       # P1's untap step phases it in
    assert where(obs, "e") == "battlefield"
    assert status(obs, "bs") == ("battlefield", False, False, None)


def test_psychic_possession_phased_out_directly_comes_back_attached():
    """T-702.26i-player (CR 702.26i): your Psychic Possession under your Teferi's Protection phases
    out directly; it phases in attached to the opponent, who is still in the game."""
    game = play(perm("pp", "Psychic Possession", 0, attached_to=1), hands={0: ["Teferi's Protection"]})
    obs = game.act(cast(0, "Teferi's Protection"))
    assert obs["permanents"]["pp"]["phased_out"] is True
    obs = game.run(advance("upkeep", 2))
    assert status(obs, "pp") == ("battlefield", False, False, {"player": 1})


def test_psychic_possession_phased_out_whose_player_left_phases_in_and_dies():
    """T-702.26i-player, edge case 19 (CR 702.26i, 303.4c, 704.5m): three players; the enchanted
    player leaves while the Possession is phased out — it phases in unattached and goes to the
    graveyard."""
    game = play(perm("pp", "Psychic Possession", 0, attached_to=1), players=3,
                hands={0: ["Teferi's Protection"]})
    game.run(cast(0, "Teferi's Protection"), {"type": "concede", "player": 1})
    obs = game.run(advance("upkeep", 2))                       # P2's turn, then P0's
    assert where(obs, "pp") == "graveyard"


def test_directly_and_indirectly_at_once_is_indirectly():
    """edge case 19 (CR 702.26h): the opponent's Pacifism and your creature phase out at once —
    Pacifism phases out indirectly only, so it does not phase in on its controller's untap step but
    with the creature on yours."""
    game = play(perm("e", "Llanowar Elves"), perm("pac", "Pacifism", 1, attached_to="e"))
    game.run(phase_out("e", "pac"))
    obs = game.run(advance("upkeep"))                          # P1's untap step
    assert obs["permanents"]["pac"]["phased_out"] is True
    obs = game.run(advance("upkeep"))                          # P0's untap step
    assert status(obs, "pac") == ("battlefield", False, False, {"permanent": "e"})
    assert obs["permanents"]["e"]["phased_out"] is False


# --- CR 610.4: phase out "until" ------------------------------------------------------------------

def test_oubliette_phases_a_creature_out_with_its_auras_until_it_leaves():
    """T-610.4-oubliette, edge case 22 (CR 610.4, 610.4a): Oubliette phases out the target creature
    with its Aura; it doesn't phase in at its controller's untap steps; when Oubliette leaves it phases
    in at once, tapped, with its Aura."""
    game = play(perm("e", "Llanowar Elves", 1), perm("hs", "Holy Strength", 1, attached_to="e"),
                hands={0: ["Oubliette"]})
    obs = game.run(cast(0, "Oubliette", "ob", targets=["e"]))
    assert obs["permanents"]["e"]["phased_out"] and obs["permanents"]["hs"]["phased_out"]
    obs = game.run(advance("main1", 1))                        # the creature's controller's turn
    assert obs["permanents"]["e"]["phased_out"] is True
    obs = game.run(advance("main1", 1))
    obs = game.run(to_graveyard("ob"))
    assert status(obs, "e") == ("battlefield", False, True, None)
    assert status(obs, "hs") == ("battlefield", False, False, {"permanent": "e"})


def test_oubliette_phase_in_tapped_does_not_trigger_becomes_tapped():
    """T-610.4-oubliette, edge case 20, R-phasing (a creature phasing in tapped
    doesn't become tapped; CR 603.2e): Judge of Currents
    doesn't trigger when the Oubliette'd Merfolk phases in tapped."""
    game = play(perm("m", "Puresight Merrow", 1), perm("judge", "Judge of Currents", 1),
                hands={0: ["Oubliette"]})
    game.run(cast(0, "Oubliette", "ob", targets=["m"]))
    obs = game.act(to_graveyard("ob"))
    assert obs["permanents"]["m"]["tapped"] is True
    assert obs["triggered"] == []
    assert obs["players"][1]["life"] == 20


def test_becomes_tapped_trigger_does_fire_for_a_real_tapping():
    """CR 603.2e (the control case for the test above): tapping the Merfolk by an effect does make
    Judge of Currents trigger."""
    game = play(perm("m", "Puresight Merrow", 1), perm("judge", "Judge of Currents", 1))
    obs = game.act(tap("m"))
    assert obs["triggered"] == [["judge", "becomes_tapped"]]
    assert obs["players"][1]["life"] == 21


def test_tapped_creature_phasing_in_at_untap_step_does_not_become_tapped():
    """edge case 20, R-phasing (CR 603.2e, 110.5c): a Merfolk that phased out tapped phases in
    tapped during the untap step — Judge of Currents doesn't trigger."""
    game = play(perm("m", "Puresight Merrow", tapped=True), perm("judge", "Judge of Currents"))
    game.run(phase_out("m"))
    obs = game.run(advance("upkeep", 2))
    assert ["judge", "becomes_tapped"] not in obs["triggered"]
    assert obs["players"][0]["life"] == 20


def test_oubliette_creature_with_phasing_stays_out_in_untap_steps():
    """edge case 21–22 (CR 610.4a, 702.26a): a Teferi's Imp under Oubliette doesn't phase in during
    its controller's untap steps, though it has phasing."""
    game = play(perm("imp", "Teferi's Imp", 1), hands={0: ["Oubliette"]})
    game.run(cast(0, "Oubliette", "ob", targets=["imp"]))
    obs = game.run(advance("main1", 1), advance("main1", 2))
    assert obs["permanents"]["imp"]["phased_out"] is True
    assert ["imp", "phases_in"] not in obs["triggered"]


def test_oubliette_phasing_out_doesnt_release_the_creature():
    """edge case 23–24 (CR 610.4, 702.26d): "until Oubliette leaves the battlefield" — Oubliette
    phasing out (its controller's Teferi's Protection) is not leaving, so the creature stays out; it
    comes back only when Oubliette really leaves."""
    game = play(perm("e", "Llanowar Elves", 1), hands={0: ["Oubliette", "Teferi's Protection"]})
    game.run(cast(0, "Oubliette", "ob", targets=["e"]), cast(0, "Teferi's Protection"))
    obs = game.run(advance("main1", 2))
    assert obs["permanents"]["ob"]["phased_out"] is False
    assert obs["permanents"]["e"]["phased_out"] is True
    obs = game.run(to_graveyard("ob"))
    assert obs["permanents"]["e"]["phased_out"] is False


def test_slip_out_the_back_counter_and_phase_out():
    """CR 702.26d: Slip Out the Back puts a +1/+1 counter on the creature and phases it out; it comes
    back with the counter."""
    game = play(perm("e", "Llanowar Elves"), hands={0: ["Slip Out the Back"]})
    obs = game.act(cast(0, "Slip Out the Back", targets=["e"]))
    assert obs["permanents"]["e"]["phased_out"] is True
    obs = game.run(advance("upkeep", 2))
    assert obs["permanents"]["e"]["counters"] == {"+1/+1": 1}
    assert obs["permanents"]["e"]["phased_out"] is False


def test_phasing_out_an_attacker_leaves_it_tapped_and_phased_out():
    """T-702.26b-combat (CR 506.4, 702.26b), as far as the contract observes it: an attacking Elves
    phased out by Slip Out the Back is phased out (removed from combat; combat damage is not
    modelled)."""
    game = play(perm("e", "Llanowar Elves"), hands={0: ["Slip Out the Back"]}, step="combat")
    game.run(attack("e"))
    obs = game.act(cast(0, "Slip Out the Back", targets=["e"]))
    assert obs["permanents"]["e"]["phased_out"] is True


def test_untapped_creature_phasing_out_twice_is_nothing():
    """CR 702.26b: phasing out a permanent already phased out does nothing more (an effect can't see
    it) — no trigger, nothing changes."""
    game = play(perm("imp", "Teferi's Imp", phased_out="directly"))
    obs = game.act(phase_out("imp"))
    assert obs["rejected"] is None and obs["triggered"] == []


def test_teferis_imp_phased_out_by_an_effect_discards():
    """T-603.10b-imp, edge case 25 (CR 603.10b): Teferi's Imp phased out by an effect — its "phases
    out" trigger looks back, so its controller discards a card."""
    game = play(perm("imp", "Teferi's Imp"), hands={0: ["Forest"]})
    obs = game.act(phase_out("imp"))
    assert obs["triggered"] == [["imp", "phases_out"]]
    assert obs["players"][0]["hand"] == 0 and obs["players"][0]["graveyard"] == 1


def test_mana_from_a_phased_in_land():
    """CR 702.26c: a phased-in land is on the battlefield again and taps for mana."""
    game = play(perm("f", "Forest", phased_out="directly"))
    game.run(advance("main1", 2))
    assert pool(game.act(activate_mana("f"))) == {"G": 1}
