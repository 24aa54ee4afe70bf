"""The contract's JSON Schemas (adapters/schemas) against docs/contract.md.

The doc's ```json examples and its action table are parsed here, so the doc and the schemas cannot
drift apart silently.
"""
from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import jsonschema
import pytest

from mtg_conformance.adapters import validation
from mtg_conformance.adapters.contract import DOCUMENTS, ContractError, schema, validate

DOC = (Path(__file__).resolve().parents[2] / "docs" / "contract.md").read_text()

# A section heading of the doc -> the document its examples are.
SECTIONS = {"Scenario": "scenario", "Actions": "action", "Observation": "observation",
            "Capabilities": "capabilities"}

# Examples the doc gets wrong, as (document, index among that document's examples) -> the doc fix.
# Strict: once the doc is fixed the test XPASSes and fails, so the entry must be deleted.
KNOWN_DOC_ERRORS: dict = {}


def _section_of(position: int) -> str | None:
    headings = [m for m in re.finditer(r"^## (.+)$", DOC, re.M) if m.start() < position]
    return SECTIONS.get(headings[-1].group(1).strip()) if headings else None


def _drop_elisions(value):
    """The doc writes "..." as an array item for 'and more'; drop it before validating."""
    if isinstance(value, list):
        return [_drop_elisions(v) for v in value if v != "..."]
    if isinstance(value, dict):
        return {k: _drop_elisions(v) for k, v in value.items()}
    return value


def _examples():
    seen: dict[str, int] = {}
    for match in re.finditer(r"^```json\n(.*?)^```", DOC, re.M | re.S):
        document = _section_of(match.start())
        assert document is not None, f"json block outside a known section: {match.group(1)[:60]!r}"
        index = seen.get(document, 0)
        seen[document] = index + 1
        marks = ()
        if (document, index) in KNOWN_DOC_ERRORS:
            marks = pytest.mark.xfail(strict=True, raises=ContractError,
                                      reason=KNOWN_DOC_ERRORS[document, index])
        yield pytest.param(document, json.loads(match.group(1)), marks=marks,
                           id=f"{document}-{index}")


EXAMPLES = list(_examples())


def test_doc_has_examples():
    assert {p.values[0] for p in EXAMPLES} >= {"scenario", "observation", "capabilities"}


