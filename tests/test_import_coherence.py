"""Issue 22, points 3 and 4: an import is checked whole, with the invariants the rules hold
(games/bgcc/table.py check_table), and refused before anything is stored.

Each document below is a valid export (a standard table in the heroes' actions, a Versus table after
its draft) with one thing made incoherent; each is refused with a 4xx and leaves Redis exactly as it
was (every key compared before and after, on the real Redis the tests use). The two valid exports
import (201), so the refusals are about the change made, not the document around it.
"""
from __future__ import annotations

import copy

import pytest

from games.serial import to_data
from tests.conftest import Client
from tests.rules.versus_fixtures import HEROES_TEAM, VILLAIN_TEAM, mission
from tests.tables import advance_to, new_table

BIG = "x" * 100_000


@pytest.fixture(scope="module")
def exports(live_server):
    """(standard export, Versus export): tables in play, exported."""
    http = Client(live_server)
    code = new_table(http)["code"]
    advance_to(http, code, "heroes.actions")
    assert http.post(f"/api/tables/{code}/commands/spend", json={"hero": "batman", "space": "melee", "cubes": 2}).status_code == 200
    assert http.post(f"/api/tables/{code}/commands/place_token", json={"kind": "gas", "side": "villain"}).status_code == 200
    standard = http.get(f"/api/tables/{code}/export").json()

    body = to_data(mission())
    body.pop("rules", None)  # a typed mission's rules are the booklet's, by id: none here
    for side in body["sides"].values():
        del side["spaces"]
    r = http.post("/api/versus-tables", json={"mission": body})
    assert r.status_code == 201, r.text
    code = r.json()["code"]
    base = f"/api/tables/{code}/commands"
    assert http.post(f"{base}/pick_hq", json={"side": "heroes", "tile": to_data(HEROES_TEAM[0]), "powers": []}).status_code == 200
    assert http.post(f"{base}/pick_hq", json={"side": "villain", "tile": to_data(VILLAIN_TEAM[0]), "powers": []}).status_code == 200
    for h, v in zip(HEROES_TEAM[1:], VILLAIN_TEAM[1:]):
        assert http.post(f"{base}/draft_tile", json={"side": "heroes", "tile": to_data(h)}).status_code == 200
        assert http.post(f"{base}/draft_tile", json={"side": "villain", "tile": to_data(v)}).status_code == 200
    versus = http.get(f"/api/tables/{code}/export").json()
    assert versus["state"]["versus"]["draft"]["phase"] == "done"
    return standard, versus


def _batman(state):
    return state["heroes"]["batman"]


def _villain(state):
    return state["command_posts"]["villain"]


def _fifty_heroes(state):
    hero = _batman(state)
    state["heroes"] = {}
    for i in range(50):
        copy_ = copy.deepcopy(hero)
        copy_["board"]["name"] = f"Batman {i}"
        copy_["id"] = f"batman-{i}"
        state["heroes"][copy_["id"]] = copy_


def _rekey(state):
    state["heroes"]["robin"] = state["heroes"].pop("batman")


def _mislabelled(state):
    _villain(state)["side"] = "heroes"


def _joker_post(state):
    post = state["command_posts"].pop("villain")
    post["side"] = "joker"
    state["command_posts"]["joker"] = post


def _second_post(state):
    post = copy.deepcopy(_villain(state))
    post["side"] = "heroes"
    state["command_posts"]["heroes"] = post


def _token(table, **changes):
    table["tokens"][0].update(changes)


def _token_twice(state):
    state["tokens"].append(dict(state["tokens"][0]))
    state["next_token_id"] += 1


def _tile(state):
    post = _villain(state)
    return post["tiles"]["thug-with-crowbar"]


def _miniature_twice(state):
    tile = _tile(state)
    tile["miniatures"][1]["id"] = tile["miniatures"][0]["id"]


def _tile_rekeyed(state):
    _tile(state)["id"] = "killer-croc"


def _gadget_as_equipment(state):
    _batman(state)["equipment"].append({"name": "Grapnel", "category": "bat-gadget", "encumbrance": 1,
                                        "type": "tool", "restricted_to": None, "moral_code_forbidden": False,
                                        "single_use": False, "bonuses": [], "sample": False})


def _set(path, value):
    """A mutation setting state[path...] to `value`."""
    def mutate(state):
        target = state
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value(target[path[-1]]) if callable(value) else value
    return mutate


