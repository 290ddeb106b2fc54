"""Seat rights for every write route of the OpenAPI document, over real HTTP with a real Redis server.

The routes come from openapi/openapi.json: every POST, PUT, PATCH and DELETE under
/api/tables/{code}/. Each is sent by the host, the villain, a hero on its own board, a hero on
another hero's board (`other_hero`), a spectator and a phone without a token. A seat the route
allows must get its success status (never 401/403); any other seat gets 403 (401 without a token)
and the table is exactly as before. A route the document lists without a case here fails, so a
new route cannot ship without its rights being tested.

Every request runs on a fresh table imported from a prepared game (an export), so one seat's
change never decides another seat's answer.
"""
from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field, replace
from pathlib import Path

import pytest

import games
from games.serial import to_data
from tests.conftest import Client
from tests.rules.versus_fixtures import HEROES_TEAM, VILLAIN_TEAM, mission
from tests.tables import advance_to, new_table, sample
from tests.test_shared_tables import as_seat, join, state_of

DOCUMENT = Path(__file__).resolve().parent.parent / "openapi" / "openapi.json"
PREFIX = "/api/tables/{code}/"
WRITES = ("post", "put", "patch", "delete")

SEATS = ("host", "villain", "hero", "other_hero", "spectator", "none")  # a standard table
VERSUS_SEATS = ("host", "villain", "heroes", "spectator", "none")  # a Versus table: one seat per side
SEAT_NAMES = {"host": "host", "villain": "villain", "hero": "hero:batman",
              "other_hero": "hero:commissioner-gordon", "heroes": "heroes", "spectator": "spectator"}
PLAYERS = frozenset({"host", "villain", "hero", "other_hero"})
EVERYONE = PLAYERS | {"spectator", "none"}
HOST = frozenset({"host"})
OWN_HERO = frozenset({"host", "hero"})
VILLAIN = frozenset({"host", "villain"})
HEROES = frozenset({"host", "hero", "other_hero"})
HEROES_SIDE = frozenset({"host", "heroes"})  # Versus
PARAMS = {"hero": "batman", "miniature": "thug-with-crowbar.1", "side": "villain", "token": "1", "seat": "villain",
          "colour": "yellow", "power": "nightwing-impetueux", "rule": "force-d-intervention"}


def document_routes(document: dict) -> list[tuple[str, str]]:
    return sorted((method.upper(), path) for path, ops in document["paths"].items() if path.startswith(PREFIX)
                  for method in ops if method in WRITES)


ROUTES = document_routes(json.loads(DOCUMENT.read_text(encoding="utf-8")))


@dataclass(frozen=True)
class Case:
    stage: str  # the prepared game the table starts from (see `stages`)
    allowed: frozenset  # the seats that may send it
    body: dict | None = None
    params: dict = field(default_factory=dict)  # path parameters besides PARAMS
    prepare: tuple = ()  # (seat, method, path below the table, body) sent first, each answering 200
    success: tuple = (200,)  # what an allowed seat gets; a 409 here is the rules refusing, never the seat
    name: str = ""
    changes: bool = True  # a 200 makes the next version

    @property
    def seats(self) -> tuple[str, ...]:
        return VERSUS_SEATS if self.stage.startswith("versus") else SEATS


HOST_TOKEN = ("host", "post", "/commands/place_token", {"kind": "flame", "side": "heroes"})
# Batman's melee attack on Thug #1, rolled by the app (server dice), step by step
ROLL = ("host", "post", "/commands/start_roll", {"action": "melee", "hero": "batman", "cubes": 1,
                                       "target_miniature": "thug-with-crowbar.1"})
