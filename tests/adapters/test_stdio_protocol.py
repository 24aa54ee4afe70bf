"""The stdio protocol: StdioEngine against misbehaving harnesses, serve(), validate_harness, schema checks."""
from __future__ import annotations

import copy
import io
import json
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtg_conformance.adapters import stdio, validation
from mtg_conformance.adapters.contract import ContractError
from mtg_conformance.adapters.stdio import STDERR_LIMIT, StdioEngine, StdioError, check_message
from mtg_conformance.runner.serve import serve
from mtg_conformance.runner.validate_harness import validate_harness

FAKES = Path(__file__).parents[1] / "fake_harnesses"
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(FAKES))
from toy_engine import ToyEngine  # noqa: E402

SCENARIO = {
    "contract": 1,
    "players": [{"life": 20, "hand": ["Forest"], "library": ["Island"]}, {"life": 18, "hand": [], "library": []}],
    "battlefield": [{"id": "a", "card": "Forest", "controller": 0},
                    {"id": "b", "card": "Island", "controller": 1, "tapped": True}],
    "active_player": 0, "step": "main1", "turn": 2,
}
TAP_A = {"type": "activate_mana", "permanent": "a"}


def command(*args: str) -> str:
    return shlex.join([sys.executable, *args])


def faulty(mode: str, timeout: float = 1.0) -> StdioEngine:
    return StdioEngine(command(str(FAKES / "faulty.py"), mode), timeout=timeout)


def served(engine: str) -> str:
    return command(str(FAKES / "serve_engine.py"), engine)


# -- faults ---------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("mode, message", [
    ("hang", r"^engine timed out: no answer to act \(seq \d+\) within 0.5 s$"),
    ("slow:3", r"^engine timed out: no answer to act"),
    ("crash", r"^engine exited \(status 3\) while answering act \(seq \d+\)$"),
    ("garbage", r"^protocol error: answer to act is not JSON: this is not json$"),
    ("endless", r"^protocol error: answer to act longer than 16777216 bytes: x{200}…$"),
    ("wrong_seq", r"^protocol error: answer to act has seq (\d+), expected \d+: \{\"seq\": \1, \"observation\""),
    ("invalid", r"^protocol error: invalid observation-response at observation: 'players' is a required property"),
])
def test_a_faulty_engine_is_an_engine_error_and_is_restarted(mode, message):
    engine = faulty(mode, timeout=0.5)
    try:
        first = engine.identity()["version"]  # the fake's pid
        assert engine.start(SCENARIO)["rejected"] is None
        began = time.monotonic()
        with pytest.raises(StdioError, match=message) as failure:
            engine.act(TAP_A)
        assert time.monotonic() - began < 3
        assert "\n" not in str(failure.value) and len(str(failure.value)) < 400
        with pytest.raises(StdioError, match="not running"):
            engine.act(TAP_A)
        assert engine.start(SCENARIO)["players"][1]["life"] == 18
        assert engine.identity()["version"] != first
    finally:
        engine.close()


def test_a_slow_answer_within_the_timeout_is_fine():
    engine = faulty("slow:0.3", timeout=2)
    try:
        engine.start(SCENARIO)
        assert engine.act(TAP_A)["players"][0]["mana"]["G"] == 1
        assert engine.act(TAP_A)["rejected"] == "tapped"
    finally:
        engine.close()
    assert engine.returncode == 0


def test_stderr_is_kept_with_the_error():
    engine = faulty("crash")
    engine.start(SCENARIO)
    with pytest.raises(StdioError) as failure:
        engine.act(TAP_A)
    assert failure.value.stderr == "boom: the toy engine crashed\n"


def test_stderr_is_drained_and_bounded():
    engine = faulty("noisy")
    engine.start(SCENARIO)
    with pytest.raises(StdioError, match="^engine exited") as failure:
        engine.act(TAP_A)
    assert len(failure.value.stderr) == STDERR_LIMIT
    assert failure.value.stderr.endswith("x\nnoise-end\n")


def test_an_error_response_keeps_the_engine_running():
    engine = faulty("error")
    try:
        pid = engine.identity()["version"]
        engine.start(SCENARIO)
        with pytest.raises(StdioError, match="^engine error on act: toy failure on two lines$"):
            engine.act(TAP_A)
        engine.start(SCENARIO)
        assert engine.identity()["version"] == pid
    finally:
        engine.close()


def test_a_refusal_is_a_contract_error():
    engine = faulty("refuse")
    try:
        with pytest.raises(ContractError, match="^engine refused scenario: no such board$"):
            engine.start(SCENARIO)
    finally:
        engine.close()


@pytest.mark.parametrize("mode, message", [
    ("bad_version", "^protocol error: engine speaks protocol version 2, harness speaks 1$"),
    ("bad_start", "^protocol error: invalid start-response at \\(top\\): 'capabilities' is a required property"),
])
def test_a_bad_handshake_is_a_protocol_error(mode, message):
    with pytest.raises(StdioError, match=message):
        faulty(mode).capabilities()