@pytest.mark.parametrize("document", DOCUMENTS)
def test_schema_is_valid_2020_12(document):
    s = schema(document)
    assert s["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert s["$id"] and s["title"] and s["description"]
    jsonschema.Draft202012Validator.check_schema(s)


@pytest.mark.parametrize(("document", "example"), EXAMPLES)
def test_doc_example_validates(document, example):
    validate(document, _drop_elisions(example))


# --- the action table -------------------------------------------------------------------------------

def _action_table() -> dict[str, set[str]]:
    """type -> field names, from the doc's `| type | fields | what it does |` table."""
    rows = {}
    for line in DOC.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 3 or not re.fullmatch(r"`[a-z_]+`", cells[0]):
            continue
        fields = cells[1]
        while re.search(r"\([^()]*\)", fields):
            fields = re.sub(r"\([^()]*\)", "", fields)
        rows[cells[0].strip("`")] = set(re.findall(r"`([a-z_]+)`", fields))
    return rows


def test_action_types_match_doc_table():
    table = _action_table()
    assert len(table) == 14
    assert schema("action")["properties"]["type"]["enum"] == list(table)
    assert schema("capabilities")["properties"]["actions"]["items"]["enum"] == list(table)


@pytest.mark.parametrize("action_type", list(_action_table()))
def test_action_fields_match_doc_table(action_type):
    variant = schema("action")["$defs"][action_type]
    assert set(variant["properties"]) - {"type"} == _action_table()[action_type]
    assert variant["additionalProperties"] is False
    validate("action", {"type": action_type, **{f: MINIMAL[f] for f in variant["required"][1:]}})


def _doc_list(after: str) -> list[str]:
    """The backticked words of the doc sentence that starts with `after`."""
    start = DOC.index(after) + len(after)
    sentence = DOC[start:DOC.index(".", start)]
    return re.findall(r"`([a-z_0-9]+)`", sentence)


def test_enumerations_match_doc():
    obs = schema("observation")
    assert obs["$defs"]["event"]["enum"] == _doc_list("Events:")
    assert obs["properties"]["rejected"]["enum"] == [None] + _doc_list("or a reason class:")
    assert obs["$defs"]["permanent"]["properties"]["zone"]["enum"] == _doc_list("`zone` is")
    steps = _doc_list("`step`: one of")
    assert schema("scenario")["$defs"]["step"]["enum"] == steps
    assert schema("action")["$defs"]["step"]["enum"] == steps


# --- valid documents --------------------------------------------------------------------------------

MINIMAL = {"permanent": "a", "player": 1, "card": "Forest", "id": "n", "permanents": ["a"],
           "duration": "indefinite", "attackers": ["a"], "step": "end", "target": {"player": 1},
           "amount": 1, "to": {"permanent": "a"}}

SCENARIO = {
    "contract": 1,
    "players": [{"life": 20, "hand": ["Island"], "library": []}, {"life": 0, "hand": [], "library": []}],
    "battlefield": [
        {"id": "a", "card": "Walking Ballista", "controller": 0, "owner": 1, "tapped": False, "sick": True,
         "phased_out": None, "counters": {"+1/+1": 0, "time": 3}, "attached_to": None,
         "chosen_color": "G", "token": False},
        {"id": "B_2.x-y", "card": "Psychic Possession", "controller": 1, "attached_to": {"player": 0},
         "phased_out": "indirectly"},
    ],
    "active_player": 1,
    "step": "upkeep",
    "turn": 1,
}

OBSERVATION = {
    "permanents": {
        "a": {"zone": "battlefield", "phased_out": True, "controller": 1, "tapped": True,
              "counters": {"+1/+1": 2}, "attached_to": {"permanent": "b"}},
        "b": {"zone": "none", "phased_out": False, "controller": None, "tapped": False,
              "counters": {}, "attached_to": None},
    },
    "players": [
        {"life": 20, "mana": {"W": 0, "U": 0, "B": 0, "R": 0, "G": 1, "C": 0}, "hand": 1, "library": 2,
         "graveyard": 0, "in_game": True, "tokens": {"Soldier": 2}},
        {"life": -3, "mana": {"W": 0, "U": 0, "B": 0, "R": 0, "G": 0, "C": 0}, "hand": 0, "library": 0,
         "graveyard": 4, "in_game": False, "tokens": {}},
    ],
    "triggered": [["a", "enters"], ["token", "upkeep"]],
    "rejected": "illegal_attachment",
}

CAPABILITIES = {"contract": 1, "cards": ["Forest"], "actions": ["check_sba"], "observes": [],
                "max_players": 2}

ACTIONS = [
    {"type": "activate_mana", "permanent": "a", "ability": 1, "player": 0, "color": "C", "tap": "b",
     "order": ["c", "d"]},
    {"type": "activate", "permanent": "e", "ability": 0, "player": 1,
     "targets": [{"permanent": "a"}, {"player": 3}], "optional": False},
    {"type": "cast", "player": 0, "card": "Threaten", "targets": [{"permanent": "a"}]},
    {"type": "cast", "player": 0, "card": "Walking Ballista", "id": "f", "x": 2, "color": "W",
     "optional": True, "targets": []},
    {"type": "put_onto_battlefield", "player": 1, "card": "Overgrowth", "id": "g",
     "attach_to": {"permanent": "c"}},
    {"type": "phase_out", "permanents": ["a", "b"]},
    {"type": "change_control", "permanent": "a", "player": 1, "duration": "end_of_turn"},
    {"type": "put_into_graveyard", "permanent": "a"},
    {"type": "tap", "permanent": "a"},
    {"type": "attack", "attackers": []},
    {"type": "advance", "step": "draw", "turns": 2},
    {"type": "concede", "player": 0},
    {"type": "check_sba"},
]


@pytest.mark.parametrize("document", ["scenario", "observation", "capabilities"])
def test_valid_documents(document):
    validate(document, {"scenario": SCENARIO, "observation": OBSERVATION,
                        "capabilities": CAPABILITIES}[document])


@pytest.mark.parametrize("action", ACTIONS, ids=lambda a: a["type"])
def test_valid_actions(action):
    validate("action", action)


# --- malformed documents ----------------------------------------------------------------------------

def _with(base, path, value):
    """A copy of `base` with the value at `path` (a tuple of keys) replaced, or deleted if value is DELETE."""
    doc = copy.deepcopy(base)
    target = doc
    for key in path[:-1]:
        target = target[key]
    if value is DELETE:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return doc


DELETE = object()

MALFORMED = [
    # (document, value, the path the error must name, a fragment of the message)
    ("scenario", _with(SCENARIO, ("battlefield", 0, "counters", "+1/+1"), -1),
     "battlefield/0/counters/+1/+1", "minimum"),
    ("scenario", _with(SCENARIO, ("step",), "cleanup"), "step", "'cleanup'"),
    ("scenario", _with(SCENARIO, ("battlefield", 1, "id"), "b 2"), "battlefield/1/id", "does not match"),
    ("scenario", _with(SCENARIO, ("battlefield", 1, "id"), ""), "battlefield/1/id", "does not match"),
    ("scenario", _with(SCENARIO, ("players",), SCENARIO["players"][:1]), "players", "too short"),
    ("scenario", _with(SCENARIO, ("players",), SCENARIO["players"] * 3), "players", "too long"),
    ("scenario", _with(SCENARIO, ("contract",), 2), "contract", "1 was expected"),
    ("scenario", _with(SCENARIO, ("turn",), 0), "turn", "minimum"),
    ("scenario", _with(SCENARIO, ("battlefield", 0, "controller"), 4), "battlefield/0/controller", "maximum"),
    ("scenario", _with(SCENARIO, ("battlefield", 0, "phased_out"), True), "battlefield/0/phased_out", "True"),
    ("scenario", _with(SCENARIO, ("battlefield", 0, "chosen_color"), "C"), "battlefield/0/chosen_color", "'C'"),
    ("scenario", _with(SCENARIO, ("battlefield", 1, "attached_to"), {"player": 0, "permanent": "a"}),
     "battlefield/1/attached_to", ""),
    ("scenario", _with(SCENARIO, ("battlefield", 1, "attached_to"), {"permanent": "no id"}),
     "battlefield/1/attached_to/permanent", "does not match"),
    ("scenario", _with(SCENARIO, ("players", 1, "library"), DELETE), "players/1", "'library' is a required"),
    ("scenario", _with(SCENARIO, ("players", 0, "life"), "20"), "players/0/life", "not of type 'integer'"),
    ("scenario", _with(SCENARIO, ("battlefield", 0, "power"), 3), "battlefield/0", "'power' was unexpected"),
    ("scenario", _with(SCENARIO, ("battlefield", 0, "tapped"), 1), "battlefield/0/tapped", "boolean"),
    ("scenario", _with(SCENARIO, ("active_player",), DELETE), "(top)", "'active_player' is a required"),
    ("action", {"type": "untap", "permanent": "a"}, "type", "'untap' is not one of"),
    ("action", {"permanent": "a"}, "(top)", "'type' is a required"),
    ("action", {"type": "tap"}, "(top)", "'permanent' is a required"),
    ("action", {"type": "change_control", "permanent": "a", "player": 1}, "(top)", "'duration' is a required"),
    ("action", {"type": "check_sba", "player": 0}, "(top)", "'player' was unexpected"),
    ("action", {"type": "tap", "permanent": "a b"}, "permanent", "does not match"),
    ("action", {"type": "activate", "permanent": "a", "targets": [{"creature": "b"}]}, "targets/0", ""),
    ("action", {"type": "activate", "permanent": "a", "targets": [{"player": -1}]}, "targets/0/player", "minimum"),
    ("action", {"type": "activate_mana", "permanent": "a", "color": "X"}, "color", "'X'"),
    ("action", {"type": "cast", "player": 0, "card": "Walking Ballista", "id": "f", "x": -1}, "x", "minimum"),
    ("action", {"type": "cast", "player": 0, "card": "Forest", "color": "C"}, "color", "'C'"),
    ("action", {"type": "advance", "step": "untap"}, "step", "'untap'"),
    ("action", {"type": "advance", "step": "end", "turns": -1}, "turns", "minimum"),
    ("action", {"type": "change_control", "permanent": "a", "player": 1, "duration": "forever"},
     "duration", "'forever'"),
    ("action", {"type": "phase_out", "permanents": ["a", "a"]}, "permanents", "non-unique"),
    ("action", "tap", "(top)", "not of type 'object'"),
    ("observation", _with(OBSERVATION, ("permanents", "a", "counters", "+1/+1"), 0),
     "permanents/a/counters/+1/+1", "minimum"),
    ("observation", _with(OBSERVATION, ("permanents", "b", "tapped"), True), "permanents/b/tapped", ""),
    ("observation", _with(OBSERVATION, ("permanents", "a", "zone"), "stack"), "permanents/a/zone", "'stack'"),
    ("observation", _with(OBSERVATION, ("triggered",), [["a", "dies"]]), "triggered/0/1", "'dies'"),
    ("observation", _with(OBSERVATION, ("triggered",), [["a", "enters", "b"]]), "triggered/0", ""),
    ("observation", _with(OBSERVATION, ("triggered",), [["a"]]), "triggered/0", "too short"),
    ("observation", _with(OBSERVATION, ("rejected",), "nope"), "rejected", "'nope'"),
    ("observation", _with(OBSERVATION, ("rejected",), DELETE), "(top)", "'rejected' is a required"),
    ("observation", _with(OBSERVATION, ("players", 0, "mana", "C"), DELETE), "players/0/mana", "'C'"),
    ("observation", _with(OBSERVATION, ("players", 0, "mana", "G"), -1), "players/0/mana/G", "minimum"),
    ("observation", _with(OBSERVATION, ("players", 1, "tokens"), {"Soldier": 0}),
     "players/1/tokens/Soldier", "minimum"),
    ("capabilities", _with(CAPABILITIES, ("actions",), ["check_sba", "untap"]), "actions/1", "'untap'"),
    ("capabilities", _with(CAPABILITIES, ("max_players",), 5), "max_players", "maximum"),
    ("capabilities", _with(CAPABILITIES, ("observes",), ["mana"]), "observes/0", "'mana'"),
    ("capabilities", _with(CAPABILITIES, ("contract",), DELETE), "(top)", "'contract' is a required"),
]


@pytest.mark.parametrize(("document", "value", "where", "fragment"), MALFORMED,
                         ids=[f"{d}:{w}" for d, _, w, _ in MALFORMED])
def test_malformed_is_rejected_naming_the_path(document, value, where, fragment):
    with pytest.raises(ContractError) as caught:
        validate(document, value)
    message = str(caught.value)
    assert message.startswith(f"invalid {document} at {where}: "), message
    assert fragment in message, message


def test_bad_permanent_key_in_observation():
    value = copy.deepcopy(OBSERVATION)
    value["permanents"]["no id"] = value["permanents"].pop("b")
    with pytest.raises(ContractError, match="'no id' does not match"):
        validate("observation", value)


@pytest.mark.parametrize("name", validation.names())
def test_every_published_schema_compiles_into_the_one_validator(name):
    """adapters/validation.py: each schema (contract, protocol, vector) becomes a compiled predicate
    with no keyword left to jsonschema, and is itself a valid 2020-12 schema."""
    root = validation.schema(name)
    jsonschema.Draft202012Validator.check_schema(root)
    validation._compile(root, validation._registry().resolver(root["$id"]), {})


def test_a_saved_vector_follows_the_published_vector_schema(tmp_path):
    from mtg_conformance.adapters.mutants import MUTANTS, MutantEngine
    from mtg_conformance.properties import vectors
    from mtg_conformance.properties.lockstep import Divergence, run_case
    from mtg_conformance.properties.model import Case
    scenario = {"contract": 1, "players": [{"life": 20, "hand": [], "library": []}] * 2,
                "battlefield": [{"id": "f", "card": "Forest", "controller": 0}],
                "active_player": 0, "step": "main1", "turn": 2}
    case = Case(scenario, ({"type": "activate_mana", "permanent": "f"}, {"type": "advance", "step": "main2"}))
    with pytest.raises(Divergence) as found:
        run_case(MutantEngine(MUTANTS["pool-persists"]), case)
    vector = vectors.from_divergence(found.value, "mutant:pool-persists")
    assert validation.problem("vector", vector) is None
    assert vectors.load(vectors.save(vector, tmp_path)) == vector
