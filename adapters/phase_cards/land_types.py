"""Land types and their mana abilities (CR 305.6): dual and snow lands, and what changes land types or
grants mana abilities."""
from __future__ import annotations

# Dual and snow-covered basic lands print no text: their mana abilities are their basic land types'
# (CR 305.6), which phase.rs gives them from their subtypes.

CARDS: dict[str, tuple] = {
    "Tundra": ("", ""),
    "Underground Sea": ("", ""),
    "Badlands": ("", ""),
    "Taiga": ("", ""),
    "Savannah": ("", ""),
    "Scrubland": ("", ""),
    "Volcanic Island": ("", ""),
    "Bayou": ("", ""),
    "Plateau": ("", ""),
    "Tropical Island": ("", ""),
    "Snow-Covered Plains": ("", ""),
    "Snow-Covered Island": ("", ""),
    "Snow-Covered Swamp": ("", ""),
    "Snow-Covered Mountain": ("", ""),
    "Snow-Covered Forest": ("", ""),
    "Blood Moon": ("{2}{R}", "Nonbasic lands are Mountains."),
    "Magus of the Moon": ("{2}{R}", "Nonbasic lands are Mountains."),
    "Harbinger of the Seas": ("{2}{U}", "Nonbasic lands are Islands."),
    "Sea's Claim": ("{U}", "Enchant land\nEnchanted land is an Island.", ("Enchant",)),
    "Spreading Seas": ("{1}{U}",
        "Enchant land\nWhen this Aura enters, draw a card.\nEnchanted land is an Island.", ("Enchant",)),
    "Evil Presence": ("{B}", "Enchant land\nEnchanted land is a Swamp.", ("Enchant",)),
    "Lush Growth": ("{G}", "Enchant land\nEnchanted land is a Mountain, Forest, and Plains.", ("Enchant",)),
    "Urborg, Tomb of Yawgmoth": ("", "Each land is a Swamp in addition to its other land types."),
    "Yavimaya, Cradle of Growth": ("", "Each land is a Forest in addition to its other land types."),
    "Blanket of Night": ("{1}{B}{B}", "Each land is a Swamp in addition to its other land types."),
    "Prismatic Omen": ("{1}{G}",
        "Lands you control are every basic land type in addition to their other types."),
    "Dryad of the Ilysian Grove": ("{2}{G}",
        "You may play an additional land on each of your turns.\nLands you control are every "
        "basic land type in addition to their other types."),
    "Chromatic Lantern": ("{3}",
        "Lands you control have \"{T}: Add one mana of any color.\"\n{T}: Add one mana of any "
        "color."),
    "Joiner Adept": ("{1}{G}", "Lands you control have \"{T}: Add one mana of any color.\""),
    "Abundant Growth": ("{G}",
        "Enchant land\nWhen this Aura enters, draw a card.\nEnchanted land has \"{T}: Add one "
        "mana of any color.\"", ("Enchant",)),
}

OUT: dict[str, str] = {
}
