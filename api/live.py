"""Live updates: Server-Sent Events per table.

Each process's `Hub` receives the messages published on a table's channel — each accepted change
as its writer built it, and each change of who is connected — (every table's, through one pattern
subscription, on Redis 6; the tables its phones hold, each on its own shard, where Redis has
sharded pub/sub) and forwards them to the phones connected to that process, encoded once, without
reading Redis. A change
of a game with secrets carries one frame per distinct seat view (`frames`) and which seat receives
which (`seats`; frame 0 for any other): each phone gets only its own seat's frame. A
phone's stream owns a small queue, never a Redis connection. A phone reconnecting with
`Last-Event-ID` gets exactly the changes it missed, rebuilt from the table's history in the same
shape, or a snapshot when they are older than the history keeps.

A seat's stream ends the moment its token stops working (handed over, recovered, forgotten): the
script that revokes the token publishes its digest on the same channel (api/store.py), so every
process ends that token's streams before it forwards any change written after the revocation, and
a stream checks its token again wherever it reads the table itself (on opening, after a lost
message). A stream whose client closed the connection ends at once (`watch_disconnect`), freeing
its place among the open streams.
"""
from __future__ import annotations

import queue
import re
import select
import socket
import threading
import time
from collections import defaultdict

import orjson
import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

# what Redis may raise: redis-py's errors, and its cluster client's own (a slot no primary holds yet)
REDIS_ERRORS = (redis.RedisError, redis.exceptions.RedisClusterException, OSError)
CHANNEL_PATTERN = "gc:{*}:live"
_CODE = re.compile(rb"^gc:\{([^}]*)\}:live$")
QUEUE_SIZE = 256
RESYNC = object()  # the listener lost messages: streams re-read the history
REVOKED = object()  # the stream's token stopped working: the stream ends
CLOSED = object()  # the stream's client closed the connection: the stream ends
BEAT = object()  # the stream's heartbeat is due (`Hub._beat`)
BEAT_TICK = 0.1  # seconds between two ticks of the heartbeats' ticker
ENDS = (REVOKED, CLOSED)


