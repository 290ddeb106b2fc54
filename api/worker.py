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
    collector's work), the objects it walked (a middle or full collection's: those of its
    generation and the younger ones, counted before it starts, outside its time; None for a young
    one, whose count, made at every one, cost the worker 2% of its time), the objects it freed],
    how many collections there were, and the monotonic time of each freeze
    of `freeze_survivors`, written to FOLDER/<pid>.json once a second. And the objects frozen: at
    start, and each time FOLDER/frozen.ask says something new, as {what it says: count}. Only when
    asked: `gc.get_freeze_count()` walks every frozen object (some 100 ms at 500,000), stopping
    the worker meanwhile."""
    pauses, count, started, frozen, ask = [], [0], [0.0, 0.0, None], {"start": gc.get_freeze_count()}, Path(folder) / "frozen.ask"
    froze, freezes = [FREEZES[0]], []

    def timed(phase, info):
        if phase == "start":
            walked = sum(len(gc.get_objects(g)) for g in range(info["generation"] + 1)) if info["generation"] else None
            started[:] = time.perf_counter(), time.thread_time(), walked
            return
        count[0] += 1
        if FREEZES[0] != froze[0]:  # `freeze_survivors` (called before this) froze
            froze[0] = FREEZES[0]
            freezes.append(time.monotonic())
            del freezes[:-20000]
        took = (time.perf_counter() - started[0]) * 1000
        if took >= 1:
            cpu = (time.thread_time() - started[1]) * 1000
            pauses.append([time.monotonic(), info["generation"], round(took, 2), round(cpu, 2), started[2],
                           info["collected"]])
            del pauses[:-20000]

    def write(path: Path):
        while True:
            gevent.sleep(1)
            try:
                asked = ask.read_text()[:100]
            except OSError:
                asked = ""
            if asked and asked not in frozen:
                frozen[asked] = gc.get_freeze_count()
            path.with_suffix(".part").write_bytes(orjson.dumps({"collections": count[0], "pauses": pauses,
                                                                "frozen": frozen, "freezes": freezes}))
            path.with_suffix(".part").replace(path)
    gc.callbacks.append(timed)
    gevent.spawn(write, Path(folder) / f"{os.getpid()}.json")


YOUNG_COLLECTION = 2_000  # allocations between two young collections (Python's default: 700)
MIDDLE_COLLECTION = 3  # young collections between two of the middle generation (Python's default: 10)
FULL_COLLECTION = 1  # middle collections after which a full one may run (Python's default: 10)
FREEZE_AT = 5_000  # objects left unfrozen after a full collection that it freezes
FREEZES = [0]  # how many times (the collector's log, `log_collections`)


def freeze_survivors(phase: str, info: dict) -> None:
    """After a full collection that leaves FREEZE_AT objects or more outside the frozen ones, freeze
    them all (`Worker.load_wsgi` says why)."""
    if phase == "stop" and info["generation"] == 2 and len(gc.get_objects(2)) >= FREEZE_AT:
        gc.freeze()
        FREEZES[0] += 1


def settle_collector() -> None:
    """What a started worker's collector runs with (`Worker.load_wsgi` says why): the objects alive
    now frozen, then the survivors of full collections (`freeze_survivors`); the thresholds set."""
    if freeze_survivors not in gc.callbacks:
        gc.callbacks.append(freeze_survivors)
    gc.collect()  # the started app: frozen
    gc.collect()  # walks nothing: the size of the oldest generation, which a full collection waits to grow by a quarter, is now 0
    gc.set_threshold(YOUNG_COLLECTION, MIDDLE_COLLECTION, FULL_COLLECTION)


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

        Then, after a full collection, what it left outside the frozen objects frozen too, once
        there are FREEZE_AT of them or more (`freeze_survivors`). What lives long in a worker is
        mostly its open streams, some 90 objects each (the request and its parser, the socket,
        greenlets, the queue), and a full collection, which Python runs once a quarter more
        objects have reached the oldest generation, walked them all: 420,000-460,000 objects,
        330-430 ms at 2,000 tables (bench/capacity.py), the worker stopped meanwhile. Right after
        a full collection, every object left is reachable: frozen then, nothing dead is kept, and
        the next full collection walks only what reached the oldest generation since. A frozen
        object is freed by reference counting alone, never by the collector. A stream that ends
        frees all it held that way (tests/test_live_memory.py). What was in the middle of a call
        when frozen and then dies in a cycle stays: 1-2 objects a freeze (at 1,000 tables, 220
        and 326 more objects alive after the phones left in a worker that froze after each of
        its 193 and 185 full collections than in one that froze none). Hence a freeze only once
        FREEZE_AT objects are left, which at 2,000 tables still comes about once a second (61-68
        freezes in a 35 s window, two workers): some 100,000 objects a day of such a load, until
        the worker restarts. bench/capacity.py prints what stays frozen after its phones left.

        So collections can be small and frequent, each pause short: a young collection every
        YOUNG_COLLECTION allocations walks what was made since the last one and is alive (more
        than the threshold: the count Python compares with it goes down as older objects die;
        at 15,000 and 2,000 tables, 30,000-57,000 objects, 13-46 ms of CPU), a middle one every
        MIDDLE_COLLECTION young ones, a full one every FULL_COLLECTION + 1 middle ones once a
        quarter more objects than it left have reached the oldest generation: with the
        survivors frozen, that is soon, and it walks few (at 2,000 tables 9,000-17,000 objects,
        7-30 ms of CPU for the longest of a step; the longer ones walk the backlog of a worker
        whose core is full: waiting greenlets, pending callbacks, requests in progress). A young
        collection of 5,000 or 10,000 made the longest pauses at 2,000 tables 38-80 ms (16-18 ms
        at 2,000). Without the freezes these thresholds make it worse: at 1,000 tables full
        collections of 241,000-256,000 objects, 267-278 ms.

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
