"""`mtg-conformance`: certify an engine, list engines and rules, benchmark, serve, replay.

Exit codes, the same for every verb: 0 all good, 1 a divergence (a rules failure), 2 a usage, input
or engine error.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile

from adapters.contract import ContractError, EngineError
from adapters.registry import UnknownEngine, make_engine, registered
from runner.baseline import BaselineError
from properties.suite import PROFILES

OK, DIVERGENCE, ERROR = 0, 1, 2


class Usage(Exception):
    """Bad input from the user: printed as one line, exit 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        raise Usage(message)


def _engine(name: str):
    try:
        return make_engine(name)
    except UnknownEngine as why:
        raise Usage(str(why)) from None


def cmd_run(args) -> int:
    """Run every property (or those -k / -m select) against the engine, through pytest."""
    import pytest

    from runner import baseline
    expected = baseline.load(args.baseline) if args.baseline else None
    engine = _engine(args.engine)                    # fail fast on an unknown engine
    identity = engine.identity()
    engine.close()
    with tempfile.TemporaryDirectory() as tmp:
        results = os.path.join(tmp, "results.json")
        argv = ["--pyargs", "runner.test_conformance", "--engine", args.engine,
                "--profile", args.profile, "--results-file", results, "-p", "no:cacheprovider",
                "--rootdir", os.getcwd(), "-q", "--failures-dir", args.failures_dir,
                "-W", "ignore::pytest.PytestAssertRewriteWarning"]
        if args.workers:
            argv += ["-n", args.workers]
        for flag, value in (("-k", args.k), ("-m", args.m), ("--junitxml", args.junitxml)):
            if value:
                argv += [flag, value]
        if args.statistics:
            argv.append("--hypothesis-show-statistics")
        status = pytest.main(argv)
        verdicts = json.load(open(results)) if os.path.exists(results) else []
    if args.write_baseline:
        with open(args.write_baseline, "w") as out:
            json.dump(baseline.from_results(verdicts, identity), out, indent=1)
            out.write("\n")
    if expected is None:
        return exit_code(status, [v["verdict"] for v in verdicts])
    if status not in (0, 1) or not verdicts:
        return ERROR
    changed = baseline.changes(expected, verdicts)
    for line in changed:
        print(f"CHANGED {line}")
    print(f"baseline {args.baseline}: " + (f"{len(changed)} change(s)" if changed else "no change"))
    return DIVERGENCE if changed else OK


def exit_code(pytest_status: int, verdicts: list) -> int:
    """2 if any engine error (the run can't certify), else 1 if any divergence, else 0."""
    if "error" in verdicts or pytest_status not in (0, 1, 5) or not verdicts:
        return ERROR
    return DIVERGENCE if "fail" in verdicts else OK


def cmd_engines(args) -> int:
    from adapters.mutants import MUTANTS
    for name, spec in sorted(registered().items()):
        try:
            _engine(name).close()
            state = "available"
        except Usage as why:
            state = f"not available: {why}"
        print(f"{name:40} {spec}  [{state}]")
    for m in MUTANTS.values():
        print(f"mutant:{m.name:33} breaks CR {m.rule}: {m.description}")
    print("stdio:COMMAND                            any engine speaking docs/protocol.md")
    print("module:MODULE:CLASS                      any adapters.contract.Engine subclass")
    return OK


def rules_table() -> list[dict]:
    from properties.model import all_properties
    from properties.rules import RULE_TITLES
    table: dict[str, list] = {}
    for prop in all_properties().values():
        for rule in prop.rules:
            table.setdefault(rule, []).append(prop.id)
    return [{"rule": r, "title": RULE_TITLES.get(r, ""), "properties": sorted(ids)}
            for r, ids in sorted(table.items(), key=lambda item: _rule_order(item[0]))]


def _rule_order(rule: str) -> tuple:
    """702.26d after 702.5d: numbers compare as numbers."""
    section, _, sub = rule.partition(".")
    digits = "".join(ch for ch in sub if ch.isdigit())
    return int(section), int(digits or 0), sub[len(digits):]


def cmd_rules(args) -> int:
    table = rules_table()
    if args.format == "json":
        print(json.dumps(table, indent=1))
    else:
        for row in table:
            print(f"CR {row['rule']:9} {row['title']:58} {', '.join(row['properties'])}")
    return OK


