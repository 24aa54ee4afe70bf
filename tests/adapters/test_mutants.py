"""Every mutant (one broken rule) patches only declared seams (oracle/seams.py), is live (its broken
seam is called) and is caught by the property meant to catch it, in `ci`'s cases, and the divergence
is blamed on the rules it breaks and on no rule it leaves intact (precision 1, recall > 0;
benchmarks/blame_precision.py prints both).

Each mutant's check stops at its first divergence, unshrunk (tests/profiles.py): shrinking plays
hundreds of cases (12 CPU-minutes over the mutants, against a few seconds) and keeps the signature,
blamed rules included, of the divergence it shrinks. A sample of mutants is also shrunk, in the
slow job, to hold that: the shrunk divergence is blamed as the first was."""
from __future__ import annotations

import pytest

from mtg_conformance.adapters.mutants import MUTANTS, MutantEngine
from mtg_conformance.oracle.vocabulary import AREA_NAMES
from mtg_conformance.properties.coverage import area_of
from mtg_conformance.properties.lockstep import Divergence
from mtg_conformance.properties.model import all_properties
from mtg_conformance.oracle.seams import TABLE
from mtg_conformance.properties.suite import check
from profiles import unshrunk

# The areas with no mutant, and why: `game` has no rules of its own (LOCKSTEP-001's random programs
# run every other area's), so there is nothing in it to break.
NOTHING_TO_BREAK = {"game"}


def test_every_rules_area_has_a_mutant():
    """A mutant's area is the module of adapters/mutants/ it is written in, an area of AREAS."""
    assert len(MUTANTS) >= 15
    areas = {m.area for m in MUTANTS.values()}
    assert areas <= set(AREA_NAMES)
    assert areas == set(AREA_NAMES) - NOTHING_TO_BREAK


@pytest.mark.parametrize("name", sorted(MUTANTS))
def test_a_mutant_lives_in_the_area_of_the_property_meant_to_catch_it(name):
    mutant = MUTANTS[name]
    assert mutant.area == area_of(all_properties()[mutant.caught_by])


# Mutants of three areas whose first divergence shrinks to a smaller case (most mutants' first is
# already as small as Hypothesis gets it): a few CPU-seconds each.
SHRUNK = ("control-change-keeps-continuity", "anthem-for-every-player", "blood-moon-urborg-by-timestamp")


@pytest.mark.parametrize("name", sorted(MUTANTS))
def test_mutant_is_caught(name):
    mutant = MUTANTS[name]
    prop = all_properties()[mutant.caught_by]
    engine = MutantEngine(mutant)
    with pytest.raises(Divergence) as found:
        check(prop, engine, profile=unshrunk())
    assert all(engine.calls[seam] for seam, _ in mutant.patches), f"dead seam: {engine.calls}"
    assert found.value.prop is prop
    assert found.value.sentence
    blamed = set(found.value.blamed)
    assert blamed, f"unblamed: {found.value.report()}"
    assert blamed <= set(mutant.rules), f"blamed {sorted(blamed)}, breaks {mutant.rules}"
    assert found.value.signature[0] == ", ".join(found.value.blamed)


@pytest.mark.slow
@pytest.mark.parametrize("name", SHRUNK)
def test_shrinking_a_mutants_divergence_keeps_its_blame(name):
    mutant = MUTANTS[name]
    prop = all_properties()[mutant.caught_by]
    with pytest.raises(Divergence) as first:
        check(prop, MutantEngine(mutant), profile=unshrunk())
    with pytest.raises(Divergence) as shrunk:
        check(prop, MutantEngine(mutant), profile="ci")
    assert shrunk.value.signature == first.value.signature
    assert shrunk.value.case != first.value.case, "nothing shrunk: pick a mutant whose case shrinks"


def test_mutants_patch_only_declared_seams():
    for mutant in MUTANTS.values():
        assert {seam for seam, _ in mutant.patches} <= set(TABLE), mutant.name


def test_mutants_leave_the_oracle_alone():
    """Patching happens only while a mutant runs: the oracle in the same process is untouched."""
    original = dict(TABLE)
    engine = MutantEngine(MUTANTS["could-produce-ignores-replacements"])
    engine.start({"contract": 1, "players": [{"life": 20, "hand": [], "library": []}] * 2,
                  "battlefield": [], "active_player": 0, "step": "main1", "turn": 2})
    assert TABLE == original
