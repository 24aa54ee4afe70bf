"""The reference oracle: a small, exact model of the documented rules (docs/contract.md).

    game = Oracle(scenario)        # ScenarioError on bad data
    observation = game.act(action) # a rejected action leaves the state unchanged
"""
from __future__ import annotations

from oracle import actions, scenario
from oracle.errors import Rejected, ScenarioError
from oracle.observe import observe

__all__ = ["Oracle", "Rejected", "ScenarioError"]


class Oracle:
    """One game under the reference rules."""

    def __init__(self, scenario_doc: dict):
        self.game = scenario.build(scenario_doc)
        self.last_rejection: Rejected | None = None

    def act(self, action: dict) -> dict:
        """Perform `action` and observe; an illegal one is reported in `rejected`."""
        try:
            actions.perform(self.game, action)
        except Rejected as why:
            self.last_rejection = why
            return observe(self.game, why.reason)
        self.last_rejection = None
        return observe(self.game)

    def observe(self) -> dict:
        return observe(self.game)
