"""Phasing (CR 702.26) and "phase out until" (CR 610.4)."""
from __future__ import annotations

from mtg_conformance.oracle import triggers
from mtg_conformance.oracle.characteristics import attached_having, attached_host, attachments, is_creature
from mtg_conformance.oracle.provenance import note, trigger
from mtg_conformance.oracle.registry import entry, static
from mtg_conformance.oracle.seams import seam
from mtg_conformance.oracle.state import Game, Linked, Permanent

PHASING = static("phasing", rule="702.26a",
                 text="Phasing (it phases in or out before you untap during each of your untap steps).")
ENCHANTED_HAS_PHASING = static("enchanted_has_phasing", rule="613.1f",       # Teferi's Curse, Cloak
                               text="Enchanted permanent has phasing.")


@seam
def _with_attachments(game: Game, host: Permanent):
    """Everything attached to `host`, recursively (an Aura on an Aura phases too)."""
    for a in attachments(game, host):
        yield a
        yield from _with_attachments(game, a)


@seam
def phase_out(game: Game, targets: list[Permanent]) -> None:
    """Phase `targets` out directly and what is attached to them indirectly (CR 702.26g); one that
    would do both phases out indirectly only (702.26h). No zone or control change happens and no
    zone-change trigger fires (702.26d); "phases out" triggers look back (603.10b)."""
    direct = [t for t in targets if t.phased_in and can_phase_out(game, t)]
    indirect = {a.id: a for t in direct for a in _with_attachments(game, t) if a.phased_in}
    for p in direct + list(indirect.values()):     # first: a phased status is had on the battlefield
        _no_zone_change(game, p, "out")
    for p in direct:
        if p.id not in indirect:
            p.phased_out, p.phased_out_under = "directly", p.controller
            note(game, "702.26b", f"{p.id} phases out directly -> treated as though it doesn't exist",
                 (p.id,), (f"permanents.{p.id}.phased_out",))
    for p in indirect.values():
        p.phased_out, p.phased_out_under = "indirectly", p.controller
        note(game, "702.26h" if p in direct else "702.26g", f"{p.id} is attached to a permanent "
             "phasing out -> phases out indirectly with it", (p.id,), (f"permanents.{p.id}.phased_out",),
             _host(game, p), reads=_host_status(game, p))
    for p in direct + list(indirect.values()):
        triggers.phased(game, p, "phases_out")
    if game.step != "untap":       # there the untapping decides the tapped status (502.1, 702.26b)
        for p in direct + list(indirect.values()):
            note(game, "110.5c", f"{p.id} phases out {'tapped' if p.tapped else 'untapped'} -> it keeps "
                 "that status until something changes it", (p.id,), (f"permanents.{p.id}.tapped",))


def _host(game: Game, p: Permanent) -> tuple:
    """The id of the permanent `p` is attached to, if it is attached to one."""
    host = attached_host(game, p)
    return (host.id,) if host else ()


def _host_status(game: Game, p: Permanent) -> tuple:
    """The phased status of the permanent `p` is attached to: what `p` phasing with it follows."""
    return tuple(f"permanents.{host}.phased_out" for host in _host(game, p))


def _no_zone_change(game: Game, p: Permanent, way: str) -> None:
    """CR 702.26d: phasing is no zone change nor control change, so it fires no enters or leaves
    abilities and a token keeps existing (recorded when there is something it could be mistaken
    for): phasing in, not its enters abilities nor, for a creature, another permanent's "another
    creature enters"; phasing out, not its leaves abilities; a token, not ceasing to exist."""
    events = ("enters", "another_enters") if way == "in" else ("leaves",)
    own = any(entry("event", a.event).meaning in events for a in p.card.triggered)
    others = way == "in" and is_creature(p) and any(
        a.event == "another_enters" for o in game.on_battlefield() if o is not p for a in o.card.triggered)
    if own or others or p.token:
        note(game, "702.26d", f"{p.id} phased {way}, no zone change -> no {'enters' if way == 'in' else 'leaves'} "
             "trigger; it stays on the battlefield under its controller" + (", a token too" if p.token else "")
             + ", and keeps its counters and choices", (p.id,),
             (trigger(events[0], p.id), f"permanents.{p.id}.counters", f"permanents.{p.id}.zone",
              f"permanents.{p.id}.controller") + ((trigger("another_enters"),) if others else ()),
             key="no-zone-change")


