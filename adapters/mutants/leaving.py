"""Mutants of the `leaving` area (a player leaving the game, and what leaves with them): each breaks
one of its rules the way a real engine might, and the area's property named in `caught_by` must
catch it."""
from __future__ import annotations

from mtg_conformance.adapters.mutants import Mutant
from mtg_conformance.oracle import zones


def _departing_owner_aura_to_graveyard(original):
    """CR 800.4a broken: what a departing player owns goes to the graveyard, not out of the game."""
    def leave(game, p, destination):
        original(game, p, "graveyard" if destination == "left_game" else destination)
    return leave


def _phased_out_leave_triggers(original):
    """CR 702.26k broken: a phased-out permanent leaving with its owner fires leaves triggers."""
    def leave(game, p, destination):
        if destination == "left_game":
            p.phased_out = None
        original(game, p, destination)
    return leave


def _departing_owner_leaves_silently(original):
    """CR 603.6c broken: a departing player's permanents leave the game without firing their
    leaves-the-battlefield triggers. Models an engine that removes a conceding player's objects by
    deleting them from the game state instead of moving them through a zone change, so Aven
    Riftwatcher's "leaves the battlefield" never sees the event (800.4a says they do leave)."""
    def leave(game, p, destination):
        if destination != "left_game":
            return original(game, p, destination)
        triggered, pending = len(game.triggered), len(game.pending)
        original(game, p, destination)
        own = "token" if p.token else p.id           # only its own leaves triggers go missing
        game.triggered[triggered:] = [t for t in game.triggered[triggered:] if t[0] != own]
        game.pending[pending:] = [t for t in game.pending[pending:] if t.source is not p]
    return leave


def _aura_on_departing_player_leaves(original):
    """CR 303.4c broken (judged by 704.5m): an Aura enchanting a departing player leaves the game
    with that player, instead of going to its owner's graveyard at the next state-based action
    check. Models an engine that cleans up everything "belonging to" a departing player, attachments
    to them included, whoever owns them (while the game goes on)."""
    def leave_game(game, seat):
        original(game, seat)
        if len(game.players) > 2 and not game.over():
            for p in list(game.permanents.values()):
                if p.zone == "battlefield" and p.phased_in and p.attached_to == ("player", seat):
                    zones.leave(game, p, "left_game")
    return leave_game


def _phased_out_not_exiled_with_departed_controller(original):
    """CR 800.4a broken for phased-out permanents (702.26n): what a departed player still controls is
    exiled, except a phased-out permanent, which stays on the battlefield, phased out, under their
    control. Models an engine whose exile step walks the permanents it treats as existing, and a
    phased-out one is treated as though it doesn't exist (702.26b)."""
    def leave(game, p, destination):
        if destination == "exile" and p.phased_out and not game.players[p.controller].in_game:
            return
        original(game, p, destination)
    return leave


MUTANTS = (
    Mutant("departing-owner-to-graveyard", "800.4a", "a departing owner's objects go to the graveyard",
           "LEAVE-001", (("leave", _departing_owner_aura_to_graveyard),),
           decisions=2),        # what they control and what others control: two 800.4a decisions
    Mutant("phased-out-leave-triggers", "702.26k", "phased-out permanents of a departing owner fire "
           "leaves triggers", "LEAVE-001", (("leave", _phased_out_leave_triggers),)),
    Mutant("departing-owner-leaves-silently", "603.6c", "a departing player's permanents leave "
           "without leaves triggers", "LEAVE-001", (("leave", _departing_owner_leaves_silently),)),
    Mutant("phased-out-stays-with-departed-controller", "800.4a", "a phased-out permanent a departed "
           "player controls isn't exiled", "LEAVE-001",
           (("leave", _phased_out_not_exiled_with_departed_controller),)),
    Mutant("aura-leaves-with-enchanted-player", "303.4c", "an Aura on a departing player leaves the "
           "game with them", "LEAVE-001", (("leave_game", _aura_on_departing_player_leaves),),
           rules=("303.4c", "704.5m")),
)
