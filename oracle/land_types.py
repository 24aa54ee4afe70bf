"""Land types and the effects that change them (CR 305.6, 305.7, 613.1d, 613.1f, 613.7, 613.8).

A land has the mana ability of each basic land type it has (305.6). Statics set a land's type
(Blood Moon: 305.7, it loses its other land types and rules-text abilities), add types ("in
addition", 613.1d) or grant mana abilities (layer 6, 613.1f). Type effects apply in timestamp order
(613.7), except that an effect whose source loses its abilities to another doesn't exist then
(613.8: Urborg under Blood Moon). Only phased-in permanents have effects (702.26b).
"""
from __future__ import annotations

import functools

from attrs import frozen

from mtg_conformance.oracle.card import TAP, ManaAbility
from mtg_conformance.oracle.provenance import mana, note
from mtg_conformance.oracle.registry import meaning, register
from mtg_conformance.oracle.seams import seam
from mtg_conformance.oracle.state import Game, Permanent, once

BASIC_LAND_TYPES = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}  # 305.6
# Every land type (CR 205.3i): a type-setting effect removes them all (305.7).
LAND_TYPES = frozenset(BASIC_LAND_TYPES) | {"Cave", "Desert", "Gate", "Lair", "Locus", "Mine",
                                            "Power-Plant", "Sphere", "Tower", "Town", "Urza's"}
INTRINSIC = {t: ManaAbility(TAP, "fixed", (c,)) for t, c in BASIC_LAND_TYPES.items()}


@frozen
class TypeChange:
    """A static's type-changing effect: the lands it `applies_to`, and whether it `sets` their land
    types (305.7) or adds them (613.1d)."""

    applies_to: str               # "nonbasic_lands" | "each_land" | "your_lands" | "enchanted_land"
    sets: bool
    land_types: tuple


@frozen
class Grant:
    """A static granting lands a mana ability (layer 6, 613.1f)."""

    applies_to: str
    ability: ManaAbility


def _static(name: str, rule: str, change, text: str) -> None:
    register("static", name, rule, change, text=text)


_static("nonbasic_lands_are_mountains", "305.7", TypeChange("nonbasic_lands", True, ("Mountain",)),
        "Nonbasic lands are Mountains.")                                    # Blood Moon
_static("nonbasic_lands_are_islands", "305.7", TypeChange("nonbasic_lands", True, ("Island",)),
        "Nonbasic lands are Islands.")                                      # Harbinger of the Seas
_static("enchanted_land_is_island", "305.7", TypeChange("enchanted_land", True, ("Island",)),
        "Enchanted land is an Island.")                                     # Spreading Seas
_static("enchanted_land_is_swamp", "305.7", TypeChange("enchanted_land", True, ("Swamp",)),
        "Enchanted land is a Swamp.")                                       # Evil Presence
_static("enchanted_land_is_mountain_forest_plains", "305.7",
        TypeChange("enchanted_land", True, ("Mountain", "Forest", "Plains")),
        "Enchanted land is a Mountain, Forest and Plains.")                 # Lush Growth
_static("each_land_is_also_swamp", "613.1d", TypeChange("each_land", False, ("Swamp",)),
        "Each land is a Swamp in addition to its other land types.")       # Urborg
_static("each_land_is_also_forest", "613.1d", TypeChange("each_land", False, ("Forest",)),
        "Each land is a Forest in addition to its other land types.")      # Yavimaya
_static("your_lands_every_basic_type", "613.1d",
        TypeChange("your_lands", False, tuple(BASIC_LAND_TYPES)),
        "Lands you control are every basic land type in addition to their other types.")  # Prismatic Omen
_static("your_lands_tap_any_color", "613.1f", Grant("your_lands", ManaAbility(TAP, "any_color")),
        "Lands you control have the mana ability {T}: add one mana of any colour.")     # Chromatic Lantern
_static("enchanted_land_tap_any_color", "613.1f", Grant("enchanted_land", ManaAbility(TAP, "any_color")),
        "Enchanted land has the mana ability {T}: add one mana of any colour.")         # Abundant Growth
CHANGES = frozenset({"nonbasic_lands_are_mountains", "nonbasic_lands_are_islands", "enchanted_land_is_island",
                     "enchanted_land_is_swamp", "enchanted_land_is_mountain_forest_plains", "each_land_is_also_swamp", "each_land_is_also_forest",
                     "your_lands_every_basic_type", "your_lands_tap_any_color", "enchanted_land_tap_any_color"})

# Shown only: the contract has no land plays (no "play a land" action), so no rule reads it.
ADDITIONAL_LAND = register("static", "you_may_play_additional_land", "305.2",
                           text="You may play an additional land on each of your turns.").name


