"""Auras that enchant a player (CR 303.4, 702.5d, 704.5m, 702.16j)."""
from __future__ import annotations

import copy
from functools import partial

from attrs import evolve
from hypothesis import strategies as st

from mtg_conformance.oracle.catalog import card
from mtg_conformance.properties.areas.common import accepted, aimed
from mtg_conformance.properties.coverage import Floor, Situation
from mtg_conformance.properties.model import Case, conformance_property
from mtg_conformance.properties.strategies import Aim, BOOLEANS, integers


ENCHANT_PLAYER = ("player", "opponent")      # what an Aura that enchants a player names (702.5d)


def _cards_by_id(step) -> dict:
    names = {e["id"]: e["card"] for e in step.scenario["battlefield"]}
    names.update({a["id"]: a["card"] for a in (step.action,) if a.get("id") and a.get("card")})
    return names


def _aura_labels(step):
    a, labels = step.action, []
    if a["type"] == "change_control" and _cards_by_id(step).get(a["permanent"]) == "Psychic Possession":
        labels.append("control of Psychic Possession changed")
    if a["type"] in ("cast", "put_onto_battlefield") and card(a["card"]).enchant:
        outcome = "accepted" if accepted(step) else step.oracle_after["rejected"]
        labels.append(f"{a['type']} an Aura: {outcome}")
        if a["type"] == "put_onto_battlefield" and card(a["card"]).enchant in ENCHANT_PLAYER \
                and "permanent" in (a.get("attach_to") or {}):
            labels.append(f"put an enchant-player Aura onto a permanent: {outcome}")
    if a["type"] == "cast" and a["card"] == "Teferi's Protection":
        labels.append("Teferi's Protection cast")
    return labels


@conformance_property(
    id="AURA-001", title="An Aura that enchants an opponent is never on its controller or a permanent",
    rules=("303.4", "303.4f", "702.5d", "704.5m", "702.16j"), cards=frozenset({"Psychic Possession"}),
    actions=frozenset({"change_control"}), labels=_aura_labels,
    situations=(
        Situation("Steal Enchantment's control effect decides who controls a Psychic Possession",
                  ("613.1b",), ("Psychic Possession", "Steal Enchantment")),
        Situation("a Psychic Possession changes controller", ("613.1b",), ("Psychic Possession",)),
        Situation("an illegally attached Psychic Possession goes to the graveyard", ("704.5m",),
                  ("Psychic Possession",)),
        Situation("an enchant-player Aura put onto the battlefield is refused a permanent", ("702.5d",),
                  decides=("rejected.illegal_attachment",))),
    floors=(Floor("control of Psychic Possession changed", 20),
            Floor("put_onto_battlefield an Aura: accepted", 20), Floor("Teferi's Protection cast", 3),
            Floor("put an enchant-player Aura onto a permanent: illegal_attachment", 15)))
def enchant_player(capabilities):
    """Psychic Possession cast, put in, stolen (Steal Enchantment) and given away, with Teferi's
    Protection on the enchanted player; an Aura put in with nothing it could enchant."""
    board = ("Psychic Possession", "Psychic Possession", "Steal Enchantment", "Llanowar Elves",
             "Forest", "Pacifism", "Curse of the Pierced Heart")
    hand = ("Psychic Possession", "Teferi's Protection", "Steal Enchantment", "Control Magic", "Pacifism",
            "Curse of the Pierced Heart")
    broad = Aim(board=board, hand=hand,
                kinds={"cast": 3, "put_onto_battlefield": 2, "change_control": 3, "check_sba": 1,
                       "concede": 1}, steps=("main1",), size=(1, 5),
                core=(("Psychic Possession",),))
    around = evolve(broad, kinds={"cast": 2, "put_onto_battlefield": 2, "change_control": 2,
                                  "check_sba": 1}, length=(0, 2))
    # An Aura put onto the battlefield where nothing it could enchant is (CR 303.4g): no
    # enchantment for Steal Enchantment, no creature for Pacifism or Control Magic.
    bare = Aim(board=("Forest", "Llanowar Elves", "Forest"), hand=("Steal Enchantment", "Pacifism",
               "Control Magic", "Psychic Possession"),
               kinds={"put_onto_battlefield": 3, "cast": 1, "check_sba": 1}, length=(0, 2),
               steps=("main1",), size=(1, 3),
               then=partial(_aura_with_nothing_to_enchant, cards=frozenset(capabilities.get("cards", ()))))
    handover = evolve(around, then=_possession_handed_to_its_player)
    stolen = evolve(around, core=(("Psychic Possession",), ("Steal Enchantment",)),
                    then=_possession_handed_to_its_player)
    protected = evolve(around, then=_enchanted_player_protected)
    # Steal Enchantments cast on other players' Pacifism, Psychic Possession and Steal Enchantment:
    # each control effect gives the caster that Aura, and with a stolen Steal Enchantment what it
    # steals (613.1b).
    restolen = evolve(around, board=("Psychic Possession", "Pacifism", "Steal Enchantment"),
                      core=(("Llanowar Elves",), ("Psychic Possession",), ("Pacifism",),
                            ("Steal Enchantment",)), size=(4, 5),
                      then=partial(_steal_enchantment_cast, cards=frozenset(capabilities.get("cards", ()))))
    # An enchant-player Aura put onto the battlefield, the harness choosing a permanent for it: not
    # a legal choice, so the action is rejected (303.4f, 702.5d).
    misplaced = evolve(around, then=partial(_enchant_player_aura_onto_a_permanent,
                                            cards=frozenset(capabilities.get("cards", ()))))
    # Steal Enchantments on a Psychic Possession (613.1b) taken twice as often as before: once in
    # eight ci cases left the situation to the derandomised split between aims.
    aims = (restolen, protected, bare, handover, protected, stolen, misplaced, bare, restolen, misplaced,
            broad)
    if "Teferi's Protection" not in capabilities.get("cards", ()):
        aims = tuple(aim for aim in aims if aim is not protected)
    return aimed(capabilities, *aims)


