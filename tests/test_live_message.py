"""One live message (api/play.py, api/live.py): the writer publishes the change as phones receive
it, every process forwards it without reading Redis, a replayed change has the same shape, and who
is connected comes through the same stream. Also the game seam as stored (the table's "game"
field) and the API's refusal codes."""
from __future__ import annotations

import jsonpatch
import orjson

import games
from tests.sse_client import SSEClient
from tests.tables import new_table
from tests.test_shared_tables import auth, heroes_table, join
from tests.test_versus_api import draft, new_versus


def test_the_published_message_is_the_change_the_writer_answered(http, redis_client):
    """What every phone receives is the writer's change with the patch from the table before
    (api/patch.py) in place of its whole table: applied to the table as it was, it gives the table
    the writer was answered."""
    code, table = heroes_table(http)
    before = {k: v for k, v in http.get(f"/api/tables/{code}").json().items() if k not in ("seats", "your_seat")}
    listener = redis_client.pubsub(ignore_subscribe_messages=True)
    listener.subscribe(f"gc:{{{code}}}:live")
    try:
        listener.get_message(timeout=1)
        r = http.post(f"/api/tables/{code}/commands/place_token", json={"kind": "gas", "side": "heroes"})
        assert r.status_code == 200, r.text
        message = None
        for _ in range(20):
            message = listener.get_message(timeout=0.5)
            if message:
                break
        published = orjson.loads(message["data"])
        answer = r.json()
        patch = published["data"]["patch"]
        assert published == {"event": "change", "id": answer["version"],
                             "data": {"version": answer["version"], "events": answer["events"], "seat": "host",
                                      "command": "PlaceToken", "fields": published["data"]["fields"],
                                      "patch": patch}}
        assert published["data"]["fields"]["kind"] == "gas"  # the command's public form
        assert jsonpatch.apply_patch(before, patch) == answer["table"]
        assert len(message["data"]) < len(orjson.dumps(answer["table"])) / 4  # a token placed: a few parts, not the table
    finally:
        listener.close()


def test_presence_comes_through_the_stream(http, live_server):
    code, table = heroes_table(http)
    batman, villain = join(http, code, "hero:batman"), join(http, code, "villain")
    with SSEClient(live_server, code, token=batman, presence=True) as stream:
        first = stream.next()
        assert first["event"] == "snapshot" and first["data"]["version"] == table["version"]
        assert {"seat": "hero:batman", "connected": True, "taken": True} in first["data"]["seats"]
        assert {"seat": "hero:commissioner-gordon", "connected": False, "taken": False} in first["data"]["seats"]
        present = stream.until(lambda e: e["event"] == "presence")[-1]["data"]
        assert {"seat": "hero:batman", "connected": True, "taken": True} in present["seats"]
        assert {"seat": "villain", "connected": False, "taken": True} in present["seats"]
        other = SSEClient(live_server, code, token=villain)
        try:
            got = stream.until(lambda e: e["event"] == "presence"
                               and {"seat": "villain", "connected": True, "taken": True} in e["data"]["seats"])
            assert got[-1]["id"] is None
        finally:
            other.close()
        stream.until(lambda e: e["event"] == "presence"
                     and {"seat": "villain", "connected": False, "taken": True} in e["data"]["seats"])
        # C8: a seat taken or handed over reaches every phone at once
        assert {"seat": "hero:renee-montoya", "connected": False, "taken": False} in present["seats"]
        join(http, code, "hero:renee-montoya")
        stream.until(lambda e: e["event"] == "presence" and {"seat": "hero:renee-montoya", "connected": False,
                                                             "taken": True} in e["data"]["seats"])
        r = http.post(f"/api/tables/{code}/seats/villain/handover")
        assert r.status_code == 201, r.text
        stream.until(lambda e: e["event"] == "presence")
        seats = http.get(f"/api/tables/{code}/seats").json()  # GET /seats still answers
        assert {"seat": "hero:batman", "taken": True, "connected": True} in seats


def test_a_table_records_its_game_and_old_tables_read_as_bgcc(http, redis_client):
    code = new_table(http)["code"]
    assert redis_client.hget(f"gc:{{{code}}}:table", "game") == b"bgcc"
    versus, heroes, villain = new_versus(http)
    assert redis_client.hget(f"gc:{{{versus}}}:table", "game") == b"bgcc-versus"
    for c in (code, versus):  # as stored before games had names
        before = http.get(f"/api/tables/{c}").json()
        redis_client.hdel(f"gc:{{{c}}}:table", "game")
        assert http.get(f"/api/tables/{c}").json() == before
    assert games.names() == ["bgcc", "bgcc-versus", "bmg", "gcsg"]
    assert isinstance(games.get("bgcc-versus"), type(games.get("bgcc")))
    exported = http.get(f"/api/tables/{versus}/export").json()
    assert exported["game"] == "bgcc-versus"
    imported = http.post("/api/tables/import", json=exported)
    assert imported.status_code == 201, imported.text
    assert redis_client.hget(f"gc:{{{imported.json()['code']}}}:table", "game") == b"bgcc-versus"
    unknown = http.post("/api/tables/import", json={**exported, "game": "chess"})
    assert unknown.status_code == 422 and unknown.json()["reason"] == "unknown_game"
    assert unknown.json()["params"] == {"game": "chess"}


