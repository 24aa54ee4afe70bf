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


def _possession_sees_only_the_turns_draw(original):
    """CR 603.2c broken where turn and Auras meet on "a card is drawn": Psychic Possession's
    "whenever enchanted player draws a card" sees only the draw step's own draw, not a card another
    permanent's ability makes that player draw (Howling Mine's extra card). Models an engine that
    raises the draw trigger from its turn structure, not from drawing."""
    def drew(game, seat, by=None):
        if by is None:
            original(game, seat, by)
    return drew


def _skipping_skips_only_the_draw(original):
    """CR 614.10a broken where an Aura's "skip your draw step" meets a draw-step trigger: the engine
    replaces only the draw of the step (Psychic Possession), so the skipped draw step still begins
    and Howling Mine's "at the beginning of each player's draw step" gives its card."""
    def skipped(game):
        return False
    return skipped


def _no_turn_draw_while_skipping(original):
    """The other half of `_skipping_skips_only_the_draw`: the draw step's own draw (none by an
    ability) doesn't happen for a player who skips their draw steps."""
    def draw(game, seat, n=1, by=None):
        if (by is None and game.step == "draw" and seat == game.active
                and turn.skips_draw_steps(game, seat)):
            return None
        return original(game, seat, n, by)
    return draw


MUTANTS = (
    Mutant("enchanted-player-skips-draw", "614.10", "the enchanted player skips the draw step",
           "DRAW-001", (("draw_step_skipped", _enchanted_player_skips_draw),),
           decisions=2),        # the enchanted player skips, and the controller doesn't
    Mutant("one-draw-trigger-per-step", "603.2c", "draw triggers fire once per step, not per card",
           "DRAW-001", (("drew", _one_draw_trigger_per_step),)),
    Mutant("starting-player-draws", "103.8a", "the starting player of two draws on turn 1",
           "DRAW-001", (("first_draw_skipped", _starting_player_draws),)),
    Mutant("possession-misses-effect-draws", "603.2c", "a draw trigger sees the draw step's draw, not "
           "a card an ability draws (Howling Mine's extra card)", "DRAW-001",
           (("drew", _possession_sees_only_the_turns_draw),)),
    Mutant("skipping-skips-only-the-draw", "614.10a", "a skipped draw step still begins: only its draw "
           "is skipped, and Howling Mine's trigger gives its card", "DRAW-001",
           (("draw_step_skipped", _skipping_skips_only_the_draw), ("draw", _no_turn_draw_while_skipping)),
           rules=("614.10a", "614.10"), decisions=2),   # 614.10 says whether the step is skipped: the
                                                           # engine departs where it is and where it isn't
)
