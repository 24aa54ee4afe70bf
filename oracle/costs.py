"""Activation costs {T} and {Q}, summoning sickness, and counters removed as a cost (CR 107.5, 107.6,
302.6, 602.5a, 122.1)."""
from __future__ import annotations

from mtg_conformance.oracle.card import Cost
from mtg_conformance.oracle.characteristics import ALL_HASTE, EQUIPPED_HASTE, HASTE, has_haste, haste_givers, is_creature
from mtg_conformance.oracle.checks import merged, phased_in
from mtg_conformance.oracle.errors import Rejected
from mtg_conformance.oracle.provenance import note
from mtg_conformance.oracle.seams import seam
from mtg_conformance.oracle.state import Game, Permanent


def activation_checks(game: Game, p: Permanent, activator: int) -> tuple:
    """Who may activate the abilities of the permanent `p` on the battlefield, one check a reason:
    it is phased in (CR 702.26b), the activator is in the game (800.4a) and controls it (602.2)."""
    def in_game():
        if not game.players[activator].in_game:
            raise Rejected("not_in_game", "800.4a", f"player {activator} has left the game")

    def controls():
        if p.controller != activator:
            raise Rejected("not_controller", "602.2", f"player {activator} doesn't control {p.id}")
        note(game, "602.2", f"player {activator} controls {p.id} -> may activate its abilities",
             (p.id, activator), ("rejected.not_controller",))

    return lambda: phased_in(p), in_game, controls


def controlled_since_turn_began(game: Game, seat: int) -> None:
    """CR 302.6: as player `seat`'s turn begins, every permanent they control (a phased-out one too:
    phasing changes no control, 702.26d) has been under their control continuously since it began."""
    for p in game.permanents.values():
        if p.zone == "battlefield" and p.controller == seat:
            p.sick = False


@seam
def controlled_anew(game: Game, p: Permanent) -> None:
    """CR 302.6: a permanent that has just come under another player's control hasn't been under it
    continuously since their most recent turn began: it is "sick" until their next turn begins."""
    p.sick = True


@seam
def check_summoning_sickness(game: Game, p: Permanent) -> None:
    """CR 302.6: a creature's {T}/{Q} ability needs continuous control since its controller's most
    recent turn began, or haste (702.10c). Non-creature permanents are never "sick"."""
    if not is_creature(p):
        note(game, "302.6", f"{p.id} is not a creature -> no summoning sickness", (p.id,),
             ("rejected.summoning_sick",))
    elif not p.sick:
        note(game, "302.6", f"{p.id} controlled continuously since its controller's turn began -> "
             "not summoning sick", (p.id,), ("rejected.summoning_sick",))
    elif has_haste(game, p):
        note(game, "702.10c", f"{p.id} has haste -> may use {{T}}/{{Q}} though summoning sick", (p.id,),
             ("rejected.summoning_sick.haste",), haste_givers(game, p))
    else:
        _hasteless(game, p)
        raise Rejected("summoning_sick", "302.6",
                       f"{p.id} is a creature not controlled continuously since its controller's "
                       "turn began, and has no haste")


def _hasteless(game: Game, p: Permanent) -> None:
    """Record why a sick creature has no haste when a phased-out permanent would have given it —
    its controller's Fervor, anyone's Mass Hysteria, an Equipment on it (CR 702.26b: a phased-out
    permanent's abilities don't apply)."""
    for s in game.permanents.values():
        if (s.zone == "battlefield" and s.phased_out
                and ((HASTE in s.card.statics and s.controller == p.controller) or ALL_HASTE in s.card.statics
                     or (EQUIPPED_HASTE in s.card.statics and s.attached_to == ("permanent", p.id)))):
            note(game, "702.26b", f"{s.id} is phased out -> its static ability gives {p.id} no haste",
                 (s.id, p.id), ("rejected.summoning_sick.haste",))


def _may_activate(game: Game, p: Permanent, cost: Cost) -> None:
    """CR 602.5a: a creature's ability with {T} or {Q} in its cost may be activated, having passed
    the sickness check. Recorded after that check's decision (302.6, 702.10c), which a difference in
    the refusal is blamed on; a refusal stays 302.6's, the rule the sickness mutants break."""
    if is_creature(p):
        symbol = "{T}" if cost.tap else "{Q}"
        note(game, "602.5a", f"{p.id} is a creature whose ability has {symbol} in its cost; it has "
             "been controlled since its controller's turn began or has haste -> the ability can be "
             "activated", (p.id,), ("rejected.summoning_sick",))


