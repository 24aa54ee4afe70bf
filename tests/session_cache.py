"""Results that every xdist worker needing them would compute again, computed once per test session:
the first worker to need one computes it under a file lock and stores it; the others wait for it and
read it. Only for deterministic results (derandomised Hypothesis runs against the oracle): a stored
result is the one each worker would have computed. Without a session directory (a test run outside
pytest's session), `once` just computes."""
from __future__ import annotations

import fcntl
import hashlib
import pickle
from pathlib import Path

DIRECTORY: Path | None = None          # the session's, shared by its workers: set by tests/conftest.py


def once(key: str, compute):
    """`compute()`'s result, stored under `key` for the session; an exception isn't stored."""
    if DIRECTORY is None:
        return compute()
    path = DIRECTORY / hashlib.sha1(key.encode()).hexdigest()
    with open(path.with_suffix(".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if path.exists():
            return pickle.loads(path.read_bytes())
        found = compute()
        path.write_bytes(pickle.dumps(found))
        return found
