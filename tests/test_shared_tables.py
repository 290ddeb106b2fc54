"""The shared table: several phones on one game, over real HTTP with a real Redis server.

Every phone is a client with its own seat token and its own live stream (tests/sse_client.py).
Covered: phones see each other's changes; a dropped stream resumes with Last-Event-ID; a retried
write with the same Idempotency-Key applies once; 20 phones spending cubes at once keep the
invariants; undo, redo and jump reach every phone and respect the seats; bad input changes
nothing; export and import; handover; the join rate limit; who is connected.
"""
from __future__ import annotations

import json
import threading
import time

import pytest
import requests

from tests.sse_client import SSEClient, summary
from tests.tables import advance_to, hand_over, new_table

SPACES = ("melee", "ranged", "manipulation", "thought", "movement", "defense", "reroll")


# ------------------------------------------------------------------------------------ helpers


def auth(token: str | None) -> dict:
    return {"Authorization": f"Bearer {token}"} if token else {}


def join(http, code: str, seat: str) -> str:
    r = http.post(f"/api/tables/{code}/seats", json={"seat": seat}, token=None)
    assert r.status_code == 201, r.text
    assert r.json()["seat"] == seat and r.json()["code"] == code
    return r.json()["token"]


def as_seat(http, token: str | None, method: str, path: str, body=None, headers: dict | None = None):
    """A request with `token` only (None: no token at all)."""
    kw = {"headers": {**auth(token), **(headers or {})}, "token": None}
    if method in ("post", "put"):
        kw["json"] = body
    return getattr(http, method)(path, **kw)


def state_of(http, code: str) -> tuple[int, dict]:
    """(version, stored state) from the export: everything the table keeps."""
    r = http.get(f"/api/tables/{code}/export", token=None)
    assert r.status_code == 200, r.text
    doc = r.json()
    assert r.headers["ETag"] == f'"{doc["table_version"]}"'
    return doc["table_version"], doc["state"]


def hero_of(table: dict, hero_id: str) -> dict:
    return next(h for h in table["heroes"] if h["id"] == hero_id)


def check_invariants(table: dict) -> None:
    """Every hero's cube places sum to its energy, no space holds more than its exertion limit,
    no count is negative; the same for the command posts' spaces."""
    for hero in table["heroes"]:
        places = {"reserve": hero["reserve"], "fatigue": hero["fatigue"], "wound": hero["wound"],
                  **{s: hero["spaces"][s]["cubes"] for s in SPACES}}
        assert sum(places.values()) == hero["energy"], (hero["id"], places)
        assert min(places.values()) >= 0, (hero["id"], places)
        for space, held in hero["spaces"].items():
            assert held["cubes"] <= held["exertion_limit"], (hero["id"], space, held)
    for post in table["command_posts"].values():
        for space, held in post["spaces"].items():
            assert 0 <= held["cubes"] <= held["exertion_limit"], (post["side"], space, held)
        assert post["reserve"] >= 0 and post["fatigue"] >= 0


def heroes_table(http) -> tuple[str, dict]:
    """A new table at the heroes' action step; its code and view."""
    code = new_table(http)["code"]
    return code, advance_to(http, code, "heroes.actions")


def change_for(seat: str) -> tuple[str, dict]:
    """A change `seat` may make at the heroes' action step (path below the table, body)."""
    if seat == "host":
        return "/commands/place_token", {"kind": "smoke", "side": "heroes", "area": "rooftop"}
    if seat == "villain":
        return "/commands/spend", {"side": "villain", "space": "defense", "cubes": 1}
    return "/commands/spend", {"hero": seat[5:], "space": "melee", "cubes": 1}


def open_streams(base: str, code: str, tokens: dict[str, str]) -> dict[str, SSEClient]:
    """One live stream per seat, each past its first snapshot."""
    streams = {}
    try:
        for seat, token in tokens.items():
            stream = SSEClient(base, code, token=token)
            assert stream.status == 200, stream.body
            assert stream.headers.get("Content-Type", "").startswith("text/event-stream")
            first = stream.next()
            assert first["event"] == "snapshot", first
            streams[seat] = stream
    except BaseException:
        for stream in streams.values():
            stream.close()
        raise
    return streams


def close_all(streams) -> None:
    for stream in streams.values() if isinstance(streams, dict) else streams:
        stream.close()


# ------------------------------------------------------------------------------------ phones


@pytest.mark.parametrize("phones", [2, 5])
def test_phones_see_each_others_changes(http, live_server, phones):
    code, table = heroes_table(http)
    seats = ["host", "hero:batman", "villain", "hero:commissioner-gordon", "hero:renee-montoya"][:phones]
    tokens = {s: http.tokens[code] if s == "host" else join(http, code, s) for s in seats}
    streams = open_streams(live_server, code, tokens)
    try:
        for stream in streams.values():
            assert stream.received[0]["id"] == table["version"]
            assert stream.received[0]["data"]["version"] == table["version"]
            assert stream.received[0]["data"]["table"]["turn"]["step"] == "heroes.actions"
            assert stream.retry == 2000
        version = table["version"]
        # one after the other: each phone's change reaches every phone, with the same table
        for seat in seats:
            path, body = change_for(seat)
            r = as_seat(http, tokens[seat], "post", f"/api/tables/{code}{path}", body)
            assert r.status_code == 200, (seat, r.text)
            version += 1
            assert r.json()["version"] == version and r.headers["ETag"] == f'"{version}"'
            for watcher, stream in streams.items():
                [change] = stream.changes_until(version)
                assert change["id"] == version, (watcher, change)
                data = change["data"]
                assert data["version"] == version and data["seat"] == seat
                assert data["events"] == r.json()["events"]
                assert data["table"] == r.json()["table"], watcher
                assert data["command"] in ("PlaceToken", "Spend")
        # all at once: every phone receives every change once, in version order
        start = version
        barrier = threading.Barrier(len(seats))
        answers: dict[str, requests.Response] = {}

        def post(seat):
            path, body = change_for(seat)
            barrier.wait(5)
            answers[seat] = requests.post(f"{live_server}/api/tables/{code}{path}", json=body,
                                          headers=auth(tokens[seat]), timeout=10)

        threads = [threading.Thread(target=post, args=(s,)) for s in seats]
        for t in threads:
            t.start()
        for t in threads:
            t.join(15)
        assert sorted(a.status_code for a in answers.values()) == [200] * len(seats), \
            {s: a.text for s, a in answers.items()}
        by_version = {a.json()["version"]: s for s, a in answers.items()}
        assert sorted(by_version) == list(range(start + 1, start + len(seats) + 1))
        for watcher, stream in streams.items():
            changes = stream.changes_until(start + len(seats))
            assert [c["id"] for c in changes] == list(range(start + 1, start + len(seats) + 1)), watcher
            assert [c["data"]["seat"] for c in changes] == [by_version[c["id"]] for c in changes]
            assert stream.quiet(0.3) == [], watcher  # nothing twice
        check_invariants(changes[-1]["data"]["table"])
    finally:
        close_all(streams)


