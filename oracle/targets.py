"""Target legality (CR 115): a phased-out permanent can't be targeted (702.26b), protection (702.16)."""
from __future__ import annotations

from oracle.characteristics import (enchanted_player_can_be_enchanted, is_creature, is_land,
                                    power_toughness, protected_from, types)
from oracle.provenance import note
from oracle.state import Game, Permanent


def _islands(game: Game, seat: int) -> int:
    return sum(1 for p in game.on_battlefield() if p.controller == seat and "Island" in p.card.subtypes)


def _permanent_fits(game: Game, p: Permanent, wanted: str, controller: int) -> bool:
    if wanted in ("any", "creature"):
        return is_creature(p)
    if wanted == "creature_you_control":
        return is_creature(p) and p.controller == controller
    if wanted == "creature_opponent_controls":
        return is_creature(p) and p.controller != controller
    if wanted == "creature_power_le_islands":       # Vedalken Shackles
        return is_creature(p) and power_toughness(game, p)[0] <= _islands(game, controller)
    if wanted == "land":
        return is_land(p)
    if wanted == "enchantment":
        return "enchantment" in types(p)
    return False


def target_is_legal(game: Game, target, wanted: str, source: Permanent | None,
                    controller: int) -> bool:
    """Is `target` ({"permanent": id} / {"player": seat} as a tuple) a legal `wanted` target now?"""
    if not isinstance(target, tuple) or len(target) != 2:
        return False
    kind, ref = target
    if kind == "player":
        if wanted not in ("any", "player", "opponent"):
            return False
        if not (isinstance(ref, int) and 0 <= ref < len(game.players)):
            return False
        if wanted == "opponent" and ref == controller:
            return False
        return enchanted_player_can_be_enchanted(game, ref)   # in the game, no protection
    p = game.permanents.get(ref)
    if p is None or not p.phased_in:
        return False
    if source is not None and protected_from(p, source):
        note(game, "702.16b", f"{p.id} has protection from {p.chosen_color} (chosen as it entered, "
             f"614.12) -> {source.id} can't target it", (p.id, source.id),
             ("rejected.illegal_target.protection",))
        return False
    return _permanent_fits(game, p, wanted, controller)
