"""Hypothesis strategies for contract scenarios and action programs, drawn from an engine's cards.

Scenarios are legal game states by construction, with no state-based action pending once continuous
effects apply (docs/contract.md#scenario): Auras on something they can enchant, also after Steal
Enchantment changes control; phased-out attachments with their host; X creatures with at least one
+1/+1 counter; token-only cards only on the battlefield, as tokens. Programs are the harness's decisions, legal or not: an illegal one must be
rejected the same way by engine and oracle.
"""
from __future__ import annotations

import functools
from collections.abc import Callable, Mapping

from attrs import frozen
from hypothesis import strategies as st
from hypothesis.strategies import SearchStrategy

from mtg_conformance.adapters.contract import MANA_TYPES, SCENARIO_FEATURES, SCENARIO_STEPS
from mtg_conformance.oracle.catalog import TOKEN_ONLY, card, cast_targets
from mtg_conformance.properties.model import Case

BASICS = ("Plains", "Island", "Swamp", "Mountain", "Forest")
REPLACEMENT_CARDS = ("Contamination", "Mana Reflection", "Pale Moon")
STEP_NAMES = SCENARIO_STEPS
PHASED, SICK = 0.15, 0.4            # default chances a permanent starts phased out, summoning sick
# Time counters on a vanishing permanent: mostly one, so an upkeep removes the last (CR 702.63a's
# second trigger); sometimes none left, whose upkeep trigger removes nothing and sacrifices nothing.
TIME_COUNTERS = (1, 0, 1, 2, 1, 3)
EVERY_FEATURE = frozenset(SCENARIO_FEATURES)


def card_needs(name: str, attached: bool = False) -> frozenset:
    """The scenario features a card needs to be on a generated battlefield at all (`attached`: an
    Equipment is wanted attached)."""
    c, needs = card(name), set()
    if name in TOKEN_ONLY:
        needs.add("tokens")
    if c.chooses_color:
        needs.add("chosen_color")
    if c.enters_with:
        needs.add("counters")
    if c.enchant:
        needs.add("attached_to_player" if c.enchant in ("player", "opponent") else "attached_to_permanent")
    if c.equipment and attached:
        needs.add("attached_to_permanent")
    return frozenset(needs)


def placeable(names, features: frozenset, attached: bool = False) -> tuple:
    """The cards of `names` a scenario within `features` can put on the battlefield; none whose
    static lowers toughness (Dread of Night, Weakness): on a generated board it could leave a
    creature at toughness 0, a state no game is in (704.5f) — they are cast or moved instead."""
    return tuple(n for n in names if card_needs(n, attached) <= features and not _lowers_toughness(n))


def _lowers_toughness(name: str) -> bool:
    boost = card(name).boost
    return bool(boost) and boost[1] < 0


def features_used(board, features: frozenset, phased: float = PHASED, sick: float = SICK) -> frozenset:
    """The scenario features `scenarios(board, ..., features=features)` may use."""
    used = {"owner"} | ({"phased_out"} if phased else set()) | ({"sick"} if sick else set())
    for name in board:
        used |= card_needs(name) | ({"attached_to_permanent"} if card(name).equipment else set())
    return frozenset(used & features)


def _attach(draw, entry: dict, battlefield: list, seats: int):
    """Choose a legal attachment for an Aura or Equipment, or None if there is none (CR 303.4)."""
    c = card(entry["card"])
    if c.enchant in ("player", "opponent"):
        choices = [s for s in range(seats) if c.enchant == "player" or s != entry["controller"]]
        seat = draw(sampled(choices))
        return {"player": seat}, None
    wanted = "creature" if c.equipment else c.enchant
    hosts = [e for e in battlefield if wanted in card(e["card"]).types
             and not (e.get("chosen_color") and e["chosen_color"] in c.colors)
             and not _hands_over_enchanting_aura(c, entry["controller"], e, battlefield)]
    if not hosts:
        return None, None
    host = draw(st.sampled_from(hosts))   # dicts
    return {"permanent": host["id"]}, host.get("phased_out")


def _hands_over_enchanting_aura(c, controller: int, host: dict, battlefield: list) -> bool:
    """Would `c` (Steal Enchantment), attached to `host`, give an enchant-opponent Aura to the very
    player it enchants — directly or through the Steal Enchantments it would steal (CR 613.1b,
    303.4, 704.5m)? Later entries have later timestamps, so `c`'s control effect would win."""
    if "control_enchanted" not in c.statics:
        return False
    by_id = {e["id"]: e for e in battlefield}
    while "control_enchanted" in card(host["card"]).statics and "permanent" in (host.get("attached_to") or {}):
        host = by_id[host["attached_to"]["permanent"]]
    return card(host["card"]).enchant == "opponent" and host.get("attached_to") == {"player": controller}


