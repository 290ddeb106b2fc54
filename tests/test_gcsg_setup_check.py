"""Issue 31, Strategy Game settings editor: a phone checks table settings (an edited form, an imported
file) before any table exists with POST /api/games/{game}/setup-checks, which answers exactly what
POST /api/games/{game}/tables would refuse, stores nothing, and names the field of the settings a
`bad_settings` refusal lies in (the editor shows it there). COMP: 12 blocks, 5 Ability cards per
Villain; ADV: a requirement per dial level (DIGEST-gcsg.md §1)."""
from __future__ import annotations

import copy

import pytest

from games.gcsg.settings import sample_settings
from games.serial import to_data
from tests.test_import_coherence import _all_keys

CHECK = "/api/games/gcsg/setup-checks"


def _options(**changes) -> dict:
    return {"villains": ["joker", "penguin"], "settings": {**to_data(sample_settings()), **changes}}


def _checked(http, redis_client, body) -> tuple[int, dict]:
    before = _all_keys(redis_client)
    r = http.post(CHECK, json=body, token=None)
    assert _all_keys(redis_client) == before, "a check stores nothing"
    return r.status_code, r.json()


def test_sample_settings_pass_the_check_and_store_nothing(http, redis_client):
    assert _checked(http, redis_client, _options()) == (200, {"ok": True})
    assert _checked(http, redis_client, {"villains": ["joker", "two-face"]}) == (200, {"ok": True})


def _dial_without_level(settings: dict) -> None:
    settings["villains"][1]["dial"] = settings["villains"][1]["dial"][:-1]


def _dial_asking_too_much(settings: dict) -> None:
    settings["villains"][0]["dial"][3]["requirement"]["amount"] = 5000


def _eleven_blocks(settings: dict) -> None:
    settings["blocks"] = settings["blocks"][:11]


def _four_abilities(settings: dict) -> None:
    settings["villains"][2]["abilities"] = settings["villains"][2]["abilities"][:4]


def _screens_beyond_reserves(settings: dict) -> None:
    settings["money_tokens"] = [[1, 3]]


def _batman_starts_off_dial(settings: dict) -> None:
    settings["batman_start_level"] = 9


@pytest.mark.parametrize("change, field", [
    (_dial_without_level, "villains.penguin.dial"),
    (_dial_asking_too_much, "villains.joker.dial.4"),
    (_eleven_blocks, "blocks"),
    (_four_abilities, "villains.two-face.abilities"),
    (_screens_beyond_reserves, "screens"),
    (_batman_starts_off_dial, "batman_start_level"),
])
def test_bad_settings_name_their_field_as_the_table_creation_does(http, redis_client, change, field):
    body = _options()
    change(body["settings"])
    status, answer = _checked(http, redis_client, body)
    assert (status, answer["reason"], answer["params"]["field"]) == (409, "bad_settings", field), answer
    created = http.post("/api/games/gcsg/tables", json=copy.deepcopy(body), token=None)
    assert (created.status_code, created.json()["reason"], created.json()["params"]) == \
        (status, answer["reason"], answer["params"])


def test_a_file_that_is_no_settings_is_refused_with_its_reason(http, redis_client):
    body = _options()
    body["settings"]["villains"][0]["dial"] = "nine levels"
    status, answer = _checked(http, redis_client, body)
    assert (status, answer["reason"]) == (422, "bad_options")
    assert "dial" in answer["message"]
    status, answer = _checked(http, redis_client, {"villains": ["joker"], "settings": to_data(sample_settings())})
    assert (status, answer["reason"]) == (409, "bad_players")


def test_an_unknown_game_is_refused(http):
    r = http.post("/api/games/chess/setup-checks", json={}, token=None)
    assert (r.status_code, r.json()["reason"]) == (404, "unknown_game")
