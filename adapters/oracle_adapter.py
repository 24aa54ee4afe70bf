"""The reference oracle as an engine (in process)."""
from __future__ import annotations

from mtg_conformance.adapters.contract import (ACTION_TYPES, CONTRACT_VERSION, CR_EDITION, OBSERVES, SCENARIO_FEATURES,
                               ContractError, Engine)
from mtg_conformance.oracle import Oracle, ScenarioError
from mtg_conformance.oracle.catalog import CATALOG


class OracleEngine(Engine):
    """The oracle; subclasses (mutants) override `make_game` to swap in broken rules."""

    name = "oracle"

    def __init__(self):
        self.game: Oracle | None = None

    def identity(self) -> dict:
        return {"name": self.name, "version": "0.1.0", "homepage": "", "issues": "",
                "cr_edition": CR_EDITION}

    def capabilities(self) -> dict:
        return {"contract": CONTRACT_VERSION, "cards": sorted(CATALOG), "actions": list(ACTION_TYPES),
                "observes": list(OBSERVES), "max_players": 4,
                "scenario": sorted(SCENARIO_FEATURES)}

    def make_game(self, scenario: dict) -> Oracle:
        return Oracle(scenario)

    def start(self, scenario: dict) -> dict:
        try:
            self.game = self.make_game(scenario)
        except ScenarioError as why:
            raise ContractError(f"scenario refused: {why}") from None
        return self.game.observe()

    def act(self, action: dict) -> dict:
        return self.game.act(action)

    def trace(self) -> tuple:
        """The oracle's decisions (oracle.provenance.Decision) for the last action, or the setup."""
        return self.game.trace if self.game else ()

    def acceptable_reasons(self) -> set:
        """Every reason class that applies to the last rejected action, any of which an engine may
        answer (docs/contract.md#rejections); empty when it was accepted."""
        why = self.game.last_rejection
        return set(why.reasons) if why else set()
