"""X in costs: X spells, X in an activated ability's cost, and enters-with-X counters (CR 107.3a,
107.3k, 107.3m, 707.10)."""
from __future__ import annotations

from mtg_conformance.oracle.card import Activated, Cost, make


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


GROUPS = (_x_damage, _x_cards_and_life, _x_permanents)
