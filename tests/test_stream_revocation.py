"""Issue 28, point 4: a seat's live stream ends the moment its token stops working — the host hands
the seat to a new phone (`POST /seats/{seat}/handover`), the phone forgets its seat (`DELETE
/seats/{seat}`), the host seat is taken back with the recovery code (`POST /recover`) — in every
process, before any private frame: no change written after the revocation reaches the old phone.

The streams are served by the session's live server; the revocation and the private change go
through another API process (its own app, hence its own live listener, over the same Redis), so
the revocation crosses processes as it does under `serve`'s workers.

* Gotham City Strategy Game (GLOSSARY · Money, Information, Hideout; CARRY): each Villain's stash
  (Money, Information, hand) reaches only that Villain's phone; the private change is the Joker's
  income (play_card: 3 Money into his stash).
* Batman Miniature Game (RAISE THE PLAN): a player's Audacity markers reach only their phone; the
  private change is player a's plan (place_audacity)."""
from __future__ import annotations

import time

import pytest

from api import create_app
from tests.conftest import HIGH_LIMITS
from tests.game_http import GameTable
from tests.gcsg.support import A, B, C, JOKER, PENGUIN, TWO_FACE, settings
from tests.sse_client import END, SSEClient
from tests.test_gcsg_api import City
from tests.test_secrets_api import bmg_options
from tests.test_two_processes import Answer
from games import serial
from games.gcsg.settings import Screen

BOUND = 1.0  # seconds from the revocation to the old stream's end (the "Done when")


@pytest.fixture(scope="module")
def other(redis_server):
    """Another API process over the same Redis."""
    app = create_app({"TESTING": True, "REDIS_URL": redis_server.url, "SEED_LIBRARY": False, **HIGH_LIMITS})
    return app.test_client()


def call(client, method: str, path: str, token: str | None = None, json=None) -> Answer:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return Answer(getattr(client, method)(path, json=json, headers=headers))


class Game:
    """A table of `game` where `seat`'s next command (`private`) changes what only that seat may see."""

    def __init__(self, http, game: str):
        self.game = game
        if game == "gcsg":
            s = settings(screens={JOKER: Screen(2, 11, 7), PENGUIN: Screen(2, 13, 9), TWO_FACE: Screen(1, 17, 4)})
            options, seats = {"villains": [JOKER, PENGUIN, TWO_FACE], "settings": serial.to_data(s)}, [JOKER, PENGUIN,
                                                                                                         TWO_FACE]
        else:
            options, seats = bmg_options(), ["player:a", "player:b"]
        r = http.post(f"/api/games/{game}/tables", json=options, token=None)
        assert r.status_code == 201, r.text
        self.recovery_code = r.json()["recovery_code"]
        self.table = (City if game == "gcsg" else GameTable)(http, r.json()["code"], r.json()["token"], seats)
        self.code, self.tokens = self.table.code, self.table.tokens
        if game == "gcsg":  # up to the Joker's income (the first Villain's turn)
            for placements in ({A: 2}, {B: 2}, {C: 1}):
                self.table.send(self.table.sender("place_threats"), "place_threats", placements=placements)
            self.table.send("host", "advance")
            self.seat, self.command = JOKER, ("play_card", {"income_block": A, "income_kind": "money",
                                                            "income_amount": 3})
        else:  # up to player a's plan
            self.table.send("player:a", "roll_lead", player="a", value=6)
            self.table.send("player:b", "roll_lead", player="b", value=2)
            self.table.send("player:a", "choose_initiative", player="a", initiative="a")
            self.seat, self.command = "player:a", ("place_audacity", {"player": "a", "models": ["a.a1", "a.a2", "a.a3", "a.a5"]})

    def private(self, client, token: str) -> dict:
        """The seat's private change, sent by the phone holding `token`: the table as it sees it."""
        name, fields = self.command
        r = call(client, "post", f"/api/tables/{self.code}/commands/{name}", token, fields)
        assert r.status_code == 200, r.text
        return r.json()["table"]

    def secret(self, view: dict) -> object:
        """What of `view` only the seat may see (its stash; its own Audacity markers)."""
        if self.game == "gcsg":
            return view.get("me")
        return {m["id"]: m["audacity"] for m in view["models"] if m["player"] == "a" and m["audacity"]}


