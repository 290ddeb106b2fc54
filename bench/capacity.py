"""Capacity at the real mix: how many tables one server holds on a game night.

Run from the repository root:   .venv/bin/python bench/capacity.py
Options: --tables 250,500,1000,1500,2000,2500 (the steps, ascending)  --seconds 30 (measured per
         step)  --warmup 5  --interval 10 (seconds between two commands of a table)
         --poll-seats auto|0|N  --drop 0.02 (share of phones losing the network once per step)
         --single 300 (sequential commands of the 1-client run; 0: skip it)  --procs 2 (load
         generator processes)  --workers 2 (the server's, as `serve --workers`)  --keep-going
         (measure every step, even after two in a row missed the targets)  --seed 1
         --game bgcc|bmg|gcsg|mixed (the traffic model, default bgcc: bench/capacity_games.py)
         --app-root PATH (the checkout whose server is measured, default this one: a worktree of
         another commit gives the figures before or after a change)  --redis-url URL (every server
         on that Redis, e.g. `python3 manage.py cluster start`'s cluster, instead of the embedded one;
         its redis-server processes' CPU counted with the server's)  --servers N (API servers on
         their own ports, each `serve --workers W`, over --redis-url; a table's phones spread over them)
Needs nothing beyond the app's packages (orjson); everything runs on the loopback (the server on
127.0.0.1, each table's phones from an address of their own where Linux gives 127.0.0.0/8:
capacity_net.venue) and is stopped at the end, also on Ctrl-C, SIGTERM, an error or the watchdog
(--max-minutes, default 15).

The server is the one `python3 manage.py serve` runs: `python -m api.cli serve --host 127.0.0.1
--port <free> --workers 2`, which starts the embedded redis-server (its data in a temporary
directory) and gunicorn with gevent workers, as configured in api/cli.py. The benchmark raises its
own RLIMIT_NOFILE to the hard limit first; the server inherits it.

The traffic model, per table (--game; bench/capacity_games.py says how each game's table is set
up, its phones and the commands they send): a phone per seat (Chronicles: host, villain and the 3
heroes; the Miniature Game: its 2 players; the Strategy Game: its 3 Villains), each seat joined
through POST /seats with its own token, each phone doing what the PWA does (pwa/js/core.js):
  - on opening the table: GET /api/tables/{code} with its token, POST /api/tables/{code}/live/ticket
    with its token (Authorization), then one EventSource on GET /api/tables/{code}/live carrying the
    ticket cookie that answer set (so the server marks the seat present; no token in a URL), and on
    the stream's open GET /api/tables/{code}/seats when the PWA polls seats (below);
  - it holds the stream; a phone losing the network (--drop of them, once per step, at a random
    moment) probes GET /api/ping and reconnects after the stream's `retry:` delay with
    Last-Event-ID, as EventSource does;
  - seat polling, --poll-seats: N polls GET /api/tables/{code}/seats every N s per phone (today's
    PWA: 10 s); 0 does not. `auto` (the default) looks at the 1-client table: a server that sends
    a `presence` event after the snapshot (issue 19's one live message, C3: the PWA stops polling)
    is not polled, one that sends none (the code before that rework) is polled every 10 s;
  - HTTP requests reuse the phone's connection while the server keeps it alive (gunicorn's
    default keep-alive, 2 s: --keepalive), else open a new one, as a browser does.
One command every --interval seconds per table (each table at its own random phase, so the tables
together send tables/interval commands/s), from the phone of the seat that makes it, in its game's
cycle that the rules accept forever (Chronicles: a hero spends a reroll cube, the same phone undoes
it, the villain places a smoke token and removes it, and so on). A table's commands are
sequential: a command due while the last one is unanswered waits (counted as late).

Each step adds the tables (created, seats joined, advanced, phones opened, then a few seconds to
settle), then runs --warmup + --seconds of load and waits (at most 10 s) until every phone saw its
table's last version. Printed per step, over the measured window:
  - command p50/p99: send → whole answer, on the sender's connection;
  - fan-out p50/p99: a command's answer → the last of the table's other phones received the
    `change` with its version (the version is the event id; a change can arrive before the answer:
    the app publishes first). Commands some phone got only from a reconnection's replay or a
    snapshot are counted apart, not in the fan-out;
  - events lost: versions acknowledged by an answer that a phone (any of the 5, connected before
    the change) never received as a `change` and no later snapshot covered; duplicates;
  - live-stream bytes per phone per hour (everything read from the stream sockets, HTTP framing and
    heartbeats included) and, apart, the polling bytes;
  - server CPU per command: CPU of every server process (the serve command, gunicorn master and
    workers, redis-server) from /proc over the window, divided by the accepted commands: the whole
    cost of the load (streams, heartbeats, presence, polls) per command;
  - the generator's CPU and event-loop lag, to tell whether the client was the bottleneck, and the
    CPU other processes on the machine used meanwhile;
  - the cyclic collector's pauses in the workers (gc.callbacks, GOTHAM_GC_LOG): how many of 1 ms and
    of 20 ms or more, the longest; the commands' time in the server (gunicorn's access log);
  - the exceptions the server logged during the step (each traceback's last line), counted.
Then the capacity: the largest step where fan-out p99 < 100 ms, command p99 < 50 ms, no event lost
and every phone connected (two steps in a row that miss them end the run unless --keep-going; so
does a step with more phones than gunicorn accepts connections, workers x worker-connections read
from its command line). First, the 1-client run: one table (of the first game in turn), its
phones, --single sequential commands (each sent when the last is answered): command p50/p99,
fan-out, server CPU per command.

The load generator is --procs forked processes, each an asyncio loop on raw sockets (no HTTP
library) owning whole tables: their phones' streams, requests and commands, so a fan-out is
measured inside one process. A stream's events are split on their framing and the id read; the
data is never decoded. The parent only orchestrates and reads /proc.

Percentiles are nearest-rank. Times are CLOCK_MONOTONIC, comparable across the processes.
Exit status 0 when the run completed (targets met or not), 1 on a failure, 130 when interrupted.
"""
from __future__ import annotations

