"""The dice routes over real HTTP and a real redis-server: settings and calibration, the full roll
flow of worked examples 1, 2, 3 and 9 (shared/rules/worked-examples.md) with fixed physical dice,
server rolls, seat rights, the odds endpoint, and refusals that leave the table as it was.

Default faces (unverified), successes on faces 0-5: yellow 0 0 1 1 1 2, orange 0 1 1 1 2 2,
red 0 1 1 2 2 3. Board values come from the sample library (see tests/test_worked_examples.py).
"""
from __future__ import annotations

from http import HTTPStatus

from games.bgcc.dice import COLOURS, default_faces
from tests.tables import SAMPLE, advance_to, new_table, sample


# ------------------------------------------------------------------------------------ helpers


def cmd(code: str, name: str) -> str:
    """The path of the command `name` (its registry name) at table `code`."""
    return f"/api/tables/{code}/commands/{name}"


def dice_view(http, code: str) -> dict:
    """The table's dice as its view shows them (mode, faces, the roll in progress, the last)."""
    return http.get(f"/api/tables/{code}").json()["dice"]


def ok(http, path: str, body: dict | None = None, method: str = "post", **kw):
    r = getattr(http, method)(path, json=body if body is not None else {}, **kw) if method != "delete" \
        else http.delete(path, **kw)
    assert r.status_code == 200, r.text
    return r


def events_of(response, kind: str) -> list[dict]:
    return [e for e in response.json()["events"] if e["kind"] == kind]


def one(response, kind: str) -> dict:
    (event,) = events_of(response, kind)
    return event


def refused(http, code: str, path: str, body: dict | None, *, rule: str, message: str | None = None,
            status: int = 409, method: str = "post", **kw) -> dict:
    """A refused command answers the rule (and message), and the table is exactly as before."""
    before = http.get(f"/api/tables/{code}")
    r = getattr(http, method)(path, json=body, **kw) if method != "delete" else http.delete(path, **kw)
    assert r.status_code == status, r.text
    error = r.json()
    assert error["code"] == status and error["status"] == HTTPStatus(status).phrase
    if rule is not None:
        assert error["rule"] == rule, error
    if message is not None:
        assert error["message"] == message
    after = http.get(f"/api/tables/{code}")
    assert after.headers["ETag"] == before.headers["ETag"]
    assert after.json() == before.json()
    return error


def hero_of(table: dict, hero_id: str) -> dict:
    return next(h for h in table["heroes"] if h["id"] == hero_id)


def miniature_of(table: dict, miniature_id: str) -> dict:
    return next(m for m in table["command_posts"]["villain"]["miniatures"] if m["id"] == miniature_id)


def cubes(hero: dict) -> dict:
    places = {"reserve": hero["reserve"], "fatigue": hero["fatigue"], "wound": hero["wound"],
              **{s: v["cubes"] for s, v in hero["spaces"].items()}}
    assert sum(places.values()) == hero["energy"]
    return {p: n for p, n in places.items() if n}


def physical(http, code: str) -> None:
    ok(http, cmd(code, "set_dice_mode"), {"mode": "physical"})


def join(http, code: str, seat: str) -> dict:
    r = http.post(f"/api/tables/{code}/seats", json={"seat": seat})
    assert r.status_code in (200, 201), r.text
    return {"Authorization": f"Bearer {r.json()['token']}"}


# ------------------------------------------------------------------------------ settings


