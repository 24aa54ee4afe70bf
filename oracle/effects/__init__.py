"""What the catalog's abilities and spells do as they resolve, one module per rules area, named as
the area in `oracle.vocabulary.AREAS`; each effect is registered (`oracle.registry.effect`) with its
CR rule and wording beside the code that gives it meaning, and `oracle.resolve` does it.

An effect lives in the area of the cards that use it, which is the area of the rules it implements,
since the cards are placed by theirs (oracle/cards/). One the cards of several areas use — a generic
effect: gain life, draw a card, deal 1 damage — lives in the area whose cards use it most, a tie going
to the first of those areas in AREAS; names registered on one function count together
(tests/test_areas.py holds every effect to this).

Importing this package imports every area's module, so every effect is registered before the catalog
is checked (oracle/__init__.py).
"""
from __future__ import annotations

from importlib import import_module
from importlib.util import find_spec

from mtg_conformance.oracle.vocabulary import AREAS

MODULES = tuple(import_module(f"{__name__}.{area.name}") for area in AREAS
                if find_spec(f"{__name__}.{area.name}"))