def test_api_refusals_carry_a_reason_and_params(http):
    code, table = heroes_table(http)
    batman = join(http, code, "hero:batman")
    spend = f"/api/tables/{code}/commands/spend"  # Batman\'s: bodies name "hero"
    cases = [
        (http.get("/api/tables/ZZZZZZ"), 404, "no_table", {"code": "ZZZZZZ"}),
        (http.post(spend, json={"hero": "batman", "space": "melee", "cubes": 1}, token=None), 401, "no_seat", {}),
        (http.post(f"/api/tables/{code}/commands/spend", json={"hero": "renee-montoya", "space": "melee", "cubes": 1},
                   headers=auth(batman), token=None), 403,
         "not_your_seat", {"seat": "hero:batman", "command": "spend"}),
        (http.post(spend, json={"hero": "batman", "space": "melee", "cubes": 1}, headers={"If-Match": '"1"'}), 412,
         "stale_version", {"version": table["version"]}),
        (http.post(f"/api/tables/{code}/seats", json={"seat": "hero:batman"}, token=None), 409, "seat_taken",
         {"seat": "hero:batman"}),
        (http.post(spend, json={"hero": "batman", "space": "melee", "cubes": 1}, headers={"Idempotency-Key": "a b"}), 400,
         "bad_idempotency_key", {}),
        (http.post(spend, json={"hero": "batman", "space": "melee"}), 422, "bad_fields", {"command": "spend"}),
        (http.post(f"/api/tables/{code}/history/redo"), 409, "nothing_to_redo", {}),
        (http.post(f"/api/tables/{code}/commands/spend", json={"hero": "robin", "space": "melee", "cubes": 1}), 404,
         "unknown_hero", {"hero": "robin", "name": "robin", "known": ["Batman", "Commissioner Gordon", "Renee Montoya"]}),
    ]
    for r, status, reason, params in cases:
        assert (r.status_code, r.json().get("reason"), r.json().get("params")) == (status, reason, params), r.text


def test_changes_replayed_after_new_definitions_came_have_their_table(http, live_server):
    """A Versus draft brings new printed definitions (tiles) with each change: a phone that
    missed them gets each change with the table as it was, like a live one."""
    code, heroes, villain = new_versus(http)
    v0 = http.get(f"/api/tables/{code}").json()["version"]
    last = draft(http, code, heroes, villain)
    with SSEClient(live_server, code, last_event_id=v0) as again:
        got = again.until(lambda e: e["event"] == "snapshot")
        changes = [e for e in got if e["event"] == "change"]
        assert [e["id"] for e in changes] == list(range(v0 + 1, last["version"] + 1))
        assert changes[-1]["data"]["table"] == last and changes[-1]["data"]["command"] == "DraftTile"
        assert set(changes[0]["data"]) == {"version", "events", "seat", "command", "fields", "table"}


def test_undo_and_redo_say_what_they_would_do(http, redis_client):
    """C5: the table view, the writer's answer and the live message say what an undo would take back
    and what a redo would make again: the command's registry name, its seat and its events."""
    code = new_table(http)["code"]
    batman = join(http, code, "hero:batman")
    table = http.get(f"/api/tables/{code}").json()
    assert table["undo"] is None and table["redo"] is None
    r = http.post(f"/api/tables/{code}/commands/place_token", json={"kind": "gas", "side": "heroes"}, token=None, headers=auth(batman))
    assert r.status_code == 200, r.text
    undo = r.json()["table"]["undo"]
    assert (undo["command"], undo["seat"], undo["version"]) == ("place_token", "hero:batman", r.json()["version"])
    assert undo["events"] == r.json()["events"] and r.json()["table"]["redo"] is None
    listener = redis_client.pubsub(ignore_subscribe_messages=True)
    listener.subscribe(f"gc:{{{code}}}:live")
    before = {k: v for k, v in http.get(f"/api/tables/{code}").json().items() if k not in ("seats", "your_seat")}
    try:
        listener.get_message(timeout=1)
        r = http.post(f"/api/tables/{code}/history/undo", token=None, headers=auth(batman))
        assert r.status_code == 200, r.text
        message = None
        for _ in range(20):
            message = listener.get_message(timeout=0.5)
            if message:
                break
        published = jsonpatch.apply_patch(before, orjson.loads(message["data"])["data"]["patch"])
    finally:
        listener.close()
    assert published == r.json()["table"]  # one message: every phone holds the table the writer was answered
    assert published["redo"]["command"] == "place_token" and published["redo"]["seat"] == "hero:batman"
    assert published["undo"] is None or published["undo"]["version"] < published["redo"]["version"]
    assert http.get(f"/api/tables/{code}").json()["redo"] == published["redo"]
