"""Running a case through an engine and the oracle in lockstep, and explaining a divergence."""
from __future__ import annotations

import json
import re
from collections import Counter
from functools import cached_property

from hypothesis import event, note, reject
from hypothesis.control import currently_in_test_context

from mtg_conformance.adapters import validation
from mtg_conformance.adapters.contract import OBSERVED_FIELDS, ContractError, Engine, EngineError
from mtg_conformance.adapters.oracle_adapter import OracleEngine
from mtg_conformance.properties.coverage import Reached
from mtg_conformance.properties.model import Case, Property, Step, Tally


class Refused(ContractError):
    """The engine refused a case's scenario (ContractError on start): the case is skipped, not judged."""


class Divergence(AssertionError):
    """The engine broke a rule: where, how, and everything needed to replay it."""

    def __init__(self, prop: Property | None, case: Case, index: int, sentence: str, diffs: list,
                 observed: dict, expected: dict, trace: tuple = ()):
        self.prop, self.case, self.index, self.sentence, self.diffs = prop, case, index, sentence, diffs
        self.observed, self.expected = observed, expected
        self.trace = trace              # the oracle's decisions for the diverging action (or setup)
        self.by_claim = False           # True when the property's own claim found it
        self.claim_rules: tuple = ()    # the rules that claim named, if it named its own
        super().__init__(sentence)

    @cached_property
    def cause(self) -> tuple | None:
        """(position in `trace` of the decision blamed, the difference it is blamed for), or None
        (see `_cause`); `blamed` and `kind` both read it."""
        return _cause(self.diffs, self.trace)

    @property
    def blamed(self) -> tuple:
        """The CR rules it is blamed on: the claim's rules for a property's own claim, else the rules
        whose recorded decisions concern the fields that differ (see `blame`)."""
        if self.by_claim:
            return self.claim_rules or tuple(self.prop.claim_rules)
        return (self.trace[self.cause[0]].rule,) if self.cause else ()

    @property
    def signature(self) -> tuple:
        """(blamed rules, kind): what makes two divergences the same finding."""
        return (", ".join(self.blamed) or "unblamed", self.kind)

    @property
    def attributed(self) -> bool:
        """Is it blamed on the property's rules (see Property.blames)?"""
        action = self.case.program[self.index] if self.index >= 0 else None
        return bool(self.prop) and self.prop.blames(action, self.by_claim)

    @property
    def kind(self) -> str:
        """A stable signature: the property's own claim, or the differing field the blamed decision
        concerns (the first differing field when nothing is blamed), with object ids, seats and mana
        types wildcarded (`permanents.*.tapped`, `players[*].mana.*`); a zone names both sides'
        zones, engine's first (`permanents.*.zone=battlefield|exile`): an object left where it
        should have moved and one moved where it should have stayed are different bugs."""
        if self.by_claim or not self.diffs:
            return "claim"
        path, engine, oracle = self.cause[1] if self.cause else self.diffs[0]
        path = re.sub(r"^permanents\.[^.]+", "permanents.*", path)
        kind = re.sub(r"\.mana\.[A-Z]+$", ".mana.*", re.sub(r"\[\d+\]", "[*]", path))
        return f"{kind}={engine}|{oracle}" if kind.endswith(".zone") else kind

    def report(self, replay: str = "") -> str:
        head = (f"{self.prop.id} (CR {', '.join(self.prop.rules)}) {self.prop.title}"
                if self.prop else "lockstep")
        lines = [head, f"What went wrong: {self.sentence}",
                 f"At action {self.index + 1} of {len(self.case.program)}"
                 if self.index >= 0 else "At setup",
                 "Scenario: " + json.dumps(self.case.scenario),
                 "Program: " + json.dumps(list(self.case.program))]
        if self.blamed:
            lines.append(f"Blamed on: CR {', '.join(self.blamed)}")
        if self.diffs:
            width = max(len(path) for path, _, _ in self.diffs)
            lines.append(f"  {'where'.ljust(width)}  engine | oracle")
            lines += [f"  {path.ljust(width)}  {json.dumps(e)} | {json.dumps(o)}"
                      for path, e, o in self.diffs]
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


def differences(engine: dict, oracle: dict, path: str = "") -> list:
    """(path, engine value, oracle value) for every leaf where the two observations differ."""
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


def _within(path: str, field: str) -> int:
    """How specifically a decision's `field` concerns the observation `path` (0: not at all)."""
    if path == field or path.startswith((field + ".", field + "[")):
        return len(field)
    if field.startswith((path + ".", path + "[")):
        return len(path)
    return 0


