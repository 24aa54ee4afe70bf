"""Deliberately broken oracles: each breaks exactly one rule the way a real engine might.

A mutant swaps one of the oracle's declared seams (oracle/seams.py) for a broken version, only while
the mutant itself is running (the reference oracle in the same process is untouched). Every caller
reaches a seam through that one table, so no import can bypass a mutant. The suite must catch every
mutant (tests/adapters/test_mutants.py); `caught_by` names the property that is meant to.
"""
from __future__ import annotations

import contextlib
from collections import Counter

from attrs import Factory, field, frozen

from adapters.oracle_adapter import OracleEngine
from oracle import characteristics, phasing, resolve, triggers, turn, zones
from oracle.characteristics import enchanted_player_can_be_enchanted
from oracle.errors import Rejected
from oracle.seams import TABLE


@frozen
class Mutant:
    name: str
    rule: str
    description: str
    caught_by: str                      # property id
    patches: tuple                      # (seam name, replacement given the original)
    rules: tuple = field(default=Factory(lambda self: (self.rule,), takes_self=True))
    # every CR rule the mutant breaks: a divergence it causes should be blamed on these, no other


# --- the broken rules -------------------------------------------------------------------------

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


def _x_from_permanent(original):
    """CR 107.3m broken: "enters with X counters" reads the permanent's X (0), not the spell's."""
    def enter(game, p, controller, x=0, **kw):
        return original(game, p, controller, 0, **kw)
    return enter


def _untap_ignores_sickness(original):
    """CR 107.6 / 302.6 broken: {Q} abilities ignore summoning sickness."""
    def check_cost(game, p, cost):
        if cost.untap and not cost.tap:
            if not p.tapped:
                raise Rejected("untapped", "107.6", f"{p.id} is already untapped")
            return
        original(game, p, cost)
    return check_cost


def _noncreatures_get_sick(original):
    """CR 302.6 broken: lands and artifacts that came under control this turn can't use {T}."""
    def check(game, p):
        if p.sick and not characteristics.has_haste(game, p):
            raise Rejected("summoning_sick", "302.6", f"{p.id} came under control this turn")
    return check


def _haste_ignored(original):
    """CR 702.10c broken: haste doesn't let a sick creature use {T}/{Q} abilities."""
    def has_haste(game, p):
        return False
    return has_haste


def _control_change_keeps_continuity(original):
    """CR 302.6 broken: a creature whose control changed can tap at once (continuity not reset)."""
    def recompute(game):
        sick = {pid: p.sick for pid, p in game.permanents.items()}
        original(game)
        for pid, p in game.permanents.items():
            p.sick = sick.get(pid, p.sick)
    return recompute


def _phasing_fires_leaves(original):
    """CR 702.26d broken: phasing out fires leaves-the-battlefield triggers."""
    def phase_out(game, targets):
        going = [t for t in targets if t.phased_in]
        original(game, targets)
        for t in going:
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


def _enchant_opponent_allows_controller(original):
    """CR 303.4 / 704.5m broken: an enchant-opponent Aura survives enchanting its own controller."""
    def legal(game, aura, attached_to, **kw):
        if (aura.card.enchant == "opponent" and attached_to and attached_to[0] == "player"
                and attached_to[1] == aura.controller):      # only the controller check is broken
            return enchanted_player_can_be_enchanted(game, attached_to[1])
        return original(game, aura, attached_to, **kw)
    return legal


def _departing_owner_aura_to_graveyard(original):
    """CR 800.4a broken: what a departing player owns goes to the graveyard, not out of the game."""
    def leave(game, p, destination):
        original(game, p, "graveyard" if destination == "left_game" else destination)
    return leave


def _phased_out_leave_triggers(original):
    """CR 702.26k broken: a phased-out permanent leaving with its owner fires leaves triggers."""
    def leave(game, p, destination):
        if destination == "left_game":
            p.phased_out = None
        original(game, p, destination)
    return leave


