"""Blame from provenance (properties.lockstep.blame) and the rule-coverage tally."""
from __future__ import annotations

import pytest

from mtg_conformance.adapters.mutants import MUTANTS, MutantEngine
from mtg_conformance.adapters.oracle_adapter import OracleEngine
from mtg_conformance.oracle.provenance import Decision
from mtg_conformance.properties.blame import blame
from mtg_conformance.properties.lockstep import Divergence, run_case
from mtg_conformance.properties.model import Case, Step, Tally, all_properties
from scenarios import activate_mana, advance, cast, perm, play, scenario


def d(rule, fields=(), objects=(), key="", fires=False, keeps=False):
    return Decision(rule, f"{rule}: something", tuple(objects), tuple(fields), key=key, fires=fires,
                    keeps=keeps)


def found(diffs, trace, before=None, prop=None, claim=None, engine=None):
    """A Divergence of `diffs` after one action, the oracle's observation before it `before`, the
    engine's after it `engine`."""
    result = Divergence(prop, Case({}, ({"type": "x"},)), 0, claim or None, diffs, engine or {}, {},
                        tuple(trace), before)
    if claim:
        result.by_claim = True
    return result


def test_the_last_decision_for_a_field_owns_it():
    """A departed player's hand: 504.1 drew a card, then 800.4a took every card away — the hand's
    final value is 800.4a's, whatever decided it on the way (the issue's 504.1 misblame)."""
    trace = [d("504.1", ["players[2].hand", "players[2].library"], key="draws"),
             d("800.4a", ["players[2].hand", "players[2].library", "players[2].graveyard"],
               key="their-cards-leave")]
    assert blame([("players[2].hand", 4, 0)], trace) == ("800.4a",)


def test_a_decision_that_says_what_would_have_been_owns_only_that_departure():
    """CR 702.26b: a phased-out Holy Strength modifies nothing; the decision says Elves would be 2/3
    if it did. An engine showing 2/3 departed from 702.26b; one showing 2/2 (a +1/+1 too many from
    elsewhere) from the 613.4c sum, which the 702.26b decision, recorded last, doesn't take."""
    pt = ["permanents.e.power", "permanents.e.toughness"]
    trace = [d("613.4c", pt, ["e"]),
             Decision("702.26b", "702.26b: hs phased out", ("e",), tuple(pt),
                      otherwise=(("permanents.e.power", 2), ("permanents.e.toughness", 3)))]
    assert blame([("permanents.e.power", 2, 1), ("permanents.e.toughness", 3, 1)], trace) == ("702.26b",)
    assert blame([("permanents.e.power", 2, 1), ("permanents.e.toughness", 2, 1)], trace) == ("613.4c",)


def test_a_case_that_cannot_tell_two_causes_apart_reads_the_other_way_too():
    """The engine's 2/3 is both 702.26b's other way (the phased-out Aura applying) and a +1/+1 too
    many from the 613.4c sum; a haste aspect and the summoning-sickness reason both explain an
    accepted {T}; a refused {W} from Horizon Canopy departs from the life payment (119.4) or the
    colour (106.1), where the player then lost and has no pool to show it; an extra leaves trigger departs from 702.26d (phasing out is no zone change) or
    702.26k (phased out as it left); a pool short of mana departs from the multiplying 614.5 or the
    trigger's 605.4a that added to it last. The other reading gives the second cause; one that
    reads one way only has none."""
    pt = ["permanents.e.power", "permanents.e.toughness"]
    trace = [d("613.4c", pt, ["e"]),
             Decision("702.26b", "702.26b: hs phased out", ("e",), tuple(pt),
                      otherwise=(("permanents.e.power", 2), ("permanents.e.toughness", 3)))]
    coincidence = found([("permanents.e.power", 2, 1), ("permanents.e.toughness", 3, 1)], trace)
    assert coincidence.blamed == ("702.26b",) and coincidence.other_reading[0] == ("613.4c",)
    assert found([("permanents.e.power", 2, 1), ("permanents.e.toughness", 2, 1)], trace).other_reading is None
    sick = [d("302.6", ["rejected.summoning_sick"]), d("702.26b", ["rejected.summoning_sick.haste"])]
    accepted = found([("rejected", None, "summoning_sick")], sick)
    assert accepted.blamed == ("702.26b",) and accepted.other_reading[0] == ("302.6",)
    canopy = [d("119.4", ["rejected.illegal_choice"]), d("106.1", ["players[0].mana.W", "rejected.illegal_choice"])]
    refused = found([("rejected", "illegal_choice", None), ("players[0].in_game", True, False)], canopy)
    assert refused.blamed == ("119.4",) and refused.other_reading[0] == ("106.1",)
    leaves = [d("702.26d", ["triggered.leaves.p3"], key="no-zone-change"), d("702.26k", ["triggered.leaves.p3"])]
    extra = found([("triggered", [["p3", "leaves"]], [])], leaves)
    assert extra.blamed == ("702.26d",) and extra.other_reading == (("702.26k",), "triggered.leaves:changed")
    pool = [d("614.5", ["players[0].mana.G"]), d("605.4a", ["players[0].mana.G"])]
    short = found([("players[0].mana.G", 5, 7)], pool)
    assert short.blamed == ("605.4a",) and short.other_reading == (("614.5",), "players[*].mana.*:amount")


