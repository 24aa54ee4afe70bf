"""Curses — Auras that enchant a player — whose triggers and statics follow the player they enchant
(CR 303.4, 303.4e, 603.2), moved between players (701.3) and losing their player (303.4c, 704.5m);
and the "gets +N/+N" statics of anthems, lords, Auras and Equipment, a toughness of 0 killing
(613.4c, 704.5f), Rancor returning to its owner's hand from the graveyard (603.6c, 400.7)."""
from __future__ import annotations

import copy

from hypothesis import strategies as st

from mtg_conformance.oracle.catalog import card
from mtg_conformance.properties.areas.common import aimed
from mtg_conformance.properties.coverage import Situation
from mtg_conformance.properties.model import Case, conformance_property

TRIGGERING_CURSES = ("Curse of the Pierced Heart", "Curse of Thirst")
CURSES = TRIGGERING_CURSES + ("Curse of Death's Hold",)
UPKEEP_NEXT_TURN = {"type": "advance", "step": "upkeep", "turns": 1}


def _cards_by_id(step) -> dict:
    names = {e["id"]: e["card"] for e in step.scenario["battlefield"]}
    names.update({a["id"]: a["card"] for a in (step.action,) if a.get("id") and a.get("card")})
    return names


def _curses_on_battlefield(step):
    """(id, observed permanent) of each phased-in Curse on the battlefield, per the engine."""
    names = _cards_by_id(step)
    return [(pid, p) for pid, p in step.engine_after["permanents"].items()
            if names.get(pid) in CURSES and p["zone"] == "battlefield" and not p["phased_out"]]


def _curse_on_a_player_in_the_game_claim(step):
    """After state-based actions a Curse on the battlefield enchants a player still in the game —
    while the game goes on: once it is over no state-based action follows (104.2a, 104.1)."""
    players = step.engine_after["players"]
    if sum(bool(p["in_game"]) for p in players) < 2:
        return None
    for pid, p in _curses_on_battlefield(step):
        seat = (p.get("attached_to") or {}).get("player")
        if seat is None:
            return (f"{pid} (enchant player) is attached to {p.get('attached_to')}, not a player "
                    "(CR 702.5d, 704.5m)", ("702.5d", "704.5m"))
        if not players[seat]["in_game"]:
            return (f"{pid} still enchants player {seat}, who has left the game (CR 303.4c, 704.5m)",
                    ("303.4c", "704.5m"))
    return None


def _curse_labels(step):
    a, after = step.action, step.oracle_after
    names = _cards_by_id(step)
    if a["type"] == "advance":
        fired = [src for src, ev in after["triggered"] if ev == "upkeep" and names.get(src) in CURSES]
        return ["advance: " + ("a Curse triggered" if fired else "no Curse triggered")]
    if a["type"] == "attach" and names.get(a["permanent"]) in CURSES:
        if after["rejected"] is not None:
            return [f"attach a Curse: rejected ({after['rejected']})"]
        moved = after["permanents"][a["permanent"]]["attached_to"] == a["to"]
        return ["attach a Curse: " + ("moved" if moved else "didn't move")]
    if a["type"] == "concede":
        return ["concede"]
    return []


def _placed_curses(scenario: dict) -> list:
    return [e for e in scenario["battlefield"] if e["card"] in TRIGGERING_CURSES and not e.get("phased_out")]


@st.composite
def _to_the_enchanted_players_upkeep(draw, case: Case) -> Case:
    """The turn before the upkeep of a player a triggering Curse enchants: advancing to the next
    upkeep reaches theirs (CR 603.2), then the drawn actions (moves, control changes) and another
    upkeep."""
    curses = _placed_curses(case.scenario)
    if not curses:
        return case
    scenario = copy.deepcopy(case.scenario)
    seat = draw(st.sampled_from(curses))["attached_to"]["player"]
    scenario["active_player"] = (seat - 1) % len(scenario["players"])
    return Case(scenario, (UPKEEP_NEXT_TURN,) + case.program + (UPKEEP_NEXT_TURN,))


@st.composite
def _enchanted_player_concedes(draw, case: Case) -> Case:
    """The player a Curse enchants concedes (CR 800.4a): the Curse goes to its owner's graveyard
    (303.4c, 704.5m); then the next upkeep."""
    curses = _placed_curses(case.scenario)
    if not curses:
        return case
    seat = draw(st.sampled_from(curses))["attached_to"]["player"]
    at = draw(st.integers(0, len(case.program)))
    program = case.program[:at] + ({"type": "concede", "player": seat},) + case.program[at:]
    return Case(case.scenario, program + (UPKEEP_NEXT_TURN,))


