"""Characteristics the rules ask about, with continuous effects applied (CR 613, simplified).

Only phased-in permanents have effects (CR 702.26b), so every source below is phased in.
"""
from __future__ import annotations

from mtg_conformance.oracle.land_types import is_land, view  # noqa: F401  (is_land: re-exported for the rules modules)
from mtg_conformance.oracle.provenance import note
from mtg_conformance.oracle.registry import meaning, register, static
from mtg_conformance.oracle.seams import seam
from mtg_conformance.oracle.state import Game, Permanent, once, reading_pass


HASTE = static("your_creatures_haste", rule="702.10b",                          # Fervor
                text="Creatures you control have haste.")
PROTECTION_CHOSEN_COLOR = static("protection_chosen_color", rule="702.16a",    # Voice of All
                                 text="Protection from the chosen colour.")
HASTE_KEYWORD = static("haste", rule="702.10a", text="Haste.")                 # Raging Goblin
ALL_HASTE = static("all_creatures_haste", rule="702.10b",                      # Mass Hysteria
                   text="All creatures have haste.")
EQUIPPED_HASTE = static("equipped_haste", rule="702.10b",                      # Lightning Greaves
                        text="Equipped creature has haste.")
EQUIPPED_SHROUD = static("equipped_shroud", rule="702.18a",                    # Lightning Greaves
                         text="Equipped creature has shroud.")
EQUIPPED_HEXPROOF = static("equipped_hexproof", rule="702.11b",                # Swiftfoot Boots
                           text="Equipped creature has hexproof.")
# Keywords the catalog shows though no modelled rule reads them (blocks aren't modelled, and nothing
# in the catalog destroys a noncreature permanent).
KEYWORDS_SHOWN = (static("flying", rule="702.9a", text="Flying."),
                  static("your_creatures_trample", rule="702.19b",
                         text="Creatures you control have trample."),
                  static("trample", rule="702.19a", text="Trample."),           # Nyxbloom Ancient
                  static("islandwalk", rule="702.14c", text="Islandwalk."),             # no blocks
                  static("first_strike", rule="702.7b", text="First strike."),          # no blocks
                  static("enchanted_blocked_only_by_walls", rule="509.1b",             # no blocks
                         text="Enchanted creature can't be blocked except by Walls."),
                  static("enchanted_trample", rule="702.19b",                           # Rancor
                         text="Enchanted creature has trample."),
                  static("indestructible", rule="702.12b", text="Indestructible."))     # Darksteel Ingot

# Power/toughness statics (CR 613.4c, layer 7c): each names whom it modifies; the numbers (`boost`)
# and, for a colour anthem, the colour (`boost_color`) are on the card. Each scope's meaning says
# whether the static of `source` applies to the creature `p`.
COLOR_NAMES = {"W": "White", "U": "Blue", "B": "Black", "R": "Red", "G": "Green"}


def _boost_scope(name: str, rule: str, text: str):
    def define(applies):
        register("static", name, rule, applies, text=text)
        return applies
    return define


@_boost_scope("pt_enchanted", rule="303.4", text="Enchanted creature gets {pt}.")
@_boost_scope("pt_equipped", rule="301.5", text="Equipped creature gets {pt}.")
def _attached(game: Game, source: Permanent, p: Permanent) -> bool:
    """An Aura or Equipment modifies only the creature it is attached to."""
    return source.attached_to == ("permanent", p.id)


@_boost_scope("pt_your_creatures", rule="613.4c", text="Creatures you control get {pt}.")
def _yours(game: Game, source: Permanent, p: Permanent) -> bool:
    return source.controller == p.controller


@_boost_scope("pt_other_creatures_you_control", rule="613.4c",
              text="Other creatures you control get {pt}.")
def _other_yours(game: Game, source: Permanent, p: Permanent) -> bool:
    return source.controller == p.controller and source is not p


@_boost_scope("pt_creatures_of_color", rule="613.4c", text="{color} creatures get {pt}.")
def _of_color(game: Game, source: Permanent, p: Permanent) -> bool:
    """Every player's creatures of that colour, a multicoloured one too (CR 105.2)."""
    return source.card.boost_color in colors(p)


