"""The rulebook's worked examples 1-12 (shared/rules/worked-examples.md), played over real HTTP.

Every number an example prints is checked against what the API answers. Dice are rolled at the
table: the attack and complex-action routes take the successes as counted there, so each test
sends the example's success counts. Board values come from the sample library
(games/bgcc/data/sample-library.json), whose values were chosen to fit these examples; each test
says which ones matter. Every refusal is checked to leave the table exactly as it was.
"""
from __future__ import annotations

from http import HTTPStatus

from tests.tables import advance_to, sample
from tests.tables import new_table as sample_table


def new_table(http, **kw) -> dict:
    """A table of the sample library whose dice are physical: the examples enter the successes
    read on real dice (IX·D)."""
    table = sample_table(http, **kw)
    assert http.post(f"/api/tables/{table['code']}/commands/set_dice_mode", json={"mode": "physical"}).status_code == 200
    return table

SPACES = ("melee", "ranged", "manipulation", "thought", "movement", "defense", "reroll")


# ------------------------------------------------------------------------------------ helpers


def table_of(http, code: str) -> dict:
    r = http.get(f"/api/tables/{code}")
    assert r.status_code == 200, r.text
    return r.json()


def hero_of(table: dict, hero_id: str) -> dict:
    return next(h for h in table["heroes"] if h["id"] == hero_id)


def villain_of(table: dict) -> dict:
    return table["command_posts"]["villain"]


def miniature_of(table: dict, miniature_id: str) -> dict:
    return next(m for m in villain_of(table)["miniatures"] if m["id"] == miniature_id)


def cubes(hero: dict) -> dict:
    """Where each of a hero's cubes is; the places always sum to the hero's energy (DIGEST 1)."""
    places = {"reserve": hero["reserve"], "fatigue": hero["fatigue"], "wound": hero["wound"],
              **{s: hero["spaces"][s]["cubes"] for s in SPACES}}
    assert sum(places.values()) == hero["energy"], places
    return places


def only(places: dict, **nonzero) -> dict:
    """The cube places with every place 0 but those named."""
    return {**{p: 0 for p in places}, **nonzero}


def river_of(table: dict) -> list[tuple]:
    """(tile id, first position, width, cost, neutralized) left to right."""
    return [(t["id"], t["position"], t["width"], t["cost"], t["neutralized"]) for t in villain_of(table)["river"]]


def events_of(response, kind: str) -> list[dict]:
    return [e for e in response.json()["events"] if e["kind"] == kind]


def ok(http, command, body: dict | None = None):
    path, body = _sent(command, body)
    r = http.post(path, json=body)
    assert r.status_code == 200, r.text
    return r


def refused(http, code: str, command, body: dict, *, rule: str, message: str, status: int = 409) -> dict:
    """POST a command the rules refuse: the JSON error names the rule and says why, and the table
    (version, ETag and content) is exactly as before."""
    before = http.get(f"/api/tables/{code}")
    path, body = _sent(command, body)
    r = http.post(path, json=body)
    assert r.status_code == status, r.text
    error = r.json()
    assert error["code"] == status and error["status"] == HTTPStatus(status).phrase
    assert error["rule"] == rule
    assert error["message"] == message
    after = http.get(f"/api/tables/{code}")
    assert after.headers["ETag"] == before.headers["ETag"]
    assert after.json() == before.json()
    return error


def _sent(command, body: dict | None) -> tuple[str, dict]:
    """A command's path and body: `command` is (path, the actor's fields) from the helpers below."""
    path, actor = command
    return path, {**actor, **(body or {})}


def hero_path(code: str, hero: str, name: str) -> tuple[str, dict]:
    """The command `name` (its registry name) of a hero: its path and the hero's field."""
    return f"/api/tables/{code}/commands/{name}", {"hero": hero}


def character_path(code: str, miniature: str, name: str) -> tuple[str, dict]:
    return f"/api/tables/{code}/commands/{name}", {"miniature": miniature}


def river_path(code: str, name: str) -> tuple[str, dict]:
    return f"/api/tables/{code}/commands/{name}", {"side": "villain"}


START_RIVER = [("thug-with-crowbar", 1, 1, 1, False), ("brute-with-chains", 2, 1, 2, False),
               ("killer-croc", 3, 1, 3, False), ("event", 4, 1, 4, False)]


# ------------------------------------------------------------------------------- example 1