@enchant_player.claims(rules=("303.4", "704.5m"))
def _enchant_opponent_claim(step):
    """After state-based actions, an enchant-opponent Aura is never on its controller nor on a permanent."""
    names = _cards_by_id(step)
    for pid, p in step.engine_after["permanents"].items():
        if names.get(pid) != "Psychic Possession" or p["zone"] != "battlefield" or p["phased_out"]:
            continue
        attached = p.get("attached_to") or {}
        if "permanent" in attached:
            return (f"{pid} (enchant opponent) is attached to the permanent {attached['permanent']}; "
                    "it can only enchant an opponent (CR 702.5d, 704.5m)", ("702.5d", "704.5m"))
        if attached.get("player") == p["controller"]:
            return (f"{pid} enchants its own controller, player {p['controller']}; state-based actions "
                    "put it into its owner's graveyard (CR 303.4, 704.5m)")
    return None


def _possessions(scenario: dict) -> list:
    """The phased-in Psychic Possessions on the battlefield, with the player each enchants."""
    return [e for e in scenario["battlefield"] if e["card"] == "Psychic Possession"
            and not e.get("phased_out") and "player" in (e.get("attached_to") or {})]


def _spliced(draw, case: Case, action: dict) -> Case:
    """`case` with `action` put among its actions, mostly first (before anything moves it away)."""
    program = list(case.program)
    at = 0 if draw(BOOLEANS) else draw(integers(0, len(program)))
    return Case(case.scenario, tuple(program[:at] + [action] + program[at:]))


@st.composite
def _possession_handed_to_its_player(draw, case: Case) -> Case:
    """Control of a Psychic Possession given to the very player it enchants — directly, or through
    a Steal Enchantment attached to it (CR 613.1b layer 2, then 303.4 and 704.5m)."""
    possessions = _possessions(case.scenario)
    if not possessions:
        return case
    aura = draw(st.sampled_from(possessions))
    victim = aura["attached_to"]["player"]
    stealers = [e["id"] for e in case.scenario["battlefield"] if e["card"] == "Steal Enchantment"
                and not e.get("phased_out") and e.get("attached_to") == {"permanent": aura["id"]}]
    pid = draw(st.sampled_from([aura["id"]] + stealers * 2))
    return _spliced(draw, case, {"type": "change_control", "permanent": pid, "player": victim,
                                 "duration": draw(st.sampled_from(("end_of_turn", "indefinite")))})


def _controller_after_steals(scenario: dict, entry: dict) -> int:
    """Who controls an enchantment once the Steal Enchantments attached to it apply: the latest one
    wins (CR 613.1b, timestamp order = battlefield order), itself perhaps stolen."""
    stealers = [e for e in scenario["battlefield"] if e["card"] == "Steal Enchantment"
                and not e.get("phased_out") and e.get("attached_to") == {"permanent": entry["id"]}]
    return _controller_after_steals(scenario, stealers[-1]) if stealers else entry["controller"]