@_boost_scope("pt_your_creatures_of_color", rule="613.4c",
              text="{color} creatures you control get {pt}.")
def _yours_of_color(game: Game, source: Permanent, p: Permanent) -> bool:
    return source.controller == p.controller and source.card.boost_color in colors(p)


@_boost_scope("pt_enchanted_players_creatures", rule="303.4",
              text="Creatures enchanted player controls get {pt}.")
def _enchanted_players(game: Game, source: Permanent, p: Permanent) -> bool:
    """A Curse's static follows the player it enchants, whoever controls the Curse (303.4e)."""
    return source.attached_to == ("player", p.controller)


@_boost_scope("pt_creatures_of_chosen_color", rule="613.4c",
              text="Creatures of the chosen colour get {pt}.")
def _of_chosen_color(game: Game, source: Permanent, p: Permanent) -> bool:
    """Every player's creatures of the colour chosen as it entered (Gauntlet of Power)."""
    return source.chosen_color in colors(p)


@_boost_scope("pt_other_elves_you_control", rule="613.4c",
              text="Other Elf creatures you control get {pt}.")
def _other_elves_yours(game: Game, source: Permanent, p: Permanent) -> bool:
    """Elvish Archdruid: an Elf by its creature types with effects applied (205.3m)."""
    return source.controller == p.controller and source is not p and has_creature_type(p, "Elf")


BOOST_SCOPES = frozenset({"pt_enchanted", "pt_equipped", "pt_your_creatures",
                          "pt_other_creatures_you_control", "pt_creatures_of_color",
                          "pt_your_creatures_of_color", "pt_enchanted_players_creatures",
                          "pt_creatures_of_chosen_color", "pt_other_elves_you_control"})


@seam
def boosting(game: Game) -> list:
    """Phased-in permanents with a "gets +N/+N" static (a phased-out one's doesn't apply, 702.26b)."""
    return list(game.those("gets +N/+N", lambda card: card.boost))


@seam
def boost_applies(game: Game, source: Permanent, scope: str, p: Permanent) -> bool:
    """CR 613.4c: does the power/toughness static `scope` of `source` modify `p`?"""
    return meaning("static", scope)(game, source, p)


def types(p: Permanent) -> frozenset:
    """Card types, with Mutavault's "becomes a creature" (CR 613.1d)."""
    return p.card.types | {"creature"} if p.animated else p.card.types


def is_creature(p: Permanent) -> bool:
    """`"creature" in types(p)`, without building the set: it is asked of every permanent, often."""
    return p.animated or "creature" in p.card.types


@seam
def has_creature_type(p: Permanent, subtype: str) -> bool:
    """CR 205.3m: an animated Mutavault is a creature with all creature types (layer 4, 613.1d)."""
    return subtype in p.card.subtypes or (p.animated and "creature" in types(p))


def subtypes(game: Game, p: Permanent) -> frozenset:
    """The permanent's subtypes with type-changing effects applied (CR 305.7, 613.1d, layer 4;
    oracle/land_types.py)."""
    return view(game, p).subtypes


def mana_abilities(game: Game, p: Permanent) -> tuple:
    """The permanent's mana abilities with type- and ability-changing effects applied (CR 305.6,
    305.7, 613.1f, layer 6; oracle/land_types.py): its printed ones (unless a land's type was set),
    then those of its basic land types not printed, in WUBRG order, then the granted ones in timestamp
    order. An activation's `ability` index counts in this tuple."""
    return view(game, p).abilities


def activated_abilities(game: Game, p: Permanent) -> tuple:
    """The permanent's non-mana activated abilities: its card's, unless it is a land whose type an
    effect set (CR 305.7: Mutavault under Blood Moon can't become a creature)."""
    return p.card.activated if view(game, p).rules_text else ()


@seam
def statics(game: Game, name: str):
    """Phased-in permanents with the static ability `name`."""
    return list(game.having(name))


def attached_host(game: Game, aura: Permanent) -> Permanent | None:
    if aura.attached_to and aura.attached_to[0] == "permanent":
        return game.permanents.get(aura.attached_to[1])
    return None


