"""The adapter kit: what every adapter needs, whatever its engine (docs/adapters.md).

- `IdMap`: harness ids <-> engine ids.
- `Refusal` and `attempt`: an illegal action changes nothing (snapshot, try, roll back) and is
  observed with a reason class (docs/contract.md#actions).
- `reason_from`: a reason class for an engine that refuses without saying why, from facts it shows.
- `mana_to_supply`: the mana part of a cost, which the harness supplies (docs/contract.md).
- `check_scenario`: refuse a scenario the engine can't set up, naming why.
- `capabilities` and `ObservationBuilder`: contract documents that validate themselves.
- `guarded`: anything the engine throws that isn't a verdict becomes a one-line EngineError.
"""
from __future__ import annotations

import re
from collections import Counter

from mtg_conformance.adapters.contract import (CONTRACT_VERSION, MANA_TYPES, OBSERVED_FIELDS, SCENARIO_STEPS,
                                               ContractError, EngineError, refuse_unsupported, validate)
from mtg_conformance.oracle import vocabulary

STEPS = SCENARIO_STEPS              # the steps a scenario starts in and `advance` goes to (the vocabulary's)


class IdMap:
    """A two-way map between the harness's ids and the engine's ids for the same objects."""

    def __init__(self):
        self._engine: dict[str, object] = {}
        self._harness: dict[object, str] = {}

    def add(self, harness_id: str, engine_id) -> None:
        if harness_id in self._engine:
            raise Refusal("illegal_choice")          # an action may not reuse an id (docs/contract.md)
        self._engine[harness_id], self._harness[engine_id] = engine_id, harness_id

    def engine(self, harness_id: str):
        """The engine's id, or Refusal('no_such_object') for an id the harness never gave."""
        try:
            return self._engine[harness_id]
        except KeyError:
            raise Refusal("no_such_object") from None

    def harness(self, engine_id, default: str | None = None) -> str | None:
        """The harness's id of an engine object; `default` for one the harness never named (a token)."""
        return self._harness.get(engine_id, default)

    def items(self):
        """(harness id, engine id) pairs, in the order they were added."""
        return self._engine.items()

    def copy(self) -> "IdMap":
        clone = IdMap()
        clone._engine, clone._harness = dict(self._engine), dict(self._harness)
        return clone


class Refusal(Exception):
    """The engine refused the action: the rules forbid it. `reason` is the contract's reason class
    (docs/contract.md#observation); `attempt` turns it into the observation's `rejected`."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


def attempt(run, snapshot, restore) -> str | None:
    """Run `run()`; if it raises Refusal, put back what `snapshot()` saved before it, with
    `restore(saved)`, and return the reason class. None when the action went through."""
    saved = snapshot()
    try:
        run()
    except Refusal as why:
        restore(saved)
        return why.reason
    return None


def reason_from(*checks: tuple[bool, str], default: str = "illegal_choice") -> str:
    """The reason class of the first check that holds: for an engine that refuses an action without
    saying why, read the facts it shows (is it tapped? sick?) in the order the rules look at them."""
    return next((reason for holds, reason in checks if holds), default)


_SYMBOL = re.compile(r"\{([^}]+)\}")


def mana_to_supply(cost: str, x: int = 0) -> Counter:
    """The mana that pays a cost such as "{X}{X}{W/U}" exactly, by type: generic and X as colorless
    (CR 107.3a, 107.4b), a hybrid symbol as its first colour (107.4e). The harness supplies it; an
    adapter adds it just before the engine pays, so it never shows in an observed pool."""
    mana = Counter()
    for symbol in _SYMBOL.findall(cost):
        head = symbol.split("/")[0]
        if head.isdigit():
            mana["C"] += int(head)
        elif head == "X":
            mana["C"] += x
        elif head in MANA_TYPES:
            mana[head] += 1
        else:
            raise ContractError(f"can't supply mana for the symbol {{{symbol}}}")
    return +mana


def check_scenario(scenario: dict, capabilities: dict) -> None:
    """Refuse (ContractError, one line) a scenario the engine declared it can't set up: schema, cards,
    seats, scenario features, duplicate ids, attachments and seats that aren't in the game."""
    validate("scenario", scenario)
    seats, cards = len(scenario["players"]), set(capabilities["cards"])
    if seats > capabilities["max_players"]:
        raise ContractError(f"scenario refused: {seats} players, at most {capabilities['max_players']}")
    ids = [p["id"] for p in scenario["battlefield"]]
    if len(set(ids)) != len(ids):
        raise ContractError("scenario refused: duplicate permanent id")
    named = [p["card"] for p in scenario["battlefield"]]
    named += [c for pl in scenario["players"] for c in pl["hand"] + pl["library"]]
    unknown = sorted(set(named) - cards)
    if unknown:
        raise ContractError(f"scenario refused: {unknown[0]!r} is not among the engine's cards")
    refuse_unsupported(scenario, capabilities)
    if scenario["active_player"] >= seats:
        raise ContractError("scenario refused: the active player is not in the game")
    for p in scenario["battlefield"]:
        host = p.get("attached_to") or {}
        if max(p["controller"], p.get("owner", 0), host.get("player", 0)) >= seats:
            raise ContractError(f"scenario refused: {p['id']} names a seat not in the game")
        if "permanent" in host and host["permanent"] not in ids:
            raise ContractError(f"scenario refused: {p['id']} is attached to nothing in the game")