def test_a_creature_only_its_counters_keep_alive_dead_on_the_engine_reads_as_either_decision():
    """A Walking Ballista cast with X=1 is 1/1 with the counter it entered with (107.3m), 0/0 without:
    613.4c says only its counters keep its toughness above 0 (704.5f). In the engine's graveyard it
    shows no counters, so the engine either put none or didn't count it: as found, the decision that
    puts them; read the other way, 613.4c. Alive with another count, or exiled, it reads one way."""
    trace = [d("107.3m", ["permanents.n0.counters"], ["n0"], key="uses-x"),
             Decision("613.4c", "613.4c: n0 is 1/1", ("n0",), ("permanents.n0.power", "permanents.n0.toughness"),
                      key="power-toughness", otherwise=(("permanents.n0.zone", "graveyard"),))]
    gone = [("permanents.n0.counters.+1/+1", None, 1), ("permanents.n0.power", None, 1),
            ("permanents.n0.toughness", None, 1)]
    dead = found([*gone, ("permanents.n0.zone", "graveyard", "battlefield")], trace)
    assert dead.blamed == ("107.3m",) and dead.other_reading == (("613.4c",), "power-toughness:differs")
    assert found([*gone, ("permanents.n0.zone", "exile", "battlefield")], trace).other_reading is None
    alive = found([("permanents.n0.counters.+1/+1", 2, 1), ("permanents.n0.power", 2, 1),
                   ("permanents.n0.toughness", 2, 1)], trace)
    assert alive.blamed == ("107.3m",) and alive.other_reading is None


def test_the_other_reading_changes_one_thing_at_a_time():
    """A Contamination that keeps the amount of doubled mana gives {B}{B}, which is also what an
    opponent's Mana Reflection (614.1a: it doesn't apply) would have given: that case reads as
    614.1a, or, taking no such coincidence, as the replacement effects (614.5) — not also as the
    decision before 614.5. A pool two triggers added to after a multiplier reads the other way as
    the multiplier, past both triggers' shares (their type and their mana); but not where the
    trigger departs elsewhere too: a Mirari's Wake adding the {G} a Forest made, not the {B}
    Contamination made of it, decided the {G} it didn't add, so the case reads one way only."""
    b = "players[0].mana.B"
    trace = [d("605.3b", [b], ["p1", 0]), d("614.5", [b], ["p1", 0]),
             Decision("614.1a", "614.1a: p3's doesn't apply", ("p1", 0), (b,), otherwise=((b, 2),))]
    kept = found([(b, 2, 1)], trace)
    assert kept.blamed == ("614.1a",) and kept.other_reading == (("614.5",), "players[*].mana.*:amount")
    g = "players[0].mana.G"
    pool = [d("605.3b", [g], ["l", 0]), d("614.5", [g], ["l", 0]), d("106.12b", [g], ["t1", "l"]),
            d("605.4a", [g], ["t1", 0]), d("106.12b", [g], ["t2", "l"]), d("605.4a", [g], ["t2", 0])]
    short = found([(g, 5, 11)], pool)
    assert short.blamed == ("605.4a",) and short.other_reading == (("614.5",), "players[*].mana.*:amount")
    wake = [d("605.3b", [b], ["l", 0]), d("614.5", [b], ["l", 0]), d("106.12b", [b, g], ["t", "l"]),
            d("605.4a", [b], ["t", 0])]
    other_type = found([(b, 1, 2), (g, 1, 0)], wake)
    assert other_type.blamed == ("106.12b",) and other_type.other_reading is None


def test_a_reader_departs_from_the_decision_that_gave_what_it_read():
    """Psychic Possession's trigger (603.2c) read the hand the draw step's draw gave (614.10: not
    skipped); a Howling Mine's card (603.4) came after it. An engine that skipped the draw step shows
    no card and no trigger: it departed from 614.10, which gave the hand the trigger read, not from
    the Mine's later draw."""
    hand, library = "players[0].hand", "players[0].library"
    trace = [d("614.10", [hand, library], key="doesnt-skip-draw-step"),
             Decision("603.2c", "603.2c: p1 triggers", ("p1",), ("triggered.opponent_draws.p1",),
                      reads=(hand,)),
             d("603.4", ["triggered.draw_step.p0"]), d("603.4", [hand, library], key="draw_extra_if_untapped")]
    before = {"players": [{"hand": 0, "library": 3}]}
    engine = {"players": [{"hand": 0, "library": 3}]}
    skipped = found([(hand, 0, 2), (library, 3, 1),
                     ("triggered", [], [["p0", "draw_step"], ["p1", "opponent_draws"]])], trace, before,
                    engine=engine)
    assert skipped.signature == ("614.10", "doesnt-skip-draw-step:differs")


