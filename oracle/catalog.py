"""The card catalog: each card's Oracle behaviour as data, composed from a small vocabulary.

Texts are paraphrased; the rules modules give the vocabulary its meaning. A card is looked up by its
exact English name with `card(name)`.
"""
from __future__ import annotations

from attrs import frozen

from oracle.errors import MtgConformanceError


class UnknownCard(MtgConformanceError, KeyError):
    """A name that is not in the catalog."""

    hint = "name a card of the catalog (oracle/catalog.py; `capabilities.cards` of the engine)"

    def __str__(self):
        return f"unknown card {self.args[0]!r} (not in the catalog)"


@frozen
class Cost:
    """An activation cost. Mana parts are supplied by the harness (docs/contract.md); others are real."""

    tap: bool = False                 # {T}, CR 107.5
    untap: bool = False               # {Q}, CR 107.6
    sacrifice_self: bool = False
    tap_untapped_creature: bool = False   # Springleaf Drum
    remove_counter: bool = False      # remove a +1/+1 counter from it (Walking Ballista)
    mana: str = ""                    # shown only; paid by the harness


@frozen
class ManaAbility:
    """An activated mana ability (CR 605.1a) adding one mana, or `amount` of a fixed type.

    `produces`: "fixed" (types[0]), "any_color", "could_produce" (what `scope` lands could produce,
    CR 106.7; `colors_only` drops colorless) or "permanent_color" (a colour of a permanent you control).
    """

    cost: Cost
    produces: str
    types: tuple = ()
    amount: int = 1
    scope: str = ""                   # "your_lands" | "opponents_lands"
    colors_only: bool = False


@frozen
class Activated:
    """A non-mana activated ability: `effect` names what it does; `target` what it may target."""

    cost: Cost
    effect: str
    target: str = ""                  # "" | "creature" | "any" | "creature_you_control"
    sorcery_speed: bool = False


@frozen
class Triggered:
    """A triggered ability: `event` it waits for and `effect` it has; `mana` marks a mana ability (605.1b)."""

    event: str
    effect: str
    optional: bool = False
    mana: bool = False
    target: str = ""


@frozen
class Card:
    name: str
    types: frozenset
    colors: frozenset = frozenset()
    subtypes: frozenset = frozenset()
    basic: bool = False
    power: int = 0
    toughness: int = 0
    x_cost: bool = False              # {X} in its mana cost (CR 107.3)
    enters_with: str = ""             # counters it enters with: "x_p1p1" or "time3" (vanishing 3)
    enchant: str = ""                 # "creature" | "land" | "player" | "opponent" | "enchantment"
    equipment: bool = False
    chooses_color: bool = False       # "as ~ enters, choose a colour"
    mana_abilities: tuple = ()
    activated: tuple = ()
    triggered: tuple = ()
    statics: frozenset = frozenset()  # names of static abilities and keywords
    spell_effect: str = ""            # what an instant or sorcery does as it resolves
    spell_target: str = ""

    @property
    def is_permanent_card(self) -> bool:
        return not self.types & {"instant", "sorcery"}


def _card(name, types, colors="", subtypes=(), **kw) -> Card:
    return Card(name=name, types=frozenset(types.split()), colors=frozenset(colors),
                subtypes=frozenset(subtypes), **kw)


TAP = Cost(tap=True)
_BASICS = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}


def _basic_lands():
    for name, color in _BASICS.items():
        yield _card(name, "land", subtypes=(name,), basic=True,
                    mana_abilities=(ManaAbility(TAP, "fixed", (color,)),))
    yield _card("Wastes", "land", basic=True, mana_abilities=(ManaAbility(TAP, "fixed", ("C",)),))


def _lands():
    yield _card("Reflecting Pool", "land",
                mana_abilities=(ManaAbility(TAP, "could_produce", scope="your_lands"),))
    yield _card("Exotic Orchard", "land",
                mana_abilities=(ManaAbility(TAP, "could_produce", scope="opponents_lands",
                                            colors_only=True),))
    yield _card("Meteor Crater", "land", mana_abilities=(ManaAbility(TAP, "permanent_color"),))
    yield _card("Mutavault", "land", mana_abilities=(ManaAbility(TAP, "fixed", ("C",)),),
                activated=(Activated(Cost(mana="{1}"), "animate_2_2"),))
    yield _card("Dryad Arbor", "land creature", "G", subtypes=("Forest", "Dryad"), power=1,
                toughness=1, mana_abilities=(ManaAbility(TAP, "fixed", ("G",)),))


