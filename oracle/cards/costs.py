"""{T} and {Q} abilities, haste and its sources, and summoning sickness (CR 107.5, 107.6, 302.6, 702.10)."""
from __future__ import annotations

from mtg_conformance.oracle.card import TAP, Activated, Cost, make

HASTE = frozenset({"haste"})


def _pingers():
    """Creatures whose {T} ability deals 1 damage to any target: usable only untapped and unsick,
    or with haste (CR 107.5, 302.6, 702.10c)."""
    ping = Activated(TAP, "ping_1", target="any")
    yield make("Prodigal Sorcerer", "creature", "U", ("Human", "Wizard"), power=1, toughness=1,
               activated=(ping,))
    yield make("Prodigal Pyromancer", "creature", "R", ("Human", "Wizard"), power=1, toughness=1,
               activated=(ping,))
    yield make("Vulshok Sorcerer", "creature", "R", ("Human", "Shaman"), power=1, toughness=1,
               activated=(ping,), statics=HASTE)
    yield make("Cunning Sparkmage", "creature", "R", ("Human", "Shaman"), power=0, toughness=1,
               activated=(ping,), statics=HASTE)
    yield make("Anaba Shaman", "creature", "R", ("Minotaur", "Shaman"), power=2, toughness=2,
               activated=(Activated(Cost(tap=True, mana="{R}"), "ping_1", target="any"),))


def _tappers():
    """{T} abilities that tap or destroy: Royal Assassin's target must be tapped; Icy Manipulator is
    an artifact, never summoning sick (302.6)."""
    yield make("Royal Assassin", "creature", "B", ("Human", "Assassin"), power=1, toughness=1,
               activated=(Activated(TAP, "destroy_target", target="tapped_creature"),))
    yield make("Icy Manipulator", "artifact",
               activated=(Activated(Cost(tap=True, mana="{1}"), "tap_target_artifact_creature_or_land",
                                    target="artifact_creature_or_land"),))
    decoy = Activated(Cost(tap=True, mana="{W}"), "tap_target_creature", target="creature")
    yield make("Master Decoy", "creature", "W", ("Human", "Soldier"), power=1, toughness=2,
               activated=(decoy,))
    yield make("Gideon's Lawkeeper", "creature", "W", ("Human", "Soldier"), power=1, toughness=1,
               activated=(decoy,))
    yield make("Blinding Mage", "creature", "W", ("Human", "Wizard"), power=1, toughness=2,
               activated=(decoy,))
    yield make("Goldmeadow Harrier", "creature", "W", ("Kithkin", "Soldier"), power=1, toughness=1,
               activated=(decoy,))


def _haste():
    """Haste on the creature itself, from an enchantment for every creature, and from Equipment."""
    yield make("Raging Goblin", "creature", "R", ("Goblin", "Berserker"), power=1, toughness=1,
               statics=HASTE)
    yield make("Lightning Elemental", "creature", "R", ("Elemental",), power=4, toughness=1,
               statics=HASTE)
    yield make("Skyknight Legionnaire", "creature", "RW", ("Human", "Knight"), power=2, toughness=2,
               statics=HASTE | {"flying"})
    yield make("Mass Hysteria", "enchantment", "R", statics=frozenset({"all_creatures_haste"}))
    yield make("Lightning Greaves", "artifact", subtypes=("Equipment",), equipment=True,
               activated=(Activated(Cost(mana="{0}"), "equip", target="creature_you_control",
                                    sorcery_speed=True),),
               statics=frozenset({"equipped_haste", "equipped_shroud"}))
    yield make("Swiftfoot Boots", "artifact", subtypes=("Equipment",), equipment=True,
               activated=(Activated(Cost(mana="{1}"), "equip", target="creature_you_control",
                                    sorcery_speed=True),),
               statics=frozenset({"equipped_haste", "equipped_hexproof"}))


def _artifacts():
    """Artifacts with {T} abilities: never summoning sick, even the turn they arrive (CR 302.6)."""
    yield make("Rod of Ruin", "artifact",
               activated=(Activated(Cost(tap=True, mana="{3}"), "ping_1", target="any"),))
    yield make("Jayemdae Tome", "artifact", activated=(Activated(Cost(tap=True, mana="{4}"), "draw_1"),))
    yield make("Fountain of Youth", "artifact", activated=(Activated(Cost(tap=True, mana="{2}"), "gain_1"),))
    yield make("Voltaic Key", "artifact",
               activated=(Activated(Cost(tap=True, mana="{1}"), "untap_target_artifact",
                                    target="artifact"),))


GROUPS = (_pingers, _tappers, _haste, _artifacts)
