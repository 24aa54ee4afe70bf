"""What a property is: a stable id, the CR rules it checks, what it needs from an engine, how it
generates cases (with the plan of what they ask of the engine), and the claim it makes about each
step. A `Property` draws cases; a `StatefulProperty` runs a state machine. A property's module reads
top to bottom as its rules and situations (`@conformance_property(...)`), the function returning its
aims, then its claim (`@prop.claims(rules=...)`)."""
from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from attrs import define, evolve, field, frozen

if TYPE_CHECKING:
    from hypothesis.stateful import RuleBasedStateMachine
    from hypothesis.strategies import SearchStrategy

    from mtg_conformance.adapters.contract import Engine
    from mtg_conformance.properties.coverage import Floor, Situation


@frozen
class Case:
    """A scenario and a program of actions: everything needed to replay a run on any engine."""

    scenario: dict
    program: tuple

    def __repr__(self) -> str:       # Hypothesis prints this for a falsifying example
        return f"Case({json.dumps({'scenario': self.scenario, 'program': list(self.program)})})"

    def cards(self) -> set:
        """Every card the case names: on the battlefield, in hands and libraries, cast or put in."""
        named = {e["card"] for e in self.scenario.get("battlefield", [])}
        for player in self.scenario.get("players", []):
            named |= set(player.get("hand", [])) | set(player.get("library", []))
        return named | {a["card"] for a in self.program if "card" in a}


@frozen
class Step:
    """One action and what the engine and the oracle observed before and after it."""

    scenario: dict
    action: dict
    engine_before: dict
    engine_after: dict
    oracle_before: dict
    oracle_after: dict


class Ungenerable(Exception):
    """A property's cases can't be generated within an engine's capabilities; the message says why."""


@frozen
class Plan:
    """What a property's generated cases ask of an engine's scenario set-up."""

    features: frozenset              # scenario features (adapters.contract.SCENARIO_FEATURES) it may use
    players: tuple                   # (fewest, most) seats
    cards: frozenset                 # the cards it may put on the battlefield or in hands
    actions: frozenset               # the action types its programs may use


@frozen
class Cases:
    """A property's case strategy within an engine's capabilities, and what its cases ask of them."""

    strategy: SearchStrategy[Case]
    plan: Plan


@frozen
class Machine:
    """A stateful property's state machine within an engine's capabilities, and what its runs ask
    of them."""

    machine: type[RuleBasedStateMachine]
    plan: Plan


Claim = Callable[[Step], "str | tuple[str, tuple[str, ...]] | None"]
Labels = Callable[[Step], Iterable[str]]


@frozen(kw_only=True)
class _Declared:
    """What every property declares: its stable id, the CR rules it checks, what it needs from an
    engine, the claim it makes about each step, the situations its cases must reach (and the label
    floors they must meet, properties/coverage.py)."""

    id: str
    title: str
    rules: tuple[str, ...]
    cards: frozenset[str]            # the cards it is about (its cases may draw others too)
    actions: frozenset[str]          # every action type the property uses (properties.suite.support:
                                     # it runs on those the engine declares, if they exercise its rules)
    observes: frozenset[str] = frozenset()  # the observed parts its rules decide and its claim reads
                                     # (the claim is made only on an engine that reports them all)
    claim: Claim | None = None       # a plain sentence when the rule is broken, else None; or
                                     # (sentence, rules) when which of its rules broke depends on the case
                                     # (declared after the aims: `claims`)
    claim_rules: tuple[str, ...] = ()  # the rule(s) the claim states: a claim's divergence no oracle
                                     # decision explains is blamed on them, unless it names its own
    labels: Labels | None = None     # the statistics events of a step
    focus: frozenset[str] | None = None  # the actions a difference is blamed on its rules (default: actions)
    situations: tuple[Situation, ...] = ()  # what makes its rules bite
    floors: tuple[Floor, ...] = ()   # labels a `ci` run must count at least so often
    doc: str = ""

    def claims(self, *, rules: tuple[str, ...]) -> Callable[[Claim], Claim]:
        """Declare this property's claim, after its aims: `@prop.claims(rules=("106.5",))` over a
        function of a `Step`. `rules`, some of the property's, are those the claim states. The
        registry (`all_properties`) then holds the property with its claim; the function is
        returned unchanged."""
        if not rules or not set(rules) <= set(self.rules):
            raise ValueError(f"{self.id}: a claim states some of the property's rules {self.rules}, not {rules}")
        if PROPERTIES.get(self.id) is not self or self.claim is not None:
            raise ValueError(f"{self.id}: a claim is declared once, on the property as registered")

        def declare(claim: Claim) -> Claim:
            PROPERTIES[self.id] = evolve(self, claim=claim, claim_rules=tuple(rules))
            return claim
        return declare

    def blames(self, action: dict | None, by_claim: bool) -> bool:
        """Is a divergence at `action` about this property's rules? Its own claim always is; a
        difference found on another action (setting a case up) is incidental."""
        focus = self.actions if self.focus is None else self.focus
        return by_claim or (action is not None and action.get("type") in focus)


