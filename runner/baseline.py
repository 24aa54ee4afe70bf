"""Expectations (a baseline): an engine's known findings, so its CI fails only on a new one.

A baseline (schema: runner/schemas/expectations.json) lists the engine's known findings, each by
its signature — the CR rules it is blamed on and its kind — with a note, and the properties it
can't express (unsupported). Against a triaged run: a finding not listed, or a property newly
unsupported, is a change (exit 1); a listed finding that didn't show, or a listed property that now
runs, is reported, not failed — it may be fixed, or the run's cases may not have reached it. A
baseline depends on what a run finds, not on which generated case showed it first.
"""
from __future__ import annotations

import json
from importlib import resources

from attrs import frozen
from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

from mtg_conformance.adapters.contract import MtgConformanceError
from mtg_conformance.oracle.vocabulary import Verdict
from mtg_conformance.properties.vectors import read_json
from mtg_conformance.runner.results import Results, finding_id

BASELINE_VERSION = 2


class BaselineError(MtgConformanceError, ValueError):
    """A baseline file that can't be used; the message names the file and the problem."""

    hint = "write one with `mtg-conformance run --write-baseline FILE` (docs/ci.md)"


def schema() -> dict:
    """The published JSON Schema of an expectations file."""
    return json.loads((resources.files(__package__) / "schemas" / "expectations.json").read_text())


class UnreadablePrevious(BaselineError):
    """--write-baseline would replace a file whose notes it can't read."""

    hint = "--write-baseline keeps the notes of the file it replaces: move this one aside to write a new one"


def load(path) -> dict:
    data = read_json(path, BaselineError)
    if isinstance(data, dict) and data.get("baseline") != BASELINE_VERSION:
        raise BaselineError(f"{path}: not a version-{BASELINE_VERSION} expectations file "
                            f"(\"baseline\": {data.get('baseline')!r})")
    problem = best_match(Draft202012Validator(schema()).iter_errors(data))
    if problem is not None:
        where = "/".join(str(p) for p in problem.absolute_path) or "top level"
        raise BaselineError(f"{path}: not an expectations file ({where}: {problem.message})")
    return data


def _signature(entry: dict) -> tuple:
    return (", ".join(entry["rules"]) or "unblamed", entry["kind"])


def from_results(found: Results, engine: dict, profile: str, previous: dict | None = None) -> dict:
    """An expectations file recording a run's findings and unsupported properties, keeping the
    notes of `previous` (the file it replaces) for what is still there."""
    notes = {_signature(e): e.get("note", "") for e in (previous or {}).get("findings", [])}
    old_unsupported = (previous or {}).get("unsupported", {})
    return {
        "baseline": BASELINE_VERSION, "engine": engine, "profile": profile,
        "findings": [{"id": f.id, "rules": list(f.rules), "kind": f.kind,
                      "note": notes.get(f.signature, ""), "properties": list(f.properties)}
                     for f in found.findings],
        "unsupported": {p.id: {"reason": p.reason, "note": old_unsupported.get(p.id, {}).get("note", "")}
                        for p in found.properties if p.verdict == Verdict.UNSUPPORTED},
    }


@frozen
class Comparison:
    """How a run differs from a baseline: `changes` fail the run, `notices` are only reported."""

    changes: tuple[str, ...]
    notices: tuple[str, ...]


def compare(baseline: dict, found: Results) -> Comparison:
    ran = {p.id for p in found.properties}
    known = {_signature(e): e for e in baseline["findings"]}
    seen = {f.signature for f in found.findings}
    changes = [f"new finding {f.id} in {', '.join(f.properties)}: {f.message}"
               for f in found.findings if f.signature not in known]
    notices = [f"finding {finding_id(e['rules'], e['kind'])} no longer seen"
               + (f" ({e['note']})" if e.get("note") else "")
               for sig, e in known.items()
               if sig not in seen and (not e.get("properties") or ran & set(e["properties"]))]
    unsupported = baseline["unsupported"]
    changes += [f"{p.id} is now unsupported: {p.reason}" for p in found.properties
                if p.verdict == Verdict.UNSUPPORTED and p.id not in unsupported]
    notices += [f"{p.id} was unsupported and now runs ({p.verdict})" for p in found.properties
                if p.verdict != Verdict.UNSUPPORTED and p.id in unsupported]
    return Comparison(tuple(changes), tuple(notices))
