"""Checking properties in this process, one after the other, without pytest: a whole certificate's
results for tests and benchmarks (tests/properties/test_whole_certificates.py,
benchmarks/blame_precision.py). The CLI's `run` and `certify` go through runner/session.py, with
workers, progress and JUnit; both end in the same `results.outcome_of` and `results.judge`."""
from __future__ import annotations

from pathlib import Path

from mtg_conformance.adapters.registry import make_engine
from mtg_conformance.properties.model import Tally, all_properties
from mtg_conformance.properties.suite import Unsupported, search
from mtg_conformance.properties.vectors import regression_cases
from mtg_conformance.runner import results


def certify(spec: str, failures: Path, profile: str = "ci", select=None,
            triage: bool = True) -> results.Results:
    """The results of checking every property `select` accepts (a predicate on the property id;
    default: all) against the engine `spec` (as on the command line) under `profile`, triaged,
    failing cases saved in `failures` as a certificate's vectors/ are (the redundant ones removed)."""
    outcomes = []
    for prop in all_properties().values():
        if select is not None and not select(prop.id):
            continue
        engine = make_engine(spec)
        try:
            checked = search(prop, engine, regression_cases(prop.id), profile, Tally(), triage)
        except Unsupported as why:
            outcomes.append(results.PropertyOutcome(results.PropertyVerdict(
                prop.id, prop.title, tuple(prop.rules), "unsupported", str(why))))
            continue
        finally:
            engine.close()
        outcomes.append(results.outcome_of(prop, checked, spec, failures)[0])
    found = results.judge(outcomes)
    for name in results.redundant_vectors(outcomes, found):
        (failures / name).unlink(missing_ok=True)
    return found
