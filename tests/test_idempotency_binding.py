"""Issue 22, point 9: an Idempotency-Key belongs to the request it first came with (method, path,
body). The same key with another change is refused with 422 and changes nothing, instead of replaying
the first answer and silently dropping the new change; the same request again still replays."""
from __future__ import annotations

import threading

import requests

from tests.tables import advance_to, new_table


def _table(http):
    code = new_table(http)["code"]
    table = advance_to(http, code, "heroes.actions")
    return code, table["version"]


def _state(http, code):
    return http.get(f"/api/tables/{code}/export").json()["state"]


def test_the_same_key_with_another_change_is_refused(http):
    code, v0 = _table(http)
    key = {"Idempotency-Key": "phone-1:change-1"}
    spend = f"/api/tables/{code}/commands/spend"  # Batman\'s: bodies name "hero"
    first = http.post(spend, json={"hero": "batman", "space": "melee", "cubes": 1}, headers=key)
    assert first.status_code == 200 and first.json()["version"] == v0 + 1
    before = _state(http, code)
    for method, path, body in (
            ("post", spend, {"hero": "batman", "space": "melee", "cubes": 2}),                       # another body
            ("post", spend, {"hero": "batman", "space": "ranged", "cubes": 1}),
            ("post", f"/api/tables/{code}/commands/spend", {"hero": "renee-montoya", "space": "melee", "cubes": 1}),  # path
            ("post", f"/api/tables/{code}/commands/place_token", {"kind": "gas", "side": "heroes"}),
            ("post", f"/api/tables/{code}/history/undo", None),
            ("post", f"/api/tables/{code}/commands/set_dice_mode", {"mode": "physical"})):
        r = getattr(http, method)(path, json=body, headers=key)
        assert r.status_code == 422, (path, body, r.status_code, r.text[:200])
        assert r.json()["reason"] == "idempotency_key_reused" and "Idempotent-Replayed" not in r.headers
        assert _state(http, code) == before
    # the same request again is the same change: its first answer
    again = http.post(spend, json={"hero": "batman", "space": "melee", "cubes": 1}, headers=key)
    assert again.status_code == 200 and again.headers["Idempotent-Replayed"] == "true"
    assert again.json() == first.json()
    # the code in either case is the same table, the same request
    again = http.post(f"/api/tables/{code.lower()}/commands/spend", json={"hero": "batman", "space": "melee", "cubes": 1},
                      headers={**key, "Authorization": f"Bearer {http.tokens[code]}"})
    assert again.status_code == 200 and again.headers["Idempotent-Replayed"] == "true"
    assert _state(http, code) == before


def test_two_changes_sent_at_once_with_one_key_apply_one_and_refuse_the_other(http, live_server):
    """Ten connections, two different bodies, one key: one change is applied; every request with the
    applied body answers it, every request with the other body is refused."""
    code, v0 = _table(http)
    barrier = threading.Barrier(10)
    answers = []
    bodies = [{"space": "thought", "cubes": 1}, {"space": "manipulation", "cubes": 1}] * 5

    def send(body):
        barrier.wait(5)
        r = requests.post(f"{live_server}/api/tables/{code}/commands/spend", json={"hero": "batman", **body}, timeout=10,
                          headers={"Authorization": f"Bearer {http.tokens[code]}", "Idempotency-Key": "same-key"})
        answers.append((body["space"], r.status_code))

    threads = [threading.Thread(target=send, args=(b,)) for b in bodies]
    for t in threads:
        t.start()
    for t in threads:
        t.join(15)
    table = http.get(f"/api/tables/{code}").json()
    assert table["version"] == v0 + 1
    batman = next(h for h in table["heroes"] if h["id"] == "batman")
    applied = [s for s in ("thought", "manipulation") if batman["spaces"][s]["cubes"] == 1]
    assert len(applied) == 1
    assert sorted(status for space, status in answers if space == applied[0]) == [200] * 5
    assert sorted(status for space, status in answers if space != applied[0]) == [422] * 5
