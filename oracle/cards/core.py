"""The cards the suite began with: the basic lands and the cards of the documented rules scenarios."""
from __future__ import annotations

from mtg_conformance.oracle.card import TAP, Activated, Cost, ManaAbility, Triggered, make

_BASICS = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}


def _basic_lands():
    for name, color in _BASICS.items():
        yield make(name, "land", subtypes=(name,), basic=True,
                   mana_abilities=(ManaAbility(TAP, "fixed", (color,)),))
    yield make("Wastes", "land", basic=True, mana_abilities=(ManaAbility(TAP, "fixed", ("C",)),))


def _lands():
    yield make("Reflecting Pool", "land",
               mana_abilities=(ManaAbility(TAP, "could_produce", scope="your_lands"),))
    yield make("Exotic Orchard", "land",
               mana_abilities=(ManaAbility(TAP, "could_produce", scope="opponents_lands",
                                           colors_only=True),))
    yield make("Meteor Crater", "land", mana_abilities=(ManaAbility(TAP, "permanent_color"),))
    yield make("Mutavault", "land", mana_abilities=(ManaAbility(TAP, "fixed", ("C",)),),
               activated=(Activated(Cost(mana="{1}"), "animate_2_2"),))
    yield make("Dryad Arbor", "land creature", "G", subtypes=("Forest", "Dryad"), power=1,
               toughness=1, mana_abilities=(ManaAbility(TAP, "fixed", ("G",)),))


def _artifacts():
    yield make("Fellwar Stone", "artifact",
               mana_abilities=(ManaAbility(TAP, "could_produce", scope="opponents_lands",
                                           colors_only=True),))
    yield make("Springleaf Drum", "artifact",
               mana_abilities=(ManaAbility(Cost(tap=True, tap_untapped_creature=True),
                                           "any_color"),))
    yield make("Treasure", "artifact", subtypes=("Treasure",),
               mana_abilities=(ManaAbility(Cost(tap=True, sacrifice_self=True), "any_color"),))
    yield make("Vedalken Shackles", "artifact",
               activated=(Activated(Cost(tap=True, mana="{2}"), "steal_while_tapped",
                                    target="creature_power_le_islands"),),
               statics=frozenset({"may_not_untap"}))
    yield make("Bonesplitter", "artifact", subtypes=("Equipment",), equipment=True,
               activated=(Activated(Cost(mana="{1}"), "equip", target="creature_you_control",
                                    sorcery_speed=True),),
               statics=frozenset({"pt_equipped"}), boost=(2, 0))
    yield make("Howling Mine", "artifact",
               triggered=(Triggered("each_draw_step", "draw_extra_if_untapped"),))


def _enchantments():
    yield make("Contamination", "enchantment", "B",
               statics=frozenset({"lands_tapped_produce_black"}),
               triggered=(Triggered("your_upkeep", "sacrifice_unless_creature"),))
    yield make("Mana Reflection", "enchantment", "G",
               statics=frozenset({"you_tap_for_mana_doubles"}))
    yield make("Overgrowth", "enchantment", "G", subtypes=("Aura",), enchant="land",
               triggered=(Triggered("enchanted_tapped_for_mana", "add_GG", mana=True),))
    yield make("Wild Growth", "enchantment", "G", subtypes=("Aura",), enchant="land",
               triggered=(Triggered("enchanted_tapped_for_mana", "add_G", mana=True),))
    yield make("Manabarbs", "enchantment", "R",
               triggered=(Triggered("land_tapped_for_mana", "damage_tapper_1"),))
    yield make("Fervor", "enchantment", "R", statics=frozenset({"your_creatures_haste"}))
    yield make("Control Magic", "enchantment", "U", subtypes=("Aura",), enchant="creature",
               statics=frozenset({"control_enchanted"}))
    yield make("Steal Enchantment", "enchantment", "U", subtypes=("Aura",),
               enchant="enchantment", statics=frozenset({"control_enchanted"}))
    yield make("Ajani's Anguish", "enchantment", "R", x_cost=True,
               triggered=(Triggered("enters", "damage_x", target="any"),),
               statics=frozenset({"your_creatures_trample"}))
    yield make("Psychic Possession", "enchantment", "U", subtypes=("Aura",), enchant="opponent",
               statics=frozenset({"skip_your_draw_step"}),
               triggered=(Triggered("enchanted_player_draws", "you_draw", optional=True),))
    yield make("Oubliette", "enchantment", "B",
               triggered=(Triggered("enters", "phase_out_until_leaves_tapped",
                                    target="creature"),))
    yield make("Glorious Anthem", "enchantment", "W", statics=frozenset({"pt_your_creatures"}),
               boost=(1, 1))
    yield make("Holy Strength", "enchantment", "W", subtypes=("Aura",), enchant="creature",
               statics=frozenset({"pt_enchanted"}), boost=(1, 2))
    yield make("Pacifism", "enchantment", "W", subtypes=("Aura",), enchant="creature",
               statics=frozenset({"enchanted_cant_attack"}))


