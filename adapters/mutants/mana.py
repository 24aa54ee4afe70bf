"""Mutants of the `mana` area (mana types, what a permanent could produce, tapping for mana, mana
pools, and replacement effects on mana): each breaks one of its rules the way a real engine might,
and the area's property named in `caught_by` must catch it."""
from __future__ import annotations

from mtg_conformance.adapters.mutants import Mutant
from mtg_conformance.oracle import characteristics, mana, resolve, triggers
from mtg_conformance.oracle.registry import entry


def _undefined_as_colorless(original):
    """CR 106.5 broken: an undefined type gives colorless mana instead of none."""
    def choosable(game, permanent, ability):
        return original(game, permanent, ability) or frozenset({"C"})
    return choosable


def _could_produce_ignores_replacements(original):
    """CR 106.7 broken: "could produce" ignores replacement effects (Contamination, Pale Moon)."""
    def considered(game, permanent, ability):
        return []
    return considered


def _untap_symbol_is_tapping_for_mana(original):
    """CR 106.12 broken: a {Q} mana ability counts as tapping for mana (Mana Reflection doubles it)."""
    def tapped(ability):
        return ability.cost.tap or ability.cost.untap
    return tapped


def _tapped_for_mana_without_mana(original):
    """CR 106.12a broken: "is tapped for mana" triggers fire even when no mana was produced."""
    def activate_mana(game, a):
        before = sum(game.players[a.get("player", _controller(game, a))].pool.values())
        original(game, a)
        p = game.permanents[a["permanent"]]
        ability = characteristics.mana_abilities(game, p)[a.get("ability", 0)]
        seat = a.get("player", p.controller)
        if ability.cost.tap and sum(game.players[seat].pool.values()) == before and p.phased_in:
            for extra in triggers.tapped_for_mana(game, p, seat):
                if entry("effect", extra.ability.effect).adds != "produced":   # no type to add more of
                    resolve.resolve_trigger(game, extra, a)
    return activate_mana


def _controller(game, a):
    p = game.permanents.get(a.get("permanent"))
    return p.controller if p else 0


def _replacement_applied_twice(original):
    """CR 614.5 broken: a replacement effect gets a second chance at the event it modified."""
    def order(game, effects, chosen):
        kinds = original(game, effects, chosen)
        return kinds + kinds
    return order


def _pool_persists(original):
    """CR 106.4 broken: unspent mana stays in the pool between steps."""
    def end_of_step(game):
        pools = [dict(p.pool) for p in game.players]
        original(game)
        for p, pool in zip(game.players, pools):
            p.pool = pool
    return end_of_step


def _contamination_on_any_permanent(original):
    """CR 614.1a broken where a land's replacement effect meets other areas' mana sources:
    Contamination ("if a land is tapped for mana") replaces the mana of any permanent tapped for
    mana — a mana creature (Llanowar Elves), Treasure — as "if you tap a permanent" effects do."""
    def applicable(game, source, ability, activator):
        found = original(game, source, ability, activator)
        if characteristics.is_land(source) or not mana.is_tapped_for_mana(ability):
            return found
        mine = {eid for eid, _ in found}
        return found + [(s.id, "contamination") for s in _contaminated(game) if s.id not in mine]
    return applicable


def _contaminated(game):
    return [s for s in game.on_battlefield() if "lands_tapped_produce_black" in s.card.statics]


MUTANTS = (
    Mutant("undefined-mana-is-colorless", "106.5", "undefined mana type yields {C}", "MANA-001",
           (("choosable_types", _undefined_as_colorless),)),
    Mutant("could-produce-ignores-replacements", "106.7", "could produce ignores replacement effects",
           "MANA-002", (("replacements_considered", _could_produce_ignores_replacements),),
           decisions=2),   # 106.7's types too wide (Pale Moon ignored) or too narrow (Contamination
                           # ignored): the could-produce decision (the mana added, a type it allows
                           # rejected) and the rejection of a type outside them (accepted)
    Mutant("untap-is-tapping-for-mana", "106.12", "{Q} mana abilities count as tapping for mana",
           "MANA-006", (("is_tapped_for_mana", _untap_symbol_is_tapping_for_mana),)),
    Mutant("tapped-for-mana-without-mana", "106.12a", "tapped-for-mana triggers without mana",
           "MANA-003", (("activate_mana", _tapped_for_mana_without_mana),)),
    Mutant("replacement-applies-twice", "614.5", "a replacement effect applies twice", "MANA-004",
           (("_replacement_order", _replacement_applied_twice),)),
    Mutant("pool-persists", "106.4", "mana pools don't empty between steps", "MANA-005",
           (("_end_of_step", _pool_persists),)),
    # the whole certificate departs from the decision that made a non-land's mana, by its kind: one
    # mana (605.3b), several types at once (a Signet, 106.1), a count (Priest of Titania, 107.1), or
    # the other replacement effects' result (614.5)
    Mutant("contamination-on-any-permanent", "614.1a", "Contamination replaces the mana of any "
           "permanent tapped for mana, not only a land's", "MANA-004",
           (("applicable_replacements", _contamination_on_any_permanent),),
           rules=("614.1a",)),     # the 614.1a decision that Contamination doesn't apply says what
                                   # the pool would hold if it did
)
