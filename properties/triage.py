"""Triage: every distinct divergence a property's cases show, not only the first, each with up to
EXAMPLES distinct shrunk examples.

A divergence's signature is (the CR rules it is blamed on, its kind): its finding
(properties/blame.py). The search runs Hypothesis in rounds. Until a round meets something new, a
case whose divergence has a signature already found is set aside: it counts for that finding and
passes, so generation goes on. Something new is a new signature, or a known one whose example is
distinct from those kept (`evidence`: other cards in the decision blamed, or another type of
action) while the finding has fewer than EXAMPLES. From a round's first new thing on, only
divergences of that signature — distinct from the examples kept, for a further example — fail, so
Hypothesis shrinks each on its own (it would otherwise treat every Divergence as one bug, and stop
generating soon after the first). Rounds end when one brings nothing new or the property's budget
of cases is spent. Shrinking an example stops after SHRINK_STEPS cases (a further example's after
FURTHER_SHRINK_STEPS), with the smallest failing case met by then: a count, not a time, so a run
on a loaded machine gives the same examples, vector files and links as on a quiet one. An engine
error ends the search at once, never shrunk (EngineAbort): the case that met it is the one to look
at. Under a derandomised profile each round draws from a seed of its own, made from the property's
id and the round's number: deterministic, different for every property, and unchanged by edits to
this code.
"""
from __future__ import annotations

import functools
import json
import traceback
import zlib

from attrs import Factory, define
from hypothesis import event, given, note, reject, seed, settings
from hypothesis.control import currently_in_test_context
from hypothesis.errors import Unsatisfiable, UnsatisfiedAssumption
from hypothesis.stateful import get_state_machine_test

from mtg_conformance.adapters.contract import ContractError, Engine, EngineError
from mtg_conformance.properties import lockstep
from mtg_conformance.properties.lockstep import Divergence, run_case
from mtg_conformance.properties.model import Property, StatefulProperty, Tally

# A triaged property may spend BUDGET x the profile's max_examples on generated cases (ci: 450 a
# property, more than the 300 of the hand analysis in docs/engines/phase-rs.md). The first round is
# the plain run, so triage finds at least what stopping at the first finds; each later round starts
# afresh from its own seed and is cut to what is left; a property with nothing to find costs exactly
# a plain run, and an engine with a bug in every case stops after one round without anything new.
BUDGET = 3
# Cases a finding's first example may play shrinking, and each further example. Hypothesis shrinks
# most cases of this suite in under 200 (a stateful LOCKSTEP-001 case in about 500); against an
# engine 100x slower than the oracle a stateful case could otherwise shrink for Hypothesis's own
# limit of five minutes. Further examples are evidence of the same decision, shrunk less.
SHRINK_STEPS = 200
FURTHER_SHRINK_STEPS = 50
# Distinct shrunk examples kept per finding: evidence an author can compare, not a sample of one.
EXAMPLES = 3


class ShrinkingCut(BaseException):
    """Raised through Hypothesis, which lets only BaseExceptions that aren't Exceptions out of a
    run at once, when an example's shrinking has played its SHRINK_STEPS cases."""


def evidence(found: Divergence) -> tuple:
    """What makes two examples of one finding distinct: the cards of the decision it is blamed on
    (those it concerns and involves), and the type of the action it diverged at. Not the case's
    other cards: shrinking can't keep a card that plays no part to look distinct."""
    cause = found.cause
    cards = sorted(set(cause.decision.cards + cause.decision.involved)) if cause else []
    return tuple(cards), found.action["type"] if found.action else "setup"


class EngineAbort(BaseException):
    """An engine error, carried out of Hypothesis at once (an Exception would be shrunk, each step
    against a broken or hanging engine costing its timeout); `generate` raises the error itself."""

    def __init__(self, error: EngineError | ContractError):
        super().__init__(str(error))
        self.error = error


@define
class Found:
    """One distinct divergence: its first (and smallest-searched) shrunk case, the further distinct
    examples kept, and how many cases showed it."""

    divergence: Divergence
    cases: int = 1
    others: list = Factory(list)          # further examples, distinct in their `evidence`

    @property
    def examples(self) -> list[Divergence]:
        return [self.divergence, *self.others]

    @property
    def signature(self) -> tuple:
        return self.divergence.signature

    @property
    def blamed(self) -> tuple:
        return self.divergence.blamed

    def wants(self, found: Divergence) -> bool:
        """Would `found` be a further example of this finding?"""
        return len(self.others) + 1 < EXAMPLES and evidence(found) not in map(evidence, self.examples)


@define
class _Played:
    """What one case did when played: what it added to the tally, and how it ended — None (engine
    and oracle agreed), a Divergence (with the traceback it was raised with) or REJECTED (the
    engine refused its scenario)."""

    tally: Tally
    outcome: object = None
    raised: object = None                 # the Divergence's traceback
    cleared: bool = False


REJECTED = "rejected"


