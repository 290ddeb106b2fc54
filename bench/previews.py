"""The worst case of every preview within its bounds: how long one request holds a worker.

Run from the repository root:  .venv/bin/python bench/previews.py  [--repeat 5]

The previews change nothing and need no seat, so anyone with a join code may send them; each must
answer (or refuse) well within ~100 ms. For each preview the largest request its schema and the
game let through (the bounds in games/*/registry.py BOUNDS and api/resources/*.py, the cards at
the preview's own dice limit) is sent to the app over a real Redis (an embedded redis-server in a
temporary directory, stopped at the end) through Flask's test client, and the median and the
worst of --repeat runs are printed: the CPU time of this process (what holds a worker; the
request's body is encoded by the client in it too) and the wall time (longer on a busy machine); then the same for requests beyond the bounds, which
must be refused (4xx) before any work. Plain figures, no assertions.
"""
from __future__ import annotations

import argparse
import copy
import socket
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from api import create_app  # noqa: E402
from api.embedded_redis import EmbeddedRedis  # noqa: E402
from games.bgcc import library  # noqa: E402
from games.bgcc.dice import MAX_POOL  # noqa: E402
from games.bmg.library import _data as bmg_samples  # noqa: E402
from games.bmg.previews import LEAD_MOST  # noqa: E402
from games.bmg.registry import MAX_DICE  # noqa: E402
from tests.tables import advance_to  # noqa: E402

LIMITS = {"RATE_LIMIT_JOIN": "1000000/minute", "RATE_LIMIT_CREATE": "1000000/minute",
          "RATE_LIMIT_UNKNOWN_CODE": "1000000/minute"}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def bmg_table(client, players: int) -> str:
    """A BMG table whose cards roll the most dice a preview computes: Special, Attacks, Defense and
    RoF at MAX_DICE (a card beyond the printed ones, entered at setup)."""
    batman = copy.deepcopy(next(c for c in bmg_samples()["cards"] if c["id"] == "batman"))
    batman.update(id="max", name="Max", alias="Max", reputation=1)
    batman["skills"].update(special=MAX_DICE, attacks=MAX_DICE, defense=MAX_DICE)
    for w in batman.get("weapons", []):
        if w.get("rof"):
            w["rof"] = MAX_DICE
    body = {"cards": [batman], "players": [
        {"id": f"p{i}", "name": f"P{i}", "crew": {"name": f"Crew {i}", "boss": "max",
                                                   "members": [{"card": "max"}]}} for i in range(players)]}
    r = client.post("/api/games/bmg/tables", json=body)
    assert r.status_code == 201, r.get_data(as_text=True)
    return r.get_json()["code"]


class Host:
    """The test client as the host's phone (tests/tables.py's `advance_to` speaks to it)."""

    def __init__(self, client, token: str):
        self.client, self.headers = client, {"Authorization": f"Bearer {token}"}

    def get(self, path):
        return Answer(self.client.get(path, headers=self.headers))

    def post(self, path, json=None):
        return Answer(self.client.post(path, json=json, headers=self.headers))


class Answer:
    def __init__(self, response):
        self.status_code, self.text = response.status_code, response.get_data(as_text=True)
        self._json = response.get_json()

    def json(self):
        return self._json


def bgcc_table(client) -> str:
    """The sample table at the heroes' actions (a movement is priced then)."""
    return bgcc_sample(client)[0]


def bgcc_sample(client) -> tuple[str, str]:
    """The sample table (three heroes) at the heroes' actions: its code and the host's token."""
    sample = library.sample()
    pick = lambda kind, name: copy.deepcopy(next(x for x in sample[kind] if x["name"] == name))  # noqa: E731
    body = {"mission": pick("missions", "Sample: the rulebook's examples"),
            "heroes": [{"board": pick("heroes", h), "equipment": []} for h in
                       ("Batman", "Commissioner Gordon", "Renee Montoya")],
            "tiles": copy.deepcopy(sample["tiles"])}
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.get_data(as_text=True)
    code, token = r.get_json()["code"], r.get_json()["token"]
    advance_to(Host(client, token), code, "heroes.actions")
    return code, token


