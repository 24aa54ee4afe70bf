"""`mtg-conformance`: certify and fuzz engines, compare certificates, list engines and rules, replay cases.

Exit codes, the same for every verb:
  0  all good
  1  a divergence: a rules failure (with --baseline: a new finding)
  2  a usage, input or engine error (one line on stderr)
  3  partial: interrupted (SIGINT, SIGTERM) or out of time (--max-minutes) before every selected
     property finished, and nothing above found in what did; the certificate is written, marked partial
  4  nothing exercised: no CR rule was exercised (e.g. every property unsupported), so the run
     could never have failed
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from mtg_conformance.adapters.contract import MtgConformanceError
from mtg_conformance.adapters.registry import make_engine, registered
from mtg_conformance.oracle.vocabulary import RULE_VERDICTS, Replayed, Verdict
from mtg_conformance.properties.suite import PROFILES, support
from mtg_conformance.properties.vectors import VectorError
from mtg_conformance.runner import catalog_cmd, matrix, properties_cmd
from mtg_conformance.runner.fuzz_db import DEFAULT as DEFAULT_DATABASE
from mtg_conformance.runner.results import Results

OK, DIVERGENCE, ERROR, PARTIAL, NOTHING_EXERCISED = 0, 1, 2, 3, 4


class Usage(MtgConformanceError):
    """Bad input from the user: printed as one line, exit 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        raise Usage(message)


def _engine(name: str):
    return make_engine(name)


def _identity(name: str) -> dict:
    """The engine's identity; fails fast on an unknown or broken engine. Warns when the engine
    implements another edition of the Comprehensive Rules than the suite checks (docs/ci.md)."""
    from mtg_conformance.adapters.contract import CR_EDITION
    engine = _engine(name)
    try:
        identity = engine.identity()
    finally:
        engine.close()
    edition = str(identity.get("cr_edition", "")).strip()
    if edition not in ("", "unspecified", CR_EDITION):
        print(f"mtg-conformance: warning: {name} implements the Comprehensive Rules of {edition}, the "
              f"suite checks those of {CR_EDITION}; a divergence on a rule changed in between is an "
              "edition difference, not a bug", file=sys.stderr)
    return identity


def _writable(path: str, what: str) -> None:
    """Usage unless `path` is, or could be created as, a writable directory."""
    existing = Path(path).absolute()
    while not existing.exists():
        existing = existing.parent
    if not existing.is_dir() or not os.access(existing, os.W_OK):
        raise Usage(f"{what} {path}: can't be created ({existing} is not a writable directory)")


def _check(args, failures_dir: str, triage: bool, results_path: Path, expected: dict | None = None):
    """Run the selected properties through the runner's core (runner/session.py); `expected`, the
    baseline if given, orders them."""
    from mtg_conformance.runner import core, session
    ids = core.select(args.k, args.m)
    if not ids:
        raise Usage("no property matches the -k/-m selection")
    return session.check(args, ids, failures_dir, triage, results_path, expected)


def summary(found: Results, spec: str = "", failures: str = "") -> list[str]:
    """The terminal's account of a run: each finding (with the command replaying its case from
    `failures`, when given), then the rules by verdict."""
    import shlex
    lines = [f"{len(found.findings)} finding{'s' * (len(found.findings) != 1)}"
             + (":" if found.findings else "")]
    for f in found.findings:
        lines.append(f"  {f.id}  in {', '.join(f.properties)} ({f.cases} case{'s' * (f.cases != 1)}): "
                     f"{f.message}")
        if f.folded:
            lines.append(f"    also read as this finding: {', '.join(f'{x} ({n})' for x, n in f.folded.items())}")
        if failures:
            lines.append(f"    replay: mtg-conformance replay {shlex.quote(str(Path(failures) / f.vector))}"
                         f" --engine {shlex.quote(spec)}")
    by_verdict = {v: [r.rule for r in found.rules if r.verdict == v] for v in RULE_VERDICTS}
    lines.append("; ".join([f"CR rules: {found.rules_passed}/{found.rules_checked} pass"]
                           + [f"{v.replace('_', ' ')}: {' '.join(rules)}"
                              for v, rules in by_verdict.items() if rules and v != Verdict.PASS]))
    return lines


