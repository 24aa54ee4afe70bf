"""The phase.rs engine behind the contract: its identity and capabilities, scenarios set up, and
actions played with rollback — a rejected action leaves the game as it found it (docs/contract.md)."""
from __future__ import annotations

from importlib import metadata

from mtg_conformance.adapters import phase_cards
from mtg_conformance.adapters.contract import (ACTION_TYPES, CONTRACT_VERSION, SCENARIO_FEATURES, Engine,
                                               EngineError, validate)
from mtg_conformance.adapters.kit import Refusal, check_scenario, guarded
from mtg_conformance.adapters.phase_rs.actions import Actions
from mtg_conformance.adapters.phase_rs.driving import MAX_REPLAY, Decisions, Driver, Unpayable
from mtg_conformance.adapters.phase_rs.observe import Observer
from mtg_conformance.adapters.phase_rs.prompts import Prompts
from mtg_conformance.adapters.phase_rs.scenario import Setup
from mtg_conformance.adapters.phase_rs.vocabulary import json_text

SCENARIO = tuple(SCENARIO_FEATURES)        # scenario features it sets up: all of them
ACTIONS = ACTION_TYPES                      # a `_do_<type>` each
OBSERVES = ("triggered", "counters", "tokens", "power_toughness", "damage")


class PhaseEngine(Actions, Prompts, Observer, Driver, Engine):
    """phase.rs, one scenario at a time."""

    def identity(self) -> dict:
        return {"name": "phase.rs", "version": metadata.version("phase-python"),
                "homepage": "https://github.com/phase-rs/phase",
                "issues": "https://github.com/phase-rs/phase/issues", "cr_edition": "unspecified"}

    def capabilities(self) -> dict:
        return {"contract": CONTRACT_VERSION, "cards": list(phase_cards.DECLARED), "actions": list(ACTIONS),
                "observes": list(OBSERVES), "max_players": 4, "scenario": list(SCENARIO)}

    def start(self, scenario: dict) -> dict:
        check_scenario(scenario, self.capabilities())
        return guarded("phase.rs", "setting up the scenario", lambda: self._setup(scenario))

    def act(self, action: dict) -> dict:
        validate("action", action)
        if self._game is None:
            raise EngineError("act() before start()")
        return guarded("phase.rs", action["type"], lambda: self._act(action))

    def close(self) -> None:
        self._game = None

    def _setup(self, scenario: dict) -> dict:
        """Load the scenario's state (CR 110.5, 302.6); nothing triggers."""
        setup = Setup(scenario)
        self._seats = len(scenario["players"])
        self._ids, self._helpers, self._spares = setup.ids, setup.helpers, setup.spares
        self._tokens = {p["id"] for p in scenario["battlefield"] if p.get("token")}
        self._load(setup.envelope)
        self._triggered, self._seen_stack = [], set()
        return self._observe(None)

    def _act(self, action: dict) -> dict:
        """Perform the action; if it is illegal, go back to the state from before it (nothing
        changed)."""
        if self._wf()["type"] == "GameOver":
            return self._observe("game_over")
        if len(self._log) > MAX_REPLAY:     # the game as it is becomes the base of rollbacks
            envelope = self._game.state()
            self._base, self._base_doc, self._log = json_text(envelope), envelope, []
        base, base_doc, log = self._base, self._base_doc, self._log[:]
        ids, helpers = dict(self._ids), dict(self._helpers)
        for unpayable in (False, True):
            game = self._untouched = self._game
            self._last_edit = None
            self._triggered, self._seen_stack = [], set()
            self._d, self._priority_owner = Decisions(action, unpayable), None
            try:
                getattr(self, "_do_" + action["type"])(action)
                self._finish()
                return self._observe(None)
            except (Refusal, Unpayable) as why:
                if self._untouched is game:     # only edited copies changed: keep the game as it was
                    edit = self._last_edit
                    if edit and edit[0] is game and edit[2] is self._game and not self._log:
                        self._kept_edit = (game, edit[1], self._game, self._base, self._base_doc)
                    self._game, self._base, self._base_doc, self._log = game, base, base_doc, log
                elif (self._base, self._log) != (base, log):
                    self._replay(base, base_doc, log)
                self._ids, self._helpers, self._triggered = dict(ids), dict(helpers), []
                if isinstance(why, Refusal):
                    return self._observe(why.reason)
        raise EngineError("phase.rs wouldn't play the action even without paying the unless-cost")
