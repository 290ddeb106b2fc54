"""bench/capacity.py's parts: its constants, small helpers, the server it starts and measures
(Server), a phone's HTTP connection (HttpConn), live stream (Stream) and state (Phone, Table). Split from capacity.py
to keep every module under 800 lines; run capacity.py, not this."""
from __future__ import annotations

import asyncio
import ctypes
import math
import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections import Counter
from datetime import datetime
from pathlib import Path

import orjson

ROOT = Path(__file__).resolve().parents[1]
HOST = "127.0.0.1"
IP_BIND_ADDRESS_NO_PORT = 24  # Linux: a bound socket's port is chosen at connect(), by its whole address pair
TARGET_FANOUT_MS, TARGET_COMMAND_MS = 100.0, 50.0
COMMAND_TIMEOUT = 10.0
OPEN_TIMEOUT = 30.0
DRAIN_TIMEOUT = 10.0
SETTLE = 3.0
TICK = os.sysconf("SC_CLK_TCK")


# ------------------------------------------------------------------ small helpers


def percentile(values: list[float], p: float) -> float:
    """Nearest-rank percentile (sorts a copy)."""
    if not values:
        return float("nan")
    s = sorted(values)
    return s[max(1, math.ceil(p / 100 * len(s))) - 1]


def ms(x: float) -> str:
    return "-" if x != x else f"{x * 1000:.1f}"


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def _stat(pid: int) -> list[str] | None:
    try:
        raw = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return raw[raw.rindex(")") + 2:].split()  # from the 3rd field (state) on


def cpu_seconds(pid: int) -> float:
    f = _stat(pid)
    return 0.0 if f is None else (int(f[11]) + int(f[12])) / TICK


def descendants(pid: int) -> list[int]:
    """`pid` and every process below it."""
    parent: dict[int, list[int]] = {}
    for e in Path("/proc").iterdir():
        if e.name.isdigit():
            f = _stat(int(e.name))
            if f is not None:
                parent.setdefault(int(f[1]), []).append(int(e.name))
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        todo.extend(parent.get(p, ()))
    return out


def cmdline(pid: int) -> list[str]:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace").split("\0")
    except OSError:
        return []


def _comm(proc: Path) -> str:
    try:
        return (proc / "comm").read_text().strip()
    except OSError:
        return ""


