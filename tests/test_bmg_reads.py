"""The Miniature Game's reads and checks over HTTP (issue 31): a crew checked before any table
(POST /api/games/bmg/crews/check), an attack's inflicted and kept markers, the last results in every
phone's view, a move's distance against its allowance, models named by id, Alias or Name. Each test
names its rulebook heading (batman-miniature-game-en.md); test cards say their values are picked."""
from __future__ import annotations

from tests.bmg.helpers import card, crew
from tests.test_bmg_api import Skirmish

CHECK = "/api/games/bmg/crews/check"


def _check(http, body):
    return http.post(CHECK, json=body, token=None)


# ------------------------------------------------------------------ a crew before any table


def test_a_legal_crew_answers_its_reputation_funding_and_slots(http):
    """FORMING THE CREW (REPUTATION LIMIT, EQUIPMENT AND FUNDING, RANK), with no table and no token:
    Batman, Gordon and a SWAT Officer with $300 of equipment in a 350 game: 236 of 350 Reputation,
    $1500 − $200 − $300 = $1000 left, 1 of 1 Leader, 1 of 1 Sidekick, Henchmen unlimited."""
    bats = {**crew("batman", "gordon", name="Bats"), "equipment": 300}
    bats["members"] += [{"card": "swat"}]
    r = _check(http, {"crew": bats, "limit": 350})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["reputation"] == {"total": 236, "limit": 350, "left": 114}
    assert body["funding"] == {"stash": 1500, "models": 200, "equipment": 300, "left": 1000}
    assert body["slots"]["Leader"] == {"used": 1, "allowed": 1}
    assert body["slots"]["Sidekick"] == {"used": 1, "allowed": 1}
    assert body["slots"]["Henchman"] == {"used": 1, "allowed": None}
    assert [m["card"] for m in body["members"]] == ["batman", "gordon", "swat"] and body["problems"] == []


def test_the_limit_changes_the_stash_and_the_slots(http):
    """EQUIPMENT AND FUNDING: $500 for every 150 Reputation or part (450: $1500); RANK: +1 Free Agent
    per 150 over 350 or part (450: 2)."""
    r = _check(http, {"crew": crew("batman", name="Bats"), "limit": 451})
    assert r.status_code == 200, r.text
    assert r.json()["funding"]["stash"] == 2000 and r.json()["slots"]["Free Agent"]["allowed"] == 2


def test_a_crew_over_the_limit_is_refused_with_the_rule_and_every_problem(http):
    """REPUTATION LIMIT and RANK: a 150 quick game of Batman (146), Gordon (60) and Talia as a second
    Leader: refused (409) with the first rule broken, its code and params, and every problem beside
    the summary a crew builder shows."""
    bats = {"name": "Bats", "boss": "batman", "members": [{"card": "batman"}, {"card": "gordon"},
                                                           {"card": "talia", "rank": "Leader"}]}
    r = _check(http, {"crew": bats, "limit": 150})
    assert r.status_code == 409, r.text
    body = r.json()
    assert (body["rule"], body["reason"]) == ("REPUTATION LIMIT", "reputation_over_limit")
    assert body["params"] == {"reputation": 301, "limit": 150}
    problems = {(p["rule"], p["reason"]) for p in body["crew"]["problems"]}
    assert {("RANK", "rank_slots"), ("THE BOSS AND AFFILIATION", "affiliation")} <= problems
    assert body["crew"]["reputation"] == {"total": 301, "limit": 150, "left": -151}
    assert body["crew"]["slots"]["Leader"] == {"used": 2, "allowed": 1}


def test_an_unknown_card_or_a_malformed_crew_is_refused(http):
    """CHARACTER CARDS: a card the library does not hold (409 unknown_card); a body that is no crew,
    or beyond its bounds, is bad input (422), never a 500."""
    r = _check(http, {"crew": crew("batman", "robin")})
    assert (r.status_code, r.json()["reason"], r.json()["rule"]) == (409, "unknown_card", "CHARACTER CARDS")
    assert r.json()["params"] == {"card": "robin"}
    for body in ({"crew": {"boss": "batman"}},                                    # no members
                 {"crew": {**crew("batman"), "colour": "black"}},                 # a field a crew has not
                 {"crew": crew("batman"), "limit": 10 ** 30},                      # beyond the limit's bound
                 {"crew": {"boss": "batman", "members": [{"card": "batman"}] * 51}},
                 {"crew": crew("batman"), "cards": [{"id": "x"}]}):                # a card with no name
        r = _check(http, body)
        assert r.status_code == 422, (body, r.text)
    r = _check(http, {"crew": {**crew("batman"), "deck": [{"name": "Loot", "count": 10 ** 9}]}})
    assert (r.status_code, r.json()["reason"]) == (409, "value_out_of_range")
    r = _check(http, {"crew": crew("x"), "cards": [card("x", rank="Leader", reputation=10 ** 12)]})
    assert (r.status_code, r.json()["reason"]) == (409, "value_out_of_range")


