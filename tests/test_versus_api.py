"""Versus over HTTP with a real Redis server: setup, draft, example 13 and a full two-turn game on two
phones (the heroes' and the villain's seats)."""
from __future__ import annotations

import copy

from games.serial import to_data
from tests.rules.versus_fixtures import HEROES_TEAM, VILLAIN_TEAM, mission, side

MISSION = to_data(mission(sides={"heroes": side(discs_available=4, discs_unavailable=3),
                                 "villain": side(discs_available=4, discs_unavailable=3)}))
for s in MISSION["sides"].values():
    del s["spaces"]  # the API's default spaces (defense limit 3)
del MISSION["rules"]  # a typed mission: the rules a booklet mission brings are loaded by its id


def seat(http, code, name):
    r = http.post(f"/api/tables/{code}/seats", json={"seat": name})
    assert r.status_code == 201, r.text
    return {"Authorization": f"Bearer {r.json()['token']}"}


def post(http, path, body=None, as_=None, status=200):
    r = http.post(path, json=body, headers=as_)
    assert r.status_code == status, r.text
    return r.json()


def new_versus(http):
    r = http.post("/api/versus-tables", json={"mission": copy.deepcopy(MISSION)})
    assert r.status_code == 201, r.text
    code = r.json()["code"]
    return code, seat(http, code, "heroes"), seat(http, code, "villain")


def draft(http, code, heroes, villain):
    base = f"/api/tables/{code}/commands"
    post(http, f"{base}/pick_hq", {"side": "heroes", "tile": to_data(HEROES_TEAM[0]), "powers": []}, heroes)
    post(http, f"{base}/pick_hq", {"side": "villain", "tile": to_data(VILLAIN_TEAM[0]), "powers": []}, villain)
    for h, v in zip(HEROES_TEAM[1:], VILLAIN_TEAM[1:]):
        post(http, f"{base}/draft_tile", {"side": "heroes", "tile": to_data(h)}, heroes)
        table = post(http, f"{base}/draft_tile", {"side": "villain", "tile": to_data(v)}, villain)["table"]
    return table


def test_versus_setup_draft_rights_and_order(http):
    """Versus I·C: the initiative side picks its HQ first; each phone drafts only for its side."""
    code, heroes, villain = new_versus(http)
    base = f"/api/tables/{code}/commands"
    r = http.post(f"{base}/pick_hq", json={"side": "villain", "tile": to_data(VILLAIN_TEAM[0])}, headers=villain)
    assert r.status_code == 409 and r.json()["message"] == "The heroes pick now"
    r = http.post(f"{base}/pick_hq", json={"side": "heroes", "tile": to_data(HEROES_TEAM[0])}, headers=villain)
    assert r.status_code == 403
    table = draft(http, code, heroes, villain)
    assert table["versus"]["draft"]["phase"] == "done"
    for who in ("heroes", "villain"):
        cp = table["command_posts"][who]
        assert [t["kind"] for t in cp["river"]] == ["simple", "simple", "simple", "double", "event"]
        assert cp["spaces"]["defense"]["exertion_limit"] == 3
        assert cp["discs"]["available"] == 4 and cp["discs"]["unavailable"] == 3


def test_versus_two_turn_game_and_worked_example_13(http):
    """A full two-turn Versus game on two phones; in it, example 13: the third activation of a turn
    costs 3 discs available → spent plus the tile's energy-cube cost from its river position."""
    code, heroes, villain = new_versus(http)
    # the attack below enters the successes read on real dice (IX·D)
    assert http.post(f"/api/tables/{code}/commands/set_dice_mode", json={"mode": "physical"}).status_code == 200
    draft(http, code, heroes, villain)
    turn_path = f"/api/tables/{code}/commands/advance"
    table = post(http, turn_path, as_=heroes)["table"]  # setup → turn 1 upkeep (initiative: heroes)
    assert table["turn"]["turn"] == 1
    while table["turn"]["step"] != "heroes.activations":
        table = post(http, turn_path, as_=heroes)["table"]
    cp = table["command_posts"]["heroes"]
    assert cp["discs"] == {"available": 6, "unavailable": 1, "spent": 0, "recovery": [2],
                           "next_activation_cost": 1}
    r = http.post(turn_path, headers=villain)
    assert r.status_code == 403  # not the villain's turn
    spent_total = 0
    for n in (1, 2, 3):
        first = table["command_posts"]["heroes"]["river"][0]
        result = post(http, f"/api/tables/{code}/commands/activate_tile", {"side": "heroes", "tile": first["id"]}, heroes)
        activation = next(e for e in result["events"] if e["kind"] == "activation")
        assert activation["data"]["discs"] == n and activation["data"]["cost"] == first["cost"]
        before, table = table, result["table"]
        spent_total += n
        cp, was = table["command_posts"]["heroes"], before["command_posts"]["heroes"]
        assert cp["discs"]["spent"] == spent_total and cp["discs"]["available"] == 6 - spent_total
        assert cp["reserve"] == was["reserve"] - first["cost"] and cp["fatigue"] == was["fatigue"] + first["cost"]
    # a character of the activated tile attacks a villain character (the villain defends with 1 cube)
    croc = table["command_posts"]["heroes"]["activation"]["tile"]
    attacker = next(m["id"] for m in table["command_posts"]["heroes"]["miniatures"] if m["tile"] == croc)
    target = next(m for m in table["command_posts"]["villain"]["miniatures"] if m["tile"] == "thugs")
    result = post(http, f"/api/tables/{code}/commands/attack",
                  {"miniature": attacker, "kind": "melee", "successes": 3, "target_miniature": target["id"], "defense_cubes": 1,
                   "defense_successes": 1}, heroes)
    table = result["table"]
    assert table["command_posts"]["villain"]["spaces"]["defense"]["cubes"] == 1
    assert next(m for m in table["command_posts"]["villain"]["miniatures"] if m["id"] == target["id"])["place"] == "pool"
    while table["turn"]["step"] != "villain.activations":
        table = post(http, turn_path, as_=heroes if table["turn"]["side_playing"] != "villain" else villain)["table"]
    assert table["command_posts"]["heroes"]["discs"] == {"available": 0, "unavailable": 7, "spent": 0,
                                                         "recovery": [2], "next_activation_cost": 1}
    villain_cp = table["command_posts"]["villain"]
    assert villain_cp["spaces"]["defense"]["cubes"] == 0  # the villain's upkeep moved it to fatigue
    result = post(http, f"/api/tables/{code}/commands/activate_tile",
                  {"side": "villain", "tile": villain_cp["river"][0]["id"]}, villain)
    table = result["table"]
    while table["turn"]["turn"] < 2 or table["turn"]["step"] != "heroes.activations":
        who = villain if table["turn"]["side_playing"] == "villain" else heroes
        table = post(http, turn_path, as_=who)["table"]
    assert table["command_posts"]["heroes"]["discs"]["available"] == 2  # 0 + 2 recovered in turn 2
    while not table["turn"]["over"]:
        who = villain if table["turn"]["side_playing"] == "villain" else heroes
        if table["turn"]["step"] == "villain.activations" and table["turn"]["turn"] == 2:  # the checks pass (C2)
            table = post(http, f"/api/tables/{code}/commands/end_game", {"winner": "heroes", "reason": "test"})["table"]
            break
        table = post(http, turn_path, as_=who)["table"]
    assert table["turn"]["over"] and table["turn"]["winner"] == "heroes"
    history = http.get(f"/api/tables/{code}/history?limit=500").json()
    assert [e["version"] for e in history] == list(range(1, table["version"] + 1))