STANDARD = {
    "no heroes": _set(["heroes"], {}),
    "fifty heroes": _fifty_heroes,
    "a hero whose key is not its id": _rekey,
    "a hero whose id is not its board's": lambda s: (_batman(s).update(id="bruce"),
                                                     s["heroes"].update(bruce=s["heroes"].pop("batman"))),
    "an unknown stance": _set(["heroes", "batman", "stance"], "flying"),
    "an unknown dice mode": _set(["dice", "mode"], "telepathic"),
    "a negative roll count": _set(["dice", "rolls"], -1),
    "dice calibrated with faces no die has": _set(["dice", "calibrated"], {"yellow": [9, 9, 9, 9, 9, 9]}),
    "an unknown token kind": lambda s: _token(s, kind="acid"),
    "a token of no side": lambda s: _token(s, side="neutral"),
    "a token in an unknown state": lambda s: _token(s, state="burning"),
    "a token numbered twice": _token_twice,
    "a token numbered past the counter": _set(["next_token_id"], 1),
    "a negative token counter": _set(["next_token_id"], -5),
    "a villain reserve of 1,000,000": _set(["command_posts", "villain", "reserve"], 1_000_000),
    "villain cubes removed from nowhere": _set(["command_posts", "villain", "removed"], lambda v: v + 4),
    "villain fatigue out of thin air": _set(["command_posts", "villain", "fatigue"], lambda v: v + 3),
    "a negative recovery": _set(["command_posts", "villain", "recovery"], -2),
    "a negative cost on the river's track": _set(["command_posts", "villain", "cost_track"], lambda t: [-3, *t[1:]]),
    "a negative cost on the mission's track": _set(["mission", "cost_track"], lambda t: [-3, *t[1:]]),
    "no command post": _set(["command_posts"], {}),
    "a mislabelled command post": _mislabelled,
    "the joker's command post instead of the villain's": _joker_post,
    "a second command post on a standard table": _second_post,
    "five activations in a villain turn": _set(["command_posts", "villain", "activations_this_turn"], 5),
    "reinforcement points the mission never gave": _set(["command_posts", "villain", "reinforcement_points"], 99),
    "a winner while the game is on": _set(["track", "winner"], "heroes"),
    "a reason the game ended while it is on": _set(["track", "reason"], "The bomb is disarmed"),
    "turn 0 in the heroes' actions": _set(["track", "turn"], 0),
    "a Versus step on a standard table": _set(["track", "step"], "heroes.activations"),
    "standard discs": _set(["command_posts", "villain", "discs"],
                           {"available": 3, "unavailable": 0, "spent": 0, "recovery": [2]}),
    "a standard HQ": _set(["command_posts", "villain", "hq"], "thug-with-crowbar"),
    "standard hacking tokens": _set(["command_posts", "villain", "hacking"], {"movement": 1}),
    "a 100 KB mission name": _set(["mission", "name"], BIG),
    "a 100 KB token area": lambda s: _token(s, area=BIG),
    "a 100 KB reminder": _set(["mission", "reminders", "upkeep"], [BIG]),
    "a miniature numbered twice": _miniature_twice,
    "a tile under another tile's key": _tile_rekeyed,
    "a bat-gadget carried as equipment": _gadget_as_equipment,
    "a loose item of negative encumbrance": _set(["loose_items"], [{
        "name": "Balloon", "category": "equipment", "encumbrance": -4, "type": "object", "restricted_to": None,
        "moral_code_forbidden": False, "single_use": False, "bonuses": [], "sample": False}]),
}


def _versus_hero(state, standard):
    state["heroes"] = {"batman": copy.deepcopy(standard["heroes"]["batman"])}


def _standard_with_versus(state, versus):
    state["versus"] = copy.deepcopy(versus["versus"])


VERSUS = {
    "Versus with no Versus state": _set(["versus"], None),
    "Versus with one command post": lambda s: s["command_posts"].pop("heroes"),
    "Versus posts without discs": _set(["command_posts", "heroes", "discs"], None),
    "a negative disc count": _set(["command_posts", "heroes", "discs", "available"], -1),
    "1,000 discs": _set(["command_posts", "villain", "discs", "available"], 1000),
    "a Versus reserve of 1,000,000": _set(["command_posts", "heroes", "reserve"], 1_000_000),
    "an unknown draft phase": _set(["versus", "draft", "phase"], "teleport"),
    "hacking an unknown space": _set(["command_posts", "villain", "hacking"], {"teleport": 1}),
    "a standard step on a Versus table": _set(["track", "step"], "heroes.stances"),
}


def documents(standard: dict, versus: dict):
    for name, mutate in STANDARD.items():
        doc = copy.deepcopy(standard)
        mutate(doc["state"])
        yield name, doc
    for name, mutate in VERSUS.items():
        doc = copy.deepcopy(versus)
        mutate(doc["state"])
        yield name, doc
    doc = copy.deepcopy(versus)
    _versus_hero(doc["state"], standard["state"])
    yield "a hero board on a Versus table", doc
    doc = copy.deepcopy(standard)
    _standard_with_versus(doc["state"], versus["state"])
    yield "a standard table carrying Versus state", doc


def _all_keys(redis_client) -> dict:
    """Every lasting key (keys with a time to live, e.g. other tests' stream leases and rate-limit
    windows, may expire during the import: they are not what an import could add or break)."""
    keys = list(redis_client.scan_iter("gc:*", count=10_000))
    pipe = redis_client.pipeline(transaction=False)  # one round trip, not two per key
    for key in keys:
        pipe.type(key)
        pipe.ttl(key)
    answers = pipe.execute()
    return {key: kind for key, kind, ttl in zip(keys, answers[::2], answers[1::2]) if ttl == -1}


def test_each_incoherent_import_is_refused_and_stores_nothing(exports, live_server, redis_client):
    http = Client(live_server)
    standard, versus = exports
    docs = list(documents(standard, versus))
    assert len(docs) >= 33 and len({name for name, _ in docs}) == len(docs)
    accepted = []
    for name, doc in docs:
        before = _all_keys(redis_client)
        r = http.post("/api/tables/import", json=doc, token=None)
        after = _all_keys(redis_client)
        if not 400 <= r.status_code < 500 or after != before:
            accepted.append((name, r.status_code, sorted(set(after) - set(before))[:3], r.text[:160]))
        else:
            assert r.json()["message"] and r.json()["reason"], r.text
    assert not accepted, "\n".join(map(str, accepted))
    # the documents they were made from import
    for doc in (standard, versus):
        r = http.post("/api/tables/import", json=doc, token=None)
        assert r.status_code == 201, r.text
        assert http.get(f"/api/tables/{r.json()['code']}/export").json()["state"] == doc["state"]
