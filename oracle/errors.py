"""The project's error root, and why an action is illegal (kept apart from bugs in the oracle itself)."""
from __future__ import annotations


class MtgConformanceError(Exception):
    """Every error of this project derives from this: the command line prints the message and the
    class's one-line `hint` and exits with `exit_code` (2: a usage, input or engine error), with no
    list of classes to keep up to date (runner/cli.py)."""

    hint = "see `mtg-conformance --help`"
    kind = "error"                  # the word the command line puts before the message
    exit_code = 2


class Rejected(Exception):
    """The rules forbid the action; the state is unchanged. `reason` is the contract's class the
    oracle reports; `also` the other classes that apply as well (docs/contract.md#rejections: an
    engine may answer any of them). Not an error: the observation reports it. One that is caught and
    kept (collected with the others that apply, or as the last rejection) is kept without its
    traceback: that would hold the frames that caught it, and with them the list it is kept in — a
    reference cycle per rejection, left for the garbage collector (which then ran every few actions)."""

    def __init__(self, reason: str, rule: str, detail: str, also: tuple = ()):
        self.reason, self.rule, self.detail = reason, rule, detail
        self.also = tuple(r for r in dict.fromkeys(also) if r != reason) if also else ()

    def __str__(self) -> str:       # written only when shown: most rejections are only reported
        return f"{self.reason}: {self.detail} (CR {self.rule})"

    @property
    def reasons(self) -> tuple:
        """Every class that applies, the reported one first."""
        return (self.reason, *self.also)


class ScenarioError(MtgConformanceError, ValueError):
    """A scenario that can't be built: the message names the problem."""

    hint = "fix the scenario as the message says (docs/contract.md#scenario)"