@conformance_property(
    id="AURA-101", title="A Curse's trigger follows the player it enchants",
    rules=("603.2", "303.4", "303.4e", "303.4c", "704.5m", "608.2h", "120.3", "800.4a"),
    cards=frozenset(CURSES), actions=frozenset({"advance", "change_control", "attach", "concede"}),
    claim=_curse_on_a_player_in_the_game_claim, claim_rules=("303.4c", "704.5m"), labels=_curse_labels,
    situations=(
        Situation("a Curse triggers at the beginning of the enchanted player's upkeep", ("603.2",),
                  one_of=TRIGGERING_CURSES),
        Situation("Curse of Thirst counts the Curses attached to that player", ("608.2h",),
                  ("Curse of Thirst",)),
        Situation("a Curse whose player left the game goes to the graveyard", ("303.4c",),
                  one_of=CURSES)))
def curse_triggers(capabilities):
    """Curses on players, given away and moved, through the upkeeps of the players they enchant and
    of their controllers; a cursed player concedes."""
    board = TRIGGERING_CURSES + ("Psychic Possession", "Grizzly Bears", "Forest")
    hand = CURSES
    upkeep = dict(board=board, hand=hand,
                  kinds={"change_control": 2, "attach": 2, "cast": 1}, length=(0, 2),
                  steps=("main1", "main2", "end"), players=(2, 4), size=(2, 5), tapped=0.1, phased=0.05,
                  core=(TRIGGERING_CURSES,), then=_to_the_enchanted_players_upkeep)
    thirst = dict(upkeep, core=(("Curse of Thirst",), TRIGGERING_CURSES), players=(2, 3))
    leave = dict(board=board, hand=hand, kinds={"change_control": 1, "attach": 1}, length=(0, 1),
                 steps=("main1", "end"), players=(3, 4), size=(2, 5), tapped=0.1, phased=0.0,
                 core=(TRIGGERING_CURSES,), then=_enchanted_player_concedes)
    return aimed(capabilities, upkeep, thirst, leave)


# -- AURA-102: moving a Curse ---------------------------------------------------------------------

@st.composite
def _every_curse_moved(draw, case: Case) -> Case:
    """Each Curse on the battlefield is moved (CR 701.3a) to every seat and to a permanent, in a
    drawn order: to another player it moves, to the one it is on nothing happens (701.3c), to a
    permanent it doesn't move (702.5d, 701.3b); then the drawn actions."""
    field = [e for e in case.scenario["battlefield"] if not e.get("phased_out")]
    curses = [e["id"] for e in field if e["card"] in CURSES]
    others = [e["id"] for e in field if e["card"] not in CURSES]
    seats = range(len(case.scenario["players"]))
    moves = [{"type": "attach", "permanent": c, "to": {"player": s}} for c in curses for s in seats]
    moves += [{"type": "attach", "permanent": c, "to": {"permanent": draw(st.sampled_from(others))}}
              for c in curses if others]
    if not moves:
        return case
    return Case(case.scenario, tuple(draw(st.permutations(moves))) + case.program)


def _curse_never_on_a_permanent_claim(step):
    for pid, p in _curses_on_battlefield(step):
        if "permanent" in (p.get("attached_to") or {}):
            return (f"{pid} (enchant player) is attached to the permanent {p['attached_to']['permanent']} "
                    "(CR 702.5d, 701.3b)", ("702.5d", "701.3b"))
    return None


@conformance_property(
    id="AURA-102", title="Moving a Curse follows its enchant restriction",
    rules=("701.3a", "701.3b", "701.3c", "702.5d", "303.4", "303.4a"),
    cards=frozenset(CURSES), actions=frozenset({"attach"}), claim=_curse_never_on_a_permanent_claim,
    claim_rules=("702.5d", "701.3b"), labels=_curse_labels,
    situations=(
        Situation("a Curse moves to another player", ("701.3a",), one_of=CURSES),
        Situation("a Curse can't be moved onto a permanent", ("701.3b",), one_of=CURSES),
        Situation("a Curse moved to the player it enchants: nothing happens", ("701.3c",),
                  one_of=CURSES)))
