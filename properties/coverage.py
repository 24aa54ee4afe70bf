"""Situation and interaction coverage, read from the oracle's rule provenance (oracle/provenance.py).

A property's **situations** are what makes its rules bite (its **floors**, beside them, the statistics
labels a run must count at least so often): a decision of one of some CR rules in which
certain cards took part (Exotic Orchard reading another Exotic Orchard under 106.7; a Judge of
Currents triggering on an animated Mutavault under 603.2e). Each is counted once per case that
reaches it, so a run shows the share of a property's cases that reached each one.

An **interaction** is two of the catalog's cards taking part in one rule application: one decision
whose cards (those it concerns and those it involves) include both — a producer and a land it reads,
two replacement effects on one mana event, a trigger and the permanent whose event it answers, a
control effect and what it controls, an Aura and its object. Interactions are counted per case too,
and reported per rules area: the area of the properties whose cases met them (`area_of`).
"""
from __future__ import annotations

import json
from collections import Counter
from itertools import combinations
from pathlib import Path

from attrs import frozen

from mtg_conformance.properties.blame import kind_of
from mtg_conformance.properties.model import StatefulProperty


@frozen
class Situation:
    """A decision of one of `rules` in which every card of `cards` took part (a card named twice
    needs two permanents of it) and, if `one_of` is given, one of those cards; with `rejected` True
    (False), only a decision that forbade (allowed) the action; with `decides`, only a decision
    that decided each of those, as findings name what a decision decided (properties/blame.py): its
    `key`, or a kind of field (`rejected.illegal_attachment`, `permanents.*.phased_out`)."""

    name: str
    rules: tuple
    cards: tuple = ()
    one_of: tuple = ()
    rejected: bool | None = None
    decides: tuple = ()

    def reached_by(self, decision) -> bool:
        took_part = decision.cards + decision.involved
        return (decision.rule in self.rules
                and (self.rejected is None or self.rejected == ("rejected" in decision.fields))
                and not Counter(self.cards) - Counter(took_part)
                and (not self.one_of or any(card in self.one_of for card in took_part))
                and (not self.decides or set(self.decides) <= {decision.key, *map(kind_of, decision.fields)}))


@frozen
class Floor:
    """A statistics label of a property's `labels` (a step's event), and how many times a `ci` run
    (150 cases) must count it at least: declared beside the property's situations, so a run that
    stops generating the steps it counts fails tests/properties/test_properties.py."""

    label: str
    count: int


def pair(a: str, b: str) -> str:
    """An interaction's key: the two card names, in order (`Exotic Orchard + Forest`)."""
    return " + ".join(sorted((a, b)))


def interactions(decision) -> set:
    """The pairs of cards that took part in one decision: two it concerns (two replacement effects
    ordered, a protected permanent and what targets it), or one it concerns and one it involves (a
    producer and a land it reads); two it only involves (two lands read) need not have met."""
    return ({pair(a, b) for a, b in combinations(decision.cards, 2)}
            | {pair(a, b) for a in decision.cards for b in decision.involved})


def area_of(prop) -> str:
    """A property's rules area, an area of `oracle.vocabulary.AREAS`: the module or package of
    properties/areas/ that defines it (`mana`, `phasing`)."""
    built = prop.machine if isinstance(prop, StatefulProperty) else prop.cases
    return built.__module__.removeprefix(f"{__package__}.areas.").split(".")[0]


def meeting(event: str, made: str, read: str) -> str:
    """A cross-area meeting's key: `tapped_for_mana: mana -> mana_triggers`."""
    return f"{event}: {made} -> {read}"


def _areas(cards: tuple) -> set:
    from mtg_conformance.oracle.event_graph import card_area
    return {card_area(name) for name in cards}


