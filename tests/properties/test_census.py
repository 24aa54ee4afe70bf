"""census: every case a property generates under a profile, played without stopping or shrinking —
the very cases `check` draws (benchmarks/diverging_share.py counts the diverging ones)."""
from __future__ import annotations

import pytest

from mtg_conformance.adapters.mutants import MUTANTS, MutantEngine
from mtg_conformance.adapters.oracle_adapter import OracleEngine
from mtg_conformance.properties.lockstep import Divergence
from mtg_conformance.properties.model import all_properties
from mtg_conformance.properties.suite import census, check
from profiles import unshrunk

PROPS = all_properties()


def test_on_the_oracle_census_plays_the_cases_check_plays():
    seen = []
    counted = census(PROPS["MANA-005"], OracleEngine(), seen.append, profile="ci")
    checked = check(PROPS["MANA-005"], OracleEngine(), profile="ci")
    assert seen == [None] * 150 and counted.cases == 150
    assert counted.to_json() == checked.to_json()       # same cases: same labels, same coverage


def test_census_goes_on_past_the_first_divergence_check_meets():
    mutant = MUTANTS["haste-ignored"]                    # diverges rarely: not on the first cases
    with pytest.raises(Divergence) as first:
        check(PROPS[mutant.caught_by], MutantEngine(mutant), profile=unshrunk())
    seen = []
    census(PROPS[mutant.caught_by], MutantEngine(mutant), seen.append, profile="ci")
    diverging = [d for d in seen if d is not None]
    assert len(seen) == 150 and 1 < len(diverging) < 150
    assert seen.index(diverging[0]) > 0
    assert diverging[0].case == first.value.case       # check's first, unshrunk, is census's first
