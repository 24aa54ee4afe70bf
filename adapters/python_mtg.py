"""python-mtg (PyPI `python-mtg`, import `mtg`) behind the engine contract, in process, with the kit.

How the contract maps onto python-mtg (every mapping with its verdict, and the gaps and findings:
docs/engines/python-mtg.md):
- A scenario becomes a python-mtg state (relations of tuples): every card's facts come from the card
  data bundled in the wheel (`bridge_to_engine.card_facts`), never downloaded; zones, tapped,
  summoning sickness (`_sick`), life, library order, the active player and the step are set as rows.
- python-mtg does a step's turn-based actions when it *leaves* the step (the draw on leaving draw,
  upkeep triggers on leaving upkeep), the contract when it *arrives*. So between actions python-mtg
  sits at the step after the contract's (`REST_STEP`); while an action is performed it stands in the
  contract's own step (`ACTING_STEP`), so its timing rules (a sorcery in a main phase) see that step.
- `advance` is python-mtg's own one-step transition (`env._advance_one`) repeated; the harness
  declares no attackers and no blockers on the way (python-mtg's players would attack and block).
- Actions run through python-mtg's own functions (adapters/python_mtg_actions.py); a decision the
  harness made goes in through python-mtg's `_choose` seam (`_forced`), and a decision python-mtg would
  take itself is refused there (the card is then not declared: adapters/python_mtg_cards.py).
- python-mtg refuses without reasons: the reason class is read from the facts it shows
  (kit.reason_from). A rejected action rolls back to a cloned state.
"""
from __future__ import annotations

import contextlib
import functools
from importlib import metadata

from mtg import bridge_to_engine, driver
from mtg.engine import env

from mtg_conformance.adapters import kit
from mtg_conformance.adapters.contract import ContractError, Engine, EngineError, validate
from mtg_conformance.adapters.python_mtg_actions import PlayActions, card_data, pid, quiet
from mtg_conformance.adapters.python_mtg_cards import DECLARED

NAME = "python-mtg"
ACTIONS = ("activate_mana", "activate", "cast", "tap", "deal_damage", "attack", "advance")
OBSERVES = ("power_toughness",)
SCENARIO_FEATURES = ("sick", "owner")
# python-mtg runs more seats in code, but a player's loss ends its game (P3) and a departed player keeps
# their cards (P8): not the multiplayer rules (CR 800.4a), so two seats (docs/adapters.md, max_players)
MAX_PLAYERS = 2
CARDS = DECLARED
# contract step -> the python-mtg step at which the contract step's beginning actions are done
REST_STEP = {"upkeep": "draw", "draw": "precombat_main", "main1": "beginning_of_combat",
             "combat": "declare_attackers", "main2": "end", "end": "cleanup"}
# contract step -> the python-mtg step an action taken in it is taken in (its timing rules read it)
ACTING_STEP = {"upkeep": "upkeep", "draw": "draw", "main1": "precombat_main", "combat": "beginning_of_combat",
               "main2": "postcombat_main", "end": "end"}
COLOR_LETTER = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G", "colorless": "C"}
ZONES = {"on_battlefield": "battlefield", "graveyard": "graveyard", "exile": "exile"}
OWNED_ZONES = {"in_hand": "hand", "in_library": "library"}
COUNTER_NAME = {"p1p1": "+1/+1", "m1m1": "-1/-1"}
SCENARIO_CONTROL = "__scenario_control"   # the id of the control effect a scenario's owner != controller stands for
MAX_STEPS = 200            # engine steps one advance may take before the adapter gives up


@functools.cache
def _empty_state(seats: int) -> dict:
    """python-mtg's own scaffolding for a game of `seats` players with no cards (cloned per scenario)."""
    return quiet(bridge_to_engine.make_deck_state, {pid(s): [] for s in range(seats)})