def _judge(ran, expected: dict | None, path: str | None):
    """The exit code, and the comparison with the baseline when there is one (printed)."""
    from mtg_conformance.runner import baseline
    found, compared = ran.found, None
    verdicts = [p.verdict for p in found.properties]
    if Verdict.ERROR in verdicts:
        return ERROR, None
    if expected is not None:
        compared = baseline.compare(expected, found)
        for line in compared.changes:
            print(f"CHANGED {line}")
        for line in compared.notices:
            print(f"NOTICE {line}")
        print(f"baseline {path}: " + (f"{len(compared.changes)} change(s)" if compared.changes
                                      else "no change")
              + (f", {len(compared.notices)} notice(s)" if compared.notices else ""))
    failed = compared.changes if compared is not None else Verdict.FAIL in verdicts
    if failed:
        return DIVERGENCE, compared
    if ran.record.partial:
        return PARTIAL, compared
    if ran.nothing_exercised:
        counts = ", ".join(f"{n} {v}" for v, n in found.counts().items() if n)
        print(f"mtg-conformance: nothing exercised: no CR rule was exercised by the {len(verdicts)} "
              f"properties run ({counts}), so this run could not have failed; declare more of what "
              "the engine can do in its capabilities (docs/adapters.md)", file=sys.stderr)
        return NOTHING_EXERCISED, compared
    return OK, compared


def _write_baseline(path: str, ran, identity: dict, profile: str) -> None:
    from mtg_conformance.runner import baseline
    if ran.record.partial:
        print(f"mtg-conformance: --write-baseline {path} not written: the run is partial, and the "
              "properties not run would lose their expectations", file=sys.stderr)
        return
    found = ran.found
    previous = baseline.load(path) if os.path.exists(path) else None
    document = baseline.from_results(found, identity, profile, previous)
    Path(path).write_text(json.dumps(document, indent=1) + "\n")
    print(f"expectations written to {path}: {len(document['findings'])} finding(s), "
          f"{len(document['unsupported'])} unsupported")


def _prepare(args, *directories: tuple[str, str]) -> tuple[dict | None, dict]:
    """Check the output paths and the baseline before running: (expectations, engine identity)."""
    from mtg_conformance.runner import baseline
    expected = baseline.load(args.baseline) if args.baseline else None
    for path, what in directories:
        _writable(path, what)
    _database(args.database)
    for path, what in ((args.junitxml, "--junitxml"), (args.write_baseline, "--write-baseline")):
        if path:
            _writable(os.path.dirname(path) or ".", what)
    if args.write_baseline and os.path.exists(args.write_baseline):
        try:
            baseline.load(args.write_baseline)       # its notes are kept: it must be readable
        except baseline.BaselineError as why:
            raise baseline.UnreadablePrevious(str(why)) from None
    return expected, _identity(args.engine)


def cmd_run(args) -> int:
    """Run every property (or those -k / -m select) against the engine. A baseline is about every
    distinct finding, so --baseline and --write-baseline triage too."""
    from mtg_conformance.runner.stream import NAME
    expected, identity = _prepare(args, (args.failures_dir, "--failures-dir"))
    triage = args.triage or bool(args.baseline or args.write_baseline)
    ran = _check(args, args.failures_dir, triage, Path(args.failures_dir) / NAME, expected)
    for line in summary(ran.found, args.engine, args.failures_dir):
        print(line)
    code = _judge(ran, expected, args.baseline)[0]
    if args.write_baseline:
        _write_baseline(args.write_baseline, ran, identity, args.profile)
    return code


