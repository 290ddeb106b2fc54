"""Issue 28, point 9: a handover gives the new phone a one-time, short-lived claim code, never the
seat's token. The old phone is cut off at the handover; the new phone exchanges the code for its own
token (POST /api/tables/{code}/seats/claim) once, within CLAIM_TTL; a used, expired, unknown or
replaced code is a coded refusal that changes nothing; a newer handover voids older codes, so a
handover nobody claims never leaves the seat out of the host's hands."""
from __future__ import annotations

import threading

import pytest

from tests.tables import advance_to, new_table


def auth(token):
    return {"Authorization": f"Bearer {token}"} if token else {}


def join(http, code, seat):
    r = http.post(f"/api/tables/{code}/seats", json={"seat": seat}, token=None)
    assert r.status_code == 201, r.text
    return r.json()["token"]


def handover(http, code, seat):
    r = http.post(f"/api/tables/{code}/seats/{seat}/handover")
    assert r.status_code == 201, r.text
    return r


def claim(http, code, code_text):
    return http.post(f"/api/tables/{code}/seats/claim", json={"claim": code_text}, token=None)


def seat_of(http, code, token):
    return http.get(f"/api/tables/{code}", token=None, headers=auth(token)).json()["your_seat"]


def spend(http, code, token):
    return http.post(f"/api/tables/{code}/commands/spend", json={"hero": "batman", "space": "melee", "cubes": 1}, token=None,
                     headers=auth(token))


@pytest.fixture()
def table(http):
    code = new_table(http)["code"]
    advance_to(http, code, "heroes.actions")
    return code, join(http, code, "hero:batman")


def test_a_claim_code_gives_the_seat_once_and_the_token_only_to_the_phone_that_claims(http, redis_client, table):
    code, old = table
    given = handover(http, code, "hero:batman")
    body = given.json()
    assert set(body) == {"code", "seat", "claim", "expires_in"} and body["seat"] == "hero:batman"
    assert body["expires_in"] == 600 and given.headers["Cache-Control"] == "no-store"
    assert len(body["claim"]) == 10 and set(body["claim"]) <= set("23456789ABCDEFGHJKMNPQRSTUVWXYZ")
    # the old phone is cut off at the handover; until the claim the seat is taken by no phone
    assert spend(http, code, old).status_code == 401 and seat_of(http, code, old) is None
    assert http.post(f"/api/tables/{code}/seats", json={"seat": "hero:batman"}, token=None).status_code == 409
    # the code is no token: as a bearer it holds no seat; Redis keeps its digest only
    assert seat_of(http, code, body["claim"]) is None
    stored = {k: redis_client.get(k) for k in redis_client.scan_iter(f"gc:{{{code}}}:claim:*")}
    assert len(stored) == 1 and not any(body["claim"].encode() in k + v for k, v in stored.items())

    # typed by hand: case and dashes do not matter
    claimed = claim(http, code, f"{body['claim'][:5].lower()}-{body['claim'][5:]}")
    assert claimed.status_code == 201, claimed.text
    assert claimed.headers["Cache-Control"] == "no-store"
    new = claimed.json()["token"]
    assert claimed.json() == {"code": code, "seat": "hero:batman", "token": new} and new != old
    assert seat_of(http, code, new) == "hero:batman" and spend(http, code, new).status_code == 200
    assert spend(http, code, old).status_code == 401

    # once: the same code again is refused and changes nothing (the new phone keeps the seat)
    again = claim(http, code, body["claim"])
    assert again.status_code == 410 and again.json()["reason"] == "claim_used", again.text
    assert seat_of(http, code, new) == "hero:batman"
    # the token reaches no other answer: not the host's handover, views, seat list or export
    for r in (given, http.get(f"/api/tables/{code}"), http.get(f"/api/tables/{code}/seats"),
              http.get(f"/api/tables/{code}/export"), http.get(f"/api/tables/{code}/history")):
        assert new not in r.text and old not in r.text
    assert not any(new.encode() in (redis_client.dump(k) or b"") for k in redis_client.scan_iter(f"gc:{{{code}}}:*"))


