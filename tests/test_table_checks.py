"""Issue 28 point 8, and its "per-table size caps" and "a partial export can never be imported": the
setup options and imports of every game are checked whole with the game's invariants (each game's
`check_table`: games/bgcc/table.py, games/bmg/check.py, games/gcsg/check.py) before anything is
stored, over real HTTP on the real Redis the tests use.

Each bad setting or import the issue found is refused with a 4xx, its reason and params, and leaves
every lasting key of Redis as it was; a seat's partial export with its `hidden` flag deleted is
refused too; and (Hypothesis) any random mutation of a valid export of each game is either refused
so, or imports into a table that answers its view and exports again, and that export imports again.
The rulebook headings are DIGEST-gcsg.md §1 (COMP: $80, 60 Information, 1 Information a move) and
DIGEST-bmg.md §12 (the counters a BMG table keeps)."""
from __future__ import annotations

import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from games.serial import to_data
from games.gcsg.counters import Pending
from tests.bmg.helpers import mid_round
from tests.conftest import Client
from tests.gcsg.support import A, B, JOKER, PENGUIN, put
from tests.gcsg.support import settings as gcsg_settings
from tests.gcsg.support import table as gcsg_table
from tests.test_import_coherence import _all_keys, _set, exports  # noqa: F401  (the BGCC exports fixture)
from tests.test_shared_tables import as_seat, join

EXPORT = "gotham-companion/table"
HUGE = "x" * 900_000  # the 900 KB player name


def _doc(game: str, state: dict) -> dict:
    return {"format": EXPORT, "version": 1, "game": game, "state": state}


def _bmg_state() -> dict:
    """A whole BMG table mid-round: plans placed, a model activating with a declared melee, damage."""
    return json.loads(json.dumps(to_data(mid_round())))


def _gcsg_state() -> dict:
    """A whole GCSG table in the Joker's move step: Threats, Henchmen and figures on the map."""
    state = gcsg_table([JOKER, PENGUIN], step="move", active=JOKER)
    put(state, JOKER, A, threats=3, henchmen=2, figure=True)
    put(state, PENGUIN, B, threats=2)
    state.player(JOKER).money, state.player(JOKER).information = 7, 5
    state.pending.append(Pending("place_threats", PENGUIN, 2, True, "FVV", reason="won a fight"))
    return to_data(state)


BMG_OPTIONS = {"players": [{"id": "a", "name": "A", "crew": {"name": "Bats", "boss": "batman",
                                                             "members": [{"card": "batman"}, {"card": "gordon"}]}},
                           {"id": "b", "name": "B", "crew": {"name": "Joker", "boss": "joker",
                                                             "members": [{"card": "joker"}, {"card": "thug"}]}}]}


def _refused_and_nothing_stored(http, redis_client, method_path: tuple[str, str], body) -> list:
    """[] when the request is refused with a 4xx (reason, params) and no lasting key changed."""
    before = _all_keys(redis_client)
    r = http.post(method_path[1], json=body, token=None)
    after = _all_keys(redis_client)
    problems = []
    if not 400 <= r.status_code < 500:
        problems.append((r.status_code, r.text[:200]))
    elif not (r.json().get("reason") and isinstance(r.json().get("params"), dict)):
        problems.append(("no reason or params", r.text[:200]))
    if after != before:
        problems.append(("stored", sorted(set(after) - set(before))[:3]))
    return problems


# ---------------------------------------------------------------- settings (setup options)

def _gcsg_options(**changes) -> dict:
    return {"villains": [JOKER, PENGUIN], "settings": to_data(gcsg_settings(**changes))}


def _villain_named(name: str) -> dict:
    options = _gcsg_options()
    options["settings"]["villains"][0]["name"] = name
    return options


def _bmg_player(**changes) -> dict:
    options = copy.deepcopy(BMG_OPTIONS)
    options["players"][0].update(changes)
    return options