def still_there(game: Game, attached_to: tuple) -> bool:
    """Is what an Aura or Equipment is attached to still on the battlefield (its player in the game)?
    ("left", id) is an object that left the battlefield while the attachment was phased out: if the
    card came back, it is a new object (CR 400.7)."""
    kind, ref = attached_to
    if kind == "left":
        return False
    if kind == "player":
        return game.players[ref].in_game
    host = game.permanents.get(ref)
    return host is not None and host.zone == "battlefield"


@seam
def phase_in(game: Game, targets: list[Permanent], tapped: bool = False) -> None:
    """Phase directly phased-out `targets` in, with what phased out indirectly with them (702.26g).
    A directly phased-out Aura or Equipment comes back attached only if its object is still in that
    zone or its player still in the game (702.26i). Phasing in tapped is not "becoming tapped"
    (CR 603.2e), so no such trigger fires; counters and choices are kept (702.26d)."""
    coming = []
    for t in targets:
        if t.phased_out == "directly":
            coming.append(t)
            coming += [a for a in _with_attachments(game, t) if a.phased_out == "indirectly"]
    for p in coming:
        p.phased_out = p.phased_out_under = None
        note(game, "702.26c" if p in targets else "702.26g", f"{p.id} phases in", (p.id,),
             (f"permanents.{p.id}.phased_out",), () if p in targets else _host(game, p),
             reads=() if p in targets else _host_status(game, p))
        if p.attached_to and not still_there(game, p.attached_to):
            p.attached_to = None
            note(game, "702.26i", f"{p.id}'s object is gone -> it phases in unattached", (p.id,),
                 (f"permanents.{p.id}.attached_to",))
    for t in targets:
        if tapped and t in coming:
            t.tapped = True
    for p in coming:         # tapped by the effect (Oubliette's), or as it phased out (702.26d)
        if p.tapped:
            note(game, "603.2e", f"{p.id} phases in tapped, which is not becoming tapped -> no "
                 "\"becomes tapped\" trigger", (p.id,), (trigger("becomes_tapped"),))
    for p in coming:
        _no_zone_change(game, p, "in")
        triggers.phased(game, p, "phases_in")


PHASE_IN_LINKS = ("phase_in_tapped", "phase_in")    # Oubliette, Out of Time


def held_by(game: Game, p: Permanent) -> list[str]:
    """CR 610.4a: the sources whose "phase out until" effects hold `p`; a permanent phased out until
    an event doesn't phase in during the untap step."""
    return [link.source for link in game.linked if link.kind in PHASE_IN_LINKS and link.target == p.id]


@seam
def untap_step_phasing(game: Game) -> None:
    """CR 702.26a / 502.1: simultaneously, the active player's phased-in permanents with phasing
    phase out and the permanents that phased out directly under their control phase in — both sets
    are taken from the state before either happens, so nothing phases twice."""
    seat = game.active
    going = [p for p in game.on_battlefield() if p.controller == seat and has_phasing(game, p)]
    waiting = [p for p in game.permanents.values()
               if p.zone == "battlefield" and p.phased_out == "directly" and p.phased_out_under == seat]
    holders = {p.id: held_by(game, p) for p in waiting}
    coming = [p for p in waiting if not holders[p.id]]
    for p in waiting:
        if holders[p.id]:
            note(game, "610.4a", f"{p.id} phased out until {', '.join(holders[p.id])} leaves the "
                 "battlefield -> it doesn't phase in during the untap step", (p.id,),
                 (f"permanents.{p.id}.phased_out",), holders[p.id])
    granted = {p.id: phasing_granters(game, p) for p in going if PHASING not in p.card.statics}
    was = statuses(game)
    phase_out(game, going)
    phase_in(game, coming)
    if going or coming:     # recorded after the phasing it decided, so it owns the phased statuses
        note(game, "702.26a", "untap step: at once, " + ", ".join(p.id for p in going)
             + " phase out and " + ", ".join(p.id for p in coming) + " phase in -> none phases twice",
             tuple(p.id for p in going + coming), changed(game, was, going + coming)
             + tuple(trigger("phases_in", p.id) for p in going)
             + tuple(trigger("phases_out", p.id) for p in coming), key="untap-step-phasing")
    for p in going:          # CR 613.1f: what phased out by the phasing an Aura gives it
        if granted.get(p.id) and p.phased_out:
            note(game, "613.1f", f"{', '.join(granted[p.id])} gives {p.id} phasing -> it phases out in "
                 "its controller's untap step", (p.id,), changed(game, was, [p]), granted[p.id])


def statuses(game: Game) -> dict:
    """Each permanent's phased status, to tell what a phasing changed."""
    return {p.id: p.phased_out for p in game.permanents.values() if p.zone == "battlefield"}


