"""Mutavault becoming a creature until end of turn (CR 613.1d), whose creature types 205.3m decides."""
from __future__ import annotations

from mtg_conformance.oracle.provenance import note
from mtg_conformance.oracle.registry import effect
from mtg_conformance.oracle.resolve import Use


@effect("animate_2_2", rule="613.1d",
        text="until end of turn, this becomes a 2/2 creature; it's still a land")
def _animate(use: Use) -> None:
    """No observed field changes: being a creature shows only in what follows (a {T} cost's
    sickness, 302.6; Judge of Currents, 205.3m), decided there."""
    use.source.animated = True
    note(use.game, "613.1d", f"{use.source.id} becomes a 2/2 creature until end of turn, still a "
         "land -> a type-changing effect (layer 4) applies to it", (use.source.id,))
