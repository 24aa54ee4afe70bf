"""The oracle's rule provenance (oracle/provenance.py): every action's trace names the CR rules that
decided it, down to the lettered subrule, with the objects and observation fields concerned."""
from __future__ import annotations

from mtg_conformance.oracle import Oracle
from mtg_conformance.oracle.provenance import Decision, explain
from scenarios import (activate, activate_mana, advance, cast, change_control, concede, perm, phase_out, play,
                       put_onto_battlefield, scenario, tap, to_graveyard)


def decided(game, rule: str) -> list[Decision]:
    return [d for d in game.oracle.trace if d.rule == rule]


def only(game, rule: str) -> Decision:
    found = decided(game, rule)
    assert len(found) == 1, explain(game.oracle.trace)
    return found[0]


def test_a_decision_is_one_readable_sentence_led_by_its_rule():
    game = play(perm("f", "Forest"))
    game.act(activate_mana("f"))
    d = only(game, "605.3b")
    assert d.says.startswith("605.3b: ") and str(d) == d.says
    assert d.objects == ("f", 0) and d.fields == ("players[0].mana.G",)


def test_undefined_mana_type_adds_no_mana_106_5():
    game = play(perm("r", "Reflecting Pool"))
    game.act(activate_mana("r", "W"))
    d = only(game, "106.5")
    assert "defines no mana type" in d.says and "no mana" in d.says
    assert d.objects == ("r", 0)
    assert set(d.fields) == {"players[0].mana", "rejected.illegal_choice"}


def test_could_produce_allows_the_colour_106_7():
    game = play(perm("r", "Reflecting Pool"), perm("f", "Forest"))
    game.act(activate_mana("r", "G"))
    assert only(game, "106.7").fields == ("rejected.illegal_choice", "players[0].mana.G")
    assert not decided(game, "605.3b")                 # the choice decided the mana


def test_tapping_for_mana_is_paying_the_tap_cost_107_5():
    game = play(perm("f", "Forest"))
    game.act(activate_mana("f"))
    assert "permanents.f.tapped" in decided(game, "107.5")[-1].fields


def test_a_colour_asked_of_a_fixed_type_ability_changes_nothing_608_2d():
    """A Forest asked for W adds {G} (docs/contract.md): an engine refusing the colour is blamed on
    the rule that says the ability offers no choice, not on the {T} or sickness checks beside it."""
    game = play(perm("f", "Forest", tapped=True))
    game.act(activate_mana("f", "W"))
    assert only(game, "608.2d").fields == ("rejected.illegal_choice",)
    game = play(perm("f", "Forest"))
    game.act(activate_mana("f", "G"))
    assert not decided(game, "608.2d")


def test_a_tapped_q_source_is_why_a_tapped_refusal_is_wrong_107_6():
    """An engine refusing a tapped Pili-Pala as `tapped` (as if {Q} were {T}) is blamed on 107.6, the
    decision that its being tapped is what {Q} needs, not on the sickness check beside it."""
    game = play(perm("q", "Pili-Pala", tapped=True))
    game.act(activate_mana("q", "W"))
    assert "rejected.tapped" in decided(game, "107.6")[0].fields


def test_a_rejection_is_recorded_with_its_reason():
    game = play(perm("f", "Forest", tapped=True))
    game.act(activate_mana("f"))
    d = only(game, "107.5")
    assert "rejected" in d.says and set(d.fields) == {"rejected", "rejected.tapped"}


def test_summoning_sickness_decisions_302_6_and_haste_702_10c():
    game = play(perm("f", "Forest", sick=True))
    game.act(activate_mana("f"))
    assert "not a creature" in only(game, "302.6").says
    hasty = play(perm("e", "Llanowar Elves", sick=True), perm("v", "Fervor"))
    hasty.act(activate_mana("e"))
    assert only(hasty, "702.10c").fields == ("rejected.summoning_sick.haste",)


def test_a_phased_out_haste_source_is_why_there_is_no_haste_702_26b():
    game = play(perm("e", "Llanowar Elves", sick=True), perm("v", "Fervor", phased_out="directly"))
    game.act(activate_mana("e"))
    d = only(game, "702.26b")
    assert d.objects == ("v", "e") and d.fields == ("rejected.summoning_sick.haste",)
    assert decided(game, "302.6")                      # and the rejection itself


