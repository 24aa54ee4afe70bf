"""Resolving triggered abilities and spells (CR 608), with the harness's decisions."""
from __future__ import annotations

from attrs import define, field

from mtg_conformance.oracle import phasing, sba, triggers, zones
from mtg_conformance.oracle.characteristics import (attached_host, has_flying, has_lethal_damage, is_creature, modifiers,
                                    power_toughness)
from mtg_conformance.oracle.control import recompute_control
from mtg_conformance.oracle.provenance import note, trigger
from mtg_conformance.oracle.observe import fields
from mtg_conformance.oracle.registry import effect, entry, meaning
from mtg_conformance.oracle.seams import seam
from mtg_conformance.oracle.state import ControlEffect, Game, Linked, Permanent
from mtg_conformance.oracle.targets import target_is_legal


def change_life(game: Game, seat: int, delta: int) -> None:
    """Teferi's Protection: the protected player's life total can't change."""
    player = game.players[seat]
    if player.in_game and not player.protected_until_turn:
        player.life += delta
    elif player.in_game:
        note(game, "119.7", f"player {seat}'s life total can't change (Teferi's Protection) -> stays "
             f"{player.life}", (seat,), (f"players[{seat}].life",))


def deal_damage(game: Game, target: tuple, amount: int) -> None:
    """CR 120.3: damage dealt to a player makes them lose that much life (120.3a); damage dealt to a
    creature is marked on it (120.3e, 120.6) and is lethal once it reaches its toughness (704.5g,
    checked with the state-based actions); dealt to any other permanent it has no result."""
    kind, ref = target
    if kind == "player":
        if game.players[ref].in_game and not game.players[ref].protected_until_turn:
            note(game, "120.3a", f"{amount} damage dealt to player {ref} -> they lose {amount} life",
                 (ref,), (f"players[{ref}].life",))
        change_life(game, ref, -amount)
        return
    p = game.permanents[ref]
    if not is_creature(p):
        note(game, "120.3", f"{amount} damage dealt to {p.id}, not a creature -> no result", (p.id,),
             (f"permanents.{p.id}.damage",))
        return
    p.damage += amount
    note(game, "120.6", f"{amount} damage dealt to {p.id} -> marked on it, {p.damage} in all", (p.id,),
         (f"permanents.{p.id}.damage",))
    if not has_lethal_damage(game, p):
        toughness = power_toughness(game, p)[1]
        note(game, "704.5g", f"{p.id} has {p.damage} damage and toughness {toughness} -> not lethal, it "
             "stays", (p.id,), (f"permanents.{p.id}.zone",),
             [src for src, _, _ in modifiers(game, p) if src != p.id])


def _first_target(game: Game, decisions: dict, wanted: str, source: Permanent, controller: int):
    """The harness's target, or None if it is (now) illegal: the ability does nothing (CR 608.2b)."""
    chosen = decisions.get("targets") or []
    target = _as_target(chosen[0]) if chosen else None
    if target is None:
        return None
    kind, ref = target
    if target_is_legal(game, target, wanted, source, controller):
        return target
    note(game, "608.2b", f"{source.id}'s target {kind} {ref} is illegal now -> the ability does nothing",
         (source.id, ref), (f"permanents.{ref}" if kind == "permanent" else f"players[{ref}]",))
    return None


def _as_target(raw) -> tuple | None:
    """The contract's {"permanent": id} / {"player": seat} as a (kind, ref) tuple; None if malformed."""
    if isinstance(raw, dict) and len(raw) == 1:
        (kind, ref), = raw.items()
        return kind, ref
    return None


@define
class Use:
    """An effect as it happens: the game, its source (a permanent, or a spell on the stack), who
    controls it, its target (checked as it resolves) and the harness's decisions."""

    game: Game
    source: Permanent
    controller: int
    target: tuple | None = None
    decisions: dict = field(factory=dict)
    info: dict = field(factory=dict)           # what a trigger remembered (X, the tapper, counters)
    x: int = 0                                 # the X it uses, and the rule choosing that X
    x_rule: str = "107.3a"


def resolve_trigger(game: Game, pending, decisions: dict) -> None:
    """One triggered ability: an optional one the harness declined does nothing (CR 603.5); an
    illegal target makes it do nothing (608.2b); else its registered effect happens."""
    ability = pending.ability
    if ability.optional and not decisions.get("optional", True):
        return
    target = None
    if ability.target:
        target = _first_target(game, decisions, ability.target, pending.source, pending.controller)
        if target is None:
            return
    _happens(ability.effect, Use(game, pending.source, pending.controller, target, decisions,
                                 pending.info, pending.info.get("x", 0), "107.3m"))


