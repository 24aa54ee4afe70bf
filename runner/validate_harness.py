"""Check that an engine is wired to the contract (docs/adapters.md, docs/protocol.md) on cases whose answers
are trivially known: any engine name (in process or `stdio:COMMAND`), or a bare stdio harness command."""
from __future__ import annotations

import json
import shlex
import shutil

from mtg_conformance.adapters.contract import ContractError, EngineError, validate
from mtg_conformance.adapters.registry import UnknownEngine, make_engine, registered, unknown_name_hint
from mtg_conformance.adapters.stdio import StdioEngine, one_line
from mtg_conformance.properties.lockstep import normalise

BASIC_LANDS = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
TAP_A = {"type": "activate_mana", "permanent": "a"}
TAP_B = {"type": "activate_mana", "permanent": "b"}
TAP_NOTHING = {"type": "activate_mana", "permanent": "nothing"}
IDENTITY = ("name", "version", "homepage", "issues", "cr_edition")


def open_engine(target: str, timeout: float):
    """The engine `target` names: a registered name, `mutant:`, `module:` or `stdio:COMMAND`
    (docs/contract.md#engines-by-name), else a stdio harness command. UnknownEngine (one line) if it
    names nothing that can run."""
    kind, _, rest = target.partition(":")
    if target in registered() or kind in ("mutant", "module"):
        return make_engine(target)
    command = rest if kind == "stdio" else target
    try:
        words = shlex.split(command)
    except ValueError as why:
        raise UnknownEngine(f"bad command {command!r}: {why}") from None
    if not words:
        raise UnknownEngine("an empty command")
    if shutil.which(words[0]) is None:
        raise UnknownEngine(f"no such program: {words[0]} (and no engine of that name)", unknown_name_hint(target))
    return StdioEngine(command, timeout=timeout, handshake_timeout=timeout)


def validate_harness(target: str, timeout: float = 5.0) -> list[str]:
    """Every problem found with the engine `target` names (open_engine; over stdio each answer is due within
    `timeout` s); [] = OK."""
    engine = open_engine(target, timeout)
    try:
        capabilities = engine.capabilities()
        validate("capabilities", capabilities)
        identity = engine.identity()
    except Exception as error:                 # an in-process adapter's bug is a problem, not a traceback
        engine.close()
        return [f"handshake: {_describe(error)}"]
    problems = [f"handshake: identity {key} is not a string" for key in IDENTITY
                if not isinstance(identity.get(key), str)]
    land = next((card for card in capabilities["cards"] if card in BASIC_LANDS), None)
    if land is None or "activate_mana" not in capabilities["actions"]:
        engine.close()
        return problems + ["capabilities: a basic land and the activate_mana action are needed to check the harness"]
    observes = set(capabilities.get("observes", ()))
    for title, actions, expected in _cases(BASIC_LANDS[land]):
        try:
            observed = [engine.start(_scenario(land))] + [engine.act(action) for action in actions]
            for observation in observed:       # stdio checks this itself; an in-process engine may not
                validate("observation", observation)
        except Exception as error:
            problems.append(f"{title}: {_describe(error)}")
            continue
        for step, (want, got) in enumerate(zip(expected, observed)):
            where = f"after {json.dumps(actions[step - 1])}" if step else "first observation"
            problems += [f"{title}: {where}: {difference}"
                         for difference in _differences(normalise(want, observes), normalise(got, observes))]
    if not isinstance(engine, StdioEngine):
        engine.close()
        return problems
    try:
        engine.start(_scenario(land))
    except (EngineError, ContractError) as error:
        problems.append(f"stop: {_describe(error)}")
    engine.close()
    if engine.returncode != 0:
        problems.append(f"stop: the engine did not exit with status 0 within {timeout:g} s after stop "
                        f"(status {engine.returncode})")
    return problems


def _scenario(land: str) -> dict:
    return {
        "contract": 1,
        "players": [{"life": 20, "hand": [land], "library": [land, land]}, {"life": 17, "hand": [], "library": [land]}],
        "battlefield": [{"id": "a", "card": land, "controller": 0},
                        {"id": "b", "card": land, "controller": 1, "tapped": True}],
        "active_player": 0, "step": "main1", "turn": 3,
    }


def _observation(color: str, a_tapped: bool = False, rejected: str | None = None) -> dict:
    """The observation of `_scenario` once `a` has (or has not) been tapped for mana of `color`, with
    every optional part (capabilities `observes`): lands have no power or toughness and no damage. The
    parts an engine doesn't declare are compared on neither side (whether it reports them or not); a
    part it declares must be there and right (docs/contract.md#capabilities)."""
    def permanent(controller, tapped):
        return {"zone": "battlefield", "phased_out": False, "controller": controller, "tapped": tapped,
                "power": None, "toughness": None, "damage": 0, "counters": {}, "attached_to": None}

    def player(life, hand, library, mana):
        return {"life": life, "mana": dict(dict.fromkeys("WUBRGC", 0), **mana), "hand": hand, "library": library,
                "graveyard": 0, "in_game": True, "tokens": {}}

    return {"permanents": {"a": permanent(0, a_tapped), "b": permanent(1, True)},
            "players": [player(20, 1, 2, {color: 1} if a_tapped else {}), player(17, 0, 1, {})],
            "triggered": [], "rejected": rejected}


def _cases(color: str) -> list[tuple[str, list, list]]:
    """(title, actions, expected observations) — each case plays from a fresh `scenario`."""
    fresh, tapped = _observation(color), _observation(color, a_tapped=True)
    return [
        ("a fresh scenario", [], [fresh]),
        ("tapping an untapped land for mana", [TAP_A], [fresh, tapped]),
        ("tapping it again", [TAP_A, TAP_A], [fresh, tapped, _observation(color, True, "tapped")]),
        ("tapping a land tapped in the scenario", [TAP_B], [fresh, _observation(color, rejected="tapped")]),
        ("tapping no such permanent", [TAP_NOTHING], [fresh, _observation(color, rejected="no_such_object")]),
    ]


def _differences(want, got, path: str = "") -> list[str]:
    if isinstance(want, dict) and isinstance(got, dict):
        return [difference for key in sorted(want.keys() | got.keys())
                for difference in (_differences(want[key], got[key], f"{path}{key}/") if key in want and key in got
                                   else [f"{path}{key}: {'missing' if key in want else 'unexpected'}"])]
    if isinstance(want, list) and isinstance(got, list) and len(want) == len(got):
        return [difference for i, (w, g) in enumerate(zip(want, got)) for difference in _differences(w, g, f"{path}{i}/")]
    if json.dumps(want) != json.dumps(got):
        return [f"{path.rstrip('/')}: expected {json.dumps(want)}, got {json.dumps(got)}"]
    return []


def _describe(error: Exception) -> str:
    if not isinstance(error, (EngineError, ContractError)):
        return one_line(f"{type(error).__name__}: {error}")
    stderr = getattr(error, "stderr", "").strip()
    return f"{error} (stderr: {one_line(stderr.splitlines()[-1])})" if stderr else str(error)
