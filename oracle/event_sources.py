"""What the oracle's own code can make happen: the game events (oracle/events.py) reached from a
rule function, found by reading its source and following the oracle functions it calls.

An event is found where the oracle announces it (the function that looks for its triggers, or deals
the damage, changes the life total, draws, phases, removes a player: `events.ANNOUNCERS`) or where
a rule writes the state that is the event (untapping: `tapped = False`, 701.26b; counters put or
removed, 122.1; an attachment changed, 701.3; mana added to a pool, 106.4). Following calls stops at the state-based actions
(CR 704.3), which happen after an action whichever rule made them due: they are a producer of
their own. Over-approximate by design: a function that may deal damage produces damage.
"""
from __future__ import annotations

import ast
import inspect
import textwrap
from functools import cache
from importlib import import_module
from types import ModuleType

ORACLE = __name__.rsplit(".", 1)[0]

# Written state that is an event by itself (no announcer): (attribute, how it is written) -> event.
WRITES = {("tapped", False): "untaps", ("counters", "+"): "counter_put", ("counters", "-"): "counter_removed",
          ("counters", "="): "counter_put", ("attached_to", "="): "attachment_changes",
          ("life", "+"): "life_changed", ("life", "-"): "life_changed", ("pool", "+"): "mana_added"}


def _qualified(function) -> str:
    return f"{function.__module__.removeprefix(ORACLE + '.')}.{function.__name__}"


def _resolve(node: ast.expr, scope: dict):
    """The object a called name stands for in the function's module, or None."""
    if isinstance(node, ast.Name):
        return scope.get(node.id)
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        module = scope.get(node.value.id)
        if isinstance(module, ModuleType):
            return getattr(module, node.attr, None)
    return None


def named(qualified: str):
    """The oracle object `<module>.<name>`."""
    module, name = qualified.rsplit(".", 1)
    return getattr(import_module(f"{ORACLE}.{module}"), name)


def _oracle_function(value):
    value = inspect.unwrap(value) if callable(value) else value
    if inspect.isfunction(value) and value.__module__.startswith(ORACLE + "."):
        return value
    if inspect.isclass(value) and value.__module__.startswith(ORACLE + "."):
        return value                        # a ControlEffect made is a control change
    return None


def _written(target: ast.expr, how: str) -> str | None:
    """The event a write to `target` is, if it is one."""
    if isinstance(target, ast.Subscript):
        target = target.value
    if isinstance(target, ast.Attribute):
        return WRITES.get((target.attr, how))
    return None


def _writes(node: ast.AST) -> set:
    found = set()
    if isinstance(node, ast.AugAssign):
        how = "+" if isinstance(node.op, ast.Add) else "-" if isinstance(node.op, ast.Sub) else ""
        found.add(_written(node.target, how))
    elif isinstance(node, ast.Assign):
        for target in node.targets:
            if isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple):
                # several at once: only a new value is an event (a permanent leaving is reset to
                # constants as part of leaving; Equip's target is attached)
                found |= {_written(t, "=") for t, v in zip(target.elts, node.value.elts)
                          if not isinstance(v, ast.Constant)}
            elif isinstance(target, ast.Subscript):
                found.add(_written(target, "="))
            elif isinstance(target, ast.Attribute):
                value = node.value.value if isinstance(node.value, ast.Constant) else "="
                found.add(_written(target, value))
    return found - {None}


_VISITING: set = set()


@cache
def produced_by(function) -> frozenset:
    """The game events `function` (an oracle rule function, effect or class) may make happen; a call
    back into a function still being read adds nothing it does not already add."""
    from mtg_conformance.oracle.events import ANNOUNCERS, DEFERRED, STOPS
    function = inspect.unwrap(function)              # a seam's own code, in its own module
    name = _qualified(function)
    if name in DEFERRED:
        function = _oracle_function(named(DEFERRED[name]))
        return frozenset(ANNOUNCERS.get(name, ())) | _read(function, _qualified(function), ANNOUNCERS)
    if name in STOPS or name in _VISITING:
        return frozenset()
    _VISITING.add(name)
    try:
        return _read(function, name, ANNOUNCERS)
    finally:
        _VISITING.discard(name)


def _read(function, name: str, announcers: dict) -> frozenset:
    """`produced_by`, once `function` is being read."""
    found = set(announcers.get(name, ()))
    if inspect.isclass(function):
        return frozenset(found)
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(function)))
    except (OSError, TypeError, SyntaxError):   # no source, or a lambda's line inside a literal (a
        return frozenset(found)                 # trigger's condition, which makes nothing happen)
    scope = function.__globals__
    for node in ast.walk(tree):
        found |= _writes(node)
        if isinstance(node, ast.Call):
            called = _oracle_function(_resolve(node.func, scope))
            if called is not None and called is not function:
                found |= produced_by(called)
    return frozenset(found)
