"""Running a case through an engine and the oracle in lockstep, and explaining a divergence."""
from __future__ import annotations

import json
import re
from functools import cached_property

from hypothesis import event, note, reject
from hypothesis.control import currently_in_test_context

from mtg_conformance.adapters import validation
from mtg_conformance.adapters.contract import OBSERVED_FIELDS, ContractError, Engine, EngineError
from mtg_conformance.adapters.oracle_adapter import OracleEngine
from mtg_conformance.properties import blame
from mtg_conformance.properties.blame import Cause
from mtg_conformance.properties.coverage import Reached
from mtg_conformance.properties.model import Case, Property, Step, Tally


class Refused(ContractError):
    """The engine refused a case's scenario (ContractError on start): the case is skipped, not judged."""


class Divergence(AssertionError):
    """The engine broke a rule: where, how, and everything needed to replay it. Without a
    `sentence` (a property's claim), one is made naming the blamed difference first."""

    def __init__(self, prop: Property | None, case: Case, index: int, sentence: str | None, diffs: list,
                 observed: dict, expected: dict, trace: tuple = (), before: dict | None = None):
        self.prop, self.case, self.index, self.diffs = prop, case, index, diffs
        self.observed, self.expected = observed, expected
        self.before = before            # the oracle's observation before the action; None at setup
        self.trace = trace              # the oracle's decisions for the diverging action (or setup)
        self.by_claim = False           # True when the property's own claim found it
        self.claim_rules: tuple = ()    # the rules that claim named, if it named its own
        self.sentence = sentence if sentence is not None else describe(self.action, self.rows)
        super().__init__(self.sentence)

    @property
    def action(self) -> dict | None:
        return self.case.program[self.index] if self.index >= 0 else None

    @cached_property
    def cause(self) -> Cause | None:
        """The oracle decision the engine departed from (properties/blame.py), or None."""
        return blame.cause(self.diffs, self.trace, self.before, self.observed)

    @cached_property
    def other_reading(self) -> tuple[tuple, str] | None:
        """(blamed rules, kind) of the case read the other way, where it can't tell two causes
        apart (properties/blame.other_reading), else None."""
        other = self.cause and blame.other_reading(self.cause, self.diffs, self.trace, self.before, self.observed)
        return ((other.decision.rule,), other.kind) if other else None

    @cached_property
    def identity(self) -> tuple[tuple, str]:
        """(blamed rules, kind). A difference is blamed on its cause's rule, its kind what that
        decision decided and the shape of the departure (`their-cards-leave:differs`), or the first
        difference's field when nothing is blamed. A property's own claim whose case also differs
        from the oracle is the finding its cause makes (the claim saw a consequence of that
        decision, or the same bug a difference alone shows); one with no cause is blamed on the
        claim's rules, of kind `claim:<property id>`."""
        cause = self.cause
        if cause:
            return (cause.decision.rule,), cause.kind
        if self.by_claim:
            return self.claim_rules or tuple(self.prop.claim_rules), f"claim:{self.prop.id}"
        if not self.diffs:
            return (), "claim"
        path, e, o = blame.weighed(self.diffs)[0]
        before = 0 if path.startswith("triggered.") else blame.value_at(self.before, path)
        return (), f"{blame.kind_of(path)}:{blame.shape(path, e, o, before)}"

    @property
    def blamed(self) -> tuple:
        """The CR rules it is blamed on (see `identity`)."""
        return self.identity[0]

    @property
    def kind(self) -> str:
        """What was departed from and how (see `identity`); with `blamed`, the finding."""
        return self.identity[1]

    @property
    def signature(self) -> tuple:
        """(blamed rules, kind): what makes two divergences the same finding."""
        return (", ".join(self.blamed) or "unblamed", self.kind)

    @property
    def attributed(self) -> bool:
        """Is it blamed on the property's rules (see Property.blames)?"""
        return bool(self.prop) and self.prop.blames(self.action, self.by_claim)

    @property
    def rows(self) -> list:
        """The differences (where, engine, oracle), the one the cause is blamed for first."""
        where = self.cause.where if self.cause else ""
        where = "triggered" if where.startswith("triggered.") else where
        return sorted(self.diffs, key=lambda d: d[0] != where)

    def report(self, replay: str = "") -> str:
        head = (f"{self.prop.id} (CR {', '.join(self.prop.rules)}) {self.prop.title}"
                if self.prop else "lockstep")
        lines = [head, f"What went wrong: {self.sentence}",
                 f"At action {self.index + 1} of {len(self.case.program)}"
                 if self.index >= 0 else "At setup",
                 "Scenario: " + json.dumps(self.case.scenario),
                 "Program: " + json.dumps(list(self.case.program))]
        if self.blamed:
            lines.append(f"Blamed on: CR {', '.join(self.blamed)}"
                         + (f" ({self.cause.decision.says})" if self.cause else ""))
        if self.diffs:
            width = max(len(path) for path, _, _ in self.diffs)
            lines.append(f"  {'where'.ljust(width)}  engine | oracle")
            lines += [f"  {path.ljust(width)}  {json.dumps(e)} | {json.dumps(o)}"
                      for path, e, o in self.rows]
        if replay:
            lines.append(f"Replay: {replay}")
        return "\n".join(lines)


