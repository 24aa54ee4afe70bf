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
    """Declare `function` replaceable by a mutant, under its own name. A seam whose parameters have
    no defaults is called with positional arguments only (the cheaper call: every rule passes
    through one, many times an action)."""
    name = function.__name__
    if name in TABLE:
        raise ValueError(f"two seams named {name}")
    TABLE[name] = function

    if all(p.kind is p.POSITIONAL_OR_KEYWORD and p.default is p.empty
           for p in inspect.signature(function).parameters.values()):
        @functools.wraps(function)
        def through_the_table(*args):
            return TABLE[name](*args)
        return through_the_table

    @functools.wraps(function)
    def through_the_table_with_keywords(*args, **kwargs):
        return TABLE[name](*args, **kwargs)
    return through_the_table_with_keywords
