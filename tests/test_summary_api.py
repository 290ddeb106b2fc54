"""After the game (issue 31): GET /api/tables/{code}/summary over real HTTP and a real Redis, read
from the whole-game record: dice luck against the odds engine (a hand-computed expectation for the
rolls made), wounds dealt and taken, what each turn counted, the story without the undone changes,
and, in a game with screens, each seat's own private parts only."""
from __future__ import annotations

import dataclasses

from games.gcsg import commands as c
from tests.gcsg.support import BAT, C, CROC, JOKER, put, table
from tests.test_dice_api import cmd, ok, one, physical
from tests.test_gcsg_api import City
from tests.test_secrets_api import check_city_events
from tests.test_whole_game_record import stored_record
from tests.tables import advance_to, new_table, sample


def summary(http, code, token=None):
    r = http.get(f"/api/tables/{code}/summary", token=token) if token is not None else \
        http.get(f"/api/tables/{code}/summary")
    assert r.status_code == 200, r.text
    assert r.headers["ETag"] == f'"{r.json()["version"]}"'
    return r.json()


def test_chronicles_luck_wounds_and_actions_leave_an_undone_roll_out(http):
    """Example 1 (FIG. 10-15; IX·F, VII·H): Gordon's melee pool yellow, orange, orange shows faces 0,
    4, 1 = 0 + 2 + 1 = 3 successes. Default faces: yellow 0 0 1 1 1 2 (mean 5/6), orange 0 1 1 1 2 2
    (7/6): 5/6 + 7/6 + 7/6 = 19/6 expected; luck 3 − 19/6 = −1/6. The Thug takes 2 wounds. Then
    Batman rolls for the safe and the host undoes the roll: it is left out."""
    code = new_table(http, equipment={"Commissioner Gordon": ["Tonfa"]})["code"]
    advance_to(http, code, "heroes.actions")
    physical(http, code)
    ok(http, cmd(code, "start_roll"), {"action": "melee", "hero": "commissioner-gordon", "cubes": 2,
                                       "weapon": "Tonfa", "target_miniature": "thug-with-crowbar.1"})
    ok(http, cmd(code, "roll_dice"), {"faces": [0, 4, 1]})
    ok(http, cmd(code, "end_rerolls"))
    r = ok(http, cmd(code, "defend"), {"cubes": 0})
    gordon = one(r, "defense")["data"]["attacker"]
    thug = one(r, "defense")["data"]["defender"]
    ok(http, cmd(code, "start_roll"), {"action": "manipulation", "hero": "batman", "cubes": 3, "difficulty": 3,
                                       "enemy_menace": [], "ally_menace": [], "item": sample("items", "Submachine gun")})
    rolled = ok(http, cmd(code, "roll_dice"), {"faces": [5, 5, 5]}).json()["version"]
    ok(http, f"/api/tables/{code}/history/undo")
    got = summary(http, code)
    assert got["luck"] == [{"who": gordon, "rolls": 1, "rolled": 3, "expected": round(19 / 6, 3), "exact": "19/6",
                            "luck": round(-1 / 6, 3)}]
    assert got["wounds"] == sorted([{"who": gordon, "dealt": 2, "taken": 0},
                                    {"who": thug, "dealt": 0, "taken": 2}], key=lambda w: w["who"])
    assert got["unit"] == "actions"
    counted = {}
    for turn in got["turns"]:
        for who, n in turn["counts"].items():
            counted[who] = counted.get(who, 0) + n
    assert counted == {gordon: 1, "Batman": 1}  # Batman's roll started is still in effect: only the dice were undone
    assert got["undone"] == 1 and rolled not in [e["version"] for e in got["timeline"]]
    assert got["over"] is False and got["ending"] is None and got["winners"] == []
    ok(http, cmd(code, "end_game"), {"winner": "heroes", "reason": "The mission is accomplished"})
    got = summary(http, code)
    assert got["over"] and got["winners"] == ["heroes"] and got["ending"]["kind"] == "game_over"
    assert got["timeline"][-1]["events"][-1] == got["ending"]


def test_strategy_game_fight_luck_per_seat_and_no_other_stash(http, redis_client):
    """FIGHTS BETWEEN VILLAINS (worked example 4 with the die's faces Bat Emblem, Bat Emblem, 1, 1,
    2, 2): Croc entered the block (wins ties), +2 (Death Roll); the Joker +1 (one Henchman). Croc
    wins when c + 2 ≥ j + 1, i.e. c + 1 ≥ j: c = 0 (2 faces) against j ≤ 1 (4 faces), c = 1 (2)
    against 6, c = 2 (2) against 6 = 8 + 12 + 12 = 32/36 = 8/9; the Joker 1/9. Croc 1 + 2 = 3
    against the Joker's 2 + 1 = 3: Croc wins. Croc 1 − 8/9 = +1/9, the Joker 0 − 1/9."""
    state = table([CROC, JOKER], "move", CROC)
    state.settings = dataclasses.replace(state.settings, die_faces=(BAT, BAT, 1, 1, 2, 2))
    put(state, JOKER, C, henchmen=1, figure=True)
    croc = state.player(CROC)
    croc.information, croc.abilities = 2, ["Death Roll"]
    city = City.of(http, state)
    city.run(c.Move(villain=C))
    city.run(c.RollFight({CROC: 1, JOKER: 2}, {CROC: 2}))
    stored = stored_record(redis_client, city.code)
    for seat in (CROC, JOKER, "host", "spectator", None):
        got = summary(http, city.code, city.tokens[seat])
        assert sorted(got["luck"], key=lambda row: row["who"] != CROC) == [
            {"who": CROC, "rolls": 1, "rolled": 1, "expected": round(8 / 9, 3), "exact": "8/9", "luck": round(1 / 9, 3)},
            {"who": JOKER, "rolls": 1, "rolled": 0, "expected": round(1 / 9, 3), "exact": "1/9",
             "luck": round(-1 / 9, 3)}]
        assert got["unit"] == "levels" and got["wounds"] == [] and set(got["names"]) == {CROC, JOKER}
        for entry in got["timeline"]:  # the public parts whole, this seat's own private part only
            check_city_events(entry["events"], stored[entry["version"]]["events"], seat)


def test_no_summary_of_an_unknown_table(http):
    r = http.get("/api/tables/ZZZZZZ/summary")
    assert r.status_code == 404 and r.json()["reason"]
