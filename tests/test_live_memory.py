"""What an open live stream keeps while it waits (api/live.py): its queue, its greenlet or thread,
its socket, and nothing of its table. The cyclic collector's full collections walk every object
that lives long; a stream that kept the table view it opened with (514 objects per stream in this
test, a 3-hero table) made them walk hundreds of thousands at a few hundred tables
(bench/capacity.py prints the pauses)."""
from __future__ import annotations

import gc

from tests.tables import table_body


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