@frozen(kw_only=True)
class Property(_Declared):
    """A property checked case by case: `cases` draws them within an engine's capabilities."""

    cases: Callable[[dict], Cases]   # raises Ungenerable when the capabilities can't generate them

    def plan(self, capabilities: dict) -> Plan:
        """What this property's cases would ask of an engine with `capabilities`; Ungenerable if
        they can't be generated within them."""
        return self.cases(capabilities).plan


@frozen(kw_only=True)
class StatefulProperty(_Declared):
    """A property checked by a state machine driving an engine and the oracle side by side:
    `machine(engine, capabilities, prop, tally)` builds it, counting into `tally`."""

    machine: Callable[[Engine | None, dict, StatefulProperty, Tally], Machine]   # engine None: the plan only

    def plan(self, capabilities: dict) -> Plan:
        """What this property's runs would ask of an engine with `capabilities`; Ungenerable if
        they can't be generated within them."""
        return self.machine(None, capabilities, self, Tally()).plan


@define
class Tally:
    """What a run of cases exercised: cases started, the properties' statistics labels, rule
    coverage — decisions the oracle recorded per CR rule (`applied`), and those of actions on which
    the engine and the oracle agreed (`agreed`) — and the cases that reached each of the property's
    situations and each interaction of two cards (properties/coverage.py)."""

    cases: int = 0
    labels: Counter = field(factory=Counter)
    applied: Counter = field(factory=Counter)
    agreed: Counter = field(factory=Counter)
    skipped: int = 0                 # cases whose scenario the engine refused (docs/contract.md)
    refusal: str = ""                # the first refusal's message
    situations: Counter = field(factory=Counter)
    interactions: Counter = field(factory=Counter)
    meetings: Counter = field(factory=Counter)     # (event, producer area, reader area), coverage.py

    COUNTERS = ("labels", "applied", "agreed", "situations", "interactions", "meetings")

    def merge(self, other: "Tally") -> "Tally":
        self.cases += other.cases
        self.skipped += other.skipped
        self.refusal = self.refusal or other.refusal
        for name in self.COUNTERS:
            getattr(self, name).update(getattr(other, name))
        return self

    def to_json(self) -> dict:
        return {"cases": self.cases, "skipped": self.skipped,
                **{name: dict(sorted(getattr(self, name).items())) for name in self.COUNTERS}}

    @classmethod
    def from_json(cls, doc: dict) -> "Tally":
        return cls(doc.get("cases", 0), skipped=doc.get("skipped", 0),
                   **{name: Counter(doc.get(name, {})) for name in cls.COUNTERS})


PROPERTIES: dict[str, Property | StatefulProperty] = {}


def _register(prop):
    if prop.id in PROPERTIES:
        raise ValueError(f"duplicate property id {prop.id}")
    PROPERTIES[prop.id] = prop
    return prop


def _declared(spec: dict) -> dict:
    if {"claim", "claim_rules"} & set(spec):
        raise TypeError(f"{spec.get('id')}: declare the claim after the aims, with `@prop.claims(rules=...)`")
    return spec


def conformance_property(**spec):
    """Register a property; the decorated function returns its `Cases` within capabilities (its
    claim, if it makes one, follows: `Property.claims`)."""
    spec = _declared(spec)
    return lambda cases: _register(Property(cases=cases, doc=(cases.__doc__ or "").strip(), **spec))


def stateful_property(**spec):
    """Register a stateful property; the decorated function returns its `Machine`."""
    spec = _declared(spec)
    return lambda machine: _register(StatefulProperty(machine=machine, doc=(machine.__doc__ or "").strip(),
                                                      **spec))


def all_properties() -> dict[str, Property | StatefulProperty]:
    """Every property, by id (importing the modules that define them)."""
    from mtg_conformance.properties import areas  # noqa: F401  (registers the properties)
    return PROPERTIES