ROLLED = ("host", "post", "/commands/roll_dice", {})
REROLLS_DONE = ("host", "post", "/commands/end_rerolls", None)
PHYSICAL = ("host", "post", "/commands/set_dice_mode", {"mode": "physical"})  # successes read on real dice (IX·D)
HEROES_HQ = ("host", "post", "/commands/pick_hq", {"side": "heroes", "tile": to_data(HEROES_TEAM[0])})  # the booklet's powers
VILLAIN_HQ = ("host", "post", "/commands/pick_hq", {"side": "villain", "tile": to_data(VILLAIN_TEAM[0]), "powers": []})

CASES: dict[tuple[str, str], list[Case]] = {
    # every command of every game, by its registry name (POST /api/tables/{code}/commands/{name}):
    # its actor (hero, miniature, side) is one of its fields; a wound from anything but an attack:
    # the villain or any hero's phone may record it; the dice mode and faces are the host's; a roll
    # follows the side that acts, and the defense also the defender's side; a skill's free action
    # after an attack is its possessor's (see test_dice_api): nothing is offered here, so the
    # players' phones get the rules' refusal. Versus: each side's phone runs its own command post
    # (a table in the middle of its draft cannot be imported, see test_shared_tables: the host plays
    # the draft up to the moment instead); Nightwing's power waits for its moment, and the fixture
    # mission has no mission rule or event: the rules refuse them (409), the seats decide before
    ("POST", PREFIX + "commands/{name}"): [
        Case("stances", OWN_HERO, {"hero": "batman", "stance": "active"}, {"name": "declare_stance"}, name="declare_stance"),
        Case("heroes", OWN_HERO, {"hero": "batman", "space": "melee", "cubes": 2}, {"name": "spend"}, name="spend"),
        Case("heroes", OWN_HERO, {"hero": "batman", "space": "defense", "cubes": 1}, {"name": "spend"}, name="spend: defense"),
        Case("heroes", OWN_HERO, {"hero": "batman", "kind": "melee", "cubes": 1, "successes": 1,
                                  "target_miniature": "thug-with-crowbar.1"}, {"name": "attack"}, prepare=(PHYSICAL,), name="attack"),
        Case("heroes", OWN_HERO, {"hero": "batman", "action": "manipulation", "cubes": 1, "successes": 1, "difficulty": 1}, {"name": "complex_action"}, prepare=(PHYSICAL,), name="complex_action"),
        Case("heroes", OWN_HERO, {"hero": "batman", "action": "thought"}, {"name": "automatic_action"}, name="automatic_action"),
        Case("heroes", OWN_HERO, {"hero": "batman", "moves": [{"type": "simple"}]}, {"name": "move"}, name="move"),
        Case("heroes", OWN_HERO, {"hero": "batman", "item": sample("items", "Batarangs")}, {"name": "pick_up"}, name="pick_up"),
        Case("heroes", OWN_HERO, {"hero": "batman", "to_hero": "commissioner-gordon", "item": "Tonfa"}, {"name": "give"}, name="give"),
        Case("heroes", OWN_HERO, {"hero": "batman", "from_hero": "commissioner-gordon", "item": "Batarangs"}, {"name": "take"}, name="take"),
        Case("heroes", OWN_HERO, {"hero": "batman", "item": "Tonfa"}, {"name": "drop"}, name="drop"),
        Case("heroes", OWN_HERO, {"hero": "batman", "item": "Tonfa", "distance": 1, "cubes": 1, "successes": 3}, {"name": "throw"}, prepare=(PHYSICAL,), name="throw"),
        Case("heroes", frozenset({"host", "villain", "hero"}), {"hero": "batman", "wounds": 1, "cause": "a fall"}, {"name": "wound"}, name="wound"),
        Case("villain", VILLAIN, {"miniature": "thug-with-crowbar.1", "kind": "melee", "successes": 1, "target_hero": "batman"}, {"name": "attack"}, prepare=(PHYSICAL,), name="attack"),
        Case("villain", VILLAIN, {"miniature": "thug-with-crowbar.1", "action": "manipulation", "successes": 1, "difficulty": 1}, {"name": "complex_action"}, prepare=(PHYSICAL,), name="complex_action"),
        Case("villain", VILLAIN, {"miniature": "thug-with-crowbar.1", "action": "manipulation"}, {"name": "automatic_action"}, name="automatic_action"),
        Case("villain", VILLAIN, {"miniature": "thug-with-crowbar.1", "moves": [{"type": "simple"}]}, {"name": "move"}, name="move"),
        Case("heroes", PLAYERS, {"miniature": "thug-with-crowbar.1", "wounds": 1}, {"name": "wound"}, name="wound"),
        Case("heroes", VILLAIN, {"side": "villain", "space": "defense", "cubes": 1}, {"name": "spend"}, name="spend"),
        Case("event", VILLAIN, {"side": "villain", "miniature": "thug-with-crowbar.1"}, {"name": "reinforce"}, name="reinforce"),
        Case("event", VILLAIN, {"side": "villain"}, {"name": "end_reinforcement"}, name="end_reinforcement"),
        Case("villain", VILLAIN, {"side": "villain", "tile": "killer-croc"}, {"name": "activate_tile"}, name="activate_tile"),
        Case("villain", VILLAIN, {"side": "villain", "tiles": ["brute-with-chains"]}, {"name": "dredge"}, name="dredge"),
        Case("villain", VILLAIN, {"side": "villain", "tile": "thug-with-crowbar"}, {"name": "demobilize"}, name="demobilize"),
        Case("heroes", HEROES, {"kind": "gas", "side": "heroes", "area": "alley"}, {"name": "place_token"}, name="place_token: heroes' token"),
        Case("heroes", VILLAIN, {"kind": "frost", "side": "villain"}, {"name": "place_token"}, name="place_token: villain's token"),
        Case("heroes", PLAYERS, {"id": 1}, {"name": "remove_token"}, name="remove_token"),
        Case("heroes", HEROES, {}, {"name": "advance"}, name="advance: heroes' step"),
        Case("villain", VILLAIN, {}, {"name": "advance"}, name="advance: villain's step"),
        Case("heroes", HOST, {"winner": "heroes", "reason": "bomb disarmed"}, {"name": "end_game"}, name="end_game"),
        Case("heroes", HOST, {"mode": "physical"}, {"name": "set_dice_mode"}, name="set_dice_mode"),
        Case("heroes", HOST, {"colour": "yellow", "faces": [0, 0, 1, 1, 1, 2]}, {"name": "calibrate_dice"}, name="calibrate_dice"),
        Case("heroes", HOST, {"colour": "yellow", "faces": None}, {"name": "calibrate_dice"}, name="calibrate_dice: the default faces"),
        Case("heroes", OWN_HERO, {**ROLL[3]}, {"name": "start_roll"}, name="start_roll: a hero's attack"),
        Case("villain", VILLAIN, {"action": "melee", "miniature": "thug-with-crowbar.1", "target_hero": "batman"}, {"name": "start_roll"}, name="start_roll: a character's attack"),
        Case("heroes", OWN_HERO, {}, {"name": "abandon_roll"}, prepare=(ROLL,), name="abandon_roll"),
        Case("heroes", OWN_HERO, {"cause": "fall", "level": 1, "hero": "batman"}, {"name": "start_free_roll"}, name="start_free_roll"),
        Case("heroes", OWN_HERO, {}, {"name": "roll_dice"}, prepare=(ROLL,), name="roll_dice"),
        Case("heroes", OWN_HERO, {"step": "paid", "dice": [0]}, {"name": "reroll_dice"}, prepare=(ROLL, ROLLED), name="reroll_dice"),
        Case("heroes", OWN_HERO, {}, {"name": "end_rerolls"}, prepare=(ROLL, ROLLED), name="end_rerolls"),
        Case("heroes", frozenset({"host", "hero", "villain"}), {"cubes": 0}, {"name": "defend"}, prepare=(ROLL, ROLLED, REROLLS_DONE), name="defend"),
        Case("heroes", PLAYERS, {"skill": "Counterattack"}, {"name": "start_follow_up"}, success=(409,), name="start_follow_up"),
        Case("versus.setup", HEROES_SIDE, {"side": "heroes", "tile": to_data(HEROES_TEAM[0])}, {"name": "pick_hq"}, name="pick_hq: the heroes first"),
        Case("versus.setup", VILLAIN, {"side": "villain", "tile": to_data(VILLAIN_TEAM[0]), "powers": []}, {"name": "pick_hq"}, prepare=(HEROES_HQ,), name="pick_hq: then the villain"),
        Case("versus.setup", HEROES_SIDE, {"side": "heroes", "tile": to_data(HEROES_TEAM[1])}, {"name": "draft_tile"}, prepare=(HEROES_HQ, VILLAIN_HQ), name="draft_tile"),
        Case("versus.drafted", HEROES_SIDE, {"side": "heroes", "power": "nightwing-impetueux"}, {"name": "resolve_power"}, success=(409,), name="resolve_power"),
        Case("versus.drafted", HEROES_SIDE, {"side": "heroes", "rule": "force-d-intervention"}, {"name": "record_mission_rule"}, success=(409,), name="record_mission_rule"),
        Case("versus.drafted", HEROES_SIDE, {"side": "heroes", "rule": "force-d-intervention", "tile": "swat"}, {"name": "resolve_mission_event"}, success=(409,), name="resolve_mission_event"),
        Case("heroes", HEROES, {"kind": "gas", "side": "heroes", "area": "alley"}, {"name": "place_token"},
             name="heroes' token by name"),
        Case("villain", VILLAIN, {}, {"name": "advance"}, name="villain's step by name")],
    ("POST", PREFIX + "history/undo"): [
        Case("heroes", HOST, prepare=(HOST_TOKEN,), name="the host's change"),
        Case("heroes", VILLAIN, prepare=(("villain", "post", "/commands/spend",
                                          {"side": "villain", "space": "reroll", "cubes": 1}),), name="the villain's change"),
        Case("heroes", OWN_HERO, prepare=(("hero", "post", "/commands/spend", {"hero": "batman", "space": "thought", "cubes": 1}),),
             name="batman's change")],
    ("POST", PREFIX + "history/redo"): [
        Case("heroes", HOST, prepare=(HOST_TOKEN, ("host", "post", "/history/undo", None)), name="the host's change"),
        Case("heroes", OWN_HERO, prepare=(("hero", "post", "/commands/spend", {"hero": "batman", "space": "thought", "cubes": 1}),
                                          ("host", "post", "/history/undo", None)), name="batman's change")],
    ("POST", PREFIX + "history/jump"): [Case("heroes", HOST, {"version": 1}, prepare=(HOST_TOKEN,))],
    # anyone may join: the join code is the invitation
    ("POST", PREFIX + "seats"): [
        Case("heroes", PLAYERS | {"spectator", "none"}, {"seat": "spectator"}, success=(201,), name="spectator"),
        Case("heroes", PLAYERS | {"spectator", "none"}, {"seat": "hero:renee-montoya"}, success=(201,),
             name="a free hero")],
    # a handover's one-time claim code takes the seat it names: anyone who has it (an unknown one: 404 for all)
    ("POST", PREFIX + "seats/claim"): [
        Case("heroes", EVERYONE, {"claim": "NOT-A-CODE"}, success=(404,), changes=False)],
    # the host's recovery code takes the host seat back: anyone who has it (a wrong one: 403 for all)
    ("POST", PREFIX + "recover"): [
        Case("heroes", EVERYONE, {"recovery_code": "NOT-THE-CODE"}, success=(403,), changes=False)],
    # a ticket for the seat's live stream (a cookie): any seat, changes nothing
    ("POST", PREFIX + "live/ticket"): [Case("heroes", PLAYERS | {"spectator"}, changes=False)],
    # Forget: a phone gives up the seat it holds, and no other (its token stops working)
    ("DELETE", PREFIX + "seats/{seat}"): [
        Case("heroes", frozenset({"villain"}), success=(204,), changes=False, name="villain"),
        Case("heroes", frozenset({"hero"}), params={"seat": "hero:batman"}, success=(204,), changes=False,
             name="a hero")],
    ("POST", PREFIX + "seats/{seat}/handover"): [
        Case("heroes", HOST, success=(201,), name="villain"),
        Case("heroes", HOST, params={"seat": "hero:batman"}, success=(201,), name="a hero"),
        Case("versus.drafted", HOST, params={"seat": "heroes"}, success=(201,), name="Versus")],
    # previews: a roll's odds or a price by name: computes, changes nothing, anyone with the code; a
    # board game's table has none for a command like advance (409 no_preview for every seat)
    ("POST", PREFIX + "previews/{name}"): [
        Case("heroes", EVERYONE, {}, {"name": "advance"}, success=(409,), changes=False),
        Case("heroes", EVERYONE, {"hero": "batman", "action": "melee", "cubes": 2}, {"name": "odds"},
             changes=False),
        Case("heroes", EVERYONE, {"hero": "batman", "moves": [{"type": "simple"}]}, {"name": "move"},
             changes=False)],
}