_NONE = object()          # a field an object doesn't have (a counter it lacks, a token count)


def _happens(name: str, use: Use) -> None:
    """The registered effect `name` happens; what it changed that no decision of its own recorded
    (a card drawn, life gained, a token made) is recorded as decided by the effect's rule, keyed by
    its name: the last decision for those fields (oracle/provenance.py)."""
    game = use.game
    before, mark = fields(game), len(game.trace)
    meaning("effect", name)(use)
    after, decided = fields(game), tuple(f for d in game.trace[mark:] for f in d.fields)
    changed = tuple(path for path in sorted(before.keys() | after.keys())
                    if before.get(path, _NONE) != after.get(path, _NONE)
                    and not any(path == f or path.startswith((f + ".", f + "[")) for f in decided))
    if changed:
        e = entry("effect", name)
        note(game, e.rule, f"{use.source.id}'s ability resolves: {e.text}", (use.source.id,), changed,
             key=name)


def resolve_ability(game: Game, source: Permanent, ability, controller: int, target,
                    decisions: dict) -> None:
    """A non-mana activated ability resolves at once (the harness holds priority for nobody)."""
    _happens(ability.effect, Use(game, source, controller, target, decisions,
                                 x=activated_x(game, source, decisions), x_rule="107.3k"))


@seam
def activated_x(game: Game, source: Permanent, decisions: dict) -> int:
    """CR 107.3k: an activated ability with {X} in its cost uses the X chosen as it was activated,
    never the X of the spell its source came from."""
    return decisions.get("x", 0)


def apply_effect(game: Game, source: Permanent, name: str, controller: int, decisions: dict,
                 **info) -> None:
    """The registered effect `name` of a mana ability, as part of its resolution (CR 605.3b)."""
    meaning("effect", name)(Use(game, source, controller, None, decisions, info))


def resolve_spell(game: Game, spell: Permanent, target, decisions: dict) -> None:
    """An instant or sorcery's effect (its target was checked when it was cast); its X is the one
    chosen as it was cast (CR 107.3a)."""
    _happens(spell.card.spell_effect, Use(game, spell, spell.controller, target, decisions,
                                          x=decisions.get("x", 0)))


# -- the effects of the catalog's triggered abilities -------------------------------------------------

@effect("gain_1", rule="119.3", text="you gain 1 life")
def _gain_1(use: Use) -> None:
    change_life(use.game, use.controller, 1)


@effect("gain_2", rule="119.3", text="you gain 2 life")
def _gain_2(use: Use) -> None:
    change_life(use.game, use.controller, 2)


@effect("damage_you", rule="120.3a", text="this deals {amount} damage to you")
def _damage_you(use: Use) -> None:
    """A pain land's or City of Brass's drawback: its source deals the damage to its controller."""
    deal_damage(use.game, ("player", use.controller), use.info["amount"])


@effect("opponents_gain", rule="119.3", text="each opponent gains {amount} life")
def _opponents_gain(use: Use) -> None:
    """Grove of the Burnwillows: each opponent still in the game (CR 800.4a) gains the life."""
    for seat in use.game.opponents(use.controller):
        note(use.game, "119.3", f"{use.source.id}'s ability -> player {seat} gains {use.info['amount']} life",
             (use.source.id, seat), (f"players[{seat}].life",))
        change_life(use.game, seat, use.info["amount"])


@effect("damage_tapper_1", rule="120.3", text="this deals 1 damage to that player")
def _damage_tapper(use: Use) -> None:
    change_life(use.game, use.info["player"], -1)


_X_CHOSEN = {"107.3m": "its enters ability uses the X of the spell it came from",
             "107.3k": "its activated ability uses the X chosen as it was activated",
             "107.3a": "it uses the X chosen as it was cast"}


def _uses_x(use: Use, fields: tuple, involved: tuple = ()) -> None:
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
    _uses_x(use, _fields(use.target), (use.target[1],))


