"""Where a command's time goes, in-process: the same command mix as bench/api_bench.py, driven
through Flask's test client (no HTTP server, no network client), against a real redis-server on a
loopback port.

Run from the repository root:   .venv/bin/python bench/command_profile.py [--commands N]

Prints:
  1. an instrumented run, no profiler: the app's own functions (play.execute, Store.load,
     Store.save, from_data, engine.apply, play.view, play.json_response) wrapped with timers, so
     each one's mean wall and CPU time per command is measured as the app really calls it; beside
     it the whole request, GET /api/ping (what Flask, flask-smorest and the test client cost for a
     trivial answer) and redis-server's own CPU per command (from /proc);
  2. per-command wall time: p50, p90, p99, max, with the garbage collector on and off, to tell
     GC pauses from the rest of the tail;
  3. a cProfile run over the same mix (timer: this thread's CPU time, so waiting for Redis and
     being descheduled by other processes do not count), its self time grouped by layer
     (Flask/werkzeug, flask-smorest/webargs/marshmallow, the rules' from_data/to_data, the engine,
     the table view, orjson, the Redis client, ...), and the top functions by cumulative time.
Redis round trips come from the X-Redis-Round-Trips header, as in the HTTP benchmark.
"""
from __future__ import annotations

import argparse
import cProfile
import gc
import io
import math
import pstats
import re
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from api import create_app, play  # noqa: E402
from api.embedded_redis import EmbeddedRedis  # noqa: E402
from api_bench import cpu_seconds, free_port, new_table_body, percentile  # noqa: E402
from games.bgcc import engine  # noqa: E402

TOKEN = re.compile(rb'"data":\{"token":(\d+)\}')


def cycle(step: str, heroes: list[str]) -> list[tuple]:
    """One cycle of bench/api_bench.lua's command mix at the turn's `step`: two dissipation tokens
    placed and removed, the stances declared in the stance step, reroll and defense cubes spent in
    the heroes' actions step (the turn's advance, when the table has steps left, comes after)."""
    p = [("place", "heroes", "gas"), ("place", "villain", "smoke")]
    if step == "heroes.stances":
        p += [("stance", h) for h in heroes]
    elif step == "heroes.actions":
        p += [("spend", h, "reroll") for h in heroes]
    p.append(("remove",))
    if step == "heroes.actions":
        p += [("spend", h, "defense") for h in heroes]
    p.append(("remove",))
    return p


def command_request(cmd: tuple, base: str, placed: list[int]) -> tuple[str, str, dict | None] | None:
    """(method, path, JSON body or None) of a command of `cycle` (or ("advance",)) on the table at
    `base`; a "remove" takes the oldest of the `placed` token ids (None when there is none)."""
    kind = cmd[0]
    if kind == "place":
        return "POST", f"{base}/tokens", {"kind": cmd[2], "side": cmd[1], "area": "bench"}
    if kind == "remove":
        return ("DELETE", f"{base}/tokens/{placed.pop(0)}", None) if placed else None
    if kind == "stance":
        return "POST", f"{base}/heroes/{cmd[1]}/stance", {"stance": "active"}
    if kind == "spend":
        return "POST", f"{base}/heroes/{cmd[1]}/spend", {"space": cmd[2], "cubes": 1}
    return "POST", f"{base}/turn/advance", None


class Client:
    """The command mix of bench/api_bench.lua, in Python: one client, its own tables."""

    def __init__(self, http, body: dict, tables: int):
        self.http, self.body = http, body
        self.tables_left = tables
        self.plan: list[tuple] = []
        self.placed: list[int] = []
        self.new_table()

    def new_table(self) -> None:
        r = self.http.post("/api/tables", json=self.body)
        assert r.status_code == 201, r.data[:300]
        t = r.get_json()
        self.base = f"/api/tables/{t['code']}"
        # the host's seat token, where the app hands one out
        self.headers = {"Authorization": f"Bearer {t['token']}"} if t.get("token") else {}
        self.heroes = [h["id"] for h in t["heroes"]]
        self.step, self.turn, self.turn_limit = "setup", 0, t["turn"]["turn_limit"]
        self.placed = []
        self.tables_left -= 1

    def refill(self) -> None:
        p = self.plan
        p += cycle(self.step, self.heroes)
        if self.turn >= self.turn_limit and self.step == "end_check_2":
            if self.tables_left > 0:
                self.new_table()
        else:
            p.append(("advance",))

    def request(self):
        """(kind, callable) of the next command."""
        while True:
            if not self.plan:
                self.refill()  # may move to the next table: read base and headers after it
            cmd = self.plan.pop(0)
            made = command_request(cmd, self.base, self.placed)
            if made is None:
                continue
            method, path, body = made
            h = self.headers
            return cmd[0], lambda: self.http.open(path, method=method, headers=h, json=body)

    def answer(self, kind: str, response) -> int:
        if response.status_code != 200:
            self.plan = []
            return response.status_code
        body = response.data
        if kind == "place":
            m = TOKEN.search(body)
            if m:
                self.placed.append(int(m.group(1)))
        turn = response.get_json()["table"]["turn"]
        self.step, self.turn = turn["step"], turn["turn"]
        return 200