def test_dice_settings_calibration_and_mode(http):
    code = new_table(http)["code"]
    view = dice_view(http, code)
    assert (view["mode"], view["status"], view["calibrated"], view["roll"], view["last"]) == \
        ("server", "unverified", [], None, None)
    assert view["faces"]["red"] == list(default_faces().faces_of("red"))
    assert view["roll"] is None

    r = ok(http, cmd(code, "calibrate_dice"), {"colour": "red", "faces": [0, 0, 1, 2, 2, 3]})
    assert one(r, "dice_calibrated")["data"] == {"colour": "red", "faces": [0, 0, 1, 2, 2, 3],
                                                 "calibrated": ["red"], "status": "unverified"}
    view = r.json()["table"]["dice"]
    assert view["faces"]["red"] == [0, 0, 1, 2, 2, 3]
    assert view["calibrated"] == ["red"]
    refused(http, code, cmd(code, "calibrate_dice"), {"colour": "green", "faces": [0, 0, 1, 2, 2, 3]},
            rule="IX·D", message="Unknown dice colour 'green'")
    refused(http, code, cmd(code, "calibrate_dice"), {"colour": "red", "faces": [0, 0, 1, 2, 2, 9]},
            rule="IX·D", message="Successes on a red face cannot be more than 6 (got 9)")
    refused(http, code, cmd(code, "calibrate_dice"), {"colour": "red", "faces": [0, 0, 1]},
            rule="IX·D", message="The red die has 6 faces, not 3")
    refused(http, code, cmd(code, "calibrate_dice"), {"colour": "red", "faces": [0, 0, 1, 1, 1, "2"]},
            rule=None, status=422)
    # only the host calibrates and sets the mode
    batman = join(http, code, "hero:batman")
    refused(http, code, cmd(code, "calibrate_dice"), {"colour": "red", "faces": [0, 1, 1, 2, 2, 3]},
            headers=batman, rule=None, status=403)
    refused(http, code, cmd(code, "set_dice_mode"), {"mode": "physical"}, headers=batman,
            rule=None, status=403)
    refused(http, code, cmd(code, "set_dice_mode"), {"mode": "loaded"}, rule="IX·D")
    r = ok(http, cmd(code, "set_dice_mode"), {"mode": "physical"})
    assert r.json()["table"]["dice"]["mode"] == "physical"
    r = ok(http, cmd(code, "calibrate_dice"), {"colour": "red", "faces": None})
    assert r.json()["table"]["dice"]["calibrated"] == []


# ------------------------------------------------------------------------ worked examples


def test_example_1_hero_melee_attack_through_the_dice_flow(http):
    """Example 1 (FIG. 10-15): Gordon, 2 cubes on melee + his tonfa's yellow die; 3 successes, not
    hindered; no defense cube, the Thug's automatic defense 1: 2 wounds; the Thug is neutralized."""
    code = new_table(http, equipment={"Commissioner Gordon": ["Tonfa"]})["code"]
    advance_to(http, code, "heroes.actions")
    physical(http, code)
    r = ok(http, cmd(code, "start_roll"), {"action": "melee", "hero": "commissioner-gordon", "cubes": 2,
                                       "weapon": "Tonfa", "target_miniature": "thug-with-crowbar.1"})
    assert one(r, "roll_started")["data"]["pool"] == ["yellow", "orange", "orange"]
    assert cubes(hero_of(r.json()["table"], "commissioner-gordon")) == {"reserve": 8, "melee": 2}
    roll = r.json()["table"]["dice"]["roll"]
    assert (roll["roll"]["step"], roll["may_now"]) == ("roll", ["roll", "abandon"])
    r = ok(http, cmd(code, "roll_dice"), {"faces": [0, 4, 1]})
    rolled = one(r, "dice_rolled")["data"]
    assert [(d["colour"], d["face"], d["successes"]) for d in rolled["dice"]] == \
        [("yellow", 0, 0), ("orange", 4, 2), ("orange", 1, 1)]
    roll = dice_view(http, code)["roll"]
    assert roll["shown"] == 3 and roll["free_rerolls_left"] == {}
    r = ok(http, cmd(code, "end_rerolls"))
    assert one(r, "successes")["data"]["successes"] == 3
    r = ok(http, cmd(code, "defend"), {"cubes": 0})
    assert one(r, "defense")["data"] == {"roll": 1, "attack": 3, "defense": 1, "wounds": 2, "defense_cubes": 0,
                                         "rolled": 0, "automatic": 1, "poison": 0,
                                         "attacker": "Commissioner Gordon", "defender": "Thug with crowbar #1"}
    assert "3 successes against 1 defense (0 rolled + 1 automatic): 2 wounds" in one(r, "defense")["text"]
    assert one(r, "character_wounded")["data"] == {"miniature": "thug-with-crowbar.1", "wounds": 2, "life_points": 0}
    table = r.json()["table"]
    assert miniature_of(table, "thug-with-crowbar.1")["place"] == "pool"
    assert table["command_posts"]["villain"]["character_pool"] == ["thug-with-crowbar.1"]
    assert table["dice"]["roll"] is None and table["dice"]["last"]["outcome"] == "3 against 1 defense: 2 wounds"


