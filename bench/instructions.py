"""Instructions per request, counted by valgrind's callgrind: the same command mix as
bench/api_bench.py and the same trivial baseline (GET /api/ping), through the app's WSGI callable
in one process, against a real redis-server on a loopback port.

Run from the repository root:   .venv/bin/python bench/instructions.py
Needs valgrind:                 apt-get install -y valgrind
Options: --requests N (measured per workload, default 1000), --app-root DIR (another checkout, e.g.
an exported older commit, to compare against).

Why: on a shared 2-core machine, wall-clock and CPU-time figures move by tens of percent from one
minute to the next, so a change worth a few percent of a command cannot be seen in api_bench's
throughput without many alternating runs. An instruction count does not depend on what else the
machine is doing (PYTHONHASHSEED is fixed; table codes and stamps are random). Which steps of the
turn the measured commands fall on depends on --requests: compare two commits at the same
--requests. The garbage collector is off while the counted requests run: with it on, where its
collections fell moved the figures (two runs of the same code gave 909,939 and 926,048 per command
at 1000 requests). Its cost is not counted (under load it took 0.3-0.4% of a worker's CPU); the
allocations it would collect are.

What it counts: each workload runs in its own process under callgrind (the two side by side), with
the same set-up and warm-up, and callgrind collects only while the N measured requests run (see
COUNTED below); a request's count is that total divided by N. An earlier version counted whole
runs and subtracted a run with no measured requests: the set-up's own count (about 5.4 billion
instructions) differs a little from one process to the next, and divided by N that moved the
figures by up to 3.5% (same code, 1000 requests: 914,477 and 922,454 per command, 490,242 and
507,776 per ping). What is counted is the app's own Python and C code (Flask, flask-smorest, the
rules, orjson, zstd, hiredis, redis-py) as a gunicorn worker runs it per request, but NOT:
gunicorn's HTTP parsing and sending, gevent (the lane's waits are thread locks here, one write per
round trip), the kernel's side of system calls, redis-server (another process) or any network
client. So it is a steady measure of what a change does to the app's share of a command, not a
prediction of api_bench's ratio (which also pays gunicorn, the kernel, Redis and wrk on the same
two cores). Two runs of the same code at 1000 requests gave 920,718 and 921,172 instructions per
command, 496,177 and 496,026 per ping.

Exit status: 0 when the counts were made, 2 when valgrind is missing, 1 on any other failure.
"""
from __future__ import annotations

import argparse
import functools
import gc
import io
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
WARMUP = 200  # commands before the counted ones, then 20 pings (tables kept, definitions decoded, caches filled)
CLIENTS = 4   # command clients taking turns, each its own tables
# The counted requests run inside one call of functools.reduce (C code: `functools_reduce` to
# callgrind), and callgrind collects only inside it (--collect-atstart=no --toggle-collect): nothing
# of the set-up is counted. A request that called functools.reduce itself would switch the
# collection off for the rest of that call; the child checks that none did.
COUNTED = functools.reduce
VALGRIND = ["valgrind", "--tool=callgrind", "--collect-atstart=no", "--toggle-collect=functools_reduce"]

TOKEN = re.compile(rb'"data":\{"token":(\d+)\}')
STEP = re.compile(rb'"turn":\{"turn":(\d+),"turn_limit":\d+,"step":"([^"]+)"')


# ------------------------------------------------------------------ the child: drive the WSGI app


def child(app_root: Path, port: int, workload: str, n: int) -> None:
    sys.path.insert(0, str(app_root))
    sys.path.insert(1, str(HERE))
    import orjson

    import api
    from api import create_app, tune_garbage_collector
    if Path(api.__file__).resolve().parent != app_root / "api":
        raise RuntimeError(f"imported the app from {api.__file__}, not from {app_root}")
    from api_bench import new_table_body
    from command_profile import command_request, cycle

    app = create_app({"REDIS_URL": f"redis://127.0.0.1:{port}/0"})

    def call(method: str, path: str, body=None, token: str | None = None) -> tuple[int, bytes]:
        data = b"" if body is None else orjson.dumps(body)
        environ = {
            "REQUEST_METHOD": method, "PATH_INFO": path, "QUERY_STRING": "", "SERVER_NAME": "127.0.0.1",
            "SERVER_PORT": "8000", "SERVER_PROTOCOL": "HTTP/1.1", "wsgi.url_scheme": "http",
            "wsgi.input": io.BytesIO(data), "wsgi.errors": sys.stderr, "wsgi.version": (1, 0),
            "wsgi.multithread": False, "wsgi.multiprocess": True, "wsgi.run_once": False,
            "HTTP_HOST": "127.0.0.1:8000", "REMOTE_ADDR": "127.0.0.1",
        }
        if body is not None:
            environ["CONTENT_TYPE"], environ["CONTENT_LENGTH"] = "application/json", str(len(data))
        if token:
            environ["HTTP_AUTHORIZATION"] = f"Bearer {token}"
        status = []
        answer = b"".join(app(environ, lambda s, headers, exc_info=None: status.append(s)))
        return int(status[0][:3]), answer

    _, samples = call("GET", "/api/library/samples")
    table_body = new_table_body(orjson.loads(samples))

    class Client:
        """bench/api_bench.lua's command mix (command_profile's cycle and requests); a new
        table when one reaches its last step. It drives the WSGI callable itself: Flask's test
        client and reading whole answers as JSON would be counted with the app."""

        def __init__(self):
            self.new_table()

        def new_table(self) -> None:
            status, answer = call("POST", "/api/tables", table_body)
            if status != 201:
                raise RuntimeError(f"creating a table answered {status}: {answer[:200]!r}")
            t = orjson.loads(answer)
            self.base, self.token = f"/api/tables/{t['code']}", t.get("token")
            self.heroes = [h["id"] for h in t["heroes"]]
            self.turn, self.step, self.limit = 0, "setup", t["turn"]["turn_limit"]
            self.plan: list[tuple] = []
            self.placed: list[int] = []

        def refill(self) -> None:
            self.plan += cycle(self.step, self.heroes)
            if self.turn >= self.limit and self.step == "end_check_2":
                self.new_table()
            else:
                self.plan.append(("advance",))

        def one(self) -> None:
            made = None
            while made is None:
                if not self.plan:
                    self.refill()
                cmd = self.plan.pop(0)
                made = command_request(cmd, self.base, self.placed)
            status, answer = call(*made, self.token)
            if status != 200:
                raise RuntimeError(f"{cmd[0]} answered {status}: {answer[:300]!r}")
            if cmd[0] == "place":
                self.placed.append(int(TOKEN.search(answer).group(1)))
            turn = STEP.search(answer)
            self.turn, self.step = int(turn.group(1)), turn.group(2).decode()

    tune_garbage_collector()  # as a serving process runs
    clients = [Client() for _ in range(CLIENTS)]
    for i in range(WARMUP):
        clients[i % CLIENTS].one()
    for _ in range(20):  # the first request to a route builds what it needs once (~18M instructions for ping)
        call("GET", "/api/ping")

    def ping(_) -> None:
        status, _answer = call("GET", "/api/ping")
        if status != 200:
            raise RuntimeError(f"ping answered {status}")

    def command(i) -> None:
        clients[i % CLIENTS].one()

    measured = ping if workload == "ping" else command
    nested = []  # functools.reduce called again while the counted requests run (see COUNTED)
    functools.reduce = lambda *args: nested.append(args) or COUNTED(*args)
    gc.collect()
    gc.disable()  # no collection among the counted requests: where one fell would move the count (see above)
    try:
        COUNTED(lambda _, i: measured(i), range(n), None)  # callgrind counts inside this call only
    finally:
        gc.enable()
        functools.reduce = COUNTED
    if nested:
        raise RuntimeError("the app called functools.reduce during a counted request: the count is wrong")


