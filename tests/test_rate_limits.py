"""Issue 22, points 6 and 8: rate limits per address, on Redis (the `limits` package, moving
window): probing join codes (reads of codes that name no table), creating and importing tables,
joining. Past a limit: 429 with Retry-After.

Each test serves its own app (its own limits) over real HTTP on loopback, over the session's
redis-server, and sends from its own loopback address (127.0.0.x) so that no other test's
requests count against it. Floods are bounded in count and time.
"""
from __future__ import annotations

import copy
import http.client
import json
import random
import threading
import time

import pytest
from werkzeug.serving import make_server

from api import create_app
from api.store import CODE_ALPHABET, CODE_LENGTH
from tests.conftest import HIGH_LIMITS, free_port
from tests.tables import SAMPLE, sample


class From:
    """Requests from one loopback address."""

    def __init__(self, port: int, address: str):
        self.port, self.address = port, address

    def __call__(self, method: str, path: str, body=None, token: str | None = None, headers: dict | None = None):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10, source_address=(self.address, 0))
        headers = {"Accept": "application/json", **(headers or {})}
        if body is not None:
            headers["Content-Type"] = "application/json"
        if token:
            headers["Authorization"] = f"Bearer {token}"
        try:
            conn.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
            r = conn.getresponse()
            if r.getheader("Content-Type", "").startswith("text/event-stream"):
                return r.status, {k.lower(): v for k, v in r.getheaders()}, None  # a live stream: not read on
            data = r.read()
            return r.status, {k.lower(): v for k, v in r.getheaders()}, json.loads(data) if data else None
        finally:
            conn.close()


@pytest.fixture()
def serve_with(redis_server):
    servers = []

    def start(**limits):
        config = {"TESTING": True, "REDIS_URL": redis_server.url, **HIGH_LIMITS, **limits}
        server = make_server("127.0.0.1", free_port(), create_app(config), threaded=True)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return server.server_port
    yield start
    for server in servers:
        server.shutdown()


def table_body() -> dict:
    return {"mission": sample("missions", "Sample: the rulebook's examples"),
            "heroes": [{"board": sample("heroes", "Batman")}], "tiles": copy.deepcopy(SAMPLE["tiles"])}