def test_example_2_hero_ranged_attack_with_the_free_reroll(http):
    """Example 2 (FIG. 16-22): Batman, batarangs, 2 cubes on ranged; the free reroll of the yellow
    die gets one success: 3 successes, hindering 0, the Brute's automatic defense 2: 1 wound."""
    code = new_table(http, equipment={"Batman": ["Batarangs"]})["code"]
    advance_to(http, code, "heroes.actions")
    physical(http, code)
    r = ok(http, cmd(code, "start_roll"), {"action": "ranged", "hero": "batman", "cubes": 2, "hindering": 0,
                                       "target_miniature": "brute-with-chains.1", "defender_in_same_area": True})
    assert one(r, "roll_started")["data"]["pool"] == ["yellow+reroll", "orange", "orange"]
    ok(http, cmd(code, "roll_dice"), {"faces": [0, 1, 2]})
    assert dice_view(http, code)["roll"]["free_rerolls_left"] == {"yellow": 1}
    r = ok(http, cmd(code, "reroll_dice"), {"step": "free", "dice": [0], "faces": [2]})
    assert one(r, "dice_rerolled")["data"]["rerolls"] == [
        {"step": "free", "source": "yellow icon", "index": 0, "face_before": 0, "face_after": 2,
         "successes_before": 0, "successes_after": 1}]
    refused(http, code, cmd(code, "reroll_dice"), {"step": "free", "dice": [0], "faces": [5]},
            rule="VIII·B", message="A die can be rerolled for free only once")
    r = ok(http, cmd(code, "end_rerolls"))
    assert one(r, "successes")["data"]["successes"] == 3
    r = ok(http, cmd(code, "defend"), {})
    assert (one(r, "defense")["data"]["defense"], one(r, "defense")["data"]["wounds"]) == (2, 1)
    table = r.json()["table"]
    assert miniature_of(table, "brute-with-chains.1")["place"] == "pool"
    assert cubes(hero_of(table, "batman")) == {"reserve": 10, "ranged": 2}


def test_example_2_entered_as_the_dice_show(http):
    """Example 2 again with real dice entered as they show (C3): each die's successes, in pool order,
    rerolls included; each value must be a face of that die's colour in the table's faces (IX·D)."""
    code = new_table(http, equipment={"Batman": ["Batarangs"]})["code"]
    advance_to(http, code, "heroes.actions")
    physical(http, code)
    table = http.get(f"/api/tables/{code}").json()
    faces = table["dice"]["faces"]
    assert faces["yellow"] == list(default_faces().faces_of("yellow")) and set(faces) == set(COLOURS)
    ok(http, cmd(code, "start_roll"), {"action": "ranged", "hero": "batman", "cubes": 2, "hindering": 0,
                                   "target_miniature": "brute-with-chains.1", "defender_in_same_area": True})
    top = max(faces["orange"]) + 1
    refused(http, code, cmd(code, "roll_dice"), {"shown": [0, top, 1]}, rule="IX·D",
            message=f"No face of a orange die shows {top} (its faces: {', '.join(map(str, faces['orange']))})")
    r = http.post(cmd(code, "roll_dice"), json={"shown": [0, 1]})
    assert (r.status_code, r.json()["reason"]) == (409, "faces_per_die_count")
    r = http.post(cmd(code, "roll_dice"), json={"shown": [0, 0, 0], "faces": [0, 0, 0]})
    assert (r.status_code, r.json()["reason"]) == (409, "faces_or_successes")
    r = ok(http, cmd(code, "roll_dice"), {"shown": [0, 1, 2]})
    rolled = one(r, "dice_rolled")["data"]
    assert [(d["colour"], d["successes"]) for d in rolled["dice"]] == [("yellow", 0), ("orange", 1), ("orange", 2)]
    r = http.post(cmd(code, "reroll_dice"), json={"step": "free", "dice": [0], "shown": [9]})
    assert (r.status_code, r.json()["reason"], r.json()["params"]) == \
        (409, "face_not_on_die", {"colour": "yellow", "shown": 9, "faces": faces["yellow"]})
    r = ok(http, cmd(code, "reroll_dice"), {"step": "free", "dice": [0], "shown": [1]})
    assert one(r, "dice_rerolled")["data"]["rerolls"][0]["successes_after"] == 1
    r = ok(http, cmd(code, "end_rerolls"))
    assert one(r, "successes")["data"]["successes"] == 4