def test_example_1_hero_melee_attack(http):
    """Example 1, FIG. 10-15, V·C·1 (melee attack), VII (defense), IX·A-B (wounds, neutralized).

    Chosen board values: Commissioner Gordon has 10 cubes and a melee exertion limit of 3; the
    Tonfa adds 1 yellow die to melee attacks; the Thug with crowbar has 1 life point and an
    automatic defense of 1, and his tile controls 3 miniatures (so the tile stays in play).
    """
    table = new_table(http, equipment={"Commissioner Gordon": ["Tonfa"]})
    code = table["code"]
    table = advance_to(http, code, "heroes.actions")
    gordon = hero_of(table, "commissioner-gordon")
    assert cubes(gordon) == only(cubes(gordon), reserve=10)
    # his tonfa adds its bonus: 1 yellow die on melee attacks
    tonfa = gordon["equipment"][0]
    assert tonfa["name"] == "Tonfa" and tonfa["type"] == "melee weapon"
    assert tonfa["bonuses"][0]["when"] == "melee"
    assert tonfa["bonuses"][0]["dice"] == [{"colour": "yellow", "count": 1, "free_reroll": False}]
    villain_before = villain_of(table)

    r = ok(http, hero_path(code, "commissioner-gordon", "attack"),
           {"kind": "melee", "cubes": 2, "successes": 3, "target_miniature": "thug-with-crowbar.1",
            "defense_cubes": 0, "defense_successes": 0})
    assert r.json()["version"] == r.json()["table"]["version"] == table["version"] + 1
    table = r.json()["table"]
    gordon = hero_of(table, "commissioner-gordon")
    # reserve −2, melee space +2
    assert cubes(gordon) == only(cubes(gordon), reserve=8, melee=2)
    assert gordon["spaces"]["melee"]["room"] == 1
    # 3 successes (never hindered) − 0 defense cubes − 1 automatic defense = 2 wounds
    (defense,) = events_of(r, "defense")
    assert defense["data"] == {"attack": 3, "defense": 1, "wounds": 2, "defense_cubes": 0}
    assert "3 successes against 1 defense (0 rolled + 1 automatic): 2 wounds" in defense["text"]
    (wounded,) = events_of(r, "character_wounded")
    assert wounded["data"] == {"miniature": "thug-with-crowbar.1", "wounds": 2, "life_points": 0}
    # 1 life point: neutralized, removed from the board, put in the character pool
    assert [e["data"] for e in events_of(r, "character_neutralized")] == [{"miniature": "thug-with-crowbar.1"}]
    thug = miniature_of(table, "thug-with-crowbar.1")
    assert (thug["place"], thug["life_points"], thug["max_life_points"]) == ("pool", 0, 1)
    villain = villain_of(table)
    assert villain["character_pool"] == ["thug-with-crowbar.1"]
    assert [m["place"] for m in villain["miniatures"] if m["tile"] == "thug-with-crowbar"] == \
        ["pool", "board", "board"]
    # the villain spent no defense cube; two Thugs remain, so the tile is not neutralized
    assert (villain["reserve"], villain["fatigue"], villain["spaces"]["defense"]["cubes"]) == \
        (villain_before["reserve"], villain_before["fatigue"], 0)
    assert river_of(table) == START_RIVER
    assert not events_of(r, "tile_neutralized")

    # the Thug is off the board: he cannot be attacked again
    refused(http, code, hero_path(code, "commissioner-gordon", "attack"),
            {"kind": "melee", "cubes": 1, "successes": 3, "target_miniature": "thug-with-crowbar.1"},
            rule="V·C·1 [b]", message="Thug with crowbar #1 is not on the board")
    # the melee space holds 2 of 3: a second 2-cube attack exceeds its exertion limit (IX·I)
    refused(http, code, hero_path(code, "commissioner-gordon", "attack"),
            {"kind": "melee", "cubes": 2, "successes": 3, "target_miniature": "thug-with-crowbar.2"},
            rule="IX·I", message="Melee space holds 2 of 3: room for 1, not 2")


# ------------------------------------------------------------------------------- example 2


