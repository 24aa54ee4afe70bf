"""Checking one property against one engine, in this process: its outcome (runner/results.py) and
the text a failure shows. The one place the runner turns a property's search into a verdict —
`run`'s and `certify`'s workers (runner/core.py) and the pytest front-end (runner/test_conformance.py)
both call it.

An engine error ends the property at once (properties/triage.py never shrinks it): the case that met
it is saved as it is, with the engine's last words (its message and the tail of its stderr), and
the property's verdict is `error`.
"""
from __future__ import annotations

from functools import partial
from pathlib import Path

from mtg_conformance.adapters.contract import ContractError, Engine, EngineError, MtgConformanceError
from mtg_conformance.adapters.registry import make_engine
from mtg_conformance.adapters.stdio import StdioEngine, one_line
from mtg_conformance.oracle.vocabulary import Verdict
from mtg_conformance.properties.examples import kept_cases
from mtg_conformance.properties.model import Case, Property, Tally, all_properties
from mtg_conformance.properties.suite import Unsupported, exercised, search
from mtg_conformance.properties.vectors import VECTOR_VERSION, regression_cases, save, vector_id
from mtg_conformance.runner import results

STDERR_KEPT = 4000          # characters of an engine's stderr a saved error case keeps


def make(spec: str, timeout: float | None = None) -> Engine:
    """The engine `spec` names; a stdio engine gets `timeout` seconds to answer each request."""
    engine = make_engine(spec)
    if timeout and isinstance(engine, StdioEngine):
        engine.timeout = timeout
    return engine


class Recorded(Engine):
    """An engine that remembers the case it is playing: the scenario and every action sent, the
    last one included, so a case that made the engine fail can be saved as it is. Before each
    request it calls `checkpoint` (the runner's: it raises when the run is to stop)."""

    def __init__(self, engine: Engine, checkpoint=lambda: None):
        self.engine, self.case, self.checkpoint = engine, Case({}, ()), checkpoint

    def identity(self) -> dict:
        return self.engine.identity()

    def capabilities(self) -> dict:
        return self.engine.capabilities()

    def start(self, scenario: dict) -> dict:
        self.checkpoint()
        self.case = Case(scenario, ())
        return _asked(self.engine.start, scenario)

    def act(self, action: dict) -> dict:
        self.checkpoint()
        self.case = Case(self.case.scenario, self.case.program + (action,))
        return _asked(self.engine.act, action)

    def close(self) -> None:
        self.engine.close()

    def __getattr__(self, name):                    # what else an adapter offers its properties
        if name == "engine":
            raise AttributeError(name)
        return getattr(self.engine, name)


def _asked(request, argument: dict) -> dict:
    """An in-process adapter's answer; an exception it raises that is none of the contract's (a
    KeyError in its code) is the engine failing, like a stdio engine that crashed."""
    try:
        return request(argument)
    except MtgConformanceError:
        raise
    except Exception as why:
        raise EngineError(f"the engine raised {type(why).__name__}: {why}") from why


def last_words(error: Exception) -> str:
    """The engine's error in one line, with the last line it wrote on stderr, if any."""
    stderr = [line for line in getattr(error, "stderr", "").splitlines() if line.strip()]
    said = f" (its stderr ends: {one_line(stderr[-1])})" if stderr else ""
    return one_line(f"{error}{said}", limit=600)


def save_error_case(prop: Property, case: Case, error: Exception, spec: str, failures: Path) -> Path:
    """The case that made the engine fail, as a vector (`replay` says ERROR until it is fixed)."""
    vector = {"vector": VECTOR_VERSION, "id": vector_id(prop.id, case), "property": prop.id,
              "rules": list(prop.rules), "title": prop.title,
              "what_went_wrong": f"the engine failed: {one_line(str(error), limit=600)}",
              "engine": spec, "scenario": case.scenario, "program": list(case.program),
              "expected": None, "observed": None,
              "engine_error": {"message": str(error),
                               "stderr": getattr(error, "stderr", "")[-STDERR_KEPT:]}}
    return save(vector, failures)


