"""The engine contract (docs/contract.md): what every adapter implements, and its JSON Schemas."""
from __future__ import annotations

import abc
import functools
import json
from importlib import resources

import jsonschema

CONTRACT_VERSION = 1
DOCUMENTS = ("scenario", "action", "observation", "capabilities")


class EngineError(Exception):
    """The engine failed (crashed, hung, answered nonsense): not a rules verdict."""


class ContractError(ValueError):
    """A scenario, action or observation that breaks the contract's schema."""


@functools.cache
def schema(document: str) -> dict:
    """The published JSON Schema of one contract document."""
    text = resources.files("adapters.schemas").joinpath(f"{document}.json").read_text()
    return json.loads(text)


@functools.cache
def _validator(document: str):
    cls = jsonschema.validators.validator_for(schema(document))
    return cls(schema(document))


def validate(document: str, value) -> None:
    """Raise ContractError naming the first problem if `value` is not a valid `document`."""
    error = jsonschema.exceptions.best_match(_validator(document).iter_errors(value))
    if error is not None:
        where = "/".join(str(p) for p in error.absolute_path) or "(top)"
        raise ContractError(f"invalid {document} at {where}: {error.message}")


class Engine(abc.ABC):
    """An engine under test, driven through the contract. One instance plays one scenario at a time."""

    @abc.abstractmethod
    def identity(self) -> dict:
        """{'name', 'version', 'homepage', 'issues', 'cr_edition'} — strings."""

    @abc.abstractmethod
    def capabilities(self) -> dict:
        """What the engine can express (docs/contract.md#capabilities)."""

    @abc.abstractmethod
    def start(self, scenario: dict) -> dict:
        """Set up `scenario` (replacing any previous game); return the first observation."""

    @abc.abstractmethod
    def act(self, action: dict) -> dict:
        """Perform one action; return the observation after it (rejected or not)."""

    def close(self) -> None:
        """Release the engine's resources."""