def test_example_2_hero_ranged_attack(http):
    """Example 2, FIG. 16-22, V·C·2 (ranged attack), IX·L (own area in sight), IX·N (hindering), VII.

    Chosen board values: Batman has 12 cubes and a ranged exertion limit of 3; Batarangs are a
    ranged weapon restricted to Batman adding 1 yellow die with the free-reroll icon; the Brute
    with chains has 1 life point and an automatic defense of 2, and his tile controls 2 miniatures.
    Hindering is 0 (Gordon is in the Brute's area): the successes sent are already net of it.
    """
    table = new_table(http, equipment={"Batman": ["Batarangs"]})
    code = table["code"]
    table = advance_to(http, code, "heroes.actions")
    batman = hero_of(table, "batman")
    batarangs = batman["equipment"][0]
    assert (batarangs["name"], batarangs["type"], batarangs["restricted_to"]) == \
        ("Batarangs", "ranged weapon", "Batman")
    # the free reroll of the yellow die
    assert batarangs["bonuses"][0]["dice"] == [{"colour": "yellow", "count": 1, "free_reroll": True}]

    # a hero without a ranged weapon cannot perform a ranged attack (V·C·2 [a])
    refused(http, code, hero_path(code, "renee-montoya", "attack"),
            {"kind": "ranged", "cubes": 2, "successes": 3, "target_miniature": "brute-with-chains.1"},
            rule="V·C·2 [a]", message="Renee Montoya carries no ranged weapon they can use: a hero can "
                                      "only perform a ranged attack with one")

    r = ok(http, hero_path(code, "batman", "attack"),
           {"kind": "ranged", "cubes": 2, "successes": 3, "target_miniature": "brute-with-chains.1"})
    table = r.json()["table"]
    batman = hero_of(table, "batman")
    assert cubes(batman) == only(cubes(batman), reserve=10, ranged=2)
    (defense,) = events_of(r, "defense")
    # 3 successes − 2 automatic defense successes = 1 wound
    assert defense["data"] == {"attack": 3, "defense": 2, "wounds": 1, "defense_cubes": 0}
    assert "3 successes against 2 defense (0 rolled + 2 automatic): 1 wound" in defense["text"]
    (wounded,) = events_of(r, "character_wounded")
    assert wounded["data"] == {"miniature": "brute-with-chains.1", "wounds": 1, "life_points": 0}
    assert miniature_of(table, "brute-with-chains.1")["place"] == "pool"
    assert miniature_of(table, "brute-with-chains.2")["place"] == "board"
    assert villain_of(table)["character_pool"] == ["brute-with-chains.1"]
    assert river_of(table) == START_RIVER


# --------------------------------------------------------------------------- examples 3 and 4


def open_the_safe(http) -> tuple[str, dict]:
    """Example 3's complex manipulation: Batman opens the safe and carries the submachine gun."""
    table = new_table(http, equipment={"Commissioner Gordon": ["Tonfa"]})
    code = table["code"]
    table = advance_to(http, code, "heroes.actions")
    batman = hero_of(table, "batman")
    assert cubes(batman) == only(cubes(batman), reserve=12)
    r = ok(http, hero_path(code, "batman", "complex_action"),
           {"action": "manipulation", "cubes": 3, "successes": 3, "difficulty": 3, "hindering": 0,
            "item": sample("items", "Submachine gun")})
    return code, r


def test_example_3_complex_manipulation(http):
    """Example 3, FIG. 23-27, V·C·3 [a] (complex manipulation), IX·N (hindering), IX·I.

    Chosen board values: Batman has 12 cubes and a manipulation exertion limit of 3; the safe's
    difficulty (3) is the mission's; the Submachine gun has an encumbrance of 3; Batman's
    encumbrance table gives a bonus of 2 up to 2, 1 up to 4.
    """
    code, r = open_the_safe(http)
    table = r.json()["table"]
    batman = hero_of(table, "batman")
    # 3 cubes on manipulation
    assert cubes(batman) == only(cubes(batman), reserve=9, manipulation=3)
    assert batman["spaces"]["manipulation"]["saturated"] is True
    # 3 successes − 0 hindering ≥ difficulty 3: success
    (action,) = events_of(r, "complex_action")
    assert action["data"] == {"successes": 3, "difficulty": 3, "success": True}
    assert "3 − 0 hindering = 3 against difficulty 3: success" in action["text"]
    # he takes the submachine gun: the safe's contents, no further cube
    assert [i["name"] for i in batman["equipment"]] == ["Submachine gun"]
    assert (batman["encumbrance"], batman["first_movement_bonus"]) == (3, 1)
    (item,) = events_of(r, "item")
    assert item["data"] == {"hero": "batman", "item": "Submachine gun", "encumbrance": 3}

    # the manipulation space is saturated: no more cube can go there (IX·I)
    refused(http, code, hero_path(code, "batman", "automatic_action"), {"action": "manipulation"},
            rule="IX·I", message="Manipulation space is saturated: 3 of 3")

    # hindering counts: Renee's 3 successes − 1 hindering = 2 < 3, she fails and gains nothing
    r = ok(http, hero_path(code, "renee-montoya", "complex_action"),
           {"action": "manipulation", "cubes": 2, "successes": 3, "difficulty": 3, "hindering": 1,
            "item": sample("items", "Submachine gun")})
    (action,) = events_of(r, "complex_action")
    assert action["data"] == {"successes": 2, "difficulty": 3, "success": False}
    renee = hero_of(r.json()["table"], "renee-montoya")
    assert cubes(renee) == only(cubes(renee), reserve=8, manipulation=2)
    assert renee["equipment"] == [] and renee["encumbrance"] == 0


