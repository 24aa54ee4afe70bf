"""A run's results as typed values: findings, property verdicts and rule verdicts.

The checking code (runner/check.py) makes one PropertyOutcome per property, its findings from
`findings_of`; from a worker process it travels as JSON (runner/core.py) and is appended to the
run's results file (runner/stream.py). `judge` merges findings across properties and gives each CR
rule its verdict; every writer (terminal, report.json, report.md, report.html, badge, JUnit,
baselines) reads them.
"""
from __future__ import annotations

import json
import shlex
from pathlib import Path

import cattrs
from attrs import evolve, field, frozen

from mtg_conformance.oracle.vocabulary import PROPERTY_VERDICTS, RULE_VERDICTS, Verdict  # noqa: F401
from mtg_conformance.properties.lockstep import rule_key
from mtg_conformance.properties.suite import exercised as exercised_by
from mtg_conformance.properties.rules import RULE_TITLES
from mtg_conformance.properties.triage import EXAMPLES, evidence
from mtg_conformance.properties.vectors import from_divergence, save


def finding_id(rules, kind: str) -> str:
    """Stable across runs, properties and engines: the blamed rules and the kind (what the
    decision departed from decided and the departure's shape, properties/blame.py), e.g.
    `800.4a:their-cards-leave:differs` or `106.5:claim:MANA-001`."""
    return f"{'+'.join(rules) or 'unblamed'}:{kind}"


@frozen
class Example:
    """One shrunk case of a finding: the board before (the scenario) and the actions, the last the
    one that diverged, each difference after it (where | engine | oracle, the blamed one first), the
    oracle decision departed from, and its vector file. `cards` and `action` are what makes two
    examples of one finding distinct (properties/triage.evidence); `other_reading` the finding
    the case also reads as, where it can't tell two causes apart (properties/blame.other_reading)."""

    property: str
    vector: str
    message: str
    scenario: dict
    program: tuple[dict, ...]
    differences: tuple[tuple, ...]
    decision: str                # what the oracle decided, as its Decision says it ("" if none)
    cards: tuple[str, ...]
    action: str
    other_reading: str = ""

    @property
    def size(self) -> int:
        return len(self.program)


@frozen
class Finding:
    """One distinct divergence: the rules it is blamed on and its kind (its signature), up to
    EXAMPLES distinct minimal cases, the smallest first (its sentence is `message`, its file
    `vector`), the properties it showed in and how many cases showed it in each; `folded`, the
    findings folded into it (`fold`) and their cases."""

    id: str
    rules: tuple[str, ...]
    kind: str
    message: str
    vector: str                 # file name of the minimal case in the vectors directory
    properties: tuple[str, ...]
    cases: int
    size: int                   # actions in the minimal case: the smallest across properties is kept
    examples: tuple[Example, ...] = ()
    per_property: dict[str, int] = field(factory=dict)   # cases that showed it, by property
    folded: dict[str, int] = field(factory=dict)         # findings folded into it: their cases

    @property
    def signature(self) -> tuple:
        return (", ".join(self.rules) or "unblamed", self.kind)


def example_of(d, prop_id: str, vector: str) -> Example:
    """The Example of a Divergence `d`, whose vector file is `vector`."""
    cards, action = evidence(d)
    return Example(prop_id, vector, d.sentence, d.case.scenario, tuple(d.case.program[:d.index + 1]),
                   tuple(tuple(row) for row in d.rows), d.cause.decision.says if d.cause else "",
                   cards, action, finding_id(*d.other_reading) if d.other_reading else "")


@frozen
class Coverage:
    """What a property's cases exercised: cases run, cases skipped because the engine refused their
    scenario, statistics labels, per CR rule the oracle's decisions (`applied`) and those in
    actions the engine agreed on (`agreed`), and the cases that reached each of its situations and
    each interaction of two cards (properties/coverage.py)."""

    cases: int = 0
    skipped: int = 0
    labels: dict[str, int] = field(factory=dict)
    applied: dict[str, int] = field(factory=dict)
    agreed: dict[str, int] = field(factory=dict)
    situations: dict[str, int] = field(factory=dict)
    interactions: dict[str, int] = field(factory=dict)


@frozen
class Subset:
    """A property run on the engine's declared subset (properties.suite.support): the rules of it
    cases within that subset can exercise, and what the engine lacks that it would use, which is
    why its other rules can't be."""

    rules: tuple[str, ...]
    lacks: str


