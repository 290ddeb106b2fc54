"""On a real Redis Cluster (deploy/local_cluster.py: 3 primaries, 3 replicas of Debian's
redis-server 7 on loopback, installed with apt-get when missing): tables sharded over the
primaries, played through several API processes, each process hearing only the tables its phones
hold, and a primary killed under writes.

Long variants (`python3 manage.py test --long`, which CI runs): starting the cluster and the
servers takes seconds the default run does not spend.
"""
from __future__ import annotations

import queue
import threading
import time
import uuid

import pytest
import redis
import requests
from redis.cluster import key_slot

from api import create_app
from api.live import REVOKED, ShardFeed
from api.seat_token import TICKET_COOKIE
from api.store import connect, digest
from deploy.local_cluster import LocalCluster, free_base_port
from tests.conftest import HIGH_LIMITS, Client
from tests.served import ENTRY, served  # noqa: F401 - the fixture
from tests.sse_client import SSEClient
from tests.tables import advance_to, command, table_body

pytestmark = pytest.mark.long

LIMITS_ENV = {"GOTHAM_RATE_LIMIT_JOIN": "1000000/minute", "GOTHAM_RATE_LIMIT_CREATE": "1000000/minute",
              "GOTHAM_RATE_LIMIT_UNKNOWN_CODE": "1000000/minute"}


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    started = LocalCluster(tmp_path_factory.mktemp("cluster"), port=free_base_port()).start()
    yield started
    started.stop()


def shard_of(cluster: LocalCluster, code: str) -> int:
    """The port of the primary holding table `code`'s slot now."""
    slot = key_slot(f"gc:{{{code}}}:table".encode())
    for node in cluster.nodes():
        if node["role"] == "master" and node["alive"]:
            for held in node["slots"]:
                low, _, high = held.partition("-")
                if int(low) <= slot <= int(high or low):
                    return node["port"]
    raise AssertionError(f"no live primary holds slot {slot}")


def tables_on_every_shard(http: Client, cluster: LocalCluster, per_shard: int = 1) -> dict[int, list[str]]:
    """New tables (through `http`) until each primary holds `per_shard` of them."""
    found: dict[int, list[str]] = {p: [] for p in cluster.primaries_now()}
    for _ in range(60 * per_shard):
        if all(len(codes) >= per_shard for codes in found.values()):
            break
        r = http.post("/api/tables", json=table_body())
        assert r.status_code == 201, r.text
        code = r.json()["code"]
        found[shard_of(cluster, code)].append(code)
    assert all(len(codes) >= per_shard for codes in found.values()), found
    return found


def spend_then_undo(http, code: str, hero: str) -> list[int]:
    """Two writes: a cube spent, then taken back; their versions."""
    r = command(http, code, "spend", hero=hero, space="reroll", cubes=1)
    assert r.status_code == 200, r.text
    spent = r.json()["version"]
    r = http.post(f"/api/tables/{code}/history/undo")
    assert r.status_code == 200, r.text
    return [spent, r.json()["version"]]


def test_tables_on_every_shard_played_through_two_processes_reach_every_phone_exactly_once(cluster, served):  # noqa: F811
    env = {"REDIS_URL": cluster.urls, **LIMITS_ENV}
    one, other = served(ENTRY, env), served(ENTRY, env)
    a, b = Client(one.base), Client(other.base)
    shards = tables_on_every_shard(a, cluster)
    codes = [c for found in shards.values() for c in found]
    assert len(shards) == 3
    for port, found in shards.items():  # each table's keys are on its slot's primary
        for code in found:
            assert redis.Redis(port=port).exists(f"gc:{{{code}}}:table", f"gc:{{{code}}}:history") == 2
    b.tokens.update(a.tokens)
    phones = {code: [SSEClient(s.base, code, token=a.tokens[code]) for s in (one, other)] for code in codes}
    try:
        opened = {}
        for code, streams in phones.items():
            for phone in streams:
                assert phone.status == 200
                opened[phone] = phone.until(lambda e: e["event"] == "snapshot")[-1]["id"]
        last = {}
        for code in codes:  # set up through one process, played through the other, then the first
            advance_to(a, code, "heroes.actions")
            hero = a.get(f"/api/tables/{code}").json()["heroes"][0]["id"]
            for through in (b, a, b):
                last[code] = spend_then_undo(through, code, hero)[-1]
        for code, streams in phones.items():
            for phone in streams:
                versions = [int(e["id"]) for e in phone.changes_until(last[code], timeout=20)]
                assert versions == list(range(int(opened[phone]) + 1, last[code] + 1)), (code, versions)
                assert not [e for e in phone.quiet(0.3) if e["event"] == "change"]  # nothing twice
    finally:
        for streams in phones.values():
            for phone in streams:
                phone.close()