import argparse
import asyncio
import gc
import math
import multiprocessing as mp
import os
import random
import resource
import shutil
import signal
import sys
import tempfile
import time
from pathlib import Path

import orjson

import capacity_games  # noqa: E402 - bench/ is the script's folder, first on sys.path
from capacity_games import REMOVE  # noqa: E402
from capacity_net import (  # noqa: E402
    ROOT, HOST, TARGET_FANOUT_MS, TARGET_COMMAND_MS, OPEN_TIMEOUT, DRAIN_TIMEOUT, SETTLE, percentile, ms, cpu_seconds,
    machine_busy_seconds, die_with_parent, Servers, HttpConn, Phone, Table, venue, merge,
)


class Gen:
    """One load-generator process: its share of the tables, their phones and commands."""

    def __init__(self, ports: list[int], bodies: dict[str, bytes], model: str, keepalive: float, seed: int, index: int):
        self.ports, self.bodies, self.keepalive = ports, bodies, keepalive
        self.port = ports[0]
        self.games = capacity_games.rotation(model)  # each new table takes the next game in turn
        self.made = 0
        self.rng, self.index = random.Random(seed), index  # index: the generator process's, for its tables' `venue`
        self.tables: list[Table] = []
        self.tasks: set[asyncio.Task] = set()
        self.closing = False
        self.poll = 0.0
        self.stream_bytes = 0
        self.poll_bytes = 0
        self.counts: dict[str, int] = {}
        self.notes: dict[str, int] = {}
        self.reset()

    def reset(self) -> None:
        self.counts = {k: 0 for k in ("heartbeat", "change", "snapshot", "presence", "duplicated",
                                      "reconnected", "change without version", "polls", "poll errors")}
        self.notes = {}
        self.cmds: list[tuple] = []
        self.poll_lat: list[float] = []

    def note(self, what: str) -> None:
        self.notes[what] = self.notes.get(what, 0) + 1

    def spawn(self, coro) -> asyncio.Task:
        task = asyncio.get_running_loop().create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    async def call(self, method: str, path: str, body=None, token: str | None = None, expect: int = 200,
                   conn: HttpConn | None = None) -> dict:
        """A setup request on its own connection (or `conn`): the answer's JSON, or an error."""
        c = conn or HttpConn(self.port)
        try:
            raw = body if body is None or isinstance(body, bytes) else orjson.dumps(body)
            status, _, data, _, _ = await c.request(method, path, raw, token)
        finally:
            if conn is None:
                c.close()
        if status != expect:
            raise RuntimeError(f"{method} {path}: {status} {data[:200]!r}")
        return orjson.loads(data)

    # -------------------------------------------------------------- growing

    async def setup_table(self) -> Table:
        """A table of the next game in turn, its seats joined and its cycle ready (capacity_games)."""
        game = self.games[self.made % len(self.games)]
        made, self.made = self.made, self.made + 1
        conn = HttpConn(self.ports[made % len(self.ports)], venue(self.index, made))  # the table's phones' address
        try:
            async def call(method, path, body, token, expect):
                return await self.call(method, path, body, token, expect, conn=conn)
            code, host, phones, cycle, version = await capacity_games.set_up(call, game, self.bodies[game])
        finally:
            conn.close()
        table = Table(code, host, cycle, conn.source)
        table.final = version
        table.phones = [Phone(self, table, i, seat, token, self.ports[(made + i) % len(self.ports)])
                        for i, (seat, token) in enumerate(phones)]  # several servers: a table's phones on each
        table.phase = self.rng.random()
        return table

    async def open_phone(self, ph: Phone) -> bool:
        """The PWA opening the table: GET the table, open the stream, GET /seats on open."""
        try:
            await ph.request("GET", f"/api/tables/{ph.table.code}", token=ph.token)
            await ph.ticket()
            await asyncio.wait_for(asyncio.shield(ph.connect()), OPEN_TIMEOUT)
            if self.poll:
                await self.poll_seats(ph)
            return True
        except (OSError, ConnectionError, asyncio.TimeoutError, asyncio.IncompleteReadError, ValueError) as exc:
            self.note(f"phone did not open: {type(exc).__name__}")
            if ph.stream is not None:
                s, ph.stream = ph.stream, None
                s.close("gave up")
            return False

    async def grow(self, n: int, setup_concurrency: int = 8, open_concurrency: int = 200) -> dict:
        t0 = time.monotonic()
        sem = asyncio.Semaphore(setup_concurrency)

        async def one():
            async with sem:
                return await self.setup_table()
        made = await asyncio.gather(*(one() for _ in range(n)), return_exceptions=True)
        new = [t for t in made if isinstance(t, Table)]
        errors = [repr(e) for e in made if not isinstance(e, Table)]
        self.tables += new
        t1 = time.monotonic()
        osem = asyncio.Semaphore(open_concurrency)

        async def open_one(ph):
            async with osem:
                return await self.open_phone(ph)
        opened = await asyncio.gather(*(open_one(ph) for t in new for ph in t.phones))
        return {"tables": len(new), "errors": errors[:3], "failed_tables": len(errors),
                "setup_s": t1 - t0, "open_s": time.monotonic() - t1, "opened": sum(opened),
                "not_opened": len(opened) - sum(opened), "notes": dict(self.notes)}

    def presence_seen(self) -> bool:
        return any(ph.presence for t in self.tables for ph in t.phones)

    # -------------------------------------------------------------- the load

    async def poll_seats(self, ph: Phone) -> None:
        try:
            status, _, data, t_send, t_answer = await ph.request("GET", f"/api/tables/{ph.table.code}/seats")
            self.counts["polls"] += 1
            self.poll_bytes += len(data)
            self.poll_lat.append(t_answer - t_send)
            if status != 200:
                self.counts["poll errors"] += 1
        except (OSError, asyncio.TimeoutError, asyncio.IncompleteReadError, ValueError):
            self.counts["poll errors"] += 1

    async def command(self, t: Table, measured: bool) -> None:
        idx, name, body = t.cycle[t.pos % len(t.cycle)]
        t.pos += 1
        ph = t.phones[idx]
        path = f"/api/tables/{t.code}/" + (f"commands/{name}" if name else "history/undo")
        if body is REMOVE:
            if t.token_id is None:
                return await self.command(t, measured)
            body = b'{"id":%d}' % t.token_id
        kind = name or "undo"
        t_send = time.monotonic()
        version, status = None, 0
        try:
            status, _, data, t_send, t_answer = await ph.request("POST", path, body, ph.token)
            if status == 200:
                answer = orjson.loads(data)
                version = int(answer["version"])
                t.final = max(t.final, version)
                if kind == "place_token":
                    t.token_id = next((e["data"]["token"] for e in answer.get("events", [])
                                       if isinstance(e.get("data"), dict) and "token" in e["data"]), None)
                elif kind == "remove_token":
                    t.token_id = None
            else:
                self.note(f"command {kind} answered {status}: {data[:120]!r}")
                following = t.cycle[t.pos % len(t.cycle)]
                if name and following[0] == idx and following[1] is None:
                    t.pos += 1  # no undo of someone else's change
                elif kind == "remove_token":
                    t.token_id = None
        except (OSError, asyncio.TimeoutError, asyncio.IncompleteReadError, ValueError, KeyError) as exc:
            t_answer = time.monotonic()
            self.note(f"command {kind} failed: {type(exc).__name__}")
        self.cmds.append((t, version, idx, t_send, t_answer, measured, status))

    async def drive(self, t: Table, t0: float, warm_end: float, end: float, interval: float) -> None:
        k = 0
        while True:
            due = t0 + (t.phase + k) * interval
            if due >= end or self.closing:
                return
            delay = due - time.monotonic()
            if delay > 0:
                await asyncio.sleep(delay)
            elif delay < -0.05:
                self.counts["late"] = self.counts.get("late", 0) + 1
            await self.command(t, due >= warm_end)
            k += 1

    async def poller(self, ph: Phone, t0: float, end: float) -> None:
        next_at = t0 + self.rng.random() * self.poll
        while next_at < end and not self.closing:
            await asyncio.sleep(max(0.0, next_at - time.monotonic()))
            if ph.live:  # the PWA does not poll while offline
                await self.poll_seats(ph)
            next_at += self.poll

    async def measure(self, t0: float, warmup: float, seconds: float, interval: float, drop: float) -> dict:
        loop = asyncio.get_running_loop()
        self.reset()
        phones = [ph for t in self.tables for ph in t.phones]
        for ph in phones:
            ph.recv.clear()
            ph.replayed.clear()
            ph.snaps.clear()
            ph.base = ph.last_id
        warm_end, end = t0 + warmup, t0 + warmup + seconds
        window: dict[str, float] = {}

        def mark(name):
            window[name + "_bytes"] = self.stream_bytes
            window[name + "_poll_bytes"] = self.poll_bytes
            window[name + "_counts"] = dict(self.counts)
        loop.call_at(loop.time() + warm_end - time.monotonic(), mark, "start")
        loop.call_at(loop.time() + end - time.monotonic(), mark, "end")
        drops = 0
        for ph in phones:
            if self.rng.random() < drop:
                drops += 1
                loop.call_at(loop.time() + t0 + self.rng.random() * (warmup + seconds) - time.monotonic(), ph.drop)
        lags: list[float] = []

        async def lag_monitor():
            while time.monotonic() < end:
                a = time.monotonic()
                await asyncio.sleep(0.05)
                if a >= warm_end:
                    lags.append(time.monotonic() - a - 0.05)
        jobs = [self.drive(t, t0, warm_end, end, interval) for t in self.tables]
        if self.poll:
            jobs += [self.poller(ph, t0, end) for ph in phones]
        await asyncio.gather(lag_monitor(), *jobs)
        # drain: every phone sees its table's last acknowledged version
        d0 = time.monotonic()
        while time.monotonic() - d0 < DRAIN_TIMEOUT:
            if all(ph.last_id >= ph.table.final and not ph.reconnecting for ph in phones):
                break
            await asyncio.sleep(0.05)
        drain = time.monotonic() - d0
        return self.outcome(window, lags, drops, drain, len(phones))

    def outcome(self, window: dict, lags: list[float], drops: int, drain: float, phones: int) -> dict:
        lat, fan, fan_send = [], [], []
        lost = covered = caught_up = incomplete = 0
        statuses: dict[int, int] = {}
        accepted = 0
        for t, version, idx, t_send, t_answer, measured, status in self.cmds:
            if not measured:
                continue
            statuses[status] = statuses.get(status, 0) + 1
            lat.append(t_answer - t_send)
            if version is None:
                continue
            accepted += 1
            last, complete = -math.inf, True
            for ph in t.phones:
                if version <= ph.base:
                    continue
                r = ph.recv.get(version)
                if r is None:
                    complete = False
                    if any(s >= version for s in ph.snaps):
                        covered += 1
                    else:
                        lost += 1
                    continue
                if ph.index != idx:
                    if version in ph.replayed:
                        complete = False
                    last = max(last, r)
            if complete and last > -math.inf:
                fan.append(last - t_answer)
                fan_send.append(last - t_send)
            elif complete:
                incomplete += 1
            else:
                caught_up += 1
        live = sum(1 for t in self.tables for ph in t.phones if ph.live)
        return {"lat": lat, "fan": fan, "fan_send": fan_send, "lost": lost, "covered": covered,
                "caught_up": caught_up, "incomplete": incomplete, "statuses": statuses, "accepted": accepted,
                "bytes": window.get("end_bytes", 0) - window.get("start_bytes", 0),
                "poll_bytes": window.get("end_poll_bytes", 0) - window.get("start_poll_bytes", 0),
                "counts_start": window.get("start_counts", {}), "counts_end": window.get("end_counts", {}),
                "counts": dict(self.counts), "notes": dict(self.notes), "lags": lags, "drops": drops,
                "drain": drain, "phones": phones, "live": live, "poll_lat": self.poll_lat}

    async def single(self, n: int) -> dict:
        """`n` sequential commands on the first table, each sent when the last is answered."""
        self.reset()
        t = self.tables[0]
        for ph in t.phones:
            ph.recv.clear()
            ph.replayed.clear()
            ph.snaps.clear()
            ph.base = ph.last_id
        for _ in range(n):
            await self.command(t, True)
        d0 = time.monotonic()
        while time.monotonic() - d0 < DRAIN_TIMEOUT and not all(ph.last_id >= t.final for ph in t.phones):
            await asyncio.sleep(0.02)
        return self.outcome({}, [], 0, time.monotonic() - d0, len(t.phones))

    def close(self) -> None:
        self.closing = True
        for t in self.tables:
            for ph in t.phones:
                if ph.stream is not None:
                    ph.stream.close("benchmark over")
                if ph.http is not None:
                    ph.http.close()
        for task in list(self.tasks):
            task.cancel()