@seam
def check_cost(game: Game, p: Permanent, cost: Cost) -> None:
    """CR 107.5: {T} needs an untapped permanent; CR 107.6: {Q} needs a tapped one; 302.6: a creature
    controlled since its controller's turn began (or with haste) for either; 601.2h: a +1/+1 counter
    the cost removes must be there. Every one that fails is named (a tapped, sick creature is
    rejected for either reason); the tapped status is reported first."""
    found = []
    if cost.tap or cost.untap:
        try:
            check_summoning_sickness(game, p)
        except Rejected as why:
            found.append(why.with_traceback(None))    # kept: see `Rejected`
        else:
            _may_activate(game, p, cost)
    if cost.tap and p.tapped:
        found.insert(0, Rejected("tapped", "107.5", f"{p.id} is already tapped and can't pay {{T}}"))
    elif cost.tap:          # its tapped status decides both ways: no `tapped` refusal, nor `untapped`
        note(game, "107.5", f"{p.id} is untapped -> can pay {{T}}", (p.id,),
             ("rejected.tapped", "rejected.untapped"))
    if cost.untap and not p.tapped:
        found.insert(0, Rejected("untapped", "107.6", f"{p.id} is already untapped and can't pay {{Q}}"))
    elif cost.untap:
        note(game, "107.6", f"{p.id} is tapped -> can pay {{Q}}", (p.id,),
             ("rejected.untapped", "rejected.tapped"))
    if cost.remove_counter and p.counters.get("+1/+1", 0) <= 0:
        found.append(Rejected("illegal_choice", "601.2h", f"{p.id} has no +1/+1 counter to remove"))
    if found:
        raise merged(found)


def _counters_asked(cost: Cost, x) -> int:
    """How many counters the cost removes: the action's `x` for "any number" (CR 107.3a), else one."""
    return x if cost.counters_x else 1


def check_counters_to_remove(game: Game, p: Permanent, cost: Cost, x) -> None:
    """CR 107.3a: `x` is a whole number, and only for a cost with X (any number of counters); CR
    601.2h: the counters a cost removes must be there to remove (122.1)."""
    if not isinstance(x, int) or isinstance(x, bool) or x < 0 or (x and not cost.counters_x):
        raise Rejected("illegal_choice", "107.3a", f"x={x!r} is not a legal choice for this ability")
    if cost.counter_kind:
        wanted, there = _counters_asked(cost, x), p.counters.get(cost.counter_kind, 0)
        note(game, "601.2h", f"{p.id} has {there} {cost.counter_kind} counter(s); the cost removes "
             f"{wanted}", (p.id,), ("rejected.illegal_choice",))
        if there < wanted:
            raise Rejected("illegal_choice", "601.2h",
                           f"{p.id} has {there} {cost.counter_kind} counter(s), not {wanted} to remove")


@seam
def remove_counters(game: Game, p: Permanent, cost: Cost, x: int) -> int:
    """CR 602.2b: pay the cost's removal of counters (122.1); the number removed."""
    if not cost.counter_kind:
        return 0
    n = _counters_asked(cost, x)
    left = p.counters.get(cost.counter_kind, 0) - n
    note(game, "122.1", f"{n} {cost.counter_kind} counter(s) removed from {p.id} to pay the cost -> "
         f"{left} left", (p.id,), (f"permanents.{p.id}.counters",))
    if left:
        p.counters[cost.counter_kind] = left
    else:
        p.counters.pop(cost.counter_kind, None)
    return n
@seam
def check_life_payment(game: Game, seat: int, cost: Cost) -> None:
    """CR 119.4: a player may pay life only if their life total is at least the amount (0 always);
    one whose life total can't change (Teferi's Protection, 119.7) can pay none but 0."""
    if not cost.life:
        return
    player = game.players[seat]
    if player.protected_until_turn:
        raise Rejected("illegal_choice", "119.7", f"player {seat}'s life total can't change -> they "
                       f"can't pay {cost.life} life")
    if player.life < cost.life:
        raise Rejected("illegal_choice", "119.4", f"player {seat} has {player.life} life, less than the "
                       f"{cost.life} to pay")
    note(game, "119.4", f"player {seat} has {player.life} life, at least {cost.life} -> can pay it",
         (seat,), ("rejected.illegal_choice",))


@seam
def pay_life(game: Game, p: Permanent, amount: int) -> None:
    """CR 119.4: paying life, part of the cost of `p`'s ability, takes it from its controller's total."""
    seat = p.controller
    note(game, "119.4", f"{amount} life paid for {p.id}'s ability -> player {seat} has "
         f"{game.players[seat].life - amount}", (p.id, seat), (f"players[{seat}].life",))
    game.players[seat].life -= amount