def _mass_damage(use: Use, hits, players: bool = True) -> None:
    """CR 120.3: X damage to each phased-in creature that `hits` allows (702.26b), then, if
    `players`, to each player still in the game, in turn order from the active player (101.4)."""
    game = use.game
    creatures = [p for p in game.on_battlefield() if is_creature(p) and hits(game, p)]
    seats = _turn_order(game) if players else []
    for p in creatures:
        deal_damage(game, ("permanent", p.id), use.x)
    for seat in seats:
        deal_damage(game, ("player", seat), use.x)
    _uses_x(use, tuple(f for p in creatures for f in _fields(("permanent", p.id)))
            + tuple(f"players[{seat}].life" for seat in seats))


def _turn_order(game: Game) -> list:
    seats = len(game.players)
    return [s for s in ((game.active + i) % seats for i in range(seats)) if game.players[s].in_game]


@effect("damage_x_each_creature_and_player", rule="120.3",
        text="it deals X damage to each creature and each player")
def _damage_x_everyone(use: Use) -> None:
    _mass_damage(use, lambda game, p: True)


@effect("damage_x_each_flyer_and_player", rule="702.9a",
        text="it deals X damage to each creature with flying and each player")
def _damage_x_flyers(use: Use) -> None:
    _mass_damage(use, _by_flying(use, True))


@effect("damage_x_each_nonflyer_and_player", rule="702.9a",
        text="it deals X damage to each creature without flying and each player")
def _damage_x_nonflyers(use: Use) -> None:
    _mass_damage(use, _by_flying(use, False))


def _by_flying(use: Use, flyers: bool):
    """Which creatures Hurricane (`flyers`) or Earthquake hits: CR 702.9a, recorded for each."""
    def hits(game: Game, p: Permanent) -> bool:
        flying = has_flying(game, p)
        note(game, "702.9a", f"{p.id} {'has' if flying else 'lacks'} flying -> "
             f"{'dealt' if flying == flyers else 'spared'} {use.source.card.name}'s damage", (p.id,),
             (f"permanents.{p.id}.damage", f"permanents.{p.id}.zone"), (use.source.id,),
             key="dealt-or-spared")
        return flying == flyers
    return hits


@effect("damage_x_each_creature", rule="120.3", text="it deals X damage to each creature")
@seam
def _damage_x_creatures(use: Use) -> None:
    """Savage Twister: creatures only, no player."""
    _mass_damage(use, lambda game, p: True, players=False)


@effect("target_player_draws_x", rule="121.2", text="target player draws X cards")
@seam
def _target_draws_x(use: Use) -> None:
    seat = use.target[1]
    zones.draw(use.game, seat, use.x)
    _uses_x(use, (f"players[{seat}].hand", f"players[{seat}].library"))


@effect("you_draw_x", rule="121.2", text="you draw X cards")
@seam
def _you_draw_x(use: Use) -> None:
    seat = use.controller
    zones.draw(use.game, seat, use.x)
    _uses_x(use, (f"players[{seat}].hand", f"players[{seat}].library"))


@effect("each_player_draws_x", rule="121.2", text="each player draws X cards")
@seam
def _each_draws_x(use: Use) -> None:
    """In turn order from the active player (CR 101.4)."""
    seats = _turn_order(use.game)
    for seat in seats:
        zones.draw(use.game, seat, use.x)
    _uses_x(use, tuple(f"players[{seat}].{f}" for seat in seats for f in ("hand", "library")))


@effect("target_player_gains_x", rule="119.3", text="target player gains X life")
@seam
def _target_gains_x(use: Use) -> None:
    seat = use.target[1]
    change_life(use.game, seat, use.x)
    _uses_x(use, (f"players[{seat}].life",))


@effect("phase_out_until_leaves_tapped", rule="610.4c",
        text="target creature phases out until this leaves the battlefield, "
             "and is tapped as it phases in")
def _oubliette(use: Use) -> None:
    game, src = use.game, use.source
    if src.phased_in:
        creature = game.permanents[use.target[1]]
        phasing.phase_out(game, [creature])
        game.linked.append(Linked(src.id, "phase_in_tapped", creature.id))


@effect("exile_until_leaves", rule="610.3c",
        text="exile target creature an opponent controls until this leaves the battlefield")
def _banish(use: Use) -> None:
    game, src = use.game, use.source
    if src.phased_in:
        creature = game.permanents[use.target[1]]
        note(game, "610.3", f"{creature.id} is exiled until {src.id} leaves the battlefield -> it "
             f"stays exiled while {src.id} remains, and returns when it leaves", (creature.id,),
             (f"permanents.{creature.id}.zone",), (src.id,))
        zones.leave(game, creature, "exile")
        game.linked.append(Linked(src.id, "return_from_exile", use.target[1]))


