"""What an engine declares and what declaring one thing more would buy — for `cards --engine` and
`properties --engine`, the listings an engine author onboards with (docs/adapters.md).

Whether a property runs is decided where `run` decides it: `properties.suite.support` on the
engine's declared capabilities (`run` raises Unsupported with that very reason), so a listing and a
run can't disagree. What one more card, action, observation or scenario feature buys is the same
decision taken again on the capabilities with it added, for the properties that would use it.
"""
from __future__ import annotations

import functools

from attrs import field, frozen

from mtg_conformance.adapters.contract import (ACTION_TYPES, OBSERVES, SCENARIO_FEATURES, Engine,
                                               validate)
from mtg_conformance.adapters.registry import make_engine
from mtg_conformance.properties.lockstep import rule_key
from mtg_conformance.properties.model import Property
from mtg_conformance.properties.suite import support

# what an engine declares, by capabilities key, and everything it could declare there
DECLARABLE = {"actions": ACTION_TYPES, "observes": OBSERVES, "scenario": SCENARIO_FEATURES}


@frozen
class Declared:
    """An engine's identity and validated capabilities, and each property's reason to be
    unsupported on them (None: it runs)."""

    spec: str
    identity: dict
    capabilities: dict
    properties: dict[str, Property] = field(repr=False)

    @functools.cached_property
    def reasons(self) -> dict:
        """Property id -> its reason to be unsupported, None where it runs: worked out on first use,
        since a subset engine's are probed on the oracle (seconds to minutes), and a listing asked
        something wrong says so first."""
        return reasons(self.properties, self.capabilities)

    @property
    def running(self) -> list[str]:
        return [pid for pid, why in self.reasons.items() if why is None]

    def header(self) -> str:
        name = f"{self.identity.get('name', self.spec)} {self.identity.get('version', '')}".strip()
        return f"{name} (--engine {self.spec})"


def reasons(properties: dict[str, Property], capabilities: dict) -> dict:
    """Each property's reason to be unsupported on `capabilities`, None where it runs."""
    return {pid: support(prop, capabilities).unsupported for pid, prop in properties.items()}


# capabilities key -> the kind of what a property lacks (properties.suite.Support.lacks)
_LACKS = {"cards": "cards", "actions": "actions", "observes": "observations", "scenario": "scenario features"}


def _uses(prop: Property, capabilities: dict, key: str, value: str) -> bool:
    """Could declaring `value` change whether, or how far, `prop` runs: it lacks it, or it is
    unsupported for a reason other than what it lacks (a seat count, a basic land for libraries)."""
    found = support(prop, capabilities)
    return (value in dict(found.lacks).get(_LACKS[key], ())) or (found.unsupported and not found.lacks)


def declared(spec: str, properties: dict[str, Property]) -> Declared:
    """Ask the engine `spec` names for its identity and capabilities (closing it after); raises the
    project's one-line errors for an unknown or broken engine, or capabilities off the contract."""
    engine: Engine = make_engine(spec)
    try:
        identity, capabilities = engine.identity(), engine.capabilities()
    finally:
        engine.close()
    validate("capabilities", capabilities)
    return Declared(spec, identity, capabilities, properties)


def checked_rules(properties: dict[str, Property], ids, capabilities: dict | None = None) -> set[str]:
    """The CR rules the properties `ids` check: on an engine declaring `capabilities`, those their
    declared subset can exercise (properties.suite.support); else all they list."""
    if capabilities is None:
        return {rule for pid in ids for rule in properties[pid].rules}
    return {rule for pid in ids for rule in support(properties[pid], capabilities).rules}


@frozen
class Gain:
    """What declaring one thing more buys: the properties it makes run and the CR rules no running
    property could exercise before (a property running on a subset may reach more of its rules); for a card, the properties that would then play it and those playing it
    that still wouldn't run, each with its reason."""

    unlocks: tuple
    rules: tuple
    plays: tuple = ()
    still: dict = field(factory=dict)

    def to_json(self) -> dict:
        return {"unlocks": list(self.unlocks), "rules": list(self.rules), "plays": list(self.plays),
                "still_unsupported": dict(self.still)}


def gain(properties: dict[str, Property], now: Declared, key: str, value: str,
         playing: tuple = ()) -> Gain:
    """What declaring `value` in capabilities' `key` buys the engine `now` describes. For a card,
    `playing` names the properties that play it when everything is declared: those that would run
    and play it, and those that would still be unsupported, with their reason."""
    more = {**now.capabilities, key: [*now.capabilities.get(key, ()), value]}
    # a property `value` can't change is decided as now: its cases, and so its probe, are the same
    uses = {pid for pid, prop in properties.items() if _uses(prop, now.capabilities, key, value)}
    after = {pid: support(prop, more).unsupported if pid in uses else now.reasons[pid]
             for pid, prop in properties.items()}
    unlocks = tuple(pid for pid, why in now.reasons.items() if why and after[pid] is None)
    running_after = [pid for pid, why in after.items() if why is None]
    new_rules = ({rule for pid in running_after
                  for rule in support(properties[pid], more if pid in uses else now.capabilities).rules}
                 - checked_rules(properties, now.running, now.capabilities))
    plays = tuple(pid for pid in playing if after[pid] is None and value in properties[pid].plan(more).cards)
    still = {pid: after[pid] for pid in playing if after[pid]}
    return Gain(unlocks, tuple(sorted(new_rules, key=rule_key)), plays, still)


def undeclared_gains(properties: dict[str, Property], now: Declared,
                     only: tuple = ()) -> dict[str, dict[str, Gain]]:
    """For each action, observation and scenario feature the engine doesn't declare (of `only`, if
    named), what declaring it alone would buy, by capabilities key."""
    return {key: {value: gain(properties, now, key, value) for value in values
                  if value not in now.capabilities.get(key, ()) and (not only or value in only)}
            for key, values in DECLARABLE.items()}


def unknown_declarables(names) -> list:
    """Of `names`, those that are no action, observation or scenario feature of the contract."""
    return [name for name in names if not any(name in values for values in DECLARABLE.values())]