def test_a_rejection_is_blamed_on_the_decision_that_also_decided_what_is_missing():
    """Horizon Canopy asked for {W}: the engine refuses the colour. Both 119.4 (the life can be paid)
    and 106.1 (W is one of its types) decided the action is no illegal choice; 106.1 also decided the
    {W} the engine didn't add, so the refusal is its."""
    trace = [d("119.4", ["rejected.illegal_choice"]), d("106.1", ["players[0].mana.W", "rejected.illegal_choice"])]
    diffs = [("players[0].mana.W", 0, 1), ("rejected", "illegal_choice", None)]
    assert blame(diffs, trace) == ("106.1",)


def test_a_container_decides_its_fields():
    trace = [d("605.3b", ["players[0].mana.G"]), d("106.4", ["players[0].mana"])]
    assert blame([("players[0].mana.G", 1, 0)], trace) == ("106.4",)


def test_the_earliest_owner_among_the_differences_is_the_cause():
    """A leaves trigger phasing fired (702.26d's, at once) whose effect milled (the oracle's own mill
    decided the library later): what follows is explained by what the oracle decided first."""
    trace = [d("702.26d", ["triggered.leaves.p0", "triggered.enters.p0"], ["p0"], key="no-zone-change"),
             d("603.10b", ["triggered.phases_out.p0"], ["p0"]),
             d("701.13a", ["players[0].library", "players[0].graveyard"])]
    diffs = [("players[0].graveyard", 5, 4), ("players[0].library", 0, 1),
             ("triggered", [["p0", "leaves"], ["p0", "phases_out"]], [["p0", "phases_out"]])]
    cause = found(diffs, trace).cause
    assert cause.decision.rule == "702.26d" and cause.where == "triggered.leaves.p0"
    assert found(diffs, trace).signature == ("702.26d", "no-zone-change:differs")


def test_triggers_are_owned_by_their_source_and_event():
    trace = [d("603.6a", ["triggered.enters.a"], ["a"]), d("702.26d", ["triggered.leaves.b"], ["b"])]
    diff = ("triggered", [["a", "enters"], ["b", "leaves"]], [["a", "enters"]])
    assert blame([diff], trace) == ("702.26d",)


def test_a_decision_about_every_source_of_an_event_owns_an_extra_one():
    """An early next turn (800.4j) fires that turn's draw-step triggers a second time: the decision
    that the turn goes on owns the extra one, not the first draw step's trigger."""
    trace = [d("603.4", ["triggered.draw_step.m"], ["m"], fires=True),
             d("800.4j", ["players[2].hand", "players[2].in_game", "triggered.draw_step"],
               key="turn-continues")]
    diffs = [("players[2].hand", 0, 1), ("triggered", [["m", "draw_step"], ["m", "draw_step"]],
                                         [["m", "draw_step"]])]
    assert blame(diffs, trace) == ("800.4j",)
    assert blame(diffs[1:], trace) == ("800.4j",)
    assert blame(diffs[1:], trace[:1]) == ("603.4",)


def test_a_decision_about_the_very_source_owns_an_extra_trigger_before_one_about_every_source():
    """The turn going on after a player left (800.4j) decides every upkeep trigger of the next turn;
    a Curse that the engine triggered in its controller's upkeep departed from the decision that it
    waits for the enchanted player's (303.4e), recorded later about that very Curse."""
    trace = [d("800.4j", ["players[1].in_game", "triggered.upkeep"], key="turn-continues"),
             d("303.4e", ["triggered.upkeep.c", "players[2].life"], key="enchanted-players-upkeep")]
    diffs = [("triggered", [["c", "upkeep"]], []), ("players[2].life", 19, 20)]
    assert blame(diffs, trace) == ("303.4e",)


def test_a_trigger_is_owned_by_the_first_decision_about_it():
    """A trigger records an event: the engine's extra leaves trigger came from phasing out (702.26d),
    not from leaving later while phased out (702.26k), which also says there is none; a missing one
    is owned by the decision that it triggers, not by the look-back that explains it (603.10a)."""
    held = [d("702.26d", ["triggered.leaves.p1"], ["p1"]), d("702.26k", ["triggered.leaves.p1"], ["p1"])]
    assert blame([("triggered", [["p1", "leaves"]], [])], held) == ("702.26d",)
    fired = [d("603.6c", ["triggered.leaves.a"], ["a"], fires=True),
             d("603.10a", ["triggered.leaves.a"], ["a"], fires=True)]
    assert blame([("triggered", [], [["a", "leaves"]])], fired) == ("603.6c",)
    assert found([("triggered", [], [["a", "leaves"]])], fired).kind == "triggered.leaves:kept"


def test_a_legality_difference_is_blamed_on_the_rejecting_reason_alone():
    trace = [d("107.5", ["rejected.tapped", "permanents.p.tapped"]),
             d("302.6", ["rejected.summoning_sick"]), d("605.3b", ["players[0].mana.G"])]
    diffs = [("permanents.p.tapped", False, True), ("players[0].mana.G", 0, 1),
             ("rejected", "summoning_sick", None)]
    assert blame(diffs, trace) == ("302.6",)
    assert found(diffs, trace).kind == "rejected.summoning_sick:rejected"


