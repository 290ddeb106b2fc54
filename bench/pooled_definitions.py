"""Did BGCC's content-pooled definitions pay for themselves against the zstd dictionary? (No.)

Run from the repository root:   .venv/bin/python bench/pooled_definitions.py [--commands 150] [--seed 1]

A realistic BGCC table (the sample mission, the 3 sample heroes, 8 sample villain tiles) is played
by a seeded random walk over its own offers (`may`: every seat's, a target picked per field;
refused commands skipped) for --commands accepted commands. The states are then written through the
real store (api/store.py: create_table, then one `save` per command, against a redis-server of its
own in a temporary directory), each snapshot compressed with zstd against the table's first state
(`store.compress`). Printed: Redis's MEMORY USAGE of the table's keys, the snapshot bytes per
write, the write path's latency per command (`dump` + compress + the save script, p50/p99) and the
read path's (load + decode into a Table, p50/p99).

Until issue 29 the store also pooled the printed definitions (hero boards, tiles, mission, powers:
stored once in gc:{CODE}:defs, named by content key in each snapshot). This script at commit
5bc46f9 measured both ways on a 2-core machine shared with other jobs (latencies are noisy there):
  150 commands  pooled 26,312 B (table 4,536 + history 14,432 + defs 7,344), write p50 11.4 ms, read p50 4.3 ms
                inline 25,128 B (table 10,712 + history 14,416),             write p50 10.6 ms, read p50 4.2 ms
  300 commands  pooled 36,636 B (table 5,544 + history 23,764 + defs 7,328), write p50 13.9 ms, read p50 5.7 ms
                inline 35,420 B (table 11,656 + history 23,764),             write p50 14.4 ms, read p50 5.6 ms
zstd against the first state already stores each snapshot in ~25 B either way: pooling only moved
the definitions from the dictionary (the first state) into a hash of their own, for 1 KB more per
table and a third storage shape. It was dropped; the state is stored inline.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import redis

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import games  # noqa: E402
from api.embedded_redis import EmbeddedRedis  # noqa: E402
from api.store import Store, compress  # noqa: E402

SKIPPED = {"end_game"}


def sample_setup(game) -> dict:
    from games.bgcc import library
    lib = library.sample()
    pick = lambda kind, name: next(x for x in lib[kind] if x["name"] == name)  # noqa: E731
    return {"mission": pick("missions", "Sample: the rulebook's examples"),
            "heroes": [{"board": pick("heroes", h), "equipment": [], "gadgets": []}
                       for h in ("Batman", "Commissioner Gordon", "Renee Montoya")],
            "tiles": [t for t in lib["tiles"] if t.get("side", "villain") == "villain"][:8]}


def play(game, state, commands: int, rng: random.Random) -> list[tuple[str, object]]:
    """(command name, state after it) for `commands` accepted commands of a random walk."""
    out, tries = [], 0
    while len(out) < commands and tries < commands * 50:
        tries += 1
        view = game.view(state, "host")
        offers = [(seat, o) for seat, mine in view["may"].items() for o in mine if o["command"] not in SKIPPED]
        if not offers:
            break
        seat, offer = rng.choice(offers)
        fields = {f: rng.choice(values) for f, values in offer["targets"].items() if values}
        try:
            command = game.resolve(game.command(offer["command"], fields), state)
            if game.seat_refusal(seat, command, state):
                continue
            state, _ = game.apply(state, command, rng)
        except (game.refusal, ValueError):
            continue
        out.append((offer["command"], state))
    return out


def usage(client: redis.Redis, code: str) -> dict[str, int]:
    tag = f"gc:{{{code}}}"
    return {name: client.memory_usage(f"{tag}:{name}", samples=0) or 0 for name in ("table", "history")}


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(p * len(values)))] * 1000


def run(store: Store, client: redis.Redis, game, first, played) -> dict:
    code = store.create_table(game.name, game.dump(first), {"version": 1}, "host-token")
    writes, reads, sizes = [], [], []
    for name, state in played:
        t0 = time.perf_counter()
        loaded = store.load(code)
        game.load(loaded.state)
        t1 = time.perf_counter()
        data = game.dump(state)
        sizes.append(len(compress(data, loaded.zdict)))
        store.save(loaded, data, {}, {"command": name}, b"{}")
        t2 = time.perf_counter()
        reads.append(t1 - t0)
        writes.append(t2 - t1)
    return {"memory": usage(client, code), "snapshot": statistics.mean(sizes), "raw": len(data),
            "write": (pct(writes, .5), pct(writes, .99)), "read": (pct(reads, .5), pct(reads, .99))}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--commands", type=int, default=150)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = games.get("bgcc")
    first = game.setup(sample_setup(game))
    played = play(game, first, args.commands, random.Random(args.seed))
    print(f"BGCC table: 3 heroes, 8 tiles, {len(played)} accepted commands "
          f"({len({n for n, _ in played})} kinds), step at the end: {game.view(played[-1][1], 'host')['turn']['step']}")
    with tempfile.TemporaryDirectory() as tmp:
        server = EmbeddedRedis(tmp, fsync="no").start()
        try:
            client = redis.Redis.from_url(server.url)
            store = Store(client)
            for _ in range(2):  # the second round is the one printed (warm caches)
                r = run(store, client, game, first, played)
        finally:
            server.stop()
    m = r["memory"]
    print(f"inline  stored {sum(m.values()):8,} B (table {m['table']:,}, history {m['history']:,}); "
          f"last state JSON {r['raw']:,} B; "
          f"snapshot {r['snapshot']:,.0f} B/write; write p50 {r['write'][0]:.2f} ms p99 {r['write'][1]:.2f} ms; "
          f"read p50 {r['read'][0]:.2f} ms p99 {r['read'][1]:.2f} ms")


if __name__ == "__main__":
    main()