def drive(client: Client, n: int, timings: list[float] | None = None) -> dict:
    counts = {"ok": 0, "refused": 0, "other": 0, "round_trips": 0, "statuses": {}}
    for _ in range(n):
        kind, call = client.request()
        t0 = time.perf_counter()
        response = call()
        if timings is not None:
            timings.append(time.perf_counter() - t0)
        status = client.answer(kind, response)
        counts["round_trips"] += int(response.headers.get("X-Redis-Round-Trips", "0"))
        counts["ok" if status == 200 else "refused" if status == 409 else "other"] += 1
        if status != 200:
            counts["statuses"][status] = counts["statuses"].get(status, 0) + 1
    return counts


# ------------------------------------------------------------------ 1. instrumented run


class Timers:
    """Wrap functions with wall and CPU (this thread) timers; undo on exit."""

    def __init__(self):
        self.wall: dict[str, float] = {}
        self.cpu: dict[str, float] = {}
        self.calls: dict[str, int] = {}
        self.undo: list[tuple] = []
        self.missing: list[str] = []

    def wrap(self, owner, name: str, label: str) -> None:
        original = getattr(owner, name, None)
        if original is None:
            self.missing.append(label)
            return

        def timed(*args, **kwargs):
            c0 = time.thread_time()
            t0 = time.perf_counter()
            try:
                return original(*args, **kwargs)
            finally:
                self.wall[label] = self.wall.get(label, 0.0) + time.perf_counter() - t0
                self.cpu[label] = self.cpu.get(label, 0.0) + time.thread_time() - c0
                self.calls[label] = self.calls.get(label, 0) + 1
        had_own = name in vars(owner) if hasattr(owner, "__dict__") else True
        self.undo.append((owner, name, original, had_own))
        setattr(owner, name, timed)

    def restore(self) -> None:
        for owner, name, original, had_own in reversed(self.undo):
            if had_own:
                setattr(owner, name, original)
            else:
                delattr(owner, name)  # an instance attribute shadowing the class's method
        self.undo.clear()

    def reset(self) -> None:
        self.wall.clear()
        self.cpu.clear()
        self.calls.clear()


