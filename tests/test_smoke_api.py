"""The API answers over real HTTP with a real Redis server behind it."""
from tests.tables import advance_to, new_table


def test_create_read_and_command(http):
    table = new_table(http)
    code = table["code"]
    assert table["version"] == 1
    r = http.get(f"/api/tables/{code}")
    assert r.status_code == 200 and r.headers["ETag"] == '"1"'
    table = advance_to(http, code, "heroes.actions")
    r = http.post(f"/api/tables/{code}/commands/spend", json={"hero": "batman", "space": "melee", "cubes": 2})
    assert r.status_code == 200, r.text
    batman = next(h for h in r.json()["table"]["heroes"] if h["id"] == "batman")
    assert batman["reserve"] == 10 and batman["spaces"]["melee"]["cubes"] == 2
