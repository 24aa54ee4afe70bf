"""The event graph built from the catalog and the oracle's code (the tables are in oracle/events.py):
for each game event, the sources that produce it and those that read it, by rules area, and the
cross-area meetings — a producer of one area beside a reader of another.

    graph()["tapped_for_mana"]["readers"]["mana_triggers"]   # ["Mana Flare (trigger ...)", ...]
    meetings()     # {(event, producer area, reader area), ...} with the two areas different
"""
from __future__ import annotations

from functools import cache

from attrs import fields

from mtg_conformance.oracle import catalog, events
from mtg_conformance.oracle.card import Card, Cost
from mtg_conformance.oracle.event_sources import named, produced_by
from mtg_conformance.oracle.registry import REGISTRY, entry, meaning

TURN, SBA, ACTION = "turn structure", "state-based action", "action"


@cache
def card_area(name: str) -> str:
    """The rules area whose cards module defines card `name`."""
    for module in catalog.MODULES:
        if any(c.name == name for group in module.GROUPS for c in group()):
            return module.__name__.rsplit(".", 1)[1]
    raise catalog.UnknownCard(name)


def answered(contract_event: str) -> str:
    """The game event a trigger of the contract's `contract_event` (the observation's name) waits for."""
    return events.TRIGGER_READS[contract_event]


def measured_reader(source: str) -> bool:
    """Whether a reader `source` of `graph()` is one whose decisions name the card whose event it
    reads (a replacement effect on mana, a trigger of `events.NAMES_CAUSE`)."""
    whats = source.split(": ", 1)[-1].split(", ")
    return any(what.startswith("replacement ")
               or what.removeprefix("trigger ") in events.NAMES_CAUSE for what in whats)


def effect_events(name: str) -> frozenset:
    """What the registered effect `name` may make happen."""
    return produced_by(meaning("effect", name))


def cost_events(cost: Cost) -> set:
    return {e for f in fields(Cost) if getattr(cost, f.name) for e in events.COST_PRODUCES.get(f.name, ())}


def card_produces(card: Card) -> dict:
    """{event: [what of the card produces it]} for one catalog card."""
    from mtg_conformance.oracle.mana import is_tapped_for_mana
    found: dict = {}

    def add(what: str, happened) -> None:
        for event in happened:
            found.setdefault(event, []).append(what)

    for ability in card.mana_abilities:
        add("mana ability cost", cost_events(ability.cost))
        add("mana ability", {"tapped_for_mana"} if is_tapped_for_mana(ability) else ())
        for effect in (ability.then, ability.drawback):
            if effect:
                add(f"effect {effect}", effect_events(effect))
    for ability in card.activated:
        add("ability cost", cost_events(ability.cost))
    for ability in card.activated + card.triggered:
        add(f"effect {ability.effect}", effect_events(ability.effect))
    if card.spell_effect:
        add(f"effect {card.spell_effect}", effect_events(card.spell_effect))
    if card.enters_with:
        add(f"enters with {card.enters_with}", produced_by(meaning("enters_with", card.enters_with)))
    for static in sorted(card.statics & set(events.STATIC_PRODUCES)):
        add(f"static {static}", produced_by(named(events.STATIC_PRODUCES[static])))
    return {event: sorted(set(whats)) for event, whats in found.items()}


def card_reads(card: Card) -> dict:
    """{event: [what of the card reads it]}: its triggers, replacement effects, statics and lingering
    effects."""
    from mtg_conformance.oracle.mana import REPLACEMENTS
    found: dict = {}
    for ability in card.triggered:
        found.setdefault(events.TRIGGER_READS[entry("event", ability.event).meaning], []).append(
            f"trigger {ability.event}")
    for static in sorted(card.statics):
        if static in REPLACEMENTS:      # the mana of a {T} ability, and what a trigger on it adds
            for event in ("tapped_for_mana", "mana_added"):
                found.setdefault(event, []).append(f"replacement {static}")
        for event in events.STATIC_READS.get(static, ()):
            found.setdefault(event, []).append(f"static {static}")
    for effect in {a.effect for a in card.activated + card.triggered} | {card.spell_effect} - {""}:
        if effect in REGISTRY["replacement"]:
            for event in ("tapped_for_mana", "mana_added"):
                found.setdefault(event, []).append(f"replacement {effect}")
        for event in events.EFFECT_READS.get(effect, ()):
            found.setdefault(event, []).append(f"effect {effect}")
    return {event: sorted(set(whats)) for event, whats in found.items()}


def _rules_sources() -> tuple[list, list]:
    """(producers, readers) of the rules themselves: (event, area, source) each."""
    from mtg_conformance.oracle import actions
    producers = [(e, "turn", TURN) for e in produced_by(named("turn.advance"))]
    for rule, performed in events.SBA_PERFORMS.items():
        producers += [(e, events.area_by_rule(rule), f"{SBA} {rule}")
                      for e in produced_by(named(performed))]
    for rule, written in events.SBA_WRITES.items():
        producers += [(e, events.area_by_rule(rule), f"{SBA} {rule}") for e in written]
    for name, handler in actions.ACTIONS.items():
        producers += [(e, ACTION, f"{ACTION} {name}") for e in produced_by(handler)]
    readers = [(e, events.area_by_rule(rule), f"{SBA} {rule}")
               for rule, read in events.SBA_READS.items() for e in read]
    return producers, readers


@cache
def graph() -> dict:
    """{event: {"producers": {area: [source, ...]}, "readers": {area: [source, ...]}}}: sources are a
    card ("Mana Flare: trigger enchanted_tapped_for_mana"), the turn structure, a state-based action
    or (producers only, under "action") one of the harness's actions."""
    built = {name: {"producers": {}, "readers": {}} for name in events.EVENTS}

    def add(side: str, event: str, area: str, source: str) -> None:
        built[event][side].setdefault(area, set()).add(source)

    for card in catalog.CATALOG.values():
        area = card_area(card.name)
        for event, whats in card_produces(card).items():
            add("producers", event, area, f"{card.name}: {', '.join(whats)}")
        for event, whats in card_reads(card).items():
            add("readers", event, area, f"{card.name}: {', '.join(whats)}")
    producers, readers = _rules_sources()
    for event, area, source in producers:
        add("producers", event, area, source)
    for event, area, source in readers:
        add("readers", event, area, source)
    return {event: {side: {area: sorted(sources) for area, sources in sorted(by_area.items())}
                    for side, by_area in sides.items()} for event, sides in built.items()}


def meetings() -> frozenset:
    """(event, producer area, reader area) for every event an area produces and another reads (the
    harness's actions are not an area)."""
    return frozenset((event, made, read) for event, sides in graph().items()
                     for made in sides["producers"] if made != ACTION
                     for read in sides["readers"] if read != made)


def lines() -> list:
    """The graph as text: each event, its producers and readers by area, and its cross-area meetings."""
    out, met = [], meetings()
    for event, sides in graph().items():
        described = events.EVENTS[event]
        out.append(f"{event} (CR {described.rule}: {described.text})")
        for side in ("producers", "readers"):
            for area, sources in sides[side].items():
                out.append(f"  {side[:-1]:8} {area:16} {len(sources):3}  " + "; ".join(sources))
        crossing = sorted((made, read) for e, made, read in met if e == event)
        out.append(f"  meetings across areas: {len(crossing)}"
                   + "".join(f"\n    {made} -> {read}" for made, read in crossing))
    return out
