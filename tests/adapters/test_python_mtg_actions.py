"""The python-mtg adapter's actions beyond mana and steps (adapters/python_mtg_actions.py): activate, cast,
tap, deal_damage, attack, and power/toughness observed — each checked against the oracle on cases where
python-mtg plays the rules, and each refusal against the reason classes the rules give. python-mtg's own
findings (docs/engines/python-mtg.md) are not asserted here."""
from __future__ import annotations

import pytest

pytest.importorskip("mtg")

from mtg_conformance.adapters.contract import validate  # noqa: E402
from mtg_conformance.adapters.oracle_adapter import OracleEngine  # noqa: E402
from mtg_conformance.adapters.python_mtg import PythonMtgEngine  # noqa: E402

BOARD = [{"id": "lions", "card": "Savannah Lions", "controller": 0},
         {"id": "knight", "card": "Skyknight Legionnaire", "controller": 1},
         {"id": "bears", "card": "Grizzly Bears", "controller": 1, "tapped": True},
         {"id": "forest", "card": "Forest", "controller": 0}]


def scenario(*extra, hand=(), step="main1", active=0) -> dict:
    return {"contract": 1, "players": [{"life": 20, "hand": list(hand), "library": ["Plains", "Plains"]},
                                       {"life": 20, "hand": [], "library": ["Plains", "Plains"]}],
            "battlefield": BOARD + list(extra), "active_player": active, "step": step, "turn": 3}


def permanent(pid, card, controller=0, **status) -> dict:
    return {"id": pid, "card": card, "controller": controller, **status}


@pytest.fixture(scope="module")
def engine():
    made = PythonMtgEngine()
    yield made
    made.close()


def play(engine, start, actions):
    """python-mtg's observations, each checked equal to the oracle's (damage, which python-mtg doesn't
    declare, left out; a rejection may name any reason class the oracle accepts)."""
    oracle = OracleEngine()
    observed = [engine.start(start)]
    assert _comparable(observed[0]) == _comparable(oracle.start(start))
    for action in actions:
        mine, reference = engine.act(action), oracle.act(action)
        validate("observation", mine)
        if mine["rejected"]:
            assert mine["rejected"] in oracle.acceptable_reasons()
            reference["rejected"] = mine["rejected"]
        assert _comparable(mine) == _comparable(reference), action
        observed.append(mine)
    return observed


def _comparable(observation: dict) -> dict:
    """Without the parts python-mtg doesn't declare: marked damage and the trigger log."""
    for p in observation["permanents"].values():
        p.pop("damage", None)
    return {**observation, "triggered": []}


def activate(pid, *targets, **more) -> dict:
    return {"type": "activate", "permanent": pid, **more,
            **({"targets": [{"permanent": t} for t in targets]} if targets else {})}


# ----------------------------------------------------------------- activate
@pytest.mark.parametrize("card, target, changed", [
    ("Blinding Mage", "knight", lambda o: o["permanents"]["knight"]["tapped"]),            # tap target creature
    ("Royal Assassin", "bears", lambda o: o["permanents"]["bears"]["zone"] == "graveyard"),  # destroy a tapped one
    ("Icy Manipulator", "forest", lambda o: o["permanents"]["forest"]["tapped"]),          # a land is a legal target
    ("Seeker of Skybreak", "bears", lambda o: not o["permanents"]["bears"]["tapped"]),     # untap target creature
    ("Fountain of Youth", None, lambda o: o["players"][0]["life"] == 21),
    ("Jayemdae Tome", None, lambda o: o["players"][0]["hand"] == 1),
])
def test_an_ability_resolves_with_the_harness_target_and_its_supplied_mana_never_shows(engine, card, target, changed):
    after = play(engine, scenario(permanent("src", card)), [activate("src", *([target] if target else []))])[-1]
    assert after["rejected"] is None and after["permanents"]["src"]["tapped"] and changed(after)
    assert not any(after["players"][0]["mana"].values())