def machine_busy_seconds() -> float:
    ticks = [int(x) for x in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    return (sum(ticks[:8]) - ticks[3] - ticks[4]) / TICK


def die_with_parent() -> None:
    try:
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except Exception:  # noqa: BLE001 - best effort: the parent also stops us by pid
        pass


# ------------------------------------------------------------------ the server


class Server:
    """`python -m api.cli serve` (what `manage.py serve` runs), in its own session."""

    def __init__(self, tmp: Path, workers: int, root: Path = ROOT, redis_url: str | None = None, index: int = 0):
        self.tmp, self.workers, self.root, self.redis_url, self.index = tmp, workers, root, redis_url, index
        self.proc: subprocess.Popen | None = None
        self.port = 0

    def start(self) -> None:
        self.port = free_port()
        env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}  # the embedded redis-server
        if self.redis_url:  # or the Redis (a cluster's node) every server shares
            env["REDIS_URL"] = self.redis_url
        env.update(GOTHAM_DATA_DIR=str(self.tmp / f"data{self.index}"), GOTHAM_RATE_LIMIT_JOIN="1000000000/minute",
                   GOTHAM_JOIN_ATTEMPTS_PER_MINUTE="1000000000",  # the same, for a server from before `limits`
                   GOTHAM_RATE_LIMIT_CREATE="1000000000/minute",  # every table and phone comes from 127.0.0.1
                   GOTHAM_LIVE_STREAMS_PER_ADDRESS="1000000",
                   GOTHAM_CONNECTIONS_PER_ADDRESS="1000000",  # the worker's cap per address (issue 28, point 3)
                   PYTHONPATH=os.pathsep.join([str(self.root)] + [p for p in [env.get("PYTHONPATH")] if p]))
        self.gc_log = self.tmp / "gc"  # each worker's collector pauses (api/worker.py)
        self.gc_log.mkdir(exist_ok=True)
        env["GOTHAM_GC_LOG"] = str(self.gc_log)
        self.log = self.tmp / f"server{self.index}.log"
        self.access = self.tmp / f"server{self.index}.access"  # stdout: the access log (`answered`)
        with open(self.log, "wb") as log, open(self.access, "wb") as access:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "api.cli", "serve", "--host", HOST, "--port", str(self.port),
                 "--workers", str(self.workers)], cwd=self.root, env=env, stdin=subprocess.DEVNULL,
                stdout=access, stderr=log, start_new_session=True)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited with {self.proc.returncode}:\n{self.log_tail()}")
            try:
                with socket.create_connection((HOST, self.port), timeout=2) as s:
                    s.sendall(b"GET /api/ping HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                    if s.recv(64).startswith(b"HTTP/1.1 200") and len(self.gunicorn_workers()) == self.workers:
                        return
            except OSError:
                pass
            time.sleep(0.2)
        raise RuntimeError(f"the server did not answer within 60 s:\n{self.log_tail()}")

    def pids(self) -> list[int]:
        return descendants(self.proc.pid) if self.proc is not None else []

    def pauses(self, start: float, end: float) -> str:
        """The cyclic collector's pauses in the workers between two monotonic times, in words (a
        server older than the log says nothing). The files are written once a second: wait for it."""
        time.sleep(1.2)
        logs = [orjson.loads(f.read_bytes()) for f in self.gc_log.glob("*.json")]
        found = [p for log in logs for p in log["pauses"] if start <= p[0] <= end]
        times = [t for log in logs if isinstance(log.get("freezes"), list) for t in log["freezes"]]
        froze = (f"; {sum(start <= t <= end for t in times)} freezes of a full collection's survivors"
                 if any(isinstance(log.get("freezes"), list) for log in logs) else "")  # a server from before them: nothing
        if not found:
            return ("collector: no pause of 1 ms or more" if logs else "collector: not logged") + froze
        worst = max(found, key=lambda p: p[2])
        cpu = f", {worst[3]:.0f} ms of it on the CPU" if len(worst) > 3 else ""  # a server before CPU was logged
        if len(worst) > 5:
            cpu += (f", {worst[4]:,} objects walked" if worst[4] is not None else "") + f", {worst[5]:,} freed"
        return (f"collector: {len(found)} pauses of 1 ms or more, {sum(p[2] >= 20 for p in found)} of 20 ms or more, "
                f"longest {worst[2]:.0f} ms{cpu} (generation {worst[1]}){froze}")

    def frozen(self, asked: str) -> list[dict[str, int]]:
        """Each worker's frozen objects (api/worker.py `freeze_survivors`) at start and now, as
        {"start": n, asked: n}: asked through the log folder, answered within a second or two (a
        server older than the log: nothing)."""
        (self.gc_log / "frozen.ask").write_text(asked)
        deadline = time.monotonic() + 5
        while True:
            time.sleep(0.5)
            found = [orjson.loads(f.read_bytes()).get("frozen", {}) for f in sorted(self.gc_log.glob("*.json"))]
            if all(asked in f for f in found) or time.monotonic() > deadline:
                return found

    def answered(self, start: float, end: float) -> list[float]:
        """The server's own time (ms) for each command answered between two monotonic times: the
        request time gunicorn's access log gives a POST to .../commands/ or .../history/ (from its
        request read to its answer written; not the connection's opening nor the wait before its
        greenlet ran). The log's clock is the wall clock, to the second."""
        shift = time.time() - time.monotonic()
        first, last = int(start + shift), int(end + shift)
        found = []
        try:
            lines = self.access.read_text(errors="replace").splitlines()
        except OSError:
            return found
        for line in lines:
            m = _ACCESS.search(line)
            if m and ("/commands/" in m["path"] or "/history/" in m["path"]):
                at = datetime.strptime(m["at"], "%d/%b/%Y:%H:%M:%S %z").timestamp()
                if first <= at < last:
                    found.append(float(m["seconds"]) * 1000)
        return found

    def gunicorn_master(self) -> int | None:
        for pid in self.pids():
            cl = cmdline(pid)
            if "gunicorn" in cl and _stat(pid) and int(_stat(pid)[1]) == self.proc.pid:
                return pid
        return None

    def gunicorn_workers(self) -> list[int]:
        m = self.gunicorn_master()
        return [p for p in self.pids() if m and (_stat(p) or [0, 0])[1] == str(m)]

    def describe(self) -> str:
        m = self.gunicorn_master()
        cl = cmdline(m) if m else []
        i = cl.index("gunicorn") if "gunicorn" in cl else 0
        return " ".join(x for x in cl[i:] if x)

    def connection_limit(self) -> int | None:
        """workers x worker-connections, read from gunicorn's command line."""
        m = self.gunicorn_master()
        if m is None:
            return None
        cl = cmdline(m)

        def opt(*names, default=None):
            for n in names:
                if n in cl:
                    return int(cl[cl.index(n) + 1])
            return default
        w, c = opt("--workers", "-w", default=1), opt("--worker-connections", default=1000)
        return w * c

    def cpu(self) -> float:
        return sum(cpu_seconds(p) for p in self.pids())

    def log_tail(self, n: int = 20) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-n:])
        except OSError:
            return "(no log)"

    def errors(self) -> Counter:
        """The exceptions the server logged so far (each traceback's last line, its message cut
        after 60 characters), counted."""
        try:
            lines = self.log.read_text(errors="replace").splitlines()
        except OSError:
            return Counter()
        return Counter(line[:60] for line in lines if _RAISED.match(line))

    def stop(self) -> None:
        p, self.proc = self.proc, None
        if p is None:
            return
        pids = {pid: cmdline(pid) for pid in descendants(p.pid)}
        if p.poll() is None:
            master = None
            for pid in pids:
                if "gunicorn" in pids[pid] and (_stat(pid) or [0, 0])[1] == str(p.pid):
                    master = pid
            try:
                if master:
                    os.kill(master, signal.SIGQUIT)  # quick shutdown: the live streams never end by themselves
                os.kill(p.pid, signal.SIGINT)  # the serve command stops gunicorn, then its redis-server
                p.wait(20)
            except (OSError, subprocess.TimeoutExpired):
                pass
        for pid, cl in pids.items():  # whatever is left of what we started, by pid (if still that process)
            if cl and cmdline(pid) == cl:
                try:
                    os.kill(pid, signal.SIGKILL)
                except OSError:
                    pass
        try:
            p.wait(5)
        except subprocess.TimeoutExpired:
            pass


