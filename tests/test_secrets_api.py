"""Secrets stay on their own seat, through every route and the live stream, before and after undo,
over real HTTP against a real Redis (several phones: one per seat, the host, a spectator, a phone
holding no seat).

* Gotham City Strategy Game, three Villains (GLOSSARY · Money, Information, Hideout; CARRY): a
  player's stash (Money, Information, hand) reaches only that player's phone — never another
  seat's GET table, command answer, history, export, live snapshot, live change, or the changes
  replayed after Last-Event-ID — while what the rules make public (a lifted screen) reaches all.
* Batman Miniature Game (RAISE THE PLAN): a player's Audacity markers reach only their own phone
  until each model activates.

What the server holds is read from Redis (the history entries with every event's private parts)
to check that each seat receives exactly its own part and nothing of the others'."""
from __future__ import annotations

import orjson

from tests.game_http import GameTable
from tests.gcsg.support import A, B, C, JOKER, PENGUIN, TWO_FACE, settings
from tests.sse_client import SSEClient
from tests.test_gcsg_api import City
from tests.test_shared_tables import as_seat
from games import serial
from games.gcsg.settings import Screen

VILLAINS = [JOKER, PENGUIN, TWO_FACE]
VIEWERS = VILLAINS + ["host", "spectator", None]


def raw_entries(redis_client, code: str) -> dict[int, dict]:
    """The history entries as stored (every event whole, private parts included)."""
    rows = redis_client.xrange(f"gc:{{{code}}}:history")
    return {int(i.decode().split("-")[0]): orjson.loads(f[b"entry"]) for i, f in rows}


