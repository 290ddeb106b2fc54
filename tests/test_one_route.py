"""Issue 29, point 2: one command route for every game. A field a command does not have, at its top
level or nested in an object or a list element, is refused the same way in every game (422
unknown_field, params {command, field}), by the commands route and the previews route alike, and
changes nothing. (The board game's older REST routes are thin aliases of these: tests/test_aliases.py.)"""
from __future__ import annotations

import pytest

from tests.game_http import GameTable
from tests.tables import new_table

CREWS = {"players": [
    {"id": "a", "name": "Ann", "crew": {"name": "Bats", "boss": "batman", "members": [{"card": "batman"}]}},
    {"id": "b", "name": "Bob", "crew": {"name": "Jokers", "boss": "joker", "members": [{"card": "joker"}]}}]}

# (game, command, fields with one unknown field, the field's path)
CASES = [
    ("bgcc", "spend", {"hero": "batman", "space": "melee", "cubes": 1, "bogus": 1}, "bogus"),
    ("bgcc", "move", {"hero": "batman", "moves": [{"type": "simple", "bogus": 1}]}, "moves[0].bogus"),
    ("bmg", "roll_lead", {"player": "a", "colour": 1}, "colour"),
    ("bmg", "melee_attack", {"model": "a.batman", "weapon": "Unarmed",
                             "shares": [{"target": "b.joker", "dice": 1, "bogus": 2}]}, "shares[0].bogus"),
    ("gcsg", "advance", {"bogus": 1}, "bogus"),
]


def _table(http, game: str) -> str:
    if game == "bgcc":
        return new_table(http)["code"]
    options = CREWS if game == "bmg" else {"villains": ["joker", "penguin"]}
    return GameTable.new(http, game, options, []).code


@pytest.mark.parametrize("game,name,fields,field", CASES, ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_an_unknown_field_is_refused_the_same_way_in_every_game(http, game, name, fields, field):
    code = _table(http, game)
    before = http.get(f"/api/tables/{code}").headers["ETag"]
    r = http.post(f"/api/tables/{code}/commands/{name}", json=fields)
    assert r.status_code == 422, r.text
    assert (r.json()["reason"], r.json()["params"]) == ("unknown_field", {"command": name, "field": field})
    assert http.get(f"/api/tables/{code}").headers["ETag"] == before


def test_a_preview_with_an_unknown_field_is_refused_as_a_command_is(http):
    code = new_table(http)["code"]
    r = http.post(f"/api/tables/{code}/previews/odds", json={"hero": "batman", "action": "melee", "dice": 3})
    assert r.status_code == 422 and r.json()["params"] == {"command": "odds", "field": "dice"}, r.text
