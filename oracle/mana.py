"""Mana: types (CR 106.1), undefined types (106.5), "could produce" (106.7), tapping for mana and its
replacement effects (106.12b, 614.5, 616.1), and how much an ability adds: "for each" (107.1). The
triggered mana abilities' effects are in oracle/effects/mana_triggers.py."""
from __future__ import annotations

from itertools import permutations
from typing import Callable

from attrs import frozen

from mtg_conformance.oracle.card import ManaAbility
from mtg_conformance.oracle.characteristics import has_creature_type, is_land, mana_abilities, subtypes
from mtg_conformance.oracle.registry import define, meaning, register, static
from mtg_conformance.oracle.seams import seam
from mtg_conformance.oracle.state import Game, Permanent, reading_pass
from mtg_conformance.oracle.vocabulary import COLORS

# Replacement effects on a mana-production event, by the static ability that creates them (Pale Moon's
# spell creates "pale_moon" as it resolves: game.mana_replacements).
REPLACEMENTS = {
    static("lands_tapped_produce_black", rule="614.1a",                     # Contamination
           text="If a land is tapped for mana, it produces {B} instead of any other type and "
                "amount."):
        "contamination",
    static("you_tap_for_mana_doubles", rule="614.1a",                       # Mana Reflection
           text="If you tap a permanent for mana, it produces twice as much of that mana."):
        "reflection",
    static("you_tap_for_mana_triples", rule="614.1a",                       # Nyxbloom Ancient
           text="If you tap a permanent for mana, it produces three times as much of that mana "
                "instead."):
        "nyxbloom",
}


@frozen
class Replacement:
    """A replacement effect on a mana-production event (CR 614.1a): whether it applies to the mana a
    `source` makes for `activator` (`creator`: the permanent whose static ability creates it, None for
    one a spell created), and the event it makes of the event {type: amount}, applied once (614.5)."""

    applies: Callable[[Permanent, Permanent | None, int], bool]
    replace: Callable[[dict], dict]


def _replacement(name: str, rule: str, text: str, applies: Callable) -> Callable:
    """Register the decorated function, {type: amount} -> {type: amount}, as the replacement `name`."""
    def registered(replace: Callable) -> Callable:
        register("replacement", name, rule, Replacement(applies, replace), text=text)
        return replace
    return registered


@_replacement("contamination", "614.1a", "{B} instead of any other type and amount",
              applies=lambda source, creator, activator: is_land(source))
def _contamination(produced: dict) -> dict:
    """The whole event becomes one {B}, however many types and how much it made."""
    return {"B": 1}


@_replacement("pale_moon", "614.1a", "colourless mana instead of any other type",
              applies=lambda source, creator, activator: is_land(source) and not source.card.basic)
def _pale_moon(produced: dict) -> dict:
    return {"C": sum(produced.values())}


def _times(factor: int) -> Callable:
    """"N times as much of that mana", for the lands and other permanents their controller taps."""
    def replace(produced: dict) -> dict:
        return {mana_type: multiplied(amount, factor) for mana_type, amount in produced.items()}
    return replace


def _its_controllers(source: Permanent, creator: Permanent | None, activator: int) -> bool:
    """"If you tap a permanent for mana": mana its creator's controller taps for."""
    return creator.controller == activator


_replacement("reflection", "614.1a", "twice as much of that mana", applies=_its_controllers)(_times(2))
_replacement("nyxbloom", "614.1a", "three times as much of that mana", applies=_its_controllers)(_times(3))


@seam
def is_tapped_for_mana(ability: ManaAbility) -> bool:
    """CR 106.12: tapping a permanent for mana is activating its mana ability with {T} in the cost."""
    return ability.cost.tap


@seam
def applicable_replacements(game: Game, source: Permanent, ability: ManaAbility,
                            activator: int) -> list[tuple[str, str]]:
    """(effect id, kind) of each replacement effect that applies to mana this ability produces."""
    if not is_tapped_for_mana(ability):
        return []
    found = []
    for s in _replacement_sources(game):
        for name, kind in REPLACEMENTS.items():
            if name in s.card.statics and meaning("replacement", kind).applies(source, s, activator):
                found.append((s.id, kind))
    return found + [(eid, kind) for eid, kind in game.mana_replacements
                    if meaning("replacement", kind).applies(source, None, activator)]


