"""Triage: every distinct divergence a property's cases show, not only the first.

A divergence's signature is (the CR rules it is blamed on, its kind). The search runs Hypothesis in
rounds. Until a round meets a new signature, a case whose divergence has a signature already found
is set aside: it counts for that finding and passes, so generation goes on. From a round's first
new signature on, only that signature fails, so Hypothesis shrinks each finding on its own (it
would otherwise treat every Divergence as one bug, and stop generating soon after the first).
Rounds end when one brings no new signature or the property's budget of cases is spent. Shrinking a
finding stops after SHRINK_SECONDS, with the smallest failing case met by then. An engine error
ends the search at once, never shrunk (EngineAbort): the case that met it is the one to look at. Under a
derandomised profile each round draws from a seed of its own, made from the property's id and the
round's number: deterministic, different for every property, and unchanged by edits to this code.
"""
from __future__ import annotations

import functools
import time
import zlib

from attrs import define
from hypothesis import given, seed, settings
from hypothesis.errors import Unsatisfiable
from hypothesis.stateful import get_state_machine_test

from mtg_conformance.adapters.contract import ContractError, Engine, EngineError
from mtg_conformance.properties import lockstep
from mtg_conformance.properties.lockstep import Divergence, run_case
from mtg_conformance.properties.model import Property, Tally

# A triaged property may spend BUDGET x the profile's max_examples on generated cases (ci: 450 a
# property, more than the 300 of the hand analysis in docs/engines/phase-rs.md). The first round is
# the plain run, so triage finds at least what stopping at the first finds; each later round starts
# afresh from its own seed and is cut to what is left; a property with nothing to find costs exactly
# a plain run, and an engine with a bug in every case stops after one round without a new signature.
BUDGET = 3
# Seconds a triaged finding may spend shrinking. Against an engine 100x slower than the oracle, a
# stateful case can shrink for Hypothesis's own limit of five minutes; a certificate with dozens of
# findings then takes over half an hour. A case shrunk for half a minute is small enough to read.
SHRINK_SECONDS = 30


class ShrinkingCut(BaseException):
    """Raised through Hypothesis, which lets only BaseExceptions that aren't Exceptions out of a
    run at once, when a finding's shrinking has had its SHRINK_SECONDS."""


class EngineAbort(BaseException):
    """An engine error, carried out of Hypothesis at once (an Exception would be shrunk, each step
    against a broken or hanging engine costing its timeout); `generate` raises the error itself."""

    def __init__(self, error: EngineError | ContractError):
        super().__init__(str(error))
        self.error = error


@define
class Found:
    """One distinct divergence: its shrunk case and how many cases showed it."""

    divergence: Divergence
    cases: int = 1

    @property
    def signature(self) -> tuple:
        return self.divergence.signature

    @property
    def blamed(self) -> tuple:
        return self.divergence.blamed