# The same routes on a Versus table, where the seats are the two sides
VERSUS_CASES = {
    ("POST", PREFIX + "commands/{name}"): [
        Case("versus.drafted", HEROES_SIDE, {}, {"name": "advance"}, name="advance: Versus setup: initiative"),
        Case("versus.drafted", HEROES_SIDE, {"side": "heroes", "space": "defense", "cubes": 1}, {"name": "spend"}, name="spend: Versus"),
        Case("versus.drafted", frozenset({"host", "villain"}), {"kind": "smoke", "side": "villain"}, {"name": "place_token"}, name="place_token: Versus"),
        Case("versus.drafted", HOST, {"winner": "villain"}, {"name": "end_game"}, name="end_game: Versus", prepare=(("host", "post", "/commands/advance", None),)),
    ],
    ("POST", PREFIX + "seats"): Case("versus.drafted", frozenset(VERSUS_SEATS), {"seat": "spectator"},
                                     success=(201,), name="Versus"),
    ("POST", PREFIX + "history/undo"): Case("versus.drafted", frozenset({"host", "villain"}),
                                            prepare=(("villain", "post", "/commands/spend",
                                                      {"side": "villain", "space": "reroll", "cubes": 1}),), name="Versus"),
}
for _route, _case in VERSUS_CASES.items():
    CASES[_route] = [*CASES.get(_route, []), *(_case if isinstance(_case, list) else [_case])]


