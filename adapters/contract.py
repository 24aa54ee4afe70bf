"""The engine contract (docs/contract.md): what every adapter implements, and its JSON Schemas."""
from __future__ import annotations

import abc

from mtg_conformance.adapters import validation
from mtg_conformance.oracle.errors import MtgConformanceError
from mtg_conformance.oracle.vocabulary import (  # noqa: F401 (the contract's vocabulary, defined by the oracle)
    ACTION_TYPES, COLORS, CR_EDITION, MANA_TYPES, OBSERVED_FIELDS, OBSERVES, REASONS, SCENARIO_STEPS,
    TRIGGER_EVENTS, ZONES)

CONTRACT_VERSION = 1
DOCUMENTS = ("scenario", "action", "observation", "capabilities")

# What a scenario may ask of an engine beyond a plain board (docs/contract.md#scenario-features). A
# plain board: 2 to `max_players` seats with life, hand and library; permanents with `id`, `card`,
# `controller` and `tapped`, owned by their controller, phased in, untapped or tapped, not summoning
# sick, without counters, unattached, not tokens. An engine lists in `scenario` the features it can
# set up; without the key it gets plain scenarios only.
SCENARIO_FEATURES = {
    "owner": "a permanent's owner differs from its controller",
    "sick": "a permanent is summoning sick (`sick: true`, CR 302.6)",
    "phased_out": "a permanent is phased out, directly or indirectly (CR 702.26)",
    "counters": "a permanent has counters (a card that enters with counters comes with them)",
    "attached_to_permanent": "an Aura or Equipment is attached to a permanent (CR 303.4, 301.5)",
    "attached_to_player": "an Aura is attached to a player (CR 303.4, 702.5d)",
    "chosen_color": "a permanent has a colour chosen as it entered (`chosen_color`)",
    "tokens": "a permanent is a token (`token: true`)",
}


class EngineError(MtgConformanceError):
    """The engine failed (crashed, hung, answered nonsense): not a rules verdict."""

    kind = "engine error"
    hint = "the engine, not the rules: see its stderr, or run `mtg-conformance validate-harness`"


class ContractError(MtgConformanceError, ValueError):
    """A scenario, action or observation that breaks the contract's schema."""

    kind = "engine error"
    hint = "the contract's JSON Schemas are in adapters/schemas/ (docs/contract.md)"


def schema(document: str) -> dict:
    """The published JSON Schema of one contract document."""
    return validation.schema(document)


def validate(document: str, value) -> None:
    """Raise ContractError naming the first problem if `value` is not a valid `document` (the same
    compiled check as the stdio adapter's, adapters/validation.py)."""
    problem = validation.problem(document, value)
    if problem is not None:
        raise ContractError(problem)


def scenario_features(capabilities: dict) -> frozenset:
    """The scenario features an engine declared; none (plain scenarios only) without the key."""
    return frozenset(capabilities.get("scenario", ()))


def features_of(scenario: dict) -> set:
    """The scenario features (SCENARIO_FEATURES) `scenario` uses."""
    used = set()
    for p in scenario.get("battlefield", ()):
        attached = p.get("attached_to") or {}
        checks = {"owner": p.get("owner", p.get("controller")) != p.get("controller"),
                  "sick": p.get("sick", False), "phased_out": p.get("phased_out") is not None,
                  "counters": any((p.get("counters") or {}).values()),
                  "attached_to_permanent": "permanent" in attached,
                  "attached_to_player": "player" in attached,
                  "chosen_color": p.get("chosen_color") is not None, "tokens": p.get("token", False)}
        used |= {feature for feature, uses in checks.items() if uses}
    return used


def refuse_unsupported(scenario: dict, capabilities: dict) -> None:
    """For adapters: raise the refusal (ContractError "scenario refused") for a scenario that uses a
    feature the engine didn't declare; the suite counts it as a skipped case."""
    missing = features_of(scenario) - scenario_features(capabilities)
    if missing:
        raise ContractError(f"scenario refused: needs undeclared scenario features {sorted(missing)}")


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