def test_the_legality_shape_is_the_engines_answer_to_the_decision():
    """Haste ignored: the engine rejects for sickness what the rules accept, or reject for another
    reason — one departure from "it has haste", whatever else was wrong with the action."""
    trace = [d("702.10c", ["rejected.summoning_sick.haste"])]
    kinds = {found([("rejected", "summoning_sick", oracle)], trace).kind
             for oracle in (None, "illegal_target", "illegal_choice")}
    assert kinds == {"rejected.summoning_sick.haste:rejected"}
    forbidding = [d("107.5", ["rejected", "rejected.tapped"])]
    assert found([("rejected", None, "tapped")], forbidding).kind == "rejected.tapped:accepted"
    assert found([("rejected", "timing", "tapped")], forbidding).kind == "rejected.tapped:other"


def test_an_aspect_of_a_reason_is_more_specific_than_the_reason():
    trace = [d("702.26b", ["rejected.summoning_sick.haste"]), d("302.6", ["rejected.summoning_sick"])]
    assert blame([("rejected", None, "summoning_sick")], trace) == ("702.26b",)


def test_a_zone_decided_explains_the_fields_only_one_side_gives():
    """A card the oracle put in the graveyard has no controller, and is counted in a graveyard: the
    earlier layer-2 decision the engine agreed with isn't the cause; the decision that moved it is
    (P6's 704.5m, not 613.1b), and the graveyard count is where it went, not a bug of its own."""
    trace = [d("613.1b", ["permanents.a.controller"]), d("701.13a", ["players[1].graveyard"]),
             d("704.5m", ["permanents.a.zone"])]
    diffs = [("permanents.a.attached_to", {"player": 1}, None), ("permanents.a.controller", 1, None),
             ("permanents.a.zone", "battlefield", "graveyard"), ("players[1].graveyard", 0, 1)]
    before = {"permanents": {"a": {"zone": "battlefield"}}}
    assert found(diffs, trace, before).signature == ("704.5m", "permanents.*.zone:kept")


def test_a_field_both_sides_give_is_still_weighed_when_the_zone_differs():
    """An Aura the engine didn't phase in (702.26a) is put into the graveyard by the oracle later
    (704.5m): its phased-out status is the first cause, not its zone."""
    trace = [d("702.26a", ["permanents.h.phased_out"]), d("704.5m", ["permanents.h.zone"])]
    diffs = [("permanents.h.phased_out", True, False), ("permanents.h.zone", "battlefield", "graveyard")]
    before = {"permanents": {"h": {"zone": "battlefield", "phased_out": True}}}
    assert found(diffs, trace, before).signature == ("702.26a", "permanents.*.phased_out:kept")


def test_a_status_the_engine_changed_on_what_the_rules_took_away_is_explained_by_the_zone():
    """A pain land taps (107.5) and its controller pays their last life (119.4), loses (704.5a) and
    leaves the game with it (800.4a); an engine that didn't take the life tapped the land as the
    rules do: what it shows of the land is where it is, and the life is the cause."""
    trace = [d("107.5", ["permanents.l.tapped"]), d("119.4", ["players[0].life"]),
             d("704.5a", ["players[0].in_game"]), d("800.4a", ["permanents.l.zone"], key="their-permanents-leave")]
    diffs = [("permanents.l.tapped", True, False), ("permanents.l.zone", "battlefield", "left_game"),
             ("players[0].life", 1, 0), ("players[0].in_game", True, False)]
    before = {"permanents": {"l": {"zone": "battlefield", "tapped": False}}, "players": [{"life": 1}]}
    assert found(diffs, trace, before).signature == ("119.4", "players[*].life:amount")


def test_a_read_both_sides_show_unchanged_is_no_departure_upstream():
    """Mana Reflection doubles Meteor Crater's {G} and Contamination makes it one {B} (614.5, which
    read the {G}); an engine making {B}{B} departed from 614.5, not from the {G} being chosen (106.7):
    neither side shows any {G}."""
    trace = [d("106.7", ["rejected.illegal_choice", "players[0].mana.G"], key="could-produce"),
             Decision("614.5", "614.5: 1 B", (), ("players[0].mana.B",), reads=("players[0].mana.G",))]
    before = {"players": [{"mana": {"G": 0, "B": 0}}]}
    engine = {"players": [{"mana": {"G": 0, "B": 2}}]}
    assert found([("players[0].mana.B", 2, 1)], trace, before, engine=engine).signature == \
        ("614.5", "players[*].mana.*:amount")


def test_an_attachment_phasing_with_its_host_goes_upstream_to_what_phased_the_host():
    """The untap step phases in Aven Riftwatcher (702.26a, recorded after the phasing it decided) and,
    with it, its Bonesplitter (702.26g, which reads the host's status). An engine that phased in
    neither departed from 702.26a; one that left only the Bonesplitter out, from 702.26g."""
    host, gear = "permanents.a.phased_out", "permanents.b.phased_out"
    trace = [d("702.26c", [host], ["a"]),
             Decision("702.26g", "702.26g: b phases in", ("b",), (gear,), reads=(host,)),
             d("702.26a", [host], ["a"], key="untap-step-phasing")]
    before = {"permanents": {"a": {"phased_out": "directly"}, "b": {"phased_out": "indirectly"}}}
    diffs = [(host, "directly", None), (gear, "indirectly", None)]
    assert found(diffs, trace, before, engine=before).signature == ("702.26a", "untap-step-phasing:differs")
    engine = {"permanents": {"a": {"phased_out": None}, "b": {"phased_out": "indirectly"}}}
    assert found(diffs[1:], trace, before, engine=engine).signature == ("702.26g", "permanents.*.phased_out:kept")