def _phased_out_statics_apply(original):
    """CR 702.26b broken: a phased-out permanent's static abilities still apply (Fervor's haste)."""
    def statics(game, name):
        return [s for s in game.permanents.values()
                if s.zone == "battlefield" and name in s.card.statics]
    return statics


def _enchanted_player_skips_draw(original):
    """CR 614.10 / Psychic Possession ruling broken: the enchanted player skips the draw step."""
    def skipped(game):
        return any(s.attached_to == ("player", game.active)
                   for s in game.on_battlefield() if turn.SKIP_DRAW_STEP in s.card.statics)
    return skipped


def _pool_persists(original):
    """CR 106.4 broken: unspent mana stays in the pool between steps."""
    def end_of_step(game):
        pools = [dict(p.pool) for p in game.players]
        original(game)
        for p, pool in zip(game.players, pools):
            p.pool = pool
    return end_of_step


def _creature_types_from_the_card(original):
    """CR 205.3m broken: an animated Mutavault has only its card's creature types (none)."""
    def has_creature_type(p, subtype):
        return subtype in p.card.subtypes
    return has_creature_type


def _vanishing_as_one_trigger(original):
    """CR 702.63a broken: removing the last time counter sacrifices at once, with no trigger of its own."""
    def last_removed(game, p):
        zones.leave(game, p, "graveyard")
    return last_removed


def _aura_legality_before_control_effects(original):
    """CR 613.1b / 303.4 broken: an Aura's legality is judged with the controller it had before
    control-changing effects, so a stolen Psychic Possession may enchant its new controller."""
    def legal(game, aura, attached_to, host_may_be_phased_out=False):
        current, aura.controller = aura.controller, aura.base_controller
        try:
            return original(game, aura, attached_to, host_may_be_phased_out)
        finally:
            aura.controller = current
    return legal


def _departing_owner_leaves_silently(original):
    """CR 603.6c broken: a departing player's permanents leave the game without firing their
    leaves-the-battlefield triggers. Models an engine that removes a conceding player's objects by
    deleting them from the game state instead of moving them through a zone change, so Aven
    Riftwatcher's "leaves the battlefield" never sees the event (800.4a says they do leave)."""
    def leave(game, p, destination):
        if destination != "left_game":
            return original(game, p, destination)
        triggered, pending = len(game.triggered), len(game.pending)
        original(game, p, destination)
        own = "token" if p.token else p.id           # only its own leaves triggers go missing
        game.triggered[triggered:] = [t for t in game.triggered[triggered:] if t[0] != own]
        game.pending[pending:] = [t for t in game.pending[pending:] if t.source is not p]
    return leave


def _aura_on_departing_player_leaves(original):
    """CR 303.4c broken (judged by 704.5m): an Aura enchanting a departing player leaves the game
    with that player, instead of going to its owner's graveyard at the next state-based action
    check. Models an engine that cleans up everything "belonging to" a departing player, attachments
    to them included, whoever owns them (while the game goes on)."""
    def leave_game(game, seat):
        original(game, seat)
        if len(game.players) > 2 and not game.over():
            for p in list(game.permanents.values()):
                if p.zone == "battlefield" and p.phased_in and p.attached_to == ("player", seat):
                    zones.leave(game, p, "left_game")
    return leave_game


def _protection_checked_only_when_attaching(original):
    """CR 702.16j broken (judged by 704.5m): protection from everything stops a player being
    enchanted only as an Aura is attached, not once it is on them, so Psychic Possession stays on a
    player who casts Teferi's Protection. Models an engine that checks protection when an Aura is
    cast or put onto the battlefield but never re-checks Auras already attached."""
    def legal(game, aura, attached_to, host_may_be_phased_out=False):
        if (aura.zone == "battlefield" and attached_to and attached_to[0] == "player"
                and 0 <= attached_to[1] < len(game.players)):
            player = game.players[attached_to[1]]
            protected, player.protected_until_turn = player.protected_until_turn, False
            try:
                return original(game, aura, attached_to, host_may_be_phased_out)
            finally:
                player.protected_until_turn = protected
        return original(game, aura, attached_to, host_may_be_phased_out)
    return legal


