"""State-based actions (CR 704) for the objects in scope; phased-out objects are ignored (702.26b)."""
from __future__ import annotations

from mtg_conformance.oracle import leaving, zones
from mtg_conformance.oracle.characteristics import (attached_host, enchanted_player_can_be_enchanted, has_lethal_damage,
                                                    is_creature, power_toughness, protected_from, record_creature)
from mtg_conformance.oracle.provenance import note
from mtg_conformance.oracle.seams import seam
from mtg_conformance.oracle.state import Game, Permanent, reading_pass
from mtg_conformance.oracle.targets import permanent_fits


@seam
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
    return permanent_fits(game, host, enchant, aura.controller) and not protected_from(host, aura)


def _why_aura_is_illegal(game: Game, aura: Permanent) -> tuple | None:
    """The rule, of those that say why an enchant player Aura (or one attached to a player) can't
    stay where it is, that decides it, with what it says; None when no such rule does (the
    state-based action itself, 704.5m, is recorded apart). Only describes `aura_is_legal`."""
    if aura.attached_to is None:
        return None
    kind, ref = aura.attached_to
    if kind == "permanent" and aura.card.enchant in ("player", "opponent"):
        return "702.5d", (f"{aura.id} has enchant {aura.card.enchant}: it can be attached only to a "
                          f"player, never to a permanent like {ref}")
    if kind != "player" or not 0 <= ref < len(game.players):
        return None
    player = game.players[ref]
    if not player.in_game:
        return "303.4c", (f"{aura.id} enchants player {ref}, who has left the game -> it is "
                          "attached to nothing and goes to its owner's graveyard")
    if aura.card.enchant == "opponent" and ref == aura.controller:
        return None             # illegal anyway (303.4): 704.5m decides, whatever else applies
    if player.protected_until_turn:
        return "702.16j", (f"player {ref} has protection from everything -> {aura.id} can't "
                           "enchant them and goes to its owner's graveyard")
    return None


@seam
def toughness_is_fatal(toughness: int) -> bool:
    """CR 704.5f: a creature with toughness 0 or less is put into its owner's graveyard (no damage
    needed: a -1/-1 anthem on a 1/1 kills it)."""
    return toughness <= 0


def equipment_is_legal(game: Game, eq: Permanent, attached_to: tuple | None) -> bool:
    """CR 301.5c: Equipment can be attached only to a creature, never to itself or a player; a
    phased-out creature is treated as though it doesn't exist (702.26b); protection from the
    Equipment's qualities forbids it (702.16d)."""
    kind, ref = attached_to or (None, None)
    host = game.permanents.get(ref) if kind == "permanent" else None
    return (host is not None and host.zone == "battlefield" and host.phased_in and host is not eq
            and is_creature(host) and not protected_from(host, eq))


def _equipment_is_legal(game: Game, eq: Permanent) -> bool:
    return eq.attached_to is None or equipment_is_legal(game, eq, eq.attached_to)


# The observed fields each state-based action reads: a player's life (704.5a) or the library they
# drew from (704.5b: the draw that emptied it is seen there), a creature's toughness and damage.
READS = {"704.5a": ("life",), "704.5b": ("library",), "704.5f": ("toughness",),
         "704.5g": ("damage", "toughness")}

# What each state-based action does (CR 704.5).
OUTCOME = {"704.5a": "the player loses", "704.5b": "the player loses",
           "704.5f": "put into its owner's graveyard", "704.5g": "put into its owner's graveyard",
           "704.5m": "put into its owner's graveyard", "704.5n": "becomes unattached"}


@reading_pass
def pending(game: Game) -> list[tuple[str, str, object]]:
    """Every state-based action that applies now, as (CR rule, what, player seat or permanent)
    (CR 704.5; phased-out permanents are ignored, 702.26b)."""
    found = []
    for p in game.players:
        if p.in_game and p.life <= 0:
            found.append(("704.5a", f"player {p.seat} has {p.life} life", p.seat))
        elif p.in_game and p.drew_from_empty:
            found.append(("704.5b", f"player {p.seat} drew from an empty library", p.seat))
    for p in game.on_battlefield():
        if is_creature(p):
            toughness = power_toughness(game, p)[1]
            if toughness_is_fatal(toughness):
                found.append(("704.5f", f"{p.id} is a creature with toughness {toughness}", p))
            elif has_lethal_damage(game, p):
                found.append(("704.5g", f"{p.id} has lethal damage", p))
        if "Aura" in p.card.subtypes and not aura_is_legal(game, p, p.attached_to):
            where = p.attached_to and f"can't enchant {p.attached_to[0]} {p.attached_to[1]!r}"
            found.append(("704.5m", f"{p.id}: {p.card.name} {where or 'is an Aura attached to nothing'}",
                          p))
        if p.card.equipment and not _equipment_is_legal(game, p):
            found.append(("704.5n", f"{p.id}: {p.card.name} is attached to a non-creature", p))
    return found


def _one_pass(game: Game) -> bool:
    """Perform every applicable state-based action once, simultaneously (CR 704.3)."""
    due = pending(game)
    for rule, what, subject in due:
        seat = isinstance(subject, int)
        where = (f"players[{subject}].in_game" if seat
                 else f"permanents.{subject.id}.{'attached_to' if rule == '704.5n' else 'zone'}")
        attached = None if seat else attached_host(game, subject)
        host = (attached.id,) if attached else ()
        reads = tuple(f"{where.rsplit('.', 1)[0]}.{field}" for field in READS.get(rule, ()))
        if reads and not seat:      # the toughness it read, recorded first: the creature leaves
            record_creature(game, subject)
        note(game, rule, f"{what} -> {OUTCOME[rule]}", (subject if seat else subject.id,), (where,), host,
             reads=reads)
        why = _why_aura_is_illegal(game, subject) if rule == "704.5m" else None
        if why:      # the rule that makes the Aura illegal: recorded last, it owns the Aura's zone
            note(game, why[0], why[1], (subject.id,), (where,), host)
    for rule, _, p in due:
        if rule == "704.5n":
            p.attached_to = None
    for rule, _, p in due:
        if rule in ("704.5f", "704.5g", "704.5m") and p.zone == "battlefield":
            zones.leave(game, p, "graveyard")
    for rule, _, seat in due:
        if rule in ("704.5a", "704.5b"):
            leaving.leave_game(game, seat)
    return bool(due)


@seam
def check(game: Game) -> None:
    """CR 704.3: repeat until no state-based action applies, or the game is over (CR 104.1)."""
    while not game.over() and _one_pass(game):
        pass

