#!/usr/bin/env python3
"""The two commands of the quickstart; needs nothing but Python 3.11+.

  python3 manage.py serve   set up .venv and serve the app (embedded Redis, http://127.0.0.1:8000)
  python3 manage.py test    set up .venv with the test tools and run the tests (`test --long`: the long variants)
  python3 manage.py cluster start|stop|status   a local Redis Cluster on loopback (deploy/local_cluster.py)

Extra arguments go to the server (`serve --port 9000`) or to pytest (`test -k river`).
"""
from __future__ import annotations

import hashlib
import os
import shutil
import signal
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / "python"


def run(*cmd, **kw) -> None:
    subprocess.run([str(c) for c in cmd], check=True, **kw)


def setup(extra: str = "") -> None:
    """Create .venv and install the project; again only when pyproject.toml changed."""
    if sys.version_info < (3, 11):
        sys.exit(f"Python 3.11 or newer is needed, this is {sys.version.split()[0]}")
    if not PY.exists():
        print("Creating .venv ...", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    def stamp_of(extras: str) -> str:
        return hashlib.sha256((ROOT / "pyproject.toml").read_bytes() + extras.encode()).hexdigest()

    wanted = stamp_of(extra)
    stamp = VENV / ".installed"
    # an install with the test tools serves too: `serve` never reinstalls under a running test
    enough = {wanted} | ({stamp_of("[test]")} if not extra else set())
    if stamp.exists() and stamp.read_text() in enough:
        return
    print("Installing dependencies into .venv ...", flush=True)
    # --no-compile: a module is compiled when first imported, not every module of every package at
    # install (the install took 46 s instead of 74 s, measured one after the other on this machine)
    run(PY, "-m", "pip", "install", "--quiet", "--no-compile", "--upgrade", "pip")
    run(PY, "-m", "pip", "install", "--quiet", "--no-compile", "-e", f".{extra}", cwd=ROOT)
    stamp.write_text(wanted)


def debian_program(package: str, names: tuple[str, ...], what: str) -> str:
    """A Debian package's program the tests need; installed with apt-get when missing and we are root."""
    def find():
        return next((f for n in names if (f := shutil.which(n) or shutil.which(n, path="/usr/sbin:/sbin"))), None)

    found = find()
    if found:
        return found
    if os.name == "posix" and os.geteuid() == 0 and shutil.which("apt-get"):
        print(f"Installing {package} (apt-get) for {what} ...", flush=True)
        run("apt-get", "update", "-qq")
        run("apt-get", "install", "-y", "-qq", package, env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})
        found = find()
    if not found:
        sys.exit(f"{what} need Debian's {package}: sudo apt-get install -y {package}")
    return found


def supervised(cmd: list[str]) -> int:
    """Run `cmd`, pass TERM and INT on to it and wait for it: stopping this process stops the
    server it started (gunicorn and redis-server), never leaving them behind."""
    child = subprocess.Popen(cmd, cwd=ROOT)

    def forward(signum, _frame):
        if child.poll() is None:
            child.send_signal(signum)

    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, forward)
    while True:
        try:
            return child.wait()
        except KeyboardInterrupt:
            forward(signal.SIGINT, None)


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("serve", "test", "cluster"):
        print(__doc__)
        return 2
    command, rest = argv[0], argv[1:]
    if command == "cluster":
        sys.path.insert(0, str(ROOT / "deploy"))
        import local_cluster

        return local_cluster.main(rest)
    if command == "serve":
        setup()
        return supervised([str(BIN / "gotham-companion"), "serve", *rest])
    setup("[test]")
    env = compiled_once(dict(os.environ))
    if (ROOT / "tests" / "browser").exists():
        env["CHROMIUM"] = debian_program("chromium", ("chromium", "chromium-browser"), "The browser tests")
    env["NGINX"] = debian_program("nginx", ("nginx",), "The reverse proxy tests")  # deploy/nginx.conf
    if "--long" in rest:  # the Redis Cluster tests (deploy/local_cluster.py), installed once, before the workers start
        debian_program("redis-server", ("redis-server",), "The Redis Cluster tests")
    return subprocess.call([str(PY), "-m", "pytest", *workers(rest), *rest], cwd=ROOT, env=env)


def compiled_once(env: dict) -> dict:
    """The tests start two pytest processes and about 80 servers and tools: each module is compiled
    once, into .venv/pycache, then read from there, also where PYTHONDONTWRITEBYTECODE is set (every
    process compiled every module it imported again, and pytest rewrote the asserts of 441 modules,
    most of them the pytest plugins', in each worker: a cold collection took 36 s, a warm one 21 s;
    importing the app 2.7 s, then 2.2 s).
    Nothing is written beside the sources."""
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(VENV / "pycache")
    return env


def workers(rest: list[str]) -> list[str]:
    """pytest-xdist's processes: one per core, at most 4 (more than the cores slows every test down
    and makes the ones that time an answer miss), unless the command line chooses (`-n`,
    `-p no:xdist`)."""
    if any(a == "-n" or a.startswith(("-n", "--numprocesses")) for a in rest) or "no:xdist" in rest:
        return []
    return ["-n", str(min(4, os.cpu_count() or 1))]


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