def test_replacement_effects_apply_once_614_5_in_the_harness_order_616_1():
    game = play(perm("f", "Forest"), perm("c", "Contamination"), perm("m", "Mana Reflection"))
    game.act(activate_mana("f", order=["m", "c"]))
    assert only(game, "614.5").fields == ("players[0].mana.B",)
    assert set(only(game, "616.1").objects) == {"m", "c"}


def test_phasing_out_is_no_zone_change_702_26d():
    game = play(perm("a", "Aven Riftwatcher", counters={"time": 2}))
    game.act(phase_out("a"))
    d = only(game, "702.26d")
    assert "no zone change" in d.says and "no leaves trigger" in d.says      # what phasing out isn't
    assert d.objects == ("a",) and d.fields[0] == "triggered.leaves.a"
    assert d.key == "no-zone-change"
    assert only(game, "702.26b").fields == ("permanents.a.phased_out",)


def test_attachments_phase_out_indirectly_702_26g():
    game = play(perm("e", "Llanowar Elves"), perm("h", "Holy Strength", attached_to="e"))
    game.act(phase_out("e"))
    d = only(game, "702.26g")
    assert d.objects == ("h",) and d.fields == ("permanents.h.phased_out",)


def test_triggers_name_their_source_603():
    game = play(perm("j", "Judge of Currents"), perm("m", "Puresight Merrow"))
    game.act(tap("m"))
    d = only(game, "603.2e")
    assert d.objects == ("j",) and d.fields == ("triggered.becomes_tapped.j",)


def test_untap_step_phasing_is_simultaneous_702_26a():
    game = play(perm("i", "Teferi's Imp"), perm("b", "Breezekeeper", phased_out="directly"),
                step="end", active=1)
    game.act(advance("main1", turns=1))
    d = decided(game, "702.26a")[0]
    assert {"i", "b"} <= set(d.objects)
    assert {"permanents.i.phased_out", "permanents.b.phased_out"} <= set(d.fields)
    assert {"triggered.phases_in.i", "triggered.phases_out.b"} <= set(d.fields)   # none phases twice
    rules = [d.rule for d in game.oracle.trace]          # after the phasing it decided: it owns it
    assert rules.index("702.26b") < rules.index("702.26a")


def test_for_as_long_as_ends_when_its_source_phases_out_702_26f():
    game = play(perm("s", "Vedalken Shackles"), perm("i", "Island"), perm("e", "Llanowar Elves", 1))
    game.act(activate("s", targets=[{"permanent": "e"}]))
    game.act(phase_out("s"))
    assert only(game, "702.26f").fields == ("permanents.e.controller",)


def test_control_change_613_1b():
    game = play(perm("e", "Llanowar Elves", 1))
    game.act(change_control("e", 0))
    assert only(game, "613.1b").fields == ("permanents.e.controller",)


def test_leaving_the_game_800_4a_and_a_phased_out_permanent_702_26k():
    game = play(perm("a", "Aven Riftwatcher", 1, counters={"time": 2}, phased_out="directly"),
                perm("b", "Aven Riftwatcher", 1, counters={"time": 2}), players=3)
    game.act({"type": "concede", "player": 1})
    leaving = {d.key: d for d in decided(game, "800.4a") if d.key == "their-permanents-leave"}
    assert {"permanents.a.zone", "permanents.b.zone"} <= {f for d in decided(game, "800.4a") for f in d.fields}
    assert leaving and all(d.fields[0].endswith(".zone") for d in leaving.values())
    cards = [d for d in decided(game, "800.4a") if d.key == "their-cards-leave"]
    assert len(cards) == 1 and "players[1].hand" in cards[0].fields and "players[1].mana" in cards[0].fields
    assert only(game, "702.26k").objects == ("a",)
    assert [d.objects for d in decided(game, "603.6c")] == [("b",)]