def test_example_3_complex_manipulation_through_the_dice_flow(http):
    """Example 3 (FIG. 23-27): the safe, difficulty 3; Batman spends 3 cubes, 3 successes, no
    hindering: success, he carries the submachine gun; the manipulation space is then saturated."""
    code = new_table(http)["code"]
    advance_to(http, code, "heroes.actions")
    physical(http, code)
    ok(http, cmd(code, "start_roll"), {"action": "manipulation", "hero": "batman", "cubes": 3, "difficulty": 3,
                                   "enemy_menace": [], "ally_menace": [], "item": sample("items", "Submachine gun")})
    ok(http, cmd(code, "roll_dice"), {"faces": [1, 2, 3]})
    r = ok(http, cmd(code, "end_rerolls"))
    assert one(r, "complex_action")["data"] == {"roll": 1, "successes": 3, "difficulty": 3, "success": True}
    assert one(r, "item")["data"] == {"hero": "batman", "item": "Submachine gun", "encumbrance": 3}
    batman = hero_of(r.json()["table"], "batman")
    assert cubes(batman) == {"reserve": 9, "manipulation": 3}
    assert batman["spaces"]["manipulation"]["saturated"] is True
    refused(http, code, cmd(code, "start_roll"), {"action": "manipulation", "hero": "batman", "cubes": 1,
                                              "difficulty": 1},
            rule="IX·I", message="Manipulation space is saturated: 3 of 3")


def test_example_9_action_multiplier_through_the_dice_flow(http):
    """Example 9 (FIG. 56-57): Killer Croc's "1 yellow die with reroll + 1 yellow die, ×4": 3 melee
    attacks on Batman inflict 4 wounds (he rolls his orange automatic defense die), 1 on Renee
    Montoya inflicts 2; a 5th attack exceeds the action multiplier."""
    code = new_table(http)["code"]
    advance_to(http, code, "villain.first_tile")
    physical(http, code)
    ok(http, f"/api/tables/{code}/commands/activate_tile", {"side": "villain", "tile": "killer-croc"})
    villain = join(http, code, "villain")
    batman = join(http, code, "hero:batman")
    start = {"action": "melee", "miniature": "killer-croc.1", "characteristic": 0, "target_hero": "batman"}
    for n, (faces, defense_faces, wounds) in enumerate([([5, 2], [1], 2), ([2, 3], [2], 1), ([0, 2], [0], 1)], 1):
        r = ok(http, cmd(code, "start_roll"), start, headers=villain)
        assert one(r, "action")["data"] == {"miniature": "killer-croc.1", "uses": n, "multiplier": 4}
        ok(http, cmd(code, "roll_dice"), {"faces": faces}, headers=villain)
        ok(http, cmd(code, "end_rerolls"), headers=villain)
        # the defender's phone enters the defense (the attacker's may too)
        r = ok(http, cmd(code, "defend"), {"cubes": 0}, headers=batman)
        assert one(r, "defense_declared")["data"]["pool"] == ["orange"]
        ok(http, cmd(code, "roll_dice"), {"faces": defense_faces}, headers=batman)
        r = ok(http, cmd(code, "end_rerolls"), headers=batman)
        assert one(r, "defense")["data"]["wounds"] == wounds
    assert cubes(hero_of(r.json()["table"], "batman")) == {"reserve": 8, "wound": 4}
    ok(http, cmd(code, "start_roll"), {**start, "target_hero": "renee-montoya"}, headers=villain)
    ok(http, cmd(code, "roll_dice"), {"faces": [5, 2]}, headers=villain)
    ok(http, cmd(code, "end_rerolls"), headers=villain)
    r = ok(http, cmd(code, "defend"), {}, headers=villain)
    assert (one(r, "defense")["data"]["defense"], one(r, "defense")["data"]["wounds"]) == (1, 2)
    table = r.json()["table"]
    assert cubes(hero_of(table, "renee-montoya")) == {"reserve": 8, "wound": 2}
    assert table["command_posts"]["villain"]["activation"]["characters"]["killer-croc.1"]["uses"] == 4
    refused(http, code, cmd(code, "start_roll"), start, headers=villain,
            rule="VI·C·5", message="Action multiplier reached: Killer Croc made 4 of 4 melee actions")


# ------------------------------------------------------------------- server rolls and seats


def test_server_rolls_record_every_face(http):
    code = new_table(http)["code"]
    advance_to(http, code, "heroes.actions")
    ok(http, cmd(code, "start_roll"), {"action": "melee", "hero": "batman", "cubes": 3,
                                   "target_miniature": "killer-croc.1"})
    refused(http, code, cmd(code, "roll_dice"), {"faces": [1, 2, 3]}, rule="IX·D")
    r = ok(http, cmd(code, "roll_dice"), {})
    rolled = one(r, "dice_rolled")["data"]
    red = default_faces().faces_of("red")
    assert rolled["entry"] == "rolled" and len(rolled["dice"]) == 3
    assert all(0 <= d["face"] <= 5 and d["successes"] == red[d["face"]] for d in rolled["dice"])
    assert rolled["successes"] == sum(d["successes"] for d in rolled["dice"])
    r = ok(http, cmd(code, "reroll_dice"), {"step": "paid", "dice": [0]})
    (change,) = one(r, "dice_rerolled")["data"]["rerolls"]
    assert 0 <= change["face_after"] <= 5 and change["successes_after"] == red[change["face_after"]]
    assert cubes(hero_of(r.json()["table"], "batman")) == {"reserve": 8, "melee": 3, "reroll": 1}