class Hub:
    """Forwards the messages published by any API process to this process's streams: from one
    pattern subscription to every table (`PatternFeed`, Redis 6), or, where Redis has sharded
    pub/sub (Redis 7, a Redis Cluster), from each held table's own channel on its own shard
    (`ShardFeed`): a process then receives the messages of the tables its phones hold, and no
    other."""

    def __init__(self, client, sharded=False, heartbeat: float = 15.0):
        self.client = client
        self.lock = threading.Lock()
        # code → stream → (its seat, its token's digest)
        self.queues: dict[str, dict[queue.Queue, tuple[str | None, str | None]]] = defaultdict(dict)
        self.received = 0  # messages this process received from Redis (each table's own, when sharded)
        self.sharded = sharded  # truthy when Redis has sharded pub/sub (api/store.py Sharding)
        self.feed: PatternFeed | ShardFeed | None = None
        self.heartbeat = heartbeat  # seconds between two heartbeats of a stream
        self.tick = min(BEAT_TICK, heartbeat)  # seconds between two ticks of the heartbeats' ticker
        # the streams each tick beats: a heartbeat's length is `len(self.turns)` ticks; a new stream
        # takes the turn with the fewest streams (its hash modulo the turns bunched them: queues
        # allocated one after another put 33 of 60 streams in one tick of ten)
        self.turns: list[dict[queue.Queue, None]] = [{} for _ in range(max(1, round(heartbeat / self.tick)))]
        self.turn_of: dict[queue.Queue, int] = {}  # each stream's turn
        # the streams given a message since their last heartbeat: their connection just carried
        # data, so their next heartbeat sends no comment (the ticker still writes its presence)
        self.fed: set[queue.Queue] = set()
        self.beating = False  # the heartbeats' ticker runs (while any stream is open)
        self.writes: dict[queue.Queue, tuple[Table, Lease | None]] = {}  # what each stream's heartbeat writes
        # the ticker writes the heartbeats (`_write`), but on a Redis Cluster, whose pipelines in
        # redis-py take no scripts: there each stream writes its own
        self.writes_beats = not isinstance(client, redis.RedisCluster)

    def subscribe(self, code: str, seat: str | None = None, token: str | None = None,
                  writes: tuple[Table, Lease | None] | None = None) -> queue.Queue:
        """A stream's queue at `code`, for `seat` held by the token with digest `token`; the
        table's messages reach it from the moment this returns. `writes`: the stream's table and
        lease, whose heartbeat writes the ticker makes (`Table.beat`)."""
        q: queue.Queue = queue.Queue(QUEUE_SIZE)
        with self.lock:
            self.queues[code][q] = (seat, token)
            turn = min(range(len(self.turns)), key=lambda i: len(self.turns[i]))
            self.turns[turn][q] = None
            self.turn_of[q] = turn
            if writes is not None and self.writes_beats:
                self.writes[q] = writes
            if not self.beating:
                self.beating = True
                threading.Thread(target=self._beat, name="gotham-live-beat", daemon=True).start()
            if self.feed is None:
                try:
                    self.feed = ShardFeed(self) if self.sharded else PatternFeed(self)
                except redis.RedisError:  # Redis never answered yet: this stream ends with the error
                    self._forget(code, q)
                    raise
        self.feed.want(code)
        return q

    def unsubscribe(self, code: str, q: queue.Queue) -> None:
        with self.lock:
            last = self._forget(code, q)
        if last and self.feed is not None:
            self.feed.drop(code)

    def _forget(self, code: str, q: queue.Queue) -> bool:
        """Drop the stream (the lock held): whether it was its table's last here."""
        self.queues[code].pop(q, None)
        turn = self.turn_of.pop(q, None)
        if turn is not None:
            self.turns[turn].pop(q, None)
        self.fed.discard(q)
        self.writes.pop(q, None)
        if self.queues[code]:
            return False
        del self.queues[code]
        return True

    def held(self, code: str) -> bool:
        with self.lock:
            return code in self.queues

    def holds(self, code: str, seat: str) -> bool:
        """Whether a stream of this process still shows `seat` at table `code`."""
        with self.lock:
            return any(held == seat for held, _ in self.queues.get(code, {}).values())

    def streams(self) -> int:
        with self.lock:
            return sum(len(qs) for qs in self.queues.values())

    def _beat(self) -> None:
        """Every stream's heartbeat from one ticker: a stream waits on its queue alone (a wait with
        a deadline made a timer, a timeout and their callbacks per stream at each wake: at 2,500
        streams a worker, tens of thousands of live objects each young collection walked). The
        streams are spread over a heartbeat's length: each tenth of a second, a share of them
        receives BEAT (a full queue skips it: that stream is busy sending), and their presence
        writes go to Redis together (`_write`), never in a burst. A stream given a message since
        its last heartbeat receives no BEAT (its connection is not idle: the comment would only
        wake it and cost a write; at a game night's pace, a change every 10 s, heartbeats were 240
        of the 625 events a phone received an hour), its presence written all the same; on a
        Redis Cluster each stream writes its own, so there every stream receives BEAT. Ends with
        the last stream; the next one starts it again."""
        turn, at = 0, time.monotonic()
        while True:
            at += self.tick  # on a fixed cadence: the time a tick's writes take is not added to the next
            time.sleep(max(0.0, at - time.monotonic()))
            turn = (turn + 1) % len(self.turns)
            with self.lock:
                if not self.queues:
                    self.beating = False
                    return
                due = list(self.turns[turn])  # this tick's share, not a walk over every stream
                writes = [self.writes[q] for q in due if q in self.writes]
                if self.fed:
                    fed = self.fed
                    idle = [q for q in due if q not in fed]
                    fed.difference_update(due)  # from here, a stream is idle until its next message
                    due = idle
            for q in due:
                try:
                    q.put_nowait(BEAT)
                except queue.Full:
                    pass
            self._write(writes)

    def _write(self, writes: list[tuple[Table, Lease | None]]) -> None:
        """The heartbeat writes of the streams due at one tick, in one round trip (each a seat's
        presence with its stream's lease renewed, or a lease alone: `Table.beat`); written by each
        stream on its own they took a round trip a phone, 0.12 cores for 10,000 idle phones. A write
        that fails (Redis busy or away) leaves its stream open: its next heartbeat writes again."""
        if not writes:
            return
        try:
            pipe = self.client.pipeline(transaction=False)
            counts = []
            for table, lease in writes:
                queued = len(pipe)
                table.beat(lease, pipe)
                counts.append(len(pipe) - queued)
            replies = pipe.execute(raise_on_error=False)
        except REDIS_ERRORS:
            return
        at = 0
        for (table, lease), n in zip(writes, counts):
            try:
                table.beaten(lease, replies[at:at + n])
            except REDIS_ERRORS:
                pass
            at += n

    def _deliver(self, code: str, data: bytes) -> None:
        self.received += 1
        with self.lock:
            targets = list(self.queues.get(code, {}).items())
        if not targets:
            return
        try:
            message = orjson.loads(data)
            event, event_id = message["event"], message.get("id")
            if event == "revoke":  # never forwarded: the revoked token's streams end
                revoked = set(message["tokens"])
                for q, (_, token) in targets:
                    if token in revoked:
                        _replace_with(q, REVOKED)
                return
            if "frames" in message:  # per seat: each frame encoded once, each phone its seat's
                items = [(event, event_id, sse(event, frame, event_id)) for frame in message["frames"]]
                seats = message["seats"]
                pick = lambda viewer: items[seats.get(viewer[0], 0) if viewer[0] is not None else 0]  # noqa: E731
            else:
                item = (event, event_id, sse(event, message["data"], event_id))
                pick = lambda viewer: item  # noqa: E731
        except Exception:  # noqa: BLE001 - an unreadable message: phones re-read the history
            for q, _ in targets:
                _replace_with_resync(q)
            return
        fed = []
        for q, viewer in targets:
            try:
                q.put_nowait(pick(viewer))
                fed.append(q)
            except queue.Full:
                _replace_with_resync(q)
        if self.writes_beats:  # (on a Redis Cluster every stream receives its heartbeats)
            with self.lock:  # a stream that ended meanwhile is not kept
                self.fed.update(q for q in fed if q in self.turn_of)

    def _resync(self, codes=None) -> None:
        """The streams of `codes` (None: every stream) may have missed messages: they re-read the history."""
        with self.lock:
            targets = [q for code, qs in self.queues.items() if codes is None or code in codes for q in qs]
        for q in targets:
            _replace_with_resync(q)


