"""The runner's core: the properties a run selected, checked against an engine over worker processes,
each outcome streamed as it finishes — to the results file (runner/stream.py), the progress lines
(runner/progress.py) and the caller — and the run stopped cleanly on SIGINT, SIGTERM or its time limit,
keeping everything that finished. `run`, `certify`, `fuzz` and `bench` select through it; the pytest
plugin checks each property with the same function (runner/check.py).

With one worker the properties are checked in this process; with more, each worker is a process
of its own (multiprocessing, spawned) that makes a fresh engine for every property it is given, as
the serial run does, so the verdicts are the same for any number of workers.
"""
from __future__ import annotations

import contextlib
import multiprocessing
import os
import queue as queues
import signal
import time
from typing import Callable

from attrs import frozen

from mtg_conformance.properties.model import StatefulProperty, all_properties
from mtg_conformance.runner import results
from mtg_conformance.runner.check import check_by_id
from mtg_conformance.runner.results import PropertyOutcome, PropertyVerdict
from mtg_conformance.runner.selection import select as select_ids

STOP_GRACE = 10.0            # seconds a stopped worker has to close its engine before it is killed


def select(k: str | None, m: str | None) -> list[str]:
    """The property ids `-k` and `-m` select (runner/selection.py), in id order."""
    return select_ids(all_properties(), k, m)


def workers(given: str | None) -> int:
    """`-n`: a number (0 and 1: this process) or `auto` (one per core)."""
    if given == "auto":
        return os.cpu_count() or 1
    return max(int(given or 1), 1)


@frozen
class Plan:
    """What to check, against what and how: the engine as named, the profile, the property ids,
    where failing cases go, triage, a Hypothesis database to replay first, a stdio engine's answer
    timeout, the worker processes, the time limit, and the properties expected to run longest
    (those a baseline lists findings of, most first: triage shrinks each finding), taken first."""

    spec: str
    profile: str
    ids: tuple[str, ...]
    failures: str
    triage: bool = False
    database: str | None = None
    timeout: float | None = None
    workers: int = 1
    max_minutes: float | None = None
    longest: tuple[str, ...] = ()


@frozen
class Record:
    """What a run checked: the outcomes of the properties that finished (in id order) and, when it
    stopped early, why — then the selected properties it didn't finish are `not_run`."""

    selected: tuple[str, ...]
    outcomes: tuple[PropertyOutcome, ...]
    stopped: str = ""

    @property
    def partial(self) -> bool:
        return bool(self.stopped)

    @property
    def not_run(self) -> list[str]:
        done = {o.verdict.id for o in self.outcomes}
        return [pid for pid in self.selected if pid not in done]


class Stop(KeyboardInterrupt):
    """The run is to stop now (a signal, or its time is up): leaves Hypothesis and the engine at once,
    as Ctrl-C does (Hypothesis lets a KeyboardInterrupt out wherever it is raised, never taking it
    for a failing case); the message says why."""


_requested: list[str] = []      # why this process was asked to stop, until the run has stopped


def _request(why: str) -> None:
    if not _requested:
        _requested.append(why)


def _raise_stop(why: str):
    """A signal handler raising Stop, and remembering it. Python drops (and prints) an exception
    raised while a garbage-collector callback runs (Hypothesis keeps one): there it only remembers,
    and `checkpoint`, called at least every half second, raises it."""
    def handler(signum, frame):
        _request(why)
        if not _in_gc_callback(frame):
            raise Stop(_requested[0])
    return handler


def _in_gc_callback(frame) -> bool:
    """Is `frame` inside a garbage-collector callback (Hypothesis's `gc_callback`)?"""
    while frame is not None:
        if frame.f_code.co_name == "gc_callback":
            return True
        frame = frame.f_back
    return False


def checkpoint() -> None:
    """Raise Stop if this process was asked to stop: called before each case and each property."""
    if _requested:
        raise Stop(_requested[0])