def test_a_roll_follows_the_side_that_acts(http):
    code = new_table(http)["code"]
    advance_to(http, code, "heroes.actions")
    physical(http, code)
    batman, gordon, villain = (join(http, code, s) for s in ("hero:batman", "hero:commissioner-gordon", "villain"))
    start = {"action": "melee", "hero": "batman", "cubes": 1, "target_miniature": "thug-with-crowbar.1"}
    refused(http, code, cmd(code, "start_roll"), start, headers=gordon, rule=None, status=403)
    refused(http, code, cmd(code, "start_roll"), start, headers=villain, rule=None, status=403)
    ok(http, cmd(code, "start_roll"), start, headers=batman)
    refused(http, code, cmd(code, "roll_dice"), {"faces": [3]}, headers=villain, rule=None, status=403)
    ok(http, cmd(code, "roll_dice"), {"faces": [3]}, headers=batman)
    ok(http, cmd(code, "end_rerolls"), headers=batman)
    # the defense: the defender's phone too
    r = ok(http, cmd(code, "defend"), {"cubes": 1}, headers=villain)
    assert one(r, "spend")["data"] == {"side": "villain", "space": "defense", "cubes": 1}
    refused(http, code, cmd(code, "roll_dice"), {"faces": [0]}, headers=gordon, rule=None, status=403)
    ok(http, cmd(code, "roll_dice"), {"faces": [0]}, headers=villain)
    r = ok(http, cmd(code, "end_rerolls"), headers=villain)
    # red face 3 = 2 + Martial arts 1 = 3 against 0 + 1 automatic: 2 wounds
    assert one(r, "defense")["data"]["wounds"] == 2


def test_refusals_leave_the_table_unchanged(http):
    code = new_table(http)["code"]
    advance_to(http, code, "heroes.actions")
    physical(http, code)
    refused(http, code, cmd(code, "roll_dice"), {"faces": [1]}, rule="VIII", message="No roll in progress")
    refused(http, code, cmd(code, "start_roll"), {"action": "melee", "hero": "batman", "cubes": 0,
                                              "target_miniature": "thug-with-crowbar.1"},
            rule="V·C·1 [c]", message="A melee action spends at least one energy cube")
    refused(http, code, cmd(code, "start_roll"), {"action": "melee", "hero": "batman", "cubes": 41,
                                              "target_miniature": "thug-with-crowbar.1"}, rule=None, status=422)
    refused(http, code, cmd(code, "start_roll"), {"action": "melee", "hero": "batman", "cubes": 1, "declare": ["Luck"],
                                              "target_miniature": "thug-with-crowbar.1"}, rule="X")  # not declared
    refused(http, code, cmd(code, "start_roll"), {"action": "melee", "hero": "batman", "cubes": 1,
                                              "declare": ["Sneak attack"], "target_miniature": "thug-with-crowbar.1"},
            rule="X·Sneak attack", message="Batman does not have Sneak attack (or cannot use it now)")
    ok(http, cmd(code, "start_roll"), {"action": "melee", "hero": "batman", "cubes": 2,
                                   "target_miniature": "thug-with-crowbar.1"})
    refused(http, code, cmd(code, "roll_dice"), {"faces": [1, 6]}, rule="IX·D",
            message="A die has faces 0 to 5, not 6")
    refused(http, code, cmd(code, "end_rerolls"), None, rule="VIII·F",
            message="No rerolls to end now (waiting for the dice)")
    refused(http, code, f"/api/tables/{code}/commands/advance", None, rule="VIII",
            message="Batman's melee attack is in progress (waiting for the dice): finish it or abandon it first")
    ok(http, cmd(code, "roll_dice"), {"faces": [0, 0]})
    refused(http, code, cmd(code, "reroll_dice"), {"step": "free", "dice": [0], "faces": [1]}, rule="VIII·B",
            message="This pool has no free-reroll icon for red dice")
    refused(http, code, cmd(code, "reroll_dice"), {"step": "skill", "skill": "Luck", "dice": [0], "faces": [1]},
            rule="X·Luck", message="Batman does not have Luck (or cannot use it now)")
    r = ok(http, cmd(code, "abandon_roll"))
    assert one(r, "roll_abandoned")["data"] == {"roll": 1}
    assert r.json()["table"]["dice"]["last"]["step"] == "abandoned"


