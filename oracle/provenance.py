"""Rule provenance: which CR rule decided what, as the oracle performs an action.

Every rule function that decides something records a `Decision` on `game.trace` — what it allowed or
forbade, what it changed or left alone — with the objects and the observation fields it decides, in
the path syntax of the contract's observation (`permanents.p3.tapped`, `players[0].mana.B`,
`players[1].life`, `rejected`), and the cards that took part: those it concerns and those whose
abilities, effects or events it `involves` (the replacement effects applied to a producer's mana,
the lands a "could produce" ability reads, the event a trigger answers, the effect that gives haste
or control). Two cards in one decision are an interaction of the catalog's cards
(properties/coverage.py).

The fields are exactly those whose value the decision decides (a field, or a container of fields
such as a mana pool): never a whole permanent or player, which would swallow fields other rules
decide. A decision's field decides the value that field has after the action unless a later
decision of the same action decides it again (properties/blame.py: the last decision for a field
owns it). Two kinds of paths are not observation leaves:
- `rejected.<reason>[.<aspect>]`: the decision is about whether the action is rejected for that
  reason class (docs/contract.md), allowing or forbidding it;
- `triggered.<event>[.<source id>]` (`trigger(...)`): whether that ability of that source triggers
  (without a source: whichever source's; `triggered` alone: every trigger) — that it does, for a
  decision that `fires`, else that it doesn't. The observation's `triggered` is a record of events,
  not a value later decisions overwrite: the first decision about a trigger owns it.
A decision may name a stable `key` for what it decided ("cards-leave", "draws"): the finding an
engine's departure from it makes is (rule, key, shape). Without one, the kind of the field it is
blamed for stands in; a decision deciding fields of several kinds names its key.

    Oracle(scenario).setup     # the decisions of building the scenario
    game.act(action); game.trace   # the decisions of the last action
"""
from __future__ import annotations

from attrs import frozen


@frozen(slots=False)
class Decision:
    """One rule's decision: `says` is one readable sentence starting with the rule's number."""

    rule: str                      # the CR rule, down to its lettered subrule ("702.26d")
    says: str                      # "702.26d: p3 phased out, no zone change -> no leaves trigger"
    objects: tuple = ()            # permanent ids and seats it concerns
    fields: tuple = ()             # observation paths it decided
    cards: tuple = ()              # catalog names of the permanents among `objects`
    involved: tuple = ()           # catalog names of the other permanents whose abilities, effects
                                   # or events took part
    key: str = ""                  # what it decided, stable across cases ("cards-leave"); "" when
                                   # the kind of its one field says it
    fires: bool = False            # it decided that the triggers it names do trigger
    reads: tuple = ()              # observation paths whose value it decided from (a creature's
                                   # damage, for 704.5g): an engine that never changed one departed
                                   # from the decision that did (properties/blame.py)
    keeps: bool = False            # it decided that its fields stay as they are (the game is over):
                                   # an engine showing one as it was before the action departed from
                                   # the earlier decision that changed it, unless the engine moved
                                   # something this rule keeps (properties/blame.py)
    otherwise: tuple = ()          # (path, value) of fields it decided: the value had it gone the
                                   # other way (a phased-out anthem applying). An engine showing
                                   # exactly that departed from it; one showing another value, from
                                   # another decision (properties/blame.py). A path it doesn't
                                   # decide is a consequence another decision decides (a creature
                                   # only its counters keep alive, dead without them): that is
                                   # only a case's other reading

    def __str__(self) -> str:
        return self.says


def note(game, rule: str, text: str, objects: tuple = (), fields: tuple = (), involves=(),
         key: str = "", fires: bool = False, reads: tuple = (), keeps: bool = False,
         otherwise: tuple = ()) -> None:
    """Record that `rule` decided `text` on the game's current trace; `involves` are the ids of the
    other permanents whose abilities, effects or events took part; `key` names what it decided;
    `fires`: it decided that the triggers among its fields trigger (else that they don't); `reads`:
    the observed fields it decided from; `keeps`: it decided that its fields stay as they are;
    `otherwise`: (path, value) of its fields had it gone the other way."""
    others = _names(game, [i for i in involves if i not in objects]) if involves else ()
    cards = _names(game, objects) if objects else ()
    game.trace.append(Decision(rule, f"{rule}: {text}", objects, fields, cards, others, key, fires, reads,
                               keeps, otherwise))


def already_decided(game, paths, since: int = 0) -> tuple:
    """Of the observation `paths`, those a decision of the current trace (from position `since`)
    decided: the path itself or a container of it."""
    decided = {f for d in game.trace[since:] for f in d.fields}
    within = tuple(f + sep for f in decided for sep in ".[")      # the paths a container holds start so
    return tuple(p for p in paths if p in decided or p.startswith(within))


def _names(game, ids) -> tuple:
    """The catalog names of the permanents among `ids` (seats and unknown ids are left out)."""
    permanents = game.permanents
    names = []
    for i in ids if len(ids) < 2 else dict.fromkeys(ids):
        p = permanents.get(i) if isinstance(i, str) else None
        if p is not None:
            names.append(p.card.name)
    return tuple(names)


def rejection(game, why) -> None:
    """Record a rejection (an `oracle.errors.Rejected`): its rule forbade the action."""
    note(game, why.rule, f"{why.detail} -> rejected ({why.reason})", (),
         ("rejected", f"rejected.{why.reason}"))


def mana(seat: int, mana_type: str | None = None) -> str:
    """The observation path of a player's mana pool, or of one type in it."""
    return f"players[{seat}].mana" if mana_type is None else f"players[{seat}].mana.{mana_type}"


def trigger(event: str, source: str | None = None) -> str:
    """The path of a decision about whether `source`'s ability of the contract's trigger `event`
    triggers (`triggered.leaves.p3`), or any source's (`triggered.leaves`)."""
    if source is None:
        return f"triggered.{event}"
    return f"triggered.{event}.{'token' if source.startswith('#') else source}"   # as observed


def explain(trace) -> str:
    """The decisions of a trace, one a line."""
    return "\n".join(d.says for d in trace) or "(no decisions)"
