"""Lands with basic land types and the effects that change a land's types or mana abilities (CR 305.6, 305.7, 613.1d/f, 613.8)."""
from __future__ import annotations

from mtg_conformance.oracle.card import TAP, ManaAbility, Triggered, make

# The original dual lands: no rules text; each basic land type gives a mana ability (305.6).
_DUALS = {"Tundra": ("Plains", "Island"), "Underground Sea": ("Island", "Swamp"),
          "Badlands": ("Swamp", "Mountain"), "Taiga": ("Mountain", "Forest"),
          "Savannah": ("Forest", "Plains"), "Scrubland": ("Plains", "Swamp"),
          "Volcanic Island": ("Island", "Mountain"), "Bayou": ("Swamp", "Forest"),
          "Plateau": ("Mountain", "Plains"), "Tropical Island": ("Forest", "Island")}
_BASIC_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")


def _dual_lands():
    for name, land_types in _DUALS.items():
        yield make(name, "land", subtypes=land_types)


def _snow_basics():
    """Basic snow lands: their mana ability is their type's (305.6), not printed."""
    for land_type in _BASIC_TYPES:
        yield make(f"Snow-Covered {land_type}", "land", subtypes=(land_type,), basic=True,
                   supertypes=frozenset({"snow"}))


def _type_setters():
    yield make("Blood Moon", "enchantment", "R", statics=frozenset({"nonbasic_lands_are_mountains"}))
    yield make("Magus of the Moon", "creature", "R", ("Human", "Wizard"), power=2, toughness=2,
               statics=frozenset({"nonbasic_lands_are_mountains"}))
    yield make("Harbinger of the Seas", "creature", "U", ("Merfolk", "Wizard"), power=2, toughness=2,
               statics=frozenset({"nonbasic_lands_are_islands"}))
    yield make("Sea's Claim", "enchantment", "U", ("Aura",), enchant="land",
               statics=frozenset({"enchanted_land_is_island"}))
    yield make("Spreading Seas", "enchantment", "U", ("Aura",), enchant="land",
               statics=frozenset({"enchanted_land_is_island"}), triggered=(Triggered("enters", "draw_1"),))
    yield make("Evil Presence", "enchantment", "B", ("Aura",), enchant="land",
               statics=frozenset({"enchanted_land_is_swamp"}))
    yield make("Lush Growth", "enchantment", "G", ("Aura",), enchant="land",
               statics=frozenset({"enchanted_land_is_mountain_forest_plains"}))


def _type_adders():
    yield make("Urborg, Tomb of Yawgmoth", "land", supertypes=frozenset({"legendary"}),
               statics=frozenset({"each_land_is_also_swamp"}))
    yield make("Yavimaya, Cradle of Growth", "land", supertypes=frozenset({"legendary"}),
               statics=frozenset({"each_land_is_also_forest"}))
    yield make("Blanket of Night", "enchantment", "B", statics=frozenset({"each_land_is_also_swamp"}))
    yield make("Prismatic Omen", "enchantment", "G", statics=frozenset({"your_lands_every_basic_type"}))
    yield make("Dryad of the Ilysian Grove", "enchantment creature", "G", ("Nymph", "Dryad"), power=2,
               toughness=4, statics=frozenset({"your_lands_every_basic_type", "you_may_play_additional_land"}))


def _ability_granters():
    yield make("Chromatic Lantern", "artifact", statics=frozenset({"your_lands_tap_any_color"}),
               mana_abilities=(ManaAbility(TAP, "any_color"),))
    yield make("Joiner Adept", "creature", "G", ("Elf", "Druid"), power=2, toughness=1,
               statics=frozenset({"your_lands_tap_any_color"}))
    yield make("Abundant Growth", "enchantment", "G", ("Aura",), enchant="land",
               statics=frozenset({"enchanted_land_tap_any_color"}), triggered=(Triggered("enters", "draw_1"),))


GROUPS = (_dual_lands, _snow_basics, _type_setters, _type_adders, _ability_granters)
