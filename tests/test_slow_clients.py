"""Issue 28, point 3: slow clients cannot take the server from one address. `serve` (gunicorn with
api/worker.py's gevent worker) closes a request whose body does not arrive within its deadline (408)
and caps the connections one address holds, so another client is answered all along.

The flood is bounded: a few thousand connections from 127.0.0.2 for 18 s, then it stops itself;
the other client is 127.0.0.1. Behind a trusted proxy the cap counts each client the proxy names,
and bodies that come in time (in pieces, chunked, after 100 Continue) reach the app whole.
"""
from __future__ import annotations

import json
import resource
import selectors
import socket
import threading
import time

import requests

from api.config import Config
from tests.conftest import Client
from tests.served import ENTRY, served  # noqa: F401 - a fixture
from tests.tables import new_table, table_body

SLOW_BODIES = 3_000  # more than the cap lets one address hold in serve's 2 worker processes
SLOW_HEADERS = 100
DRIP = 3.0  # seconds between two bytes of a slow client
FLOOD_FOR = 12.0  # seconds: the slow bodies' 4 s deadline (BODY_TIMEOUT below) and room to see them all closed
BODY_TIMEOUT = 4  # the served app's (GOTHAM_BODY_TIMEOUT), so that the flood is over sooner than at 10 s
BODY_LENGTH = 40_000  # announced: given max(BODY_TIMEOUT, 40,000 B at BODY_RATE) = 4 s


def enough_files(needed: int) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < needed:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(needed, hard), hard))


class Slow:
    """One slow connection: what it was sent, when, and how it ended."""

    def __init__(self, sock: socket.socket, first: bytes, drip: bytes):
        self.sock, self.pending, self.drip = sock, first, drip
        self.connected_at = self.closed_at = None
        self.next_drip = 0.0
        self.answer = b""


class Flood:
    """Slow clients from one loopback address in one thread: each connects, sends its first bytes,
    then one more byte every DRIP seconds, until the server closes it or the flood stops."""

    def __init__(self, port: int, source: str):
        self.port, self.source = port, source
        self.clients: list[Slow] = []
        self.stop = threading.Event()
        self.selector = selectors.DefaultSelector()
        self.thread = threading.Thread(target=self.run, daemon=True)

    def add(self, count: int, first: bytes, drip: bytes) -> None:
        for _ in range(count):
            sock = socket.socket()
            sock.setblocking(False)
            sock.bind((self.source, 0))
            sock.connect_ex(("127.0.0.1", self.port))
            client = Slow(sock, first, drip)
            self.clients.append(client)
            self.selector.register(sock, selectors.EVENT_READ | selectors.EVENT_WRITE, client)

    def closed(self, client: Slow, now: float) -> None:
        client.closed_at = now
        self.selector.unregister(client.sock)
        client.sock.close()

    def send(self, client: Slow, data: bytes, now: float) -> None:
        try:
            client.sock.send(data)
        except BlockingIOError:
            return
        except OSError:
            self.closed(client, now)

    def run(self) -> None:
        try:
            while not self.stop.is_set():
                now = time.monotonic()
                for key, events in self.selector.select(timeout=0.2):
                    client = key.data
                    if client.closed_at is not None:
                        continue
                    if events & selectors.EVENT_WRITE and client.connected_at is None:
                        client.connected_at = client.next_drip = now
                        self.selector.modify(client.sock, selectors.EVENT_READ, client)
                        self.send(client, client.pending, now)
                    elif events & selectors.EVENT_READ:
                        try:
                            data = client.sock.recv(4096)
                        except BlockingIOError:
                            continue
                        except OSError:
                            data = b""
                        client.answer += data
                        if not data:
                            self.closed(client, now)
                for client in self.clients:
                    if client.closed_at is None and client.connected_at is not None and now >= client.next_drip + DRIP:
                        client.next_drip = now
                        self.send(client, client.drip, now)
        finally:
            for client in self.clients:
                if client.closed_at is None:
                    client.sock.close()


