"""Mutants of the `turn` area (steps and turns, drawing cards, and skipping a step): each breaks one of
its rules the way a real engine might, and the area's property named in `caught_by` must catch it."""
from __future__ import annotations

from mtg_conformance.adapters.mutants import Mutant
from mtg_conformance.oracle import turn


def _enchanted_player_skips_draw(original):
    """CR 614.10 / Psychic Possession ruling broken: the enchanted player skips the draw step."""
    def skipped(game):
        return any(s.attached_to == ("player", game.active)
                   for s in game.on_battlefield() if turn.SKIP_DRAW_STEP in s.card.statics)
    return skipped


def _one_draw_trigger_per_step(original):
    """CR 603.2c broken: "whenever enchanted player draws a card" triggers once per step, not once
    per card, so Psychic Possession misses the extra card Howling Mine gives in the same draw step.
    Models an engine that hooks the draw step's draw event rather than each card drawn."""
    seen = set()                 # the (turn, step, player) draws already triggered, this action

    def drew(game, seat, by=None):
        if (game.turn, game.step, seat) in seen:
            return
        seen.add((game.turn, game.step, seat))
        original(game, seat, by)
    return drew


def _starting_player_draws(original):
    """CR 103.8a broken: the starting player of a two-player game draws on turn 1 — an engine whose
    turn structure starts the game at a draw step like any other (issue 26: generation never
    started on turn 1, so nothing could catch it)."""
    return lambda game: False


MUTANTS = (
    Mutant("enchanted-player-skips-draw", "614.10", "the enchanted player skips the draw step",
           "DRAW-001", (("draw_step_skipped", _enchanted_player_skips_draw),),
           decisions=2),        # the enchanted player skips, and the controller doesn't
    Mutant("one-draw-trigger-per-step", "603.2c", "draw triggers fire once per step, not per card",
           "DRAW-001", (("drew", _one_draw_trigger_per_step),)),
    Mutant("starting-player-draws", "103.8a", "the starting player of two draws on turn 1",
           "DRAW-001", (("first_draw_skipped", _starting_player_draws),)),
)
