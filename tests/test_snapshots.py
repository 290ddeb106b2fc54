"""History snapshots (api/store.py): each version's state, compressed by zstd against the table's
state at creation (its dictionary); snapshots deflated against it, as the previous version of the
app wrote them, still read; tables stored before there was a dictionary keep plain zlib snapshots
and still undo, jump and replay."""
from __future__ import annotations

import zlib

import orjson

from api import store
from tests.tables import new_table
from tests.test_two_processes import Process


def test_a_snapshot_with_the_dictionary_is_small_and_comes_back_whole():
    first = orjson.dumps({"heroes": {h: {"reserve": 10, "fatigue": 0, "spaces": [0] * 7} for h in "abc"},
                          "river": list(range(8)), "tokens": []})
    later = first.replace(b'"reserve":10', b'"reserve":7', 1).replace(b'"tokens":[]', b'"tokens":[{"id":1}]')
    packed = store.compress(later, first)
    assert packed[:1] == store.ZSTD
    assert len(packed) < len(zlib.compress(later, 1)) / 2
    assert store.decompress(packed, lambda: first) == later


def _deflated(state: bytes, zdict: bytes) -> bytes:
    """A snapshot as the previous version of the app wrote it: deflate against the dictionary."""
    packer = zlib.compressobj(1, zlib.DEFLATED, 13, 4, zlib.Z_DEFAULT_STRATEGY, zdict)
    return store.DICTIONARY + packer.compress(state) + packer.flush()


def test_a_snapshot_deflated_with_the_dictionary_still_reads():
    first = orjson.dumps({"heroes": {h: {"reserve": 10, "spaces": [0] * 7} for h in "abc"}, "tokens": []})
    later = first.replace(b'"reserve":10', b'"reserve":4', 1)
    assert store.decompress(_deflated(later, first), lambda: first) == later


def test_a_damaged_or_foreign_snapshot_is_refused_not_misread():
    """A snapshot cut short, altered, or read with another table's dictionary raises zlib.error
    (the store then reads the dictionary again, see Store._read_state): never other data."""
    first = orjson.dumps({"heroes": {h: {"reserve": 10, "spaces": [0] * 7} for h in "abc"}, "tokens": []})
    later = first.replace(b'"reserve":10', b'"reserve":4', 1)
    other = first.replace(b'"tokens":[]', b'"tokens":[1,2,3]')
    for packed in (store.compress(later, first), _deflated(later, first)):
        for damaged, zdict in ((packed[:-3], first), (packed[:12] + bytes([packed[12] ^ 0xFF]) + packed[13:], first),
                               (packed, other)):
            try:
                read = store.decompress(damaged, lambda: zdict)
            except zlib.error:
                continue
            assert read == later, "a damaged snapshot was read as other data"


def test_a_played_tables_snapshots_stay_a_fraction_of_plain_zlib(redis_server, redis_client):
    """A real table's snapshots (a few KiB of state, compressed against its first state) stay well
    under plain zlib's size, and come back whole."""
    maker = Process(redis_server.url, {})
    code = new_table(maker)["code"]
    for area in "abcdef":
        assert maker.post(f"/api/tables/{code}/commands/place_token", json={"kind": "gas", "side": "heroes",
                                                              "area": area}).status_code == 200
    stored = redis_client.hgetall(f"gc:{{{code}}}:table")
    last = redis_client.xrange(f"gc:{{{code}}}:history")[-1][1][b"snapshot"]
    assert stored[b"state"] == last  # the table's state is its last snapshot
    zdict = stored[b"zdict"]
    state = store.decompress(last, lambda: zdict)
    assert len(state) > 2000 and orjson.loads(state)["tokens"][-1]["area"] == "f"
    assert len(last) < len(zlib.compress(state, 1)) / 4
    big = state + b" " * 90000 + state  # far larger than the dictionary: still whole
    assert store.decompress(store.compress(big, zdict), lambda: zdict) == big


def test_a_snapshot_without_a_dictionary_is_plain_zlib():
    state = b'{"mode":"standard"}' * 20
    assert store.compress(state, b"") == zlib.compress(state, 1)
    assert store.decompress(zlib.compress(state), lambda: b"never asked") == state


