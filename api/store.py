"""Storage: every byte the app keeps lives in Redis, and this module is the only one that talks to it.

A table's keys share the hash tag `{CODE}` so a table lives in one Redis Cluster slot:
  gc:{CODE}:table          hash    version, state (the last snapshot: JSON naming printed definitions
                                   by key, compressed; plain JSON in tables stored before),
                                   zdict (the state at creation: the snapshots' compression dictionary),
                                   history (JSON: undo and redo stacks), defs (how many definitions),
                                   seat:<seat> → token digest, token:<digest> → seat
  gc:{CODE}:defs           hash    key → a printed definition (hero board, tile, mission, power),
                                   written once, never changed: content-addressed
  gc:{CODE}:history        stream  entry id `<version>-0`: entry (JSON) and snapshot (the state
                                   after that version, compressed) for undo and jumps
  gc:{CODE}:idem:<key>     string  the answer to a write, replayed when the same key comes again
  gc:{CODE}:presence       hash    seat → last heartbeat of a live connection (ms)
  gc:{CODE}:live           channel each accepted change, published to every API process
Every write is one Lua script: the idempotency key, compare-and-set on the version and on the
writer's seat, history, and publish. A process that kept the table from its last write (api/hot.py)
writes without reading: one round trip; otherwise a read first. A write that finds the table moved
on gets the table as it is now in the same answer. Writes made while one is in flight are pipelined
into the next round trip (`Lane`). Idle tables expire `ttl` seconds after their last changes.
Reusable definitions: gc:library:<kind> hash name → JSON. Join rate limits: gc:ratelimit:<ip>.
"""
from __future__ import annotations

import contextvars
import functools
import hashlib
import os
import secrets
import select
import socket as _socket
import ssl
import threading
import zlib
from dataclasses import dataclass, field

import hiredis
import orjson
import redis
import zstandard

from games.bgcc import definitions
from games.bgcc.serial import dumps_pooled, from_data, remember_key, share, shared

CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"  # no 0/O, 1/I/L
CODE_LENGTH = 6
HISTORY_KEPT = 300
IDEMPOTENCY_TTL = 24 * 3600

round_trips: contextvars.ContextVar[int] = contextvars.ContextVar("round_trips", default=0)


def _count(n: int = 1) -> None:
    round_trips.set(round_trips.get() + n)


class Stale(Exception):
    """The stored version moved on since it was read (or the writer's token no longer holds the
    seat it wrote as): `now` is the table as stored now."""

    def __init__(self, now: "Loaded"):
        super().__init__(f"stored version is {now.version}")
        self.now = now


class Replayed(Exception):
    """The idempotency key already has an answer: the write was made before."""

    def __init__(self, answer: dict):
        super().__init__(f"already answered: version {answer.get('version')}")
        self.answer = answer


class Missing(Exception):
    """No table under that code."""


class SeatTaken(Exception):
    """Someone already holds that seat."""


DICTIONARY = b"\x00"  # (read only) a snapshot deflated with the table's first state as its dictionary
ZSTD = b"\x01"  # a snapshot compressed by zstd with the table's first state as its dictionary

# zstd with a dictionary the process has prepared once per table compresses a state (a few KiB)
# several times faster than deflate, which loads its dictionary again for every snapshot, and a
# little smaller. Its parameters are zstd's fastest level sized for a few KiB: about 70 KiB per
# prepared table (level 1's defaults: about 125 KiB), kept for the 128 tables written last (preparing
# one again costs about what deflate spent per snapshot). A prepared compressor may serve one call at
# a time (the lock: never contended under gevent, whose greenlets do not switch inside a call;
# briefly between gthread threads).
_ZSTD_PARAMETERS = dict(window_log=13, hash_log=10, chain_log=10, search_log=1, min_match=5, target_length=0,
                        strategy=zstandard.STRATEGY_FAST, write_checksum=True, write_content_size=True)