@st.composite
def _steal_enchantment_cast(draw, case: Case, cards: frozenset) -> Case:
    """A player who controls none of them, or as often the player a Psychic Possession enchants,
    casts Steal Enchantment first on a Pacifism, a Steal Enchantment, a Psychic Possession — one of
    each there is, in any order (CR 613.1b, layer 2 in timestamp order; a Possession taken by the
    player it enchants is illegal, 303.4, 704.5m); only the engine's `cards`."""
    auras = [e for e in case.scenario["battlefield"] if not e.get("phased_out") and e["card"] in
             ("Pacifism", "Steal Enchantment", "Psychic Possession")]
    if "Steal Enchantment" not in cards or not auras:
        return case
    scenario = copy.deepcopy(case.scenario)
    targets = draw(st.permutations([draw(st.sampled_from([e for e in auras if e["card"] == kind]))
                                    for kind in sorted({e["card"] for e in auras})]))
    holders = {_controller_after_steals(scenario, e) for e in targets}
    seats = range(len(scenario["players"]))
    free = [s for s in seats if s not in holders] or [s for s in seats if s != min(holders)]
    enchanted = [e["attached_to"]["player"] for e in targets if "player" in (e.get("attached_to") or {})]
    seat = scenario["active_player"] = draw(st.sampled_from(free + enchanted * len(free)))
    casts = []
    for n, aura in enumerate(targets):
        scenario["players"][seat]["hand"].append("Steal Enchantment")
        casts.append({"type": "cast", "player": seat, "card": "Steal Enchantment",
                      "targets": [{"permanent": aura["id"]}], "optional": draw(BOOLEANS),
                      "id": f"n{9 - n}"})
    return Case(scenario, tuple(casts) + case.program)


@st.composite
def _enchanted_player_protected(draw, case: Case) -> Case:
    """The player a Psychic Possession enchants casts Teferi's Protection: protection from
    everything, so the Aura is put into its owner's graveyard (CR 702.16j, 704.5m)."""
    possessions = _possessions(case.scenario)
    if not possessions:
        return case
    victim = draw(st.sampled_from(possessions))["attached_to"]["player"]
    scenario = copy.deepcopy(case.scenario)
    scenario["players"][victim]["hand"].append("Teferi's Protection")
    cast = {"type": "cast", "player": victim, "card": "Teferi's Protection",
            "optional": draw(BOOLEANS), "id": "n9"}
    return _spliced(draw, Case(scenario, case.program), cast)


@st.composite
def _enchant_player_aura_onto_a_permanent(draw, case: Case, cards: frozenset) -> Case:
    """A player puts a Psychic Possession (sometimes a Curse of the Pierced Heart) from their hand
    onto the battlefield, the harness choosing a permanent on the battlefield for it to enchant,
    mostly first: an Aura with enchant player or opponent can enchant only a player, so that is no
    legal choice for an Aura entering without being cast and the action is rejected (CR 303.4f,
    702.5d). Only the engine's `cards`."""
    names = [n for n in ("Psychic Possession",) * 3 + ("Curse of the Pierced Heart",) if n in cards]
    hosts = [e["id"] for e in case.scenario["battlefield"] if not e.get("phased_out")]
    if not names or not hosts:
        return case
    scenario = copy.deepcopy(case.scenario)
    name, seat = draw(st.sampled_from(names)), draw(integers(0, len(scenario["players"]) - 1))
    scenario["players"][seat]["hand"].append(name)
    put = {"type": "put_onto_battlefield", "player": seat, "card": name, "id": "n9",
           "attach_to": {"permanent": draw(st.sampled_from(hosts))}}
    return _spliced(draw, Case(scenario, case.program), put)


@st.composite
def _aura_with_nothing_to_enchant(draw, case: Case, cards: frozenset) -> Case:
    """A Steal Enchantment (or, on a board without creatures, a Pacifism) put onto the battlefield
    by a player holding it, first: nothing it could enchant, so it stays in hand (CR 303.4g). Only
    the engine's `cards`."""
    scenario = copy.deepcopy(case.scenario)
    creatures = any("creature" in card(e["card"]).types for e in scenario["battlefield"])
    names = [n for n in ("Steal Enchantment",) * 3 + (() if creatures else ("Pacifism",)) if n in cards]
    if not names:
        return case
    name = draw(st.sampled_from(names))
    seat = draw(integers(0, len(scenario["players"]) - 1))
    scenario["players"][seat]["hand"].append(name)
    target = {"permanent": draw(st.sampled_from([e["id"] for e in scenario["battlefield"]]))} \
        if scenario["battlefield"] else {"player": seat}
    put = {"type": "put_onto_battlefield", "player": seat, "card": name, "id": "n9",
           "attach_to": target}
    return Case(scenario, (put,) + case.program)