def test_an_exiled_creatures_damage_says_nothing_of_the_damage_dealt():
    """Blaze's X damage kills a creature (704.5g, reading its damage); an engine that exiled it as
    the game ended shows no damage on it, which is where it is, not damage never dealt (107.3a)."""
    trace = [d("107.3a", ["permanents.c.damage", "permanents.c.zone"], key="uses-x"),
             Decision("704.5g", "704.5g: c dies", ("c",), ("permanents.c.zone",), reads=("permanents.c.damage",))]
    before = {"permanents": {"c": {"zone": "battlefield", "damage": 0}}}
    engine = {"permanents": {"c": {"zone": "exile", "damage": 0}}}
    assert found([("permanents.c.zone", "exile", "graveyard")], trace, before, engine=engine).signature == \
        ("704.5g", "permanents.*.zone:other")


def test_a_zone_undecided_leaves_the_other_fields_weighed():
    trace = [d("800.4a", ["permanents.s.controller"], key="their-control-ends")]
    diffs = [("permanents.s.controller", None, 0), ("permanents.s.zone", "exile", "battlefield")]
    assert found(diffs, trace).signature == ("800.4a", "their-control-ends:differs")


def test_what_the_engine_shows_of_a_card_that_left_with_its_player_is_explained_by_that():
    """A Reflecting Pool that adds no mana, and Manabarbs firing anyway at a player on 1 life: the
    engine has the player leave, so it shows the Pool untapped, `left_game`. The rules have it
    tapped, a field 107.5 decided — but the departure is the trigger (106.12a), not the tapping."""
    trace = [d("107.5", ["permanents.p.tapped"]),
             d("106.12a", ["triggered.land_tapped_for_mana"], key="no-mana-no-trigger")]
    diffs = [("permanents.p.tapped", False, True), ("permanents.p.zone", "left_game", "battlefield"),
             ("players[0].in_game", False, True), ("triggered", [["m", "land_tapped_for_mana"]], [])]
    before = {"permanents": {"p": {"zone": "battlefield", "tapped": False}}}
    assert found(diffs, trace, before).signature == ("106.12a", "no-mana-no-trigger:differs")


def test_the_shape_is_the_departure_from_the_value_before():
    """kept: the engine didn't make the change the rules make; changed: it made one they don't;
    other: both changed it, differently. From a decision that things stay, always changed."""
    trace = [d("800.4a", ["permanents.e.zone"])]
    before = {"permanents": {"e": {"zone": "battlefield"}}}
    kinds = {found([("permanents.e.zone", zone, "left_game")], trace, before).kind
             for zone in ("battlefield", "exile")}
    assert kinds == {"permanents.*.zone:kept", "permanents.*.zone:other"}
    keyed = [d("800.4a", ["permanents.e.zone"], key="their-permanents-leave")]
    kinds = {found([("permanents.e.zone", zone, "left_game")], keyed, before).kind
             for zone in ("battlefield", "exile")}
    assert kinds == {"their-permanents-leave:differs"}
    stay = [d("104.2a", ["permanents.e.zone", "players[1].hand"], key="their-cards-stay", keeps=True)]
    before = {"permanents": {"e": {"zone": "battlefield"}}, "players": [{}, {"hand": 3}]}
    assert found([("permanents.e.zone", "exile", "battlefield")], stay, before).kind == \
        found([("players[1].hand", 0, 3)], stay, before).kind == "their-cards-stay:changed"


def test_a_player_losing_for_an_empty_library_is_the_draws_departure_where_the_engine_drew_fewer():
    """Mind Spring for X=3 with two cards left: the rules draw them, the third draw loses the game
    (121.4, 704.5b, which reads the library) and the game ends with their cards as they are
    (104.2a). An engine drawing one card keeps the player in: the X drawn, not 704.5b."""
    trace = [d("121.4", ["players[0].in_game"]),
             d("107.3a", ["players[0].hand", "players[0].library"], key="uses-x"),
             Decision("704.5b", "704.5b: player 0 drew from an empty library", (0,), ("players[0].in_game",),
                      reads=("players[0].library",)),
             d("104.2a", ["players[0].hand", "players[0].library"], key="their-cards-stay", keeps=True)]
    before = {"players": [{"hand": 3, "library": 2, "in_game": True}]}
    engine = {"players": [{"hand": 4, "library": 1, "in_game": True}]}
    diffs = [("players[0].in_game", True, False), ("players[0].hand", 4, 5), ("players[0].library", 1, 0)]
    assert found(diffs, trace, before, engine=engine).signature == ("107.3a", "uses-x:differs")


