"""Storage: every byte the app keeps lives in Redis, and this module is the only one that talks to it.

A table's keys share the hash tag `{CODE}` so a table lives in one Redis Cluster slot:
  gc:{CODE}:table          hash    version, game (the game's name; none for tables stored before),
                                   state (the last snapshot), zdict (the state at creation: the
                                   snapshots' compression dictionary), stamp (the last write's),
                                   history (JSON: undo and redo stacks), drawn (the table's
                                   view parts at `version`, each key's JSON: api/play.py `pack`),
                                   seat:<seat> → token digest, token:<digest> → seat,
                                   recovery (the digest of the host's recovery code)
  gc:{CODE}:defs           hash    (tables stored before 2026-11-29 only) key → a printed definition
                                   their states name as {"$def": key}: read, never written
  gc:{CODE}:history        stream  entry id `<version>-0`: entry (JSON) and snapshot (the state
                                   after that version) for undo, jumps and replays
  gc:{CODE}:record         stream  the whole-game record: entry id `<version>-0`: entry (JSON, no state), every
                                   change's, the last RECORD_KEPT (the oldest trimmed past that ceiling)
  gc:{CODE}:travels        hash    version of each undo, redo and jump → the version it restored (the
                                   record's entries undone since are read from it: `record.in_effect`)
  gc:{CODE}:idem:<key>     string  the answer to a write, replayed when the same key comes again
  gc:{CODE}:presence       hash    seat → last heartbeat of a live connection (ms; 0: closed)
  gc:{CODE}:live           channel each accepted change and each change of presence, as phones
                                   receive it, and each revoked token's digest (its streams end),
                                   published to every API process (PUBLISH), or on Redis 7 to
                                   the table's shard (SPUBLISH: to the processes holding it)
  gc:{CODE}:streams        zset    the table's open live streams of spectators and phones holding no
                                   seat: stream id → its lease's end (ms)
  gc:{CODE}:streams:<seat> zset    the open live streams of a seat's phone, as the table's
  gc:{CODE}:ticket:<digest> string a live-stream ticket's digest → the seat token's digest (short-lived:
                                   a browser's stream carries the ticket in a cookie, never the token)
  gc:{CODE}:claim:<digest> string a handover's claim code's digest → JSON: the seat, the digest the
                                   seat was reserved under, until when (ms) the code works, when it
                                   was used; kept a day after (then unknown), see `claim_seat`
Every write is one Lua script: the idempotency key, compare-and-set on the version, the writer's
seat and the stamp of the write it read, history, and publish. Idle tables expire `ttl` seconds
after their last change. Reusable definitions: gc:{library}:<kind> hash name → JSON (one hash tag:
an import stores several kinds in one script). Rate limits per
address (joins, new tables, unknown codes; api/ratelimit.py): the `limits` package's moving
windows under gc:limits. Open live streams per address: gc:streams:<ip> zset, as the table's.

A snapshot is the state's JSON compressed by zstd against the table's first state (`compress`).
"""
from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
import time
import zlib
from dataclasses import dataclass, field

import orjson
import redis
import zstandard

CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"  # no 0/O, 1/I/L
CODE_LENGTH = 6
HISTORY_KEPT = 300  # changes whose state is kept: undo, redo, jump back and replay reach this far
# The whole-game record (`entries`): every change's entry without its state, kept beyond the
# history: a Strategy Game runs past 480 changes, a phone that loads at the end reads them all. A
# bound all the same (a BGCC game measured about 480 B an entry): past RECORD_KEPT changes the oldest
# entries are trimmed (a reader then starts where the record does), and past as many undos, redos and
# jumps the travels hash takes no more (an undone entry older than those would read as in effect).
RECORD_KEPT = 5000
IDEMPOTENCY_TTL = 24 * 3600
CONNECTED_MS = 40_000  # a seat is connected while its last heartbeat is this recent
NO_HISTORY = b'{"undo":[],"redo":[]}'


class Stale(Exception):
    """The stored table moved on since it was read (or the writer's token no longer holds the seat
    it wrote as)."""


class Replayed(Exception):
    """The idempotency key already has an answer: the write was made before."""

    def __init__(self, answer: dict):
        super().__init__(f"already answered: version {answer.get('version')}")
        self.answer = answer


class Missing(Exception):
    """No table under that code."""


class SeatTaken(Exception):
    """Someone already holds that seat."""