def test_control_a_departed_player_had_through_an_effect_ends_800_4a():
    """P19's case: player 3's Control Magic (owned by 0) takes player 0's Soul Warden; when 3 leaves,
    800.4a ends that effect, so the Warden returns to 0 rather than being exiled with 3's things."""
    game = play(perm("w", "Soul Warden", 0), perm("cm", "Control Magic", 3, owner=0, attached_to="w"),
                players=4)
    observation = game.act(concede(3))
    ended = [d for d in decided(game, "800.4a") if d.fields == ("permanents.w.controller",)]
    assert len(ended) == 1 and "player 0 controls it" in ended[0].says
    assert not decided(game, "613.1b")
    assert observation["permanents"]["w"]["zone"] == "battlefield"


def test_state_based_action_704_5m():
    game = play(perm("p", "Psychic Possession", 0, attached_to=1))
    assert game.oracle.setup == game.oracle.trace
    game.act(change_control("p", 1))
    assert [d.fields for d in decided(game, "704.5m") if d.objects == ("p",)] == [("permanents.p.zone",)]


def test_draw_step_decisions_504_1_and_614_10():
    game = play(perm("f", "Forest"), step="upkeep")
    game.act(advance("draw"))
    assert only(game, "504.1").fields == ("players[0].hand", "players[0].library")
    skipping = play(perm("p", "Psychic Possession", 1, attached_to=0), step="upkeep")
    skipping.act(advance("draw", turns=1))
    assert any("skipped" in d.says for d in decided(skipping, "614.10"))


def test_enters_with_x_107_3m():
    game = play(perm("f", "Forest"), hands={0: ["Walking Ballista"]})
    game.act({"type": "put_onto_battlefield", "player": 0, "card": "Walking Ballista", "id": "w"})
    d = only(game, "107.3m")
    assert "X=0" in d.says and d.fields == ("permanents.w.counters",)


def test_each_action_starts_a_fresh_trace():
    game = Oracle(scenario(perm("f", "Forest"), perm("g", "Forest")))
    game.act(activate_mana("f"))
    first = game.trace
    game.act(activate_mana("g"))
    assert first and all("f" not in d.objects for d in game.trace)


def test_a_phased_out_permanent_doesnt_untap_702_26b_and_a_turn_goes_on_without_its_player_800_4j():
    game = play(perm("b", "Breezekeeper", 1, tapped=True), perm("f", "Forest", 1, tapped=True),
                players=3, step="end")
    game.act(advance("upkeep", turns=1))
    assert [d.fields for d in decided(game, "702.26b") if d.objects == ("b",)][-1] == (
        "permanents.b.tapped",)
    game = play(perm("f", "Forest", 1, tapped=True), players=3)
    game.act({"type": "concede", "player": 0})
    game.act(advance("end"))
    assert set(only(game, "800.4j").fields) == {
        "players[1].hand", "players[1].library", "players[1].in_game",
        "players[2].hand", "players[2].library", "players[2].in_game",
        "permanents.f.tapped", "permanents.f.phased_out",
        *(f"triggered.{event}" for event in ("phases_in", "phases_out", "upkeep", "draw_step",
                                             "opponent_draws", "last_time_counter_removed"))}


def test_a_turn_whose_active_player_lost_on_the_way_goes_on_800_4j():
    """The active player draws from an empty library during the advance: the rest of the turn is
    decided by 800.4j too, once; a two-player game simply ends (104.2a), with no 800.4j."""
    game = play(players=3, step="upkeep", libraries={0: [], 1: [], 2: []})
    game.act(advance("end"))
    assert "players[1].in_game" in only(game, "800.4j").fields
    game = play(players=2, step="upkeep", libraries={0: []})
    game.act(advance("end"))
    assert not decided(game, "800.4j")


def test_protection_stops_a_target_702_16b():
    game = play(perm("v", "Voice of All", 0, chosen_color="R"), hands={1: ["Threaten"]}, active=1)
    game.act(cast(1, "Threaten", targets=[{"permanent": "v"}]))
    assert only(game, "702.16b").fields == ("rejected.illegal_target.protection",)


