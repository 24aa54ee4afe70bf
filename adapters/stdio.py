"""`stdio:COMMAND`: an engine in any language behind the line-JSON protocol of docs/protocol.md."""
from __future__ import annotations

import json
import os
import selectors
import shlex
import signal
import subprocess
import threading
import time

from mtg_conformance.adapters import validation
from mtg_conformance.adapters.contract import ContractError, Engine, EngineError

PROTOCOL_VERSION = 1
MESSAGES = ("start-request", "scenario-request", "act-request", "stop-request",
            "start-response", "observation-response", "error-response")
STDERR_LIMIT = 64 * 1024
LINE_LIMIT = 16 * 1024 * 1024
SHOWN = 200  # characters of an offending line quoted in an error


def protocol_schema(message: str) -> dict:
    """The published JSON Schema of one protocol message (adapters/schemas/protocol/)."""
    return validation.schema(f"protocol/{message}")


def check_message(message: str, value) -> str | None:
    """None if `value` is a valid protocol `message`, else a one-line description of the first problem."""
    return validation.problem(f"protocol/{message}", value)


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