def attachments(game: Game, host: Permanent):
    """Permanents attached to `host` (phased in or not)."""
    to_host = ("permanent", host.id)
    return [p for p in game.permanents.values() if p.attached_to == to_host and p.zone == "battlefield"]


@seam
def has_haste(game: Game, p: Permanent) -> bool:
    """CR 702.10: Fervor-style statics or an until-end-of-turn grant (Threaten); nothing gives a
    phased-out permanent haste (702.26b: it can't be affected by anything else in the game)."""
    return bool(haste_givers(game, p))


@seam
def haste_givers(game: Game, p: Permanent) -> list:
    """What gives `p` haste: the source (None for a spell) of each until-end-of-turn grant, then, for
    a creature, its own haste (702.10a), the phased-in permanents whose static ability gives it haste
    — its controller's Fervors, every Mass Hysteria whoever controls it (702.10b) — and the phased-in
    Equipment attached to it that grants haste (Lightning Greaves); none for a phased-out permanent."""
    if p.phased_out:
        return []
    granted = [e.source for e in game.control_effects if e.target == p.id and e.grants_haste]
    if not is_creature(p):
        return granted
    own = [p.id] if HASTE_KEYWORD in p.card.statics else []
    yours = [s.id for s in statics(game, HASTE) if s.controller == p.controller]
    everyone = [s.id for s in statics(game, ALL_HASTE)]
    return granted + own + yours + everyone + equipped_with(game, p, EQUIPPED_HASTE)


def equipped_with(game: Game, p: Permanent, name: str) -> list:
    """The phased-in Equipment attached to `p` with the static ability `name` (CR 301.5, 702.26b)."""
    return attached_having(game, p, name)


def attached_having(game: Game, p: Permanent, name: str) -> list:
    """The ids of the phased-in permanents attached to `p` with the static ability `name` (the
    phased-in ones of `attachments(game, p)` that have it), in battlefield order."""
    to_p = ("permanent", p.id)
    return [a.id for a in game.having(name) if a.attached_to == to_p]


@seam
def has_flying(game: Game, p: Permanent) -> bool:
    """CR 702.9a: the creature has flying (printed; no effect here grants or removes it)."""
    return "flying" in p.card.statics


def modifiers(game: Game, p: Permanent) -> list[tuple[str, int, int]]:
    """CR 613.4c (layer 7c): what raises or lowers `p`'s power and toughness, as (source id, +power,
    +toughness): its +1/+1 counters (source `p` itself, 122.1a), then every phased-in permanent's
    "gets +N/+N" static whose scope takes in `p` (`boost_applies`): anthems, lords, Auras, Equipment
    and Curses."""
    n = p.counters.get("+1/+1", 0) if p.counters else 0
    found = [(p.id, n, n)] if n else []
    for s, scopes in once(game, "boost scopes", _boost_scopes, game):
        for scope in scopes:
            if boost_applies(game, s, scope, p):
                found.append((s.id, *s.card.boost))
    return found


def _boost_scopes(game: Game) -> list:
    """(source, its power/toughness statics) of each "gets +N/+N" source (`boosting`)."""
    return [(s, s.card.statics & BOOST_SCOPES) for s in boosting(game)]


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


@reading_pass
def record_power_toughness(game: Game) -> None:
    """Record a CR 613.4c decision for each phased-in creature seen for the first time, or whose power
    and toughness differ from what was last recorded for it, naming what modifies them (perhaps
    nothing: an anthem that doesn't name it decided that too); the observation's `power`/`toughness` are
    decided here (called after setup and each action). When a "gets +N/+N" static has come, gone,
    moved or changed hands, or a creature has changed hands while one is there (its scope may be
    "creatures you control"), every creature's is recorded: those it doesn't name were decided too."""
    creatures = [p for p in game.on_battlefield() if is_creature(p)]
    sources = tuple([(s.id, s.controller, s.attached_to)
                     for s, _ in once(game, "boost scopes", _boost_scopes, game)])
    scope = (sources, tuple([(p.id, p.controller) for p in creatures])) if sources else ()
    moved, game.boost_sources = scope != game.boost_sources, scope
    for p in creatures:
        record_creature(game, p, moved)


