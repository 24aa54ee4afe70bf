"""Hypothesis profiles the suite's own tests add to ours (properties/suite.py)."""
from __future__ import annotations

from hypothesis import Phase, settings

from mtg_conformance.properties.suite import hypothesis_profile, register_profiles


def unshrunk() -> str:
    """`ci-unshrunk`: `ci`'s cases, in `ci`'s order, stopping at the first divergence unshrunk.
    Shrinking keeps a divergence's signature (properties/triage.py fails only cases of the
    signature it is shrinking), so what a test asserts of its blame holds for both; skipping it
    saves the hundreds of cases shrinking plays. Returns the name `check(profile=...)` takes."""
    register_profiles()
    settings.register_profile(hypothesis_profile("ci-unshrunk"), settings.get_profile(hypothesis_profile("ci")),
                              phases=[Phase.explicit, Phase.generate])
    return "ci-unshrunk"