def _beside_no_namesake(name: str, controller: int, seats: int, battlefield: list) -> int | None:
    """The seat, from `controller` on, that controls no permanent named `name` yet: a player with two
    legendary permanents of one name keeps one (CR 704.5j), a choice the contract leaves to no
    action, so no scenario starts there. None if every seat has one."""
    taken = {e["controller"] for e in battlefield if e["card"] == name}
    return next((s % seats for s in range(controller, controller + seats) if s % seats not in taken), None)


def sampled(options) -> SearchStrategy:
    """`st.sampled_from(options)`, made once per distinct options: it draws exactly as a new one
    would, and generation (shrinking above all, which draws many cases) no longer builds and
    validates a strategy for every draw."""
    try:
        return _sampled(tuple(options), tuple(map(type, options)))
    except TypeError:                               # unhashable options
        return st.sampled_from(options)


@functools.lru_cache(maxsize=1024)
def integers(low: int, high: int) -> SearchStrategy:
    """`st.integers(low, high)`, made once per bounds (see `sampled`)."""
    return st.integers(low, high)


BOOLEANS = st.booleans()


def some_of(options, min_size: int = 0, max_size: int | None = None, unique: bool = False) -> SearchStrategy:
    """`st.lists(st.sampled_from(options), ...)`, made once per distinct arguments (see `sampled`)."""
    try:
        return _some_of(tuple(options), tuple(map(type, options)), min_size, max_size, unique)
    except TypeError:
        return st.lists(st.sampled_from(options), min_size=min_size, max_size=max_size, unique=unique)


@functools.lru_cache(maxsize=4096)
def _sampled(options: tuple, types: tuple) -> SearchStrategy:      # types: 1 and True are not one key
    return st.sampled_from(options)


@functools.lru_cache(maxsize=4096)
def _some_of(options: tuple, types: tuple, min_size: int, max_size, unique: bool) -> SearchStrategy:
    return st.lists(st.sampled_from(options), min_size=min_size, max_size=max_size, unique=unique)


def _chance(draw, p: float) -> bool:
    """True with probability `p`; shrinks towards False."""
    return p > 0 and draw(integers(0, 99)) >= 100 - p * 100


Kinds = Mapping[str, int]                # action type -> relative weight
Stages = list[tuple[Kinds, tuple[int, int]]]  # (kinds, (fewest, most) actions), played in order


@frozen(kw_only=True)
class Aim:
    """One situation a property's cases aim at (properties/areas/common.aimed): the cards its
    scenarios are drawn from — `core`, one card of each group placed first, the cards whose meeting
    the situation is about; `board`, some more; `hand`, the hands' — and the actions its programs
    are drawn from (`kinds`, with `length` actions; or staged `Stages`), with the scenario options
    of `scenarios`. `then`, if given, arranges each drawn case into the situation: a function from a
    case to a strategy of cases, for the harness's choices it needs (who controls a reader, which
    colour is asked for)."""

    board: tuple[str, ...]
    kinds: Kinds | Stages
    hand: tuple[str, ...] = ()
    core: tuple[tuple[str, ...], ...] = ()
    length: tuple[int, int] = (1, 6)            # actions in a program (unstaged `kinds`)
    players: tuple[int, int] = (2, 4)           # (fewest, most) seats
    size: tuple[int, int] = (1, 6)              # permanents on the battlefield
    steps: tuple[str, ...] = ("upkeep", "draw", "main1", "main1", "main2", "combat", "end")
    phased: float = PHASED                      # chance a permanent starts phased out
    sick: float = SICK                          # ... summoning sick
    tapped: float = 0.3                         # ... tapped
    low_life: float = 0.1                       # chance a player starts at low life, one of `low_lives`
    low_lives: tuple[int, ...] = (1,)
    owned_elsewhere: float = 0.1                # chance a permanent's owner is drawn at random
    library: tuple[int, int] = (1, 4)           # (fewest, most) cards in a library
    hand_size: tuple[int, int] = (0, 3)
    first_turn: float = 0.0                     # chance the game starts on turn 1
    then: Callable[[Case], SearchStrategy[Case]] | None = None