def capabilities(cards, actions, observes=(), scenario=(), max_players: int = 4) -> dict:
    """A capabilities document (docs/contract.md#capabilities), checked against its schema."""
    document = {"contract": CONTRACT_VERSION, "cards": sorted(set(cards)), "actions": list(actions),
                "observes": list(observes), "scenario": sorted(set(scenario)), "max_players": max_players}
    validate("capabilities", document)
    return document


# Each permanent's fields that an adapter reports only for the parts it declares (`power`, ...).
OPTIONAL_FIELDS = tuple(name for fields in OBSERVED_FIELDS.values() for name in fields
                        if name in vocabulary.off_battlefield("none") and name != "counters")


def off_battlefield(zone: str) -> dict:
    """How an object off the battlefield is observed (its optional fields left out): only its zone
    means anything."""
    observed = vocabulary.off_battlefield(zone)
    return {name: value for name, value in observed.items() if name not in OPTIONAL_FIELDS}


class ObservationBuilder:
    """Builds one observation from what the engine shows, then checks it against the contract's
    schema and against the scenario (every harness id, every seat) before handing it out."""

    def __init__(self, seats: int, observes=()):
        self.seats = seats
        self.observes = frozenset(observes)     # the optional parts the adapter declares it reports
        self.permanents: dict[str, dict] = {}
        self.players: list[dict | None] = [None] * seats
        self.triggered: list[list] = []

    def permanent(self, harness_id: str, zone: str, *, controller: int | None = None, tapped=False,
                  phased_out=False, counters: dict | None = None, attached_to: dict | None = None,
                  **optional):
        """`optional`: the optional fields (OPTIONAL_FIELDS: `power=`, `toughness=`, `damage=`, ...),
        each reported only if the adapter declared its part (the builder's `observes`); off the
        battlefield they are the contract's fixed values."""
        unknown = sorted(set(optional) - set(OPTIONAL_FIELDS))
        if unknown:
            raise TypeError(f"permanent(): no optional observation field {unknown[0]!r}")
        fixed = vocabulary.off_battlefield(zone)
        if zone != "battlefield":
            observed, optional = off_battlefield(zone), fixed
        else:
            observed = {"zone": zone, "phased_out": bool(phased_out), "controller": controller,
                        "tapped": bool(tapped), "counters": {kind: n for kind, n in (counters or {}).items() if n},
                        "attached_to": attached_to}
        for part, fields in OBSERVED_FIELDS.items():
            if part in self.observes:
                observed.update((name, optional.get(name, fixed[name])) for name in fields
                                if name in OPTIONAL_FIELDS)
        self.permanents[harness_id] = observed

    def player(self, seat: int, *, life: int, mana: dict | None = None, hand: int, library: int,
               graveyard: int, in_game: bool = True, tokens: dict | None = None):
        """A seat as the engine keeps it, also once they left the game: what went with them is the
        engine's behaviour (nothing in a two-player game, CR 104.2a; everything they own in a
        multiplayer one, 800.4a), so the kit fills in nothing (docs/contract.md, "When a player
        leaves")."""
        pool = dict.fromkeys(MANA_TYPES, 0)
        pool.update(mana or {})
        self.players[seat] = {"life": life, "mana": pool, "hand": hand, "library": library,
                              "graveyard": graveyard, "in_game": in_game,
                              "tokens": {name: n for name, n in (tokens or {}).items() if n}}

    def trigger(self, source: str, event: str):
        self.triggered.append([source, event])

    def build(self, rejected: str | None, expected_ids=()) -> dict:
        """The observation; EngineError if it breaks the contract (an adapter bug, not a verdict)."""
        missing = [seat for seat, p in enumerate(self.players) if p is None]
        if missing:
            raise EngineError(f"observation: no entry for seat {missing[0]}")
        absent = sorted(set(expected_ids) - set(self.permanents))
        if absent:
            raise EngineError(f"observation: no entry for the harness's object {absent[0]}")
        observation = {"permanents": self.permanents, "players": self.players,
                       "triggered": sorted(self.triggered), "rejected": rejected}
        try:
            validate("observation", observation)
        except ContractError as why:
            raise EngineError(f"adapter built an {why}") from None
        return observation


def one_line(text) -> str:
    return " ".join(str(text).split())[:300]


def guarded(engine_name: str, what: str, run):
    """Run `run()`; anything the engine throws that isn't a verdict becomes a one-line EngineError."""
    try:
        return run()
    except (EngineError, ContractError, KeyboardInterrupt, SystemExit):
        raise
    except BaseException as why:
        raise EngineError(one_line(f"{engine_name} failed on {what}: {type(why).__name__}: {why}")) from None