@functools.lru_cache(maxsize=128)
def _zstd(zdict: bytes) -> tuple[zstandard.ZstdCompressor, zstandard.ZstdDecompressor]:
    """A compressor and a decompressor for the table whose dictionary is `zdict` (its state at
    creation, taken as raw content), prepared once."""
    parameters = zstandard.ZstdCompressionParameters(**_ZSTD_PARAMETERS)
    prepared = zstandard.ZstdCompressionDict(zdict, dict_type=zstandard.DICT_TYPE_RAWCONTENT)
    prepared.precompute_compress(compression_params=parameters)
    return (zstandard.ZstdCompressor(dict_data=prepared, compression_params=parameters),
            zstandard.ZstdDecompressor(dict_data=prepared))


def compress(state: bytes, zdict: bytes | None) -> bytes:
    """A snapshot: zstd against `zdict` (the table's state at creation, which later states mostly
    repeat: about a twentieth of the size; the frame checks its data), or plain zlib without one
    (tables stored before there was a dictionary)."""
    if not zdict:
        return zlib.compress(state, 1)
    packer = _zstd(zdict)[0]
    with _zstd_lock:
        return ZSTD + packer.compress(state)


def decompress(snapshot: bytes, zdict) -> bytes:
    """`compress` undone; `zdict()` gives the table's dictionary when the snapshot needs it (a
    wrong one is refused, not read as other data). Snapshots deflated with the dictionary, as
    earlier versions of the app wrote them, still read."""
    kind = snapshot[:1]
    if kind == ZSTD:
        unpacker = _zstd(zdict())[1]
        try:
            with _zstd_lock:
                return unpacker.decompress(snapshot[1:])
        except zstandard.ZstdError as e:
            raise zlib.error(f"an unreadable snapshot: {e}") from None
    if kind != DICTIONARY:
        return zlib.decompress(snapshot)
    unpacker = zlib.decompressobj(15, zdict())
    data = unpacker.decompress(snapshot[1:]) + unpacker.flush()
    if not unpacker.eof:
        raise zlib.error("a snapshot cut short")
    return data


@functools.lru_cache(maxsize=4096)
def digest(token: str) -> str:
    """What the store keeps of a seat token (never the token itself); a phone sends the same
    token with every request, so each process computes it once."""
    return hashlib.sha256(token.encode()).hexdigest()


def keys(code: str) -> dict[str, str]:
    tag = f"gc:{{{code}}}"
    return {"table": f"{tag}:table", "history": f"{tag}:history", "presence": f"{tag}:presence",
            "live": f"{tag}:live", "idem": f"{tag}:idem:", "defs": f"{tag}:defs"}


POOLED_BY_NAME = {cls.__name__: cls for cls in definitions.POOLED}


def encode_definition(obj) -> bytes:
    return orjson.dumps({"t": type(obj).__name__, "d": obj})


def decode_definitions(raw: dict[bytes, bytes]) -> dict[str, object]:
    """A table's stored definitions by key; one this process already holds (another table printed
    with the same board or tile) is that object, not decoded again."""
    pool = {}
    for key, value in raw.items():
        name = key.decode()
        obj = shared(name)
        if obj is None:
            data = orjson.loads(value)
            obj = from_data(POOLED_BY_NAME[data["t"]], data["d"])
            remember_key(obj, name)
        pool[name] = obj
    return pool


@dataclass
class Loaded:
    code: str
    version: int
    state: dict
    history: dict
    seat: str | None = None
    replay: dict | None = None
    presence: dict[str, int] = field(default_factory=dict)
    pool: dict[str, object] = field(default_factory=dict)  # the table's printed definitions by key
    zdict: bytes = b""  # the snapshots' dictionary (b"" for tables stored before there was one)
    stamp: bytes = b""  # the random stamp of the write that made this version (b"": none stored)

    def written(self, version: int, history: dict, pool: dict[str, object], stamp: bytes) -> "Loaded":
        """The table as a write from this one left it, without its state (the writer keeps the
        Table): `dataclasses.replace`, written out (it costs a command a few microseconds)."""
        return Loaded(code=self.code, version=version, state=None, history=history, seat=self.seat, replay=None,
                      presence={}, pool=pool, zdict=self.zdict, stamp=stamp)


