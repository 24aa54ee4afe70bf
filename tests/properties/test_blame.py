"""Blame from provenance (properties.lockstep.blame) and the rule-coverage tally."""
from __future__ import annotations

import pytest

from mtg_conformance.adapters.mutants import MUTANTS, MutantEngine
from mtg_conformance.adapters.oracle_adapter import OracleEngine
from mtg_conformance.oracle.provenance import Decision
from mtg_conformance.properties.lockstep import Divergence, blame, run_case
from mtg_conformance.properties.model import Case, Step, Tally, all_properties
from scenarios import activate_mana, perm, scenario


def d(rule, fields=(), objects=()):
    return Decision(rule, f"{rule}: something", tuple(objects), tuple(fields))


def test_the_same_objects_field_beats_a_whole_list():
    trace = [d("100.1", ["permanents"]), d("100.2", ["permanents.p3.tapped"]), d("100.3", ["players"])]
    assert blame([("permanents.p3.tapped", True, False)], trace) == ("100.2",)


def test_a_decision_about_a_whole_object_concerns_its_fields():
    trace = [d("100.1", ["permanents.p3"]), d("100.2", ["permanents.p4.zone"])]
    assert blame([("permanents.p3.zone", "exile", "battlefield")], trace) == ("100.1",)


def test_triggers_are_matched_by_their_source():
    trace = [d("603.6a", ["triggered"], ["a"]), d("702.26d", ["triggered"], ["b"])]
    diff = ("triggered", [["a", "enters"], ["b", "leaves"]], [["a", "enters"]])
    assert blame([diff], trace) == ("702.26d",)


def test_a_decision_about_that_very_trigger_beats_an_earlier_one_about_its_source():
    trace = [d("702.26a", ["triggered", "permanents.r.phased_out"], ["r"]),
             d("702.63a", ["triggered", "triggered.last_time_counter_removed"], ["r"])]
    diff = ("triggered", [["r", "upkeep"]], [["r", "upkeep"], ["r", "last_time_counter_removed"]])
    assert blame([diff], trace) == ("702.63a",)


def test_a_legality_difference_is_blamed_on_the_rejecting_reason_alone():
    trace = [d("107.5", ["rejected.tapped", "permanents.p.tapped"]),
             d("302.6", ["rejected.summoning_sick"]), d("605.3b", ["players[0].mana.G"])]
    diffs = [("permanents.p.tapped", False, True), ("players[0].mana.G", 0, 1),
             ("rejected", "summoning_sick", None)]
    assert blame(diffs, trace) == ("302.6",)


def test_an_aspect_of_a_reason_is_more_specific_than_the_reason():
    trace = [d("702.26b", ["rejected.summoning_sick.haste"]), d("302.6", ["rejected.summoning_sick"])]
    assert blame([("rejected", None, "summoning_sick")], trace) == ("702.26b",)


def test_of_several_causes_the_first_recorded_is_blamed():
    trace = [d("614.10", ["players[0].hand"]), d("603.2c", ["triggered"], ["p"])]
    diffs = [("players[0].hand", 5, 6), ("triggered", [], [["p", "opponent_draws"]])]
    assert blame(diffs, trace) == ("614.10",)


def test_the_states_differences_are_weighed_before_the_triggers():
    """An early next turn (800.4j) fires that turn's draw-step triggers too: the trigger's own earlier
    decisions explain the extra trigger no more than the turn's start does."""
    trace = [d("603.4", ["triggered", "triggered.draw_step"], ["m"]),
             d("800.4j", ["players[2].hand", "players[2].in_game"])]
    diffs = [("players[2].hand", 0, 1), ("triggered", [["m", "draw_step"]], [])]
    assert blame(diffs, trace) == ("800.4j",)
    assert blame(diffs[1:], trace) == ("603.4",)


def test_a_zone_decided_explains_the_fields_only_one_side_gives():
    """A card the oracle put in the graveyard has no controller: the earlier layer-2 decision the
    engine agreed with isn't the cause; the decision that moved it is (P6's 704.5m, not 613.1b)."""
    trace = [d("613.1b", ["permanents.a.controller"]), d("704.5m", ["permanents.a"])]
    diffs = [("permanents.a.attached_to", {"player": 1}, None), ("permanents.a.controller", 1, None),
             ("permanents.a.zone", "battlefield", "graveyard")]
    found = Divergence(None, Case({}, ()), 0, "x", diffs, {}, {}, tuple(trace))
    assert found.signature == ("704.5m", "permanents.*.zone=battlefield|graveyard")


def test_a_field_both_sides_give_is_still_weighed_when_the_zone_differs():
    """An Aura the engine didn't phase in (702.26a) is put into the graveyard by the oracle later
    (704.5m): its phased-out status is the first cause, not its zone."""
    trace = [d("702.26a", ["permanents.h.phased_out"]), d("704.5m", ["permanents.h"])]
    diffs = [("permanents.h.phased_out", True, False), ("permanents.h.zone", "battlefield", "graveyard")]
    found = Divergence(None, Case({}, ()), 0, "x", diffs, {}, {}, tuple(trace))
    assert found.signature == ("702.26a", "permanents.*.phased_out")