@effect("you_draw", rule="121.1", text="you draw a card")
@effect("draw_1", rule="121.1", text="you draw a card")
def _draw(use: Use) -> None:
    zones.draw(use.game, use.controller)


@effect("discard_1", rule="701.9a", text="you discard a card")
def _discard(use: Use) -> None:
    zones.discard(use.game, use.controller, use.decisions.get("discard"))


@effect("draw_extra_if_untapped", rule="603.4",
        text="if this is untapped, that player draws an additional card")
def _howling_mine(use: Use) -> None:
    """The intervening "if" is checked again as it resolves."""
    game, src = use.game, use.source
    if src.phased_in and not src.tapped:
        zones.draw(game, use.info["player"], by=src)
    else:
        note(game, "603.4", f"{src.id} is no longer untapped and phased in -> no extra card",
             (src.id,), (f"players[{use.info['player']}].hand",))


@effect("thopters_per_counter", rule="111.1",
        text="create a 1/1 colourless Thopter artifact creature token with flying "
             "for each +1/+1 counter on it")
def _thopters(use: Use) -> None:
    zones.create_tokens(use.game, "Thopter", use.controller, use.info["counters"])


@effect("remove_time_counter", rule="702.63a", text="remove a time counter from it")
def _remove_time_counter(use: Use) -> None:
    """Vanishing's upkeep trigger; removing the last counter triggers its second ability."""
    src = use.source
    if src.phased_in and src.counters.get("time", 0) > 0:
        src.counters["time"] -= 1
        if src.counters["time"] == 0:
            del src.counters["time"]
            triggers.last_time_counter_removed(use.game, src)


@effect("sacrifice_self", rule="701.21a", text="sacrifice it")
def _sacrifice_self(use: Use) -> None:
    """Only its controller can sacrifice it."""
    src = use.source
    if src.phased_in and src.controller == use.controller:
        zones.leave(use.game, src, "graveyard")


@effect("sacrifice_unless_creature", rule="117.12", text="sacrifice this unless you sacrifice a creature")
def _contamination_upkeep(use: Use) -> None:
    """Contamination's upkeep cost: sacrifice a creature (the harness's choice) or it."""
    game, src = use.game, use.source
    victim = game.permanents.get(use.decisions.get("sacrifice") or "")
    if victim and victim.phased_in and victim.controller == use.controller and is_creature(victim):
        zones.leave(game, victim, "graveyard")
    elif src.phased_in:
        zones.leave(game, src, "graveyard")


@effect("damage_enchanted_player_1", rule="120.3",
        text="this deals 1 damage to that player or a planeswalker that player controls")
def _pierced_heart(use: Use) -> None:
    """Curse of the Pierced Heart: no catalog card is a planeswalker, so the damage goes to the
    player (120.3a)."""
    deal_damage(use.game, ("player", cursed_player(use)), 1)


@seam
def cursed_player(use: Use) -> int:
    """CR 603.2, 303.4: "that player" of a Curse's upkeep trigger is the enchanted player whose upkeep
    it triggered in — not the Curse's controller — even if the Curse has left since (608.2h)."""
    return use.info["player"]


@effect("damage_enchanted_player_per_curse", rule="120.3",
        text="this deals damage to that player equal to the number of Curses attached to them")
def _thirst(use: Use) -> None:
    """Curse of Thirst: the Curses are counted as it resolves (608.2h); with none left, no damage."""
    game, seat = use.game, cursed_player(use)
    curses = [c.id for c in game.on_battlefield() if "Curse" in c.card.subtypes
              and c.attached_to == ("player", seat)]
    note(game, "608.2h", f"{len(curses)} Curse(s) attached to player {seat} as {use.source.id}'s "
         f"ability resolves -> {len(curses)} damage", (use.source.id, seat), (f"players[{seat}].life",),
         curses)
    if curses:
        deal_damage(game, ("player", seat), len(curses))