def _app(url: str):
    return create_app({"TESTING": True, "REDIS_URL": url, "SEED_LIBRARY": False, **HIGH_LIMITS})


class InProcess:
    """A test-client app read like `requests` (tests/tables.py's helpers), the host's token sent."""

    def __init__(self, app, tokens: dict):
        self.client, self.tokens = app.test_client(), tokens

    def _headers(self, path):
        parts = path.split("/")
        token = self.tokens.get(parts[3].upper()) if len(parts) > 3 else None
        return {"Authorization": f"Bearer {token}"} if token else {}

    def get(self, path):
        return _Answer(self.client.get(path, headers=self._headers(path)))

    def post(self, path, json=None, headers=None):
        r = _Answer(self.client.post(path, json=json, headers={**self._headers(path), **(headers or {})}))
        if path == "/api/tables" and r.status_code == 201:
            self.tokens[r.json()["code"]] = r.json()["token"]
        return r


class _Answer:
    def __init__(self, response):
        self.status_code, self.text = response.status_code, response.get_data(as_text=True)
        self._json = response.get_json(silent=True)

    def json(self):
        return self._json


def test_a_process_receives_the_messages_of_the_tables_its_phones_hold_and_no_other(cluster):
    tokens: dict = {}
    holder, writer = InProcess(_app(cluster.urls), tokens), InProcess(_app(cluster.urls), tokens)
    hub = holder.client.application.extensions["hub"]
    shards = tables_on_every_shard(writer, cluster, per_shard=2)
    held = [found[0] for found in shards.values()]  # a table on every shard has a phone here
    others = [found[1] for found in shards.values()]
    streams = [(code, hub.subscribe(code, "host")) for code in held]
    for code in held + others:
        advance_to(writer, code, "heroes.actions")
    before = hub.received
    for code in others:
        hero = writer.get(f"/api/tables/{code}").json()["heroes"][0]["id"]
        for _ in range(5):
            spend_then_undo(writer, code, hero)
    time.sleep(0.5)
    assert hub.received == before  # 30 changes of tables no phone here holds: not one message
    for code in held:
        hero = writer.get(f"/api/tables/{code}").json()["heroes"][0]["id"]
        spend_then_undo(writer, code, hero)
    deadline = time.monotonic() + 10
    while hub.received < before + 6 and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.3)
    assert hub.received == before + 6  # each held table's 2 changes, once
    for code, q in streams:  # the last phone of a table gone: its messages stop too
        hub.unsubscribe(code, q)
    for code in held:
        hero = writer.get(f"/api/tables/{code}").json()["heroes"][0]["id"]
        spend_then_undo(writer, code, hero)
    time.sleep(0.5)
    assert hub.received == before + 6