BAD_SETTINGS = {
    # GCSG (COMP: $80 and 60 Information in the box; a move costs 1 Information, a Henchman $5)
    "gcsg: a move costing -1000": ("gcsg", _gcsg_options(move_cost=-1000)),
    "gcsg: a move costing more Information than the box holds": ("gcsg", _gcsg_options(move_cost=61)),
    "gcsg: a Henchman costing -5": ("gcsg", _gcsg_options(hire_cost=-5)),
    "gcsg: a won fight placing -2 Threats": ("gcsg", _gcsg_options(fight_threats=-2)),
    "gcsg: a die face of 1,000": ("gcsg", _gcsg_options(die_faces=["bat", 1000])),
    "gcsg: no Criminal Plot card": ("gcsg", _gcsg_options(plot_cards=0)),
    "gcsg: hands larger than the deck": ("gcsg", _gcsg_options(hand=50)),
    "gcsg: Money tokens of value -1": ("gcsg", _gcsg_options(money_tokens=[[-1, 30]])),
    "gcsg: a Villain of 900 KB": ("gcsg", _villain_named(HUGE)),
    # BMG
    "bmg: a 900 KB player name": ("bmg", _bmg_player(name=HUGE)),
    "bmg: a player id no seat can join": ("bmg", _bmg_player(id="a b")),
    "bmg: a player id with a slash": ("bmg", _bmg_player(id="a/b")),
    "bmg: a player name that is a list": ("bmg", _bmg_player(name=["A"])),
    "bmg: a player name that is an object": ("bmg", _bmg_player(name={"first": "A"})),
    "bmg: a 900 KB crew name": ("bmg", {"players": [
        {**BMG_OPTIONS["players"][0], "crew": {**BMG_OPTIONS["players"][0]["crew"], "name": HUGE}},
        BMG_OPTIONS["players"][1]]}),
}


def test_each_bad_setting_is_refused_and_stores_nothing(live_server, redis_client):
    http = Client(live_server)
    failed = {}
    for name, (game, options) in BAD_SETTINGS.items():
        found = _refused_and_nothing_stored(http, redis_client, ("post", f"/api/games/{game}/tables"), options)
        if found:
            failed[name] = found
    assert not failed, "\n".join(f"{k}: {v}" for k, v in failed.items())
    # the options they were made from set a table up
    for game, options in (("gcsg", _gcsg_options()), ("bmg", BMG_OPTIONS)):
        r = http.post(f"/api/games/{game}/tables", json=options, token=None)
        assert r.status_code == 201, r.text


# ---------------------------------------------------------------- imports

def _orphan(state):
    model = copy.deepcopy(state["models"]["b.thug"])
    model["id"], model["player"] = "z.thug", "z"
    state["models"]["z.thug"] = model


def _rekey_player(new_id):
    def mutate(state):
        player = state["players"].pop("a")
        player["id"] = new_id
        state["players"][new_id] = player
        for model in state["models"].values():
            if model["player"] == "a":
                model["player"] = new_id
        state["round"]["initiative"] = new_id
        state["round"]["turn"] = new_id
        state["round"]["last_roll_losers"] = [p if p != "a" else new_id for p in state["round"]["last_roll_losers"]]
        state["round"]["roll_winner"] = new_id if state["round"]["roll_winner"] == "a" else state["round"]["roll_winner"]
    return mutate


def _fifty_players(state):
    for i in range(50):
        state["players"][f"p{i}"] = {**copy.deepcopy(state["players"]["b"]), "id": f"p{i}"}