@contextlib.contextmanager
def _signals(handlers: dict):
    """Install signal handlers for the block (only the main thread can; elsewhere, none)."""
    previous = {}
    try:
        for number, handler in handlers.items():
            previous[number] = signal.signal(number, handler)
    except ValueError:                                 # not the main thread
        pass
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


def _order(ids, longest: tuple[str, ...] = ()) -> list[str]:
    """The longest first, so that a worker free early takes the short ones and none is left with a
    long one at the end: those expected to run longest (in that order), then stateful properties."""
    props, rank = all_properties(), {pid: n for n, pid in enumerate(longest)}
    return sorted(ids, key=lambda pid: (rank.get(pid, len(rank)), not isinstance(props[pid], StatefulProperty), pid))


def _time_limit(plan: Plan) -> str:
    return f"--max-minutes {plan.max_minutes:g} reached"


def run(plan: Plan, started: Callable[[str], None],
        finished: Callable[[PropertyOutcome, float], None]) -> Record:
    """Check the plan's properties; `started(id)` and `finished(outcome, seconds)` hear of each as it
    goes. SIGINT, SIGTERM or the time limit stop the run: what finished is kept and returned."""
    done: dict[str, PropertyOutcome] = {}

    def record(outcome: PropertyOutcome, seconds: float) -> None:
        done[outcome.verdict.id] = outcome
        finished(outcome, seconds)

    checker = _serial if plan.workers <= 1 or len(plan.ids) <= 1 else _parallel
    stopped = ""
    try:
        handlers = {signal.SIGTERM: _raise_stop("terminated (SIGTERM)")}
        if signal.getsignal(signal.SIGINT) is not signal.SIG_IGN:   # as a background job: ignored
            handlers[signal.SIGINT] = _raise_stop("interrupted (SIGINT)")
        with _signals(handlers):
            checker(plan, _order(plan.ids, plan.longest), started, record)
    except KeyboardInterrupt as why:                    # Stop, or Ctrl-C before our handler was in
        stopped = str(why) if isinstance(why, Stop) else "interrupted (SIGINT)"
    finally:
        _requested.clear()
    return Record(tuple(plan.ids), tuple(done[pid] for pid in sorted(done)), stopped)


def _check(plan: Plan, prop_id: str) -> PropertyOutcome:
    from hypothesis.reporting import with_reporter
    checkpoint()
    with with_reporter(lambda text: None):          # a failing case is reported by the runner
        return check_by_id(prop_id, plan.spec, plan.failures, plan.triage, plan.profile,
                           plan.database, plan.timeout, checkpoint)


def _serial(plan: Plan, ids, started, record) -> None:
    """Every property in this process, one after the other."""
    handlers, deadline = {}, None
    if plan.max_minutes:
        handlers[signal.SIGALRM] = _raise_stop(_time_limit(plan))
        deadline = time.monotonic() + plan.max_minutes * 60
    with _signals(handlers):
        if plan.max_minutes:
            signal.setitimer(signal.ITIMER_REAL, plan.max_minutes * 60)
        try:
            for prop_id in ids:
                if deadline and time.monotonic() >= deadline:
                    _request(_time_limit(plan))
                checkpoint()
                started(prop_id)
                began = time.monotonic()
                record(_check(plan, prop_id), time.monotonic() - began)
        finally:
            if plan.max_minutes:
                signal.setitimer(signal.ITIMER_REAL, 0)


def _work(plan: Plan, tasks, inbox) -> None:
    """A worker process: check the properties it is given until it gets None; on SIGTERM close the
    engine in hand and leave quietly."""
    signal.signal(signal.SIGTERM, _raise_stop("stopped"))
    signal.signal(signal.SIGINT, signal.SIG_IGN)       # Ctrl-C is the controlling process's to handle
    me = os.getpid()
    try:
        while (prop_id := tasks.get()) is not None:
            inbox.put(("started", me, prop_id))
            began = time.monotonic()
            outcome = _check(plan, prop_id)
            inbox.put(("finished", me, results.dumps(outcome), time.monotonic() - began))
    except Stop:
        pass
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)   # leaving: a late stop needs no words