class Load:
    """Writes to some tables from one thread each, each write with its own idempotency key and retried
    with it until answered: every answer kept as (table, version, when, status)."""

    def __init__(self, http: InProcess, codes: list[str]):
        self.http, self.codes = http, codes
        self.answers: list[tuple[str, int | None, float, int]] = []
        self.stop = threading.Event()
        self.threads = [threading.Thread(target=self._write, args=(c,), daemon=True) for c in codes]

    def _write(self, code: str) -> None:
        hero = self.http.get(f"/api/tables/{code}").json()["heroes"][0]["id"]
        undo = False
        while not self.stop.is_set():
            key = str(uuid.uuid4())
            while not self.stop.is_set():
                if undo:
                    r = self.http.post(f"/api/tables/{code}/history/undo", headers={"Idempotency-Key": key})
                else:
                    r = command_with_key(self.http, code, key, hero)
                version = r.json().get("version") if r.status_code == 200 and r.json() else None
                self.answers.append((code, version, time.monotonic(), r.status_code))
                if r.status_code == 200:
                    undo = not undo
                    break
                time.sleep(0.05)
            time.sleep(0.02)

    def __enter__(self):
        for t in self.threads:
            t.start()
        return self

    def __exit__(self, *exc):
        self.stop.set()
        for t in self.threads:
            t.join(10)


def command_with_key(http: InProcess, code: str, key: str, hero: str):
    return http.post(f"/api/tables/{code}/commands/spend", json={"hero": hero, "space": "reroll", "cubes": 1},
                     headers={"Idempotency-Key": key})


def test_a_primary_killed_under_writes_fails_over_and_writes_resume(cluster):
    """Redis replicates to the replicas asynchronously: a write the primary acknowledged in its last
    moment may not have reached its replica when it died, and is lost with it (README: Scaling
    out). What this test checks, on a primary killed (SIGKILL) while two tables are written:
    - the cluster fails over (the replica becomes the primary) and writes to the table resume;
    - every write acknowledged on the other shard survived, and every write acknowledged after the
      failover on the failed one;
    - the failed shard's table is whole: its history's versions follow one another up to its version;
    - acknowledged writes lost, if any, are the last ones before the kill (none older than 1 s);
    - no answer was anything but 200 or 503 (Redis away: a refusal the phone retries);
    - a phone's stream at the failed table is subscribed again on the new primary and gets the
      changes written after the failover."""
    tokens: dict = {}
    app = _app(cluster.urls)
    http = InProcess(app, tokens)
    shards = tables_on_every_shard(http, cluster)
    victim_port, survivor_port = list(shards)[:2]
    victim, survivor = shards[victim_port][0], shards[survivor_port][0]
    for code in (victim, survivor):
        advance_to(http, code, "heroes.actions")
    hub = app.extensions["hub"]
    phone = hub.subscribe(victim, "host")
    with Load(http, [victim, survivor]) as load:
        time.sleep(1.0)
        killed_at = time.monotonic()
        cluster.kill(victim_port)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:  # writes to the victim's table resume on the promoted replica
            if any(c == victim and s == 200 and t > killed_at + 0.5 for c, _, t, s in load.answers):
                break
            time.sleep(0.1)
        time.sleep(1.0)
    answers = load.answers
    assert {s for *_, s in answers} <= {200, 503}, sorted({s for *_, s in answers})
    resumed = [(v, t) for c, v, t, s in answers if c == victim and s == 200 and t > killed_at]
    assert resumed, "no write to the failed shard's table was acknowledged after the kill"
    assert shard_of(cluster, victim) != victim_port  # a replica took its slots

    def history(code):
        r = http.get(f"/api/tables/{code}/history?after=0&limit=500")
        assert r.status_code == 200, r.text
        return [e["version"] for e in r.json()]

    for code in (victim, survivor):
        versions = history(code)
        assert versions == list(range(versions[0], versions[-1] + 1)), versions
        assert versions[-1] == http.get(f"/api/tables/{code}").json()["version"]
    acknowledged = {c: [(v, t) for cc, v, t, s in answers if cc == c and s == 200] for c in (victim, survivor)}
    assert set(v for v, _ in acknowledged[survivor]) <= set(history(survivor))
    now_at = max(history(victim))
    after_failover = [v for v, t in resumed]
    assert set(after_failover) <= set(history(victim))
    lost = [(v, t) for v, t in acknowledged[victim] if t <= killed_at and v >= min(after_failover)]
    assert all(t > killed_at - 1.0 for _, t in lost), lost
    assert now_at >= max(after_failover)
    # the phone at the failed table: resubscribed, it gets a change written now
    while not phone.empty():  # what came before and during the failover
        phone.get_nowait()
    hero = http.get(f"/api/tables/{victim}").json()["heroes"][0]["id"]
    version = spend_then_undo(http, victim, hero)[-1]
    seen, deadline = [], time.monotonic() + 10  # its change (event, version, frame), perhaps after a RESYNC
    while not any(isinstance(x, tuple) and x[1] == version for x in seen) and time.monotonic() < deadline:
        try:
            seen.append(phone.get(timeout=1))
        except queue.Empty:
            pass
    assert any(isinstance(x, tuple) and x[1] == version for x in seen), seen
    hub.unsubscribe(victim, phone)
    cluster.start_node(victim_port)  # back as a replica of its old slots' new primary
    cluster._wait(cluster.healthy, "the killed node to rejoin as a replica")
    print(f"\nfailover: {len(answers)} answers, {len([1 for *_, s in answers if s == 503])} refused with 503, "
          f"{len(lost)} acknowledged writes lost, writes resumed "
          f"{min(t for _, t in resumed) - killed_at:.1f} s after the kill")