def test_a_zone_undecided_leaves_the_other_fields_weighed():
    trace = [d("800.4a", ["permanents.s.controller"])]
    diffs = [("permanents.s.controller", None, 0), ("permanents.s.zone", "exile", "battlefield")]
    found = Divergence(None, Case({}, ()), 0, "x", diffs, {}, {}, tuple(trace))
    assert found.signature == ("800.4a", "permanents.*.controller")


def test_the_kind_is_the_field_the_blamed_decision_concerns():
    trace = [d("702.26b", ["rejected.tapped"])]
    diffs = [("permanents.p.tapped", False, True), ("rejected", "tapped", None)]
    found = Divergence(None, Case({}, ()), 0, "x", diffs, {}, {}, tuple(trace))
    assert found.signature == ("702.26b", "rejected")


def test_objects_left_and_objects_moved_are_different_kinds():
    trace = [d("800.4a", ["permanents.e"])]
    kept = [("permanents.e.zone", "battlefield", "exile")]
    moved = [("permanents.e.zone", "exile", "left_game")]
    kinds = {Divergence(None, Case({}, ()), 0, "x", diffs, {}, {}, tuple(trace)).kind for diffs in (kept, moved)}
    assert kinds == {"permanents.*.zone=battlefield|exile", "permanents.*.zone=exile|left_game"}


def test_nothing_concerned_is_unblamed():
    found = Divergence(None, Case({}, ()), 0, "x", [("players[0].life", 1, 2)], {}, {},
                       (d("100.1", ["permanents"]),))
    assert found.blamed == () and found.signature == ("unblamed", "players[*].life")


def test_a_claim_is_blamed_on_the_claims_rules():
    prop = all_properties()["X-001"]
    found = Divergence(prop, Case({}, ()), 0, "x", [], {}, {}, (d("100.1", ["permanents"]),))
    found.by_claim = True
    assert found.blamed == prop.claim_rules == ("107.3m",)
    assert found.signature == ("107.3m", "claim")


def test_a_claim_that_names_the_rules_its_case_broke_is_blamed_on_them():
    """AURA-001's claim has two cases: an enchant-opponent Aura on its own controller (303.4, 704.5m)
    and one on a permanent (702.5d, 704.5m), two distinct bugs with distinct signatures."""
    prop = all_properties()["AURA-001"]
    on = {"permanents": {"pp": {"zone": "battlefield", "phased_out": False, "controller": 0,
                                "attached_to": {"permanent": "e"}}}}
    step = Step({"battlefield": [{"id": "pp", "card": "Psychic Possession"}]}, {"type": "check_sba"},
                {}, on, {}, {})
    sentence, rules = prop.claim(step)
    assert rules == ("702.5d", "704.5m") and set(rules) <= set(prop.rules)
    found = Divergence(prop, Case({}, ()), 0, sentence, [], {}, {}, ())
    found.by_claim, found.claim_rules = True, rules
    assert found.signature == ("702.5d, 704.5m", "claim")


def test_colourless_from_a_colour_ability_is_a_claim_of_its_own():
    """MANA-001: an Orchard adding {C} breaks 106.1a as well as 106.5, apart from a Meteor Crater
    adding a colour it can't define (106.5)."""
    prop = all_properties()["MANA-001"]
    def added(card, mana):
        before = {"players": [{"mana": dict.fromkeys("WUBRGC", 0)}], "permanents": {"s": {"controller": 0}}}
        after = {"players": [{"mana": dict.fromkeys("WUBRGC", 0) | mana}], "rejected": None}
        oracle = {"players": [{"mana": dict.fromkeys("WUBRGC", 0)}], "rejected": None}
        step = Step({"battlefield": [{"id": "s", "card": card, "controller": 0}]},
                    {"type": "activate_mana", "permanent": "s", "player": 0}, before, after, before, oracle)
        return prop.claim(step)
    sentence, rules = added("Exotic Orchard", {"C": 1})
    assert rules == ("106.1a", "106.5") and set(rules) <= set(prop.rules)
    assert isinstance(added("Meteor Crater", {"R": 1}), str)
    assert isinstance(added("Reflecting Pool", {"C": 1}), str)       # it may make {C}: any type


@pytest.mark.parametrize("prop", [p for p in all_properties().values() if p.claim], ids=lambda p: p.id)
def test_every_claim_states_its_rules(prop):
    assert prop.claim_rules and set(prop.claim_rules) <= set(prop.rules)


def test_the_tally_counts_cases_labels_and_rule_coverage():
    tally = Tally()
    case = Case(scenario(perm("f", "Forest"), perm("e", "Llanowar Elves")),
                (activate_mana("f"), activate_mana("e")))
    run_case(OracleEngine(), case, all_properties()["COST-001"], tally)
    assert tally.cases == 1 and sum(tally.labels.values()) == 2
    assert tally.applied["605.3b"] == 2 and tally.agreed == tally.applied
    assert Tally.from_json(tally.to_json()) == tally


def test_decisions_of_a_diverging_action_are_applied_not_agreed():
    tally = Tally()
    mutant = MUTANTS["undefined-mana-is-colorless"]
    case = Case(scenario(perm("r", "Reflecting Pool")), (activate_mana("r", "C"),))
    with pytest.raises(Divergence) as found:
        run_case(MutantEngine(mutant), case, None, tally)
    assert found.value.blamed == ("106.5",)
    assert tally.applied["106.5"] == 1 and tally.agreed["106.5"] == 0
