"""`gotham-companion`: serve the app, or write its OpenAPI document.

  gotham-companion serve [--host 127.0.0.1] [--port 8000] [--workers 2]
  gotham-companion openapi [PATH]     (default: openapi/openapi.json)
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import signal
import subprocess
import sys
from pathlib import Path

from .config import Config
from .embedded_redis import EmbeddedRedis, die_with_parent


def openapi_document() -> dict:
    """The OpenAPI document as the app publishes it at /api/openapi.json."""
    from . import create_app

    # No store is touched while the document is built: the URL is never connected to.
    app = create_app({"REDIS_URL": "redis://127.0.0.1:1/0", "SEED_LIBRARY": False})
    with app.test_request_context():
        return app.extensions["flask-smorest"]["apis"][""]["ext_obj"].spec.to_dict()


def write_openapi(path: str) -> None:
    text = json.dumps(openapi_document(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    Path(path).write_text(text, encoding="utf-8")
    print(f"wrote {path}")


# The access log names the path without its query string, and never a header or a cookie: no
# secret is written there, even one a stale client still puts in a URL.
ACCESS_LOG_FORMAT = '%(h)s - - %(t)s "%(m)s %(U)s %(H)s" %(s)s %(B)s %(L)s'

WORKER_CONNECTIONS = 10_000  # per worker: every phone holds a live stream (5 phones a table)
WORKER_CLASS = "api.worker.Worker"  # gevent, with deadlines for slow clients and a cap per address


def open_files_as_allowed() -> None:
    """Each connection is a file: raise this process's soft limit (inherited by the workers) to
    the hard limit the system allows."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard > soft:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


GRACEFUL_TIMEOUT = 3  # seconds gunicorn's workers get to finish on TERM (live streams never finish by themselves)


def serve(host: str, port: int, workers: int) -> int:
    """gunicorn (gevent workers) and, without REDIS_URL, a supervised embedded redis-server. TERM
    or INT is passed on to gunicorn; `serve` waits for it, then stops redis-server, and returns."""
    open_files_as_allowed()
    env = dict(os.environ)
    embedded = None
    if not env.get("REDIS_URL"):
        embedded = EmbeddedRedis(Config.DATA_DIR, die_with_parent=True).start()
        env["REDIS_URL"] = embedded.url
        if embedded.process is not None:  # not one left serving this directory by another `serve`
            embedded.supervise()
        print(f"Embedded redis-server persisting to {embedded.data_dir}", flush=True)
    print(f"Gotham Companion on http://{host}:{port}/  (API docs: http://{host}:{port}/api/docs)", flush=True)
    cmd = [sys.executable, "-m", "gunicorn", "--bind", f"{host}:{port}", "--workers", str(workers),
           "--worker-class", WORKER_CLASS, "--worker-connections", str(WORKER_CONNECTIONS),
           "--graceful-timeout", str(GRACEFUL_TIMEOUT),
           "--no-control-socket",  # its default path is one file shared by every gunicorn on the machine
           "--access-logfile", "-", "--access-logformat", ACCESS_LOG_FORMAT, "wsgi:app"]
    root = Path(__file__).resolve().parent.parent
    process = None
    stop_asked = []

    def forward(signum, _frame):
        stop_asked.append(signum)
        if process is not None and process.poll() is None:
            process.send_signal(signal.SIGTERM)  # gunicorn's graceful stop

    previous = {sig: signal.signal(sig, forward) for sig in (signal.SIGTERM, signal.SIGINT)}
    try:
        process = subprocess.Popen(cmd, env=env, cwd=root, preexec_fn=die_with_parent)
        if stop_asked:  # a TERM came while starting
            forward(stop_asked[0], None)
        while True:
            try:
                return process.wait()
            except KeyboardInterrupt:
                forward(signal.SIGINT, None)
    finally:
        if process is not None and process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(GRACEFUL_TIMEOUT + 5)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        if embedded:
            embedded.stop()
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="gotham-companion")
    sub = parser.add_subparsers(dest="command", required=True)
    s = sub.add_parser("serve", help="serve the app (embedded Redis unless REDIS_URL is set)")
    s.add_argument("--host", default=os.environ.get("HOST", "127.0.0.1"))
    s.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    s.add_argument("--workers", type=int, default=int(os.environ.get("WEB_CONCURRENCY", "2")))
    o = sub.add_parser("openapi", help="write the OpenAPI document")
    o.add_argument("path", nargs="?", default="openapi/openapi.json")
    args = parser.parse_args(argv)
    if args.command == "serve":
        return serve(args.host, args.port, args.workers)
    write_openapi(args.path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
