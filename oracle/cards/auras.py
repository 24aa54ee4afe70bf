"""Auras that enchant players (Curses), Auras and Equipment that modify creatures, and anthems (CR 303.4, 301.5, 613.4c, 704.5f/m)."""
from __future__ import annotations

from mtg_conformance.oracle.card import Activated, Cost, Triggered, make


def _curses():
    yield make("Curse of the Pierced Heart", "enchantment", "R", ("Aura", "Curse"), enchant="player",
               triggered=(Triggered("enchanted_player_upkeep", "damage_enchanted_player_1"),))
    yield make("Curse of Thirst", "enchantment", "B", ("Aura", "Curse"), enchant="player",
               triggered=(Triggered("enchanted_player_upkeep", "damage_enchanted_player_per_curse"),))
    yield make("Curse of Death's Hold", "enchantment", "B", ("Aura", "Curse"), enchant="player",
               statics=frozenset({"pt_enchanted_players_creatures"}), boost=(-1, -1))


def _creature_auras():
    for name, color, boost in (("Unholy Strength", "B", (2, 1)), ("Giant Strength", "R", (2, 2)),
                               ("Divine Transformation", "W", (3, 3)),
                               ("Feast of the Unicorn", "B", (4, 0)), ("Hero's Resolve", "W", (1, 5)),
                               ("Weakness", "B", (-2, -1)), ("Dead Weight", "B", (-2, -2)),
                               ("Debilitating Injury", "B", (-2, -2)), ("Enfeeblement", "B", (-2, -2))):
        yield make(name, "enchantment", color, ("Aura",), enchant="creature",
                   statics=frozenset({"pt_enchanted"}), boost=boost)


def _rancor():
    yield make("Rancor", "enchantment", "G", ("Aura",), enchant="creature",
               statics=frozenset({"pt_enchanted", "enchanted_trample"}), boost=(2, 0),
               triggered=(Triggered("put_into_graveyard_from_battlefield", "return_self_to_hand"),))


def _equipment():
    for name, equip, boost in (("Short Sword", "{1}", (1, 1)), ("Leonin Scimitar", "{1}", (1, 1)),
                               ("Vulshok Morningstar", "{2}", (2, 2)), ("Bone Saw", "{1}", (1, 0)),
                               ("Trusty Machete", "{2}", (2, 1)), ("Sickleslicer", "{4}", (2, 2)),
                               ("Vulshok Battlegear", "{3}", (3, 3)),
                               ("Barbed Battlegear", "{2}", (4, -1))):
        yield make(name, "artifact", subtypes=("Equipment",), equipment=True,
                   activated=(Activated(Cost(mana=equip), "equip", target="creature_you_control",
                                        sorcery_speed=True),),
                   statics=frozenset({"pt_equipped"}), boost=boost)


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


def _vanilla_creatures():
    """Creatures with no abilities, of the colours the anthems name."""
    yield make("Savannah Lions", "creature", "W", ("Cat",), power=2, toughness=1)
    yield make("Eager Cadet", "creature", "W", ("Human", "Soldier"), power=1, toughness=1)
    yield make("Walking Corpse", "creature", "B", ("Zombie",), power=2, toughness=2)
    yield make("Scathe Zombies", "creature", "B", ("Zombie",), power=2, toughness=2)
    yield make("Grizzly Bears", "creature", "G", ("Bear",), power=2, toughness=2)


GROUPS = (_curses, _creature_auras, _rancor, _equipment, _anthems, _vanilla_creatures)