# ------------------------------------------------------------------- follow-ups (X, IX·G)


def test_an_attack_then_the_counterattack_the_defender_is_offered(http):
    """Counterattack — WHEN: "during the End the Melee Attack step"; REQUIREMENTS: "[the possessor]
    is the target of the initial melee attack", "the initial melee attack is not already a
    counterattack", "[the possessor] must be able to target the initial attacker with a melee
    attack"; EFFECT: "[the possessor] takes [X] yellow dice". Batman hits Killer Croc (Counterattack
    2 here); the villain's phone takes the free attack against Batman, Batman's phone defends."""
    tiles = [dict(t) for t in SAMPLE["tiles"]]
    croc = sample("tiles", "Killer Croc")
    croc["characters"][0]["skills"] = [{"name": "Counterattack", "level": 2}]
    tiles = [croc if t["name"] == "Killer Croc" else t for t in tiles]
    code = new_table(http, tiles=tiles)["code"]
    advance_to(http, code, "heroes.actions")
    physical(http, code)
    batman, villain = join(http, code, "hero:batman"), join(http, code, "villain")
    ok(http, cmd(code, "start_roll"), {"action": "melee", "hero": "batman", "cubes": 1,
                                   "target_miniature": "killer-croc.1"}, headers=batman)
    ok(http, cmd(code, "roll_dice"), {"faces": [5]}, headers=batman)
    ok(http, cmd(code, "end_rerolls"), headers=batman)
    r = ok(http, cmd(code, "defend"), {"cubes": 0}, headers=villain)
    assert one(r, "defense")["data"]["wounds"] == 2  # 3 + Martial arts 1 against 2 automatic
    offer = one(r, "follow_up_offered")
    assert offer["rule"] == "X·Counterattack"
    assert offer["data"] == {"roll": 1, "skill": "Counterattack", "level": 2, "hero": None,
                             "miniature": "killer-croc.1", "action": "melee", "pool": ["yellow", "yellow"],
                             "successes": None, "target_hero": "batman", "target_miniature": None}
    table = r.json()["table"]
    assert [o["skill"] for o in table["dice"]["follow_ups"]] == ["Counterattack"]
    assert table["dice"]["follow_ups"] == dice_view(http, code)["follow_ups"]
    # the offer names its target (X·Counterattack: the initial attacker), so no phone works it out
    assert [m["targets"] for m in table["may"]["villain"] if m["command"] == "start_follow_up"] == \
        [{"skill": ["Counterattack"], "target_hero": ["batman"]}]
    assert not any(m["command"] == "start_follow_up" for m in table["may"]["hero:batman"])
    # the possessor's phone takes it; the rules refuse what is not offered
    refused(http, code, cmd(code, "start_follow_up"), {"skill": "Counterattack"}, headers=batman,
            rule=None, status=403)
    refused(http, code, cmd(code, "start_follow_up"), {"skill": "Combo", "target_miniature": "thug-with-crowbar.1"},
            headers=batman, rule="X·Combo", message="Batman does not have Combo (or cannot use it now)")
    refused(http, code, cmd(code, "start_follow_up"), {"skill": "Counterattack", "can_target": False},
            headers=villain, rule="X·Counterattack",
            message='"[the possessor] must be able to target the initial attacker with a melee attack"')
    refused(http, code, cmd(code, "start_follow_up"), {"skill": "Counterattack", "target_hero": "renee-montoya"},
            headers=villain, rule="X·Counterattack")
    refused(http, code, cmd(code, "start_follow_up"), {"skill": "Dodge"}, rule="X")  # no such follow-up
    villain_post = table["command_posts"]["villain"]
    r = ok(http, cmd(code, "start_follow_up"), {"skill": "Counterattack"}, headers=villain)
    started = one(r, "roll_started")
    assert started["data"]["pool"] == ["yellow", "yellow"] and started["data"]["follow_up"] == "Counterattack"
    table = r.json()["table"]
    roll = table["dice"]["roll"]
    assert (roll["roll"]["actor"], roll["roll"]["defender"], roll["roll"]["free_action"]) == \
        ("Killer Croc", "Batman", "Counterattack")
    assert roll["may_now"] == ["roll", "abandon"]
    assert [m["command"] for m in table["may"]["villain"]][-2:] == ["roll_dice", "abandon_roll"]
    post = table["command_posts"]["villain"]
    assert (post["reserve"], post["fatigue"]) == (villain_post["reserve"], villain_post["fatigue"])  # a free action
    assert post["activation"] == villain_post["activation"]
    ok(http, cmd(code, "roll_dice"), {"faces": [5, 5]}, headers=villain)
    ok(http, cmd(code, "end_rerolls"), headers=villain)
    ok(http, cmd(code, "defend"), {"cubes": 1}, headers=batman)
    ok(http, cmd(code, "roll_dice"), {"faces": [0, 0]}, headers=batman)
    r = ok(http, cmd(code, "end_rerolls"), headers=batman)
    assert one(r, "defense")["data"] == {"roll": 2, "attack": 4, "defense": 0, "wounds": 4, "defense_cubes": 1,
                                         "rolled": 0, "automatic": 0, "poison": 0,
                                         "attacker": "Killer Croc", "defender": "Batman"}
    table = r.json()["table"]
    assert cubes(hero_of(table, "batman")) == {"reserve": 8, "wound": 4}  # IX·A: the spaces first
    assert table["dice"]["follow_ups"] == [] and not any(m["command"] == "start_follow_up"
                                                         for m in table["may"]["villain"])
    refused(http, code, cmd(code, "start_follow_up"), {"skill": "Counterattack"}, headers=villain,
            rule="X·Counterattack", message="Batman does not have Counterattack (or cannot use it now)")


