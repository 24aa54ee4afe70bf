"""Checking properties in this process, one after the other, without pytest or workers: a whole
certificate's results for tests and benchmarks (tests/properties/test_whole_certificates.py,
benchmarks/blame_precision.py). The CLI's `run` and `certify` go through runner/session.py, with
workers, progress and JUnit; both check each property with `check.check_property` and end in the
same `results.judge`."""
from __future__ import annotations

from pathlib import Path

from mtg_conformance.properties.model import all_properties
from mtg_conformance.runner import results
from mtg_conformance.runner.check import check_property, make


def certify(spec: str, failures: Path, profile: str = "ci", select=None,
            triage: bool = True) -> results.Results:
    """The results of checking every property `select` accepts (a predicate on the property id;
    default: all) against the engine `spec` (as on the command line) under `profile`, triaged,
    failing cases saved in `failures` as a certificate's vectors/ are (the redundant ones removed)."""
    outcomes = []
    for prop in all_properties().values():
        if select is not None and not select(prop.id):
            continue
        engine = make(spec)
        try:
            outcomes.append(check_property(prop, engine, spec, failures, triage, profile)[0])
        finally:
            engine.close()
    found = results.judge(outcomes)
    for name in results.redundant_vectors(outcomes, found):
        (failures / name).unlink(missing_ok=True)
    return found
