"""Auras and Equipment: Auras that enchant players (Curses) or what they steal, Auras and Equipment
that modify the creature they're on, what they may enchant or equip and attaching them (CR 303.4,
301.5, 701.3, 702.5, 704.5m). The founding Auras and Bonesplitter moved here from the first `core`
module; the anthems went to oracle/cards/characteristics.py."""
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


def _founding_auras():
    """The founding cards about Auras and Equipment: Psychic Possession enchants an opponent (303.4),
    Steal Enchantment takes control of
    the enchantment it enchants (613.1b)."""
    yield make("Bonesplitter", "artifact", subtypes=("Equipment",), equipment=True,
               activated=(Activated(Cost(mana="{1}"), "equip", target="creature_you_control",
                                    sorcery_speed=True),),
               statics=frozenset({"pt_equipped"}), boost=(2, 0))
    yield make("Steal Enchantment", "enchantment", "U", subtypes=("Aura",),
               enchant="enchantment", statics=frozenset({"control_enchanted"}))
    yield make("Psychic Possession", "enchantment", "U", subtypes=("Aura",), enchant="opponent",
               statics=frozenset({"skip_your_draw_step"}),
               triggered=(Triggered("enchanted_player_draws", "you_draw", optional=True),))
    yield make("Holy Strength", "enchantment", "W", subtypes=("Aura",), enchant="creature",
               statics=frozenset({"pt_enchanted"}), boost=(1, 2))
    yield make("Pacifism", "enchantment", "W", subtypes=("Aura",), enchant="creature",
               statics=frozenset({"enchanted_cant_attack"}))


GROUPS = (_curses, _creature_auras, _rancor, _equipment, _founding_auras)
