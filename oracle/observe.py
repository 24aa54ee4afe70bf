"""The contract's normalised observation of a game (docs/contract.md#observation)."""
from __future__ import annotations

from mtg_conformance.oracle.characteristics import is_creature
from mtg_conformance.oracle.phasing import still_there
from mtg_conformance.oracle.state import Game
from mtg_conformance.oracle.vocabulary import off_battlefield


def observe(game: Game, rejected: str | None = None) -> dict:
    """Observe, and start a new window for `triggered`."""
    tokens = [{} for _ in game.players]           # harness-unnamed tokens ("#…"), counted by name
    permanents = {}
    recorded = game.power_toughness
    for pid, p in game.permanents.items():
        zone = p._zone          # `zone` and `phased_out` read from their slots (no property call):
        phased_out = p._phased_out      # every object is observed after every action
        if pid[:1] == "#":
            if zone == "battlefield" and not phased_out:
                seen = tokens[p.controller]
                seen[p.card.name] = seen.get(p.card.name, 0) + 1
            continue
        if zone != "battlefield":
            if zone != "stack":
                permanents[pid] = off_battlefield(zone)   # only its zone is observed
            continue
        # CR 701.3d, 303.4c: an Aura or Equipment whose object left the battlefield (or whose player
        # left the game) is no longer attached to it. Seen only while it is phased out — it will
        # phase in unattached (702.26i) — or after the game has ended, when no state-based action
        # follows.
        attached = p.attached_to
        if attached:
            attached = {attached[0]: attached[1]} if still_there(game, attached) else None
        # `power`/`toughness` as last recorded (oracle.characteristics.record_power_toughness, after
        # setup and every action); none for a non-creature or a phased-out creature (treated as
        # though it doesn't exist, 702.26b).
        power = toughness = None
        damage = 0
        if is_creature(p):
            damage = p.damage
            if not phased_out:
                power, toughness = recorded[pid]
        counters = p.counters
        permanents[pid] = {"zone": zone, "phased_out": phased_out is not None, "controller": p.controller,
                           "tapped": p.tapped, "power": power, "toughness": toughness, "damage": damage,
                           "counters": {k: n for k, n in counters.items() if n} if counters else {},
                           "attached_to": attached}
    players = [{"life": pl.life, "mana": pl.pool.copy(), "hand": len(pl.hand),
                "library": len(pl.library), "graveyard": len(pl.graveyard), "in_game": pl.in_game,
                "tokens": tokens[pl.seat]} for pl in game.players]
    triggered, game.triggered = sorted(game.triggered), []
    return {"permanents": permanents, "players": players, "triggered": triggered,
            "rejected": rejected}


# The fields of a `snapshot` row, in its order: a player's, then their mana pool by type; a
# permanent's, then its counters by kind.
PLAYER_ROW = ("life", "hand", "library", "graveyard", "in_game")
PERMANENT_ROW = ("zone", "tapped", "phased_out", "controller", "damage", "attached_to")


def snapshot(game: Game) -> dict:
    """The observation's fields a rule's effect changes, one row of values per player (`PLAYER_ROW`,
    then the pool's (type, amount) pairs), permanent (`PERMANENT_ROW`, then its counters' (kind,
    number) pairs) and token name (how many), for telling what an effect changed (`changed_paths`,
    oracle/resolve.py). Power and toughness are left out: they follow from the counters and effects,
    which are in."""
    out = {}
    for pl in game.players:
        out[pl.seat] = (pl.life, len(pl.hand), len(pl.library), len(pl.graveyard), pl.in_game,
                        tuple(pl.pool.items()))
    for pid, p in game.permanents.items():
        zone = p._zone                    # read from their slots, as `observe` does
        if zone == "stack":
            continue
        if pid[:1] == "#":
            if zone == "battlefield" and p._phased_out is None:
                key = ("tokens", p.controller, p.card.name)
                out[key] = out.get(key, 0) + 1
            continue
        counters = p.counters
        out[pid] = (zone, p.tapped, p._phased_out, p.controller, p.damage, p.attached_to,
                    tuple([(k, n) for k, n in counters.items() if n]) if counters else ())
    return out


def changed_paths(before: dict, after: dict) -> tuple:
    """The paths (`players[0].hand`, `permanents.p3.tapped`, `players[1].tokens.Thopter`) whose
    value differs between two `snapshot`s, or that only one has, sorted."""
    moved = []
    for key in before.keys() | after.keys():
        old, new = before.get(key, _NONE), after.get(key, _NONE)
        if old != new:
            moved += _differences(key, old, new)
    return tuple(sorted(moved))


_NONE = object()          # a field an object doesn't have (a counter it lacks, a token count)


def _differences(key, old, new) -> list:
    """The paths of the fields of `snapshot` row `key` whose values differ between `old` and `new`
    (rows that differ): every field of the row where only one of them has it."""
    if isinstance(key, tuple):
        return [f"players[{key[1]}].tokens.{key[2]}"]
    if isinstance(key, int):
        at, fields, kinds = f"players[{key}]", PLAYER_ROW, "mana"
    else:
        at, fields, kinds = f"permanents.{key}", PERMANENT_ROW, "counters"
    if old is _NONE or new is _NONE:
        row = old if new is _NONE else new
        return [f"{at}.{field}" for field in fields] + [f"{at}.{kinds}.{kind}" for kind, _ in row[-1]]
    found = [f"{at}.{field}" for field, was, now in zip(fields, old, new) if was != now]
    if old[-1] != new[-1]:
        was, now = dict(old[-1]), dict(new[-1])
        found += (f"{at}.{kinds}.{kind}" for kind in was.keys() | now.keys()
                  if was.get(kind, _NONE) != now.get(kind, _NONE))
    return found
