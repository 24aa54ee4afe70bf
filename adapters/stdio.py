"""`stdio:COMMAND`: an engine in any language behind the line-JSON protocol of docs/protocol.md."""
from __future__ import annotations

import functools
import json
import os
import re
import selectors
import shlex
import signal
import subprocess
import threading
import time
from pathlib import Path

import jsonschema
import referencing
import referencing.jsonschema

from adapters import contract
from adapters.contract import ContractError, Engine, EngineError

PROTOCOL_VERSION = 1
MESSAGES = ("start-request", "scenario-request", "act-request", "stop-request",
            "start-response", "observation-response", "error-response")
STDERR_LIMIT = 64 * 1024
LINE_LIMIT = 16 * 1024 * 1024
SHOWN = 200  # characters of an offending line quoted in an error

_PROTOCOL_SCHEMAS = Path(__file__).parent / "schemas" / "protocol"


def protocol_schema(message: str) -> dict:
    """The published JSON Schema of one protocol message (adapters/schemas/protocol/)."""
    return json.loads((_PROTOCOL_SCHEMAS / f"{message}.json").read_text())


@functools.cache
def _registry() -> referencing.Registry:
    documents = [protocol_schema(m) for m in MESSAGES] + [contract.schema(d) for d in contract.DOCUMENTS]
    return referencing.Registry().with_resources(
        (doc["$id"], referencing.jsonschema.DRAFT202012.create_resource(doc)) for doc in documents)


@functools.cache
def _validator(message: str):
    root = protocol_schema(message)
    return jsonschema.validators.validator_for(root)(root, registry=_registry())


@functools.cache
def _is_valid(message: str):
    """A fast exact predicate for `message` (jsonschema costs more than a whole round trip)."""
    root = protocol_schema(message)
    try:
        return _compile(root, _registry().resolver(root["$id"]), {})
    except _Unsupported:
        return _validator(message).is_valid


def check_message(message: str, value) -> str | None:
    """None if `value` is a valid protocol `message`, else a one-line description of the first problem."""
    if _is_valid(message)(value):
        return None
    error = jsonschema.exceptions.best_match(_validator(message).iter_errors(value))
    if error is None:  # jsonschema has the last word
        return None
    where = "/".join(str(p) for p in error.absolute_path) or "(top)"
    return f"invalid {message} at {where}: {error.message}"


def one_line(text: str, limit: int = SHOWN) -> str:
    """`text` on one line, cut to `limit` characters."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit] + "…"


class StdioError(EngineError):
    """An engine failure over stdio; `stderr` holds the tail of the engine's standard error."""

    def __init__(self, message: str, stderr: str = ""):
        super().__init__(message)
        self.stderr = stderr


class _Tail:
    """Reads a stream to its end on a thread, keeping the last `limit` bytes."""

    def __init__(self, stream, limit: int = STDERR_LIMIT):
        self._data = bytearray()
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._pump, args=(stream, limit), daemon=True)
        self._thread.start()

    def _pump(self, stream, limit):
        with stream:
            while chunk := stream.read(1 << 16):
                with self._lock:
                    self._data += chunk
                    del self._data[:-limit]

    def text(self, wait: float = 0.0) -> str:
        self._thread.join(wait)
        with self._lock:
            return self._data.decode("utf-8", "replace")