def gen_main(conn, ports: list[int], bodies: dict, model: str, keepalive: float, seed: int, index: int) -> None:
    """A generator process: does what the parent asks over `conn`, one request at a time. Its own
    collector does not pause the measuring: at 2,000 tables its full collections (90-160 ms every
    5 s or so) read answers that late, counted as the server's (loop lag p99 54-101 ms; 6-12 ms
    with the phones set up frozen and the collector off while it measures)."""
    die_with_parent()
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent stops us
    gen = Gen(ports, bodies, model, keepalive, seed, index)

    async def serve():
        loop = asyncio.get_running_loop()
        inbox: asyncio.Queue = asyncio.Queue()

        def readable():
            try:
                inbox.put_nowait(conn.recv() if conn.poll() else None)
            except (EOFError, OSError):  # the parent is gone
                loop.remove_reader(conn.fileno())
                inbox.put_nowait({"op": "stop"})
        loop.add_reader(conn.fileno(), readable)
        while True:
            msg = await inbox.get()
            if msg is None:
                continue
            op = msg["op"]
            try:
                if op == "grow":
                    gen.poll = msg["poll"]
                    out = await gen.grow(msg["n"])
                    gc.freeze()  # the phones set up live as long as the process: no collection walks them again
                    if msg.get("presence_wait"):
                        await asyncio.sleep(msg["presence_wait"])
                        out["presence"] = gen.presence_seen()
                elif op == "poll":
                    gen.poll = msg["poll"]
                    out = {}
                elif op == "measure":
                    gc.disable()  # the measuring instrument does not pause while it measures (see above)
                    try:
                        out = await gen.measure(msg["t0"], msg["warmup"], msg["seconds"], msg["interval"], msg["drop"])
                    finally:
                        gc.enable()
                elif op == "single":
                    out = await gen.single(msg["n"])
                else:
                    gen.close()
                    try:
                        conn.send({"ok": True})
                    except OSError:
                        pass
                    return
            except Exception as exc:  # noqa: BLE001 - reported to the parent
                out = {"error": repr(exc)}
            conn.send(out)
    try:
        asyncio.run(serve())
    except BrokenPipeError:
        pass


