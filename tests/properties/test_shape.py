"""A property's module reads top to bottom as its rules and situations, its aims, then its claim
(properties/model.py): the claim is declared after the aims, once, stating some of its rules."""
from __future__ import annotations

import inspect

import pytest

from mtg_conformance.properties import model
from mtg_conformance.properties.model import all_properties, conformance_property

CLAIMED = [p for p in all_properties().values() if p.claim]


def test_some_properties_make_claims():
    assert len(CLAIMED) >= 10


@pytest.mark.parametrize("prop", CLAIMED, ids=lambda p: p.id)
def test_the_claim_follows_the_aims(prop):
    aims = getattr(prop, "cases", None) or prop.machine
    assert inspect.getsourcefile(prop.claim) == inspect.getsourcefile(aims)
    assert inspect.getsourcelines(prop.claim)[1] > inspect.getsourcelines(aims)[1]


@pytest.fixture
def registry(monkeypatch):
    monkeypatch.setattr(model, "PROPERTIES", {})
    return model


def _declare():
    @conformance_property(id="SHAPE-1", title="t", rules=("106.5", "106.7"), cards=frozenset(),
                          actions=frozenset({"activate_mana"}))
    def aims(capabilities):
        raise AssertionError("not drawn")
    return aims


def test_a_claim_is_registered_with_the_rules_it_states(registry):
    declared = _declare()

    @declared.claims(rules=("106.5",))
    def claim(step):
        return None

    assert registry.PROPERTIES["SHAPE-1"].claim is claim
    assert registry.PROPERTIES["SHAPE-1"].claim_rules == ("106.5",)
    assert declared.claim is None                  # the declaration itself is never changed


def test_a_claim_states_some_of_the_property_s_rules_and_is_declared_once(registry):
    declared = _declare()
    with pytest.raises(ValueError, match="some of the property's rules"):
        declared.claims(rules=("704.5f",))
    with pytest.raises(ValueError, match="some of the property's rules"):
        declared.claims(rules=())
    declared.claims(rules=("106.5",))(lambda step: None)
    with pytest.raises(ValueError, match="declared once"):
        declared.claims(rules=("106.7",))
    with pytest.raises(ValueError, match="declared once"):
        registry.PROPERTIES["SHAPE-1"].claims(rules=("106.7",))


def test_the_claim_is_not_a_keyword_of_the_declaration(registry):
    with pytest.raises(TypeError, match="after the aims"):
        conformance_property(id="SHAPE-2", title="t", rules=("106.5",), cards=frozenset(), actions=frozenset(),
                             claim=lambda step: None, claim_rules=("106.5",))
