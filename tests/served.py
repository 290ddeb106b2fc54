"""`serve` as a player runs it, for tests: `python3 manage.py serve` or `.venv/bin/gotham-companion
serve` on a free loopback port, in its own data directory, HOME and session, its output in a file;
what it started is stopped by pid when the test ends."""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
import requests

from tests.conftest import free_port

ROOT = Path(__file__).resolve().parent.parent


def descendants(pid: int) -> list[int]:
    """Every process under `pid` (from /proc), deepest last."""
    found, todo = [], [pid]
    while todo:
        p = todo.pop()
        for task in Path(f"/proc/{p}/task").glob("*"):
            try:
                children = (task / "children").read_text().split()
            except OSError:
                continue
            for c in map(int, children):
                found.append(c)
                todo.append(c)
    return found


def alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def port_answers(port: int) -> bool:
    with socket.socket() as s:
        s.settimeout(0.5)
        return s.connect_ex(("127.0.0.1", port)) == 0


class Served:
    """One `serve` started as `command`, its output in a file."""

    def __init__(self, command: list[str], tmp: Path, env: dict | None = None):
        self.port = free_port()
        self.tmp = tmp
        self.home = tmp / "home"
        self.home.mkdir(parents=True, exist_ok=True)
        self.log = tmp / "serve.log"
        inherited = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}  # the embedded one, unless `env` says
        env = {**inherited, "GOTHAM_DATA_DIR": str(tmp / "data"), "HOME": str(self.home),
               "WEB_CONCURRENCY": "2", "PYTHONUNBUFFERED": "1", **(env or {})}
        with open(self.log, "wb") as out:
            self.process = subprocess.Popen([*command, "--port", str(self.port)], cwd=ROOT, env=env, stdout=out,
                                            stderr=subprocess.STDOUT, start_new_session=True)
        self.base = f"http://127.0.0.1:{self.port}"
        self.known: set[int] = set()
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            assert self.process.poll() is None, self.output()
            try:
                if requests.get(self.base + "/api/ping", timeout=2).status_code == 200:
                    break
            except requests.RequestException:
                pass
            time.sleep(0.2)
        else:
            raise AssertionError(f"serve did not answer within 90 s: {self.output()}")
        self.children()

    def children(self) -> list[int]:
        found = descendants(self.process.pid)
        self.known.update(found)
        return found

    def redis_pid(self) -> int:
        found = [p for p in self.children() if "redis-server" in cmdline(p)]
        assert len(found) == 1, [(p, cmdline(p)) for p in self.children()]
        return found[0]

    def output(self) -> str:
        return self.log.read_text(errors="replace")

    def cleanup(self) -> None:
        """Whatever is left of what this test started (by pid), so a failure leaves nothing."""
        for pid in [self.process.pid, *self.known]:
            if alive(pid):
                try:
                    os.kill(pid, signal.SIGKILL)
                except OSError:
                    pass
        try:
            self.process.wait(5)
        except subprocess.TimeoutExpired:
            pass


@pytest.fixture()
def served(tmp_path):
    started = []

    def start(command, env=None):
        s = Served(command, tmp_path / f"serve{len(started)}", env)
        started.append(s)
        return s
    yield start
    for s in started:
        s.cleanup()


MANAGE = [sys.executable, "manage.py", "serve"]
ENTRY = [str(ROOT / ".venv" / "bin" / "gotham-companion"), "serve"]
