"""Rebuild docs/matrix/: the certificates of the oracle, phase.rs and python-mtg, and the matrix of
them (runner/matrix.py). From the repository root:

    python -m mtg_conformance.runner.docs_matrix --certify               # certify all three afresh
    python -m mtg_conformance.runner.docs_matrix --certify oracle --from phase=CERT --from python-mtg=CERT
    python -m mtg_conformance.runner.docs_matrix                         # the certificates in place

`--from NAME=DIR` takes a certificate made elsewhere (CI, another machine); `--certify [NAME...]`
runs `mtg-conformance certify --profile ci` for those engines (phase.rs and python-mtg take minutes). Every
certificate must be of today's suite — each property of `all_properties()`, checking the rules it
checks today, run whole (no -k/-m, not partial) under the `ci` profile, for the CR edition the suite
targets — or nothing is written: one line per problem, exit 2. Then each certificate replaces
docs/matrix/NAME/ and matrix.md/.html/.json are written beside them.
"""
from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from mtg_conformance.adapters.contract import CR_EDITION, MtgConformanceError
from mtg_conformance.properties.model import all_properties
from mtg_conformance.runner import matrix

ENGINES = {"oracle": "oracle", "phase": "phase", "python-mtg": "python-mtg"}   # directory: engine spec
CERTIFICATE = ("report.json", "report.md", "report.html", "badge.json", "vectors")
OUT = "docs/matrix"


class Usage(MtgConformanceError):
    """A bad argument: one line, exit 2."""

    hint = "python -m mtg_conformance.runner.docs_matrix --help"


class Stale(Usage):
    """A certificate not made by today's suite: one line, exit 2."""

    hint = "certify the engine again with today's suite (docs/ci.md, \"Comparing engines\")"


def differences(report: dict, properties: dict | None = None) -> list[str]:
    """What makes `report` (a report.json) not a certificate of today's suite; empty when it is."""
    properties = all_properties() if properties is None else properties
    results = {r["id"]: r for r in report["results"]}
    problems = []
    missing = [pid for pid in properties if pid not in results]
    if missing:
        problems.append(f"lacks {len(missing)} of today's {len(properties)} properties: {', '.join(missing)}")
    gone = [pid for pid in results if pid not in properties]
    if gone:
        problems.append(f"has properties the suite no longer has: {', '.join(gone)}")
    moved = [pid for pid in properties if pid in results
             and list(results[pid].get("rules") or []) != list(properties[pid].rules)]
    if moved:
        problems.append(f"has properties that check other rules today: {', '.join(moved)}")
    if report.get("profile") != "ci":
        problems.append(f"was made under the {report.get('profile')!r} profile, not 'ci'")
    selection = report.get("selection") or {}
    if selection.get("k") or selection.get("m"):
        problems.append(f"ran a selection (-k {selection.get('k')!r} -m {selection.get('m')!r})")
    if report.get("partial"):
        problems.append("is partial (the run stopped before every property finished)")
    edition = (report.get("suite") or {}).get("cr_edition")
    if edition != CR_EDITION:
        problems.append(f"was made for the Comprehensive Rules of {edition}, the suite targets {CR_EDITION}")
    return problems


def certify(name: str, workers: str) -> Path:
    """A fresh `ci` certificate of engine `name` in a new temporary directory."""
    out = Path(tempfile.mkdtemp(prefix=f"mtg-matrix-{name}-"))
    command = [sys.executable, "-m", "mtg_conformance.runner.cli", "certify", "--engine", ENGINES[name],
               "--profile", "ci", "-n", workers, "--out", str(out)]
    print(f"$ {' '.join(command)}", flush=True)
    code = subprocess.call(command)
    if code not in (0, 1):                        # 1: the engine failed a rule; its certificate stands
        raise Stale(f"certifying {name} exited {code}; see its output above")
    return out


def sources(args) -> dict[str, Path]:
    """Where each engine's certificate comes from: --from, --certify, else docs/matrix/NAME itself."""
    chosen = {name: Path(args.out) / name for name in ENGINES}
    for item in args.sources:
        name, _, path = item.partition("=")
        if name not in ENGINES or not path:
            raise Usage(f"--from {item!r}: give NAME=CERT_DIR with NAME one of {', '.join(ENGINES)}")
        chosen[name] = Path(path)
    certified = ENGINES if args.certify == [] else args.certify or ()
    for name in certified:
        if name not in ENGINES:
            raise Usage(f"--certify {name!r}: one of {', '.join(ENGINES)}")
        chosen[name] = certify(name, args.workers)
    return chosen


def install(source: Path, target: Path) -> None:
    """The certificate's files in `source` replace `target`'s (nothing else of `source` is kept)."""
    if source.resolve() == target.resolve():
        return
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir(parents=True)
    for name in CERTIFICATE:
        if (source / name).is_dir():
            shutil.copytree(source / name, target / name)
        elif (source / name).is_file():
            shutil.copy2(source / name, target / name)


def rebuild(chosen: dict[str, Path], out: Path) -> dict:
    """Check every certificate, then install them under `out` and write the matrix there."""
    reports = {name: matrix.load(str(path)) for name, path in chosen.items()}
    stale = [f"{name} ({chosen[name]}) {problem}" for name, report in reports.items()
             for problem in differences(report)]
    if stale:
        raise Stale("; ".join(stale))
    for name, path in chosen.items():
        install(path, out / name)
    built = matrix.build([(out / name, reports[name]) for name in chosen], out)
    matrix.write(built, out, matrix.FORMATS)
    return built


class _Parser(argparse.ArgumentParser):
    def error(self, message):                    # one line, exit 2, as the CLI's
        raise Usage(message)


def main(argv=None) -> int:
    parser = _Parser(prog="python -m mtg_conformance.runner.docs_matrix",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--from", dest="sources", action="append", default=[], metavar="NAME=CERT_DIR",
                        help=f"take NAME's certificate from CERT_DIR (NAME: {', '.join(ENGINES)})")
    parser.add_argument("--certify", nargs="*", metavar="NAME",
                        help="certify these engines afresh (all three when none is named)")
    parser.add_argument("-n", dest="workers", default="2", help="certify's worker processes (default 2)")
    parser.add_argument("--out", default=OUT, help=f"the matrix directory (default {OUT})")
    try:
        args = parser.parse_args(argv)
        built = rebuild(sources(args), Path(args.out))
    except MtgConformanceError as why:
        print(f"docs_matrix: error: {why} (hint: {why.hint})", file=sys.stderr)
        return 2
    print(f"{args.out}: matrix of {', '.join(e['name'] + ' ' + e['version'] for e in built['engines'])}: "
          f"{len(built['rules'])} CR rules, {len(built['properties'])} properties")
    return 0


if __name__ == "__main__":
    sys.exit(main())