def test_the_creature_a_cost_taps_is_paid_for_the_cost_not_by_the_tap_symbol_601_2h():
    """Springleaf Drum: {T} (107.5) taps the Drum; the creature it names is tapped as the rest of the
    cost (601.2h, T-106.12-drum), so a creature left untapped is blamed on the cost, not on {T}."""
    game = play(perm("d", "Springleaf Drum"), perm("e", "Llanowar Elves"))
    game.act(activate_mana("d", "G", tap="e"))
    assert {d.objects for d in decided(game, "107.5")} == {("d",)}
    assert only(game, "601.2h").objects == ("e",)
    assert only(game, "601.2h").fields == ("permanents.e.tapped",)


# --- rules that decided silently or under another rule's note before ---------------------------------

def test_a_leaves_ability_looks_back_603_10a_after_the_trigger_603_6c():
    """Recorded after the trigger's own decision, so a difference in that trigger stays 603.6c's."""
    game = play(perm("a", "Aven Riftwatcher", counters={"time": 2}))
    game.act(to_graveyard("a"))
    rules = [d.rule for d in game.oracle.trace]
    assert rules.index("603.6c") < rules.index("603.10a")
    assert only(game, "603.10a").fields == ("triggered.leaves.a",)
    game = play(perm("h", "Hangarback Walker", counters={"+1/+1": 2}))
    game.act(to_graveyard("h"))
    assert "the 2 +1/+1 counters it had" in only(game, "603.10a").says


def test_phased_out_until_an_event_stays_out_in_the_untap_step_610_4a():
    game = play(perm("e", "Llanowar Elves", 1), hands={0: ["Oubliette"]})
    game.act(cast(0, "Oubliette", "o", targets=["e"]))
    game.act(advance("upkeep", turns=1))
    d = only(game, "610.4a")
    assert d.objects == ("e",) and d.fields == ("permanents.e.phased_out",)
    assert d.cards == ("Llanowar Elves",) and d.involved == ("Oubliette",)


def test_exile_until_it_leaves_sets_up_the_return_610_3():
    game = play(perm("e", "Llanowar Elves", 1), hands={0: ["Banisher Priest"]})
    game.act(cast(0, "Banisher Priest", "bp", targets=["e"]))
    d = only(game, "610.3")
    assert d.fields == ("permanents.e.zone",) and d.involved == ("Banisher Priest",)


def test_becoming_a_creature_is_a_type_changing_effect_613_1d():
    game = play(perm("m", "Mutavault"))
    game.act(activate("m"))
    d = only(game, "613.1d")
    assert d.objects == ("m",) and d.fields == ()          # nothing observed changes as it animates


def test_protection_from_everything_702_16j_stops_targeting_and_removes_an_aura():
    game = play(hands={0: ["Psychic Possession"], 1: ["Teferi's Protection"]})
    game.act(cast(1, "Teferi's Protection"))
    game.act(cast(0, "Psychic Possession", "pp", targets=[1]))
    assert decided(game, "702.16j")[0].fields == ("rejected.illegal_target.protection",)
    game = play(perm("p", "Psychic Possession", 0, attached_to=1), hands={1: ["Teferi's Protection"]})
    game.act(cast(1, "Teferi's Protection"))
    rules = [d.rule for d in game.oracle.trace]
    assert only(game, "702.16j").fields == ("permanents.p.zone",)
    assert rules.index("704.5m") < rules.index("702.16j")     # the cause, recorded last: it owns the zone


def test_an_aura_on_a_player_who_left_is_attached_to_nothing_303_4c():
    game = play(perm("p", "Psychic Possession", 1, attached_to=0), perm("q", "Psychic Possession", 2,
                attached_to=0, phased_out="directly"), players=3)
    game.act(concede(0))
    found = {d.objects[0]: d.fields for d in decided(game, "303.4c")}
    assert found == {"q": ("permanents.q.attached_to",), "p": ("permanents.p.zone",)}


