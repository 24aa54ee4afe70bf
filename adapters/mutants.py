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

from mtg_conformance.adapters.oracle_adapter import OracleEngine
from mtg_conformance.oracle import characteristics, land_types, mana, phasing, resolve, triggers, turn, zones
from mtg_conformance.oracle.characteristics import enchanted_player_can_be_enchanted
from mtg_conformance.oracle.errors import Rejected
from mtg_conformance.oracle.seams import TABLE


@frozen
class Mutant:
    name: str
    rule: str
    description: str
    caught_by: str                      # property id
    patches: tuple                      # (seam name, replacement given the original)
    rules: tuple = field(default=Factory(lambda self: (self.rule,), takes_self=True))
    # every CR rule the mutant breaks: a divergence it causes should be blamed on these, no other
    decisions: int = 1
    # how many of the oracle's decisions it breaks: the findings a whole certificate should show
    # (benchmarks/blame_precision.py), more than one only where one broken rule function departs
    # from distinct decisions (a decision is a rule and what it decided: properties/blame.py)


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


def _phased_out_boosts_apply(original):
    """CR 702.26b broken: a phased-out permanent's "gets +N/+N" static still applies (Glorious Anthem)."""
    def boosting(game):
        return [s for s in game.permanents.values() if s.zone == "battlefield" and s.card.boost]
    return boosting


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



# issue 12: costs and X

def _activated_x_is_the_spells(original):
    """CR 107.3k broken: an activated ability's X is the X of the spell its source came from (0 for
    Crypt Rats), not the X chosen as it is activated."""
    def activated_x(game, source, decisions):
        return source.spell_x
    return activated_x


def _hysteria_only_for_its_controller(original):
    """CR 702.10b broken: "all creatures have haste" (Mass Hysteria) gives haste only to its
    controller's creatures, as "creatures you control" would."""
    def haste_givers(game, p):
        return [g for g in original(game, p) if g is None or g not in game.permanents
                or game.permanents[g].card.name != "Mass Hysteria"
                or game.permanents[g].controller == p.controller]
    return haste_givers


def _own_haste_ignored(original):
    """CR 702.10a broken: a creature's own haste keyword is forgotten; only other sources count."""
    def haste_givers(game, p):
        return [g for g in original(game, p) if g != p.id]
    return haste_givers


def _equipment_haste_ignored(original):
    """CR 702.10b broken: "equipped creature has haste" (Lightning Greaves) gives no haste."""
    def haste_givers(game, p):
        return [g for g in original(game, p) if g is None or g not in game.permanents
                or not game.permanents[g].card.equipment]
    return haste_givers


def _flying_ignored(original):
    """CR 702.9a broken: mass damage doesn't check flying: no creature counts as flying."""
    def has_flying(game, p):
        return False
    return has_flying


def _hydra_never_doubles(original):
    """CR 107.3m (Apocalypse Hydra's text) broken: it enters with X counters even if X is 5 or more."""
    def extra_x_counters(x):
        return x
    return extra_x_counters


def _shroud_and_hexproof_ignored(original):
    """CR 702.18a, 702.11b broken: Equipment's shroud and hexproof don't stop targeting."""
    def shielded_by(game, p, controller):
        return None
    return shielded_by


def _any_creature_is_tapped(original):
    """CR 115.1 broken: Royal Assassin may target an untapped creature."""
    def tapped_creature(game, p, controller):
        return characteristics.is_creature(p)
    return tapped_creature

# issue 12: mana triggers
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

# issue 12: land types
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
# issue 12: counts

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
# issue 12: auras
def _curse_on_its_controllers_upkeep(original):
    """CR 603.2, 303.4e broken: "at the beginning of enchanted player's upkeep" triggers in the
    upkeep of the Curse's controller (an engine reading "your upkeep")."""
    def enchants_active_player(game, aura):
        return aura.attached_to is not None and aura.attached_to[0] == "player" and aura.controller == game.active
    return enchants_active_player


def _curse_hurts_its_controller(original):
    """CR 303.4e broken: a Curse's upkeep damage goes to its controller, not "that player" it enchants."""
    def cursed_player(use):
        return use.controller
    return cursed_player


def _boost_scope_broken(scopes, applies):
    """A `boost_applies` that decides the power/toughness statics `scopes` by `applies(source, p)`.
    Such a mutant breaks 613.4c; a creature it keeps alive at toughness 0 shows as a 704.5f decision."""
    def broken(original):
        def boost_applies(game, source, scope, p):
            return applies(source, p) if scope in scopes else original(game, source, scope, p)
        return boost_applies
    return broken


_colour_anthems_for_every_colour = _boost_scope_broken(     # 613.4c / 105.2: the colour is ignored
    ("pt_creatures_of_color",), lambda source, p: True)