class StdioEngine(Engine):
    """Runs COMMAND as a subprocess and drives it over the protocol; faults become `StdioError`.

    A crashed, hung or garbling engine is killed; the next `start` launches a fresh one.
    """

    def __init__(self, command: str, timeout: float = 5.0, handshake_timeout: float = 30.0):
        self.argv = shlex.split(command)
        if not self.argv:
            raise ValueError("stdio engine needs a command")
        self.timeout = timeout
        self.handshake_timeout = handshake_timeout
        self.returncode: int | None = None  # exit status of the last engine process, once it ended
        self._proc: subprocess.Popen | None = None
        self._hello: dict | None = None
        self._seq = 0

    def identity(self) -> dict:
        return (self._hello or self._handshake())["identity"]

    def capabilities(self) -> dict:
        return (self._hello or self._handshake())["capabilities"]

    def start(self, scenario: dict) -> dict:
        self._handshake()
        return self._request("scenario", "observation-response", self.timeout, scenario=scenario)["observation"]

    def act(self, action: dict) -> dict:
        if self._proc is None:
            raise StdioError("engine not running: start a scenario first")
        return self._request("act", "observation-response", self.timeout, action=action)["observation"]

    def close(self) -> None:
        if self._proc is None:
            return
        try:
            self._send({"seq": self._next_seq(), "cmd": "stop"})
        except OSError:
            pass
        self._reap(grace=self.timeout)

    # -- process -----------------------------------------------------------------------------------------

    def _handshake(self) -> dict:
        if self._proc is None:
            self._spawn()
            hello = self._request("start", "start-response", self.handshake_timeout, version=PROTOCOL_VERSION)
            if hello["version"] != PROTOCOL_VERSION:
                self._fail(f"protocol error: engine speaks protocol version {hello['version']}, "
                           f"harness speaks {PROTOCOL_VERSION}")
            self._hello = hello
        return self._hello

    def _spawn(self) -> None:
        try:
            self._proc = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                          stderr=subprocess.PIPE, bufsize=0, start_new_session=True)
        except OSError as error:
            raise StdioError(f"cannot start engine {self.argv[0]!r}: {error.strerror or error}") from None
        self.returncode = None
        self._stderr = _Tail(self._proc.stderr)
        self._out = self._proc.stdout.fileno()
        self._selector = selectors.DefaultSelector()
        self._selector.register(self._out, selectors.EVENT_READ)
        self._buffer = bytearray()

    def _reap(self, grace: float) -> None:
        """Wait up to `grace` seconds for the engine to exit, then kill its process group."""
        proc, self._proc = self._proc, None
        if grace:
            try:
                proc.wait(grace)
            except subprocess.TimeoutExpired:
                pass
        if proc.returncode is None:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            proc.wait()
        self.returncode = proc.returncode
        self._selector.close()
        for stream in (proc.stdin, proc.stdout):
            try:
                stream.close()
            except OSError:
                pass

    def _fail(self, message: str):
        self._reap(grace=0)
        raise StdioError(message, stderr=self._stderr.text(wait=1.0))

    # -- messages ----------------------------------------------------------------------------------------

    def _next_seq(self) -> int:
        self._seq += 1
        return self._seq

    def _send(self, message: dict) -> None:
        data = memoryview((json.dumps(message, separators=(",", ":")) + "\n").encode())
        stdin = self._proc.stdin.fileno()
        while data:
            data = data[os.write(stdin, data):]

    def _request(self, cmd: str, expected: str, timeout: float, **payload) -> dict:
        seq = self._next_seq()
        try:
            self._send({"seq": seq, "cmd": cmd, **payload})
        except BrokenPipeError:
            self._exited(cmd, seq)
        line = self._readline(cmd, seq, timeout)
        shown = one_line(line.decode("utf-8", "replace"))
        try:
            message = json.loads(line)
        except ValueError:
            self._fail(f"protocol error: answer to {cmd} is not JSON: {shown}")
        if not isinstance(message, dict):
            self._fail(f"protocol error: answer to {cmd} is not a JSON object: {shown}")
        if message.get("seq") != seq:
            self._fail(f"protocol error: answer to {cmd} has seq {message.get('seq')!r}, expected {seq}: {shown}")
        if "error" in message:
            expected = "error-response"
        problem = check_message(expected, message)
        if problem:
            self._fail(f"protocol error: {problem}: {shown}")
        if "error" in message:
            error = message["error"]
            text = one_line(error["message"], limit=1000)
            if error.get("kind") == "refused":
                raise ContractError(f"engine refused {cmd}: {text}")
            raise StdioError(f"engine error on {cmd}: {text}", stderr=self._stderr.text())
        return message

    def _readline(self, cmd: str, seq: int, timeout: float) -> bytes:
        deadline, scanned = time.monotonic() + timeout, 0
        while (end := self._buffer.find(b"\n", scanned)) < 0:
            scanned = len(self._buffer)
            if len(self._buffer) > LINE_LIMIT:
                self._fail(f"protocol error: answer to {cmd} longer than {LINE_LIMIT} bytes: "
                           f"{one_line(self._buffer[:SHOWN + 1].decode('utf-8', 'replace'))}")
            remaining = deadline - time.monotonic()
            if remaining <= 0 or not self._selector.select(remaining):
                self._fail(f"engine timed out: no answer to {cmd} (seq {seq}) within {timeout:g} s")
            chunk = os.read(self._out, 1 << 16)
            if not chunk:
                self._exited(cmd, seq)
            self._buffer += chunk
        line = bytes(self._buffer[:end])
        del self._buffer[:end + 1]
        return line

    def _exited(self, cmd: str, seq: int):
        self._reap(grace=0.5)
        status = f"status {self.returncode}" if self.returncode >= 0 else f"signal {-self.returncode}"
        raise StdioError(f"engine exited ({status}) while answering {cmd} (seq {seq})",
                         stderr=self._stderr.text(wait=1.0))


# -- schema compiler: the keywords our schemas use, as predicates ---------------------------------------------

class _Unsupported(Exception):
    """A schema keyword the compiler does not know: jsonschema does the work."""


_ANNOTATIONS = {"$schema", "$id", "$defs", "$comment", "title", "description", "default", "examples",
                "then", "else"}