def test_example_4_automatic_manipulation_taking_equipment(http):
    """Example 4, FIG. 28-31, V·C·3 [b] (automatic manipulation), V·D·1 (taking equipment).

    Continues example 3 (Batman carries the submachine gun, his manipulation space saturated).
    Chosen board values: Gordon has 10 cubes and carries a Tonfa (encumbrance 2); the Submachine
    gun (encumbrance 3) is a ranged weapon Gordon's Moral code allows.
    """
    code, _ = open_the_safe(http)
    # before taking it, Gordon has no ranged weapon
    refused(http, code, hero_path(code, "commissioner-gordon", "attack"),
            {"kind": "ranged", "cubes": 1, "successes": 2, "target_miniature": "thug-with-crowbar.1"},
            rule="V·C·2 [a]", message="Commissioner Gordon carries no ranged weapon they can use: a hero "
                                      "can only perform a ranged attack with one")
    table = table_of(http, code)
    assert (hero_of(table, "batman")["encumbrance"], hero_of(table, "commissioner-gordon")["encumbrance"]) == (3, 2)

    r = ok(http, hero_path(code, "commissioner-gordon", "take"), {"from_hero": "batman", "item": "Submachine gun"})
    table = r.json()["table"]
    gordon, batman = hero_of(table, "commissioner-gordon"), hero_of(table, "batman")
    # only Gordon spends a cube: 1 on manipulation
    assert cubes(gordon) == only(cubes(gordon), reserve=9, manipulation=1)
    assert cubes(batman) == only(cubes(batman), reserve=9, manipulation=3)
    # both encumbrance totals are updated
    assert (batman["encumbrance"], gordon["encumbrance"]) == (0, 5)
    assert [i["name"] for i in gordon["equipment"]] == ["Tonfa", "Submachine gun"]
    assert batman["equipment"] == []
    (item,) = events_of(r, "item")
    assert item["data"]["encumbrance"] == {"batman": 0, "commissioner-gordon": 5}
    assert "only Commissioner Gordon spends a cube" in item["text"]

    # Batman no longer carries it
    refused(http, code, hero_path(code, "renee-montoya", "take"), {"from_hero": "batman", "item": "Submachine gun"},
            rule="V·D", message="Batman carries no Submachine gun")
    # FIG. 31: Gordon can now perform ranged attacks with it
    r = ok(http, hero_path(code, "commissioner-gordon", "attack"),
           {"kind": "ranged", "cubes": 1, "successes": 2, "target_miniature": "thug-with-crowbar.1"})
    gordon = hero_of(r.json()["table"], "commissioner-gordon")
    assert cubes(gordon) == only(cubes(gordon), reserve=8, manipulation=1, ranged=1)
    assert events_of(r, "defense")[0]["data"]["wounds"] == 1


# ------------------------------------------------------------------------------- example 5


def test_example_5_encumbrance(http):
    """Example 5, FIG. 47-50, V·D·1 (encumbrance total, maximum, first-movement bonus, skill limit).

    Chosen board values: Gordon's encumbrance table gives 2 up to 3, 1 up to 5, 0 up to 7 (so his
    maximum is 7); his Retaliation skill has an encumbrance limit of 5; Tonfa 2, Submachine gun 3.
    """
    table = new_table(http, equipment={"Commissioner Gordon": ["Tonfa", "Submachine gun"]})
    code = table["code"]
    gordon = hero_of(table, "commissioner-gordon")
    # Tonfa + submachine gun: encumbrance total 5, below the maximum of 7
    assert [i["encumbrance"] for i in gordon["equipment"]] == [2, 3]
    assert (gordon["encumbrance"], gordon["maximum_encumbrance"]) == (5, 7)
    # the first-movement bonus becomes 1
    assert gordon["first_movement_bonus"] == 1
    # Retaliation's limit (5) is reached: it stops applying
    assert gordon["skills"] == [{"name": "Retaliation", "level": 1, "encumbrance_limit": 5, "applies": False}]

    table = advance_to(http, code, "heroes.actions")
    # dropping is not an action and costs nothing: back to 2, bonus 2, Retaliation applies
    r = ok(http, hero_path(code, "commissioner-gordon", "drop"), {"item": "Submachine gun"})
    gordon = hero_of(r.json()["table"], "commissioner-gordon")
    assert cubes(gordon) == only(cubes(gordon), reserve=10)
    assert (gordon["encumbrance"], gordon["first_movement_bonus"], gordon["skills"][0]["applies"]) == (2, 2, True)
    assert [i["name"] for i in r.json()["table"]["loose_items"]] == ["Submachine gun"]
    # picking it up again is an automatic manipulation: 1 cube; the total is 5 again
    r = ok(http, hero_path(code, "commissioner-gordon", "pick_up"), {"item": sample("items", "Submachine gun")})
    table = r.json()["table"]
    gordon = hero_of(table, "commissioner-gordon")
    assert cubes(gordon) == only(cubes(gordon), reserve=9, manipulation=1)
    assert (gordon["encumbrance"], gordon["first_movement_bonus"], gordon["skills"][0]["applies"]) == (5, 1, False)
    assert table["loose_items"] == []
    # a second submachine gun would bring the total to 8, over the maximum of 7
    refused(http, code, hero_path(code, "commissioner-gordon", "pick_up"), {"item": sample("items", "Submachine gun")},
            rule="V·D·1", message="Submachine gun would bring Commissioner Gordon's encumbrance to 8, "
                                  "over the maximum of 7")


