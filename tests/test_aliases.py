"""Chronicles' older REST routes are thin aliases (games/bgcc/rest_aliases.py, api/resources/aliases.py):
the same moves sent through them and through POST /api/tables/{code}/commands/{name} leave two
tables alike, step by step (worked example 2, FIG. 16-22, with real dice entered); a read alias
answers the part of the table view; a nested helper is flattened as the command names it, and
anything else in it is refused as an unknown field."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import games
from games.bgcc.rest_aliases import ALIASES, _start_roll
from tests.tables import advance_to, command, new_table

DOCUMENT = Path(__file__).resolve().parents[1] / "openapi" / "openapi.json"

# (alias method, alias path under the table, body) and the same as (command name, fields)
EXAMPLE_2 = [
    (("put", "/dice/mode", {"mode": "physical"}), ("set_dice_mode", {"mode": "physical"})),
    (("put", "/dice/faces/yellow", {"faces": [0, 0, 1, 1, 1, 2]}),
     ("calibrate_dice", {"colour": "yellow", "faces": [0, 0, 1, 1, 1, 2]})),
    (("delete", "/dice/faces/yellow", None), ("calibrate_dice", {"colour": "yellow", "faces": None})),
    (("post", "/heroes/batman/spend", {"space": "defense", "cubes": 1}),
     ("spend", {"hero": "batman", "space": "defense", "cubes": 1})),
    (("post", "/dice/roll", {"action": "ranged", "hero": "batman", "cubes": 2, "hindering": 0,
                             "target_miniature": "brute-with-chains.1", "defender_in_same_area": True,
                             "sacrifice": None}),
     ("start_roll", {"action": "ranged", "hero": "batman", "cubes": 2, "hindering": 0,
                     "target_miniature": "brute-with-chains.1", "defender_in_same_area": True})),
    (("post", "/dice/roll/dice", {"faces": [0, 1, 2]}), ("roll_dice", {"faces": [0, 1, 2]})),
    (("post", "/dice/roll/reroll", {"step": "free", "dice": [0], "faces": [2], "possessor": None}),
     ("reroll_dice", {"step": "free", "dice": [0], "faces": [2]})),
    (("post", "/dice/roll/end-rerolls", None), ("end_rerolls", {})),
    (("post", "/dice/roll/defense", {"body_guard": None}), ("defend", {})),
    (("post", "/tokens", {"kind": "smoke", "side": "villain", "area": "rooftop"}),
     ("place_token", {"kind": "smoke", "side": "villain", "area": "rooftop"})),
    (("post", "/heroes/commissioner-gordon/wounds", {"wounds": 1, "cause": "a fall"}),
     ("wound", {"hero": "commissioner-gordon", "wounds": 1, "cause": "a fall"})),
]


def _alike(table: dict) -> dict:
    """What two tables played alike share: all but their code, and the ids of what they placed."""
    return {k: v for k, v in table.items() if k not in ("code", "seats", "your_seat", "undo", "redo")}


def test_the_same_moves_through_the_aliases_and_the_commands_leave_the_same_table(http):
    """Worked example 2 (FIG. 16-22): Batman's ranged attack on the Brute, its free reroll and the
    Brute's defense; then a token and a wound (IX·A). Each alias answers what its command does."""
    codes = [new_table(http, equipment={"Batman": ["Batarangs"]})["code"] for _ in range(2)]
    for code in codes:
        advance_to(http, code, "heroes.actions")
    by_alias, by_command = codes
    for (method, path, body), (name, fields) in EXAMPLE_2:
        url = f"/api/tables/{by_alias}{path}"
        a = getattr(http, method)(url, **({} if body is None else {"json": body}))
        b = command(http, by_command, name, **fields)
        assert (a.status_code, b.status_code) == (200, 200), (path, a.text, b.text)
        assert [e["kind"] for e in a.json()["events"]] == [e["kind"] for e in b.json()["events"]], path
        assert _alike(a.json()["table"]) == _alike(b.json()["table"]), path
    token = http.get(f"/api/tables/{by_alias}").json()["tokens"][0]["id"]
    r = http.delete(f"/api/tables/{by_alias}/tokens/{token}")
    assert r.status_code == 200 and r.json()["table"]["tokens"] == [], r.text


def test_a_read_alias_answers_its_part_of_the_table_view(http):
    code = new_table(http)["code"]
    table = http.get(f"/api/tables/{code}").json()
    assert http.get(f"/api/tables/{code}/turn").json() == table["turn"]
    assert http.get(f"/api/tables/{code}/heroes/batman").json() == table["heroes"][0]
    assert http.get(f"/api/tables/{code}/command-posts/villain").json() == table["command_posts"]["villain"]
    assert http.get(f"/api/tables/{code}/command-posts/villain/river").json() == \
        table["command_posts"]["villain"]["river"]
    assert http.get(f"/api/tables/{code}/dice").json() == table["dice"]
    r = http.get(f"/api/tables/{code}/dice/roll")
    assert (r.status_code, r.json()["reason"]) == (404, "no_roll")
    r = http.get(f"/api/tables/{code}/heroes/nobody")
    assert (r.status_code, r.json()["reason"], r.json()["params"]) == (404, "no_hero", {"hero": "nobody"})


def test_an_alias_refuses_what_its_command_refuses_and_changes_nothing(http):
    code = new_table(http)["code"]
    advance_to(http, code, "heroes.actions")
    before = http.get(f"/api/tables/{code}").json()["version"]
    r = http.post(f"/api/tables/{code}/heroes/batman/spend", json={"space": "melee", "cubes": 2, "colour": "red"})
    assert (r.status_code, r.json()["reason"], r.json()["params"]["field"]) == (422, "unknown_field", "colour")
    r = http.post(f"/api/tables/{code}/dice/roll", json={"action": "melee", "hero": "batman",
                                                         "sacrifice": {"hero": "batman", "faces": [1]}})
    assert (r.status_code, r.json()["reason"]) == (422, "unknown_field"), r.text
    assert http.get(f"/api/tables/{code}").json()["version"] == before


def test_a_nested_helper_is_flattened_as_the_command_names_it():
    body = {"action": "melee", "sacrifice": {"hero": "batman", "same_area": True},
            "imaginary_friend": {"miniature": "x.1"}}
    assert _start_roll(body, {}) == {"action": "melee", "sacrifice_hero": "batman", "sacrifice_same_area": True,
                                     "friend_miniature": "x.1"}
    assert _start_roll({"sacrifice": 3}, {}) == {"sacrifice": 3}  # left for the command to refuse


@pytest.mark.parametrize("game", games.names())
def test_every_alias_is_in_the_document_deprecated_with_the_route_it_stands_for(game):
    paths = json.loads(DOCUMENT.read_text("utf-8"))["paths"]
    for alias in games.get(game).aliases():
        operation = paths[f"/api/tables/{{code}}{alias.path}"][alias.method]
        assert operation["deprecated"] is True
        assert "alias of" in operation["summary"] + operation.get("description", ""), alias.path


def test_the_aliases_name_commands_and_previews_the_game_has():
    game = games.get("bgcc")
    for alias in ALIASES:
        if alias.kind == "command":
            assert alias.name in game.command_types(), alias.name
        elif alias.kind == "preview":
            assert alias.name in game.preview_types(), alias.name
