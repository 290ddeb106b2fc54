"""One write builds each frame once (api/play.py `live_message`, games.Game `views`): the table's
public view once, each seat's own part (its `may`, its secrets) once, whatever the number of
phones watching; the answer to the writer is the very frame its seat's live stream receives.

Counted in-process over real HTTP (the live server runs in this process) by wrapping the game's
`public_view`, `seat_view` and `may_all` (every seat's offers in one pass) while a BGCC, a BMG and a GCSG table, each with several seats, have
a live stream open on every seat, the host, a spectator and a phone holding no seat."""
from __future__ import annotations

from collections import Counter
from contextlib import contextmanager

import games
from games import serial
from tests.game_http import GameTable
from tests.gcsg.support import JOKER, PENGUIN, TWO_FACE, settings
from tests.sse_client import SSEClient
from tests.tables import new_table
from tests.test_secrets_api import SEATS_BMG, bmg_options


@contextmanager
def counted(game: games.Game):
    """Count the builds of `game`'s public view, of each seat's own part and of every seat's offers
    at once while inside."""
    builds = {"public": 0, "seats": Counter(), "every_seat": 0}
    public_view, seat_view, may_all = game.public_view, game.seat_view, game.may_all

    def public(state):
        builds["public"] += 1
        return public_view(state)

    def own(state, seat, drawn):
        builds["seats"][seat] += 1
        return seat_view(state, seat, drawn)

    def every(state, drawn):
        builds["every_seat"] += 1
        return may_all(state, drawn)

    game.public_view, game.seat_view, game.may_all = public, own, every
    try:
        yield builds
    finally:
        del game.public_view, game.seat_view, game.may_all  # the class's methods again


def one_write(live_server, table: GameTable, game: str, writer: str, name: str, fields: dict) -> dict:
    """Send one command with a live stream open on every viewer; answer the builds it made, after
    checking every stream received the change and the writer's stream the answer itself."""
    viewers = [s for s in table.tokens if s is not None] + [None]
    streams = {seat: SSEClient(live_server, table.code, token=table.tokens[seat]) for seat in viewers}
    try:
        for stream in streams.values():
            stream.until(lambda e: e["event"] == "snapshot")
        with counted(games.get(game)) as builds:
            r = table.post(writer, name, fields)
            assert r.status_code == 200, r.text
            got = {seat: stream.changes_until(r.json()["version"])[-1]["data"] for seat, stream in streams.items()}
        # the writer's live frame is its answer, with the patch from the table before for its whole table
        assert {k: v for k, v in got[writer].items() if k != "patch"} == r.json()
        builds["viewers"] = viewers
        builds["answer"] = r.json()
        return builds
    finally:
        for stream in streams.values():
            stream.close()


def test_a_bgcc_write_builds_the_view_once_and_each_seat_offers_once(http, live_server):
    code = new_table(http)["code"]
    seats = [s["seat"] for s in http.get(f"/api/tables/{code}").json()["seats"] if s["seat"] != "host"]
    table = GameTable(http, code, http.tokens[code], seats)
    builds = one_write(live_server, table, "bgcc", "host", "advance", {})
    assert builds["public"] == 1
    # no secrets: every seat's offers are public, built once in one pass over the registry for all
    # the seats (no seat's alone), in the one frame every phone gets
    assert builds["every_seat"] == 1 and builds["seats"] == Counter()
    assert set(builds["answer"]["table"]["may"]) == {"host", *seats, "spectator"}


def test_a_bmg_write_builds_the_public_view_once_and_each_seat_once(http, live_server):
    table = GameTable.new(http, "bmg", bmg_options(), SEATS_BMG)
    builds = one_write(live_server, table, "bmg", "player:a", "roll_lead", {"player": "a", "value": 6})
    assert builds["public"] == 1
    assert builds["seats"] == Counter({seat: 1 for seat in builds["viewers"]})  # the host's included, once
    assert set(builds["answer"]["table"]["may"]) == {"host", "player:a"}  # a seat's offers only in its own frame
    # (and the host's, which read no secret, in every frame)


def test_a_gcsg_write_builds_the_public_view_once_and_each_seat_once(http, live_server):
    villains = [JOKER, PENGUIN, TWO_FACE]
    table = GameTable.new(http, "gcsg", {"villains": villains, "settings": serial.to_data(settings())}, villains)
    writer = JOKER  # the first player, whose turn it is
    builds = one_write(live_server, table, "gcsg", writer, "advance", {})
    assert builds["public"] == 1
    assert builds["seats"] == Counter({seat: 1 for seat in builds["viewers"]})  # the host's included, once
    assert set(builds["answer"]["table"]["may"]) == {"host", writer}
