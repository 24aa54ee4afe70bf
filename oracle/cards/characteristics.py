"""Characteristics under continuous effects: anthems and lords that change power and toughness,
the creatures they count (CR 613.4c, 704.5f), and an animated land's creature types (205.3m). The
founding Glorious Anthem, Judge of Currents and Mutavault moved here from the first `core` module."""
from __future__ import annotations

from mtg_conformance.oracle.card import TAP, Activated, Cost, ManaAbility, Triggered, make


def _anthems():
    yield make("Crusade", "enchantment", "W", statics=frozenset({"pt_creatures_of_color"}),
               boost=(1, 1), boost_color="W")
    yield make("Bad Moon", "enchantment", "B", statics=frozenset({"pt_creatures_of_color"}),
               boost=(1, 1), boost_color="B")
    yield make("Dread of Night", "enchantment", "B", statics=frozenset({"pt_creatures_of_color"}),
               boost=(-1, -1), boost_color="W")
    yield make("Honor of the Pure", "enchantment", "W",
               statics=frozenset({"pt_your_creatures_of_color"}), boost=(1, 1), boost_color="W")
    yield make("Gaea's Anthem", "enchantment", "G", statics=frozenset({"pt_your_creatures"}),
               boost=(1, 1))
    yield make("Benalish Marshal", "creature", "W", ("Human", "Knight"), power=3, toughness=3,
               statics=frozenset({"pt_other_creatures_you_control"}), boost=(1, 1))
    yield make("Veteran Armorer", "creature", "W", ("Human", "Soldier"), power=2, toughness=2,
               statics=frozenset({"pt_other_creatures_you_control"}), boost=(0, 1))
    yield make("Glorious Anthem", "enchantment", "W", statics=frozenset({"pt_your_creatures"}),
               boost=(1, 1))


def _vanilla_creatures():
    """Creatures with no abilities, of the colours the anthems name."""
    yield make("Savannah Lions", "creature", "W", ("Cat",), power=2, toughness=1)
    yield make("Eager Cadet", "creature", "W", ("Human", "Soldier"), power=1, toughness=1)
    yield make("Walking Corpse", "creature", "B", ("Zombie",), power=2, toughness=2)
    yield make("Scathe Zombies", "creature", "B", ("Zombie",), power=2, toughness=2)
    yield make("Grizzly Bears", "creature", "G", ("Bear",), power=2, toughness=2)


def _creature_types():
    """An animated Mutavault has every creature type (205.3m), which "Merfolk you control" sees."""
    yield make("Mutavault", "land", mana_abilities=(ManaAbility(TAP, "fixed", ("C",)),),
               activated=(Activated(Cost(mana="{1}"), "animate_2_2"),))
    yield make("Judge of Currents", "creature", "W", ("Merfolk", "Wizard"), power=1, toughness=1,
               triggered=(Triggered("merfolk_you_control_becomes_tapped", "gain_1",
                                    optional=True),))


GROUPS = (_anthems, _vanilla_creatures, _creature_types)
