"""Memory an API process keeps per table it has seen: the table kept decoded between commands
(api/hot.py, up to GOTHAM_HOT_TABLES per process), with its stored JSON part by part, and the
table's printed definitions decoded once (api/store.py).

Run from the repository root:   .venv/bin/python bench/hot_memory.py [--tables N] [--commands K]

What it does: starts its own redis-server (a temporary directory, a free loopback port) and the app
in this process (Flask's test client, no HTTP server); plays 5 tables to fill what is built once
(routes, schemas, the sample library), then plays N more tables (default 500, the default
GOTHAM_HOT_TABLES) with K commands each (default 40: bench/api_bench.lua's mix, through the
stances and the heroes' actions, so hero boards are written and drawn), all of them kept; prints
the growth of this process's resident memory (/proc/self/statm) per table and at the default
number of kept tables. The garbage collector is tuned as a serving process tunes it, and a full
collection runs before each reading.

With --kept 5 the tables are played but not kept (past the last 5): what then remains per table is
what the store keeps per table code (its printed definitions decoded, its snapshot dictionary) and
the prepared zstd compressors of the last 128 tables written.

Not counted per table: the drawn JSON of heroes and command posts (api/render.py), which tables
with the same parts share here (every table is the same sample); in a process serving distinct
tables it grows up to its bound (2048 parts), printed at the end with the size of the parts drawn
here.

Exit status: 0 when the figures were printed, 1 on any failure.
"""
from __future__ import annotations

import argparse
import gc
import os
import shutil
import sys
import tempfile
from pathlib import Path

import orjson

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from api import create_app, tune_garbage_collector  # noqa: E402
from api.config import Config  # noqa: E402
from api.embedded_redis import EmbeddedRedis  # noqa: E402
from api_bench import free_port, new_table_body  # noqa: E402
from command_profile import Client, drive  # noqa: E402

WARM_TABLES = 5


def resident() -> int:
    """This process's resident memory, bytes."""
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def play(http, body: dict, tables: int, commands: int) -> None:
    for _ in range(tables):
        counts = drive(Client(http, body, 1), commands)
        if counts["ok"] != commands:
            raise RuntimeError(f"a table's commands were not all accepted: {counts}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=Config.HOT_TABLES, help="tables played and kept")
    ap.add_argument("--commands", type=int, default=40, help="commands per table")
    ap.add_argument("--kept", type=int, default=None,
                    help="GOTHAM_HOT_TABLES for the run (default: all the tables played and the warm-up ones)")
    opts = ap.parse_args(argv)
    if not 1 <= opts.tables <= 5000 or not 1 <= opts.commands <= 500:
        ap.error("tables must be 1-5000, commands 1-500")
    keep = opts.tables + WARM_TABLES if opts.kept is None else opts.kept
    if not 1 <= keep <= 10000:
        ap.error("kept must be 1-10000")
    tmp = Path(tempfile.mkdtemp(prefix="hot-memory-"))
    server = EmbeddedRedis(tmp / "redis", port=free_port()).start()
    try:
        app = create_app({"REDIS_URL": server.url, "HOT_TABLES": keep})
        http = app.test_client()
        body = new_table_body(http.get("/api/library/samples").get_json())
        tune_garbage_collector()
        play(http, body, WARM_TABLES, opts.commands)
        gc.collect()
        before = resident()
        play(http, body, opts.tables, opts.commands)
        gc.collect()
        grown = resident() - before
        kept = len(app.extensions["hot_tables"].kept)
        if kept != min(keep, opts.tables + WARM_TABLES):
            raise RuntimeError(f"{kept} tables kept, not {min(keep, opts.tables + WARM_TABLES)}")
        per_table = grown / opts.tables
        renderer = app.extensions["renderer"]
        drawn = [len(orjson.dumps(f)) for f in renderer.drawn.values()]  # a Fragment's JSON as it is
        print("Gotham Companion: memory per table, in one process (the app in-process, real redis-server)")
        print(f"tables played               {opts.tables} ({opts.commands} commands each), after {WARM_TABLES} warm-up "
              f"tables; {kept} kept (GOTHAM_HOT_TABLES={keep})")
        print(f"resident memory grown       {grown / 2**20:.1f} MiB")
        print(f"per table played            {per_table / 1024:.1f} KiB")
        if keep >= opts.tables + WARM_TABLES:
            print(f"at GOTHAM_HOT_TABLES={Config.HOT_TABLES:<6}  {per_table * Config.HOT_TABLES / 2**20:.0f} MiB per process")
        if drawn:
            mean = sum(drawn) / len(drawn)
            print(f"drawn parts (shared here)   {len(drawn)} of at most {renderer.size}, {mean / 1024:.1f} KiB of JSON "
                  f"each: at most about {renderer.size * mean / 2**20:.0f} MiB when full")
    finally:
        server.stop()
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