def normalise(observation: dict, observes: set) -> dict:
    """Drop what the engine doesn't claim to observe (capabilities), so it isn't judged on it."""
    out = {"permanents": {}, "players": [], "triggered": observation.get("triggered", []),
           "rejected": observation.get("rejected")}
    for pid, p in (observation.get("permanents") or {}).items():
        p = dict(p)
        for part, fields in OBSERVED_FIELDS.items():
            if part not in observes:
                for name in fields:
                    p.pop(name, None)
        out["permanents"][pid] = p
    for p in observation.get("players") or []:
        p = dict(p)
        if "tokens" not in observes:
            p.pop("tokens", None)
        out["players"].append(p)
    if "triggered" not in observes:
        out.pop("triggered")
    else:
        out["triggered"] = sorted(list(t) for t in out["triggered"])
    return out


def _part(path: str) -> str | None:
    """The optional observed part (OBSERVES) a decision's field belongs to; None for the fields every
    engine reports (zones, tapped status, life, mana, rejection)."""
    if path.startswith("triggered"):
        return "triggered"
    parts = path.split(".")
    if path.startswith("players[") and parts[1:2] == ["tokens"]:
        return "tokens"
    if parts[0] == "permanents" and len(parts) > 2:
        return next((part for part, fields in OBSERVED_FIELDS.items()
                     if part != "tokens" and parts[2] in fields), None)
    return None


def compared(decision, observes: set) -> bool:
    """Is what `decision` decided compared on an engine observing `observes`: one of its fields is
    in a part the engine reports (a decision only about triggers checks nothing on an engine that
    keeps no trigger log). A decision naming no field counts, as it always has."""
    return not decision.fields or any(_part(f) in observes or _part(f) is None for f in decision.fields)


def differences(engine: dict, oracle: dict, path: str = "") -> list:
    """(path, engine value, oracle value) for every leaf where the two observations differ."""
    if engine == oracle:                # most of most observations: compared at C speed
        return []
    if isinstance(engine, dict) and isinstance(oracle, dict):
        out = []
        for key in sorted(set(engine) | set(oracle), key=str):
            out += differences(engine.get(key), oracle.get(key), f"{path}.{key}" if path else str(key))
        return out
    if (isinstance(engine, list) and isinstance(oracle, list) and len(engine) == len(oracle)
            and path != "triggered"):
        out = []
        for i, (e, o) in enumerate(zip(engine, oracle)):
            out += differences(e, o, f"{path}[{i}]")
        return out
    return [] if engine == oracle else [(path, engine, oracle)]


def rule_key(rule: str) -> tuple:
    """Sort CR numbers naturally: 106.5 < 106.12 < 106.12a < 702.26d."""
    return tuple((int(m[0]), m[1]) for m in re.findall(r"(\d+)([a-z]*)", rule))


def describe(action: dict | None, diffs: list) -> str:
    """One plain sentence for a divergence that no property claim explained, about its first
    difference (`Divergence.rows`: the blamed one first)."""
    path, e, o = diffs[0]
    what = f"after {json.dumps(action)}" if action else "right after setup"
    more = f" (and {len(diffs) - 1} more difference{'s' * (len(diffs) > 2)})" if len(diffs) > 1 else ""
    return f"{what}, the engine reports {path} = {json.dumps(e)} where the rules give {json.dumps(o)}{more}"


