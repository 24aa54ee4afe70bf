"""Moving objects: entering and leaving the battlefield, drawing, discarding, tokens (CR 400)."""
from __future__ import annotations

from mtg_conformance.oracle import phasing, triggers
from mtg_conformance.oracle.catalog import card as catalog_card
from mtg_conformance.oracle.provenance import note, trigger
from mtg_conformance.oracle.registry import define, meaning
from mtg_conformance.oracle.seams import seam
from mtg_conformance.oracle.state import Game, Permanent


@seam
def enter(game: Game, p: Permanent, controller: int, x: int = 0, color: str | None = None,
          attach_to: tuple | None = None) -> None:
    """Put `p` onto the battlefield as a new object (CR 400.7): untapped, phased in (110.5b), not
    controlled since its controller's turn began (302.6). "Enters with X counters" uses the X of the
    spell it came from; X is 0 if it wasn't cast (CR 107.3m)."""
    p.zone, p.controller, p.base_controller = "battlefield", controller, controller
    p.tapped, p.phased_out, p.sick, p.damage, p.animated = False, None, True, 0, False
    p.spell_x, p.chosen_color, p.attached_to = x, color, attach_to
    p.counters = {}
    if p.card.enters_with:
        meaning("enters_with", p.card.enters_with)(game, p, x)
    p.timestamp = game.tick()
    triggers.entered(game, p)


@define("enters_with", "x_p1p1", rule="107.3m", text="This enters with X +1/+1 counters on it.")
def _x_counters(game: Game, p: Permanent, x: int) -> None:
    note(game, "107.3m", f"{p.id} enters with X={x}, the X of the spell it came from (0 if not "
         f"cast) -> {x} +1/+1 counters, on which its survival depends", (p.id,),
         (f"permanents.{p.id}.counters",), key="uses-x")     # as every effect's X (effects/x.py)
    if x > 0:
        p.counters["+1/+1"] = x


@define("enters_with", "x_p1p1_twice_from_5", rule="107.3m",
        text="This enters with X +1/+1 counters on it; if X is 5 or more, with another X.")
def _x_counters_twice_from_5(game: Game, p: Permanent, x: int) -> None:
    """Apocalypse Hydra: both halves read the X of the spell it came from (0 if not cast)."""
    counters = extra_x_counters(x)
    note(game, "107.3m", f"{p.id} enters with X={x}, the X of the spell it came from -> {counters} "
         "+1/+1 counters (X, and X more if X is 5 or more)", (p.id,), (f"permanents.{p.id}.counters",),
         key="uses-x")
    if counters > 0:
        p.counters["+1/+1"] = counters


@seam
def extra_x_counters(x: int) -> int:
    """X +1/+1 counters, and an additional X if X is 5 or more (Apocalypse Hydra)."""
    return 2 * x if x >= 5 else x


@define("enters_with", "time3", rule="702.63a", text="This enters with three time counters on it.")
def _vanishing_3(game: Game, p: Permanent, x: int) -> None:
    p.counters["time"] = 3


@seam
def enters_tapped(game: Game, p: Permanent) -> None:
    """CR 614.1c, 110.5b: "this enters tapped" replaces how it enters: it is tapped as it arrives (it
    never "becomes tapped", 603.2e)."""
    p.tapped = True
    note(game, "614.1c", f"{p.id} enters tapped", (p.id,), (f"permanents.{p.id}.tapped",))


@define("enters_with", "tapped", rule="614.1c", text="This enters tapped.")
def _tapped(game: Game, p: Permanent, x: int) -> None:
    enters_tapped(game, p)


@define("enters_with", "tapped_depletion_2", rule="614.1c",
        text="This enters tapped with two depletion counters on it.")
def _tapped_with_depletion(game: Game, p: Permanent, x: int) -> None:
    enters_tapped(game, p)
    p.counters["depletion"] = 2


