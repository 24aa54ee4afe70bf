""""Whenever a land is tapped for mana" triggered mana abilities and the replacement effects that
multiply mana, with the choices they force (CR 106.12a/b, 605.1b, 605.4a, 614.1a, 614.5, 616.1).
The founding Mana Reflection, Overgrowth, Wild Growth and Manabarbs moved here from the first
`core` module."""
from __future__ import annotations

from mtg_conformance.oracle.card import Triggered, make


def _flare(event: str, effect: str = "tapper_adds_type_produced") -> tuple:
    """A triggered mana ability adding one more mana of the type the land produced (CR 605.1b)."""
    return (Triggered(event, effect, mana=True),)


def _any_players_lands():
    """"Whenever a player taps a land for mana, that player adds one mana of any type it produced"."""
    yield make("Mana Flare", "enchantment", "R", triggered=_flare("land_tapped_for_mana"))
    yield make("Heartbeat of Spring", "enchantment", "G", triggered=_flare("land_tapped_for_mana"))
    yield make("Dictate of Karametra", "enchantment", "G", statics=frozenset({"flash"}),
               triggered=_flare("land_tapped_for_mana"))
    yield make("Zhur-Taa Ancient", "creature", "RG", ("Beast",), power=7, toughness=5,
               triggered=_flare("land_tapped_for_mana"))
    yield make("Overabundance", "enchantment", "RG",
               triggered=_flare("land_tapped_for_mana", "tapper_adds_type_produced_takes_1"))
    yield make("Mirari's Wake", "enchantment", "GW",
               statics=frozenset({"pt_your_creatures", "your_creatures_vigilance"}), boost=(1, 1),
               triggered=_flare("you_tap_land_for_mana", "you_add_type_produced"))


def _lands_of_a_kind():
    """Lands of a type, or basic lands tapped for a chosen colour, make one more of a fixed colour."""
    yield make("Vernal Bloom", "enchantment", "G",
               triggered=(Triggered("forest_tapped_for_mana", "add_G", mana=True),))
    yield make("Gauntlet of Might", "artifact", statics=frozenset({"pt_creatures_of_color"}),
               boost=(1, 1), boost_color="R",
               triggered=(Triggered("mountain_tapped_for_mana", "add_R", mana=True),))
    yield make("Gauntlet of Power", "artifact", chooses_color=True,
               statics=frozenset({"pt_creatures_of_chosen_color"}), boost=(1, 1),
               triggered=(Triggered("basic_land_tapped_for_chosen_color", "add_chosen_color", mana=True),))


def _land_auras():
    yield make("Utopia Sprawl", "enchantment", "G", subtypes=("Aura",), enchant="forest",
               chooses_color=True,
               triggered=(Triggered("enchanted_tapped_for_mana", "add_chosen_color", mana=True),))
    yield make("Elvish Guidance", "enchantment", "G", subtypes=("Aura",), enchant="land",
               triggered=(Triggered("enchanted_tapped_for_mana", "add_G_per_elf", mana=True),))


def _multipliers():
    yield make("Nyxbloom Ancient", "creature", "G", ("Elemental",), power=5, toughness=5,
               statics=frozenset({"trample", "you_tap_for_mana_triples"}))
    yield make("Mana Reflection", "enchantment", "G",
               statics=frozenset({"you_tap_for_mana_doubles"}))


def _founding_triggers():
    """The founding cards that trigger on a land tapped for mana: an Aura adding mana (605.4a), or
    Manabarbs dealing damage to the player who tapped it."""
    yield make("Overgrowth", "enchantment", "G", subtypes=("Aura",), enchant="land",
               triggered=(Triggered("enchanted_tapped_for_mana", "add_GG", mana=True),))
    yield make("Wild Growth", "enchantment", "G", subtypes=("Aura",), enchant="land",
               triggered=(Triggered("enchanted_tapped_for_mana", "add_G", mana=True),))
    yield make("Manabarbs", "enchantment", "R",
               triggered=(Triggered("land_tapped_for_mana", "damage_tapper_1"),))


GROUPS = (_any_players_lands, _lands_of_a_kind, _land_auras, _multipliers, _founding_triggers)
