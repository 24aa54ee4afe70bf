"""Declared seams: the rule functions a mutant may replace (adapters/mutants/, by rules area), in one
table.

A function decorated `@seam` is called through `TABLE` whichever way its callers imported it, so a
mutant that replaces `TABLE[name]` reaches every caller, and moving an import can't disarm it. The
replacement gets the original function to call.
"""
from __future__ import annotations

import functools
import inspect
from typing import Callable

TABLE: dict[str, Callable] = {}


def seam(function: Callable) -> Callable:
    """Declare `function` replaceable by a mutant, under its own name."""
    name = function.__name__
    if name in TABLE:
        raise ValueError(f"two seams named {name}")
    TABLE[name] = function
    return functools.wraps(function)(_through_the_table(name, inspect.signature(function)))


def _through_the_table(name: str, signature: inspect.Signature) -> Callable:
    """A function that calls `TABLE[name]` with its arguments. Every rule passes through seams, many
    times an action, so where the parameters are plain (no defaults, no */**) it has the very same
    ones, passed on by position: the cheapest call Python has."""
    params = list(signature.parameters.values())
    if not all(p.kind is p.POSITIONAL_OR_KEYWORD and p.default is p.empty for p in params):
        def through_the_table(*args, **kwargs):
            return TABLE[name](*args, **kwargs)
        return through_the_table
    names = ", ".join(p.name for p in params)
    namespace = {"TABLE": TABLE}
    exec(f"def through_the_table({names}):\n    return TABLE[{name!r}]({names})\n", namespace)
    return namespace["through_the_table"]
