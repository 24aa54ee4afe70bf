"""`mtg-conformance fuzz`: a campaign of worker processes over the selected properties until the
time is up or Ctrl-C, sharing one Hypothesis example database (a directory, or Redis for workers on
several machines). Each distinct finding is shrunk, saved under DIR/vectors/ the moment it is found
(runner/fuzz_findings.py) and reported once; DIR/campaign.json sums the campaign up."""
from __future__ import annotations

import json
import multiprocessing
import queue as queues
import shutil
import signal
import sys
import time
from collections import Counter
from datetime import datetime, timezone
from pathlib import Path

from mtg_conformance.properties.lockstep import rule_key
from mtg_conformance.runner import progress
from mtg_conformance.runner.fuzz_findings import Known
from mtg_conformance.runner.fuzz_worker import work

GRACE_SECONDS = 120          # after the end, for a worker to finish shrinking what it just found


class Campaign:
    """The controlling process: starts the workers, shows progress, collects what they report."""

    def __init__(self, spec: str, prop_ids: list, database: str, out: Path, workers: int,
                 minutes: float | None, stream=sys.stderr, live: bool = False, messages=None):
        """`stream` gets the live line (if `live`), `messages` (default stdout) each finding."""
        self.spec, self.prop_ids, self.database, self.out = spec, prop_ids, database, out
        self.workers, self.minutes, self.stream, self.live = workers, minutes, stream, live
        self.messages = messages
        self.cases = self.set_aside = 0
        self.findings, self.errors, self.running = [], [], set()
        self.applied = {}                    # worker -> how often the oracle applied each CR rule
        self.cpu = {}                        # worker -> CPU seconds it spent since it began
        self.known_before = len(Known(out).refresh())
        self.first_case = self.last_case = None          # when generating began and last reported
        self.started = time.monotonic()

    def run(self) -> dict:
        context = multiprocessing.get_context("spawn")
        stop, inbox = context.Event(), context.Queue()
        procs = [context.Process(target=work, daemon=True, name=f"fuzz-worker-{n}",
                                 args=(n, self.spec, self.prop_ids, self.database, str(self.out),
                                       stop, inbox))
                 for n in range(1, self.workers + 1)]
        self.started, self.began = time.monotonic(), datetime.now(timezone.utc)
        end = self.started + self.minutes * 60 if self.minutes else None
        for proc in procs:
            proc.start()
        self.running = {n for n in range(1, self.workers + 1)}
        interrupted = False
        previous = signal.signal(signal.SIGTERM, _interrupt)    # `kill PID` stops it like Ctrl-C
        try:
            while self.running and (end is None or time.monotonic() < end):
                self._receive(inbox, procs)
        except KeyboardInterrupt:
            interrupted = True
            self._say("interrupted: the workers finish what they are shrinking, then stop "
                      "(Ctrl-C or kill again to stop at once)")
        stop.set()
        self.ended = time.monotonic()
        try:
            last = time.monotonic() + GRACE_SECONDS
            while self.running and time.monotonic() < last:
                self._receive(inbox, procs)
        except KeyboardInterrupt:
            pass
        for proc in procs:
            if proc.is_alive():
                proc.terminate()
            proc.join(5)
        signal.signal(signal.SIGTERM, previous)
        self._erase()
        summary = self.summary(interrupted)
        self.out.mkdir(parents=True, exist_ok=True)
        (self.out / "campaign.json").write_text(json.dumps(summary, indent=1) + "\n")
        return summary

    def _receive(self, inbox, procs):
        try:
            kind, number, *data = inbox.get(timeout=0.25)
        except queues.Empty:
            for n, proc in enumerate(procs, 1):
                if n in self.running and not proc.is_alive():
                    self.running.discard(n)
                    self._say(f"worker {n} died (exit code {proc.exitcode}); its findings are on disk")
            self._draw()
            return
        if kind == "started":
            self.first_case = min(self.first_case or data[0], data[0])
        elif kind == "cases":
            self.last_case = time.monotonic()
            self.cases += data[0]
            self.set_aside += data[1]
            self.applied[number], self.cpu[number] = Counter(data[2]), data[3]
        elif kind == "finding":
            path, sig, prop_id, sentence, at = data
            self.findings.append({"signature": sig, "property": prop_id, "vector": path,
                                  "worker": number, "case_of_round": at})
            self._say(f"NEW FINDING {prop_id} [{sig}] -> {path} (worker {number})\n  {sentence}")
        elif kind == "error":
            prop_id, message = data
            self.errors.append({"worker": number, "property": prop_id, "message": message})
            self._say(f"engine error{f' in {prop_id}' if prop_id else ''} (worker {number}): "
                      f"{message}" + (" — that property is left out" if prop_id else ""))
        elif kind == "done":
            self.running.discard(number)
        self._draw()

    def line(self) -> str:
        elapsed = time.monotonic() - self.started
        clock = f"{elapsed // 60:.0f}:{elapsed % 60:02.0f}"
        if self.minutes:
            clock += f"/{self.minutes:g} min"
        rate = self.cases / max(time.monotonic() - self.first_case, 1) if self.first_case else 0
        running = len(self.running)
        return (f"fuzz {self.spec} · {clock} · {running} worker{'s' * (running != 1)} · "
                f"{self.cases:,} cases ({rate:,.0f}/s) · {len(self.rules())} rules applied · "
                f"{len(self.findings)} new, {self.known_before} known · {self.set_aside:,} set aside")

    def rules(self) -> Counter:
        """How often the oracle applied each CR rule in the campaign's cases (rule coverage)."""
        return sum(self.applied.values(), Counter())

    def _draw(self):
        if self.live:
            width = shutil.get_terminal_size().columns - 1
            self.stream.write("\r\033[K" + self.line()[:width])
            self.stream.flush()

    def _erase(self):
        if self.live:
            self.stream.write("\r\033[K")
            self.stream.flush()

    def _say(self, text: str):
        self._erase()
        print(text, file=self.messages or sys.stdout, flush=True)
        self._draw()

    def summary(self, interrupted: bool) -> dict:
        active = max((self.last_case or 0) - (self.first_case or 0), 0)
        return {"engine": self.spec, "properties": self.prop_ids, "database": self.database,
                "workers": self.workers, "started": self.began.isoformat(timespec="seconds"),
                "minutes": self.minutes, "interrupted": interrupted,
                "seconds": round(self.ended - self.started, 1), "seconds_generating": round(active, 1),
                "cases": self.cases, "cases_per_second": round(self.cases / active, 2) if active else 0,
                "worker_cpu_seconds": round(sum(self.cpu.values()), 1),
                "set_aside": self.set_aside, "known_before": self.known_before,
                "rules_applied": dict(sorted(self.rules().items(), key=lambda i: rule_key(i[0]))),
                "new_findings": self.findings, "errors": self.errors,
                "findings_on_disk": len(Known(self.out).refresh())}


def _interrupt(signum, frame):
    raise KeyboardInterrupt()


def campaign(spec: str, prop_ids: list, database: str, out: Path, workers: int,
             minutes: float | None) -> dict:
    live = progress.wanted(sys.stdout, sys.stderr)
    return Campaign(spec, prop_ids, database, out, workers, minutes, sys.stderr, live).run()
