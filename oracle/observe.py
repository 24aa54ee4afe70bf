"""The contract's normalised observation of a game (docs/contract.md#observation)."""
from __future__ import annotations

from mtg_conformance.oracle.characteristics import is_creature
from mtg_conformance.oracle.phasing import still_there
from mtg_conformance.oracle.state import Game


def _permanent(game: Game, p) -> dict:
    if p.zone != "battlefield":
        return {"zone": p.zone, "phased_out": False, "controller": None, "tapped": False,
                "power": None, "toughness": None, "damage": 0, "counters": {}, "attached_to": None}
    # CR 701.3d, 303.4c: an Aura or Equipment whose object left the battlefield (or whose player
    # left the game) is no longer attached to it. Seen only while it is phased out — it will phase
    # in unattached (702.26i) — or after the game has ended, when no state-based action follows.
    attached = p.attached_to
    if attached:
        attached = {attached[0]: attached[1]} if still_there(game, attached) else None
    # `power`/`toughness` as last recorded (oracle.characteristics.record_power_toughness, after setup
    # and every action); none for a non-creature or a phased-out creature (treated as though it
    # doesn't exist, 702.26b).
    creature = is_creature(p)
    power, toughness = game.power_toughness[p.id] if creature and not p.phased_out else (None, None)
    return {"zone": "battlefield", "phased_out": p.phased_out is not None,
            "controller": p.controller, "tapped": p.tapped, "power": power, "toughness": toughness,
            "damage": p.damage if creature else 0,
            "counters": {k: n for k, n in p.counters.items() if n} if p.counters else {},
            "attached_to": attached}


def observe(game: Game, rejected: str | None = None) -> dict:
    """Observe, and start a new window for `triggered`."""
    tokens = [{} for _ in game.players]           # harness-unnamed tokens ("#…"), counted by name
    permanents = {}
    for pid, p in game.permanents.items():
        if pid.startswith("#"):
            if p.phased_in:
                seen = tokens[p.controller]
                seen[p.card.name] = seen.get(p.card.name, 0) + 1
        elif p.zone != "stack":
            permanents[pid] = _permanent(game, p)
    players = [{"life": pl.life, "mana": dict(pl.pool), "hand": len(pl.hand),
                "library": len(pl.library), "graveyard": len(pl.graveyard), "in_game": pl.in_game,
                "tokens": tokens[pl.seat]} for pl in game.players]
    triggered, game.triggered = sorted(game.triggered), []
    return {"permanents": permanents, "players": players, "triggered": triggered,
            "rejected": rejected}


def fields(game: Game) -> dict:
    """The observation's fields a rule's effect changes, flat by path (`players[0].hand`,
    `permanents.p3.tapped`), for telling what an effect changed (oracle/resolve.py). Power and
    toughness are left out: they follow from the counters and effects, which are in."""
    out = {}
    for pl in game.players:
        at = f"players[{pl.seat}]"
        out.update({f"{at}.life": pl.life, f"{at}.hand": len(pl.hand), f"{at}.library": len(pl.library),
                    f"{at}.graveyard": len(pl.graveyard), f"{at}.in_game": pl.in_game})
        out.update({f"{at}.mana.{t}": n for t, n in pl.pool.items()})
    for p in game.permanents.values():
        if p.zone == "stack":
            continue
        if p.id.startswith("#"):
            if p.phased_in:
                key = f"players[{p.controller}].tokens.{p.card.name}"
                out[key] = out.get(key, 0) + 1
            continue
        at = f"permanents.{p.id}"
        out.update({f"{at}.zone": p.zone, f"{at}.tapped": p.tapped, f"{at}.phased_out": p.phased_out,
                    f"{at}.controller": p.controller, f"{at}.damage": p.damage,
                    f"{at}.attached_to": p.attached_to})
        out.update({f"{at}.counters.{k}": n for k, n in p.counters.items() if n})
    return out