@pytest.fixture(scope="module")
def redis7(tmp_path_factory):
    """A single Debian redis-server 7 (no cluster): sharded pub/sub on one server."""
    import subprocess

    from deploy.local_cluster import _program
    from tests.conftest import free_port

    port, folder = free_port(), tmp_path_factory.mktemp("redis7")
    server = subprocess.Popen([_program("redis-server"), "--port", str(port), "--bind", "127.0.0.1", "--dir",
                               str(folder), "--save", "", "--appendonly", "no"], stdout=subprocess.DEVNULL)
    client = redis.Redis(port=port)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            client.ping()
            break
        except redis.ConnectionError:
            time.sleep(0.05)
    yield f"redis://127.0.0.1:{port}/0"
    server.kill()
    server.wait(5)


def test_on_a_single_redis_7_a_process_hears_its_tables_only_and_a_revoked_phone_is_ended(redis7):
    tokens: dict = {}
    holder, writer = InProcess(_app(redis7), tokens), InProcess(_app(redis7), tokens)
    hub = holder.client.application.extensions["hub"]
    held, other = (writer.post("/api/tables", json=table_body()).json()["code"] for _ in range(2))
    for code in (held, other):
        advance_to(writer, code, "heroes.actions")
    q = hub.subscribe(held, "host", "digest-of-a-token")
    assert isinstance(hub.feed, ShardFeed)  # Redis 7 without cluster: the same sharded path
    before = hub.received
    hero = writer.get(f"/api/tables/{other}").json()["heroes"][0]["id"]
    spend_then_undo(writer, other, hero)
    hero = writer.get(f"/api/tables/{held}").json()["heroes"][0]["id"]
    versions = spend_then_undo(writer, held, hero)
    got = [q.get(timeout=5)[1] for _ in versions]
    assert got == versions and hub.received == before + 2
    # the revocation a seat's handover publishes, on the table's shard channel too
    store = writer.client.application.extensions["store"]
    q2 = hub.subscribe(held, "host", digest(tokens[held]))
    assert store.forget_token(held, tokens[held], "host")

    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and q2.empty():
        time.sleep(0.02)
    assert q2.get_nowait() is REVOKED


def test_a_list_of_nodes_finds_the_cluster_past_one_that_does_not_answer(cluster):
    found = connect(f"redis://127.0.0.1:9/0,{cluster.url}", 4)  # the discard port first: nothing answers there
    assert found.cluster and found.sharded and found.client.ping()


