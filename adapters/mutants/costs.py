"""Mutants of the `costs` area ({T} and {Q} costs, summoning sickness and haste): each breaks one of
its rules the way a real engine might, and the area's property named in `caught_by` must catch it."""
from __future__ import annotations

from mtg_conformance.adapters.mutants import Mutant
from mtg_conformance.oracle import characteristics
from mtg_conformance.oracle.errors import Rejected


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
    def controlled_anew(game, p):
        return None
    return controlled_anew


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


MUTANTS = (
    Mutant("untap-ignores-sickness", "107.6", "{Q} abilities ignore summoning sickness", "COST-001",
           (("check_cost", _untap_ignores_sickness),), rules=("107.6", "302.6")),
    Mutant("noncreatures-get-sick", "302.6", "summoning sickness applies to noncreatures", "COST-002",
           (("check_summoning_sickness", _noncreatures_get_sick),)),
    Mutant("haste-ignored", "702.10c", "haste doesn't override summoning sickness", "COST-002",
           (("has_haste", _haste_ignored),)),
    Mutant("control-change-keeps-continuity", "302.6", "control changes don't reset sickness",
           "COST-003", (("controlled_anew", _control_change_keeps_continuity),)),
    Mutant("hysteria-haste-only-for-controller", "702.10b", "Mass Hysteria gives haste only to its "
           "controller's creatures", "COST-101", (("haste_givers", _hysteria_only_for_its_controller),),
           rules=("702.10b", "702.10c")),
    Mutant("own-haste-ignored", "702.10a", "a creature's own haste is ignored", "COST-101",
           (("haste_givers", _own_haste_ignored),), rules=("702.10a", "702.10c")),
    Mutant("equipment-haste-ignored", "702.10b", "Equipment that grants haste gives none", "COST-101",
           (("haste_givers", _equipment_haste_ignored),), rules=("702.10b", "702.10c")),
    Mutant("shroud-and-hexproof-ignored", "702.18a", "Equipment's shroud and hexproof don't stop "
           "targets", "COST-101", (("shielded_by", _shroud_and_hexproof_ignored),),
           rules=("702.18a", "702.11b"), decisions=2),   # shroud's decision and hexproof's, each broken
    Mutant("assassin-targets-untapped", "115.1", "Royal Assassin may target an untapped creature",
           "COST-102", (("tapped_creature", _any_creature_is_tapped),)),
    Mutant("destroy-does-nothing", "701.8a", "Royal Assassin's destroy leaves its target in play",
           "COST-102", (("_destroy", _destroy_does_nothing),)),
    Mutant("tap-target-does-nothing", "701.26a", "\"tap target\" leaves its target untapped",
           "COST-102", (("_tap_target", _tap_does_nothing),)),
)
