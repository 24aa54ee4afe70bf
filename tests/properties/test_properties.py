"""Every property passes against the oracle under the `ci` profile, and really generates the
situations its rule is about: each situation it declares (properties/coverage.py) reached by at
least SHARE of its cases, and the events its labels count at least as often as its `floors` say
(declared beside its situations)."""
from __future__ import annotations

import pytest

from mtg_conformance.properties.coverage import SHARE
from mtg_conformance.properties.model import all_properties


def test_every_property_declares_its_floors():
    """Each property says which of its labels a `ci` run must count, beside its situations."""
    assert not [pid for pid, prop in all_properties().items() if not prop.floors]


@pytest.mark.parametrize("prop_id", sorted(all_properties()))
def test_oracle_passes_and_property_exercises_its_rule(prop_id, ci_tally):
    tally = ci_tally(prop_id)
    seen = tally.labels
    assert tally.cases >= 150 and tally.skipped == 0
    prop = all_properties()[prop_id]
    short = {floor.label: (seen.get(floor.label, 0), floor.count) for floor in prop.floors
             if seen.get(floor.label, 0) < floor.count}
    assert not short, f"{prop_id} rarely reached (seen, needed): {short}"
    rare = {s.name: tally.situations.get(s.name, 0) for s in prop.situations
            if tally.situations.get(s.name, 0) < SHARE * tally.cases}
    assert not rare, f"{prop_id}: situations reached by under {SHARE:.0%} of {tally.cases} cases: {rare}"
