"""What forbids an action (docs/contract.md#rejections): the checks the actions share — the permanent,
player or target an action names, sorcery timing — and the collecting of every reason that applies,
so that a rejection names each class an engine may answer with, not only the first one found."""
from __future__ import annotations

from typing import Callable

from mtg_conformance.oracle.errors import Rejected
from mtg_conformance.oracle.provenance import rejection
from mtg_conformance.oracle.state import Game, Permanent
from mtg_conformance.oracle.targets import target_is_legal


def failures(*checks: Callable) -> list:
    """The rejections raised by `checks`, each run in turn: every check runs, whatever the others
    found."""
    found = []
    for check in checks:
        try:
            check()
        except Rejected as why:
            found.append(why.with_traceback(None))    # kept: see `Rejected`
    return found


def lookup(found: list, check: Callable):
    """What `check` returns (a permanent, a seat), or None when it raises Rejected, which is added to
    `found`: the checks that need the value are skipped, the others still run."""
    try:
        return check()
    except Rejected as why:
        found.append(why.with_traceback(None))        # kept: see `Rejected`
        return None


def merged(found: list) -> Rejected:
    """The first rejection found, naming every other class that applies as well."""
    first = found[0]
    if len(found) == 1:
        return first
    return Rejected(first.reason, first.rule, first.detail,
                    tuple(r for why in found for r in why.reasons))


def reject(game: Game, found: list) -> None:
    """Raise the first rejection found, naming every class that applies (docs/contract.md: an engine
    may answer any of them); each is recorded with its rule. Nothing found: nothing happens."""
    if found:
        for why in found:
            rejection(game, why)
        raise merged(found)


def permanent(game: Game, pid) -> Permanent:
    """CR 400.1: what an action names must be on the battlefield (phased out or not)."""
    p = game.permanents.get(pid) if isinstance(pid, str) else None
    if p is None or p.zone != "battlefield":
        raise Rejected("no_such_object", "400.1", f"no permanent {pid!r} on the battlefield")
    return p


def seat(game: Game, number) -> int:
    """CR 102.1: the players are the game's seats; an action naming any other seat names nothing."""
    if not isinstance(number, int) or isinstance(number, bool) or not 0 <= number < len(game.players):
        raise Rejected("no_such_object", "102.1", f"no player {number!r}")
    return number


def in_game(game: Game, number: int) -> None:
    """CR 800.4a: a player who left the game does nothing more, and nothing can be done for them."""
    if not game.players[number].in_game:
        raise Rejected("not_in_game", "800.4a", f"player {number} has left the game")


def player(game: Game, number) -> int:
    """A seat still in the game (CR 102.1, 800.4a)."""
    in_game(game, seat(game, number))
    return number


def phased_in(p: Permanent, rule: str = "702.26b") -> None:
    """CR 702.26b: an effect can't see a phased-out permanent (702.26e: nor a continuous effect that
    names it), and its abilities can't be activated."""
    if p.phased_out:
        raise Rejected("phased_out", rule, f"{p.id} is phased out and treated as though it doesn't exist")


def as_target(raw) -> tuple | None:
    """The contract's {"permanent": id} / {"player": seat} as a (kind, ref) tuple; None if malformed."""
    if isinstance(raw, dict) and len(raw) == 1:
        (kind, ref), = raw.items()
        return kind, ref
    return None


def absent(game: Game, named: tuple | None) -> tuple:
    """The classes that apply to naming what isn't there to be named: an object not on the
    battlefield or a seat no player sits in (`no_such_object`, CR 400.1, 102.1), a phased-out
    permanent (`phased_out`, 702.26b), a player who left (`not_in_game`, 800.4a)."""
    if named is None:
        return ()
    kind, ref = named
    if kind == "permanent":
        p = game.permanents.get(ref) if isinstance(ref, str) else None
        if p is None or p.zone != "battlefield":
            return ("no_such_object",)
        return ("phased_out",) if p.phased_out else ()
    if kind == "player":
        try:
            in_game(game, seat(game, ref))
        except Rejected as why:
            return (why.reason,)
    return ()


def legal_target(game: Game, target: tuple | None, wanted: str, source: Permanent | None, controller: int,
                 rule: str, what: str) -> None:
    """CR 115.1 (303.4a for an Aura spell): the target must be one the spell or ability can have. A
    target that isn't there (`absent`) is also that other class."""
    if not target_is_legal(game, target, wanted, source, controller):
        raise Rejected("illegal_target", rule, f"{target!r} is not a legal target for {what}",
                       absent(game, target))


def object_or_player(game: Game, raw) -> tuple:
    """What an effect names (not a target): a phased-in permanent on the battlefield (an effect can't
    see a phased-out one, 702.26b) or a player still in the game (800.4a)."""
    named = as_target(raw)
    if named is None or named[0] not in ("permanent", "player"):
        raise Rejected("no_such_object", "400.1", f"{raw!r} names no permanent or player")
    if named[0] == "player":
        return "player", player(game, named[1])
    phased_in(permanent(game, named[1]))
    return named


def sorcery_timing(game: Game, number: int) -> None:
    """CR 307.1: main phase of your own turn with an empty stack."""
    if number != game.active or game.step not in ("main1", "main2"):
        raise Rejected("timing", "307.1", "only in your own main phase")