class PatternFeed:
    """One listener per process subscribed to every table's channel (PSUBSCRIBE gc:{*}:live)."""

    def __init__(self, hub: Hub):
        self.hub = hub
        self.lock = threading.Lock()
        self.thread: threading.Thread | None = None
        self.connected = threading.Event()

    def want(self, code: str) -> None:
        with self.lock:
            if self.thread is None or not self.thread.is_alive():
                self.thread = threading.Thread(target=self._listen, name="gotham-live", daemon=True)
                self.thread.start()
        self.connected.wait(5)

    def drop(self, code: str) -> None:
        pass

    def _listen(self) -> None:
        while True:
            pubsub = self.hub.client.pubsub(ignore_subscribe_messages=True)
            try:
                pubsub.psubscribe(CHANNEL_PATTERN)
                self.connected.set()
                self.hub._resync()
                for message in pubsub.listen():
                    match = _CODE.match(message["channel"])
                    if match:
                        self.hub._deliver(match.group(1).decode(), message["data"])
            except (redis.ConnectionError, redis.TimeoutError, OSError):
                self.connected.clear()
                time.sleep(0.5)
            finally:
                try:
                    pubsub.close()
                except Exception:  # noqa: BLE001 - closing a broken connection
                    pass


class ShardFeed:
    """Sharded pub/sub (Redis 7): a held table's channel is subscribed (SSUBSCRIBE) on the shard
    holding its slot — a Redis Cluster's primary for the slot, else the one server — from the first
    stream of the table at this process to its last (SUNSUBSCRIBE); one listener per shard. When a
    shard is lost (its primary failed, the connection broke) or a slot moves away, its channels
    are subscribed again where their slot now lives (`_mend`), then their streams re-read what
    they missed from the history."""

    def __init__(self, hub: Hub):
        self.hub = hub
        self.cluster = isinstance(hub.client, redis.RedisCluster)
        self.lock = threading.Lock()
        self.shards: dict[str, _Shard] = {}  # node name → its listener
        self.home: dict[str, _Shard] = {}  # a subscribed channel → its shard's listener
        self.ready: dict[str, threading.Event] = {}  # a wanted channel → set once subscribed
        self.unplaced: set[str] = set()  # wanted channels not subscribed anywhere (their shard lost)
        self.mender: threading.Thread | None = None

    def want(self, code: str) -> None:
        channel = f"gc:{{{code}}}:live"
        with self.lock:
            ready = self.ready.get(channel)
            if ready is None:
                ready = self.ready[channel] = threading.Event()
                self._place(channel)
        ready.wait(5)  # a shard that does not answer: the stream reads the table, the mender resyncs it later

    def drop(self, code: str) -> None:
        channel = f"gc:{{{code}}}:live"
        with self.lock:
            if self.hub.held(code):  # a new stream of the table came meanwhile
                return
            self.ready.pop(channel, None)
            self.unplaced.discard(channel)
            shard = self.home.pop(channel, None)
            if shard is not None:
                shard.unsubscribe(channel)

    def _place(self, channel: str) -> bool:
        """Subscribe `channel` on its slot's shard (the lock held); else leave it to the mender."""
        shard = None
        try:
            if self.cluster:
                node = self.hub.client.get_node_from_key(channel)
                name, pool = node.name, self.hub.client.get_redis_connection(node).connection_pool
            else:
                name, pool = "server", self.hub.client.connection_pool
            shard = self.shards.get(name)
            if shard is None:
                shard = self.shards[name] = _Shard(self, name, pool)
            shard.subscribe(channel)
            self.home[channel] = shard
            self.unplaced.discard(channel)
            return True
        except (*REDIS_ERRORS, AttributeError):  # AttributeError: a slot no node holds yet
            if shard is not None and shard not in self.home.values():  # a node that does not answer
                del self.shards[shard.name]
                shard.close()
            self.unplaced.add(channel)
            self._start_mender()
            return False

    def confirmed(self, channel: str) -> None:
        with self.lock:
            ready = self.ready.get(channel)
            if ready is not None and channel in self.home:
                ready.set()

    def moved(self, shard: _Shard, channel: str) -> None:
        """The server ended a subscription this process did not end (its slot moved away)."""
        with self.lock:
            if self.home.get(channel) is shard and channel in self.ready:
                del self.home[channel]
                self.ready[channel].clear()
                self.unplaced.add(channel)
                self._start_mender()

    def lost(self, shard: _Shard) -> None:
        """`shard`'s connection broke: its channels wait for the mender."""
        with self.lock:
            if self.shards.get(shard.name) is shard:
                del self.shards[shard.name]
            for channel in [c for c, s in self.home.items() if s is shard]:
                del self.home[channel]
                if channel in self.ready:
                    self.ready[channel].clear()
                    self.unplaced.add(channel)
            self._start_mender()

    def _start_mender(self) -> None:
        if self.unplaced and (self.mender is None or not self.mender.is_alive()):
            self.mender = threading.Thread(target=self._mend, name="gotham-live-mend", daemon=True)
            self.mender.start()

    def _mend(self) -> None:
        """Until every wanted channel is subscribed again: learn where the slots live now, subscribe
        there, and once subscribed have the channels' streams re-read the history."""
        while True:
            time.sleep(0.25)
            if self.cluster:
                try:
                    self.hub.client.nodes_manager.initialize()
                except REDIS_ERRORS:
                    continue
            with self.lock:
                if not self.unplaced:
                    self.mender = None
                    return
                placed = [c for c in list(self.unplaced) if self._place(c)]
                waits = [self.ready[c] for c in placed if c in self.ready]
            for ready in waits:
                ready.wait(5)
            codes = {m.group(1).decode() for c in placed if (m := _CODE.match(c.encode()))}
            if codes:
                self.hub._resync(codes)


