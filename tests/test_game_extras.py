"""GET /api/games/{game}/samples and POST /api/tables/{code}/previews/{name} over HTTP against a real
Redis: the sample library the phone sets a table up from, and the exact odds of a roll before it
is made (the Miniature Game's previews, DICE AND ODDS), which change nothing."""
from __future__ import annotations

from tests.game_http import GameTable


def crews():
    return {"players": [
        {"id": "a", "name": "Ann", "crew": {"name": "Bats", "boss": "batman",
                                            "members": [{"card": "batman"}, {"card": "gordon"}]}},
        {"id": "b", "name": "Bob", "crew": {"name": "Jokers", "boss": "joker",
                                            "members": [{"card": "joker"}, {"card": "thug"}]}}]}


def test_the_samples_are_the_packages_own(http):
    bmg = http.get("/api/games/bmg/samples").json()
    assert {c["id"] for c in bmg["cards"]} >= {"batman", "joker", "thug"}
    assert all(c.get("sample") for c in bmg["cards"])  # each says which of its values are samples
    gcsg = http.get("/api/games/gcsg/samples").json()
    assert [v["id"] for v in gcsg["villains"]] == ["joker", "penguin", "two-face", "killer-croc"]
    assert gcsg["settings"]["sample"] is True
    # the sample settings set a table up as they are
    assert http.post("/api/games/gcsg/tables", json={"villains": ["joker", "penguin"],
                                                     "settings": gcsg["settings"]}).status_code == 201
    r = http.get("/api/games/chess/samples")
    assert r.status_code == 404 and r.json()["reason"] == "unknown_game"


def test_take_the_lead_odds_before_the_roll_and_nothing_changes(http):
    table = GameTable.new(http, "bmg", crews(), ["player:a", "player:b"])
    before = table.view("host")["version"]
    r = http.post(f"/api/tables/{table.code}/previews/roll_lead", json={"player": "a"})
    assert r.status_code == 200, r.text
    win = r.json()["win"]
    # TAKE THE LEAD: no pass bonus yet, ties rerolled: an even chance each
    assert set(win) == {"a", "b"} and abs(win["a"] - 0.5) < 1e-9 and abs(win["a"] + win["b"] - 1) < 1e-9
    assert table.view("host")["version"] == before


def test_a_skill_roll_preview_and_refusals(http):
    table = GameTable.new(http, "bmg", crews(), ["player:a", "player:b"])
    r = http.post(f"/api/tables/{table.code}/previews/skill_roll", json={"model": "a.batman", "skill": "defense"})
    assert r.status_code == 200, r.text
    odds = r.json()
    assert odds["dice"] >= 2 and odds["target"] == 4 and 0 < odds["pass"] < 1
    r = http.post(f"/api/tables/{table.code}/previews/fly", json={})
    assert r.status_code == 409 and r.json()["reason"] == "unknown_command"
    r = http.post(f"/api/tables/{table.code}/previews/pass", json={"player": "a"})
    assert r.status_code == 409 and r.json()["reason"] == "no_preview"
    gcsg = http.post("/api/games/gcsg/tables", json={"villains": ["joker", "penguin"]}).json()["code"]
    r = http.post(f"/api/tables/{gcsg}/previews/advance", json={})
    assert r.status_code == 409 and r.json()["reason"] == "no_preview"