@seam
def leave(game: Game, p: Permanent, destination: str) -> None:
    """Move `p` off the battlefield to its owner's `destination` ("graveyard", "exile", "hand",
    "left_game"). A token ceases to exist (CR 111.7). Only a phased-in permanent's leaving triggers
    anything (CR 603.6c, 702.26k); one-shot effects waiting "until ~ leaves" happen now (610.3)."""
    was_phased_in = p.phased_in
    last_counters = dict(p.counters)
    p.zone = "none" if p.token else destination
    p.tapped, p.phased_out, p.phased_out_under, p.attached_to = False, None, None, None
    p.counters, p.damage, p.animated = {}, 0, False
    if p.token:
        counted = f"players[{p.owner}].{destination}" if destination in ("graveyard", "hand") else None
        note(game, "704.5d", f"{p.id} is a token: once it leaves it ceases to exist (111.7) -> in no "
             f"{destination}", (p.id,), (f"permanents.{p.id}.zone",) + ((counted,) if counted else ()),
             key="token-ceases")
    elif destination == "graveyard":
        game.players[p.owner].graveyard.append(p.card.name)
    game.control_effects = [e for e in game.control_effects if e.target != p.id]
    for a in game.permanents.values():   # CR 400.7: should `p` come back, it is a new object, not
        if a.zone == "battlefield" and a.phased_out and a.attached_to == ("permanent", p.id):
            a.attached_to = ("left", p.id)   # the one a phased-out attachment waits for (702.26i)
    if was_phased_in:
        triggers.left(game, p, destination, last_counters)
    elif p.card.triggered:
        note(game, "702.26k", f"{p.id} was phased out as it left -> no leaves trigger", (p.id,),
             (trigger("leaves", p.id),))
    _end_linked(game, p)


def _end_linked(game: Game, source: Permanent) -> None:
    """CR 610.3 / 610.4: the second half of "until ~ leaves the battlefield" effects."""
    due = [link for link in game.linked if link.source == source.id]
    game.linked = [link for link in game.linked if link.source != source.id]
    for link in due:     # each recorded after what it makes happen: it decided the fields
        target = game.permanents[link.target]
        if link.kind == "phase_in_tapped" and target.zone == "battlefield":
            was = phasing.statuses(game)
            phasing.phase_in(game, [target], tapped=True)
            note(game, "610.4c", f"{source.id} left -> {target.id} phases in tapped", (target.id,),
                 phasing.changed(game, was, [target]) + (f"permanents.{target.id}.tapped",), (source.id,),
                 key="phases-in-tapped")
        if link.kind == "phase_in" and target.zone == "battlefield":
            was = phasing.statuses(game)
            phasing.phase_in(game, [target])
            note(game, "610.4", f"{source.id} left -> {target.id} phases in", (target.id,),
                 phasing.changed(game, was, [target]), (source.id,))
        if link.kind == "return_from_exile" and target.zone == "exile":
            if game.players[target.owner].in_game:
                note(game, "610.3c", f"{source.id} left -> {target.id} returns from exile", (target.id,),
                     (f"permanents.{target.id}.zone",), (source.id,))
                enter(game, target, target.owner)


@seam
def draw(game: Game, seat: int, n: int = 1, by: Permanent | None = None) -> None:
    """CR 121: draw from the top; drawing from an empty library is remembered for CR 704.5b. `by`
    is the permanent whose ability makes the player draw, if one does."""
    player = game.players[seat]
    for _ in range(n):
        if not player.library:
            player.drew_from_empty = True
            note(game, "121.4", f"player {seat} draws from an empty library -> loses at the next "
                 "state-based action check (704.5b)", (seat,), (f"players[{seat}].in_game",))
            continue
        player.hand.append(player.library.pop(0))
        triggers.drew(game, seat, by)


def discard(game: Game, seat: int, name: str | None) -> None:
    """Discard `name` (the harness's choice) or, when none is given, the first card in hand."""
    hand = game.players[seat].hand
    if hand:
        chosen = name if name in hand else hand[0]
        hand.remove(chosen)
        game.players[seat].graveyard.append(chosen)


def create_tokens(game: Game, name: str, controller: int, n: int) -> None:
    """Tokens made by effects have no harness id; they are observed by count (docs/contract.md)."""
    for _ in range(n):
        game.tokens_made += 1
        token = Permanent(id=f"#{game.tokens_made}", card=catalog_card(name), owner=controller,
                          controller=controller, base_controller=controller, token=True)
        game.permanents[token.id] = token
        enter(game, token, controller)
