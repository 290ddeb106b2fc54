"""Servers for bench/load_bench.py: a real redis-server and the app under gunicorn (gevent), both
on 127.0.0.1, plus what the benchmark reads from them (CPU from /proc, Redis INFO / CLIENT LIST,
which gunicorn worker holds which Redis connection and which live stream).

Nothing here is a measurement by itself; bench/load_bench.py drives it.
"""
from __future__ import annotations

import os
import signal
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from api.embedded_redis import EmbeddedRedis  # noqa: E402
from api_bench import (TICK, children, cpu_seconds, free_port,  # noqa: E402  (the /proc helpers)
                       wait_until_answering)

HOST = "127.0.0.1"


def run_delay_seconds(pid: int) -> float:
    """Seconds the process's threads spent runnable but waiting for a CPU (the scheduler's run
    queue), from /proc/<pid>/task/*/schedstat: how much other processes held it back."""
    total = 0
    try:
        tasks = list(Path(f"/proc/{pid}/task").iterdir())
    except OSError:
        return 0.0
    for t in tasks:
        try:
            total += int((t / "schedstat").read_text().split()[1])
        except (OSError, IndexError, ValueError):
            pass
    return total / 1e9


def machine_busy_seconds() -> float:
    """CPU seconds the whole machine has been busy (all cores, every process), from /proc/stat."""
    try:
        fields = Path("/proc/stat").read_text().splitlines()[0].split()[1:]
    except OSError:
        return 0.0
    ticks = [int(x) for x in fields]
    idle = ticks[3] + (ticks[4] if len(ticks) > 4 else 0)  # idle + iowait
    return (sum(ticks[:8]) - idle) / TICK  # user..steal; guest time is already in user


def tcp_connections(pid: int) -> list[tuple[int, int]]:
    """(local port, remote port) of `pid`'s established TCP connections: psutil when it is there,
    else `ss -tnp`."""
    try:
        import psutil
        return [(c.laddr.port, c.raddr.port) for c in psutil.Process(pid).net_connections(kind="tcp")
                if c.status == psutil.CONN_ESTABLISHED and c.raddr]
    except ImportError:
        pass
    except Exception:  # noqa: BLE001 - the process went away
        return []
    p = subprocess.run(["ss", "-tnpH", "state", "established"], capture_output=True, text=True, timeout=20)
    out = []
    for line in p.stdout.splitlines():
        parts = line.split()
        if f"pid={pid}," in line and len(parts) >= 4:
            out.append((int(parts[2].rsplit(":", 1)[1]), int(parts[3].rsplit(":", 1)[1])))
    return out


def tcp_local_ports(pid: int, remote_port: int | None = None, local_port: int | None = None) -> list[int]:
    """Local ports of `pid`'s established TCP connections (optionally only those whose remote or
    local port is the one given)."""
    return [lp for lp, rp in tcp_connections(pid)
            if (remote_port is None or rp == remote_port) and (local_port is None or lp == local_port)]


def recv_queues(local_ports: set[int]) -> dict[int, int]:
    """Bytes received by the kernel but not yet read by the process, per local TCP port (ss)."""
    try:
        p = subprocess.run(["ss", "-tnH", "state", "established"], capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired):
        return {}
    out = {}
    for line in p.stdout.splitlines():
        parts = line.split()
        if len(parts) < 4:
            continue
        try:
            lp = int(parts[2].rsplit(":", 1)[1])
        except (IndexError, ValueError):
            continue
        if lp in local_ports:
            out[lp] = int(parts[0])
    return out


def peer_ports(pid: int, local_port: int) -> list[int]:
    """Remote ports of `pid`'s established TCP connections accepted on `local_port`."""
    return [rp for lp, rp in tcp_connections(pid) if lp == local_port]


def port_map_method() -> str:
    try:
        import psutil  # noqa: F401
        return "psutil net_connections"
    except ImportError:
        return "ss -tnp"


