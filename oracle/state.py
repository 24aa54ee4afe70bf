"""Game state (attrs): players, permanents, the turn, lingering effects and the event log."""
from __future__ import annotations

import functools
from operator import attrgetter

from attrs import define, field

from mtg_conformance.oracle.card import Card
from mtg_conformance.oracle.vocabulary import MANA_TYPES


def empty_pool() -> dict:
    return dict.fromkeys(MANA_TYPES, 0)


# Counts every change to which objects could be on the battlefield: a Permanent made, or its `zone`
# or `phased_out` assigned. With the number of objects a game has (ids are never reused or
# removed: CR 400.7, `_new_object_id`), it tells `Game.on_battlefield` when to look again.
MOVES = [0]


@define
class Player:
    seat: int
    life: int = 20
    library: list = field(factory=list)        # top card first
    hand: list = field(factory=list)
    graveyard: list = field(factory=list)
    pool: dict = field(factory=empty_pool)      # CR 106.4
    in_game: bool = True
    protected_until_turn: bool = False         # Teferi's Protection: protection from everything
    drew_from_empty: bool = False              # for CR 704.5b


@define
class Permanent:
    """An object on the battlefield (or that was), named by the harness's id."""

    id: str
    card: Card
    owner: int
    controller: int
    base_controller: int                       # who put it onto the battlefield (CR 110.2)
    _zone: str = "battlefield"                 # `zone` (assigning it counts in MOVES)
    tapped: bool = False
    _phased_out: str | None = None             # `phased_out`: None, "directly" or "indirectly"
                                               # (CR 702.26g; assigning it counts in MOVES)
    phased_out_under: int | None = None        # controller when it phased out (CR 702.26a)
    counters: dict = field(factory=dict)
    attached_to: tuple | None = None           # ("permanent", id) | ("player", seat)
    sick: bool = True                          # not controlled since its controller's turn began
    chosen_color: str | None = None
    spell_x: int = 0                           # X of the spell it came from (CR 107.3m)
    damage: int = 0
    token: bool = False
    animated: bool = False                     # Mutavault until end of turn
    timestamp: int = 0

    def __attrs_post_init__(self) -> None:
        MOVES[0] += 1

    @property
    def phased_in(self) -> bool:
        return self._zone == "battlefield" and self._phased_out is None

    # `zone` and `phased_out` are properties rather than attrs hooks, which would make every other
    # attribute's assignment go through a Python `__setattr__` too; read (often) through an
    # `attrgetter`, with no Python frame.
    def _set_zone(self, value: str) -> None:
        MOVES[0] += 1
        self._zone = value

    def _set_phased_out(self, value: str | None) -> None:
        MOVES[0] += 1
        self._phased_out = value

    zone = property(attrgetter("_zone"), _set_zone)
    phased_out = property(attrgetter("_phased_out"), _set_phased_out)


@define
class ControlEffect:
    """A layer-2 control effect from a resolved spell or ability (CR 613.1b)."""

    target: str
    player: int
    duration: str                              # "end_of_turn" | "indefinite" | "while_tapped"
    source: str | None
    timestamp: int
    grants_haste: bool = False


@define
class Linked:
    """A one-shot effect waiting "until ~ leaves the battlefield" (CR 610.3, 610.4)."""

    source: str
    kind: str                                  # "return_from_exile" | "phase_in_tapped"
    target: str
    # issue 12: phasing — "phase_in" (Out of Time); "cant_phase_out" (Ertai's Familiar) lasts until
    # this seat's next upkeep, or until its source leaves
    until_upkeep_of: int | None = None


@define
class Game:
    players: list
    permanents: dict                           # id -> Permanent, every harness-named object
    active: int
    step: str
    turn: int
    clock: int = 0                             # timestamps (CR 613.7)
    control_effects: list = field(factory=list)
    linked: list = field(factory=list)
    mana_replacements: list = field(factory=list)   # (effect id, kind) created by spells, until EOT
    tokens_made: int = 0
    attacked: bool = False                     # attackers declared this combat (CR 508.1)
    attackers: dict = field(factory=dict)      # attacking creature id -> its timestamp then
    triggered: list = field(factory=list)      # [source id, event] since the last observation
    pending: list = field(factory=list)        # triggered abilities waiting to be put on the stack
    trace: list = field(factory=list)          # the current action's decisions (oracle.provenance)
    power_toughness: dict = field(factory=dict)  # creature id -> P/T last recorded (CR 613.4c)
    # where the "gets +N/+N" statics were, and who controlled each creature, when P/T was last
    # recorded (613.4c)
    boost_sources: tuple = ()
    # while a pass that only reads the game runs, what it computed once (`reading_pass`)
    memo: dict | None = None
    battlefield: tuple = ()                    # `on_battlefield`, as of `MOVES` and the number of
    battlefield_moves: int = -1                # objects then
    battlefield_objects: int = -1
    by_card: dict = field(factory=dict)        # `those`: key -> those of `battlefield` whose card passes
    # the battlefield, control effects and players in the game the controllers were last computed
    # from (oracle.control.recompute_control)
    control_inputs: tuple | None = None

    def tick(self) -> int:
        self.clock += 1
        return self.clock

    def on_battlefield(self) -> tuple:
        """Phased-in permanents: what the game sees as existing (CR 702.26b); looked for again only
        once an object was made or moved (`MOVES`) or joined the game."""
        if MOVES[0] != self.battlefield_moves or len(self.permanents) != self.battlefield_objects:
            self.battlefield = tuple([p for p in self.permanents.values() if p.phased_in])
            self.battlefield_moves, self.battlefield_objects = MOVES[0], len(self.permanents)
            self.by_card = {}
        return self.battlefield

    def those(self, key: str, test) -> tuple:
        """The phased-in permanents whose card passes `test`, in battlefield order: found once for each
        `on_battlefield` under `key` (a permanent's card never changes)."""
        battlefield = self.on_battlefield()
        found = self.by_card.get(key)
        if found is None:
            found = self.by_card[key] = tuple([p for p in battlefield if test(p.card)])
        return found

    def having(self, name: str) -> tuple:
        """The phased-in permanents with the static ability `name` (a phased-out one's doesn't apply,
        CR 702.26b)."""
        return self.those(name, lambda card: name in card.statics)

    def over(self) -> bool:
        """CR 104.1, 104.2a: the game ends as soon as at most one player is left in it; after that
        nothing more happens (no state-based actions, no triggered abilities, no more steps)."""
        left = 0
        for player in self.players:
            left += player.in_game
        return left <= 1

    def opponents(self, seat: int) -> list:
        return [p.seat for p in self.players if p.seat != seat and p.in_game]


def reading_pass(function):
    """Run `function(game, ...)` as one reading pass: a pass over the game that changes nothing the
    rules read (state-based actions looked for, power and toughness recorded, what lands could
    produce). In it, what `once` computes — the phased-in permanents, the "+N/+N" sources, the
    type-changing effects — is computed once, not once per permanent asked about; outside one,
    every time. A pass inside a pass is part of the outer one."""
    @functools.wraps(function)
    def in_one_pass(game: Game, *args, **kwargs):
        if game.memo is not None:
            return function(game, *args, **kwargs)
        game.memo = {}
        try:
            return function(game, *args, **kwargs)
        finally:
            game.memo = None
    return in_one_pass


def once(game: Game, key, function, *args):
    """`function(*args)`, computed once in a reading pass (`reading_pass`)."""
    memo = game.memo
    if memo is None:
        return function(*args)
    found = memo.get(key, memo)           # the memo itself stands for "not computed yet"
    if found is memo:
        found = memo[key] = function(*args)
    return found
