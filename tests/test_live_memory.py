"""What an open live stream keeps while it waits (api/live.py): its queue, its greenlet or thread,
its socket, and nothing of its table. The cyclic collector's full collections walk every object
that lives long; a stream that kept the table view it opened with (514 objects per stream in this
test, a 3-hero table) made them walk hundreds of thousands at a few hundred tables
(bench/capacity.py prints the pauses). A worker freezes what each full collection finds alive
(api/worker.py `freeze_survivors`): the collector then walks it no more, and an ended stream must
free what it held by reference counting alone."""
from __future__ import annotations

import gc
import json
import subprocess
import sys
import time
import weakref
from pathlib import Path

from api.extensions import hub
from tests.tables import table_body

ROOT = Path(__file__).resolve().parents[1]

SETTLED = """
import gc, json
from api.worker import settle_collector
settle_collector()
at_start = gc.get_freeze_count()
kept = [[n] for n in range(10_000)]  # alive at the next full collection
for _ in range(1_000):
    ring = []
    ring.append(ring)  # cyclic garbage: found dead by it
del ring
walks = []
gc.callbacks.insert(0, lambda phase, info: walks.append(len(gc.get_objects())) if phase == "start" and info["generation"] == 2 else None)
freed = gc.collect()
after = gc.get_freeze_count()
gc.collect()
print(json.dumps({"frozen": after - at_start, "freed": freed, "walks": walks,
                  "young": [len(gc.get_objects(g)) for g in (0, 1)], "kept": len(kept)}))
"""


def test_a_full_collection_frees_the_cycles_it_finds_then_freezes_what_is_alive():
    """In a process of its own (freezing is for the process's life): after `settle_collector`, a
    full collection frees the dead cycles and freezes the rest, and the next one walks only what
    came after it."""
    done = subprocess.run([sys.executable, "-c", SETTLED], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    assert found["freed"] >= 1_000  # the rings, not frozen with the living
    assert found["frozen"] >= 10_000  # the kept lists, frozen after it
    assert found["walks"][0] >= 10_000 and found["walks"][1] < 1_000, found["walks"]
    assert sum(found["young"]) < 100, found["young"]


def _tracked() -> int:
    gc.collect()
    return len(gc.get_objects())


def test_an_open_stream_keeps_nothing_of_its_table(app):
    client = app.test_client()
    created = client.post("/api/tables", json=table_body()).get_json()
    opened = []
    # phones holding no seat (a seat's own streams are capped lower); two streams first: the hub's listener and the first request's own objects are not a stream's
    for _ in range(2):
        first = client.get(f"/api/tables/{created['code']}/live", buffered=False)
        chunks = iter(first.response)
        opened.append((first, chunks, [next(chunks) for _ in range(3)]))  # retry, snapshot, presence
    before = _tracked()
    for _ in range(10):
        response = client.get(f"/api/tables/{created['code']}/live", buffered=False)
        chunks = iter(response.response)
        sent = [next(chunks) for _ in range(3)]
        assert sent[1].startswith(b"id: 1\nevent: snapshot\n") and b'"heroes"' in sent[1]
        opened.append((response, chunks, None))
    per_stream = (_tracked() - before) / 10
    try:
        assert per_stream < 200, per_stream  # 514 when a stream kept the view it opened with
    finally:
        for response, _, _ in opened:
            response.close()


def test_a_stream_ended_each_way_frees_what_was_frozen_with_it(app):
    """The worker freezes what a full collection finds alive (api/worker.py `freeze_survivors`):
    the open streams among it, which the collector then never walks again, nor frees. So an ended
    stream must free what it held by reference counting, whichever way it ends: its phone closing
    the connection or a failed write (the server closes the stream's iterator, here
    `response.close()`), its token revoked (it sends `revoked` and returns). Each stream's queue
    stands for it: its generator's frame holds it, and so does the hub's bookkeeping of the
    stream (its heartbeat's turn, its writes), so a cycle through either would keep it."""
    client = app.test_client()
    created = client.post("/api/tables", json=table_body()).get_json()
    code, live = created["code"], f"/api/tables/{created['code']}/live"
    with app.app_context():
        streams_hub = hub()

    def open_streams():
        streams = []
        for headers in [{}, {}, {"Authorization": f"Bearer {created['token']}"}]:
            response = client.get(live, headers=headers, buffered=False)
            chunks = iter(response.response)
            next(chunks), next(chunks)  # retry, snapshot
            streams.append((response, chunks))
        return streams

    def end(streams, revoked):
        for response, chunks in streams[:2]:
            response.close()
        response, chunks = streams[2]
        if revoked:  # the host's token stops working: its stream says so and returns
            answer = client.post(f"/api/tables/{code}/recover", json={"recovery_code": created["recovery_code"]})
            assert answer.status_code == 201
            assert any(b"event: revoked" in chunk for chunk in chunks)
        response.close()

    for revoked in (False, True):
        streams = open_streams()
        queues = [weakref.ref(q) for q in streams_hub.queues[code]]
        assert len(queues) == 3
        gc.collect()
        gc.freeze()  # as after a full collection in the worker: the open streams frozen
        try:
            end(streams, revoked)
            del streams
            for _ in range(50):  # the heartbeats' ticker (a thread here) ends with the last stream
                if not streams_hub.beating:
                    break
                time.sleep(0.05)
            assert [q() for q in queues] == [None] * 3
        finally:
            gc.unfreeze()