def _aura_with_nothing_to_enchant_enters(original):
    """CR 303.4g broken: an Aura put onto the battlefield with nothing it could enchant enters
    unattached (and state-based actions put it into the graveyard) instead of staying in hand.
    Models an engine that moves the card first and lets 704.5m clean up, so Steal Enchantment put
    in with no enchantment around ends in the graveyard."""
    def nothing_to_enchant(game, seat, p):
        game.players[seat].hand.remove(p.card.name)
        game.permanents[p.id] = p
        zones.enter(game, p, seat)
    return nothing_to_enchant


def _one_draw_trigger_per_step(original):
    """CR 603.2c broken: "whenever enchanted player draws a card" triggers once per step, not once
    per card, so Psychic Possession misses the extra card Howling Mine gives in the same draw step.
    Models an engine that hooks the draw step's draw event rather than each card drawn."""
    seen = set()                 # the (turn, step, player) draws already triggered, this action

    def drew(game, seat, by=None):
        if (game.turn, game.step, seat) in seen:
            return
        seen.add((game.turn, game.step, seat))
        original(game, seat, by)
    return drew


def _counters_ignored(original):
    """CR 613.4c broken: +1/+1 counters don't count towards power and toughness (an engine that
    reads only effects in layer 7c)."""
    def power_toughness(game, p):
        power, toughness = original(game, p)
        n = p.counters.get("+1/+1", 0)
        return power - n, toughness - n
    return power_toughness


def _lethal_against_printed_toughness(original):
    """CR 704.5g broken: lethal damage is judged against the printed toughness and counters,
    ignoring anthems, Auras and Equipment."""
    def lethal(game, p):
        printed = characteristics.printed_power_toughness(p)[1] + p.counters.get("+1/+1", 0)
        return p.damage > 0 and p.damage >= printed
    return lethal


def _damage_stays(original):
    """CR 514.2 broken: damage marked on a creature never wears off."""
    def wears_off(game):
        return None
    return wears_off


def _attach_anywhere(original):
    """CR 701.3b broken: an effect attaches an Aura or Equipment wherever it is told; state-based
    actions then deal with an illegal attachment (704.5m, 704.5n)."""
    def can_attach(game, p, to):
        return True
    return can_attach


# issue 12: phasing

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


def _flash_ignored(original):
    """CR 702.8a broken: a creature with flash is cast only as a sorcery."""
    def cast_any_time(game, c, seat):
        return "instant" in c.types
    return cast_any_time


def _vigilance_ignored(original):
    """CR 702.20b broken: a creature with vigilance taps to attack."""
    def taps_to_attack(game, p):
        return True
    return taps_to_attack


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