class _Shard:
    """One shard's listener: a pub/sub connection to its node that reports any error (no silent
    reconnect: messages may have been lost meanwhile)."""

    def __init__(self, feed: ShardFeed, name: str, pool: redis.ConnectionPool):
        self.feed, self.name = feed, name
        kwargs = {k: v for k, v in pool.connection_kwargs.items()
                  if k not in ("retry", "redis_connect_func", "connection_pool")}
        self.client = redis.Redis(**kwargs, retry=Retry(NoBackoff(), 0))
        self.pubsub = self.client.pubsub()
        self.leaving: dict[str, int] = defaultdict(int)  # channel → unsubscribes sent, not yet confirmed
        self.closed = False
        threading.Thread(target=self._listen, name=f"gotham-live-{name}", daemon=True).start()

    def subscribe(self, channel: str) -> None:
        self.pubsub.ssubscribe(channel)

    def unsubscribe(self, channel: str) -> None:
        self.leaving[channel] += 1
        try:
            self.pubsub.sunsubscribe(channel)
        except REDIS_ERRORS:
            pass  # the listener finds the connection broken too

    def close(self) -> None:
        """Stop listening (within a second) and close the connection."""
        self.closed = True

    def _listen(self) -> None:
        while not self.closed:
            try:
                message = self.pubsub.get_message(timeout=1.0)
            except (*REDIS_ERRORS, ValueError, AttributeError):
                if not self.closed:
                    self.feed.lost(self)
                break
            if not message:
                continue
            kind, channel = message["type"], message["channel"]
            channel = channel.decode() if isinstance(channel, bytes) else channel
            if kind == "smessage":
                match = _CODE.match(channel.encode())
                if match:
                    self.feed.hub._deliver(match.group(1).decode(), message["data"])
            elif kind == "ssubscribe":
                self.feed.confirmed(channel)
            elif kind == "sunsubscribe":
                if self.leaving.get(channel):
                    self.leaving[channel] -= 1
                else:
                    self.feed.moved(self, channel)
        try:
            self.pubsub.close()
            self.client.close()
        except Exception:  # noqa: BLE001 - closing a broken connection
            pass