@pytest.mark.parametrize("status, action, reason", [
    ({}, activate("src", "forest"), "illegal_target"),            # a land isn't a creature (CR 115.1)
    ({}, activate("src"), "illegal_target"),                      # no target chosen
    ({}, {"type": "activate", "permanent": "src", "targets": [{"player": 1}]}, "illegal_target"),
    ({"tapped": True}, activate("src", "knight"), "tapped"),      # CR 107.5
    ({"sick": True}, activate("src", "knight"), "summoning_sick"),  # CR 302.6
    ({}, activate("src", "knight", player=1), "not_controller"),  # CR 602.2
    ({}, activate("src", "knight", ability=1), "illegal_choice"),  # no such ability (602.1)
    ({}, activate("src", "knight", x=1), "illegal_choice"),       # no {X} in its cost (107.3a)
    ({}, activate("nothing", "knight"), "no_such_object"),
    ({}, activate("src", "never-named"), "illegal_target"),
])
def test_an_activation_python_mtg_refuses_changes_nothing(engine, status, action, reason):
    start = scenario(permanent("src", "Blinding Mage", **status))
    before, after = play(engine, start, [action])
    assert after["rejected"] == reason and {**after, "rejected": None} == before


def test_royal_assassin_refuses_an_untapped_target(engine):
    assert play(engine, scenario(permanent("src", "Royal Assassin")), [activate("src", "knight")])[-1]["rejected"] \
        == "illegal_target"


def test_basalt_monolith_untaps_for_its_cost_and_taps_for_three(engine):
    after = play(engine, scenario(permanent("m", "Basalt Monolith", tapped=True)),
                 [activate("m"), {"type": "activate_mana", "permanent": "m"}])[-1]
    assert after["players"][0]["mana"]["C"] == 3


def test_mutavault_becomes_a_two_two_until_the_turn_ends(engine):
    animated, _, next_turn = play(engine, scenario(permanent("m", "Mutavault")),
                                  [activate("m"), {"type": "advance", "step": "main2"},
                                   {"type": "advance", "step": "upkeep"}])[1:]
    assert (animated["permanents"]["m"]["power"], animated["permanents"]["m"]["toughness"]) == (2, 2)
    assert next_turn["permanents"]["m"]["power"] is None


# ----------------------------------------------------------------- mana abilities with a mana cost
def test_a_signets_one_is_supplied_and_both_colours_are_added(engine):
    after = play(engine, scenario(permanent("s", "Azorius Signet")), [{"type": "activate_mana", "permanent": "s"}])[-1]
    assert after["players"][0]["mana"] == {"W": 1, "U": 1, "B": 0, "R": 0, "G": 0, "C": 0}


# ----------------------------------------------------------------- cast
def test_a_creature_spell_enters_under_its_new_id_summoning_sick(engine):
    start = scenario(permanent("warden", "Soul Warden", 1), hand=["Grizzly Bears"])
    cast = {"type": "cast", "player": 0, "card": "Grizzly Bears", "id": "new"}
    after = play(engine, start, [cast, {"type": "advance", "step": "combat"}, {"type": "attack", "attackers": ["new"]}])
    assert after[1]["permanents"]["new"]["zone"] == "battlefield" and after[1]["players"][0]["hand"] == 0
    assert after[1]["players"][1]["life"] == 21                              # Soul Warden saw it enter
    assert not any(after[1]["players"][0]["mana"].values())                  # the supplied {1}{G} is gone
    assert after[3]["rejected"] == "summoning_sick"                           # CR 302.6


@pytest.mark.parametrize("card, x, survivors, life", [
    ("Earthquake", 1, {"knight", "bears"}, 19),      # 1 damage: Savannah Lions (toughness 1) dies; flyers spared
    ("Earthquake", 2, {"knight"}, 18),
    ("Hurricane", 2, {"lions", "bears"}, 18),        # only the flyer
    ("Savage Twister", 2, set(), 20),
])
def test_an_x_spell_uses_the_harness_x(engine, card, x, survivors, life):
    after = play(engine, scenario(hand=[card]), [{"type": "cast", "player": 0, "card": card, "x": x}])[-1]
    alive = {pid for pid, p in after["permanents"].items() if p["zone"] == "battlefield" and pid != "forest"}
    assert alive == survivors and after["players"][1]["life"] == life


def test_a_spell_without_a_target_ignores_the_actions_targets(engine):
    cast = {"type": "cast", "player": 0, "card": "Hurricane", "x": 1, "targets": [{"permanent": "never-named"}]}
    assert play(engine, scenario(hand=["Hurricane"]), [cast])[-1]["rejected"] is None


