"""Issue 22, point 1: live streams are capped per address and per table, so one client holding
thousands of streams cannot take every connection `serve` has; the server keeps answering the others.

Against `serve` as a player runs it (gunicorn, gevent workers, embedded redis-server) with the
shipped caps. The flood is bounded (FLOOD attempts, FLOOD_SECONDS), loopback only: it comes from
127.0.0.2 (another address of the loopback), the other clients from 127.0.0.1 and 127.0.0.3.
"""
from __future__ import annotations

import json
import socket
import time

from api.config import Config
from tests.conftest import Client
from tests.served import ENTRY, served  # noqa: F401 - a fixture
from tests.sse_client import SSEClient
from tests.tables import new_table

PER_ADDRESS = getattr(Config, "LIVE_STREAMS_PER_ADDRESS", 300)  # getattr: the test runs on code without caps too
PER_TABLE = getattr(Config, "LIVE_STREAMS_PER_TABLE", 30)
FLOOD = PER_ADDRESS + 100
FLOOD_SECONDS = 60
TABLES = PER_ADDRESS // (PER_TABLE - 5) + 1  # the flood fills its address's cap before any table's


def open_stream(port: int, code: str, source: str) -> tuple[socket.socket, int, dict, bytes]:
    """A live stream opened from `source`: the socket (left open), the status, headers and body of
    a refusal."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0))
    sock.sendall(f"GET /api/tables/{code}/live HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n"
                 .encode())
    raw = b""
    while b"\r\n\r\n" not in raw:
        chunk = sock.recv(65536)
        if not chunk:
            break
        raw += chunk
    head, _, body = raw.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    if status != 200:
        length = int(headers.get("content-length", "0"))
        while len(body) < length:
            chunk = sock.recv(65536)
            if not chunk:
                break
            body += chunk
    return sock, status, headers, body


def test_a_stream_flood_from_one_address_is_capped_and_everyone_else_is_still_answered_within_1_s(served):
    s = served(ENTRY)
    http = Client(s.base)
    codes = [new_table(http, heroes=("Batman",))["code"] for _ in range(TABLES)]
    held, statuses, refusals = [], [], []
    t0 = time.monotonic()
    try:
        for i in range(FLOOD):  # bounded in count and time; it stops itself
            if time.monotonic() - t0 > FLOOD_SECONDS:
                break
            sock, status, headers, body = open_stream(s.port, codes[i % len(codes)], "127.0.0.2")
            statuses.append(status)
            if status == 200:
                held.append(sock)
            else:
                refusals.append((status, headers.get("retry-after"), json.loads(body or b"{}")))
                sock.close()
        flood_seconds = time.monotonic() - t0

        # while the flood holds every stream it may: another client is answered within 1 s
        t = time.monotonic()
        r = http.get(f"/api/tables/{codes[0]}")
        read_seconds = time.monotonic() - t
        t = time.monotonic()
        with SSEClient(s.base, codes[0], read_timeout=5, connect_timeout=5) as other:
            assert other.status == 200, other.body
            snapshot = other.next(timeout=5)
        stream_seconds = time.monotonic() - t
        # a table's cap: 127.0.0.3 opens streams at a table the flood already holds streams at
        at_table = [open_stream(s.port, codes[1], "127.0.0.3") for _ in range(PER_TABLE)]
        table_statuses = [status for _, status, _, _ in at_table]
        table_refusal = next((json.loads(body) for _, status, _, body in at_table if status == 429), None)
        for sock, *_ in at_table:
            sock.close()
    finally:
        for sock in held:
            sock.close()

    assert len(statuses) == FLOOD, f"the flood took more than {FLOOD_SECONDS} s"
    assert statuses.count(200) == PER_ADDRESS, (statuses.count(200), statuses.count(429), flood_seconds)
    assert statuses.count(429) == FLOOD - PER_ADDRESS
    status, retry_after, body = refusals[0]
    assert status == 429 and retry_after and int(retry_after) > 0
    assert body["reason"] == "too_many_streams" and body["params"] == {"per": "address", "limit": PER_ADDRESS}
    assert r.status_code == 200 and read_seconds < 1, read_seconds
    assert snapshot["event"] == "snapshot" and stream_seconds < 1, stream_seconds
    flood_at_table = sum(1 for i in range(PER_ADDRESS) if i % len(codes) == 1)
    assert table_statuses.count(200) == PER_TABLE - flood_at_table, table_statuses
    assert table_refusal and table_refusal["params"] == {"per": "table", "limit": PER_TABLE}


def test_a_closed_stream_gives_its_place_back(redis_server):
    """The cap counts open streams, not streams ever opened: a phone that closes its stream may open
    another (the server sees the close at once: it watches the connection)."""
    import threading

    from werkzeug.serving import make_server

    from api import create_app
    from tests.conftest import free_port

    app = create_app({"TESTING": True, "REDIS_URL": redis_server.url, "SSE_HEARTBEAT": 0.5,
                      "LIVE_STREAMS_PER_TABLE": 2, "LIVE_STREAMS_PER_ADDRESS": 1000})
    server = make_server("127.0.0.1", free_port(), app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}"
    try:
        code = new_table(Client(base), heroes=("Batman",))["code"]
        first, second = SSEClient(base, code), SSEClient(base, code)
        third = SSEClient(base, code)
        assert (first.status, second.status, third.status) == (200, 200, 429), third.body
        assert json.loads(third.body)["params"] == {"per": "table", "limit": 2}
        first.close()
        deadline = time.monotonic() + 10
        while True:
            again = SSEClient(base, code)
            if again.status == 200 or time.monotonic() > deadline:
                break
            time.sleep(0.2)
        assert again.status == 200, "the closed stream's place never came back"
        again.close()
        second.close()
    finally:
        server.shutdown()


# ------------------------------------------------------------------ issue 28, point 7

def test_strangers_filling_a_table_s_streams_cannot_keep_a_seated_phone_out(http, live_server):
    """Anyone with the join code may open streams holding no seat, up to the table's cap; a seat's
    phone has places of its own (GOTHAM_LIVE_STREAMS_PER_SEAT), which they cannot take."""
    from tests.test_shared_tables import join

    code = new_table(http, heroes=("Batman",))["code"]
    villain, spectator = join(http, code, "villain"), join(http, code, "spectator")
    strangers = []
    try:
        for _ in range(PER_TABLE):
            strangers.append(SSEClient(live_server, code, read_timeout=5, connect_timeout=5))
        assert [s.status for s in strangers] == [200] * PER_TABLE
        with SSEClient(live_server, code, read_timeout=5, connect_timeout=5) as one_more:
            assert one_more.status == 429 and json.loads(one_more.body)["params"] == {"per": "table",
                                                                                       "limit": PER_TABLE}
        with SSEClient(live_server, code, token=spectator, read_timeout=5, connect_timeout=5) as watcher:
            assert watcher.status == 429  # a spectator's token counts as a stranger's
        with SSEClient(live_server, code, token=villain, read_timeout=5, connect_timeout=5) as phone, \
                SSEClient(live_server, code, token=http.tokens[code], read_timeout=5, connect_timeout=5) as host:
            assert phone.status == 200, phone.body
            assert host.status == 200, host.body
            assert phone.next(5)["event"] == "snapshot"
    finally:
        for s in strangers:
            s.close()


def test_a_seat_has_a_few_places_of_its_own(http, live_server):
    from tests.test_shared_tables import join

    code = new_table(http, heroes=("Batman",))["code"]
    villain = join(http, code, "villain")
    per_seat = getattr(Config, "LIVE_STREAMS_PER_SEAT", 3)  # getattr: the test runs on code without it too
    held = [SSEClient(live_server, code, token=villain, read_timeout=5) for _ in range(per_seat)]
    try:
        assert [s.status for s in held] == [200] * per_seat
        with SSEClient(live_server, code, token=villain, read_timeout=5) as extra:
            assert extra.status == 429 and json.loads(extra.body)["params"] == {"per": "seat", "limit": per_seat}
    finally:
        for s in held:
            s.close()


def test_each_heartbeat_renews_the_stream_s_lease(http, live_server, redis_client):
    """A stream's place is leased (two heartbeats and 10 s); each heartbeat renews it, a seat's with
    its presence in one call, a spectator's by its address and its table (the tests' heartbeat: 1 s)."""
    from tests.test_shared_tables import join

    code = new_table(http, heroes=("Batman",))["code"]
    villain, watcher = join(http, code, "villain"), join(http, code, "spectator")

    def ends(key: str) -> list[float]:
        return [score for _, score in redis_client.zrange(key, 0, -1, withscores=True)]

    with SSEClient(live_server, code, token=villain) as seat, SSEClient(live_server, code, token=watcher) as spectator:
        for stream in (seat, spectator):
            stream.until(lambda e: e["event"] == "snapshot")
        keys = (f"gc:{{{code}}}:streams:villain", f"gc:{{{code}}}:streams", "gc:streams:127.0.0.1")
        first = {key: ends(key) for key in keys}
        assert all(len(found) == 1 for found in first.values()), first
        beats = seat.heartbeats, spectator.heartbeats
        deadline = time.monotonic() + 10
        while (seat.heartbeats, spectator.heartbeats) <= (beats[0] + 1, beats[1] + 1) and time.monotonic() < deadline:
            time.sleep(0.1)
        time.sleep(0.2)
        assert all(ends(key)[0] > first[key][0] for key in keys), (first, {key: ends(key) for key in keys})
        present = redis_client.hget(f"gc:{{{code}}}:presence", "villain")
        assert present is not None and int(present) > 0  # the seat's presence noted with it


def settled(opened: tuple) -> socket.socket:
    """The socket of a stream (as `open_stream` answers it) once the stream has sent what it sends
    on opening (up to its presence event): from then on the server writes to it only when something
    happens, or at a heartbeat."""
    sock, raw = opened[0], opened[3]
    while b"event: presence" not in raw:
        chunk = sock.recv(65536)
        assert chunk, raw
        raw += chunk
    return sock


def reopens_within(port: int, code: str, source: str, seconds: float) -> float | None:
    """How long until a new stream from `source` opens (polled; None: not within `seconds`)."""
    t0 = time.monotonic()
    while time.monotonic() - t0 < seconds:
        sock, status, _, _ = open_stream(port, code, source)
        sock.close()
        if status == 200:
            return time.monotonic() - t0
        time.sleep(0.1)
    return None


FREED_WITHIN = 3.0  # seconds: "within a few seconds" (heartbeats are 15 s apart)


def test_a_stream_closed_by_its_client_frees_its_place_within_a_few_seconds(served):
    """Under `serve` as shipped (gevent workers, 15 s heartbeats): a table's streams held by
    strangers, one closes its connection, a new one opens within a few seconds."""
    s = served(ENTRY)
    code = new_table(Client(s.base), heroes=("Batman",))["code"]
    held = [open_stream(s.port, code, "127.0.0.2") for _ in range(PER_TABLE)]
    try:
        assert [status for _, status, _, _ in held] == [200] * PER_TABLE
        sock, status, _, _ = open_stream(s.port, code, "127.0.0.2")
        sock.close()
        assert status == 429
        settled(held.pop()).close()
        took = reopens_within(s.port, code, "127.0.0.3", 10)
        assert took is not None and took < FREED_WITHIN, took
    finally:
        for sock, *_ in held:
            sock.close()


def test_a_closed_stream_frees_its_place_within_a_few_seconds_on_the_development_server(redis_server):
    """The same under werkzeug's threaded server, 15 s heartbeats."""
    import threading

    from werkzeug.serving import make_server

    from api import create_app
    from tests.conftest import free_port

    app = create_app({"TESTING": True, "REDIS_URL": redis_server.url, "LIVE_STREAMS_PER_TABLE": 2,
                      "LIVE_STREAMS_PER_ADDRESS": 1000})
    assert app.config["SSE_HEARTBEAT"] >= 15
    with app.app_context():  # the process's live listener connected first: its first resync, which
        from api.extensions import hub  # writes to every stream, cannot be what notices the close

        hub().unsubscribe("WARMUP", hub().subscribe("WARMUP"))
    server = make_server("127.0.0.1", free_port(), app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        code = new_table(Client(f"http://127.0.0.1:{server.server_port}"), heroes=("Batman",))["code"]
        held = [open_stream(server.server_port, code, "127.0.0.1") for _ in range(2)]
        assert [status for _, status, _, _ in held] == [200, 200]
        sock, status, _, _ = open_stream(server.server_port, code, "127.0.0.1")
        sock.close()
        assert status == 429
        settled(held.pop()).close()
        took = reopens_within(server.server_port, code, "127.0.0.1", 10)
        held[0][0].close()
        assert took is not None and took < FREED_WITHIN, took
    finally:
        server.shutdown()
