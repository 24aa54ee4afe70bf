"""python-mtg (PyPI `python-mtg`, import `mtg`) behind the engine contract, in process, with the kit.

How the contract maps onto python-mtg (gaps and findings: docs/engines/python-mtg.md):
- A scenario becomes a python-mtg state (relations of tuples): every card's facts come from the card
  data bundled in the wheel (`bridge_to_engine.card_facts`), never downloaded; zones, tapped,
  summoning sickness (`_sick`), life, library order, the active player and the step are set as rows.
- python-mtg does a step's turn-based actions when it *leaves* the step (the draw on leaving draw,
  upkeep triggers on leaving upkeep), the contract when it *arrives* (docs/contract.md). So the
  contract's step S is python-mtg sitting at the step after S, S's actions done: `ENGINE_STEP`.
- `advance` is python-mtg's own one-step transition (`env._advance_one`) repeated; the harness
  declares no attackers on the way (the engine would attack with everything).
- python-mtg has no single-ability mana activation: its one mana move taps every untapped source
  its controller has. `activate_mana` hides the player's other sources (marked tapped), lets the
  engine tap what is left, and unhides them: which source, the harness's decision, is represented;
  whether it may tap, what it makes and the tapping are python-mtg's.
- python-mtg refuses without reasons (it just doesn't offer the source): the reason class is read
  from the facts it shows (kit.reason_from). A rejected action rolls back to a cloned state.
"""
from __future__ import annotations

import contextlib
import functools
import io
from importlib import metadata

from mtg import bridge_to_engine, driver, sim
from mtg.engine import env

from mtg_conformance.adapters import kit
from mtg_conformance.adapters.contract import ContractError, Engine, EngineError, validate

NAME = "python-mtg"
ACTIONS = ("activate_mana", "advance")
SCENARIO_FEATURES = ("sick",)
# The catalog cards python-mtg has in its bundled data, translates without abstaining, and whose play
# the declared actions reach: mana sources and what changes their mana (docs/engines/python-mtg.md says
# why each other card is out). That python-mtg plays some of them wrongly is a finding, not a reason.
CARDS = ("Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes", "Llanowar Elves", "Dryad Arbor",
         "Mutavault", "Reflecting Pool", "Exotic Orchard", "Fellwar Stone", "Meteor Crater", "Pili-Pala",
         "Springleaf Drum", "Mana Reflection", "Fervor")
# contract step -> the python-mtg step at which the contract step's beginning actions are done
ENGINE_STEP = {"upkeep": "draw", "draw": "precombat_main", "main1": "beginning_of_combat",
               "combat": "declare_attackers", "main2": "end", "end": "cleanup"}
COLOR_LETTER = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G", "colorless": "C"}
ZONES = {"on_battlefield": "battlefield", "graveyard": "graveyard", "exile": "exile"}
COUNTER_NAME = {"p1p1": "+1/+1", "m1m1": "-1/-1"}
MAX_STEPS = 200            # engine steps one advance may take before the adapter gives up


@functools.cache
def _card_data() -> tuple[dict, dict]:
    """python-mtg's bundled card facts and Oracle corpus (offline, loaded once: ~2 s)."""
    return sim.load_db(), {c["name"]: c for c in bridge_to_engine.card_corpus.load_cards()}


@functools.cache
def _empty_state(seats: int) -> dict:
    """python-mtg's own scaffolding for a game of `seats` players with no cards (cloned per scenario)."""
    return _quiet(bridge_to_engine.make_deck_state, {_pid(s): [] for s in range(seats)})


def _quiet(run, *args):
    """python-mtg narrates on stdout, which the stdio protocol reserves for responses."""
    with contextlib.redirect_stdout(io.StringIO()):
        return run(*args)


def _pid(seat: int) -> str:
    return f"p{seat}"


