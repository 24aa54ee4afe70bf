"""Mutants of the `mana_triggers` area (triggers on tapping for mana, and replacement effects that
multiply mana): each breaks one of its rules the way a real engine might, and the area's property
named in `caught_by` must catch it."""
from __future__ import annotations

from mtg_conformance.adapters.mutants import Mutant
from mtg_conformance.oracle import characteristics
from mtg_conformance.oracle.effects import mana_triggers


def _flare_reads_the_unreplaced_type(original):
    """CR 106.12b broken: "any type that land produced" is read from the land's own ability, before
    the replacement effects that changed it (Mana Flare on a Contaminated Forest adds {G})."""
    def produced(use):
        land = use.game.permanents[use.info["land"]]
        fixed = [a.types[0] for a in characteristics.mana_abilities(use.game, land) if a.produces == "fixed"]
        return fixed[0] if fixed else original(use)
    return produced


def _any_land_answers(original):
    """CR 106.12a broken: a trigger waiting for a land of a type, or for your land, or for mana of a
    chosen colour, answers any land tapped for mana (Vernal Bloom on an Island, Mirari's Wake on an
    opponent's land)."""
    def answers(game, source, event, land, activator, produced):
        return event == "enchanted_tapped_for_mana" and original(
            game, source, event, land, activator, produced) or (
            event != "enchanted_tapped_for_mana" and characteristics.is_land(land))
    return answers


def _flash_ignored(original):
    """CR 702.8a broken: only instants may be cast at instant speed; flash is ignored."""
    def cast_any_time(game, c, seat):
        return "instant" in c.types
    return cast_any_time


def _vigilance_ignored(original):
    """CR 702.20b broken: attacking taps a creature with vigilance."""
    def givers(game, p):
        return []
    return givers


def _colour_anthems_only_yours(original):
    """CR 613.4c broken: a Gauntlet pumps only its controller's creatures of its colour, as Glorious
    Anthem would, rather than every creature of that colour."""
    def boost_applies(game, source, scope, p):
        mine = scope not in ("pt_creatures_of_color", "pt_creatures_of_chosen_color") or (
            source.controller == p.controller)
        return mine and original(game, source, scope, p)
    return boost_applies


def _multipliers_add(original):
    """CR 614.1a broken: "N times as much" adds N - 1 more mana instead of multiplying, which agrees
    with multiplying only while one mana is produced."""
    def multiplied(amount, factor):
        return amount + factor - 1
    return multiplied


def _elvish_guidance_counts_every_creature(original):
    """CR 605.4a broken: Elvish Guidance's "{G} for each Elf" counts every creature, Elf or not."""
    def add(use):
        game = use.game
        creatures = [q for q in game.on_battlefield() if characteristics.is_creature(q)]
        mana_triggers.add_mana(use, game.permanents[use.info["land"]].controller, "G", len(creatures))
    return add


def _multipliers_only_for_lands(original):
    """CR 614.1a broken where the multipliers meet mana creatures and artifacts: Mana Reflection and
    Nyxbloom Ancient ("if you tap a permanent for mana") multiply only a land's mana, as if they
    read "a land" like Contamination."""
    def applicable(game, source, ability, activator):
        found = original(game, source, ability, activator)
        if characteristics.is_land(source):
            return found
        return [(eid, kind) for eid, kind in found if kind not in ("reflection", "nyxbloom")]
    return applicable


def _kind_read_from_the_printed_card(original):
    """CR 305.7 / 106.12a broken where a type-changing effect meets a tapped-for-mana trigger:
    Vernal Bloom's "whenever a Forest is tapped for mana" and Gauntlet of Might's Mountain are
    matched against the land's printed subtypes, so they miss a land Blood Moon, Spreading Seas or
    Urborg made a Mountain, a Forest or a Swamp, and fire for a printed Forest that is no longer one."""
    def answers(game, source, event, land, activator, produced):
        printed = {"forest_tapped_for_mana": "Forest", "mountain_tapped_for_mana": "Mountain"}.get(event)
        if printed is None:
            return original(game, source, event, land, activator, produced)
        return characteristics.is_land(land) and printed in land.card.subtypes
    return answers


MUTANTS = (
    Mutant("flare-reads-unreplaced-type", "106.12b", "a tapped-for-mana trigger adds the land's own "
           "type, not the type a replacement effect made it produce", "MANA-301",
           (("type_that_land_produced", _flare_reads_the_unreplaced_type),),
           rules=("106.12b", "614.5", "605.4a")),    # the pool differs in the type 614.5 decided
    Mutant("any-land-answers", "106.12a", "a trigger on a land of a kind (or your land, or a chosen "
           "colour) answers any land tapped for mana", "MANA-301", (("answers", _any_land_answers),),
           rules=("106.12a", "605.1b", "305.6", "305.7", "613.1d"),  # as kind-triggers-read-printed-types
           decisions=2),   # a land's tapping answers both "a land of a kind" (106.12a) and "you tap" (605.1b)
    Mutant("flash-ignored", "702.8a", "a spell with flash can be cast only at sorcery speed", "MANA-303",
           (("cast_any_time", _flash_ignored),)),
    Mutant("vigilance-ignored", "702.20b", "attacking taps a creature with vigilance", "MANA-303",
           (("vigilance_givers", _vigilance_ignored),)),
    Mutant("colour-anthems-only-yours", "613.4c", "a colour anthem pumps only its controller's "
           "creatures", "MANA-304", (("boost_applies", _colour_anthems_only_yours),)),
    Mutant("multipliers-add", "614.1a", "multiplying replacement effects add instead of multiply",
           "MANA-302", (("multiplied", _multipliers_add),), rules=("614.1a", "614.5", "106.12b")),
    Mutant("elvish-guidance-counts-every-creature", "605.4a", "Elvish Guidance counts every creature, "
           "Elf or not", "MANA-301", (("_add_g_per_elf", _elvish_guidance_counts_every_creature),)),
    Mutant("multipliers-only-for-lands", "614.1a", "Mana Reflection and Nyxbloom Ancient multiply "
           "only a land's mana", "MANA-302", (("applicable_replacements", _multipliers_only_for_lands),),
           rules=("614.1a", "614.5")),       # the pool differs in what 614.5 decided
    # a trigger's mana added for a land a type-changing effect changed sits in the activator's pool,
    # which the decisions on the land's types (305.6, 305.7, 613.1d: oracle/land_types.py) claim whole
    Mutant("kind-triggers-read-printed-types", "106.12a", "a Forest or Mountain tapped-for-mana trigger "
           "reads the land's printed types, not those a type-changing effect gave it", "MANA-301",
           (("answers", _kind_read_from_the_printed_card),),
           rules=("106.12a", "305.6", "305.7", "613.1d")),
)