def unknown_code(rng: random.Random) -> str:
    return "".join(rng.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def test_probing_join_codes_gets_429_with_retry_after_and_then_says_nothing_about_any_code(serve_with):
    port = serve_with(RATE_LIMIT_UNKNOWN_CODE="10/minute", JOIN_ATTEMPTS_PER_MINUTE=10)
    local, prober = From(port, "127.0.0.1"), From(port, "127.0.0.21")
    status, _, created = local("POST", "/api/tables", table_body())
    assert status == 201
    real = created["code"]
    rng = random.Random(22)
    answers = [prober("GET", f"/api/tables/{unknown_code(rng)}")[0] for _ in range(40)]  # bounded: 40 probes
    assert answers[:10] == [404] * 10 and set(answers[10:]) == {429}, answers
    status, headers, body = prober("GET", f"/api/tables/{unknown_code(rng)}/seats")
    assert status == 429 and int(headers["retry-after"]) > 0
    assert body["reason"] == "too_many_requests" and body["params"]["kind"] == "unknown_code"
    # a code that exists answers the same: the prober learns nothing more
    assert prober("GET", f"/api/tables/{real}")[0] == 429
    assert prober("POST", f"/api/tables/{real}/seats", {"seat": "spectator"})[0] == 429
    # everyone else is answered as before
    assert local("GET", f"/api/tables/{real}")[0] == 200
    assert local("GET", f"/api/tables/{unknown_code(rng)}")[0] == 404


def test_a_table_creation_flood_gets_429_with_retry_after(serve_with):
    port = serve_with(RATE_LIMIT_CREATE="5/minute")
    flooder, other = From(port, "127.0.0.22"), From(port, "127.0.0.1")
    answers = []
    t0 = time.monotonic()
    for _ in range(30):  # bounded: 30 creations, 30 s
        if time.monotonic() - t0 > 30:
            break
        answers.append(flooder("POST", "/api/tables", table_body()))
    assert [a[0] for a in answers[:5]] == [201] * 5 and {a[0] for a in answers[5:]} == {429}, [a[0] for a in answers]
    status, headers, body = answers[5]
    assert 0 < int(headers["retry-after"]) <= 60 and body["params"]["kind"] == "create"
    exported = other("GET", f"/api/tables/{answers[0][2]['code']}/export")[2]
    assert flooder("POST", "/api/tables/import", exported)[0] == 429  # an import is a new table too
    assert flooder("POST", "/api/versus-tables", {"mission": {}})[0] == 429  # refused before its body is read
    assert other("POST", "/api/tables/import", exported)[0] == 201
    assert other("POST", "/api/tables", table_body())[0] == 201


class Clock:
    """The limits' clock (RATE_LIMIT_CLOCK), moved on by the test instead of waiting."""

    def __init__(self):
        self.now = float(int(time.time()))  # whole seconds: Redis keeps the window's times to 14 digits

    def __call__(self) -> float:
        return self.now


def test_the_join_limit_is_a_moving_window_not_a_fixed_one(serve_with):
    """30 joins a minute: never more than 30 in any 60 s, even across what a fixed window would
    reset (before: one join, then 29 more 59 s later and 30 more a second after, 59 in 1.6 s). The
    limits read an injected clock: 62 s pass in no time."""
    clock = Clock()
    port = serve_with(RATE_LIMIT_JOIN="30/minute", JOIN_ATTEMPTS_PER_MINUTE=30, RATE_LIMIT_CLOCK=clock)
    local, joiner = From(port, "127.0.0.1"), From(port, "127.0.0.23")
    code = local("POST", "/api/tables", table_body())[2]["code"]
    t0 = clock.now
    accepted, refused = [], []

    def join():
        status, headers, _ = joiner("POST", f"/api/tables/{code}/seats", {"seat": "spectator"})
        assert status in (201, 429), status
        (accepted if status == 201 else refused).append((round(clock.now - t0, 2), headers))

    join()  # at 0 s
    clock.now = t0 + 59.0
    for _ in range(40):  # 59 s: 29 more are let through, then 429
        join()
    assert len(accepted) == 30 and len(refused) == 11, [t for t, _ in accepted]
    assert 0 < int(refused[0][1]["retry-after"]) <= 1  # the join at 0 s leaves the window at 60 s
    for step in range(1, 31):  # 60.1 s to 63 s: only the one join at 0 s has left the window
        clock.now = t0 + 60.0 + step / 10
        join()
    times = [t for t, _ in accepted]
    most = max(sum(1 for x in times if start <= x < start + 60) for start in times)
    assert most <= 30, f"{most} joins within 60 s; accepted at {times}"
    assert len(accepted) == 31 and 0 < int(refused[-1][1]["retry-after"]) <= 57, times


def creation_routes(app) -> list[str]:
    """Every POST address of the app that names no table: each sets up a new table, except the
    library's (changing it needs its key: a stranger gets 401 or 403), the setup checks and the
    Miniature Game's crew check (they store nothing, like a table's previews:
    tests/test_gcsg_setup_check.py, tests/test_bmg_reads.py), whatever routes are added later."""
    import games

    found = []
    for rule in app.url_map.iter_rules():
        if "POST" not in (rule.methods or ()) or "code" in rule.arguments or rule.rule.startswith("/api/library") \
                or rule.rule in ("/api/games/<game>/setup-checks", "/api/games/bmg/crews/check"):
            continue
        assert rule.arguments <= {"game"}, f"a new kind of address: say whether {rule.rule} creates a table"
        found += [rule.rule.replace("<game>", name) for name in games.names()] if "game" in rule.arguments \
            else [rule.rule]
    return found


def test_every_creation_route_counts_against_one_create_budget_per_address(serve_with):
    """Issue 28, point 6: POST /api/games/{game}/tables (bgcc included) created tables with no limit
    (150 tables of 950 KB in 1.6 s). Every route that creates a table, found by walking the app's
    addresses, counts against the one budget: one request to each uses it up, then each answers 429."""
    routes = creation_routes(create_app({"TESTING": True, "SEED_LIBRARY": False, "REDIS_URL": "redis://-"}))
    assert {"/api/tables", "/api/versus-tables", "/api/tables/import", "/api/games/bgcc/tables",
            "/api/games/bmg/tables"} <= set(routes)
    port = serve_with(RATE_LIMIT_CREATE=f"{len(routes)}/minute")
    flooder, other = From(port, "127.0.0.24"), From(port, "127.0.0.1")
    first = {path: flooder("POST", path, {})[0] for path in routes}  # bounded: one request per route each time
    assert 429 not in first.values(), first
    then = {path: flooder("POST", path, {}) for path in routes}
    assert {path: a[0] for path, a in then.items()} == {path: 429 for path in routes}
    for status, headers, body in then.values():
        assert int(headers["retry-after"]) > 0 and body["params"]["kind"] == "create"
    assert other("POST", "/api/games/bgcc/tables", table_body())[0] == 201  # another address is not counted
    for rule in ("/api/library", "/api/library/heroes"):  # not a way around the budget: the library's key
        assert flooder("POST", rule, {})[0] in (401, 403, 422)  # refused, nothing stored