def test_a_table_stored_before_snapshots_had_a_dictionary_still_plays_and_undoes(redis_server, redis_client):
    """A table without the `zdict` field (as stored by earlier versions of the app): its next
    snapshots are plain zlib, and undo, jump and an idempotent replay read old and new ones."""
    maker = Process(redis_server.url, {})
    table = new_table(maker)
    code, v0 = table["code"], table["version"]
    # as earlier versions stored it: no dictionary, the state plain JSON and the first snapshot plain zlib
    history = f"gc:{{{code}}}:history"
    (entry_id, fields), = redis_client.xrange(history)
    zdict = redis_client.hget(f"gc:{{{code}}}:table", "zdict")
    state = store.decompress(redis_client.hget(f"gc:{{{code}}}:table", "state"), lambda: zdict)
    redis_client.hdel(f"gc:{{{code}}}:table", "zdict")
    redis_client.hset(f"gc:{{{code}}}:table", "state", state)
    redis_client.delete(history, f"gc:{{{code}}}:record")  # nor a record of the whole game
    redis_client.xadd(history, {"entry": fields[b"entry"], "snapshot": zlib.compress(state)}, id=entry_id)
    old = Process(redis_server.url, maker.host_tokens)  # a process that never saw the dictionary
    placed = old.post(f"/api/tables/{code}/commands/place_token", json={"kind": "gas", "side": "heroes", "area": "a"},
                      headers={"Idempotency-Key": "one"})
    assert placed.status_code == 200, placed.text
    snapshot = redis_client.xrange(f"gc:{{{code}}}:history", min=f"{v0 + 1}-0", max=f"{v0 + 1}-0")[0][1][b"snapshot"]
    assert snapshot[:1] not in (store.DICTIONARY, store.ZSTD)  # no dictionary: plain zlib
    again = old.post(f"/api/tables/{code}/commands/place_token", json={"kind": "gas", "side": "heroes", "area": "a"},
                     headers={"Idempotency-Key": "one"})
    assert again.headers.get("Idempotent-Replayed") == "true" and again.json() == placed.json()
    undone = old.post(f"/api/tables/{code}/history/undo")
    assert undone.status_code == 200, undone.text
    assert undone.json()["table"]["tokens"] == table["tokens"]
    jumped = old.post(f"/api/tables/{code}/history/jump", json={"version": v0 + 1})
    assert jumped.status_code == 200, jumped.text
    assert [t["area"] for t in jumped.json()["table"]["tokens"]] == ["a"]
    read = Process(redis_server.url, maker.host_tokens).get(f"/api/tables/{code}")  # reads the stored state
    assert read.status_code == 200
    assert {k: v for k, v in read.json().items() if k not in ("seats", "your_seat")} == jumped.json()["table"]
    # its history reads from the first change: the versions before its record began come from the history
    listed = old.get(f"/api/tables/{code}/history?after=0")
    assert [e["version"] for e in listed.json()] == list(range(1, jumped.json()["version"] + 1))
    assert [e["version"] for e in old.get(f"/api/tables/{code}/history?after=1&limit=2").json()] == [2, 3]


def test_snapshots_of_a_new_table_use_its_dictionary_across_processes(redis_server, redis_client):
    """The process that undoes is not the one that created the table or wrote the snapshot: it
    reads the dictionary from the table."""
    maker = Process(redis_server.url, {})
    table = new_table(maker)
    code, v0 = table["code"], table["version"]
    writer = Process(redis_server.url, maker.host_tokens)
    for area in ("a", "b"):
        assert writer.post(f"/api/tables/{code}/commands/place_token", json={"kind": "smoke", "side": "villain",
                                                               "area": area}).status_code == 200
    rows = redis_client.xrange(f"gc:{{{code}}}:history")
    assert all(fields[b"snapshot"][:1] == store.ZSTD for _, fields in rows)
    other = Process(redis_server.url, maker.host_tokens)
    jumped = other.post(f"/api/tables/{code}/history/jump", json={"version": v0 + 1})
    assert jumped.status_code == 200, jumped.text
    assert [t["area"] for t in jumped.json()["table"]["tokens"]] == ["a"]


def test_a_table_stored_with_pooled_definitions_still_plays_and_undoes(redis_server, redis_client):
    """Earlier versions stored a BGCC table's printed definitions (the mission, hero boards, tiles)
    once in a `defs` hash, the state naming each by {"$def": key}: such a table is read whole,
    plays on (its next write stores the state whole) and undoes to its pooled snapshot."""
    maker = Process(redis_server.url, {})
    table = new_table(maker)
    code = table["code"]
    key = f"gc:{{{code}}}:table"
    zdict = redis_client.hget(key, "zdict")
    state = orjson.loads(store.decompress(redis_client.hget(key, "state"), lambda: zdict))
    pooled = {**state, "mission": {"$def": "dmission"}}  # as the pooled store wrote it
    redis_client.hset(f"gc:{{{code}}}:defs", "dmission", orjson.dumps({"t": "Mission", "d": state["mission"]}))
    written = orjson.dumps(pooled)
    redis_client.hset(key, "state", store.compress(written, zdict))
    history = f"gc:{{{code}}}:history"
    (entry_id, fields), = redis_client.xrange(history)
    redis_client.delete(history)
    redis_client.xadd(history, {"entry": fields[b"entry"], "snapshot": store.compress(written, zdict)}, id=entry_id)
    player = Process(redis_server.url, maker.host_tokens)
    read = player.get(f"/api/tables/{code}")
    assert read.status_code == 200, read.text
    assert read.json()["mission"] == table["mission"]
    placed = player.post(f"/api/tables/{code}/commands/place_token", json={"kind": "gas", "side": "heroes", "area": "a"})
    assert placed.status_code == 200, placed.text
    stored = store.decompress(redis_client.hget(key, "state"), lambda: zdict)
    assert b'"$def"' not in stored and orjson.loads(stored)["mission"] == state["mission"]
    undone = player.post(f"/api/tables/{code}/history/undo")
    assert undone.status_code == 200, undone.text
    assert undone.json()["table"]["mission"] == table["mission"] and undone.json()["table"]["tokens"] == table["tokens"]
