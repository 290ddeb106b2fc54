"""The live-stream clients of bench/load_bench.py: one process holding many SSE connections on one
asyncio loop (started by load_bench.py, which may start several; not meant to be run by hand).

Protocol with the parent, one JSON document per line:
  stdin  line 1   {"port", "clients": [[cid, code], ...], "drops": {cid: seconds after START},
                   "result_path", "hard_deadline": seconds from now, "connect_concurrency"}
  stdout          READY {"connected", "failed", "seconds"} once every stream got its first snapshot
  stdin           START <time.monotonic() of the load's start>   (drops are timed from it)
  stdin           DRAIN {"finals": {code: version}, "timeout": s} at the end of the load: wait until
                  every stream has seen its table's final version (or the timeout), write the
                  results to result_path, then
  stdout          DONE {...}, close every stream and exit.
The process also exits when stdin closes (the parent is gone), at its hard deadline, and when the
parent dies (PR_SET_PDEATHSIG), so it can never outlive the benchmark.

A dropped client ("1 in 20" of them) closes its connection abruptly at its drop time and, like a
browser's EventSource, reconnects after the stream's `retry:` delay with `Last-Event-ID` set to the
last id it received. Each received event is recorded as [connection number, "c"|"s", id, version in
the data, time.monotonic(), replayed], replayed meaning a change received on a reconnection before
its snapshot (the app's catch-up from the history).
"""
from __future__ import annotations

import asyncio
import ctypes
import os
import resource
import signal
import sys
import time

from load_http import SSEProtocol, live_request, HOST

MAX_RECONNECTS = 5


def _die_with_parent() -> None:
    try:
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except Exception:  # noqa: BLE001 - best effort: stdin EOF and the deadline still stop us
        pass


def cpu_now() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


class Client:
    def __init__(self, runner: "Runner", cid: int, code: str):
        self.runner, self.cid, self.code = runner, cid, code
        self.events: list[list] = []
        self.conns: list[dict] = []
        self.proto: SSEProtocol | None = None
        self.last_id: int | None = None
        self.max_version = 0
        self.reconnects = 0
        self.pending_reconnect = False
        self.first_snapshot = asyncio.get_running_loop().create_future()
        self.snapshot_on_conn = False
        self.dropping = False
        self.errors: list[str] = []

    async def connect(self, last_event_id: int | None = None) -> None:
        loop = asyncio.get_running_loop()
        n = len(self.conns)
        rec = {"n": n, "t_open": time.monotonic(), "last_event_id": last_event_id, "status": None,
               "t_snapshot": None, "t_closed": None, "reason": None}
        self.conns.append(rec)
        self.snapshot_on_conn = False

        def on_open(status):
            rec["status"] = status
            rec["port"] = proto.local_port  # which worker serves it: the parent maps the port
            if status != 200:
                self.errors.append(f"conn {n}: status {status}")

        def on_event(kind, eid, version, t):
            if kind == "snapshot":
                if rec["t_snapshot"] is None:
                    rec["t_snapshot"] = t
                self.snapshot_on_conn = True
                self.events.append([n, "s", eid, version, t, False])
                if not self.first_snapshot.done():
                    self.first_snapshot.set_result(t)
            else:
                replayed = n > 0 and not self.snapshot_on_conn
                self.events.append([n, "c", eid, version, t, replayed])
            if eid is not None:
                self.last_id = eid
                if eid > self.max_version:
                    self.max_version = eid

        def on_close(reason):
            rec["t_closed"] = time.monotonic()
            rec["reason"] = reason
            rec.setdefault("retry_ms", proto.retry_ms)
            if self.proto is proto:
                self.proto = None
            if not self.first_snapshot.done():
                self.first_snapshot.set_exception(ConnectionError(reason))
            if not self.dropping and not self.runner.closing and self.first_snapshot.done():
                self.errors.append(f"conn {n}: {reason}")
                self.schedule_reconnect()  # an unplanned end: reconnect as EventSource would

        proto = SSEProtocol(live_request(self.runner.port, self.code, last_event_id), on_open, on_event, on_close)
        self.proto = proto
        try:
            await asyncio.wait_for(loop.create_connection(lambda: proto, HOST, self.runner.port), 10)
        except (OSError, asyncio.TimeoutError) as exc:
            proto._closed(f"connect failed: {exc!r}")

    def schedule_reconnect(self) -> None:
        if self.pending_reconnect or self.reconnects >= MAX_RECONNECTS or self.runner.closing:
            return
        self.pending_reconnect = True
        retry = (self.conns[-1].get("retry_ms") or 2000) / 1000
        asyncio.get_running_loop().call_later(retry, lambda: self.runner.spawn(self._reconnect()))

    async def _reconnect(self) -> None:
        self.reconnects += 1
        self.dropping = False
        await self.connect(self.last_id)
        self.pending_reconnect = False

    def drop(self) -> None:
        """Lose the connection as a phone does (no goodbye), then reconnect after `retry`."""
        if self.proto is None or self.runner.closing:
            return
        self.conns[-1]["retry_ms"] = self.proto.retry_ms
        self.conns[-1]["dropped_at_id"] = self.last_id
        self.dropping = True
        self.proto.close("dropped by the benchmark", abort=True)
        self.schedule_reconnect()

    def result(self) -> dict:
        return {"cid": self.cid, "code": self.code, "events": self.events, "conns": self.conns,
                "errors": self.errors, "reconnects": self.reconnects}


