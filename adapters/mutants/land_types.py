"""Mutants of the `land_types` area (land types, the mana abilities they give, and effects that change
them): each breaks one of its rules the way a real engine might, and the area's property named in
`caught_by` must catch it."""
from __future__ import annotations

from mtg_conformance.adapters.mutants import Mutant
from mtg_conformance.oracle import land_types


def _no_intrinsic_abilities(original):
    """CR 305.6 broken: a land has only its printed mana abilities, none from its basic land types
    (a dual land can't tap for mana; a land made a Mountain makes nothing)."""
    def intrinsic(land_types):
        return ()
    return intrinsic


def _set_type_keeps_rules_text(original):
    """CR 305.7 broken: a land whose type is set (Blood Moon) keeps the abilities of its rules text
    (Mutavault still taps for {C}, Reflecting Pool still reads your lands)."""
    def loses(set_by):
        return False
    return loses


def _type_effects_newest_first(original):
    """CR 613.7 broken: type-changing effects apply newest first, so the oldest has the last word."""
    def in_order(game, changes):
        ordered, voided = original(game, changes)
        return ordered[::-1], voided
    return in_order


def _type_effects_by_timestamp_only(original):
    """CR 613.8 broken: no dependency; in timestamp order, Urborg's effect is lost only if a
    type-setting effect older than Urborg applies to it (an Urborg older than Blood Moon makes
    every land a Swamp, basic ones included)."""
    def in_order(game, changes):
        live, voided = [], []
        for s, c in sorted(changes, key=lambda sc: sc[0].timestamp):
            older = [r for r in land_types.setters_of(s, changes) if r.timestamp < s.timestamp]
            if older:
                voided.append((s.id, older[0].id, c))
            else:
                live.append((s, c))
        return live, voided
    return in_order


def _grants_ignored(original):
    """CR 613.1f broken: abilities granted to lands (Chromatic Lantern) are ignored."""
    def granted(game, p, ordered):
        return []
    return granted


MUTANTS = (
    Mutant("land-types-give-no-mana", "305.6", "basic land types give no mana abilities", "LAND-001",
           (("intrinsic_abilities", _no_intrinsic_abilities),), rules=("305.6", "305.7")),
    # (305.7 gives a land whose type is set its new type's ability: breaking 305.6 breaks that too)
    Mutant("set-land-type-keeps-abilities", "305.7", "a land whose type is set keeps its rules text",
           "LAND-001", (("loses_rules_text", _set_type_keeps_rules_text),)),
    Mutant("land-type-effects-newest-first", "613.7", "type-changing effects apply newest first",
           "LAND-002", (("effects_in_order", _type_effects_newest_first),)),
    Mutant("blood-moon-urborg-by-timestamp", "613.8", "Blood Moon and Urborg apply by timestamp only",
           "LAND-002", (("effects_in_order", _type_effects_by_timestamp_only),)),
    Mutant("granted-land-abilities-ignored", "613.1f", "mana abilities granted to lands are ignored",
           "LAND-001", (("granted_abilities", _grants_ignored),)),
)