# ------------------------------------------------------------------ the parent


class Gens:
    def __init__(self, n: int, ports: list[int], bodies: dict, model: str, keepalive: float, seed: int):
        ctx = mp.get_context("fork")
        self.conns, self.procs = [], []
        for k in range(n):
            a, b = ctx.Pipe()
            p = ctx.Process(target=gen_main, args=(b, ports, bodies, model, keepalive, seed * 1000 + k, k), daemon=True)
            p.start()
            b.close()
            self.conns.append(a)
            self.procs.append(p)

    def ask(self, msgs: list[dict], timeout: float) -> list[dict]:
        for c, m in zip(self.conns, msgs):
            c.send(m)
        out, deadline = [], time.monotonic() + timeout
        for c in self.conns:
            while not c.poll(0.2):
                if time.monotonic() > deadline:
                    raise RuntimeError(f"a load generator did not answer within {timeout:.0f} s")
                if not all(p.is_alive() for p in self.procs):
                    raise RuntimeError("a load generator died")
            out.append(c.recv())
        errors = [o["error"] for o in out if "error" in o]
        if errors:
            raise RuntimeError(f"load generator: {errors[0]}")
        return out

    def cpu(self) -> float:
        return sum(cpu_seconds(p.pid) for p in self.procs)

    def stop(self) -> None:
        for c in self.conns:
            try:
                c.send({"op": "stop"})
            except OSError:
                pass
        for p in self.procs:
            p.join(5)
            if p.is_alive():
                p.kill()
                p.join(2)