def _creatures():
    yield make("Llanowar Elves", "creature", "G", ("Elf", "Druid"), power=1, toughness=1,
               mana_abilities=(ManaAbility(TAP, "fixed", ("G",)),))
    yield make("Pili-Pala", "artifact creature", subtypes=("Scarecrow",), power=1, toughness=1,
               mana_abilities=(ManaAbility(Cost(untap=True, mana="{2}"), "any_color"),),
               statics=frozenset({"flying"}))
    yield make("Puresight Merrow", "creature", "WU", ("Merfolk", "Wizard"), power=2, toughness=2,
               activated=(Activated(Cost(untap=True, mana="{W/U}"), "look_top_may_exile"),))
    yield make("Walking Ballista", "artifact creature", subtypes=("Construct",), x_cost=True,
               enters_with="x_p1p1",
               activated=(Activated(Cost(mana="{4}"), "add_p1p1_counter"),
                          Activated(Cost(remove_counter=True), "ping_1", target="any")))
    yield make("Hangarback Walker", "artifact creature", subtypes=("Construct",), x_cost=True,
               enters_with="x_p1p1",
               activated=(Activated(Cost(tap=True, mana="{1}"), "add_p1p1_counter"),),
               triggered=(Triggered("dies", "thopters_per_counter"),))
    yield make("Seeker of Skybreak", "creature", "G", ("Elf",), power=2, toughness=1,
               activated=(Activated(TAP, "untap_target", target="creature"),))
    yield make("Endless One", "creature", subtypes=("Eldrazi",), x_cost=True,
               enters_with="x_p1p1")
    yield make("Teferi's Imp", "creature", "U", ("Imp",), power=1, toughness=1,
               statics=frozenset({"phasing", "flying"}),
               triggered=(Triggered("phases_out", "discard_1"),
                          Triggered("phases_in", "draw_1")))
    yield make("Breezekeeper", "creature", "U", ("Djinn",), power=4, toughness=4,
               statics=frozenset({"phasing", "flying"}))
    yield make("Banisher Priest", "creature", "W", ("Human", "Cleric"), power=2, toughness=2,
               triggered=(Triggered("enters", "exile_until_leaves",
                                    target="creature_opponent_controls"),))
    yield make("Voice of All", "creature", "W", ("Angel",), power=2, toughness=2,
               chooses_color=True, statics=frozenset({"flying", "protection_chosen_color"}))
    yield make("Aven Riftwatcher", "creature", "W", ("Bird", "Rebel", "Soldier"), power=2,
               toughness=3, enters_with="time3", statics=frozenset({"flying"}),
               triggered=(Triggered("your_upkeep", "remove_time_counter"),     # vanishing is two
                          Triggered("last_time_counter_removed", "sacrifice_self"),  # triggers, 702.63a
                          Triggered("enters", "gain_2"), Triggered("leaves", "gain_2")))
    yield make("Soul Warden", "creature", "W", ("Human", "Cleric"), power=1, toughness=1,
               triggered=(Triggered("another_enters", "gain_1"),))
    yield make("Judge of Currents", "creature", "W", ("Merfolk", "Wizard"), power=1, toughness=1,
               triggered=(Triggered("merfolk_you_control_becomes_tapped", "gain_1",
                                    optional=True),))


def _spells():
    yield make("Pale Moon", "instant", "U", spell_effect="pale_moon")
    yield make("Threaten", "sorcery", "R", spell_effect="threaten", spell_target="creature")
    yield make("Teferi's Protection", "instant", "W", spell_effect="teferis_protection")
    yield make("Slip Out the Back", "instant", "U", spell_effect="counter_and_phase_out",
               spell_target="creature")


def _tokens():
    yield make("Thopter", "artifact creature", subtypes=("Thopter",), power=1, toughness=1,
               statics=frozenset({"flying"}))


GROUPS = (_basic_lands, _lands, _artifacts, _enchantments, _creatures, _spells, _tokens)
