"""The effect registry (oracle/registry.py): every name the catalog uses is registered with its CR
rule and the wording `mtg-conformance cards` shows, every registered name is used by a card or
deliberately kept, and an unknown name fails at once with one line instead of being ignored."""
from __future__ import annotations

import attrs
import pytest

from mtg_conformance.oracle import Oracle
from mtg_conformance.oracle.card import Activated, Cost, ManaAbility
from mtg_conformance.oracle.catalog import CATALOG
from mtg_conformance.oracle.mana import REPLACEMENTS, replace_event
from mtg_conformance.oracle.registry import KINDS, REGISTRY, UnregisteredName, check_card, uses
from mtg_conformance.oracle.targets import target_is_legal

USED = {(kind, name) for c in CATALOG.values() for kind, name in uses(c)}
# A replacement effect on mana is used by the cards whose static ability creates it (mana.REPLACEMENTS)
# or whose spell's effect of the same name creates it (Pale Moon).
USED |= {("replacement", REPLACEMENTS[name]) for kind, name in USED
         if kind == "static" and name in REPLACEMENTS}
USED |= {("replacement", name) for kind, name in USED
         if kind == "effect" and name in REGISTRY["replacement"]}


@pytest.mark.parametrize("name", sorted(CATALOG))
def test_every_catalog_entry_resolves(name):
    for kind, used in uses(CATALOG[name]):
        assert used in REGISTRY[kind], f"{name}: {kind} {used!r} is not registered"


@pytest.mark.parametrize("name", sorted(CATALOG))
def test_every_name_a_card_shows_has_its_wording(name):
    """A target kind is worded by its effect's text ("untap target creature"), except as what an
    Aura enchants ("Enchant land"); every other name a card uses by its own text."""
    card = CATALOG[name]
    for kind, used in uses(card):
        if kind != "target" or used == card.enchant:
            assert REGISTRY[kind][used].text, f"{name}: {kind} {used!r} is registered without its text"


@pytest.mark.parametrize("name", sorted(CATALOG))
def test_every_triggered_mana_ability_says_what_mana_it_adds(name):
    """CR 106.12a: where one doesn't trigger, the oracle names the mana it would have added (the
    pool field an engine adding it departed in), read from its effect's `adds`."""
    for ability in CATALOG[name].triggered:
        if ability.mana:
            assert REGISTRY["effect"][ability.effect].adds, f"{name}: {ability.effect!r} says no `adds`"


def test_every_registered_entry_is_used_or_kept_with_a_rule():
    for kind in KINDS:
        for name, entry in REGISTRY[kind].items():
            assert entry.rule and entry.rule[0].isdigit(), (kind, name)
            assert (kind, name) in USED or entry.kept, f"{kind} {name!r}: no card uses it"
            assert not ((kind, name) in USED and entry.kept), f"{kind} {name!r} is used: not kept"


@pytest.mark.parametrize("change", [
    {"activated": (Activated(Cost(tap=True), "no_such_effect"),)},
    {"activated": (Activated(Cost(tap=True), "ping_1", target="no_such_kind"),)},
    {"statics": frozenset({"no_such_static"})},
    {"enchant": "no_such_kind"},
    {"mana_abilities": (ManaAbility(Cost(tap=True), "could_produce", scope="no_such_lands"),)},
], ids=["effect", "target", "static", "enchant", "scope"])
def test_a_card_naming_an_unregistered_entry_fails_in_one_line(change):
    bad = attrs.evolve(CATALOG["Llanowar Elves"], **change)
    with pytest.raises(UnregisteredName) as why:
        check_card(bad)
    assert "Llanowar Elves" in str(why.value) and "no_such" in str(why.value)
    assert "\n" not in str(why.value)


def test_an_unknown_mana_replacement_is_an_error_not_an_assertion():
    with pytest.raises(UnregisteredName) as why:
        replace_event("no_such_replacement", {"G": 1})
    assert "no_such_replacement" in str(why.value) and "\n" not in str(why.value)


def test_an_unknown_target_kind_is_an_error_not_a_silent_no():
    game = Oracle({"contract": 1, "players": [{}, {}], "battlefield": [
        {"id": "e", "card": "Llanowar Elves", "controller": 0}], "active_player": 0,
        "step": "main1", "turn": 2}).game
    assert target_is_legal(game, ("permanent", "e"), "creature", None, 0)
    with pytest.raises(UnregisteredName):
        target_is_legal(game, ("permanent", "e"), "no_such_kind", None, 0)
