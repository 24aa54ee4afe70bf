"""Rule provenance: which CR rule decided what, as the oracle performs an action.

Every rule function that decides something records a `Decision` on `game.trace` — what it allowed or
forbade, what it changed or left alone — with the objects and the observation fields it concerns, in
the path syntax of the contract's observation (`permanents.p3.tapped`, `players[0].mana.B`,
`players[1].life`, `triggered`, `rejected`), and the cards that took part: those it concerns and
those whose abilities, effects or events it `involves` (the replacement effects applied to a
producer's mana, the lands a "could produce" ability reads, the event a trigger answers, the effect
that gives haste or control). Two cards in one decision are an interaction of the catalog's cards
(properties/coverage.py). A field `rejected.<reason>` says the decision is about
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
    cards: tuple = ()              # catalog names of the permanents among `objects`
    involved: tuple = ()           # catalog names of the other permanents whose abilities, effects
                                   # or events took part

    def __str__(self) -> str:
        return self.says


def note(game, rule: str, text: str, objects: tuple = (), fields: tuple = (), involves=()) -> None:
    """Record that `rule` decided `text` on the game's current trace; `involves` are the ids of the
    other permanents whose abilities, effects or events took part."""
    game.trace.append(Decision(rule, f"{rule}: {text}", objects, fields, _names(game, objects),
                               _names(game, [i for i in involves if i not in objects])))


def _names(game, ids) -> tuple:
    """The catalog names of the permanents among `ids` (seats and unknown ids are left out)."""
    return tuple(game.permanents[i].card.name for i in dict.fromkeys(ids)
                 if isinstance(i, str) and i in game.permanents)


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