def test_the_count_a_decision_read_is_owned_by_the_decision_before_it_not_what_followed():
    """Mind Spring for X=3 with two cards left, in a three-player game: the player loses (704.5b,
    reading the library) and their cards leave the game (800.4a, deciding the library again). An
    engine drawing one card shows a library of 1: the library 704.5b read was the draw's (107.3a),
    not what 800.4a made of it afterwards."""
    trace = [d("121.4", ["players[0].in_game"]),
             d("107.3a", ["players[0].hand", "players[0].library"], key="uses-x"),
             Decision("704.5b", "704.5b: player 0 drew from an empty library", (0,), ("players[0].in_game",),
                      reads=("players[0].library",)),
             d("800.4a", ["players[0].hand", "players[0].library", "players[0].graveyard"],
               key="their-cards-leave")]
    before = {"players": [{"hand": 3, "library": 2, "graveyard": 4, "in_game": True}]}
    engine = {"players": [{"hand": 4, "library": 1, "graveyard": 5, "in_game": True}]}
    diffs = [("players[0].library", 1, 0), ("players[0].graveyard", 5, 0), ("players[0].hand", 4, 0),
             ("players[0].in_game", True, False)]
    assert found(diffs, trace, before, engine=engine).signature == ("107.3a", "uses-x:differs")


def test_a_new_objects_zone_departs_from_where_it_was_put():
    """A creature put onto the battlefield with toughness 0 (704.5f): an engine that lets it live
    kept it where it was put, as it would one already there; one that exiled it changed it."""
    trace = [d("704.5f", ["permanents.n.zone"])]
    assert found([("permanents.n.zone", "battlefield", "graveyard")], trace, {"permanents": {}}).kind == \
        found([("permanents.n.zone", "battlefield", "graveyard")], trace,
              {"permanents": {"n": {"zone": "battlefield"}}}).kind == "permanents.*.zone:kept"
    assert found([("permanents.n.zone", "exile", "battlefield")], trace, {"permanents": {}}).kind == \
        "permanents.*.zone:changed"


def _game_over_after_a_draw():
    """Player 1 draws (504.1), a pain land taps for mana (107.5) and deals them the last damage,
    and the two-player game ends (104.2a): their land and their cards stay as they are."""
    return [d("504.1", ["players[1].hand", "players[1].library"], key="draws"),
            d("500.4", ["players[1].mana"]),
            d("107.5", ["permanents.l.tapped"]),
            d("104.2a", ["permanents.l.zone", "permanents.l.controller"], key="their-permanents-stay",
              keeps=True),
            d("104.2a", ["players[1].hand", "players[1].library", "players[1].graveyard",
                         "players[1].mana"], key="their-cards-stay", keeps=True)]


def test_an_engine_moving_what_the_game_end_keeps_departed_from_that_alone():
    """An engine that exiles the loser's cards as a two-player game ends (phase.rs's R4) shows it
    on the land and on the hand, whose card the draw put there: one finding, 104.2a's, not the
    draw's or the tap's (what an exiled card reports of its status follows from where it is)."""
    before = {"permanents": {"l": {"zone": "battlefield", "tapped": False}},
              "players": [{}, {"hand": 1, "library": 3, "mana": {}}]}
    diffs = [("players[1].hand", 0, 2), ("permanents.l.tapped", False, True),
             ("permanents.l.zone", "exile", "battlefield"), ("permanents.l.controller", None, 1)]
    assert found(diffs, _game_over_after_a_draw(), before).signature == \
        ("104.2a", "their-permanents-stay:changed")


def test_what_an_engine_kept_as_it_was_is_the_earlier_decision_it_skipped():
    """That the game's end keeps a field as it is says nothing about what already happened to it:
    an engine that never emptied the pool as the step ended, or never drew, departed from that
    (500.4, 504.1), not from the game's end."""
    before = {"players": [{}, {"hand": 1, "library": 3, "mana": {"G": 1}}]}
    assert found([("players[1].mana", {"G": 1}, {})], _game_over_after_a_draw(), before).signature \
        == ("500.4", "players[*].mana:kept")
    assert found([("players[1].hand", 1, 2), ("players[1].library", 3, 2)], _game_over_after_a_draw(),
                 before).signature == ("504.1", "draws:differs")


def test_a_hand_as_it_was_after_a_draw_the_engine_made_is_the_game_ends_departure():
    """The engine drew (its library lost the card, as the rules say) yet shows the hand as it was:
    it didn't skip the draw, it moved the card the game's end keeps (phase.rs's R4 exiling a hand)."""
    before = {"players": [{}, {"hand": 1, "library": 3, "mana": {}}]}
    engine = {"players": [{}, {"hand": 1, "library": 2, "mana": {}}]}
    assert found([("players[1].hand", 1, 2)], _game_over_after_a_draw(), before,
                 engine=engine).signature == ("104.2a", "their-cards-stay:changed")