BMG_IMPORTS = {
    "an unknown phase": _set(["round", "phase"], "bogus"),
    "a negative stun": _set(["models", "b.joker", "stun"], -3),
    "stun over Willpower": _set(["models", "b.joker", "stun"], 1000),
    "a negative injury": _set(["models", "b.joker", "injury"], -1),
    "a model of no player": _orphan,
    "no players": _set(["players"], {}),
    "one player": lambda s: s["players"].pop("b"),
    "fifty players": _fifty_players,
    "a 900 KB player name": _set(["players", "a", "name"], HUGE),
    "a player id no seat can join": _rekey_player("a b"),
    "a player under another's key": _set(["players", "a", "id"], "b"),
    "round 99": _set(["round", "number"], 99),
    "recount step 9 outside the Recount": _set(["round", "recount_step"], 9),
    "the turn of no player": _set(["round", "turn"], "nobody"),
    "five Audacity markers": lambda s: [m.update(audacity=True) for m in s["models"].values()] and
    s["models"]["a.batman"].update(audacity=True) or _extra_markers(s),
    "minus 4 Resource Points": _set(["players", "a", "cards", "resource_points"], -4),
    "nine Suspect markers": _set(["players", "a", "cards", "suspects"], 9),
    "a negative Objective deck": _set(["players", "a", "cards", "objectives", "deck"], -20),
    "a phase that is a number": _set(["round", "phase"], 3),
    "stun that is a text": _set(["models", "b.joker", "stun"], "lots"),
    "a melee share of a million dice": lambda s: s["round"]["melee"]["shares"][0].update(dice=1_000_000),
    "a melee against no model": lambda s: s["round"]["melee"]["shares"][0].update(target="nobody"),
    "an attacks skill of a million": _set(["models", "a.batman", "card", "attacks"], 1_000_000),
    "an unknown Event": _set(["event"], {"name": "Snow", "ranged_die_fewer_on": 1}),
    "a Reputation limit of -5": _set(["limit"], -5),
    "an activation of no model": _set(["round", "activation", "model"], "nobody"),
    "ammunition past the weapon's": _set(["models", "a.batman", "magazines"], {"Gun": 99}),
}


def _extra_markers(state):
    """Five models of one player with Audacity markers (4 a player: RAISE THE PLAN)."""
    for i in range(4):
        model = copy.deepcopy(state["models"]["a.gordon"])
        model.update(id=f"a.gordon-{i + 2}", audacity=True, revealed=False)
        state["models"][model["id"]] = model


GCSG_IMPORTS = {
    "negative Money": lambda s: s["players"][0].update(money=-5),
    "more Money than the box holds": lambda s: s["players"][0].update(money=81),
    "a move costing -1000": _set(["settings", "move_cost"], -1000),
    "an unknown step": _set(["turn", "step"], "bogus"),
    "the turn of a seat past the table": _set(["turn", "seat"], 7),
    "a Villain not in the box": lambda s: s["players"][0].update(villain="riddler"),
    "five players": lambda s: s["players"].extend(copy.deepcopy(s["players"][:3])),
    "Threats on an unknown block": lambda s: s["players"][0]["threats"].update({"gotham-zoo": 1}),
    "six Threats on one block": lambda s: s["players"][0]["threats"].update({A: 6}),
    "a hand of 500 cards": lambda s: s["players"][0].update(hand=500),
    "a pending choice for no seat": lambda s: s["pending"][0].update(seat="riddler"),
    "a pending choice of an unknown kind": lambda s: s["pending"][0].update(kind="steal"),
    "Batman on level 40": _set(["batman", "level"], 40),
    "a 900 KB block name": lambda s: s["settings"]["blocks"][0].update(name=HUGE),
    "a winner while the game is on": _set(["winners"], [JOKER]),
    "an Ability card the Villain does not have": lambda s: s["players"][0]["abilities"].append("Flight"),
    "a die face of -3": _set(["settings", "die_faces"], ["bat", -3]),
}


@pytest.fixture(scope="module")
def whole():
    """Valid whole documents of BMG and GCSG (the store's form, as the tests' `resumed` imports)."""
    return {"bmg": _doc("bmg", _bmg_state()), "gcsg": _doc("gcsg", _gcsg_state())}