# ------------------------------------------------------------------------------ odds


def test_odds_before_committing_change_nothing(http):
    code = new_table(http, equipment={"Commissioner Gordon": ["Tonfa"]})["code"]
    table = advance_to(http, code, "heroes.actions")
    etag = http.get(f"/api/tables/{code}").headers["ETag"]
    r = http.post(f"/api/tables/{code}/previews/odds", json={"hero": "commissioner-gordon", "action": "melee", "cubes": 2,
                                             "weapon": "Tonfa", "difficulty": 3,
                                             "defense": {"target_miniature": "thug-with-crowbar.1"}})
    assert r.status_code == 200, r.text
    odds = r.json()
    assert odds["pool"] == ["yellow", "orange", "orange"] and odds["faces_status"] == "unverified"
    assert abs(sum(odds["successes"]) - 1) < 1e-9
    assert 0 < odds["p_at_least"] < 1 and odds["expected_wounds"] > 0
    assert [row["cubes"] for row in odds["cubes"]] == [1, 2, 3]
    assert odds["cubes"][1]["p_at_least"] == odds["p_at_least"]
    r = http.post(f"/api/tables/{code}/previews/odds", json={"pool": [{"colour": "red", "count": 1}],
                                             "defense": {"pool": [{"colour": "yellow"}], "automatic": 1}})
    assert r.status_code == 200, r.text
    assert [round(p * 36) for p in r.json()["wounds"]] == [27, 7, 2]
    r = http.post(f"/api/tables/{code}/previews/odds", json={"hero": "nobody", "action": "melee"})
    assert r.status_code == 404 and r.json()["rule"] == "V·A"  # C7: an unknown hero is not found
    after = http.get(f"/api/tables/{code}")
    assert after.headers["ETag"] == etag and after.json()["version"] == table["version"]


def test_the_odds_take_the_menace_as_the_roll_does(http):
    """IX·N: the hindering index is the enemies' menace minus the allies' in the area; the odds
    take the same menace lists as the roll (same rule function), and the index or the menace, not
    both, is refused the same way."""
    code = new_table(http, equipment={"Batman": ["Batarangs"]})["code"]
    advance_to(http, code, "heroes.actions")
    ask = {"hero": "batman", "action": "ranged", "cubes": 1, "enemy_menace": [2, 1], "ally_menace": [1]}
    r = http.post(f"/api/tables/{code}/previews/odds", json=ask)
    assert r.status_code == 200, r.text
    assert r.json()["hindering"] == 2
    r = ok(http, cmd(code, "start_roll"), {**ask, "target_miniature": "thug-with-crowbar.1"})
    assert one(r, "roll_started")["data"]["hindering"] == 2
    r = http.post(f"/api/tables/{code}/previews/odds", json={**ask, "hindering": 1})
    assert r.status_code == 409 and r.json()["reason"] == "hindering_or_menace"
    r = http.post(f"/api/tables/{code}/previews/odds", json={**ask, "enemy_menace": [-1]})
    assert r.status_code == 422


