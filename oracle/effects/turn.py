"""Howling Mine's extra card in each draw step (CR 504.1), its intervening "if" checked again as it
resolves (603.4)."""
from __future__ import annotations

from mtg_conformance.oracle import zones
from mtg_conformance.oracle.provenance import note
from mtg_conformance.oracle.registry import effect
from mtg_conformance.oracle.resolve import Use


@effect("draw_extra_if_untapped", rule="603.4",
        text="if this is untapped, that player draws an additional card")
def _howling_mine(use: Use) -> None:
    """The intervening "if" is checked again as it resolves."""
    game, src = use.game, use.source
    if src.phased_in and not src.tapped:
        zones.draw(game, use.info["player"], by=src)
    else:
        note(game, "603.4", f"{src.id} is no longer untapped and phased in -> no extra card",
             (src.id,), (f"players[{use.info['player']}].hand",))
