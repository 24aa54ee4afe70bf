"""Why an action is illegal (kept apart from bugs in the oracle itself)."""


class Rejected(Exception):
    """The rules forbid the action; the state is unchanged. `reason` is the contract's class."""

    def __init__(self, reason: str, rule: str, detail: str):
        super().__init__(f"{reason}: {detail} (CR {rule})")
        self.reason, self.rule, self.detail = reason, rule, detail


class ScenarioError(ValueError):
    """A scenario that can't be built: the message names the problem."""