def _checked(observation, after: str) -> dict:
    """The engine's observation, schema-checked by the one compiled validator (adapters/validation.py)
    whatever the adapter — in process or over stdio; EngineError if it breaks the contract."""
    problem = validation.problem("observation", observation)
    if problem:
        raise EngineError(f"the engine's observation after {after} breaks the contract: {problem}")
    return observation


class Lockstep:
    """An engine and a fresh oracle, set up with the same scenario and fed the same actions; what
    they exercised goes into `tally`: rules, and the situations and interactions the case reached."""

    def __init__(self, engine: Engine, prop: Property | None = None, tally: Tally | None = None):
        self.engine, self.prop = engine, prop
        self.tally = Tally() if tally is None else tally
        self.reached = Reached(prop.situations if prop else (), self.tally)
        self.observes = set(engine.capabilities().get("observes", ())) | {"permanents"}
        # A claim reads the engine's observation: only where the engine reports what it reads.
        self.claim = prop.claim if prop and prop.observes <= self.observes else None
        self.oracle = OracleEngine()
        self.case = Case({}, ())

    def _compare(self, action, engine_obs, oracle_obs, index, trace):
        e, o = normalise(engine_obs, self.observes), normalise(oracle_obs, self.observes)
        if e["rejected"] in self.oracle.acceptable_reasons():
            e["rejected"] = o["rejected"]      # several reasons apply; the engine named another
        diffs = differences(e, o)
        if diffs:
            raise Divergence(self.prop, self.case, index, None, diffs, e, o, trace, self._before(index))
        self.tally.agreed.update(d.rule for d in trace if compared(d, self.observes))

    def _before(self, index: int) -> dict | None:
        """The oracle's observation before action `index` (None at setup), as compared."""
        return normalise(self.oracle_before, self.observes) if index >= 0 else None

    def start(self, scenario: dict) -> None:
        """Set both up. A scenario the engine refuses is a skipped case, counted in the tally: an
        invalid example for Hypothesis, else Refused."""
        self.case = Case(scenario, ())
        self.oracle_before = self.oracle.start(scenario)
        trace = self.oracle.trace()
        try:
            self.before = _checked(self.engine.start(scenario), "the scenario")
        except ContractError as why:
            self.tally.skipped += 1
            self.tally.refusal = self.tally.refusal or str(why)
            if currently_in_test_context():
                reject()
            raise Refused(str(why)) from None
        self.tally.cases += 1
        self.tally.applied.update(d.rule for d in trace)
        self.reached.record(trace)
        self._compare(None, self.before, self.oracle_before, -1, trace)

    def act(self, action: dict) -> Step:
        self.case = Case(self.case.scenario, self.case.program + (action,))
        oracle_obs = self.oracle.act(action)
        trace = self.oracle.trace()
        self.tally.applied.update(d.rule for d in trace)
        self.reached.record(trace)
        engine_obs = _checked(self.engine.act(action), f"action {len(self.case.program) - 1}")
        step = Step(self.case.scenario, action, self.before, engine_obs, self.oracle_before, oracle_obs)
        index = len(self.case.program) - 1
        if self.prop and self.prop.labels:
            for label in self.prop.labels(step):
                if currently_in_test_context():
                    event(label)
                self.tally.labels[label] += 1
        if self.claim:
            said = self.claim(step)
            if said:
                sentence, rules = (said, ()) if isinstance(said, str) else said
                e, o = normalise(engine_obs, self.observes), normalise(oracle_obs, self.observes)
                found = Divergence(self.prop, self.case, index, sentence, differences(e, o), e, o, trace,
                                   self._before(index))
                found.by_claim, found.claim_rules = True, tuple(rules)
                raise found
        self._compare(action, engine_obs, oracle_obs, index, trace)
        self.before, self.oracle_before = engine_obs, oracle_obs
        return step


def run_case(engine: Engine, case: Case, prop: Property | None = None,
             tally: Tally | None = None) -> list[Step]:
    """Play `case` on `engine` and the oracle, counting into `tally`; Divergence at the first
    disagreement."""
    run = Lockstep(engine, prop, tally)
    run.start(case.scenario)
    steps = []
    for action in case.program:
        if currently_in_test_context():
            note(f"action: {json.dumps(action)}")
        steps.append(run.act(action))
    return steps