def test_each_bad_import_is_refused_and_stores_nothing(whole, live_server, redis_client):
    http = Client(live_server)
    failed = {}
    for game, mutations in (("bmg", BMG_IMPORTS), ("gcsg", GCSG_IMPORTS)):
        for name, mutate in mutations.items():
            doc = copy.deepcopy(whole[game])
            mutate(doc["state"])
            found = _refused_and_nothing_stored(http, redis_client, ("post", "/api/tables/import"), doc)
            if found:
                failed[f"{game}: {name}"] = found
    assert not failed, "\n".join(f"{k}: {v}" for k, v in failed.items())
    for doc in whole.values():  # the documents they were made from import
        r = http.post("/api/tables/import", json=doc, token=None)
        assert r.status_code == 201, r.text


def test_a_hero_no_seat_can_join_is_refused(exports, live_server, redis_client):  # noqa: F811
    """BGCC: a hero's seat is `hero:<its board name's slug>`, at most 80 characters (the seat route's
    pattern, games/checks.py): a hero of a 120-letter name imports as no phone could join it."""
    http = Client(live_server)
    doc = copy.deepcopy(exports[0])
    heroes = doc["state"]["heroes"]
    hero = heroes.pop("batman")
    hero["board"]["name"] = "B" * 120
    hero["id"] = "b" * 120
    heroes[hero["id"]] = hero
    assert _refused_and_nothing_stored(http, redis_client, ("post", "/api/tables/import"), doc) == []


def test_a_refused_import_says_why_with_params(whole, live_server):
    http = Client(live_server)
    doc = copy.deepcopy(whole["bmg"])
    doc["state"]["models"]["b.joker"]["stun"] = -3
    r = http.post("/api/tables/import", json=doc, token=None)
    assert r.status_code == 422, r.text
    assert r.json()["reason"] == "value_out_of_range"
    assert r.json()["params"] == {"field": "stun", "value": "-3", "minimum": 0, "maximum": 6}
    doc = copy.deepcopy(whole["gcsg"])
    doc["state"]["settings"]["move_cost"] = -1000
    r = http.post("/api/tables/import", json=doc, token=None)
    assert (r.status_code, r.json()["reason"]) == (422, "bad_settings"), r.text
    assert "move_cost is -1000" in r.json()["params"]["problem"]


# ---------------------------------------------------------------- partial exports

def test_a_partial_export_with_its_flag_deleted_is_refused(whole, live_server, redis_client):
    """A seat's export withholds what the seat may not see (another player's Audacity markers, the
    other Villains' stashes) in a form no table holds: deleting its `hidden` flag does not make it
    a whole table."""
    http = Client(live_server)
    partials = {}
    # BMG: during the plan, each player's unrevealed markers are secret from the other
    r = http.post("/api/tables/import", json=whole["bmg"], token=None)
    assert r.status_code == 201, r.text
    code = r.json()["code"]
    token = join(http, code, "player:b")
    exported = as_seat(http, token, "get", f"/api/tables/{code}/export").json()
    assert exported["state"]["hidden"]
    partials["bmg"] = exported
    # GCSG: a Villain's export carries only its own stash
    r = http.post("/api/tables/import", json=whole["gcsg"], token=None)
    assert r.status_code == 201, r.text
    code = r.json()["code"]
    token = join(http, code, JOKER)
    partials["gcsg"] = as_seat(http, token, "get", f"/api/tables/{code}/export").json()
    failed = {}
    for game, partial in partials.items():
        for variant in ("as exported", "flag deleted", "flag false"):
            doc = copy.deepcopy(partial)
            if variant != "as exported":
                del doc["state"]["hidden"]
            if variant == "flag false":
                doc["state"]["hidden"] = False
            found = _refused_and_nothing_stored(http, redis_client, ("post", "/api/tables/import"), doc)
            if found:
                failed[f"{game}, {variant}"] = found
    assert not failed, failed


# ---------------------------------------------------------------- any mutation (Hypothesis)

