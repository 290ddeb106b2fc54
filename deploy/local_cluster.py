"""A Redis Cluster on loopback for tests and benchmarks: 3 primaries and 3 replicas of Debian's
`redis-server` (7.x: sharded pub/sub), each in its own directory with its append-only file.

  python3 manage.py cluster start   [--dir D] [--port 7000]   start it (apt-get installs redis-server
                                                             when missing and we are root); prints REDIS_URL
  python3 manage.py cluster stop    [--dir D]                stop every node and remove the directory
  python3 manage.py cluster status  [--dir D]                each node: port, role, slots, alive

Needs only Python 3 (the standard library) and Debian's redis-server and redis-cli. Tests use
`LocalCluster` directly (tests/cluster.py).
"""
from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

DEFAULT_DIR = Path(os.environ.get("TMPDIR", "/tmp")) / "gotham-cluster"
NODE_TIMEOUT_MS = 1500  # how long a primary may be silent before its replica takes over


def _program(name: str) -> str:
    found = shutil.which(name) or shutil.which(name, path="/usr/sbin:/usr/bin:/sbin")
    if found:
        return found
    if os.name == "posix" and os.geteuid() == 0 and shutil.which("apt-get"):
        print("Installing redis-server (apt-get) for the local Redis Cluster ...", flush=True)
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run(["apt-get", "update", "-qq"], check=True, env=env)
        # --no-install-recommends: the server and redis-cli, no service started at boot needed
        subprocess.run(["apt-get", "install", "-y", "-qq", "--no-install-recommends", "redis-server"],
                       check=True, env=env)
        found = shutil.which(name) or shutil.which(name, path="/usr/sbin:/usr/bin:/sbin")
    if not found:
        sys.exit(f"The local Redis Cluster needs Debian's redis-server: sudo apt-get install -y redis-server ({name})")
    return found


def free_base_port(count: int = 6, low: int = 12000, high: int = 22000) -> int:
    """A first port such that `count` ports from it, and their cluster bus ports (+10000), are free:
    both below Linux's ephemeral ports (32768 and up), where an outgoing connection may hold the
    port without listening on it and the node could not bind its bus."""
    import random

    for _ in range(200):
        base = random.randrange(low, high)
        if not any(_answers(p) or _answers(p + 10000) for p in range(base, base + count)):
            return base
    raise RuntimeError("no free ports for a local cluster")


def _answers(port: int) -> bool:
    with socket.socket() as s:
        s.settimeout(0.3)
        return s.connect_ex(("127.0.0.1", port)) == 0