class PythonMtgEngine(PlayActions, Engine):
    """python-mtg 0.1.1, one scenario at a time."""

    def __init__(self):
        self._state: dict | None = None
        self._ids = kit.IdMap()
        self._owner: dict[str, int] = {}       # engine id -> seat, for every card the adapter made
        self._names: dict[str, str] = {}       # engine id -> catalog name
        self._seats = 0
        self._step = "main1"                   # the contract's step
        self._attacked = False                 # attackers were declared in this combat

    # ----------------------------------------------------------------- contract
    def identity(self) -> dict:
        return {"name": NAME, "version": metadata.version("python-mtg"),
                "homepage": "https://pypi.org/project/python-mtg/", "issues": "https://pypi.org/project/python-mtg/",
                "cr_edition": "unspecified"}

    def capabilities(self) -> dict:
        return kit.capabilities(CARDS, ACTIONS, observes=OBSERVES, scenario=SCENARIO_FEATURES, max_players=MAX_PLAYERS)

    def start(self, scenario: dict) -> dict:
        kit.check_scenario(scenario, self.capabilities())
        return kit.guarded(NAME, "setting up the scenario", lambda: self._setup(scenario))

    def act(self, action: dict) -> dict:
        validate("action", action)
        if self._state is None:
            raise EngineError("act() before start()")
        if action["type"] not in ACTIONS:
            raise ContractError(f"action {action['type']} is not among the engine's actions")
        return kit.guarded(NAME, action["type"], lambda: self._act(action))

    def close(self) -> None:
        self._state = None

    def _act(self, action: dict) -> dict:
        if env.is_terminal(self._state):
            return self._observe("game_over")
        rejected = kit.attempt(lambda: self._perform(action), self._snapshot, self._restore)
        return self._observe(rejected)

    def _perform(self, action: dict) -> None:
        """The action, then python-mtg's own trigger checkpoints — what its game loop runs at each step
        (`play_game`): "becomes tapped" and "gain life" triggers an action caused resolve before the next
        action, as after every action in the contract. What fires is python-mtg's."""
        getattr(self, "_do_" + action["type"])(action)
        if not env.is_terminal(self._state):
            for checkpoint in (driver._fire_tap_triggers, driver._fire_lifegain_triggers):
                quiet(checkpoint, self._state)

    def _snapshot(self):
        return driver.clone_state(self._state), self._ids.copy(), self._step, self._attacked

    def _restore(self, saved) -> None:
        self._state, self._ids, self._step, self._attacked = saved

    # ----------------------------------------------------------------- setup
    def _setup(self, scenario: dict) -> dict:
        db, corpus = card_data()
        driver.clear_cache()
        self._seats = len(scenario["players"])
        self._ids, self._owner, self._names = kit.IdMap(), {}, {}
        state = driver.clone_state(_empty_state(self._seats))
        self._state = state

        def make(name: str, seat: int) -> str:
            eid = f"o{len(self._owner)}"
            facts, _ = bridge_to_engine.card_facts(name, pid(seat), eid, db, corpus)
            for relation, rows in facts.items():
                state.setdefault(relation, set()).update(rows)
            for card_type in corpus[name].get("types") or []:
                state.setdefault("spell_type", set()).add((eid, card_type.lower()))
            state.setdefault("mana_cost", set()).add((eid, bridge_to_engine._mana_value(corpus[name].get("manaCost"))))
            bridge_to_engine._register_colored(state, eid, corpus[name])
            self._owner[eid], self._names[eid] = seat, name
            return eid

        for p in scenario["battlefield"]:
            owner, controller = p.get("owner", p["controller"]), p["controller"]
            eid = make(p["card"], owner)
            self._ids.add(p["id"], eid)
            if owner != controller:      # python-mtg's owner is printed_control; control is a layer-2 effect
                state.setdefault("eff_gain_control", set()).add((f"{eid}{SCENARIO_CONTROL}", pid(controller), eid, 1))
            state["on_battlefield"].add((eid,))
            if p.get("tapped"):
                state["tapped"].add((eid,))
            if p.get("sick"):
                state.setdefault("_sick", set()).add((eid,))
        for seat, player in enumerate(scenario["players"]):
            for name in player["hand"]:
                state["in_hand"].add((pid(seat), make(name, seat)))
            for name in player["library"]:               # top card first, as python-mtg draws
                eid = make(name, seat)
                state["in_library"].add((pid(seat), eid))
                state["_lib_order"][pid(seat)].append(eid)
        bridge_to_engine._materialize_printed(state)
        state["life"] = {(pid(s), p["life"]) for s, p in enumerate(scenario["players"])}
        state["active_player"] = {(pid(scenario["active_player"]),)}
        self._step, self._attacked = scenario["step"], False
        state["current_step"] = {(REST_STEP[scenario["step"]],)}
        state["_turn"] = scenario["turn"]
        state["_explicit_lands"] = True                   # no automatic land drops: the harness acts
        return self._observe(None)

    # ----------------------------------------------------------------- steps
    def engine_step(self) -> str:
        return next(iter(self._state["current_step"]))[0]

    @contextlib.contextmanager
    def acting(self):
        """python-mtg stands in the contract's step while an action is performed (`ACTING_STEP`; once
        attackers are declared, the combat step python-mtg is in), then back where it rests."""
        resting = self.engine_step()
        self._state["current_step"] = {(resting if self._attacked else ACTING_STEP[self._step],)}
        try:
            yield
        finally:
            self._state["current_step"] = {(resting,)}

    def _do_advance(self, a: dict) -> None:
        """CR 500-514: python-mtg's own step transitions until the contract's step after `turns`
        turn boundaries; no attackers or blockers are declared on the way beyond the harness's."""
        target, turns, crossed = REST_STEP[a["step"]], a.get("turns", 0), 0
        for _ in range(MAX_STEPS):
            self._state["_forced"] = {"attackers": frozenset(), "blocks": frozenset()}
            quiet(env._advance_one, self._state)
            self._state["_forced"] = {}
            if env.is_terminal(self._state):
                return
            crossed += self.engine_step() == "untap"
            self._attacked = False
            if self.engine_step() == target and crossed >= turns:
                self._step = a["step"]
                return
        raise EngineError(f"python-mtg did not reach {a['step']} within {MAX_STEPS} steps")

    # ----------------------------------------------------------------- queries
    def controllers(self) -> dict:
        return {c: int(p[1:]) for p, c in driver.run(self._state, ["controls"])["controls"]}

    def on_battlefield(self, harness_id: str) -> str:
        """The engine id of a harness-named permanent on the battlefield, else Refusal."""
        eid = self._ids.engine(harness_id)
        if (eid,) not in self._state["on_battlefield"]:
            raise kit.Refusal("no_such_object")
        return eid

    def seat(self, seat: int) -> str:
        if not isinstance(seat, int) or not 0 <= seat < self._seats:
            raise kit.Refusal("no_such_object")
        return pid(seat)

    # ----------------------------------------------------------------- observation
    def _observe(self, rejected: str | None) -> dict:
        state = self._state
        loser = state.get("_loser")
        out = kit.ObservationBuilder(self._seats, OBSERVES)
        derived = driver.run(state, ["controls", "creature", "power", "eff_toughness"])
        controllers = {c: int(p[1:]) for p, c in derived["controls"]}
        creatures = {c for (c,) in derived["creature"]}
        power, toughness = dict(derived["power"]), dict(derived["eff_toughness"])
        counters: dict[str, dict] = {}
        for oid, kind, n in state.get("counter", set()):
            counters.setdefault(oid, {})[COUNTER_NAME.get(kind, kind)] = n
        hosts = {aura: host for aura, host in state.get("attached_to", set())}
        for hid, eid in self._ids.items():
            zone = next((z for relation, z in ZONES.items() if (eid,) in state.get(relation, set())), None)
            zone = zone or next((z for relation, z in OWNED_ZONES.items()
                                 if any(c == eid for _, c in state.get(relation, set()))), None)
            if zone is None:
                raise EngineError(f"python-mtg lost track of {hid}")
            host = hosts.get(eid)
            creature = eid in creatures
            out.permanent(hid, zone, controller=controllers.get(eid), tapped=(eid,) in state["tapped"],
                          counters=counters.get(eid),
                          attached_to={"permanent": self._ids.harness(host, "token")} if host else None,
                          power=int(power[eid]) if creature else None,
                          toughness=int(toughness[eid]) if creature else None)
        life = dict(state["life"])
        for seat in range(self._seats):
            p = pid(seat)
            mana = {COLOR_LETTER[c]: n for q, c, n in state.get("floating_mana", set()) if q == p}
            out.player(seat, life=life[p], mana=mana,
                       hand=sum(q == p for q, _ in state["in_hand"]),
                       library=sum(q == p for q, _ in state["in_library"]),
                       graveyard=sum(self._owner.get(c) == seat for (c,) in state.get("graveyard", set())),
                       in_game=loser != p)
        return out.build(rejected, expected_ids=[hid for hid, _ in self._ids.items()])