def test_a_slow_body_flood_from_one_address_is_cut_off_while_another_client_is_answered_every_second(served):
    enough_files(SLOW_BODIES + SLOW_HEADERS + 500)
    s = served(ENTRY, env={"GOTHAM_BODY_TIMEOUT": str(BODY_TIMEOUT)})
    http = Client(s.base)
    code = new_table(http)["code"]
    flood = Flood(s.port, "127.0.0.2")
    # full headers announcing BODY_LENGTH bytes for a command, then one byte every DRIP seconds
    flood.add(SLOW_BODIES, f"POST /api/tables/{code}/commands/advance HTTP/1.1\r\nHost: x\r\n".encode() +
              f"Content-Type: application/json\r\nContent-Length: {BODY_LENGTH}\r\n\r\n[".encode(), b"1")
    flood.add(SLOW_HEADERS, b"GET /api/ping HTTP/1.1\r\n", b"X")  # headers that never end
    t0 = time.monotonic()
    flood.thread.start()
    probes = []
    try:
        while time.monotonic() - t0 < FLOOD_FOR:
            started = time.monotonic()
            for ask in (lambda: http.get("/api/ping"), lambda: http.get(f"/api/tables/{code}"),
                        lambda: http.post(f"/api/tables/{code}/seats", json={"seat": "spectator"}, token=None)):
                asked = time.monotonic()
                try:
                    answer = ask().status_code
                except requests.RequestException as exc:
                    answer = type(exc).__name__
                probes.append((round(asked - t0, 1), answer, round(time.monotonic() - asked, 2)))
            time.sleep(max(0.0, 1.0 - (time.monotonic() - started)))
    finally:
        flood.stop.set()
        flood.thread.join(10)
    slow = [p for p in probes if p[1] not in (200, 201) or p[2] >= 1.0]
    assert len(probes) >= 3 * (FLOOD_FOR - 3) and not slow, f"answers during the flood (t, status, seconds): {slow}"

    bodies, heads = flood.clients[:SLOW_BODIES], flood.clients[SLOW_BODIES:]
    connected = [c for c in flood.clients if c.connected_at is not None]
    assert len(connected) > 2 * Config.CONNECTIONS_PER_ADDRESS, "the flood did not reach the server"
    still_open = [c for c in connected if c.closed_at is None]
    assert not still_open, f"{len(still_open)} of {len(connected)} slow connections still open after {FLOOD_FOR} s"
    timed_out = [c for c in bodies if c.answer.startswith(b"HTTP/1.1 408")]
    capped = [c for c in connected if c.answer.startswith(b"HTTP/1.1 429")]
    assert timed_out and capped, (len(timed_out), len(capped))
    # one address holds at most the cap in each of serve's 2 processes
    assert len(timed_out) <= 2 * Config.CONNECTIONS_PER_ADDRESS, len(timed_out)
    assert all(b'"reason":"request_timeout"' in c.answer for c in timed_out)
    assert all(b'"reason":"too_many_connections"' in c.answer for c in capped)
    # a BODY_LENGTH body is given max(BODY_TIMEOUT, BODY_LENGTH / BODY_RATE): closed then, not held
    lasted = sorted(c.closed_at - c.connected_at for c in timed_out)
    assert lasted[-1] < max(BODY_TIMEOUT, BODY_LENGTH / Config.BODY_RATE) + 6, lasted[-10:]
    assert lasted[0] >= BODY_TIMEOUT - 0.5, lasted[:10]  # and not cut off before
    # headers that never end are closed by gunicorn's keep-alive timeout (2 s)
    head_lasted = sorted(c.closed_at - c.connected_at for c in heads if c.connected_at is not None)
    assert head_lasted and head_lasted[-1] < 2 + 6, head_lasted[-10:]


def raw_request(port: int, head: str, body_parts=(), pause: float = 0.0) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    sock.sendall(head.encode())
    for part in body_parts:
        time.sleep(pause)
        sock.sendall(part)
    return sock


def answer_of(sock: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection (each request here asks it to)."""
    data = b""
    try:
        while chunk := sock.recv(65536):
            data += chunk
    finally:
        sock.close()
    return data


def test_behind_a_trusted_proxy_the_connection_cap_counts_each_client_and_bodies_in_time_are_served_whole(served):
    s = served(ENTRY, env={"WEB_CONCURRENCY": "1", "GOTHAM_CONNECTIONS_PER_ADDRESS": "2", "GOTHAM_TRUSTED_PROXIES": "1"})
    slow_head = ("POST /api/tables HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 203.0.113.7\r\n"
                 "Content-Type: application/json\r\nContent-Length: 100\r\n\r\n")
    held = [raw_request(s.port, slow_head) for _ in range(2)]  # the client's two requests in progress
    try:
        time.sleep(1.0)  # their headers read
        refused = answer_of(raw_request(s.port, slow_head))
        assert refused.startswith(b"HTTP/1.1 429") and b'"reason":"too_many_connections"' in refused, refused
        # another client behind the same proxy is served, its bodies whole when they come in time
        body = json.dumps(table_body()).encode()
        other = "Host: x\r\nX-Forwarded-For: 198.51.100.9\r\nContent-Type: application/json\r\n"
        pieces = [body[:100], body[100:-100], body[-100:]]
        answer = answer_of(raw_request(s.port, f"POST /api/tables HTTP/1.1\r\n{other}Content-Length: {len(body)}\r\n"
                                                f"Connection: close\r\n\r\n", pieces, pause=0.3))
        assert answer.startswith(b"HTTP/1.1 201"), answer[:300]
        chunks = [b"%x\r\n%s\r\n" % (len(p), p) for p in pieces] + [b"0\r\n\r\n"]
        answer = answer_of(raw_request(s.port, f"POST /api/tables HTTP/1.1\r\n{other}Transfer-Encoding: chunked\r\n"
                                                f"Connection: close\r\n\r\n", chunks, pause=0.3))
        assert answer.startswith(b"HTTP/1.1 201"), answer[:300]
        # a client that waits for 100 Continue before its body is told to go on
        waiting = raw_request(s.port, f"POST /api/tables HTTP/1.1\r\n{other}Content-Length: {len(body)}\r\n"
                                      f"Expect: 100-continue\r\nConnection: close\r\n\r\n")
        waiting.settimeout(5)
        assert waiting.recv(25).startswith(b"HTTP/1.1 100 Continue\r\n\r\n")
        waiting.sendall(body)
        answer = answer_of(waiting)
        assert answer.startswith(b"HTTP/1.1 201") and b"100 Continue" not in answer, answer[:300]
        # a body declared larger than the app takes is refused unread, and the connection closed
        answer = answer_of(raw_request(s.port, f"POST /api/tables HTTP/1.1\r\n{other}Content-Length: 2000000\r\n\r\n"))
        assert answer.startswith(b"HTTP/1.1 413") and b"Connection: close" in answer, answer[:300]
    finally:
        for sock in held:
            sock.close()
