"""Progress a CI log can read, on stderr (stdout keeps the summary), terminal or not:

    [ 3/47] MANA-003      pass         0 findings   150 cases    4.1 s
    mtg-conformance: engine error in MANA-001: engine timed out: no answer to act (seq 3) within 5 s
    mtg-conformance: 12/47 properties done in 2m10s, about 6m20s left; running LOCKSTEP-001, PHASE-003

one line per finished property (an engine error is its one line), and every `every` seconds a line
with what is done, an estimate of what is left and what is running.
"""
from __future__ import annotations

import threading
import time

from mtg_conformance.oracle.vocabulary import Verdict
from mtg_conformance.runner.results import PropertyOutcome

EVERY = 30.0


def wanted(stdout, stderr) -> bool:
    """A live, redrawn line (`fuzz`) only on a terminal: logs and CI output never get one."""
    return stdout.isatty() and stderr.isatty()


def clock(seconds: float) -> str:
    seconds = int(seconds)
    return f"{seconds // 60}m{seconds % 60:02d}s" if seconds >= 60 else f"{seconds}s"


class Progress:
    """Lines about a run of `total` properties on `stream`; `start()` begins the periodic line."""

    def __init__(self, stream, total: int, every: float = EVERY):
        self.stream, self.total, self.every = stream, total, every
        self.done, self.running = 0, {}
        self.began = time.monotonic()
        self._lock, self._stop = threading.Lock(), threading.Event()
        self._ticker = threading.Thread(target=self._tick, daemon=True, name="mtg-progress")

    def start(self) -> None:
        self.began = time.monotonic()
        self._ticker.start()

    def stop(self) -> None:
        self._stop.set()

    def _say(self, line: str) -> None:
        with self._lock:
            self.stream.write(line + "\n")
            self.stream.flush()

    def started(self, prop_id: str) -> None:
        with self._lock:
            self.running[prop_id] = time.monotonic()

    def finished(self, outcome: PropertyOutcome, seconds: float) -> None:
        v = outcome.verdict
        with self._lock:
            self.running.pop(v.id, None)
            self.done += 1
        if v.verdict == Verdict.ERROR:
            self._say(f"mtg-conformance: engine error in {v.id}: {v.reason}")
            return
        width = len(str(self.total))
        findings = len(v.findings)
        self._say(f"[{self.done:{width}}/{self.total}] {v.id:12} {v.verdict:12} "
                  f"{findings:3} finding{'s' * (findings != 1):1} {v.examples or 0:5} cases "
                  f"{seconds:7.1f} s")

    def line(self) -> str:
        """Done/total, an estimate of the time left (from the pace so far), what is running."""
        elapsed = time.monotonic() - self.began
        with self._lock:
            done, running = self.done, sorted(self.running)
        text = f"mtg-conformance: {done}/{self.total} properties done in {clock(elapsed)}"
        if 0 < done < self.total:
            text += f", about {clock(elapsed / done * (self.total - done))} left"
        return text + (f"; running {', '.join(running)}" if running else "")

    def _tick(self) -> None:
        while not self._stop.wait(self.every):
            self._say(self.line())