def test_an_engine_that_ignores_stop_is_killed():
    engine = faulty("linger", timeout=0.5)
    engine.start(SCENARIO)
    began = time.monotonic()
    engine.close()
    assert time.monotonic() - began < 2
    assert engine.returncode < 0


def test_a_missing_program_is_an_engine_error():
    with pytest.raises(StdioError, match="^cannot start engine '/nonexistent/engine'"):
        StdioEngine("/nonexistent/engine --flag").identity()


# -- serve ----------------------------------------------------------------------------------------------------

def requests(*messages: dict) -> io.StringIO:
    return io.StringIO("".join(json.dumps(m) + "\n" for m in messages))


def test_serve_answers_every_request_and_turns_exceptions_into_errors():
    out = io.StringIO()
    status = serve(ToyEngine(), requests(
        {"seq": 1, "cmd": "start", "version": 1},
        {"seq": 2, "cmd": "scenario", "scenario": SCENARIO},
        {"seq": 3, "cmd": "act", "action": TAP_A},
        {"seq": 4, "cmd": "act", "action": {"type": "tap", "permanent": "a"}},
        {"seq": 5, "cmd": "scenario", "scenario": dict(SCENARIO, battlefield=SCENARIO["battlefield"] * 2)},
        {"seq": 6, "cmd": "dance"},
        {"seq": 7, "cmd": "stop"},
        {"seq": 8, "cmd": "act", "action": TAP_A},
    ), out)
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert status == 0
    assert [a["seq"] for a in answers] == [1, 2, 3, 4, 5, 6]
    assert answers[0] == {"seq": 1, "version": 1, "identity": ToyEngine().identity(),
                          "capabilities": ToyEngine().capabilities()}
    assert answers[2]["observation"]["permanents"]["a"]["tapped"] is True
    assert answers[3]["error"] == {"message": "ValueError: unsupported action 'tap'", "kind": "engine"}
    assert answers[4]["error"] == {"message": "duplicate permanent id", "kind": "refused"}
    assert answers[5]["error"] == {"message": "ValueError: unknown cmd 'dance'", "kind": "engine"}
    for answer, schema in zip(answers, ["start-response", "observation-response", "observation-response"]
                                        + ["error-response"] * 3):
        assert check_message(schema, answer) is None


def test_serve_keeps_an_engines_prints_off_the_protocol(capsys):
    class Chatty(ToyEngine):
        def act(self, action):
            print("debugging", action["type"])
            return super().act(action)

    serve(Chatty(), requests({"seq": 1, "cmd": "scenario", "scenario": SCENARIO},
                             {"seq": 2, "cmd": "act", "action": TAP_A}), sys.stdout)
    captured = capsys.readouterr()
    assert [json.loads(line)["seq"] for line in captured.out.splitlines()] == [1, 2]
    assert "debugging activate_mana" in captured.err


def test_serve_stops_on_an_unreadable_request(capsys):
    out = io.StringIO()
    assert serve(ToyEngine(), io.StringIO("{not json\n"), out) == 2
    assert out.getvalue() == ""
    assert "unreadable request" in capsys.readouterr().err


def test_serve_and_stdio_engine_round_trip_a_python_engine():
    local, remote = ToyEngine(), StdioEngine(served("toy_engine:ToyEngine"))
    try:
        assert remote.identity() == local.identity()
        assert remote.capabilities() == local.capabilities()
        assert remote.start(SCENARIO) == local.start(SCENARIO)
        for action in [TAP_A, TAP_A, {"type": "activate_mana", "permanent": "b"},
                       {"type": "activate_mana", "permanent": "zz"}, {"type": "activate_mana", "permanent": "b",
                                                                     "player": 0}]:
            assert remote.act(action) == local.act(action)
        with pytest.raises(StdioError, match="^engine error on act: ValueError: unsupported action 'tap'$"):
            remote.act({"type": "tap", "permanent": "a"})
        with pytest.raises(ContractError, match="^engine refused scenario: duplicate permanent id$"):
            remote.start(dict(SCENARIO, battlefield=SCENARIO["battlefield"] * 2))
    finally:
        remote.close()
    assert remote.returncode == 0


def test_the_oracle_answers_the_same_over_stdio():
    oracle_adapter = pytest.importorskip("mtg_conformance.adapters.oracle_adapter")
    local, remote = oracle_adapter.OracleEngine(), StdioEngine(served("mtg_conformance.adapters.oracle_adapter:OracleEngine"))
    scenario = {
        "contract": 1,
        "players": [{"life": 20, "hand": ["Island"], "library": ["Plains", "Forest"]},
                    {"life": 20, "hand": [], "library": ["Swamp"]}],
        "battlefield": [{"id": "a", "card": "Llanowar Elves", "controller": 0},
                        {"id": "b", "card": "Overgrowth", "controller": 0, "attached_to": {"permanent": "c"}},
                        {"id": "c", "card": "Forest", "controller": 0}],
        "active_player": 0, "step": "main1", "turn": 3,
    }
    try:
        assert remote.identity() == local.identity()
        assert remote.capabilities() == local.capabilities()
        assert remote.start(scenario) == local.start(scenario)
        for action in [{"type": "activate_mana", "permanent": "c", "ability": 1, "color": "G"},
                       {"type": "activate_mana", "permanent": "c"}, {"type": "activate_mana", "permanent": "a"},
                       {"type": "advance", "step": "draw", "turns": 1}, {"type": "put_into_graveyard", "permanent": "c"}]:
            assert remote.act(action) == local.act(action)
    finally:
        remote.close()


