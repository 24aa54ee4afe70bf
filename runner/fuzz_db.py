"""The Hypothesis example database a campaign shares: a directory, or a Redis server that workers on
any number of machines point at (`--database redis://host:6379/0`)."""
from __future__ import annotations

from hypothesis.database import DirectoryBasedExampleDatabase, ExampleDatabase

from mtg_conformance.adapters.contract import MtgConformanceError

DEFAULT = ".mtg-conformance/examples"


class DatabaseError(MtgConformanceError, ValueError):
    """A --database that can't be used; the message says why in one line."""

    hint = "--database takes a directory or a Redis URL such as redis://host:6379/0 (docs/fuzzing.md)"


def open_database(url: str) -> ExampleDatabase:
    """`redis://…` (needs the `redis` extra; the server must answer) or a directory path."""
    if not url.startswith(("redis://", "rediss://", "unix://")):
        return DirectoryBasedExampleDatabase(url)
    try:
        import redis
        from hypothesis.extra.redis import RedisExampleDatabase
    except ImportError:
        raise DatabaseError(f"--database {url}: needs the redis client "
                            "(pip install 'mtg-conformance[redis]')") from None
    client = redis.Redis.from_url(url)
    try:
        client.ping()
    except redis.RedisError as why:
        raise DatabaseError(f"--database {url}: no Redis answers there ({why})") from None
    return RedisExampleDatabase(client)


class KeepFailures(ExampleDatabase):
    """A campaign's view of the shared database: a worker sets aside failures already found, so to
    Hypothesis they no longer fail and it would delete them; here they stay, for `run`, `certify`
    and the other workers. Saves, moves (a shrink step demoting an example) and deletions from the
    secondary and pareto corpora pass through."""

    def __init__(self, db: ExampleDatabase):
        super().__init__()
        self._wrapped = db

    def __repr__(self) -> str:
        return f"KeepFailures({self._wrapped!r})"

    def save(self, key: bytes, value: bytes) -> None:
        self._wrapped.save(key, value)

    def fetch(self, key: bytes):
        yield from self._wrapped.fetch(key)

    def delete(self, key: bytes, value: bytes) -> None:
        if key.endswith((b".secondary", b".pareto")):
            self._wrapped.delete(key, value)

    def move(self, src: bytes, dest: bytes, value: bytes) -> None:
        self._wrapped.move(src, dest, value)

    def _start_listening(self) -> None:     # nobody listens to a campaign's database
        pass

    def _stop_listening(self) -> None:
        pass
