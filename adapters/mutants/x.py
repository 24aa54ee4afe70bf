"""Mutants of the `x` area (X in costs, and what enters with X counters): each breaks one of its rules
the way a real engine might, and the area's property named in `caught_by` must catch it."""
from __future__ import annotations

from mtg_conformance.adapters.mutants import Mutant
from mtg_conformance.oracle import characteristics, triggers, zones
from mtg_conformance.oracle.effects import x as x_effects


def _x_from_permanent(original):
    """CR 107.3m broken: "enters with X counters" reads the permanent's X (0), not the spell's."""
    def enter(game, p, controller, x=0, **kw):
        return original(game, p, controller, 0, **kw)
    return enter


def _activated_x_is_the_spells(original):
    """CR 107.3k broken: an activated ability's X is the X of the spell its source came from (0 for
    Crypt Rats), not the X chosen as it is activated."""
    def activated_x(game, source, decisions):
        return source.spell_x
    return activated_x


def _flying_ignored(original):
    """CR 702.9a broken: mass damage doesn't check flying: no creature counts as flying."""
    def has_flying(game, p):
        return False
    return has_flying


def _hydra_never_doubles(original):
    """CR 107.3m (Apocalypse Hydra's text) broken: it enters with X counters even if X is 5 or more."""
    def extra_x_counters(x):
        return x
    return extra_x_counters


def _draws_one_whatever_x(original):
    """CR 121.2 broken: "target player draws X cards" draws one card, whatever X is."""
    def draws(use):
        seat = use.target[1]
        x_effects.uses_x(use, (f"players[{seat}].hand", f"players[{seat}].library"))
        zones.draw(use.game, seat, 1)
    return draws


def _you_draw_one_whatever_x(original):
    """CR 121.2 broken: "you draw X cards" draws one card, whatever X is."""
    def draws(use):
        seat = use.controller
        x_effects.uses_x(use, (f"players[{seat}].hand", f"players[{seat}].library"))
        zones.draw(use.game, seat, 1)
    return draws


def _each_draws_one(original):
    """CR 121.2 broken: "each player draws X cards" (Prosperity) draws one card each, whatever X is."""
    def draws(use):
        seats = x_effects.turn_order(use.game)
        x_effects.uses_x(use, tuple(f"players[{s}].{f}" for s in seats for f in ("hand", "library")))
        for seat in seats:
            zones.draw(use.game, seat, 1)
    return draws


def _life_x_counts_mana_spent(original):
    """CR 107.3a broken: Stream of Life's X is the mana spent on it ({X}{G}: X + 1), not the X chosen."""
    def gains(use):
        use.x += 1
        return original(use)
    return gains


def _blaze_x_counts_mana_spent(original):
    """CR 107.3a broken: "X damage" of a spell (Blaze {X}{R}, Heat Ray) uses the mana spent on it,
    X + 1; an enters ability's X (Ajani's Anguish, 107.3m) is left alone."""
    def damage(use):
        if use.x_rule == "107.3a":
            use.x += 1
        return original(use)
    return damage


def _lethal_entering_unseen(original):
    """CR 603.6a broken where X meets "another creature enters" triggers: a creature that enters
    with toughness 0 or less (Walking Ballista, Endless One or Hangarback Walker with X=0) is gone
    before Soul Warden looks for it — an engine that checks state-based actions before it looks for
    enters triggers — so only its own enters abilities trigger."""
    def entered(game, p):
        if characteristics.is_creature(p) and characteristics.power_toughness(game, p)[1] <= 0:
            for a in p.card.triggered:
                if a.event == "enters":
                    triggers._record(game, p, a, p.controller, x=p.spell_x)
            return
        original(game, p)
    return entered


def _many_draws_stop_at_an_empty_library(original):
    """CR 121.4 / 704.5b broken where X meets the state-based actions: "draw X cards" draws only
    the cards the library holds, so a player made to draw more than that never draws from an empty
    library and doesn't lose (the draw step's single draw still does)."""
    def draw(game, seat, n=1, by=None):
        if n > 1:
            n = min(n, len(game.players[seat].library))
        return original(game, seat, n, by)
    return draw


MUTANTS = (
    Mutant("x-from-permanent", "107.3m", "enters-with-X counters use the permanent's X", "X-001",
           (("enter", _x_from_permanent),)),
    Mutant("activated-x-is-spells-x", "107.3k", "an activated ability's X is its source's spell X",
           "X-101", (("activated_x", _activated_x_is_the_spells),)),
    Mutant("mass-damage-ignores-flying", "702.9a", "Hurricane and Earthquake don't check flying",
           "X-101", (("has_flying", _flying_ignored),)),
    Mutant("hydra-never-doubles", "107.3m", "Apocalypse Hydra gets no additional X counters from X=5",
           "X-102", (("extra_x_counters", _hydra_never_doubles),)),
    Mutant("draw-x-draws-one", "121.2", "\"target player draws X cards\" draws one", "X-101",
           (("_target_draws_x", _draws_one_whatever_x),), rules=("121.2", "107.3a")),
    Mutant("you-draw-x-draws-one", "121.2", "\"you draw X cards\" draws one", "X-101",
           (("_you_draw_x", _you_draw_one_whatever_x),), rules=("121.2", "107.3a")),
    Mutant("each-player-draws-one", "121.2", "\"each player draws X cards\" draws one each", "X-101",
           (("_each_draws_x", _each_draws_one),), rules=("121.2", "107.3a")),
    Mutant("gain-x-counts-mana-spent", "107.3a", "Stream of Life's X is all the mana spent on it",
           "X-101", (("_target_gains_x", _life_x_counts_mana_spent),)),
    Mutant("blaze-x-counts-mana-spent", "107.3a", "Blaze's X is all the mana spent on it", "X-101",
           (("_damage_x", _blaze_x_counts_mana_spent),)),
    Mutant("lethal-entering-unseen", "603.6a", "a creature entering with toughness 0 triggers no "
           "other permanent's enters ability", "X-001", (("entered", _lethal_entering_unseen),)),
    Mutant("draw-x-stops-at-empty-library", "121.4", "draw X draws only what the library holds",
           "X-101", (("draw", _many_draws_stop_at_an_empty_library),), rules=("121.4", "704.5b")),
)