@frozen
class PropertyVerdict:
    """pass, fail (with its findings), unsupported or error (with the reason); `subset` when it ran
    on part of what it checks."""

    id: str
    title: str
    rules: tuple[str, ...]
    verdict: Verdict
    reason: str = ""
    examples: int | None = None
    coverage: Coverage = field(factory=Coverage)
    findings: tuple[str, ...] = ()
    subset: Subset | None = None

    def exercises(self, rule: str) -> bool:
        """Can this property's cases on this engine exercise `rule` (it ran, on all of what it
        checks or on a subset that reaches the rule)?"""
        return self.verdict != Verdict.UNSUPPORTED and (self.subset is None or rule in self.subset.rules)


@frozen
class PropertyOutcome:
    """What checking one property sends to the controller: its verdict and its own findings."""

    verdict: PropertyVerdict
    findings: tuple[Finding, ...] = ()


@frozen
class RuleVerdict:
    """fail: a finding is blamed on it; pass: exercised in agreed actions and never blamed;
    not_exercised: no case applied it; unsupported: every property checking it is, or runs on a
    subset of the engine's that can't exercise it; error: a
    property checking it stopped on an engine error."""

    rule: str
    title: str
    verdict: Verdict
    exercised: int
    findings: tuple[str, ...] = ()
    reason: str = ""


@frozen
class Results:
    properties: tuple[PropertyVerdict, ...]
    findings: tuple[Finding, ...]
    rules: tuple[RuleVerdict, ...]

    @property
    def rules_passed(self) -> int:
        return sum(r.verdict == Verdict.PASS for r in self.rules)

    @property
    def rules_checked(self) -> int:
        return sum(r.verdict != Verdict.UNSUPPORTED for r in self.rules)

    @property
    def coverage(self) -> dict[str, dict[str, int]]:
        """Rule coverage over the run: per CR rule, the oracle's decisions and those agreed on."""
        total: dict[str, dict[str, int]] = {}
        for p in self.properties:
            for key in ("applied", "agreed"):
                for rule, n in getattr(p.coverage, key).items():
                    row = total.setdefault(rule, {"applied": 0, "agreed": 0})
                    row[key] += n
        return dict(sorted(total.items(), key=lambda item: rule_key(item[0])))

    def counts(self) -> dict[str, int]:
        """How many properties got each verdict."""
        return {v: sum(p.verdict == v for p in self.properties) for v in PROPERTY_VERDICTS}


_converter = cattrs.Converter()


def dumps(outcome: PropertyOutcome) -> str:
    return json.dumps(_converter.unstructure(outcome), sort_keys=True)


def loads(text: str) -> PropertyOutcome:
    return _converter.structure(json.loads(text), PropertyOutcome)


def unstructure(value):
    return _converter.unstructure(value)


def outcomes(doc: list) -> list[PropertyOutcome]:
    """Outcomes from their JSON form (a list, as the plugin's --results-file holds them)."""
    return _converter.structure(doc, list[PropertyOutcome])


def _examples(examples) -> tuple[Example, ...]:
    """Up to EXAMPLES distinct examples, the smallest first (ties by vector file name)."""
    kept: dict[tuple, Example] = {}
    for e in sorted(examples, key=lambda x: (x.size, x.vector)):
        kept.setdefault((e.cards, e.action), e)
    return tuple(kept.values())[:EXAMPLES]


def merge(findings) -> tuple[Finding, ...]:
    """One finding per signature: the properties and cases added up, the smallest distinct
    examples kept."""
    by_signature: dict[tuple, list[Finding]] = {}
    for f in findings:
        by_signature.setdefault(f.signature, []).append(f)
    merged = []
    for same in by_signature.values():
        kept = min(same, key=lambda x: (x.size, x.vector))
        examples = _examples(e for f in same for e in f.examples)
        first = examples[0] if examples else kept
        merged.append(Finding(kept.id, kept.rules, kept.kind, first.message, first.vector, _properties(same),
                              sum(f.cases for f in same), first.size, examples, _cases_by_property(same)))
    return tuple(sorted(fold(merged), key=lambda f: (rule_key(f.rules[0]) if f.rules else (), f.id)))


def _properties(findings) -> tuple[str, ...]:
    """The properties any of `findings` showed in."""
    return tuple(sorted({p for f in findings for p in f.properties}))


def _cases_by_property(findings) -> dict[str, int]:
    """The cases of `findings` added up by property."""
    per_property: dict[str, int] = {}
    for f in findings:
        for prop, n in (f.per_property or {p: f.cases for p in f.properties}).items():
            per_property[prop] = per_property.get(prop, 0) + n
    return dict(sorted(per_property.items()))


