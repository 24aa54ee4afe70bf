"""Serve any Python `Engine` over the stdio protocol (docs/protocol.md)."""
from __future__ import annotations

import contextlib
import json
import sys

from mtg_conformance.adapters.contract import ContractError, Engine
from mtg_conformance.adapters.stdio import PROTOCOL_VERSION, one_line


def serve(engine: Engine, infile, outfile) -> int:
    """Answer requests read from `infile` on `outfile` until `stop` or end of input; return an exit status.

    Whatever the engine raises becomes an `error` response. A request without a readable `seq` cannot be
    answered: serving ends with status 2.
    """
    with contextlib.redirect_stdout(sys.stderr):  # an engine's prints must not corrupt the protocol
        try:
            return _loop(engine, infile, outfile)
        finally:
            try:
                engine.close()
            except Exception as error:  # noqa: BLE001
                print(f"serve: closing the engine failed: {one_line(str(error))}", file=sys.stderr)


def _loop(engine: Engine, infile, outfile) -> int:
    for line in infile:
        try:
            request = json.loads(line)
            seq = request["seq"]
            if type(seq) is not int:
                raise TypeError("seq is not an integer")
        except (ValueError, TypeError, KeyError) as error:
            print(f"serve: unreadable request ({error}): {one_line(line)}", file=sys.stderr)
            return 2
        if request.get("cmd") == "stop":
            return 0
        outfile.write(_answer(engine, seq, request) + "\n")
        outfile.flush()
    return 0


def _answer(engine: Engine, seq: int, request: dict) -> str:
    try:
        return json.dumps({"seq": seq, **_dispatch(engine, request)}, separators=(",", ":"))
    except ContractError as error:
        return _error(seq, str(error), "refused")
    except Exception as error:  # noqa: BLE001 -- any engine failure is reported, never fatal
        return _error(seq, f"{type(error).__name__}: {error}", "engine")


def _dispatch(engine: Engine, request: dict) -> dict:
    cmd = request.get("cmd")
    if cmd == "start":
        return {"version": PROTOCOL_VERSION, "identity": engine.identity(), "capabilities": engine.capabilities()}
    if cmd == "scenario":
        return {"observation": engine.start(request["scenario"])}
    if cmd == "act":
        return {"observation": engine.act(request["action"])}
    raise ValueError(f"unknown cmd {cmd!r}")


def _error(seq: int, message: str, kind: str) -> str:
    return json.dumps({"seq": seq, "error": {"message": one_line(message, limit=1000) or kind, "kind": kind}})