def test_two_phones_racing_for_one_code_get_one_winner(http, table):
    code, _ = table
    for _ in range(8):
        text = handover(http, code, "hero:batman").json()["claim"]
        barrier, answers = threading.Barrier(2), []

        def race():
            barrier.wait()
            answers.append(claim(http, code, text))

        threads = [threading.Thread(target=race) for _ in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(10)
        assert sorted(r.status_code for r in answers) == [201, 410], [r.text for r in answers]
        winner = next(r for r in answers if r.status_code == 201).json()["token"]
        assert next(r for r in answers if r.status_code == 410).json()["reason"] == "claim_used"
        assert seat_of(http, code, winner) == "hero:batman"


def test_an_expired_code_is_refused_and_the_host_hands_the_seat_over_again(http, app, table):
    code, _ = table
    kept = app.config["CLAIM_TTL"]
    app.config["CLAIM_TTL"] = 0  # expired as soon as it is made: no waiting
    try:
        stale = handover(http, code, "hero:batman").json()
    finally:
        app.config["CLAIM_TTL"] = kept
    assert stale["expires_in"] == 0
    before = http.get(f"/api/tables/{code}").json()
    refused = claim(http, code, stale["claim"])
    assert refused.status_code == 410 and refused.json()["reason"] == "claim_expired", refused.text
    assert "ask the host" in refused.json()["message"]
    assert http.get(f"/api/tables/{code}").json() == before
    # the seat is not lost: a new handover gives a code that works
    fresh = handover(http, code, "hero:batman").json()["claim"]
    token = claim(http, code, fresh).json()["token"]
    assert seat_of(http, code, token) == "hero:batman"


def test_a_newer_handover_voids_the_older_code(http, table):
    code, _ = table
    first = handover(http, code, "hero:batman").json()["claim"]
    second = handover(http, code, "hero:batman").json()["claim"]
    refused = claim(http, code, first)
    assert refused.status_code == 410 and refused.json()["reason"] == "claim_replaced", refused.text
    token = claim(http, code, second).json()["token"]
    assert seat_of(http, code, token) == "hero:batman"
    # the host seat too: its recovery code takes it back and voids a code nobody claimed
    created = new_table(http)
    pending = handover(http, created["code"], "host").json()["claim"]
    r = http.post(f"/api/tables/{created['code']}/recover", json={"recovery_code": created["recovery_code"]},
                  token=None)
    assert r.status_code == 201, r.text
    refused = claim(http, created["code"], pending)
    assert refused.status_code == 410 and refused.json()["reason"] == "claim_replaced"
    assert seat_of(http, created["code"], r.json()["token"]) == "host"


def test_unknown_codes_are_refused_and_counted_with_the_join_budget(http, app, redis_client, table):
    code, _ = table
    for text in ("ABCDEFGHJK", "x", "ZZZZZ-ZZZZZ"):
        r = claim(http, code, text)
        assert r.status_code == 404 and r.json()["reason"] == "claim_unknown", r.text
    assert claim(http, "ZZZZZZ", "ABCDEFGHJK").json()["reason"] == "no_table"
    # another table's code claims nothing here
    other = new_table(http)["code"]
    join(http, other, "hero:batman")
    foreign = handover(http, other, "hero:batman").json()["claim"]
    assert claim(http, code, foreign).json()["reason"] == "claim_unknown"
    limit = app.config["RATE_LIMIT_JOIN"]
    app.config["RATE_LIMIT_JOIN"] = "3/minute"
    for key in redis_client.scan_iter("gc:limits*join*"):
        redis_client.delete(key)
    try:
        answers = [claim(http, code, "ABCDEFGHJK").status_code for _ in range(3)]
        answers.append(claim(http, other, foreign).status_code)  # even the right code, past the budget
        answers.append(http.post(f"/api/tables/{code}/seats", json={"seat": "spectator"}, token=None).status_code)
        assert answers == [404, 404, 404, 429, 429]
    finally:
        app.config["RATE_LIMIT_JOIN"] = limit
        for key in redis_client.scan_iter("gc:limits*join*"):
            redis_client.delete(key)
    assert claim(http, other, foreign).status_code == 201