def fold(findings) -> list[Finding]:
    """Parsimony: a finding every example of which reads the other way as one other finding of the
    certificate (Example.other_reading: the case can't tell the two causes apart), itself not folded,
    is that finding's: its cases and properties are added to it, its examples left out."""
    by_id = {f.id: f for f in findings}

    def reading(f: Finding) -> str:
        others = {e.other_reading for e in f.examples}
        return next(iter(others)) if len(others) == 1 and f.examples else ""
    readings = {f.id: reading(f) for f in findings}
    into = {f: g for f, g in readings.items() if g in by_id and g != f}
    into = {f: g for f, g in into.items() if g not in into}
    folded = []
    for f in findings:
        if f.id in into:
            continue
        parts = [by_id[x] for x, g in into.items() if g == f.id]
        if parts:
            f = evolve(f, properties=_properties([f, *parts]), cases=f.cases + sum(x.cases for x in parts),
                       per_property=_cases_by_property([f, *parts]),
                       folded={**f.folded, **{x.id: x.cases for x in parts}})
        folded.append(f)
    return folded


def _rule_verdict(rule: str, props: list[PropertyVerdict], findings: list[Finding],
                  agreed: dict) -> RuleVerdict:
    exercised = exercised_by(rule, agreed)
    ids = tuple(f.id for f in findings)
    title = RULE_TITLES.get(rule, "")
    if findings:
        return RuleVerdict(rule, title, Verdict.FAIL, exercised, ids)
    if props and all(p.verdict == Verdict.UNSUPPORTED for p in props):
        return RuleVerdict(rule, title, Verdict.UNSUPPORTED, 0,
                           reason="; ".join(sorted({f"{p.id}: {p.reason}" for p in props})))
    errors = [p for p in props if p.verdict == Verdict.ERROR]
    if errors:
        return RuleVerdict(rule, title, Verdict.ERROR, exercised,
                           reason="; ".join(f"{p.id}: {p.reason}" for p in errors))
    if exercised:
        return RuleVerdict(rule, title, Verdict.PASS, exercised)
    if props and not any(p.exercises(rule) for p in props):
        return RuleVerdict(rule, title, Verdict.UNSUPPORTED, 0, reason="; ".join(sorted(
            f"{p.id}: {p.reason}" if p.subset is None else
            f"{p.id} runs on what the engine declares, which can't exercise it: it lacks {p.subset.lacks}"
            for p in props)))
    return RuleVerdict(rule, title, Verdict.NOT_EXERCISED, 0, reason="no case applied it")


def judge(outcomes) -> Results:
    """The run's results from each property's outcome (in any order, as xdist delivers them)."""
    outcomes = sorted(outcomes, key=lambda o: o.verdict.id)
    findings = merge(f for o in outcomes for f in o.findings)
    into = {part: f.id for f in findings for part in f.folded}
    props = tuple(evolve(o.verdict, findings=tuple(dict.fromkeys(into.get(x, x) for x in o.verdict.findings)))
                  for o in outcomes)
    agreed: dict[str, int] = {}
    for p in props:
        for rule, n in p.coverage.agreed.items():
            agreed[rule] = agreed.get(rule, 0) + n
    rules = {r for p in props for r in p.rules} | {r for f in findings for r in f.rules}
    verdicts = tuple(_rule_verdict(rule, [p for p in props if rule in p.rules],
                                   [f for f in findings if rule in f.rules], agreed)
                     for rule in sorted(rules, key=rule_key))
    return Results(props, findings, verdicts)


def redundant_vectors(outcomes, results: Results) -> set[str]:
    """Vector files of this run that no merged finding keeps as an example (another property's
    examples were smaller, or more distinct)."""
    kept = {e.vector for f in results.findings for e in f.examples} | {f.vector for f in results.findings}
    written = {e.vector for o in outcomes for f in o.findings for e in f.examples}
    return (written | {f.vector for o in outcomes for f in o.findings}) - kept


def findings_of(prop_id: str, checked, engine: str, failures: Path) -> tuple[tuple[Finding, ...], list[str]]:
    """A property's findings from what checking it found (properties.suite.Checked), each finding's
    examples saved as vectors in `failures`, and what to tell the user about each. `engine` is the
    engine as named on the command line, for the replay commands."""
    findings, reports = [], []
    for found in checked.findings:
        examples = []
        for n, d in enumerate(found.examples):
            path = save(from_divergence(d, engine, d.blamed), failures)
            examples.append(example_of(d, prop_id, path.name))
            replay = f"mtg-conformance replay {shlex.quote(str(path))} --engine {shlex.quote(engine)}"
            reports.append(d.report(replay) if not n else f"Another example: {d.sentence}\nReplay: {replay}")
        d, examples = found.divergence, _examples(examples)
        findings.append(Finding(finding_id(found.blamed, d.kind), found.blamed, d.kind, examples[0].message,
                                examples[0].vector, (prop_id,), found.cases, examples[0].size, examples,
                                {prop_id: found.cases}))
    return tuple(findings), reports