def test_a_test_card_and_the_first_group(http):
    """DEPLOYMENT ZONES: a crew with its own cards (`cards`, as at setup) and its first group checked
    against the Encounter card (BT0056: Leader, Sidekick or Free Agent)."""
    cards = [card("boss", rank="Leader", reputation=50, funding=100), card("mook", reputation=5)]
    mob = {**crew("boss", "mook", name="Mob"), "first_group": ["mook"]}
    r = _check(http, {"crew": mob, "cards": cards, "encounter": "BT0056"})
    assert r.status_code == 409, r.text
    assert (r.json()["rule"], r.json()["reason"]) == ("DEPLOYMENT ZONES", "first_group_rank")
    assert r.json()["crew"]["reputation"]["total"] == 55 and r.json()["crew"]["funding"]["left"] == 1400
    r = _check(http, {"crew": {**mob, "first_group": ["boss"]}, "cards": cards, "encounter": "BT0056"})
    assert r.status_code == 200, r.text


# ------------------------------------------------------------------ an attack, the results in the view


def _duel(http, **target):
    t = Skirmish.of(http, crew("hitter", name="A"), crew("target", name="B"),
                    cards=[card("hitter", rank="Leader", attacks=3), card("target", rank="Leader", defense=4,
                                                                           **target)])
    t.to_execute()
    return t


def test_an_attack_answers_the_markers_inflicted_and_kept(http):
    """DAMAGE MARKERS ("the damage is considered inflicted, but the exceed is discarded"), KNOCKED
    OUT (+1 ♦ a hit on a KO model): ★5 of Willpower 6, three ★ hits inflict ★★★♦♦, ★♦♦ kept."""
    t = _duel(http)
    t.play("damage", model="b.target", stun=5)
    t.play("activate", model="a.hitter")
    _, events = t.play("melee_attack", model="a.hitter", weapon="Unarmed",
                       shares=[{"target": "b.target", "dice": 3, "strength_die": True, "attack_values": [6, 6, 6],
                                "strength_value": 1, "defense_values": [1, 1, 1, 1]}])
    data = next(e["data"] for e in events if e["kind"] == "attack")
    assert (data["inflicted"], data["kept"]) == ({"stun": 3, "injury": 2}, {"stun": 1, "injury": 2})
    target = t.model("b.target")
    assert (target["stun"], target["injury"]) == (6, 2)


def test_results_stay_in_every_phone_view(http):
    """MELEE ATTACK (the declared melee, its Efforts and dice), TAKE THE LEAD: the last attack and the
    roll for the lead stay in the table every phone reads — the defender's, a spectator's, a phone
    with no seat — not only in the writer's answer, until the next of the same kind."""
    t = _duel(http)
    lead = t.view("player:b")["results"]["lead"]
    assert (lead["winner"], lead["initiative"], lead["rolls"]["a"]["die"], lead["rolls"]["b"]["die"]) == ("a", "a", 6, 1)
    t.play("activate", "player:a", model="a.hitter")
    t.play("declare_melee", "player:a", model="a.hitter", weapon="Unarmed",
           shares=[{"target": "b.target", "dice": 3, "strength_die": True}])
    t.play("defend", "player:b", model="b.target", effort=1)
    t.play("attack_effort", "player:a", model="a.hitter", effort=0)
    answer, events = t.play("roll_melee", "player:a", model="a.hitter",
                            rolls=[{"target": "b.target", "attack_values": [5, 2], "strength_value": 6,
                                    "defense_values": [1, 1, 1, 1], "critical": "Knocked Down"}])
    attack = answer["results"]["attack"]
    assert (attack["kind"], attack["attacker"], attack["effort"]) == ("melee", "a.hitter", 0)
    assert attack["targets"][0]["standing"] == 2 and attack["targets"][0]["critical_effect"] == "Knocked Down"
    t.play("end_activation", "player:a", model="a.hitter")
    for seat in ("player:b", "spectator", None, "host"):
        assert t.view(seat)["results"]["attack"] == attack
    t.play("activate", "player:b", model="b.target")
    t.play("melee_attack", "player:b", model="b.target", weapon="Unarmed",
           shares=[{"target": "a.hitter", "dice": 3, "strength_die": True, "attack_values": [1, 1, 1],
                    "strength_value": 1}])
    later = t.view("player:a")["results"]
    assert later["attack"]["attacker"] == "b.target" and later["attack"]["seq"] > attack["seq"]
    assert later["lead"] == lead


