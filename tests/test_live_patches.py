"""Live patches (issue 30; api/patch.py, api/play.py `live_message`): each change reaches a phone as
the RFC 6902 patch from the table its seat held at the version before, over real HTTP and a real
Redis, for every game and every kind of phone (each player's seat, the host, a spectator, a phone
holding no seat).

The state machine holds, per phone, the table a fresh GET gave it at the table's first version,
then plays random commands drawn from what the seats' phones are offered (with the fields each
game's own state machine draws; refusals included) and undoes now and then. After each accepted
change it reads the message the API published (Redis pub/sub, as every process's hub receives it),
picks each phone's frame as the hub does, applies its patch with the `jsonpatch` library (an RFC
6902 implementation of its own) and checks:

* the phone now holds exactly the table a fresh GET gives its seat (`seats` and `your_seat` apart:
  the GET's own), and that GET's table (read from the parts the write kept, api/play.py
  `seat_table`) is the one built afresh from the stored state for that seat;
* nothing in the frame is outside what that seat may see: every value the patch adds or replaces is
  in the seat's table after it (a patch never carries a value the seat's own table does not hold),
  and the frame's events are those the seat's own history gives for that change;
* no frame holds the table whole (but at a new table's first change, its creation having drawn
  the host's table only): the patch is the live message.

Then a phone that missed changes: a stream reopened with Last-Event-ID receives them replayed
(whole tables) and holds the fresh GET's table; one whose version the history no longer keeps
receives a snapshot."""
from __future__ import annotations

import copy
import dataclasses
import random
from collections import Counter

import jsonpatch
import jsonpointer
import orjson
import pytest
from hypothesis import HealthCheck, settings as hsettings, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

import games
from api import play
from api.extensions import store
from api.store import decompress
from games import serial
from tests.bmg.test_stateful import _fields as bmg_fields
from tests.game_http import GameTable, as_json
from tests.gcsg.test_stateful import command_of as gcsg_command
from tests.gcsg.support import JOKER, PENGUIN, TWO_FACE, settings as gcsg_settings
from tests.sse_client import SSEClient
from tests.tables import advance_to, new_table
from tests.test_secrets_api import SEATS_BMG, bmg_options
from tests.test_shared_tables import as_seat
from tests.test_versus_api import MISSION, draft

ACCEPTED: Counter = Counter()  # accepted changes per game, patches checked: the machine must play
GET_ONLY = ("seats", "your_seat")  # what a GET adds to the table (the stream sends them apart)


def fresh(table: GameTable, seat) -> dict:
    return {k: v for k, v in table.view(seat).items() if k not in GET_ONLY}


def built(app, game: games.Game, code: str, seat) -> dict:
    """The table as `seat` may see it, built from the stored state (not read from the parts the
    last write kept, as a GET and a stream's snapshot are), as JSON."""
    with app.app_context():
        loaded = store().load(code)
        return orjson.loads(orjson.dumps(play.view(code, loaded.version, game, play.state_of(loaded), seat,
                                                   play.undo_redo(store(), code, loaded.history))))


def frame_of(message: dict, seat) -> dict:
    """The frame a phone holding `seat` receives, picked as api/live.py `Hub._deliver` does."""
    if "frames" in message:
        return message["frames"][message["seats"].get(seat, 0) if seat is not None else 0]
    return message["data"]


def state_of(redis_client, game: games.Game, code: str):
    """The table's state as stored (for the generators that draw fields from the rules' state)."""
    raw, zdict = redis_client.hmget(f"gc:{{{code}}}:table", ["state", "zdict"])
    return game.load(orjson.loads(decompress(raw, lambda: zdict or b"")))