def cmd_certify(args) -> int:
    """Triage every property and write a certificate into --out (runner/certify.py), partial if the
    run was stopped early."""
    from mtg_conformance.runner import certify
    from mtg_conformance.runner.stream import NAME
    expected, identity = _prepare(args, (args.out, "--out"))
    out = Path(args.out)
    (out / "vectors").mkdir(parents=True, exist_ok=True)
    ran = _check(args, str(out / "vectors"), True, out / NAME, expected)
    found, record = ran.found, ran.record
    code, compared = _judge(ran, expected, args.baseline)
    partial = {"stopped": record.stopped, "not_run": record.not_run} if record.partial else None
    report = certify.build(args.engine, identity, args.profile, found, {"k": args.k, "m": args.m},
                           True, None if compared is None else {
                               "file": args.baseline, "changes": list(compared.changes),
                               "notices": list(compared.notices)}, partial)
    certify.write(report, found, out)
    if args.write_baseline:
        _write_baseline(args.write_baseline, ran, identity, args.profile)
    print(f"{'partial ' * record.partial}certificate in {out}: {found.rules_passed}/"
          f"{found.rules_checked} CR rules pass, {len(found.findings)} finding(s); "
          + ", ".join(f"{n} {v}" for v, n in found.counts().items() if n)
          + (f"; {len(record.not_run)} not run" if record.partial else ""))
    return code


def cmd_matrix(args) -> int:
    """One page comparing certificates (runner/matrix.py)."""
    _writable(args.out, "--out")
    certificates = [(Path(d), matrix.load(d)) for d in args.certificates]
    built = matrix.build(certificates, Path(args.out))
    written = matrix.write(built, Path(args.out), args.format)
    print(f"matrix of {len(certificates)} certificate(s), {len(built['rules'])} CR rules: "
          + ", ".join(str(path) for path in written))
    return OK
def cmd_fuzz(args) -> int:
    """A campaign until the time is up or Ctrl-C (runner/fuzz.py); exit 1 on a new finding."""
    from mtg_conformance.properties.model import all_properties
    from mtg_conformance.runner.core import select
    from mtg_conformance.runner.fuzz import campaign
    _writable(args.out, "--out")
    _database(args.database)
    engine = _engine(args.engine)
    try:
        capabilities = engine.capabilities()
    finally:
        engine.close()
    chosen = select(args.k, args.m)
    props = all_properties()
    ids = [p for p in chosen if not support(props[p], capabilities).unsupported]
    if not ids:
        raise Usage("no property matches the -k/-m selection" if not chosen
                    else "the engine supports none of the selected properties")
    summary = campaign(args.engine, ids, args.database, Path(args.out), args.workers, args.minutes)
    print(f"{summary['cases']:,} cases in {summary['seconds']:.0f} s ({summary['cases_per_second']:,} "
          f"a second) over {len(ids)} properties; {len(summary['new_findings'])} new finding(s), "
          f"{summary['findings_on_disk']} in {Path(args.out) / 'vectors'}; "
          f"{summary['set_aside']:,} cases set aside as known bugs")
    if summary["errors"] and not summary["cases"]:
        return ERROR
    return DIVERGENCE if summary["new_findings"] else OK


def _database(url: str | None) -> None:
    """Usage unless --database names a usable directory or an answering Redis."""
    from mtg_conformance.runner.fuzz_db import open_database
    if url and "://" not in url:
        _writable(url, "--database")
    if url:
        open_database(url)


def cmd_promote(args) -> int:
    from mtg_conformance.runner.promote import promote
    target = promote(args.vector, args.name)
    print(f"promoted {args.vector} to {target}: every engine now runs it before generated cases")
    return OK


def cmd_engines(args) -> int:
    from mtg_conformance.adapters.mutants import MUTANTS
    for name, spec in sorted(registered().items()):
        try:
            _engine(name).close()
            state = "available"
        except MtgConformanceError as why:
            state = f"not available: {why}"
        print(f"{name:40} {spec}  [{state}]")
    for m in MUTANTS.values():
        print(f"mutant:{m.name:33} breaks CR {m.rule}: {m.description}")
    print("stdio:COMMAND                            any engine speaking docs/protocol.md")
    print("module:MODULE:CLASS                      any mtg_conformance.adapters.contract.Engine subclass")
    return OK


def _event_graph(form: str) -> int:
    """`rules --events`: each game event, the areas producing it and those reading it
    (oracle/event_graph.py), and the cross-area meetings."""
    from mtg_conformance.oracle import event_graph
    if form == "json":
        print(json.dumps({"events": event_graph.graph(),
                          "meetings": sorted(map(list, event_graph.meetings()))}, indent=1))
    else:
        print("\n".join(event_graph.lines()))
    return OK