def move_curses(capabilities):
    """Curses on the battlefield moved to every player and onto permanents, Curse spells cast at
    players and permanents, a player conceding between the moves."""
    board = TRIGGERING_CURSES + ("Grizzly Bears", "Savannah Lions", "Forest", "Psychic Possession")
    sweep = dict(board=board, hand=CURSES, kinds={"attach": 2, "cast": 1, "concede": 1}, length=(0, 2),
                 steps=("main1", "main2"), players=(2, 4), size=(3, 6), tapped=0.1, phased=0.05,
                 core=(TRIGGERING_CURSES, ("Grizzly Bears", "Savannah Lions", "Forest")),
                 then=_every_curse_moved)
    return aimed(capabilities, sweep)


# -- CHAR-101: anthems, lords, Auras and Equipment; toughness 0 --------------------------------------

COLOR_ANTHEMS = ("Crusade", "Bad Moon", "Honor of the Pure", "Dread of Night")
LORDS = ("Benalish Marshal", "Veteran Armorer", "Gaea's Anthem")
RAISING_ATTACHMENTS = ("Unholy Strength", "Giant Strength", "Divine Transformation", "Feast of the Unicorn",
                       "Hero's Resolve", "Short Sword", "Leonin Scimitar", "Vulshok Morningstar",
                       "Bone Saw", "Trusty Machete", "Sickleslicer", "Vulshok Battlegear", "Rancor")
SHRINKERS = ("Weakness", "Dead Weight", "Debilitating Injury", "Enfeeblement", "Dread of Night",
             "Curse of Death's Hold", "Barbed Battlegear")
ATTACHMENTS = RAISING_ATTACHMENTS + ("Weakness", "Dead Weight", "Debilitating Injury", "Enfeeblement",
                                     "Barbed Battlegear")
CREATURES = ("Savannah Lions", "Eager Cadet", "Walking Corpse", "Scathe Zombies", "Grizzly Bears",
             "Puresight Merrow", "Llanowar Elves")


def _toughness_zero_claim(step):
    """After state-based actions no phased-in creature the engine reports has toughness 0 or less."""
    for pid, p in step.engine_after["permanents"].items():
        toughness = p.get("toughness")
        if p["zone"] == "battlefield" and not p["phased_out"] and toughness is not None and toughness <= 0:
            return (f"{pid} is on the battlefield with toughness {p['toughness']}; state-based actions "
                    "put it into its owner's graveyard (CR 704.5f)", ("704.5f",))
    return None


def _modifier_labels(step):
    a, after = step.action, step.oracle_after
    if a["type"] not in ("cast", "attach", "activate", "phase_out", "change_control") or after["rejected"]:
        return []
    died = [pid for pid, p in after["permanents"].items() if p["zone"] == "graveyard"
            and step.oracle_before["permanents"].get(pid, {}).get("zone") == "battlefield"]
    return [f"{a['type']}: " + ("a permanent died" if died else "nothing died")]


@st.composite
def _shrinker_cast(draw, case: Case, cards: frozenset) -> Case:
    """The active player casts a card that lowers toughness — an Aura on a creature, Dread of Night,
    Curse of Death's Hold on an opponent with a creature if there is one, Barbed Battlegear then
    equipped — first (CR 613.4c; a creature left at toughness 0 or less dies, 704.5f); only the
    engine's `cards`."""
    creatures = [e for e in case.scenario["battlefield"] if not e.get("phased_out")
                 and "creature" in card(e["card"]).types]
    names = [n for n in SHRINKERS if n in cards]
    if not creatures or not names:
        return case
    scenario = copy.deepcopy(case.scenario)
    seat, name = scenario["active_player"], draw(st.sampled_from(names))
    scenario["players"][seat]["hand"].append(name)
    opponents = [e for e in creatures if e["controller"] != seat]
    victim = draw(st.sampled_from(opponents if name == "Curse of Death's Hold" and opponents else creatures))
    target = ({"player": victim["controller"]} if name == "Curse of Death's Hold"
              else {"permanent": victim["id"]} if card(name).enchant else None)
    cast = {"type": "cast", "player": seat, "card": name, "x": 0, "id": "n9",
            "targets": [target] if target else [], "optional": False}
    program = (cast,)
    if name == "Barbed Battlegear":
        next(e for e in scenario["battlefield"] if e["id"] == victim["id"])["controller"] = seat
        program += ({"type": "activate", "permanent": "n9", "ability": 0,
                     "targets": [{"permanent": victim["id"]}], "optional": False},)
    return Case(scenario, program + case.program)


