"""The whole-game record (issue 30, "A whole-game record"; api/store.py, games/record.py) over real
HTTP against a real Redis: a game longer than the history's window (the last HISTORY_KEPT states,
which undo and jump back reach) still reads from its first change on every phone, each seat reading
the events as its seat may (GLOSSARY · Money, Information: a stash behind a screen stays on its own
seat's phone); and a change an undo took back stays in the record marked `undone`, never as if it
happened, until a redo brings it back."""
from __future__ import annotations

import orjson
import requests

from api.store import HISTORY_KEPT
from games import serial
from games.gcsg.settings import Screen
from tests.gcsg.support import A, B, C, JOKER, PENGUIN, TWO_FACE, settings
from tests.test_gcsg_api import City
from tests.test_secrets_api import VIEWERS, VILLAINS, check_city_events
from tests.test_shared_tables import as_seat, auth, heroes_table

PAGE = 100


def whole_record(http, code: str, token) -> list[dict]:
    """Every entry of the record, as the phone holding `token` reads it, in pages from version 1."""
    record, after = [], 0
    while True:
        r = as_seat(http, token, "get", f"/api/tables/{code}/history?after={after}&limit={PAGE}")
        assert r.status_code == 200, r.text
        record += r.json()
        if len(r.json()) < PAGE:
            return record
        after = r.json()[-1]["version"]


def stored_record(redis_client, code: str) -> dict[int, dict]:
    """The record as stored: every event whole, every seat's private part in it."""
    return {int(i.split(b"-")[0]): orjson.loads(f[b"entry"]) for i, f in redis_client.xrange(f"gc:{{{code}}}:record")}


def test_a_secret_game_longer_than_the_history_reads_whole_on_every_seat_and_no_other_stash(
        http, live_server, redis_client):
    s = settings(screens={JOKER: Screen(2, 11, 7), PENGUIN: Screen(2, 13, 9), TWO_FACE: Screen(1, 17, 4)})
    city = City.new(http, "gcsg", {"villains": VILLAINS, "settings": serial.to_data(s)}, VILLAINS)
    session = requests.Session()

    def send(name, seat=None, **fields):
        seat = seat or city.sender(name)
        r = session.post(f"{live_server}/api/tables/{city.code}/commands/{name}", json=fields,
                         headers=auth(city.tokens[seat]), timeout=10)
        assert r.status_code == 200, (seat, name, r.text)

    send("place_threats", placements={A: 2})
    send("place_threats", placements={B: 2})
    send("place_threats", placements={C: 1})
    send("advance")
    send("play_card", income_block=A, income_kind="money", income_amount=3)  # the Joker's stash: private
    send("take_resources", information=1, threats={A: 1})
    first = {seat: city.history(seat) for seat in VIEWERS}  # the start, as each phone read it then
    send("advance")
    loops = HISTORY_KEPT // 2 + 10
    for _ in range(loops):  # the Joker hires a Henchman (paid from behind the screen), the host undoes it
        send("hire", seat=JOKER, count=1)
        r = session.post(f"{live_server}/api/tables/{city.code}/history/undo", headers=auth(city.tokens["host"]),
                         timeout=10)
        assert r.status_code == 200, r.text
    last = city.version()
    oldest_state = int(redis_client.xrange(f"gc:{{{city.code}}}:history", count=1)[0][0].split(b"-")[0])
    assert oldest_state > len(first["host"]) + 1  # the history no longer holds the start of the game
    stored = stored_record(redis_client, city.code)
    assert sorted(stored) == list(range(1, last + 1))
    assert any("private" in e for v in range(1, 8) for e in stored[v]["events"])  # the start holds secrets
    for seat in VIEWERS:  # every seat, a phone that loads at the end
        record = whole_record(http, city.code, city.tokens[seat])
        assert [e["version"] for e in record] == list(range(1, last + 1))
        assert [{k: v for k, v in e.items() if k != "undone"} for e in record[:len(first[seat])]] == \
            [{k: v for k, v in e.items() if k != "undone"} for e in first[seat]]
        for entry in record:  # the public part whole, its own private part only
            check_city_events(entry["events"], stored[entry["version"]]["events"], seat)
        hires = [e for e in record if e["command"] == "Hire"]
        assert len(hires) == loops and all(e["undone"] for e in hires)  # each was undone
        assert not any(e["undone"] for e in record if e["command"] != "Hire")


def _place(session, base, headers):
    r = session.post(f"{base}/commands/place_token", headers=headers, json={"kind": "gas", "side": "heroes"},
                     timeout=10)
    assert r.status_code == 200, r.text
    return r.json()["version"]


def test_an_undone_change_reads_undone_until_a_redo_brings_it_back(http, live_server):
    code, table = heroes_table(http)
    session, headers = requests.Session(), auth(http.tokens[code])
    base = f"{live_server}/api/tables/{code}"

    def travel(kind, body=None):
        r = session.post(f"{base}/history/{kind}", headers=headers, json=body, timeout=10)
        assert r.status_code == 200, r.text
        return r.json()["version"]

    def undone() -> dict[int, bool]:
        return {e["version"]: e["undone"] for e in whole_record(http, code, http.tokens[code])}

    a, b = _place(session, base, headers), _place(session, base, headers)
    assert not any(undone().values())
    u1 = travel("undo")  # b taken back
    assert undone()[b] and not undone()[a] and not undone()[u1]
    travel("redo")  # b again
    assert not any(undone().values())
    travel("undo")
    c = _place(session, base, headers)  # a new change after the undo: b is undone for good
    got = undone()
    assert got[b] and not got[a] and not got[c]
    travel("jump", {"version": a - 1})  # back before a: a and c undone, the start not
    got = undone()
    assert got[a] and got[b] and got[c] and not got[a - 1] and not any(got[v] for v in range(1, a))
    # a page from the middle reads the same marks as the whole record
    page = as_seat(http, http.tokens[code], "get", f"/api/tables/{code}/history?after={a}&limit=3").json()
    assert [(e["version"], e["undone"]) for e in page] == [(v, got[v]) for v in range(a + 1, a + 4)]
