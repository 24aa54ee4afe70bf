"""Declared seams: the rule functions a mutant may replace (adapters/mutants/, by rules area), in one
table.

A function decorated `@seam` is reached through `TABLE` whichever way its callers imported it, so a
mutant that replaces `TABLE[name]` reaches every caller, and moving an import can't disarm it. The
replacement gets the original function to call.

Every rule passes through seams, many times an action, so a seam costs nothing while `TABLE` holds
its original: callers run the function itself. Putting another function in `TABLE` (`TABLE[name] =`
or `TABLE.update`, the only ways to change it) swaps the seam's code for code that calls
`TABLE[name]` with the arguments it was given; putting the original back restores its own code.
"""
from __future__ import annotations

import inspect
import types
from typing import Callable


class _Table(dict):
    """name -> what the seam `name` runs: its original (a copy of the function, which a replacement
    may call), or a replacement."""

    def __setitem__(self, name: str, function: Callable) -> None:
        super().__setitem__(name, function)
        _route(name)

    def update(self, *args, **kwargs) -> None:
        changed = dict(*args, **kwargs)
        super().update(changed)
        for name in changed:
            _route(name)


TABLE: dict[str, Callable] = _Table()
_SEAMS: dict[str, tuple] = {}     # name -> (the function callers hold, its original, code through TABLE)


def seam(function: Callable) -> Callable:
    """Declare `function` (a module-level function) replaceable by a mutant, under its own name."""
    name = function.__name__
    if name in TABLE:
        raise ValueError(f"two seams named {name}")
    if not isinstance(function, types.FunctionType) or function.__closure__:
        raise TypeError(f"seam {name}: only a module-level function can be a seam")
    original = types.FunctionType(function.__code__, function.__globals__, name, function.__defaults__)
    original.__kwdefaults__, original.__doc__ = function.__kwdefaults__, function.__doc__
    _SEAMS[name] = (function, original, _through_the_table(function))
    dict.__setitem__(TABLE, name, original)
    return function


def _route(name: str) -> None:
    """Make the seam `name` run its own code if `TABLE` holds its original, else `TABLE[name]`."""
    function, original, through = _SEAMS[name]
    function.__code__ = original.__code__ if TABLE[name] is original else through


def _through_the_table(function: Callable):
    """The code of a function that calls `TABLE[name]` with the arguments the seam was called with. It
    runs as the seam itself, in its module, so it finds `TABLE` by import; where the seam's parameters
    are plain (no defaults, no */**) it has the very same ones, passed on by position. It claims the
    seam's file and first line, so that the seam's source is still found (oracle/event_sources.py)."""
    name, code = function.__name__, function.__code__
    params = list(inspect.signature(function).parameters.values())
    if all(p.kind is p.POSITIONAL_OR_KEYWORD and p.default is p.empty for p in params):
        heading = passed = ", ".join(p.name for p in params)
    else:
        heading = passed = "*args, **kwargs"
    source = (f"def {name}({heading}):\n"
              f"    return __import__({__name__!r}, fromlist=('TABLE',)).TABLE[{name!r}]({passed})\n")
    namespace: dict = {}
    exec(source, namespace)
    return namespace[name].__code__.replace(co_filename=code.co_filename, co_firstlineno=code.co_firstlineno,
                                            co_qualname=code.co_qualname)