def rules_table() -> list[dict]:
    """Each CR rule a property lists: its title, those properties, and the cards that exercise it —
    the cards its focused properties play (LOCKSTEP-001's random programs play every card, so they
    don't count)."""
    from mtg_conformance.properties.model import Property, all_properties
    from mtg_conformance.properties.rules import RULE_TITLES
    from mtg_conformance.properties.lockstep import rule_key
    from mtg_conformance.runner.catalog_cmd import played
    properties = all_properties()
    plays = played(properties)
    table: dict[str, list] = {}
    for prop in properties.values():
        for rule in prop.rules:
            table.setdefault(rule, []).append(prop.id)
    return [{"rule": r, "title": RULE_TITLES.get(r, ""), "properties": sorted(ids),
             "cards": sorted(set().union(*(plays[pid] for pid in ids if isinstance(properties[pid], Property))))}
            for r, ids in sorted(table.items(), key=lambda item: rule_key(item[0]))]


def cmd_rules(args) -> int:
    if args.events:
        return _event_graph(args.format)
    table = rules_table()
    if args.format == "json":
        print(json.dumps(table, indent=1))
    else:
        for row in table:
            print(f"CR {row['rule']:9} {row['title']:58} {len(row['cards']):3} cards  "
                  f"{', '.join(row['properties'])}")
    return OK


def cmd_bench(args) -> int:
    from mtg_conformance.runner.bench import bench
    from mtg_conformance.runner.core import select
    ids = select(args.k, args.m)
    if not ids:
        raise Usage("no property matches the -k/-m selection")
    engine = _engine(args.engine)
    try:
        figures = bench(engine, args.per_property, ids)
    finally:
        engine.close()
    if args.format == "json":
        print(json.dumps(figures, indent=1))
    else:
        for key, value in figures.items():
            print(f"{key:30} {value}")
    return OK


def cmd_serve(args) -> int:
    from mtg_conformance.runner.serve import serve
    return serve(_engine(args.engine), sys.stdin, sys.stdout)


def cmd_replay(args) -> int:
    from mtg_conformance.runner.replay import replay
    engine, verdicts = _engine(args.engine), []
    try:
        for path in args.files:
            try:
                verdict, detail = replay(path, engine)
            except VectorError as why:
                print(f"mtg-conformance: error: {why}", file=sys.stderr)
                verdicts.append(Replayed.ERROR)
                continue
            verdicts.append(verdict)
            print(f"{verdict:14} {path}: {detail}")
    finally:
        engine.close()
    if Replayed.ERROR in verdicts:
        return ERROR
    return DIVERGENCE if Replayed.STILL_FAILING in verdicts else OK


def _part(path: str, key: str, kind: type, what: str):
    """The `key` of the vector in `path`, or the file itself when it is `what`; Usage otherwise."""
    from mtg_conformance.properties.vectors import read_json
    doc = read_json(path, Usage)
    if isinstance(doc, dict) and isinstance(doc.get(key), kind):
        return doc[key]
    if isinstance(doc, kind):
        return doc
    raise Usage(f"{path}: neither a vector nor {what}")


def cmd_explain(args) -> int:
    """The oracle's rule decisions, action by action, for a saved vector (or a scenario and a
    program of actions, each file a vector or the thing itself)."""
    from mtg_conformance.adapters.contract import validate
    from mtg_conformance.oracle.explain import explain_program
    from mtg_conformance.properties.vectors import read_json
    if len(args.files) > 2:
        raise Usage("explain takes VECTOR, or SCENARIO PROGRAM")
    if len(args.files) == 1:
        doc = read_json(args.files[0], Usage)
        if not (isinstance(doc, dict) and isinstance(doc.get("scenario"), dict)
                and isinstance(doc.get("program"), list)):
            raise Usage(f"{args.files[0]}: not a vector (it needs a scenario and a program); "
                        "or give SCENARIO PROGRAM")
        scenario, program = doc["scenario"], doc["program"]
    else:
        scenario = _part(args.files[0], "scenario", dict, "a scenario")
        program = _part(args.files[1], "program", list, "a list of actions")
    validate("scenario", scenario)
    for action in program:
        validate("action", action)
    for line in explain_program(scenario, program):
        print(line)
    return OK