def test_enchant_opponent_is_never_on_a_permanent_702_5d():
    """No scenario holds one on a permanent (a state-based action would apply): 702.5d decides
    where it may be put and what it may target, before the refusal it explains."""
    game = play(perm("f", "Forest", 1), hands={0: ["Psychic Possession", "Psychic Possession"]})
    game.act(put_onto_battlefield(0, "Psychic Possession", "p", attach_to="f"))
    d = only(game, "702.5d")
    assert d.fields == ("rejected.illegal_attachment",) and d.involved == ("Forest",)
    assert [x.rule for x in game.oracle.trace] == ["702.5d", "303.4f"]
    game.act(cast(0, "Psychic Possession", "q", targets=["f"]))
    assert only(game, "702.5d").fields == ("rejected.illegal_target",)


def test_what_a_skipped_draw_step_would_do_doesnt_happen_614_10a():
    game = play(perm("p", "Psychic Possession", 1, attached_to=0), perm("h", "Howling Mine", 1),
                step="upkeep")
    game.act(advance("draw", turns=1))
    d = only(game, "614.10a")
    assert d.objects == (1, "h") and d.fields == ("triggered.draw_step.h",)
    skipped = [x for x in decided(game, "614.10") if "is skipped" in x.says]    # it decided the draw
    assert [x.fields for x in skipped] == [("players[1].hand", "players[1].library")]


def test_the_untap_step_begins_with_phasing_502_1_and_status_persists_110_5c():
    game = play(perm("i", "Teferi's Imp", 1, tapped=True),
                perm("b", "Breezekeeper", 1, tapped=True, phased_out="directly"), step="end")
    game.act(advance("upkeep", turns=1))
    d = only(game, "502.1")
    assert set(d.fields) == {"permanents.i.tapped", "permanents.b.tapped"}
    assert "i phased out first and stays tapped" in d.says
    game = play(perm("f", "Forest", tapped=True))
    game.act(phase_out("f"))
    assert only(game, "110.5c").fields == ("permanents.f.tapped",)


def test_a_creatures_tap_ability_may_be_activated_602_5a():
    game = play(perm("e", "Llanowar Elves"))
    game.act(activate_mana("e"))
    rules = [d.rule for d in game.oracle.trace]
    assert only(game, "602.5a").fields == ("rejected.summoning_sick",)
    assert rules.index("302.6") < rules.index("602.5a")   # a refusal stays 302.6's
    game = play(perm("e", "Llanowar Elves", sick=True))
    game.act(activate_mana("e"))
    assert not decided(game, "602.5a")


def test_a_token_that_leaves_is_in_no_graveyard_704_5d():
    game = play(perm("t", "Treasure", token=True))
    obs = game.act(activate_mana("t", "B"))
    d = only(game, "704.5d")
    assert d.fields == ("permanents.t.zone", "players[0].graveyard")
    assert obs["permanents"]["t"]["zone"] == "none" and obs["players"][0]["graveyard"] == 0


def test_a_mana_trigger_that_doesnt_trigger_decides_its_mana_isnt_added_106_12a():
    """Vernal Bloom waits for a Forest: a Dryad Arbor that Blood Moon made a Mountain tapped for {R}
    doesn't trigger it, which decides the {G} it would add isn't there (an engine adding it departed
    from that decision, not from the land's type)."""
    game = play(perm("v", "Vernal Bloom"), perm("b", "Blood Moon"), perm("a", "Dryad Arbor"))
    game.act(activate_mana("a", "R"))
    held = [d for d in decided(game, "106.12a") if "no trigger" in d.says]
    assert len(held) == 1 and held[0].fields == ("triggered.land_tapped_for_mana.v", "players[0].mana.G")


def test_a_control_effect_that_leaves_the_scenarios_controller_is_recorded_at_setup_613_1b():
    """Player 1's Control Magic on player 1's own Merrow changes nothing, which decides the Merrow's
    controller all the same (an engine giving it to player 0 departed from that); a control effect
    that changes it is recorded once, as it changes."""
    game = play(perm("m", "Puresight Merrow", 1), perm("cm", "Control Magic", 1, attached_to="m"),
                perm("e", "Llanowar Elves", 0), perm("ce", "Control Magic", 1, attached_to="e"))
    setup = decided(game, "613.1b")
    assert sorted(d.fields for d in setup) == [("permanents.e.controller",), ("permanents.m.controller",)]
    assert "as the scenario has it" in next(d.says for d in setup if d.objects[0] == "m")


