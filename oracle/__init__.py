"""The reference oracle: a small, exact model of the documented rules (docs/contract.md).

    game = Oracle(scenario)        # ScenarioError on bad data
    observation = game.act(action) # a rejected action leaves the state unchanged
    game.trace                     # the rules that decided it (oracle.provenance.Decision)
"""
from __future__ import annotations

# Every rules module and every area's effects, so that every name is registered:
from mtg_conformance.oracle import actions, effects, scenario  # noqa: F401  (effects: registers them)
from mtg_conformance.oracle.catalog import CATALOG
from mtg_conformance.oracle.errors import Rejected, ScenarioError
from mtg_conformance.oracle.observe import observe
from mtg_conformance.oracle.provenance import Decision, rejection
from mtg_conformance.oracle.registry import check_card

for _card in CATALOG.values():           # the catalog names only registered entries
    check_card(_card)

__all__ = ["Decision", "Oracle", "Rejected", "ScenarioError"]


class Oracle:
    """One game under the reference rules."""

    def __init__(self, scenario_doc: dict):
        self.game = scenario.build(scenario_doc)
        self.last_rejection: Rejected | None = None
        self.setup: tuple[Decision, ...] = tuple(self.game.trace)   # building it, and its SBA

    @property
    def trace(self) -> tuple[Decision, ...]:
        """The decisions of the last action (of the setup, before the first action)."""
        return tuple(self.game.trace)

    def act(self, action: dict) -> dict:
        """Perform `action` and observe; an illegal one is reported in `rejected`."""
        self.game.trace = []
        try:
            actions.perform(self.game, action)
        except Rejected as why:
            self.last_rejection = why.with_traceback(None)   # kept: see `Rejected`
            # recorded already, if at all, last (oracle.checks.reject): looked for from the end
            for d in reversed(self.game.trace):
                if d.rule == why.rule and "rejected" in d.fields:
                    break
            else:
                rejection(self.game, why)
            return observe(self.game, why.reason)
        self.last_rejection = None
        return observe(self.game)

    def observe(self) -> dict:
        return observe(self.game)