# KEYS: table, history stream, idempotency key, definitions.
# ARGV: expected version, history, entry, snapshot (the new state, compressed: stored as the table's
# state and in its history entry), live message, idempotent answer (or "" when the write has no key),
# ttl seconds, history kept, live channel, idempotency ttl, the writer's token field
# ("token:<digest>"), the seat the writer believes it holds, the stamp of the write it read (each
# write's random stamp: a version number alone would match a different write made after Redis lost
# some, e.g. restarted from an append-only file one second behind), this write's stamp, then new
# definitions as key, value.
# Answers {1, version} when written; {2, answer} when the idempotency key already has an answer;
# {-1} when there is no table; {0, version, state, history, definitions, seat, stamp} when the table
# moved on or the token no longer holds that seat: the table as it is now, so the writer can try again
# without another read.
_SAVE = """
if ARGV[6] ~= '' then
  local done = redis.call('GET', KEYS[3])
  if done then return {2, done} end
end
local now = redis.call('HMGET', KEYS[1], 'version', ARGV[11], 'stamp')
local current = tonumber(now[1])
if current == nil then return {-1} end
local seat = now[2] or ''
local stamp = now[3] or ''
if current ~= tonumber(ARGV[1]) or seat ~= ARGV[12] or stamp ~= ARGV[13] then
  local stored = redis.call('HMGET', KEYS[1], 'state', 'history', 'defs')
  return {0, current, stored[1] or '', stored[2] or '', stored[3] or '0', seat, stamp}
end
local version = current + 1
if #ARGV >= 15 then
  for i = 15, #ARGV, 2 do redis.call('HSETNX', KEYS[4], ARGV[i], ARGV[i + 1]) end
  redis.call('HSET', KEYS[1], 'defs', redis.call('HLEN', KEYS[4]))
end
redis.call('HSET', KEYS[1], 'version', version, 'state', ARGV[4], 'history', ARGV[2], 'stamp', ARGV[14])
redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[8], version .. '-0', 'entry', ARGV[3], 'snapshot', ARGV[4])
if ARGV[6] ~= '' then
  redis.call('SET', KEYS[3], ARGV[6], 'EX', ARGV[10])
end
if redis.call('TTL', KEYS[1]) < tonumber(ARGV[7]) - 60 then -- expiry: ttl after the last change (to a minute)
  redis.call('EXPIRE', KEYS[1], ARGV[7])
  redis.call('EXPIRE', KEYS[2], ARGV[7])
  redis.call('EXPIRE', KEYS[4], ARGV[7])
end
redis.call('PUBLISH', ARGV[9], ARGV[5])
return {1, version}
"""

# KEYS: table. ARGV: seat, token digest, replace (1 to hand the seat over)
_SEAT = """
if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
if ARGV[1] == 'spectator' then
  redis.call('HSET', KEYS[1], 'token:' .. ARGV[2], 'spectator')
  return 1
end
local seat_field = 'seat:' .. ARGV[1]
local old = redis.call('HGET', KEYS[1], seat_field)
if old and ARGV[3] ~= '1' then return 0 end
if old then redis.call('HDEL', KEYS[1], 'token:' .. old) end
redis.call('HSET', KEYS[1], seat_field, ARGV[2], 'token:' .. ARGV[2], ARGV[1])
return 1
"""


_pack = hiredis.pack_command  # a command in Redis's protocol (RESP), packed in C


try:
    from gevent import monkey as _monkey
    from gevent.hub import Waiter as _Waiter
    from gevent.hub import get_hub as _get_hub
except ImportError:  # gevent is optional (gthread workers, tests)
    _monkey = _Waiter = _get_hub = None

_native_lock = _monkey.get_original("_thread", "allocate_lock") if _monkey is not None else threading.Lock


def quick_lock():
    """A lock for a few lines that never wait (no input or output, no sleep, nothing that could
    switch greenlets): the operating system's own, also under gevent, whose patched lock costs a
    greenlet-aware acquire each time. Under gevent such a lock is never contended (one thread, and
    no switch while it is held); between gthread threads it is an ordinary lock."""
    return _native_lock()


_zstd_lock = quick_lock()  # one prepared compressor call at a time (see the zstd notes above)


def _gevent_patched() -> bool:
    """Whether this process runs greenlets on gevent's patched threading (asked at each call: a
    process may patch after importing this module)."""
    return _monkey is not None and _monkey.is_module_patched("threading")