def inapplicable_replacements(game: Game, applying: list) -> list[tuple[str, str]]:
    """(creator id, kind) of each replacement effect a static ability creates that is not among
    `applying`, those that apply to the mana an ability produces (Contamination's, to a Signet's)."""
    return [(s.id, kind) for s in _replacement_sources(game) for name, kind in REPLACEMENTS.items()
            if name in s.card.statics and (s.id, kind) not in applying]


def _replacement_sources(game: Game) -> tuple:
    """Phased-in permanents with a static ability that creates a mana replacement effect."""
    return game.those("mana replacements", lambda card: not card.statics.isdisjoint(REPLACEMENTS))


@seam
def multiplied(amount: int, factor: int) -> int:
    """CR 614.1a: "N times as much of that mana" multiplies the amount the event would produce now,
    after the replacement effects already applied to it (614.5, 616.1): two multipliers compound."""
    return amount * factor


@seam
def replace_event(kind: str, produced: dict) -> dict:
    """One replacement effect applied once to a whole production event, {type: amount} (CR 614.5):
    the registered replacement `kind`."""
    return meaning("replacement", kind).replace(produced)


def apply_to_event(kinds, produced: dict) -> dict:
    for kind in kinds:
        produced = replace_event(kind, produced)
    return produced


def types_in_any_order(kinds, mana_types) -> frozenset:
    """CR 106.7: the types produced under every possible order of the applicable effects."""
    if not kinds:
        return frozenset(mana_types)
    distinct = sorted(set(kinds))
    return frozenset().union(*(apply_to_event(order, {t: 1})
                               for t in mana_types for order in permutations(distinct)))


def land_scope(game: Game, permanent: Permanent, scope: str) -> list[Permanent]:
    """Phased-in lands the ability looks at (CR 702.26b): the registered `scope`."""
    return meaning("scope", scope)(game, permanent)


# The lands a "could produce" ability looks at (`ManaAbility.scope`).
@define("scope", "your_lands", rule="106.7", text="a land you control")
def _your_lands(game: Game, permanent: Permanent) -> list[Permanent]:
    return [p for p in game.on_battlefield() if is_land(p) and p.controller == permanent.controller]


@define("scope", "opponents_lands", rule="106.7", text="a land an opponent controls")
def _opponents_lands(game: Game, permanent: Permanent) -> list[Permanent]:
    opponents = set(game.opponents(permanent.controller))
    return [p for p in game.on_battlefield() if is_land(p) and p.controller in opponents]


# What a "for each" mana ability counts (`ManaAbility.per`, CR 107.1): phased-in permanents (702.26b),
# with the types and subtypes continuous effects give them (613.1d).
def _yours(game: Game, permanent: Permanent, counts) -> list[Permanent]:
    return [p for p in game.on_battlefield() if p.controller == permanent.controller and counts(p)]


@define("scope", "your_swamps", rule="107.1", text="Swamp you control")
def _your_swamps(game: Game, permanent: Permanent) -> list[Permanent]:
    return _yours(game, permanent, lambda p: "Swamp" in subtypes(game, p))


@define("scope", "your_basic_swamps", rule="107.1", text="basic Swamp you control")
def _your_basic_swamps(game: Game, permanent: Permanent) -> list[Permanent]:
    return _yours(game, permanent, lambda p: p.card.basic and "Swamp" in subtypes(game, p))


@define("scope", "your_elves", rule="107.1", text="Elf you control")
def _your_elves(game: Game, permanent: Permanent) -> list[Permanent]:
    return _yours(game, permanent, lambda p: has_creature_type(p, "Elf"))


@define("scope", "elves_on_battlefield", rule="107.1", text="Elf on the battlefield")
def _elves_on_battlefield(game: Game, permanent: Permanent) -> list[Permanent]:
    return [p for p in game.on_battlefield() if has_creature_type(p, "Elf")]


def counted(game: Game, permanent: Permanent, ability: ManaAbility) -> list[Permanent]:
    """CR 107.1: what the ability's "for each" counts now; none for an ability without one."""
    return meaning("scope", ability.per)(game, permanent) if ability.per else []


@seam
def produced_amount(game: Game, permanent: Permanent, ability: ManaAbility, removed: int) -> int:
    """How much of each type the ability adds: its `amount`, times what its "for each" counts as it
    resolves (CR 107.1: none counted adds none), or times the counters its cost removed (a storage
    land's "for each counter removed this way", 122.1), or as a counter on it decides (608.2h)."""
    if ability.per:
        return ability.amount * len(counted(game, permanent, ability))
    if ability.cost.counters_x:
        return ability.amount * removed
    return amount_with_counter(permanent, ability)