# -- validate_harness ----------------------------------------------------------------------------------------

@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_node_harness_passes():
    assert validate_harness(shlex.join(["node", str(ROOT / "harnesses" / "node" / "harness.js")]), 5.0) == []


def test_a_served_python_engine_passes():
    assert validate_harness(served("toy_engine:ToyEngine"), 5.0) == []


def test_validate_harness_reports_wrong_answers():
    problems = validate_harness(command(str(FAKES / "faulty.py"), "inert"), 2.0)
    assert "tapping an untapped land for mana: after {\"type\": \"activate_mana\", \"permanent\": \"a\"}: " \
           "permanents/a/tapped: expected true, got false" in problems
    assert any(p.startswith("tapping it again: ") and "rejected: expected \"tapped\", got null" in p for p in problems)
    assert not any(p.startswith(("a fresh scenario", "stop")) for p in problems)


@pytest.mark.parametrize("mode, expected", [
    ("wrong_seq", "tapping an untapped land for mana: protocol error: answer to act has seq"),
    ("crash", "tapping it again: engine exited (status 3) while answering act"),
    ("bad_start", "handshake: protocol error: invalid start-response"),
    ("linger", "stop: the engine did not exit with status 0 within 1 s after stop (status -9)"),
])
def test_validate_harness_reports_protocol_problems(mode, expected):
    problems = validate_harness(command(str(FAKES / "faulty.py"), mode), 1.0)
    assert any(p.startswith(expected) for p in problems), problems


def test_validate_harness_attaches_the_stderr_tail():
    problems = validate_harness(command(str(FAKES / "faulty.py"), "crash"), 1.0)
    assert problems[0].endswith("(stderr: boom: the toy engine crashed)")


# -- schemas --------------------------------------------------------------------------------------------------

def samples() -> dict:
    toy = ToyEngine()
    observation = toy.start(SCENARIO)
    observation["permanents"]["b"].update(attached_to={"permanent": "a"}, counters={"+1/+1": 2})
    observation["permanents"]["g"] = {"zone": "graveyard", "phased_out": False, "controller": None, "tapped": False,
                                      "counters": {}, "attached_to": None}
    observation["triggered"] = [["a", "enters"], ["token", "leaves"]]
    return {
        "start-request": {"seq": 0, "cmd": "start", "version": 1},
        "scenario-request": {"seq": 1, "cmd": "scenario", "scenario": SCENARIO},
        "act-request": {"seq": 2, "cmd": "act", "action": dict(TAP_A, color="G", order=["a", "b"])},
        "stop-request": {"seq": 3, "cmd": "stop"},
        "start-response": {"seq": 0, "version": 1, "identity": toy.identity(), "capabilities": toy.capabilities()},
        "observation-response": {"seq": 1, "observation": observation},
        "error-response": {"seq": 2, "error": {"message": "no", "kind": "refused"}},
    }


@pytest.mark.parametrize("message", stdio.MESSAGES)
def test_every_message_has_a_compiled_schema_and_a_valid_sample(message):
    schema = stdio.protocol_schema(message)
    assert schema["$id"] == f"urn:mtg-conformance:protocol:1:{message}"
    validation._compile(schema, validation._registry().resolver(schema["$id"]), {})  # no keyword left to jsonschema
    assert check_message(message, samples()[message]) is None


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-2, 30) | st.floats(allow_nan=False, allow_infinity=False)
    | st.sampled_from(["", "a", "G", "battlefield", "tapped", "token", "enters", "Forest", "start"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["seq", "cmd", "a", "G", "zone", "permanent", "player", "message", "kind"]), inner, max_size=3),
    max_leaves=6)


def paths(value, prefix=()):
    yield prefix
    children = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, child in children:
        yield from paths(child, prefix + (key,))


@settings(max_examples=400, deadline=None)
@given(st.data())
def test_the_compiled_schemas_agree_with_jsonschema(data):
    message = data.draw(st.sampled_from(stdio.MESSAGES))
    value = copy.deepcopy(samples()[message])
    path = data.draw(st.sampled_from(list(paths(value))))
    new = data.draw(JSON)
    if not path:
        value = new
    else:
        parent = value
        for key in path[:-1]:
            parent = parent[key]
        if data.draw(st.booleans()):
            parent[path[-1]] = new
        else:
            del parent[path[-1]]
    name = f"protocol/{message}"
    assert validation.is_valid(name)(value) == validation.validator(name).is_valid(value)


# -- benchmark ------------------------------------------------------------------------------------------------

def test_the_benchmark_runs():
    run = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "stdio_roundtrip.py"), "--calls", "20"],
                         capture_output=True, text=True, timeout=60, check=True)
    assert "over stdio" in run.stdout
