"""The effects of mana that counts: a storage land's counter (CR 122.1), a depletion land sacrificed
once it has none left (701.21a), a Monolith untapping itself (701.26b)."""
from __future__ import annotations

from mtg_conformance.oracle import zones
from mtg_conformance.oracle.provenance import note
from mtg_conformance.oracle.registry import effect
from mtg_conformance.oracle.resolve import Use
from mtg_conformance.oracle.seams import seam
from mtg_conformance.oracle.state import Game, Permanent


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
             "ability resolves", (use.source.id,), (f"permanents.{use.source.id}.zone",),
             reads=(f"permanents.{use.source.id}.counters.depletion",))
        zones.leave(use.game, use.source, "graveyard")


@seam
def out_of_depletion_counters(p: Permanent) -> bool:
    return not p.counters.get("depletion", 0)
