"""Characteristics the rules ask about, with continuous effects applied (CR 613, simplified).

Only phased-in permanents have effects (CR 702.26b), so every source below is phased in.
"""
from __future__ import annotations

from oracle.provenance import note
from oracle.registry import static
from oracle.seams import seam
from oracle.state import Game, Permanent


HASTE = static("your_creatures_haste", rule="702.10b",                          # Fervor
                text="Creatures you control have haste.")
ANTHEM = static("anthem_1_1", rule="613.4c", text="Creatures you control get +1/+1.")   # Glorious Anthem
ENCHANTED_PLUS_1_2 = static("enchanted_plus_1_2", rule="613.4c",               # Holy Strength
                            text="Enchanted creature gets +1/+2.")
EQUIPPED_PLUS_2_0 = static("equipped_plus_2_0", rule="613.4c",                 # Bonesplitter
                           text="Equipped creature gets +2/+0.")
PROTECTION_CHOSEN_COLOR = static("protection_chosen_color", rule="702.16a",    # Voice of All
                                 text="Protection from the chosen colour.")
# Keywords the catalog records though no modelled rule reads them (no blocking, no combat damage).
KEYWORDS_SHOWN = (static("flying", rule="702.9a", text="Flying."),
                  static("your_creatures_trample", rule="702.19b",
                         text="Creatures you control have trample."),
                  static("islandwalk", rule="702.14c", text="Islandwalk."),             # no blocks
                  static("first_strike", rule="702.7b", text="First strike."),          # no blocks
                  static("enchanted_blocked_only_by_walls", rule="509.1b",             # no blocks
                         text="Enchanted creature can't be blocked except by Walls."))


def types(p: Permanent) -> frozenset:
    """Card types, with Mutavault's "becomes a creature" (CR 613.1d)."""
    return p.card.types | {"creature"} if p.animated else p.card.types


def is_creature(p: Permanent) -> bool:
    return "creature" in types(p)


@seam
def has_creature_type(p: Permanent, subtype: str) -> bool:
    """CR 205.3m: an animated Mutavault is a creature with all creature types (layer 4, 613.1d)."""
    return subtype in p.card.subtypes or (p.animated and "creature" in types(p))


def is_land(p: Permanent) -> bool:
    return "land" in p.card.types


def subtypes(game: Game, p: Permanent) -> frozenset:
    """The permanent's subtypes with type-changing effects applied (CR 613.1d, layer 4): its card's."""
    return p.card.subtypes


def mana_abilities(game: Game, p: Permanent) -> tuple:
    """The permanent's mana abilities with ability-changing effects applied (CR 613.1f, layer 6): its
    card's. An activation's `ability` index counts in this tuple."""
    return p.card.mana_abilities


@seam
def statics(game: Game, name: str):
    """Phased-in permanents with the static ability `name`."""
    return [s for s in game.on_battlefield() if name in s.card.statics]


def attached_host(game: Game, aura: Permanent) -> Permanent | None:
    if aura.attached_to and aura.attached_to[0] == "permanent":
        return game.permanents.get(aura.attached_to[1])
    return None


def attachments(game: Game, host: Permanent):
    """Permanents attached to `host` (phased in or not)."""
    return [p for p in game.permanents.values()
            if p.zone == "battlefield" and p.attached_to == ("permanent", host.id)]


@seam
def has_haste(game: Game, p: Permanent) -> bool:
    """CR 702.10: Fervor-style statics or an until-end-of-turn grant (Threaten); nothing gives a
    phased-out permanent haste (702.26b: it can't be affected by anything else in the game)."""
    return bool(haste_givers(game, p))


def haste_givers(game: Game, p: Permanent) -> list:
    """What gives `p` haste: the source (None for a spell) of each until-end-of-turn grant, then the
    phased-in permanents whose static ability gives the creature haste (Fervor); none for a
    phased-out permanent."""
    if p.phased_out:
        return []
    granted = [e.source for e in game.control_effects if e.target == p.id and e.grants_haste]
    return granted + ([s.id for s in statics(game, HASTE) if s.controller == p.controller]
                      if is_creature(p) else [])


