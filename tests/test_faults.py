"""Crashes: the API under gunicorn (2 processes × 8 threads) over its own redis-server, each killed
with SIGKILL in the middle of a game and started again.

- gunicorn killed (the whole process group) while a phone writes: after the restart every
  acknowledged change is in the table and its history, and a phone resumes its live stream with
  Last-Event-ID, receiving exactly what it missed.
- redis-server killed while a phone writes, then started on the same directory (append-only file,
  fsync every second): every acknowledged change is back, the API answers again without a restart
  (it reconnects), and the phone's stream resumes.

Every wait is bounded; every process started here is stopped, whatever happens.
"""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
import requests

from api.embedded_redis import EmbeddedRedis
from tests.conftest import Client, free_port
from tests.sse_client import END, SSEClient
from tests.tables import advance_to, new_table
from tests.test_shared_tables import auth, check_invariants, join

ROOT = Path(__file__).resolve().parent.parent
PYTHON = ROOT / ".venv" / "bin" / "python"


class Gunicorn:
    """`gunicorn -w 2 -k gthread --threads 8 wsgi:app` in its own process group."""

    def __init__(self, redis_url: str, log: Path, port: int | None = None):
        self.redis_url = redis_url
        self.port = port or free_port()
        self.log = log
        self.process: subprocess.Popen | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 60) -> "Gunicorn":
        self.launch()
        try:
            return self.wait_healthy(timeout)
        except BaseException:
            self.stop()
            raise

    def launch(self) -> None:
        env = {**os.environ, "REDIS_URL": self.redis_url, "GOTHAM_RATE_LIMIT_JOIN": "1000000/minute",
               "GOTHAM_RATE_LIMIT_CREATE": "1000000/minute", "GOTHAM_RATE_LIMIT_UNKNOWN_CODE": "1000000/minute",
               "PYTHONUNBUFFERED": "1"}
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen(
                [str(PYTHON if PYTHON.exists() else sys.executable), "-m", "gunicorn", "-w", "2", "-k", "gthread",
                 "--threads", "8", "-b", f"127.0.0.1:{self.port}", "--graceful-timeout", "2", "wsgi:app"],
                cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)

    def wait_healthy(self, timeout: float = 60) -> "Gunicorn":
        """Until GET /api/health answers 200 (the app and its Redis answer)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"gunicorn exited with {self.process.returncode}: {self.log.read_text()[-2000:]}")
            try:
                if requests.get(f"{self.base}/api/health", timeout=2).status_code == 200:
                    return self
            except requests.RequestException:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"gunicorn did not answer within {timeout} s: {self.log.read_text()[-2000:]}")

    def workers(self) -> list[int]:
        """The master's worker processes."""
        found = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == self.process.pid:
                found.append(int(stat.parent.name))
        return found

    def wait_workers_ready(self, redis_port: int, timeout: float = 60) -> None:
        """Until both workers hold a connection to Redis, i.e. have finished loading the app (each
        worker loads it after the fork, which takes seconds on a busy machine: a worker still
        loading it when Redis dies fails to boot, see test_a_worker_booting_while_redis_is_down)."""
        deadline = time.monotonic() + timeout
        while True:
            workers = self.workers()
            if len(workers) == 2 and all(_connected_to(pid, redis_port) for pid in workers):
                return
            assert time.monotonic() < deadline, f"gunicorn's workers not ready within {timeout} s"
            time.sleep(0.1)

    def _signal_group(self, sig) -> None:
        try:
            os.killpg(self.process.pid, sig)  # start_new_session: the group id is the master's pid
        except ProcessLookupError:
            pass

    def kill(self) -> None:
        """SIGKILL to the master and its workers at once, as a crash of the machine's app would."""
        if self.process is None:
            return
        self._signal_group(signal.SIGKILL)
        self.process.wait(10)
        self._wait_group_gone()
        self.process = None

    def stop(self) -> None:
        if self.process is None:
            return
        self._signal_group(signal.SIGTERM)
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            pass
        self._signal_group(signal.SIGKILL)
        try:
            self.process.wait(5)
        except subprocess.TimeoutExpired:
            pass
        self._wait_group_gone()
        self.process = None

    def _wait_group_gone(self, timeout: float = 10) -> None:
        """Workers are reaped by init once the master is gone; wait until none is left."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                os.killpg(self.process.pid, 0)
            except ProcessLookupError:
                return
            except PermissionError:
                return
            time.sleep(0.05)


def _connected_to(pid: int, port: int) -> bool:
    """Whether process `pid` holds an established TCP connection to 127.0.0.1:`port`."""
    try:
        inodes = {os.readlink(f"/proc/{pid}/fd/{fd}")[8:-1] for fd in os.listdir(f"/proc/{pid}/fd")}
        rows = Path(f"/proc/{pid}/net/tcp").read_text().splitlines()[1:]
    except OSError:
        return False
    for row in rows:
        cols = row.split()
        if cols[2] == f"0100007F:{port:04X}" and cols[3] == "01" and cols[9] in inodes:
            return True
    return False


@pytest.fixture()
def services(tmp_path):
    """A redis-server of this test's own, and gunicorn over it; both stopped at the end."""
    redis = EmbeddedRedis(tmp_path / "redis", port=free_port(), fsync="everysec").start()
    app = Gunicorn(redis.url, tmp_path / "gunicorn.log")
    try:
        app.start()
        app.wait_workers_ready(redis.port)
        yield redis, app
    finally:
        app.stop()
        redis.kill()
        redis.stop()


