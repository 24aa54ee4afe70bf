"""Aven Riftwatcher's life gain as it enters and leaves (CR 119.3), the ability a departing owner's
permanent still triggers (603.6c, 800.4a)."""
from __future__ import annotations

from mtg_conformance.oracle.registry import effect
from mtg_conformance.oracle.resolve import Use, change_life


@effect("gain_2", rule="119.3", text="you gain 2 life")
def _gain_2(use: Use) -> None:
    change_life(use.game, use.controller, 2)
