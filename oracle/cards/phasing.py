"""Permanents with phasing, effects that phase permanents out (single, mass, until), abilities that
trigger on phasing, and effects that last "until" or "for as long as" (CR 702.26, 610.3, 610.4,
611.2b). The founding cards about them moved here from the first `core` module."""
from __future__ import annotations

from mtg_conformance.oracle.card import Activated, Cost, Triggered, make

_UU = Cost(mana="{U}{U}")


def _with_phasing():
    yield make("Sandbar Crocodile", "creature", "U", ("Crocodile",), power=6, toughness=4,
               statics=frozenset({"phasing"}))
    yield make("Ertai's Familiar", "creature", "U", ("Illusion",), power=2, toughness=2,
               statics=frozenset({"phasing"}),
               triggered=(Triggered("phases_out", "mill_3"), Triggered("leaves", "mill_3")),
               activated=(Activated(Cost(mana="{U}"), "cant_phase_out_until_your_upkeep"),))
    yield make("Merfolk Raiders", "creature", "U", ("Merfolk", "Soldier"), power=2, toughness=3,
               statics=frozenset({"phasing", "islandwalk"}))


def _phasing_themselves():
    yield make("Rainbow Efreet", "creature", "U", ("Efreet",), power=3, toughness=1,
               statics=frozenset({"flying"}), activated=(Activated(_UU, "phase_out_self"),))
    yield make("Teferi's Honor Guard", "creature", "W", ("Human", "Knight"), power=2, toughness=2,
               statics=frozenset({"first_strike"}), activated=(Activated(_UU, "phase_out_self"),))


def _phasing_others():
    yield make("Vodalian Illusionist", "creature", "U", ("Merfolk", "Wizard"), power=1, toughness=1,
               activated=(Activated(Cost(tap=True, mana="{U}{U}"), "phase_out_target",
                                    target="creature"),))
    yield make("Vanishing", "enchantment", "U", ("Aura",), enchant="creature",
               activated=(Activated(_UU, "phase_out_enchanted"),))
    yield make("Teferi's Curse", "enchantment", "U", ("Aura",), enchant="artifact_or_creature",
               statics=frozenset({"enchanted_has_phasing"}))
    yield make("Cloak of Invisibility", "enchantment", "U", ("Aura",), enchant="creature",
               statics=frozenset({"enchanted_has_phasing", "enchanted_blocked_only_by_walls"}))
    yield make("Guardian of Faith", "creature", "W", ("Spirit", "Knight"), power=2, toughness=2,
               statics=frozenset({"flash", "vigilance"}),
               triggered=(Triggered("enters", "phase_out_other_targets_you_control"),))


def _mass_phasing():
    yield make("Time and Tide", "instant", "U", spell_effect="time_and_tide")
    yield make("Out of Time", "enchantment", "W",                   # vanishing is two triggers, 702.63a
               triggered=(Triggered("enters", "untap_phase_out_creatures_until_leaves"),
                          Triggered("your_upkeep", "remove_time_counter"),
                          Triggered("last_time_counter_removed", "sacrifice_self")))


def _founding():
    """Phasing with triggers on it, "until leaves" and "for as long as" effects (610.3c, 610.4c,
    611.2b), choices and statics a phased-out permanent keeps (702.26b), and "enters" abilities that
    phasing in doesn't trigger."""
    yield make("Teferi's Imp", "creature", "U", ("Imp",), power=1, toughness=1,
               statics=frozenset({"phasing", "flying"}),
               triggered=(Triggered("phases_out", "discard_1"),
                          Triggered("phases_in", "draw_1")))
    yield make("Breezekeeper", "creature", "U", ("Djinn",), power=4, toughness=4,
               statics=frozenset({"phasing", "flying"}))
    yield make("Oubliette", "enchantment", "B",
               triggered=(Triggered("enters", "phase_out_until_leaves_tapped",
                                    target="creature"),))
    yield make("Banisher Priest", "creature", "W", ("Human", "Cleric"), power=2, toughness=2,
               triggered=(Triggered("enters", "exile_until_leaves",
                                    target="creature_opponent_controls"),))
    yield make("Vedalken Shackles", "artifact",
               activated=(Activated(Cost(tap=True, mana="{2}"), "steal_while_tapped",
                                    target="creature_power_le_islands"),),
               statics=frozenset({"may_not_untap"}))
    yield make("Voice of All", "creature", "W", ("Angel",), power=2, toughness=2,
               chooses_color=True, statics=frozenset({"flying", "protection_chosen_color"}))
    yield make("Soul Warden", "creature", "W", ("Human", "Cleric"), power=1, toughness=1,
               triggered=(Triggered("another_enters", "gain_1"),))
    yield make("Teferi's Protection", "instant", "W", spell_effect="teferis_protection")
    yield make("Slip Out the Back", "instant", "U", spell_effect="counter_and_phase_out",
               spell_target="creature")


GROUPS = (_with_phasing, _phasing_themselves, _phasing_others, _mass_phasing, _founding)
