"""Rule provenance: which CR rule decided what, as the oracle performs an action.

Every rule function that decides something records a `Decision` on `game.trace` — what it allowed or
forbade, what it changed or left alone — with the objects and the observation fields it concerns, in
the path syntax of the contract's observation (`permanents.p3.tapped`, `players[0].mana.B`,
`players[1].life`, `triggered`, `rejected`). A field `rejected.<reason>` says the decision is about
whether the action is rejected for that reason class (docs/contract.md), allowing or forbidding it.

    Oracle(scenario).setup     # the decisions of building the scenario
    game.act(action); game.trace   # the decisions of the last action
"""
from __future__ import annotations

from attrs import frozen


@frozen
class Decision:
    """One rule's decision: `says` is one readable sentence starting with the rule's number."""

    rule: str                      # the CR rule, down to its lettered subrule ("702.26d")
    says: str                      # "702.26d: p3 phased out, no zone change -> no leaves trigger"
    objects: tuple = ()            # permanent ids and seats it concerns
    fields: tuple = ()             # observation paths it decided

    def __str__(self) -> str:
        return self.says


def note(game, rule: str, text: str, objects: tuple = (), fields: tuple = ()) -> None:
    """Record that `rule` decided `text` on the game's current trace."""
    game.trace.append(Decision(rule, f"{rule}: {text}", objects, fields))


def rejection(game, why) -> None:
    """Record a rejection (an `oracle.errors.Rejected`): its rule forbade the action."""
    note(game, why.rule, f"{why.detail} -> rejected ({why.reason})", (),
         ("rejected", f"rejected.{why.reason}"))


def mana(seat: int, mana_type: str | None = None) -> str:
    """The observation path of a player's mana pool, or of one type in it."""
    return f"players[{seat}].mana" if mana_type is None else f"players[{seat}].mana.{mana_type}"


def explain(trace) -> str:
    """The decisions of a trace, one a line."""
    return "\n".join(d.says for d in trace) or "(no decisions)"