# The older routes every game keeps as thin aliases (games.Alias, deprecated in the document):
# each write alias is checked with the first case of the command or preview it stands for, its
# path parameters taken from that case's fields, so an alias holds exactly its command's rights.
def _alias_cases() -> dict[tuple[str, str], list[Case]]:
    found: dict[tuple[str, str], list[Case]] = {}
    for game in games.names():
        for alias in games.get(game).aliases():
            route = (alias.method.upper(), PREFIX + alias.path.lstrip("/"))
            if route not in ROUTES or route in CASES or route in found:
                continue
            named = [p[1:-1] for p in alias.path.split("/") if p.startswith("{") and p != alias.name]
            source = CASES[("POST", PREFIX + ("commands/{name}" if alias.kind == "command" else "previews/{name}"))]
            for case in source:
                body = case.body or {}
                if alias.name.startswith("{") or case.params["name"] == alias.name and all(
                        alias.renamed.get(n, n) in body for n in named):
                    moved = {alias.renamed.get(n, n) for n in named}
                    found[route] = [replace(case, body={k: v for k, v in body.items() if k not in moved},
                                            params={**case.params, **{n: str(body[alias.renamed.get(n, n)])
                                                                      for n in named}},
                                            name=f"alias of {case.name or alias.name}")]
                    break
    return found


