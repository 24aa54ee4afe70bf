"""Why an action is illegal (kept apart from bugs in the oracle itself)."""


class Rejected(Exception):
    """The rules forbid the action; the state is unchanged. `reason` is the contract's class."""

    def __init__(self, reason: str, rule: str, detail: str, also: tuple = ()):
        super().__init__(f"{reason}: {detail} (CR {rule})")
        self.reason, self.rule, self.detail = reason, rule, detail
        self.also = also            # other reason classes that apply as well: any is accepted


class ScenarioError(ValueError):
    """A scenario that can't be built: the message names the problem."""