@frozen
class LandView:
    """A land's subtypes and mana abilities with every effect applied, and the ids of what decided
    them: the effects that set, added or granted, and (source, remover) pairs of effects that don't
    exist because their source lost its abilities (613.8)."""

    subtypes: frozenset
    abilities: tuple
    rules_text: bool = True       # does it keep the abilities of its rules text (305.7)?
    set_by: tuple = ()
    added_by: tuple = ()
    granted_by: tuple = ()
    voided: tuple = ()            # only those whose absence changed its types


def is_land(p: Permanent) -> bool:
    """Is `p` a land (its card's types: no modelled effect changes a card type to or from land)?"""
    return "land" in p.card.types


def _changes(game: Game) -> list:
    """(source, effect) of every phased-in permanent's type-changing or ability-granting static."""
    sources = game.those("type changes", lambda card: not card.statics.isdisjoint(CHANGES))
    return [(s, meaning("static", name)) for s in sources for name in sorted(s.card.statics & CHANGES)]


def applies(source: Permanent, change, p: Permanent) -> bool:
    """Does `change` (a TypeChange or Grant) of `source` apply to the land `p`?"""
    scope = change.applies_to
    return is_land(p) and (scope == "each_land"
                            or (scope == "nonbasic_lands" and not p.card.basic)
                            or (scope == "your_lands" and p.controller == source.controller)
                            or (scope == "enchanted_land" and source.attached_to == ("permanent", p.id)))


def setters_of(source: Permanent, changes: list) -> list:
    """The permanents whose effect among `changes` sets the land type of `source` (305.7)."""
    return [s for s, c in changes if isinstance(c, TypeChange) and c.sets and applies(s, c, source)]


@seam
def effects_in_order(game: Game, changes: list) -> tuple[list, list]:
    """CR 613.8 then 613.7: an effect whose source is a land whose type another effect sets depends
    on that effect (it removes the source's abilities, 305.7), so it doesn't exist, whatever the
    timestamps; the others apply in timestamp order. Returns (effects in order, (source id,
    remover id) of each voided one)."""
    live, voided = [], []
    for s, c in changes:
        removers = setters_of(s, changes)
        if removers:
            voided.append((s.id, removers[0].id, c))
        else:
            live.append((s, c))
    return sorted(live, key=lambda sc: sc[0].timestamp), voided


@seam
def intrinsic_abilities(land_types: frozenset) -> tuple:
    """CR 305.6: the mana ability of each basic land type the land has, in WUBRG order."""
    return _intrinsic(land_types)


@functools.cache                # asked of every land activated or read, of a few sets of types
def _intrinsic(land_types: frozenset) -> tuple:
    return tuple(ability for t, ability in INTRINSIC.items() if t in land_types)


@seam
def loses_rules_text(set_by: list) -> bool:
    """CR 305.7: a land whose land type an effect sets loses the abilities of its rules text."""
    return bool(set_by)


def _set_or_add(land_types: frozenset, change: TypeChange) -> frozenset:
    """305.7: setting replaces every land type (other subtypes stay); 613.1d "in addition" adds."""
    kept = land_types - LAND_TYPES if change.sets else land_types
    return kept | frozenset(change.land_types)


@seam
def granted_abilities(game: Game, p: Permanent, ordered: list) -> list:
    """CR 613.1f (layer 6, after the types of layer 4): (source id, ability) of each ability granted to `p`."""
    return [(s.id, c.ability) for s, c in ordered if isinstance(c, Grant) and applies(s, c, p)]


def _types_after(p: Permanent, effects) -> tuple[frozenset, list, list]:
    """`p`'s subtypes after the type-changing `effects` in their order, and the ids of those that
    set and that added its types."""
    land_types, set_by, added_by = p.card.subtypes, [], []
    for s, c in effects:
        if isinstance(c, TypeChange) and applies(s, c, p):
            land_types = _set_or_add(land_types, c)
            (set_by if c.sets else added_by).append(s.id)
    return land_types, set_by, added_by


def _by_timestamp_alone(game: Game, ordered: list, voided: list) -> list:
    """Every type effect, those 613.8 voided too, in timestamp order alone."""
    return sorted(ordered + [(game.permanents[src], c) for src, _, c in voided], key=lambda sc: sc[0].timestamp)


def _voided_mattering(game: Game, p: Permanent, ordered: list, voided: list, land_types) -> tuple:
    """(source id, remover id) of each effect 613.8 voided, if applying every effect by timestamp
    alone would give `p` other types than it has."""
    if not voided:
        return ()
    if _types_after(p, _by_timestamp_alone(game, ordered, voided))[0] == land_types:
        return ()
    return tuple((src, rem) for src, rem, c in voided if applies(game.permanents[src], c, p))