CASES.update(_alias_cases())


def _sampled(case: Case) -> set[str]:
    """An alias's seats in the default run: one that may send it, one that may not (every seat under
    `--long`; the alias runs its command's code, whose own case checks every seat)."""
    allowed = [s for s in case.seats if s in case.allowed]
    refused = [s for s in case.seats if s not in case.allowed]
    return {next((s for s in allowed if s != "host"), allowed[0]), *refused[:1]}


def _params():
    for route in ROUTES:
        cases = CASES.get(route) or [None]
        for case in cases:
            alias = case is not None and case.name.startswith("alias of")
            for seat in case.seats if case else SEATS:
                label = f"{route[0]} {route[1][len(PREFIX) - 1:]}{' [' + case.name + ']' if case and case.name else ''}"
                marks = [pytest.mark.long] if alias and seat not in _sampled(case) else []
                yield pytest.param(route, case, seat, id=f"{label} as {seat}", marks=marks)


# ------------------------------------------------------------------------------------ the prepared games


@pytest.fixture(scope="module")
def stages(live_server) -> dict[str, dict]:
    """Export documents of games at the moments the routes need:
    stances   turn 1, the heroes declare stances
    heroes    the heroes' actions; Batman carries a Tonfa, Gordon Batarangs; gas token 1 on the board
    villain   the villain's first tile step: both Brutes neutralized (a tile to dredge), the Thugs'
              tile activated (a Thug acts)
    event     the villain's step after the event tile: 3 reinforcement points, Thug #1 in the pool
    versus.setup    a Versus table (test fixtures' mission), nothing picked
    versus.drafted  the same with both HQs (Nightwing with his booklet power) and teams drafted
    """
    http = Client(live_server)

    def post(code, path, body=None):
        r = http.post(f"/api/tables/{code}{path}", json=body)
        assert r.status_code == 200, (path, r.text)

    def game():
        return new_table(http, equipment={"Batman": ["Tonfa"], "Commissioner Gordon": ["Batarangs"]})["code"]

    def export(code):
        return http.get(f"/api/tables/{code}/export").json()

    docs = {}
    code = game()
    advance_to(http, code, "heroes.stances")
    docs["stances"] = export(code)
    advance_to(http, code, "heroes.actions")
    post(code, "/commands/place_token", {"kind": "gas", "side": "heroes", "area": "sewer"})
    docs["heroes"] = export(code)
    assert [t["id"] for t in docs["heroes"]["state"]["tokens"]] == [1]

    code = game()
    advance_to(http, code, "villain.first_tile")
    post(code, "/commands/wound", {"miniature": "brute-with-chains.1", "wounds": 1})
    post(code, "/commands/wound", {"miniature": "brute-with-chains.2", "wounds": 1})
    post(code, "/commands/activate_tile", {"side": "villain", "tile": "thug-with-crowbar"})
    docs["villain"] = export(code)

    code = game()
    advance_to(http, code, "villain.first_tile")
    post(code, "/commands/wound", {"miniature": "thug-with-crowbar.1", "wounds": 1})
    post(code, "/commands/activate_tile", {"side": "villain", "tile": "event"})
    docs["event"] = export(code)
    assert docs["event"]["state"]["command_posts"]["villain"]["reinforcement_points"] == 3

    versus_mission = to_data(mission())
    for side in versus_mission["sides"].values():
        del side["spaces"]  # the API's default spaces
    del versus_mission["rules"]  # loaded from the booklet by id only
    r = http.post("/api/versus-tables", json={"mission": versus_mission})
    assert r.status_code == 201, r.text
    code = r.json()["code"]
    docs["versus.setup"] = export(code)
    for _, _, path, body in (HEROES_HQ, VILLAIN_HQ):
        post(code, path, body)
    for h, v in zip(HEROES_TEAM[1:], VILLAIN_TEAM[1:]):
        post(code, "/commands/draft_tile", {"side": "heroes", "tile": to_data(h)})
        post(code, "/commands/draft_tile", {"side": "villain", "tile": to_data(v)})
    docs["versus.drafted"] = export(code)
    assert docs["versus.drafted"]["state"]["versus"]["draft"]["phase"] == "done"
    return docs


