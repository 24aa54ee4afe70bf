"""Triggered mana abilities that add mana when a land is tapped for mana (CR 605.1b), and Nyxbloom
Ancient's multiplying replacement."""
from __future__ import annotations


CARDS: dict[str, tuple] = {
    "Mana Flare": ("{2}{R}",
        "Whenever a player taps a land for mana, that player adds one mana of any type that "
        "land produced."),
    "Heartbeat of Spring": ("{2}{G}",
        "Whenever a player taps a land for mana, that player adds one mana of any type that "
        "land produced."),
    "Dictate of Karametra": ("{3}{G}{G}",
        "Flash\nWhenever a player taps a land for mana, that player adds one mana of any type "
        "that land produced.", ("Flash",)),
    "Zhur-Taa Ancient": ("{3}{R}{G}",
        "Whenever a player taps a land for mana, that player adds one mana of any type that "
        "land produced."),
    "Overabundance": ("{1}{R}{G}",
        "Whenever a player taps a land for mana, that player adds one mana of any type that "
        "land produced, and this enchantment deals 1 damage to them."),
    "Mirari's Wake": ("{3}{G}{W}",
        "Creatures you control get +1/+1 and have vigilance.\nWhenever you tap a land for "
        "mana, add one mana of any type that land produced."),
    "Vernal Bloom": ("{3}{G}",
        "Whenever a Forest is tapped for mana, its controller adds an additional {G}."),
    "Gauntlet of Might": ("{4}",
        "Red creatures get +1/+1.\nWhenever a Mountain is tapped for mana, its controller adds"
        " an additional {R}."),
    "Gauntlet of Power": ("{5}",
        "As this artifact enters, choose a color.\nCreatures of the chosen color get "
        "+1/+1.\nWhenever a basic land is tapped for mana of the chosen color, its controller "
        "adds an additional one mana of that color."),
    "Utopia Sprawl": ("{G}",
        "Enchant Forest\nAs this Aura enters, choose a color.\nWhenever enchanted Forest is "
        "tapped for mana, its controller adds an additional one mana of the chosen color.", ("Enchant",)),
    "Elvish Guidance": ("{2}{G}",
        "Enchant land\nWhenever enchanted land is tapped for mana, its controller adds an "
        "additional {G} for each Elf on the battlefield.", ("Enchant",)),
    "Nyxbloom Ancient": ("{4}{G}{G}{G}",
        "Trample\nIf you tap a permanent for mana, it produces three times as much of that "
        "mana instead.", ("Trample",)),
}

OUT: dict[str, str] = {
}
