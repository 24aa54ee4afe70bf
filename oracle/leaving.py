"""A player leaving the game: a two-player game ends (CR 104.2a); a multiplayer game goes on without
them (CR 800.4a, 104.3a, 702.26k)."""
from __future__ import annotations

from mtg_conformance.oracle import zones
from mtg_conformance.oracle.control import recompute_control
from mtg_conformance.oracle.provenance import note
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
    (303.4c, 704.5m)."""
    player = game.players[seat]
    player.in_game = False
    if len(game.players) == 2:   # CR 104.2a, 800.1: the game is over; 800.4a is for multiplayer games
        note(game, "104.2a", f"player {seat} leaves a two-player game -> it ends; nothing they own moves",
             (seat,), (f"players[{seat}]",))
        _unattached_from(game, seat, "the game is over, so no state-based action puts it anywhere")
        return
    note(game, "800.4a", f"player {seat} leaves the game -> everything they own leaves it with them",
         (seat,), (f"players[{seat}]",))
    for p in list(game.permanents.values()):
        if p.owner == seat and p.zone == "battlefield":
            note(game, "800.4a", f"{p.id}, owned by player {seat}, leaves the game", (p.id, seat),
                 (f"permanents.{p.id}",))
            zones.leave(game, p, "left_game")
        elif p.owner == seat and p.zone in ("graveyard", "exile", "hand", "library"):
            p.zone = "left_game"
    player.hand, player.library, player.graveyard, player.pool = [], [], [], empty_pool()
    game.control_effects = [e for e in game.control_effects if e.player != seat]
    recompute_control(game)
    for p in list(game.permanents.values()):
        if p.zone == "battlefield" and p.controller == seat:
            note(game, "800.4a", f"{p.id} is still controlled by departed player {seat} -> exiled",
                 (p.id, seat), (f"permanents.{p.id}",))
            zones.leave(game, p, "exile")
    _unattached_from(game, seat, "it is phased out, so it stays until it phases in unattached "
                     "(702.26i)", phased_out_only=True)


def _unattached_from(game: Game, seat: int, why: str, phased_out_only: bool = False) -> None:
    """CR 303.4c: an Aura attached to a player who left the game is attached to nothing. One phased
    in goes to its owner's graveyard at the next state-based action check (recorded there, in
    oracle/sba.py); here are the ones no state-based action takes away."""
    for p in game.permanents.values():
        if (p.zone == "battlefield" and p.attached_to == ("player", seat)
                and (p.phased_out or not phased_out_only)):
            note(game, "303.4c", f"{p.id} enchanted player {seat}, who has left the game -> it is "
                 f"attached to nothing; {why}", (p.id, seat), (f"permanents.{p.id}.attached_to",))
