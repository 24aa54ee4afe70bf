"""Mutants of the `mana_drawbacks` area (mana with a drawback or a choice: life paid, damage dealt, one
type of several): each breaks one of its rules the way a real engine might, and the area's property
named in `caught_by` must catch it."""
from __future__ import annotations

from mtg_conformance.adapters.mutants import Mutant


def _drawback_skipped(original):
    """CR 605.3b broken: a mana ability's drawback (damage to you, life for opponents) never happens."""
    def drawback(game, p, ability, activator, decisions):
        return None
    return drawback


def _life_not_paid(original):
    """CR 119.4 broken: a life payment in a mana ability's cost is checked but never taken."""
    def pay(game, p, amount):
        return None
    return pay


_ACTIVATING_MANA = {"now": False}


def _mana_activation_marked(original):
    """Marks the time a mana ability is being activated, for `_only_tapping_for_mana_taps`."""
    def activate_mana(game, a):
        _ACTIVATING_MANA["now"] = True
        try:
            original(game, a)
        finally:
            _ACTIVATING_MANA["now"] = False
    return activate_mana


def _only_tapping_for_mana_taps(original):
    """CR 603.2e broken: City of Brass's "whenever this becomes tapped" triggers only when it is
    tapped for mana, not when an effect taps it."""
    def tapped_itself(game, p):
        if _ACTIVATING_MANA["now"]:
            original(game, p)
    return tapped_itself


def _first_listed_type_only(original):
    """CR 106.1 broken: "Add {A} or {B}" always adds its first type; the harness's choice is refused."""
    def choosable(game, permanent, ability):
        types = original(game, permanent, ability)
        return frozenset(ability.types[:1]) if ability.produces == "one_of" else types
    return choosable


def _counter_condition_ignored(original):
    """CR 608.2h broken: Incubation Druid adds one mana though it has a +1/+1 counter."""
    def amount(permanent, ability):
        return ability.amount
    return amount


def _adapt_with_counters(original):
    """CR 122.1a broken: adapt 3 puts three +1/+1 counters on Incubation Druid even when it already
    has some."""
    def adapt(use):
        had = use.source.counters.get("+1/+1", 0)
        original(use)
        if had and use.source.phased_in:
            use.source.counters["+1/+1"] = had + 3
    return adapt


MUTANTS = (
    Mutant("mana-drawback-skipped", "605.3b", "a pain land's damage or Grove's life gain never happens",
           "MANA-101", (("mana_drawback", _drawback_skipped),),
           rules=("605.3b", "120.3a", "119.3", "704.5a"),
           decisions=2),   # the damage a pain land deals (120.3a) and the life Grove gives (119.3): an
                           # engine showing neither departs from the last decision about each life
    Mutant("life-cost-not-paid", "119.4", "Mana Confluence's life payment is free", "MANA-101",
           (("pay_life", _life_not_paid),), rules=("119.4", "704.5a")),
    Mutant("becomes-tapped-only-for-mana", "603.2e", "City of Brass deals no damage when an effect "
           "taps it", "MANA-101", (("activate_mana", _mana_activation_marked),
                                   ("tapped_itself", _only_tapping_for_mana_taps)),
           rules=("603.2e", "120.3a", "704.5a")),
    Mutant("first-listed-type-only", "106.1", "\"Add {A} or {B}\" adds only {A}", "MANA-102",
           (("choosable_types", _first_listed_type_only),)),
    Mutant("incubation-counter-ignored", "608.2h", "Incubation Druid adds one mana with a +1/+1 "
           "counter", "MANA-102", (("amount_with_counter", _counter_condition_ignored),)),
    Mutant("adapt-with-counters", "122.1a", "adapt 3 adds counters even when it has some", "MANA-102",
           (("_adapt_3", _adapt_with_counters),)),
)
