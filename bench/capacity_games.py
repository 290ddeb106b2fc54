"""The traffic models of bench/capacity.py (`--game`): how a table of each game is set up and what
its phones send, as the PWA does.

- `bgcc` (Chronicles): the sample mission, the 3 sample heroes and the sample tiles, set up to the
  heroes' actions step; 5 phones (host, villain, 3 heroes). The cycle: a hero spends a reroll cube,
  the same phone undoes it, the villain places a smoke token and removes it, the next hero spends
  and undoes, the host places a gas token and removes it, the last hero spends and undoes.
- `bmg` (the Miniature Game): the PWA's default two-player table (pwa/js/screens/games-new.js:
  Batman and Gordon, the Joker and a Thug, from the sample cards); 2 phones, one per player, the
  first also the host's (it created the table). The cycle, in round 1's Take the Lead: each player
  enters the die they rolled, then undoes it.
- `gcsg` (the Strategy Game): the PWA's default three Villains (the Joker, the Penguin, Two-Face) on
  the sample settings; 3 phones, one per Villain, the first also the host's. The cycle: each Villain
  in turn places their 4 starting Threats on two blocks (as the Stash screen sends them), then each
  undoes their own, the last first.
- `mixed`: the tables take the three games in turn.

Every cycle leaves the table as it found it, so it runs forever; the bmg and gcsg cycles are played
once through at set-up, so a refusal shows there with its reason and not as a figure.
A cycle step is (phone index, command name or None for an undo, body); `REMOVE` stands for the
body of removing the token the cycle placed last.
"""
from __future__ import annotations

import orjson

GAMES = ("bgcc", "bmg", "gcsg")
MODELS = (*GAMES, "mixed")
MISSION = "Sample: the rulebook's examples"
HEROES = ("Batman", "Commissioner Gordon", "Renee Montoya")
ACTION_STEP = "heroes.actions"
REMOVE = object()

BMG_PLAYERS = (("a", "Ann", "batman", ("batman", "gordon"), 5), ("b", "Bob", "joker", ("joker", "thug"), 2))
GCSG_VILLAINS = (("joker", ("uptown-1", "uptown-2")), ("penguin", ("midtown-2", "midtown-3")),
                 ("two-face", ("downtown-1", "downtown-2")))
PHONES = {"bgcc": 2 + len(HEROES), "bmg": len(BMG_PLAYERS), "gcsg": len(GCSG_VILLAINS)}  # host, villain, heroes
NAMES = {"bgcc": "Chronicles", "bmg": "Miniature Game", "gcsg": "Strategy Game"}


def rotation(model: str) -> tuple[str, ...]:
    return GAMES if model == "mixed" else (model,)


def phones_per_table(model: str) -> float:
    games = rotation(model)
    return sum(PHONES[g] for g in games) / len(games)


def describe(model: str) -> str:
    return ", ".join(f"{NAMES[g]} tables x {PHONES[g]} live phones" for g in rotation(model)) + (
        ", in turn" if model == "mixed" else "")


def bodies(get) -> dict[str, bytes]:
    """Each game's POST body setting a table up, as the PWA sends it; `get(path)`: a GET's bytes."""
    samples = orjson.loads(get("/api/library/samples"))
    mission = dict(next(m for m in samples["missions"] if m["name"] == MISSION))
    tiles = [t for t in samples["tiles"] if t["name"] in mission["river"]]  # the library holds Versus tiles too
    bgcc = {"mission": mission, "tiles": tiles, "heroes": [
        {"board": next(h for h in samples["heroes"] if h["name"] == n)} for n in HEROES]}
    bmg = {"players": [{"id": pid, "name": name, "crew": {"name": f"{name}'s crew", "boss": boss,
                                                          "members": [{"card": c} for c in members]}}
                       for pid, name, boss, members, _ in BMG_PLAYERS]}
    gcsg = {"villains": [v for v, _ in GCSG_VILLAINS]}
    return {"bgcc": orjson.dumps(bgcc), "bmg": orjson.dumps(bmg), "gcsg": orjson.dumps(gcsg)}


async def set_up(call, game: str, body: bytes):
    """A new table of `game`: (code, host token, [(seat, token)] of its phones, cycle, version).
    `call(method, path, body, token, expect)`: the request's decoded answer, or RuntimeError."""
    if game == "bgcc":
        return await _bgcc(call, body)
    made = await call("POST", f"/api/games/{game}/tables", body, None, 201)
    code, host = made["code"], made["token"]
    seats = [f"player:{p[0]}" for p in BMG_PLAYERS] if game == "bmg" else [v for v, _ in GCSG_VILLAINS]
    phones = [(s, (await call("POST", f"/api/tables/{code}/seats", {"seat": s}, host, 201))["token"]) for s in seats]
    if game == "bmg":
        doing = [(k, "roll_lead", {"player": p[0], "value": p[4]}) for k, p in enumerate(BMG_PLAYERS)]
    else:
        doing = [(k, "place_threats", {"placements": {block: 2 for block in blocks}})
                 for k, (_, blocks) in enumerate(GCSG_VILLAINS)]
    cycle = [(k, name, orjson.dumps(fields)) for k, name, fields in doing] + [(k, None, None) for k, _, _ in reversed(doing)]
    version = made["version"]
    for k, name, fields in cycle:  # once through: every step accepted, the table back where it was
        path = f"/api/tables/{code}/" + (f"commands/{name}" if name else "history/undo")
        version = (await call("POST", path, fields, phones[k][1], 200))["version"]
    return code, host, phones, cycle, version


async def _bgcc(call, body: bytes):
    t = await call("POST", "/api/tables", body, None, 201)
    code, host = t["code"], t["token"]
    heroes = [h["id"] for h in t["heroes"]]
    base = f"/api/tables/{code}"
    phones = [("host", host)]
    for seat in ["villain"] + [f"hero:{h}" for h in heroes]:
        phones.append((seat, (await call("POST", f"{base}/seats", {"seat": seat}, host, 201))["token"]))
    view = t
    for _ in range(40):
        step = view["turn"]["step"]
        if step == ACTION_STEP:
            break
        if step == "heroes.stances":
            # the last stance ends the step by itself (steps nobody decides pass on their own)
            for h in view["heroes"]:
                if h.get("stance") is None:
                    view = (await call("POST", f"{base}/commands/declare_stance",
                                       {"hero": h["id"], "stance": "active"}, host, 200))["table"]
            continue
        view = (await call("POST", f"{base}/commands/advance", None, host, 200))["table"]
    else:
        raise RuntimeError(f"table {code} never reached {ACTION_STEP}")

    def spend(k):
        return (k, "spend", b'{"hero":"%s","space":"reroll","cubes":1}' % heroes[k - 2].encode())
    smoke = b'{"kind":"smoke","side":"villain","area":"bench"}'
    gas = b'{"kind":"gas","side":"heroes","area":"bench"}'
    cycle = [spend(2), (2, None, None), (1, "place_token", smoke), (1, "remove_token", REMOVE),
             spend(3), (3, None, None), (0, "place_token", gas), (0, "remove_token", REMOVE),
             spend(4), (4, None, None)]
    return code, host, phones, cycle, view["version"]