class Search:
    """One property's search for divergences on one engine, stopping at the first or triaging."""

    def __init__(self, prop: Property, engine: Engine, capabilities: dict, chosen: settings,
                 tally: Tally, triage: bool):
        self.prop, self.engine, self.capabilities, self.chosen = prop, engine, capabilities, chosen
        self.tally, self.triage = tally, triage
        self.budget = chosen.max_examples * (BUDGET if triage else 1)
        self.found: dict[tuple, Found] = {}
        self.target: tuple | None = None      # the new signature this round is shrinking
        self.shrink_ends = 0.0                 # when shrinking the target stops
        self.smallest: Divergence | None = None  # the target's last failing case: the smallest yet
        self.spent = 0                         # generated cases, shrinking excluded

    @property
    def done(self) -> bool:
        return (bool(self.found) and not self.triage) or self.spent >= self.budget

    def fails(self, found: Divergence) -> bool:
        """Should this divergence fail the case? Known signatures are set aside and counted."""
        key = found.signature
        if self.target is not None:
            return key == self.target
        if key in self.found:
            self.found[key].cases += 1
            return False
        self.target = key
        self.shrink_ends = time.monotonic() + SHRINK_SECONDS
        return True

    def sifted(self, test):
        """`test` with divergences of known signatures set aside."""
        @functools.wraps(test)
        def sift(*args, **kwargs):
            cut = self.triage and self.target is not None and time.monotonic() > self.shrink_ends
            self.spent += self.target is None
            try:
                test(*args, **kwargs)
            except Divergence as found:
                if self.fails(found):
                    self.smallest = found
                    if not cut:
                        raise
            except (EngineError, ContractError) as why:
                raise EngineAbort(why) from None
            if cut:         # after the case has drawn all it draws, so Hypothesis sees it whole
                raise ShrinkingCut()
        return sift

    def replay(self, vectors) -> None:
        """Kept regression vectors first: each divergence is a finding already minimal."""
        for case in vectors:
            if self.done:
                return
            try:
                run_case(self.engine, case, self.prop, self.tally)
            except lockstep.Refused:
                continue                       # a skipped case, counted in the tally
            except Divergence as found:
                key = found.signature
                if key in self.found:
                    self.found[key].cases += 1
                else:
                    self.found[key] = Found(found)

    def generate(self) -> None:
        """Rounds of generated cases until one finds nothing new or the budget is spent."""
        rounds = 0
        while not self.done:
            self.target = None
            left = min(self.chosen.max_examples, self.budget - self.spent)
            test = self._round(settings(self.chosen, max_examples=left), rounds)
            skipped = self.tally.skipped
            try:
                test()
            except Divergence as found:
                self.found[found.signature] = Found(found)
            except ShrinkingCut:
                self.found[self.target] = Found(self.smallest)
            except EngineAbort as abort:      # keep the finding being shrunk, as small as it got
                if self.target is not None and self.smallest is not None:
                    self.found[self.target] = Found(self.smallest)
                raise abort.error from None
            except Unsatisfiable:
                if self.tally.skipped == skipped:   # not because the engine refused: a suite bug
                    raise
                return
            else:
                return
            rounds += 1

    def _round(self, chosen: settings, rounds: int):
        """The Hypothesis test of one round; derandomised, with the round's own seed (Hypothesis
        would otherwise derive one seed from this method's source, the same for every property)."""
        reseed = (seed(zlib.crc32(f"{self.prop.id}/{rounds}".encode()))
                  if chosen.derandomize else lambda test: test)
        if self.prop.stateful:
            machine = reseed(self.prop.cases(self.engine, self.capabilities, self.prop, self.tally))
            test = get_state_machine_test(machine, settings=chosen)
            test.hypothesis.inner_test = self.sifted(test.hypothesis.inner_test)
            return test

        prop, engine, capabilities = self.prop, self.engine, self.capabilities
        run_case = self.sifted(functools.partial(lockstep.run_case, tally=self.tally))

        @chosen
        @given(case=prop.cases(capabilities))
        def generated(case):
            run_case(engine, case, prop)

        return reseed(generated)


class Census(Search):
    """The first round's generated cases, every one played and none failing: `seen` gets each
    case's Divergence, or None when engine and oracle agreed, so generation never stops or shrinks.
    Under a derandomised profile these are the cases the plain run draws up to its first divergence,
    then those it would have drawn next. A stateful property's case is one run of its machine."""

    def __init__(self, prop: Property, engine: Engine, capabilities: dict, chosen: settings,
                 tally: Tally, seen):
        super().__init__(prop, engine, capabilities, chosen, tally, triage=False)
        self.seen = seen

    def sifted(self, test):
        @functools.wraps(test)
        def play(*args, **kwargs):
            try:
                test(*args, **kwargs)
            except Divergence as found:
                self.seen(found)
            else:
                self.seen(None)
        return play

    def generate(self) -> None:
        self._round(self.chosen, 0)()
