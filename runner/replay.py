"""Re-running saved vectors against any engine: FIXED, STILL FAILING or ERROR for each."""
from __future__ import annotations

from mtg_conformance.adapters.contract import ContractError, EngineError
from mtg_conformance.oracle.vocabulary import Replayed
from mtg_conformance.properties.lockstep import Divergence, run_case
from mtg_conformance.properties.model import all_properties
from mtg_conformance.properties.vectors import case_of, load


def replay(path: str, engine) -> tuple[Replayed, str]:
    """(verdict, one-line detail) for one vector file; VectorError if it can't be read."""
    vector = load(path)
    prop = all_properties().get(vector["property"])
    try:
        run_case(engine, case_of(vector), prop)
    except Divergence as still:
        return Replayed.STILL_FAILING, still.sentence
    except (EngineError, ContractError) as why:
        return Replayed.ERROR, str(why)
    return Replayed.FIXED, f"{vector['id']} now agrees with the oracle"
