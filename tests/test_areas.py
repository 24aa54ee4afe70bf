"""One list of rules areas (oracle/vocabulary.AREAS) names the modules of every layer: the cards
(oracle/cards), their effects (oracle/effects), the mutants (adapters/mutants), the properties
(properties/areas) and the oracle's example tests (tests/oracle/test_oracle_<area>[_<topic>].py).
A module named otherwise, an area with no cards or no properties, or an effect outside the area of
the cards that use it fails here."""
from __future__ import annotations

import pkgutil
from collections import Counter
from pathlib import Path

import pytest

from mtg_conformance.adapters import mutants
from mtg_conformance.oracle import cards, effects
from mtg_conformance.oracle.catalog import MODULES as CARD_MODULES
from mtg_conformance.oracle.registry import REGISTRY, uses
from mtg_conformance.oracle.vocabulary import AREA_NAMES, AREAS
from mtg_conformance.properties import areas as property_areas
from mtg_conformance.properties.coverage import area_of
from mtg_conformance.properties.model import all_properties

# Modules that serve several areas, by layer, and why they may be named otherwise.
SHARED = {"properties/areas": {"common"}}            # the building blocks every area's properties use
CROSS_CUTTING_TESTS = {"provenance", "registry", "scenario_errors", "seats", "fidelity", "phase_findings",
                       "events"}
# `game` is the whole game: LOCKSTEP-001's programs over every card and action, no cards of its own.
WITHOUT_CARDS = {"game"}

LAYERS = {"oracle/cards": cards, "oracle/effects": effects, "adapters/mutants": mutants,
          "properties/areas": property_areas}


def _modules(package) -> set:
    return {info.name for info in pkgutil.iter_modules(package.__path__)}


def test_the_areas_are_named_once_each():
    assert len(set(AREA_NAMES)) == len(AREAS)
    assert all(area.name.isidentifier() and area.description for area in AREAS)
    assert all(rule[0].isdigit() for area in AREAS for rule in area.rules)


@pytest.mark.parametrize("layer", sorted(LAYERS))
def test_every_module_of_a_layer_is_named_as_an_area(layer):
    named = _modules(LAYERS[layer]) - SHARED.get(layer, set())
    assert named <= set(AREA_NAMES), f"{layer}: not an area of AREAS: {sorted(named - set(AREA_NAMES))}"


def _test_area(stem: str) -> str | None:
    """The area a tests/oracle file is about: the longest area name its name starts with."""
    topic = stem.removeprefix("test_oracle_")
    found = [a for a in AREA_NAMES if topic == a or topic.startswith(f"{a}_")]
    return max(found, key=len, default=None)


def test_every_oracle_test_file_is_named_by_its_area_or_is_cross_cutting():
    root = Path(__file__).parent / "oracle"
    stems = {p.stem for p in root.glob("test_*.py")}
    unnamed = {s for s in stems if _test_area(s) is None
               and s.removeprefix("test_oracle_").removeprefix("test_") not in CROSS_CUTTING_TESTS}
    assert not unnamed, f"tests/oracle files named by no area of AREAS: {sorted(unnamed)}"


def test_every_area_but_the_whole_game_has_cards_and_properties():
    with_cards = {m.__name__.rsplit(".", 1)[-1] for m in CARD_MODULES}
    assert with_cards == set(AREA_NAMES) - WITHOUT_CARDS
    assert {area_of(p) for p in all_properties().values()} == set(AREA_NAMES)


def test_every_mutant_is_in_an_area():
    assert {m.area for m in mutants.MUTANTS.values()} <= set(AREA_NAMES)


def test_every_effect_lives_in_the_area_of_the_cards_that_use_it():
    """The area whose cards use it most — counting every name registered on the same function (`draw_1`
    and `you_draw`) — a tie going to the first of those areas in AREAS (oracle/effects/__init__.py)."""
    users = {}
    for module in CARD_MODULES:
        area = module.__name__.rsplit(".", 1)[-1]
        for group in module.GROUPS:
            for c in group():
                for kind, name in uses(c):
                    if kind == "effect":
                        users.setdefault(REGISTRY["effect"][name].meaning, Counter())[area] += 1
    for name, entry in REGISTRY["effect"].items():
        counts = users[entry.meaning]
        most = max(counts.values())
        expected = next(a for a in AREA_NAMES if counts[a] == most)
        assert entry.meaning.__module__ == f"{effects.__name__}.{expected}", (name, dict(counts))
