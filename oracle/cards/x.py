"""X in costs: X spells, X in an activated ability's cost, and enters-with-X counters (CR 107.3a,
107.3k, 107.3m, 707.10). The founding cards with X (Walking Ballista, Hangarback Walker and its
Thopters, Endless One, Ajani's Anguish) moved here from the first `core` module."""
from __future__ import annotations

from mtg_conformance.oracle.card import Activated, Cost, Triggered, make


def _x_damage():
    yield make("Blaze", "sorcery", "R", x_cost=True, spell_effect="damage_x", spell_target="any")
    yield make("Volcanic Geyser", "instant", "R", x_cost=True, spell_effect="damage_x",
               spell_target="any")
    yield make("Heat Ray", "instant", "R", x_cost=True, spell_effect="damage_x_to_creature",
               spell_target="creature")
    yield make("Hurricane", "sorcery", "G", x_cost=True, spell_effect="damage_x_each_flyer_and_player")
    yield make("Squall Line", "instant", "G", x_cost=True,
               spell_effect="damage_x_each_flyer_and_player")
    yield make("Earthquake", "sorcery", "R", x_cost=True,
               spell_effect="damage_x_each_nonflyer_and_player")
    yield make("Savage Twister", "sorcery", "RG", x_cost=True, spell_effect="damage_x_each_creature")


def _x_cards_and_life():
    yield make("Stroke of Genius", "instant", "U", x_cost=True, spell_effect="target_player_draws_x",
               spell_target="player")
    yield make("Braingeyser", "sorcery", "U", x_cost=True, spell_effect="target_player_draws_x",
               spell_target="player")
    yield make("Mind Spring", "sorcery", "U", x_cost=True, spell_effect="you_draw_x")
    yield make("Prosperity", "sorcery", "U", x_cost=True, spell_effect="each_player_draws_x")
    yield make("Stream of Life", "sorcery", "G", x_cost=True, spell_effect="target_player_gains_x",
               spell_target="player")


def _x_permanents():
    # "Spend only black mana on X" is a restriction on the mana, which the harness pays (card.Cost).
    yield make("Crypt Rats", "creature", "B", ("Rat",), power=1, toughness=1,
               activated=(Activated(Cost(mana="{X}", x=True), "damage_x_each_creature_and_player"),))
    yield make("Apocalypse Hydra", "creature", "RG", ("Hydra",), x_cost=True,
               enters_with="x_p1p1_twice_from_5",
               activated=(Activated(Cost(remove_counter=True, mana="{1}{R}"), "ping_1", target="any"),))


def _founding():
    """Enters with X +1/+1 counters, or an enters ability using X (107.3m)."""
    yield make("Walking Ballista", "artifact creature", subtypes=("Construct",), x_cost=True,
               enters_with="x_p1p1",
               activated=(Activated(Cost(mana="{4}"), "add_p1p1_counter"),
                          Activated(Cost(remove_counter=True), "ping_1", target="any")))
    yield make("Hangarback Walker", "artifact creature", subtypes=("Construct",), x_cost=True,
               enters_with="x_p1p1",
               activated=(Activated(Cost(tap=True, mana="{1}"), "add_p1p1_counter"),),
               triggered=(Triggered("dies", "thopters_per_counter"),))
    yield make("Endless One", "creature", subtypes=("Eldrazi",), x_cost=True,
               enters_with="x_p1p1")
    yield make("Ajani's Anguish", "enchantment", "R", x_cost=True,
               triggered=(Triggered("enters", "damage_x", target="any"),),
               statics=frozenset({"your_creatures_trample"}))


def _tokens():
    yield make("Thopter", "artifact creature", subtypes=("Thopter",), power=1, toughness=1,
               statics=frozenset({"flying"}))


GROUPS = (_x_damage, _x_cards_and_life, _x_permanents, _founding, _tokens)
