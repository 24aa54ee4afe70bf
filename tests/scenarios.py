"""Small builders for oracle example tests: contract scenarios (docs/contract.md) from a list of
permanents, and a game wrapper that checks every document it sends or receives against the schemas.

    game = play(perm("f", "Forest"), perm("e", "Llanowar Elves", sick=True))
    obs = game.act(activate_mana("f"))
    assert pool(obs) == {"G": 1}
"""
from __future__ import annotations

import pytest

from mtg_conformance.adapters.contract import validate
from mtg_conformance.oracle import Oracle, ScenarioError

MANA_TYPES = ("W", "U", "B", "R", "G", "C")


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


class Game:
    """The oracle behind schema checks: the scenario, each action and each observation must be
    valid contract documents, so a test can't drift from the contract without noticing."""

    def __init__(self, doc: dict):
        validate("scenario", doc)
        self.oracle = Oracle(doc)

    def act(self, action: dict) -> dict:
        validate("action", action)
        observation = self.oracle.act(action)
        validate("observation", observation)
        return observation

    def observe(self) -> dict:
        observation = self.oracle.observe()
        validate("observation", observation)
        return observation

    def run(self, *actions: dict) -> dict:
        """Perform `actions` in turn, failing at the first rejected one; the last observation."""
        triggered, obs = [], self.observe()
        for action in actions:
            obs = self.act(action)
            assert obs["rejected"] is None, (action, obs["rejected"])
            triggered += obs["triggered"]
        obs["triggered"] = sorted(triggered)
        return obs

    def assert_rejected(self, action: dict, reason: str) -> dict:
        """`action` is rejected with `reason` and the state is unchanged: the full observation is the
        same before and after, apart from the `triggered` window and `rejected` itself."""
        before = self.observe()
        after = self.act(action)
        assert after["rejected"] == reason, (action, after["rejected"])
        assert after["triggered"] == []
        for key in ("permanents", "players"):
            assert after[key] == before[key], key
        again = self.observe()
        assert again["rejected"] is None
        return after


def play(*permanents: dict, **kw) -> Game:
    """A Game on `scenario(*permanents, **kw)`."""
    return Game(scenario(*permanents, **kw))


# --- actions ---------------------------------------------------------------------------------------

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


# --- reading observations --------------------------------------------------------------------------

def pool(obs: dict, seat: int = 0) -> dict:
    """The non-empty part of a player's mana pool, by type (CR 106.1b)."""
    return {t: n for t, n in obs["players"][seat]["mana"].items() if n}


def producible(doc: dict, pid: str, setup=(), **kw) -> set:
    """The types a fresh game on `doc` (after the `setup` actions) accepts as the colour choice for
    `pid`'s mana ability, each tried on its own copy of the game: what the ability may add (CR 106.7)."""
    seat = kw.get("player", next(p["controller"] for p in doc["battlefield"] if p["id"] == pid))
    accepted = set()
    for mana_type in MANA_TYPES:
        game = Game(doc)
        game.run(*setup)
        obs = game.act(activate_mana(pid, mana_type, **kw))
        if obs["rejected"] is None and sum(obs["players"][seat]["mana"].values()):
            accepted.add(mana_type)
    return accepted


def where(obs: dict, pid: str) -> str:
    return obs["permanents"][pid]["zone"]


def refused(doc) -> str:
    """The one-line message the oracle refuses the scenario `doc` with (ScenarioError)."""
    with pytest.raises(ScenarioError) as caught:
        Oracle(doc)
    message = str(caught.value)
    assert "\n" not in message
    return message