def cmd_validate_harness(args) -> int:
    from mtg_conformance.runner.validate_harness import validate_harness
    problems = validate_harness(args.engine, args.timeout)
    for problem in problems:
        print(problem)
    print("harness OK" if not problems else f"{len(problems)} problem(s)")
    return DIVERGENCE if problems else OK


def _workers(text: str) -> str:
    if text == "auto" or text.isdigit():
        return text
    raise argparse.ArgumentTypeError(f"a number of workers or auto, not {text!r}")


def _formats(text: str) -> tuple[str, ...]:
    chosen = tuple(dict.fromkeys(f.strip() for f in text.split(",")))
    unknown = [f for f in chosen if f not in matrix.FORMATS]
    if unknown or not chosen:
        raise argparse.ArgumentTypeError(f"formats among {','.join(matrix.FORMATS)}, not {text!r}")
    return chosen


def _positive(kind):
    def convert(text: str):
        try:
            value = kind(text)
        except ValueError:
            value = 0
        if not value > 0:
            raise argparse.ArgumentTypeError(f"a positive number, not {text!r}")
        return value
    return convert


def _run_options(verb, profile: str) -> None:
    """The options `run` and `certify` share: the engine and which properties to run how."""
    verb.add_argument("--engine", required=True)
    verb.add_argument("--profile", choices=PROFILES, default=profile)
    verb.add_argument("-n", dest="workers", type=_workers,
                      help="worker processes (a number or auto); 0 or 1 checks in this process")
    verb.add_argument("-k", help="select properties by id expression")
    verb.add_argument("-m", help="select by CR marker, e.g. cr_702_26")
    verb.add_argument("--junitxml", help="also write a JUnit XML report here")
    verb.add_argument("--statistics", action="store_true",
                      help="show the situations each property generated, with their counts")
    verb.add_argument("--baseline", help="expectations file: exit 0 while the run shows only its "
                      "findings, 1 on a new one")
    verb.add_argument("--write-baseline", help="write this run's findings as an expectations file "
                      "(keeping the notes of the file it replaces)")
    verb.add_argument("--database", help="replay first the failing cases kept in this Hypothesis "
                      "example database (a directory or redis://…, as `fuzz` writes it)")
    verb.add_argument("--max-minutes", type=_positive(float), help="stop after this long and report "
                      "what finished, marked partial (exit 3 unless something failed)")
    verb.add_argument("--timeout", type=_positive(float), help="seconds a stdio engine has to answer "
                      "each request (default 5): a hanging engine costs this much per property")


