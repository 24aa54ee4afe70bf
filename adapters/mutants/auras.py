"""Mutants of the `auras` area (Auras, Curses and Equipment: what they may enchant or equip, attaching
them, and what falls off): each breaks one of its rules the way a real engine might, and the area's
property named in `caught_by` must catch it."""
from __future__ import annotations

from mtg_conformance.adapters.mutants import Mutant
from mtg_conformance.oracle import zones
from mtg_conformance.oracle.characteristics import enchanted_player_can_be_enchanted


def _enchant_opponent_allows_controller(original):
    """CR 303.4 / 704.5m broken: an enchant-opponent Aura survives enchanting its own controller."""
    def legal(game, aura, attached_to, **kw):
        if (aura.card.enchant == "opponent" and attached_to and attached_to[0] == "player"
                and attached_to[1] == aura.controller):      # only the controller check is broken
            return enchanted_player_can_be_enchanted(game, attached_to[1])
        return original(game, aura, attached_to, **kw)
    return legal


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


def _uncast_aura_may_enchant_any_permanent(original):
    """CR 303.4f, 702.5d broken: an Aura with enchant player or opponent put onto the battlefield
    without being cast may also be attached to any permanent. Models an engine that checks "enchant
    opponent" only as the Aura spell targets, and offers an Aura entering uncast every object and
    player it could name; state-based actions then put it into the graveyard (704.5m)."""
    def choices(game, aura):
        legal = original(game, aura)
        if aura.card.enchant in ("player", "opponent"):
            legal += [("permanent", q.id) for q in game.on_battlefield()]
        return legal
    return choices


def _attach_anywhere(original):
    """CR 701.3b broken: an effect attaches an Aura or Equipment wherever it is told; state-based
    actions then deal with an illegal attachment (704.5m, 704.5n)."""
    def can_attach(game, p, to):
        return True
    return can_attach


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


MUTANTS = (
    Mutant("enchant-opponent-allows-controller", "303.4", "enchant-opponent Aura survives enchanting "
           "its controller", "AURA-001", (("aura_is_legal", _enchant_opponent_allows_controller),),
           rules=("303.4", "704.5m")),
    Mutant("aura-legality-before-control-effects", "613.1b", "Aura legality ignores control "
           "effects", "AURA-001", (("aura_is_legal", _aura_legality_before_control_effects),),
           rules=("613.1b", "303.4", "704.5m")),
    Mutant("protection-checked-only-when-attaching", "702.16j", "protection from everything doesn't "
           "remove an attached Aura", "AURA-001",
           (("aura_is_legal", _protection_checked_only_when_attaching),), rules=("702.16j", "704.5m")),
    Mutant("aura-with-nothing-to-enchant-enters", "303.4g", "an Aura with nothing to enchant enters "
           "instead of staying in hand", "AURA-001",
           (("nothing_to_enchant", _aura_with_nothing_to_enchant_enters),)),
    Mutant("uncast-enchant-player-aura-onto-a-permanent", "702.5d", "an enchant-player Aura put onto "
           "the battlefield may be attached to a permanent", "AURA-001",
           (("_aura_choices", _uncast_aura_may_enchant_any_permanent),), rules=("702.5d", "303.4f")),
    Mutant("attach-ignores-restrictions", "701.3b", "attach moves an Aura or Equipment anywhere",
           "AURA-002", (("can_attach", _attach_anywhere),)),
    Mutant("curse-triggers-on-controllers-upkeep", "603.2", "a Curse triggers in its controller's "
           "upkeep, not the enchanted player's", "AURA-101",
           (("enchants_active_player", _curse_on_its_controllers_upkeep),), rules=("603.2", "303.4e")),
    Mutant("curse-damages-its-controller", "303.4e", "a Curse's upkeep damage goes to its controller",
           "AURA-101", (("cursed_player", _curse_hurts_its_controller),)),
)