def instrumented(app, http, body: dict, n: int, redis_pid: int) -> None:
    store = app.extensions["store"]
    timers = Timers()
    # The app's own functions, as play.py calls them (module globals are looked up at call time).
    parser = None
    for blp in app.iter_blueprints():  # flask-smorest blueprints carry the webargs parser
        parser = getattr(blp, "ARGUMENTS_PARSER", None) or parser
    rows = [
        ("Flask WSGI app", (app, "wsgi_app"), "what a server runs: routing, hooks, webargs, view"),
        ("webargs parse", (parser, "parse"), "request body -> validated dict (marshmallow)"),
        ("play.execute", (play, "execute"), "the whole command inside the view"),
        ("Store.load", (store, "load"), "round trip 1 (read) + orjson.loads + redis client"),
        ("from_data", (play, "from_data"), "rebuild the Table dataclasses from the decoded state"),
        ("engine.apply", (engine, "apply"), "the rules"),
        ("play.view", (play, "view"), "table_view: the answer as a phone draws it (reads)"),
        ("Renderer.encode", (app.extensions.get("renderer"), "encode"), "the new state as JSON, part by part"),
        ("Renderer.view", (app.extensions.get("renderer"), "view"), "the answer, reusing unchanged parts"),
        ("HotTables.take", (app.extensions.get("hot_tables"), "take"), "the table kept by the last write"),
        ("HotTables.keep", (app.extensions.get("hot_tables"), "keep"), "keep the new table for the next"),
        ("Store.save", (store, "save"), "the compare-and-set write (snapshot, args, lane)"),
        ("Lane.call", (getattr(store, "lane", None), "call"), "the write's round trip (pipelined)"),
        ("play.json_response", (play, "json_response"), "orjson.dumps of the answer + Response"),
    ]
    for label, (owner, name), _ in rows:
        if owner is None:
            timers.missing.append(label)
            continue
        timers.wrap(owner, name, label)
    try:
        client = Client(http, body, math.ceil(n / 800) + 1)
        drive(client, 300)  # warm the wrapped path
        timers.reset()
        gc.collect()
        redis0 = cpu_seconds(redis_pid)
        c0 = time.thread_time()
        t0 = time.perf_counter()
        counts = drive(client, n)
        wall = time.perf_counter() - t0
        cpu = time.thread_time() - c0
        redis_cpu = cpu_seconds(redis_pid) - redis0
    finally:
        timers.restore()
    ping_wall, ping_cpu = [], []
    for _ in range(min(n, 2000)):
        c1 = time.thread_time()
        t1 = time.perf_counter()
        http.get("/api/ping")
        ping_wall.append(time.perf_counter() - t1)
        ping_cpu.append(time.thread_time() - c1)

    print(f"instrumented run over {n} commands ({counts['ok']} ok, {counts['refused']} refused, "
          f"{counts['other']} other; {counts['round_trips'] / n:.2f} Redis round trips per command)")
    print(f"  {'per command (mean)':<22} {'wall us':>8} {'CPU us':>8} {'calls':>6}  what")
    print(f"  {'whole request':<22} {wall / n * 1e6:>8.0f} {cpu / n * 1e6:>8.0f} {1:>6.2f}  "
          f"test client + Flask + flask-smorest/webargs + the app")
    for label, _, what in rows:
        if label in timers.missing:
            print(f"  {label:<22} {'-':>8} {'-':>8} {'-':>6}  (not in this version of the app)")
            continue
        calls = timers.calls.get(label, 0) / n
        print(f"  {label:<22} {timers.wall.get(label, 0) / n * 1e6:>8.0f} "
              f"{timers.cpu.get(label, 0) / n * 1e6:>8.0f} {calls:>6.2f}  {what}")
    def diff(outer: str | None, inner: str) -> tuple[float, float]:
        w_out = wall if outer is None else timers.wall.get(outer, 0.0)
        c_out = cpu if outer is None else timers.cpu.get(outer, 0.0)
        return ((w_out - timers.wall.get(inner, 0.0)) / n * 1e6, (c_out - timers.cpu.get(inner, 0.0)) / n * 1e6)
    w, c = diff("Flask WSGI app", "play.execute")
    print(f"  {'app less play.execute':<22} {w:>8.0f} {c:>8.0f} {'':>6}  Flask + flask-smorest + webargs around the command")
    w, c = diff(None, "Flask WSGI app")
    print(f"  {'test client overhead':<22} {w:>8.0f} {c:>8.0f} {'':>6}  building the WSGI request (not there under gunicorn)")
    print(f"  {'GET /api/ping':<22} {sum(ping_wall) / len(ping_wall) * 1e6:>8.0f} "
          f"{sum(ping_cpu) / len(ping_cpu) * 1e6:>8.0f} {'':>6}  the trivial baseline through the same stack")
    print(f"  {'redis-server CPU':<22} {'':>8} {redis_cpu / n * 1e6:>8.0f} {'':>6}  "
          f"(/proc, 10 ms ticks: rough) the server side of the round trips")
    print()


# ------------------------------------------------------------------ 3. cProfile by layer