def test_an_effects_decision_comes_before_what_it_made_happen_111_1():
    """Hangarback Walker dies with two counters: its trigger's Thopters (111.1) enter and Soul Warden
    triggers for each (603.6a) — the Thopters' decision is recorded first, as their cause."""
    game = play(perm("h", "Hangarback Walker", counters={"+1/+1": 2}), perm("w", "Soul Warden"))
    game.act(to_graveyard("h"))
    rules = [d.rule for d in game.oracle.trace]
    assert "111.1" in rules and "603.6a" in rules
    assert rules.index("111.1") < rules.index("603.6a"), explain(game.oracle.trace)


def test_a_permanent_phasing_in_as_tapped_as_it_left_records_that_it_didnt_become_tapped_603_2e():
    """A Merrow that phased out tapped phases in tapped in its controller's untap step, before
    untapping: not becoming tapped, so Judge of Currents doesn't trigger — a decision, as for
    Oubliette's "phases in tapped"."""
    game = play(perm("m", "Puresight Merrow", 1, tapped=True, phased_out="directly"),
                perm("j", "Judge of Currents", 1), active=0, step="main2")
    game.act(advance("upkeep"))
    assert any(d.fields == ("triggered.becomes_tapped",) for d in decided(game, "603.2e")), \
        explain(game.oracle.trace)


def test_a_phased_out_source_that_would_give_haste_records_that_it_doesnt_702_26b():
    """A phased-out Mass Hysteria gives a sick Prodigal Sorcerer no haste, whoever controls it."""
    game = play(perm("h", "Mass Hysteria", 1, phased_out="directly"), perm("s", "Prodigal Sorcerer", sick=True))
    game.act(activate("s", targets=[{"player": 1}]))
    assert [d.fields for d in decided(game, "702.26b")] == [("rejected.summoning_sick.haste",)]



def test_a_phased_out_aura_that_would_boost_records_what_the_creature_would_be_702_26b():
    """A Holy Strength (+1/+2) phased out on Llanowar Elves: the Elves are 1/1, and the 702.26b
    decision, after 613.4c's, says they would be 2/3 if it applied."""
    game = Oracle(scenario(perm("e", "Llanowar Elves"), perm("hs", "Holy Strength", phased_out="directly",
                                                              attached_to="e")))
    rules = [d.rule for d in game.setup if "permanents.e.power" in d.fields]
    assert rules == ["613.4c", "702.26b"]
    phasing = [d for d in game.setup if d.rule == "702.26b"]
    assert phasing[0].otherwise == (("permanents.e.power", 2), ("permanents.e.toughness", 3))


def test_a_phased_out_anthems_702_26b_decision_says_what_every_creature_in_its_scope_would_be():
    """A phased-out Honor of the Pure beside Benalish Marshal and two Savannah Lions: the decision
    about the Marshal says all three would be +1/+1 if it applied — so an engine raising the Marshal
    alone (a lord boosting itself) didn't depart from it, and one applying the anthem did."""
    game = Oracle(scenario(perm("m", "Benalish Marshal"), perm("a", "Savannah Lions"),
                           perm("b", "Savannah Lions"), perm("h", "Honor of the Pure", phased_out="directly")))
    about_marshal, = [d for d in game.setup if d.rule == "702.26b" and d.objects == ("m",)]
    assert dict(about_marshal.otherwise) == {"permanents.m.power": 4, "permanents.m.toughness": 4,
                                             "permanents.a.power": 4, "permanents.a.toughness": 3,
                                             "permanents.b.power": 4, "permanents.b.toughness": 3}


def _said(game) -> dict:
    """{rule: what the activation would have given had it gone the other way} of the land-type
    decisions of the last action."""
    return {d.rule: d.otherwise for d in game.oracle.trace if d.key == "land-abilities"}


def _pool_after(**added) -> tuple:
    """The otherwise of an accepted activation into player 0's empty pool, `added` in it."""
    return (("rejected", None), *((f"players[0].mana.{t}", added.get(t, 0)) for t in "WUBRGC"))