@effect("return_self_to_hand", rule="400.7", text="return it to its owner's hand")
def _return_self_to_hand(use: Use) -> None:
    """Rancor: its ability finds the card it became in its owner's graveyard (the zone it moved to
    as it triggered, 400.7) and puts it into that player's hand; if it is no longer there (its
    owner left the game), nothing happens."""
    src, owner = use.source, use.game.players[use.source.owner]
    if src.zone != "graveyard" or src.card.name not in owner.graveyard:
        return
    owner.graveyard.remove(src.card.name)
    owner.hand.append(src.card.name)
    src.zone = "hand"
    note(use.game, "400.7", f"{src.id}'s ability finds the card in player {src.owner}'s graveyard -> "
         "returned to their hand", (src.id,), (f"permanents.{src.id}.zone", f"players[{src.owner}].hand",
                                                f"players[{src.owner}].graveyard"), key="returns-to-hand")


@effect("add_G", rule="605.4a", text="its controller adds an additional {G}")
def _add_g(use: Use) -> None:
    """A triggered mana ability: the tapped land's controller adds {G}."""
    use.game.players[use.game.permanents[use.info["land"]].controller].pool["G"] += 1


@effect("add_GG", rule="605.4a", text="its controller adds an additional {G}{G}")
def _add_gg(use: Use) -> None:
    use.game.players[use.game.permanents[use.info["land"]].controller].pool["G"] += 2


@effect("mill_3", rule="701.13a", text="you mill three cards")
@seam
def _mill_3(use: Use) -> None:
    """The top three cards of your library go to your graveyard (fewer if it holds fewer)."""
    player = use.game.players[use.controller]
    milled, player.library = player.library[:3], player.library[3:]
    player.graveyard += milled
    seat = use.controller
    note(use.game, "701.13a", f"{use.source.id}'s ability: player {seat} mills {len(milled)}",
         (use.source.id, seat), (f"players[{seat}].library", f"players[{seat}].graveyard"), key="mills")


@effect("untap_phase_out_creatures_until_leaves", rule="610.4",
        text="untap all creatures, then those creatures phase out until this leaves the battlefield; "
             "put a time counter on this for each creature phased out this way")
def _out_of_time(use: Use) -> None:
    """Out of Time (R-out-of-time): the time counters count the creatures that phased out."""
    game, src = use.game, use.source
    creatures = [p for p in game.on_battlefield() if is_creature(p)]
    gone = phasing.phase_out_until_leaves(game, src, creatures)
    if gone:
        src.counters["time"] = src.counters.get("time", 0) + gone
        note(game, "122.1", f"{gone} creatures phased out this way -> {gone} time counters on {src.id}",
             (src.id,), (f"permanents.{src.id}.counters",))


@effect("phase_out_other_targets_you_control", rule="115.1",
        text="any number of other target creatures you control phase out")
@seam
def _guardian_of_faith(use: Use) -> None:
    """Each target still legal as it resolves phases out, all at once; illegal ones are unaffected
    (CR 608.2b)."""
    game, src = use.game, use.source
    chosen = []
    for raw in use.decisions.get("targets") or []:
        target = _as_target(raw)
        if (target and target[1] != src.id and target[1] not in [c.id for c in chosen]
                and target_is_legal(game, target, "creature_you_control", src, use.controller)):
            chosen.append(game.permanents[target[1]])
    phasing.phase_out(game, chosen)


# -- the effects of the catalog's activated abilities -------------------------------------------------

@effect("phase_out_self", rule="702.26b", text="this phases out")
@seam
def _phase_out_self(use: Use) -> None:
    phasing.phase_out(use.game, [use.source])


@effect("phase_out_target", rule="702.26b", text="target creature phases out")
@seam
def _phase_out_target(use: Use) -> None:
    phasing.phase_out(use.game, [use.game.permanents[use.target[1]]])


@effect("phase_out_enchanted", rule="702.26g",
        text="enchanted creature phases out")
@seam
def _phase_out_enchanted(use: Use) -> None:
    """Vanishing: the host phases out directly, the Aura indirectly with it."""
    host = attached_host(use.game, use.source)
    if host is not None and host.phased_in:
        phasing.phase_out(use.game, [host])


@effect("cant_phase_out_until_your_upkeep", rule="611.2a",
        text="until your next upkeep, this can't phase out")
def _familiar_stays(use: Use) -> None:
    phasing.lock_until_upkeep(use.game, use.source, use.controller)


@effect("animate_2_2", rule="613.1d",
        text="until end of turn, this becomes a 2/2 creature; it's still a land")
