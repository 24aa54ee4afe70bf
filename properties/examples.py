"""The Hypothesis example database as the suite shares it: one key per property and engine, so that
`fuzz`, `run`, `certify` and the HypoFuzz targets replay first what any of them found."""
from __future__ import annotations

from hypothesis.control import BuildContext
from hypothesis.database import ExampleDatabase, choices_from_bytes
from hypothesis.errors import HypothesisException
from hypothesis.internal.conjecture.data import ConjectureData, StopTest

from mtg_conformance.adapters.contract import Engine
from mtg_conformance.properties.model import Case, Property, StatefulProperty


def database_key(prop: Property, engine: Engine) -> bytes:
    """Where an example database keeps `prop`'s failing cases against this engine."""
    return f"mtg-conformance:{engine.identity().get('name', '')}:{prop.id}".encode()


def keyed(test, prop: Property, engine: Engine):
    """`test` (a @given test, or a state machine's from get_state_machine_test) saving and replaying
    its failures under `database_key` rather than under a digest of its source."""
    test._hypothesis_internal_database_key = database_key(prop, engine)
    return test


def kept_cases(prop: Property | StatefulProperty, engine: Engine, database: ExampleDatabase) -> list[Case]:
    """The failing cases kept in `database` for `prop` against `engine`, decoded through the
    property's strategy, for a run to replay before generating (under any profile, derandomised
    too). A stateful property's runs are sequences of steps, not cases: none."""
    if isinstance(prop, StatefulProperty):
        return []
    strategy, cases = prop.cases(engine.capabilities()).strategy, []
    for blob in database.fetch(database_key(prop, engine)):
        choices = choices_from_bytes(blob)
        if choices is None:
            continue
        data = ConjectureData.for_choices(choices)
        try:
            with BuildContext(data, wrapped_test=kept_cases):
                cases.append(data.draw(strategy))
        except (StopTest, HypothesisException):   # kept by another version of the strategy
            continue
    return sorted(cases, key=repr)