def _artifacts():
    yield _card("Fellwar Stone", "artifact",
                mana_abilities=(ManaAbility(TAP, "could_produce", scope="opponents_lands",
                                            colors_only=True),))
    yield _card("Springleaf Drum", "artifact",
                mana_abilities=(ManaAbility(Cost(tap=True, tap_untapped_creature=True),
                                            "any_color"),))
    yield _card("Treasure", "artifact", subtypes=("Treasure",),
                mana_abilities=(ManaAbility(Cost(tap=True, sacrifice_self=True), "any_color"),))
    yield _card("Vedalken Shackles", "artifact",
                activated=(Activated(Cost(tap=True, mana="{2}"), "steal_while_tapped",
                                     target="creature_power_le_islands"),),
                statics=frozenset({"may_not_untap"}))
    yield _card("Bonesplitter", "artifact", subtypes=("Equipment",), equipment=True,
                activated=(Activated(Cost(mana="{1}"), "equip", target="creature_you_control",
                                     sorcery_speed=True),),
                statics=frozenset({"equipped_plus_2_0"}))
    yield _card("Howling Mine", "artifact",
                triggered=(Triggered("each_draw_step", "draw_extra_if_untapped"),))


def _enchantments():
    yield _card("Contamination", "enchantment", "B",
                statics=frozenset({"lands_tapped_produce_black"}),
                triggered=(Triggered("your_upkeep", "sacrifice_unless_creature"),))
    yield _card("Mana Reflection", "enchantment", "G",
                statics=frozenset({"you_tap_for_mana_doubles"}))
    yield _card("Overgrowth", "enchantment", "G", subtypes=("Aura",), enchant="land",
                triggered=(Triggered("enchanted_tapped_for_mana", "add_GG", mana=True),))
    yield _card("Wild Growth", "enchantment", "G", subtypes=("Aura",), enchant="land",
                triggered=(Triggered("enchanted_tapped_for_mana", "add_G", mana=True),))
    yield _card("Manabarbs", "enchantment", "R",
                triggered=(Triggered("land_tapped_for_mana", "damage_tapper_1"),))
    yield _card("Fervor", "enchantment", "R", statics=frozenset({"your_creatures_haste"}))
    yield _card("Control Magic", "enchantment", "U", subtypes=("Aura",), enchant="creature",
                statics=frozenset({"control_enchanted"}))
    yield _card("Steal Enchantment", "enchantment", "U", subtypes=("Aura",),
                enchant="enchantment", statics=frozenset({"control_enchanted"}))
    yield _card("Ajani's Anguish", "enchantment", "R", x_cost=True,
                triggered=(Triggered("enters", "damage_x", target="any"),),
                statics=frozenset({"your_creatures_trample"}))
    yield _card("Psychic Possession", "enchantment", "U", subtypes=("Aura",), enchant="opponent",
                statics=frozenset({"skip_your_draw_step"}),
                triggered=(Triggered("enchanted_player_draws", "you_draw", optional=True),))
    yield _card("Oubliette", "enchantment", "B",
                triggered=(Triggered("enters", "phase_out_until_leaves_tapped",
                                     target="creature"),))
    yield _card("Glorious Anthem", "enchantment", "W", statics=frozenset({"anthem_1_1"}))
    yield _card("Holy Strength", "enchantment", "W", subtypes=("Aura",), enchant="creature",
                statics=frozenset({"enchanted_plus_1_2"}))
    yield _card("Pacifism", "enchantment", "W", subtypes=("Aura",), enchant="creature",
                statics=frozenset({"enchanted_cant_attack"}))


