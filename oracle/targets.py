"""Target legality (CR 115): a phased-out permanent can't be targeted (702.26b), protection (702.16)."""
from __future__ import annotations

from typing import Callable

from attrs import frozen

from mtg_conformance.oracle.characteristics import (EQUIPPED_HEXPROOF, EQUIPPED_SHROUD, enchanted_player_can_be_enchanted,
                                    equipped_with, is_creature, is_land,
                                    power_toughness, protected_from, subtypes, types)
from mtg_conformance.oracle.provenance import note
from mtg_conformance.oracle.registry import meaning, register
from mtg_conformance.oracle.seams import seam
from mtg_conformance.oracle.state import Game, Permanent


def _islands(game: Game, seat: int) -> int:
    return sum(1 for p in game.on_battlefield() if p.controller == seat and "Island" in subtypes(game, p))


@frozen
class TargetKind:
    """What a target kind (or enchant restriction) allows: permanents that `fits`, and players —
    none, any ("any") or only opponents of the controller ("opponent")."""

    fits: Callable
    players: str = ""


def _kind(name: str, rule: str, players: str = "", kept: str = "", text: str = ""):
    """`text` words it as an enchant restriction ("Enchant land"); as a target, its effect's text
    words it ("untap target creature")."""
    def define(fits: Callable) -> Callable:
        register("target", name, rule, TargetKind(fits, players), kept, text)
        return fits
    return define


@_kind("any", rule="115.4", players="any")
@_kind("creature", rule="115.1", text="creature")
def _creature(game: Game, p: Permanent, controller: int) -> bool:
    return is_creature(p)


@_kind("creature_you_control", rule="115.1")
def _your_creature(game: Game, p: Permanent, controller: int) -> bool:
    return is_creature(p) and p.controller == controller


@_kind("creature_opponent_controls", rule="115.1")
def _opponents_creature(game: Game, p: Permanent, controller: int) -> bool:
    return is_creature(p) and p.controller != controller


@_kind("creature_power_le_islands", rule="115.1")
def _shackles_target(game: Game, p: Permanent, controller: int) -> bool:
    """Vedalken Shackles: power at most the number of Islands its controller controls."""
    return is_creature(p) and power_toughness(game, p)[0] <= _islands(game, controller)


@_kind("tapped_creature", rule="115.1")
@seam
def tapped_creature(game: Game, p: Permanent, controller: int) -> bool:
    """Royal Assassin: a creature that is tapped as the target is chosen and as it resolves."""
    return is_creature(p) and p.tapped


@_kind("artifact_creature_or_land", rule="115.1")
def _artifact_creature_or_land(game: Game, p: Permanent, controller: int) -> bool:
    """Icy Manipulator: an artifact, a creature or a land."""
    return is_creature(p) or is_land(p) or "artifact" in types(p)


@_kind("artifact", rule="115.1")
def _artifact(game: Game, p: Permanent, controller: int) -> bool:
    """Voltaic Key: an artifact (a Mutavault or a creature is one only if its card is)."""
    return "artifact" in types(p)


@_kind("land", rule="303.4a", text="land")
def _land(game: Game, p: Permanent, controller: int) -> bool:
    return is_land(p)


@_kind("forest", rule="303.4a", text="Forest")
def _forest(game: Game, p: Permanent, controller: int) -> bool:
    """Utopia Sprawl: a land with the subtype Forest, type-changing effects applied (CR 613.1d)."""
    return is_land(p) and "Forest" in subtypes(game, p)


@_kind("enchantment", rule="303.4a", text="enchantment")
def _enchantment(game: Game, p: Permanent, controller: int) -> bool:
    return "enchantment" in types(p)


@_kind("artifact_or_creature", rule="303.4a", text="artifact or creature")       # Teferi's Curse
@seam
def _artifact_or_creature(game: Game, p: Permanent, controller: int) -> bool:
    if "artifact" in types(p) and not is_creature(p):
        note(game, "303.4a", f"{p.id} is an artifact -> an \"enchant artifact or creature\" Aura may "
             "enchant it", (p.id,), ("rejected.illegal_target", "rejected.illegal_attachment"))
    return is_creature(p) or "artifact" in types(p)


@_kind("player", rule="115.1", players="any", text="player")
@_kind("opponent", rule="702.5d", players="opponent", text="opponent")
def _no_permanent(game: Game, p: Permanent, controller: int) -> bool:
    return False


def permanent_fits(game: Game, p: Permanent, wanted: str, controller: int) -> bool:
    """Is `p` a `wanted` (a registered target kind) for a player `controller`?"""
    return meaning("target", wanted).fits(game, p, controller)


def target_is_legal(game: Game, target, wanted: str, source: Permanent | None,
                    controller: int) -> bool:
    """Is `target` ({"permanent": id} / {"player": seat} as a tuple) a legal `wanted` target now?"""
    if not isinstance(target, tuple) or len(target) != 2:
        return False
    kind, ref = target
    if kind == "player":
        players = meaning("target", wanted).players
        if not players:
            return False
        if not (isinstance(ref, int) and 0 <= ref < len(game.players)):
            return False
        if players == "opponent" and ref == controller:
            return False
        player = game.players[ref]
        if player.in_game and player.protected_until_turn:
            by = source.id if source is not None else "a spell or ability"
            note(game, "702.16j", f"player {ref} has protection from everything -> {by} can't "
                 "target them", (ref,), ("rejected.illegal_target.protection",),
                 (source.id,) if source is not None else ())
        return enchanted_player_can_be_enchanted(game, ref)   # in the game, no protection
    p = game.permanents.get(ref)
    if p is None or not p.phased_in:
        return False
    shield = shielded_by(game, p, controller)
    if shield:
        rule, what = shield
        note(game, rule, f"{p.id} has {what} from equipment -> player {controller}'s spell or "
             "ability can't target it", (p.id,), ("rejected.illegal_target",),
             equipped_with(game, p, EQUIPPED_SHROUD) + equipped_with(game, p, EQUIPPED_HEXPROOF))
        return False
    if source is not None and protected_from(p, source):
        note(game, "702.16b", f"{p.id} has protection from {p.chosen_color} (chosen as it entered, "
             f"614.12) -> {source.id} can't target it", (p.id, source.id),
             ("rejected.illegal_target.protection",))
        return False
    if wanted in ("player", "opponent") and source is not None and source.card.enchant:
        note(game, "702.5d", f"an Aura with enchant {wanted} can target only a player, never a "
             f"permanent like {p.id}", (p.id,), ("rejected.illegal_target",),
             (source.id,) if source is not None else ())
    return permanent_fits(game, p, wanted, controller)


@seam
def shielded_by(game: Game, p: Permanent, controller: int) -> tuple | None:
    """(rule, keyword) if `p` can't be targeted by what player `controller` controls: shroud keeps
    every spell and ability from targeting it (CR 702.18a), hexproof only its controller's opponents'
    (702.11b); None otherwise."""
    if equipped_with(game, p, EQUIPPED_SHROUD):
        return "702.18a", "shroud"
    if equipped_with(game, p, EQUIPPED_HEXPROOF) and controller != p.controller:
        return "702.11b", "hexproof"
    return None