def test_a_lands_type_decisions_say_what_the_activation_would_give_the_other_way():
    """Blood Moon, then Lush Growth on a Tundra: Mountain Forest Plains, so ability 1 is {R}. Had the
    effects applied in the other order (613.7) it would be a Mountain alone, and ability 1 rejected;
    no types' abilities (305.6) rejects it too: both say so (blame takes the first as found, the
    last as the other reading). Ability 0 ({W}): the other order gives {R}, not {W}."""
    board = (perm("t", "Tundra"), perm("b", "Blood Moon"), perm("l", "Lush Growth", attached_to="t"))
    game = play(*board)
    game.act(activate_mana("t", ability=1))
    said = _said(game)
    assert said["613.7"] == said["305.6"] == (("rejected", "illegal_choice"),)
    game = play(*board)
    game.act(activate_mana("t", ability=0, color="W"))
    assert _said(game)["613.7"] == _pool_after(R=1)


def test_the_rules_deciding_the_lands_a_reflecting_pool_reads_say_what_it_would_give_106_7():
    """A Reflecting Pool reads a Tundra, whose {W} and {U} are its basic land types' (305.6): without
    them the Pool could produce nothing, and asking it for {W} would add nothing (106.5). Under Blood
    Moon both are Mountains: a Pool that kept its rules text (305.7) could produce only {R}, so
    asking it for {G} would be rejected."""
    game = play(perm("r", "Reflecting Pool"), perm("t", "Tundra"))
    game.act(activate_mana("r", "W"))
    about_tundra = [d for d in game.oracle.trace if d.key == "land-abilities"]
    assert [(d.rule, d.otherwise) for d in about_tundra] == [("305.6", _pool_after())]
    assert "Tundra" in about_tundra[0].involved
    game = play(perm("r", "Reflecting Pool"), perm("t", "Tundra"), perm("b", "Blood Moon"))
    game.act(activate_mana("r", "G", ability=0))
    assert _said(game)["305.7"] == (("rejected", "illegal_choice"),)


def test_an_ability_of_any_colour_asked_for_colourless_is_rejected_in_the_other_way_too():
    """Chromatic Lantern grants a Tundra "any colour" after its types' {W} and {U}: had the types given
    nothing (305.6), ability 0 would be the granted one, which can't make {C} (106.1a)."""
    game = play(perm("t", "Tundra"), perm("c", "Chromatic Lantern"))
    game.act(activate_mana("t", "C", ability=0))
    assert _said(game)["305.6"] == (("rejected", "illegal_choice"),)


def test_the_other_way_counts_the_triggered_mana_that_would_be_added_either_way_106_12a():
    """Dryad Arbor under Blood Moon is a Mountain: {R}, and Gauntlet of Might adds {R} for a Mountain
    tapped for mana. Had it kept its rules text (305.7), ability 0 would be its {G}, and Gauntlet would
    still add its {R}: the pool after the trigger, less the {R} the land made, plus the {G}."""
    game = play(perm("g", "Gauntlet of Might"), perm("b", "Blood Moon"), perm("d", "Dryad Arbor"))
    game.act(activate_mana("d", "G"))
    assert _said(game)["305.7"] == _pool_after(R=1, G=1)


def test_a_phased_out_lands_abilities_still_decide_its_index_702_26b():
    """A phased-out Tundra is rejected as phased out; without its types' abilities (305.6) it would have
    no ability 0 as well, so an engine answering `illegal_choice` departed from that decision."""
    game = play(perm("t", "Tundra", phased_out="directly"))
    game.assert_rejected(activate_mana("t", "W"), "phased_out")
    assert _said(game) == {"305.6": (("rejected", "illegal_choice"),)}


def test_a_monolith_phasing_in_tapped_is_502_3s_alone():
    """Basalt Monolith phases in tapped in its controller's untap step and doesn't untap (502.3):
    that decision owns its tapped status, not 502.1's phasing-first or 110.5c's status kept."""
    game = play(perm("m", "Basalt Monolith", 1, tapped=True, phased_out="directly"), step="upkeep")
    game.act(advance("upkeep", turns=1))
    owners = [d.rule for d in game.oracle.trace if "permanents.m.tapped" in d.fields]
    assert owners == ["502.3"]


