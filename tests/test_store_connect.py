"""How the app reaches Redis (api/store.py `connect`) and the library's keys on one hash tag.

The Redis Cluster and Redis 7 paths are tried against real servers in tests/test_cluster_long.py."""
from __future__ import annotations

import orjson

from api.live import Hub, PatternFeed
from api.store import Store, connect, library_key


def test_the_embedded_redis_6_is_one_server_without_sharded_pub_sub(redis_server):
    found = connect(redis_server.url, 4)
    assert not found.cluster and not found.sharded
    hub = Hub(found.client, sharded=found.sharded)
    q = hub.subscribe("AAAAAA")
    assert isinstance(hub.feed, PatternFeed)
    hub.unsubscribe("AAAAAA", q)


def test_a_redis_that_does_not_answer_is_taken_as_one_server_and_its_pub_sub_asked_once_it_answers(redis_server):
    found = connect("redis://127.0.0.1:9/0", 4)  # the discard port: nothing listens
    assert not found.cluster and found.sharded.known is None  # not decided while nothing answers
    found = connect(redis_server.url, 4)
    assert bool(found.sharded) is False and found.sharded.known is False


def test_definitions_stored_under_the_untagged_library_keys_move_to_the_tagged_ones(redis_client):
    """Kinds of their own (zz_*): the session's library is left as it is."""
    store = Store(redis_client)
    mine = {"name": "Moved Hero"}
    redis_client.delete("gc:library:zz_heroes", library_key("zz_heroes"),
                        "gc:library:zz_items", library_key("zz_items"))
    redis_client.hset("gc:library:zz_heroes", "Moved Hero", orjson.dumps(mine))
    redis_client.hset("gc:library:zz_items", "Old Item", orjson.dumps({"name": "Old Item"}))
    redis_client.hset(library_key("zz_items"), "New Item", orjson.dumps({"name": "New Item"}))
    store.library_moved(["zz_heroes", "zz_items", "tiles"])
    assert not redis_client.exists("gc:library:zz_heroes", "gc:library:zz_items")
    assert store.library_get("zz_heroes", "Moved Hero") == mine
    assert sorted(d["name"] for d in store.library_list("zz_items")) == ["New Item", "Old Item"]
    redis_client.delete(library_key("zz_heroes"), library_key("zz_items"))