def _triggers_differing(engine: list, oracle: list) -> set:
    """The (source id, event) trigger entries one side has and the other hasn't (as multisets)."""
    e, o = Counter(map(tuple, engine or ())), Counter(map(tuple, oracle or ()))
    return set((e - o) + (o - e))


def _most_specific(path: str, engine, oracle, trace) -> list:
    """Positions in `trace` of the most specific decisions that concern one differing field."""
    if path == "triggered":             # a decision about that very trigger, else about its source
        entries = _triggers_differing(engine, oracle)
        sources = {source for source, _ in entries}
        events = {f"triggered.{event}" for _, event in entries}
        about = [i for i, d in enumerate(trace) if "triggered" in d.fields]
        of_source = [i for i in about if sources & set(trace[i].objects)]
        return [i for i in of_source if events & set(trace[i].fields)] or of_source or about
    if path == "rejected":                  # `rejected.<reason>[.<aspect>]`, for the rejecting reason
        reasons = [f"rejected.{r}" for r in (engine, oracle) if r]
        path = next((r for r in reasons if any(f.startswith(r) for d in trace for f in d.fields)), path)
    best, found = 0, []
    for i, d in enumerate(trace):
        score = max((_within(path, f) for f in d.fields), default=0)
        if path.startswith("rejected.") and any(f.startswith(path + ".") for f in d.fields):
            score = len(path) + 1           # a decision about an aspect of that reason
        if score > best:
            best, found = score, [i]
        elif score and score == best:
            found.append(i)
    return found


def _explained_by_zone(diffs: list, trace) -> list:
    """The differences without those a differing zone explains: when engine and oracle put a
    permanent in different zones and a decision concerns its zone, a field only one side gives it
    (a card in the graveyard has no controller, power or toughness, is attached to nothing and has
    no damage marked) differs because of where it is."""
    moved = tuple(path[:-len("zone")] for path, e, o in diffs if path.startswith("permanents.")
                  and path.endswith(".zone") and _most_specific(path, e, o, trace))
    return [(path, e, o) for path, e, o in diffs
            if not (path.startswith(moved) and not path.endswith(".zone")
                    and (None in (e, o) or (path.endswith(".damage") and 0 in (e, o))))]


def _cause(diffs: list, trace) -> tuple | None:
    """(position in `trace` of the decision blamed, the difference it is blamed for), or None.

    For each difference, the most specific decisions that concern it (about the same object's field
    rather than a whole list; for `triggered`, about a differing trigger's source; for `rejected`,
    about the rejecting reason); of those, the one recorded first — what the oracle decided later
    follows from it. Differences are weighed in order of cause: when engine and oracle disagree on
    whether the action is legal, that alone is the cause; else the state's differences come before
    the triggers', which follow from events (a turn that began too early, 800.4j, fires that turn's
    triggers too). Of the differences the blamed decision concerns, a permanent's zone comes first:
    where an object is explains its other fields (`_explained_by_zone`)."""
    diffs = _explained_by_zone(diffs, trace)
    for concerned in ([d for d in diffs if d[0] == "rejected"], [d for d in diffs if d[0] != "triggered"],
                      diffs):
        found = [(i, diff) for diff in concerned for i in _most_specific(*diff, trace)]
        if found:
            first = min(i for i, _ in found)
            about = [diff for i, diff in found if i == first]
            return first, next((d for d in about if d[0].endswith(".zone")), about[0])
    return None


def blame(diffs: list, trace) -> tuple:
    """The CR rule whose decision in `trace` caused the differing fields (see `_cause`)."""
    cause = _cause(diffs, trace)
    return (trace[cause[0]].rule,) if cause else ()


def describe(action: dict | None, diffs: list) -> str:
    """One plain sentence for a divergence that no property claim explained."""
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
        self.oracle = OracleEngine()
        self.case = Case({}, ())

    def _compare(self, action, engine_obs, oracle_obs, index, trace):
        e, o = normalise(engine_obs, self.observes), normalise(oracle_obs, self.observes)
        if e["rejected"] in self.oracle.acceptable_reasons():
            e["rejected"] = o["rejected"]      # several reasons apply; the engine named another
        diffs = differences(e, o)
        if diffs:
            raise Divergence(self.prop, self.case, index, describe(action, diffs), diffs, e, o, trace)
        self.tally.agreed.update(d.rule for d in trace)

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
        if self.prop and self.prop.claim:
            said = self.prop.claim(step)
            if said:
                sentence, rules = (said, ()) if isinstance(said, str) else said
                e, o = normalise(engine_obs, self.observes), normalise(oracle_obs, self.observes)
                found = Divergence(self.prop, self.case, index, sentence, differences(e, o), e, o, trace)
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
