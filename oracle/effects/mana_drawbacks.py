"""The effects of mana with a drawback: the damage a pain land deals (CR 120.3a, 605.3b), the life
Grove of the Burnwillows gives (119.3), Incubation Druid's adapt (122.1a), and drawing a card — the
generic "you draw a card", here because the horizon lands are the cards that use it most."""
from __future__ import annotations

from mtg_conformance.oracle import zones
from mtg_conformance.oracle.provenance import note
from mtg_conformance.oracle.registry import effect
from mtg_conformance.oracle.resolve import Use, change_life, deal_damage
from mtg_conformance.oracle.seams import seam


@effect("damage_you", rule="120.3a", text="this deals {amount} damage to you")
def _damage_you(use: Use) -> None:
    """A pain land's or City of Brass's drawback: its source deals the damage to its controller."""
    deal_damage(use.game, ("player", use.controller), use.info["amount"])


@effect("opponents_gain", rule="119.3", text="each opponent gains {amount} life")
def _opponents_gain(use: Use) -> None:
    """Grove of the Burnwillows: each opponent still in the game (CR 800.4a) gains the life."""
    for seat in use.game.opponents(use.controller):
        note(use.game, "119.3", f"{use.source.id}'s ability -> player {seat} gains {use.info['amount']} life",
             (use.source.id, seat), (f"players[{seat}].life",))
        change_life(use.game, seat, use.info["amount"])


@effect("you_draw", rule="121.1", text="you draw a card")
@effect("draw_1", rule="121.1", text="you draw a card")
def _draw(use: Use) -> None:
    zones.draw(use.game, use.controller)


@effect("adapt_3", rule="122.1a",
        text="adapt 3 (if this has no +1/+1 counters on it, put three +1/+1 counters on it)")
@seam
def _adapt_3(use: Use) -> None:
    """Incubation Druid: three counters, only if it has none as the ability resolves."""
    src, had = use.source, use.source.counters.get("+1/+1", 0)
    if src.phased_in and not had:
        src.counters["+1/+1"] = 3
    note(use.game, "122.1a", f"{src.id} had {had} +1/+1 counters -> "
         f"{'none' if had else 'three'} put on it", (src.id,), (f"permanents.{src.id}.counters",))