class Writer(threading.Thread):
    """A phone placing tokens as fast as answers come: the acknowledged answers (200) are kept."""

    def __init__(self, base: str, code: str, token: str):
        super().__init__(daemon=True)
        self.base, self.code, self.token = base, code, token
        self.acknowledged: list[dict] = []
        self.failed = 0
        self.stop = threading.Event()

    def run(self) -> None:
        while not self.stop.is_set():
            try:
                r = requests.post(f"{self.base}/api/tables/{self.code}/commands/place_token", headers=auth(self.token),
                                  json={"kind": "gas", "side": "heroes", "area": f"w{len(self.acknowledged)}"},
                                  timeout=5)
            except requests.RequestException:
                self.failed += 1
                time.sleep(0.02)
                continue
            if r.status_code == 200:
                self.acknowledged.append(r.json())
            else:
                self.failed += 1
                time.sleep(0.02)

    def wait_for(self, count: int, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while len(self.acknowledged) < count:
            assert time.monotonic() < deadline, f"only {len(self.acknowledged)} changes acknowledged in {timeout} s"
            assert self.is_alive()
            time.sleep(0.01)

    def finish(self) -> None:
        self.stop.set()
        self.join(15)
        assert not self.is_alive()


class Follower:
    """A phone that keeps its live stream: when the stream ends it reconnects with the last id it
    saw (retrying while the server is down). It records every change id it receives."""

    def __init__(self, base: str, code: str, token: str):
        self.base, self.code, self.token = base, code, token
        self.changes: list[int] = []
        self.snapshots: list[int] = []
        self.reconnections = 0
        self.last_id: int | None = None
        self.stream = self._connect(None)
        first = self.stream.next(15)
        assert first["event"] == "snapshot", first
        self._take(first)
        self.start = first["id"]  # the changes after this one are the phone's to receive

    def _connect(self, last_id, timeout: float = 60) -> SSEClient:
        deadline = time.monotonic() + timeout
        while True:
            try:
                stream = SSEClient(self.base, self.code, token=self.token, last_event_id=last_id, read_timeout=60)
                if stream.status == 200:
                    return stream
                stream.close()
            except OSError:
                pass
            assert time.monotonic() < deadline, f"the live stream did not come back within {timeout} s"
            time.sleep(0.1)

    def _take(self, event) -> None:
        if event["event"] == "change":
            self.changes.append(event["id"])
        elif event["event"] == "snapshot":
            self.snapshots.append(event["id"])
        self.last_id = event["id"]

    def until_version(self, version: int, timeout: float = 60) -> None:
        """Read, reconnecting as needed, until the table at `version` has been received."""
        deadline = time.monotonic() + timeout
        while self.last_id is None or self.last_id < version:
            left = deadline - time.monotonic()
            assert left > 0, f"version {version} never came (last id {self.last_id})"
            try:
                event = self.stream.next(min(left, 5))
            except AssertionError:  # nothing for a while: keep waiting until the deadline
                continue
            if event is END:
                self.stream.close()
                self.reconnections += 1
                self.stream = self._connect(self.last_id, timeout=max(1.0, deadline - time.monotonic()))
                continue
            self._take(event)

    def drain_until_closed(self, timeout: float = 20) -> None:
        """Read what the dying connection still delivers, until it ends."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            assert left > 0, "the stream did not end when its server died"
            try:
                event = self.stream.next(min(left, 5))
            except AssertionError:
                continue
            if event is END:
                return
            self._take(event)

    def close(self) -> None:
        self.stream.close()


def acknowledged_are_kept(http, code: str, writer: Writer) -> dict:
    """Every acknowledged change is in the table and in its history, as answered."""
    r = http.get(f"/api/tables/{code}")
    assert r.status_code == 200, r.text
    table = r.json()
    check_invariants(table)
    versions = [a["version"] for a in writer.acknowledged]
    assert versions == sorted(versions) and len(set(versions)) == len(versions)
    assert table["version"] >= versions[-1]
    on_board = {t["id"] for t in table["tokens"]}
    placed = [a["events"][0]["data"]["token"] for a in writer.acknowledged]
    missing = [t for t in placed if t not in on_board]
    assert not missing, f"acknowledged tokens lost: {missing}"
    history = {}
    after = versions[0] - 1
    while True:
        rows = http.get(f"/api/tables/{code}/history?after={after}&limit=500").json()
        if not rows:
            break
        history.update({row["version"]: row for row in rows})
        after = rows[-1]["version"]
    for answer in writer.acknowledged:
        entry = history.get(answer["version"])
        assert entry is not None, f"change {answer['version']} is not in the history"
        assert entry["events"] == answer["events"] and entry["command"] == "PlaceToken"
    return table


def in_order_once(follower: Follower, last: int) -> None:
    """Every change after the phone's first snapshot up to `last`, once each, in order."""
    assert follower.changes == sorted(follower.changes), "changes out of order"
    assert len(follower.changes) == len(set(follower.changes)), "a change received twice"
    assert follower.changes == list(range(follower.start + 1, last + 1)), \
        "the phone did not receive every change exactly once"


def game(base: str) -> tuple[Client, str, str]:
    http = Client(base)
    code = new_table(http)["code"]
    advance_to(http, code, "heroes.actions")
    return http, code, join(http, code, "hero:batman")


def test_gunicorn_killed_mid_game(services):
    redis, app = services
    http, code, batman = game(app.base)
    follower = Follower(app.base, code, batman)
    writer = Writer(app.base, code, http.tokens[code])
    try:
        writer.start()
        writer.wait_for(40)
        follower.until_version(writer.acknowledged[20]["version"])
        app.kill()  # mid-game: the writer is still sending
        time.sleep(0.3)
        writer.finish()
        follower.drain_until_closed()
        assert writer.failed >= 1  # it did write while the server was down
        seen_before = follower.last_id

        app.start()
        table = acknowledged_are_kept(http, code, writer)
        # at most the one request in flight at the kill may have landed without its answer
        assert table["version"] - writer.acknowledged[-1]["version"] <= 1

        # the game goes on while the phone is away; it comes back with the last id it saw
        for space in ("melee", "ranged", "thought"):
            r = http.post(f"/api/tables/{code}/commands/spend", json={"hero": "batman", "space": space, "cubes": 1}, token=batman)
            assert r.status_code == 200, r.text
        follower.until_version(r.json()["version"])
        assert follower.reconnections == 1 and seen_before < r.json()["version"]
        snapshot = follower.stream.next(10)  # after the missed changes, the table as it is now
        assert (snapshot["event"], snapshot["id"]) == ("snapshot", r.json()["version"])
        assert snapshot["data"]["table"] == r.json()["table"]
        in_order_once(follower, r.json()["version"])
        # and receives the next changes live, from whichever process holds its stream
        r = http.post(f"/api/tables/{code}/commands/spend", json={"hero": "batman", "space": "melee", "cubes": 1}, token=batman)
        assert r.status_code == 200, r.text
        follower.until_version(r.json()["version"])
        assert follower.reconnections == 1
        in_order_once(follower, r.json()["version"])
    finally:
        writer.stop.set()
        follower.close()


def test_redis_killed_mid_game(services):
    """Two phones: one keeps its stream through the outage (the API's listener reconnects to Redis
    and re-reads what the stream missed), the other loses its connection while Redis is down and
    comes back with Last-Event-ID."""
    redis, app = services
    http, code, batman = game(app.base)
    gordon = join(http, code, "hero:commissioner-gordon")
    follower = Follower(app.base, code, batman)
    stayer = Follower(app.base, code, gordon)
    writer = Writer(app.base, code, http.tokens[code])
    try:
        writer.start()
        writer.wait_for(40)
        follower.until_version(writer.acknowledged[20]["version"])
        redis.kill()  # mid-game: the writer is still sending
        down = len(writer.acknowledged)
        time.sleep(1.5)
        assert len(writer.acknowledged) <= down + 1  # nothing is acknowledged while Redis is down
        assert writer.failed >= 1  # it did write while Redis was down
        writer.finish()
        r = requests.get(f"{app.base}/api/health", timeout=10)
        assert r.status_code >= 500
        follower.stream.close()  # this phone loses its connection now, and cannot come back yet
        refused = SSEClient(app.base, code, token=batman, last_event_id=follower.last_id)
        assert refused.status >= 500
        refused.close()

        redis.start()  # same directory: the append-only file
        deadline = time.monotonic() + 30
        while True:  # the API reconnects by itself
            try:
                if requests.get(f"{app.base}/api/tables/{code}", timeout=5).status_code == 200:
                    break
            except requests.RequestException:
                pass
            assert time.monotonic() < deadline, "the API did not answer again within 30 s"
            time.sleep(0.1)
        for _ in range(10):  # both processes, any thread
            assert requests.get(f"{app.base}/api/health", timeout=5).status_code == 200
        table = acknowledged_are_kept(http, code, writer)
        assert table["version"] - writer.acknowledged[-1]["version"] <= 1

        r = http.post(f"/api/tables/{code}/commands/spend", json={"hero": "batman", "space": "melee", "cubes": 1}, token=batman)
        assert r.status_code == 200, r.text
        follower.until_version(r.json()["version"])
        assert follower.reconnections == 1
        in_order_once(follower, r.json()["version"])
        stayer.until_version(r.json()["version"])
        in_order_once(stayer, r.json()["version"])
        # a new phone joins the restarted store and sees the same table
        with SSEClient(app.base, code) as fresh:
            first = fresh.next(10)
            assert first["event"] == "snapshot" and first["id"] == r.json()["version"]
    finally:
        writer.stop.set()
        follower.close()
        stayer.close()


def test_a_worker_booting_while_redis_is_down(tmp_path):
    """Redis is down when the API starts (or respawns a worker): the API must stay up, answer an
    error while Redis is away, and serve again once Redis is back."""
    redis = EmbeddedRedis(tmp_path / "redis", port=free_port(), fsync="everysec").start()
    app = Gunicorn(redis.url, tmp_path / "gunicorn.log")
    try:
        redis.kill()
        app.launch()
        with pytest.raises(RuntimeError, match="did not answer"):
            app.wait_healthy(timeout=8)  # it cannot be healthy without Redis, but it must keep running
        redis.start()
        app.wait_healthy(timeout=30)  # the same processes serve once Redis is back
        assert requests.get(f"{app.base}/api/health", timeout=5).status_code == 200
    finally:
        app.stop()
        redis.kill()
        redis.stop()
