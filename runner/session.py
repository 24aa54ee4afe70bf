"""Running the selected properties against an engine through pytest: what `run` and `certify` share."""
from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

from mtg_conformance.runner import progress
from mtg_conformance.runner.results import PropertyOutcome, outcomes


def run_properties(args, failures_dir: str, triage: bool) -> tuple[int, list[PropertyOutcome]]:
    """Run the properties `args` select (engine, profile, workers, k, m, junitxml, statistics),
    stopping each at its first divergence or, with `triage`, finding every distinct one; return
    pytest's exit status and each property's outcome. Failing cases go to `failures_dir`."""
    import pytest

    plugins = [progress.Progress(sys.stderr)] if progress.wanted(sys.stdout, sys.stderr) else []
    with tempfile.TemporaryDirectory() as tmp:
        results = os.path.join(tmp, "results.json")
        argv = ["-p", "mtg_conformance",                 # by its entry point, even without autoload
                "--pyargs", "mtg_conformance.runner.test_conformance", "--mtg-engine", args.engine,
                "--mtg-profile", args.profile, "--mtg-results-file", results,
                "-p", "no:cacheprovider", "-p", "no:benchmark",   # pytest-benchmark only warns here
                "--rootdir", os.getcwd(), "-q", "--mtg-failures-dir", failures_dir,
                "-W", "ignore::pytest.PytestAssertRewriteWarning"]
        if args.workers not in (None, "0", "1"):    # one worker would only add a process
            argv += ["-n", args.workers]
        for flag, value in (("-k", args.k), ("-m", args.m), ("--junitxml", args.junitxml),
                            ("--mtg-database", args.database)):
            if value:
                argv += [flag, value]
        if args.statistics:
            argv.append("--mtg-show-exercised")
        if triage:
            argv.append("--mtg-triage")
        status = pytest.main(argv, plugins=plugins)
        found = outcomes(json.loads(Path(results).read_text())) if os.path.exists(results) else []
    return int(status), found