class ClaimRefused(Exception):
    """A handover's claim code gives no seat: `reason` is unknown, expired, used or replaced."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


ZSTD = b"\x01"  # a snapshot compressed by zstd with the table's first state as its dictionary
DICTIONARY = b"\x00"  # (read only) deflated with that dictionary, as earlier versions wrote


def _dictionary(zdict: bytes) -> zstandard.ZstdCompressionDict:
    return zstandard.ZstdCompressionDict(zdict, dict_type=zstandard.DICT_TYPE_RAWCONTENT)


def compress(state: bytes, zdict: bytes) -> bytes:
    """A snapshot: zstd against `zdict` (the table's state at creation, which later states mostly
    repeat: a small fraction of the size; the frame checks its data); plain zlib for a table stored
    before there was a dictionary."""
    if not zdict:
        return zlib.compress(state, 1)
    packer = zstandard.ZstdCompressor(level=1, dict_data=_dictionary(zdict), write_checksum=True)
    return ZSTD + packer.compress(state)


def decompress(snapshot: bytes, zdict) -> bytes:
    """`compress` undone; `zdict()` gives the table's dictionary when the snapshot needs it. A
    wrong or damaged one raises zlib.error, never answers other data. Plain JSON and snapshots
    deflated with the dictionary, as earlier versions stored them, still read."""
    kind = snapshot[:1]
    if kind == b"{":
        return snapshot
    if kind == ZSTD:
        try:
            return zstandard.ZstdDecompressor(dict_data=_dictionary(zdict())).decompress(snapshot[1:])
        except zstandard.ZstdError as e:
            raise zlib.error(f"an unreadable snapshot: {e}") from None
    if kind != DICTIONARY:
        return zlib.decompress(snapshot)
    unpacker = zlib.decompressobj(15, zdict())
    data = unpacker.decompress(snapshot[1:]) + unpacker.flush()
    if not unpacker.eof:
        raise zlib.error("a snapshot cut short")
    return data


def digest(token: str) -> str:
    """What the store keeps of a seat token (never the token itself)."""
    return hashlib.sha256(token.encode()).hexdigest()


def keys(code: str) -> dict[str, str]:
    tag = f"gc:{{{code}}}"
    return {"table": f"{tag}:table", "history": f"{tag}:history", "presence": f"{tag}:presence",
            "live": f"{tag}:live", "idem": f"{tag}:idem:", "ticket": f"{tag}:ticket:", "defs": f"{tag}:defs",
            "streams": f"{tag}:streams", "claim": f"{tag}:claim:", "record": f"{tag}:record",
            "travels": f"{tag}:travels"}


@dataclass
class Loaded:
    code: str
    version: int
    state: dict  # the state's JSON, decoded
    history: dict
    game: str | None = None  # the game's name as stored (None: a table stored before games had names)
    seat: str | None = None
    replay: dict | None = None
    presence: dict[str, int] = field(default_factory=dict)
    zdict: bytes = b""  # the snapshots' dictionary (b"" for tables stored before there was one)
    stamp: bytes = b""  # the random stamp of the write that made this version (b"": none stored)
    drawn: bytes = b""  # the view parts kept by the write that made this version (loaded when asked)


# KEYS: table, history stream, idempotency key, record stream, travels hash.
# ARGV: expected version, history, entry, snapshot (the new state, compressed: stored as the table's
# state and in its history entry), live message, idempotent answer (or "" when the write has no key),
# ttl seconds, history kept, live channel, idempotency ttl, the writer's token field
# ("token:<digest>"), the seat the writer believes it holds, the stamp of the write it read (each
# write's random stamp: a version number alone would match a different write made after Redis lost
# some, e.g. restarted from an append-only file one second behind), this write's stamp, record kept,
# the version an undo, redo or jump restored ("" for any other change), the view parts kept.
# Answers {1, version} when written; {2, answer} when the idempotency key already has an answer;
# {-1} when there is no table; {0} when the table moved on or the token no longer holds that seat.
_SAVE = """
if ARGV[6] ~= '' then
  local done = redis.call('GET', KEYS[3])
  if done then return {2, done} end
end
local now = redis.call('HMGET', KEYS[1], 'version', ARGV[11], 'stamp')
local current = tonumber(now[1])
if current == nil then return {-1} end
if current ~= tonumber(ARGV[1]) or (now[2] or '') ~= ARGV[12] or (now[3] or '') ~= ARGV[13] then
  return {0}
end
local version = current + 1
redis.call('HSET', KEYS[1], 'version', version, 'state', ARGV[4], 'history', ARGV[2], 'stamp', ARGV[14],
           'drawn', ARGV[17])
redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[8], version .. '-0', 'entry', ARGV[3], 'snapshot', ARGV[4])
redis.call('XADD', KEYS[4], 'MAXLEN', '~', ARGV[15], version .. '-0', 'entry', ARGV[3])
if ARGV[16] ~= '' and redis.call('HLEN', KEYS[5]) < tonumber(ARGV[15]) then
  redis.call('HSET', KEYS[5], version, ARGV[16])
end
if ARGV[6] ~= '' then
  redis.call('SET', KEYS[3], ARGV[6], 'EX', ARGV[10])
end
if redis.call('TTL', KEYS[1]) < tonumber(ARGV[7]) - 60 then -- expiry: ttl after the last change (to a minute)
  redis.call('EXPIRE', KEYS[1], ARGV[7])
  redis.call('EXPIRE', KEYS[2], ARGV[7])
  redis.call('EXPIRE', KEYS[4], ARGV[7])
  redis.call('EXPIRE', KEYS[5], ARGV[7])