def walk(node, path=()):
    if isinstance(node, dict):
        for k, v in node.items():
            yield path + (k,), k, v
            yield from walk(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from walk(v, path + (i,))


# ------------------------------------------------------------------ GCSG: private stashes


def check_city_view(view: dict, seat) -> None:
    """A table view as `seat` receives it: a stash only under "me", and only its own. The Reserves
    are public (SETUP: next to the board), and a seat's own offers name their price (ADV, HIRE). An
    undo's or redo's summary names amounts only as its public events' params (`data`: what the rules
    say to the whole table, as every seat's history has them)."""
    for path, key, value in walk(view):
        if key == "me":
            assert path == ("me",) and seat in VILLAINS and value["villain"] == seat, (seat, path)
        if key in ("money", "information", "money_tokens", "information_tokens"):
            in_summary = path[0] in ("undo", "redo") and path[1] == "events" and path[3] == "data"
            assert (path[0] == "me" or path == ("reserves", key) or path[:2] == ("may", seat) and "price" in path
                    or in_summary and key in ("money", "information")), (seat, path)
        if key == "private":
            raise AssertionError((seat, path))
    assert ("me" in view) == (seat in VILLAINS)
    assert set(view["may"]) == {"host", seat} - {None}  # a seat's offers (their prices) on its phone only; the host's
    # read no secret: on every phone
    assert "Behind your screen" not in orjson.dumps(view).decode()


def check_city_events(events: list[dict], stored: list[dict], seat) -> None:
    """The events of one change as `seat` received them against the same change as stored: the
    public parts, and the private part of `seat` only."""
    assert len(events) == len(stored)
    for got, whole in zip(events, stored):
        assert {k: v for k, v in got.items() if k != "private"} == {k: v for k, v in whole.items() if k != "private"}
        mine = (whole.get("private") or {}).get(seat) if seat else None
        assert got.get("private") == mine, (seat, got, whole.get("private"))
        assert "Behind your screen" not in got["text"]


def check_city_change(change: dict, raw: dict[int, dict], seat) -> None:
    check_city_events(change["events"], raw[change["version"]]["events"], seat)
    check_city_view(change["table"], seat)


def test_no_seat_ever_receives_another_stash(http, live_server, redis_client):
    s = settings(screens={JOKER: Screen(2, 11, 7), PENGUIN: Screen(2, 13, 9), TWO_FACE: Screen(1, 17, 4)})
    city = City.new(http, "gcsg", {"villains": VILLAINS, "settings": serial.to_data(s)}, VILLAINS)
    streams = {seat: SSEClient(live_server, city.code, token=city.tokens[seat]) for seat in VIEWERS}
    answers: list[tuple[str, dict]] = []  # (seat, the answer it received)
    try:
        for stream in streams.values():
            assert stream.until(lambda e: e["event"] == "snapshot")[-1]["data"]["table"]["code"] == city.code

        def send(name, **fields):
            seat = city.sender(name)
            r = city.post(seat, name, fields)
            assert r.status_code == 200, (seat, name, r.text)
            answers.append((seat, r.json()))

        send("place_threats", placements={A: 2})
        send("place_threats", placements={B: 2})
        send("place_threats", placements={C: 1})
        # the Joker's turn: income from A, two resources, hire, move
        send("advance")
        send("play_card", income_block=A, income_kind="money", income_amount=3)
        send("take_resources", information=1, threats={A: 1})
        send("advance")
        send("hire", count=2)
        send("advance")
        send("move", villain=B, henchmen=[{"source": "hideout", "to": C, "count": 2}])
        before_undo = city.version()
        # the Penguin's turn: a plot demanding $20 (Two-Face falls short and lifts the screen: public)
        send("advance")
        send("advance")
        send("play_card")
        send("carry_out_plot", title="Hypothetical demand")
        send("demand", kind="money", amount=20)
        lifted = [e for e in raw_entries(redis_client, city.code)[city.version()]["events"] if "lifts" in e["text"]]
        assert lifted and "$17 and 4 Information" in lifted[0]["text"]  # what the rules show, to all
        # undo back to before the Joker's draw (the host), redo one, undo it again, play on
        for _ in range(5):
            answers.append(("host", city.travel("host", "undo")))
        answers.append(("host", city.travel("host", "redo")))
        answers.append(("host", city.travel("host", "undo")))
        assert city.view()["turn"]["player"] == JOKER and city.view()["turn"]["step"] == "move"
        send("advance")
        send("advance")
        send("play_card", bat_signal=True)
        send("batman_card", block=A)
        last = city.version()
        raw = raw_entries(redis_client, city.code)
        assert raw[before_undo + 6]["command"] == "Undo"

        # every answer a phone received to its own command
        for seat, answer in answers:
            check_city_events(answer["events"], raw[answer["version"]]["events"], seat)
            check_city_view(answer["table"], seat)
        # every live change, on every phone
        live: dict = {}
        for seat, stream in streams.items():
            changes = stream.changes_until(last)
            assert [c["id"] for c in changes] == list(range(2, last + 1))
            for change in changes:
                check_city_change(change["data"], raw, seat)
            live[seat] = [c["data"] for c in changes]
        # the views differ where the stashes are: the Joker's phone and the Penguin's do not see the same
        assert live[JOKER][-1]["table"]["me"] != live[PENGUIN][-1]["table"]["me"]
        public = {seat: {k: v for k, v in live[seat][-1]["table"].items() if k != "may"}
                  for seat in ("host", "spectator", None)}  # each seat's offers aside, the same table
        assert public["host"] == public["spectator"] == public[None]
        # GET table, history, export, and the changes replayed after Last-Event-ID, per seat
        for seat in VIEWERS:
            check_city_view(city.view(seat), seat)
            for entry in city.history(seat):
                check_city_events(entry["events"], raw[entry["version"]]["events"], seat)
                assert "private" not in orjson.dumps(entry.get("fields")).decode()
            exported = city.export(seat)["state"]
            assert exported["hidden"]
            for p in exported["players"]:
                if p["villain"] != seat:
                    assert p["money"] is None and p["information"] is None and p["hand"] is None
                else:
                    assert p["money"] == city.me(seat)["money"]
            with SSEClient(live_server, city.code, token=city.tokens[seat], last_event_id=1) as again:
                got = again.until(lambda e: e["event"] == "snapshot")
                replayed = [e["data"] for e in got if e["event"] == "change"]
                # a replayed change is the live one, for this seat (with its whole table in place of its patch)
                assert replayed == [{k: v for k, v in c.items() if k != "patch"} for c in live[seat]]
                check_city_view(got[-1]["data"]["table"], seat)
        # an export made by a seat cannot be resumed elsewhere: it lacks the others' stashes
        r = http.post("/api/tables/import", json=city.export(JOKER), token=None)
        assert r.status_code == 422 and r.json()["reason"] == "unreadable_export"
    finally:
        for stream in streams.values():
            stream.close()


def test_a_stale_write_and_an_idempotent_replay_answer_per_seat(http):
    """The 412 answer's table and a replayed answer (Idempotency-Key) are the asking seat's."""
    s = settings(screens={JOKER: Screen(0, 11, 7), PENGUIN: Screen(0, 13, 9)})
    city = City.new(http, "gcsg", {"villains": [JOKER, PENGUIN], "settings": serial.to_data(s)}, [JOKER, PENGUIN])
    path = f"/api/tables/{city.code}/commands/advance"
    stale = as_seat(http, city.tokens[PENGUIN], "post", path, {}, headers={"If-Match": '"0"'})
    assert stale.status_code == 412
    check_city_view(stale.json()["table"], PENGUIN)
    assert stale.json()["table"]["me"]["money"] == 13
    first = as_seat(http, city.tokens[JOKER], "post", path, {}, headers={"Idempotency-Key": "k1"})
    again = as_seat(http, city.tokens[JOKER], "post", path, {}, headers={"Idempotency-Key": "k1"})
    assert first.status_code == again.status_code == 200 and again.headers["Idempotent-Replayed"] == "true"
    assert again.json() == first.json() and again.json()["table"]["me"]["villain"] == JOKER


# ------------------------------------------------------------------ BMG: Audacity markers


def bmg_card(cid: str, rank: str, affiliation: str) -> dict:
    skills = {"willpower": 6, "endurance": 6, "movement": 4, "attacks": 3, "strength": 4, "defense": 4, "special": 3}
    return {"id": cid, "name": cid, "alias": cid, "ranks": [rank], "affiliations": [affiliation], "reputation": 10,
            "funding": 0, "weapons": [], "skills": skills, "sample": "test values"}


def bmg_options() -> dict:
    cards = [bmg_card(f"{p}{i}", "Leader" if i == 0 else "Henchman", p.upper()) for p in "ab" for i in range(6)]
    return {"cards": cards, "players": [
        {"id": p, "name": p.upper(), "crew": {"name": p.upper(), "boss": f"{p}0",
                                             "members": [{"card": f"{p}{i}"} for i in range(6)]}} for p in "ab"]}


SEATS_BMG = ["player:a", "player:b"]


def check_plan_secret(payload, seat, secret: set[str]) -> None:
    """`secret`: the models whose Audacity marker is not revealed yet. Nothing `seat` receives says
    whether another player's unrevealed model bears a marker (its "audacity" is null: marked or
    not), names it in a plan, or carries another seat's private event."""
    for path, key, value in walk(payload):
        if key == "models" and isinstance(value, list):
            for item in value:
                if isinstance(item, dict) and "audacity" in item and f"player:{item['player']}" != seat:
                    assert item["audacity"] is not False, (seat, item["id"])  # "no marker" is a secret too
                    if item["id"] in secret:
                        assert item["audacity"] is None, (seat, item["id"])
                elif isinstance(item, str):
                    assert item not in secret or item.startswith(seat[7:] + ".") if seat else item not in secret, \
                        (seat, path)
        if key == "events" and isinstance(value, list):
            for event in value:
                assert event.get("seat") in (None, seat), (seat, event)  # a private event only on its seat


def test_audacity_markers_stay_on_their_seat(http, live_server, redis_client):
    table = GameTable.new(http, "bmg", bmg_options(), SEATS_BMG)
    viewers = SEATS_BMG + ["host", "spectator", None]
    streams = {seat: SSEClient(live_server, table.code, token=table.tokens[seat]) for seat in viewers}
    received: list[tuple[str, dict]] = []  # (seat, the answer it received)
    plan_a, plan_b = {"a.a1", "a.a2", "a.a3", "a.a5"}, {"b.b0", "b.b2", "b.b3", "b.b4"}  # 4 markers each
    secret_at: dict[int, set] = {1: set()}  # version → the unrevealed markers then
    try:
        for stream in streams.values():
            stream.until(lambda e: e["event"] == "snapshot")

        def send(seat, name, secret, **fields):
            r = table.post(seat, name, fields)
            assert r.status_code == 200, (seat, name, r.text)
            secret_at[r.json()["version"]] = secret
            received.append((seat, r.json()))

        def travel(kind, secret):
            answer = table.travel("host", kind)
            secret_at[answer["version"]] = secret
            received.append(("host", answer))
            return answer["version"]

        send("player:a", "roll_lead", set(), player="a", value=6)
        send("player:b", "roll_lead", set(), player="b", value=2)
        send("player:a", "choose_initiative", set(), player="a", initiative="a")
        table.refused("host", "place_audacity", "behind_screen", 403, player="a", models=["a.a1"])
        send("player:a", "place_audacity", plan_a, player="a", models=sorted(plan_a))
        send("player:b", "place_audacity", plan_a | plan_b, player="b", models=sorted(plan_b))
        send("player:a", "activate", plan_a - {"a.a2"} | plan_b, model="a.a2")  # revealed when it activates
        send("player:a", "end_activation", plan_a - {"a.a2"} | plan_b, model="a.a2")
        # undo the end and the activation (a.a2's marker is secret again), then b's plan; redo the plan
        travel("undo", plan_a - {"a.a2"} | plan_b)
        travel("undo", plan_a | plan_b)
        travel("undo", plan_a)
        last = travel("redo", plan_a | plan_b)
        final = secret_at[last]
        for seat, answer in received:
            check_plan_secret(answer, seat, secret_at[answer["version"]])
        own = {m["id"]: m["audacity"] for m in table.view("player:a")["models"]}
        assert own["a.a1"] is own["a.a2"] is own["a.a3"] is True and own["a.a0"] is False
        for seat, stream in streams.items():
            changes = stream.changes_until(last)
            assert [c["id"] for c in changes] == list(range(2, last + 1))
            for change in changes:
                check_plan_secret(change["data"], seat, secret_at[change["id"]])
            check_plan_secret(table.view(seat), seat, final)
            for entry in table.history(seat):
                check_plan_secret(entry, seat, final)
                if entry["command"] == "PlaceAudacity":
                    assert entry["fields"]["models"] is None  # the plan's public form
            exported = table.export(seat)["state"]
            assert exported["hidden"]  # every seat lacks someone's plan: not resumable
            for model_id, model in exported["models"].items():
                if model_id in final and f"player:{model['player']}" != seat:
                    assert model["audacity"] is None  # withheld: no table holds None (not resumable)
            with SSEClient(live_server, table.code, token=table.tokens[seat], last_event_id=1) as again:
                got = again.until(lambda e: e["event"] == "snapshot")
                assert [e["data"] for e in got if e["event"] == "change"] == [
                    {k: v for k, v in c["data"].items() if k != "patch"} for c in changes]
                check_plan_secret(got[-1]["data"], seat, final)
        # the server keeps the plan whole (the store's copy): b's private event is in the history
        raw = raw_entries(redis_client, table.code)
        assert any(e.get("seat") == "player:b" and sorted(e["data"]["models"]) == sorted(plan_b)
                   for entry in raw.values() for e in entry["events"])
    finally:
        for stream in streams.values():
            stream.close()