# --------------------------------------------------------------------------- examples 6 and 7


def test_example_6_movement_first_movement_bonus(http):
    """Example 6, FIG. 32-37, V·C·5 [b]-[k] (movement, first-movement bonus, end of movement).

    Chosen board values: Batman's encumbrance table gives a bonus of 2 for a total up to 2, and
    his movement characteristic is 2 move points per cube (limit 3).
    """
    code = new_table(http)["code"]
    table = advance_to(http, code, "heroes.actions")
    batman = hero_of(table, "batman")
    # no equipment: first-movement bonus 2
    assert (batman["equipment"], batman["encumbrance"], batman["first_movement_bonus"]) == ([], 0, 2)
    assert batman["moved_this_turn"] is False
    r = ok(http, hero_path(code, "batman", "move"), {"moves": [{"type": "simple", "hindering": 0}]})
    (move,) = events_of(r, "movement")
    # pool 2, a simple move without hindering costs 1, he stops: the unspent point is lost
    assert move["text"] == ("Batman moves: pool 2 (first-movement bonus); simple move costs 1, pool 1; "
                            "movement ends, 1 unspent move point lost")
    assert move["data"] == {"hero": "batman", "cubes": 0, "lost": 1, "first": True}
    batman = hero_of(r.json()["table"], "batman")
    assert cubes(batman) == only(cubes(batman), reserve=12)
    assert batman["moved_this_turn"] is True
    # a later movement this turn starts from 0: the cost is bought with cubes (2 points each)
    r = ok(http, hero_path(code, "batman", "move"), {"moves": [{"type": "simple"}]})
    (move,) = events_of(r, "movement")
    assert move["text"] == ("Batman moves: pool 0; 1 cube bought 2 move points, pool 2; simple move costs 1, "
                            "pool 1; movement ends, 1 unspent move point lost")
    assert move["data"] == {"hero": "batman", "cubes": 1, "lost": 1, "first": False}
    batman = hero_of(r.json()["table"], "batman")
    assert cubes(batman) == only(cubes(batman), reserve=11, movement=1)


def test_example_7_movement_buying_move_points(http):
    """Example 7, FIG. 38-46, V·C·5 [c]-[g] (move cost of a climb, buying move points).

    Chosen board values: Renee Montoya carries nothing (bonus 2 for a total up to 3), her movement
    characteristic is 1 move point per cube and its exertion limit 3; she has 10 cubes.
    The first move is hindered by 0 (the example's cost of 1 says so).
    """
    code = new_table(http)["code"]
    table = advance_to(http, code, "heroes.actions")
    renee = hero_of(table, "renee-montoya")
    assert renee["first_movement_bonus"] == 2
    assert renee["spaces"]["movement"]["characteristic"]["multiplier"] == 1
    r = ok(http, hero_path(code, "renee-montoya", "move"),
           {"moves": [{"type": "simple", "hindering": 0}, {"type": "climb", "level": 2}]})
    (move,) = events_of(r, "movement")
    # pool 2; simple move 1 → 1 left; climb 2 costs 1 + 2 = 3: she lacks 2, buys 2 cubes → 3, pays 3 → 0
    assert move["text"] == ("Renee Montoya moves: pool 2 (first-movement bonus); simple move costs 1, pool 1; "
                            "2 cubes bought 2 move points, pool 3; climb move costs 3, pool 0; "
                            "movement ends, 0 unspent move points lost")
    assert move["data"] == {"hero": "renee-montoya", "cubes": 2, "lost": 0, "first": True}
    renee = hero_of(r.json()["table"], "renee-montoya")
    assert cubes(renee) == only(cubes(renee), reserve=8, movement=2)
    assert renee["spaces"]["movement"]["room"] == 1
    # a level-3 climb now costs 4 from an empty pool: 4 cubes, but the space has room for 1
    refused(http, code, hero_path(code, "renee-montoya", "move"), {"moves": [{"type": "climb", "level": 3}]},
            rule="IX·I", message="Move 1 lacks 4 move points: 4 cubes needed but the movement space has room for 1")