def view(game: Game, p: Permanent) -> LandView:
    """`p`'s subtypes and mana abilities with the type- and ability-changing effects applied; found
    once in a reading pass (oracle.state.reading_pass), as are the effects, gathered and ordered."""
    return once(game, ("land view", p.id), _view, game, p)


def _view(game: Game, p: Permanent) -> LandView:
    printed = p.card.mana_abilities
    changes = once(game, "land type changes", _changes, game) if is_land(p) else ()
    if not changes:
        own = intrinsic_abilities(p.card.subtypes) if is_land(p) else ()
        return _unchanged(p.card.subtypes, printed, own)
    ordered, voided = once(game, "land type effects in order", effects_in_order, game, changes)
    land_types, set_by, added_by = _types_after(p, ordered)
    loses = loses_rules_text(set_by)
    granted = granted_abilities(game, p, ordered)
    return LandView(land_types, _abilities(printed, loses, intrinsic_abilities(land_types), granted),
                    not loses, tuple(set_by), tuple(added_by), tuple(sid for sid, _ in granted),
                    _voided_mattering(game, p, ordered, voided, land_types))


def _abilities(printed: tuple, loses: bool, own: tuple, granted: list) -> tuple:
    """A land's mana abilities, in the order an activation's index counts them: its rules text's
    (unless it lost them, 305.7), its basic land types' (305.6), then the granted ones (613.1f)."""
    kept = () if loses else printed
    return kept + tuple(a for a in own if a not in kept) + tuple(a for _, a in granted)


def other_ways(game: Game) -> dict:
    """For each rule that decides a land's mana abilities, a function giving a permanent's mana
    abilities had that rule gone the other way for every land at once: the effects 613.8 voided
    applying by timestamp, the type effects in the other order (613.7), the rules text kept
    (305.7), no land types added (613.1d), none of its types' abilities (305.6), none granted
    (613.1f). A permanent that isn't a land has its own."""
    ordered, voided = once(game, "land type effects in order", effects_in_order, game,
                           once(game, "land type changes", _changes, game))

    def by(effects, loses=None, own=None, grants=True):
        def abilities(p: Permanent) -> tuple:
            if not is_land(p):
                return p.card.mana_abilities
            land_types, set_by, _ = _types_after(p, effects)
            return _abilities(p.card.mana_abilities, bool(set_by) if loses is None else loses,
                              intrinsic_abilities(land_types) if own is None else own,
                              granted_abilities(game, p, ordered) if grants else [])
        return abilities
    added = [(s, c) for s, c in ordered if not (isinstance(c, TypeChange) and not c.sets)]
    return {"613.8": by(_by_timestamp_alone(game, ordered, voided)), "613.7": by(ordered[::-1]),
            "305.7": by(ordered, loses=False), "613.1d": by(added), "305.6": by(ordered, own=()),
            "613.1f": by(ordered, grants=False)}


# The rules whose other way changes a land's mana abilities but not its land types.
KEEPS_TYPES = frozenset({"305.6", "305.7", "613.1f"})


def _otherwise(game: Game, rules: list, answer) -> dict:
    """For each of `rules` that decided the abilities of the land activated or of the lands its
    ability reads, what the activation would have given had that rule gone the other way
    (`answer(rule, abilities_of)`, `other_ways`), where that differs from what it gives. Several may
    give the same answer (no land types added, or no abilities from them): blame takes the first
    recorded as found, and the last as the case's other reading (properties/blame.py)."""
    ways = other_ways(game)
    actual = answer(None, lambda p: view(game, p).abilities)
    return {rule: outcome for rule in dict.fromkeys(rules) for outcome in [answer(rule, ways[rule])]
            if outcome != actual}


@functools.cache                # the same few for every land no effect changes
def _unchanged(subtypes: frozenset, printed: tuple, own: tuple) -> LandView:
    """The view of a permanent no effect changes: its printed mana abilities, then those of its basic
    land types it doesn't print (305.6)."""
    return LandView(subtypes, _abilities(printed, False, own, ()))


def changed_by(game: Game, ids) -> list:
    """The ids of the effects that changed the types or abilities of the lands `ids` (or voided one)."""
    found = []
    for pid in ids:
        v = view(game, game.permanents[pid])
        found += [*v.set_by, *v.added_by, *v.granted_by, *(i for pair in v.voided for i in pair)]
    return list(dict.fromkeys(found))


# What a lands' rule gives the lands a "could produce" ability reads, in a sentence about them.
_GIVES_LANDS_READ = {"613.8": "without the type-changing effects that depend on one removing their source's "
                              "abilities (613.8)",
                     "613.7": "of their land types, the effects on them applied in timestamp order",
                     "305.7": "of the land type an effect set, not those of their rules text",
                     "613.1d": "of the land types effects added to theirs",
                     "305.6": "of their basic land types",
                     "613.1f": "effects grant them (layer 6)"}


