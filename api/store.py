"""Storage: every byte the app keeps lives in Redis, and this module is the only one that talks to it.

A table's keys share the hash tag `{CODE}` so a table lives in one Redis Cluster slot:
  gc:{CODE}:table   hash  version, state (JSON), created
  gc:{CODE}:events  stream, entry id `<version>-0`, field `entry` (JSON: the events of that version)
Reusable definitions: gc:library:<kind>  hash  name → JSON.

Every write is a compare-and-set on the version, done by one Lua script: a command costs two round
trips (read, then write). States and entries may be dataclass trees: orjson encodes them directly.
"""
from __future__ import annotations

import contextvars
import secrets

import orjson
import redis

CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"  # no 0/O, 1/I/L
CODE_LENGTH = 6
EVENTS_KEPT = 1000

round_trips: contextvars.ContextVar[int] = contextvars.ContextVar("round_trips", default=0)


def _count(n: int = 1) -> None:
    round_trips.set(round_trips.get() + n)


class Stale(Exception):
    """The stored version moved on since it was read."""

    def __init__(self, version: int):
        super().__init__(f"stored version is {version}")
        self.version = version


class Missing(Exception):
    """No table under that code."""


# KEYS: table hash, events stream. ARGV: expected version, new state, events entry, max events.
_CAS = """
local current = tonumber(redis.call('HGET', KEYS[1], 'version'))
if current == nil then return {-1, 0} end
if current ~= tonumber(ARGV[1]) then return {0, current} end
local version = current + 1
redis.call('HSET', KEYS[1], 'version', version, 'state', ARGV[2])
redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[4], version .. '-0', 'entry', ARGV[3])
return {1, version}
"""


def table_keys(code: str) -> tuple[str, str]:
    return f"gc:{{{code}}}:table", f"gc:{{{code}}}:events"


class Store:
    def __init__(self, client: redis.Redis):
        self.redis = client
        self._cas = client.register_script(_CAS)

    def ping(self) -> bool:
        _count()
        return bool(self.redis.ping())

    # ------------------------------------------------------------ tables

    def create_table(self, state, entry: dict) -> str:
        """Store a new table at version 1 under a fresh code; returns the code."""
        for _ in range(20):
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            table_key, events_key = table_keys(code)
            _count()
            if self.redis.hsetnx(table_key, "version", 1):
                pipe = self.redis.pipeline(transaction=True)
                pipe.hset(table_key, "state", orjson.dumps(state))
                pipe.xadd(events_key, {"entry": orjson.dumps(entry)}, id="1-0")
                _count()
                pipe.execute()
                return code
        raise RuntimeError("no free table code after 20 tries")

    def load(self, code: str) -> tuple[int, dict]:
        """(version, state) of a table, in one round trip."""
        _count()
        version, state = self.redis.hmget(table_keys(code)[0], ["version", "state"])
        if version is None or state is None:
            raise Missing(code)
        return int(version), orjson.loads(state)

    def save(self, code: str, expected_version: int, state, entry: dict) -> int:
        """Write the new state if the stored version is still `expected_version`; returns the new
        version, or raises Stale / Missing. One round trip."""
        _count()
        status, version = self._cas(keys=table_keys(code),
                                    args=[expected_version, orjson.dumps(state), orjson.dumps(entry),
                                          EVENTS_KEPT])
        if status == -1:
            raise Missing(code)
        if status == 0:
            raise Stale(int(version))
        return int(version)

    def entries(self, code: str, after: int = 0, count: int = 100) -> list[tuple[int, dict]]:
        """History entries with a version above `after`, oldest first."""
        _count()
        rows = self.redis.xrange(table_keys(code)[1], min=f"({after}-0" if after else "-", count=count)
        return [(int(i.decode().split("-")[0]), orjson.loads(f[b"entry"])) for i, f in rows]

    # ------------------------------------------------------------ the library

    def library_list(self, kind: str) -> list[dict]:
        _count()
        rows = self.redis.hgetall(f"gc:library:{kind}")
        return [orjson.loads(v) for _, v in sorted(rows.items())]

    def library_get(self, kind: str, name: str) -> dict | None:
        _count()
        raw = self.redis.hget(f"gc:library:{kind}", name)
        return None if raw is None else orjson.loads(raw)

    def library_put(self, kind: str, name: str, definition: dict) -> bool:
        """Store a definition; True when it is new."""
        _count()
        return bool(self.redis.hset(f"gc:library:{kind}", name, orjson.dumps(definition)))

    def library_put_many(self, items: dict[str, dict[str, dict]]) -> None:
        pipe = self.redis.pipeline(transaction=True)
        for kind, by_name in items.items():
            if by_name:
                pipe.hset(f"gc:library:{kind}", mapping={n: orjson.dumps(v) for n, v in by_name.items()})
        _count()
        pipe.execute()

    def library_delete(self, kind: str, name: str) -> bool:
        _count()
        return bool(self.redis.hdel(f"gc:library:{kind}", name))