# What a mana ability produces (`ManaAbility.produces`): the types it lets its controller choose,
# not counting "could produce" references (which `could_produce` resolves). Its text is a template
# filled in from the ability: {mana} (the fixed mana), {type_or_colour} and {lands} (its scope's text).
@define("production", "fixed", rule="106.1", text="Add {mana}.")
def _fixed(game: Game, permanent: Permanent, ability: ManaAbility) -> frozenset:
    """Every type it names, each `amount` times (a Signet's {W}{U}): no choice."""
    return frozenset(ability.types)


@define("production", "one_of", rule="106.1", text="Add {choices}.")
def _one_of(game: Game, permanent: Permanent, ability: ManaAbility) -> frozenset:
    """Its listed types ("Add {W} or {U}"): its controller chooses one as it resolves."""
    return frozenset(ability.types)


@define("production", "any_color", rule="106.1a", text="Add one mana of any colour.")
def _any_color(game: Game, permanent: Permanent, ability: ManaAbility) -> frozenset:
    return frozenset(COLORS)


@define("production", "permanent_color", rule="106.7",
        text="Add one mana of any colour among permanents you control.")
def _permanent_color(game: Game, permanent: Permanent, ability: ManaAbility) -> frozenset:
    """Meteor Crater: a colour of a permanent you control."""
    return frozenset().union(*(p.card.colors for p in game.on_battlefield()
                               if p.controller == permanent.controller))


@define("production", "could_produce", rule="106.7",
        text="Add one mana of any {type_or_colour} {lands} could produce.")
def _could_produce_only(game: Game, permanent: Permanent, ability: ManaAbility) -> frozenset:
    return frozenset()


def _own_types(game: Game, permanent: Permanent, ability: ManaAbility) -> frozenset:
    return meaning("production", ability.produces)(game, permanent, ability)


@seam
def replacements_considered(game: Game, permanent: Permanent, ability: ManaAbility) -> list[str]:
    """CR 106.7: the replacement effects "could produce" takes into account (in every order)."""
    return [kind for _, kind in applicable_replacements(game, permanent, ability, permanent.controller)]


@reading_pass
def could_produce(game: Game, replaced: bool = True, of: list | None = None,
                  abilities_of: Callable | None = None) -> dict[str, frozenset]:
    """CR 106.7 for every phased-in permanent (or only for the permanents `of` and those whose types
    theirs are worked out from): the least fixed point of "could produce", so that mutually
    dependent Reflecting Pools and Exotic Orchards terminate (docs/rules.md edge case 2).

    Costs are ignored; replacement effects are taken in every order (none if not `replaced`, to
    tell what they decide); a permanent whose abilities would produce no mana (no definable type)
    could produce nothing. Each permanent's mana abilities are its own, or `abilities_of(it)` (a
    rule about land types gone the other way: oracle.land_types.other_ways)."""
    found = _rows_of(game, replaced, of, abilities_of)
    rows = [row for p in game.on_battlefield() if p.id in found for row in found[p.id]]
    result = dict.fromkeys(found, frozenset())
    last: list = [None] * len(rows)   # the types each row was last worked out from
    changed = True
    while changed:                    # monotone over a finite lattice: terminates
        changed = False
        for i, (pid, own, deps, colors_only, kinds) in enumerate(rows):
            seen = set(own)
            for d in deps:
                seen |= result[d]
            if colors_only:
                seen.discard("C")
            if seen == last[i]:       # what it produces from them is already in `result`
                continue
            last[i] = seen
            produced = types_in_any_order(kinds, seen) if seen else frozenset()
            if not produced <= result[pid]:
                result[pid] = result[pid] | produced
                changed = True
    return result


def _rows_of(game: Game, replaced: bool, of: list | None, abilities_of: Callable | None = None) -> dict[str, list]:
    """{permanent id: a row (id, own types, lands it depends on, colours only, replacement kinds)
    for each of its mana abilities (`abilities_of` it, if given)}, for the permanents `of` (every
    phased-in one if None) and the lands their rows depend on, and theirs in turn."""
    field = {p.id: p for p in game.on_battlefield()}
    todo = list(field) if of is None else list(dict.fromkeys(pid for pid in of if pid in field))
    queued, found = set(todo), {}
    for pid in todo:                  # `todo` grows by the lands the rows depend on, each once
        p, found[pid] = field[pid], []
        for ability in abilities_of(p) if abilities_of else mana_abilities(game, p):
            kinds = replacements_considered(game, p, ability) if replaced else []
            deps = ([q.id for q in land_scope(game, p, ability.scope)]
                    if ability.produces == "could_produce" else [])
            own = _own_types(game, p, ability) if _could_add_some(game, p, ability) else frozenset()
            found[pid].append((pid, own, deps, ability.colors_only, kinds))
            if deps and len(queued) < len(field):     # some permanent isn't queued yet
                more = [d for d in deps if d not in queued]
                queued.update(more)
                todo += more
    return found


