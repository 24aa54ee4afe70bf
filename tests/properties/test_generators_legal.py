"""The generators build only legal scenarios (docs/contract.md#scenario) and actions that keep to the
contract's schema: the oracle accepts every scenario of every property's case strategy — no state-based action pending after continuous effects
(CR 704.3, 613), no token off the battlefield (704.5d). A harness artifact such as a 0/0 creature
(phase.rs certificate, H1) or a Treasure in a hand (H2) would be refused here."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from mtg_conformance.adapters.contract import validate
from mtg_conformance.adapters.oracle_adapter import OracleEngine
from mtg_conformance.oracle import Oracle
from mtg_conformance.properties.areas.lockstep import lockstep_scenarios
from mtg_conformance.properties.model import Case, all_properties

CAPABILITIES = OracleEngine().capabilities()
STRATEGIES = {pid: prop.cases(CAPABILITIES) for pid, prop in all_properties().items() if not prop.stateful}
STRATEGIES["LOCKSTEP-001"] = lockstep_scenarios(CAPABILITIES).map(lambda scenario: Case(scenario, ()))


def test_every_property_is_covered():
    assert set(STRATEGIES) == set(all_properties())


@pytest.mark.parametrize("prop_id", sorted(STRATEGIES))
def test_generated_scenarios_are_accepted_by_the_oracle(prop_id):
    @settings(max_examples=300, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(STRATEGIES[prop_id])
    def accepted(case):
        Oracle(case.scenario)       # ScenarioError names the rule the scenario breaks
        for action in case.program:
            validate("action", action)      # ContractError names the field (an engine would refuse it)

    accepted()


def test_the_check_refuses_an_artifact():
    """The test above can fail: a 0/0 Walking Ballista (H1) is refused (CR 704.5f)."""
    from mtg_conformance.oracle import ScenarioError
    doc = {"contract": 1, "players": [{"life": 20, "hand": [], "library": ["Island"]}] * 2,
           "battlefield": [{"id": "wb", "card": "Walking Ballista", "controller": 0}],
           "active_player": 0, "step": "main1", "turn": 2}
    with pytest.raises(ScenarioError, match="704.5f"):
        Oracle(doc)