@pytest.mark.parametrize("start, action, reason", [
    (scenario(hand=["Grizzly Bears"], step="upkeep"), {"card": "Grizzly Bears", "id": "n"}, "timing"),   # CR 307.1
    (scenario(hand=["Grizzly Bears"], active=1), {"card": "Grizzly Bears", "id": "n"}, "timing"),
    (scenario(hand=["Grizzly Bears"]), {"card": "Grizzly Bears"}, "illegal_choice"),                 # no new id
    (scenario(hand=["Grizzly Bears"]), {"card": "Grizzly Bears", "id": "forest"}, "illegal_choice"),  # id in use
    (scenario(hand=["Grizzly Bears"]), {"card": "Grizzly Bears", "id": "n", "x": 2}, "illegal_choice"),
    (scenario(hand=["Forest"]), {"card": "Forest", "id": "n"}, "illegal_choice"),                    # CR 305.9
    (scenario(), {"card": "Grizzly Bears", "id": "n"}, "not_in_hand"),
])
def test_a_cast_python_mtg_refuses_changes_nothing(engine, start, action, reason):
    before, after = play(engine, start, [{"type": "cast", "player": 0, **action}])
    assert after["rejected"] == reason and {**after, "rejected": None} == before


def test_an_instant_is_cast_in_another_players_upkeep(engine):
    after = play(engine, {**scenario(step="upkeep"), "players": [
        {"life": 20, "hand": [], "library": ["Plains"]}, {"life": 20, "hand": ["Squall Line"], "library": []}]},
        [{"type": "cast", "player": 1, "card": "Squall Line", "x": 2}])[-1]
    assert after["permanents"]["knight"]["zone"] == "graveyard" and after["players"][0]["life"] == 18


# ----------------------------------------------------------------- tap, damage
def test_an_effect_taps_a_permanent_once(engine):
    taps = {"type": "tap", "permanent": "knight"}
    first, second = play(engine, scenario(), [taps, taps, {"type": "tap", "permanent": "nothing"}])[1:3]
    assert first["permanents"]["knight"]["tapped"] and second == first


@pytest.mark.parametrize("target, amount, check", [
    ({"player": 1}, 3, lambda o: o["players"][1]["life"] == 17),
    ({"permanent": "knight"}, 2, lambda o: o["permanents"]["knight"]["zone"] == "graveyard"),   # lethal
    ({"permanent": "knight"}, 1, lambda o: o["permanents"]["knight"]["zone"] == "battlefield"),
    ({"permanent": "forest"}, 3, lambda o: o["permanents"]["forest"]["zone"] == "battlefield"),  # not a creature
])
def test_damage_is_dealt_as_python_mtg_deals_it(engine, target, amount, check):
    after = play(engine, scenario(), [{"type": "deal_damage", "target": target, "amount": amount}])[-1]
    assert after["rejected"] is None and check(after)


# ----------------------------------------------------------------- combat
def test_an_unblocked_attacker_deals_its_damage_when_combat_ends(engine):
    start = scenario(permanent("goblin", "Raging Goblin", sick=True), step="combat")    # haste: may attack
    oracle = OracleEngine()
    oracle.start(start), engine.start(start)
    engine.act({"type": "attack", "attackers": ["goblin", "lions"]})
    oracle.act({"type": "attack", "attackers": ["goblin", "lions"]})
    mine, reference = engine.act({"type": "advance", "step": "main2"}), oracle.act({"type": "advance", "step": "main2"})
    assert mine["players"] == reference["players"] and mine["players"][1]["life"] == 17


@pytest.mark.parametrize("start, attackers, reason", [
    (scenario(permanent("new", "Grizzly Bears", sick=True), step="combat"), ["new"], "summoning_sick"),
    (scenario(step="combat"), ["knight"], "not_controller"),
    (scenario(step="combat"), ["forest"], "illegal_choice"),
    (scenario(permanent("arbor", "Forest", sick=True), step="combat"), ["arbor"], "illegal_choice"),  # not a creature
    (scenario(step="main1"), ["lions"], "timing"),
])
def test_an_attack_python_mtg_refuses_changes_nothing(engine, start, attackers, reason):
    before, after = play(engine, start, [{"type": "attack", "attackers": attackers}])
    assert after["rejected"] == reason and {**after, "rejected": None} == before


# ----------------------------------------------------------------- power and toughness
def test_power_and_toughness_are_python_mtgs_with_every_static_applied(engine):
    board = [permanent("anthem", "Glorious Anthem"), permanent("crusade", "Crusade", 1),
             permanent("armorer", "Veteran Armorer"), permanent("moon", "Bad Moon"),
             permanent("zombies", "Scathe Zombies", 1)]
    observed = play(engine, scenario(*board), [])[0]["permanents"]
    assert (observed["lions"]["power"], observed["lions"]["toughness"]) == (4, 4)   # anthem, Crusade, armorer
    assert (observed["zombies"]["power"], observed["zombies"]["toughness"]) == (3, 3)  # Bad Moon
    assert observed["forest"]["power"] is None
