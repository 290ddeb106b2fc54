"""Issue 28, point 10: a venue behind one address, and the trusted-proxy setting.

With the default limits, 12 tables of 5 phones behind one address (12 new tables, 48 joins) are
not refused, and mistyped codes from that address do not stop the phones already seated (without
a seat at the table named, the answer stays 429 whether the code exists or not). With
GOTHAM_TRUSTED_PROXIES off, X-Forwarded-For is ignored; with 1, each limit counts the client the
proxy saw, never a hop the client wrote itself.

Each test serves its own app over real HTTP on loopback (the session's redis-server) and sends
from its own loopback address, so no other test's requests count against it.
"""
from __future__ import annotations

import random

from api.config import Config
from api.store import CODE_ALPHABET, CODE_LENGTH
from tests.conftest import HIGH_LIMITS
from tests.sse_client import SSEClient
from tests.tables import table_body
from tests.test_rate_limits import From, serve_with  # noqa: F401 - a fixture


# The shipped limits (the session's other apps raise them out of reach)
DEFAULTS = {name: getattr(Config, name) for name in HIGH_LIMITS}


def unknown_codes(seed: int, count: int) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH)) for _ in range(count)]


def free_seats(venue: From, code: str) -> list[str]:
    status, _, seats = venue("GET", f"/api/tables/{code}/seats")
    assert status == 200
    return [s["seat"] for s in seats if s["seat"] not in ("host", "spectator") and not s["taken"]]


def test_twelve_tables_of_five_phones_behind_one_address_are_not_refused_with_the_default_limits(serve_with):
    venue = From(serve_with(**DEFAULTS), "127.0.0.41")
    joins = []
    for _ in range(12):  # each host's phone sets a table up, then the other four phones join it
        status, _, created = venue("POST", "/api/tables", table_body())
        assert status == 201, created
        seats = free_seats(venue, created["code"])
        assert len(seats) == 4, seats
        joins += [venue("POST", f"/api/tables/{created['code']}/seats", {"seat": seat})[0] for seat in seats]
    assert joins == [201] * 48, f"{joins.count(429)} of 48 joins refused"


def test_mistyped_codes_from_a_venue_s_address_do_not_stop_the_phones_seated_there(serve_with):
    venue = From(serve_with(**DEFAULTS), "127.0.0.42")
    status, _, created = venue("POST", "/api/tables", table_body())
    assert status == 201
    code, host = created["code"], created["token"]
    villain = venue("POST", f"/api/tables/{code}/seats", {"seat": "villain"})[2]["token"]
    spectator = venue("POST", f"/api/tables/{code}/seats", {"seat": "spectator"})[2]["token"]
    other = venue("POST", "/api/tables", table_body())[2]  # a table of the same venue
    status, headers, _ = venue("POST", f"/api/tables/{code}/live/ticket", token=villain)
    ticket = headers["set-cookie"].split(";")[0]
    # mistyped codes past the default limit (60 a minute): the address is locked for codes
    answers = [venue("GET", f"/api/tables/{c}")[0] for c in unknown_codes(28, 61)]
    assert answers[:60] == [404] * 60 and answers[60] == 429, answers
    # the phones seated at the table go on: reads, commands, live streams (header or ticket)
    assert venue("GET", f"/api/tables/{code}", token=host)[0] == 200
    assert venue("GET", f"/api/tables/{code}", token=spectator)[0] == 200
    status, _, body = venue("POST", f"/api/tables/{code}/commands/advance", token=villain)
    assert status in (200, 403, 409), body  # answered by the table, whatever the rules say
    assert venue("POST", f"/api/tables/{code}/commands/advance", token=host)[0] == 200
    assert venue("GET", f"/api/tables/{code}/live", token=spectator)[0] == 200
    assert venue("GET", f"/api/tables/{code}/live", headers={"Cookie": ticket})[0] == 200
    assert venue("GET", f"/api/tables/{other['code']}", token=other["token"])[0] == 200
    # without a seat at the table named, 429 whether the code exists or not: nothing is learnt
    missing = unknown_codes(29, 1)[0]
    for path, token in [(f"/api/tables/{code}", None), (f"/api/tables/{missing}", None),
                        (f"/api/tables/{code}", other["token"]), (f"/api/tables/{missing}", host),
                        (f"/api/tables/{code}", "not-a-token")]:
        status, _, body = venue("GET", path, token=token)
        assert status == 429 and body["reason"] == "too_many_requests", (path, status, body)
    # the same for a command or a move in the history, which read the token's seat first (api/play.py
    # `_write`): and the table is as it was
    version = venue("GET", f"/api/tables/{code}", token=host)[2]["version"]
    for path, token in [(f"/api/tables/{code}/commands/advance", None),
                        (f"/api/tables/{code}/commands/advance", other["token"]),
                        (f"/api/tables/{missing}/commands/advance", host),
                        (f"/api/tables/{code}/commands/advance", "not-a-token"),
                        (f"/api/tables/{code}/heroes/batman/stance", other["token"]),
                        (f"/api/tables/{code}/history/undo", other["token"]),
                        (f"/api/tables/{missing}/history/redo", villain)]:
        status, _, body = venue("POST", path, {} if "stance" not in path else {"stance": "active"}, token=token)
        assert status == 429 and body["reason"] == "too_many_requests", (path, status, body)
    assert venue("GET", f"/api/tables/{code}", token=host)[2]["version"] == version
    assert venue("POST", f"/api/tables/{code}/seats", {"seat": "spectator"})[0] == 429
    assert venue("GET", f"/api/tables/{code}/live", headers={"Cookie": "gc_live=forged"})[0] == 429