def test_a_flyer_earthquake_spares_would_have_died_702_9a():
    """Earthquake for 1 spares a Pili-Pala (1/1, flying): had 702.9a gone the other way, it would
    have died (704.5g); the Llanowar Elves it hit would show no damage."""
    game = play(perm("f", "Pili-Pala"), perm("e", "Llanowar Elves"), perm("m", "Mountain"),
                perm("n", "Mountain"), hands={0: ["Earthquake"]})
    game.act(cast(0, "Earthquake", "q", x=1))
    said = {d.objects: d.otherwise for d in game.oracle.trace if d.key == "dealt-or-spared"}
    assert said == {("f",): (("permanents.f.zone", "graveyard"),), ("e",): (("permanents.e.damage", 0),)}


def test_phasing_out_a_phased_out_token_keeps_it_702_26d():
    """A phased-out Treasure named by a phase-out effect stays as it is (702.26b) and keeps existing:
    a token doesn't cease to exist while phased out (702.26d), which decides where it is."""
    game = play(perm("t", "Treasure", phased_out="directly", token=True))
    game.act(phase_out("t"))
    owners = [(d.rule, d.key) for d in game.oracle.trace if "permanents.t.zone" in d.fields]
    assert owners == [("702.26d", "no-zone-change")]


def test_a_replacement_that_doesnt_apply_says_what_the_pool_would_hold_614_1a():
    """Contamination replaces a land's mana, not Llanowar Elves': the decision that it doesn't apply
    says the pool would hold {B}, not {G}, had it (contamination-on-any-permanent departs so)."""
    game = play(perm("c", "Contamination"), perm("e", "Llanowar Elves"))
    game.act(activate_mana("e"))
    said = [d.otherwise for d in game.oracle.trace if d.rule == "614.1a"]
    assert said == [(("players[0].mana.G", 0), ("players[0].mana.B", 1))]


def test_what_the_pool_would_hold_follows_the_harness_order_614_1a_616_1():
    """The Elves' {G} doubled by Mana Reflection, then tripled by Nyxbloom Ancient: 6 {G}. Had the
    Contamination ranked between them applied, it would have made {B} of the doubled mana, which
    Nyxbloom then triples: 3 {B}, not the 1 {B} of Contamination applied last."""
    game = play(perm("r", "Mana Reflection"), perm("c", "Contamination"), perm("n", "Nyxbloom Ancient"),
                perm("e", "Llanowar Elves"))
    assert game.act(activate_mana("e", order=["r", "c", "n"]))["players"][0]["mana"]["G"] == 6
    said = [d.otherwise for d in game.oracle.trace if d.rule == "614.1a"]
    assert said == [(("players[0].mana.G", 0), ("players[0].mana.B", 3))]


def test_the_type_a_trigger_adds_decides_the_type_it_was_made_as_too_106_12b():
    """A Contaminated Forest produced {B}: Mirari's Wake adds {B}, and so decides the {G} the Forest's
    ability made is not added (an engine adding {G} departed from 106.12b)."""
    game = play(perm("c", "Contamination"), perm("w", "Mirari's Wake"), perm("f", "Forest"))
    game.act(activate_mana("f"))
    fields = [d.fields for d in game.oracle.trace if d.rule == "106.12b" and d.fields]
    assert fields == [("players[0].mana.B", "players[0].mana.G")]


def test_a_tapped_for_mana_replacement_a_q_ability_escapes_is_the_106_12_decision_it_isnt_tapped():
    """Mana Reflection doubles mana from permanents tapped for mana; Pili-Pala's {2},{Q} ability
    isn't tapping for mana (106.12). Both decisions saying so — no replacement, no trigger — name
    the same thing decided, so an engine doubling it departs from one finding."""
    game = play(perm("r", "Mana Reflection"), perm("p", "Pili-Pala", tapped=True))
    game.act(activate_mana("p", color="W"))
    said = [(d.key, d.otherwise) for d in game.oracle.trace if d.rule == "106.12"]
    assert said == [("not-tapped-for-mana", ()), ("not-tapped-for-mana", (("players[0].mana.W", 2),))]