def _animate(use: Use) -> None:
    """No observed field changes: being a creature shows only in what follows (a {T} cost's
    sickness, 302.6; Judge of Currents, 205.3m), decided there."""
    use.source.animated = True
    note(use.game, "613.1d", f"{use.source.id} becomes a 2/2 creature until end of turn, still a "
         "land -> a type-changing effect (layer 4) applies to it", (use.source.id,))


@effect("add_p1p1_counter", rule="122.1a", text="put a +1/+1 counter on this")
def _add_counter(use: Use) -> None:
    use.source.counters["+1/+1"] = use.source.counters.get("+1/+1", 0) + 1


@effect("adapt_3", rule="122.1a",
        text="adapt 3 (if this has no +1/+1 counters on it, put three +1/+1 counters on it)")
@seam
def _adapt_3(use: Use) -> None:
    """Incubation Druid: three counters, only if it has none as the ability resolves."""
    src, had = use.source, use.source.counters.get("+1/+1", 0)
    if src.phased_in and not had:
        src.counters["+1/+1"] = 3
    note(use.game, "122.1a", f"{src.id} had {had} +1/+1 counters -> "
         f"{'none' if had else 'three'} put on it", (src.id,), (f"permanents.{src.id}.counters",))


@effect("ping_1", rule="120.3", text="it deals 1 damage to any target")
def _ping(use: Use) -> None:
    deal_damage(use.game, use.target, 1)


@effect("destroy_target", rule="701.8a", text="destroy target tapped creature")
@seam
def _destroy(use: Use) -> None:
    """Royal Assassin: destroying moves it to its owner's graveyard (no regeneration here)."""
    creature = use.game.permanents[use.target[1]]
    note(use.game, "701.8a", f"{use.source.id}'s ability destroys {creature.id}", (creature.id,),
         (f"permanents.{creature.id}.zone",), (use.source.id,))
    zones.leave(use.game, creature, "graveyard")


@effect("tap_target_creature", rule="701.26a", text="tap target creature")
@effect("tap_target_artifact_creature_or_land", rule="701.26a",
        text="tap target artifact, creature or land")
@seam
def _tap_target(use: Use) -> None:
    """Icy Manipulator, Master Decoy: an untapped target becomes tapped (603.2e); a tapped one
    stays so, and nothing triggers."""
    p = use.game.permanents[use.target[1]]
    if p.tapped:
        note(use.game, "603.2e", f"{p.id} is already tapped -> it doesn't become tapped", (p.id,),
             (trigger("becomes_tapped"),))
        return
    p.tapped = True
    note(use.game, "701.26a", f"{use.source.id}'s ability taps {p.id}", (p.id,),
         (f"permanents.{p.id}.tapped",), (use.source.id,))
    triggers.became_tapped(use.game, p)


@effect("steal_while_tapped", rule="611.2b",
        text="gain control of target creature with power at most the number of Islands you control "
             "for as long as this remains tapped")
def _shackles(use: Use) -> None:
    """Control "for as long as" its source stays tapped."""
    game = use.game
    game.control_effects.append(ControlEffect(use.target[1], use.controller, "while_tapped",
                                              use.source.id, game.tick()))


@effect("equip", rule="701.3a",
        text="attach this to target creature you control; activate only as a sorcery")
def _equip(use: Use) -> None:
    use.source.attached_to, use.source.timestamp = use.target, use.game.tick()


@effect("untap_this", rule="701.26b", text="untap this")
def _untap_this(use: Use) -> None:
    untap_itself(use.game, use.source)


@seam
def untap_itself(game: Game, p: Permanent) -> None:
    """CR 701.26b (Basalt Monolith): untapping is not becoming tapped; an untapped one stays so."""
    if p.tapped:
        p.tapped = False
        note(game, "701.26b", f"{p.id}'s ability untaps it", (p.id,), (f"permanents.{p.id}.tapped",))


@effect("add_storage_counter", rule="122.1", text="put a storage counter on this")
def _add_storage_counter(use: Use) -> None:
    store_counter(use.game, use.source)


@seam
def store_counter(game: Game, p: Permanent) -> None:
    """CR 122.1: a storage land's {T} ability puts a storage counter on it."""
    p.counters["storage"] = p.counters.get("storage", 0) + 1
    note(game, "122.1", f"{p.id} gets a storage counter -> {p.counters['storage']} in all", (p.id,),
         (f"permanents.{p.id}.counters",))


