"""A small Server-Sent Events client for tests: one raw HTTP connection (http.client), a reader
thread that parses the stream into events, and waits that are always bounded by a timeout.

Each event is a dict {"event", "id", "data"} (data decoded from JSON when it is JSON); comments
(`: heartbeat ...`) are counted, not queued; `presence` events are kept in `presence` (queued too
with presence=True). The stream's end (the server closed it, or `close()`)
puts a single END marker in the queue, so a wait never hangs on a dead connection.

Like a phone, the client holds the table: the snapshot's, then each change's (a replayed change
carries it whole; a live change its `patch` from the version before, which the client applies
with the `jsonpatch` library, adding the table it makes as `data["table"]` and keeping the patch
as it came). A patch whose base is not the table held, or that does not apply, is counted in
`patch_errors` and leaves `data["table"]` out: a test reading it fails.
"""
from __future__ import annotations

import http.client
import json
import queue
import socket
import threading
import time
from urllib.parse import urlencode, urlsplit

import jsonpatch

END = {"event": "__end__", "id": None, "data": None}


class StreamTimeout(AssertionError):
    pass


class SSEClient:
    """GET /api/tables/<code>/live as a phone's EventSource would."""

    def __init__(self, base: str, code: str, token: str | None = None, last_event_id=None,
                 read_timeout: float = 30.0, connect_timeout: float = 10.0, headers: dict | None = None,
                 query: dict | None = None, paused: bool = False, presence: bool = False):
        parts = urlsplit(base)
        self.code = code
        self.conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=connect_timeout)
        params = dict(query or {})
        path = f"/api/tables/{code}/live" + (f"?{urlencode(params)}" if params else "")
        sent = {"Accept": "text/event-stream", **(headers or {})}
        if token:  # never in the URL (api/play.py bearer_token)
            sent.setdefault("Authorization", f"Bearer {token}")
        if last_event_id is not None:
            sent["Last-Event-ID"] = str(last_event_id)
        self.conn.request("GET", path, headers=sent)
        self.sock = self.conn.sock  # http.client forgets it when the answer says Connection: close
        self.response = self.conn.getresponse()
        self.status = self.response.status
        self.headers = dict(self.response.getheaders())
        self.queue: queue.Queue = queue.Queue()
        self.presence: list[dict] = []  # every presence event's data, in order
        self.queue_presence = presence
        self.heartbeats = 0
        self.retry: int | None = None
        self.received: list[dict] = []  # every event taken from the queue, in order
        self.last_id: int | None = None
        self.table: dict | None = None  # the table this phone holds, as its seat received it
        self.patch_errors = 0
        self.ended = False
        self.body = None
        self._closing = False
        if self.status != 200:
            self.body = self.response.read()
            self.conn.close()
            self.ended = True
            return
        self.sock.settimeout(read_timeout)
        self.thread = threading.Thread(target=self._read, daemon=True, name=f"sse-{code}")
        if not paused:
            self.thread.start()

    def resume(self) -> None:
        """Start reading a stream opened with paused=True (a phone that stopped reading for a while)."""
        if not self.thread.is_alive():
            self.thread.start()

    # ------------------------------------------------------------------ reading

    def _read(self) -> None:
        fields: dict[str, str] = {}
        data: list[str] = []
        try:
            while True:
                raw = self.response.readline()
                if not raw:
                    break
                line = raw.decode("utf-8").rstrip("\r\n")
                if line == "":
                    if data:
                        text = "\n".join(data)
                        try:
                            payload = json.loads(text)
                        except ValueError:
                            payload = text
                        event_id = fields.get("id")
                        if fields.get("event") == "presence":
                            self.presence.append(payload)
                            if not self.queue_presence:
                                fields, data = {}, []
                                continue
                        self._hold(fields.get("event"), payload)
                        self.queue.put({"event": fields.get("event", "message"),
                                        "id": int(event_id) if event_id and event_id.isdigit() else event_id,
                                        "data": payload})
                    fields, data = {}, []
                    continue
                if line.startswith(":"):
                    self.heartbeats += 1
                    continue
                name, _, value = line.partition(":")
                value = value[1:] if value.startswith(" ") else value
                if name == "data":
                    data.append(value)
                elif name == "retry":
                    self.retry = int(value)
                else:
                    fields[name] = value
        except (OSError, http.client.HTTPException, ValueError, AttributeError):
            pass
        finally:
            self.queue.put(END)

    def _hold(self, event: str | None, payload) -> None:
        """The table this phone holds after `event`, as the PWA's core.js keeps it."""
        if not isinstance(payload, dict):
            return
        if event == "snapshot" and isinstance(payload.get("table"), dict):
            self.table = payload["table"]
        elif event == "change" and isinstance(payload.get("table"), dict):
            self.table = payload["table"]
        elif event == "change" and "patch" in payload:
            if self.table is None or self.table.get("version") != payload["version"] - 1:
                self.patch_errors += 1  # a patch whose base this phone does not hold
                return
            try:
                self.table = jsonpatch.apply_patch(self.table, payload["patch"])
            except (jsonpatch.JsonPatchException, jsonpatch.JsonPointerException):
                self.patch_errors += 1
                return
            payload["table"] = self.table

    def next(self, timeout: float = 15.0) -> dict:
        """The next event (END when the stream ended); StreamTimeout after `timeout` seconds."""
        try:
            event = self.queue.get(timeout=timeout)
        except queue.Empty:
            raise StreamTimeout(f"no event within {timeout} s on the stream of {self.code}") from None
        if event is END:
            self.ended = True
            self.queue.put(END)  # stays ended
            return END
        self.received.append(event)
        if isinstance(event["id"], int):
            self.last_id = event["id"]
        return event

    def until(self, predicate, timeout: float = 15.0) -> list[dict]:
        """Every event up to and including the first one `predicate` accepts."""
        deadline = time.monotonic() + timeout
        seen = []
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise StreamTimeout(f"the awaited event did not come within {timeout} s; got {summary(seen)}")
            event = self.next(left)
            if event is END:
                raise StreamTimeout(f"the stream ended before the awaited event; got {summary(seen)}")
            seen.append(event)
            if predicate(event):
                return seen

    def changes_until(self, version: int, timeout: float = 15.0) -> list[dict]:
        """The `change` events up to the one with id `version`."""
        events = self.until(lambda e: e["event"] == "change" and e["id"] == version, timeout)
        return [e for e in events if e["event"] == "change"]

    def quiet(self, seconds: float) -> list[dict]:
        """The events that come within `seconds` (heartbeats aside), without failing."""
        out = []
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            try:
                event = self.next(left)
            except StreamTimeout:
                break
            if event is END:
                break
            out.append(event)
        return out

    def close(self) -> None:
        self._closing = True
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        try:
            self.conn.close()
        except OSError:
            pass
        thread = getattr(self, "thread", None)
        if thread is not None and thread.is_alive():
            thread.join(5)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def summary(events: list[dict]) -> list[tuple]:
    return [(e["event"], e["id"]) for e in events]
