"""Mutants of the `mana_counts` area (mana that counts: "for each", storage and depletion counters,
several mana from one source): each breaks one of its rules the way a real engine might, and the
area's property named in `caught_by` must catch it."""
from __future__ import annotations

from mtg_conformance.adapters.mutants import Mutant
from mtg_conformance.oracle import turn


def _for_each_adds_one(original):
    """CR 107.1 broken: a "for each" mana ability adds its amount once, whatever it counts."""
    def amount(game, permanent, ability, removed):
        return ability.amount if ability.per else original(game, permanent, ability, removed)
    return amount


def _removed_counters_stay(original):
    """CR 122.1 broken: the counters a mana ability's cost removes stay on the permanent (the mana
    is still made for them)."""
    def remove(game, p, cost, x):
        return (x if cost.counters_x else 1) if cost.counter_kind else 0
    return remove


def _depleted_land_kept(original):
    """CR 701.21a broken: a depletion land whose last counter was removed isn't sacrificed."""
    def out(p):
        return False
    return out


def _first_type_only(original):
    """CR 106.1 broken: a mana ability naming several types ({W}{U}) adds only the first."""
    def bundle(ability, color, amount):
        return dict(list(original(ability, color, amount).items())[:1])
    return bundle


def _enters_untapped(original):
    """CR 614.1c broken: "this enters tapped" is ignored."""
    def enters_tapped(game, p):
        return None
    return enters_tapped


def _doesnt_untap_untaps(original):
    """CR 502.3 broken: a permanent that "doesn't untap during your untap step" untaps anyway."""
    def untaps(game, p, keep):
        return turn.DOESNT_UNTAP in p.card.statics or original(game, p, keep)
    return untaps


def _untap_ability_does_nothing(original):
    """CR 701.26b broken: a Monolith's "untap this" ability leaves it tapped."""
    def untap_itself(game, p):
        return None
    return untap_itself


def _storage_counter_not_stored(original):
    """CR 122.1 broken: a storage land's {T} ability stores no counter."""
    def store_counter(game, p):
        return None
    return store_counter


def _lord_pumps_itself(original):
    """CR 613.4c broken: Elvish Archdruid's "other Elf creatures" pumps the Archdruid too."""
    def power_toughness(game, p):
        power, toughness = original(game, p)
        lord = "pt_other_elves_you_control" in p.card.statics
        return power + lord, toughness + lord
    return power_toughness


def _contamination_keeps_the_amount(original):
    """CR 614.1a broken where a replacement effect on a land's mana meets mana that counts:
    Contamination ("{B} instead of any other type and amount") changes only the type, so a Cabal
    Coffers, a storage land or a Signet still makes as much mana, all {B}."""
    def replace(kind, produced):
        if kind == "contamination":
            return {"B": max(1, sum(produced.values()))}
        return original(kind, produced)
    return replace


MUTANTS = (
    Mutant("for-each-adds-one", "107.1", "a \"for each\" mana ability adds one mana, whatever it counts",
           "MANA-201", (("produced_amount", _for_each_adds_one),)),
    Mutant("removed-counters-stay", "122.1", "counters removed to pay for mana stay on the land",
           "MANA-202", (("remove_counters", _removed_counters_stay),)),
    Mutant("depleted-land-kept", "701.21a", "a depletion land with no counters left isn't sacrificed",
           "MANA-202", (("out_of_depletion_counters", _depleted_land_kept),)),
    Mutant("several-types-first-only", "106.1", "a Signet adds only the first of its two types",
           "MANA-203", (("produced_bundle", _first_type_only),)),
    Mutant("enters-tapped-ignored", "614.1c", "lands and rocks that enter tapped enter untapped",
           "MANA-202", (("enters_tapped", _enters_untapped),)),
    Mutant("doesnt-untap-untaps", "502.3", "a Monolith untaps during its controller's untap step",
           "MANA-204", (("untaps", _doesnt_untap_untaps),)),
    Mutant("untap-ability-does-nothing", "701.26b", "a Monolith's untap ability leaves it tapped",
           "MANA-204", (("untap_itself", _untap_ability_does_nothing),)),
    Mutant("storage-counter-not-stored", "122.1", "a storage land's {T} ability stores no counter",
           "MANA-202", (("store_counter", _storage_counter_not_stored),)),
    Mutant("elf-lord-pumps-itself", "613.4c", "Elvish Archdruid gets its own +1/+1", "MANA-205",
           (("power_toughness", _lord_pumps_itself),)),
    Mutant("contamination-keeps-the-amount", "614.1a", "Contamination changes the type of mana, not "
           "the amount", "MANA-203", (("replace_event", _contamination_keeps_the_amount),),
           rules=("614.1a", "614.5")),   # the pool's amount, which 614.5 decided (the storage counters
                                         # removed, 122.1, read the mana 614.5 replaced)
)