# --------------------------------------------------------------------------- examples 8 and 9


def activate_croc(http) -> tuple[str, dict, object]:
    code = new_table(http)["code"]
    table = advance_to(http, code, "villain.first_tile")
    r = ok(http, river_path(code, "activate_tile"), {"tile": "killer-croc"})
    return code, table, r


def test_example_8_activating_a_tile(http):
    """Example 8, FIG. 51-53, VI·B·3 [a]-[c] (activation cost, spending, repositioning), VI·B·1.

    Chosen board values: the sample mission's river is Thug with crowbar, Brute with chains,
    Killer Croc, Event under the cost track 1, 2, 3, 4, ...; the villain starts with 8 cubes in
    reserve and 4 in fatigue and recovers 5 (so the upkeep brings the reserve to 12).
    """
    table = new_table(http)
    assert river_of(table) == START_RIVER
    assert (villain_of(table)["reserve"], villain_of(table)["fatigue"]) == (8, 4)
    _, table, r = activate_croc(http)
    villain = villain_of(table)
    assert (villain["reserve"], villain["fatigue"], villain["removed_from_game"]) == (12, 0, 0)
    assert river_of(table) == START_RIVER
    # Killer Croc is in the third position: cost 3
    assert villain["river"][2]["name"] == "Killer Croc" and villain["river"][2]["affordable"] is True
    (activation,) = events_of(r, "activation")
    assert activation["data"] == {"tile": "killer-croc", "cost": 3, "position": 3, "activation": 1}
    table = r.json()["table"]
    villain = villain_of(table)
    # 3 cubes reserve → fatigue
    assert (villain["reserve"], villain["fatigue"]) == (9, 3)
    assert villain["activations_this_turn"] == 1
    assert villain["activation"]["tile"] == "killer-croc"
    # the tiles to its right slide left; it goes to the right end (the costs follow the positions)
    assert river_of(table) == [("thug-with-crowbar", 1, 1, 1, False), ("brute-with-chains", 2, 1, 2, False),
                               ("event", 3, 1, 3, False), ("killer-croc", 4, 1, 4, False)]
    # the cubes spent by the villain stay in fatigue until the next villain upkeep
    assert table["turn"]["step"] == "villain.first_tile"


def test_example_9_action_multiplier(http):
    """Example 9, FIG. 54-57, VI·C·3-5 (characteristic and action multiplier), VII, IX·A.

    Chosen board values: Killer Croc's first melee characteristic is 1 yellow die with the reroll
    icon + 1 yellow die with an action multiplier of 4 (his second: 2 red dice, x1); he has 8
    life points. Batman's automatic defense is an orange die (its successes are sent as rolled);
    Renee Montoya's is 1 automatic success. The successes are chosen so that the three attacks
    on Batman inflict 2 + 1 + 1 = 4 wounds and the one on Renee 3 − 1 = 2.
    """
    code, _, r = activate_croc(http)
    table = r.json()["table"]
    croc = villain_of(table)["tiles"]["killer-croc"]["characters"][0]
    assert croc["melee"][0] == {"dice": [{"colour": "yellow", "count": 1, "free_reroll": True},
                                         {"colour": "yellow", "count": 1, "free_reroll": False}],
                                "multiplier": 4}
    assert croc["life_points"] == 8
    attack = character_path(code, "killer-croc.1", "attack")
    on_batman = [(3, 1, 2), (2, 1, 1), (1, 0, 1)]
    for n, (successes, rolled, wounds) in enumerate(on_batman, start=1):
        r = ok(http, attack, {"kind": "melee", "characteristic": 0, "successes": successes,
                              "target_hero": "batman", "defense_successes": rolled})
        (action,) = events_of(r, "action")
        assert action["data"] == {"miniature": "killer-croc.1", "uses": n, "multiplier": 4}
        assert events_of(r, "defense")[0]["data"] == {"attack": successes, "defense": rolled, "wounds": wounds,
                                                      "defense_cubes": 0}
    batman = hero_of(r.json()["table"], "batman")
    # 4 wounds on Batman: 4 cubes reserve → wound (nothing in fatigue or the spaces)
    assert cubes(batman) == only(cubes(batman), reserve=8, wound=4)
    # the fourth attack, on Renee Montoya: 3 successes − 1 automatic defense = 2 wounds
    r = ok(http, attack, {"kind": "melee", "characteristic": 0, "successes": 3, "target_hero": "renee-montoya"})
    assert events_of(r, "action")[0]["data"] == {"miniature": "killer-croc.1", "uses": 4, "multiplier": 4}
    assert events_of(r, "defense")[0]["data"] == {"attack": 3, "defense": 1, "wounds": 2, "defense_cubes": 0}
    renee = hero_of(r.json()["table"], "renee-montoya")
    assert cubes(renee) == only(cubes(renee), reserve=8, wound=2)
    # the villain spent nothing but the activation cost
    villain = villain_of(r.json()["table"])
    assert (villain["reserve"], villain["fatigue"]) == (9, 3)
    assert villain["activation"]["characters"]["killer-croc.1"]["uses"] == 4

    # a 5th attack exceeds the action multiplier
    refused(http, code, attack, {"kind": "melee", "characteristic": 0, "successes": 3, "target_hero": "batman"},
            rule="VI·C·5", message="Action multiplier reached: Killer Croc made 4 of 4 melee actions")
    # nor may he switch to his other characteristic in this activation
    refused(http, code, attack, {"kind": "melee", "characteristic": 1, "successes": 3, "target_hero": "batman"},
            rule="VI·C·5", message="Killer Croc chose melee (characteristic 1) for this activation")