LAYERS = [
    ("flask / werkzeug", ("/flask/", "/werkzeug/", "/click/", "/itsdangerous/", "/blinker/")),
    ("flask-smorest / webargs / marshmallow", ("/flask_smorest/", "/webargs/", "/marshmallow/", "/apispec/")),
    ("rules: serial (from_data / to_data)", ("games/bgcc/serial.py",)),
    ("rules: table view", ("games/bgcc/view.py",)),
    ("rules: engine and the rest of games/", ("/games/",)),
    ("api (play, store, seats, resources)", ("/api/",)),
    ("redis client", ("/redis/",)),
    ("json (stdlib: the test client's request body)", ("/json/",)),
    ("dataclasses / typing / copy", ("dataclasses.py", "typing.py", "copy.py")),
]


def layer_of(filename: str, funcname: str) -> str:
    if filename == "~":
        if "orjson" in funcname:
            return "orjson (dumps / loads)"
        if any(w in funcname for w in ("socket", "recv", "send", "select", "poll")):
            return "socket calls"
        return "builtins (other C calls)"
    for name, needles in LAYERS:
        if any(n in filename for n in needles):
            return name
    if "/socket.py" in filename or "/selectors.py" in filename:
        return "socket calls"
    return "other (stdlib, test client)"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--commands", type=int, default=3000, help="commands per measurement (100-50000)")
    opts = ap.parse_args(argv)
    n = max(100, min(opts.commands, 50000))
    tmp = Path(tempfile.mkdtemp(prefix="command_profile-"))
    server = EmbeddedRedis(tmp / "redis", port=free_port())
    try:
        server.start()
        app = create_app({"REDIS_URL": server.url, "TESTING": True})
        http = app.test_client()
        body = new_table_body(http.get("/api/library/samples").get_json())
        tables = math.ceil(n / 800) + 1
        print(f"in-process command mix through the Flask test client; redis-server on {server.url}")
        print()

        drive(Client(http, body, 2), 500)  # warm up
        instrumented(app, http, body, n, server.process.pid)

        print(f"{'per-command wall time':<22} {'p50 ms':>7} {'p90 ms':>7} {'p99 ms':>7} {'max ms':>7} "
              f"{'mean ms':>8} {'RT/cmd':>7}")
        for label, gc_on in (("gc enabled", True), ("gc disabled", False)):
            timings: list[float] = []
            gc.collect()
            if not gc_on:
                gc.disable()
            try:
                counts = drive(Client(http, body, tables), n, timings)
            finally:
                gc.enable()
            timings.sort()
            ms = [t * 1000 for t in timings]
            print(f"{label:<22} {percentile(ms, 50):>7.2f} {percentile(ms, 90):>7.2f} {percentile(ms, 99):>7.2f} "
                  f"{ms[-1]:>7.2f} {sum(ms) / len(ms):>8.2f} {counts['round_trips'] / n:>7.2f}"
                  f"   ({counts['ok']} ok, {counts['refused']} refused, {counts['other']} other"
                  f"{' ' + str(counts['statuses']) if counts['statuses'] else ''})")

        client = Client(http, body, tables)
        profiler = cProfile.Profile(time.thread_time)
        t0 = time.perf_counter()
        profiler.enable()
        drive(client, n)
        profiler.disable()
        wall = time.perf_counter() - t0
        stats = pstats.Stats(profiler)
        total = sum(v[2] for v in stats.stats.values())  # self time
        by_layer: dict[str, float] = {}
        for (filename, _, funcname), (_, _, tottime, _, _) in stats.stats.items():
            key = layer_of(filename, funcname)
            by_layer[key] = by_layer.get(key, 0.0) + tottime
        print()
        print(f"cProfile (CPU-time timer) over {n} commands: {total * 1000 / n:.2f} CPU ms per command "
              f"under the profiler, {wall * 1000 / n:.2f} ms wall\n(the profiler inflates pure-Python "
              f"code more than C code: read the shares, not the absolute figures)")
        print(f"{'layer (self time)':<48} {'ms/cmd':>7} {'share':>6}")
        for key, t in sorted(by_layer.items(), key=lambda kv: -kv[1]):
            print(f"{key:<48} {t * 1000 / n:>7.3f} {t / total:>6.1%}")

        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(30)
        print()
        print("top functions by cumulative time:")
        lines = out.getvalue().splitlines()
        start = next(i for i, line in enumerate(lines) if "ncalls" in line)
        for line in lines[start:]:
            if line.strip():
                line = line.replace(str(ROOT) + "/", "")
                print(re.sub(r"/\S*/site-packages/", "", line))
    finally:
        server.stop()
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
