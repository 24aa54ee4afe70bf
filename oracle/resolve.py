"""Resolving triggered abilities and spells (CR 608), with the harness's decisions."""
from __future__ import annotations

from oracle import phasing, sba, triggers, zones
from oracle.characteristics import is_creature
from oracle.control import recompute_control
from oracle.provenance import note
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
    kind, ref = target
    if kind == "player":
        change_life(game, ref, -amount)
    else:
        game.permanents[ref].damage += amount


def _first_target(game: Game, decisions: dict, wanted: str, source: Permanent, controller: int):
    """The harness's target, or None if it is (now) illegal: the ability does nothing (CR 608.2b)."""
    chosen = decisions.get("targets") or []
    if not chosen or not isinstance(chosen[0], dict) or len(chosen[0]) != 1:
        return None
    (kind, ref), = chosen[0].items()              # the contract's {"permanent": id} / {"player": seat}
    target = (kind, ref)
    if target_is_legal(game, target, wanted, source, controller):
        return target
    note(game, "608.2b", f"{source.id}'s target {kind} {ref} is illegal now -> the ability does nothing",
         (source.id, ref), (f"permanents.{ref}" if kind == "permanent" else f"players[{ref}]",))
    return None


def resolve_trigger(game: Game, pending, decisions: dict) -> None:
    """One triggered ability's effect, by the catalog's vocabulary."""
    src, effect, me = pending.source, pending.ability.effect, pending.controller
    if effect in ("gain_1", "gain_2"):
        if not pending.ability.optional or decisions.get("optional", True):
            change_life(game, me, 1 if effect == "gain_1" else 2)
    elif effect == "damage_tapper_1":
        change_life(game, pending.info["player"], -1)
    elif effect == "damage_x":                       # CR 107.3m: X of the spell it came from
        target = _first_target(game, decisions, pending.ability.target, src, me)
        if target:
            kind, ref = target
            note(game, "107.3m", f"{src.id}'s enters ability uses the X of the spell it came from -> "
                 f"{pending.info['x']} damage", (src.id, ref),
                 (f"permanents.{ref}" if kind == "permanent" else f"players[{ref}].life",))
            deal_damage(game, target, pending.info["x"])
    elif effect == "phase_out_until_leaves_tapped":  # Oubliette, CR 610.4c
        target = _first_target(game, decisions, "creature", src, me)
        if target and src.phased_in:
            creature = game.permanents[target[1]]
            phasing.phase_out(game, [creature])
            game.linked.append(Linked(src.id, "phase_in_tapped", creature.id))
    elif effect == "exile_until_leaves":             # Banisher Priest, CR 610.3c
        target = _first_target(game, decisions, "creature_opponent_controls", src, me)
        if target and src.phased_in:
            zones.leave(game, game.permanents[target[1]], "exile")
            game.linked.append(Linked(src.id, "return_from_exile", target[1]))
    elif effect == "you_draw":
        if decisions.get("optional", True):
            zones.draw(game, me)
    elif effect == "draw_1":
        zones.draw(game, me)
    elif effect == "discard_1":
        zones.discard(game, me, decisions.get("discard"))
    elif effect == "draw_extra_if_untapped":         # intervening "if" rechecked (CR 603.4)
        if src.phased_in and not src.tapped:
            zones.draw(game, pending.info["player"])
        else:
            note(game, "603.4", f"{src.id} is no longer untapped and phased in -> no extra card",
                 (src.id,), (f"players[{pending.info['player']}].hand",))
    elif effect == "thopters_per_counter":
        zones.create_tokens(game, "Thopter", me, pending.info["counters"])
    elif effect == "remove_time_counter":            # vanishing's upkeep trigger (CR 702.63a)
        if src.phased_in and src.counters.get("time", 0) > 0:
            src.counters["time"] -= 1
            if src.counters["time"] == 0:
                del src.counters["time"]
                triggers.last_time_counter_removed(game, src)
    elif effect == "sacrifice_self":                 # only its controller can sacrifice it (701.21a)
        if src.phased_in and src.controller == me:
            zones.leave(game, src, "graveyard")
    elif effect == "sacrifice_unless_creature":      # Contamination's upkeep cost
        victim = game.permanents.get(decisions.get("sacrifice") or "")
        if (victim and victim.phased_in and victim.controller == me and is_creature(victim)):
            zones.leave(game, victim, "graveyard")
        elif src.phased_in:
            zones.leave(game, src, "graveyard")
    else:
        raise AssertionError(f"no resolution for {effect}")


# Instants and sorceries that exile themselves as they resolve, not to the graveyard (CR 608.2n).
EXILES_ITSELF = frozenset({"teferis_protection"})


def resolve_spell(game: Game, caster: int, effect: str, spell_id: str, target) -> None:
    """An instant or sorcery's effect (its target was checked when it was cast)."""
    if effect == "threaten":
        creature = game.permanents[target[1]]
        creature.tapped = False
        game.control_effects.append(ControlEffect(creature.id, caster, "end_of_turn", spell_id,
                                                  game.tick(), grants_haste=True))
    elif effect == "teferis_protection":             # protection until your next turn; phase out
        game.players[caster].protected_until_turn = True
        phasing.phase_out(game, [p for p in game.on_battlefield() if p.controller == caster])
    elif effect == "counter_and_phase_out":          # Slip Out the Back
        creature = game.permanents[target[1]]
        creature.counters["+1/+1"] = creature.counters.get("+1/+1", 0) + 1
        phasing.phase_out(game, [creature])
    elif effect == "pale_moon":
        game.mana_replacements.append((spell_id, "pale_moon"))
    else:
        raise AssertionError(f"no resolution for {effect}")


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