def revoke(other, game: Game, how: str) -> str:
    """Make the token of the seat's phone stop working (`how`); the new token of that seat (the
    forgetting phone's seat keeps its old token in `game.tokens`: nobody holds it anew)."""
    code, seat = game.code, ("host" if how == "recover" else game.seat)
    if how == "handover":
        r = call(other, "post", f"/api/tables/{code}/seats/{seat}/handover", game.tokens["host"])
        assert r.status_code == 201, r.text  # the old token stops working here; the new phone claims the seat
        r = call(other, "post", f"/api/tables/{code}/seats/claim", None, json={"claim": r.json()["claim"]})
    elif how == "forget":
        r = call(other, "delete", f"/api/tables/{code}/seats/{seat}", game.tokens[seat])
        assert r.status_code == 204, r.text
        return ""
    else:
        r = call(other, "post", f"/api/tables/{code}/recover", json={"recovery_code": game.recovery_code})
    assert r.status_code == 201, r.text
    return r.json()["token"]


def drain_until_end(stream: SSEClient, seconds: float) -> tuple[list[dict], float | None]:
    """The events the stream receives within `seconds`, and when it ended (monotonic; None: it did
    not)."""
    events, deadline = [], time.monotonic() + seconds
    while (left := deadline - time.monotonic()) > 0:
        try:
            event = stream.next(left)
        except AssertionError:  # StreamTimeout: no end within the bound
            return events, None
        if event is END:
            return events, time.monotonic()
        events.append(event)
    return events, None


@pytest.mark.parametrize("game_name", ["gcsg", "bmg"])
@pytest.mark.parametrize("how", ["handover", "forget", "recover"])
def test_a_revoked_token_s_stream_ends_within_1_s_before_any_private_frame(http, live_server, other, game_name, how):
    game = Game(http, game_name)
    revoked_seat = "host" if how == "recover" else game.seat
    old_token = game.tokens[revoked_seat]
    with SSEClient(live_server, game.code, token=old_token) as old:
        snapshot = old.until(lambda e: e["event"] == "snapshot")[-1]["data"]["table"]
        if revoked_seat == game.seat and game.game == "gcsg":
            assert game.secret(snapshot) is not None  # the old phone sees the stash until the revocation
        t0 = time.monotonic()
        new_token = revoke(other, game, how)
        # the seat's private change, by whichever phone holds the seat now (after a forget: the host
        # hands the seat to a new phone first)
        if how == "forget":
            new_token = revoke(other, game, "handover")
        seat_token = new_token if revoked_seat == game.seat else game.tokens[game.seat]
        seen = game.private(other, seat_token)
        assert game.secret(seen)  # the change is private: the seat's phone sees its own secret
        events, ended = drain_until_end(old, 5)
    assert ended is not None, f"the old phone's stream did not end ({[e['event'] for e in events]})"
    assert ended - t0 < BOUND, ended - t0
    assert [e["event"] for e in events] == ["revoked"], events  # no change, no private frame after it
    assert events[0]["data"] == {"seat": revoked_seat}
    # the old token, back on the stream, is a spectator's: no secret of the seat
    with SSEClient(live_server, game.code, token=old_token) as again:
        view = again.until(lambda e: e["event"] == "snapshot")[-1]["data"]["table"]
        assert not game.secret(view)


def test_forgetting_a_seat_is_only_for_its_own_phone(http, other):
    game = Game(http, "gcsg")
    code = game.code
    r = call(other, "delete", f"/api/tables/{code}/seats/{JOKER}", game.tokens[PENGUIN])
    assert r.status_code == 403 and r.json()["reason"] == "not_your_seat"
    r = call(other, "delete", f"/api/tables/{code}/seats/{JOKER}")
    assert r.status_code == 401 and r.json()["reason"] == "no_seat"
    assert call(other, "delete", f"/api/tables/{code}/seats/{JOKER}", game.tokens[JOKER]).status_code == 204
    # the token stops working; the seat stays taken until the host hands it over
    r = call(other, "post", f"/api/tables/{code}/commands/advance", game.tokens[JOKER], {})
    assert r.status_code == 401, r.text
    r = call(other, "post", f"/api/tables/{code}/seats", json={"seat": JOKER})
    assert r.status_code == 409 and r.json()["reason"] == "seat_taken"
    assert call(other, "post", f"/api/tables/{code}/seats/{JOKER}/handover", game.tokens["host"]).status_code == 201
