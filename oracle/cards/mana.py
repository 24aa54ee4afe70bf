"""Mana: the basic lands and their types (CR 106.1), sources that read what other lands "could
produce" (106.7) or take a colour from permanents, tapping for mana through a cost's creature or a
sacrifice (106.12), and the replacement effects on mana (Contamination, Pale Moon; 614.5, 616.1).
Founding cards of the catalog, moved here from the first `core` module by the rules they're about."""
from __future__ import annotations

from mtg_conformance.oracle.card import TAP, Cost, ManaAbility, Triggered, make

_BASICS = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}


def _basic_lands():
    for name, color in _BASICS.items():
        yield make(name, "land", subtypes=(name,), basic=True,
                   mana_abilities=(ManaAbility(TAP, "fixed", (color,)),))
    yield make("Wastes", "land", basic=True, mana_abilities=(ManaAbility(TAP, "fixed", ("C",)),))


def _could_produce():
    """What other lands could produce (106.7), or a colour among your permanents."""
    yield make("Reflecting Pool", "land",
               mana_abilities=(ManaAbility(TAP, "could_produce", scope="your_lands"),))
    yield make("Exotic Orchard", "land",
               mana_abilities=(ManaAbility(TAP, "could_produce", scope="opponents_lands",
                                           colors_only=True),))
    yield make("Meteor Crater", "land", mana_abilities=(ManaAbility(TAP, "permanent_color"),))
    yield make("Fellwar Stone", "artifact",
               mana_abilities=(ManaAbility(TAP, "could_produce", scope="opponents_lands",
                                           colors_only=True),))


def _costs_beyond_tapping():
    """Mana abilities whose cost taps another creature or sacrifices the source (106.12)."""
    yield make("Springleaf Drum", "artifact",
               mana_abilities=(ManaAbility(Cost(tap=True, tap_untapped_creature=True),
                                           "any_color"),))
    yield make("Treasure", "artifact", subtypes=("Treasure",),
               mana_abilities=(ManaAbility(Cost(tap=True, sacrifice_self=True), "any_color"),))


def _replacing_mana():
    """Replacement effects on the mana a land is tapped for (614.1a, 614.5, 616.1)."""
    yield make("Contamination", "enchantment", "B",
               statics=frozenset({"lands_tapped_produce_black"}),
               triggered=(Triggered("your_upkeep", "sacrifice_unless_creature"),))
    yield make("Pale Moon", "instant", "U", spell_effect="pale_moon")


GROUPS = (_basic_lands, _could_produce, _costs_beyond_tapping, _replacing_mana)
