"""Which properties a run checks: `-k` (an expression over property ids) and `-m` (over CR markers).

Both take pytest's expression language — words joined by `and`, `or`, `not` and parentheses — with
pytest's meaning, so a selection reads the same in `mtg-conformance run` and in an engine's own
`pytest --mtg-engine` run: a `-k` word matches a property whose id contains it, ignoring case
(`MANA` selects MANA-001 … MANA-304, `not LOCKSTEP` everything else); a `-m` word is a marker a
property carries, one per CR rule it checks and per rule above it (`cr_702_26` selects the checks of
702.26 and its subrules, `rule_markers`).
"""
from __future__ import annotations

import re
from typing import Callable

from mtg_conformance.adapters.contract import MtgConformanceError

TOKEN = re.compile(r"\s*(?:(\()|(\))|([\w:+\-.\[\]\\/]+))")
KEYWORDS = ("and", "or", "not")


class SelectionError(MtgConformanceError, ValueError):
    """A `-k`/`-m` expression that doesn't parse; the message says where."""

    hint = "words joined by and, or, not and parentheses, e.g. -k 'MANA or COST' -m 'cr_702_26'"


def rule_markers(rule: str) -> list[str]:
    """`702.26d` -> cr_702_26d, cr_702_26, cr_702: a rule selects its subrules too."""
    parts = rule.split(".")
    names = {f"cr_{rule.replace('.', '_')}", f"cr_{parts[0]}"}
    if len(parts) == 2:
        names.add(f"cr_{parts[0]}_{parts[1].rstrip('abcdefghijklmnopqrstuvwxyz')}")
    return sorted(names)


def _tokens(text: str, flag: str) -> list[str]:
    tokens, at = [], 0
    while text[at:].strip():
        found = TOKEN.match(text, at)
        if not found:
            raise SelectionError(f"Wrong expression passed to '{flag}': {text}: "
                                 f"unexpected character {text[at:].strip()[0]!r} at column {at + 1}")
        tokens.append(found.group(found.lastindex))
        at = found.end()
    return tokens


def compile_expression(text: str, flag: str) -> Callable[[Callable[[str], bool]], bool]:
    """`text` as a function of a word matcher; SelectionError if it doesn't parse."""
    tokens = _tokens(text, flag)
    position = 0

    def fail(expected: str):
        got = repr(tokens[position]) if position < len(tokens) else "end of input"
        raise SelectionError(f"Wrong expression passed to '{flag}': {text}: expected {expected}; "
                             f"got {got}")

    def peek():
        return tokens[position] if position < len(tokens) else None

    def take():
        nonlocal position
        position += 1
        return tokens[position - 1]

    def disjunction():
        terms = [conjunction()]
        while peek() == "or":
            take()
            terms.append(conjunction())
        return lambda match: any(term(match) for term in terms)

    def conjunction():
        terms = [negation()]
        while peek() == "and":
            take()
            terms.append(negation())
        return lambda match: all(term(match) for term in terms)

    def negation():
        if peek() == "not":
            take()
            inner = negation()
            return lambda match: not inner(match)
        if peek() == "(":
            take()
            inner = disjunction()
            if peek() != ")":
                fail("right parenthesis")
            take()
            return inner
        word = peek()
        if word is None or word in KEYWORDS or word == ")":
            fail("not OR left parenthesis OR identifier")
        take()
        return lambda match: match(word)

    if not tokens:
        return lambda match: True
    expression = disjunction()
    if position != len(tokens):
        fail("end of input")
    return expression


def _in_id(prop_id: str) -> Callable[[str], bool]:
    """A `-k` word matches an id that contains it, ignoring case."""
    return lambda word: word.lower() in prop_id.lower()


def select(properties: dict, k: str | None = None, m: str | None = None) -> list[str]:
    """The ids of `properties` (id -> Property) that `-k` and `-m` select, in id order."""
    by_id = compile_expression(k, "-k") if k else None
    by_marker = compile_expression(m, "-m") if m else None
    chosen = []
    for pid in sorted(properties):
        markers = {name for rule in properties[pid].rules for name in rule_markers(rule)}
        if by_id and not by_id(_in_id(pid)):
            continue
        if by_marker and not by_marker(markers.__contains__):
            continue
        chosen.append(pid)
    return chosen
