"""The catalog's vocabulary, each name defined once with its CR rule next to the code that gives it
meaning: effects (what an ability or spell does as it resolves), target kinds, statics, trigger events,
mana productions, scopes (the lands a "could produce" ability looks at), "enters with" counters and
replacement effects on mana (which a static ability or a spell creates).
Each carries its wording (`text`), which `mtg-conformance cards` shows. The catalog can only name
registered entries (`check_card`, run as the catalog is built); tests/oracle/test_registry.py checks
every entry is used and every name a card shows has its text.

    @effect("gain_1", rule="119.3", text="you gain 1 life")
    def _gain_1(use): ...
"""
from __future__ import annotations

from typing import Callable

from attrs import frozen

from mtg_conformance.oracle.errors import MtgConformanceError

KINDS = ("effect", "target", "static", "event", "production", "scope", "enters_with", "replacement")


@frozen
class Entry:
    kind: str
    name: str
    rule: str                       # the CR rule that gives it meaning
    meaning: object = None          # the function (effects, targets) or value the rules use
    kept: str = ""                  # why it is registered though no card uses it, if none does
    text: str = ""                  # its wording in a card's text (our paraphrase, not the CR's)
    adds: str = ""                  # a triggered mana ability's effect: the mana type it adds, or
                                    # "chosen" (its source's colour, 614.12), "produced" (106.12a)


REGISTRY: dict[str, dict[str, Entry]] = {kind: {} for kind in KINDS}


class UnregisteredName(MtgConformanceError):
    """A catalog entry names an effect, target kind, static or event no rules module defines."""

    hint = "register it next to the rule that gives it meaning (oracle/registry.py)"


def register(kind: str, name: str, rule: str, meaning: object = None, kept: str = "",
             text: str = "", adds: str = "") -> Entry:
    """Define `name` of `kind` once; a second definition is a bug."""
    if name in REGISTRY[kind]:
        raise ValueError(f"{kind} {name!r} is defined twice")
    entry = REGISTRY[kind][name] = Entry(kind, name, rule, meaning, kept, text, adds)
    return entry


def define(kind: str, name: str, rule: str, kept: str = "", text: str = "", adds: str = "") -> Callable:
    """A decorator registering the function as the meaning of `name`."""
    def registered(function: Callable) -> Callable:
        register(kind, name, rule, function, kept, text, adds)
        return function
    return registered


def effect(name: str, rule: str, kept: str = "", text: str = "", adds: str = "") -> Callable:
    """An effect: `function(use)` does it, `use` being an `oracle.resolve.Use`; `adds`, for a
    triggered mana ability's, the mana it adds (read where it doesn't trigger, CR 106.12a)."""
    return define("effect", name, rule, kept, text, adds)


def static(name: str, rule: str, kept: str = "", text: str = "") -> str:
    """A static ability or keyword the rules ask for by name; returns the name to ask with."""
    return register("static", name, rule, kept=kept, text=text).name


def entry(kind: str, name: str) -> Entry:
    """The registered `name` of `kind`; UnregisteredName if none."""
    try:
        return REGISTRY[kind][name]
    except KeyError:
        raise UnregisteredName(f"no {kind} {name!r} is registered") from None


def meaning(kind: str, name: str):
    """The registered meaning of `name` (`entry(kind, name).meaning`, looked up without the call: it
    is asked for every static a power/toughness or target check reads)."""
    try:
        return REGISTRY[kind][name].meaning
    except KeyError:
        return entry(kind, name).meaning              # raises UnregisteredName


def check_card(card) -> None:
    """Every name `card` uses is registered: UnregisteredName (one line) otherwise."""
    for kind, name in uses(card):
        if name not in REGISTRY[kind]:
            raise UnregisteredName(f"{card.name}: unknown {kind} {name!r} (no rules module defines it)")


def uses(card):
    """(kind, name) for every vocabulary name the catalog entry `card` uses."""
    for ability in card.mana_abilities:
        yield "production", ability.produces
        if ability.scope:
            yield "scope", ability.scope
        if ability.per:                               # issue 12: what "for each" counts
            yield "scope", ability.per
        if ability.then:
            yield "effect", ability.then
        if ability.drawback:
            yield "effect", ability.drawback
    for ability in card.activated + card.triggered:
        yield "effect", ability.effect
        if ability.target:
            yield "target", ability.target
    for ability in card.triggered:
        yield "event", ability.event
    for name in card.statics:
        yield "static", name
    if card.spell_effect:
        yield "effect", card.spell_effect
    for name in (card.spell_target, card.enchant):
        if name:
            yield "target", name
    if card.enters_with:
        yield "enters_with", card.enters_with
