"""Mutants of the `phasing` area (phasing, and effects that last "until" or "for as long as"): each
breaks one of its rules the way a real engine might, and the area's property named in `caught_by`
must catch it."""
from __future__ import annotations

from mtg_conformance.adapters.mutants import Mutant
from mtg_conformance.oracle import characteristics, phasing, triggers, zones


def _phasing_fires_leaves(original):
    """CR 702.26d broken: phasing out fires leaves-the-battlefield triggers."""
    def phase_out(game, targets):
        going = [t for t in targets if t.phased_in]
        original(game, targets)
        for t in going:
            if t.phased_out:                # only what did phase out (611.2a may hold one in)
                triggers.left(game, t, "phased_out", dict(t.counters))
    return phase_out


def _auras_left_behind(original):
    """CR 702.26g broken: Auras and Equipment stay when the permanent they're on phases out."""
    def attached(game, host):
        return iter(())
    return attached


def _sequential_untap_phasing(original):
    """CR 702.26a broken: phase in first, then phase out everything with phasing (twice in a step)."""
    def untap_step_phasing(game):
        seat = game.active
        coming = [p for p in game.permanents.values()
                  if p.zone == "battlefield" and p.phased_out == "directly"
                  and p.phased_out_under == seat and not phasing.held_by(game, p)]
        phasing.phase_in(game, coming)
        phasing.phase_out(game, [p for p in game.on_battlefield()
                                 if p.controller == seat and phasing.PHASING in p.card.statics])
    return untap_step_phasing


def _phase_in_tapped_becomes_tapped(original):
    """CR 603.2e broken: phasing in tapped fires "becomes tapped" triggers."""
    def phase_in(game, targets, tapped=False):
        original(game, targets, tapped)
        for t in targets:
            if t.tapped and t.phased_in:
                triggers.became_tapped(game, t)
    return phase_in


def _for_as_long_as_survives_phasing(original):
    """CR 702.26f broken: a "for as long as" effect survives its source phasing out."""
    def end_expired(game):
        def lasts(e):
            source = game.permanents.get(e.source)
            return e.duration != "while_tapped" or (
                source is not None and source.zone == "battlefield" and source.tapped)
        game.control_effects = [e for e in game.control_effects if lasts(e)]
    return end_expired


def _tokens_cease_when_phased_out(original):
    """CR 702.26d broken (pre-2017 rule): a phased-out token ceases to exist."""
    def phase_out(game, targets):
        original(game, targets)
        for p in list(game.permanents.values()):
            if p.token and p.phased_out:
                p.zone, p.phased_out = "none", None
    return phase_out


def _phased_out_statics_apply(original):
    """CR 702.26b broken: a phased-out permanent's static abilities still apply (Fervor's haste)."""
    def statics(game, name):
        return [s for s in game.permanents.values()
                if s.zone == "battlefield" and name in s.card.statics]
    return statics


def _phased_out_boosts_apply(original):
    """CR 702.26b broken: a phased-out permanent's "gets +N/+N" static still applies (Glorious Anthem)."""
    def boosting(game):
        return [s for s in game.permanents.values() if s.zone == "battlefield" and s.card.boost]
    return boosting


def _vanishing_as_one_trigger(original):
    """CR 702.63a broken: removing the last time counter sacrifices at once, with no trigger of its own."""
    def last_removed(game, p):
        zones.leave(game, p, "graveyard")
    return last_removed


def _granted_phasing_ignored(original):
    """CR 613.1f broken: only printed phasing counts; an Aura's "enchanted permanent has phasing"
    (Teferi's Curse) is ignored."""
    def has_phasing(game, p):
        return phasing.PHASING in p.card.statics
    return has_phasing


def _time_and_tide_in_turn(original):
    """CR 702.26b broken: Time and Tide phases creatures in first, then phases out every creature
    with phasing, those just phased in among them."""
    def time_and_tide(game):
        phasing.phase_in(game, [p for p in game.permanents.values() if p.zone == "battlefield"
                                and p.phased_out == "directly" and characteristics.is_creature(p)])
        phasing.phase_out(game, [p for p in game.on_battlefield()
                                 if characteristics.is_creature(p) and phasing.has_phasing(game, p)])
    return time_and_tide


def _phasing_lock_ignored(original):
    """CR 611.2a broken: Ertai's Familiar's "can't phase out until your next upkeep" has no effect."""
    def can_phase_out(game, p):
        return True
    return can_phase_out


def _until_phasing_keeps_tapped(original):
    """CR 610.4 broken: Out of Time phases creatures out without untapping them first."""
    def phase_out_until_leaves(game, source, creatures):
        tapped = [c for c in creatures if c.tapped]
        gone = original(game, source, creatures)
        for c in tapped:
            c.tapped = True
        return gone
    return phase_out_until_leaves


def _one_target_phases(original):
    """CR 115.1 broken: Guardian of Faith's "any number of targets" phases out only the first."""
    def guardian(use):
        use.decisions = {**use.decisions, "targets": (use.decisions.get("targets") or [])[:1]}
        return original(use)
    return guardian