def _replace_with_resync(q: queue.Queue) -> None:
    """A stream that fell behind drops its queue and re-reads what it missed from the history."""
    _replace_with(q, RESYNC)


def _replace_with(q: queue.Queue, item) -> None:
    """Empty the stream's queue and leave `item` alone in it (an end already queued stays: it
    wins over anything else)."""
    try:
        while True:
            drained = q.get_nowait()
            if drained in ENDS and item not in ENDS:
                item = drained
    except queue.Empty:
        pass
    try:
        q.put_nowait(item)
    except queue.Full:
        pass


def sse(event: str, data, event_id: int | None = None) -> bytes:
    head = f"id: {event_id}\n" if event_id is not None else ""
    return f"{head}event: {event}\n".encode() + b"data: " + orjson.dumps(data) + b"\n\n"


class Table:
    """What a stream needs of its table (api/resources/live.py): `latest()` → (version, snapshot
    event data), `changes(after, upto)` → the missed changes, `oldest()` → the oldest version the
    history keeps, `presence()` → the presence event data, `mark(connected, lease=None)` → whether
    that changed who is connected (with `lease`: the stream's lease renewed in the same round trip),
    `publish(data)` the presence event data for every process, `valid()` → whether the stream's
    token still holds its seat; `beat(lease, pipe)` queues a heartbeat's writes on the ticker's
    pipeline (the seat present, the lease renewed) and `beaten(lease, replies)` reads their replies
    (a change of who is connected: the presence event), or with None makes the writes itself."""


class Lease:
    """The stream's place among the open streams of its seat, or of its address and its table
    (api/resources/live.py): renewed on each heartbeat (`renew(pipe)`, queued on the ticker's
    pipeline, or with the seat's presence: its `beat()`, None when it is not a seat's), `release()`
    once when it ends."""

    def renew(self, pipe=None) -> None: ...

    def beat(self): ...

    def release(self) -> None: ...