def parser() -> argparse.ArgumentParser:
    top = _Parser(prog="mtg-conformance", description=__doc__.splitlines()[0])
    verbs = top.add_subparsers(dest="verb", required=True, parser_class=_Parser)
    run = verbs.add_parser("run", help="run the properties against an engine")
    _run_options(run, "dev")
    run.add_argument("--failures-dir", default=".mtg-conformance/failures",
                     help="where each failing case is saved as a vector to replay (default %(default)s)")
    run.add_argument("--triage", action="store_true", help="find every distinct divergence of each "
                     "property, not only the first (implied by --baseline and --write-baseline)")
    run.set_defaults(func=cmd_run)
    certify = verbs.add_parser("certify", help="triage every property and write a certificate "
                               "(reports, badge, one vector per finding) into a directory")
    _run_options(certify, "ci")
    certify.add_argument("--out", required=True, help="the certificate directory (created if needed)")
    certify.set_defaults(func=cmd_certify)
    compare = verbs.add_parser("matrix", help="one page comparing certificates: engines as columns, "
                               "CR rules as rows, each cell the verdict with its findings linked")
    compare.add_argument("certificates", nargs="+", metavar="CERT_DIR")
    compare.add_argument("--out", default=".", help="where matrix.md/.html/.json go (default: here)")
    compare.add_argument("--format", type=_formats, default=matrix.FORMATS,
                         help="comma-separated: md,html,json")
    compare.set_defaults(func=cmd_matrix)
    promote = verbs.add_parser("promote", help="keep a saved failing case as a regression vector "
                               "(properties/vectors/) that every engine runs")
    promote.add_argument("vector")
    promote.add_argument("--name", help="file name in properties/vectors/ (default: the vector's id)")
    promote.set_defaults(func=cmd_promote)
    fuzz = verbs.add_parser("fuzz", help="hunt for divergences until the time is up or Ctrl-C, "
                            "with workers sharing an example database; each distinct finding once")
    fuzz.add_argument("--engine", required=True)
    fuzz.add_argument("--minutes", type=_positive(float), help="stop after this long (default: Ctrl-C)")
    fuzz.add_argument("--database", default=DEFAULT_DATABASE,
                      help=f"a directory or redis://host:port/db (default {DEFAULT_DATABASE})")
    fuzz.add_argument("--workers", type=_positive(int), default=1, help="worker processes (default 1)")
    fuzz.add_argument("-k", help="select properties by id expression")
    fuzz.add_argument("-m", help="select by CR marker, e.g. cr_702_26")
    fuzz.add_argument("--out", default=".mtg-conformance/fuzz",
                      help="the campaign directory: findings in vectors/, campaign.json")
    fuzz.set_defaults(func=cmd_fuzz)
    verbs.add_parser("engines", help="list engines and mutants").set_defaults(func=cmd_engines)
    rules = verbs.add_parser("rules", help="the CR rules covered, the properties checking them and how many "
                           "cards those properties play")
    rules.add_argument("--format", choices=("text", "json"), default="text")
    rules.add_argument("--events", action="store_true",
                       help="the event graph instead: which areas produce and read each game event")
    rules.set_defaults(func=cmd_rules)
    bench = verbs.add_parser("bench", help="throughput of an engine through the harness")
    bench.add_argument("--engine", required=True)
    bench.add_argument("--format", choices=("text", "json"), default="text")
    bench.add_argument("--per-property", type=_positive(int), default=20)
    bench.add_argument("-k", help="select properties by id expression")
    bench.add_argument("-m", help="select by CR marker, e.g. cr_702_26")
    bench.set_defaults(func=cmd_bench)
    serve = verbs.add_parser("serve", help="serve a Python engine over the stdio protocol")
    serve.add_argument("--engine", required=True)
    serve.set_defaults(func=cmd_serve)
    replay = verbs.add_parser("replay", help="re-run saved vectors: FIXED, STILL FAILING or ERROR")
    replay.add_argument("files", nargs="+")
    replay.add_argument("--engine", required=True)
    replay.set_defaults(func=cmd_replay)
    explain = verbs.add_parser("explain", help="the oracle's rule decisions, action by action, for a "
                               "saved vector or a scenario and a program")
    explain.add_argument("files", nargs="+", metavar="VECTOR | SCENARIO PROGRAM")
    explain.set_defaults(func=cmd_explain)
    validate = verbs.add_parser("validate-harness", help="check that an engine or stdio harness is wired right")
    validate.add_argument("engine", help="an engine name (python-mtg, module:M:C, stdio:CMD) or a harness command")
    validate.add_argument("--timeout", type=_positive(float), default=5.0)
    validate.set_defaults(func=cmd_validate_harness)
    catalog_cmd.register(verbs)
    properties_cmd.register(verbs)
    return top


def main(argv=None) -> int:
    try:
        args = parser().parse_args(argv)
        return args.func(args)
    except MtgConformanceError as why:               # every project error (oracle/errors.py)
        print(f"mtg-conformance: {why.kind}: {why} (hint: {why.hint})", file=sys.stderr)
        return why.exit_code
    except KeyboardInterrupt:                        # before a run began: nothing to keep
        print("mtg-conformance: interrupted", file=sys.stderr)
        return PARTIAL
    except BrokenPipeError:                          # output piped into `head`
        sys.stderr.close()
        return OK
    except OSError as why:                           # a file that can't be read or written
        where = f"{why.filename}: " if why.filename else ""
        print(f"mtg-conformance: error: {where}{why.strerror or why}", file=sys.stderr)
        return ERROR


if __name__ == "__main__":
    sys.exit(main())
