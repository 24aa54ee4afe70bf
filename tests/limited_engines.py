"""Test engines with the oracle's rules and narrow scenario set-up: they refuse what they can't set up."""
from __future__ import annotations

from mtg_conformance.adapters.contract import ContractError, refuse_unsupported
from mtg_conformance.adapters.oracle_adapter import OracleEngine


class PlainEngine(OracleEngine):
    """Declares no scenario features (no `scenario` key) and two seats; refuses anything more."""

    def capabilities(self) -> dict:
        caps = {**super().capabilities(), "max_players": 2}
        del caps["scenario"]
        return caps

    def start(self, scenario: dict) -> dict:
        refuse_unsupported(scenario, self.capabilities())
        if len(scenario["players"]) > 2:
            raise ContractError("scenario refused: more players than declared")
        return super().start(scenario)


class FewFeaturesEngine(PlainEngine):
    """Declares only `counters` and `tokens`, and three seats."""

    def capabilities(self) -> dict:
        return {**super().capabilities(), "scenario": ["counters", "tokens"], "max_players": 3}

    def start(self, scenario: dict) -> dict:
        refuse_unsupported(scenario, self.capabilities())
        return OracleEngine.start(self, scenario)


class PickyEngine(OracleEngine):
    """Declares every feature but refuses any scenario with a phased-out permanent (as an engine
    that found it can't express one after all)."""

    def start(self, scenario: dict) -> dict:
        if any(p.get("phased_out") for p in scenario["battlefield"]):
            raise ContractError("scenario refused: can't express a phased-out permanent")
        return super().start(scenario)


class RefusingEngine(OracleEngine):
    """Refuses every scenario."""

    def start(self, scenario: dict) -> dict:
        raise ContractError("scenario refused: this engine sets up nothing")