class Runner:
    def __init__(self, config: dict):
        self.port = config["port"]
        self.config = config
        self.clients: list[Client] = []
        self.closing = False
        self.tasks: set[asyncio.Task] = set()
        self.lag: list[float] = []
        self.measuring = False

    def spawn(self, coro) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def lag_monitor(self) -> None:
        interval = 0.05
        while not self.closing:
            t = time.monotonic()
            await asyncio.sleep(interval)
            if self.measuring:
                self.lag.append(time.monotonic() - t - interval)

    async def open_all(self) -> dict:
        t0 = time.monotonic()
        sem = asyncio.Semaphore(self.config.get("connect_concurrency", 50))
        self.clients = [Client(self, cid, code) for cid, code in self.config["clients"]]

        async def one(c: Client):
            async with sem:
                await c.connect()
                try:
                    await asyncio.wait_for(asyncio.shield(c.first_snapshot), 60)
                    return True
                except (ConnectionError, asyncio.TimeoutError) as exc:
                    c.errors.append(f"first snapshot: {exc!r}")
                    return False
        results = await asyncio.gather(*(one(c) for c in self.clients))
        return {"connected": sum(results), "failed": len(results) - sum(results),
                "seconds": round(time.monotonic() - t0, 3)}

    async def drain(self, finals: dict[str, int], timeout: float) -> float:
        t0 = time.monotonic()
        while time.monotonic() - t0 < timeout:
            if all(c.max_version >= finals.get(c.code, 0) and not c.pending_reconnect for c in self.clients):
                break
            await asyncio.sleep(0.05)
        return time.monotonic() - t0


def emit(tag: str, payload) -> None:
    import json
    sys.stdout.write(f"{tag} {json.dumps(payload)}\n")
    sys.stdout.flush()


async def amain() -> int:
    import json
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader(limit=1 << 24)
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    line = await reader.readline()
    if not line:
        return 2
    config = json.loads(line)
    hard = time.monotonic() + float(config.get("hard_deadline", 600))
    runner = Runner(config)
    lag_task = loop.create_task(runner.lag_monitor())

    async def control() -> int:
        ready = await runner.open_all()
        emit("READY", ready)
        cpu_start = cpu_now()
        t_start = None
        while True:
            line = await reader.readline()
            if not line:
                return 2  # the parent is gone
            cmd, _, rest = line.decode().strip().partition(" ")
            if cmd == "START":
                t_start = float(rest)
                cpu_start = cpu_now()
                runner.measuring = True
                by_cid = {c.cid: c for c in runner.clients}
                for cid, rel in config.get("drops", {}).items():
                    c = by_cid.get(int(cid))
                    if c is not None:
                        loop.call_at(loop.time() + max(0.0, t_start + rel - time.monotonic()), c.drop)
            elif cmd == "DRAIN":
                args = json.loads(rest)
                runner.measuring = False
                cpu_load = cpu_now() - cpu_start
                waited = await runner.drain(args["finals"], float(args["timeout"]))
                lag = sorted(runner.lag)
                out = {"clients": [c.result() for c in runner.clients], "cpu_load": cpu_load,
                       "cpu_total": cpu_now(), "lag": lag, "drain_seconds": waited, "t_start": t_start,
                       "pid": os.getpid(),
                       "bytes": sum(c.proto.bytes for c in runner.clients if c.proto is not None),
                       "heartbeats": sum(c.proto.heartbeats for c in runner.clients if c.proto is not None)}
                with open(config["result_path"], "w") as f:
                    json.dump(out, f)
                emit("DONE", {"drain_seconds": round(waited, 3)})
                return 0

    try:
        remaining = hard - time.monotonic()
        return await asyncio.wait_for(control(), max(1.0, remaining))
    except asyncio.TimeoutError:
        emit("ERROR", {"why": "hard deadline reached"})
        return 3
    finally:
        runner.closing = True
        for c in runner.clients:
            if c.proto is not None:
                c.proto.close("benchmark over")
        for t in list(runner.tasks):
            t.cancel()
        lag_task.cancel()


def main() -> int:
    _die_with_parent()
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent relays Ctrl-C by closing our stdin
    return asyncio.run(amain())


if __name__ == "__main__":
    sys.exit(main())