def changed(game: Game, was: dict, phasing: list) -> tuple:
    """The phased-out fields of `phasing` whose status changed since `was`: what the decision that
    made them phase decided. What is attached to them phased with them by 702.26g, a decision that
    reads its host's status (an engine that didn't phase the host departed from this one)."""
    return tuple(f"permanents.{p.id}.phased_out" for p in phasing if p.id in was and p.phased_out != was[p.id])


def phasing_granters(game: Game, p: Permanent) -> list[str]:
    """The phased-in Auras on `p` that give it phasing (CR 613.1f; a phased-out one gives nothing,
    702.26b)."""
    return attached_having(game, p, ENCHANTED_HAS_PHASING)


@seam
def has_phasing(game: Game, p: Permanent) -> bool:
    """CR 702.26a: `p` has phasing, printed or granted by an Aura on it (613.1f, Teferi's Curse)."""
    return PHASING in p.card.statics or bool(phasing_granters(game, p))


@seam
def time_and_tide(game: Game) -> None:
    """Time and Tide: an effect naming phased-out permanents sees them (CR 702.26b). At once, every
    creature phased out directly phases in and every phased-in creature with phasing phases out: both
    sets are taken before either happens, so none phases twice (as in the untap step, 702.26a)."""
    coming = [p for p in game.permanents.values()
              if p.zone == "battlefield" and p.phased_out == "directly" and is_creature(p)]
    going = [p for p in game.on_battlefield() if is_creature(p) and has_phasing(game, p)]
    granters = [g for p in going for g in phasing_granters(game, p)]
    was = statuses(game)
    phase_out(game, going)
    phase_in(game, coming)
    note(game, "702.26b", "Time and Tide names phased-out creatures: at once, "    # after: it decided
         + (", ".join(p.id for p in coming) or "none") + " phase in and "
         + (", ".join(p.id for p in going) or "none") + " phase out -> none phases twice",
         tuple(p.id for p in going + coming), changed(game, was, going + coming), granters)


@seam
def phase_out_until_leaves(game: Game, source: Permanent, creatures: list) -> int:
    """Out of Time: untap `creatures`, then they phase out until `source` leaves the battlefield
    (CR 610.4); if it already left, nothing phases out (610.4c). Returns how many phased out."""
    untapped = [c.id for c in creatures if c.tapped]
    for c in creatures:
        if c.tapped:
            c.tapped = False
            note(game, "701.26b", f"{source.id}'s ability untaps {c.id}", (c.id,),
                 (f"permanents.{c.id}.tapped",), (source.id,))
    if not source.phased_in:
        return 0
    phase_out(game, creatures)
    gone = [c for c in creatures if c.phased_out]
    for c in gone:       # recorded after the phasing: it decided both the untap and the phasing
        game.linked.append(Linked(source.id, "phase_in", c.id))
        first = c.id in untapped
        note(game, "610.4", f"{c.id} {'is untapped, then ' if first else ''}phases out until {source.id} "
             "leaves the battlefield", (c.id,),
             (f"permanents.{c.id}.phased_out",) + ((f"permanents.{c.id}.tapped",) if first else ()),
             (source.id,), key="phases-out-until")
    return len(gone)


@seam
def can_phase_out(game: Game, p: Permanent) -> bool:
    """Ertai's Familiar: "until your next upkeep, it can't phase out" lasts as stated (CR 611.2a)."""
    locked = any(link.kind == "cant_phase_out" and link.target == p.id for link in game.linked)
    if locked:
        note(game, "611.2a", f"{p.id} can't phase out until its activator's next upkeep -> it stays "
             "phased in", (p.id,), (f"permanents.{p.id}.phased_out", trigger("phases_out", p.id)),
             key="cant-phase-out")
    return not locked


def lock_until_upkeep(game: Game, p: Permanent, seat: int) -> None:
    """`p` can't phase out until player `seat`'s next upkeep (CR 611.2a)."""
    game.linked.append(Linked(p.id, "cant_phase_out", p.id, until_upkeep_of=seat))


def upkeep_began(game: Game) -> None:
    """CR 611.2a: "until your next upkeep" effects of the active player end as the upkeep begins."""
    ending = [link for link in game.linked if link.until_upkeep_of == game.active]
    for link in ending:
        note(game, "611.2a", f"player {game.active}'s upkeep -> {link.target} can phase out again",
             (link.target,), (f"permanents.{link.target}.phased_out",))
    game.linked = [link for link in game.linked if link.until_upkeep_of != game.active]
