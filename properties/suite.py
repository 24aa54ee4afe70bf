"""Checking one property against one engine with Hypothesis; the profiles the runner offers."""
from __future__ import annotations

from functools import partial

from hypothesis import HealthCheck, given, settings
from hypothesis.errors import Unsatisfiable
from hypothesis.stateful import run_state_machine_as_test

from adapters.contract import Engine
from properties import lockstep
from properties.model import Case, Property, Tally

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


def _cards(case: Case) -> set:
    """Every card a case names: on the battlefield, in hands and libraries, and cast or put in."""
    named = {e["card"] for e in case.scenario.get("battlefield", [])}
    for player in case.scenario.get("players", []):
        named |= set(player.get("hand", [])) | set(player.get("library", []))
    return named | {a["card"] for a in case.program if "card" in a}


class Unsupported(Exception):
    """The engine's capabilities can't express what the property needs."""


def check(prop: Property, engine: Engine, vectors: list[Case] = (), profile: str | None = None,
          tally: Tally | None = None) -> Tally:
    """Run `prop` against `engine`: regression vectors first, then generated cases, under `profile`
    (default: the loaded one); return the tally of what ran (`tally`, filled in place, if given —
    so it is kept when a Divergence is raised). A case whose scenario the engine refuses is skipped
    and counted. Raises Divergence (a rules failure), EngineError, ContractError, or Unsupported
    (also when the engine refused every scenario)."""
    if profile:
        register_profiles()
    chosen = settings(settings.get_profile(hypothesis_profile(profile))) if profile else settings()
    capabilities = engine.capabilities()
    reason = prop.unsupported_reason(capabilities)
    if reason:
        raise Unsupported(reason)
    tally = Tally() if tally is None else tally
    started, skipped = tally.cases, tally.skipped
    # `generated` keeps its source, from which Hypothesis derives a derandomised run's seed.
    run_case = partial(lockstep.run_case, tally=tally)
    cards = set(capabilities.get("cards", ()))
    for case in vectors:
        if _cards(case) <= cards:
            try:
                run_case(engine, case, prop)
            except lockstep.Refused:
                pass
    if prop.stateful:
        machine = prop.cases(engine, capabilities, prop, tally)
        play = partial(run_state_machine_as_test, machine, settings=chosen)
    else:
        @chosen
        @given(case=prop.cases(capabilities))
        def generated(case):
            run_case(engine, case, prop)

        play = generated
    try:
        play()
    except Unsatisfiable:
        if tally.skipped == skipped:               # not because the engine refused: a suite bug
            raise
    if tally.skipped > skipped and tally.cases == started:
        raise Unsupported(f"the engine refused every scenario generated ({tally.skipped - skipped}), "
                          f"the first with: {tally.refusal}")
    return tally
