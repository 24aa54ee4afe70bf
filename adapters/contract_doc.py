"""docs/contract.md's generated sections, rendered from the oracle's own tables — the rejections
(oracle/rejections.py) and the no-ops (oracle/noops.py) — so the contract and the reference can't
disagree. Each section sits between two markers in the document:

    <!-- generated: rejections (python -m mtg_conformance.adapters.contract_doc) -->
    ...
    <!-- end of generated: rejections -->

`python -m mtg_conformance.adapters.contract_doc [PATH]` rewrites them (`--check`: exit 1 if they are
out of date); tests/adapters/test_contract_doc.py fails when docs/contract.md differs."""
from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from mtg_conformance.oracle.errors import MtgConformanceError
from mtg_conformance.oracle.noops import NO_OPS
from mtg_conformance.oracle.rejections import REJECTIONS

CONTRACT = Path(__file__).resolve().parents[1] / "docs" / "contract.md"
COMMAND = "python -m mtg_conformance.adapters.contract_doc"


class MissingSection(MtgConformanceError):
    """The document lacks the markers of a generated section."""

    hint = f"put the markers in the document (see `{COMMAND} --help`)"


def _row(*cells: str) -> str:
    return "| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |"


def _codes(names) -> str:
    return ", ".join(f"`{name}`" for name in names)


def rejections() -> str:
    """The rejection table: one row a situation, every class that applies to it."""
    lines = [_row("reasons", "the action", "CR", "example"), "|---|---|---|---|"]
    lines += [_row(_codes(r.reasons), r.action, ", ".join(r.rules), r.example) for r in REJECTIONS]
    return "\n".join(lines)


def no_ops() -> str:
    """The no-op table: accepted actions that change nothing."""
    lines = [_row("the action", "what happens", "CR", "example"), "|---|---|---|---|"]
    lines += [_row(n.action, n.outcome, ", ".join(n.rules), n.example) for n in NO_OPS]
    return "\n".join(lines)


SECTIONS = {"rejections": rejections, "no-ops": no_ops}


def _markers(name: str) -> tuple[str, str]:
    return f"<!-- generated: {name} ({COMMAND}) -->", f"<!-- end of generated: {name} -->"


def regenerate(text: str) -> str:
    """`text` with every generated section rendered afresh; MissingSection if one has no markers."""
    for name, render in SECTIONS.items():
        begin, end = _markers(name)
        pattern = re.compile(re.escape(begin) + r"\n.*?" + re.escape(end), re.DOTALL)
        if not pattern.search(text):
            raise MissingSection(f"no generated section {name!r}: the document needs the lines "
                                 f"{begin!r} and {end!r}")
        text = pattern.sub(lambda _: f"{begin}\n{render()}\n{end}", text, count=1)
    return text


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog=COMMAND, description="Regenerate docs/contract.md's rejection "
                                     "and no-op tables from the oracle's.")
    parser.add_argument("path", nargs="?", type=Path, default=CONTRACT,
                        help="the document (default: %(default)s)")
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if it is out of date")
    args = parser.parse_args(argv)
    try:
        text = args.path.read_text()
        fresh = regenerate(text)
    except (OSError, MissingSection) as why:
        print(f"error: {why}", file=sys.stderr)
        return 2
    if args.check:
        if fresh != text:
            print(f"{args.path} is out of date: run {COMMAND}", file=sys.stderr)
            return 1
        return 0
    if fresh != text:
        args.path.write_text(fresh)
        print(f"{args.path}: generated sections rewritten")
    return 0


if __name__ == "__main__":
    sys.exit(main())
