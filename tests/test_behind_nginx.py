"""Issue 28, points 3 and 10: `serve` behind nginx with the repository's own configuration
(deploy/nginx.conf, only its ports and file paths changed for the test): a table is created and a
live stream receives a change through it, and with GOTHAM_TRUSTED_PROXIES=1 the per-address limits
count the client nginx saw, not nginx, and not a hop the client wrote itself.

nginx comes from Debian (`manage.py test` and `.ci/run` install it when missing, as root).
"""
from __future__ import annotations

import http.client
import json
import os
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

from tests.conftest import Client, free_port
from tests.served import ENTRY, port_answers, served  # noqa: F401 - a fixture
from tests.sse_client import SSEClient
from tests.tables import table_body

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "deploy" / "nginx.conf"


def nginx_executable() -> str:
    found = os.environ.get("NGINX") or shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin:/sbin")
    assert found, "Debian's nginx is needed: apt-get install -y nginx (python3 manage.py test does it as root)"
    return found


def configured(port: int, upstream: int, where: Path) -> str:
    """deploy/nginx.conf listening on `port`, passing to `upstream`, its files under `where`."""
    text = CONFIG.read_text()
    changes = {
        "listen 80;": f"listen 127.0.0.1:{port};",
        "server 127.0.0.1:8000;": f"server 127.0.0.1:{upstream};",
        "/var/log/nginx/gotham-access.log": str(where / "access.log"),
        "worker_processes auto;": "worker_processes 1;",
        "http {": "http {\n" + "".join(f"    {kind}_temp_path {where / kind};\n"
                                        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")),
    }
    for old, new in changes.items():
        assert text.count(old) == 1, f"deploy/nginx.conf no longer has {old!r} once"
        text = text.replace(old, new)
    return text


@pytest.fixture()
def nginx_in_front():
    started = []

    def start(upstream: int) -> str:
        where = Path(tempfile.mkdtemp(prefix="gotham-nginx-"))
        where.chmod(0o755)  # nginx's workers (www-data) keep their temporary files here
        port = free_port()
        conf = where / "nginx.conf"
        conf.write_text(configured(port, upstream, where))
        process = subprocess.Popen(
            [nginx_executable(), "-c", str(conf), "-p", str(where),
             "-g", f"daemon off; pid {where / 'nginx.pid'}; error_log {where / 'error.log'};"],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
        started.append((process, where))
        deadline = time.monotonic() + 15
        while not port_answers(port):
            assert process.poll() is None, process.stdout.read().decode(errors="replace")
            assert time.monotonic() < deadline, "nginx did not listen within 15 s"
            time.sleep(0.1)
        return f"http://127.0.0.1:{port}"
    yield start
    for process, where in started:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)  # the master stops its workers
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        shutil.rmtree(where, ignore_errors=True)


def from_address(base: str, address: str, method: str, path: str, body=None, headers=None):
    """One request from loopback address `address` (a client nginx sees as that address)."""
    port = int(base.rsplit(":", 1)[1])
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10, source_address=(address, 0))
    try:
        sent = {"Accept": "application/json", **(headers or {})}
        if body is not None:
            sent["Content-Type"] = "application/json"
        conn.request(method, path, body=None if body is None else json.dumps(body), headers=sent)
        r = conn.getresponse()
        data = r.read()
        return r.status, json.loads(data) if data else None
    finally:
        conn.close()


def test_behind_the_repository_s_nginx_a_table_is_created_and_a_live_stream_receives_its_change(served,
                                                                                               nginx_in_front):
    s = served(ENTRY, env={"GOTHAM_TRUSTED_PROXIES": "1"})
    base = nginx_in_front(s.port)
    http = Client(base)
    r = http.post("/api/tables", json=table_body())
    assert r.status_code == 201, r.text
    created = r.json()
    assert created["join_link"] == f"{base}/join/{created['code']}"  # the Host nginx passed on
    stream = SSEClient(base, created["code"], token=created["token"], read_timeout=15)
    try:
        assert stream.status == 200, stream.body
        assert stream.next()["event"] == "snapshot"
        r = http.post(f"/api/tables/{created['code']}/commands/advance")
        assert r.status_code == 200, r.text
        change = stream.until(lambda e: e["event"] == "change", timeout=10)[-1]
        assert change["data"]["version"] == r.json()["version"]
    finally:
        stream.close()
    assert http.get("/").status_code == 200  # the app's shell, through the same proxy


def test_behind_nginx_with_one_trusted_proxy_the_limits_count_the_client_nginx_saw(served, nginx_in_front):
    s = served(ENTRY, env={"GOTHAM_TRUSTED_PROXIES": "1", "GOTHAM_RATE_LIMIT_UNKNOWN_CODE": "3/minute"})
    base = nginx_in_front(s.port)
    prober, other = "127.0.0.3", "127.0.0.4"
    answers = [from_address(base, prober, "GET", f"/api/tables/{code}")[0] for code in ("AAAAAA", "BBBBBB", "CCCCCC")]
    assert answers == [404] * 3
    assert from_address(base, prober, "GET", "/api/tables/DDDDDD")[0] == 429  # the prober is counted
    # another client behind the same nginx is not, even when it names the prober as an earlier hop
    assert from_address(base, other, "GET", "/api/tables/EEEEEE")[0] == 404
    assert from_address(base, other, "GET", "/api/tables/FFFFFF", headers={"X-Forwarded-For": prober})[0] == 404
    # and the prober cannot pass as another by writing a hop of its own
    assert from_address(base, prober, "GET", "/api/tables/GGGGGG", headers={"X-Forwarded-For": other})[0] == 429