class LocalCluster:
    """`primaries` primaries with `replicas` replicas each on ports `port`, `port + 1`, ... of 127.0.0.1."""

    def __init__(self, directory: Path = DEFAULT_DIR, port: int = 7000, primaries: int = 3, replicas: int = 1,
                 node_timeout_ms: int = NODE_TIMEOUT_MS):
        self.dir = Path(directory)
        self.port = port
        self.primaries = primaries
        self.replicas = replicas
        self.node_timeout_ms = node_timeout_ms

    @property
    def ports(self) -> list[int]:
        return list(range(self.port, self.port + self.primaries * (1 + self.replicas)))

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    @property
    def urls(self) -> str:
        """Every node, as REDIS_URL may list them: an app starting while one is down finds another."""
        return ",".join(f"redis://127.0.0.1:{p}/0" for p in self.ports)

    def cli(self, port: int, *args: str, check: bool = True) -> str:
        done = subprocess.run([_program("redis-cli"), "-h", "127.0.0.1", "-p", str(port), *args],
                              capture_output=True, text=True, timeout=30)
        if check and done.returncode:
            raise RuntimeError(f"redis-cli -p {port} {' '.join(args)}: {done.stderr or done.stdout}")
        return done.stdout

    def start(self) -> "LocalCluster":
        server = _program("redis-server")
        _program("redis-cli")
        taken = [p for p in self.ports if _answers(p)]
        if taken:
            raise RuntimeError(f"ports {taken} already answer: stop what runs there (manage.py cluster stop)")
        shutil.rmtree(self.dir, ignore_errors=True)
        for port in self.ports:
            self.start_node(port, server)
        self._wait(lambda: all(_answers(p) for p in self.ports), "the nodes to listen")
        hosts = [f"127.0.0.1:{p}" for p in self.ports]
        self.cli(self.port, "--cluster", "create", *hosts, "--cluster-replicas", str(self.replicas), "--cluster-yes")
        self._wait(self.healthy, "the cluster to agree (cluster_state:ok on every node, replicas in sync)")
        return self

    def start_node(self, port: int, server: str | None = None) -> None:
        """Start (or restart, keeping its files) the node on `port`."""
        node = self.dir / str(port)
        node.mkdir(parents=True, exist_ok=True)
        subprocess.run([server or _program("redis-server"), "--port", str(port), "--bind", "127.0.0.1",
                        "--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf",
                        "--cluster-node-timeout", str(self.node_timeout_ms), "--appendonly", "yes",
                        # the other shards' tables play on while one shard fails over
                        "--cluster-require-full-coverage", "no",
                        "--appendfsync", "everysec", "--dir", str(node), "--daemonize", "yes",
                        "--pidfile", str(node / "redis.pid"), "--logfile", str(node / "redis.log"),
                        "--save", "", "--protected-mode", "no", "--maxmemory-policy", "noeviction"],
                       check=True)

    def pid(self, port: int) -> int | None:
        try:
            return int((self.dir / str(port) / "redis.pid").read_text())
        except (OSError, ValueError):
            return None

    def kill(self, port: int) -> None:
        """SIGKILL the node on `port` (a machine lost, no goodbye)."""
        pid = self.pid(port)
        if pid:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        self._wait(lambda: not _answers(port), f"node {port} to stop")

    def nodes(self) -> list[dict]:
        """Each node as some live node sees it: port, role (master/slave), slots, alive."""
        for port in self.ports:
            if not _answers(port):
                continue
            try:
                text = self.cli(port, "cluster", "nodes")
            except (RuntimeError, subprocess.TimeoutExpired):
                continue
            found = []
            for line in text.strip().splitlines():
                parts = line.split()
                flags = parts[2].split(",")
                found.append({"id": parts[0], "port": int(parts[1].split("@")[0].rsplit(":", 1)[1]),
                              "role": "master" if "master" in flags else "slave",
                              "alive": "fail" not in flags and "fail?" not in flags and parts[7] == "connected",
                              "primary_id": parts[3], "slots": parts[8:]})
            return sorted(found, key=lambda n: n["port"])
        return []

    def primaries_now(self) -> list[int]:
        return [n["port"] for n in self.nodes() if n["role"] == "master" and n["alive"] and n["slots"]]

    def healthy(self) -> bool:
        for port in self.ports:
            if not _answers(port):
                continue
            try:
                info = self.cli(port, "cluster", "info", check=False)
                if "cluster_state:ok" not in info:
                    return False
                replication = self.cli(port, "info", "replication", check=False)
            except subprocess.TimeoutExpired:
                return False
            if "role:slave" in replication and "master_link_status:up" not in replication:
                return False
        return len(self.primaries_now()) == self.primaries

    def stop(self) -> None:
        for port in self.ports:
            pid = self.pid(port)
            if _answers(port):
                self.cli(port, "shutdown", "nosave", check=False)
            if pid:
                deadline = time.monotonic() + 5
                while time.monotonic() < deadline and Path(f"/proc/{pid}").exists():
                    time.sleep(0.05)
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
        shutil.rmtree(self.dir, ignore_errors=True)

    @staticmethod
    def _wait(ready, what: str, seconds: float = 60) -> None:
        deadline = time.monotonic() + seconds
        while not ready():
            if time.monotonic() > deadline:
                raise RuntimeError(f"timed out waiting for {what}")
            time.sleep(0.1)


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("start", "stop", "status"):
        print(__doc__)
        return 2
    args = dict(zip(argv[1::2], argv[2::2]))
    cluster = LocalCluster(Path(args.get("--dir", DEFAULT_DIR)), int(args.get("--port", 7000)))
    if argv[0] == "start":
        cluster.start()
        print(f"REDIS_URL={cluster.urls}")
    elif argv[0] == "stop":
        cluster.stop()
        print("stopped")
    else:
        for node in cluster.nodes():
            print(f"{node['port']} {node['role']:6} {'alive' if node['alive'] else 'DOWN '} {' '.join(node['slots'])}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
