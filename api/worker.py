"""The gunicorn worker `serve` runs (`-k api.worker.Worker`): gunicorn's gevent worker, with deadlines
for slow clients and a cap on connections per address, so one address cannot hold every connection.

- Headers: gunicorn's own keep-alive timeout bounds the wait for a request's headers, from the
  connection's opening or the previous answer (`--keep-alive`, 2 s by default); past it the
  connection is closed.
- Body: read whole before the app sees it, within max(BODY_TIMEOUT, length / BODY_RATE) seconds
  (a chunked body: BODY_TIMEOUT plus length / BODY_RATE of what has come); past it 408
  `request_timeout` and the connection is closed. A body declared larger than MAX_CONTENT_LENGTH is
  not read: the app answers 413 and the connection is closed.
- Connections: at most CONNECTIONS_PER_ADDRESS open from one address in this process; one more
  is answered 429 `too_many_connections` and closed at once. Behind GOTHAM_TRUSTED_PROXIES the
  connection's address is the proxy's (which caps connections per client itself, see
  deploy/nginx.conf): the cap then counts each client's requests in progress, by the address
  api/ratelimit.py reads from X-Forwarded-For.

The limits are api/config.py's (Config, from the environment).
"""
from __future__ import annotations

import gc
import io
import os
import time
from collections import Counter
from http import HTTPStatus
from pathlib import Path

import gevent
import orjson
from gunicorn.http.body import Body, ChunkedReader
from gunicorn.workers.ggevent import GeventWorker

from .config import Config
from .errors import refusal
from .ratelimit import client_address

READ_STEP = 8192  # a chunked body is read this much at a time, each step within its share of the deadline


class TooSlow(Exception):
    pass


def error(status: int, message: str, reason: str, params: dict, retry_after: int | None = None) -> bytes:
    """A refusal as the app words it (api/errors.py), written on the socket before the connection closes."""
    body = orjson.dumps(refusal(status, message, reason, params))
    head = [f"HTTP/1.1 {status} {HTTPStatus(status).phrase}", "Content-Type: application/json", f"Content-Length: {len(body)}",
            "Connection: close", *([f"Retry-After: {retry_after}"] if retry_after else [])]
    return ("\r\n".join(head) + "\r\n\r\n").encode() + body


def _send(sock, data: bytes) -> None:
    """Once, without waiting: a client that reads nothing does not hold the refusal (it fits in the
    socket's buffer)."""
    try:
        sock.setblocking(False)
        sock.send(data)
    except OSError:
        pass


def log_collections(folder: str) -> None:
    """For bench/capacity.py (GOTHAM_GC_LOG): each of the cyclic collector's pauses of 1 ms or more
    as [monotonic time at its end, generation, ms, CPU ms (the process's thread's: a pause much
    longer than its CPU is the machine's scheduler taking the core away meanwhile, not the
    collector's work), the objects it walked (those of its generation and the younger ones:
    counted before it starts, outside its time), the objects it freed], and how many collections
    there were, written to FOLDER/<pid>.json once a second."""
    pauses, count, started = [], [0], [0.0, 0.0, 0]

    def timed(phase, info):
        if phase == "start":
            walked = sum(len(gc.get_objects(g)) for g in range(info["generation"] + 1))
            started[:] = time.perf_counter(), time.thread_time(), walked
            return
        count[0] += 1
        took = (time.perf_counter() - started[0]) * 1000
        if took >= 1:
            cpu = (time.thread_time() - started[1]) * 1000
            pauses.append([time.monotonic(), info["generation"], round(took, 2), round(cpu, 2), started[2],
                           info["collected"]])

    def write(path: Path):
        while True:
            gevent.sleep(1)
            path.with_suffix(".part").write_bytes(orjson.dumps({"collections": count[0], "pauses": pauses[-20000:]}))
            path.with_suffix(".part").replace(path)
    gc.callbacks.append(timed)
    gevent.spawn(write, Path(folder) / f"{os.getpid()}.json")


YOUNG_COLLECTION = 15_000  # allocations between two young collections (Python's default: 700)
MIDDLE_COLLECTION = 2  # young collections between two of the middle generation (Python's default: 10)


