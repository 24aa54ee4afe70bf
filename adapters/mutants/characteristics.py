"""Mutants of the `characteristics` area (power and toughness under continuous effects, damage and
lethal damage, creature types): each breaks one of its rules the way a real engine might, and the
area's property named in `caught_by` must catch it."""
from __future__ import annotations

from mtg_conformance.adapters.mutants import Mutant
from mtg_conformance.oracle import characteristics, sba


def _creature_types_from_the_card(original):
    """CR 205.3m broken: an animated Mutavault has only its card's creature types (none)."""
    def has_creature_type(p, subtype):
        return subtype in p.card.subtypes
    return has_creature_type


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


def _dies_reads_counters_after_leaving(original):
    """CR 603.10a broken where lethal damage meets a dies trigger that counts: Hangarback Walker's
    "when this dies, create a Thopter for each +1/+1 counter on it" reads the counters after it
    left (none), not as it last existed on the battlefield."""
    def left(game, p, destination, last_counters):
        return original(game, p, destination, dict(p.counters))
    return left


def _one_pass_of_state_based_actions(original):
    """CR 704.3 broken where lethal damage or toughness 0 meets Auras and Equipment: the state-based
    actions are performed in one pass, not repeated until none applies, so an Aura whose creature
    just died (704.5m), or an Equipment left on nothing, waits for the next check."""
    def check(game):
        if not game.over():
            sba._one_pass(game)
    return check


MUTANTS = (
    Mutant("creature-types-from-the-card", "205.3m", "an animated Mutavault has no creature types",
           "CHAR-001", (("has_creature_type", _creature_types_from_the_card),)),
    Mutant("power-toughness-ignores-counters", "613.4c", "+1/+1 counters don't change power and "
           "toughness", "CHAR-002", (("power_toughness", _counters_ignored),)),
    Mutant("lethal-damage-against-printed-toughness", "704.5g", "lethal damage ignores toughness "
           "bonuses", "CHAR-002", (("has_lethal_damage", _lethal_against_printed_toughness),)),
    Mutant("damage-never-wears-off", "514.2", "marked damage is never removed", "CHAR-002",
           (("damage_wears_off", _damage_stays),)),
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
    Mutant("dies-reads-counters-after-leaving", "603.10a", "a dies trigger counts the counters the "
           "creature has after leaving", "CHAR-002", (("left", _dies_reads_counters_after_leaving),),
           rules=("603.10a", "111.1")),     # the Thopters its dies trigger makes (111.1) are fewer
    Mutant("one-pass-of-state-based-actions", "704.3", "state-based actions are checked once, not "
           "until none applies", "CHAR-101", (("check", _one_pass_of_state_based_actions),),
           rules=("704.3", "704.5m")),
)
