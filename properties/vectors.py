"""Language-neutral test vectors: a saved divergence (stable id, rule, scenario, program, expected and
observed observations) that any engine can replay; regression vectors live in properties/vectors/."""
from __future__ import annotations

import hashlib
import json
from importlib import resources
from pathlib import Path

from mtg_conformance.adapters import validation
from mtg_conformance.adapters.contract import MtgConformanceError
from mtg_conformance.properties.lockstep import Divergence
from mtg_conformance.properties.model import Case

VECTOR_VERSION = 1
REQUIRED = ("vector", "id", "property", "rules", "scenario", "program")


class VectorError(MtgConformanceError, ValueError):
    """A vector file that can't be read; the message names the file and the problem."""

    hint = "a vector is a JSON file saved by a failing run (adapters/schemas/vector.json)"


def vector_id(prop_id: str, case: Case) -> str:
    """Stable: the same property and case always give the same id."""
    blob = json.dumps({"scenario": case.scenario, "program": list(case.program)}, sort_keys=True)
    return f"{prop_id}-{hashlib.sha256(blob.encode()).hexdigest()[:12]}"


def from_divergence(d: Divergence, engine: str, blamed: tuple = ()) -> dict:
    """A vector of the divergence's case, cut after the diverging action; `blamed` and `kind` say
    which finding it is, `decision` the oracle decision departed from, `differences` each
    difference after the last action (where, engine, oracle; the blamed one first)."""
    prop_id = d.prop.id if d.prop else "LOCKSTEP-001"
    case = Case(d.case.scenario, d.case.program[:d.index + 1])
    return {"vector": VECTOR_VERSION, "id": vector_id(prop_id, case), "property": prop_id,
            "rules": list(d.prop.rules) if d.prop else [], "title": d.prop.title if d.prop else "",
            "blamed": list(blamed), "kind": d.kind,
            "what_went_wrong": d.sentence, "decision": d.cause.decision.says if d.cause else "",
            "differences": [list(row) for row in d.rows], "engine": engine, "scenario": case.scenario,
            "program": list(case.program), "expected": d.expected, "observed": d.observed}


def save(vector: dict, directory: Path) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"{vector['id']}.json"
    path.write_text(json.dumps(vector, indent=1) + "\n")
    return path


def read_json(path, error: type[Exception]):
    """The JSON in `path`, or `error` with a one-line message naming the file and the problem."""
    try:
        return json.loads(Path(path).read_text())
    except OSError as why:
        raise error(f"{path}: can't read it ({why.strerror})") from None
    except json.JSONDecodeError as why:
        raise error(f"{path}: not JSON ({why.msg} at line {why.lineno})") from None


def load(path) -> dict:
    """Read and check one vector file."""
    vector = read_json(path, VectorError)
    if not isinstance(vector, dict):
        raise VectorError(f"{path}: a vector is a JSON object")
    missing = [key for key in REQUIRED if key not in vector]
    if missing:
        raise VectorError(f"{path}: missing {', '.join(missing)}")
    if vector["vector"] != VECTOR_VERSION:
        raise VectorError(f"{path}: vector version {vector['vector']!r}, this suite reads {VECTOR_VERSION}")
    problem = validation.problem("vector", vector)       # adapters/schemas/vector.json
    if problem:
        raise VectorError(f"{path}: {problem}")
    return vector


def case_of(vector: dict) -> Case:
    return Case(vector["scenario"], tuple(vector["program"]))


def regression_cases(prop_id: str) -> list[Case]:
    """The kept regression vectors of one property, run before generation for every engine."""
    folder = resources.files(__package__) / "vectors"
    paths = sorted(p for p in folder.iterdir() if p.name.endswith(".json"))
    vectors = [load(p) for p in paths]
    return [case_of(v) for v in vectors if v["property"] == prop_id]
