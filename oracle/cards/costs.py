"""{T} and {Q} abilities, haste and its sources, and summoning sickness (CR 107.5, 107.6, 302.6,
702.10). The founding cards about them (Llanowar Elves, Dryad Arbor, Pili-Pala, Puresight Merrow,
Seeker of Skybreak, Fervor, and the control changes that reset sickness: Control Magic, Threaten)
moved here from the first `core` module."""
from __future__ import annotations

from mtg_conformance.oracle.card import TAP, Activated, Cost, ManaAbility, make

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


def _founding():
    """Summoning sickness on a mana creature and a land creature, {Q} costs (107.6), untapping a
    target, haste for every creature, and control changes that make a creature sick again (302.6)."""
    yield make("Llanowar Elves", "creature", "G", ("Elf", "Druid"), power=1, toughness=1,
               mana_abilities=(ManaAbility(TAP, "fixed", ("G",)),))
    yield make("Dryad Arbor", "land creature", "G", subtypes=("Forest", "Dryad"), power=1,
               toughness=1, mana_abilities=(ManaAbility(TAP, "fixed", ("G",)),))
    yield make("Pili-Pala", "artifact creature", subtypes=("Scarecrow",), power=1, toughness=1,
               mana_abilities=(ManaAbility(Cost(untap=True, mana="{2}"), "any_color"),),
               statics=frozenset({"flying"}))
    yield make("Puresight Merrow", "creature", "WU", ("Merfolk", "Wizard"), power=2, toughness=2,
               activated=(Activated(Cost(untap=True, mana="{W/U}"), "look_top_may_exile"),))
    yield make("Seeker of Skybreak", "creature", "G", ("Elf",), power=2, toughness=1,
               activated=(Activated(TAP, "untap_target", target="creature"),))
    yield make("Fervor", "enchantment", "R", statics=frozenset({"your_creatures_haste"}))
    yield make("Control Magic", "enchantment", "U", subtypes=("Aura",), enchant="creature",
               statics=frozenset({"control_enchanted"}))
    yield make("Threaten", "sorcery", "R", spell_effect="threaten", spell_target="creature")


GROUPS = (_pingers, _tappers, _haste, _artifacts, _founding)