class Servers:
    """`count` servers (`Server`) on their own ports sharing one Redis (`redis_url`, e.g. a Redis
    Cluster's node; None: one server and its embedded redis-server). Read as one: their processes,
    their CPU with the shared Redis's (every redis-server on the machine not started by them), the
    workers' collector pauses (one log folder)."""

    def __init__(self, tmp: Path, workers: int, root: Path = ROOT, redis_url: str | None = None, count: int = 1):
        self.all = [Server(tmp, workers, root, redis_url, i) for i in range(count)]
        self.root, self.redis_url = root, redis_url

    @property
    def port(self) -> int:
        return self.all[0].port

    @property
    def ports(self) -> list[int]:
        return [s.port for s in self.all]

    def start(self) -> None:
        for s in self.all:
            s.start()

    def redis_pids(self) -> list[int]:
        """The shared Redis's processes: redis-server processes on this machine none of ours started."""
        if not self.redis_url:
            return []
        ours = {p for s in self.all for p in s.pids()}
        return [int(d.name) for d in Path("/proc").iterdir() if d.name.isdigit() and int(d.name) not in ours
                and _comm(d) == "redis-server"]

    def pids(self) -> list[int]:
        return [p for s in self.all for p in s.pids()] + self.redis_pids()

    def cpu(self) -> float:
        return sum(cpu_seconds(p) for p in self.pids())

    def cpu_split(self) -> tuple[float, dict[int, float]]:
        """The API servers' CPU seconds, and each shared redis-server's."""
        return sum(cpu_seconds(p) for s in self.all for p in s.pids()), {p: cpu_seconds(p) for p in self.redis_pids()}

    def pauses(self, start: float, end: float) -> str:
        return self.all[0].pauses(start, end)  # one folder: every server's workers

    def kept(self, gens: list) -> str:
        """What the workers' collectors keep frozen at start, with the last step's phones, and after
        those phones left (stopped here): what stays frozen after them, no collection frees."""
        with_phones = self.all[0].frozen("phones")
        for g in gens:
            g.stop()
        if not any("phones" in f for f in with_phones):
            return "collector: frozen objects not logged"
        left, after, n = time.monotonic(), with_phones, 0
        while time.monotonic() - left < 30:  # the streams end as their connections close
            n += 1
            before, after = after, self.all[0].frozen(f"left {n}")
            if n > 1 and [f.get(f"left {n}") for f in after] == [f.get(f"left {n - 1}") for f in before]:
                break
        if not any(f.get(f"left {n}") for f in after):
            return "collector: frozen objects not logged"
        return (f"collector: objects frozen per worker at start / with the last step's phones / {time.monotonic() - left:.0f} s "
                "after they left: " + "; ".join(f"{a['start']:,} / {p['phones']:,} / {a[f'left {n}']:,}"
                                                 for a, p in zip(after, with_phones) if "phones" in p and f"left {n}" in a))

    def answered(self, start: float, end: float) -> str:
        """`Server.answered` of every server, in words."""
        found = sorted(t for s in self.all for t in s.answered(start, end))
        if not found:
            return "in the server: no command logged"
        return (f"in the server (gunicorn's request time, without the connection's opening): command p50/p99 "
                f"{ms(percentile(found, 50) / 1000)}/{ms(percentile(found, 99) / 1000)} ms")

    def describe(self) -> str:
        return f"{len(self.all)} x {self.all[0].describe()}" if len(self.all) > 1 else self.all[0].describe()

    def connection_limit(self) -> int | None:
        limits = [s.connection_limit() for s in self.all]
        return None if None in limits else sum(limits)

    def log_tail(self, n: int = 20) -> str:
        return "\n".join(s.log_tail(n) for s in self.all)

    def errors(self) -> Counter:
        return sum((s.errors() for s in self.all), Counter())

    def stop(self) -> None:
        for s in self.all:
            s.stop()