class _Wake:
    """What a waiting call sleeps on until the lead wakes it: under gevent a greenlet waiter (the
    waker asks the hub to switch to it), otherwise a held thread lock the waker releases."""
    __slots__ = ("waiter", "hub", "lock")

    def __init__(self):
        if _gevent_patched():
            self.hub, self.waiter, self.lock = _get_hub(), _Waiter(), None
        else:
            self.hub = self.waiter = None
            self.lock = threading.Lock()
            self.lock.acquire()

    def wait(self) -> None:
        if self.waiter is not None:
            self.waiter.get()
        else:
            self.lock.acquire()

    def wake(self) -> None:
        if self.waiter is not None:
            self.hub.loop.run_callback(self.waiter.switch, None)
        else:
            self.lock.release()


class _Call:
    __slots__ = ("packed", "wake", "reply", "error", "lead")

    def __init__(self, packed: bytes):
        self.packed = packed
        self.wake = _Wake()  # woken when the answer is there, or when this call is to lead
        self.reply = self.error = None
        self.lead = False


def _reply_error(reply: hiredis.ReplyError) -> redis.ResponseError:
    """An error answer as redis-py would raise it (a script the server has not seen: NoScriptError)."""
    text = str(reply)
    return redis.exceptions.NoScriptError(text) if text.startswith("NOSCRIPT") else redis.ResponseError(text)


_PEEK = int(_socket.MSG_PEEK | _socket.MSG_DONTWAIT)  # an int once: the flags are an enum, slow to combine


def _closed(sock) -> bool:
    """Whether the server closed this idle connection: something to read (an error it sent before
    closing) or the end of the stream, before anything was sent. A non-blocking peek at the real
    socket (gevent's wraps a non-blocking one: one system call); never a wait."""
    raw = getattr(sock, "_sock", sock)
    if isinstance(raw, ssl.SSLSocket):  # TLS allows no peek: the read after the send tells instead
        return False
    try:
        if raw.gettimeout() != 0.0 and not select.select([raw], [], [], 0)[0]:
            return False  # a socket with a timeout would wait before peeking: ask first
        return raw.recv(1, _PEEK) is not None
    except (BlockingIOError, InterruptedError):
        return False
    except OSError:
        return True


