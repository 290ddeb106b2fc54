"""Live updates: Server-Sent Events per table.

One Redis pub/sub listener per process (`Hub`) receives every accepted change and fans it out to
the phones connected to that process; a phone's stream owns a small queue, never a Redis
connection. A phone reconnecting with `Last-Event-ID` gets exactly the changes it missed from the
table's history stream, or a snapshot when they are older than the history keeps.
"""
from __future__ import annotations

import queue
import re
import threading
import time
from collections import defaultdict

import orjson
import redis

from .store import Store

CHANNEL_PATTERN = "gc:{*}:live"
_CODE = re.compile(rb"^gc:\{([^}]*)\}:live$")
QUEUE_SIZE = 256
RESYNC = object()  # the listener lost messages: streams re-read the history


class Hub:
    """Fans the changes published by any API process out to this process's streams."""

    def __init__(self, client: redis.Redis, render=lambda code, data: data):
        self.client = client
        self.render = render  # (code, published change) → the change as phones receive it
        self.lock = threading.Lock()
        self.queues: dict[str, set[queue.Queue]] = defaultdict(set)
        self.thread: threading.Thread | None = None
        self.connected = threading.Event()

    def subscribe(self, code: str) -> queue.Queue:
        q: queue.Queue = queue.Queue(QUEUE_SIZE)
        with self.lock:
            self.queues[code].add(q)
            if self.thread is None or not self.thread.is_alive():
                self.thread = threading.Thread(target=self._listen, name="gotham-live", daemon=True)
                self.thread.start()
        self.connected.wait(5)
        return q

    def unsubscribe(self, code: str, q: queue.Queue) -> None:
        with self.lock:
            self.queues[code].discard(q)
            if not self.queues[code]:
                del self.queues[code]

    def streams(self) -> int:
        with self.lock:
            return sum(len(qs) for qs in self.queues.values())

    def _listen(self) -> None:
        while True:
            pubsub = self.client.pubsub(ignore_subscribe_messages=True)
            try:
                pubsub.psubscribe(CHANNEL_PATTERN)
                self.connected.set()
                self._broadcast_resync()
                for message in pubsub.listen():
                    match = _CODE.match(message["channel"])
                    if match:
                        self._deliver(match.group(1).decode(), message["data"])
            except (redis.ConnectionError, redis.TimeoutError, OSError):
                self.connected.clear()
                time.sleep(0.5)
            finally:
                try:
                    pubsub.close()
                except Exception:  # noqa: BLE001 - closing a broken connection
                    pass

    def _deliver(self, code: str, data: bytes) -> None:
        with self.lock:
            targets = list(self.queues.get(code, ()))
        if not targets:
            return
        try:
            data = self.render(code, data)
            change = (int(orjson.loads(data)["version"]), data)  # parsed once, not once per phone
        except Exception:  # noqa: BLE001 - a change that cannot be rendered: phones re-read the history
            for q in targets:
                _replace_with_resync(q)
            return
        for q in targets:
            try:
                q.put_nowait(change)
            except queue.Full:
                _replace_with_resync(q)

    def _broadcast_resync(self) -> None:
        with self.lock:
            targets = [q for qs in self.queues.values() for q in qs]
        for q in targets:
            _replace_with_resync(q)


def _replace_with_resync(q: queue.Queue) -> None:
    """A stream that fell behind drops its queue and re-reads what it missed from the history."""
    try:
        while True:
            q.get_nowait()
    except queue.Empty:
        pass
    try:
        q.put_nowait(RESYNC)
    except queue.Full:
        pass


def sse(event: str, data, event_id: int | None = None) -> bytes:
    head = f"id: {event_id}\n" if event_id is not None else ""
    return f"{head}event: {event}\n".encode() + b"data: " + orjson.dumps(data) + b"\n\n"


def stream(hub: Hub, store: Store, code: str, seat: str | None, last_id: int | None, heartbeat: float,
           snapshot, now_ms):
    """The event stream of one phone. `snapshot(version, state)` builds the table view."""
    q = hub.subscribe(code)
    try:
        yield b"retry: 2000\n\n"
        if seat:  # present before the phone gets its first event
            store.mark_present(code, seat, now_ms())
        loaded = store.load(code)
        sent = loaded.version
        if last_id is None or _too_old(store, code, last_id):
            yield sse("snapshot", {"version": loaded.version, "table": snapshot(loaded)}, loaded.version)
        else:
            yield from _missed(store, code, last_id, loaded.version)
            yield sse("snapshot", {"version": loaded.version, "table": snapshot(loaded)}, loaded.version)
        last_beat = time.monotonic()
        while True:
            try:
                data = q.get(timeout=max(0.05, heartbeat - (time.monotonic() - last_beat)))
            except queue.Empty:
                data = None
            if data is RESYNC:
                latest = store.load(code)
                yield from _missed(store, code, sent, latest.version)
                if latest.version > sent:
                    yield sse("snapshot", {"version": latest.version, "table": snapshot(latest)}, latest.version)
                sent = latest.version
            elif data is not None:
                version, data = data
                if version <= sent:
                    continue
                if version > sent + 1:
                    yield from _missed(store, code, sent, version - 1)
                yield f"id: {version}\nevent: change\n".encode() + b"data: " + data + b"\n\n"
                sent = version
            if time.monotonic() - last_beat >= heartbeat:
                last_beat = time.monotonic()
                yield f": heartbeat {now_ms()}\n\n".encode()
                if seat:
                    store.mark_present(code, seat, now_ms())
    finally:
        hub.unsubscribe(code, q)


def _too_old(store: Store, code: str, last_id: int) -> bool:
    oldest = store.oldest_version(code)
    return oldest is None or last_id < oldest - 1


def _missed(store: Store, code: str, after: int, upto: int):
    """The changes after `after` up to `upto`, from the history, in order."""
    while after < upto:
        rows = store.entries(code, after, min(500, upto - after))
        if not rows:
            return
        for version, entry in rows:
            if version > upto:
                return
            yield sse("change", {"version": version, "seat": entry.get("seat"), "command": entry.get("command"),
                                 "events": entry.get("events", [])}, version)
            after = version