def test_a_count_is_one_shape_whatever_happened_before():
    """Drawing one card where the rules draw X is one shape whether X empties the library or not,
    or X is below the one the engine used; an anthem too wide is one shape whether it boosts a
    creature as it enters, as the anthem enters, or as another boost wears off, or kills it (the
    engine shows no power where the rules show some)."""
    trace = [d("107.3a", ["players[0].library", "players[0].hand"], key="uses-x")]
    before = {"players": [{"library": 3, "hand": 1}]}
    kinds = {found([("players[0].library", 2, library)], trace, before).kind for library in (0, 1, 3)}
    assert kinds == {"uses-x:differs"}
    trace = [d("107.3a", ["players[0].library", "players[0].hand"])]
    kinds = {found([("players[0].library", 2, library)], trace, before).kind for library in (0, 1, 3)}
    assert kinds == {"players[*].library:amount"}
    anthem = [d("613.4c", ["permanents.c.power"])]
    before = {"permanents": {"c": {"power": 2}}}
    kinds = {found([("permanents.c.power", engine, oracle)], anthem, before).kind
             for engine, oracle in ((3, 2), (2, 1), (4, 3))}
    assert kinds == {"permanents.*.power_toughness:amount"}
    assert found([("permanents.c.counters.+1/+1", None, 2)], anthem, before).kind == \
        found([("permanents.c.counters.storage", 1, None)], anthem, before).kind == "permanents.*.counters.*:amount"
    assert found([("permanents.c.power", None, 2)], anthem, before).kind == "permanents.*.power_toughness:amount"


def test_one_bug_is_one_finding_whichever_field_shows_it_first():
    """A departed player's hand, library and graveyard staying (one decision, 800.4a's) is one
    finding whether the hand, the library or the graveyard shows it; it is drawn then kept."""
    trace = [d("504.1", ["players[1].hand", "players[1].library"], key="draws"),
             d("800.4a", ["players[1].hand", "players[1].library", "players[1].graveyard",
                          "players[1].mana"], key="their-cards-leave")]
    before = {"players": [{}, {"hand": 2, "library": 0, "graveyard": 1}]}
    cases = ([("players[1].hand", 2, 0)], [("players[1].graveyard", 1, 0)],
             [("players[1].hand", 3, 0), ("players[1].library", 1, 0)])
    assert {found(diffs, trace, before).signature for diffs in cases} == \
        {("800.4a", "their-cards-leave:differs")}


def test_a_permanent_missing_on_one_side_is_owned_by_what_decided_its_fields():
    trace = [d("610.3", ["permanents.e.zone"])]
    assert blame([("permanents.e", None, {"zone": "exile"})], trace) == ("610.3",)


def test_nothing_owned_is_unblamed():
    result = found([("players[0].life", 1, 2)], (d("100.1", ["permanents.a.tapped"]),),
                   {"players": [{"life": 2}]})
    assert result.blamed == () and result.signature == ("unblamed", "players[*].life:amount")


def test_the_sentence_names_the_blamed_field_first():
    trace = [d("800.4a", ["players[1].hand"], key="their-cards-leave")]
    diffs = [("permanents.a.controller", None, 1), ("players[1].hand", 2, 0)]
    result = found(diffs, trace)
    assert result.sentence.startswith('after {"type": "x"}, the engine reports players[1].hand = 2')
    assert result.rows[0][0] == "players[1].hand"


def test_a_claim_is_blamed_on_the_claims_rules():
    prop = all_properties()["X-001"]
    result = found([], (d("100.1", ["permanents.a.counters"]),), prop=prop, claim="x")
    assert result.blamed == prop.claim_rules == ("107.3m",)
    assert result.signature == ("107.3m", "claim:X-001")


def test_a_claim_whose_case_differs_is_the_finding_its_cause_makes():
    """PHASE-001's claim and another property's difference show the same 702.26d bug: one finding;
    AURA-101's claim that a Curse enchants a departed player sees a consequence of 800.4a's."""
    prop = all_properties()["PHASE-001"]
    trace = [d("702.26d", ["triggered.leaves.p0"], ["p0"], key="no-zone-change")]
    diffs = [("players[0].life", 22, 20), ("triggered", [["p0", "leaves"]], [])]
    by_claim = found(diffs, trace, {"players": [{"life": 20}]}, prop=prop, claim="it triggered")
    assert by_claim.signature == found(diffs, trace, {"players": [{"life": 20}]}).signature == \
        ("702.26d", "no-zone-change:differs")
    assert by_claim.sentence == "it triggered"
    curses = all_properties()["AURA-101"]
    trace = [d("800.4a", ["permanents.c.zone"], key="their-permanents-leave")]
    diffs = [("permanents.c.zone", "battlefield", "left_game")]
    assert found(diffs, trace, {"permanents": {"c": {"zone": "battlefield"}}}, prop=curses,
                 claim="c still enchants player 2").signature == ("800.4a", "their-permanents-leave:differs")


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
    result = found([], (), prop=prop, claim=sentence)
    result.claim_rules = rules
    assert result.signature == ("702.5d, 704.5m", "claim:AURA-001")


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