def _could_add_some(game: Game, permanent: Permanent, ability: ManaAbility) -> bool:
    """CR 106.7: an ability that would add no mana now (a "for each" counting none) makes nothing it
    could produce; costs are ignored, so a storage land's X could be any number."""
    return not ability.per or produced_amount(game, permanent, ability, 1) > 0


def read_by(game: Game, permanent: Permanent, ability: ManaAbility) -> list[str]:
    """The ids of the permanents whose mana or colours the ability reads (CR 106.7): the lands a
    "could produce" ability looks at, the permanents Meteor Crater takes a colour from."""
    if ability.produces == "could_produce":
        return [q.id for q in land_scope(game, permanent, ability.scope)]
    if ability.produces == "permanent_color":
        return [q.id for q in game.on_battlefield() if q.controller == permanent.controller]
    return [q.id for q in counted(game, permanent, ability)]


@seam
def choosable_types(game: Game, permanent: Permanent, ability: ManaAbility) -> frozenset:
    """The types the ability's controller may choose as it resolves; empty means an undefined type,
    so the ability produces no mana (CR 106.5)."""
    return choosable_with(game, permanent, ability)


def choosable_with(game: Game, permanent: Permanent, ability: ManaAbility,
                   abilities_of: Callable | None = None) -> frozenset:
    """The types the ability's controller may choose, were every permanent's mana abilities
    `abilities_of(it)`, if given (a rule about land types gone the other way:
    oracle.land_types.other_ways)."""
    if ability.produces != "could_produce":
        return _own_types(game, permanent, ability)
    return _could_choose(game, permanent, ability, True, abilities_of)


def ability_at(abilities: tuple, index):
    """CR 602.1: the ability of `abilities` an activation's `index` names; None if it names none (a
    bool, a number out of range, anything but a number)."""
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(abilities):
        return None
    return abilities[index]


def lands_read(game: Game, permanent: Permanent, index) -> list[str]:
    """CR 106.7: the ids of the lands the "could produce" mana ability `index` of `permanent` reads,
    and of those the "could produce" abilities of these read in turn; none for another ability."""
    named = ability_at(mana_abilities(game, permanent), index)
    if named is None:
        return []
    read, readers = {}, [(permanent, named)]
    for p, ability in readers:              # grows by the "could produce" abilities of the lands read
        if ability.produces != "could_produce":
            continue
        for q in land_scope(game, p, ability.scope):
            if q.id not in read:
                read[q.id] = q
                readers += [(q, its) for its in mana_abilities(game, q)]
    return list(read)


def _could_choose(game: Game, permanent: Permanent, ability: ManaAbility, replaced: bool,
                  abilities_of: Callable | None = None) -> frozenset:
    """The types the lands a "could produce" ability looks at could produce (`could_produce`, for
    them only; with their mana abilities `abilities_of` them, if given)."""
    lands = [q.id for q in land_scope(game, permanent, ability.scope)]
    table = could_produce(game, replaced, lands, abilities_of)
    seen = frozenset().union(*(table[q] for q in lands))
    return seen - {"C"} if ability.colors_only else seen


def types_before_replacements(game: Game, permanent: Permanent, ability: ManaAbility) -> frozenset:
    """CR 106.7: the types a "could produce" ability could choose were the replacement effects it
    takes into account ignored — those they took away where they leave it none (Pale Moon leaves an
    opponent's nonbasic lands only {C}, which Exotic Orchard can't make)."""
    if ability.produces != "could_produce":
        return frozenset()
    return _could_choose(game, permanent, ability, replaced=False)


@seam
def amount_with_counter(permanent: Permanent, ability: ManaAbility) -> int:
    """CR 608.2h: a condition of the effect is checked as the ability resolves: Incubation Druid adds
    `amount_if_counter` instead of its `amount` while it has a +1/+1 counter on it."""
    if ability.amount_if_counter and permanent.counters.get("+1/+1", 0) > 0:
        return ability.amount_if_counter
    return ability.amount