@effect("sacrifice_if_no_depletion_counters", rule="701.21a",
        text="then, if there are no depletion counters on this, sacrifice it")
def _sacrifice_if_depleted(use: Use) -> None:
    """A depletion land's ability, after its mana: the check is part of the effect (not a trigger)."""
    if out_of_depletion_counters(use.source):
        note(use.game, "701.21a", f"{use.source.id} has no depletion counters left -> sacrificed as its "
             "ability resolves", (use.source.id,), (f"permanents.{use.source.id}.zone",))
        zones.leave(use.game, use.source, "graveyard")


@seam
def out_of_depletion_counters(p: Permanent) -> bool:
    return not p.counters.get("depletion", 0)


@effect("untap_target", rule="701.26b", text="untap target creature")
@effect("untap_target_artifact", rule="701.26b", text="untap target artifact")
@seam
def _untap_target(use: Use) -> None:
    """Seeker of Skybreak, Voltaic Key: untapping is not becoming tapped, so no "becomes tapped"
    trigger."""
    creature = use.game.permanents[use.target[1]]
    if creature.tapped:
        creature.tapped = False
        note(use.game, "701.26b", f"{use.source.id}'s ability untaps {creature.id}", (creature.id,),
             (f"permanents.{creature.id}.tapped",))


@effect("look_top_may_exile", rule="406.3", text="look at the top card of your library; you may exile it")
def _look_top(use: Use) -> None:
    library = use.game.players[use.controller].library
    if library and use.decisions.get("optional", False):
        library.pop(0)


# -- the effects of the catalog's instants and sorceries ----------------------------------------------

@effect("threaten", rule="613.1b",
        text="untap target creature and gain control of it until end of turn; it gains haste")
def _threaten(use: Use) -> None:
    game, creature = use.game, use.game.permanents[use.target[1]]
    creature.tapped = False
    game.control_effects.append(ControlEffect(creature.id, use.controller, "end_of_turn",
                                              use.source.id, game.tick(), grants_haste=True))


@effect("teferis_protection", rule="702.16j",
        text="until your next turn, your life total can't change and you have protection from everything; "
             "all permanents you control phase out; exile this spell")
def _teferis_protection(use: Use) -> None:
    """Protection until your next turn; your permanents phase out."""
    game = use.game
    game.players[use.controller].protected_until_turn = True
    phasing.phase_out(game, [p for p in game.on_battlefield() if p.controller == use.controller])


@effect("counter_and_phase_out", rule="702.26b",
        text="put a +1/+1 counter on target creature; it phases out")
def _slip_out_the_back(use: Use) -> None:
    creature = use.game.permanents[use.target[1]]
    creature.counters["+1/+1"] = creature.counters.get("+1/+1", 0) + 1
    phasing.phase_out(use.game, [creature])


@effect("time_and_tide", rule="702.26b",
        text="simultaneously, all phased-out creatures phase in and all creatures with phasing phase out")
def _time_and_tide(use: Use) -> None:
    phasing.time_and_tide(use.game)


@effect("pale_moon", rule="614.1a",
        text="until end of turn, a nonbasic land tapped for mana produces colourless mana instead")
def _pale_moon(use: Use) -> None:
    use.game.mana_replacements.append((use.source.id, "pale_moon"))


# Instants and sorceries that exile themselves as they resolve, not to the graveyard (CR 608.2n).
EXILES_ITSELF = frozenset({"teferis_protection"})


def settle(game: Game, decisions: dict) -> None:
    """After an action: state-based actions, then every waiting trigger in the order it triggered,
    repeating until nothing is waiting (CR 117.5, 704.3)."""
    while True:
        recompute_control(game)
        sba.check(game)
        recompute_control(game)
        if game.over():                                   # CR 104.1: nothing more happens
            game.pending.clear()
        if not game.pending:
            return
        pending = game.pending.pop(0)
        if game.players[pending.controller].in_game:      # CR 800.4d
            resolve_trigger(game, pending, decisions)
        else:
            note(game, "800.4d", f"{pending.source.id}'s ability's controller left the game -> it "
                 "isn't put on the stack: nothing it would do for them happens",
                 (pending.source.id, pending.controller),      # (their cards left with them: 800.4a)
                 (f"players[{pending.controller}].life", f"players[{pending.controller}].tokens"),
                 key="not-put-on-stack")
