"""A run's results as typed values: findings, property verdicts and rule verdicts.

The checking code (runner/check.py) makes one PropertyOutcome per property; from a worker process
it travels as JSON (runner/core.py) and is appended to the run's results file (runner/stream.py).
`judge` merges findings across properties and gives each CR rule its verdict; every writer (terminal, report.json, report.md, report.html, badge, JUnit, baselines) reads them.
"""
from __future__ import annotations

import json

import cattrs
from attrs import field, frozen

from mtg_conformance.oracle.vocabulary import PROPERTY_VERDICTS, RULE_VERDICTS, Verdict  # noqa: F401
from mtg_conformance.properties.lockstep import rule_key
from mtg_conformance.properties.rules import RULE_TITLES


def finding_id(rules, kind: str) -> str:
    """Stable across runs, properties and engines: the blamed rules and the kind, e.g.
    `106.4:claim` or `702.26b+704.5m:permanents.*.tapped`."""
    return f"{'+'.join(rules) or 'unblamed'}:{kind}"


@frozen
class Finding:
    """One distinct divergence: the rules it is blamed on and its kind (its signature), one
    sentence, its minimal case (a vector file), the properties and number of cases it showed in."""

    id: str
    rules: tuple[str, ...]
    kind: str
    message: str
    vector: str                 # file name of the minimal case in the vectors directory
    properties: tuple[str, ...]
    cases: int
    size: int                   # actions in the minimal case: the smallest across properties is kept

    @property
    def signature(self) -> tuple:
        return (", ".join(self.rules) or "unblamed", self.kind)


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
class PropertyVerdict:
    """pass, fail (with its findings), unsupported or error (with the reason)."""

    id: str
    title: str
    rules: tuple[str, ...]
    verdict: Verdict
    reason: str = ""
    examples: int | None = None
    coverage: Coverage = field(factory=Coverage)
    findings: tuple[str, ...] = ()


@frozen
class PropertyOutcome:
    """What checking one property sends to the controller: its verdict and its own findings."""

    verdict: PropertyVerdict
    findings: tuple[Finding, ...] = ()


@frozen
class RuleVerdict:
    """fail: a finding is blamed on it; pass: exercised in agreed actions and never blamed;
    not_exercised: no case applied it; unsupported: every property checking it is; error: a
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


def merge(findings) -> tuple[Finding, ...]:
    """One finding per signature: the properties and cases added up, the smallest case kept."""
    by_signature: dict[tuple, Finding] = {}
    for f in findings:
        seen = by_signature.get(f.signature)
        if seen is None:
            by_signature[f.signature] = f
            continue
        kept = min(seen, f, key=lambda x: (x.size, x.vector))
        by_signature[f.signature] = Finding(
            kept.id, kept.rules, kept.kind, kept.message, kept.vector,
            tuple(sorted(set(seen.properties) | set(f.properties))), seen.cases + f.cases, kept.size)
    return tuple(sorted(by_signature.values(), key=lambda f: (rule_key(f.rules[0]) if f.rules
                                                               else (), f.id)))


def _exercised(rule: str, agreed: dict) -> int:
    """Agreed decisions of `rule` and of its lettered subrules (702.26 counts 702.26b)."""
    return sum(n for r, n in agreed.items()
               if r == rule or (r.startswith(rule) and r[len(rule)].isalpha()))


def _rule_verdict(rule: str, props: list[PropertyVerdict], findings: list[Finding],
                  agreed: dict) -> RuleVerdict:
    exercised = _exercised(rule, agreed)
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
    return RuleVerdict(rule, title, Verdict.NOT_EXERCISED, 0, reason="no case applied it")


def judge(outcomes) -> Results:
    """The run's results from each property's outcome (in any order, as xdist delivers them)."""
    outcomes = sorted(outcomes, key=lambda o: o.verdict.id)
    findings = merge(f for o in outcomes for f in o.findings)
    props = tuple(o.verdict for o in outcomes)
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
    """Vector files of this run that no merged finding keeps (another property's case was smaller)."""
    kept = {f.vector for f in results.findings}
    return {f.vector for o in outcomes for f in o.findings} - kept