@dataclass
class Servers:
    tmp: Path
    workers: int = 2
    worker_connections: int = 2000
    redis: EmbeddedRedis | None = None
    gunicorn: subprocess.Popen | None = None
    port: int = 0
    log: Path | None = None
    started: list[str] = field(default_factory=list)

    def gunicorn_args(self) -> list[str]:
        # As the brief says (gevent, 2 workers, 2000 connections each); besides: logs to a file,
        # keep-alive 30 s so the command connections are not dropped between two commands, a 5 s
        # graceful stop (the live streams never end by themselves), and no control socket (the
        # default path is shared by every gunicorn on the machine).
        return [sys.executable, "-m", "gunicorn", "-w", str(self.workers), "-k", "gevent",
                "--worker-connections", str(self.worker_connections), "-b", f"{HOST}:{self.port}",
                "--keep-alive", "30", "--graceful-timeout", "5", "--no-control-socket",
                "--log-level", "warning", "--error-logfile", str(self.log), "wsgi:app"]

    def start(self) -> None:
        self.redis = EmbeddedRedis(self.tmp / "redis", port=free_port()).start()
        self.port = free_port()
        self.log = self.tmp / "gunicorn.log"
        env = {**os.environ, "REDIS_URL": self.redis.url, "GOTHAM_DATA_DIR": str(self.tmp / "data"),
               "GOTHAM_JOIN_ATTEMPTS_PER_MINUTE": "100000"}
        self.gunicorn = subprocess.Popen(self.gunicorn_args(), cwd=ROOT, env=env, stdin=subprocess.DEVNULL,
                                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                         start_new_session=True)  # our Ctrl-C is ours to relay
        wait_until_answering(self.gunicorn, self.port, self.log_tail,
                             ready=lambda: len(self.worker_pids()) == self.workers)

    def worker_pids(self) -> list[int]:
        return children(self.gunicorn.pid) if self.gunicorn is not None else []

    def redis_pid(self) -> int | None:
        return self.redis.process.pid if self.redis and self.redis.process else None

    def cpu(self) -> dict[str, float]:
        """CPU seconds so far: each gunicorn worker ("w<pid>"), the master, redis-server."""
        out = {f"w{p}": cpu_seconds(p) for p in self.worker_pids()}
        if self.gunicorn is not None:
            out["master"] = cpu_seconds(self.gunicorn.pid)
        rp = self.redis_pid()
        out["redis"] = cpu_seconds(rp) if rp else 0.0
        return out

    def run_delay(self) -> dict[str, float]:
        """Seconds each process waited for a CPU so far (keys as in cpu())."""
        out = {f"w{p}": run_delay_seconds(p) for p in self.worker_pids()}
        rp = self.redis_pid()
        out["redis"] = run_delay_seconds(rp) if rp else 0.0
        return out

    def stream_owners(self) -> dict[int, int]:
        """Client port → pid of the worker holding that connection to the app."""
        return {port: pid for pid in self.worker_pids() for port in peer_ports(pid, self.port)}

    def streams_per_worker(self) -> dict[int, int]:
        """Established client connections each worker holds on the app's port (live streams,
        plus any keep-alive command connection)."""
        return {pid: len(tcp_local_ports(pid, local_port=self.port)) for pid in self.worker_pids()}

    def redis_connections_by_process(self, client) -> tuple[dict[str, dict[str, int]], int]:
        """CLIENT LIST grouped by the process that holds each connection: its client-side port
        (the `addr` field) matched against the local ports of each worker's sockets to Redis.
        Returns ({"worker <pid>" | "master" | "benchmark" | "other": {"total", "pubsub", "normal"}}, total)."""
        rows = client.client_list()
        owner: dict[int, str] = {}
        rport = self.redis.port
        for pid in self.worker_pids():
            for lp in tcp_local_ports(pid, remote_port=rport):
                owner[lp] = f"worker {pid}"
        if self.gunicorn is not None:
            for lp in tcp_local_ports(self.gunicorn.pid, remote_port=rport):
                owner[lp] = "master"
        for lp in tcp_local_ports(os.getpid(), remote_port=rport):
            owner[lp] = "benchmark"
        groups: dict[str, dict[str, int]] = {}
        for r in rows:
            addr = str(r.get("addr", ""))
            try:
                port = int(addr.rsplit(":", 1)[1])
            except (IndexError, ValueError):
                port = -1
            who = owner.get(port, "other")
            g = groups.setdefault(who, {"total": 0, "pubsub": 0, "normal": 0})
            g["total"] += 1
            pub = int(r.get("sub", 0) or 0) + int(r.get("psub", 0) or 0)
            g["pubsub" if pub else "normal"] += 1
        return groups, len(rows)

    def log_tail(self, n: int = 30) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-n:])
        except (OSError, AttributeError):
            return "(no log)"

    def stop(self) -> None:
        g, self.gunicorn = self.gunicorn, None
        if g is not None and g.poll() is None:
            g.terminate()
            try:
                g.wait(12)
            except subprocess.TimeoutExpired:
                try:
                    os.killpg(g.pid, signal.SIGKILL)  # its own session: the master and its workers
                except OSError:
                    g.kill()
                g.wait()
        if self.redis is not None:
            self.redis.stop()
            self.redis = None