def test_an_engine_refusing_the_controller_its_own_permanent_departed_from_602_2():
    """An engine that reads the owner where the rules read the controller refuses to let a player
    tap a land they control but another owns: the oracle's decision that the controller may
    activate it (CR 602.2) is the one departed from, not the sickness or tapping checks."""
    game = play(perm("f", "Forest", owner=1), players=2)
    game.act(activate_mana("f"))
    trace = game.oracle.game.trace
    assert blame([("rejected", "not_controller", None)], trace) == ("602.2",)


@pytest.mark.parametrize("name, case, signature, other", [
    # an undefined type's {C}, and the colour it then refuses: one decision, one finding
    ("undefined-mana-is-colorless", Case(scenario(perm("r", "Reflecting Pool")), (activate_mana("r", "C"),)),
     ("106.5", "no-type:differs"), None),
    ("undefined-mana-is-colorless", Case(scenario(perm("r", "Reflecting Pool")), (activate_mana("r", "W"),)),
     ("106.5", "no-type:differs"), None),
    # player 1 draws from an empty library in turn 2 and loses (704.5b); the mutant skips that draw
    # step, so nobody lost there: the draw step not skipped is what it departed from, or, read the
    # other way, the loss (player 0's Psychic Possession enchants player 1: "skip your draw step" is
    # player 0's)
    ("enchanted-player-skips-draw",
     Case(scenario(perm("p0", "Psychic Possession", attached_to=1), libraries={0: [], 1: []},
                   step="upkeep", turn=1), (advance("main1"), advance("draw"))),
     ("614.10", "doesnt-skip-draw-step:differs"), (("704.5b",), "players[*].in_game:kept")),
    # a 0/0 whose X counters the mutant doesn't count dies as it enters: as found the decision that
    # put the counters; the certificate folds it into the 613.4c finding it also reads as
    ("power-toughness-ignores-counters",
     Case(scenario(perm("f", "Forest"), hands={0: ["Walking Ballista"]}),
          (cast(0, "Walking Ballista", "n0", x=1),)),
     ("107.3m", "uses-x:differs"), (("613.4c",), "power-toughness:differs")),
    # a dual land without its types' abilities: a Reflecting Pool reading it could produce nothing
    # (so adds nothing, and refuses no type), and a phased-out one has no ability 0 to name either
    ("land-types-give-no-mana",
     Case(scenario(perm("r", "Reflecting Pool"), perm("t", "Tundra")), (activate_mana("r", "W"),)),
     ("305.6", "land-abilities:differs"), (("106.7",), "could-produce:differs")),
    ("land-types-give-no-mana",
     Case(scenario(perm("r", "Reflecting Pool"), perm("t", "Tundra")), (activate_mana("r", "B"),)),
     ("305.6", "land-abilities:differs"), (("106.7",), "rejected.illegal_choice:accepted")),
    ("land-types-give-no-mana",
     Case(scenario(perm("t", "Tundra", phased_out="directly")), (activate_mana("t", "W"),)),
     ("305.6", "land-abilities:differs"), None),
    # Yavimaya makes the land a Pool reads a Forest, whose {G} the mutant drops: ignoring the Forest
    # added (613.1d, recorded first) or its ability (305.6) gives the same; the other reading is 305.6
    ("land-types-give-no-mana",
     Case(scenario(perm("v", "Vernal Bloom"), perm("y", "Yavimaya, Cradle of Growth"), perm("r", "Reflecting Pool")),
          (activate_mana("r", "G"),)),
     ("613.1d", "land-abilities:differs"), (("305.6",), "land-abilities:differs")),
    # a Reflecting Pool made a Mountain that keeps its rules text could produce only {R}: {G} refused
    ("set-land-type-keeps-abilities",
     Case(scenario(perm("r", "Reflecting Pool"), perm("b", "Blood Moon")), (activate_mana("r", "G"),)),
     ("305.7", "land-abilities:differs"), (("305.6",), "land-abilities:differs")),
    # Dryad Arbor made a Mountain, then an Island, keeps its {G}: the effects in the other order (613.7)
    # would also leave it no {U}, and a Vernal Bloom hides the amounts; the other reading is 305.7
    ("set-land-type-keeps-abilities",
     Case(scenario(perm("v", "Vernal Bloom"), perm("b", "Blood Moon"), perm("d", "Dryad Arbor"),
                   perm("h", "Harbinger of the Seas")), (activate_mana("d", "G"),)),
     ("613.7", "land-abilities:differs"), (("305.7",), "land-abilities:differs")),
    # Dryad Arbor made a Mountain keeps its {G}, and Gauntlet of Might adds {R} for the Mountain tapped
    # either way: the other way's pool is known once that trigger has added its mana
    ("set-land-type-keeps-abilities",
     Case(scenario(perm("g", "Gauntlet of Might"), perm("b", "Blood Moon"), perm("d", "Dryad Arbor")),
          (activate_mana("d", "G"),)),
     ("305.7", "land-abilities:differs"), (("305.6",), "land-abilities:differs")),
])
def test_a_mutants_departure_is_blamed_on_the_decision_it_breaks_whichever_field_shows_it(name, case, signature,
                                                                                            other):
    with pytest.raises(Divergence) as found:
        run_case(MutantEngine(MUTANTS[name]), case, None, Tally())
    assert (found.value.signature, found.value.other_reading) == (signature, other)