class Plays:
    """`lockstep.run_case` for one property on one engine, remembered by case. Shrinking draws the
    same case again and again from different choices (a `_chance` drawn as 57 or as 30 is the same
    False); each is played once, and a case drawn again adds to the tally, tells Hypothesis and ends
    (agrees, diverges or is rejected) exactly as playing it did — the engine and the oracle are
    deterministic and each case starts afresh — without the engine's and the oracle's time."""

    def __init__(self, tally: Tally):
        self.tally, self.played = tally, {}

    def __call__(self, engine: Engine, case, prop: Property) -> None:
        key = json.dumps([case.scenario, case.program], sort_keys=True, separators=(",", ":"))
        played = self.played.get(key)
        if played is None:
            return self._play(engine, case, prop, key)
        self.tally.merge(played.tally)
        outcome = played.outcome
        if currently_in_test_context():
            for label in played.tally.labels:
                event(label)
            shown = 0 if outcome is REJECTED else len(case.program) if outcome is None else outcome.index + 1
            for action in case.program[:shown]:
                note(f"action: {json.dumps(action)}")
        if outcome is REJECTED:
            reject()
        if outcome is not None:
            if not played.cleared:          # this one's frame too is done with now
                traceback.clear_frames(played.raised)
                played.cleared = True
            raise _again(outcome).with_traceback(played.raised)   # Hypothesis tells a bug by where

    def _play(self, engine: Engine, case, prop: Property, key: str) -> None:
        """Play the case, counting into the tally, and remember it; an engine error is not
        remembered (it ends the search)."""
        tally = Tally()
        try:
            lockstep.run_case(engine, case, prop, tally)
            self.played[key] = _Played(tally)
        except Divergence as found:
            traceback.clear_frames(found.__traceback__.tb_next)   # kept: where, not what (memory)
            self.played[key] = _Played(tally, found, found.__traceback__)
            raise
        except UnsatisfiedAssumption:
            self.played[key] = _Played(tally, REJECTED)
            raise
        finally:
            self.tally.merge(tally)


def _again(found: Divergence) -> Divergence:
    """A Divergence raised anew, as it was first (without the notes Hypothesis added to it)."""
    again = Divergence.__new__(Divergence)
    again.__dict__.update(found.__dict__)
    again.__dict__.pop("__notes__", None)
    again.args = found.args
    return again


class Search:
    """One property's search for divergences on one engine, stopping at the first or triaging."""

    def __init__(self, prop: Property, engine: Engine, capabilities: dict, chosen: settings,
                 tally: Tally, triage: bool):
        self.prop, self.engine, self.capabilities, self.chosen = prop, engine, capabilities, chosen
        self.tally, self.triage = tally, triage
        self.budget = chosen.max_examples * (BUDGET if triage else 1)
        self.found: dict[tuple, Found] = {}
        self.target: tuple | None = None      # the signature this round is shrinking an example of
        self.shrinks = 0                       # cases played shrinking the target
        self.smallest: Divergence | None = None  # the target's last failing case: the smallest yet
        self.spent = 0                         # generated cases, shrinking excluded
        self.plays = Plays(tally)

    @property
    def done(self) -> bool:
        return (bool(self.found) and not self.triage) or self.spent >= self.budget

    def _is_target(self, found: Divergence) -> bool:
        known = self.found.get(found.signature)
        return found.signature == self.target and (known is None or known.wants(found))

    def fails(self, found: Divergence) -> bool:
        """Should this divergence fail the case? Known signatures are set aside and counted,
        unless the case would be a further example of its finding."""
        if self.target is not None:
            return self._is_target(found)
        key = found.signature
        known = self.found.get(key)
        if known is not None:
            known.cases += 1
            if not (self.triage and known.wants(found)):
                return False
        self.target, self.shrinks = key, 0
        return True

    def keep(self, found: Divergence) -> None:
        """A new finding, or a further example of a known one."""
        known = self.found.get(found.signature)
        if known is None:
            self.found[found.signature] = Found(found)
        elif known.wants(found):
            known.others.append(found)

    def sifted(self, test):
        """`test` with divergences of known signatures set aside."""
        @functools.wraps(test)
        def sift(*args, **kwargs):
            steps = FURTHER_SHRINK_STEPS if self.target in self.found else SHRINK_STEPS
            cut = self.target is not None and self.shrinks >= steps
            self.shrinks += self.target is not None
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
        """Kept regression vectors first: each divergence is a finding, or an example, already
        minimal."""
        for case in vectors:
            if self.done:
                return
            try:
                run_case(self.engine, case, self.prop, self.tally)
            except lockstep.Refused:
                continue                       # a skipped case, counted in the tally
            except Divergence as found:
                if found.signature in self.found:
                    self.found[found.signature].cases += 1
                self.keep(found)

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
                self.keep(found)
            except ShrinkingCut:
                self.keep(self.smallest)
            except EngineAbort as abort:      # keep the example being shrunk, as small as it got
                if self.target is not None and self.smallest is not None:
                    self.keep(self.smallest)
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
        if isinstance(self.prop, StatefulProperty):
            machine = reseed(self.prop.machine(self.engine, self.capabilities, self.prop, self.tally).machine)
            test = get_state_machine_test(machine, settings=chosen)
            test.hypothesis.inner_test = self.sifted(test.hypothesis.inner_test)
            return test

        prop, engine, capabilities = self.prop, self.engine, self.capabilities
        run_case = self.sifted(self.plays)

        @chosen
        @given(case=prop.cases(capabilities).strategy)
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
