"""The generators build only legal scenarios (docs/contract.md#scenario) and actions that keep to the
contract's schema: the oracle accepts every scenario of every property's case strategy — no state-based action pending after continuous effects
(CR 704.3, 613), no token off the battlefield (704.5d). A harness artifact such as a 0/0 creature
(phase.rs certificate, H1) or a Treasure in a hand (H2) would be refused here. And no action carries
a field its spell or ability has no use for (`targets` for Hurricane, `x` for a card without {X}):
an engine could fairly refuse it (docs/contract.md#actions)."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from mtg_conformance.adapters.contract import validate
from mtg_conformance.adapters.oracle_adapter import OracleEngine
from mtg_conformance.oracle import Oracle
from mtg_conformance.oracle.catalog import CATALOG, cast_targets
from mtg_conformance.properties.areas.game import lockstep_scenarios
from mtg_conformance.properties.model import Case, Property, all_properties

CAPABILITIES = OracleEngine().capabilities()
STRATEGIES = {pid: prop.cases(CAPABILITIES).strategy for pid, prop in all_properties().items()
              if isinstance(prop, Property)}
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
        assert not unused_fields(case), unused_fields(case)

    accepted()


def _uses(action: dict, made: dict, scenario: dict) -> dict:
    """Whether the spell or ability an action casts or activates uses `targets`, `x` and `color`
    (None: the action names nothing the catalog knows, so anything it carries is moot)."""
    if action["type"] in ("cast", "put_onto_battlefield"):
        c = CATALOG.get(action["card"])
        if c is None:
            return None
        made[action.get("id")] = c.name
        return {"targets": action["type"] == "cast" and bool(cast_targets(c)), "x": c.x_cost,
                "color": c.chooses_color, "attach_to": bool(c.enchant)}
    if action["type"] == "activate":
        name = made.get(action["permanent"]) or next(
            (e["card"] for e in scenario["battlefield"] if e["id"] == action["permanent"]), None)
        abilities = CATALOG[name].activated if name else ()
        if action.get("ability", 0) >= len(abilities):
            return None
        ability = abilities[action.get("ability", 0)]
        return {"targets": bool(ability.target), "x": ability.cost.x}
    return None


def unused_fields(case: Case) -> list:
    """The fields of the case's casts and activations that their spell or ability has no use for."""
    made, found = {}, []
    for n, action in enumerate(case.program):
        uses = _uses(action, made, case.scenario)
        if uses:
            found += [f"action {n} ({action['type']} {action.get('card') or action['permanent']}): {field}"
                      for field, used in uses.items() if field in action and not used]
    return found


def test_the_check_finds_a_field_sent_for_nothing():
    """The check above can fail: Hurricane targets nothing, Llanowar Elves has no {X}."""
    doc = {"contract": 1, "players": [{"life": 20, "hand": [], "library": ["Island"]}] * 2,
           "battlefield": [{"id": "e", "card": "Llanowar Elves", "controller": 0}],
           "active_player": 0, "step": "main1", "turn": 2}
    case = Case(doc, ({"type": "cast", "player": 0, "card": "Hurricane", "x": 1, "targets": [{"player": 1}]},
                      {"type": "cast", "player": 0, "card": "Llanowar Elves", "id": "n", "x": 0},
                      {"type": "activate", "permanent": "e", "targets": []}))
    assert unused_fields(case) == ["action 0 (cast Hurricane): targets", "action 1 (cast Llanowar Elves): x"]


def test_the_check_refuses_an_artifact():
    """The test above can fail: a 0/0 Walking Ballista (H1) is refused (CR 704.5f)."""
    from mtg_conformance.oracle import ScenarioError
    doc = {"contract": 1, "players": [{"life": 20, "hand": [], "library": ["Island"]}] * 2,
           "battlefield": [{"id": "wb", "card": "Walking Ballista", "controller": 0}],
           "active_player": 0, "step": "main1", "turn": 2}
    with pytest.raises(ScenarioError, match="704.5f"):
        Oracle(doc)