def test_heartbeats_keep_an_idle_stream_open(http, live_server):
    code, _ = heroes_table(http)
    with SSEClient(live_server, code) as stream:
        assert stream.next()["event"] == "snapshot"
        deadline = time.monotonic() + 6
        while stream.heartbeats < 2 and time.monotonic() < deadline:  # SSE_HEARTBEAT is 1 s in the tests
            time.sleep(0.05)
        assert stream.heartbeats >= 2
        assert stream.quiet(0.2) == []  # comments only, no events
        r = http.post(f"/api/tables/{code}/commands/place_token", json={"kind": "gas", "side": "heroes"})
        assert stream.next()["id"] == r.json()["version"]


# ------------------------------------------------------------------------------------ resuming


def test_reconnect_with_last_event_id_gets_exactly_what_was_missed(http, live_server):
    code, table = heroes_table(http)
    batman = join(http, code, "hero:batman")
    v0 = table["version"]
    first = SSEClient(live_server, code, token=batman)
    try:
        assert first.next()["id"] == v0
        r = http.post(f"/api/tables/{code}/commands/place_token", json={"kind": "gas", "side": "heroes"})
        assert first.next()["id"] == v0 + 1 == r.json()["version"]
    finally:
        first.close()
    assert first.last_id == v0 + 1
    missed = []
    for kind in ("flame", "smoke", "frost"):
        r = http.post(f"/api/tables/{code}/commands/place_token", json={"kind": kind, "side": "villain"})
        assert r.status_code == 200
        missed.append(r.json())
    with SSEClient(live_server, code, token=batman, last_event_id=first.last_id) as again:
        got = again.until(lambda e: e["event"] == "snapshot")
        assert summary(got) == [("change", v0 + 2), ("change", v0 + 3), ("change", v0 + 4), ("snapshot", v0 + 4)]
        for event, answer, kind in zip(got, missed, ("flame", "smoke", "frost")):  # a live change's shape
            assert event["data"] == {"version": answer["version"], "seat": "host", "command": "PlaceToken",
                                     "fields": {"area": "", "kind": kind, "side": "villain"},
                                     "events": answer["events"], "table": answer["table"]}
        assert got[-1]["data"]["table"] == missed[-1]["table"]
        r = http.post(f"/api/tables/{code}/commands/spend", json={"hero": "batman", "space": "melee", "cubes": 1},
                      token=batman)
        assert r.status_code == 200, r.text
        [live] = again.changes_until(v0 + 5)
        assert live["data"]["table"] == r.json()["table"] and live["data"]["seat"] == "hero:batman"
        assert again.quiet(0.3) == []
    # already up to date: a snapshot only
    with SSEClient(live_server, code, last_event_id=v0 + 5) as current:
        assert summary(current.until(lambda e: e["event"] == "snapshot")) == [("snapshot", v0 + 5)]


def test_a_phone_dropping_while_others_play_misses_nothing(http, live_server):
    """A writer changes the table all the time; a phone drops its stream three times and resumes
    each time with the last id it saw: together its streams hold every change exactly once, in order."""
    code, table = heroes_table(http)
    v0 = table["version"]
    stop = threading.Event()
    acknowledged: list[int] = []

    def writer():
        session = requests.Session()
        token = http.tokens[code]
        for i in range(250):  # fewer than the history keeps
            if stop.is_set():
                return
            r = session.post(f"{live_server}/api/tables/{code}/commands/place_token", headers=auth(token), timeout=10,
                             json={"kind": ("gas", "flame", "smoke", "frost")[i % 4], "side": "heroes"})
            assert r.status_code == 200, r.text
            acknowledged.append(r.json()["version"])
            time.sleep(0.004)

    thread = threading.Thread(target=writer, daemon=True)
    seen: list[int] = []
    last_id = v0
    stream = SSEClient(live_server, code, last_event_id=v0)
    thread.start()
    try:
        for drop in range(3):
            time.sleep(0.15)
            for event in stream.quiet(0.1):
                if event["event"] == "change":
                    seen.append(event["id"])
                last_id = event["id"]
            stream.close()  # the phone loses the connection mid-stream; what it had not read is lost
            time.sleep(0.1)
            stream = SSEClient(live_server, code, last_event_id=last_id)
            assert stream.status == 200
    finally:
        stop.set()
        thread.join(15)
    try:
        final = http.get(f"/api/tables/{code}").json()["version"]
        assert final == v0 + len(acknowledged) and acknowledged == list(range(v0 + 1, final + 1))
        for event in stream.until(lambda e: e["id"] == final and (e["event"] == "snapshot" or e["event"] == "change"),
                                  timeout=10):
            if event["event"] == "change":
                seen.append(event["id"])
        assert seen == list(range(v0 + 1, final + 1)), "a change was missed or sent twice"
    finally:
        stream.close()


