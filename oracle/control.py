"""Who controls what: layer-2 control effects (CR 613.1b)."""
from __future__ import annotations

from operator import itemgetter

from mtg_conformance.oracle.characteristics import attached_host
from mtg_conformance.oracle.costs import controlled_anew
from mtg_conformance.oracle.provenance import note
from mtg_conformance.oracle.registry import static
from mtg_conformance.oracle.seams import seam
from mtg_conformance.oracle.state import ControlEffect, Game

CONTROL_ENCHANTED = static("control_enchanted", rule="613.1b",   # Control Magic, Steal Enchantment
                           text="You control enchanted permanent.")


@seam
def end_expired_control_effects(game: Game) -> None:
    """A "for as long as" effect ends once its condition fails, including when its source phases
    out (CR 611.2b, 702.26f); it does not resume when the source phases in."""
    if game.control_effects:
        game.control_effects = [e for e in game.control_effects if _lasts(game, e)]


def _lasts(game: Game, e: ControlEffect) -> bool:
    if e.duration != "while_tapped":
        return True
    source = game.permanents.get(e.source)
    if source is not None and source.phased_in and source.tapped:
        return True
    phased = source is not None and source.zone == "battlefield" and source.phased_out
    note(game, "702.26f" if phased else "611.2b", f"{e.source} is "
         f"{'phased out' if phased else 'no longer tapped'} -> its \"for as long as\" control of "
         f"{e.target} ends", (e.source, e.target), (f"permanents.{e.target}.controller",))
    return False


@seam
def recompute_control(game: Game, setup: bool = False) -> None:
    """Apply control effects in timestamp order until stable (Steal Enchantment on Control Magic
    depends on nothing but timestamps here); a permanent whose controller changes is "sick" again
    (CR 302.6, costs.py). A phased-out permanent keeps its controller: phasing changes no control
    (CR 702.26d). Control that a player who has left the game had through an effect ends with them
    (CR 800.4a). At `setup`, a permanent's `sick` is as the scenario gives it, and one a control
    effect gives to the player the scenario already names gets its 613.1b decision too: an engine
    that applies the effects otherwise departs from that."""
    mark = len(game.trace)
    end_expired_control_effects(game)
    ended = ()
    if len(game.trace) > mark:              # why an effect ended decides the control it gave back:
        ended = game.trace[mark:]           # recorded after the change, it owns the controller
        del game.trace[mark:]
    on_field = game.on_battlefield()
    if not setup and _as_last_computed(game, on_field):
        game.trace.extend(ended)
        return
    controllers, givers = _controllers(game, on_field)
    for p in on_field:
        now = controllers[p.id] if controllers else p.base_controller
        if now == p.controller:
            if setup and p.id in givers:
                note(game, "613.1b", f"control effects in timestamp order -> player {now} controls "
                     f"{p.id}, as the scenario has it", (p.id,), (f"permanents.{p.id}.controller",),
                     [givers[p.id]])
            continue
        if game.players[p.controller].in_game:
            note(game, "613.1b", f"control effects in timestamp order -> player {now} "
                 f"controls {p.id}; not controlled since their turn began (302.6)", (p.id,),
                 (f"permanents.{p.id}.controller",), [givers.get(p.id)])
        else:
            note(game, "800.4a", f"player {p.controller} has left the game -> the effects giving "
                 f"them control of {p.id} end; player {now} controls it", (p.id, p.controller),
                 (f"permanents.{p.id}.controller",), key="their-control-ends")
        p.controller = now
        if not setup:
            controlled_anew(game, p)
    if ended:
        game.trace.extend(ended)


def _as_last_computed(game: Game, on_field: tuple) -> bool:
    """Whether the controllers of `on_field` are those the last computation gave, nothing it reads
    having changed: the same battlefield (a permanent is given a controller only by that computation
    and by entering the battlefield, which makes a new one), the same control effects (ControlEffects
    are never changed, only added and removed) and the same players in the game. Never so with a
    "you control enchanted permanent" Aura there: whom it gives control depends on who controls it,
    which is what is being computed (two Steal Enchantments on each other never settle)."""
    if game.having(CONTROL_ENCHANTED):
        game.control_inputs = None
        return False
    last, now = game.control_inputs, (tuple(game.control_effects), tuple([p.in_game for p in game.players]))
    game.control_inputs = (on_field, now)
    return last is not None and last[0] is on_field and last[1] == now


def _controllers(game: Game, on_field: tuple) -> tuple[dict | None, dict]:
    """Who controls each permanent of `on_field` with the control effects applied in timestamp order
    until stable, and the source of the effect that decided each (CR 613.1b); with none, whoever put
    it onto the battlefield (CR 110.2), which None says."""
    auras = []                          # Control Magics and their hosts
    for p in game.having(CONTROL_ENCHANTED):
        host = attached_host(game, p)
        if host:
            auras.append((p, host))
    if not auras and not game.control_effects:
        return None, {}
    base = {p.id: p.base_controller for p in on_field}   # who put each onto the battlefield
    lasting = [(e.timestamp, e.target, e.player, e.source) for e in game.control_effects]
    if not auras:                       # they depend on nothing but timestamps: one round
        return _applied(game, base, lasting)
    current = {p.id: p.controller for p in on_field}
    for _ in range(len(on_field) + 1):
        effects = lasting + [(aura.timestamp, host.id, current[aura.id], aura.id) for aura, host in auras]
        new, givers = _applied(game, base, effects)
        if new == current:
            break
        current = new
    return current, givers


def _applied(game: Game, base: dict, effects: list) -> tuple[dict, dict]:
    """`base` with the control `effects` (timestamp, target, player, source) applied in timestamp
    order, and the source of the effect that decided each permanent they changed."""
    new, givers = dict(base), {}
    for _, target, player, source in sorted(effects, key=itemgetter(0, 1, 2)):
        if target in new and game.players[player].in_game:
            new[target], givers[target] = player, source
    return new, givers