def modifiers(game: Game, p: Permanent) -> list[tuple[str, int, int]]:
    """CR 613.4c (layer 7c): what raises or lowers `p`'s power and toughness, as (source id, +power,
    +toughness): its +1/+1 counters (source `p` itself, 122.1a), then its controller's anthems, then
    the phased-in Auras and Equipment attached to it (phased-out ones have no effect, 702.26b)."""
    found = []
    n = p.counters.get("+1/+1", 0)
    if n:
        found.append((p.id, n, n))
    found += [(s.id, 1, 1) for s in statics(game, ANTHEM) if s.controller == p.controller]
    for a in attachments(game, p):
        if a.phased_in and ENCHANTED_PLUS_1_2 in a.card.statics:
            found.append((a.id, 1, 2))
        if a.phased_in and EQUIPPED_PLUS_2_0 in a.card.statics:
            found.append((a.id, 2, 0))
    return found


def printed_power_toughness(p: Permanent) -> tuple:
    """CR 208.3: the printed values; an animated Mutavault is 2/2 (613.4b, layer 7b)."""
    return (2, 2) if p.animated else (p.card.power, p.card.toughness)


@seam
def power_toughness(game: Game, p: Permanent) -> tuple[int, int]:
    """CR 613.4: the printed values (7a/7b), then every modifier of 7c (`modifiers`)."""
    power, toughness = printed_power_toughness(p)
    for _, more_power, more_toughness in modifiers(game, p):
        power, toughness = power + more_power, toughness + more_toughness
    return power, toughness


def observed_power_toughness(game: Game, p: Permanent) -> tuple | None:
    """The contract's `power`/`toughness`, as last recorded (`record_power_toughness` runs after
    setup and after every action): None for a non-creature, a phased-out permanent (treated as
    though it doesn't exist, 702.26b) or one off the battlefield."""
    if p.zone != "battlefield" or p.phased_out or not is_creature(p):
        return None
    return game.power_toughness[p.id]


def record_power_toughness(game: Game) -> None:
    """Record a CR 613.4c decision for each phased-in creature whose power and toughness differ from
    what was last recorded for it (from its printed values, at first), naming what modifies them;
    the observation's `power`/`toughness` are decided here (called after setup and each action)."""
    for p in game.on_battlefield():
        if not is_creature(p):
            continue
        now, base = power_toughness(game, p), printed_power_toughness(p)
        if now != game.power_toughness.get(p.id, base):
            mods = modifiers(game, p)
            how = ", ".join(f"{'+1/+1 counters' if src == p.id else src} {dp:+d}/{dt:+d}"
                            for src, dp, dt in mods) or "nothing modifies it"
            note(game, "613.4c", f"{p.id} is {now[0]}/{now[1]}: printed {base[0]}/{base[1]}, {how}",
                 (p.id,), (f"permanents.{p.id}.power", f"permanents.{p.id}.toughness"),
                 [src for src, _, _ in mods if src != p.id])
        game.power_toughness[p.id] = now


@seam
def has_lethal_damage(game: Game, p: Permanent) -> bool:
    """CR 704.5g: damage marked on a creature (120.6) at least equal to its toughness, with every
    effect applied (613.4), is lethal."""
    toughness = power_toughness(game, p)[1]
    return toughness > 0 and p.damage >= toughness


def colors(p: Permanent) -> frozenset:
    return p.card.colors


def protected_from(p: Permanent, source: Permanent) -> bool:
    """CR 702.16: Voice of All's protection from its chosen colour."""
    return (PROTECTION_CHOSEN_COLOR in p.card.statics and p.chosen_color is not None
            and p.chosen_color in colors(source))


def enchanted_player_can_be_enchanted(game: Game, seat: int) -> bool:
    """A player who left can't be enchanted (303.4c); nor one with protection from everything (702.16j)."""
    player = game.players[seat]
    return player.in_game and not player.protected_until_turn