def test_the_recovery_result_is_in_the_view(http):
    """RECOVERY (Recount step 5): the KO model's Endurance roll stays in every phone's view."""
    t = Skirmish.of(http, crew("a1", name="A"), crew("b1", name="B"),
                    cards=[card("a1", rank="Leader", special=3, endurance=6), card("b1", rank="Leader")])
    t.to_execute()
    t.play("damage", model="a.a1", stun=6)
    t.finish_activations()
    t.to_recount_step(5)
    t.play("recovery_roll", "player:a", model="a.a1", values=[4, 3])
    recovery = t.view("player:b")["results"]["recovery"]
    assert (recovery["model"], recovery["total"], recovery["endurance"], recovery["passed"]) == ("a.a1", 7, 6, False)


# ------------------------------------------------------------------ a move's distance


def test_a_move_beyond_the_allowance_is_refused(http):
    """MOVEMENT ACTION and Impaired Movement: Movement 8 and a Jump move at most 4"; 5" is refused,
    naming the rule, and changes nothing (the Movement action is still there); 3.5" is moved."""
    t = Skirmish.of(http, crew("runner", name="A"), crew("foe", name="B"),
                    cards=[card("runner", rank="Leader", movement=8), card("foe", rank="Leader")])
    t.to_execute()
    t.play("activate", model="a.runner")
    refused = t.no("move", "beyond_move_distance", "player:a", model="a.runner", impaired=1, distance=5)
    assert refused["rule"] == "MOVEMENT ACTION"
    assert refused["params"] == {"model": "a.runner", "distance": 5, "bmd": 4, "movement": 8, "impaired": 1}
    _, events = t.play("move", "player:a", model="a.runner", impaired=1, distance=3.5)
    assert events[-1]["data"]["distance"] == 3.5 and events[-1]["data"]["bmd"] == 4
    t.refused("player:a", "move", "out_of_bounds", status=422, model="a.runner", distance=10 ** 6)


# ------------------------------------------------------------------ models by name


def test_models_named_by_alias_or_name_over_http(http):
    """CHARACTER CARDS › Name, Alias: commands name a model by id, Alias or Name in any case; a name
    no model has is not found (404 unknown_model, the models known), a shared one is refused
    (ambiguous_model, the ids)."""
    t = Skirmish.of(http, crew("batman", "gordon", name="Bats"), crew("joker", "thug", name="Joker"))
    t.to_execute()
    _, events = t.play("activate", "player:a", model="commissioner gordon")
    assert events[0]["data"]["model"] == "a.gordon"
    r = t.refused("player:a", "skill_roll", "unknown_model", status=404, model="Robin", skill="willpower")
    assert r["params"]["known"] == ["a.batman", "a.gordon", "b.joker", "b.thug"]
    _, events = t.play("skill_roll", "player:b", model="THUG", skill="willpower", against="James Gordon",
                       values=[6, 6])
    assert (events[0]["data"]["model"], events[0]["data"]["against"]) == ("b.thug", "a.gordon")
    # the seat's rights read the model named: the Thug is not player:a's
    t.refused("player:a", "skill_roll", "not_your_seat", status=403, model="Thug", skill="willpower")
    r = http.post(f"/api/tables/{t.code}/previews/skill_roll", json={"model": "Joker", "skill": "willpower"},
                  token=None)
    assert r.status_code == 200 and r.json()["dice"] == t.model("b.joker")["skills"]["special"], r.text


def test_an_ambiguous_name_over_http(http):
    """CHARACTER CARDS › Name: two crews both field a Goon (test cards): "goon" is refused with both ids."""
    cards = [{**card("goon-a", name="Goon", alias="Goon"), "affiliations": ["Batman"]},
             {**card("goon-b", name="Goon", alias="Goon"), "affiliations": ["Joker"]}]
    t = Skirmish.of(http, crew("batman", "goon-a", name="Bats"), crew("joker", "goon-b", name="Joker"), cards=cards)
    r = t.refused("host", "damage", "ambiguous_model", model="goon", stun=1)
    assert r["params"]["matches"] == ["a.goon-a", "b.goon-b"] and r["rule"] == "CHARACTER CARDS"


def test_a_move_preview_answers_the_allowance(http):
    """MOVEMENT ACTION, Stand Up: before moving, the phone asks the allowance: Movement 8, Knocked
    Down, one Climb: 8 − 4 − 4 = 0"; nothing changes."""
    t = Skirmish.of(http, crew("runner", name="A"), crew("foe", name="B"),
                    cards=[card("runner", rank="Leader", movement=8), card("foe", rank="Leader")])
    before = t.version()
    r = http.post(f"/api/tables/{t.code}/previews/move", json={"model": "A.RUNNER", "impaired": 1, "stand_up": True},
                  token=None)
    assert r.status_code == 200, r.text
    assert r.json() == {"bmd": 0, "movement": 8, "impaired": 2}
    assert t.version() == before