def _decisions(p: Permanent, v: LandView) -> list:
    """(rule, sentence, ids involved) of each rule that decided the types and mana abilities `v` of
    the land `p`."""
    kinds = " ".join(sorted(v.subtypes & LAND_TYPES)) or "no land type"
    decisions = []
    for source, remover in v.voided:
        decisions.append(("613.8", f"{source}'s type-changing effect depends on {remover}'s, which "
                          f"removes {source}'s abilities (305.7) -> it doesn't apply to {p.id}, whatever "
                          "the timestamps", (source, remover)))
    if v.set_by and len(v.set_by) + len(v.added_by) > 1:         # their order matters
        decisions.append(("613.7", f"the effects on {p.id}'s types apply in timestamp order -> it is "
                          f"{kinds}", (*v.set_by, *v.added_by)))
    if v.set_by:
        decisions.append(("305.7", f"{v.set_by[-1]} sets {p.id}'s land type -> it is {kinds}, without "
                          "the abilities of its rules text and old types", (*v.set_by, *v.added_by)))
    elif v.added_by:
        decisions.append(("613.1d", f"{', '.join(v.added_by)} add land types to {p.id} -> it is {kinds}",
                          v.added_by))
    if set(intrinsic_abilities(v.subtypes)) - set(p.card.mana_abilities):
        decisions.append(("305.6", f"{p.id} is {kinds} -> it has the mana ability of each of its basic "
                          "land types", (*v.set_by, *v.added_by)))
    if v.granted_by:
        decisions.append(("613.1f", f"{', '.join(v.granted_by)} grant {p.id} a mana ability (layer 6, "
                          "after its types)", v.granted_by))
    return decisions


def _decisions_on_lands_read(game: Game, p: Permanent, reads: list) -> list:
    """(rule, sentence, ids involved) of each rule that decided the mana abilities of some of the
    lands `reads` that `p`'s "could produce" ability reads (CR 106.7), one per rule."""
    lands, involved = {}, {}
    for q in (game.permanents[i] for i in reads):
        for rule, _, involves in _decisions(q, view(game, q)) if is_land(q) else ():
            lands.setdefault(rule, []).append(q.id)
            involved.setdefault(rule, []).extend(involves)
    return [(rule, f"the lands {p.id} reads, itself or through those it reads ({', '.join(ids)}), have the "
             f"mana abilities {_GIVES_LANDS_READ[rule]} -> what {p.id} could produce",
             (*ids, *dict.fromkeys(involved[rule])))
            for rule, ids in lands.items()]


def _some_land_ability_decided(game: Game) -> bool:
    """Is some phased-in land's mana ability decided by these rules: is there an effect on land types
    or abilities, or a land whose basic land types give it an ability it doesn't print (305.6)?"""
    def unprinted(card) -> bool:
        return "land" in card.types and not set(_intrinsic(card.subtypes)) <= set(card.mana_abilities)
    return bool(once(game, "land type changes", _changes, game) or game.those("type-given abilities", unprinted))


def explain(game: Game, p: Permanent, activator: int, index=None, answer=None, reads=lambda: ()) -> None:
    """Record why `p`, one of whose abilities is being activated, has the types and mana abilities it
    has, if it is a land, and why the lands its ability `reads()` (a "could produce" ability's, and
    those theirs read) have theirs (305.6, 305.7, 613.1d, 613.1f, 613.7, 613.8): they decide which
    ability the activation's index names, whether the type asked for may be chosen and the mana it
    adds — a phased-out land's too, whose index is still checked. For the activation of its mana
    ability `index`, `answer(rule, abilities_of)` says what it would give were every permanent's mana
    abilities `abilities_of(permanent)`, and each decision says what that is had it gone the other
    way (`other_ways`, `Decision.otherwise`): whether it is rejected and, where nothing would modify
    the mana, the mana it adds."""
    v = view(game, p)
    decisions = _decisions(p, v) if is_land(p) else []
    if any(a.produces == "could_produce" for a in v.abilities) and _some_land_ability_decided(game):
        decisions += _decisions_on_lands_read(game, p, reads())
    if not decisions:
        return
    if isinstance(index, int) and index >= len(v.abilities) - len(v.granted_by):   # a granted one:
        decisions.sort(key=lambda d: d[0] != "613.1f")      # what granted it is said first
    other = _otherwise(game, [rule for rule, *_ in decisions], answer) if answer else {}
    fields = (mana(activator), "rejected.illegal_choice")
    for rule, text, involves in decisions:
        note(game, rule, text, (p.id,), fields, involves, key="land-abilities", otherwise=other.get(rule, ()))
