"""The card catalog: each card's Oracle behaviour as data (oracle/card.py), composed from the
registered vocabulary, gathered from the modules of oracle/cards: one per rules area of
`oracle.vocabulary.AREAS` that has cards, named as the area.

Texts are paraphrased; the rules modules give the vocabulary its meaning. A card is looked up by its
exact English name with `card(name)`.
"""
from __future__ import annotations

from importlib import import_module
from importlib.util import find_spec

from mtg_conformance.oracle import cards as card_modules
from mtg_conformance.oracle.card import Card
from mtg_conformance.oracle.errors import MtgConformanceError
from mtg_conformance.oracle.vocabulary import AREAS


def _modules() -> tuple:
    """The cards module of each area that has cards (`game` has none of its own), in AREAS order."""
    names = (f"{card_modules.__name__}.{area.name}" for area in AREAS)
    return tuple(import_module(name) for name in names if find_spec(name))


MODULES = _modules()


class UnknownCard(MtgConformanceError, KeyError):
    """A name that is not in the catalog."""

    hint = "name a card of the catalog (oracle/catalog.py; `capabilities.cards` of the engine)"

    def __str__(self):
        return f"unknown card {self.args[0]!r} (not in the catalog)"


def _gather() -> tuple[dict[str, Card], dict[str, str]]:
    """Every module's cards by name, and the rules area (its module's name) of each; a name defined
    twice is a bug."""
    cards: dict[str, Card] = {}
    areas: dict[str, str] = {}
    for module in MODULES:
        for group in module.GROUPS:
            for c in group():
                if c.name in cards:
                    raise ValueError(f"{c.name!r} is defined twice in the catalog")
                cards[c.name] = c
                areas[c.name] = module.__name__.rpartition(".")[2]
    return cards, areas


CATALOG, CARD_AREAS = _gather()      # CARD_AREAS: each card's area of oracle.vocabulary.AREAS
TOKEN_ONLY = frozenset({"Thopter", "Treasure"})


def card(name: str) -> Card:
    """The catalog entry for `name`; UnknownCard if there is none."""
    try:
        return CATALOG[name]
    except KeyError:
        raise UnknownCard(name) from None


def spell_target(c: Card) -> str:
    """The kind of target a spell has as it is cast: its own (Threaten: a creature), or an Aura's,
    what it can enchant (CR 303.4a; an Aura that enchants a player targets one, 702.5d); '' for a
    spell that targets nothing."""
    return c.enchant or c.spell_target


# Triggered abilities whose effect chooses "any number of" targets among the action's `targets`
# (Guardian of Faith, oracle/effects/phasing.py), by the kind of target it chooses: the ability names no one
# target of its own.
ANY_NUMBER_OF_TARGETS = {"phase_out_other_targets_you_control": "creature_you_control"}


def cast_targets(c: Card) -> str:
    """The kind of target the `targets` of a `cast` of `c` choose (CR 115.1, 601.2c): the spell's own,
    else those of its triggered abilities (Banisher Priest's as it enters; Guardian of Faith's any
    number); '' when nothing the cast leads to targets, so it has no `targets` to send."""
    kinds = [t.target or ANY_NUMBER_OF_TARGETS.get(t.effect, "") for t in c.triggered]
    return spell_target(c) or next((kind for kind in kinds if kind), "")
