"""State-based actions (CR 704) for the objects in scope; phased-out objects are ignored (702.26b)."""
from __future__ import annotations

from oracle import leaving, zones
from oracle.characteristics import (enchanted_player_can_be_enchanted, is_creature, is_land,
                                    power_toughness, protected_from, types)
from oracle.provenance import note
from oracle.state import Game, Permanent


def aura_is_legal(game: Game, aura: Permanent, attached_to: tuple | None,
                  host_may_be_phased_out: bool = False) -> bool:
    """CR 303.4, 702.5: what an Aura's enchant ability lets it be attached to. A phased-out host is
    treated as though it doesn't exist (702.26b) — so an Aura that phased in attached to a host that
    phased out at the same moment (702.26i) is attached to nothing [derived]."""
    enchant = aura.card.enchant
    if attached_to is None:
        return False
    kind, ref = attached_to
    if kind == "player":
        if enchant not in ("player", "opponent"):
            return False                          # CR 702.5d, the other way round
        if not 0 <= ref < len(game.players) or not enchanted_player_can_be_enchanted(game, ref):
            return False                          # left the game (303.4c) or protection (702.16j)
        return enchant == "player" or ref != aura.controller   # opponent: never its controller
    if enchant in ("player", "opponent"):
        return False                              # CR 702.5d: enchant player is never on a permanent
    host = game.permanents.get(ref)
    if host is None or host.zone != "battlefield" or host.id == aura.id:
        return False                              # CR 303.4d: can't enchant itself
    if host.phased_out and not host_may_be_phased_out:
        return False
    wanted = {"creature": is_creature(host), "land": is_land(host),
              "enchantment": "enchantment" in types(host)}
    return wanted.get(enchant, False) and not protected_from(host, aura)


def _equipment_is_legal(game: Game, eq: Permanent) -> bool:
    if eq.attached_to is None:
        return True
    kind, ref = eq.attached_to
    host = game.permanents.get(ref) if kind == "permanent" else None
    return host is not None and host.phased_in and is_creature(host)


def _one_pass(game: Game) -> bool:
    """Perform every applicable state-based action once, simultaneously (CR 704.3)."""
    losers = [p.seat for p in game.players
              if p.in_game and (p.life <= 0 or p.drew_from_empty)]          # 704.5a, 704.5b
    for seat in losers:
        note(game, "704.5a" if game.players[seat].life <= 0 else "704.5b", f"player {seat} loses",
             (seat,), (f"players[{seat}].in_game",))
    to_graveyard = []
    for p in game.on_battlefield():
        if is_creature(p):
            power, toughness = power_toughness(game, p)
            if toughness <= 0 or (p.damage >= toughness > 0):               # 704.5f, 704.5g
                to_graveyard.append(p)
                note(game, "704.5f" if toughness <= 0 else "704.5g", f"{p.id} has toughness "
                     f"{toughness} and {p.damage} damage -> put into its owner's graveyard", (p.id,),
                     (f"permanents.{p.id}",))
        if "Aura" in p.card.subtypes and not aura_is_legal(game, p, p.attached_to):
            to_graveyard.append(p)                                          # 704.5m
            note(game, "704.5m", f"{p.id} is attached to {p.attached_to}, which it can't enchant "
                 "(303.4) -> put into its owner's graveyard", (p.id,), (f"permanents.{p.id}",))
    unattach = [p for p in game.on_battlefield()
                if p.card.equipment and not _equipment_is_legal(game, p)]   # 704.5n
    for p in unattach:
        p.attached_to = None
        note(game, "704.5n", f"{p.id} is attached to an illegal object -> becomes unattached", (p.id,),
             (f"permanents.{p.id}.attached_to",))
    for p in to_graveyard:
        zones.leave(game, p, "graveyard")
    for seat in losers:
        leaving.leave_game(game, seat)
    return bool(losers or to_graveyard or unattach)


def check(game: Game) -> None:
    """CR 704.3: repeat until no state-based action applies, or the game is over (CR 104.1)."""
    while not game.over() and _one_pass(game):
        pass