class PythonMtgEngine(Engine):
    """python-mtg 0.1.1, one scenario at a time."""

    def __init__(self):
        self._state: dict | None = None
        self._ids = kit.IdMap()
        self._owner: dict[str, int] = {}       # engine id -> seat, for every card the adapter made
        self._seats = 0

    # ----------------------------------------------------------------- contract
    def identity(self) -> dict:
        return {"name": NAME, "version": metadata.version("python-mtg"),
                "homepage": "https://pypi.org/project/python-mtg/", "issues": "https://pypi.org/project/python-mtg/",
                "cr_edition": "unspecified"}

    def capabilities(self) -> dict:
        return kit.capabilities(CARDS, ACTIONS, observes=(), scenario=SCENARIO_FEATURES, max_players=4)

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
        rejected = kit.attempt(lambda: getattr(self, "_do_" + action["type"])(action), self._snapshot,
                               self._restore)
        return self._observe(rejected)

    def _snapshot(self):
        return driver.clone_state(self._state), self._ids.copy()

    def _restore(self, saved) -> None:
        self._state, self._ids = saved

    # ----------------------------------------------------------------- setup
    def _setup(self, scenario: dict) -> dict:
        db, corpus = _card_data()
        driver.clear_cache()
        self._seats = len(scenario["players"])
        self._ids, self._owner = kit.IdMap(), {}
        state = driver.clone_state(_empty_state(self._seats))
        self._state = state

        def make(name: str, seat: int) -> str:
            eid = f"o{len(self._owner)}"
            facts, _ = bridge_to_engine.card_facts(name, _pid(seat), eid, db, corpus)
            for relation, rows in facts.items():
                state.setdefault(relation, set()).update(rows)
            for card_type in corpus[name].get("types") or []:
                state.setdefault("spell_type", set()).add((eid, card_type.lower()))
            state.setdefault("mana_cost", set()).add((eid, bridge_to_engine._mana_value(corpus[name].get("manaCost"))))
            bridge_to_engine._register_colored(state, eid, corpus[name])
            self._owner[eid] = seat
            return eid

        for p in scenario["battlefield"]:
            eid = make(p["card"], p["controller"])
            self._ids.add(p["id"], eid)
            state["on_battlefield"].add((eid,))
            if p.get("tapped"):
                state["tapped"].add((eid,))
            if p.get("sick"):
                state.setdefault("_sick", set()).add((eid,))
        for seat, player in enumerate(scenario["players"]):
            for name in player["hand"]:
                state["in_hand"].add((_pid(seat), make(name, seat)))
            for name in player["library"]:               # top card first, as python-mtg draws
                eid = make(name, seat)
                state["in_library"].add((_pid(seat), eid))
                state["_lib_order"][_pid(seat)].append(eid)
        bridge_to_engine._materialize_printed(state)
        state["life"] = {(_pid(s), p["life"]) for s, p in enumerate(scenario["players"])}
        state["active_player"] = {(_pid(scenario["active_player"]),)}
        state["current_step"] = {(ENGINE_STEP[scenario["step"]],)}
        state["_turn"] = scenario["turn"]
        state["_explicit_lands"] = True                   # no automatic land drops: the harness acts
        return self._observe(None)

    # ----------------------------------------------------------------- actions
    def _step(self) -> str:
        return next(iter(self._state["current_step"]))[0]

    def _controllers(self) -> dict:
        return {c: int(p[1:]) for p, c in driver.run(self._state, ["controls"])["controls"]}

    def _do_activate_mana(self, a: dict) -> None:
        """CR 605: python-mtg taps the source and adds its mana at once, if it offers the source."""
        state = self._state
        eid = self._ids.engine(a["permanent"])
        if (eid,) not in state["on_battlefield"]:
            raise kit.Rejected("no_such_object")
        controller = self._controllers().get(eid)
        seat = a.get("player", controller)
        if not 0 <= seat < self._seats:
            raise kit.Rejected("no_such_object")
        units = {sid: taps for sid, _units, _cost, taps in driver._source_units(state, _pid(seat))}
        if eid not in units or a.get("ability", 0) != 0:
            raise kit.Rejected(kit.reason_from(
                (seat != controller, "not_controller"), ((eid,) in state["tapped"], "tapped"),
                ((eid,) in state.get("_sick", set()) and (eid, "creature") in state["printed_type"],
                 "summoning_sick")))
        hidden = {(sid,) for sid, taps in units.items() if taps and sid != eid}
        state["tapped"] |= hidden
        _quiet(driver._tap_all_for_mana, state, _pid(seat))
        state["tapped"] -= hidden

    def _do_advance(self, a: dict) -> None:
        """CR 500-514: python-mtg's own step transitions until the contract's step after `turns`
        turn boundaries; no attackers are declared on the way."""
        target, turns, crossed = ENGINE_STEP[a["step"]], a.get("turns", 0), 0
        for _ in range(MAX_STEPS):
            self._state["_forced"] = {"attackers": frozenset()}
            _quiet(env._advance_one, self._state)
            self._state["_forced"] = {}
            if env.is_terminal(self._state):
                return
            crossed += self._step() == "untap"
            if self._step() == target and crossed >= turns:
                return
        raise EngineError(f"python-mtg did not reach {a['step']} within {MAX_STEPS} steps")

    # ----------------------------------------------------------------- observation
    def _observe(self, rejected: str | None) -> dict:
        state = self._state
        loser = state.get("_loser")
        out = kit.ObservationBuilder(self._seats)
        controllers = self._controllers()
        counters: dict[str, dict] = {}
        for oid, kind, n in state.get("counter", set()):
            counters.setdefault(oid, {})[COUNTER_NAME.get(kind, kind)] = n
        hosts = {aura: host for aura, host in state.get("attached_to", set())}
        for hid, eid in self._ids.items():
            zone = next((z for relation, z in ZONES.items() if (eid,) in state.get(relation, set())), None)
            if zone is None:
                raise EngineError(f"python-mtg lost track of {hid}")
            host = hosts.get(eid)
            out.permanent(hid, zone, controller=controllers.get(eid), tapped=(eid,) in state["tapped"],
                          counters=counters.get(eid),
                          attached_to={"permanent": self._ids.harness(host, "token")} if host else None)
        life = dict(state["life"])
        for seat in range(self._seats):
            pid = _pid(seat)
            mana = {COLOR_LETTER[c]: n for p, c, n in state.get("floating_mana", set()) if p == pid}
            out.player(seat, life=life[pid], mana=mana,
                       hand=sum(p == pid for p, _ in state["in_hand"]),
                       library=sum(p == pid for p, _ in state["in_library"]),
                       graveyard=sum(self._owner.get(c) == seat for (c,) in state.get("graveyard", set())),
                       in_game=loser != pid)
        return out.build(rejected, expected_ids=[hid for hid, _ in self._ids.items()])
