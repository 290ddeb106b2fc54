"""What one Chronicles command costs the API process, counted in machine instructions, not timed.

Run from the repository root:  .venv/bin/python bench/instructions.py  [--commands 40]

This VM's speed drifts by up to 1.5x within minutes, so a timed figure moves more than a 10%
change does; an instruction count does not. The app runs in this process over a real Redis (an
embedded redis-server in a temporary directory) through Flask's test client, on the sample table
with three heroes at the heroes' actions, sending what bench/capacity.py's phones send: a spend
and an undo, alternating, the undo writing a new version as any command does. The process runs
under valgrind (callgrind, no cache simulation) counting only while the --commands counted
commands are sent (they are sent from inside one call of `functools.reduce`, the function
callgrind's --toggle-collect names; nothing the app runs calls it): the start of the process,
the embedded redis-server's start (a wait whose length varies, which moved the count by +-0.1 M
per command when the whole process was counted) and the set-up are left out. Counted: the API
process only (Flask, the rules, the views, the patch, the Redis client); the redis-server's own
work is not. Needs valgrind (Debian: apt-get install valgrind); about 2 minutes. Plain figures,
no assertions.
"""
from __future__ import annotations

import argparse
import functools
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve()
WARM = 20  # commands before the counted ones (the first requests fill caches of Flask and the libraries)


def run(commands: int) -> None:
    """Inside valgrind: set up the table and send `commands` more spends and undos."""
    sys.path.insert(0, str(HERE.parents[1]))
    from api import create_app
    from api.embedded_redis import EmbeddedRedis
    from api.worker import settle_collector
    from previews import LIMITS, bgcc_sample, free_port

    with tempfile.TemporaryDirectory() as tmp:
        redis = EmbeddedRedis(Path(tmp), port=free_port()).start()
        try:
            client = create_app({"REDIS_URL": redis.url, **LIMITS}).test_client()
            code, token = bgcc_sample(client)
            headers = {"Authorization": f"Bearer {token}"}
            table = client.get(f"/api/tables/{code}", headers=headers).get_json()
            hero = table["heroes"][0]["id"]
            settle_collector()  # as a worker runs
            steps = ((f"/api/tables/{code}/commands/spend", {"hero": hero, "space": "reroll", "cubes": 1}),
                     (f"/api/tables/{code}/history/undo", {}))

            def send(_, n: int) -> None:
                path, body = steps[n % 2]
                r = client.post(path, json=body, headers=headers)
                assert r.status_code == 200, r.get_data(as_text=True)
            for n in range(WARM):
                send(None, n)
            functools.reduce(send, range(commands), None)  # counted: callgrind collects inside this call only
        finally:
            redis.stop()


def counted(commands: int) -> int:
    """The instructions valgrind counts for a process that sends `commands` counted commands."""
    done = subprocess.run(["valgrind", "--tool=callgrind", "--cache-sim=no", "--callgrind-out-file=/dev/null",
                           "--collect-atstart=no", "--toggle-collect=functools_reduce",
                           sys.executable, str(HERE), "--inside", str(commands)],
                          capture_output=True, text=True, check=False)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode != 0 or not found:
        sys.exit(f"valgrind failed ({done.returncode}):\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}")
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commands", type=int, default=40, help="counted commands (spends and undos)")
    parser.add_argument("--inside", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.inside is not None:
        run(args.inside)
        return
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is needed: apt-get install -y valgrind")
    commands = max(2, args.commands // 2 * 2)
    total = counted(commands)
    print(f"Chronicles, 3 heroes at the heroes' actions, spend and undo alternating: "
          f"{total / commands / 1e6:.2f} M instructions per command in the API process "
          f"(callgrind: {total:,} for {commands} commands)")


if __name__ == "__main__":
    main()