class Phones:
    """One table and a phone per viewer, each holding the table as its seat received it."""

    def __init__(self, table: GameTable, game: str, redis_client, app):
        self.table, self.game, self.redis, self.app = table, games.get(game), redis_client, app
        self.viewers = list(table.tokens)
        self.listener = redis_client.pubsub(ignore_subscribe_messages=True)
        self.listener.subscribe(f"gc:{{{table.code}}}:live")
        self.listener.get_message(timeout=1)
        self.held = {seat: fresh(table, seat) for seat in self.viewers}
        self.version = self.held["host"]["version"]

    def close(self):
        self.listener.close()

    def published(self, version: int) -> dict:
        for _ in range(100):
            found = self.listener.get_message(timeout=0.2)
            if found is None:
                continue
            message = orjson.loads(found["data"])
            if message.get("event") == "change" and message["id"] == version:
                return message
        raise AssertionError(f"change {version} was not published")

    def received(self, answer) -> None:
        """An answered write: every phone applies its frame of the published change."""
        if answer.status_code != 200:
            assert answer.status_code in (400, 401, 403, 404, 409, 422), answer.text
            return
        version = answer.json()["version"]
        assert version == self.version + 1
        message = self.published(version)
        for seat in self.viewers:
            frame = frame_of(message, seat)
            if version == 2:  # a new table's first change: its creation drew the host's table only
                assert "patch" not in frame
                held, ops = frame["table"], []
            else:
                assert "table" not in frame and isinstance(frame["patch"], list), (seat, sorted(frame))
                held, ops = jsonpatch.apply_patch(self.held[seat], frame["patch"]), frame["patch"]
            got = fresh(self.table, seat)
            assert held == got, (seat, ops)
            assert got == built(self.app, self.game, self.table.code, seat), seat
            for op in ops:  # nothing the seat's own table does not hold
                if op["op"] in ("add", "replace"):
                    assert jsonpointer.resolve_pointer(held, op["path"]) == op["value"], (seat, op)
            history = as_seat(self.table.http, self.table.tokens[seat], "get",
                              f"/api/tables/{self.table.code}/history?after={version - 1}&limit=1").json()
            assert frame["events"] == history[0]["events"], seat
            self.held[seat] = held
        ACCEPTED[self.game.name] += 1
        writer = answer.json()
        assert "patch" not in writer and writer["table"]["version"] == version  # the writer: its table whole
        self.version = version


class Steady:
    """What the field generators draw from (each game's own, written for Hypothesis's `data`), drawn
    from a `random.Random` instead: what a phone is offered comes from the server's table, whose dice
    the server rolls, so the same choices may meet lists of other lengths from one run to the next,
    which Hypothesis would take for data generated differently (FlakyStrategyDefinition). Each step
    of the machine draws one seed from Hypothesis, whatever the table; the rest comes from it."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def draw(self, strategy):
        inner = getattr(strategy, "wrapped_strategy", strategy)
        kind = type(inner).__name__
        elements = getattr(inner, "elements", None)
        if isinstance(elements, (tuple, list)) and elements:  # sampled_from, just, none
            return self.rng.choice(list(elements))
        start, end = getattr(inner, "start", None), getattr(inner, "end", None)
        if isinstance(start, int) and isinstance(end, int):  # integers(start, end)
            return self.rng.randint(start, end)
        if kind == "BooleansStrategy":
            return self.rng.random() < 0.5
        if kind == "OneOfStrategy":
            return self.draw(self.rng.choice(list(inner.original_strategies)))
        if kind == "PermutationStrategy":
            return self.rng.sample(list(inner.values), len(inner.values))
        if kind == "ListStrategy" and inner.max_size != float("inf"):
            return [self.draw(inner.element_strategy) for _ in range(self.rng.randint(inner.min_size, inner.max_size))]
        raise TypeError(f"no seeded draw for {strategy!r}")


def bgcc_fields(offer: dict, data, state) -> dict:
    """The fields an offer names (one value of each of its targets), and a small count for each
    other whole-number field the command needs: what the phone's button and its stepper send."""
    fields = {k: data.draw(st.sampled_from(v)) for k, v in sorted((offer.get("targets") or {}).items()) if v}
    for f in dataclasses.fields(games.get("bgcc").command_types()[offer["command"]]):
        if f.name not in fields and f.type in ("int", int) and f.default is dataclasses.MISSING:
            fields[f.name] = data.draw(st.integers(1, 2))
    return fields


def bmg_offer_fields(offer: dict, data, state) -> dict | None:
    return bmg_fields(offer["command"], offer["targets"], data, state)


def gcsg_fields(offer: dict, data, state) -> dict:
    return as_json(gcsg_command(data.draw, state, offer))


FIELDS = {"bgcc": bgcc_fields, "bgcc-versus": bgcc_fields, "bmg": bmg_offer_fields, "gcsg": gcsg_fields}


def new_game(http, game: str) -> GameTable:
    if game == "bgcc":
        code = new_table(http)["code"]
        seats = [s["seat"] for s in http.get(f"/api/tables/{code}").json()["seats"] if s["seat"] != "host"]
        return GameTable(http, code, http.tokens[code], seats)
    if game == "bgcc-versus":
        r = http.post("/api/versus-tables", json={"mission": copy.deepcopy(MISSION)})
        assert r.status_code == 201, r.text
        table = GameTable(http, r.json()["code"], r.json()["token"], ["heroes", "villain"])
        auth = {side: {"Authorization": f"Bearer {table.tokens[side]}"} for side in ("heroes", "villain")}
        draft(http, table.code, auth["heroes"], auth["villain"])
        return table
    if game == "bmg":
        return GameTable.new(http, "bmg", bmg_options(), SEATS_BMG)
    villains = [JOKER, PENGUIN, TWO_FACE]
    return GameTable.new(http, "gcsg", {"villains": villains, "settings": serial.to_data(gcsg_settings())}, villains)


