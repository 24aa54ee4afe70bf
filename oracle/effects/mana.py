"""The effects of the mana area's cards: Contamination's upkeep sacrifice (CR 117.12) and Pale
Moon's replacement effect on mana until end of turn (614.1a, applied by oracle/mana.py)."""
from __future__ import annotations

from mtg_conformance.oracle import zones
from mtg_conformance.oracle.characteristics import is_creature
from mtg_conformance.oracle.registry import effect
from mtg_conformance.oracle.resolve import Use


@effect("sacrifice_unless_creature", rule="117.12", text="sacrifice this unless you sacrifice a creature")
def _contamination_upkeep(use: Use) -> None:
    """Contamination's upkeep cost: sacrifice a creature (the harness's choice) or it."""
    game, src = use.game, use.source
    victim = game.permanents.get(use.decisions.get("sacrifice") or "")
    if victim and victim.phased_in and victim.controller == use.controller and is_creature(victim):
        zones.leave(game, victim, "graveyard")
    elif src.phased_in:
        zones.leave(game, src, "graveyard")


@effect("pale_moon", rule="614.1a",
        text="until end of turn, a nonbasic land tapped for mana produces colourless mana instead")
def _pale_moon(use: Use) -> None:
    use.game.mana_replacements.append((use.source.id, "pale_moon"))