def meetings(decision) -> set:
    """The cross-area meetings one decision shows (oracle/event_graph.py): a trigger answering an
    event of another area's card (its source reads, the card whose event it answers produced it:
    the land tapped for mana, the creature that became tapped), or replacement effects of another
    area applied to a permanent's mana (106.12b)."""
    from mtg_conformance.oracle.event_graph import answered, graph
    if decision.rule == "106.12b":      # the permanent tapped, or a trigger adding mana on it (Mana Flare)
        tapped = graph()["tapped_for_mana"]["producers"]
        return {meeting("tapped_for_mana" if a in tapped else "mana_added", a, b)
                for a in _areas(decision.cards) for b in _areas(decision.involved) if a != b}
    else:
        answering = {path.split(".")[1] for path in decision.fields if path.startswith("triggered.")
                     and path.count(".") >= 1}
        if not decision.fires or len(answering) != 1 or not decision.involved:
            return set()
        event, made, read = answered(answering.pop()), decision.involved, decision.cards
    return {meeting(event, a, b) for a in _areas(made) for b in _areas(read) if a != b}


# Cross-area meetings generation puts the cards of together but `ci` doesn't yet make the event happen
# between them: aim at them (`common.aimed`); the test fails once one is met, to keep this list true.
_TAPPER = ("Judge of Currents answers a Merfolk becoming tapped, and its decision names the Merfolk, "
           "not what tapped it: the meeting is counted under the Merfolk's area")
NOT_YET_AIMED = (("becomes_tapped: mana -> characteristics", _TAPPER),
                 ("becomes_tapped: mana_drawbacks -> characteristics", _TAPPER),
                 ("card_drawn: phasing -> auras", "not yet aimed at: Teferi's Imp phasing in under "
                  "a Psychic Possession on its controller"))


def _cards(sources: list) -> set:
    return {source.split(": ")[0] for source in sources if ": " in source}


def meeting_reason(key: str, plays: dict) -> str | None:
    """Why a `ci` run may leave the graph's meeting `key` unmet, or None; `plays` is {property id:
    the cards it generates} of the focused properties (not LOCKSTEP-001's)."""
    from mtg_conformance.oracle.event_graph import graph, measured_reader
    event, crossing = key.split(": ")
    made, read = crossing.split(" -> ")
    sides = graph()[event]
    producers, readers = _cards(sides["producers"][made]), _cards(sides["readers"][read])
    if not any(measured_reader(source) for source in sides["readers"][read]):
        return (f"{read} reads {event} only by a state-based action, a static, a lingering effect or a "
                "trigger on its own object, whose decision doesn't name the card whose event it reads")
    if not producers:
        return f"{made} produces {event} only by its rules (turn structure, state-based actions), no card"
    if not any(producers & cards and readers & cards for cards in plays.values()):
        return (f"no focused property plays a card of {made} producing {event} beside one of {read} "
                "reading it (LOCKSTEP-001's random programs may)")
    return dict(NOT_YET_AIMED).get(key)


class Reached:
    """What one case has reached so far, counting each situation and interaction once into `tally`."""

    def __init__(self, situations: tuple, tally):
        self.situations, self.tally, self.seen = situations, tally, set()

    def record(self, trace) -> None:
        for decision in trace:
            if len(decision.cards) + len(decision.involved) > 1:
                for key in interactions(decision) - self.seen:
                    self.seen.add(key)
                    self.tally.interactions[key] += 1
                for key in meetings(decision) - self.seen:
                    self.seen.add(key)
                    self.tally.meetings[key] += 1
            for situation in self.situations:
                if situation.name not in self.seen and situation.reached_by(decision):
                    self.seen.add(situation.name)
                    self.tally.situations[situation.name] += 1


# The catalog's interacting pairs: the pairs of cards the oracle's provenance shows in one rule
# application across a long run of every property (benchmarks/interaction_catalog.py writes it).
CATALOG_FILE = Path(__file__).with_name("interactions.json")

# Catalog pairs a `ci` run may leave unmet have their reason stated by rule (`reason`).
LOCKSTEP_ONLY = ("met only by LOCKSTEP-001's random programs over the whole catalog: no focused "
                 "property's rules are about this pair")