def machine(game: str, http, redis_client, app):
    class PatchMachine(RuleBasedStateMachine):
        @initialize()
        def start(self):
            self.phones = Phones(new_game(http, game), game, redis_client, app)

        @rule(seed=st.integers(0, 2 ** 32 - 1))
        def act(self, seed):
            data = Steady(seed)
            phones = self.phones
            seats = [s for s in phones.viewers if s not in (None, "spectator")]
            seat = data.draw(st.sampled_from(seats))
            offers = [o for o in phones.held[seat].get("may", {}).get(seat, []) if o["command"] != "end_game"]
            if not offers:
                return
            offer = data.draw(st.sampled_from(offers))
            fields = FIELDS[game](offer, data, state_of(redis_client, phones.game, phones.table.code))
            if fields is None:
                return
            phones.received(phones.table.post(seat, offer["command"], as_json(fields)))

        @rule()
        def undo(self):
            phones = self.phones
            if phones.held["host"].get("undo"):
                phones.received(as_seat(http, phones.table.tokens["host"], "post",
                                        f"/api/tables/{phones.table.code}/history/undo", None))

        @invariant()
        def every_phone_at_the_last_version(self):
            if hasattr(self, "phones"):
                assert {v["version"] for v in self.phones.held.values()} == {self.phones.version}

        def teardown(self):
            if hasattr(self, "phones"):
                self.phones.close()

    return PatchMachine


GAMES = ["bgcc", "bgcc-versus", "bmg", "gcsg"]


def run(game, http, redis_client, app, examples: int, steps: int):
    test = machine(game, http, redis_client, app).TestCase
    test.settings = hsettings(max_examples=examples, stateful_step_count=steps, deadline=None,
                              suppress_health_check=list(HealthCheck))
    before = ACCEPTED[games.get(game).name]
    test("runTest").runTest()
    accepted = ACCEPTED[games.get(game).name] - before
    print(f"{game}: {accepted} changes applied as patches by every phone")
    assert accepted >= examples, accepted  # the machine played: a change per example at least, on average


@pytest.mark.parametrize("game", GAMES)
def test_a_phone_applying_every_patch_holds_the_fresh_table(game, http, redis_client, app):
    run(game, http, redis_client, app, examples=6, steps=20)


@pytest.mark.long
@pytest.mark.parametrize("game", GAMES)
def test_a_phone_applying_every_patch_holds_the_fresh_table_long(game, http, redis_client, app):
    run(game, http, redis_client, app, examples=40, steps=40)


# ------------------------------------------------------------------ a phone that missed changes


def test_a_phone_that_missed_changes_gets_them_replayed_whole(http, live_server):
    table = new_game(http, "bgcc")
    advance_to(http, table.code, "heroes.actions")
    seat = "villain"
    with SSEClient(live_server, table.code, token=table.tokens[seat]) as stream:
        held = stream.until(lambda e: e["event"] == "snapshot")[-1]["data"]["table"]
    version = held["version"]
    for _ in range(3):  # the game goes on while the villain's phone is away
        r = table.post("host", "place_token", {"kind": "smoke", "side": "heroes", "area": "rooftop"})
        assert r.status_code == 200, r.text
    with SSEClient(live_server, table.code, token=table.tokens[seat], last_event_id=version) as stream:
        changes = stream.changes_until(version + 3)
    assert [c["data"]["version"] for c in changes] == [version + 1, version + 2, version + 3]
    assert all("table" in c["data"] and "patch" not in c["data"] for c in changes)  # replayed: whole tables
    assert changes[-1]["data"]["table"] == fresh(table, seat)


def test_a_phone_older_than_the_history_gets_a_snapshot(http, live_server, redis_client):
    table = new_game(http, "bmg")
    seat = "player:b"
    r = table.post("player:a", "roll_lead", {"player": "a", "value": 6})
    assert r.status_code == 200, r.text
    redis_client.xtrim(f"gc:{{{table.code}}}:history", maxlen=0)  # the history keeps nothing older now
    with SSEClient(live_server, table.code, token=table.tokens[seat], last_event_id=1) as stream:
        snapshot = stream.until(lambda e: e["event"] == "snapshot")[-1]["data"]
    assert snapshot["version"] == 2 and snapshot["table"] == fresh(table, seat)