# ------------------------------------------------------------------------------ example 10


def test_example_10_automatic_manipulation_by_a_character(http):
    """Example 10, FIG. 58-61, VI·D·3 [b] (character automatic manipulation), VI·B·2 reminders.

    Chosen board values: the Thug with crowbar's manipulation characteristic is 1 yellow die with
    an action multiplier of 1; the sample mission's villain start-of-turn reminder is the bomb.
    """
    code = new_table(http)["code"]
    table = advance_to(http, code, "villain.start_effects")
    assert table["turn"]["reminders"] == ["Sample: a Thug in the bomb's area may arm it by an automatic manipulation."]
    table = advance_to(http, code, "villain.first_tile")
    r = ok(http, river_path(code, "activate_tile"), {"tile": "thug-with-crowbar"})
    before = villain_of(r.json()["table"])
    assert (before["reserve"], before["fatigue"]) == (11, 1)
    heroes_before = r.json()["table"]["heroes"]

    r = ok(http, character_path(code, "thug-with-crowbar.1", "automatic_action"),
           {"action": "manipulation", "description": "arms the bomb"})
    (event,) = events_of(r, "automatic_action")
    # no dice, no hindering, no cube
    assert event["text"] == "Thug with crowbar #1: automatic manipulation, no dice, no cube: arms the bomb"
    assert event["data"] == {"miniature": "thug-with-crowbar.1", "uses": 1}
    table = r.json()["table"]
    after = villain_of(table)
    assert (after["reserve"], after["fatigue"], after["spaces"]) == (before["reserve"], before["fatigue"], before["spaces"])
    assert table["heroes"] == heroes_before
    # its manipulation multiplier is 1
    refused(http, code, character_path(code, "thug-with-crowbar.1", "automatic_action"), {"action": "manipulation"},
            rule="VI·C·5", message="Action multiplier reached: Thug with crowbar #1 made 1 of 1 manipulation actions")
    # a Thug of a tile not being activated cannot act
    refused(http, code, character_path(code, "brute-with-chains.1", "attack"),
            {"kind": "melee", "successes": 1, "target_hero": "batman"},
            rule="VI·C", message="Brute with chains #1 acts only during the activation of its tile (Brute with chains)")


# ------------------------------------------------------------------------------ example 11


