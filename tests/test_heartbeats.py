"""The heartbeats of a process's streams come from one ticker (api/live.py `Hub._beat`): each stream
is told once per heartbeat that its heartbeat is due, and the streams are spread over the
heartbeat's length (never all in one tick: each heartbeat writes the seat's presence to Redis)."""
import queue
import time

from api.live import BEAT, BEAT_TICK, Hub
from api.store import connect
from tests.sse_client import SSEClient
from tests.tables import new_table

STREAMS = 60
HEARTBEAT = 1.0


def _beats(q: queue.Queue, times: list[float]) -> None:
    while True:
        try:
            item = q.get_nowait()
        except queue.Empty:
            return
        if item is BEAT:
            times.append(time.monotonic())


def test_each_stream_beats_once_a_heartbeat_and_the_streams_are_spread_over_it(redis_server):
    found = connect(redis_server.url, 4)
    hub = Hub(found.client, sharded=found.sharded, heartbeat=HEARTBEAT)
    streams = [hub.subscribe(f"HB{i:04d}") for i in range(STREAMS)]
    try:
        time.sleep(0.3)  # past the first ticks: every stream is counted from here on
        for q in streams:
            _beats(q, [])
        start = time.monotonic()
        times: dict[int, list[float]] = {i: [] for i in range(STREAMS)}
        while time.monotonic() - start < 3 * HEARTBEAT:
            time.sleep(BEAT_TICK / 2)
            for i, q in enumerate(streams):
                _beats(q, times[i])
        for i, beats in times.items():
            assert 2 <= len(beats) <= 4, (i, len(beats))  # about three heartbeats' worth in 3 s
            gaps = [b - a for a, b in zip(beats, beats[1:])]
            assert all(abs(g - HEARTBEAT) < 3 * BEAT_TICK for g in gaps), gaps
        ticks = {}
        for beats in times.values():
            ticks.setdefault(round(beats[0] / BEAT_TICK), []).append(beats[0])
        assert len(ticks) >= 5  # spread over the heartbeat: not one burst
        # each tick beats an even share (timed from here, a starved test thread merges ticks)
        sizes = [len(turn) for turn in hub.turns]
        assert len(sizes) == round(HEARTBEAT / BEAT_TICK) and max(sizes) - min(sizes) <= 1, sizes
        for i in range(0, STREAMS, 3):  # streams that end free their turn; new ones fill the emptiest
            hub.unsubscribe(f"HB{i:04d}", streams[i])
        streams[0:STREAMS:3] = [hub.subscribe(f"HB{i:04d}") for i in range(0, STREAMS, 3)]
        sizes = [len(turn) for turn in hub.turns]
        assert max(sizes) - min(sizes) <= 1, sizes
    finally:
        for i, q in enumerate(streams):
            hub.unsubscribe(f"HB{i:04d}", q)
    deadline = time.monotonic() + 2
    while hub.beating and time.monotonic() < deadline:
        time.sleep(BEAT_TICK)
    assert not hub.beating  # the ticker ends with the last stream


def test_a_heartbeat_whose_presence_write_fails_leaves_the_stream_open(http, live_server, redis_client):
    """Redis refusing a heartbeat's presence write (here the presence key holds the wrong type, as a
    real Redis answers WRONGTYPE; under load, no free connection) does not end the phone's stream:
    the heartbeats go on, the next ones write again, and changes still arrive."""
    table = new_table(http)
    code, token = table["code"], table["token"]
    presence = f"gc:{{{code}}}:presence"
    with SSEClient(live_server, code, token=token) as stream:
        assert stream.next()["event"] == "snapshot"
        deadline = time.monotonic() + 4
        while stream.heartbeats < 1 and time.monotonic() < deadline:  # settled: the hub's first resync read
            time.sleep(0.05)
        redis_client.delete(presence)
        redis_client.set(presence, "not a hash")  # the presence script's HGET fails
        beats = stream.heartbeats
        deadline = time.monotonic() + 8
        while stream.heartbeats < beats + 3 and time.monotonic() < deadline:  # SSE_HEARTBEAT is 1 s in the tests
            time.sleep(0.05)
        assert stream.heartbeats >= beats + 3
        redis_client.delete(presence)
        r = http.post(f"/api/tables/{code}/commands/place_token", json={"kind": "gas", "side": "heroes"},
                      headers={"Authorization": f"Bearer {token}"})
        assert r.status_code == 200, r.text
        assert stream.next()["id"] == r.json()["version"]
        deadline = time.monotonic() + 4
        while not redis_client.exists(presence) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert redis_client.type(presence) == b"hash"  # a later heartbeat wrote the presence again


def test_a_stream_given_changes_sends_no_heartbeat_and_its_presence_is_still_written(http, live_server, redis_client):
    """A stream that was given a change since its last heartbeat sends no heartbeat comment at the
    next (its connection carried data: not idle), while the ticker still writes its seat's presence;
    once the changes stop, the comments come again (the tests' heartbeat: 1 s)."""
    table = new_table(http)
    code, token = table["code"], table["token"]
    headers = {"Authorization": f"Bearer {token}"}
    presence = f"gc:{{{code}}}:presence"
    with SSEClient(live_server, code, token=token) as stream:
        assert stream.next()["event"] == "snapshot"
        deadline = time.monotonic() + 4
        while stream.heartbeats < 1 and time.monotonic() < deadline:
            time.sleep(0.05)
        beats, noted = stream.heartbeats, int(redis_client.hget(presence, "host"))
        start = time.monotonic()
        while time.monotonic() - start < 3.5:  # a change every ~0.3 s, three heartbeats long
            r = http.post(f"/api/tables/{code}/commands/place_token", json={"kind": "gas", "side": "heroes"},
                          headers=headers)
            assert r.status_code == 200, r.text
            time.sleep(0.15)
            r = http.post(f"/api/tables/{code}/history/undo", json={}, headers=headers)
            assert r.status_code == 200, r.text
            time.sleep(0.15)
        assert stream.heartbeats - beats <= 1  # a slow machine may leave one heartbeat without a change
        assert int(redis_client.hget(presence, "host")) >= noted + 2000  # written at the heartbeats all the same
        beats = stream.heartbeats
        deadline = time.monotonic() + 5
        while stream.heartbeats < beats + 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert stream.heartbeats >= beats + 2  # idle again: the comments come back