_lords_boost_themselves = _boost_scope_broken(              # "other" forgotten
    ("pt_other_creatures_you_control",), lambda source, p: source.controller == p.controller)
_deaths_hold_on_its_controller = _boost_scope_broken(       # the Curse's controller, not its player
    ("pt_enchanted_players_creatures",), lambda source, p: source.controller == p.controller)
_your_anthems_for_everyone = _boost_scope_broken(           # "you control" forgotten
    ("pt_your_creatures", "pt_your_creatures_of_color"),
    lambda source, p: source.card.boost_color in ("", *p.card.colors))
_attachment_boosts_every_creature_you_control = _boost_scope_broken(
    ("pt_enchanted", "pt_equipped"), lambda source, p: source.controller == p.controller)


def _only_creatures_go_to_graveyards(original):
    """CR 603.6c broken: "put into a graveyard from the battlefield" triggers only for creatures (an
    engine treating it as "dies"), so Rancor falling off a dead creature stays in the graveyard."""
    def went_to_graveyard_triggers(p):
        return characteristics.is_creature(p)
    return went_to_graveyard_triggers


def _toughness_zero_survives(original):
    """CR 704.5f broken: only a negative toughness kills; a creature at toughness 0 stays."""
    def toughness_is_fatal(toughness):
        return toughness < 0
    return toughness_is_fatal


# issue 12: drawbacks
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



# issue 12: effects
def _draws_one_whatever_x(original):
    """CR 121.2 broken: "target player draws X cards" draws one card, whatever X is."""
    def draws(use):
        seat = use.target[1]
        resolve._uses_x(use, (f"players[{seat}].hand", f"players[{seat}].library"))
        zones.draw(use.game, seat, 1)
    return draws


def _you_draw_one_whatever_x(original):
    """CR 121.2 broken: "you draw X cards" draws one card, whatever X is."""
    def draws(use):
        seat = use.controller
        resolve._uses_x(use, (f"players[{seat}].hand", f"players[{seat}].library"))
        zones.draw(use.game, seat, 1)
    return draws


def _each_draws_one(original):
    """CR 121.2 broken: "each player draws X cards" (Prosperity) draws one card each, whatever X is."""
    def draws(use):
        seats = resolve._turn_order(use.game)
        resolve._uses_x(use, tuple(f"players[{s}].{f}" for s in seats for f in ("hand", "library")))
        for seat in seats:
            zones.draw(use.game, seat, 1)
    return draws


def _life_x_counts_mana_spent(original):
    """CR 107.3a broken: Stream of Life's X is the mana spent on it ({X}{G}: X + 1), not the X chosen."""
    def gains(use):
        use.x += 1
        return original(use)
    return gains


def _destroy_does_nothing(original):
    """CR 701.8a broken: Royal Assassin's "destroy target tapped creature" leaves it on the
    battlefield."""
    def destroy(use):
        return None
    return destroy


def _tap_does_nothing(original):
    """CR 701.26a broken: "tap target ..." (Icy Manipulator, Master Decoy) leaves it untapped."""
    def tap(use):
        return None
    return tap


def _elvish_guidance_counts_every_creature(original):
    """CR 605.4a broken: Elvish Guidance's "{G} for each Elf" counts every creature, Elf or not."""
    def add(use):
        game = use.game
        creatures = [q for q in game.on_battlefield() if characteristics.is_creature(q)]
        mana._add(use, game.permanents[use.info["land"]].controller, "G", len(creatures))
    return add


def _blaze_x_counts_mana_spent(original):
    """CR 107.3a broken: "X damage" (Blaze {X}{R}, Heat Ray) uses the mana spent on it, X + 1."""
    def damage(use):
        use.x += 1
        return original(use)
    return damage


