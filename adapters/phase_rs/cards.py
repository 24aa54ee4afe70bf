"""phase.rs's card database, built offline from the records in adapters/phase_cards, and what its
parsed faces say: whether a card's text was parsed whole, and the contract event of a parsed trigger."""
from __future__ import annotations

import functools
import json
import re

import phase

from mtg_conformance.adapters import phase_cards


@functools.cache
def faces() -> dict[str, dict]:
    """Faces of every catalog card, token and helper, keyed by name."""
    records = [phase_cards.record(n) for n in phase_cards.CARD_NAMES]
    records += [phase_cards.helper_record(n) for n in phase_cards.HELPERS]
    return {r["name"]: phase.build_oracle_face(r, None) for r in records}


@functools.cache
def database() -> phase.Engine:
    return phase.Engine.from_json(json.dumps({name.lower(): f for name, f in faces().items()}))


def parse_problems(name: str) -> list[str]:
    """What phase.rs's parser did not take of catalog card `name`'s text, one line each: a part parsed
    as Unimplemented or Unknown, a parse warning (other than the card's KNOWN_WARNINGS, driven and
    harmless), a keyword of the record missing from the face, a line of the text no ability,
    trigger, static or replacement was parsed from. Empty: parsed whole (which is no proof it plays
    right; the sample runs and tests/adapters/test_phase_adapter.py drive the cards)."""
    face, record = faces()[name], phase_cards.record(name)
    found = [f"{kind}: {description}" for kind, description in _unparsed(face)]
    allowed = phase_cards.KNOWN_WARNINGS.get(name, ("",))[0]
    found += [f"parse warning {w['type']}: {w.get('description', '')}" for w in face.get("parse_warnings") or []
              if w["type"] != allowed]
    descriptions = [_plain(a.get("description") or "", name)
                    for part in ("abilities", "triggers", "static_abilities", "replacements") for a in face[part]]
    keywords = {_keyword(k) for k in face["keywords"]}
    for keyword in record["keywords"]:
        if _keyword(keyword) not in keywords and not any(_plain(keyword, name) in d for d in descriptions):
            found.append(f"keyword {keyword} missing")
    named = tuple(_keyword(k) for k in record["keywords"])
    words = set(_WORD.findall(" ".join(descriptions)))
    for line in record["text"].split("\n"):
        line = _plain(re.sub(r"\([^)]*\)", "", line), name)
        keyword_line = all(_keyword(item).startswith(named) for item in line.split(", "))
        # a line phase.rs split in two ("When ~ enters or leaves ...") is covered word for word
        if line and not keyword_line and not any(line in d for d in descriptions) and not (
                set(_WORD.findall(line)) - {"or"} <= words):
            found.append(f"not parsed: {line}")
    return found


_WORD = re.compile(r"[^\s,.;:\"]+")


def _unparsed(node):
    """(kind, description) of every Unimplemented or Unknown part of a parsed face."""
    if isinstance(node, dict):
        if node.get("type") in ("Unimplemented", "Unknown"):
            yield node["type"], node.get("description") or node.get("name") or ""
        for value in node.values():
            yield from _unparsed(value)
    elif isinstance(node, list):
        for value in node:
            yield from _unparsed(value)


def _plain(text: str, name: str) -> str:
    """Text as phase.rs describes an ability: self-references as "~", lower case, no "other"."""
    text = re.sub(r"\bthis (creature|land|artifact|enchantment|aura|permanent)\b", "~", text, flags=re.I)
    text = text.replace(name, "~").strip().rstrip(".").lower()
    return re.sub(r"\bother ", "", text)


def _keyword(keyword) -> str:
    """A keyword as a plain word: "First strike" and phase.rs's FirstStrike alike, Landwalk Island as
    islandwalk, a keyword with a parameter (Vanishing 3, Enchant creature) by its name."""
    if isinstance(keyword, dict):
        (kind, value), = keyword.items()
        keyword = f"{value}walk" if kind == "Landwalk" else kind
    return re.sub(r"[^a-z]", "", keyword.lower())


def trigger_event(trigger: dict) -> str | None:
    """The contract's event for a parsed trigger of a catalog card, None if it has none."""
    mode, subject = trigger.get("mode"), (trigger.get("valid_card") or {}).get("type")
    if mode == "ChangesZone":
        if trigger.get("destination") == "Battlefield":
            return "enters" if subject == "SelfRef" else "another_enters"
        return "leaves"
    if mode == "TapsForMana":
        return "tapped_for_mana" if subject == "AttachedTo" else "land_tapped_for_mana"
    if mode == "Phase":
        return {"Upkeep": "upkeep", "Draw": "draw_step"}.get(trigger.get("phase"))
    return {"LeavesBattlefield": "leaves", "Taps": "becomes_tapped", "PhaseOut": "phases_out",
            "PhaseIn": "phases_in", "Drawn": "opponent_draws",
            "CounterRemoved": "last_time_counter_removed"}.get(mode)
