"""The effects that use X (CR 107.3): each records which X it uses (107.3a cast, 107.3k activated,
107.3m entered) for the fields it decides; X damage, X cards drawn, X life; and the counters and
tokens of the cards with X (122.1a, 111.1)."""
from __future__ import annotations

from mtg_conformance.oracle import zones
from mtg_conformance.oracle.characteristics import has_flying, is_creature, is_lethal, power_toughness
from mtg_conformance.oracle.provenance import note
from mtg_conformance.oracle.registry import effect
from mtg_conformance.oracle.resolve import Use, change_life, deal_damage
from mtg_conformance.oracle.seams import seam
from mtg_conformance.oracle.state import Game, Permanent


_X_CHOSEN = {"107.3m": "its enters ability uses the X of the spell it came from",
             "107.3k": "its activated ability uses the X chosen as it was activated",
             "107.3a": "it uses the X chosen as it was cast"}


def uses_x(use: Use, fields: tuple, involved: tuple = ()) -> None:
    """Record which X `use` used (CR 107.3m, 107.3k or 107.3a) for the fields it decided: after
    the damage, draws or life it dealt out, whose amount it decided (so it owns those fields)."""
    note(use.game, use.x_rule, f"{use.source.id}: {_X_CHOSEN[use.x_rule]} -> X={use.x}",
         (use.source.id,) + involved, fields, key="uses-x")


def _fields(target: tuple) -> tuple:
    """What damage to `target` decides: a permanent's damage and, by it, its zone; a player's life."""
    kind, ref = target
    return (f"permanents.{ref}.damage", f"permanents.{ref}.zone") if kind == "permanent" \
        else (f"players[{ref}].life",)


@effect("damage_x", rule="107.3", text="it deals X damage to any target")
@effect("damage_x_to_creature", rule="107.3", text="it deals X damage to target creature")
@seam
def _damage_x(use: Use) -> None:
    """X damage to its one target (Ajani's Anguish's enters ability, Blaze, Heat Ray)."""
    deal_damage(use.game, use.target, use.x)
    uses_x(use, _fields(use.target), (use.target[1],))


def _mass_damage(use: Use, hits, players: bool = True, said=None) -> None:
    """CR 120.3: X damage to each phased-in creature that `hits` allows (702.26b), then, if
    `players`, to each player still in the game, in turn order from the active player (101.4).
    `said(game, p, hit)` records why a creature was hit or spared: after the X, so that a creature
    dealt damage is owned by the choice of which creatures (the X also shows on the players)."""
    game = use.game
    chosen = {p.id: hits(game, p) for p in game.on_battlefield() if is_creature(p)}
    creatures = [game.permanents[i] for i, hit in chosen.items() if hit]
    seats = turn_order(game) if players else []
    for p in creatures:
        deal_damage(game, ("permanent", p.id), use.x)
    for seat in seats:
        deal_damage(game, ("player", seat), use.x)
    uses_x(use, tuple(f for p in creatures for f in _fields(("permanent", p.id)))
           + tuple(f"players[{seat}].life" for seat in seats))
    for i, hit in chosen.items() if said else ():
        said(game, game.permanents[i], hit)


def turn_order(game: Game) -> list:
    seats = len(game.players)
    return [s for s in ((game.active + i) % seats for i in range(seats)) if game.players[s].in_game]


@effect("damage_x_each_creature_and_player", rule="120.3",
        text="it deals X damage to each creature and each player")
def _damage_x_everyone(use: Use) -> None:
    _mass_damage(use, lambda game, p: True)


@effect("damage_x_each_flyer_and_player", rule="702.9a",
        text="it deals X damage to each creature with flying and each player")
def _damage_x_flyers(use: Use) -> None:
    hits, said = _by_flying(use, True)
    _mass_damage(use, hits, said=said)


@effect("damage_x_each_nonflyer_and_player", rule="702.9a",
        text="it deals X damage to each creature without flying and each player")
def _damage_x_nonflyers(use: Use) -> None:
    hits, said = _by_flying(use, False)
    _mass_damage(use, hits, said=said)


def _by_flying(use: Use, flyers: bool) -> tuple:
    """Which creatures Hurricane (`flyers`) or Earthquake hits, and the CR 702.9a record of it for
    each (`hits` and `said` of `_mass_damage`)."""
    def hits(game: Game, p: Permanent) -> bool:
        return has_flying(game, p) == flyers

    def said(game: Game, p: Permanent, hit: bool) -> None:
        note(game, "702.9a", f"{p.id} {'has' if hit == flyers else 'lacks'} flying -> "
             f"{'dealt' if hit else 'spared'} {use.source.card.name}'s damage", (p.id,),
             (f"permanents.{p.id}.damage", f"permanents.{p.id}.zone"), (use.source.id,),
             key="dealt-or-spared", otherwise=_the_other_way(game, p, hit, use.x))
    return hits, said


def _the_other_way(game: Game, p: Permanent, hit: bool, x: int) -> tuple:
    """What `p` would show had 702.9a gone the other way: spared, the damage it had; dealt X, that
    much more, or, lethal (704.5g), gone to its owner's graveyard (a token ceases to exist)."""
    if hit:
        return ((f"permanents.{p.id}.damage", p.damage - x),)
    if x and is_lethal(p.damage + x, power_toughness(game, p)[1]):
        return ((f"permanents.{p.id}.zone", "none" if p.token else "graveyard"),)
    return ((f"permanents.{p.id}.damage", p.damage + x),)


@effect("damage_x_each_creature", rule="120.3", text="it deals X damage to each creature")
@seam
def _damage_x_creatures(use: Use) -> None:
    """Savage Twister: creatures only, no player."""
    _mass_damage(use, lambda game, p: True, players=False)


def _drawn(seat: int) -> tuple:
    """What drawing decides, the library first: only the draw changes it, where the hand also
    lost the spell that draws (the same wrong count shows the same way whoever the target is)."""
    return (f"players[{seat}].library", f"players[{seat}].hand")


@effect("target_player_draws_x", rule="121.2", text="target player draws X cards")
@seam
def _target_draws_x(use: Use) -> None:
    seat = use.target[1]
    zones.draw(use.game, seat, use.x)
    uses_x(use, _drawn(seat))


@effect("you_draw_x", rule="121.2", text="you draw X cards")
@seam
def _you_draw_x(use: Use) -> None:
    seat = use.controller
    zones.draw(use.game, seat, use.x)
    uses_x(use, _drawn(seat))


@effect("each_player_draws_x", rule="121.2", text="each player draws X cards")
@seam
def _each_draws_x(use: Use) -> None:
    """In turn order from the active player (CR 101.4)."""
    seats = turn_order(use.game)
    for seat in seats:
        zones.draw(use.game, seat, use.x)
    uses_x(use, tuple(f for seat in seats for f in _drawn(seat)))


@effect("target_player_gains_x", rule="119.3", text="target player gains X life")
@seam
def _target_gains_x(use: Use) -> None:
    seat = use.target[1]
    change_life(use.game, seat, use.x)
    uses_x(use, (f"players[{seat}].life",))


@effect("thopters_per_counter", rule="111.1",
        text="create a 1/1 colourless Thopter artifact creature token with flying "
             "for each +1/+1 counter on it")
def _thopters(use: Use) -> None:
    zones.create_tokens(use.game, "Thopter", use.controller, use.info["counters"])


@effect("add_p1p1_counter", rule="122.1a", text="put a +1/+1 counter on this")
def _add_counter(use: Use) -> None:
    use.source.counters["+1/+1"] = use.source.counters.get("+1/+1", 0) + 1