def _adapt_with_counters(original):
    """CR 122.1a broken: adapt 3 puts three +1/+1 counters on Incubation Druid even when it already
    has some."""
    def adapt(use):
        had = use.source.counters.get("+1/+1", 0)
        original(use)
        if had and use.source.phased_in:
            use.source.counters["+1/+1"] = had + 3
    return adapt

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
           (("untap_step_phasing", _sequential_untap_phasing),), rules=("702.26a", "613.1f"),
           decisions=2),        # it also phases out only printed phasing, not an Aura's (613.1f)
    Mutant("phase-in-tapped-becomes-tapped", "603.2e", "phasing in tapped fires becomes-tapped",
           "PHASE-004", (("phase_in", _phase_in_tapped_becomes_tapped),)),
    Mutant("for-as-long-as-survives-phasing", "702.26f", "for-as-long-as effects survive phasing",
           "PHASE-005", (("end_expired_control_effects", _for_as_long_as_survives_phasing),)),
    Mutant("phased-out-tokens-cease", "702.26d", "phased-out tokens cease to exist", "PHASE-006",
           (("phase_out", _tokens_cease_when_phased_out),)),
    Mutant("phased-out-statics-apply", "702.26b", "phased-out permanents' static abilities apply",
           "PHASE-008", (("statics", _phased_out_statics_apply), ("boosting", _phased_out_boosts_apply))),
    Mutant("enchant-opponent-allows-controller", "303.4", "enchant-opponent Aura survives enchanting "
           "its controller", "AURA-001", (("aura_is_legal", _enchant_opponent_allows_controller),),
           rules=("303.4", "704.5m")),
    Mutant("departing-owner-to-graveyard", "800.4a", "a departing owner's objects go to the graveyard",
           "LEAVE-001", (("leave", _departing_owner_aura_to_graveyard),),
           decisions=2),        # what they control and what others control: two 800.4a decisions
    Mutant("phased-out-leave-triggers", "702.26k", "phased-out permanents of a departing owner fire "
           "leaves triggers", "LEAVE-001", (("leave", _phased_out_leave_triggers),)),
    Mutant("enchanted-player-skips-draw", "614.10", "the enchanted player skips the draw step",
           "DRAW-001", (("draw_step_skipped", _enchanted_player_skips_draw),),
           decisions=2),        # the enchanted player skips, and the controller doesn't
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

    # issue 12: costs and X
    Mutant("activated-x-is-spells-x", "107.3k", "an activated ability's X is its source's spell X",
           "X-101", (("activated_x", _activated_x_is_the_spells),)),
    Mutant("hysteria-haste-only-for-controller", "702.10b", "Mass Hysteria gives haste only to its "
           "controller's creatures", "COST-101", (("haste_givers", _hysteria_only_for_its_controller),),
           rules=("702.10b", "702.10c")),
    Mutant("own-haste-ignored", "702.10a", "a creature's own haste is ignored", "COST-101",
           (("haste_givers", _own_haste_ignored),), rules=("702.10a", "702.10c")),
    Mutant("equipment-haste-ignored", "702.10b", "Equipment that grants haste gives none", "COST-101",
           (("haste_givers", _equipment_haste_ignored),), rules=("702.10b", "702.10c")),
    Mutant("mass-damage-ignores-flying", "702.9a", "Hurricane and Earthquake don't check flying",
           "X-101", (("has_flying", _flying_ignored),)),
    Mutant("hydra-never-doubles", "107.3m", "Apocalypse Hydra gets no additional X counters from X=5",
           "X-102", (("extra_x_counters", _hydra_never_doubles),)),
    Mutant("shroud-and-hexproof-ignored", "702.18a", "Equipment's shroud and hexproof don't stop "
           "targets", "COST-101", (("shielded_by", _shroud_and_hexproof_ignored),),
           rules=("702.18a", "702.11b")),
    Mutant("assassin-targets-untapped", "115.1", "Royal Assassin may target an untapped creature",
           "COST-102", (("tapped_creature", _any_creature_is_tapped),)),
    # issue 12: mana triggers
    Mutant("flare-reads-unreplaced-type", "106.12b", "a tapped-for-mana trigger adds the land's own "
           "type, not the type a replacement effect made it produce", "MANA-301",
           (("type_that_land_produced", _flare_reads_the_unreplaced_type),),
           rules=("106.12b", "614.5", "605.4a")),    # the pool differs in the type 614.5 decided
    Mutant("any-land-answers", "106.12a", "a trigger on a land of a kind (or your land, or a chosen "
           "colour) answers any land tapped for mana", "MANA-301", (("answers", _any_land_answers),)),
    Mutant("flash-ignored", "702.8a", "a spell with flash can be cast only at sorcery speed", "MANA-303",
           (("cast_any_time", _flash_ignored),)),
    Mutant("vigilance-ignored", "702.20b", "attacking taps a creature with vigilance", "MANA-303",
           (("vigilance_givers", _vigilance_ignored),)),
    Mutant("colour-anthems-only-yours", "613.4c", "a colour anthem pumps only its controller's "
           "creatures", "MANA-304", (("boost_applies", _colour_anthems_only_yours),)),
    Mutant("multipliers-add", "614.1a", "multiplying replacement effects add instead of multiply",
           "MANA-302", (("multiplied", _multipliers_add),), rules=("614.1a", "614.5", "106.12b")),
    # issue 12: land types
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
    # issue 12: counts
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
    # issue 12: auras
    Mutant("curse-triggers-on-controllers-upkeep", "603.2", "a Curse triggers in its controller's "
           "upkeep, not the enchanted player's", "AURA-101",
           (("enchants_active_player", _curse_on_its_controllers_upkeep),), rules=("603.2", "303.4e")),
    Mutant("curse-damages-its-controller", "303.4e", "a Curse's upkeep damage goes to its controller",
           "AURA-101", (("cursed_player", _curse_hurts_its_controller),)),
    Mutant("colour-anthem-ignores-colour", "613.4c", "a colour anthem modifies creatures of every colour",
           "CHAR-101", (("boost_applies", _colour_anthems_for_every_colour),),
           rules=("613.4c", "704.5f")),
    Mutant("lord-boosts-itself", "613.4c", "\"other creatures you control\" includes the lord itself",
           "CHAR-101", (("boost_applies", _lords_boost_themselves),),
           rules=("613.4c", "704.5f")),
    Mutant("deaths-hold-on-its-controller", "613.4c", "Curse of Death's Hold shrinks its controller's "
           "creatures, not the enchanted player's", "CHAR-101",
           (("boost_applies", _deaths_hold_on_its_controller),), rules=("613.4c", "704.5f")),
    Mutant("anthem-for-every-player", "613.4c", "\"creatures you control\" anthems modify every "
           "player's creatures", "CHAR-101", (("boost_applies", _your_anthems_for_everyone),),
           rules=("613.4c", "704.5f")),
    Mutant("attachment-boosts-every-creature", "613.4c", "an Aura's or Equipment's bonus applies to "
           "every creature its controller controls", "CHAR-101",
           (("boost_applies", _attachment_boosts_every_creature_you_control),),
           rules=("613.4c", "704.5f")),
    Mutant("rancor-trigger-only-for-creatures", "603.6c", "\"put into a graveyard from the "
           "battlefield\" triggers only for creatures", "CHAR-101",
           (("went_to_graveyard_triggers", _only_creatures_go_to_graveyards),), rules=("603.6c", "400.7")),
    Mutant("toughness-zero-survives", "704.5f", "a creature with toughness 0 isn't put into the "
           "graveyard", "CHAR-101", (("toughness_is_fatal", _toughness_zero_survives),)),
    # issue 12: drawbacks
    Mutant("mana-drawback-skipped", "605.3b", "a pain land's damage or Grove's life gain never happens",
           "MANA-101", (("mana_drawback", _drawback_skipped),),
           rules=("605.3b", "120.3a", "119.3", "704.5a")),
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
    Mutant("one-target-phases", "115.1", "any number of targets phase out as one", "PHASE-102",
           (("_guardian_of_faith", _one_target_phases),)),
    Mutant("phased-out-under-the-activator", "702.26a", "an ability phases a creature out under its "
           "activator", "PHASE-102", (("_phase_out_target", _phased_out_under_the_activator),)),
    Mutant("self-phasing-is-indirect", "702.26a", "a permanent its own ability phases out never "
           "phases in", "PHASE-102", (("_phase_out_self", _self_phasing_is_indirect),)),
    Mutant("vanishing-phases-out-itself", "702.26b", "Vanishing phases out only itself", "PHASE-102",
           (("_phase_out_enchanted", _vanishing_phases_out_itself),)),
    # issue 12: effects
    Mutant("draw-x-draws-one", "121.2", "\"target player draws X cards\" draws one", "X-101",
           (("_target_draws_x", _draws_one_whatever_x),), rules=("121.2", "107.3a")),
    Mutant("you-draw-x-draws-one", "121.2", "\"you draw X cards\" draws one", "X-101",
           (("_you_draw_x", _you_draw_one_whatever_x),), rules=("121.2", "107.3a")),
    Mutant("each-player-draws-one", "121.2", "\"each player draws X cards\" draws one each", "X-101",
           (("_each_draws_x", _each_draws_one),), rules=("121.2", "107.3a")),
    Mutant("gain-x-counts-mana-spent", "107.3a", "Stream of Life's X is all the mana spent on it",
           "X-101", (("_target_gains_x", _life_x_counts_mana_spent),)),
    Mutant("destroy-does-nothing", "701.8a", "Royal Assassin's destroy leaves its target in play",
           "COST-102", (("_destroy", _destroy_does_nothing),)),
    Mutant("tap-target-does-nothing", "701.26a", "\"tap target\" leaves its target untapped",
           "COST-102", (("_tap_target", _tap_does_nothing),)),
    Mutant("elvish-guidance-counts-every-creature", "605.4a", "Elvish Guidance counts every creature, "
           "Elf or not", "MANA-301", (("_add_g_per_elf", _elvish_guidance_counts_every_creature),)),
    Mutant("adapt-with-counters", "122.1a", "adapt 3 adds counters even when it has some", "MANA-102",
           (("_adapt_3", _adapt_with_counters),)),
    Mutant("blaze-x-counts-mana-spent", "107.3a", "Blaze's X is all the mana spent on it", "X-101",
           (("_damage_x", _blaze_x_counts_mana_spent),)),
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