class _Pool:
    """The worker processes of a run, replaced when one dies mid-property (that property's verdict
    is then `error`)."""

    def __init__(self, plan: Plan, ids):
        self.plan, self.context = plan, multiprocessing.get_context("spawn")
        self.tasks, self.inbox = self.context.Queue(), self.context.Queue()
        for prop_id in ids:
            self.tasks.put(prop_id)
        self.procs, self.current = {}, {}                # pid -> process; pid -> property in hand
        for _ in range(min(plan.workers, len(ids))):
            self.tasks.put(None)
            self.spawn()

    def spawn(self) -> None:
        process = self.context.Process(target=_work, args=(self.plan, self.tasks, self.inbox),
                                       daemon=True, name="mtg-conformance-worker")
        with _signals({signal.SIGINT: signal.SIG_IGN}):  # inherited: the child never sees Ctrl-C
            process.start()
        self.procs[process.pid] = process

    def dead(self) -> list[tuple[str, int]]:
        """(property, exit code) of each worker that died holding a property; a new one replaces it."""
        lost = []
        for pid, process in list(self.procs.items()):
            if process.exitcode is not None and pid in self.current:
                lost.append((self.current.pop(pid), process.exitcode))
                del self.procs[pid]
                self.spawn()
        return lost

    def alive(self) -> bool:
        return any(process.exitcode is None for process in self.procs.values())

    def stop(self, finished: bool) -> list[tuple]:
        """Stop every worker — once `finished`, each leaves by itself on its None; else SIGTERM: each
        closes its engine — kill those that don't go, and return the messages that arrived meanwhile."""
        if finished:
            for process in self.procs.values():
                process.join(STOP_GRACE)
        for process in self.procs.values():
            if process.exitcode is None:
                process.terminate()
        ends = time.monotonic() + STOP_GRACE + (self.plan.timeout or 5.0)
        for process in self.procs.values():
            process.join(max(ends - time.monotonic(), 0.1))
            if process.exitcode is None:
                process.kill()
                process.join(1)
        left = []
        with contextlib.suppress(queues.Empty, OSError, ValueError):
            while True:
                left.append(self.inbox.get(timeout=0.2))
        return left


def _parallel(plan: Plan, ids, started, record) -> None:
    """The properties spread over worker processes, each taking the next when it is free."""
    pool, waiting = _Pool(plan, ids), set(ids)
    deadline = time.monotonic() + plan.max_minutes * 60 if plan.max_minutes else None

    def handle(message) -> None:
        kind, worker, *data = message
        if kind == "started":
            pool.current[worker] = data[0]
            started(data[0])
        else:
            outcome = results.loads(data[0])
            pool.current.pop(worker, None)
            if outcome.verdict.id in waiting:
                waiting.discard(outcome.verdict.id)
                record(outcome, data[1])

    try:
        while waiting:
            if deadline and time.monotonic() > deadline:
                _request(_time_limit(plan))
            checkpoint()
            try:
                handle(pool.inbox.get(timeout=0.5))
            except queues.Empty:
                for prop_id, code in pool.dead():
                    waiting.discard(prop_id)
                    record(_died(prop_id, code), 0.0)
                if not pool.alive():                   # every worker died before taking one
                    raise Stop("the worker processes died before checking every property")
    finally:
        with _signals({signal.SIGINT: signal.SIG_IGN, signal.SIGTERM: signal.SIG_IGN}):
            for message in pool.stop(not waiting):     # outcomes that arrived as the run stopped
                if message[0] == "finished":
                    handle(message)


def _died(prop_id: str, code: int) -> PropertyOutcome:
    prop = all_properties()[prop_id]
    how = f"signal {-code}" if code < 0 else f"status {code}"
    return PropertyOutcome(PropertyVerdict(prop.id, prop.title, tuple(prop.rules), results.Verdict.ERROR,
                                           f"the worker process checking it died ({how})"))
