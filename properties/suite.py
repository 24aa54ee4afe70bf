"""Checking one property against one engine with Hypothesis; the profiles the runner offers."""
from __future__ import annotations

from attrs import frozen
from hypothesis import HealthCheck, settings

from mtg_conformance.adapters.contract import ContractError, Engine, EngineError
from mtg_conformance.properties.model import Case, Property, Tally
from mtg_conformance.properties.triage import Census, Found, Search

_QUIET = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]
_COMMON = {"deadline": None, "suppress_health_check": _QUIET, "report_multiple_bugs": False}
_SETTINGS = {"dev": {"max_examples": 60},
             "ci": {"max_examples": 150, "derandomize": True, "database": None, "print_blob": True,
                    "stateful_step_count": 12},
             "thorough": {"max_examples": 3000, "stateful_step_count": 40}}
PROFILES = tuple(_SETTINGS)


def hypothesis_profile(name: str) -> str:
    """The Hypothesis profile behind a profile of ours: `ci` -> `mtg-ci`, prefixed so that a test
    suite's own profiles keep their names."""
    return f"mtg-{name}"


def register_profiles() -> None:
    """Register mtg-dev, mtg-ci and mtg-thorough with Hypothesis: done on use, never on import."""
    for name, chosen in _SETTINGS.items():
        settings.register_profile(hypothesis_profile(name), **chosen, **_COMMON)


class Unsupported(Exception):
    """The engine's capabilities can't express what the property needs."""


@frozen
class Checked:
    """What checking one property found: each distinct divergence (shrunk, with how many cases
    showed it), and the engine error that cut the check short, if one did."""

    tally: Tally
    findings: tuple[Found, ...]
    error: EngineError | ContractError | None = None


def _prepared(prop: Property, engine: Engine, profile: str | None) -> tuple[settings, dict]:
    """The settings of `profile` (default: the loaded one) and the engine's capabilities; raises
    Unsupported when they can't express what `prop` needs."""
    if profile:
        register_profiles()
    chosen = settings(settings.get_profile(hypothesis_profile(profile))) if profile else settings()
    capabilities = engine.capabilities()
    reason = prop.unsupported_reason(capabilities)
    if reason:
        raise Unsupported(reason)
    return chosen, capabilities


def search(prop: Property, engine: Engine, vectors: list[Case] = (), profile: str | None = None,
           tally: Tally | None = None, triage: bool = False) -> Checked:
    """Run `prop` against `engine`: regression vectors first, then generated cases, under `profile`
    (default: the loaded one), counting into `tally`. Stops at the first divergence, or with
    `triage` goes on to find every distinct one (properties/triage.py). A case whose scenario the
    engine refuses is skipped and counted. Raises Unsupported when the engine can't express what
    the property needs, or refused every scenario."""
    chosen, capabilities = _prepared(prop, engine, profile)
    tally = Tally() if tally is None else tally
    started, skipped = tally.cases, tally.skipped
    finder = Search(prop, engine, capabilities, chosen, tally, triage)
    cards = set(capabilities.get("cards", ()))
    try:
        finder.replay([case for case in vectors if case.cards() <= cards])
        finder.generate()
    except (EngineError, ContractError) as why:
        return Checked(tally, tuple(finder.found.values()), why)
    if tally.skipped > skipped and tally.cases == started:
        raise Unsupported(f"the engine refused every scenario generated ({tally.skipped - skipped}), "
                          f"the first with: {tally.refusal}")
    return Checked(tally, tuple(finder.found.values()))


def check(prop: Property, engine: Engine, vectors: list[Case] = (), profile: str | None = None,
          tally: Tally | None = None) -> Tally:
    """`search` stopping at the first divergence; returns the tally (`tally`, filled in place, if
    given — so it is kept when a Divergence is raised). Raises Divergence (a rules failure),
    EngineError, ContractError, or Unsupported."""
    checked = search(prop, engine, vectors, profile, tally)
    if checked.findings:
        raise checked.findings[0].divergence
    if checked.error:
        raise checked.error
    return checked.tally


def census(prop: Property, engine: Engine, seen, profile: str | None = None,
           tally: Tally | None = None) -> Tally:
    """Play every case `prop` generates under `profile` (default: the loaded one) on `engine`,
    never stopping at a divergence nor shrinking one: `seen` gets each case's Divergence, or None
    when the case agreed (properties/triage.Census). For measuring how many cases diverge, not for
    judging an engine (no regression vectors, no triage). Returns the tally; raises Unsupported,
    EngineError or ContractError."""
    chosen, capabilities = _prepared(prop, engine, profile)
    tally = Tally() if tally is None else tally
    Census(prop, engine, capabilities, chosen, tally, seen).generate()
    return tally