def test_a_move_price_is_what_the_move_would_cost_and_changes_nothing(http):
    """V·C·5: a movement is paid from the move points (the first movement's bonus, then cubes bought
    on the movement space); the price of a list of moves is what the Move would spend, and the
    points left; a move the rules refuse is refused the same way, and nothing changes."""
    code = new_table(http)["code"]
    table = advance_to(http, code, "heroes.actions")
    etag = http.get(f"/api/tables/{code}").headers["ETag"]
    moves = [{"type": "simple"}] * 4
    r = http.post(f"/api/tables/{code}/previews/move", json={"hero": "batman", "moves": moves})
    assert r.status_code == 200, r.text
    price = r.json()
    assert price["first"] is True and price["text"].startswith("Batman moves: ")
    after = http.get(f"/api/tables/{code}")
    assert after.headers["ETag"] == etag and after.json()["version"] == table["version"]
    r = ok(http, f"/api/tables/{code}/commands/move", {"hero": "batman", "moves": moves})
    assert {k: one(r, "movement")["data"][k] for k in ("cubes", "lost")} == \
        {"cubes": price["cubes"], "lost": price["points_left"]}
    r = http.post(f"/api/tables/{code}/previews/move", json={"hero": "batman", "moves": [{"type": "simple"}] * 20})
    assert r.status_code == 409 and r.json()["rule"] in ("IX·I", "V·C·5 [f]")
    r = http.post(f"/api/tables/{code}/previews/move", json={"miniature": "killer-croc.1", "moves": moves})
    assert r.status_code == 409 and r.json()["reason"] == "not_now"
    r = http.post(f"/api/tables/{code}/previews/move", json={"hero": "batman", "moves": []})
    assert r.status_code == 409, r.text


def test_cubes_placed_on_a_space_are_the_next_actions(http):
    """C4, V·C·1 [c]: the attacker "moves [the cubes] from their reserve zone to their melee attack
    action space. This corresponds to the attack intensity": cubes a player placed on the board's
    space first are the next attack's. Batman's melee space holds 4 (IX·I): 3 taps on Melee, then a
    melee roll with 1 more cube is 4 cubes, not refused as saturated."""
    code = new_table(http)["code"]
    advance_to(http, code, "heroes.actions")
    physical(http, code)
    for _ in range(3):
        r = ok(http, f"/api/tables/{code}/commands/spend", {"hero": "batman", "space": "melee", "cubes": 1})
    melee = hero_of(r.json()["table"], "batman")["spaces"]["melee"]
    assert (melee["cubes"], melee["unused"]) == (3, 3)
    r = ok(http, cmd(code, "start_roll"), {"action": "melee", "hero": "batman", "cubes": 1,
                                       "target_miniature": "thug-with-crowbar.1"})
    assert len(one(r, "roll_started")["data"]["pool"]) == 4
    melee = hero_of(r.json()["table"], "batman")["spaces"]["melee"]
    assert (melee["cubes"], melee["unused"], melee["saturated"]) == (4, 0, True)


def test_an_attack_with_no_more_cubes_uses_those_on_the_space(http):
    """C4: two taps on Ranged then "Attack" with 0 more cubes: the attack is those 2 cubes; with no
    cube on the space and none more, V·C·1 [c] "a minimum of one energy cube" refuses it."""
    code = new_table(http, equipment={"Batman": ["Batarangs"]})["code"]
    physical(http, code)  # the attack's successes are read on real dice (IX·D)
    advance_to(http, code, "heroes.actions")
    refused(http, code, f"/api/tables/{code}/commands/attack",
            {"hero": "batman", "kind": "melee", "successes": 1, "target_miniature": "thug-with-crowbar.1"},
            rule="V·C·1 [c]", message="An attack spends at least one energy cube")
    for _ in range(2):
        ok(http, f"/api/tables/{code}/commands/spend", {"hero": "batman", "space": "melee", "cubes": 1})
    r = ok(http, f"/api/tables/{code}/commands/attack",
           {"hero": "batman", "kind": "melee", "successes": 2, "target_miniature": "thug-with-crowbar.1"})
    assert one(r, "spend")["data"] == {"hero": "batman", "space": "melee", "cubes": 2}
    melee = hero_of(r.json()["table"], "batman")["spaces"]["melee"]
    assert (melee["cubes"], melee["unused"]) == (2, 0)
