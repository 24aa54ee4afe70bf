"""Steps and turns: Howling Mine's extra card in each draw step (CR 504.1, 121.2, 603.4). A founding
card of the catalog, moved here from the first `core` module by the rules it's about; Psychic
Possession, which skips its controller's draw step (614.10), is an Aura of oracle/cards/auras.py."""
from __future__ import annotations

from mtg_conformance.oracle.card import Triggered, make


def _draw_steps():
    yield make("Howling Mine", "artifact",
               triggered=(Triggered("each_draw_step", "draw_extra_if_untapped"),))


GROUPS = (_draw_steps,)
