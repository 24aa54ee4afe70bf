"""Oracle example tests' helpers: the contract documents' builders (oracle/examples.py: a scenario from
a list of permanents, actions), and a game wrapper that checks every document it sends or receives
against the schemas.

    game = play(perm("f", "Forest"), perm("e", "Llanowar Elves", sick=True))
    obs = game.act(activate_mana("f"))
    assert pool(obs) == {"G": 1}
"""
from __future__ import annotations

import pytest

from mtg_conformance.adapters.contract import validate
from mtg_conformance.oracle import Oracle, ScenarioError
from mtg_conformance.oracle.examples import (  # noqa: F401  (the builders, for the tests)
    activate, activate_mana, advance, attach, attack, cast, change_control, concede, deal_damage, perm,
    phase_out, put_onto_battlefield, scenario, tap, target, to_graveyard)

MANA_TYPES = ("W", "U", "B", "R", "G", "C")


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


# --- reading observations --------------------------------------------------------------------------

def pt(obs: dict, pid: str) -> tuple:
    """A permanent's observed power and toughness (CR 208.3)."""
    p = obs["permanents"][pid]
    return p["power"], p["toughness"]


def rules(game: Game) -> set:
    """The CR rules the oracle decided the last action by (its trace)."""
    return {d.rule for d in game.oracle.trace}


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