MUTANTS = {m.name: m for m in (
    Mutant("undefined-mana-is-colorless", "106.5", "undefined mana type yields {C}", "MANA-001",
           (("choosable_types", _undefined_as_colorless),)),
    Mutant("could-produce-ignores-replacements", "106.7", "could produce ignores replacement effects",
           "MANA-002", (("replacements_considered", _could_produce_ignores_replacements),)),
    Mutant("untap-is-tapping-for-mana", "106.12", "{Q} mana abilities count as tapping for mana",
           "MANA-006", (("is_tapped_for_mana", _untap_symbol_is_tapping_for_mana),)),
    Mutant("tapped-for-mana-without-mana", "106.12a", "tapped-for-mana triggers without mana",
           "MANA-003", (("activate_mana", _tapped_for_mana_without_mana),)),
    Mutant("replacement-applies-twice", "614.5", "a replacement effect applies twice", "MANA-004",
           (("_replacement_order", _replacement_applied_twice),)),
    Mutant("pool-persists", "106.4", "mana pools don't empty between steps", "MANA-005",
           (("_end_of_step", _pool_persists),)),
    Mutant("x-from-permanent", "107.3m", "enters-with-X counters use the permanent's X", "X-001",
           (("enter", _x_from_permanent),)),
    Mutant("untap-ignores-sickness", "107.6", "{Q} abilities ignore summoning sickness", "COST-001",
           (("check_cost", _untap_ignores_sickness),), rules=("107.6", "302.6")),
    Mutant("noncreatures-get-sick", "302.6", "summoning sickness applies to noncreatures", "COST-002",
           (("check_summoning_sickness", _noncreatures_get_sick),)),
    Mutant("haste-ignored", "702.10c", "haste doesn't override summoning sickness", "COST-002",
           (("has_haste", _haste_ignored),)),
    Mutant("control-change-keeps-continuity", "302.6", "control changes don't reset sickness",
           "COST-003", (("recompute_control", _control_change_keeps_continuity),)),
    Mutant("phasing-fires-leaves", "702.26d", "phasing out fires leaves triggers", "PHASE-001",
           (("phase_out", _phasing_fires_leaves),)),
    Mutant("auras-left-behind", "702.26g", "attachments don't phase out with their host",
           "PHASE-002", (("_with_attachments", _auras_left_behind),)),
    Mutant("sequential-untap-phasing", "702.26a", "untap-step phasing is sequential", "PHASE-003",
           (("untap_step_phasing", _sequential_untap_phasing),)),
    Mutant("phase-in-tapped-becomes-tapped", "603.2e", "phasing in tapped fires becomes-tapped",
           "PHASE-004", (("phase_in", _phase_in_tapped_becomes_tapped),)),
    Mutant("for-as-long-as-survives-phasing", "702.26f", "for-as-long-as effects survive phasing",
           "PHASE-005", (("end_expired_control_effects", _for_as_long_as_survives_phasing),)),
    Mutant("phased-out-tokens-cease", "702.26d", "phased-out tokens cease to exist", "PHASE-006",
           (("phase_out", _tokens_cease_when_phased_out),)),
    Mutant("phased-out-statics-apply", "702.26b", "phased-out permanents' static abilities apply",
           "PHASE-008", (("statics", _phased_out_statics_apply),)),
    Mutant("enchant-opponent-allows-controller", "303.4", "enchant-opponent Aura survives enchanting "
           "its controller", "AURA-001", (("aura_is_legal", _enchant_opponent_allows_controller),),
           rules=("303.4", "704.5m")),
    Mutant("departing-owner-to-graveyard", "800.4a", "a departing owner's objects go to the graveyard",
           "LEAVE-001", (("leave", _departing_owner_aura_to_graveyard),)),
    Mutant("phased-out-leave-triggers", "702.26k", "phased-out permanents of a departing owner fire "
           "leaves triggers", "LEAVE-001", (("leave", _phased_out_leave_triggers),)),
    Mutant("enchanted-player-skips-draw", "614.10", "the enchanted player skips the draw step",
           "DRAW-001", (("draw_step_skipped", _enchanted_player_skips_draw),)),
    Mutant("creature-types-from-the-card", "205.3m", "an animated Mutavault has no creature types",
           "CHAR-001", (("has_creature_type", _creature_types_from_the_card),)),
    Mutant("vanishing-one-trigger", "702.63a", "vanishing's sacrifice is folded into the upkeep "
           "trigger", "PHASE-001", (("last_time_counter_removed", _vanishing_as_one_trigger),)),
    Mutant("aura-legality-before-control-effects", "613.1b", "Aura legality ignores control "
           "effects", "AURA-001", (("aura_is_legal", _aura_legality_before_control_effects),),
           rules=("613.1b", "303.4", "704.5m")),
    Mutant("departing-owner-leaves-silently", "603.6c", "a departing player's permanents leave "
           "without leaves triggers", "LEAVE-001", (("leave", _departing_owner_leaves_silently),)),
    Mutant("aura-leaves-with-enchanted-player", "303.4c", "an Aura on a departing player leaves the "
           "game with them", "LEAVE-001", (("leave_game", _aura_on_departing_player_leaves),),
           rules=("303.4c", "704.5m")),
    Mutant("protection-checked-only-when-attaching", "702.16j", "protection from everything doesn't "
           "remove an attached Aura", "AURA-001",
           (("aura_is_legal", _protection_checked_only_when_attaching),), rules=("702.16j", "704.5m")),
    Mutant("aura-with-nothing-to-enchant-enters", "303.4g", "an Aura with nothing to enchant enters "
           "instead of staying in hand", "AURA-001",
           (("nothing_to_enchant", _aura_with_nothing_to_enchant_enters),)),
    Mutant("one-draw-trigger-per-step", "603.2c", "draw triggers fire once per step, not per card",
           "DRAW-001", (("drew", _one_draw_trigger_per_step),)),
    Mutant("power-toughness-ignores-counters", "613.4c", "+1/+1 counters don't change power and "
           "toughness", "CHAR-002", (("power_toughness", _counters_ignored),)),
    Mutant("lethal-damage-against-printed-toughness", "704.5g", "lethal damage ignores toughness "
           "bonuses", "CHAR-002", (("has_lethal_damage", _lethal_against_printed_toughness),)),
    Mutant("damage-never-wears-off", "514.2", "marked damage is never removed", "CHAR-002",
           (("damage_wears_off", _damage_stays),)),
    Mutant("attach-ignores-restrictions", "701.3b", "attach moves an Aura or Equipment anywhere",
           "AURA-002", (("can_attach", _attach_anywhere),)),
    # issue 12: phasing
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
    Mutant("flash-ignored", "702.8a", "flash is ignored", "PHASE-102", (("cast_any_time", _flash_ignored),)),
    Mutant("vigilance-ignored", "702.20b", "vigilance is ignored", "PHASE-102",
           (("taps_to_attack", _vigilance_ignored),)),
    Mutant("one-target-phases", "115.1", "any number of targets phase out as one", "PHASE-102",
           (("_guardian_of_faith", _one_target_phases),)),
    Mutant("phased-out-under-the-activator", "702.26a", "an ability phases a creature out under its "
           "activator", "PHASE-102", (("_phase_out_target", _phased_out_under_the_activator),)),
    Mutant("self-phasing-is-indirect", "702.26a", "a permanent its own ability phases out never "
           "phases in", "PHASE-102", (("_phase_out_self", _self_phasing_is_indirect),)),
    Mutant("vanishing-phases-out-itself", "702.26b", "Vanishing phases out only itself", "PHASE-102",
           (("_phase_out_enchanted", _vanishing_phases_out_itself),)),
)}


@contextlib.contextmanager
def _patched(patches, calls: Counter):
    """Swap the seams for their broken versions (counting the calls each gets), and back."""
    saved = {name: TABLE[name] for name, _ in patches}
    try:
        for name, broken in patches:
            TABLE[name] = _counted(name, broken(saved[name]), calls)
        yield
    finally:
        TABLE.update(saved)


def _counted(name, function, calls: Counter):
    def counted(*args, **kwargs):
        calls[name] += 1
        return function(*args, **kwargs)
    return counted


class MutantEngine(OracleEngine):
    """The oracle with one rule broken."""

    def __init__(self, mutant: Mutant):
        super().__init__()
        self.mutant = mutant
        self.name = f"mutant:{mutant.name}"
        self.calls: Counter = Counter()      # calls each broken seam got: a mutant never reached is dead

    def start(self, scenario: dict) -> dict:
        with _patched(self.mutant.patches, self.calls):
            return super().start(scenario)

    def act(self, action: dict) -> dict:
        with _patched(self.mutant.patches, self.calls):
            return super().act(action)