def test_x_forwarded_for_is_ignored_by_default_and_with_one_trusted_proxy_counts_the_client_it_saw(serve_with):
    limits = {**DEFAULTS, "RATE_LIMIT_UNKNOWN_CODE": "2/minute", "LIVE_STREAMS_PER_ADDRESS": 1}
    bare = From(serve_with(**limits), "127.0.0.43")
    # off (the default): whatever hop the client writes, the connection's address is counted
    answers = [bare("GET", f"/api/tables/{c}", headers={"X-Forwarded-For": f"10.0.0.{i}"})[0]
               for i, c in enumerate(unknown_codes(30, 3))]
    assert answers == [404, 404, 429], answers

    proxied = From(serve_with(TRUSTED_PROXIES=1, **limits), "127.0.0.44")  # every request comes through the proxy

    def via_proxy(client: str, method: str, path: str, written: str | None = None, **kw):
        """What a proxy adding the address it saw sends: the client's own hop, then the client."""
        return proxied(method, path, headers={"X-Forwarded-For": ", ".join(filter(None, [written, client]))}, **kw)

    a, b = "203.0.113.7", "198.51.100.9"
    answers = [via_proxy(a, "GET", f"/api/tables/{c}")[0] for c in unknown_codes(31, 3)]
    assert answers == [404, 404, 429], answers  # the client is counted...
    assert via_proxy(b, "GET", f"/api/tables/{unknown_codes(32, 1)[0]}")[0] == 404  # ...not the proxy
    # a hop the client wrote itself is not trusted: `a` cannot pass as `b`, nor `b` be blamed for `a`
    assert via_proxy(a, "GET", f"/api/tables/{unknown_codes(33, 1)[0]}", written=b)[0] == 429
    assert via_proxy(b, "GET", f"/api/tables/{unknown_codes(34, 1)[0]}", written=a)[0] == 404
    # live streams per address count the client too (1 each here)
    status, _, created = via_proxy("192.0.2.1", "POST", "/api/tables", body=table_body())
    assert status == 201
    streams = []
    try:
        for client in ("192.0.2.10", "192.0.2.11", "192.0.2.10"):
            streams.append(SSEClient(f"http://127.0.0.1:{proxied.port}", created["code"],
                                     headers={"X-Forwarded-For": client}))
        assert [st.status for st in streams] == [200, 200, 429], [st.body for st in streams]
    finally:
        for st in streams:
            st.close()
