"""Oracle: bad scenarios are refused with `oracle.ScenarioError`, whose one-line message names the
problem (docs/contract.md#scenario; CR 303.4, 702.5d for the attachment cases)."""
from __future__ import annotations

import pytest

from mtg_conformance.oracle import Oracle
from scenarios import perm, refused, scenario


@pytest.mark.parametrize("where", ["battlefield", "hand", "library"])
def test_unknown_card(where):
    """An unknown card name, wherever it is, is refused and named."""
    if where == "battlefield":
        doc = scenario(perm("x", "Black Lotus"))
    else:
        doc = scenario(**{{"hand": "hands", "library": "libraries"}[where]: {1: ["Black Lotus"]}})
    message = refused(doc)
    assert "Black Lotus" in message and "unknown card" in message


def test_instant_on_the_battlefield():
    """CR 110.4a: an instant can't be a permanent."""
    assert "not a permanent card" in refused(scenario(perm("t", "Threaten")))


@pytest.mark.parametrize("aura, host, kind", [
    ("Overgrowth", "Llanowar Elves", "creature"),         # enchant land on a creature
    ("Control Magic", "Forest", "land"),                   # enchant creature on a land
    ("Psychic Possession", "Forest", "permanent"),         # enchant opponent on a permanent (702.5d)
])
def test_aura_attached_to_something_it_cant_enchant(aura, host, kind):
    """CR 303.4, 702.5a, 702.5d: an Aura must be attached to something its enchant ability allows."""
    message = refused(scenario(perm("h", host), perm("a", aura, attached_to="h")))
    assert aura in message and "can't enchant" in message and "'h'" in message


def test_enchant_opponent_aura_attached_to_its_controller():
    """Psychic Possession ruling 2006-05-01 (CR 303.4, 702.5a): it can't enchant its own controller."""
    message = refused(scenario(perm("pp", "Psychic Possession", 0, attached_to=0)))
    assert "Psychic Possession" in message and "can't enchant player 0" in message


def test_enchant_land_aura_attached_to_a_player():
    """CR 702.5a: an enchant-land Aura can't be attached to a player."""
    message = refused(scenario(perm("og", "Overgrowth", 0, attached_to=1)))
    assert "Overgrowth" in message and "can't enchant player 1" in message


def test_aura_attached_to_nothing():
    """CR 303.4, 704.5m: a phased-in Aura on the battlefield must be attached to something."""
    message = refused(scenario(perm("hs", "Holy Strength")))
    assert "Holy Strength" in message and "attached to nothing" in message


def test_non_aura_attached():
    """CR 303.4h: a permanent that is neither Aura nor Equipment can't be attached."""
    message = refused(scenario(perm("e", "Llanowar Elves"), perm("f", "Forest", attached_to="e")))
    assert "Forest" in message and "neither an Aura nor Equipment" in message


def test_equipment_attached_to_a_land():
    """CR 301.5c: Equipment can be attached only to a creature."""
    message = refused(scenario(perm("f", "Forest"), perm("bs", "Bonesplitter", attached_to="f")))
    assert "Bonesplitter" in message and "creature" in message


@pytest.mark.parametrize("counters", [{"+1/+1": -1}, {"time": 1.5}, {"+1/+1": "2"}],
                         ids=["negative", "fraction", "string"])
def test_bad_counters(counters):
    """docs/contract.md: counters are non-negative integers."""
    message = refused(scenario(perm("wb", "Walking Ballista", counters=counters)))
    assert "wb" in message and "non-negative integer" in message


@pytest.mark.parametrize("attached, named", [
    ({"permanent": "ghost"}, "unknown permanent 'ghost'"),
    ({"player": 7}, "not a seat"),
    ({"player": 0, "permanent": "x"}, "attached_to must be"),
    ({"creature": "x"}, "attached_to must be"),
], ids=["unknown-permanent", "unknown-seat", "two-keys", "bad-key"])
def test_unknown_attachment(attached, named):
    """docs/contract.md: `attached_to` is {"permanent": id} of a scenario permanent or {"player": seat}
    of this game."""
    message = refused(scenario(perm("hs", "Holy Strength", attached_to=attached)))
    assert "hs" in message and named in message


@pytest.mark.parametrize("field, value", [("controller", 2), ("controller", -1), ("owner", 5),
                                          ("controller", "0")])
def test_bad_seat_on_a_permanent(field, value):
    """docs/contract.md: `controller` and `owner` are seats of this game."""
    doc = scenario(perm("f", "Forest"))
    doc["battlefield"][0][field] = value
    message = refused(doc)
    assert field in message and "not a seat" in message


