"""The app with its table write replaced by a stand-in: an experiment, never a way to serve.

`bench/api_bench.py --write-stand-in skip|yield|wait` serves this module instead of `wsgi:app` to
measure what a command would cost if the Redis write were free, so the rest of a command (HTTP,
Flask, the rules, the answer) can be told from the write and from waiting for it:

  skip   the write does not happen; the command goes on at once
  yield  the write does not happen; the request lets every other request that is ready run first
         (gevent.sleep(0)), as it does while a real write is in flight
  wait   the write does not happen; the request sleeps WAIT_MS milliseconds (default 1, about
         what a pipelined write takes at 50 clients) while the others run

Everything else is the app as served: each process keeps its tables (api/hot.py) and their version
numbers go on locally, so every command's answer is what it would be. Only the table's first
version is in Redis (created by POST /api/tables), which a process reads once per table.
"""
from __future__ import annotations

import os

from api import create_app, tune_garbage_collector
from api.store import Store

MODE = os.environ.get("GOTHAM_WRITE_STAND_IN", "skip")
WAIT_MS = float(os.environ.get("GOTHAM_WRITE_STAND_IN_WAIT_MS", "1"))
if MODE not in ("skip", "yield", "wait"):
    raise SystemExit(f"GOTHAM_WRITE_STAND_IN must be skip, yield or wait, not {MODE!r}")


def _sleep(seconds: float) -> None:
    try:
        import gevent
    except ImportError:  # a gthread worker: a thread sleep lets the others run
        import time
        time.sleep(seconds)
    else:
        gevent.sleep(seconds)


def save_stand_in(self, loaded, state, pool, history, entry, message, idempotency=None, token_digest=None):
    """What Store.save answers when a write lands, without writing (see the module docstring)."""
    if MODE == "yield":
        _sleep(0)
    elif MODE == "wait":
        _sleep(WAIT_MS / 1000)
    self.lane.calls += 1  # counted as a write carried by no round trip
    return loaded.version + 1, {**loaded.pool, **pool}, b"stand-in"


Store.save = save_stand_in
app = create_app()
tune_garbage_collector()  # as wsgi.py
