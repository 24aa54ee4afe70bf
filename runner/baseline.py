"""Expectations (a baseline): an engine's known divergences, so its CI fails only on change.

A baseline lists, per property that doesn't pass, its verdict and the kind of divergence; a property
not listed is expected to pass. Comparing a run with it finds every change: a new failure, a failure
of another kind, a listed failure that no longer reproduces (fixed: update the file).
"""
from __future__ import annotations

from adapters.contract import MtgConformanceError
from properties.vectors import read_json

BASELINE_VERSION = 1


class BaselineError(MtgConformanceError, ValueError):
    """A baseline file that can't be used; the message names the file and the problem."""

    hint = "write one with `mtg-conformance run --write-baseline FILE` (docs/ci.md)"


def load(path) -> dict:
    data = read_json(path, BaselineError)
    if not isinstance(data, dict) or data.get("baseline") != BASELINE_VERSION \
            or not isinstance(data.get("expected"), dict):
        raise BaselineError(f"{path}: not a version-{BASELINE_VERSION} baseline "
                            "({\"baseline\": 1, \"expected\": {...}})")
    return data


def from_results(results: list[dict], engine: dict) -> dict:
    """A baseline recording a run's results as what is expected."""
    expected = {r["property"]: {k: r[k] for k in ("verdict", "kind", "rules", "title") if k in r}
                for r in results if r["verdict"] != "pass"}
    return {"baseline": BASELINE_VERSION, "engine": engine, "expected": expected}


def changes(baseline: dict, results: list[dict]) -> list[str]:
    """Every way `results` differ from what `baseline` expects, one sentence each."""
    out = []
    for r in results:
        want = baseline["expected"].get(r["property"], {"verdict": "pass"})
        if r["verdict"] != want["verdict"]:
            out.append(f"{r['property']}: expected {want['verdict']}, got {r['verdict']}")
        elif r["verdict"] == "fail" and want.get("kind") and r.get("kind") != want["kind"]:
            out.append(f"{r['property']}: fails differently: {r.get('kind')} (expected {want['kind']})")
    ran = {r["property"] for r in results}
    out += [f"{pid}: listed in the baseline but not run" for pid in baseline["expected"]
            if pid not in ran and baseline["expected"][pid]["verdict"] != "pass" and results
            and len(ran) > 1]
    return out