def _phased_out_under_the_activator(original):
    """CR 702.26a broken: a creature an opponent's ability phases out phases out under that
    opponent, so it phases in at the opponent's untap step (Vodalian Illusionist)."""
    def phase_out_target(use):
        original(use)
        use.game.permanents[use.target[1]].phased_out_under = use.controller
    return phase_out_target


def _self_phasing_is_indirect(original):
    """CR 702.26a broken: a permanent its own ability phases out is recorded as phased out
    indirectly, so its controller's untap step never phases it in (Rainbow Efreet, Teferi's Honor
    Guard)."""
    def phase_out_self(use):
        original(use)
        if use.source.phased_out:
            use.source.phased_out = "indirectly"
    return phase_out_self


def _vanishing_phases_out_itself(original):
    """CR 702.26g broken: Vanishing phases itself out, not the creature it enchants."""
    def phase_out_enchanted(use):
        phasing.phase_out(use.game, [use.source])
    return phase_out_enchanted


def _mill_one(original):
    """CR 701.13a broken: "mill three cards" mills one."""
    def mill(use):
        player = use.game.players[use.controller]
        player.graveyard += player.library[:1]
        del player.library[:1]
    return mill


def _curse_enchants_creatures_only(original):
    """CR 303.4a broken: "enchant artifact or creature" allows creatures only, so a Teferi's Curse
    on an artifact is put into its owner's graveyard (704.5m)."""
    def fits(game, p, controller):
        return characteristics.is_creature(p)
    return fits


MUTANTS = (
    Mutant("phasing-fires-leaves", "702.26d", "phasing out fires leaves triggers", "PHASE-001",
           (("phase_out", _phasing_fires_leaves),)),
    Mutant("auras-left-behind", "702.26g", "attachments don't phase out with their host",
           "PHASE-002", (("_with_attachments", _auras_left_behind),)),
    Mutant("sequential-untap-phasing", "702.26a", "untap-step phasing is sequential", "PHASE-003",
           (("untap_step_phasing", _sequential_untap_phasing),), rules=("702.26a", "613.1f"),
           decisions=2),        # it also phases out only printed phasing, not an Aura's (613.1f)
    Mutant("phase-in-tapped-becomes-tapped", "603.2e", "phasing in tapped fires becomes-tapped",
           "PHASE-004", (("phase_in", _phase_in_tapped_becomes_tapped),)),
    Mutant("for-as-long-as-survives-phasing", "702.26f", "for-as-long-as effects survive phasing",
           "PHASE-005", (("end_expired_control_effects", _for_as_long_as_survives_phasing),)),
    Mutant("phased-out-tokens-cease", "702.26d", "phased-out tokens cease to exist", "PHASE-006",
           (("phase_out", _tokens_cease_when_phased_out),)),
    Mutant("phased-out-statics-apply", "702.26b", "phased-out permanents' static abilities apply",
           "PHASE-008", (("statics", _phased_out_statics_apply), ("boosting", _phased_out_boosts_apply)),
           decisions=2),   # two seams: the haste a phased-out Fervor gives, the +N/+N an anthem gives
                           # (the 702.26b decision says what the creature would be if it applied, so
                           # it owns that departure and no other, not attachment-boosts-every-creature's)
    Mutant("vanishing-one-trigger", "702.63a", "vanishing's sacrifice is folded into the upkeep "
           "trigger", "PHASE-001", (("last_time_counter_removed", _vanishing_as_one_trigger),)),
    Mutant("granted-phasing-ignored", "613.1f", "phasing given by an Aura is ignored", "PHASE-101",
           (("has_phasing", _granted_phasing_ignored),)),
    Mutant("time-and-tide-in-turn", "702.26b", "Time and Tide phases in, then out", "PHASE-101",
           (("time_and_tide", _time_and_tide_in_turn),)),
    Mutant("phasing-lock-ignored", "611.2a", "\"can't phase out\" has no effect", "PHASE-101",
           (("can_phase_out", _phasing_lock_ignored),)),
    Mutant("mill-one", "701.13a", "mill three mills one", "PHASE-101", (("_mill_3", _mill_one),)),
    Mutant("curse-enchants-creatures-only", "303.4a", "enchant artifact or creature allows only "
           "creatures", "PHASE-101", (("_artifact_or_creature", _curse_enchants_creatures_only),)),
    Mutant("until-phasing-keeps-tapped", "610.4", "Out of Time doesn't untap before phasing out",
           "PHASE-102", (("phase_out_until_leaves", _until_phasing_keeps_tapped),)),
    Mutant("one-target-phases", "115.1", "any number of targets phase out as one", "PHASE-102",
           (("_guardian_of_faith", _one_target_phases),)),
    Mutant("phased-out-under-the-activator", "702.26a", "an ability phases a creature out under its "
           "activator", "PHASE-102", (("_phase_out_target", _phased_out_under_the_activator),)),
    Mutant("self-phasing-is-indirect", "702.26a", "a permanent its own ability phases out never "
           "phases in", "PHASE-102", (("_phase_out_self", _self_phasing_is_indirect),)),
    Mutant("vanishing-phases-out-itself", "702.26b", "Vanishing phases out only itself", "PHASE-102",
           (("_phase_out_enchanted", _vanishing_phases_out_itself),)),
)
