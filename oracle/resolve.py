"""Resolving triggered abilities and spells (CR 608), with the harness's decisions."""
from __future__ import annotations

from attrs import define, field

from oracle import phasing, sba, triggers, zones
from oracle.characteristics import (attached_host, has_lethal_damage, is_creature, modifiers,
                                    power_toughness)
from oracle.control import recompute_control
from oracle.provenance import note
from oracle.registry import effect, meaning
from oracle.seams import seam
from oracle.state import ControlEffect, Game, Linked, Permanent
from oracle.targets import target_is_legal


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
    meaning("effect", ability.effect)(Use(game, pending.source, pending.controller, target,
                                          decisions, pending.info))


def resolve_ability(game: Game, source: Permanent, ability, controller: int, target,
                    decisions: dict) -> None:
    """A non-mana activated ability resolves at once (the harness holds priority for nobody)."""
    meaning("effect", ability.effect)(Use(game, source, controller, target, decisions))


def resolve_spell(game: Game, spell: Permanent, target, decisions: dict) -> None:
    """An instant or sorcery's effect (its target was checked when it was cast)."""
    meaning("effect", spell.card.spell_effect)(Use(game, spell, spell.controller, target, decisions))


# -- the effects of the catalog's triggered abilities -------------------------------------------------

@effect("gain_1", rule="119.3", text="you gain 1 life")
def _gain_1(use: Use) -> None:
    change_life(use.game, use.controller, 1)


@effect("gain_2", rule="119.3", text="you gain 2 life")
def _gain_2(use: Use) -> None:
    change_life(use.game, use.controller, 2)


@effect("damage_tapper_1", rule="120.3", text="this deals 1 damage to that player")
def _damage_tapper(use: Use) -> None:
    change_life(use.game, use.info["player"], -1)


@effect("damage_x", rule="107.3m", text="it deals X damage to any target")
def _damage_x(use: Use) -> None:
    """X of the spell it came from."""
    kind, ref = use.target
    note(use.game, "107.3m", f"{use.source.id}'s enters ability uses the X of the spell it came from "
         f"-> {use.info['x']} damage", (use.source.id, ref),
         (f"permanents.{ref}" if kind == "permanent" else f"players[{ref}].life",))
    deal_damage(use.game, use.target, use.info["x"])


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
         (use.source.id, seat), (f"players[{seat}].library", f"players[{seat}].graveyard"))


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


@effect("ping_1", rule="120.3", text="it deals 1 damage to any target")
def _ping(use: Use) -> None:
    deal_damage(use.game, use.target, 1)


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


@effect("untap_target", rule="701.26b", text="untap target creature")
def _untap_target(use: Use) -> None:
    """Seeker of Skybreak: untapping is not becoming tapped, so no "becomes tapped" trigger."""
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
                 "isn't put on the stack", (pending.source.id, pending.controller),
                 (f"players[{pending.controller}]", "permanents"))