def test_a_phone_that_stops_reading_catches_up(http, live_server):
    """A phone stops reading its stream (asleep, in a tunnel) while hundreds of changes happen: the
    server's queue for it overflows, and when it reads again it gets the changes in order, never
    one twice, and ends on the table as it is."""
    code, table = heroes_table(http)
    stream = SSEClient(live_server, code, paused=True)
    try:
        session = requests.Session()
        headers = auth(http.tokens[code])
        for i in range(600):
            if i % 2 == 0:
                r = session.post(f"{live_server}/api/tables/{code}/commands/place_token", headers=headers, timeout=10,
                                 json={"kind": "gas", "side": "heroes", "area": "x" * 80})
            else:
                r = session.post(f"{live_server}/api/tables/{code}/commands/remove_token", headers=headers,
                                 json={"id": i // 2 + 1}, timeout=10)
            assert r.status_code == 200, r.text
        final = http.get(f"/api/tables/{code}")
        version = final.json()["version"]
        assert version == table["version"] + 600
        stream.resume()
        events = stream.until(lambda e: e["id"] == version and (e["event"] == "snapshot" or "table" in e["data"]),
                              timeout=60)
        # the stream's first snapshot is the table as the server read it once the stream was open:
        # the first changes may already be in it (the stream was subscribed before they were made)
        assert events[0]["event"] == "snapshot" and table["version"] <= events[0]["id"] < version
        ids = [e["id"] for e in events if e["event"] == "change"]
        assert ids == sorted(set(ids)), "changes out of order or twice"
        assert all(e["id"] >= prev["id"] for prev, e in zip(events, events[1:]))
        expected = {k: v for k, v in final.json().items() if k not in ("seats", "your_seat")}
        assert events[-1]["data"]["table"] == expected
        assert stream.quiet(0.5) == []
    finally:
        stream.close()


def test_a_game_longer_than_the_history_keeps_its_whole_record_and_replays_a_snapshot(http, live_server,
                                                                                       redis_client):
    """C5 and the whole-game record: once the history (the last changes' states: undo, jump back,
    replay) has dropped the start of a game, a phone whose Last-Event-ID is older gets the table
    instead of the changes, a jump back that far is refused, and a phone that joins at the end
    still reads the whole game, change by change from the first, in pages."""
    code, table = heroes_table(http)
    first = http.get(f"/api/tables/{code}/history?after=0&limit=20").json()
    session = requests.Session()
    headers = auth(http.tokens[code])
    for i in range(420):  # place a token, remove it, and so on
        if i % 2 == 0:
            r = session.post(f"{live_server}/api/tables/{code}/commands/place_token", headers=headers, timeout=10,
                             json={"kind": "gas", "side": "heroes"})
        else:
            r = session.post(f"{live_server}/api/tables/{code}/commands/remove_token", headers=headers,
                             json={"id": i // 2 + 1}, timeout=10)
        assert r.status_code == 200, r.text
    version = table["version"] + 420
    oldest_state = int(redis_client.xrange(f"gc:{{{code}}}:history", count=1)[0][0].split(b"-")[0])
    assert oldest_state > 2
    with SSEClient(live_server, code, last_event_id=1) as stream:
        assert summary(stream.until(lambda e: e["event"] == "snapshot")) == [("snapshot", version)]
    with SSEClient(live_server, code, last_event_id=version - 3) as stream:
        assert summary(stream.until(lambda e: e["event"] == "snapshot")) == \
            [("change", version - 2), ("change", version - 1), ("change", version), ("snapshot", version)]
    before = state_of(http, code)
    r = http.post(f"/api/tables/{code}/history/jump", json={"version": 1})
    assert r.status_code == 409 and r.json()["reason"] == "version_too_old"
    assert state_of(http, code) == before
    # a phone joining now reads every change from the first, as the host read them at the start
    token = join(http, code, "hero:batman")
    record, after = [], 0
    while True:
        page = as_seat(http, token, "get", f"/api/tables/{code}/history?after={after}&limit=100").json()
        record += page
        if len(page) < 100:
            break
        after = page[-1]["version"]
    assert [e["version"] for e in record] == list(range(1, version + 1))
    assert record[:len(first)] == first
    assert [e["command"] for e in record[-2:]] == ["PlaceToken", "RemoveToken"]


# ------------------------------------------------------------------------------------ idempotency


def test_a_retried_write_applies_once(http, live_server):
    code, table = heroes_table(http)
    batman = join(http, code, "hero:batman")
    v0 = table["version"]
    reserve = hero_of(table, "batman")["reserve"]
    path = f"/api/tables/{code}/commands/spend"  # Batman\'s: bodies name "hero"
    body = {"hero": "batman", "space": "melee", "cubes": 2}
    with SSEClient(live_server, code) as stream:
        assert stream.next()["id"] == v0
        first = as_seat(http, batman, "post", path, body, headers={"Idempotency-Key": "phone-1:change-7"})
        assert first.status_code == 200 and "Idempotent-Replayed" not in first.headers
        for _ in range(3):  # the phone never saw the answer and sends it again
            again = as_seat(http, batman, "post", path, body, headers={"Idempotency-Key": "phone-1:change-7"})
            assert again.status_code == 200
            assert again.headers["Idempotent-Replayed"] == "true"
            assert again.json() == first.json()
            assert again.headers["ETag"] == first.headers["ETag"] == f'"{v0 + 1}"'
        # a retry that still carries the screen's old version is the same write, not a stale one
        again = as_seat(http, batman, "post", path, body,
                        headers={"Idempotency-Key": "phone-1:change-7", "If-Match": f'"{v0}"'})
        assert again.status_code == 200 and again.json() == first.json()
        assert [e["id"] for e in stream.quiet(0.5) if e["event"] == "change"] == [v0 + 1]
    table = http.get(f"/api/tables/{code}").json()
    assert table["version"] == v0 + 1
    assert hero_of(table, "batman")["reserve"] == reserve - 2
    assert hero_of(table, "batman")["spaces"]["melee"]["cubes"] == 2
    assert len(http.get(f"/api/tables/{code}/history?after={v0}").json()) == 1
    # another key is another change
    other = as_seat(http, batman, "post", path, body, headers={"Idempotency-Key": "phone-1:change-8"})
    assert other.status_code == 200 and other.json()["version"] == v0 + 2
    # a malformed key is refused and changes nothing
    before = state_of(http, code)
    bad = as_seat(http, batman, "post", path, body, headers={"Idempotency-Key": "no spaces allowed"})
    assert bad.status_code == 400
    assert state_of(http, code) == before


def test_the_same_key_sent_at_once_from_many_connections_applies_once(http, live_server):
    code, table = heroes_table(http)
    v0 = table["version"]
    barrier = threading.Barrier(10)
    answers = []

    def send():
        barrier.wait(5)
        answers.append(requests.post(f"{live_server}/api/tables/{code}/commands/spend",
                                     json={"hero": "batman", "space": "thought", "cubes": 1}, timeout=10,
                                     headers={**auth(http.tokens[code]), "Idempotency-Key": "same-key"}))

    threads = [threading.Thread(target=send) for _ in range(10)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(15)
    assert [a.status_code for a in answers] == [200] * 10
    assert len({a.content for a in answers}) == 1
    assert sum(1 for a in answers if "Idempotent-Replayed" not in a.headers) == 1
    table = http.get(f"/api/tables/{code}").json()
    assert table["version"] == v0 + 1
    assert hero_of(table, "batman")["spaces"]["thought"]["cubes"] == 1


def test_idempotency_keys_belong_to_one_phone(http):
    """Two phones that happen to make the same key both change the table; a phone without a seat
    cannot replay another phone's answer."""
    code, table = heroes_table(http)
    v0 = table["version"]
    batman = join(http, code, "hero:batman")
    villain = join(http, code, "villain")
    key = {"Idempotency-Key": "change-1"}
    a = as_seat(http, batman, "post", f"/api/tables/{code}/commands/spend", {"hero": "batman", "space": "melee", "cubes": 1}, key)
    b = as_seat(http, villain, "post", f"/api/tables/{code}/commands/spend",
                {"side": "villain", "space": "defense", "cubes": 1}, key)
    assert a.status_code == b.status_code == 200, (a.text, b.text)
    assert "Idempotent-Replayed" not in b.headers and b.json()["version"] == v0 + 2
    before = state_of(http, code)
    for token, status in ((None, 401), (join(http, code, "spectator"), 403)):
        r = as_seat(http, token, "post", f"/api/tables/{code}/commands/spend", {"hero": "batman", "space": "melee", "cubes": 1}, key)
        assert r.status_code == status and "Idempotent-Replayed" not in r.headers, r.text
    again = as_seat(http, batman, "post", f"/api/tables/{code}/commands/spend", {"hero": "batman", "space": "melee", "cubes": 1}, key)
    assert again.headers.get("Idempotent-Replayed") == "true" and again.json() == a.json()
    assert state_of(http, code) == before


def test_if_match_refuses_a_stale_screen(http):
    code, table = heroes_table(http)
    v0 = table["version"]
    path = f"/api/tables/{code}/commands/spend"  # Batman\'s: bodies name "hero"
    ok = http.post(path, json={"hero": "batman", "space": "melee", "cubes": 1}, headers={"If-Match": f'"{v0}"'})
    assert ok.status_code == 200 and ok.json()["version"] == v0 + 1
    before = state_of(http, code)
    for tag in (f'"{v0}"', '"nonsense"', f'W/"{v0 - 1}"', '"\u00b2"', '"' + "9" * 5000 + '"'):
        stale = http.post(path, json={"hero": "batman", "space": "melee", "cubes": 1}, headers={"If-Match": tag})
        assert stale.status_code == 412, (tag[:20], stale.status_code, stale.text[:200])
        assert stale.json()["version"] == v0 + 1 and stale.json()["table"]["version"] == v0 + 1
        assert state_of(http, code) == before
    assert http.post(path, json={"hero": "batman", "space": "melee", "cubes": 1}, headers={"If-Match": f'"{v0}", "{v0 + 1}"'}) \
        .status_code == 200
    # an undo (which reads no state of its own to restore a snapshot) is refused the same way
    before = state_of(http, code)
    stale = http.post(f"/api/tables/{code}/history/undo", json={}, headers={"If-Match": f'"{v0}"'})
    assert stale.status_code == 412 and stale.json()["table"]["version"] == v0 + 2
    assert stale.json()["table"]["heroes"] == http.get(f"/api/tables/{code}").json()["heroes"]
    assert state_of(http, code) == before


# ------------------------------------------------------------------------------------ many phones at once


def test_twenty_phones_spending_on_one_hero_keep_the_invariants(http, live_server):
    code, table = heroes_table(http)
    batman = join(http, code, "hero:batman")
    host = http.tokens[code]
    v0 = table["version"]
    before = hero_of(table, "batman")
    assert before["reserve"] == 12
    spaces = ("melee", "ranged", "manipulation", "thought")  # room 4 + 3 + 3 + 3 = 13 > 12 cubes
    barrier = threading.Barrier(20)
    answers: list[tuple[int, str, requests.Response]] = []
    lock = threading.Lock()

    def phone(i):
        token = host if i % 2 == 0 else batman
        session = requests.Session()  # its own connection
        barrier.wait(10)
        r = session.post(f"{live_server}/api/tables/{code}/commands/spend", headers=auth(token),
                         json={"hero": "batman", "space": spaces[i % 4], "cubes": 1}, timeout=20)
        with lock:
            answers.append((i, spaces[i % 4], r))

    with SSEClient(live_server, code) as stream:
        assert stream.next()["id"] == v0
        threads = [threading.Thread(target=phone, args=(i,)) for i in range(20)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(30)
        assert len(answers) == 20
        applied = [r for _, _, r in answers if r.status_code == 200]
        refused = [r for _, _, r in answers if r.status_code != 200]
        for r in refused:
            assert r.status_code == 409, r.text
            assert r.json().get("rule"), r.text  # a rule (empty reserve, saturated space), never "busy"
            assert "reserve" in r.json()["message"] or "space" in r.json()["message"], r.text
        final = http.get(f"/api/tables/{code}").json()
        batman_now = hero_of(final, "batman")
        check_invariants(final)
        moved = sum(batman_now["spaces"][s]["cubes"] for s in spaces)
        assert len(applied) == moved == before["reserve"] - batman_now["reserve"] == 12
        assert final["version"] == v0 + len(applied)
        assert sorted(r.json()["version"] for r in applied) == list(range(v0 + 1, final["version"] + 1))
        for space in spaces:
            wanted = sum(1 for _, s, r in answers if s == space and r.status_code == 200)
            assert batman_now["spaces"][space]["cubes"] == wanted
        for r in applied:
            check_invariants(r.json()["table"])
        history = http.get(f"/api/tables/{code}/history?after={v0}").json()
        assert [h["version"] for h in history] == list(range(v0 + 1, final["version"] + 1))
        assert {h["seat"] for h in history} <= {"host", "hero:batman"}
        changes = stream.changes_until(final["version"], timeout=10)
        assert [c["id"] for c in changes] == list(range(v0 + 1, final["version"] + 1))
        last = changes[-1]["data"]["table"]
        assert {k: v for k, v in final.items() if k not in ("seats", "your_seat")} == last


def test_undo_and_spending_at_once_keep_the_history_straight(http, live_server):
    """Ten phones undo and redo while ten spend cubes, all at once: every answer is a change or a
    refusal, the versions are consecutive, and the table keeps its invariants."""
    code, table = heroes_table(http)
    batman = join(http, code, "hero:batman")
    v0 = table["version"]
    barrier = threading.Barrier(20)
    answers = []
    lock = threading.Lock()

    def phone(i):
        session = requests.Session()
        barrier.wait(10)
        if i % 2:
            r = session.post(f"{live_server}/api/tables/{code}/commands/spend", headers=auth(batman),
                             json={"hero": "batman", "space": ("melee", "ranged", "thought")[i % 3], "cubes": 1}, timeout=20)
        else:
            r = session.post(f"{live_server}/api/tables/{code}/history/{('undo', 'redo')[i % 4 // 2]}",
                             headers=auth(http.tokens[code]), timeout=20)
        with lock:
            answers.append(r)

    threads = [threading.Thread(target=phone, args=(i,)) for i in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert len(answers) == 20
    for r in answers:
        assert r.status_code in (200, 409), r.text
        if r.status_code == 409:
            assert "busy" not in r.json()["message"], r.text
    applied = sorted(r.json()["version"] for r in answers if r.status_code == 200)
    final = http.get(f"/api/tables/{code}").json()
    assert applied == list(range(v0 + 1, final["version"] + 1))
    check_invariants(final)
    history = http.get(f"/api/tables/{code}/history?after={v0}").json()
    assert [h["version"] for h in history] == applied


# ------------------------------------------------------------------------------------ undo, redo, jump


def test_undo_redo_and_jump_reach_every_phone_and_respect_the_seats(http, live_server):
    code, table = heroes_table(http)
    host = http.tokens[code]
    batman = join(http, code, "hero:batman")
    villain = join(http, code, "villain")
    spectator = join(http, code, "spectator")
    v0 = table["version"]
    states = {v0: state_of(http, code)[1]}
    streams = open_streams(live_server, code, {"host": host, "hero:batman": batman, "villain": villain})

    def travel(token, kind, body=None, status=200):
        before = state_of(http, code)
        r = as_seat(http, token, "post", f"/api/tables/{code}/history/{kind}", body)
        assert r.status_code == status, r.text
        if status != 200:
            assert state_of(http, code) == before
            return r
        version = r.json()["version"]
        for seat, stream in streams.items():
            [change] = stream.changes_until(version)
            assert change["data"]["command"] == kind.capitalize()
            assert change["data"]["table"] == r.json()["table"], seat
        return r

    try:
        r = as_seat(http, batman, "post", f"/api/tables/{code}/commands/spend", {"hero": "batman", "space": "melee", "cubes": 3})
        assert r.status_code == 200
        states[v0 + 1] = state_of(http, code)[1]
        r = as_seat(http, villain, "post", f"/api/tables/{code}/commands/spend",
                    {"side": "villain", "space": "defense", "cubes": 2})
        assert r.status_code == 200
        states[v0 + 2] = state_of(http, code)[1]
        for stream in streams.values():
            stream.changes_until(v0 + 2)

        # a hero cannot undo the villain's change; nor can a spectator or a phone without a seat
        assert travel(batman, "undo", status=403).json()["message"].startswith("Only the host")
        travel(spectator, "undo", status=403)
        travel(None, "undo", status=401)
        # the host can
        r = travel(host, "undo")
        assert r.json()["version"] == v0 + 3 and state_of(http, code)[1] == states[v0 + 1]
        assert r.json()["events"][0]["data"] == {"restored": v0 + 1, "change": v0 + 2}
        villain_post = r.json()["table"]["command_posts"]["villain"]
        assert villain_post["spaces"]["defense"]["cubes"] == 0
        # batman may undo his own change
        r = travel(batman, "undo")
        assert state_of(http, code)[1] == states[v0]
        assert hero_of(r.json()["table"], "batman")["spaces"]["melee"]["cubes"] == 0
        # redo: the villain cannot redo batman's change; batman can, then the villain its own
        travel(villain, "redo", status=403)
        travel(batman, "redo")
        assert state_of(http, code)[1] == states[v0 + 1]
        travel(villain, "redo")
        assert state_of(http, code)[1] == states[v0 + 2]
        travel(host, "redo", status=409)
        # jump: the host only
        travel(batman, "jump", {"version": v0}, status=403)
        travel(villain, "jump", {"version": v0}, status=403)
        r = travel(host, "jump", {"version": v0})
        assert state_of(http, code)[1] == states[v0]
        travel(host, "jump", {"version": r.json()["version"] + 1}, status=409)
        # after the jump, redo brings the next change back
        travel(host, "redo")
        assert state_of(http, code)[1] == states[v0 + 1]
        # a new change clears what could be redone
        r = as_seat(http, batman, "post", f"/api/tables/{code}/commands/spend", {"hero": "batman", "space": "ranged", "cubes": 1})
        assert r.status_code == 200
        travel(host, "redo", status=409)
        for stream in streams.values():
            stream.changes_until(r.json()["version"])
        check_invariants(http.get(f"/api/tables/{code}").json())
    finally:
        close_all(streams)


def test_undo_with_an_empty_history(http):
    code = new_table(http)["code"]
    before = state_of(http, code)
    for kind in ("undo", "redo"):
        r = http.post(f"/api/tables/{code}/history/{kind}")
        assert r.status_code == 409, r.text
    assert state_of(http, code) == before


# ------------------------------------------------------------------------------------ bad input


def test_bad_input_leaves_the_table_unchanged(http, live_server, redis_client):
    code, _ = heroes_table(http)
    other_code, _ = heroes_table(http)
    villain = join(http, code, "villain")
    spectator = join(http, code, "spectator")
    before = state_of(http, code)

    def unchanged():
        assert state_of(http, code) == before

    spend = f"/api/tables/{code}/commands/spend"  # Batman\'s: bodies name "hero"
    body = {"hero": "batman", "space": "melee", "cubes": 1}
    # a code that names no table (valid letters) and one that cannot be a code at all
    for missing in ("ABCDEF" if code != "ABCDEF" else "ABCDEG", "abc", "ZZZZZZ0", "IIIIII"):
        for method, path, payload in (("get", f"/api/tables/{missing}", None),
                                      ("post", f"/api/tables/{missing}/commands/spend", {"hero": "batman", **body}),
                                      ("post", f"/api/tables/{missing}/seats", {"seat": "villain"}),
                                      ("get", f"/api/tables/{missing}/live", None),
                                      ("get", f"/api/tables/{missing}/history", None),
                                      ("post", f"/api/tables/{missing}/history/undo", None)):
            r = as_seat(http, http.tokens[code], method, path, payload)
            assert r.status_code == 404, (missing, path, r.status_code, r.text[:200])
            assert "message" in r.json()
    unchanged()
    # another table's token: no seat here
    for token in (http.tokens[other_code], "not-a-token", "x" * 300):
        r = as_seat(http, token, "post", spend, body)
        assert r.status_code in (401, 403), r.text
        unchanged()
    # outside the seat's rights; a spectator never changes anything
    assert as_seat(http, villain, "post", spend, body).status_code == 403
    for path, payload in ((spend, body), (f"/api/tables/{code}/commands/advance", None),
                          (f"/api/tables/{code}/commands/place_token", {"kind": "gas", "side": "heroes"}),
                          (f"/api/tables/{code}/history/undo", None),
                          (f"/api/tables/{code}/seats/villain/handover", None)):
        r = as_seat(http, spectator, "post", path, payload)
        assert r.status_code == 403, (path, r.text)
    unchanged()
    # forged Last-Event-ID
    version = before[0]
    for forged in (str(version + 1), "-1", "abc", "1e3", "1.5", " ", "\u00b2", "9" * 5000, "0x10"):
        for how in ("header", "query"):
            stream = SSEClient(live_server, code, **({"headers": {"Last-Event-ID": forged}} if how == "header"
                                                     else {"query": {"last_event_id": forged}}))
            try:
                assert stream.status == 400, (forged[:20], how, stream.status, stream.body[:300])
                assert "message" in json.loads(stream.body)
            finally:
                stream.close()
    unchanged()
    # oversized and corrupt imports create nothing and change nothing
    keys_before = set(redis_client.scan_iter("gc:{*}:table", count=1000))
    exported = http.get(f"/api/tables/{code}/export").json()
    big = {**exported, "state": {**exported["state"], "padding": "x" * (1024 * 1024 + 10)}}
    r = http.post("/api/tables/import", json=big, token=None)
    assert r.status_code == 413, r.status_code
    for corrupt in corruptions(exported):
        r = http.post("/api/tables/import", json=corrupt, token=None)
        assert r.status_code == 422, (json.dumps(corrupt)[:300], r.status_code, r.text[:300])
        assert "message" in r.json()
    r = http.post("/api/tables/import", data=b"{not json", headers={"Content-Type": "application/json"},
                  token=None)
    assert r.status_code in (400, 422), r.text
    assert set(redis_client.scan_iter("gc:{*}:table", count=1000)) == keys_before
    unchanged()
    # an expired table is gone for everyone
    for key in (f"gc:{{{other_code}}}:table", f"gc:{{{other_code}}}:history", f"gc:{{{other_code}}}:record"):
        redis_client.pexpire(key, 1)
    time.sleep(0.05)
    assert http.get(f"/api/tables/{other_code}").status_code == 404
    assert http.post(f"/api/tables/{other_code}/commands/place_token", json={"kind": "gas", "side": "heroes"}).status_code == 404
    assert http.post(f"/api/tables/{other_code}/seats", json={"seat": "villain"}).status_code == 404


def corruptions(exported: dict):
    """Export documents that must be refused: a wrong envelope, a state that is not a table, a
    required part missing, any field of the table or of a hero with a value of another JSON type,
    a table that breaks the rules (cubes not conserved)."""
    state = exported["state"]
    yield {**exported, "format": "something/else"}
    yield {**exported, "version": 2}
    yield {k: v for k, v in exported.items() if k != "state"}
    for bad in ({}, {"heroes": "Batman"}, [], "table", None):
        yield {**exported, "state": bad}
    for key in ("mission", "heroes", "command_posts"):
        yield {**exported, "state": {k: v for k, v in state.items() if k != key}}

    def other_types(value):
        for bad in ("nonsense", 12345, [1, 2], {"a": 1}, True, 1.5):
            if type(bad) is not type(value) and value is not None:
                yield bad

    for key, value in state.items():
        for bad in other_types(value):
            yield {**exported, "state": {**state, key: bad}}
    hero_id, hero = next(iter(state["heroes"].items()))
    for key, value in hero.items():
        for bad in other_types(value):
            yield {**exported, "state": {**state, "heroes": {**state["heroes"], hero_id: {**hero, key: bad}}}}
    for reserve in (-5, 999):
        yield {**exported, "state": {**state, "heroes": {**state["heroes"], hero_id: {**hero, "reserve": reserve}}}}


# ------------------------------------------------------------------------------------ export, handover, joining


def test_export_and_import_resume_an_identical_table(http, live_server):
    code, _ = heroes_table(http)
    assert http.post(f"/api/tables/{code}/commands/spend", json={"hero": "batman", "space": "melee", "cubes": 2}).status_code == 200
    assert http.post(f"/api/tables/{code}/commands/place_token", json={"kind": "gas", "side": "villain"}).status_code == 200
    exported = http.get(f"/api/tables/{code}/export")
    assert exported.status_code == 200
    doc = exported.json()
    assert doc["format"] == "gotham-companion/table" and doc["version"] == 1 and doc["code"] == code
    r = http.post("/api/tables/import", json=doc, token=None)
    assert r.status_code == 201, r.text
    new = r.json()
    assert new["code"] != code and new["seat"] == "host" and new["token"] and new["version"] == 1
    assert new["token"] != http.tokens[code]
    again = http.get(f"/api/tables/{new['code']}/export").json()
    assert again["state"] == doc["state"]
    old_view = http.get(f"/api/tables/{code}").json()
    new_view = http.get(f"/api/tables/{new['code']}").json()
    ignore = ("code", "version", "seats", "your_seat", "undo", "redo")  # an imported table starts a new history
    assert {k: v for k, v in new_view.items() if k not in ignore} == {k: v for k, v in old_view.items() if k not in ignore}
    # the game resumes there: the new host plays, the old host holds no seat at the new table
    r = http.post(f"/api/tables/{new['code']}/commands/spend", json={"hero": "batman", "space": "ranged", "cubes": 1},
                  token=new["token"])
    assert r.status_code == 200 and r.json()["version"] == 2
    old_host = as_seat(http, http.tokens[code], "post", f"/api/tables/{new['code']}/commands/spend",
                       {"hero": "batman", "space": "ranged", "cubes": 1})
    assert old_host.status_code == 401
    assert http.get(f"/api/tables/{code}").json()["version"] == old_view["version"]  # the original is untouched


def _versus_table(http) -> str:
    from games.serial import to_data
    from tests.rules.versus_fixtures import mission

    body = to_data(mission())
    for side in body["sides"].values():
        del side["spaces"]  # the API's default spaces
    del body["rules"]  # loaded from the booklet by id only
    r = http.post("/api/versus-tables", json={"mission": body})
    assert r.status_code == 201, r.text
    return r.json()["code"]


def _export_import_resumes(http, code) -> None:
    doc = http.get(f"/api/tables/{code}/export").json()
    r = http.post("/api/tables/import", json=doc, token=None)
    assert r.status_code == 201, r.text
    assert http.get(f"/api/tables/{r.json()['code']}/export").json()["state"] == doc["state"]


def test_export_and_import_of_versus_tables(http):
    from games.serial import to_data
    from tests.rules.versus_fixtures import HEROES_TEAM, VILLAIN_TEAM

    code = _versus_table(http)
    _export_import_resumes(http, code)  # nothing picked yet
    base = f"/api/tables/{code}/commands"
    assert http.post(f"{base}/pick_hq", json={"side": "heroes", "tile": to_data(HEROES_TEAM[0]), "powers": []}).status_code == 200
    assert http.post(f"{base}/pick_hq", json={"side": "villain", "tile": to_data(VILLAIN_TEAM[0]), "powers": []}).status_code == 200
    for h, v in zip(HEROES_TEAM[1:], VILLAIN_TEAM[1:]):
        assert http.post(f"{base}/draft_tile", json={"side": "heroes", "tile": to_data(h)}).status_code == 200
        assert http.post(f"{base}/draft_tile", json={"side": "villain", "tile": to_data(v)}).status_code == 200
    _export_import_resumes(http, code)  # the draft done


def test_a_versus_table_exported_in_the_middle_of_its_draft_imports(http):
    from games.serial import to_data
    from tests.rules.versus_fixtures import HEROES_TEAM

    code = _versus_table(http)
    r = http.post(f"/api/tables/{code}/commands/pick_hq", json={"side": "heroes", "tile": to_data(HEROES_TEAM[0]), "powers": []})
    assert r.status_code == 200, r.text
    _export_import_resumes(http, code)


def test_handover_gives_a_seat_to_a_new_phone(http):
    code, _ = heroes_table(http)
    old = join(http, code, "hero:batman")
    villain = join(http, code, "villain")
    spend = f"/api/tables/{code}/commands/spend"  # Batman\'s: bodies name "hero"
    assert as_seat(http, old, "post", spend, {"hero": "batman", "space": "melee", "cubes": 1}).status_code == 200
    r = http.post(f"/api/tables/{code}/seats", json={"seat": "hero:batman"}, token=None)
    assert r.status_code == 409  # taken: only the host hands it over
    before = state_of(http, code)
    for token, status in ((old, 403), (villain, 403), (None, 401)):
        r = as_seat(http, token, "post", f"/api/tables/{code}/seats/hero:batman/handover")
        assert r.status_code == status, r.text
    for seat in ("hero:joker", "spectator", "nobody"):
        assert http.post(f"/api/tables/{code}/seats/{seat}/handover").status_code == 404
    assert state_of(http, code) == before
    new = hand_over(http, code, "hero:batman")
    assert new != old
    refused = as_seat(http, old, "post", spend, {"hero": "batman", "space": "melee", "cubes": 1})
    assert refused.status_code == 401  # the old phone holds no seat any more
    assert state_of(http, code) == before
    r = as_seat(http, new, "post", spend, {"hero": "batman", "space": "melee", "cubes": 1})
    assert r.status_code == 200 and r.json()["version"] == before[0] + 1
    assert http.get(f"/api/tables/{code}", token=new).json()["your_seat"] == "hero:batman"
    assert http.get(f"/api/tables/{code}", token=old).json()["your_seat"] is None
    # the villain keeps its seat; the host may even hand over its own seat
    assert as_seat(http, villain, "post", f"/api/tables/{code}/commands/spend",
                   {"side": "villain", "space": "defense", "cubes": 1}).status_code == 200
    old_host = http.tokens[code]
    new_host = hand_over(http, code, "host")
    assert new_host != old_host
    assert as_seat(http, old_host, "post", f"/api/tables/{code}/commands/end_game", {"winner": "none"}).status_code == 401
    assert as_seat(http, new_host, "post", f"/api/tables/{code}/commands/end_game", {"winner": "none"}).status_code == 200


def test_joining_seats(http):
    code, _ = heroes_table(http)
    seats = http.get(f"/api/tables/{code}/seats").json()
    assert [s["seat"] for s in seats] == ["host", "villain", "hero:batman", "hero:commissioner-gordon",
                                          "hero:renee-montoya"]
    assert [s["taken"] for s in seats] == [True, False, False, False, False]
    for seat in ("villain", "hero:renee-montoya", "spectator", "spectator"):
        join(http, code, seat)
    for seat, status in (("villain", 409), ("host", 409), ("hero:joker", 404), ("joker", 404), ("Joker!", 422)):
        r = http.post(f"/api/tables/{code}/seats", json={"seat": seat}, token=None)
        assert r.status_code == status, (seat, r.text)
    assert [s["taken"] for s in http.get(f"/api/tables/{code}/seats").json()] == [True, True, False, False, True]


def test_join_rate_limit(http, app, redis_client):
    code, _ = heroes_table(http)
    limit = app.config["RATE_LIMIT_JOIN"]
    app.config["RATE_LIMIT_JOIN"] = "3/minute"
    for key in redis_client.scan_iter("gc:limits*join*"):
        redis_client.delete(key)
    try:
        answers = [http.post(f"/api/tables/{code}/seats", json={"seat": s}, token=None).status_code
                   for s in ("spectator", "villain", "villain", "hero:batman", "spectator")]
        assert answers == [201, 201, 409, 429, 429]
        r = http.post(f"/api/tables/{code}/seats", json={"seat": "hero:batman"}, token=None)
        assert r.status_code == 429 and "message" in r.json() and int(r.headers["Retry-After"]) > 0
    finally:
        app.config["RATE_LIMIT_JOIN"] = limit
        for key in redis_client.scan_iter("gc:limits*join*"):
            redis_client.delete(key)
    taken = {s["seat"]: s["taken"] for s in http.get(f"/api/tables/{code}/seats").json()}
    assert taken["hero:batman"] is False and taken["villain"] is True
    assert http.post(f"/api/tables/{code}/seats", json={"seat": "hero:batman"}, token=None).status_code == 201


def test_seats_show_who_is_connected(http, live_server):
    code, _ = heroes_table(http)
    villain = join(http, code, "villain")
    gordon = join(http, code, "hero:commissioner-gordon")

    def connected():
        view = {s["seat"]: s["connected"] for s in http.get(f"/api/tables/{code}").json()["seats"]}
        listed = {s["seat"]: s["connected"] for s in http.get(f"/api/tables/{code}/seats").json()}
        assert view == listed
        return view

    assert not any(connected().values())
    with SSEClient(live_server, code, token=villain) as stream, SSEClient(live_server, code) as anonymous:
        assert stream.next()["event"] == "snapshot" and anonymous.next()["event"] == "snapshot"
        deadline = time.monotonic() + 5
        while not connected()["villain"] and time.monotonic() < deadline:
            time.sleep(0.05)
        assert connected() == {"host": False, "villain": True, "hero:batman": False,
                               "hero:commissioner-gordon": False, "hero:renee-montoya": False}
        with SSEClient(live_server, code, headers=auth(gordon)) as by_header:
            assert by_header.next()["event"] == "snapshot"
            deadline = time.monotonic() + 5
            while not connected()["hero:commissioner-gordon"] and time.monotonic() < deadline:
                time.sleep(0.05)
            assert connected()["hero:commissioner-gordon"]
        time.sleep(1.5)  # heartbeats keep it fresh
        assert connected()["villain"]


def test_a_table_in_play_keeps_its_expiry_moving(http, redis_client, app):
    """Idle tables expire (config TABLE_TTL); a table being played must not: the write script
    moves the expiry of the table and its history on every 32 changes."""
    code = new_table(http)["code"]
    keys = [f"gc:{{{code}}}:{part}" for part in ("table", "history")]
    for key in keys:
        redis_client.expire(key, 100)
    for i in range(32):
        r = http.post(f"/api/tables/{code}/commands/place_token", json={"kind": "gas", "side": "heroes", "area": f"a{i}"})
        assert r.status_code == 200, r.text
    ttl = app.config["TABLE_TTL"]
    for key in keys:
        assert ttl - 60 < redis_client.ttl(key) <= ttl, key


def test_the_host_takes_the_seat_back_with_the_recovery_code(http):
    """C6: the recovery code shown once at creation gives the host seat to a new phone; the old host
    token stops working; a wrong code is 403 bad_recovery_code and changes nothing."""
    created = new_table(http)
    code, old, recovery = created["code"], created["token"], created["recovery_code"]
    assert len(recovery) == 14 and recovery.count("-") == 2
    r = http.post(f"/api/tables/{code}/recover", json={"recovery_code": "AAAA-BBBB-CCCC"}, token=None)
    assert (r.status_code, r.json()["reason"]) == (403, "bad_recovery_code")
    assert as_seat(http, old, "post", f"/api/tables/{code}/commands/place_token", {"kind": "gas", "side": "heroes"}).status_code == 200
    r = http.post(f"/api/tables/{code}/recover", json={"recovery_code": recovery.lower().replace("-", " ")},
                  token=None)
    assert r.status_code == 201, r.text
    assert (r.json()["seat"], r.json()["code"]) == ("host", code)
    new = r.json()["token"]
    assert as_seat(http, old, "post", f"/api/tables/{code}/commands/place_token", {"kind": "gas", "side": "heroes"}).status_code == 401
    assert as_seat(http, new, "post", f"/api/tables/{code}/commands/place_token", {"kind": "gas", "side": "heroes"}).status_code == 200
    r = http.post("/api/tables/ZZZZZZ/recover", json={"recovery_code": recovery}, token=None)
    assert r.status_code == 404
