"""The effects of the phasing cards: phasing out a permanent, a target, an enchanted creature or
many at once (CR 702.26), "until it leaves" and "for as long as" (610.3c, 610.4, 611.2b), "can't
phase out" (611.2a), and what the phasing cards do besides (discard, mill, vanishing's counters:
Out of Time and Aven Riftwatcher, of the leaving area, use those two alike, and the tie goes to
phasing, the first of the two in AREAS)."""
from __future__ import annotations

from mtg_conformance.oracle import phasing, triggers, zones
from mtg_conformance.oracle.catalog import ANY_NUMBER_OF_TARGETS
from mtg_conformance.oracle.characteristics import attached_host, is_creature
from mtg_conformance.oracle.provenance import note
from mtg_conformance.oracle.registry import effect
from mtg_conformance.oracle.resolve import Use, as_target
from mtg_conformance.oracle.seams import seam
from mtg_conformance.oracle.state import ControlEffect, Linked
from mtg_conformance.oracle.targets import target_is_legal


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


@effect("discard_1", rule="701.9a", text="you discard a card")
def _discard(use: Use) -> None:
    zones.discard(use.game, use.controller, use.decisions.get("discard"))


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
    (CR 608.2b). The kind of target is the catalog's (ANY_NUMBER_OF_TARGETS)."""
    game, src = use.game, use.source
    kind = ANY_NUMBER_OF_TARGETS["phase_out_other_targets_you_control"]
    chosen = []
    for raw in use.decisions.get("targets") or []:
        target = as_target(raw)
        if (target and target[1] != src.id and target[1] not in [c.id for c in chosen]
                and target_is_legal(game, target, kind, src, use.controller)):
            chosen.append(game.permanents[target[1]])
    phasing.phase_out(game, chosen)
    gone = [c for c in chosen if c.phased_out == "directly"]
    if gone:        # recorded after the phasing: which targets phase out is what 115.1 decided
        note(game, "115.1", f"{src.id}'s ability: each of its legal targets ({', '.join(c.id for c in gone)}) "
             "phases out", tuple(c.id for c in gone), tuple(f"permanents.{c.id}.phased_out" for c in gone),
             (src.id,))


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


@effect("steal_while_tapped", rule="611.2b",
        text="gain control of target creature with power at most the number of Islands you control "
             "for as long as this remains tapped")
def _shackles(use: Use) -> None:
    """Control "for as long as" its source stays tapped."""
    game = use.game
    game.control_effects.append(ControlEffect(use.target[1], use.controller, "while_tapped",
                                              use.source.id, game.tick()))


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