def test_example_11_wounds_on_a_hero(http):
    """Example 11, IX·A (FIG. 62-63), IX·B, VII (defense), V·B·3 (a neutralized hero rests).

    Chosen board values: Commissioner Gordon has 10 cubes, a defense exertion limit of 2, an
    automatic defense of 1 success, and recovers 5 resting. Killer Croc's successes are chosen to
    put cubes in every place before the wounds.
    """
    code = new_table(http)["code"]
    table = advance_to(http, code, "heroes.actions")
    ok(http, hero_path(code, "commissioner-gordon", "spend"), {"space": "melee", "cubes": 3})
    croc_attack = character_path(code, "killer-croc.1", "attack")
    table = advance_to(http, code, "villain.first_tile")
    gordon = hero_of(table, "commissioner-gordon")
    # the heroes' end-of-turn upkeep put the 3 melee cubes in fatigue
    assert cubes(gordon) == only(cubes(gordon), reserve=7, fatigue=3)
    ok(http, river_path(code, "activate_tile"), {"tile": "killer-croc"})

    # 6 successes; Gordon spends 2 defense cubes, rolls 1 success, + 1 automatic = 2: 4 wounds,
    # taken first from fatigue (3), then from the spaces (the defense space, 1)
    r = ok(http, croc_attack, {"kind": "melee", "successes": 6, "target_hero": "commissioner-gordon",
                             "defense_cubes": 2, "defense_successes": 1})
    assert events_of(r, "defense")[0]["data"] == {"attack": 6, "defense": 2, "wounds": 4, "defense_cubes": 2}
    (wounded,) = events_of(r, "hero_wounded")
    assert wounded["data"] == {"hero": "commissioner-gordon", "wounds": 4,
                               "from": ["fatigue", "fatigue", "fatigue", "defense"]}
    gordon = hero_of(r.json()["table"], "commissioner-gordon")
    assert cubes(gordon) == only(cubes(gordon), reserve=5, defense=1, wound=4)
    assert gordon["neutralized"] is False

    # 6 successes − 1 automatic = 5 wounds: the last space cube, then 4 from the reserve
    r = ok(http, croc_attack, {"kind": "melee", "successes": 6, "target_hero": "commissioner-gordon"})
    assert events_of(r, "hero_wounded")[0]["data"]["from"] == ["defense", "reserve", "reserve", "reserve", "reserve"]
    gordon = hero_of(r.json()["table"], "commissioner-gordon")
    assert cubes(gordon) == only(cubes(gordon), reserve=1, wound=9)

    # 1 more wound: every cube in the wound zone, neutralized
    r = ok(http, croc_attack, {"kind": "melee", "successes": 2, "target_hero": "commissioner-gordon"})
    assert [e["data"] for e in events_of(r, "hero_neutralized")] == [{"hero": "commissioner-gordon"}]
    gordon = hero_of(r.json()["table"], "commissioner-gordon")
    assert cubes(gordon) == only(cubes(gordon), wound=10)
    assert gordon["neutralized"] is True
    assert gordon["skills"][0]["applies"] is False  # IX·B: skills no longer taken into account

    # next heroes' turn: a neutralized hero must rest
    table = advance_to(http, code, "heroes.stances")
    assert table["turn"]["turn"] == 2
    refused(http, code, hero_path(code, "commissioner-gordon", "declare_stance"), {"stance": "active"},
            rule="V·B·3", message="Commissioner Gordon is neutralized and must choose the resting stance")
    r = ok(http, hero_path(code, "commissioner-gordon", "declare_stance"), {"stance": "resting"})
    # resting recovers 5, the fatigue zone is empty: 5 cubes wound → fatigue
    (stance,) = events_of(r, "stance")
    assert stance["data"] == {"hero": "commissioner-gordon", "stance": "resting", "to_reserve": 0, "from_wound": 5}
    gordon = hero_of(r.json()["table"], "commissioner-gordon")
    assert cubes(gordon) == only(cubes(gordon), fatigue=5, wound=5)


# ------------------------------------------------------------------------------ example 12


def test_example_12_neutralized_tile(http):
    """Example 12, IX·B (FIG. 64): the last character of a tile leaves the board, the tile flips
    to its neutralized side and moves to the right end of the river; it can no longer be activated.

    Chosen board values: the Brute with chains tile controls 2 miniatures with 1 life point and
    an automatic defense of 2; Batman's and Gordon's melee limits allow 2-cube attacks.
    """
    code = new_table(http)["code"]
    advance_to(http, code, "heroes.actions")
    r = ok(http, hero_path(code, "batman", "attack"),
           {"kind": "melee", "cubes": 2, "successes": 3, "target_miniature": "brute-with-chains.1"})
    # one Brute is still on the board: the tile keeps its position
    assert river_of(r.json()["table"]) == START_RIVER
    assert not events_of(r, "tile_neutralized")
    r = ok(http, hero_path(code, "commissioner-gordon", "attack"),
           {"kind": "melee", "cubes": 2, "successes": 3, "target_miniature": "brute-with-chains.2"})
    assert [e["data"] for e in events_of(r, "tile_neutralized")] == [{"tile": "brute-with-chains"}]
    table = r.json()["table"]
    assert villain_of(table)["character_pool"] == ["brute-with-chains.1", "brute-with-chains.2"]
    # flipped, moved to the right end; the tiles to its right slid left and their costs followed
    assert river_of(table) == [("thug-with-crowbar", 1, 1, 1, False), ("killer-croc", 2, 1, 2, False),
                               ("event", 3, 1, 3, False), ("brute-with-chains", 4, 1, 4, True)]
    r = http.get(f"/api/tables/{code}")
    assert r.status_code == 200 and [t["id"] for t in villain_of(r.json())["river"]] == [t[0] for t in river_of(table)]

    advance_to(http, code, "villain.first_tile")
    refused(http, code, river_path(code, "activate_tile"), {"tile": "brute-with-chains"},
            rule="IX·B", message="Brute with chains is neutralized and cannot be activated")
