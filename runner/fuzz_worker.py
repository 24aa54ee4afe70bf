"""One fuzzing worker: a process that plays the selected properties against its own engine in
rounds, sharing the example database, and writes each new finding to disk before reporting it."""
from __future__ import annotations

import functools
import os
import random
import signal
import socket
import time
from pathlib import Path

from hypothesis import Verbosity, given, settings
from hypothesis.stateful import get_state_machine_test

from mtg_conformance.adapters.contract import ContractError, EngineError
from mtg_conformance.adapters.registry import make_engine
from mtg_conformance.properties.examples import keyed
from mtg_conformance.properties.lockstep import Divergence, run_case
from mtg_conformance.properties.model import Case, StatefulProperty, Tally, all_properties
from mtg_conformance.properties.suite import hypothesis_profile, register_profiles
from mtg_conformance.runner.fuzz_db import KeepFailures, open_database
from mtg_conformance.runner.fuzz_findings import Known, crash, record, signature

ROUND_SECONDS = 20                      # a round of one property, before the next one's turn
FIRST_ROUND, MOST_EXAMPLES = 20, 5000


class TimeUp(BaseException):
    """The campaign is over: leaves Hypothesis at once (an Exception would be shrunk as a bug)."""


class Hunt:
    """Rounds of Hypothesis on one property at a time that set aside every divergence whose
    signature is already known, so generation goes on past known bugs; a new one is shrunk and
    returned. Stand-in for the suite's own triage (check(..., triage=True))."""

    def __init__(self, engine, database, known: Known, stop, report):
        self.engine, self.known, self.stop, self.report = engine, known, stop, report
        self.capabilities = engine.capabilities()
        register_profiles()
        self.settings = settings(settings.get_profile(hypothesis_profile("thorough")),
                                 database=KeepFailures(database), verbosity=Verbosity.quiet)
        self.tally = Tally()                      # what this worker's cases exercised, rules included
        self.cases = self.set_aside = 0           # since the last report
        self.in_round = self.failed_at = 0        # cases into this round; when a new bug showed
        self.shrinking = False
        self.reported, self.cpu = time.monotonic(), time.process_time()

    def round(self, prop, examples: int) -> Exception | None:
        """Up to `examples` cases of `prop`; the new divergence (or crash) found, shrunk, if any."""
        signatures, self.shrinking = self.known.refresh(), False
        self.in_round = self.failed_at = 0

        def sifted(test):
            """`test` with failures of known signatures set aside: to Hypothesis they pass."""
            @functools.wraps(test)
            def sift(*args, **kwargs):
                try:
                    test(*args, **kwargs)
                except (Divergence, EngineError, ContractError) as found:
                    if signature(found) in signatures:
                        self.set_aside += 1
                        return
                    self.failed_at = self.failed_at or self.in_round
                    self.shrinking = True      # finish shrinking it even when the time is up
                    raise
            return sift

        try:
            self._test(prop, settings(self.settings, max_examples=examples), sifted)()
        except (Divergence, EngineError, ContractError) as found:
            if not isinstance(found, Divergence) and not hasattr(found, "case"):
                raise                     # not the engine's (e.g. the oracle refused a scenario)
            return found
        return None

    def _test(self, prop, chosen: settings, sifted):
        """The Hypothesis test of a round, keyed in the shared database like `run`'s."""
        engine = _Paced(self.engine, prop, self._count)
        if isinstance(prop, StatefulProperty):
            test = get_state_machine_test(prop.machine(engine, self.capabilities, prop, self.tally).machine,
                                          settings=chosen)
            test.hypothesis.inner_test = sifted(test.hypothesis.inner_test)
            return keyed(test, prop, self.engine)

        @chosen
        @given(case=prop.cases(self.capabilities).strategy)
        @sifted
        def generated(case):
            run_case(engine, case, prop, self.tally)
        return keyed(generated, prop, self.engine)

    def _count(self):
        self.cases += 1
        self.in_round += 1
        if self.stop.is_set() and not self.shrinking:
            raise TimeUp()
        if time.monotonic() - self.reported > 1:
            self.flush()

    def flush(self):
        self.report("cases", self.cases, self.set_aside, dict(self.tally.applied),
                    time.process_time() - self.cpu)
        self.cases = self.set_aside = 0
        self.reported = time.monotonic()


class _Paced:
    """The engine as a round sees it: each case it starts is counted (and may end the round), and
    an engine error keeps the case that caused it, so a crash is a finding like a divergence."""

    def __init__(self, engine, prop, starting):
        self._engine, self._prop, self._starting = engine, prop, starting
        self._case = Case({}, ())

    def start(self, scenario):
        self._starting()
        self._case = Case(scenario, ())
        return self._kept(self._engine.start, scenario)

    def act(self, action):
        self._case = Case(self._case.scenario, self._case.program + (action,))
        return self._kept(self._engine.act, action)

    def _kept(self, call, argument):
        try:
            return call(argument)
        except (EngineError, ContractError) as why:
            raise crash(why, self._prop, self._case) from None

    def __getattr__(self, name):
        return getattr(self._engine, name)


def work(number: int, spec: str, prop_ids: list, database_url: str, out: str, stop, queue) -> None:
    """A worker process's life: its engine, then rounds over `prop_ids` until `stop` is set."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)        # Ctrl-C is the campaign's to handle

    def report(kind, *data):
        queue.put((kind, number, *data))

    props = all_properties()
    try:
        engine = make_engine(spec)
    except Exception as why:                             # noqa: BLE001 — reported, not raised
        report("error", None, f"can't start {spec}: {why}")
        return report("done")
    hunt = Hunt(engine, open_database(database_url), Known(Path(out)), stop, report)
    order = [props[p] for p in prop_ids]
    random.Random(f"{number}-{os.getpid()}").shuffle(order)
    examples = dict.fromkeys(prop_ids, FIRST_ROUND)
    report("started", time.monotonic())             # one clock for the processes of one machine
    hunt.cpu = time.process_time()
    try:
        while order and not stop.is_set():
            for prop in list(order):
                began = time.monotonic()
                try:
                    found = hunt.round(prop, examples[prop.id])
                except (EngineError, ContractError) as why:
                    report("error", prop.id, str(why))
                    order.remove(prop)
                    continue
                taken = max(time.monotonic() - began, 0.01)
                examples[prop.id] = int(min(MOST_EXAMPLES, max(FIRST_ROUND, examples[prop.id]
                                                               * ROUND_SECONDS / taken)))
                if found is not None:
                    meta = {"property": prop.id, "worker": f"{socket.gethostname()}:{os.getpid()}",
                            "case_of_round": hunt.failed_at}
                    path = record(Path(out), found, spec, meta)
                    if path is not None:
                        report("finding", str(path), signature(found), prop.id,
                               getattr(found, "sentence", str(found)), hunt.failed_at)
                if stop.is_set():
                    break
    except TimeUp:
        pass
    finally:
        hunt.flush()
        engine.close()
        report("done")
