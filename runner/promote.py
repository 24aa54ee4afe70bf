"""Promoting a saved failing case to a regression vector in properties/vectors/, which every engine
runs as an explicit example before generation (properties.vectors.regression_cases)."""
from __future__ import annotations

import re
import shutil
from importlib import resources
from pathlib import Path

from mtg_conformance.adapters.contract import ContractError, EngineError, MtgConformanceError, validate
from mtg_conformance.adapters.oracle_adapter import OracleEngine
from mtg_conformance.properties.model import all_properties
from mtg_conformance.properties.vectors import load

NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]*")


class PromoteError(MtgConformanceError, ValueError):
    """A vector that can't be promoted; the message says why."""

    hint = "promote a vector a failing run saved (its --failures-dir, or a certificate's vectors/)"


def vectors_dir() -> Path:
    return Path(str(resources.files("mtg_conformance.properties") / "vectors"))


def promote(path: str, name: str | None = None) -> Path:
    """Check the vector at `path` (it loads, names a property, the oracle plays it) and copy it to
    properties/vectors/NAME.json (NAME defaults to the vector's id); return where it went."""
    vector = load(path)
    if not isinstance(vector["property"], str) or vector["property"] not in all_properties():
        raise PromoteError(f"{path}: no property {vector['property']!r} in this suite")
    try:
        _play(vector)
    except (ContractError, EngineError) as why:
        raise PromoteError(f"{path}: the oracle can't play it: {why}") from None
    name = (name or str(vector["id"])).removesuffix(".json")
    if not NAME.fullmatch(name):
        raise PromoteError(f"bad name {name!r}: use letters, digits, '_', '.' and '-'")
    target = vectors_dir() / f"{name}.json"
    if target.exists():
        raise PromoteError(f"{target} already exists: choose another --name")
    shutil.copyfile(path, target)
    return target


def _play(vector: dict) -> None:
    """Set up the vector's scenario on the oracle and perform its program: ContractError if it can't."""
    validate("scenario", vector["scenario"])
    oracle = OracleEngine()
    oracle.start(vector["scenario"])
    for action in vector["program"]:
        validate("action", action)
        oracle.act(action)