@st.composite
def _rancor_host_shrunk(draw, case: Case, cards: frozenset) -> Case:
    """The active player casts a -2/-2 Aura on the creature a Rancor enchants, first: it dies (CR
    704.5f), Rancor goes to the graveyard (704.5m) and returns to its owner's hand (603.6c, 400.7)."""
    hosts = [e["attached_to"]["permanent"] for e in case.scenario["battlefield"] if e["card"] == "Rancor"
             and not e.get("phased_out") and "permanent" in (e.get("attached_to") or {})]
    names = [n for n in ("Dead Weight", "Debilitating Injury", "Enfeeblement") if n in cards]
    if not hosts or not names:
        return case
    scenario = copy.deepcopy(case.scenario)
    seat, name = scenario["active_player"], draw(st.sampled_from(names))
    scenario["players"][seat]["hand"].append(name)
    cast = {"type": "cast", "player": seat, "card": name, "x": 0, "id": "n9",
            "targets": [{"permanent": draw(st.sampled_from(hosts))}], "optional": False}
    return Case(scenario, (cast,) + case.program)


@conformance_property(
    id="CHAR-101", title="Anthems and Auras modify exactly the creatures they name; toughness 0 dies",
    rules=("613.4c", "303.4", "301.5", "704.5f", "702.26b", "603.6c", "400.7", "603.10a"),
    cards=frozenset(COLOR_ANTHEMS + LORDS + ATTACHMENTS + ("Curse of Death's Hold",)),
    actions=frozenset({"cast", "attach", "activate", "phase_out", "change_control"}),
    observes=frozenset({"power_toughness"}), claim=_toughness_zero_claim, claim_rules=("704.5f",),
    labels=_modifier_labels,
    situations=(
        Situation("a colour anthem modifies a creature of its colour", ("613.4c",), one_of=COLOR_ANTHEMS),
        Situation("a lord or anthem modifies the creatures its controller controls", ("613.4c",),
                  one_of=LORDS),
        Situation("an Aura's or Equipment's modifier applies", ("613.4c",), one_of=ATTACHMENTS),
        Situation("Curse of Death's Hold modifies the enchanted player's creatures", ("613.4c",),
                  ("Curse of Death's Hold",)),
        Situation("a creature with toughness 0 or less is put into the graveyard", ("704.5f",)),
        Situation("Rancor, put into a graveyard, returns to its owner's hand", ("400.7",), ("Rancor",))))
def modifiers_and_zero_toughness(capabilities):
    """Colour anthems, lords, creature Auras (Rancor, which returns to hand) and Equipment beside
    creatures of every colour and controller; cards that lower toughness cast onto them; anthems
    phased out, given away, moved."""
    cards = frozenset(capabilities.get("cards", ()))
    anthems = dict(board=COLOR_ANTHEMS + LORDS + CREATURES, hand=SHRINKERS + ("Crusade", "Bad Moon"),
                   kinds={"cast": 2, "phase_out": 1, "change_control": 1}, length=(0, 3),
                   steps=("main1", "main2"), players=(2, 3), size=(3, 6), tapped=0.1, phased=0.05, sick=0.1,
                   core=(COLOR_ANTHEMS[:3], CREATURES[:5], LORDS))
    attached = dict(board=RAISING_ATTACHMENTS + CREATURES, hand=SHRINKERS,
                    kinds={"attach": 2, "activate": 1, "cast": 1}, length=(0, 3),
                    steps=("main1", "main2"), players=(2, 3), size=(3, 6), tapped=0.1, phased=0.05, sick=0.1,
                    core=(CREATURES, CREATURES, RAISING_ATTACHMENTS))
    shrink = dict(anthems, kinds={"cast": 1, "phase_out": 1}, length=(0, 1),
                  then=lambda case: _shrinker_cast(case, cards=cards))
    curse = dict(anthems, core=(CREATURES, CREATURES), kinds={"cast": 1, "phase_out": 1}, length=(0, 1),
                 then=lambda case: _shrinker_cast(case, cards=frozenset({"Curse of Death's Hold"}) & cards))
    rancor = dict(attached, core=(CREATURES, ("Rancor",)), then=lambda case: _rancor_host_shrunk(case, cards=cards))
    return aimed(capabilities, anthems, attached, shrink, curse, curse, rancor, rancor)
