"""Small builders of contract documents (docs/contract.md): a scenario from a list of permanents, and
actions. The oracle's own tables of rejections and no-ops (oracle/rejections.py, oracle/noops.py)
give their examples with them, and so do the suite's tests (tests/scenarios.py).

    scenario(perm("f", "Forest"), perm("e", "Llanowar Elves", sick=True), hands={0: ["Threaten"]})
    cast(0, "Threaten", targets=["e"])
"""
from __future__ import annotations


def perm(pid: str, card: str, controller: int = 0, **fields) -> dict:
    """One battlefield entry: `perm("a", "Forest", 1, tapped=True)`; `attached_to` may be given as
    a permanent id (str) or a seat (int) for brevity."""
    entry = {"id": pid, "card": card, "controller": controller}
    attached = fields.pop("attached_to", None)
    if isinstance(attached, str):
        entry["attached_to"] = {"permanent": attached}
    elif isinstance(attached, int):
        entry["attached_to"] = {"player": attached}
    elif attached is not None:
        entry["attached_to"] = attached
    entry.update(fields)
    return entry


def scenario(*permanents: dict, players: int = 2, hands=None, libraries=None, life=None,
             active: int = 0, step: str = "main1", turn: int = 3) -> dict:
    """A 2–4 player scenario. `hands`/`libraries` map seat -> card names; every library defaults to
    five Islands so that draws are observable and nobody decks out. Turn 3 by default, so that no
    first-turn rule (CR 103.8a) applies unless a test asks for it."""
    hands, libraries, life = hands or {}, libraries or {}, life or {}
    return {
        "contract": 1,
        "players": [{"life": life.get(seat, 20), "hand": list(hands.get(seat, [])),
                     "library": list(libraries.get(seat, ["Island"] * 5))}
                    for seat in range(players)],
        "battlefield": list(permanents),
        "active_player": active,
        "step": step,
        "turn": turn,
    }


def activate_mana(pid: str, color: str | None = None, **kw) -> dict:
    action = {"type": "activate_mana", "permanent": pid, **kw}
    if color is not None:
        action["color"] = color
    return action


def activate(pid: str, ability: int = 0, targets=(), **kw) -> dict:
    action = {"type": "activate", "permanent": pid, "ability": ability, **kw}
    if targets:
        action["targets"] = [target(t) for t in targets]
    return action


def cast(player: int, card: str, pid: str | None = None, targets=(), **kw) -> dict:
    action = {"type": "cast", "player": player, "card": card, **kw}
    if pid is not None:
        action["id"] = pid
    if targets:
        action["targets"] = [target(t) for t in targets]
    return action


def put_onto_battlefield(player: int, card: str, pid: str, attach_to=None) -> dict:
    action = {"type": "put_onto_battlefield", "player": player, "card": card, "id": pid}
    if attach_to is not None:
        action["attach_to"] = target(attach_to)
    return action


def phase_out(*pids: str) -> dict:
    return {"type": "phase_out", "permanents": list(pids)}


def change_control(pid: str, player: int, duration: str = "indefinite") -> dict:
    return {"type": "change_control", "permanent": pid, "player": player, "duration": duration}


def to_graveyard(pid: str) -> dict:
    return {"type": "put_into_graveyard", "permanent": pid}


def tap(pid: str) -> dict:
    return {"type": "tap", "permanent": pid}


def attack(*pids: str) -> dict:
    return {"type": "attack", "attackers": list(pids)}


def advance(step: str, turns: int = 0) -> dict:
    return {"type": "advance", "step": step, "turns": turns}


def concede(player: int) -> dict:
    return {"type": "concede", "player": player}


def target(t) -> dict:
    """A permanent id (str) or a seat (int) as a contract target."""
    if isinstance(t, dict):
        return t
    return {"permanent": t} if isinstance(t, str) else {"player": t}


def deal_damage(to, amount: int) -> dict:
    return {"type": "deal_damage", "target": target(to), "amount": amount}


def attach(pid: str, to) -> dict:
    return {"type": "attach", "permanent": pid, "to": target(to)}
