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


def summary(http, code, *token):
    """The summary as the phone holding `token` reads it (None: a phone holding no seat; none given:
    the table's host)."""
    r = http.get(f"/api/tables/{code}/summary", token=token[0]) if token else http.get(f"/api/tables/{code}/summary")
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


def test_miniature_game_attack_and_defense_luck_damage_and_activations(http):
    """Worked example A1 (THE RULE OF 1 AND 6, STRENGTH DICE, THE DEFENSE ROLL): the hitter (Attacks
    4, Strength 4) against Defense 4. An attack die hits on 4, 5, 6 = 1/2: 4 dice → 2; the Strength
    die on 4, 5, 6 = 1/2: expected 5/2. Dice 2, 3, 4, 6 → 2 hits; the Strength die shows 1: 2 shown,
    luck −1/2. The target's 4 defense dice block on 4+ (the hitter's Attacks) = 1/2 each: 2 expected;
    all show 1: 0, luck −2. ACTIVATE A MODEL: one activation for A in round 1."""
    from tests.bmg.helpers import card, crew
    from tests.test_bmg_api import Skirmish

    t = Skirmish.of(http, crew("hitter", name="A"), crew("target", name="B"),
                    cards=[card("hitter", rank="Leader", attacks=4), card("target", rank="Leader", defense=4)])
    t.to_execute()
    t.play("activate", model="a.hitter")
    _, events = t.play("melee_attack", model="a.hitter", weapon="Unarmed",
                       shares=[{"target": "b.target", "dice": 4, "strength_die": True, "attack_values": [2, 3, 4, 6],
                                "strength_value": 1, "defense_values": [1, 1, 1, 1]}])
    hit = events[-1]["data"]
    got = summary(http, t.code, t.tokens["player:b"])
    assert got["luck"] == [
        {"who": "a", "rolls": 1, "rolled": 2, "expected": 2.5, "exact": "5/2", "luck": -0.5},
        {"who": "b", "rolls": 1, "rolled": 0, "expected": 2.0, "exact": "2", "luck": -2.0}]
    markers = hit["stun"] + hit["injury"]
    assert markers and got["wounds"] == [{"who": "a", "dealt": markers, "taken": 0},
                                         {"who": "b", "dealt": 0, "taken": markers}]
    assert got["unit"] == "activations" and got["names"] == {"a": "A", "b": "B"}
    assert [x for x in got["turns"] if x["counts"]] == [{"turn": 1, "counts": {"a": 1}}]
