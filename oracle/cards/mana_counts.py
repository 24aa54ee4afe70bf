"""Mana that counts (a land or creature adding mana for each permanent of a kind, CR 106.1, 107.1), storage and depletion counters spent for mana (122.1), and sacrifice for mana (106.12, 605.1a)."""
from __future__ import annotations

from mtg_conformance.oracle.card import TAP, Activated, Cost, ManaAbility, make


def _counting():
    """Mana for each permanent of a kind, counted as the ability resolves (CR 107.1)."""
    yield make("Cabal Coffers", "land",
               mana_abilities=(ManaAbility(Cost(tap=True, mana="{2}"), "fixed", ("B",), per="your_swamps"),))
    yield make("Cabal Stronghold", "land",
               mana_abilities=(ManaAbility(TAP, "fixed", ("C",)),
                               ManaAbility(Cost(tap=True, mana="{3}"), "fixed", ("B",),
                                           per="your_basic_swamps")))
    yield make("Elvish Archdruid", "creature", "G", ("Elf", "Druid"), power=2, toughness=2,
               statics=frozenset({"pt_other_elves_you_control"}), boost=(1, 1),
               mana_abilities=(ManaAbility(TAP, "fixed", ("G",), per="your_elves"),))
    yield make("Priest of Titania", "creature", "G", ("Elf", "Druid"), power=1, toughness=1,
               mana_abilities=(ManaAbility(TAP, "fixed", ("G",), per="elves_on_battlefield"),))


_STORAGE = {"Fountain of Cho": "W", "Saprazzan Cove": "U", "Subterranean Hangar": "B",
            "Mercadian Bazaar": "R", "Rushwood Grove": "G"}
_DEPLETION = {"Remote Farm": "W", "Saprazzan Skerry": "U", "Peat Bog": "B", "Sandstone Needle": "R",
              "Hickory Woodlot": "G"}


def _storage_lands():
    """Mercadian Masques' storage lands: {T} stores a counter; {T} and any number of them, that much
    mana of its colour (CR 122.1, 107.3a)."""
    for name, colour in _STORAGE.items():
        yield make(name, "land", enters_with="tapped",
                   activated=(Activated(TAP, "add_storage_counter"),),
                   mana_abilities=(ManaAbility(Cost(tap=True, counter_kind="storage", counters_x=True),
                                               "fixed", (colour,)),))


def _depletion_lands():
    """Mercadian Masques' depletion lands: two mana of its colour for a depletion counter; sacrificed
    as the ability resolves once none is left (CR 122.1, 701.21a)."""
    for name, colour in _DEPLETION.items():
        yield make(name, "land", enters_with="tapped_depletion_2",
                   mana_abilities=(ManaAbility(Cost(tap=True, counter_kind="depletion"), "fixed", (colour,),
                                               amount=2, then="sacrifice_if_no_depletion_counters"),))


def _sacrificed():
    """Sacrifice as part of a mana ability's cost (CR 605.1a, 701.21a)."""
    yield make("Lotus Petal", "artifact",
               mana_abilities=(ManaAbility(Cost(tap=True, sacrifice_self=True), "any_color"),))
    yield make("Crystal Vein", "land",
               mana_abilities=(ManaAbility(TAP, "fixed", ("C",)),
                               ManaAbility(Cost(tap=True, sacrifice_self=True), "fixed", ("C",), amount=2)))


_SIGNETS = {"Azorius Signet": "WU", "Dimir Signet": "UB", "Rakdos Signet": "BR", "Gruul Signet": "RG",
            "Selesnya Signet": "GW", "Orzhov Signet": "WB", "Izzet Signet": "UR", "Golgari Signet": "BG",
            "Boros Signet": "RW", "Simic Signet": "GU"}
_DIAMONDS = {"Marble Diamond": "W", "Sky Diamond": "U", "Charcoal Diamond": "B", "Fire Diamond": "R",
             "Moss Diamond": "G"}


def _several_at_once():
    """Mana rocks adding more than one mana, of one type or of two, in one production event (106.1)."""
    yield make("Sol Ring", "artifact", mana_abilities=(ManaAbility(TAP, "fixed", ("C",), amount=2),))
    yield make("Thran Dynamo", "artifact", mana_abilities=(ManaAbility(TAP, "fixed", ("C",), amount=3),))
    yield make("Worn Powerstone", "artifact", enters_with="tapped",
               mana_abilities=(ManaAbility(TAP, "fixed", ("C",), amount=2),))
    for name, colours in _SIGNETS.items():
        yield make(name, "artifact",
                   mana_abilities=(ManaAbility(Cost(tap=True, mana="{1}"), "fixed", tuple(colours)),))
    for name, colour in _DIAMONDS.items():
        yield make(name, "artifact", enters_with="tapped",
                   mana_abilities=(ManaAbility(TAP, "fixed", (colour,)),))


def _monoliths():
    """Mana rocks that don't untap during their controller's untap step (CR 502.3), untapped by
    their own ability (701.26b)."""
    for name, untap_cost in (("Basalt Monolith", "{3}"), ("Grim Monolith", "{4}")):
        yield make(name, "artifact", statics=frozenset({"doesnt_untap"}),
                   mana_abilities=(ManaAbility(TAP, "fixed", ("C",), amount=3),),
                   activated=(Activated(Cost(mana=untap_cost), "untap_this"),))


GROUPS = (_counting, _storage_lands, _depletion_lands, _sacrificed, _several_at_once, _monoliths)
