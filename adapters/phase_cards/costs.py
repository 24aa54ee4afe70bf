"""Costs with {T} and {Q} (CR 107.5, 107.6), haste from any source (702.10), and the abilities such costs
pay for."""
from __future__ import annotations


CARDS: dict[str, tuple] = {
    "Prodigal Sorcerer": ("{2}{U}", "{T}: This creature deals 1 damage to any target."),
    "Prodigal Pyromancer": ("{2}{R}", "{T}: This creature deals 1 damage to any target."),
    "Vulshok Sorcerer": ("{1}{R}{R}",
        "Haste\n{T}: This creature deals 1 damage to any target.", ("Haste",)),
    "Cunning Sparkmage": ("{2}{R}", "Haste\n{T}: This creature deals 1 damage to any target.", ("Haste",)),
    "Anaba Shaman": ("{3}{R}", "{R}, {T}: This creature deals 1 damage to any target."),
    "Royal Assassin": ("{1}{B}{B}", "{T}: Destroy target tapped creature."),
    "Icy Manipulator": ("{4}", "{1}, {T}: Tap target artifact, creature, or land."),
    "Master Decoy": ("{1}{W}", "{W}, {T}: Tap target creature."),
    "Gideon's Lawkeeper": ("{W}", "{W}, {T}: Tap target creature."),
    "Blinding Mage": ("{1}{W}", "{W}, {T}: Tap target creature."),
    "Goldmeadow Harrier": ("{W}", "{W}, {T}: Tap target creature."),
    "Raging Goblin": ("{R}", "Haste", ("Haste",)),
    "Lightning Elemental": ("{3}{R}", "Haste", ("Haste",)),
    "Skyknight Legionnaire": ("{1}{R}{W}", "Flying, haste", ("Flying", "Haste")),
    "Mass Hysteria": ("{R}", "All creatures have haste."),
    "Lightning Greaves": ("{2}", "Equipped creature has haste and shroud.\nEquip {0}", ("Equip",)),
    "Swiftfoot Boots": ("{2}", "Equipped creature has hexproof and haste.\nEquip {1}", ("Equip",)),
    "Rod of Ruin": ("{4}", "{3}, {T}: This artifact deals 1 damage to any target."),
    "Jayemdae Tome": ("{4}", "{4}, {T}: Draw a card."),
    "Fountain of Youth": ("{0}", "{2}, {T}: You gain 1 life."),
    "Voltaic Key": ("{1}", "{1}, {T}: Untap target artifact."),
}

OUT: dict[str, str] = {
}
