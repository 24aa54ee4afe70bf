"""Random programs on random boards: engine and oracle must agree after every action."""
from __future__ import annotations

from functools import partial

from hypothesis import event
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, rule

from mtg_conformance.adapters.contract import scenario_features
from mtg_conformance.oracle.catalog import CATALOG
from mtg_conformance.properties.areas.common import battlefield_cards, library_cards, seats, supported
from mtg_conformance.properties import lockstep as lockstep_module
from mtg_conformance.properties.coverage import Floor, Situation
from mtg_conformance.properties.model import Machine, Plan, stateful_property
from mtg_conformance.properties.strategies import MAKERS, Aim, features_used, programs
from mtg_conformance.properties.strategies import scenarios as scenarios_within

EVERY_ACTION = {kind: 1 for kind in MAKERS} | {"activate_mana": 4, "advance": 2, "phase_out": 2, "cast": 2}


def _board(capabilities) -> tuple:
    """Every supported card, and those a scenario within the engine's features can put on the
    battlefield (the Thopter token only as Hangarback Walker makes it)."""
    cards = supported(sorted(CATALOG), capabilities)
    return cards, battlefield_cards([c for c in cards if CATALOG[c].is_permanent_card and c != "Thopter"],
                                    capabilities, scenario_features(capabilities))


def lockstep_scenarios(capabilities):
    """Scenarios on every supported card, within the engine's seats and scenario features, with
    libraries of the basic lands it supports."""
    cards, board = _board(capabilities)
    aim = Aim(board=board, hand=tuple(cards), kinds=EVERY_ACTION, size=(1, 8), hand_size=(1, 3),
              steps=("upkeep", "draw", "main1", "main1", "main2", "main2", "combat", "end"),
              players=seats(capabilities))
    return scenarios_within(aim, scenario_features(capabilities), library_cards(capabilities))


def lockstep_machine(engine, capabilities, prop, tally):
    """A RuleBasedStateMachine driving `engine` and the oracle side by side, counting into `tally`,
    on scenarios within the engine's seats and scenario features, with its plan."""
    # Hypothesis derives a derandomised run's seed from the machine's source: these two names keep
    # that source, and so the generated cases (and the baselines built on them), unchanged.
    Lockstep = partial(lockstep_module.Lockstep, tally=tally)  # noqa: N806
    LABELS = {prop.id: tally.labels}  # noqa: N806
    kinds = {k: w for k, w in EVERY_ACTION.items() if k in capabilities.get("actions", ())}

    class LockstepMachine(RuleBasedStateMachine):
        @initialize(scenario=lockstep_scenarios(capabilities))
        def setup(self, scenario):
            self.run = Lockstep(engine, prop)
            self.run.start(scenario)
            event(f"players: {len(scenario['players'])}")

        @rule(data=st.data())
        def act(self, data):
            action = data.draw(programs(self.run.case.scenario, kinds, length=(1, 1)))[0]
            step = self.run.act(action)
            label = f"{action['type']}: " + (step.oracle_after["rejected"] or "accepted")
            event(label)
            LABELS[prop.id][label] += 1

    cards, board = _board(capabilities)
    return Machine(LockstepMachine, Plan(features_used(board, scenario_features(capabilities)),
                                         seats(capabilities), frozenset(cards), frozenset(kinds)))


@stateful_property(
    id="LOCKSTEP-001", title="Random programs: the engine agrees with the oracle after every action",
    rules=("106.5", "106.7", "106.12", "107.3m", "107.5", "107.6", "302.6", "303.4", "702.26",
           "704.5m", "800.4a", "614.10"),
    cards=frozenset(CATALOG), actions=frozenset({"activate_mana", "advance"}),
    focus=frozenset(),
    situations=(
        Situation("a player leaves a multiplayer game", ("800.4a",)),
        Situation("a phased-out permanent is treated as nonexistent", ("702.26b",)),
        Situation("a permanent pays {T} for an ability", ("107.5",), rejected=False)),
    floors=(Floor("activate_mana: accepted", 20), Floor("advance: accepted", 20),
            Floor("phase_out: accepted", 20), Floor("cast: accepted", 5), Floor("concede: accepted", 5)))
def lockstep(engine, capabilities, prop, tally):
    """Every card the engine supports, every action it supports, in random order."""
    return lockstep_machine(engine, capabilities, prop, tally)
