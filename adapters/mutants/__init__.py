"""Deliberately broken oracles: each breaks exactly one rule the way a real engine might.

A mutant swaps one of the oracle's declared seams (oracle/seams.py) for a broken version, only while
the mutant itself is running (the reference oracle in the same process is untouched). Every caller
reaches a seam through that one table, so no import can bypass a mutant. The suite must catch every
mutant (tests/adapters/test_mutants.py); `caught_by` names the property that is meant to.

The mutants are split by rules area: one module per area of `oracle.vocabulary.AREAS` (named as the
area), holding the area's broken rules and its `MUTANTS`; a mutant's `area` is the module it is
written in, which is the area of the property meant to catch it.
"""
from __future__ import annotations

import contextlib
from collections import Counter
from importlib import import_module
from importlib.util import find_spec

from attrs import Factory, field, frozen

from mtg_conformance.adapters.oracle_adapter import OracleEngine
from mtg_conformance.oracle.seams import TABLE
from mtg_conformance.oracle.vocabulary import AREAS


@frozen
class Mutant:
    name: str
    rule: str
    description: str
    caught_by: str                      # property id
    patches: tuple                      # (seam name, replacement given the original)
    rules: tuple = field(default=Factory(lambda self: (self.rule,), takes_self=True))
    # every CR rule the mutant breaks: a divergence it causes should be blamed on these, no other
    decisions: int = 1
    # how many of the oracle's decisions it breaks: the findings a whole certificate should show
    # (benchmarks/blame_precision.py), more than one only where one broken rule function departs
    # from distinct decisions (a decision is a rule and what it decided: properties/blame.py)

    @property
    def area(self) -> str:
        """Its rules area: the module of adapters/mutants/ its broken rules are written in."""
        return self.patches[0][1].__module__.rsplit(".", 1)[-1]


def _gather() -> dict[str, Mutant]:
    """Every area module's MUTANTS by name, in AREAS order; a name used twice is a bug."""
    mutants: dict[str, Mutant] = {}
    for area in AREAS:
        name = f"{__name__}.{area.name}"
        for mutant in import_module(name).MUTANTS if find_spec(name) else ():
            if mutant.name in mutants:
                raise ValueError(f"two mutants named {mutant.name!r}")
            mutants[mutant.name] = mutant
    return mutants


MUTANTS = _gather()


@contextlib.contextmanager
def _patched(patches, calls: Counter):
    """Swap the seams for their broken versions (counting the calls each gets), and back."""
    saved = {name: TABLE[name] for name, _ in patches}
    try:
        for name, broken in patches:
            TABLE[name] = _counted(name, broken(saved[name]), calls)
        yield
    finally:
        TABLE.update(saved)


def _counted(name, function, calls: Counter):
    def counted(*args, **kwargs):
        calls[name] += 1
        return function(*args, **kwargs)
    return counted


class MutantEngine(OracleEngine):
    """The oracle with one rule broken."""

    def __init__(self, mutant: Mutant):
        super().__init__()
        self.mutant = mutant
        self.name = f"mutant:{mutant.name}"
        self.calls: Counter = Counter()      # calls each broken seam got: a mutant never reached is dead

    def start(self, scenario: dict) -> dict:
        with _patched(self.mutant.patches, self.calls):
            return super().start(scenario)

    def act(self, action: dict) -> dict:
        with _patched(self.mutant.patches, self.calls):
            return super().act(action)
