"""Who controls what: layer-2 control effects (CR 613.1b) and summoning sickness (CR 302.6)."""
from __future__ import annotations

from mtg_conformance.oracle.characteristics import attached_host
from mtg_conformance.oracle.provenance import note
from mtg_conformance.oracle.registry import static
from mtg_conformance.oracle.seams import seam
from mtg_conformance.oracle.state import Game

CONTROL_ENCHANTED = static("control_enchanted", rule="613.1b",   # Control Magic, Steal Enchantment
                           text="You control enchanted permanent.")


@seam
def end_expired_control_effects(game: Game) -> None:
    """A "for as long as" effect ends once its condition fails, including when its source phases
    out (CR 611.2b, 702.26f); it does not resume when the source phases in."""
    def lasts(e):
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
    game.control_effects = [e for e in game.control_effects if lasts(e)]


@seam
def recompute_control(game: Game) -> None:
    """Apply control effects in timestamp order until stable (Steal Enchantment on Control Magic
    depends on nothing but timestamps here); a permanent whose controller changes is "sick" again
    (CR 302.6: control must be continuous since its controller's turn began). A phased-out permanent
    keeps its controller: phasing changes no control (CR 702.26d). Control that a player who has
    left the game had through an effect ends with them (CR 800.4a)."""
    end_expired_control_effects(game)
    on_field = game.on_battlefield()
    current = {p.id: p.controller for p in on_field}
    for _ in range(len(on_field) + 1):
        new = {p.id: p.base_controller for p in on_field}
        givers = {}                     # permanent id -> the source of the effect that decided
        effects = [(e.timestamp, e.target, e.player, e.source) for e in game.control_effects]
        for aura in on_field:
            host = attached_host(game, aura)
            if aura.phased_in and CONTROL_ENCHANTED in aura.card.statics and host:
                effects.append((aura.timestamp, host.id, current[aura.id], aura.id))
        for _, target, player, source in sorted(effects, key=lambda e: e[:3]):
            if target in new and game.players[player].in_game:
                new[target], givers[target] = player, source
        if new == current:
            break
        current = new
    for p in on_field:
        if current[p.id] == p.controller:
            continue
        if game.players[p.controller].in_game:
            note(game, "613.1b", f"control effects in timestamp order -> player {current[p.id]} "
                 f"controls {p.id}; not controlled since their turn began (302.6)", (p.id,),
                 (f"permanents.{p.id}.controller",), [givers.get(p.id)])
        else:
            note(game, "800.4a", f"player {p.controller} has left the game -> the effects giving "
                 f"them control of {p.id} end; player {current[p.id]} controls it", (p.id, p.controller),
                 (f"permanents.{p.id}.controller",), key="their-control-ends")
        p.controller, p.sick = current[p.id], True
