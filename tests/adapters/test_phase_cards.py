"""The phase.rs adapter's card records (adapters/phase_cards) against phase.rs's own parser: every
catalog card is declared or declared out with a reason, and every declared card parses whole."""
from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("phase")

from mtg_conformance.adapters import phase_cards  # noqa: E402
from mtg_conformance.adapters.phase_rs import PhaseEngine  # noqa: E402
from mtg_conformance.adapters.phase_rs.cards import parse_problems  # noqa: E402
from mtg_conformance.oracle.catalog import CATALOG  # noqa: E402

DOC = Path(__file__).resolve().parents[2] / "docs" / "engines" / "phase-rs.md"
# Declared out because phase.rs parses their text only in part; the others out are declared out for
# what the contract can't express through phase.rs (their text parses whole).
PARSED_IN_PART = {"Pale Moon", "Ertai's Familiar", "Time and Tide", "Out of Time", "Apocalypse Hydra"}


def test_every_catalog_card_is_declared_or_out_with_a_reason():
    assert set(phase_cards.CARDS) | set(phase_cards.UNSUPPORTED) == set(CATALOG)
    assert all(why.strip() for why in phase_cards.UNSUPPORTED.values())
    assert set(PhaseEngine().capabilities()["cards"]) == set(phase_cards.DECLARED)
    assert not set(phase_cards.DECLARED) & set(phase_cards.UNSUPPORTED)


@pytest.mark.parametrize("name", phase_cards.DECLARED)
def test_a_declared_card_parses_whole(name):
    """No part Unimplemented or Unknown, no parse warning but a known harmless one, every keyword and
    every line of the text parsed into something."""
    assert parse_problems(name) == [], name


@pytest.mark.parametrize("name", sorted(PARSED_IN_PART))
def test_a_card_out_for_its_parse_still_parses_in_part(name):
    """If phase.rs learns to parse it, this fails: drive it and declare it."""
    assert name in phase_cards.UNSUPPORTED
    assert parse_problems(name), f"{name} parses whole now"


def test_the_parse_check_catches_a_partial_parse(monkeypatch):
    """The check is not vacuous: an Unimplemented clause, a missing keyword and a dropped line fail."""
    from mtg_conformance.adapters.phase_rs import cards
    fakes = {"Pale Moon": phase_cards.CARDS["Pale Moon"],
             "Grizzly Bears": ("{1}{G}", "Frobnicate", ("Frobnicate",)),
             "Forest": ("", "({T}: Add {G}.)\nThis land wibbles the wobble of the wubble.")}
    monkeypatch.setattr(phase_cards, "CARDS", {**phase_cards.CARDS, **fakes})
    cards.faces.cache_clear()
    try:
        for name in fakes:
            assert parse_problems(name), name
    finally:
        monkeypatch.undo()
        cards.faces.cache_clear()


def test_the_helpers_parse_whole():
    import json

    import phase
    for name in phase_cards.HELPERS:
        face = phase.build_oracle_face(phase_cards.helper_record(name), None)
        text = json.dumps(face)
        assert "Unimplemented" not in text and '"Unknown"' not in text and not face.get("parse_warnings"), name


def test_the_engine_doc_lists_every_card_declared_out_with_its_reason():
    """docs/engines/phase-rs.md, "Catalog cards the adapter doesn't declare": one row per card the
    adapter has a reason for (those it wasn't taught yet are listed by `cards --engine phase`)."""
    doc = DOC.read_text()
    section = doc[doc.index("### Catalog cards the adapter doesn't declare"):].split("\n#")[0]
    rows = {line.split("|")[1].strip() for line in section.splitlines() if line.startswith("| ")}
    assert rows - {"card", "---"} == set(phase_cards.OUT)


def test_a_card_new_to_the_catalog_is_not_declared_until_taught():
    """A catalog card with neither a record nor a reason is undeclared, the reason saying so."""
    why = phase_cards.undeclared(["Forest", "Pale Moon", "A Card New to the Catalog"])
    assert why == {"Pale Moon": phase_cards.OUT["Pale Moon"], "A Card New to the Catalog": phase_cards.NOT_TAUGHT}