# ------------------------------------------------------------------ HTTP on raw asyncio sockets


_RAISED = re.compile(r"^[A-Za-z_][\w.]*(Error|Exception|Timeout)\b")  # a traceback's last line
_ACCESS = re.compile(r'\[(?P<at>[^\]]+)\] "POST (?P<path>\S+) [^"]*" \d+ \d+ (?P<seconds>[\d.]+)$')  # api/cli.py's format


def venue(process: int, table: int) -> str | None:
    """The address a table's phones connect from: each table its own (its venue's: phones at one
    table share their network's address), in 127.0.0.0/8, which Linux routes whole to the loopback;
    None where only 127.0.0.1 answers (elsewhere than Linux). From one address, every connect()
    searched the kernel's ephemeral ports among the phones' 10,000 open connections: at 2,000 tables
    a connect() took 1.4 ms of kernel CPU (30 us from an address of its own), and the generator used
    0.43-0.47 of the machine's 2 cores (0.24-0.28 with an address per table). Real phones come from
    their own addresses: that cost was the benchmark's, not the server's."""
    address = f"127.{1 + process % 254}.{1 + table // 254 % 254}.{1 + table % 254}"
    return address if _LOOPBACK_RANGE else None


def _loopback_range() -> bool:
    with socket.socket() as probe:
        try:
            return probe.bind(("127.1.1.1", 0)) is None
        except OSError:
            return False


_LOOPBACK_RANGE = _loopback_range()