end
redis.call('{publish}', ARGV[9], ARGV[5])
return {1, version}
"""

# KEYS: table, history stream, record stream, travels hash. ARGV: game, snapshot (the first state, compressed), history, the host
# token's digest, the first state (the snapshots' dictionary), the history entry, ttl seconds, the
# host recovery code's digest. Answers 0 when the code is taken (nothing written), 1.
_CREATE = """
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('DEL', KEYS[2], KEYS[3], KEYS[4])
redis.call('HSET', KEYS[1], 'version', 1, 'game', ARGV[1], 'state', ARGV[2], 'history', ARGV[3],
           'seat:host', ARGV[4], 'token:' .. ARGV[4], 'host', 'zdict', ARGV[5], 'recovery', ARGV[8])
redis.call('XADD', KEYS[2], '1-0', 'entry', ARGV[6], 'snapshot', ARGV[2])
redis.call('XADD', KEYS[3], '1-0', 'entry', ARGV[6])
redis.call('EXPIRE', KEYS[1], ARGV[7])
redis.call('EXPIRE', KEYS[2], ARGV[7])
redis.call('EXPIRE', KEYS[3], ARGV[7])
return 1
"""

# The live message that ends the streams of a revoked token (api/live.py), published by the script
# that revokes it: every stream receives it before any change written after the revocation.
_REVOKED = """
local function revoked(channel, token)
  redis.call('{publish}', channel, '{"event":"revoke","tokens":["' .. token .. '"]}')
end
"""

# KEYS: table, live channel. ARGV: seat, token digest, replace (1 to hand the seat over)
_SEAT = _REVOKED + """
if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
if ARGV[1] == 'spectator' then
  redis.call('HSET', KEYS[1], 'token:' .. ARGV[2], 'spectator')
  return 1
end
local seat_field = 'seat:' .. ARGV[1]
local old = redis.call('HGET', KEYS[1], seat_field)
if old and ARGV[3] ~= '1' then return 0 end
if old and redis.call('HDEL', KEYS[1], 'token:' .. old) == 1 then revoked(KEYS[2], old) end
redis.call('HSET', KEYS[1], seat_field, ARGV[2], 'token:' .. ARGV[2], ARGV[1])
return 1
"""

# KEYS: the claim code's record, table. ARGV: now (ms), the claiming phone's new token digest.
# Answers {1, seat} when the seat is now that token's (the code marked used: once, whoever races);
# {-1} unknown code, {-2} used, {-3} expired, {-4} no table, {-5} the seat was reserved again since
# (a newer handover, or the host seat recovered): nothing changes then.
_CLAIM = """
local raw = redis.call('GET', KEYS[1])
if not raw then return {-1} end
local claim = cjson.decode(raw)
if claim.used then return {-2} end
if tonumber(ARGV[1]) >= tonumber(claim['until']) then return {-3} end
if redis.call('EXISTS', KEYS[2]) == 0 then return {-4} end
local seat_field = 'seat:' .. claim.seat
if redis.call('HGET', KEYS[2], seat_field) ~= claim.reserved then return {-5} end
redis.call('HDEL', KEYS[2], 'token:' .. claim.reserved)
redis.call('HSET', KEYS[2], seat_field, ARGV[2], 'token:' .. ARGV[2], claim.seat)
claim.used = ARGV[1]
local left = redis.call('PTTL', KEYS[1])
if left > 0 then redis.call('SET', KEYS[1], cjson.encode(claim), 'PX', left) end
return {1, claim.seat}
"""
CLAIM_REFUSALS = {-1: "unknown", -2: "used", -3: "expired", -5: "replaced"}
CLAIM_KEPT = 24 * 3600  # seconds a claim code's record outlives the code (then the code is unknown)
CLAIM_LENGTH = 10  # characters of CODE_ALPHABET: about 50 bits


def claim_code(raw: str) -> str:
    """A claim code as typed or carried in a link: case, spaces and dashes do not matter."""
    return "".join(ch for ch in raw.upper() if ch.isalnum())


# KEYS: table, live channel. ARGV: token digest, the seat it holds. The token stops working (the
# seat stays taken: the host hands it to another phone). Answers 1 when revoked, 0 when the token
# does not hold that seat, -1 when there is no table.
_FORGET = _REVOKED + """
if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
if redis.call('HGET', KEYS[1], 'token:' .. ARGV[1]) ~= ARGV[2] then return 0 end
redis.call('HDEL', KEYS[1], 'token:' .. ARGV[1])
revoked(KEYS[2], ARGV[1])
return 1
"""

# KEYS: presence, the seat's open streams. ARGV: seat, now (ms; 0 when the seat's stream closed),
# connected since (ms), expiry (s), the stream whose lease to renew ("": none), its lease's end
# (ms), the streams key's expiry (s). Answers 1 when the seat's connection changed (connected ↔ not).
_PRESENCE = """
if ARGV[5] ~= '' then -- the heartbeat of a seat's stream renews its lease (see _LEASE) in the same call
  redis.call('ZADD', KEYS[2], 'XX', ARGV[6], ARGV[5])
  redis.call('EXPIRE', KEYS[2], ARGV[7])
