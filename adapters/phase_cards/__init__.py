"""MTGJSON-shaped atomic-card records of the catalog cards, for phase.rs's card database.

phase.rs parses a card's Oracle `text` into abilities (`phase.build_oracle_face`); these records are
that input, built offline: nothing here is downloaded. A card's printed characteristics (types,
subtypes, supertypes, colours, power and toughness) are the catalog's (`oracle.catalog`); its mana
cost, functional Oracle text and keywords are here, one module per rules area as in oracle/cards.
Texts use the current self-reference wording ("this creature"); reminder text is kept only where it
is the ability (basic lands, Dryad Arbor).

Each area module has `CARDS` (name: mana cost, text[, MTGJSON keywords]) and `OUT` (name: why phase.rs
can't play it, or the contract can't express its play through phase.rs). The adapter declares `CARDS`
without `OUT` (`DECLARED`), each checked against phase.rs's own parser (tests/adapters/test_phase_cards.py;
the listing in docs/engines/phase-rs.md). A catalog card in neither is one the adapter hasn't been taught
yet: not declared, as an engine declares only what it plays, with that reason (`UNSUPPORTED`) — so a card
added to the oracle needs nothing here until someone teaches it to phase.rs.
"""
from __future__ import annotations

from mtg_conformance.adapters.phase_cards import (auras, core, costs, counts, drawbacks, land_types,
                                                  mana_triggers, phasing, x)
from mtg_conformance.oracle.catalog import CATALOG, TOKEN_ONLY

AREAS = (core, drawbacks, counts, land_types, mana_triggers, phasing, auras, costs, x)

CARDS: dict[str, tuple] = {name: spec for area in AREAS for name, spec in area.CARDS.items()}
OUT: dict[str, str] = {name: why for area in AREAS for name, why in area.OUT.items()}
NOT_TAUGHT = "not taught to the adapter yet: no record of its text in adapters/phase_cards"


def undeclared(names) -> dict[str, str]:
    """Why each of the catalog card `names` the adapter doesn't declare isn't: its reason in `OUT`,
    else, with no record of its text either, NOT_TAUGHT."""
    return {name: OUT.get(name, NOT_TAUGHT) for name in names if name in OUT or name not in CARDS}


UNSUPPORTED: dict[str, str] = undeclared(CATALOG)
CARD_NAMES: tuple[str, ...] = tuple(CARDS)          # every card with a record (declared or not)
DECLARED: tuple[str, ...] = tuple(sorted(set(CARDS) - set(UNSUPPORTED)))

# Parse warnings phase.rs gives for a declared card although the card works, and why (each driven).
KNOWN_WARNINGS = {
    "Mana Reflection": ("SwallowedClause", "its parsed Multiply x2 doubles the mana (Forest -> {G}{G})"),
    "Psychic Possession": ("TargetFallback", "the draw trigger fires only for the enchanted player's "
                                             "draws, once per card"),
}

# Zero-cost instants the adapter casts to perform the contract's "as an effect does" actions, so
# that phase.rs applies its own rules and triggers. They live in exile between uses.
HELPERS: dict[str, str] = {
    "Harness Phaser": "Any number of target permanents phase out.",
    "Harness Tapper": "Tap target permanent.",
    "Harness Reaper": "Put target permanent into its owner's graveyard.",
    "Harness Thief": "Gain control of target permanent until end of turn.",
    "Harness Taker": "Gain control of target permanent.",
    "Harness Deployer": "Put a card from your hand onto the battlefield.",
    "Harness Striker": "Harness Striker deals X damage to target creature, player, or permanent.",
    "Harness Binder": "Attach target Aura or Equipment to target permanent or player.",
}

_TYPE_ORDER = ("artifact", "enchantment", "land", "creature", "instant", "sorcery")


def _pips(cost: str) -> list[str]:
    """The symbols of a mana cost string, e.g. '{X}{R}' -> ['X', 'R']."""
    return [s for s in cost.replace("}", "").split("{") if s]


def mana_value(cost: str) -> int:
    """Mana value of a cost, X counting as 0 (CR 107.3g); a hybrid pip counts 1."""
    return sum(int(p) if p.isdigit() else 0 if p == "X" else 1 for p in _pips(cost))


def _atomic(name, cost, supertypes, types, subtypes, text, keywords, colors, layout) -> dict:
    """An MTGJSON atomic card with every key phase.rs's deserializer expects."""
    type_line = " ".join(supertypes + types) + (" — " + " ".join(subtypes) if subtypes else "")
    identity = {c for c in "WUBRG" if c in colors or "{" + c + "}" in text}
    return {
        "name": name, "type": type_line, "types": types, "subtypes": subtypes,
        "supertypes": supertypes, "text": text, "manaCost": cost, "manaValue": mana_value(cost),
        "convertedManaCost": mana_value(cost), "colors": colors,
        "colorIdentity": sorted(identity), "identifiers": {}, "layout": layout, "legalities": {},
        "foreignData": [], "printings": [], "rulings": [], "keywords": keywords,
    }


def record(name: str) -> dict:
    """The MTGJSON atomic-card record of catalog card `name` (KeyError if it has no text here)."""
    cost, text, *keywords = CARDS[name]
    card = CATALOG[name]
    supertypes = ["Basic"] * card.basic + sorted(s.capitalize() for s in card.supertypes)
    types = [t.capitalize() for t in _TYPE_ORDER if t in card.types]
    colors = [c for c in "WUBRG" if c in card.colors]
    rec = _atomic(name, cost, supertypes, types, sorted(card.subtypes), text,
                  list(keywords[0]) if keywords else [], colors,
                  "token" if name in TOKEN_ONLY else "normal")
    if "creature" in card.types:
        rec["power"], rec["toughness"] = str(card.power), str(card.toughness)
    return rec


def helper_record(name: str) -> dict:
    """The record of one of the adapter's helper instants: colourless, costing {0}, or {X} for the
    one that deals X damage (the harness supplies the mana, as for every cost)."""
    cost = "{X}" if " X " in HELPERS[name] else "{0}"
    return _atomic(name, cost, [], ["Instant"], [], HELPERS[name], [], [], "normal")