BASIC_LANDS = ("Plains", "Island", "Swamp", "Mountain", "Forest")

# A `ci` run (150 cases) must reach each of a property's situations in at least this share of its
# cases: 15 or more, so a bug that shows in only a third of the cases reaching its situation still
# diverges in about five of them, and catching it never rests on one lucky case. A higher floor
# would crowd out the property's other situations (a property aims at up to five).
SHARE = 0.10


def catalog() -> dict:
    """{area: {pair: cases that met it in the long run}}; empty before the file is written."""
    return json.loads(CATALOG_FILE.read_text())["areas"] if CATALOG_FILE.exists() else {}


def situation_lines(prop, reached: dict, cases: int) -> list:
    """A property's situations, each with the cases that reached it and their share."""
    return [f"{reached.get(s.name, 0):6} {reached.get(s.name, 0) / max(cases, 1):6.1%}  {s.name}"
            + ("   (rare)" if reached.get(s.name, 0) < SHARE * cases else "")
            for s in prop.situations]


def met_by_area(per_property: dict) -> dict:
    """{area: Counter of pairs} from {property id: {pair: cases}}."""
    from mtg_conformance.properties.model import all_properties
    areas = {}
    for pid, pairs in per_property.items():
        areas.setdefault(area_of(all_properties()[pid]), Counter()).update(pairs)
    return areas


def unmet(per_property: dict) -> dict:
    """The catalog's pairs no property's cases met: {pair: the areas that meet it in the long run}."""
    met = set().union(*map(set, per_property.values())) if per_property else set()
    missing = {}
    for area, pairs in catalog().items():
        for key in pairs:
            if key not in met:
                missing.setdefault(key, []).append(area)
    return missing


def reason(key: str, areas: list, met: set) -> str | None:
    """Why a `ci` run may leave the catalog pair `key` unmet, or None if nothing says so."""
    if set(areas) == {"game"}:
        return LOCKSTEP_ONLY
    first, second = key.split(" + ")
    for basic, other in ((first, second), (second, first)):
        alike = [pair(land, other) for land in BASIC_LANDS if land != basic and pair(land, other) in met]
        if basic in BASIC_LANDS and alike:
            return (f"{basic} is a basic land like another: ci meets the same interaction as "
                    f"{alike[0]}")
    return None


def _why(key: str, areas: list, met: set) -> str:
    return reason(key, areas, met) or "NO REASON GIVEN: aim at it"


def unexplained(per_property: dict) -> dict:
    """The catalog's pairs a run left unmet with no reason given: {pair: areas}."""
    met = set().union(*map(set, per_property.values())) if per_property else set()
    return {key: areas for key, areas in unmet(per_property).items() if not reason(key, areas, met)}


def interaction_lines(per_property: dict) -> list:
    """Interaction coverage per rules area, then the catalog's pairs left unmet, with their reasons."""
    lines, reference = [], catalog()
    for area, pairs in sorted(met_by_area(per_property).items()):
        known = reference.get(area, {})
        lines.append(f"{area}: {len(pairs)} pairs met" + (f"; the catalog's long run meets {len(known)} "
                                                         f"here" if reference else ""))
        lines += [f"  {n:6}  {key}" for key, n in sorted(pairs.items(), key=lambda kv: (-kv[1], kv[0]))]
    missing, met = unmet(per_property), set().union(*map(set, per_property.values()))
    if reference:
        known = set().union(*map(set, reference.values()))
        excused = sum(bool(reason(key, areas, met)) for key, areas in missing.items())
        lines.append(f"the catalog's {len(known)} interacting pairs: {len(known & met)} met by this run, "
                     f"{excused} unmet with a reason stated, {len(missing) - excused} unmet without")
    if missing:
        lines.append(f"catalog pairs this run left unmet: {len(missing)}")
        lines += [f"  {key} ({', '.join(areas)}): {_why(key, areas, met)}"
                  for key, areas in sorted(missing.items())]
    return lines