async def connected(port: int, source: str | None) -> socket.socket:
    """A socket connected to the server at `port`, from `source` (any port) when given."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setblocking(False)
    try:
        if source is not None:
            try:
                sock.setsockopt(socket.SOL_IP, IP_BIND_ADDRESS_NO_PORT, 1)
            except OSError:
                pass
            sock.bind((source, 0))
        await asyncio.get_running_loop().sock_connect(sock, (HOST, port))
    except BaseException:
        sock.close()
        raise
    return sock


class HttpConn:
    """One keep-alive HTTP/1.1 connection, one request at a time (a phone's reconnection probe and
    its command may overlap: the lock makes the second wait), from `source` (`venue`) when given."""
    __slots__ = ("port", "source", "reader", "writer", "last_used", "lock")

    def __init__(self, port: int, source: str | None = None):
        self.port, self.source, self.reader, self.writer, self.last_used = port, source, None, None, 0.0
        self.lock = asyncio.Lock()

    async def open(self) -> None:
        async def opened():
            return await asyncio.open_connection(sock=await connected(self.port, self.source), limit=1 << 22)
        self.reader, self.writer = await asyncio.wait_for(opened(), COMMAND_TIMEOUT)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.transport.abort()
        self.reader = self.writer = None

    def usable(self, keepalive: float) -> bool:
        return (self.writer is not None and not self.writer.transport.is_closing()
                and time.monotonic() - self.last_used < keepalive)

    async def request(self, method: str, path: str, body: bytes | None, token: str | None):
        """(status, headers, body, t_send, t_answer)."""
        async with self.lock:
            return await self._request(method, path, body, token)

    async def _request(self, method: str, path: str, body: bytes | None, token: str | None):
        if self.writer is None:
            await self.open()
        head = [f"{method} {path} HTTP/1.1", f"Host: {HOST}:{self.port}"]
        if token:
            head.append(f"Authorization: Bearer {token}")
        if body is not None:
            head += ["Content-Type: application/json", f"Content-Length: {len(body)}"]
        elif method in ("POST", "PUT", "PATCH", "DELETE"):
            head.append("Content-Length: 0")
        t_send = time.monotonic()
        try:
            self.writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + (body or b""))
            status, hdrs, data = await asyncio.wait_for(self._answer(), COMMAND_TIMEOUT)
        except BaseException:
            self.close()
            raise
        self.last_used = t_answer = time.monotonic()
        if hdrs.get("connection", "").lower() == "close":
            self.close()
        return status, hdrs, data, t_send, t_answer

    async def _answer(self):
        raw = await self.reader.readuntil(b"\r\n\r\n")
        lines = raw.decode("latin-1").split("\r\n")
        status = int(lines[0].split(" ", 2)[1])
        hdrs = {}
        for line in lines[1:]:
            if line:
                k, _, v = line.partition(":")
                hdrs[k.strip().lower()] = v.strip()
        if "content-length" in hdrs:
            return status, hdrs, await self.reader.readexactly(int(hdrs["content-length"]))
        chunks = []
        if hdrs.get("transfer-encoding", "").lower() == "chunked":
            while True:
                size = int((await self.reader.readuntil(b"\r\n")).split(b";")[0], 16)
                if size == 0:
                    await self.reader.readuntil(b"\r\n")
                    break
                chunks.append(await self.reader.readexactly(size))
                await self.reader.readexactly(2)
        return status, hdrs, b"".join(chunks)


_VERSION = re.compile(rb'"version":\s*(\d+)')


class Stream(asyncio.Protocol):
    """One EventSource: reads the chunked event stream, hands each event's kind and id to its phone
    (the data is not decoded: the id is the version; a `version` in the data's first bytes is the
    fallback when an event carries no id)."""

    def __init__(self, phone: "Phone", request: bytes):
        self.phone, self.request = phone, request
        self.transport = None
        self.buf = bytearray()
        self.sse = bytearray()
        self.scan = 0
        self.head = False
        self.chunked = False
        self.done = False
        self.snapshot_seen = False

    def connection_made(self, transport):
        self.transport = transport
        transport.write(self.request)

    def data_received(self, data: bytes):
        t = time.monotonic()
        ph = self.phone
        ph.gen.stream_bytes += len(data)
        buf = self.buf
        buf += data
        if not self.head:
            end = buf.find(b"\r\n\r\n")
            if end < 0:
                return
            lines = bytes(buf[:end]).decode("latin-1").lower().split("\r\n")
            del buf[:end + 4]
            self.head = True
            self.chunked = any(x.startswith("transfer-encoding:") and "chunked" in x for x in lines)
            status = int(lines[0].split(" ", 2)[1])
            if status != 200:
                self.close(f"status {status}")
                return
        if self.chunked:
            while True:
                i = buf.find(b"\r\n")
                if i < 0:
                    break
                size = int(bytes(buf[:i]).split(b";")[0], 16)
                if size == 0:
                    self.close("the server ended the stream")
                    return
                end = i + 2 + size
                if len(buf) < end + 2:
                    break
                self.sse += buf[i + 2:end]
                del buf[:end + 2]
        else:
            self.sse += buf
            buf.clear()
        sse = self.sse
        start = 0
        while True:
            end = sse.find(b"\n\n", max(start, self.scan))
            if end < 0:
                self.scan = max(start, len(sse) - 1)
                break
            self._event(sse, start, end, t)
            start = end + 2
        if start:
            del sse[:start]
            self.scan = max(0, self.scan - start)

    def _event(self, sse: bytearray, start: int, end: int, t: float) -> None:
        kind, eid, pos = b"message", None, start
        while pos < end:
            nl = sse.find(b"\n", pos, end)
            nl = end if nl < 0 else nl
            c = sse[pos]
            if c == 0x3A:  # ':' a comment: the heartbeat
                self.phone.gen.counts["heartbeat"] += 1
            elif sse.startswith(b"id:", pos):
                eid = int(sse[pos + 3:nl])
            elif sse.startswith(b"event:", pos):
                kind = bytes(sse[pos + 6:nl]).strip()
            elif sse.startswith(b"retry:", pos):
                self.phone.retry = int(sse[pos + 6:nl]) / 1000
            elif sse.startswith(b"data:", pos) and eid is None and kind in (b"change", b"snapshot"):
                m = _VERSION.search(sse, pos, min(nl, pos + 400))
                eid = int(m.group(1)) if m else None
                break
            pos = nl + 1
        ph = self.phone
        if kind == b"change":
            ph.on_change(eid, t, replayed=not self.snapshot_seen and ph.connections > 1)
        elif kind == b"snapshot":
            self.snapshot_seen = True
            ph.on_snapshot(eid, t)
        elif kind == b"presence":
            ph.gen.counts["presence"] += 1
            ph.presence += 1

    def close(self, reason: str) -> None:
        if self.transport is not None:
            self.transport.abort()
        self._ended(reason)

    def connection_lost(self, exc):
        self._ended("connection lost" if exc else "closed by the server")

    def _ended(self, reason: str) -> None:
        if not self.done:
            self.done = True
            self.phone.on_closed(self, reason)


# ------------------------------------------------------------------ phones and tables (one process)


class Phone:
    __slots__ = ("gen", "table", "index", "seat", "token", "http", "stream", "connections", "last_id",
                 "retry", "recv", "replayed", "snaps", "presence", "live", "first", "base", "dropping", "cookie", "legacy",
                 "reconnecting", "unplanned", "port")

    def __init__(self, gen: "Gen", table: "Table", index: int, seat: str, token: str, port: int):
        self.gen, self.table, self.index, self.seat, self.token = gen, table, index, seat, token
        self.port = port  # the server this phone talks to (several: a table's phones spread over them)
        self.http: HttpConn | None = None
        self.stream: Stream | None = None
        self.connections = 0
        self.last_id = 0
        self.retry = 2.0
        self.recv: dict[int, float] = {}
        self.replayed: set[int] = set()
        self.snaps: list[int] = []
        self.presence = 0
        self.live = False
        self.first: asyncio.Future | None = None
        self.base = 0
        self.dropping = False
        self.cookie: str | None = None
        self.legacy = False
        self.reconnecting = False
        self.unplanned = 0

    async def request(self, method: str, path: str, body: bytes | None = None, token: str | None = None):
        """As a browser: the phone's connection while the server keeps it alive, else a new one;
        a kept connection the server closed meanwhile is retried once on a new one."""
        c = self.http
        fresh = c is None or not c.usable(self.gen.keepalive)
        if fresh:
            if c is not None:
                c.close()
            c = self.http = HttpConn(self.port, self.table.source)
        try:
            return await c.request(method, path, body, token)
        except (ConnectionError, asyncio.IncompleteReadError):
            if fresh:
                raise
            c = self.http = HttpConn(self.port, self.table.source)
            return await c.request(method, path, body, token)

    async def ticket(self) -> None:
        """POST /live/ticket with the token, as the PWA does before opening its EventSource: the
        stream then carries the cookie it sets."""
        status, hdrs, _, _, _ = await self.request("POST", f"/api/tables/{self.table.code}/live/ticket",
                                                   token=self.token)
        cookie = hdrs.get("set-cookie", "")
        self.cookie = cookie.split(";", 1)[0] if status == 200 and cookie else None
        self.legacy = status == 404  # a server from before tickets: its PWA put the token in the URL

    def connect(self) -> asyncio.Future:
        """Open the live stream (Last-Event-ID after the first connection); the future is done at
        the connection's first snapshot."""
        self.connections += 1
        self.first = asyncio.get_running_loop().create_future()
        path = f"/api/tables/{self.table.code}/live" + (f"?token={self.token}" if self.legacy else "")
        head = [f"GET {path} HTTP/1.1", f"Host: {HOST}:{self.port}", "Accept: text/event-stream",
                "Cache-Control: no-cache"]
        if self.cookie:
            head.append(f"Cookie: {self.cookie}")
        if self.connections > 1 and self.last_id:
            head.append(f"Last-Event-ID: {self.last_id}")
        proto = Stream(self, ("\r\n".join(head) + "\r\n\r\n").encode())
        self.stream = proto

        async def opened():
            sock = await connected(self.port, self.table.source)
            return await asyncio.get_running_loop().create_connection(lambda: proto, sock=sock)

        async def go():
            try:
                await asyncio.wait_for(opened(), OPEN_TIMEOUT)
            except (OSError, asyncio.TimeoutError) as exc:
                proto._ended(f"connect failed: {exc!r}")
        self.gen.spawn(go())
        return self.first

    def on_snapshot(self, version: int | None, t: float) -> None:
        if version is not None:
            self.snaps.append(version)
            self.last_id = max(self.last_id, version)
        self.live = True
        self.gen.counts["snapshot"] += 1
        if self.first is not None and not self.first.done():
            self.first.set_result(t)

    def on_change(self, version: int | None, t: float, replayed: bool) -> None:
        g = self.gen
        g.counts["change"] += 1
        if version is None:
            g.counts["change without version"] += 1
            return
        if version in self.recv:
            g.counts["duplicated"] += 1
        else:
            self.recv[version] = t
            if replayed:
                self.replayed.add(version)
        if version > self.last_id:
            self.last_id = version

    def on_closed(self, stream: Stream, reason: str) -> None:
        if stream is not self.stream:
            return
        self.stream = None
        self.live = False
        if self.first is not None and not self.first.done():
            self.first.set_exception(ConnectionError(reason))
            return
        if self.gen.closing:
            return
        if not self.dropping:
            self.unplanned += 1
            self.gen.note(f"stream closed: {reason}")
        self.dropping = False
        self.gen.spawn(self.reconnect())

    def drop(self) -> None:
        """The phone loses the network (no goodbye)."""
        if self.stream is not None and not self.gen.closing:
            self.dropping = True
            self.stream.close("dropped")

    async def reconnect(self) -> None:
        """What the PWA and EventSource do after an error: probe GET /api/ping, reconnect after
        `retry` with Last-Event-ID, GET /seats on open when the PWA polls seats."""
        if self.reconnecting:
            return
        self.reconnecting = True
        try:
            for attempt in range(5):
                if self.gen.closing:
                    return
                try:
                    await self.request("GET", "/api/ping")
                except (OSError, asyncio.TimeoutError, asyncio.IncompleteReadError, ValueError):
                    pass
                await asyncio.sleep(self.retry)
                try:
                    if attempt:  # the stream was refused: the PWA asks for a new ticket
                        await self.ticket()
                    await asyncio.wait_for(asyncio.shield(self.connect()), OPEN_TIMEOUT)
                except (ConnectionError, asyncio.TimeoutError):
                    if self.stream is not None:  # no snapshot in time: give this connection up
                        s, self.stream = self.stream, None
                        s.close("no snapshot")
                    continue
                self.gen.counts["reconnected"] += 1
                if self.gen.poll:
                    await self.gen.poll_seats(self)
                return
            self.gen.note("a phone gave up reconnecting")
        finally:
            self.reconnecting = False


class Table:
    __slots__ = ("code", "host", "cycle", "phones", "pos", "token_id", "phase", "final", "source")

    def __init__(self, code: str, host: str, cycle: list[tuple], source: str | None):
        """`cycle`: the commands its phones send in turn, forever (bench/capacity_games.py); `source`:
        the address its phones connect from (`venue`)."""
        self.code, self.host, self.cycle, self.source = code, host, cycle, source
        self.phones: list[Phone] = []
        self.pos = 0
        self.token_id: int | None = None
        self.phase = 0.0
        self.final = 0


def merge(outs: list[dict]) -> dict:
    """The generators' outcomes as one: lists joined, numbers added (the drain: the longest),
    counters added."""
    m: dict = {}
    for o in outs:
        for k, v in o.items():
            if isinstance(v, list):
                m.setdefault(k, []).extend(v)
            elif isinstance(v, (int, float)) and not isinstance(v, bool):
                m[k] = max(m.get(k, 0), v) if k == "drain" else m.get(k, 0) + v
            elif isinstance(v, dict):
                d = m.setdefault(k, {})
                for kk, vv in v.items():
                    d[kk] = d.get(kk, 0) + vv
    return m
