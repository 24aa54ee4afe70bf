"""Auras, Curses, Equipment and anthems that change power and toughness (CR 613.4c), and the vanilla
creatures they meet."""
from __future__ import annotations


CARDS: dict[str, tuple] = {
    "Curse of the Pierced Heart": ("{1}{R}",
        "Enchant player\nAt the beginning of enchanted player's upkeep, this Aura deals 1 "
        "damage to that player or a planeswalker that player controls.", ("Enchant",)),
    "Curse of Thirst": ("{4}{B}",
        "Enchant player\nAt the beginning of enchanted player's upkeep, this Aura deals damage"
        " to that player equal to the number of Curses attached to them.", ("Enchant",)),
    "Curse of Death's Hold": ("{3}{B}{B}",
        "Enchant player\nCreatures enchanted player controls get -1/-1.", ("Enchant",)),
    "Unholy Strength": ("{B}", "Enchant creature\nEnchanted creature gets +2/+1.", ("Enchant",)),
    "Giant Strength": ("{R}{R}", "Enchant creature\nEnchanted creature gets +2/+2.", ("Enchant",)),
    "Divine Transformation": ("{2}{W}{W}",
        "Enchant creature\nEnchanted creature gets +3/+3.", ("Enchant",)),
    "Feast of the Unicorn": ("{3}{B}", "Enchant creature\nEnchanted creature gets +4/+0.", ("Enchant",)),
    "Hero's Resolve": ("{1}{W}", "Enchant creature\nEnchanted creature gets +1/+5.", ("Enchant",)),
    "Weakness": ("{B}", "Enchant creature\nEnchanted creature gets -2/-1.", ("Enchant",)),
    "Dead Weight": ("{B}", "Enchant creature\nEnchanted creature gets -2/-2.", ("Enchant",)),
    "Debilitating Injury": ("{1}{B}", "Enchant creature\nEnchanted creature gets -2/-2.", ("Enchant",)),
    "Enfeeblement": ("{B}{B}", "Enchant creature\nEnchanted creature gets -2/-2.", ("Enchant",)),
    "Rancor": ("{G}",
        "Enchant creature\nEnchanted creature gets +2/+0 and has trample.\nWhen this Aura is "
        "put into a graveyard from the battlefield, return it to its owner's hand.", ("Enchant",)),
    "Short Sword": ("{1}", "Equipped creature gets +1/+1.\nEquip {1}", ("Equip",)),
    "Leonin Scimitar": ("{1}", "Equipped creature gets +1/+1.\nEquip {1}", ("Equip",)),
    "Vulshok Morningstar": ("{2}", "Equipped creature gets +2/+2.\nEquip {2}", ("Equip",)),
    "Bone Saw": ("{0}", "Equipped creature gets +1/+0.\nEquip {1}", ("Equip",)),
    "Trusty Machete": ("{1}", "Equipped creature gets +2/+1.\nEquip {2}", ("Equip",)),
    "Sickleslicer": ("{3}", "Equipped creature gets +2/+2.\nEquip {4}", ("Equip",)),
    "Vulshok Battlegear": ("{3}", "Equipped creature gets +3/+3.\nEquip {3}", ("Equip",)),
    "Barbed Battlegear": ("{3}", "Equipped creature gets +4/-1.\nEquip {2}", ("Equip",)),
    "Crusade": ("{W}{W}", "White creatures get +1/+1."),
    "Bad Moon": ("{1}{B}", "Black creatures get +1/+1."),
    "Dread of Night": ("{B}", "White creatures get -1/-1."),
    "Honor of the Pure": ("{1}{W}", "White creatures you control get +1/+1."),
    "Gaea's Anthem": ("{1}{G}{G}", "Creatures you control get +1/+1."),
    "Benalish Marshal": ("{W}{W}{W}", "Other creatures you control get +1/+1."),
    "Veteran Armorer": ("{1}{W}", "Other creatures you control get +0/+1."),
    "Savannah Lions": ("{W}", ""),
    "Eager Cadet": ("{W}", ""),
    "Walking Corpse": ("{1}{B}", ""),
    "Scathe Zombies": ("{2}{B}", ""),
    "Grizzly Bears": ("{1}{G}", ""),
}

OUT: dict[str, str] = {
}
