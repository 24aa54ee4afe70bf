"""One vocabulary (oracle/vocabulary.py): the JSON Schemas, docs/contract.md, the strategies and the
adapters say the same action types, steps, reasons, mana types, events and zones — a schema enum or a
doc list that disagrees fails here."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from mtg_conformance.adapters.contract import schema
from mtg_conformance.oracle import vocabulary as v
from mtg_conformance.properties import strategies

DOC = (Path(__file__).resolve().parent.parent / "docs" / "contract.md").read_text()


def _doc_list(after: str, until: str = ".") -> tuple:
    """The `code` names in the doc sentence that starts with `after`, up to `until`."""
    start = DOC.index(after) + len(after)
    return tuple(re.findall(r"`([^`]+)`", DOC[start:DOC.index(until, start)]))


def _section(title: str) -> str:
    start = DOC.index(f"\n## {title}\n")
    end = DOC.find("\n## ", start + 1)
    return DOC[start:end if end > 0 else None]


SCHEMA_ENUMS = [
    ("action type", lambda: schema("action")["properties"]["type"]["enum"], v.ACTION_TYPES),
    ("capabilities actions", lambda: schema("capabilities")["properties"]["actions"]["items"]["enum"],
     v.ACTION_TYPES),
    ("observed parts", lambda: schema("observation")["$defs"]["observed_part"]["enum"], v.OBSERVES),
    ("scenario step", lambda: schema("scenario")["$defs"]["step"]["enum"], v.SCENARIO_STEPS),
    ("scenario colour", lambda: schema("scenario")["$defs"]["color"]["enum"], v.COLORS),
    ("observation rejected", lambda: schema("observation")["properties"]["rejected"]["enum"],
     (None,) + v.REASONS),
    ("observation event", lambda: schema("observation")["$defs"]["event"]["enum"], v.TRIGGER_EVENTS),
    ("observation zone", lambda: schema("observation")["$defs"]["permanent"]["properties"]["zone"]["enum"],
     v.ZONES),
    ("observation mana", lambda: schema("observation")["$defs"]["player"]["properties"]["mana"]["required"],
     v.MANA_TYPES),
]


@pytest.mark.parametrize("where, found, defined", SCHEMA_ENUMS, ids=[s[0] for s in SCHEMA_ENUMS])
def test_schema_enums_match_the_vocabulary(where, found, defined):
    assert tuple(found()) == tuple(defined), f"{where}: schema and oracle/vocabulary.py disagree"


def test_the_action_schema_has_one_variant_per_action_type():
    assert set(schema("action")["$defs"]) >= set(v.ACTION_TYPES)
    selected = [rule["if"]["properties"]["type"]["const"] for rule in schema("action")["allOf"]]
    assert tuple(selected) == v.ACTION_TYPES


DOC_LISTS = [
    ("action table", lambda: tuple(re.findall(r"^\| `(\w+)` \|", _section("Actions"), re.M)),
     v.ACTION_TYPES),
    ("scenario steps", lambda: _doc_list("`step`: one of"), v.SCENARIO_STEPS),
    ("observation events", lambda: _doc_list("sorted. Events:"), v.TRIGGER_EVENTS),
    ("rejection reasons", lambda: _doc_list("or a reason class:"), v.REASONS),
    ("zones", lambda: _doc_list("`zone` is", "(a token"), v.ZONES),
]


@pytest.mark.parametrize("where, found, defined", DOC_LISTS, ids=[d[0] for d in DOC_LISTS])
def test_docs_match_the_vocabulary(where, found, defined):
    assert found() == tuple(defined), f"docs/contract.md {where} disagrees with oracle/vocabulary.py"


def test_strategies_and_adapters_use_the_vocabulary():
    from mtg_conformance.adapters.oracle_adapter import OracleEngine
    assert strategies.STEP_NAMES == v.SCENARIO_STEPS
    caps = OracleEngine().capabilities()
    assert tuple(caps["actions"]) == v.ACTION_TYPES and tuple(caps["observes"]) == v.OBSERVES
    assert OracleEngine().identity()["cr_edition"] == v.CR_EDITION
    from mtg_conformance.adapters import kit
    assert kit.MANA_TYPES == v.MANA_TYPES and kit.STEPS == v.SCENARIO_STEPS


def test_each_observed_part_covers_fields_the_observation_has():
    """OBSERVED_FIELDS names, for each optional part of `observes`, fields of the observation's
    schema: the observation's own, a player's or a permanent's."""
    observation = schema("observation")
    fields = (set(observation["properties"]) | set(observation["$defs"]["player"]["properties"])
              | set(observation["$defs"]["permanent"]["properties"]))
    assert tuple(v.OBSERVED_FIELDS) == v.OBSERVES
    assert {name for names in v.OBSERVED_FIELDS.values() for name in names} <= fields


def test_the_schema_fixes_each_field_off_the_battlefield_as_the_vocabulary_does():
    """observation.json's values for an object off the battlefield are `off_battlefield`'s, which
    the oracle and the adapter kit report."""
    fixed = {name: rule.get("const", {}) for name, rule in
             schema("observation")["$defs"]["permanent"]["else"]["properties"].items()}
    assert {"zone": "graveyard", **fixed} == v.off_battlefield("graveyard")


def test_the_oracle_performs_every_action_type_and_rejects_only_with_known_reasons():
    from mtg_conformance.oracle import actions
    from mtg_conformance.oracle.registry import REGISTRY
    assert tuple(actions.ACTIONS) == v.ACTION_TYPES
    assert {e.meaning for e in REGISTRY["event"].values()} == set(v.TRIGGER_EVENTS)
    source = "\n".join(p.read_text() for p in Path(actions.__file__).parent.glob("*.py"))
    used = set(re.findall(r"Rejected\(\"(\w+)\"", source))
    assert used <= set(v.REASONS), sorted(used - set(v.REASONS))


def test_phase_adapter_translates_the_whole_vocabulary():
    phase_rs = pytest.importorskip("mtg_conformance.adapters.phase_rs.vocabulary")
    assert set(phase_rs.STEP_PHASE) == set(v.SCENARIO_STEPS)
    assert set(phase_rs.MANA_NAME) == set(v.MANA_TYPES)


def test_every_edition_the_docs_and_harness_template_show_is_the_one_checked():
    """An adapter written from docs/adapters.md, docs/protocol.md or harnesses/node/ declares the
    edition the suite checks, not one the suite then warns about."""
    root = Path(__file__).resolve().parents[1]
    for path in ("docs/adapters.md", "docs/protocol.md", "docs/ci.md", "README.md", "harnesses/node/harness.js"):
        dates = set(re.findall(r"\b20\d\d-\d\d-\d\d\b", (root / path).read_text()))
        assert dates <= {v.CR_EDITION}, path
