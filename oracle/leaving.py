"""A player leaving the game: a two-player game ends (CR 104.2a); a multiplayer game goes on without
them (CR 800.4a, 104.3a, 702.26k)."""
from __future__ import annotations

from mtg_conformance.oracle import zones
from mtg_conformance.oracle.control import recompute_control
from mtg_conformance.oracle.provenance import note, trigger
from mtg_conformance.oracle.seams import seam
from mtg_conformance.oracle.state import Game, empty_pool


@seam
def leave_game(game: Game, seat: int) -> None:
    """In a two-player game (one that began with two players, CR 800.1) the other player wins at
    once and the game ends (104.2a, 104.1): nothing else changes, the loser's objects stay where
    they are. In a multiplayer game, CR 800.4a, immediately (not a state-based action): everything
    the player owns leaves the game — a phased-in permanent's leaving triggers (603.6c), a
    phased-out one's doesn't (702.26k); effects giving them control end; then whatever they still
    control is exiled. An Aura attached to them is left for the next state-based action check
    (303.4c, 704.5m). Whoever made them leave (a concession, 104.3a; a state-based action, 704.5a)
    decided that they left; each part of what follows is a decision of its own, so an engine's
    departure from one (the permanents they control, those others control, their cards) is a
    finding of its own."""
    player = game.players[seat]
    player.in_game = False
    if len(game.players) == 2:   # CR 104.2a, 800.1: the game is over; 800.4a is for multiplayer games
        _nothing_moves(game, seat)
        _unattached_from(game, seat, "the game is over, so no state-based action puts it anywhere")
        return
    for p in list(game.permanents.values()):
        if p.owner == seat and p.zone == "battlefield":
            mine = p.controller == seat
            note(game, "800.4a", f"{p.id}, owned by player {seat}" + ("" if mine else f" and controlled "
                 f"by player {p.controller}") + ", leaves the game with them", (p.id, seat),
                 _leaving_fields(p), key="their-permanents-leave" if mine
                 else "their-permanents-others-control-leave")
            zones.leave(game, p, "left_game")
    cards = [p for p in game.permanents.values()
             if p.owner == seat and p.zone in ("graveyard", "exile", "hand", "library")]
    note(game, "800.4a", f"player {seat} leaves the game -> their hand, library, graveyard, mana and "
         "the cards they own in other zones leave it with them", (seat, *(p.id for p in cards)),
         _cards(seat) + tuple(f"permanents.{p.id}.zone" for p in cards), key="their-cards-leave")
    for p in cards:
        p.zone = "left_game"
    player.hand, player.library, player.graveyard, player.pool = [], [], [], empty_pool()
    game.control_effects = [e for e in game.control_effects if e.player != seat]
    recompute_control(game)
    for p in list(game.permanents.values()):
        if p.zone == "battlefield" and p.controller == seat:
            note(game, "800.4a", f"{p.id} is still controlled by departed player {seat} -> exiled"
                 + (", phased out or not (702.26n)" if p.phased_out else ""),
                 (p.id, seat), _leaving_fields(p), key="what-they-control-is-exiled")
            zones.leave(game, p, "exile")
    _unattached_from(game, seat, "it is phased out, so it stays until it phases in unattached "
                     "(702.26i)", phased_out_only=True)


def _leaving_fields(p) -> tuple:
    """What a player's leaving decides of `p` as it leaves the battlefield: its zone; that it is no
    longer phased out, if it was (the rules reach a phased-out permanent here: 702.26k, 702.26n);
    and that its "dies" abilities don't trigger."""
    return (f"permanents.{p.id}.zone", *((f"permanents.{p.id}.phased_out",) if p.phased_out else ()),
            *_not_dying(p))


# The abilities of a permanent put into a graveyard; the observation names them all "leaves".
TO_GRAVEYARD = ("dies", "put_into_graveyard_from_battlefield")


def _not_dying(p) -> tuple:
    """CR 700.4, 603.6c: leaving the game or being exiled is neither dying nor being put into a
    graveyard, so such an ability of `p` doesn't trigger (its "leaves" abilities do)."""
    return (trigger("leaves", p.id),) if any(a.event in TO_GRAVEYARD for a in p.card.triggered) else ()


def _cards(seat: int) -> tuple:
    """The observation paths of a player's cards outside the battlefield and their mana pool."""
    return tuple(f"players[{seat}].{f}" for f in ("hand", "library", "graveyard", "mana"))


def _nothing_moves(game: Game, seat: int) -> None:
    """CR 104.2a, 104.1: the game is over, so nothing of the player who left moves — not what they
    own or control on the battlefield (phased out or not, whoever controls it), not their cards."""
    theirs = [p for p in game.permanents.values()
              if p.zone == "battlefield" and seat in (p.owner, p.controller)]
    if theirs:
        note(game, "104.2a", f"player {seat} leaves a two-player game -> it ends (104.1); what they own "
             f"or control stays where it is", (seat, *(p.id for p in theirs)),
             tuple(f"permanents.{p.id}.{f}" for p in theirs for f in ("zone", "controller")),
             key="their-permanents-stay", keeps=True)
    cards = [p for p in game.permanents.values()
             if p.owner == seat and p.zone in ("graveyard", "exile", "hand", "library")]
    note(game, "104.2a", f"player {seat} leaves a two-player game -> it ends (104.1); their hand, "
         "library, graveyard and mana stay", (seat, *(p.id for p in cards)),
         _cards(seat) + tuple(f"permanents.{p.id}.zone" for p in cards), key="their-cards-stay", keeps=True)


def _unattached_from(game: Game, seat: int, why: str, phased_out_only: bool = False) -> None:
    """CR 303.4c: an Aura attached to a player who left the game is attached to nothing. One phased
    in goes to its owner's graveyard at the next state-based action check (recorded there, in
    oracle/sba.py); here are the ones no state-based action takes away."""
    for p in game.permanents.values():
        if (p.zone == "battlefield" and p.attached_to == ("player", seat)
                and (p.phased_out or not phased_out_only)):
            note(game, "303.4c", f"{p.id} enchanted player {seat}, who has left the game -> it is "
                 f"attached to nothing; {why}", (p.id, seat), (f"permanents.{p.id}.attached_to",))
