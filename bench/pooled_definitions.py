"""Do BGCC's content-pooled definitions pay for themselves against the zstd dictionary?

Run from the repository root:   .venv/bin/python bench/pooled_definitions.py [--commands 150] [--seed 1]

A realistic BGCC table (the sample mission, the 3 sample heroes, every sample tile) is played by a
seeded random walk over its own offers (`may`: every seat's, a target picked per field; refused
commands skipped) for --commands accepted commands. The same states are then written through the
real store (api/store.py: create_table, then one `save` per command, against a redis-server of its
own in a temporary directory) twice:
  - pooled: the hero boards, items, tiles and mission stored once in gc:{CODE}:defs and named by
    key in each snapshot (the state as it was stored until issue 29);
  - inline: the whole state's JSON in each snapshot, nothing in gc:{CODE}:defs.
Both compress each snapshot with zstd against the table's first state (`store.compress`).
Printed: Redis's MEMORY USAGE of the table's keys (table hash, history stream, definitions hash),
the snapshot bytes per write, and the write path's latency per command (`dump` + compress + the
save script, p50/p99) and the read path's (load + decode into a Table, p50/p99).
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import orjson
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
    return {name: client.memory_usage(f"{tag}:{name}", samples=0) or 0 for name in ("table", "history", "defs")}


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(p * len(values)))] * 1000


def run(store: Store, client: redis.Redis, game, first, played, pooled: bool) -> dict:
    from games.bgcc.serial import from_data, to_data
    from games.bgcc.table import Table

    def dump(state):
        if pooled:
            return game.dump(state)
        return orjson.dumps(to_data(state)), {}

    def load(loaded):
        if pooled:
            return game.load(loaded.state, loaded.definitions)
        return from_data(Table, loaded.state)

    data, defs = dump(first)
    code = store.create_table(game.name, data, defs, {"version": 1}, "host-token")
    writes, reads, sizes = [], [], []
    for name, state in played:
        t0 = time.perf_counter()
        loaded = store.load(code)
        load(loaded)
        t1 = time.perf_counter()
        data, defs = dump(state)
        sizes.append(len(compress(data, loaded.zdict)))
        store.save(loaded, data, defs, {}, {"command": name}, b"{}")
        t2 = time.perf_counter()
        reads.append(t1 - t0)
        writes.append(t2 - t1)
    return {"memory": usage(client, code), "snapshot": statistics.mean(sizes), "raw": len(data),
            "defs": len(defs), "write": (pct(writes, .5), pct(writes, .99)), "read": (pct(reads, .5), pct(reads, .99))}


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
                results = {mode: run(store, client, game, first, played, mode == "pooled")
                           for mode in ("pooled", "inline")}
        finally:
            server.stop()
    for mode, r in results.items():
        m = r["memory"]
        print(f"{mode:7} stored {sum(m.values()):8,} B (table {m['table']:,}, history {m['history']:,}, "
              f"defs {m['defs']:,}); last state JSON {r['raw']:,} B, {r['defs']} pooled definitions; "
              f"snapshot {r['snapshot']:,.0f} B/write; write p50 {r['write'][0]:.2f} ms p99 {r['write'][1]:.2f} ms; "
              f"read p50 {r['read'][0]:.2f} ms p99 {r['read'][1]:.2f} ms")


if __name__ == "__main__":
    main()