def test_rate_limits_tickets_and_idempotency_keys_work_on_the_cluster(cluster):
    app = create_app({"TESTING": True, "REDIS_URL": cluster.urls, "SEED_LIBRARY": False,
                      **{**HIGH_LIMITS, "RATE_LIMIT_JOIN": "3/minute"}})
    http = InProcess(app, {})
    code = http.post("/api/tables", json=table_body()).json()["code"]
    # a rate limit: the `limits` package's cluster storage, on the app's clock
    joins = [http.client.post(f"/api/tables/{code}/seats", json={"seat": "spectator"}).status_code for _ in range(4)]
    assert joins[:3] == [201, 201, 201] and joins[3] == 429, joins
    # an idempotency key: the same write twice is one change
    advance_to(http, code, "heroes.actions")
    hero = http.get(f"/api/tables/{code}").json()["heroes"][0]["id"]
    first, again = (command_with_key(http, code, "one-key", hero) for _ in range(2))
    assert first.status_code == again.status_code == 200
    assert first.json()["version"] == again.json()["version"] == http.get(f"/api/tables/{code}").json()["version"]
    # a live ticket stands for the seat's token, on the table's slot
    r = http.post(f"/api/tables/{code}/live/ticket")
    assert r.status_code in (200, 201), r.text
    ticket = http.client.get_cookie(TICKET_COOKIE, path=f"/api/tables/{code}/live").value
    store = app.extensions["store"]
    assert store.ticket_holder(code, ticket) == digest(http.tokens[code])
    # the whole-game record and the undos' restored versions (the table's slot too): an undo marks
    # the change it took back, the summary leaves it out
    before = http.get(f"/api/tables/{code}").json()["version"]
    assert http.post(f"/api/tables/{code}/history/undo").status_code == 200
    record = http.get(f"/api/tables/{code}/history?limit=500").json()
    assert [e["version"] for e in record] == list(range(1, before + 2))
    assert record[before - 1]["undone"] and not any(e["undone"] for e in record[:before - 1])
    summary = http.get(f"/api/tables/{code}/summary").json()
    assert summary["undone"] == 1 and before not in [e["version"] for e in summary["timeline"]]


def test_the_heartbeats_renew_every_shard_s_leases_and_presence(cluster):
    """On a single Redis the ticker writes the heartbeats due at a tick in one pipeline (api/live.py
    `Hub._write`); redis-py's cluster pipeline takes no scripts, so on the cluster each stream writes
    its own: every seat's stream, a spectator's too, on every shard, has its lease renewed and the
    seat its presence (the heartbeat: 1 s)."""
    from werkzeug.serving import make_server
    from tests.conftest import free_port
    from tests.test_shared_tables import join

    app = create_app({"TESTING": True, "REDIS_URL": cluster.urls, "SEED_LIBRARY": False, **HIGH_LIMITS,
                      "SSE_HEARTBEAT": 1.0})
    server = make_server("127.0.0.1", free_port(), app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}"
    http, client = Client(base), redis.RedisCluster.from_url(cluster.urls.split(",")[0])
    try:
        codes = [c for found in tables_on_every_shard(http, cluster).values() for c in found]
        tokens = {code: (join(http, code, "villain"), join(http, code, "spectator")) for code in codes}

        def ends(code: str) -> list[float]:
            keys = (f"gc:{{{code}}}:streams:villain", f"gc:{{{code}}}:streams")
            return [score for key in keys for _, score in client.zrange(key, 0, -1, withscores=True)]

        streams = [SSEClient(base, code, token=t) for code in codes for t in tokens[code]]
        try:
            for stream in streams:
                stream.__enter__()
                stream.until(lambda e: e["event"] == "snapshot")
            first = {code: ends(code) for code in codes}
            marked = {code: int(client.hget(f"gc:{{{code}}}:presence", "villain")) for code in codes}
            assert all(len(found) == 2 for found in first.values()), first
            deadline = time.monotonic() + 10
            while min(s.heartbeats for s in streams) < 2 and time.monotonic() < deadline:
                time.sleep(0.1)
            time.sleep(0.3)
            for code in codes:
                assert all(now > before for now, before in zip(ends(code), first[code])), (code, first[code], ends(code))
                assert int(client.hget(f"gc:{{{code}}}:presence", "villain")) > marked[code], code
        finally:
            for stream in streams:
                stream.__exit__(None, None, None)
    finally:
        server.shutdown()