end
local before = tonumber(redis.call('HGET', KEYS[1], ARGV[1]) or '0')
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('EXPIRE', KEYS[1], ARGV[4])
local since = tonumber(ARGV[3])
if (before >= since) ~= (tonumber(ARGV[2]) >= since) then return 1 end
return 0
"""

# KEYS: a set of open streams (zset: stream id → the end of its lease, ms). ARGV: now (ms), this
# stream's lease end (ms), its id, the cap, the key's expiry (s). Answers 1 when the stream may open
# (leases past their end are dropped first: a stream whose process died holds no place for long).
_LEASE = """
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3])
redis.call('EXPIRE', KEYS[1], ARGV[5])
return 1
"""

# KEYS: the library's hashes, one per kind. ARGV: JSON [[cap, [name, definition, name, ...]], ...] in
# KEYS' order. Stores every definition, or none when a kind would hold more than its cap (answers
# that kind's position, 1-based; 0 when stored).
_LIBRARY_PUT = """
local plan = cjson.decode(ARGV[1])
for i, key in ipairs(KEYS) do
  local cap, items, new = plan[i][1], plan[i][2], 0
  for j = 1, #items, 2 do
    if redis.call('HEXISTS', key, items[j]) == 0 then new = new + 1 end
  end
  if redis.call('HLEN', key) + new > cap then return i end