# ------------------------------------------------------------------ the parent: count


def start(app_root: Path, port: int, workload: str, n: int, tmp: Path) -> tuple[subprocess.Popen, Path]:
    """One child run under callgrind, started."""
    out = tmp / f"callgrind.{workload}.{n}"
    proc = subprocess.Popen(
        [*VALGRIND, f"--callgrind-out-file={out}", sys.executable, str(Path(__file__).resolve()),
         "--child", workload, str(n), str(port), "--app-root", str(app_root)],
        env={**os.environ, "PYTHONHASHSEED": "0"}, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    return proc, out


def counted(proc: subprocess.Popen, out: Path, what: str) -> int:
    """The instructions of a finished child run."""
    _, stderr = proc.communicate()
    if proc.returncode != 0:
        raise RuntimeError(f"the {what} run failed (exit {proc.returncode}):\n{stderr[-3000:]}")
    for line in out.read_text().splitlines():
        if line.startswith(("summary:", "totals:")):
            total = int(line.split()[1])
            if total == 0:  # e.g. a Python whose functools_reduce callgrind cannot name
                raise RuntimeError(f"callgrind counted nothing in the {what} run: it did not see functools_reduce")
            return total
    raise RuntimeError(f"no total in {out}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--requests", type=int, default=1000, help="measured requests per workload")
    ap.add_argument("--app-root", type=Path, default=ROOT,
                    help="directory holding the app's api/ (default: this repository)")
    ap.add_argument("--child", nargs=3, metavar=("WORKLOAD", "N", "PORT"), help=argparse.SUPPRESS)
    opts = ap.parse_args()
    app_root = opts.app_root.resolve()
    if opts.child:
        workload, n, port = opts.child
        child(app_root, int(port), workload, int(n))
        return 0
    if not (app_root / "api" / "__init__.py").is_file():
        ap.error(f"no app in {app_root} (it has no api/__init__.py)")
    if not 1 <= opts.requests <= 100_000:
        ap.error("requests must be 1-100000")
    if shutil.which("valgrind") is None:
        print("valgrind is missing: apt-get install -y valgrind", file=sys.stderr)
        return 2
    sys.path.insert(0, str(ROOT))
    sys.path.insert(1, str(HERE))
    from api.embedded_redis import EmbeddedRedis
    from api_bench import free_port

    tmp = Path(tempfile.mkdtemp(prefix="instructions-"))
    redis_server = EmbeddedRedis(tmp / "redis", port=free_port()).start()
    runs: dict[str, tuple[subprocess.Popen, Path]] = {}
    try:
        n = opts.requests
        print("Gotham Companion: instructions per request (valgrind callgrind, in-process through the WSGI app)")
        print(f"app      : {app_root}; {n} measured requests per workload after {WARMUP} warm-up commands; "
              f"redis-server on 127.0.0.1:{redis_server.port}")
        # side by side: an instruction count does not depend on what else runs
        for workload in ("commands", "ping"):
            runs[workload] = start(app_root, redis_server.port, workload, n, tmp)
        commands, ping = (counted(*runs[workload], workload) for workload in ("commands", "ping"))
        per_command, per_ping = commands / n, ping / n
        print(f"per command (the mix)  {per_command:>15,.0f}")
        print(f"per ping               {per_ping:>15,.0f}")
        print(f"ping / command         {per_ping / per_command:>15.3f}   (the app's share only: gunicorn, gevent, "
              "the kernel, redis-server and the client are not counted)")
    finally:
        for proc, _ in runs.values():  # when one failed, the others stop too
            if proc.poll() is None:
                proc.kill()
                proc.wait()
        redis_server.stop()
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