class Lane:
    """One connection for the one call every change makes (the write script), pipelined: calls
    made while a round trip is in flight wait, and the next round trip carries them all (one send,
    then their answers in order). Under load, one round trip serves many changes; alone, a call
    makes its own round trip at once. redis-py opens the connection (handshake, AUTH, SELECT,
    TLS); the lane then writes to its socket and reads it with hiredis itself, which skips
    redis-py's per-call checks, retries and metrics (they cost more CPU than the round trip).

    The caller that finds the lane free leads: it sends the waiting calls, reads their answers and
    hands each its own; then it passes the lead to the first call that arrived meanwhile. A
    connection the server closed is replaced before it carries writes (a peek at the socket per
    round trip). A failure while sending or reading fails every call of that round trip and drops
    the connection, and nothing is sent again: some scripts may have run, and only a read can tell
    (a phone re-reads on the 503). Reads time out after `timeout` seconds."""

    def __init__(self, pool: redis.ConnectionPool, timeout: float = 10.0):
        self.pool = pool
        self.settings = {**pool.connection_kwargs, "socket_timeout": timeout}
        if pool.connection_class is redis.Connection:  # TCP: notice a peer that went away
            self.settings["socket_keepalive"] = True
        self.conn = None
        self.reader: hiredis.Reader | None = None
        self.lock = quick_lock()
        self.waiting: list[_Call] = []
        self.busy = False
        self.pid = os.getpid()
        self.round_trips = self.calls = 0  # how much pipelining happened (for the benchmarks)

    def call(self, *args):
        call = _Call(_pack(args))
        with self.lock:
            self.waiting.append(call)
            call.lead = not self.busy
            self.busy = True
        if not call.lead:
            try:
                call.wake.wait()
            except BaseException:  # interrupted while waiting (a worker stopping): never strand the lead
                self._abandon(call)
                raise
        if call.lead:
            self._lead()
        if call.error is not None:
            raise call.error
        return call.reply

    def _abandon(self, call: _Call) -> None:
        with self.lock:
            if call in self.waiting:
                self.waiting.remove(call)
            after = None
            if call.lead:  # it was handed the lead: hand it on
                after = self.waiting[0] if self.waiting else None
                if after is not None:
                    after.lead = True
                self.busy = after is not None
        if after is not None:
            after.wake.wake()

    def _lead(self) -> None:
        with self.lock:
            batch, self.waiting = self.waiting, []
        try:
            self._round_trip(batch)
        finally:
            with self.lock:
                after = self.waiting[0] if self.waiting else None
                if after is not None:
                    after.lead = True
                self.busy = after is not None
            for c in batch:
                if c.reply is None and c.error is None:
                    c.error = redis.ConnectionError("The write got no answer")
                if not c.lead:
                    c.wake.wake()
            if after is not None:
                after.wake.wake()

    def _round_trip(self, batch: list[_Call]) -> None:
        self.round_trips += 1
        self.calls += len(batch)
        try:
            sock = self._socket()
            sock.sendall(b"".join(c.packed for c in batch))
        except BaseException as e:
            self._fail(batch, e)
            return
        reader, i = self.reader, 0
        try:
            while i < len(batch):
                reply = reader.gets()
                if reply is False:  # not all of it yet: read more
                    data = sock.recv(65536)
                    if not data:
                        raise redis.ConnectionError("Redis closed the connection")
                    reader.feed(data)
                    continue
                if isinstance(reply, hiredis.ReplyError):  # an error answer leaves the connection in step
                    batch[i].error = _reply_error(reply)
                else:
                    batch[i].reply = reply
                i += 1
        except BaseException as e:
            self._fail(batch[i:], e)

    def _socket(self):
        """The lane's connected socket: a new connection when there is none yet, after a fork (a
        child never shares its parent's socket) or when the server closed this one."""
        if self.conn is not None and self.pid == os.getpid() and self.conn._sock is not None:
            if not _closed(self.conn._sock):
                return self.conn._sock
            self.conn.disconnect()
        self.conn, self.pid = self.pool.connection_class(**self.settings), os.getpid()
        self.conn.connect()
        self.reader = hiredis.Reader()
        return self.conn._sock

    def _fail(self, calls: list[_Call], error: BaseException) -> None:
        if self.conn is not None:
            self.conn.disconnect()
        if isinstance(error, TimeoutError):
            error = redis.TimeoutError(f"Redis did not answer in time: {error}")
        elif isinstance(error, OSError):
            error = redis.ConnectionError(f"The connection to Redis broke: {error}")
        elif isinstance(error, hiredis.ProtocolError):
            error = redis.exceptions.InvalidResponse(f"Redis answered something unreadable: {error}")
        for c in calls:  # another request gets a store error, not this one's interruption
            c.error = error if isinstance(error, Exception) or c.lead else redis.ConnectionError(str(error))