def cases(client) -> list[tuple[str, str, dict]]:
    bmg = bmg_table(client, 2)
    lead = bmg_table(client, LEAD_MOST)
    too_many = bmg_table(client, LEAD_MOST + 1)
    bgcc = bgcc_table(client)
    share = {"target": "p1.max", "dice": MAX_DICE, "strength_die": True, "enemies_in_contact": 0}
    pool = [{"colour": c, "count": 8, "free_reroll": True} for c in ("white", "yellow", "orange", "red", "black")]
    weapon = "Batlings"  # the sample Batman's ranged weapon, its RoF at MAX_DICE on the card above
    within = [
        ("bmg previews/melee_attack: 8 shares × 12 dice vs 12 defense dice", f"/api/tables/{bmg}/previews/melee_attack",
         {"model": "p0.max", "weapon": "Unarmed", "shares": [share] * 8}),
        ("bmg previews/declare_melee: the same", f"/api/tables/{bmg}/previews/declare_melee",
         {"model": "p0.max", "weapon": "Unarmed", "shares": [share] * 8}),
        ("bmg previews/skill_roll: 12 dice, opposed", f"/api/tables/{bmg}/previews/skill_roll",
         {"model": "p0.max", "skill": "defense", "against": "p1.max"}),
        ("bmg previews/recovery_roll: 11 dice", f"/api/tables/{bmg}/previews/recovery_roll", {"model": "p0.max"}),
        ("bmg previews/ranged_attack", f"/api/tables/{bmg}/previews/ranged_attack",
         {"model": "p0.max", "weapon": weapon, "target": "p1.max"}),
        (f"bmg previews/roll_lead: {LEAD_MOST} players", f"/api/tables/{lead}/previews/roll_lead", {"player": "p0"}),
        (f"bgcc previews/odds: {MAX_POOL} dice, 5 colours, free rerolls, vs {MAX_POOL} defense dice",
         f"/api/tables/{bgcc}/previews/odds",
         {"pool": pool, "difficulty": 20, "defense": {"pool": pool, "automatic": 99}}),
        (f"bgcc previews/odds: a hero's attack, cube table to {MAX_POOL} cubes", f"/api/tables/{bgcc}/previews/odds",
         {"hero": "batman", "action": "melee", "cubes": MAX_POOL, "difficulty": 20,
          "defense": {"pool": pool, "automatic": 99}}),
        ("bgcc previews/move: 20 steps", f"/api/tables/{bgcc}/previews/move",
         {"hero": "batman", "moves": [{"type": "simple", "hindering": 1}] * 20}),
    ]
    beyond = [
        ("bmg previews/melee_attack: one share of 4,000 dice", f"/api/tables/{bmg}/previews/melee_attack",
         {"model": "p0.max", "weapon": "Unarmed", "shares": [{**share, "dice": 4000}]}),
        ("bmg previews/melee_attack: 10,000 shares", f"/api/tables/{bmg}/previews/melee_attack",
         {"model": "p0.max", "weapon": "Unarmed", "shares": [share] * 10_000}),
        (f"bmg previews/roll_lead: {LEAD_MOST + 1} players", f"/api/tables/{too_many}/previews/roll_lead", {"player": "p0"}),
        ("bgcc previews/odds: 144 dice", f"/api/tables/{bgcc}/previews/odds",
         {"pool": [{"colour": "red", "count": 12}] * 12}),
        ("bgcc previews/move: 10,000 steps", f"/api/tables/{bgcc}/previews/move",
         {"hero": "batman", "moves": [{"type": "simple"}] * 10_000}),
    ]
    return [("within", *c) for c in within] + [("beyond", *c) for c in beyond]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        redis = EmbeddedRedis(Path(tmp), port=free_port()).start()
        try:
            app = create_app({"REDIS_URL": redis.url, **LIMITS})
            client = app.test_client()
            print(f"{'':7} {'CPU ms':>13} {'wall ms':>13}  {'answer':24} preview")
            print(f"{'':7} {'median':>6} {'worst':>6} {'median':>6} {'worst':>6}")
            for kind, label, path, body in cases(client):
                cpu, wall, status = [], [], None
                for _ in range(args.repeat):
                    t, c = time.perf_counter(), time.process_time()
                    r = client.post(path, json=body)
                    cpu.append((time.process_time() - c) * 1000)
                    wall.append((time.perf_counter() - t) * 1000)
                    status = f"{r.status_code}" + ("" if r.status_code == 200 else f" {r.get_json().get('reason')}")
                print(f"{kind:7} {statistics.median(cpu):6.1f} {max(cpu):6.1f} {statistics.median(wall):6.1f} "
                      f"{max(wall):6.1f}  {status:24} {label}")
        finally:
            redis.stop()


if __name__ == "__main__":
    main()
