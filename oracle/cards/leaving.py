"""A player leaving the game (CR 800.4a, 104.2a): Aven Riftwatcher, whose "leaves the battlefield"
ability a departing owner's permanent still triggers (603.6c). A founding card of the catalog, moved
here from the first `core` module by the rules it's about."""
from __future__ import annotations

from mtg_conformance.oracle.card import Triggered, make


def _leaves_abilities():
    yield make("Aven Riftwatcher", "creature", "W", ("Bird", "Rebel", "Soldier"), power=2,
               toughness=3, enters_with="time3", statics=frozenset({"flying"}),
               triggered=(Triggered("your_upkeep", "remove_time_counter"),     # vanishing is two
                          Triggered("last_time_counter_removed", "sacrifice_self"),  # triggers, 702.63a
                          Triggered("enters", "gain_2"), Triggered("leaves", "gain_2")))


GROUPS = (_leaves_abilities,)