def record_creature(game: Game, p: Permanent, again: bool = False) -> None:
    """Record creature `p`'s CR 613.4c decision if its power and toughness differ from those last
    recorded (or `again`); a state-based action that reads its toughness records it first. Where
    only what modifies it keeps its toughness above 0, the decision says that without them it would
    be in its owner's graveyard (704.5f): a zone other decisions decide (properties/blame.py takes
    that only as a case's other reading — a 0/0 that died with the X counters it entered with)."""
    now = power_toughness(game, p)
    if again or now != game.power_toughness.get(p.id):
        base, mods = printed_power_toughness(p), modifiers(game, p)
        how = ", ".join(f"{'+1/+1 counters' if src == p.id else src} {dp:+d}/{dt:+d}"
                        for src, dp, dt in mods) or "nothing modifies it"
        fields = (f"permanents.{p.id}.power", f"permanents.{p.id}.toughness")
        kept_alive = base[1] <= 0 < now[1]
        note(game, "613.4c", f"{p.id} is {now[0]}/{now[1]}: printed {base[0]}/{base[1]}, {how}"
             + (" -> only they keep its toughness above 0 (704.5f)" if kept_alive else ""),
             (p.id,), fields, [src for src, _, _ in mods if src != p.id], key="power-toughness",
             otherwise=((f"permanents.{p.id}.zone", "graveyard"),) if kept_alive else ())
        _record_phased_out_boosts(game, p, now, fields)
    game.power_toughness[p.id] = now


def _record_phased_out_boosts(game: Game, p: Permanent, now: tuple, fields: tuple) -> None:
    """CR 702.26b: the "gets +N/+N" statics of phased-out permanents that would modify `p` don't; the
    decision says what every creature they would modify would be if they did — `p` and the others
    in their scope, so that an engine showing that departed from it, and one that raised `p` alone
    for another reason didn't."""
    phased_out = [s for s in game.permanents.values()
                  if s.card.boost and s.zone == "battlefield" and s.phased_out]
    ghosts = [s for s in phased_out if _ghost_boost(game, [s], p)]
    if not ghosts:
        return
    otherwise = []
    for q in game.on_battlefield():
        if q is p or (is_creature(q) and _ghost_boost(game, ghosts, q)):
            base, more = now if q is p else power_toughness(game, q), _ghost_boost(game, phased_out, q)
            otherwise += [(f"permanents.{q.id}.power", base[0] + more[0]),
                          (f"permanents.{q.id}.toughness", base[1] + more[1])]
    ids = [s.id for s in ghosts]
    else_p = dict(otherwise)
    note(game, "702.26b", f"{', '.join(ids)} phased out, treated as though it doesn't exist -> its "
         f"static ability doesn't modify {p.id} (else {else_p[fields[0]]}/{else_p[fields[1]]})",
         (p.id,), fields, ids, otherwise=tuple(otherwise))


def _ghost_boost(game: Game, sources: list, q: Permanent) -> tuple[int, int] | None:
    """What the "gets +N/+N" statics of `sources` would add to `q`'s power and toughness if they
    applied to it; None if none of them would."""
    boosts = [s.card.boost for s in sources for scope in s.card.statics & BOOST_SCOPES
              if boost_applies(game, s, scope, q)]
    return (sum(b[0] for b in boosts), sum(b[1] for b in boosts)) if boosts else None


@seam
def has_lethal_damage(game: Game, p: Permanent) -> bool:
    """CR 704.5g: damage marked on a creature (120.6) at least equal to its toughness, with every
    effect applied (613.4), is lethal."""
    if not p.damage:                      # no damage is lethal to a creature with toughness > 0
        return False
    return is_lethal(p.damage, power_toughness(game, p)[1])


def is_lethal(damage: int, toughness: int) -> bool:
    """CR 704.5g: `damage` at least equal to a toughness above 0 is lethal (one of 0 is 704.5f's)."""
    return toughness > 0 and damage >= toughness


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
