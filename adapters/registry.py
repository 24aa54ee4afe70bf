"""Engines by name: `oracle`, `mutant:NAME`, `module:MODULE:CLASS`, `stdio:COMMAND`, built-in real
engines, and names registered by installed packages in the `mtg_conformance.engines` entry-point group."""
from __future__ import annotations

import importlib
import re
from importlib.metadata import entry_points

from mtg_conformance.adapters.contract import Engine, MtgConformanceError

ENTRY_POINT_GROUP = "mtg_conformance.engines"
BUILT_IN = {"oracle": "mtg_conformance.adapters.oracle_adapter:OracleEngine", "phase": "mtg_conformance.adapters.phase_rs:PhaseEngine",
            "python-mtg": "mtg_conformance.adapters.python_mtg:PythonMtgEngine"}
INSTALL_HINTS = {"phase": "pip install -e '.[phase]'", "python-mtg": "pip install -e '.[python-mtg]'"}


LISTS_ENGINES = "`mtg-conformance engines` lists the engines"
MODULE_CLASS = re.compile(r"[A-Za-z_][\w.]*:[A-Za-z_]\w*")


class UnknownEngine(MtgConformanceError, LookupError):
    """An engine name that names nothing loadable; the message says what, the hint what to do."""

    hint = LISTS_ENGINES

    def __init__(self, message: str, hint: str | None = None):
        super().__init__(message)
        if hint:
            self.hint = hint


def unknown_name_hint(name: str) -> str:
    """What to do about an engine name that names nothing: `toy_adapter:ToyEngine` was meant as
    `module:toy_adapter:ToyEngine`."""
    if MODULE_CLASS.fullmatch(name):
        return f"an adapter class is named module:{name}; {LISTS_ENGINES}"
    return LISTS_ENGINES


def _load(spec: str, name: str):
    module_name, _, attribute = spec.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as why:
        hint = INSTALL_HINTS.get(name)
        raise UnknownEngine(f"engine {name!r} can't be loaded ({why})"
                            + (f"; install it with: {hint}" if hint else "")) from None
    try:
        return getattr(module, attribute)
    except AttributeError:
        raise UnknownEngine(f"engine {name!r}: {module_name} has no {attribute!r}") from None


def registered() -> dict[str, str]:
    """Every engine name that can be given without a prefix, with where it comes from."""
    names = dict(BUILT_IN)
    names.update({ep.name: ep.value for ep in entry_points(group=ENTRY_POINT_GROUP)})
    return names


def make_engine(name: str) -> Engine:
    """An engine instance for `name`; UnknownEngine with a one-line reason if there is none."""
    from mtg_conformance.adapters.mutants import MUTANTS, MutantEngine
    kind, _, rest = name.partition(":")
    if kind == "mutant":
        if rest not in MUTANTS:
            raise UnknownEngine(f"no mutant {rest!r}")
        return MutantEngine(MUTANTS[rest])
    if kind == "stdio":
        if not rest.strip():
            raise UnknownEngine("stdio: needs a command, e.g. stdio:'node harness.js'")
        from mtg_conformance.adapters.stdio import StdioEngine
        return StdioEngine(rest)
    if kind == "module":
        if ":" not in rest:
            raise UnknownEngine("module: needs module:MODULE:CLASS, "
                                "e.g. module:my_engine.adapter:MyEngine")
        factory = _load(rest, name)
    elif name in registered():
        factory = _load(registered()[name], name)
    else:
        raise UnknownEngine(f"unknown engine {name!r}", unknown_name_hint(name))
    if isinstance(factory, type) and not issubclass(factory, Engine):
        raise _not_an_engine(name, f"{factory.__module__}.{factory.__qualname__}")
    try:
        engine = factory()
    except MtgConformanceError:
        raise
    except Exception as why:                       # the adapter's constructor failed
        from mtg_conformance.adapters.stdio import one_line
        raise UnknownEngine(one_line(f"engine {name!r} failed to start: {type(why).__name__}: {why}")) from None
    if not isinstance(engine, Engine):
        raise _not_an_engine(name, f"what {name.rpartition(':')[2]}() returns")
    return engine


def _not_an_engine(name: str, what: str) -> UnknownEngine:
    return UnknownEngine(f"engine {name!r}: {what} is not an Engine",
                         "an in-process adapter subclasses mtg_conformance.adapters.contract.Engine, as docs/adapters.md shows")
