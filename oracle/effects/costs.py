"""The effects of {T} and {Q} abilities: damage (CR 120.3), destroying (701.8a), tapping and
untapping a target (701.26a, 701.26b), looking at the top card (406.3), Threaten's control change
with haste (613.1b), and gaining 1 life — generic, here because it is the first of the three areas
(costs, phasing, characteristics) whose one card each uses it."""
from __future__ import annotations

from mtg_conformance.oracle import triggers, zones
from mtg_conformance.oracle.provenance import note, trigger
from mtg_conformance.oracle.registry import effect
from mtg_conformance.oracle.resolve import Use, change_life, deal_damage
from mtg_conformance.oracle.seams import seam
from mtg_conformance.oracle.state import ControlEffect


@effect("gain_1", rule="119.3", text="you gain 1 life")
def _gain_1(use: Use) -> None:
    change_life(use.game, use.controller, 1)


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


@effect("threaten", rule="613.1b",
        text="untap target creature and gain control of it until end of turn; it gains haste")
def _threaten(use: Use) -> None:
    game, creature = use.game, use.game.permanents[use.target[1]]
    creature.tapped = False
    game.control_effects.append(ControlEffect(creature.id, use.controller, "end_of_turn",
                                              use.source.id, game.tick(), grants_haste=True))