def _paths(value, path=()):
    """Every path in a JSON document (to a value, a list entry or an object member)."""
    yield path
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from _paths(inner, (*path, key))
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            yield from _paths(inner, (*path, i))


JSON_VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 12), st.sampled_from([-1, -1000, 10**6, 2**63, 10**30]),
    st.text(max_size=12), st.sampled_from(["bogus", "", "x" * 5000, "player:a", "bat", "a b"]),
    st.lists(st.integers(-2, 5), max_size=3), st.dictionaries(st.text(max_size=6), st.integers(-2, 5), max_size=2),
)


@st.composite
def mutated(draw, doc: dict) -> dict:
    """`doc` with one to three of its values replaced, nudged, deleted or repeated."""
    doc = copy.deepcopy(doc)
    for _ in range(draw(st.integers(1, 3))):
        paths = [p for p in _paths(doc["state"]) if p]
        path = draw(st.sampled_from(paths))
        parent = doc["state"]
        for key in path[:-1]:
            parent = parent[key]
        key, value = path[-1], parent[path[-1]]
        action = draw(st.sampled_from(["replace", "nudge", "delete", "repeat"]))
        if action == "nudge" and isinstance(value, int) and not isinstance(value, bool):
            parent[key] = value + draw(st.sampled_from([-2, -1, 1, 2, 50]))
        elif action == "delete":
            del parent[key]
        elif action == "repeat" and isinstance(parent, list):
            parent.append(copy.deepcopy(value))
        elif action == "repeat" and isinstance(value, (dict, list)):
            parent[key] = copy.deepcopy(value)
            if isinstance(parent, dict):
                parent[f"{key}-2" if isinstance(key, str) else key] = copy.deepcopy(value)
        else:
            parent[key] = draw(JSON_VALUES)
    return doc


@pytest.fixture(scope="module")
def valid(whole, exports):  # noqa: F811  (the fixture imported above)
    standard, versus = exports
    return {"bgcc": standard, "bgcc-versus": versus, **whole}


def _check_one(http, redis_client, doc) -> None:
    before = _all_keys(redis_client)
    r = http.post("/api/tables/import", json=doc, token=None)
    if r.status_code != 201:
        assert 400 <= r.status_code < 500, (r.status_code, r.text[:300])
        assert r.json()["reason"] and isinstance(r.json()["params"], dict), r.text[:300]
        assert _all_keys(redis_client) == before, r.text[:300]
        return
    code, token = r.json()["code"], r.json()["token"]
    view = as_seat(http, token, "get", f"/api/tables/{code}")
    assert view.status_code == 200, view.text[:300]
    exported = as_seat(http, token, "get", f"/api/tables/{code}/export")
    assert exported.status_code == 200, exported.text[:300]
    if not exported.json()["state"].get("hidden"):  # a whole export imports again: the same table
        again = http.post("/api/tables/import", json=exported.json(), token=None)
        assert again.status_code == 201, again.text[:300]
        back = as_seat(http, again.json()["token"], "get", f"/api/tables/{again.json()['code']}/export")
        assert back.json()["state"] == exported.json()["state"]


def _mutations(game, valid, live_server, redis_client, examples: int):
    http = Client(live_server)

    @settings(max_examples=examples, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(doc=mutated(valid[game]))
    def check(doc):
        _check_one(http, redis_client, doc)

    check()


@pytest.mark.parametrize("game", ["bgcc", "bgcc-versus", "bmg", "gcsg"])
def test_any_mutation_of_an_export_is_refused_cleanly_or_round_trips(game, valid, live_server, redis_client):
    _mutations(game, valid, live_server, redis_client, 40)


@pytest.mark.long
@pytest.mark.parametrize("game", ["bgcc", "bgcc-versus", "bmg", "gcsg"])
def test_any_of_more_mutations_of_an_export_is_refused_cleanly_or_round_trips(game, valid, live_server, redis_client):
    _mutations(game, valid, live_server, redis_client, 200)