@st.composite
def scenarios(draw, aim: Aim, features=EVERY_FEATURE, library_cards=BASICS):
    """A contract scenario drawn as `aim` says: its battlefield from `aim.board` and hands from
    `aim.hand`, using only the scenario `features` given (`board` holds only cards `placeable`
    within them).

    Swarm testing: each scenario draws its permanents from a few cards — one from each group in
    `core` (the cards whose meeting the property is about) and some of `board` — and puts one of
    each on the battlefield first, so the cards that interact meet far more often than in uniform
    draws. Half the permanents are controlled by the active player, so their abilities are usable;
    `owned_elsewhere` of them are owned by a seat drawn at random (with the `owner` feature).
    Libraries hold at least `library[0]` cards (1 unless the property is about drawing from an
    empty library) drawn from `library_cards`, the basic lands the engine has; none when it has
    none. Token-only cards never go to hands (CR 704.5d). Start states few cases reach, opt-in (off by
    default, so no other property's draws move): a player at low life has one of `low_lives`
    (issue 26: 1-3 meets damage and life loss that kill), and `first_turn` of the scenarios start
    on turn 1, where the starting player of a two-player game skips the draw (CR 103.8a); a
    `library` of (0, 1) gives empty and one-card libraries."""
    board, core = aim.board, aim.core
    hand = tuple(name for name in aim.hand if name not in TOKEN_ONLY)
    seats = draw(integers(*aim.players))
    active = draw(integers(0, seats - 1))
    swarm = [draw(sampled(group)) for group in core if group]
    if board:                           # none declared beside the core's: the core alone
        swarm += draw(some_of(board, min_size=0 if swarm else 1, max_size=3,
                               unique=True))
    swarm.sort(key=lambda name: bool(card(name).enchant or card(name).equipment))   # hosts first
    doc_players = [{"life": _low_life(draw, aim.low_lives) if _chance(draw, aim.low_life) else 20,
                    "hand": draw(some_of(hand, min_size=aim.hand_size[0],
                                         max_size=aim.hand_size[1])) if hand else [],
                    "library": draw(some_of(library_cards, min_size=aim.library[0],
                                             max_size=aim.library[1])) if library_cards else []}
                   for _ in range(seats)]
    battlefield = []
    for i in range(draw(integers(*aim.size))):
        name = swarm[i] if i < len(swarm) else draw(sampled(swarm))
        c = card(name)
        controller = active if draw(BOOLEANS) else draw(integers(0, seats - 1))
        if "legendary" in c.supertypes:
            controller = _beside_no_namesake(name, controller, seats, battlefield)
            if controller is None:
                continue
        entry = {"id": f"p{i}", "card": name, "controller": controller}
        if "owner" in features and _chance(draw, aim.owned_elsewhere):
            entry["owner"] = draw(integers(0, seats - 1))
        entry["tapped"] = _chance(draw, aim.tapped)
        if "sick" in features:
            entry["sick"] = _chance(draw, aim.sick)
        if "phased_out" in features and _chance(draw, aim.phased):
            entry["phased_out"] = "directly"
        if c.enters_with.startswith("x_p1p1"):      # X counters; Apocalypse Hydra's too
            entry["counters"] = {"+1/+1": draw(integers(1, 3))}     # a 0/0 dies (704.5f)
        if c.enters_with == "time3":
            entry["counters"] = {"time": draw(sampled(TIME_COUNTERS))}
        if c.chooses_color:
            entry["chosen_color"] = draw(sampled(MANA_TYPES[:5]))
        if name in TOKEN_ONLY:
            entry["token"] = True
        if c.enchant or (c.equipment and "attached_to_permanent" in features and draw(BOOLEANS)):
            attached, host_phase = _attach(draw, entry, battlefield, seats)
            if attached is None and c.enchant:
                continue
            entry["attached_to"] = attached
            if host_phase:
                entry["phased_out"] = "indirectly"
        battlefield.append(entry)
    step = draw(sampled(aim.steps))
    return {"contract": 1, "players": doc_players, "battlefield": battlefield,
            "active_player": active, "step": step,
            "turn": 1 if _chance(draw, aim.first_turn) else draw(integers(2, 5))}


def _low_life(draw, lives: tuple) -> int:
    """A low life total: the one given draws nothing (the default), else one of them."""
    return lives[0] if len(lives) == 1 else draw(sampled(lives))