def _creatures():
    yield _card("Llanowar Elves", "creature", "G", ("Elf", "Druid"), power=1, toughness=1,
                mana_abilities=(ManaAbility(TAP, "fixed", ("G",)),))
    yield _card("Pili-Pala", "artifact creature", subtypes=("Scarecrow",), power=1, toughness=1,
                mana_abilities=(ManaAbility(Cost(untap=True, mana="{2}"), "any_color"),),
                statics=frozenset({"flying"}))
    yield _card("Puresight Merrow", "creature", "WU", ("Merfolk", "Wizard"), power=2, toughness=2,
                activated=(Activated(Cost(untap=True, mana="{W/U}"), "look_top_may_exile"),))
    yield _card("Walking Ballista", "artifact creature", subtypes=("Construct",), x_cost=True,
                enters_with="x_p1p1",
                activated=(Activated(Cost(mana="{4}"), "add_p1p1_counter"),
                           Activated(Cost(remove_counter=True), "ping_1", target="any")))
    yield _card("Hangarback Walker", "artifact creature", subtypes=("Construct",), x_cost=True,
                enters_with="x_p1p1",
                activated=(Activated(Cost(tap=True, mana="{1}"), "add_p1p1_counter"),),
                triggered=(Triggered("dies", "thopters_per_counter"),))
    yield _card("Seeker of Skybreak", "creature", "G", ("Elf",), power=2, toughness=1,
                activated=(Activated(TAP, "untap_target", target="creature"),))
    yield _card("Endless One", "creature", subtypes=("Eldrazi",), x_cost=True,
                enters_with="x_p1p1")
    yield _card("Teferi's Imp", "creature", "U", ("Imp",), power=1, toughness=1,
                statics=frozenset({"phasing", "flying"}),
                triggered=(Triggered("phases_out", "discard_1"),
                           Triggered("phases_in", "draw_1")))
    yield _card("Breezekeeper", "creature", "U", ("Djinn",), power=4, toughness=4,
                statics=frozenset({"phasing", "flying"}))
    yield _card("Banisher Priest", "creature", "W", ("Human", "Cleric"), power=2, toughness=2,
                triggered=(Triggered("enters", "exile_until_leaves",
                                     target="creature_opponent_controls"),))
    yield _card("Voice of All", "creature", "W", ("Angel",), power=2, toughness=2,
                chooses_color=True, statics=frozenset({"flying", "protection_chosen_color"}))
    yield _card("Aven Riftwatcher", "creature", "W", ("Bird", "Rebel", "Soldier"), power=2,
                toughness=3, enters_with="time3", statics=frozenset({"flying"}),
                triggered=(Triggered("your_upkeep", "remove_time_counter"),     # vanishing is two
                           Triggered("last_time_counter_removed", "sacrifice_self"),  # triggers, 702.63a
                           Triggered("enters", "gain_2"), Triggered("leaves", "gain_2")))
    yield _card("Soul Warden", "creature", "W", ("Human", "Cleric"), power=1, toughness=1,
                triggered=(Triggered("another_enters", "gain_1"),))
    yield _card("Judge of Currents", "creature", "W", ("Merfolk", "Wizard"), power=1, toughness=1,
                triggered=(Triggered("merfolk_you_control_becomes_tapped", "gain_1",
                                     optional=True),))


def _spells():
    yield _card("Pale Moon", "instant", "U", spell_effect="pale_moon")
    yield _card("Threaten", "sorcery", "R", spell_effect="threaten", spell_target="creature")
    yield _card("Teferi's Protection", "instant", "W", spell_effect="teferis_protection")
    yield _card("Slip Out the Back", "instant", "U", spell_effect="counter_and_phase_out",
                spell_target="creature")


def _tokens():
    yield _card("Thopter", "artifact creature", subtypes=("Thopter",), power=1, toughness=1,
                statics=frozenset({"flying"}))


CATALOG: dict[str, Card] = {
    c.name: c for group in (_basic_lands, _lands, _artifacts, _enchantments, _creatures, _spells,
                            _tokens) for c in group()}
TOKEN_ONLY = frozenset({"Thopter", "Treasure"})


def card(name: str) -> Card:
    """The catalog entry for `name`; UnknownCard if there is none."""
    try:
        return CATALOG[name]
    except KeyError:
        raise UnknownCard(name) from None