def settle_collector() -> None:
    """What a started worker's collector runs with (`Worker.load_wsgi` says why): the objects alive
    now frozen, the young and middle generations' thresholds set."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG_COLLECTION, MIDDLE_COLLECTION, gc.get_threshold()[2])


class Worker(GeventWorker):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.per_address = Config.CONNECTIONS_PER_ADDRESS
        self.trusted = Config.TRUSTED_PROXIES
        self.open: Counter[str] = Counter()  # connections (or, behind proxies, requests) per address

    def load_wsgi(self):
        """The app, then its objects frozen: the modules, schemas, OpenAPI document and rules' data
        a started app holds (some 230,000 objects) live as long as the process, and each full
        collection walked them all again (130 ms on this 2-core machine), stopping every request
        and stream of the worker meanwhile. Frozen, the collector leaves them out.

        Then the young generation's threshold (YOUNG_COLLECTION). With Python's default (700), a
        request lived through many young collections while other greenlets allocated, so its
        objects reached the oldest generation and, dying there by refcount, still counted towards
        the next full collection, which walked every open stream's objects and freed next to
        nothing. Larger, a request's objects die young. Not too large: a young collection walks
        every object made since the last one and still alive (the count Python compares with the
        threshold goes down as older objects die, so a young collection walks more than the
        threshold): at 50,000 and 1,000 tables (bench/capacity.py) it walked 63,000-74,000
        objects in 34-39 ms, at 15,000 some 29,000 in 13-18 ms. What a young collection finds
        alive was mostly the open streams' waits with a deadline (each stream's wait for its next
        message or heartbeat, its disconnect watcher's select: a timer, a timeout and their
        callbacks at each wake): 105,000-111,000 objects walked at 50,000, before a stream waited
        on its queue alone (api/live.py `Hub._beat`) and its watcher without a deadline.

        And the middle generation's (MIDDLE_COLLECTION): what survives a young collection waits
        there for the next middle one. After a burst of phones opening their streams (a restart:
        every phone reconnects), each stream's objects (its request and parser, greenlets, queue)
        piled up over ten young collections and one middle collection walked them all: 94,000-
        115,000 objects, 43-100 ms at 1,000-2,000 tables. Collected every second young
        collection, each object is still walked once there before it moves on to the oldest
        generation, in smaller pauses (at 1,500 tables: 51,000 objects, 33 ms).

        Greenlets do not keep the stack that spawned them (`track_greenlet_tree`: a debugging
        aid): some 7 frame records per connection's greenlet, 4,000 live objects a worker."""
        gevent.config.track_greenlet_tree = False
        super().load_wsgi()
        settle_collector()
        if os.environ.get("GOTHAM_GC_LOG"):
            log_collections(os.environ["GOTHAM_GC_LOG"])

    # ---------------------------------------------------------------- connections per address

    def _over_cap(self, address: str, sock) -> bool:
        if self.open[address] < self.per_address:
            return False
        self.log.debug("Refused a connection from %s: %d open from that address", address, self.open[address])
        _send(sock, error(429, f"Too many connections from this address (at most {self.per_address})",
                          "too_many_connections", {"limit": self.per_address}, retry_after=10))
        return True

    def handle(self, listener, client, addr):
        address = addr[0] if isinstance(addr, tuple) and not self.trusted else None
        if address is not None:
            if self._over_cap(address, client):
                client.close()
                return
            self.open[address] += 1
        try:
            super().handle(listener, client, addr)
        finally:
            if address is not None:
                self._release(address)

    def _release(self, address: str) -> None:
        self.open[address] -= 1
        if self.open[address] <= 0:
            del self.open[address]

    # ---------------------------------------------------------------- a request's body, in time

    def handle_request(self, listener_name, req, sock, addr):
        client = None
        if self.trusted:
            forwarded = ",".join(v for name, v in req.headers if name == "X-FORWARDED-FOR")
            client = client_address(addr[0] if isinstance(addr, tuple) else None, forwarded, self.trusted)
            if self._over_cap(client, sock):
                raise StopIteration()  # closes the connection
            self.open[client] += 1
        try:
            if self._read_body(req, sock):
                req.force_close()  # what is left of the body is not drained: the answer closes the connection
            return super().handle_request(listener_name, req, sock, addr)
        finally:
            if client is not None:
                self._release(client)

    def _read_body(self, req, sock) -> bool:
        """Read the body into memory within its deadline (True: larger than MAX_CONTENT_LENGTH, not
        read whole: the app answers 413). Past the deadline: 408, and StopIteration closes the
        connection."""
        chunked = isinstance(req.body.reader, ChunkedReader)
        declared = next((v for name, v in req.headers if name == "CONTENT-LENGTH"), None)
        length = int(declared) if declared is not None else 0  # gunicorn checked it is a number
        if length > Config.MAX_CONTENT_LENGTH:
            return True
        if not chunked and length == 0:
            return False
        if any(name == "EXPECT" and v.strip().lower() == "100-continue" for name, v in req.headers):
            sock.sendall(b"HTTP/1.1 100 Continue\r\n\r\n")  # the client waits for it before the body
            req.headers = [(name, v) for name, v in req.headers if name != "EXPECT"]  # said once: not again
            req._expected_100_continue = False  # (gunicorn 23+ reads this rather than the header)
        started = time.monotonic()
        try:
            if chunked:
                data = bytearray()
                while len(data) <= Config.MAX_CONTENT_LENGTH:
                    left = started + Config.BODY_TIMEOUT + len(data) / Config.BODY_RATE - time.monotonic()
                    with gevent.Timeout(max(left, 0.001), TooSlow):
                        step = req.body.read(READ_STEP)
                    if not step:
                        break
                    data += step
            else:
                with gevent.Timeout(max(Config.BODY_TIMEOUT, length / Config.BODY_RATE), TooSlow):
                    data = req.body.read(length)
        except TooSlow:
            waited = round(time.monotonic() - started, 1)
            self.log.debug("Closed a request whose body did not arrive in %s s: %s %s", waited, req.method, req.path)
            _send(sock, error(408, f"The request's body did not arrive in {waited} s", "request_timeout",
                              {"seconds": waited}))
            raise StopIteration()
        req.body = Body(io.BytesIO(bytes(data)))
        return len(data) > Config.MAX_CONTENT_LENGTH