class Picker:
    """Chooses the objects actions refer to: mostly the scenario's permanents, often the one the
    previous action used (so programs chain: steal it, then tap it), sometimes one an action made."""

    def __init__(self, scenario: dict, unheld: str = "Forest"):
        self.scenario = scenario
        self.unheld = unheld                # what a cast names when the seat's hand is empty
        self.ids = [e["id"] for e in scenario["battlefield"]] or ["p0"]
        self.made: list = []
        self.made_cards: dict = {}          # the card each made id was cast or put from
        self.recent = None

    def card(self, pid: str):
        entry = next((e for e in self.scenario["battlefield"] if e["id"] == pid), None)
        return card(entry["card"]) if entry else None

    def permanent(self, draw, among=None) -> str:
        among = among or self.ids * 4 + self.made
        if self.recent in among and draw(BOOLEANS):
            return self.recent
        self.recent = draw(sampled(among))
        return self.recent

    def fresh(self, name: str) -> str:
        """The id for an object an action creates from the card `name`."""
        self.recent = f"n{len(self.made)}"
        self.made.append(self.recent)
        self.made_cards[self.recent] = name
        return self.recent

    def seat(self, draw) -> int:
        return draw(integers(0, len(self.scenario["players"]) - 1))

    def target(self, draw, wanted: str = "") -> dict:
        """A target, usually of the kind the ability asks for (`wanted`, in the catalog's terms),
        sometimes anything at all (a permanent for an Aura that enchants a player), so that illegal
        targets are tried too."""
        if ((wanted in ("player", "opponent") and draw(integers(0, 4)))
                or (wanted in ("", "any") and draw(integers(0, 3)) == 0)):
            return {"player": self.seat(draw)}
        kind = "creature" if wanted.startswith("creature") or wanted == "any" else wanted
        fitting = [pid for pid in self.ids if kind and self.card(pid) and kind in self.card(pid).types]
        if fitting and draw(integers(0, 9)):
            return {"permanent": self.permanent(draw, fitting)}
        return {"permanent": self.permanent(draw)}


def ability_targets(name: str, ability: int, target: dict) -> dict:
    """`{"targets": [target]}` for an activated ability of the card `name` that targets, else {}: an
    ability that targets nothing is sent no `targets` (docs/contract.md#actions)."""
    abilities = card(name).activated
    return {"targets": [target]} if ability < len(abilities) and abilities[ability].target else {}


def _colors(scenario: dict) -> list:
    """Mana types weighted towards what the board's basic lands make, so choices are often legal."""
    fixed = [t for e in scenario["battlefield"] for a in card(e["card"]).mana_abilities
             if a.produces == "fixed" for t in a.types]
    return list(MANA_TYPES) + fixed * 2


def _replacement_ranking(draw, pick: Picker):
    """A ranking of the replacement-effect sources: the scenario's, and those an action made (a Pale
    Moon cast); no other ids, which `order` has no use for."""
    sources = [e["id"] for e in pick.scenario["battlefield"] if e["card"] in REPLACEMENT_CARDS]
    sources += [pid for pid in pick.made if pick.made_cards[pid] in REPLACEMENT_CARDS]
    return list(draw(st.permutations(sources))) if sources else None


def _activate_mana(draw, pick: Picker):
    producers = [pid for pid in pick.ids if pick.card(pid) and pick.card(pid).mana_abilities]
    pid = pick.permanent(draw, producers or None)
    action = {"type": "activate_mana", "permanent": pid,
              "color": draw(sampled(_colors(pick.scenario)))}
    c = pick.card(pid)
    if c and any(a.cost.tap_untapped_creature for a in c.mana_abilities):
        action["tap"] = draw(sampled(pick.ids))
    ranking = _replacement_ranking(draw, pick)
    if ranking:
        action["order"] = ranking
    return action


def _activate(draw, pick: Picker):
    users = [pid for pid in pick.ids if pick.card(pid) and pick.card(pid).activated]
    pid = pick.permanent(draw, users or None)
    c = pick.card(pid)
    count = len(c.activated) if c else 1
    ability = draw(integers(0, max(count - 1, 0)))
    action = {"type": "activate", "permanent": pid, "ability": ability}
    wanted = c.activated[ability].target if c and c.activated else ""
    if wanted:                          # an ability that targets nothing is sent no `targets`
        action["targets"] = [pick.target(draw, wanted)]
    pick.recent = pid
    action["optional"] = draw(BOOLEANS)
    return action


def _cast(draw, pick: Picker):
    players = pick.scenario["players"]
    holders = [s for s, p in enumerate(players) if p["hand"]]
    active = pick.scenario["active_player"]
    seat = active if active in holders and draw(integers(0, 4)) else (
        draw(sampled(holders)) if holders else active)
    name = draw(sampled(players[seat]["hand"] or [pick.unheld]))
    c = card(name)
    action = {"type": "cast", "player": seat, "card": name}
    if c.x_cost:
        action["x"] = draw(integers(0, 3))
    wanted = cast_targets(c)
    if wanted:                          # a spell that targets nothing (Hurricane) is sent no `targets`
        action["targets"] = [pick.target(draw, wanted)]
    action["optional"] = draw(BOOLEANS)
    action["id"] = pick.fresh(name)
    if c.chooses_color:
        action["color"] = draw(sampled(MANA_TYPES[:5]))
    return action