# ------------------------------------------------------------------------------------ the tests


def test_the_routes_come_from_the_document():
    assert len(ROUTES) >= 10, ROUTES  # every command of every game is one of them (commands/{name})
    stale = sorted(set(CASES) - set(ROUTES))
    assert not stale, f"rights cases for routes the document no longer has: {stale}"


def test_the_document_lists_every_write_route_the_app_serves(http):
    served = document_routes(http.get("/api/openapi.json").json())
    assert served == ROUTES, "openapi/openapi.json and the app disagree on the write routes"


@pytest.mark.parametrize("route,case,seat", list(_params()))
def test_seat_rights(http, stages, route, case, seat):
    method, template = route
    if case is None:
        pytest.fail(f"{method} {template} has no seat-rights case: add one to CASES in {__file__}")
    doc = copy.deepcopy(stages[case.stage])
    r = http.post("/api/tables/import", json=doc, token=None)
    assert r.status_code == 201, r.text
    code, host = r.json()["code"], r.json()["token"]
    tokens = {"host": host, "none": None}

    def token_of(who: str):
        if who not in tokens:
            tokens[who] = join(http, code, SEAT_NAMES[who])
        return tokens[who]

    for who, verb, path, body in case.prepare:
        r = as_seat(http, token_of(who), verb, f"/api/tables/{code}{path}", body)
        assert r.status_code == 200, (path, r.text)
    token = token_of(seat)
    path = template.format(**{**PARAMS, **case.params, "code": code})
    before = state_of(http, code)

    def taken():
        return {s["seat"]: s["taken"] for s in http.get(f"/api/tables/{code}/seats").json()}

    seats_before = taken()
    r = as_seat(http, token, method.lower(), path, case.body)

    if seat in case.allowed:
        assert r.status_code in case.success, f"{seat} may do this: {r.status_code} {r.text[:300]}"
        if r.status_code == 200 and case.changes:  # the next version, recorded under the seat that made it
            assert r.json()["version"] == before[0] + 1
            [entry] = http.get(f"/api/tables/{code}/history?after={before[0]}").json()
            assert entry["seat"] == SEAT_NAMES[seat]
        elif r.status_code != 201:
            assert state_of(http, code) == before
    else:
        assert r.status_code == (401 if seat == "none" else 403), f"{seat} may not do this: {r.status_code} {r.text[:300]}"
        error = r.json()
        assert error["code"] == r.status_code and error["message"]
        assert state_of(http, code) == before
        assert taken() == seats_before  # no seat given or handed over either


@pytest.mark.parametrize("stage", ["heroes", "villain", "versus.drafted"])
def test_a_spectator_never_changes_a_table(http, stages, stage):
    """Every write route the document lists, sent by a spectator, one after the other on the same
    table: all refused, the table never moves."""
    r = http.post("/api/tables/import", json=stages[stage], token=None)
    code = r.json()["code"]
    spectator = join(http, code, "spectator")
    before = state_of(http, code)
    for method, template in ROUTES:
        for case in CASES.get((method, template), []):
            if "spectator" in case.allowed:
                continue
            path = template.format(**{**PARAMS, **case.params, "code": code})
            r = as_seat(http, spectator, method.lower(), path, case.body)
            assert r.status_code == 403, (method, template, r.status_code, r.text[:200])
    assert state_of(http, code) == before
