"""What `run` and `certify` share: check the selected properties through the runner's core
(runner/core.py) with progress on stderr and every outcome in the results file, then judge what
finished and write what the options ask (JUnit XML, statistics)."""
from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

from attrs import frozen

from mtg_conformance.oracle.vocabulary import Verdict
from mtg_conformance.runner import core, junit, statistics
from mtg_conformance.runner.progress import Progress
from mtg_conformance.runner.results import Results, judge, redundant_vectors
from mtg_conformance.runner.stream import ResultsFile


@frozen
class Session:
    """A finished (or stopped) run: what the core recorded, the judged results, each property's
    seconds."""

    record: core.Record
    found: Results
    seconds: dict

    @property
    def nothing_exercised(self) -> bool:
        """No CR rule exercised and nothing found: a run that can never fail (issue: an engine
        declaring too little, every property unsupported)."""
        return not self.found.findings and not any(r.exercised for r in self.found.rules)


def longest(expected: dict | None) -> tuple[str, ...]:
    """The properties a baseline lists findings of, most findings first: with triage, each finding
    is shrunk, so these are the properties that run longest."""
    counts = Counter(pid for entry in (expected or {}).get("findings", ())
                     for pid in entry.get("properties", ()))
    return tuple(pid for pid, _ in sorted(counts.items(), key=lambda item: (-item[1], item[0])))


def check(args, ids: list[str], failures_dir: str, triage: bool, results_path: Path,
          expected: dict | None = None) -> Session:
    """Check `ids` as `args` say (engine, profile, workers, timeout, max_minutes, database,
    junitxml, statistics, k, m); failing cases go to `failures_dir`. `expected` (a baseline, if
    given) says which properties to start first."""
    plan = core.Plan(args.engine, args.profile, tuple(ids), failures_dir, triage, args.database,
                     args.timeout, core.workers(args.workers), args.max_minutes, longest(expected))
    stream = ResultsFile(results_path, {"engine": args.engine, "profile": args.profile,
                                        "triage": triage, "selection": {"k": args.k, "m": args.m},
                                        "properties": list(ids)})
    progress, seconds = Progress(sys.stderr, len(ids)), {}

    def finished(outcome, taken: float) -> None:
        seconds[outcome.verdict.id] = taken
        stream.outcome(outcome, taken)
        progress.finished(outcome, taken)

    progress.start()
    try:
        record = core.run(plan, progress.started, finished)
    finally:
        progress.stop()
    stream.end(record.stopped, record.not_run)
    if record.partial:
        print(f"mtg-conformance: {record.stopped}: {len(record.outcomes)} of {len(ids)} properties "
              f"finished, the results are partial; not run: {', '.join(record.not_run)}",
              file=sys.stderr)
    found = judge(record.outcomes)
    for name in redundant_vectors(record.outcomes, found):   # another property showed it smaller
        (Path(failures_dir) / name).unlink(missing_ok=True)
    for p in found.properties:
        if p.verdict == Verdict.UNSUPPORTED:
            print(f"UNSUPPORTED {p.id}: {p.reason}")
        elif p.coverage.skipped:
            print(f"SKIPPED {p.coverage.skipped} case(s) of {p.id}: the engine refused their scenario")
    if args.junitxml:
        junit.write(args.junitxml, args.engine, list(record.outcomes), seconds, record.not_run,
                    record.stopped)
    if args.statistics:
        for line in statistics.lines(list(record.outcomes)):
            print(line)
    return Session(record, found, seconds)