def test_bad_active_player():
    """docs/contract.md: `active_player` is a seat of this game."""
    doc = scenario(players=3)
    doc["active_player"] = 3
    assert "active_player 3" in refused(doc)


@pytest.mark.parametrize("seats", [1, 5])
def test_bad_number_of_players(seats):
    """docs/contract.md: 2 to 4 seats."""
    doc = scenario()
    doc["players"] = [{"life": 20, "hand": [], "library": []}] * seats
    assert "2 to 4 players" in refused(doc)


def test_duplicate_id():
    """docs/contract.md: ids are unique."""
    assert "duplicate permanent id 'f'" in refused(scenario(perm("f", "Forest"), perm("f", "Island")))


@pytest.mark.parametrize("step", ["untap", "cleanup", "second_main"])
def test_bad_step(step):
    """docs/contract.md: `step` is one of upkeep, draw, main1, combat, main2, end."""
    doc = scenario()
    doc["step"] = step
    assert f"step {step!r}" in refused(doc)


def test_bad_turn():
    """docs/contract.md: `turn` is a positive integer."""
    doc = scenario()
    doc["turn"] = 0
    assert "turn" in refused(doc)


def test_indirectly_phased_out_aura_on_a_phased_in_host():
    """CR 702.26g: only a phased-out host makes its Aura phase out indirectly."""
    message = refused(scenario(perm("e", "Llanowar Elves"),
                               perm("hs", "Holy Strength", attached_to="e", phased_out="indirectly")))
    assert "hs" in message and "not phased out" in message


def test_phased_in_aura_on_a_phased_out_host():
    """CR 702.26g: an Aura on a phased-out host phased out with it, indirectly."""
    message = refused(scenario(perm("e", "Llanowar Elves", phased_out="directly"),
                               perm("hs", "Holy Strength", attached_to="e")))
    assert "hs" in message and "indirectly" in message


def test_directly_phased_out_aura_on_a_phased_in_host_is_fine():
    """CR 702.26i: an Aura can phase out directly (Teferi's Protection) while its host stays."""
    Oracle(scenario(perm("e", "Llanowar Elves"),
                    perm("hs", "Holy Strength", attached_to="e", phased_out="directly")))


def test_bad_phased_out_value():
    """docs/contract.md: `phased_out` is null, "directly" or "indirectly"."""
    assert "phased_out" in refused(scenario(perm("e", "Llanowar Elves", phased_out="sideways")))


def test_missing_chosen_colour():
    """CR 614.12: Voice of All's colour is chosen as it enters — a scenario must give it."""
    assert "chosen_color" in refused(scenario(perm("v", "Voice of All")))


def test_bad_chosen_colour():
    """CR 105.1: the chosen colour is one of W U B R G."""
    assert "'C'" in refused(scenario(perm("v", "Voice of All", chosen_color="C")))


@pytest.mark.parametrize("break_it, named", [
    (lambda d: d["battlefield"][0].update(counters=[1]), "counters must be an object"),
    (lambda d: d["players"].__setitem__(0, "x"), "player 0 is not an object"),
    (lambda d: d["battlefield"].append("x"), "battlefield entry 'x' is not an object"),
    (lambda d: d["players"][0].update(hand="Forest"), "player 0 hand must be a list"),
    (lambda d: d["players"][1].update(life="20"), "player 1 life must be an integer"),
    (lambda d: d.update(battlefield={}), "battlefield must be a list"),
], ids=["counters-list", "player-not-object", "entry-not-object", "hand-not-list", "life-string",
        "battlefield-object"])
def test_malformed_shapes_are_scenario_errors(break_it, named):
    """docs/contract.md ("Bad scenarios are refused with a one-line error"): a document of the wrong
    shape is a ScenarioError naming the field, not a crash inside the oracle."""
    doc = scenario(perm("f", "Forest"))
    break_it(doc)
    assert named in refused(doc)


def test_two_legends_of_one_name_under_one_controller():
    """CR 704.5j: the legend rule applies, so no game is in that state; under two controllers, or
    with one of them phased out (702.26b: treated as though it doesn't exist), it doesn't."""
    urborg = "Urborg, Tomb of Yawgmoth"
    message = refused(scenario(perm("u1", urborg, 0), perm("u2", urborg, 0)))
    assert "704.5j" in message and "u1 and u2" in message
    Oracle(scenario(perm("u1", urborg, 0), perm("u2", urborg, 1)))
    Oracle(scenario(perm("u1", urborg, 0), perm("u2", urborg, 0, phased_out="directly")))