_TYPES = {
    "null": lambda v: v is None,
    "boolean": lambda v: v is True or v is False,
    "integer": lambda v: (type(v) is int) or (type(v) is float and v.is_integer()),
    "number": lambda v: type(v) in (int, float),
    "string": lambda v: type(v) is str,
    "array": lambda v: type(v) is list,
    "object": lambda v: type(v) is dict,
}


def _equal(a, b) -> bool:
    """JSON equality: true is not 1."""
    if type(a) is bool or type(b) is bool:
        return a is b
    if type(a) is dict and type(b) is dict:
        return a.keys() == b.keys() and all(_equal(a[k], b[k]) for k in a)
    if type(a) is list and type(b) is list:
        return len(a) == len(b) and all(map(_equal, a, b))
    return a == b


def _unique(items: list) -> bool:
    try:
        return len(set(items)) == len(items)  # may call 1 and true equal: then jsonschema decides
    except TypeError:
        return all(not _equal(a, b) for i, a in enumerate(items) for b in items[:i])


def _compile(schema, resolver, cache: dict):
    """A predicate equivalent to `schema`; raises _Unsupported for keywords it does not know."""
    if type(schema) is bool:
        return lambda v: schema
    checks = [_keyword(k, value, schema, resolver, cache) for k, value in schema.items() if k not in _ANNOTATIONS]
    return checks[0] if len(checks) == 1 else _every(checks)


def _every(tests):
    def check(v):
        for test in tests:
            if not test(v):
                return False
        return True
    return check


def _keyword(keyword: str, value, schema: dict, resolver, cache: dict):
    def sub(subschema):
        return _compile(subschema, resolver, cache)

    is_object, is_array, is_str = _TYPES["object"], _TYPES["array"], _TYPES["string"]
    if keyword == "$ref":
        resolved = resolver.lookup(value)
        key = id(resolved.contents)
        if key not in cache:
            cell = cache[key] = []
            cell.append(_compile(resolved.contents, resolved.resolver, cache))
        cell = cache[key]
        return lambda v: cell[0](v)
    if keyword == "type":
        tests = [_TYPES[t] for t in ([value] if type(value) is str else value)]
        return tests[0] if len(tests) == 1 else lambda v: any(test(v) for test in tests)
    if keyword in ("const", "enum"):
        options = [value] if keyword == "const" else value
        scalars = {o for o in options if o is None or type(o) in (str, int, float)}  # hashable, and not bool
        others = [o for o in options if not (o is None or type(o) in (str, int, float))]
        return lambda v: ((v is None or type(v) in (str, int, float)) and v in scalars
                          or any(_equal(v, option) for option in others))
    if keyword in ("minimum", "maximum"):
        number, sign = _TYPES["number"], 1 if keyword == "minimum" else -1
        return lambda v: not number(v) or sign * (v - value) >= 0
    if keyword == "minLength":
        return lambda v: not is_str(v) or len(v) >= value
    if keyword == "pattern":
        search = re.compile(value).search
        return lambda v: not is_str(v) or search(v) is not None
    if keyword in ("minItems", "maxItems", "minProperties", "maxProperties"):
        of_type, sign = (is_array if "Items" in keyword else is_object), 1 if keyword.startswith("min") else -1
        return lambda v: not of_type(v) or sign * (len(v) - value) >= 0
    if keyword == "uniqueItems":
        return lambda v: not value or not is_array(v) or _unique(v)
    if keyword == "prefixItems":
        tests = [sub(s) for s in value]
        return lambda v: not is_array(v) or all(test(item) for test, item in zip(tests, v))
    if keyword == "items":
        test, start = sub(value), len(schema.get("prefixItems", ()))
        return lambda v: not is_array(v) or all(map(test, v[start:]))
    if keyword == "required":
        return lambda v: not is_object(v) or all(name in v for name in value)
    if keyword == "properties":
        tests = [(name, sub(s)) for name, s in value.items()]

        def properties(v):
            if type(v) is dict:
                for name, test in tests:
                    if name in v and not test(v[name]):
                        return False
            return True
        return properties
    if keyword == "additionalProperties" and "patternProperties" not in schema:
        test, known = sub(value), set(schema.get("properties", ()))

        def additional(v):
            if type(v) is dict:
                for name, item in v.items():
                    if name not in known and not test(item):
                        return False
            return True
        return additional
    if keyword == "propertyNames":
        test = sub(value)
        return lambda v: not is_object(v) or all(map(test, v))
    if keyword in ("allOf", "anyOf", "oneOf"):
        tests = [sub(s) for s in value]
        if keyword == "oneOf":
            return lambda v: sum(1 for test in tests if test(v)) == 1
        return _every(tests) if keyword == "allOf" else lambda v: any(test(v) for test in tests)
    if keyword == "if":
        test, then, otherwise = sub(value), sub(schema.get("then", True)), sub(schema.get("else", True))
        return lambda v: then(v) if test(v) else otherwise(v)
    raise _Unsupported(keyword)