def cmd_bench(args) -> int:
    from runner.bench import bench
    engine = _engine(args.engine)
    try:
        figures = bench(engine, args.per_property)
    finally:
        engine.close()
    if args.format == "json":
        print(json.dumps(figures, indent=1))
    else:
        for key, value in figures.items():
            print(f"{key:30} {value}")
    return OK


def cmd_serve(args) -> int:
    from runner.serve import serve
    return serve(_engine(args.engine), sys.stdin, sys.stdout)


def cmd_replay(args) -> int:
    from properties.vectors import VectorError
    from runner.replay import replay
    engine, verdicts = _engine(args.engine), []
    try:
        for path in args.files:
            try:
                verdict, detail = replay(path, engine)
            except VectorError as why:
                verdict, detail = "ERROR", str(why)
            verdicts.append(verdict)
            print(f"{verdict:14} {path}: {detail}")
    finally:
        engine.close()
    if "ERROR" in verdicts:
        return ERROR
    return DIVERGENCE if "STILL FAILING" in verdicts else OK


def cmd_validate_harness(args) -> int:
    from runner.validate_harness import validate_harness
    problems = validate_harness(args.command, args.timeout)
    for problem in problems:
        print(problem)
    print("harness OK" if not problems else f"{len(problems)} problem(s)")
    return DIVERGENCE if problems else OK


def parser() -> argparse.ArgumentParser:
    top = _Parser(prog="mtg-conformance", description=__doc__.splitlines()[0])
    verbs = top.add_subparsers(dest="verb", required=True, parser_class=_Parser)
    run = verbs.add_parser("run", help="certify an engine: run the properties against it")
    run.add_argument("--engine", required=True)
    run.add_argument("--profile", choices=PROFILES, default="dev")
    run.add_argument("-n", dest="workers", help="pytest-xdist workers (a number or auto)")
    run.add_argument("-k", help="select properties by id expression")
    run.add_argument("-m", help="select by CR marker, e.g. cr_702_26")
    run.add_argument("--junitxml")
    run.add_argument("--failures-dir", default=".mtg-conformance/failures")
    run.add_argument("--statistics", action="store_true", help="show Hypothesis statistics")
    run.add_argument("--baseline", help="expectations file: exit 0 when the run matches it, 1 on change")
    run.add_argument("--write-baseline", help="write this run's results as an expectations file")
    run.set_defaults(func=cmd_run)
    verbs.add_parser("engines", help="list engines and mutants").set_defaults(func=cmd_engines)
    rules = verbs.add_parser("rules", help="the CR rules covered and the properties checking them")
    rules.add_argument("--format", choices=("text", "json"), default="text")
    rules.set_defaults(func=cmd_rules)
    bench = verbs.add_parser("bench", help="throughput of an engine through the harness")
    bench.add_argument("--engine", required=True)
    bench.add_argument("--format", choices=("text", "json"), default="text")
    bench.add_argument("--per-property", type=int, default=20)
    bench.set_defaults(func=cmd_bench)
    serve = verbs.add_parser("serve", help="serve a Python engine over the stdio protocol")
    serve.add_argument("--engine", required=True)
    serve.set_defaults(func=cmd_serve)
    replay = verbs.add_parser("replay", help="re-run saved vectors: FIXED, STILL FAILING or ERROR")
    replay.add_argument("files", nargs="+")
    replay.add_argument("--engine", required=True)
    replay.set_defaults(func=cmd_replay)
    validate = verbs.add_parser("validate-harness", help="check a stdio harness against the protocol")
    validate.add_argument("command")
    validate.add_argument("--timeout", type=float, default=5.0)
    validate.set_defaults(func=cmd_validate_harness)
    return top


def main(argv=None) -> int:
    try:
        args = parser().parse_args(argv)
        return args.func(args)
    except (Usage, BaselineError) as why:
        print(f"mtg-conformance: error: {why}", file=sys.stderr)
        return ERROR
    except (EngineError, ContractError) as why:
        print(f"mtg-conformance: engine error: {why}", file=sys.stderr)
        return ERROR
    except KeyboardInterrupt:
        return ERROR
    except BrokenPipeError:                          # output piped into `head`
        sys.stderr.close()
        return OK


if __name__ == "__main__":
    sys.exit(main())