def table_split(n: int, procs: int) -> list[int]:
    return [n // procs + (1 if k < n % procs else 0) for k in range(procs)]


def notes_line(notes: dict) -> str:
    return "; ".join(f"{k} x{v}" for k, v in sorted(notes.items(), key=lambda x: -x[1])[:4])


def run(opts, server: Servers, gens_box: list) -> int:
    steps = opts.steps
    bodies = capacity_games.bodies(lambda path: _get(server.port, path))
    gens = Gens(opts.procs, server.ports, bodies, opts.game, opts.keepalive - 0.5, opts.seed)
    per_table = capacity_games.phones_per_table(opts.game)
    gens_box.append(gens)
    limit = server.connection_limit()
    redis_is = (f"REDIS_URL {server.redis_url}, {len(server.redis_pids())} redis-server processes counted"
                if server.redis_url else "serve's embedded redis-server")
    print(f"server    : {server.describe()} ({redis_is}; {len(server.pids())} processes; app {server.root})")
    if limit:
        print(f"            accepts at most {limit} connections at once (workers x worker-connections)"
              + (f": fewer than the {steps[-1] * per_table:.0f} phones of the last step"
                 if limit < steps[-1] * per_table else ""))
    print(f"generator : {opts.procs} processes, RLIMIT_NOFILE {resource.getrlimit(resource.RLIMIT_NOFILE)[0]}, phones from "
          + ("an address per table (127.K.X.Y)" if venue(0, 0) else "127.0.0.1"))

    # the 1-client run; also tells whether the server sends `presence`
    poll = 0.0 if opts.poll_seats == "auto" else float(opts.poll_seats)
    first = gens.ask([{"op": "grow", "n": 1 if k == 0 else 0, "poll": poll, "presence_wait": 1.5}
                      for k in range(opts.procs)], 120)
    presence = any(o.get("presence") for o in first)
    failed = [e for o in first for e in o.get("errors", [])]
    if failed:
        raise RuntimeError(f"the first table could not be set up: {failed[0]}")
    if opts.poll_seats == "auto":
        poll = 0.0 if presence else 10.0
    print(f"live      : the server {'sends a' if presence else 'sends no'} `presence` event: phones "
          + (f"poll GET /seats every {poll:g} s" if poll else "do not poll GET /seats")
          + ("" if opts.poll_seats == "auto" else " (--poll-seats)"))
    gens.ask([{"op": "poll", "poll": poll} for _ in range(opts.procs)], 10)
    if opts.single:
        c0, t1 = server.cpu(), time.monotonic()
        s = merge(gens.ask([{"op": "single", "n": opts.single}] + [{"op": "poll", "poll": poll}] * (opts.procs - 1),
                           600))
        cpu = server.cpu() - c0
        print(f"1 client  : {opts.single} sequential commands on 1 table ({s['phones']} phones): command p50 "
              f"{ms(percentile(s['lat'], 50))} / p99 {ms(percentile(s['lat'], 99))} ms; fan-out p99 "
              f"{ms(percentile(s['fan'], 99))} ms; lost {s['lost']}; server CPU "
              f"{cpu * 1000 / max(1, s['accepted']):.1f} ms per command"
              + (f"; refused/errors {sum(v for k, v in s['statuses'].items() if k != 200)}"
                 if any(k != 200 for k in s['statuses']) else "") + f"\n            {server.pauses(t1, time.monotonic())}")
    print()
    print(f"load      : one command every {opts.interval:g} s per table, {opts.warmup:g} s warm-up + "
          f"{opts.seconds:g} s measured per step, {opts.drop * 100:g}% of phones drop once and reconnect")
    print(f"{'tables':>6} {'phones':>6} {'cmd/s':>6} {'cmd p50/p99 ms':>15} {'fan-out p50/p99':>16} "
          f"{'lost':>4} {'stream KB/phone/h':>17} {'srv ms/cmd':>10} {'srv cores':>9} {'gen cores':>9} "
          f"{'gen lag p99':>11} {'others':>6}  verdict")
    have, best, results = 1, None, []
    phones = sum(o["opened"] + o["not_opened"] for o in first)  # the 1-client table's
    for n in steps:
        t_step = time.monotonic()
        errors_before = server.errors()
        if limit and n * per_table > limit:
            print(f"{n:>6} {n * per_table:>6.0f}  not run: the server accepts at most {limit} connections at once, "
                  f"fewer than {n * per_table:.0f} live phones  FAIL")
            results.append((n, False, 0))
            if opts.keep_going:
                continue
            break  # every larger step has more phones
        add = n - have
        split = table_split(add, opts.procs)
        cpu_g = server.cpu()
        grown = merge(gens.ask([{"op": "grow", "n": k, "poll": poll} for k in split], 900))
        have += grown["tables"]
        phones += grown["opened"] + grown["not_opened"]
        setup_ms = (server.cpu() - cpu_g) * 1000 / max(1, grown["tables"])
        time.sleep(SETTLE)
        t0 = time.monotonic() + 0.5
        warm_end, end = t0 + opts.warmup, t0 + opts.warmup + opts.seconds
        for c, _ in zip(gens.conns, split):
            c.send({"op": "measure", "t0": t0, "warmup": opts.warmup, "seconds": opts.seconds,
                    "interval": opts.interval, "drop": opts.drop})
        time.sleep(max(0.0, warm_end - time.monotonic()))
        cpu0, gcpu0, busy0, own0 = server.cpu(), gens.cpu(), machine_busy_seconds(), _own_cpu()
        split0 = server.cpu_split()
        time.sleep(max(0.0, end - time.monotonic()))
        cpu1, gcpu1, busy1, own1 = server.cpu(), gens.cpu(), machine_busy_seconds(), _own_cpu()
        split1 = server.cpu_split()
        wall = opts.seconds
        outs = []
        for c in gens.conns:
            while not c.poll(0.2):
                if time.monotonic() > end + DRAIN_TIMEOUT + 120:
                    raise RuntimeError("a load generator did not report")
            outs.append(c.recv())
        if any("error" in o for o in outs):
            raise RuntimeError(next(o["error"] for o in outs if "error" in o))
        m = merge(outs)
        srv, gcpu = cpu1 - cpu0, gcpu1 - gcpu0
        others = max(0.0, (busy1 - busy0) - srv - gcpu - (own1 - own0)) / wall
        fan99, cmd99 = percentile(m["fan"], 99) * 1000, percentile(m["lat"], 99) * 1000
        live = m["live"]
        ok = (fan99 < TARGET_FANOUT_MS and cmd99 < TARGET_COMMAND_MS and m["lost"] == 0
              and live == phones and have == n)
        kb = m["bytes"] / max(1, live) / wall * 3600 / 1024
        why = [] if ok else [x for x, bad in (
            ("fan-out", not fan99 < TARGET_FANOUT_MS), ("command", not cmd99 < TARGET_COMMAND_MS),
            ("lost", m["lost"] > 0), (f"{phones - live} phones not live", live < phones),
            (f"{n - have} tables missing", have < n)) if bad]
        lag99 = percentile(m["lags"], 99) * 1000
        print(f"{n:>6} {live:>6} {m['accepted'] / wall:>6.1f} "
              f"{ms(percentile(m['lat'], 50)) + '/' + ms(percentile(m['lat'], 99)):>15} "
              f"{ms(percentile(m['fan'], 50)) + '/' + ms(percentile(m['fan'], 99)):>16} "
              f"{m['lost']:>4} {kb:>17.0f} {srv * 1000 / max(1, m['accepted']):>10.1f} {srv / wall:>9.2f} "
              f"{gcpu / wall:>9.2f} {lag99:>9.1f}ms {others:>6.2f}  {'PASS' if ok else 'FAIL: ' + ', '.join(why)}")
        ce, cs = m["counts_end"], m["counts_start"]
        per_phone_h = {k: (ce.get(k, 0) - cs.get(k, 0)) / max(1, live) / wall * 3600
                       for k in ("change", "heartbeat", "presence", "snapshot")}
        detail = (f"         step {time.monotonic() - t_step:.0f} s (tables set up {grown.get('setup_s', 0):.0f} s, "
                  f"phones opened {grown.get('open_s', 0):.0f} s, server CPU {setup_ms:.0f} ms per new table); "
                  f"per phone per hour: "
                  + ", ".join(f"{v:.0f} {k}" for k, v in per_phone_h.items())
                  + f"; fan-out from send p99 {ms(percentile(m['fan_send'], 99))} ms; "
                  f"{m['caught_up']} commands caught up by a reconnection; {m['drops']} drops, "
                  f"{m['counts'].get('reconnected', 0)} reconnections; drain {m['drain']:.1f} s\n"
                  f"         {server.pauses(warm_end, end)}\n         {server.answered(warm_end, end)}")
        if server.redis_url:  # the shared Redis apart: what a process and what a shard spends per command
            per = 1000 / max(1, m["accepted"])
            nodes = sorted((split1[1].get(p, 0) - c) * per for p, c in split0[1].items())
            detail += (f"\n         CPU per command: API servers {(split1[0] - split0[0]) * per:.1f} ms, "
                       f"redis-servers {sum(nodes):.1f} ms ({' / '.join(f'{x:.1f}' for x in reversed(nodes))} ms each)")
        if poll:
            detail += (f"\n         seat polls {m['counts'].get('polls', 0) / (opts.warmup + opts.seconds):.0f}/s, "
                       f"p99 {ms(percentile(m['poll_lat'], 99))} ms, {m['counts'].get('poll errors', 0)} errors, "
                       f"{m['poll_bytes'] / max(1, live) / wall * 3600 / 1024:.0f} KB/phone/h")
        bad = {k: v for k, v in m["statuses"].items() if k != 200}
        extra = []
        if bad:
            extra.append("commands not accepted: " + ", ".join(
                f"{v} {'without an answer (connection closed or timed out)' if k == 0 else f'answered {k}'}"
                for k, v in sorted(bad.items())))
        if m["counts"].get("late"):
            extra.append(f"{m['counts']['late']} commands sent late (their table's last one unanswered)")
        if m["counts"].get("duplicated"):
            extra.append(f"{m['counts']['duplicated']} changes duplicated")
        if m["covered"]:
            extra.append(f"{m['covered']} versions missed but covered by a later snapshot")
        if m["notes"] or grown.get("notes"):
            extra.append(notes_line({**grown.get("notes", {}), **m["notes"]}))
        raised = server.errors() - errors_before
        if raised:
            extra.append("server logged: " + "; ".join(f"{line} x{n}" for line, n in raised.most_common(4)))
        if grown.get("failed_tables"):
            extra.append(f"{grown['failed_tables']} tables not set up: {grown['errors'][:1]}")
        if gcpu / wall > 0.7 * opts.procs:
            extra.append("the generator may be the bottleneck: its processes were nearly always busy (--procs)")
        elif lag99 > 20 and others <= 0.3:
            extra.append("the generator may be the bottleneck: its event loops ran late (--procs)")
        if others > 0.3:
            extra.append(f"other processes kept {others:.2f} cores busy: latencies are pessimistic")
        for line in [detail] + extra:
            print(("         " if not line.startswith(" ") else "") + line)
        sys.stdout.flush()
        results.append((n, ok, phones))
        if ok:
            best = n
        elif not opts.keep_going and len(results) >= 2 and not results[-2][1]:
            break  # two steps in a row missed the targets
    print(f"\n{server.kept(gens_box)}\n")
    if best is None:
        print(f"capacity: no step met the targets (fan-out p99 < {TARGET_FANOUT_MS:g} ms, command p99 < "
              f"{TARGET_COMMAND_MS:g} ms, no event lost, every phone live)")
    else:
        failed = [n for n, ok, _ in results if not ok]
        print(f"capacity: {best} tables ({next(p for n, _, p in results if n == best)} live phones): the largest step that met the targets "
              f"(fan-out p99 < {TARGET_FANOUT_MS:g} ms, command p99 < {TARGET_COMMAND_MS:g} ms, no event lost, "
              f"every phone live)" + (f"; steps that did not: {failed}" if failed else
                                      "; every step did: try larger ones (--tables)"))
    return 0


def _own_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def _get(port: int, path: str) -> bytes:
    import http.client
    c = http.client.HTTPConnection(HOST, port, timeout=30)
    try:
        c.request("GET", path)
        r = c.getresponse()
        data = r.read()
        if r.status != 200:
            raise RuntimeError(f"GET {path}: {r.status}")
        return data
    finally:
        c.close()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tables", default="250,500,1000,1500,2000,2500", help="the steps, ascending")
    ap.add_argument("--seconds", type=float, default=30.0, help="measured seconds per step")
    ap.add_argument("--warmup", type=float, default=5.0)
    ap.add_argument("--interval", type=float, default=10.0, help="seconds between a table's commands")
    ap.add_argument("--poll-seats", default="auto", help="auto, 0 (no polling) or seconds between polls")
    ap.add_argument("--drop", type=float, default=0.02, help="share of phones that drop once per step")
    ap.add_argument("--single", type=int, default=300, help="commands of the 1-client run (0: skip)")
    ap.add_argument("--procs", type=int, default=2, help="load generator processes")
    ap.add_argument("--workers", type=int, default=2, help="the server's workers (serve --workers)")
    ap.add_argument("--keepalive", type=float, default=2.0, help="the server's keep-alive (gunicorn's default)")
    ap.add_argument("--keep-going", action="store_true", help="measure every step, even after two failed ones")
    ap.add_argument("--max-minutes", type=float, default=15.0, help="watchdog: the whole run ends by then")
    ap.add_argument("--app-root", type=Path, default=ROOT,
                    help="the checkout whose server is measured (another commit's worktree: before and after)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--redis-url", help="every server on this Redis (e.g. a node of `manage.py cluster start`'s "
                                        "cluster) instead of the embedded one")
    ap.add_argument("--servers", type=int, default=1,
                    help="API servers (each `serve --workers W` on its own port); a table's phones spread over them")
    ap.add_argument("--game", choices=capacity_games.MODELS, default="bgcc",
                    help="the traffic model: one game's tables, or mixed (bench/capacity_games.py)")
    opts = ap.parse_args(argv)
    try:
        opts.steps = [int(x) for x in opts.tables.split(",") if x.strip()]
    except ValueError:
        ap.error("--tables: comma-separated table counts")
    if not opts.steps or opts.steps != sorted(set(opts.steps)) or opts.steps[0] < 1:
        ap.error("--tables: ascending, distinct, at least 1")
    if opts.poll_seats != "auto":
        try:
            if float(opts.poll_seats) < 0:
                raise ValueError
        except ValueError:
            ap.error("--poll-seats: auto, 0 or seconds")
    if not 1 <= opts.procs <= 8 or not 0 <= opts.drop <= 1 or opts.interval <= 0 or opts.seconds <= 0:
        ap.error("procs 1-8, drop 0-1, interval and seconds > 0")

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # the server inherits it too

    def on_signal(signum, frame):
        raise KeyboardInterrupt
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGALRM):
        signal.signal(sig, on_signal)
    signal.alarm(int(opts.max_minutes * 60))

    tmp = Path(tempfile.mkdtemp(prefix="capacity-"))
    if not (opts.app_root / "api" / "cli.py").is_file():
        ap.error(f"--app-root {opts.app_root}: no api/cli.py there")
    if opts.servers > 1 and not opts.redis_url:
        ap.error("--servers above 1 share one Redis: give --redis-url")
    server = Servers(tmp, opts.workers, opts.app_root.resolve(), opts.redis_url, opts.servers)
    gens_box: list[Gens] = []
    t_start = time.monotonic()
    try:
        print(f"Gotham Companion capacity: {capacity_games.describe(opts.game)}, one command per table every "
              f"{opts.interval:g} s")
        print(f"machine   : {os.cpu_count()} cores, load average {'/'.join(f'{x:.2f}' for x in os.getloadavg())}")
        server.start()
        return run(opts, server, gens_box)
    except KeyboardInterrupt:
        print("\ninterrupted (or the watchdog): stopping the load and the server", file=sys.stderr)
        return 130
    except Exception as exc:  # noqa: BLE001 - report, then clean up
        print(f"capacity benchmark failed: {exc!r}\nserver log (last lines):\n{server.log_tail()}", file=sys.stderr)
        return 1
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C must not cut the clean-up short
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        for g in gens_box:
            g.stop()
        server.stop()
        shutil.rmtree(tmp, ignore_errors=True)
        print(f"(whole run {time.monotonic() - t_start:.0f} s)")
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)


if __name__ == "__main__":
    sys.exit(main())