def check_property(prop: Property, engine: Engine, spec: str, failures: Path, triage: bool,
                   profile: str | None = None, kept: list = (),
                   checkpoint=lambda: None) -> tuple[results.PropertyOutcome, str]:
    """Check `prop` on `engine` (named `spec`) under `profile` (default: Hypothesis's loaded one):
    its outcome, and what a failure report says (empty when it passes). Failing cases go to
    `failures`; `checkpoint` is called before each request to the engine."""
    tally, recorded = Tally(), Recorded(engine, checkpoint)
    verdict = partial(results.PropertyVerdict, prop.id, prop.title, tuple(prop.rules))
    try:
        checked = search(prop, recorded, regression_cases(prop.id) + list(kept), profile=profile,
                         tally=tally, triage=triage)
    except Unsupported as why:
        return results.PropertyOutcome(verdict(Verdict.UNSUPPORTED, str(why))), f"unsupported: {why}"
    except (EngineError, ContractError) as why:          # before any case: the handshake, capabilities
        return results.PropertyOutcome(verdict(Verdict.ERROR, last_words(why))), f"engine error: {why}"
    findings, reports = results.findings_of(prop.id, checked, spec, failures)
    coverage = results.Coverage(tally.cases, tally.skipped, dict(tally.labels), dict(tally.applied),
                                dict(tally.agreed), dict(tally.situations), dict(tally.interactions))
    ids = tuple(f.id for f in findings)
    supported = checked.support
    subset = results.Subset(supported.rules, supported.without) if supported and supported.partial else None
    verdict = partial(verdict, subset=subset)
    if checked.error:
        reason = last_words(checked.error)
        if recorded.case.scenario:
            saved = save_error_case(prop, recorded.case, checked.error, spec, failures)
            reason += f"; the case: {saved.name}"
        reports.append(f"engine error: {reason}")
        state = (Verdict.ERROR, reason)
    elif findings:
        state = (Verdict.FAIL, "")
    elif not any(exercised(rule, tally.agreed) for rule in prop.rules):
        state = (Verdict.UNSUPPORTED, f"none of its rules was exercised by its {tally.cases} cases"
                 + (f" (on what the engine declares: it lacks {subset.lacks})" if subset else ""))
    else:
        state = (Verdict.PASS, "")
    if len(findings) > 1:
        reports.insert(0, f"{len(findings)} distinct findings: {', '.join(ids)}")
    outcome = results.PropertyOutcome(verdict(*state, tally.cases, coverage, ids), findings)
    return outcome, "\n\n".join(reports)


def check_by_id(prop_id: str, spec: str, failures: str, triage: bool, profile: str | None,
                database: str | None = None, timeout: float | None = None,
                checkpoint=lambda: None) -> results.PropertyOutcome:
    """Check one property on a fresh engine made from `spec`, closed afterwards: what a worker
    does for each property it is given. An engine that can't be made is the property's error."""
    from mtg_conformance.runner.fuzz_db import open_database
    prop = all_properties()[prop_id]
    try:
        engine = make(spec, timeout)
    except MtgConformanceError as why:
        return results.PropertyOutcome(results.PropertyVerdict(
            prop.id, prop.title, tuple(prop.rules), Verdict.ERROR, last_words(why)))
    try:
        kept = kept_cases(prop, engine, open_database(database)) if database else []
        return check_property(prop, engine, spec, Path(failures), triage, profile, kept, checkpoint)[0]
    except (EngineError, ContractError) as why:          # reading kept cases asked the engine
        return results.PropertyOutcome(results.PropertyVerdict(
            prop.id, prop.title, tuple(prop.rules), Verdict.ERROR, last_words(why)))
    finally:
        engine.close()