end
for i, key in ipairs(KEYS) do
  local items = plan[i][2]
  for j = 1, #items, 200 do
    redis.call('HSET', key, unpack(items, j, math.min(j + 199, #items)))
  end
end
return 0
"""


class Sharding:
    """Whether the server has sharded pub/sub (Redis 7: SPUBLISH and SSUBSCRIBE), asked of it the
    first time it answers: true when it does (api/live.py reads each held table on its own shard),
    false on Redis 6 (one pattern subscription to every table). Raises redis.RedisError while
    Redis has never answered (a write or a stream then answers 503, as for any Redis error)."""

    def __init__(self, client, known: bool | None = None):
        self.client, self.known = client, known

    def __bool__(self) -> bool:
        if self.known is None:
            self.known = int(str(self.client.info("server")["redis_version"]).split(".")[0]) >= 7
        return self.known


@dataclass
class Connection:
    """How the app reaches Redis (`connect`)."""
    client: redis.Redis | redis.RedisCluster
    sharded: Sharding

    @property
    def cluster(self) -> bool:
        """A Redis Cluster: redis-py's cluster client, each table on its slot's primary."""
        return isinstance(self.client, redis.RedisCluster)


def connect(url: str, max_connections: int) -> Connection:
    """A client for the Redis at `url`: a single server, or a Redis Cluster named by any of its
    nodes (its `INFO cluster` says cluster_enabled; the client learns the others from it). `url`
    may list several nodes, comma-separated: the first that answers is asked (a process starting
    while one node is down still finds the cluster). A server that does not answer now is taken as
    a single one (the cluster's client needs a node that answers to start)."""
    urls = [u.strip() for u in url.split(",") if u.strip()]
    cluster = False
    for candidate in urls:
        probe = redis.Redis.from_url(candidate, socket_timeout=5, socket_connect_timeout=5)
        try:
            cluster = bool(probe.info("cluster").get("cluster_enabled"))
            url = candidate
            break
        except redis.RedisError:
            continue
        finally:
            probe.close()
    else:
        url = urls[0]
    if cluster:
        # per node: at most max_connections, a request waiting for one (as the single server's pool)
        client = redis.RedisCluster.from_url(url, max_connections=max_connections, health_check_interval=30,
                                             socket_timeout=10, socket_connect_timeout=5,
                                             connection_pool_class=redis.BlockingConnectionPool)
        return Connection(client, Sharding(client, True))  # every Redis with cluster mode has them
    pool = redis.BlockingConnectionPool.from_url(
        url, max_connections=max_connections, timeout=10, health_check_interval=30)
    client = redis.Redis(connection_pool=pool)
    return Connection(client, Sharding(client))


class Store:
    def __init__(self, client: redis.Redis | redis.RedisCluster, ttl: int = 30 * 24 * 3600, full_at: float = 0.9,
                 sharded: Sharding | bool = False):
        """`sharded` (truthy when the server has sharded pub/sub, `Sharding`): a table's live
        messages go out with SPUBLISH, to its own shard only."""
        self.redis = client
        self.ttl = ttl
        self.full_at = full_at
        self._memory = (float("-inf"), False)  # (when INFO memory was read, monotonic; whether nearly full)
        self._memory_lock = threading.Lock()
        self.sharded = sharded
        self.cluster = isinstance(client, redis.RedisCluster)
        def publishing(script: str) -> dict:  # by whether the server has sharded pub/sub
            return {v: client.register_script(script.replace("{publish}", "SPUBLISH" if v else "PUBLISH"))
                    for v in (False, True)}
        self._save = publishing(_SAVE)
        self._create = client.register_script(_CREATE)
        self._seat = publishing(_SEAT)
        self._forget = publishing(_FORGET)
        self._presence = client.register_script(_PRESENCE)
        self._lease = client.register_script(_LEASE)
        self._library_put = client.register_script(_LIBRARY_PUT)
        self._claim = client.register_script(_CLAIM)

    def ping(self) -> bool:
        return bool(self.redis.ping())

    # ------------------------------------------------------------ tables

    def nearly_full(self) -> bool:
        """Whether Redis holds more than `full_at` of its memory ceiling (`maxmemory`; never
        without one): then new tables are refused and the tables in play keep the rest; on a Redis
        Cluster, whether any primary does (a new table's slot is any). INFO memory is read at most
        once a second per process, not per request."""
        read_at, full = self._memory
        if time.monotonic() - read_at < 1.0:
            return full
        with self._memory_lock:
            read_at, full = self._memory
            if time.monotonic() - read_at >= 1.0:
                if self.cluster:
                    infos = list(self.redis.info("memory", target_nodes=redis.RedisCluster.PRIMARIES).values())
                else:
                    infos = [self.redis.info("memory")]
                full = any(int(info.get("maxmemory") or 0)
                           and int(info["used_memory"]) > self.full_at * int(info["maxmemory"]) for info in infos)
                self._memory = (time.monotonic(), full)
        return full

    def create_table(self, game: str, state: bytes, entry: dict,
                     host_token: str, recovery_code: str = "") -> str:
        """Store a new table of `game` at version 1 under a fresh code, the host seat held by
        `host_token`, the digest of the host's `recovery_code` kept: all its keys in one script, or
        none (a refused or failed creation leaves nothing)."""
        token = digest(host_token)
        snapshot = compress(state, state)
        for _ in range(20):
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            k = keys(code)
            if self._create(keys=[k["table"], k["history"], k["record"], k["travels"]],
                            args=[game, snapshot, NO_HISTORY, token, state, orjson.dumps(entry), self.ttl,
                                  digest(recovery_code) if recovery_code else ""]):
                return code
        raise RuntimeError("no free table code after 20 tries")

    def load(self, code: str, token: str | None = None, idempotency_key: str | None = None,
             presence: bool = False, token_digest: str | None = None, drawn: bool = False) -> Loaded:
        """The table, the seat `token` (or the token whose digest is
        `token_digest`) holds, a stored answer for `idempotency_key`, who is connected and (`drawn`)
        the view parts kept: one round trip."""
        k = keys(code)
        token_digest = digest(token) if token else token_digest
        fields = ["version", "state", "history", "zdict", "stamp", "game", "drawn" if drawn else "version",
                  *([f"token:{token_digest}"] if token_digest else [])]
        pipe = self.redis.pipeline(transaction=False)
        pipe.hmget(k["table"], fields)
        if idempotency_key:
            pipe.get(k["idem"] + idempotency_key)
        if presence:
            pipe.hgetall(k["presence"])
        results = pipe.execute()
        values = results[0]
        if values[0] is None or values[1] is None:
            raise Missing(code)
        zdict = values[3] or b""
        loaded = Loaded(code, int(values[0]), self._state(code, decompress(values[1], lambda: zdict)),
                        orjson.loads(values[2] or NO_HISTORY), game=values[5].decode() if values[5] else None,
                        zdict=zdict, stamp=values[4] or b"", drawn=(values[6] or b"") if drawn else b"")
        if token_digest and values[7] is not None:
            loaded.seat = values[7].decode()
        rest = results[1:]
        if idempotency_key:
            raw = rest.pop(0)
            loaded.replay = orjson.loads(raw) if raw else None
        if presence:
            loaded.presence = {s.decode(): int(t) for s, t in rest.pop(0).items()}
        return loaded

    def save(self, loaded: Loaded, state: bytes, history: dict, entry: dict,
             message: bytes, idempotency: tuple[str, dict] | None = None, token_digest: str | None = None,
             restored: int | None = None, drawn: bytes = b"") -> int:
        """Write `state` if the table is
        still as `loaded` (version and write stamp) and the token with `token_digest` still holds
        `loaded.seat`, with its history entry and snapshot and the idempotent answer, and publish
        `message`; `restored`: the version an undo, redo or jump restored; `drawn`: the view parts to keep. Returns the new version (always `loaded.version + 1`); raises Stale, Replayed or
        Missing."""
        k = keys(loaded.code)
        idem_key, answer = idempotency if idempotency else ("", None)
        reply = self._save[bool(self.sharded)](
            keys=[k["table"], k["history"], k["idem"] + (idem_key or "-"), k["record"], k["travels"]],
            args=[loaded.version, orjson.dumps(history), orjson.dumps(entry), compress(state, loaded.zdict),
                  message, orjson.dumps(answer) if answer is not None else b"", self.ttl, HISTORY_KEPT,
                  k["live"], IDEMPOTENCY_TTL, f"token:{token_digest}" if token_digest else "",
                  loaded.seat or "", loaded.stamp, secrets.token_bytes(8), RECORD_KEPT,
                  "" if restored is None else restored, drawn])
        if reply[0] == 1:
            return int(reply[1])
        if reply[0] == 2:
            raise Replayed(orjson.loads(reply[1]))
        if reply[0] == -1:
            raise Missing(loaded.code)
        raise Stale(loaded.code)

    def entries(self, code: str, after: int = 0, count: int = 100, states: bool = False,
                decoded: int | None = None) -> list[tuple]:
        """Entries with a version above `after`, oldest first: (version, entry) from the whole-game
        record, or with `states` (version, entry, the state after it; None past the first `decoded`
        rows, when given) from the history, which keeps the last HISTORY_KEPT only."""
        if states:
            return self._history(code, after, count, states=True, decoded=decoded)
        rows = [(_version(i), orjson.loads(f[b"entry"]))
                for i, f in self.redis.xrange(keys(code)["record"], min=f"({after}-0", count=count)]
        if rows and rows[0][0] == after + 1:  # versions follow each other: nothing is missing
            return rows
        # The record starts later: a table stored before it was kept (2026-11-29), whose history holds
        # the older entries, or (past RECORD_KEPT changes) a record trimmed.
        older = [row for row in self._history(code, after, count) if not rows or row[0] < rows[0][0]]
        return (older + rows)[:count]

    def travels(self, code: str) -> dict[int, int]:
        """Each undo, redo and jump's version → the version it restored (`record.in_effect`)."""
        return {int(v): int(r) for v, r in self.redis.hgetall(keys(code)["travels"]).items()}

    def _history(self, code: str, after: int, count: int, states: bool = False,
                 decoded: int | None = None) -> list[tuple]:
        if not states:
            rows = self.redis.xrange(keys(code)["history"], min=f"({after}-0", count=count)
            return [(_version(i), orjson.loads(f[b"entry"])) for i, f in rows]
        pipe = self.redis.pipeline(transaction=False)
        pipe.xrange(keys(code)["history"], min=f"({after}-0", count=count)
        pipe.hget(keys(code)["table"], "zdict")
        rows, zdict = pipe.execute()
        decoded = len(rows) if decoded is None else decoded
        return [(_version(i), orjson.loads(f[b"entry"]),
                 self._state(code, decompress(f[b"snapshot"], lambda: zdict or b"")) if n < decoded else None)
                for n, (i, f) in enumerate(rows)]

    def _state(self, code: str, raw: bytes) -> dict:
        """A stored state as data. A table stored before 2026-11-29 may name its printed definitions
        by content key ({"$def": key}, kept in the table's `defs` hash, which later writes no longer
        use): they are put back in place, so such a table plays on and its next write stores the
        state whole."""
        data = orjson.loads(raw)
        if b'"$def"' not in raw:
            return data
        defs = {k.decode(): orjson.loads(v)["d"] for k, v in self.redis.hgetall(keys(code)["defs"]).items()}

        def inline(value):
            if isinstance(value, dict):
                if len(value) == 1 and "$def" in value and value["$def"] in defs:
                    return defs[value["$def"]]
                return {k: inline(v) for k, v in value.items()}
            if isinstance(value, list):
                return [inline(v) for v in value]
            return value
        return inline(data)

    def oldest_version(self, code: str) -> int | None:
        rows = self.redis.xrange(keys(code)["history"], count=1)
        return _version(rows[0][0]) if rows else None

    # ------------------------------------------------------------ seats and presence

    def take_seat(self, code: str, seat: str, token: str, replace: bool = False) -> None:
        """Give `seat` to `token`; a held seat only with `replace` (the host's handover, the host
        seat's recovery): the old token stops working and its live streams end."""
        k = keys(code)
        result = self._seat[bool(self.sharded)](keys=[k["table"], k["live"]],
                                                args=[seat, digest(token), "1" if replace else "0"])
        if result == -1:
            raise Missing(code)
        if result == 0:
            raise SeatTaken(seat)

    def issue_claim(self, code: str, seat: str, reserved_token: str, ttl: int, now_ms: int) -> str:
        """A one-time claim code for `seat`, which a handover reserved under `reserved_token` (a
        token no phone holds): it works for `ttl` seconds, once, and only while the seat is still
        reserved so (a newer handover voids it). The store keeps its digest only."""
        claim = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CLAIM_LENGTH))
        record = {"seat": seat, "reserved": digest(reserved_token), "until": str(now_ms + ttl * 1000)}
        self.redis.set(keys(code)["claim"] + digest(claim), orjson.dumps(record), ex=ttl + CLAIM_KEPT)
        return claim

    def claim_seat(self, code: str, claim: str, token: str, now_ms: int) -> str:
        """Give the seat a handover reserved to `token` in exchange for its `claim` code, once:
        the seat's name; raises ClaimRefused (unknown, used, expired, replaced) or Missing."""
        result = self._claim(keys=[keys(code)["claim"] + digest(claim_code(claim)), keys(code)["table"]],
                             args=[now_ms, digest(token)])
        if result[0] == 1:
            return result[1].decode()
        if result[0] == -4:
            raise Missing(code)
        raise ClaimRefused(CLAIM_REFUSALS[result[0]])

    def forget_token(self, code: str, token: str, seat: str) -> bool:
        """`token` stops working (its phone gives `seat` up; the seat stays taken) and its live
        streams end: False when it does not hold `seat`."""
        k = keys(code)
        result = self._forget[bool(self.sharded)](keys=[k["table"], k["live"]], args=[digest(token), seat])
        if result == -1:
            raise Missing(code)
        return bool(result)

    def token_seat(self, code: str, token_digest: str) -> str | None:
        """The seat the token with `token_digest` holds now (None: no seat, or revoked)."""
        found = self.redis.hget(keys(code)["table"], f"token:{token_digest}")
        return found.decode() if found else None

    def recovery_matches(self, code: str, recovery_code: str) -> bool:
        """Whether `recovery_code` is the host's recovery code of table `code` (Missing: no table)."""
        stored = self.redis.hget(keys(code)["table"], "recovery")
        if stored is None and not self.redis.exists(keys(code)["table"]):
            raise Missing(code)
        return bool(stored) and hmac.compare_digest(stored.decode(), digest(recovery_code))

    def seats(self, code: str) -> list[str]:
        return sorted(f.decode()[5:] for f in self.redis.hkeys(keys(code)["table"]) if f.startswith(b"seat:"))

    def mark_present(self, code: str, seat: str, now_ms: int, connected: bool = True,
                     lease: tuple[str, int] | None = None, pipe=None) -> bool | None:
        """Note a live connection's heartbeat for `seat` (or, not `connected`, that it closed), and
        renew `lease`, (stream id, lease length ms) of the seat's stream (`renew_stream`), in the
        same call; True when that changed whether the seat is connected (queued on `pipe`: its reply)."""
        stream_id, lease_ms = lease or ("", 0)
        reply = self._presence(keys=[keys(code)["presence"], self._stream_keys(code, "", seat)[0]],
                               args=[seat, now_ms if connected else 0, now_ms - CONNECTED_MS, 3600,
                                     stream_id, now_ms + lease_ms, lease_ms // 1000 + 60], client=pipe)
        return bool(reply) if pipe is None else None

    def presence(self, code: str) -> dict[str, int]:
        return {s.decode(): int(t) for s, t in self.redis.hgetall(keys(code)["presence"]).items()}

    def publish(self, code: str, message: bytes) -> None:
        if self.sharded:
            self.redis.spublish(keys(code)["live"], message)
        else:
            self.redis.publish(keys(code)["live"], message)

    # ------------------------------------------------------------ open live streams

    @staticmethod
    def _stream_keys(code: str, address: str, seat: str | None = None) -> tuple[str, ...]:
        """The sets a stream is counted in: a seat's own (a seated phone's stream), else its
        address's and its table's (spectators and phones holding no seat)."""
        if seat:
            return (f"{keys(code)['streams']}:{seat}",)
        return f"gc:streams:{address}", keys(code)["streams"]

    def open_stream(self, code: str, address: str, stream_id: str, now_ms: int, lease_ms: int,
                    per_address: int, per_table: int, seat: str | None = None, per_seat: int = 0) -> str | None:
        """Count a live stream from `address` at `code` for `lease_ms` (renewed while it lives):
        None when it may open, else what is full ("address", "table" or, for a stream of `seat`,
        "seat"). A seat's streams are counted apart, so that no other phone can fill its place.
        Each set is its own script (its own slot in a Redis Cluster)."""
        expiry = lease_ms // 1000 + 60
        if seat:
            (by_seat,) = self._stream_keys(code, address, seat)
            opened = self._lease(keys=[by_seat], args=[now_ms, now_ms + lease_ms, stream_id, per_seat, expiry])
            return None if opened else "seat"
        by_address, by_table = self._stream_keys(code, address)
        if not self._lease(keys=[by_address], args=[now_ms, now_ms + lease_ms, stream_id, per_address, expiry]):
            return "address"
        if not self._lease(keys=[by_table], args=[now_ms, now_ms + lease_ms, stream_id, per_table, expiry]):
            self.redis.zrem(by_address, stream_id)
            return "table"
        return None

    def renew_stream(self, code: str, address: str, stream_id: str, now_ms: int, lease_ms: int,
                     seat: str | None = None, pipe=None) -> None:  # `pipe`: queued on it
        queued = self.redis.pipeline(transaction=False) if pipe is None else pipe
        for key in self._stream_keys(code, address, seat):
            queued.zadd(key, {stream_id: now_ms + lease_ms}, xx=True)
            queued.expire(key, lease_ms // 1000 + 60)
        if pipe is None:
            queued.execute()

    def close_stream(self, code: str, address: str, stream_id: str, seat: str | None = None) -> None:
        pipe = self.redis.pipeline(transaction=False)
        for key in self._stream_keys(code, address, seat):
            pipe.zrem(key, stream_id)
        pipe.execute()

    def issue_ticket(self, code: str, token_digest: str, ttl: int, also: str | None = None) -> str:
        """A live-stream ticket standing for the seat token with `token_digest` at `code` for
        `ttl` seconds, and for `also`, the digest of another seat token of the same phone (the
        host's), whose seat the stream shows connected too; the store keeps digests only."""
        ticket = secrets.token_urlsafe(24)
        self.redis.set(keys(code)["ticket"] + digest(ticket), f"{token_digest} {also}" if also else token_digest, ex=ttl)
        return ticket

    def holds_seat(self, code: str, token: str | None = None, token_digest: str | None = None) -> bool:
        """Whether `token` (or the token with `token_digest`) holds a seat at table `code` (False
        when there is no such table)."""
        return bool(self.redis.hexists(keys(code)["table"], f"token:{digest(token) if token else token_digest}"))

    def ticket_holder(self, code: str, ticket: str) -> str | None:
        """The token digest a live ticket stands for (None: unknown or expired)."""
        found = self.ticket_tokens(code, ticket)
        return found[0] if found else None

    def ticket_tokens(self, code: str, ticket: str) -> tuple[str, str | None] | None:
        """The token digest a live ticket stands for and the digest of the other seat token of its
        phone, if it named one (None: unknown or expired)."""
        found = self.redis.get(keys(code)["ticket"] + digest(ticket))
        if not found:
            return None
        main, _, also = found.decode().partition(" ")
        return main, also or None

    def rate_limit_storage(self, storage_class=None):
        """The `limits` package's Redis storage (or `storage_class`, a subclass of it) over this
        store's connections (api/ratelimit.py); its keys start with gc:limits. On a Redis Cluster
        the package's cluster storage, with its own client (each limit is one key: one slot)."""
        from limits.storage import RedisClusterStorage, RedisStorage

        if self.cluster:
            node = self.redis.get_default_node()
            kind = type(f"Cluster{(storage_class or RedisStorage).__name__}",
                        (storage_class or RedisStorage, RedisClusterStorage), {})
            return kind(f"redis+cluster://{node.host}:{node.port}", key_prefix="gc:limits")
        return (storage_class or RedisStorage)("redis://", connection_pool=self.redis.connection_pool,
                                               key_prefix="gc:limits")

    # ------------------------------------------------------------ the library

    def library_list(self, kind: str) -> list[dict]:
        rows = self.redis.hgetall(library_key(kind))
        return [orjson.loads(v) for _, v in sorted(rows.items())]

    def library_get(self, kind: str, name: str) -> dict | None:
        raw = self.redis.hget(library_key(kind), name)
        return None if raw is None else orjson.loads(raw)

    def library_put_many(self, items: dict[str, dict[str, dict]], caps: dict[str, int] | None = None) -> str | None:
        """Store definitions by kind and name, all or none: None when stored, else the kind that
        would hold more than its cap (nothing is stored then)."""
        kinds = [k for k, by_name in items.items() if by_name]
        if not kinds:
            return None
        caps = caps or {}
        plan = [[caps.get(k, 1 << 30), [x for n, v in items[k].items() for x in (n, orjson.dumps(v).decode())]]
                for k in kinds]
        full = self._library_put(keys=[library_key(k) for k in kinds], args=[orjson.dumps(plan)])
        return kinds[int(full) - 1] if int(full) else None

    def library_forget(self, names: dict[str, list[str]]) -> None:
        """Remove these names of each kind, if stored."""
        pipe = self.redis.pipeline(transaction=True)
        for kind, listed in names.items():
            if listed:
                pipe.hdel(library_key(kind), *listed)
        pipe.execute()

    def library_moved(self, kinds) -> None:
        """Definitions stored before the library's keys had a hash tag (gc:library:<kind>) move to
        their tagged key (a Redis Cluster never held any: nothing to do there)."""
        if self.cluster:
            return
        for kind in kinds:
            old = f"gc:library:{kind}"
            if self.redis.exists(old) and not self.redis.renamenx(old, library_key(kind)):
                for name, definition in self.redis.hgetall(old).items():
                    self.redis.hsetnx(library_key(kind), name, definition)
                self.redis.delete(old)

    def library_delete(self, kind: str, name: str) -> bool:
        return bool(self.redis.hdel(library_key(kind), name))


def library_key(kind: str) -> str:
    return f"gc:{{library}}:{kind}"


def _version(stream_id: bytes) -> int:
    """The table version a history or record entry's stream id names ("<version>-0")."""
    return int(stream_id.split(b"-")[0])


def connected_since(now_ms: int) -> int:
    """The oldest heartbeat of a seat still connected at `now_ms`."""
    return now_ms - CONNECTED_MS
