"""A run's results file: JSON lines, appended as the run goes, so whatever finished is on disk
however the run ends (`results.jsonl` in the failures directory of `run`, the certificate directory
of `certify`).

Line 1: {"event": "run", "engine", "profile", "triage", "selection", "properties" (the ids selected),
"started"}. Then one {"event": "outcome", "seconds", "outcome"} per property as it finishes (the
outcome as report.json's `results` and `findings` hold it: runner/results.py). Last, if the run got
that far: {"event": "end", "partial", "stopped" (why it stopped early, or ""), "not_run"}.
"""
from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

from attrs import frozen

from mtg_conformance.runner.results import PropertyOutcome, outcomes, unstructure

NAME = "results.jsonl"


class ResultsFile:
    """Appends one run's events to `path` (replacing an older run's file), flushed line by line."""

    def __init__(self, path: Path, header: dict):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._file = self.path.open("w")
        self._write({"event": "run", **header,
                     "started": datetime.now(timezone.utc).isoformat(timespec="seconds")})

    def _write(self, event: dict) -> None:
        self._file.write(json.dumps(event, sort_keys=True) + "\n")
        self._file.flush()

    def outcome(self, outcome: PropertyOutcome, seconds: float) -> None:
        self._write({"event": "outcome", "seconds": round(seconds, 2), "outcome": unstructure(outcome)})

    def end(self, stopped: str, not_run: list[str]) -> None:
        self._write({"event": "end", "partial": bool(stopped), "stopped": stopped, "not_run": not_run})
        self._file.close()


@frozen
class Stream:
    """A results file read back: its header, each outcome in the order they finished, its end (None
    when the run never got there)."""

    header: dict
    outcomes: tuple[PropertyOutcome, ...]
    seconds: dict[str, float]
    end: dict | None


def read(path) -> Stream:
    """Read a results file, as far as it was written."""
    header, done, seconds, end = {}, [], {}, None
    for line in Path(path).read_text().splitlines():
        event = json.loads(line)
        if event["event"] == "run":
            header = event
        elif event["event"] == "outcome":
            outcome, = outcomes([event["outcome"]])
            done.append(outcome)
            seconds[outcome.verdict.id] = event["seconds"]
        elif event["event"] == "end":
            end = event
    return Stream(header, tuple(done), seconds, end)