def _put(draw, pick: Picker):
    action = _cast(draw, pick)
    put = {"type": "put_onto_battlefield", "player": action["player"], "card": action["card"],
           "id": action["id"]}
    if card(action["card"]).enchant:                  # an Aura's target is where it goes
        put["attach_to"] = action["targets"][0]
    if "color" in action:
        put["color"] = action["color"]
    return put


def _phase_out(draw, pick: Picker):
    first = pick.permanent(draw)
    more = draw(some_of(pick.ids, max_size=2, unique=True))
    return {"type": "phase_out", "permanents": [first] + [m for m in more if m != first]}


def _change_control(draw, pick: Picker):
    """Mostly to a seat other than the permanent's controller in the scenario, so control changes
    hands (a seat drawn at random is most often the first, which often has it already)."""
    pid = pick.permanent(draw)
    entry = next((e for e in pick.scenario["battlefield"] if e["id"] == pid), None)
    seat = pick.seat(draw)
    if entry and seat == entry["controller"] and draw(integers(0, 3)):
        seat = (seat + 1 + draw(integers(0, len(pick.scenario["players"]) - 2))) % len(pick.scenario["players"])
    return {"type": "change_control", "permanent": pid, "player": seat,
            "duration": draw(sampled(("end_of_turn", "indefinite")))}


def _one_id(kind):
    def make(draw, pick: Picker):
        return {"type": kind, "permanent": pick.permanent(draw)}
    return make


def _attack(draw, pick: Picker):
    return {"type": "attack", "attackers": draw(some_of(pick.ids, max_size=2,
                                                         unique=True))}


def _advance(draw, pick: Picker):
    action = {"type": "advance", "step": draw(sampled(STEP_NAMES)),
              "turns": draw(integers(0, 1)), "optional": draw(BOOLEANS)}
    if draw(BOOLEANS):
        action["keep_tapped"] = draw(some_of(pick.ids, max_size=2, unique=True))
    if draw(BOOLEANS):
        action["sacrifice"] = draw(sampled(pick.ids))
    return action


def _deal_damage(draw, pick: Picker):
    """Mostly to a creature, sometimes to a player or any permanent; amounts around a creature's
    toughness, so it is sometimes lethal and sometimes not (CR 704.5g)."""
    return {"type": "deal_damage", "target": pick.target(draw, "creature"),
            "amount": draw(integers(1, 4))}


def _attach_action(draw, pick: Picker):
    """An Aura or Equipment of the scenario, mostly to what it could be attached to (a creature for
    Equipment, what an Aura's enchant ability names), sometimes to anything, so that illegal moves
    are tried too (CR 701.3b)."""
    movable = [pid for pid in pick.ids if pick.card(pid) and (pick.card(pid).enchant or pick.card(pid).equipment)]
    pid = pick.permanent(draw, movable or None)
    c = pick.card(pid)
    wanted = "" if c is None else ("creature" if c.equipment else c.enchant or "")
    to = pick.target(draw, wanted if draw(integers(0, 2)) else "")
    pick.recent = pid
    return {"type": "attach", "permanent": pid, "to": to}


MAKERS = {"activate_mana": _activate_mana, "activate": _activate, "cast": _cast,
          "put_onto_battlefield": _put, "phase_out": _phase_out, "change_control": _change_control,
          "put_into_graveyard": _one_id("put_into_graveyard"), "tap": _one_id("tap"),
          "attack": _attack, "advance": _advance,
          "concede": lambda draw, pick: {"type": "concede", "player": pick.seat(draw)},
          "check_sba": lambda draw, pick: {"type": "check_sba"},
          "deal_damage": _deal_damage, "attach": _attach_action}


@st.composite
def programs(draw, scenario: dict, kinds, length=(1, 6), unheld: str = "Forest"):
    """A list of actions. `kinds` maps action type to a relative weight; or it is a list of stages
    `(kinds, length)` played in order, for rules about a sequence (steal it, then phase it out).
    A `cast` by a seat with an empty hand names `unheld`, a card the engine has."""
    stages = kinds if isinstance(kinds, list) else [(kinds, length)]
    pick, program = Picker(scenario, unheld), []
    for stage_kinds, stage_length in stages:
        weighted = [k for k, w in stage_kinds.items() for _ in range(w)]
        if weighted:
            program += [MAKERS[draw(sampled(weighted))](draw, pick)
                        for _ in range(draw(integers(*stage_length)))]
    return program