class Store:
    def __init__(self, client: redis.Redis, ttl: int = 30 * 24 * 3600):
        self.redis = client
        self.ttl = ttl
        self._save = client.register_script(_SAVE)
        self.lane = Lane(client.connection_pool)
        self._pools: dict[str, tuple[int, dict[str, object]]] = {}  # code → (count, definitions)
        self._zdicts: dict[str, bytes] = {}  # code → the snapshots' dictionary
        self._seat = client.register_script(_SEAT)

    def ping(self) -> bool:
        _count()
        return bool(self.redis.ping())

    # ------------------------------------------------------------ tables

    def create_table(self, state, entry: dict, host_token: str) -> str:
        """Store a new table at version 1 under a fresh code, the host seat held by `host_token`."""
        state_bytes, pool = dumps_pooled(state, definitions.POOLED)
        pool = share(pool)  # the kept definitions: those other tables hold, where they are the same
        for _ in range(20):
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            k = keys(code)
            _count()
            if self.redis.hsetnx(k["table"], "version", 1):
                token = digest(host_token)
                pipe = self.redis.pipeline(transaction=True)
                pipe.hset(k["defs"], mapping={key: encode_definition(obj) for key, obj in pool.items()})
                snapshot = compress(state_bytes, state_bytes)
                pipe.hset(k["table"], mapping={"state": snapshot, "history": b'{"undo":[],"redo":[]}',
                                               "defs": len(pool), "seat:host": token, f"token:{token}": "host",
                                               "zdict": state_bytes})
                pipe.xadd(k["history"], {"entry": orjson.dumps(entry), "snapshot": snapshot}, id="1-0")
                pipe.expire(k["table"], self.ttl)
                pipe.expire(k["history"], self.ttl)
                pipe.expire(k["defs"], self.ttl)
                _count()
                pipe.execute()
                self._pools[code] = (len(pool), dict(pool))
                self._remember_zdict(code, state_bytes)
                return code
        raise RuntimeError("no free table code after 20 tries")

    def load(self, code: str, token: str | None = None, idempotency_key: str | None = None,
             presence: bool = False) -> Loaded:
        """The table, the seat `token` holds, a stored answer for `idempotency_key` and who is
        connected: one round trip."""
        k = keys(code)
        fields = ["version", "state", "history", "defs", "zdict", "stamp"] + ([f"token:{digest(token)}"] if token else [])
        pipe = self.redis.pipeline(transaction=False)
        pipe.hmget(k["table"], fields)
        if idempotency_key:
            pipe.get(k["idem"] + idempotency_key)
        if presence:
            pipe.hgetall(k["presence"])
        _count()
        results = pipe.execute()
        values = results.pop(0)
        if values[0] is None or values[1] is None:
            raise Missing(code)
        zdict = values[4] or b""
        loaded = Loaded(code, int(values[0]), self._read_state(code, values[1], zdict),
                        orjson.loads(values[2] or b'{"undo":[],"redo":[]}'))
        loaded.pool = self.definitions(code, int(values[3] or 0))
        loaded.zdict, loaded.stamp = zdict, values[5] or b""
        self._remember_zdict(code, loaded.zdict)
        if token and values[6] is not None:
            loaded.seat = values[6].decode()
        if idempotency_key:
            raw = results.pop(0)
            loaded.replay = orjson.loads(raw) if raw else None
        if presence:
            loaded.presence = {s.decode(): int(t) for s, t in results.pop(0).items()}
        return loaded

    def definitions(self, code: str, count: int | None = None, refresh: bool = False) -> dict[str, object]:
        """The table's printed definitions, decoded once per process (another round trip only
        when the table has new ones: `count` differs, or `refresh`)."""
        cached = self._pools.get(code)
        if cached is not None and not refresh and count in (None, cached[0]):
            return cached[1]
        _count()
        pool = decode_definitions(self.redis.hgetall(keys(code)["defs"]))
        if len(self._pools) > 2000:
            self._pools.clear()
        self._pools[code] = (len(pool), pool)
        return pool

    def save(self, loaded: Loaded, state: bytes, pool: dict[str, object], history: dict, entry: dict, message,
             idempotency: tuple[str, dict] | None = None, token_digest: str | None = None) -> tuple[int, dict, bytes]:
        """Write `state` (JSON naming the printed definitions of `pool`) if the table is still as
        `loaded` (version and write stamp) and the token with `token_digest` still holds
        `loaded.seat`, with its history entry and snapshot and the idempotent answer, and publish
        `message`. Returns the new version, the table's definitions and the write's stamp; raises
        Stale (with the table as it is now), Replayed or Missing. One round trip. The caller builds
        the answer and the message for version `loaded.version + 1`: a write that lands makes
        exactly that version."""
        code, known = loaded.code, loaded.pool
        k = keys(code)
        stamp = secrets.token_bytes(8)
        new = [x for key, obj in pool.items() if key not in known for x in (key, encode_definition(obj))]
        idem_key, answer = idempotency if idempotency else ("", None)
        args = [k["table"], k["history"], k["idem"] + (idem_key or "-"), k["defs"],
                loaded.version, orjson.dumps(history), orjson.dumps(entry),
                compress(state, loaded.zdict), orjson.dumps(message),
                orjson.dumps(answer) if answer is not None else b"", self.ttl, HISTORY_KEPT, k["live"],
                IDEMPOTENCY_TTL, f"token:{token_digest}" if token_digest else "", loaded.seat or "",
                loaded.stamp, stamp, *new]
        _count()
        try:
            reply = self.lane.call("EVALSHA", self._save.sha, 4, *args)
        except redis.exceptions.NoScriptError:  # a fresh server (or one restarted) has not seen it yet
            _count()
            reply = self.lane.call("EVAL", _SAVE, 4, *args)
        status = reply[0]
        if status == 1:
            if new:
                known = {**known, **pool}
                self._pools[code] = (len(known), known)
            return int(reply[1]), known, stamp
        if status == 2:
            raise Replayed(orjson.loads(reply[1]))
        if status == -1:
            raise Missing(code)
        _, version, state_raw, history_raw, count, seat, stored_stamp = reply
        state_now = self._read_state(code, state_raw, loaded.zdict)
        now = Loaded(code, int(version), state_now, orjson.loads(history_raw or b'{"undo":[],"redo":[]}'),
                     seat=seat.decode() if token_digest and seat else None,
                     zdict=self._zdicts.get(code, loaded.zdict), stamp=stored_stamp)
        now.pool = self.definitions(code, int(count))
        raise Stale(now)

    def entries(self, code: str, after: int = 0, count: int = 100) -> list[tuple[int, dict]]:
        """History entries with a version above `after`, oldest first."""
        _count()
        rows = self.redis.xrange(keys(code)["history"], min=f"({after}-0" if after else "-", count=count)
        return [(int(i.decode().split("-")[0]), orjson.loads(f[b"entry"])) for i, f in rows]

    def oldest_version(self, code: str) -> int | None:
        _count()
        rows = self.redis.xrange(keys(code)["history"], count=1)
        return int(rows[0][0].decode().split("-")[0]) if rows else None

    def snapshot(self, code: str, version: int) -> dict | None:
        """The state right after `version`, while the history keeps it."""
        _count()
        rows = self.redis.xrange(keys(code)["history"], min=f"{version}-0", max=f"{version}-0")
        if not rows:
            return None
        return self._read_state(code, rows[0][1][b"snapshot"])

    def zdict(self, code: str) -> bytes:
        """The table's snapshot dictionary, read once per process."""
        found = self._zdicts.get(code)
        if found is None:
            _count()
            found = self.redis.hget(keys(code)["table"], "zdict") or b""
            self._remember_zdict(code, found)
        return found

    def _read_state(self, code: str, raw: bytes, zdict: bytes | None = None) -> dict:
        """A stored state (the table's state field or a history snapshot) as data: plain JSON as
        tables stored by earlier versions keep it, else decompressed with the table's dictionary
        (`zdict` when the caller has it). A dictionary this process kept for another table under
        the same code (expired, the code given again) is refused (`decompress` raises zlib.error
        for zstd's errors too): it is read again."""
        if raw[:1] == b"{":
            return orjson.loads(raw)
        try:
            return orjson.loads(decompress(raw, lambda: self.zdict(code) if zdict is None else zdict))
        except zlib.error:
            self._zdicts.pop(code, None)
            return orjson.loads(decompress(raw, lambda: self.zdict(code)))

    def _remember_zdict(self, code: str, zdict: bytes) -> None:
        if len(self._zdicts) > 2000:
            self._zdicts.clear()
        self._zdicts[code] = zdict

    # ------------------------------------------------------------ seats

    def take_seat(self, code: str, seat: str, token: str, replace: bool = False) -> None:
        """Give `seat` to `token`; a held seat only with `replace` (the host's handover)."""
        _count()
        result = self._seat(keys=[keys(code)["table"]], args=[seat, digest(token), "1" if replace else "0"])
        if result == -1:
            raise Missing(code)
        if result == 0:
            raise SeatTaken(seat)

    def seats(self, code: str) -> list[str]:
        _count()
        return sorted(f.decode()[5:] for f in self.redis.hkeys(keys(code)["table"]) if f.startswith(b"seat:"))

    def mark_present(self, code: str, seat: str, now_ms: int) -> None:
        k = keys(code)["presence"]
        pipe = self.redis.pipeline(transaction=False)
        pipe.hset(k, seat, now_ms)
        pipe.expire(k, 3600)
        _count()
        pipe.execute()

    def count_attempt(self, who: str, window: int = 60) -> int:
        """Join attempts from `who` in the current window."""
        key = f"gc:ratelimit:{who}"
        pipe = self.redis.pipeline(transaction=True)
        pipe.set(key, 0, ex=window, nx=True)
        pipe.incr(key)
        _count()
        return int(pipe.execute()[1])

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
