"""A harness that misbehaves on purpose: `python faulty.py MODE`.

It plays the toy engine correctly, except for MODE: on every `act` it hangs, crashes, prints garbage or
a line without end (`endless`), answers with the wrong seq or a schema-invalid observation, sleeps
(`slow:SECONDS`), floods stderr then crashes (`noisy`), answers an error (`error`) or ignores the action
(`inert`); `refuse` refuses every scenario; `bad_version` and `bad_start` spoil the handshake; `linger`
ignores `stop`. Its identity's version is its pid.
"""
import json
import os
import sys
import time
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[2]), str(Path(__file__).parent)]

from toy_engine import ToyEngine  # noqa: E402


def act_fault(mode: str, seq: int, answer: dict) -> dict | str:
    if mode == "hang":
        time.sleep(60)
    elif mode == "crash":
        sys.stderr.write("boom: the toy engine crashed\n")
        sys.stderr.flush()
        os._exit(3)
    elif mode == "garbage":
        return "this is not json"
    elif mode == "endless":
        sys.stdout.write("x" * 17_000_000)
        sys.stdout.flush()
        time.sleep(60)
    elif mode == "wrong_seq":
        answer["seq"] = seq + 1
    elif mode == "invalid":
        del answer["observation"]["players"]
    elif mode.startswith("slow:"):
        time.sleep(float(mode[5:]))
    elif mode == "noisy":
        sys.stderr.write("x" * 200_000 + "\nnoise-end\n")
        sys.stderr.flush()
        os._exit(3)
    elif mode == "error":
        return {"seq": seq, "error": {"message": "toy failure\non two lines"}}
    return answer


def main(mode: str) -> None:
    engine = ToyEngine()
    for line in sys.stdin:
        request = json.loads(line)
        seq, cmd = request["seq"], request["cmd"]
        if cmd == "stop":
            if mode == "linger":
                time.sleep(60)
            return
        if cmd == "start":
            answer = {"seq": seq, "version": 2 if mode == "bad_version" else 1,
                      "identity": dict(engine.identity(), version=str(os.getpid())),
                      "capabilities": engine.capabilities()}
            if mode == "bad_start":
                del answer["capabilities"]
        elif cmd == "scenario" and mode == "refuse":
            answer = {"seq": seq, "error": {"message": "no such board", "kind": "refused"}}
        elif cmd == "scenario":
            answer = {"seq": seq, "observation": engine.start(request["scenario"])}
        elif mode == "inert":
            answer = {"seq": seq, "observation": engine.observe(None)}
        else:
            answer = act_fault(mode, seq, {"seq": seq, "observation": engine.act(request["action"])})
        print(answer if isinstance(answer, str) else json.dumps(answer), flush=True)


main(sys.argv[1])