def stream(hub: Hub, table: Table, code: str, seat: str | None, last_id: int | None, now_ms,
           lease: Lease | None = None, token: str | None = None, client: socket.socket | None = None):
    """The event stream of one phone: `seat` as the token with digest `token` holds it (None: a
    phone holding no seat), `client` the connection's socket when the server gives it. A heartbeat
    each time the hub's ticker says it is due (`Hub._beat`)."""
    q = hub.subscribe(code, seat, token if seat else None, (table, lease))
    unwatch = watch_disconnect(client, q) if client is not None else None
    try:
        yield b"retry: 2000\n\n"
        _mark(table, seat, True)  # present before the phone gets its first event
        sent, frames = _catch_up(table, seat, last_id, opening=True)
        if frames is None:  # revoked before this stream could hear it: nothing read is sent
            yield sse("revoked", {"seat": seat})
            return
        yield from frames
        frames = None  # sent: while it waits, the stream holds nothing of the table
        while True:
            item = q.get()
            if item is CLOSED:
                return
            if item is REVOKED:
                yield sse("revoked", {"seat": seat})
                return
            if item is RESYNC:  # what was missed, from the history (a snapshot when it keeps too little)
                latest, frames = _catch_up(table, seat, sent, opening=False)
                if frames is None:  # a revocation may be among the lost messages
                    yield sse("revoked", {"seat": seat})
                    return
                yield from frames
                frames = None
                sent = max(sent, latest)
            elif item is BEAT:  # the ticker writes the seat's presence and the lease (`Hub._write`)
                yield f": heartbeat {now_ms()}\n\n".encode()
                if not hub.writes_beats:
                    try:
                        table.beaten(lease, None)  # written on its own
                    except REDIS_ERRORS:
                        pass  # Redis busy or away: the phone keeps its stream, the next heartbeat writes again
            else:
                event, version, frame = item
                if event == "change":
                    if version <= sent:
                        continue
                    if version > sent + 1:
                        yield from _missed(table, sent, version - 1)
                    sent = version
                yield frame
    finally:
        if unwatch is not None:
            unwatch()
        if lease is not None:
            try:
                lease.release()
            except REDIS_ERRORS:
                pass
        hub.unsubscribe(code, q)
        if seat and not hub.holds(code, seat):
            try:
                _mark(table, seat, False)
            except REDIS_ERRORS:
                pass


WATCH_SECONDS = 15.0  # how long an ended stream's watcher may outlive it (threads: nothing wakes it sooner)


def watch_disconnect(client: socket.socket, q: queue.Queue):
    """Put CLOSED in the stream's queue as soon as its client closes the connection (a live stream's
    client sends nothing after its request: the socket turns readable only when it closes), without
    waiting for a write to fail. Under gevent a greenlet, else a thread; answers the function that
    stops watching (call it when the stream ends)."""
    done = threading.Event()

    def watch(wait: float | None):
        while not done.is_set():
            try:
                readable, _, _ = select.select([client], [], [], wait)
            except (OSError, ValueError):  # the connection is gone
                readable = [client]
            if done.is_set():
                return
            if readable:
                try:
                    data = client.recv(1, socket.MSG_PEEK)
                except BlockingIOError:
                    continue
                except (OSError, ValueError):
                    data = b""
                if not data:
                    _replace_with(q, CLOSED)
                return  # data: a client that speaks after its request is not watched (its close ends its next write)

    try:
        from gevent import monkey
    except ImportError:
        monkey = None
    if monkey is not None and monkey.is_module_patched("socket"):
        import gevent

        watcher = gevent.spawn(watch, None)  # killed when the stream ends: it needs no deadline
        return lambda: (done.set(), watcher.kill(block=False))
    threading.Thread(target=watch, args=(WATCH_SECONDS,), name="gotham-live-watch", daemon=True).start()
    return done.set


def _catch_up(table: Table, seat: str | None, after: int | None, opening: bool) -> tuple[int, list[bytes] | None]:
    """What a stream sends to catch up, as bytes, and the version it reaches: the changes after
    `after` the history keeps, the table when `opening` or when the history keeps too little, then
    who is connected. None for the bytes: the seat's token no longer holds it (nothing read is
    sent). Built apart from the stream, which keeps none of it while it waits: each open stream
    holding its table's view (some 700 objects) made every full collection walk them all."""
    latest, snapshot = table.latest()
    replay = after is not None and _replayable(table, after, latest)
    frames = list(_missed(table, after, latest)) if replay else []
    if opening or not replay:
        frames.append(sse("snapshot", snapshot, latest))
    if seat and not table.valid():
        return latest, None
    return latest, [*frames, sse("presence", table.presence())]


def _mark(table: Table, seat: str | None, connected: bool) -> None:
    if seat and table.mark(connected):
        table.publish(table.presence())


def _replayable(table: Table, after: int, upto: int) -> bool:
    """Whether the history still keeps every change after `after` up to `upto`."""
    return after >= upto or (table.oldest() or upto + 1) - 1 <= after


def _missed(table: Table, after: int, upto: int):
    for data in table.changes(after, upto):
        yield sse("change", data, data["version"])
