"""The contract's normalised observation of a game (docs/contract.md#observation)."""
from __future__ import annotations

from collections import Counter

from oracle.state import Game


def _permanent(p) -> dict:
    if p.zone != "battlefield":
        return {"zone": p.zone, "phased_out": False, "controller": None, "tapped": False,
                "counters": {}, "attached_to": None}
    attached = None if p.attached_to is None else {p.attached_to[0]: p.attached_to[1]}
    return {"zone": "battlefield", "phased_out": p.phased_out is not None,
            "controller": p.controller, "tapped": p.tapped,
            "counters": {k: n for k, n in p.counters.items() if n}, "attached_to": attached}


def observe(game: Game, rejected: str | None = None) -> dict:
    """Observe, and start a new window for `triggered`."""
    tokens = [Counter() for _ in game.players]
    for p in game.permanents.values():
        if p.id.startswith("#") and p.phased_in:
            tokens[p.controller][p.card.name] += 1
    players = [{"life": pl.life, "mana": dict(pl.pool), "hand": len(pl.hand),
                "library": len(pl.library), "graveyard": len(pl.graveyard), "in_game": pl.in_game,
                "tokens": dict(tokens[pl.seat])} for pl in game.players]
    permanents = {pid: _permanent(p) for pid, p in game.permanents.items()
                  if not pid.startswith("#") and p.zone != "stack"}
    triggered, game.triggered = sorted(game.triggered), []
    return {"permanents": permanents, "players": players, "triggered": triggered,
            "rejected": rejected}
