"""Undo and redo say which seats may make them (`may` on the table's `undo` and `redo`): the host
and the seat that made the change. What the view says is what the route does: a seat not listed
is refused as not its change, a seat listed is not."""
from __future__ import annotations

from tests.tables import advance_to, command, new_table
from tests.test_shared_tables import as_seat, join


def test_each_seat_is_told_whether_it_may_undo_and_the_route_agrees(http):
    created = new_table(http, heroes=("Batman", "Commissioner Gordon"))
    code, host = created["code"], created["token"]
    tokens = {"host": host, "villain": join(http, code, "villain"),
              "hero:batman": join(http, code, "hero:batman"), "hero:gordon": join(http, code, "hero:commissioner-gordon")}
    advance_to(http, code, "heroes.actions")
    r = as_seat(http, tokens["hero:batman"], "post", f"/api/tables/{code}/commands/spend",
                {"hero": "batman", "space": "reroll", "cubes": 1})
    assert r.status_code == 200, r.text
    told = {}
    for seat, token in tokens.items():
        view = as_seat(http, token, "get", f"/api/tables/{code}").json()
        assert view["undo"]["seat"] == "hero:batman"
        told[seat] = seat in view["undo"]["may"]
    assert told == {"host": True, "villain": False, "hero:batman": True, "hero:gordon": False}
    for seat in ("villain", "hero:gordon"):  # refused as the view said, nothing changed
        r = as_seat(http, tokens[seat], "post", f"/api/tables/{code}/history/undo")
        assert r.status_code == 403 and r.json()["reason"] == "not_your_change", r.text
    r = as_seat(http, tokens["hero:batman"], "post", f"/api/tables/{code}/history/undo")
    assert r.status_code == 200, r.text
    redo = {seat: as_seat(http, t, "get", f"/api/tables/{code}").json()["redo"]["may"] for seat, t in tokens.items()}
    assert all(may == ["host", "hero:batman"] for may in redo.values()), redo
    spectator = join(http, code, "spectator")
    r = as_seat(http, spectator, "post", f"/api/tables/{code}/history/redo")
    assert r.status_code == 403, r.text


def test_a_live_change_tells_each_phone_whether_it_may_undo_it(http):
    created = new_table(http, heroes=("Batman",))
    code = created["code"]
    villain = join(http, code, "villain")
    advance_to(http, code, "heroes.actions")
    r = command(http, code, "spend", hero="batman", space="reroll", cubes=1)  # the host writes it
    assert r.status_code == 200 and r.json()["table"]["undo"]["may"] == ["host"]  # the host made it
    assert as_seat(http, villain, "get", f"/api/tables/{code}").json()["undo"]["may"] == ["host"]
