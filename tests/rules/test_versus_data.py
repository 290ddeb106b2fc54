"""Versus booklet data: HQ powers (chapter II) and missions, as entered in games/bgcc/data."""

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from games.bgcc.definitions import MISSION_RULE_KINDS

DATA = Path(__file__).resolve().parents[2] / "games" / "bgcc" / "data"
POWERS_DOC = json.loads((DATA / "versus-powers.json").read_text(encoding="utf-8"))
MISSIONS_DOC = json.loads((DATA / "versus-missions.json").read_text(encoding="utf-8"))
POWERS = POWERS_DOC["powers"]
MISSIONS = MISSIONS_DOC["missions"]
BY_ID = {p["id"]: p for p in POWERS}

SIDES = {"heroes", "villain"}
TYPES = {"special_event", "permanent"}
ZONES = {"available", "unavailable", "spent"}
WHO = {"self", "opponent"}
SPACES = {"movement", "defense", "reroll"}
COMMON_FIELDS = {"op", "condition", "optional", "timing", "while", "details", "target", "branch", "successes",
                 "one_per_space"}

# Power entries per character, counted in the booklet's chapter II. Two entries for a character are the
# powers printed with "ET" (Red Robin, Robin (Damian Wayne)); "OU" choices are alternatives of one entry.
# Catwoman / Catwoman (The Long Halloween) and Harley Quinn / Harley Quinn (With Hammer) share one printed power.
BOOKLET_HEROES = {
    "Alfred": 1, "Azrael": 1, "Batgirl (Barbara Gordon)": 1, "Batman": 1, "Batman (The Dark Knight Returns)": 1,
    "Batman (Zero Year)": 1, "Batman (Year 100)": 1, "Batwing": 1, "Batwoman": 1, "Black Canary": 1,
    "Blue Bird": 1, "Bruce Wayne": 1, "Catwoman": 1, "Catwoman (The Long Halloween)": 1, "Commissioner Gordon": 1,
    "Duke": 1, "Green Arrow": 1, "Harvey Bullock": 1, "Huntress": 1, "Julia Pennyworth": 1, "Katana": 1,
    "Nightwing": 1, "Oracle": 1, "Orphan (Cassandra Cain)": 1, "Red Hood (Jason Todd)": 1, "Red Robin": 2,
    "Renee Montoya": 1, "Robin (Damian Wayne)": 2, "Robin (Tim Drake)": 1, "Spoiler": 1,
}
BOOKLET_VILLAINS = {
    "Bane": 1, "Bane (Venom Injected)": 1, "Black Mask": 1, "Clayface": 1, "Deadshot": 1, "Deathstroke": 1,
    "Doctor Death": 1, "Firefly": 1, "Harley Quinn": 1, "Harley Quinn (With Hammer)": 1, "Hugo Strange": 1,
    "Hush": 1, "Jason Todd (Hush)": 1, "Jervis Tetch": 1, "The Joker": 1, "The Joker (Mr. Joe)": 1,
    "Killer Croc": 1, "Killer Moth": 1, "Man-Bat": 1, "Mr. Freeze": 1, "Mr. Bloom": 1, "Orphan (David Cain)": 1,
    "The Penguin": 1, "Poison Ivy": 1, "Prof. Pyg": 1, "Ra's al Ghul": 1, "Ratcatcher": 1,
    "Red Hood": 1, "Scarecrow": 1, "Solomon Grundy": 1, "Talon": 1, "The Riddler": 1, "Tusk": 1,
    "Two-Face (Heads)": 1, "Two-Face (Tails)": 1, "Wrath": 1, "Zsasz": 1,
}
# Alternatives ("OU") per power, where the booklet offers a choice.
BOOKLET_CHOICES = {
    "alfred-soin": 2, "azrael-lame-enflammee": 2, "batgirl-barbara-gordon-batarang-teleguide": 2,
    "batman-the-dark-knight-returns-sans-limites": 2, "batman-zero-year-tir-precis": 2, "batwing-choc-electrique": 2,
    "black-canary-cri": 2, "blue-bird-taser-rifle": 2, "duke-precognition": 2, "huntress-attaque-tournoyante": 2,
    "renee-montoya-freeze": 2, "robin-tim-drake-hackeur-ne": 2, "bane-injection-de-venin": 2,
    "black-mask-motivation-extreme": 2, "doctor-death-serum-du-berserk": 2, "firefly-purification-par-le-feu": 2,
    "jason-todd-hush-charge-brutale": 2, "the-joker-venin-du-joker": 2, "the-joker-mr-joe-terreur": 2,
    "killer-moth-miasme": 2, "man-bat-le-transporteur": 2, "mr-freeze-ere-glaciaire": 2,
    "the-penguin-parapluie-multifonction": 2, "solomon-grundy-resurrection": 2, "talon-resurrection": 2,
    "zsasz-scarification": 2,
}


def _text(value):
    return isinstance(value, str) and value.strip() != ""


def _count(value, allowed=()):
    return (isinstance(value, int) and not isinstance(value, bool) and value > 0) or value in allowed


def _end(value):
    return isinstance(value, dict) and set(value) == {"side", "zone"} and value["side"] in WHO and value["zone"] in ZONES


# op -> (required fields, validators, extra optional fields)
OPS = {
    "recover_discs": ({"count": _count}, set()),
    "recover_cubes": ({"count": _count}, set()),
    "transfer_discs": ({"count": lambda v: _count(v, ("difference",)), "from": _end, "to": _end}, set()),
    "disc_cost_modifier": ({"amount": lambda v: isinstance(v, int) and v != 0, "target": _text, "while": _text}, set()),
    "free_activation": ({"disc_cost": lambda v: isinstance(v, int) and v >= 0,
                         "cube_cost": lambda v: v is None or (isinstance(v, int) and v >= 0)}, set()),
    "hacking_token": ({"count": _count,
                       "spaces": lambda v: isinstance(v, list) and v and set(v) <= SPACES and len(set(v)) == len(v)},
                      set()),
    "swap_river_tiles": ({"side": lambda v: v in WHO}, set()),
    "opposing_tile_last": ({}, set()),
    "restore_life_points": ({"target": _text}, set()),
    "wounds": ({"count": lambda v: _count(v, ("successes",)), "target": _text}, {"roll"}),
    "character_activation": ({"details": _text}, set()),
    # extra_operations of versus-powers.json
    "activations_already_made": ({"count": _count, "side": lambda v: v in WHO, "turn": lambda v: v == "next"}, set()),
    "heal": ({"count": _count, "target": _text}, set()),
    "replace_event_tile": ({"with": _text, "timing": _text}, set()),
    "replace_character_tile": ({"from": _text, "to": _text}, {"life_points", "hq_power_becomes"}),
    "set_life_points": ({"target": _text, "value": lambda v: v == "half_rounded_down"}, set()),
    "neutralize": ({"target": _text}, set()),
    "unneutralize_tile": ({"target": _text}, set()),
    "event_tile_never_neutralized": ({}, set()),
}
MISSION_OPS = {
    "set_cube_recovery": ({"value": lambda v: isinstance(v, int) and v >= 0}, set()),
    "remove_neutralized_tile": ({"count": _count}, set()),
    "forbid_dredging": ({"demobilization_allowed": lambda v: isinstance(v, bool)}, set()),
    "forbid_demobilization": ({"tile": _text}, set()),
}


def _check_op(op, vocabulary):
    assert isinstance(op, dict) and op.get("op") in vocabulary, op
    required, optional = vocabulary[op["op"]]
    for field, valid in required.items():
        assert field in op and valid(op[field]), (op, field)
    unknown = set(op) - set(required) - optional - COMMON_FIELDS
    assert not unknown, (op, unknown)
    for field in ("condition", "timing", "while", "details", "target"):
        if field in op:
            assert _text(op[field]), (op, field)
    if "optional" in op:
        assert op["optional"] is True, op
    if op["op"] == "wounds":
        assert (op["count"] == "successes") == ("roll" in op), op
        if "roll" in op:
            assert _text(op["roll"]), op
    if op["op"] == "replace_character_tile" and "hq_power_becomes" in op:
        assert op["hq_power_becomes"] in BY_ID, op


def test_format_fields():
    assert POWERS_DOC["format"] == "gotham-companion/versus-powers"
    assert POWERS_DOC["version"] == 1
    assert POWERS_DOC["source"] == "bgcc-versus-booklet-fr.md"
    assert MISSIONS_DOC["format"] == "gotham-companion/versus-missions"
    assert MISSIONS_DOC["version"] == 1


def test_extra_operations_are_described():
    described = {e["op"] for e in POWERS_DOC["extra_operations"]}
    assert described == {"activations_already_made", "heal", "replace_event_tile", "replace_character_tile",
                         "set_life_points", "neutralize", "unneutralize_tile", "event_tile_never_neutralized"}
    assert all(_text(e["meaning"]) for e in POWERS_DOC["extra_operations"])
    assert {e["op"] for e in MISSIONS_DOC["extra_operations"]} == set(MISSION_OPS)


@pytest.mark.parametrize("power", POWERS, ids=[p["id"] for p in POWERS])
def test_power_shape(power):
    assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", power["id"])
    for field in ("character", "name_fr", "name_en", "flavour_fr", "flavour_en"):
        assert _text(power[field]), field
    assert power["side"] in SIDES
    assert power["type"] in TYPES
    alternatives = power["alternatives"]
    assert isinstance(alternatives, list) and alternatives
    assert power["type"] == alternatives[0]["type"]
    for alt in alternatives:
        assert alt["type"] in TYPES
        for field in ("text_fr", "text_en", "reminder", "flavour_fr", "flavour_en"):
            assert _text(alt[field]), field
        assert isinstance(alt["operations"], list)
        for op in alt["operations"]:
            _check_op(op, OPS)
    if any(alt["operations"] for alt in alternatives):
        assert "reminder_only_reason" not in power
    else:
        assert _text(power.get("reminder_only_reason"))
    for link in ("linked_to", "shared_with"):
        if link in power:
            other = BY_ID[power[link]]
            assert other[link] == power["id"] and other["side"] == power["side"]


def test_power_ids_unique():
    ids = [p["id"] for p in POWERS]
    assert len(ids) == len(set(ids))


def test_power_count_per_character():
    heroes = Counter(p["character"] for p in POWERS if p["side"] == "heroes")
    villains = Counter(p["character"] for p in POWERS if p["side"] == "villain")
    assert dict(heroes) == BOOKLET_HEROES
    assert dict(villains) == BOOKLET_VILLAINS
    assert sum(heroes.values()) == 32 and sum(villains.values()) == 37


def test_alternatives_per_power():
    choices = {p["id"]: len(p["alternatives"]) for p in POWERS if len(p["alternatives"]) > 1}
    assert choices == BOOKLET_CHOICES


def test_key_bookkeeping_powers():
    ops = {p["id"]: [op for a in p["alternatives"] for op in a["operations"]] for p in POWERS}
    assert ops["oracle-stratege-aguerrie"] == [
        {"op": "recover_discs", "count": 1, "timing": "upkeep of the heroes' turn",
         "while": "Oracle is not neutralized"}]
    assert ops["julia-pennyworth-planification-militaire"][0]["count"] == 2
    assert ops["julia-pennyworth-planification-militaire"][0]["op"] == "recover_cubes"
    robin = ops["robin-damian-wayne-enfant-prodige-permanent"][0]
    assert robin["op"] == "disc_cost_modifier" and robin["amount"] == 1 and robin["target"] == "own_lieutenant_tile"
    assert ops["ras-al-ghul-leader-veteran"][0]["op"] == "free_activation"
    assert ops["red-robin-cyberattaque"][0]["spaces"] == ["movement", "defense", "reroll"]
    batwoman = ops["batwoman-avantage-strategique"][0]
    assert batwoman["from"] == {"side": "opponent", "zone": "unavailable"}
    assert batwoman["to"] == {"side": "opponent", "zone": "spent"}
    harley = ops["harley-quinn-folie-douce"]
    assert [o["op"] for o in harley] == ["transfer_discs", "swap_river_tiles"]
    assert harley[0]["from"]["side"] == "opponent" and harley[0]["to"] == {"side": "self", "zone": "available"}
    assert {o["count"] for o in ops["the-riddler-duel-d-esprit"] if o["op"] == "transfer_discs"} == {"difference", 1}
    assert [o["op"] for o in ops["the-joker-mr-joe-terreur"]] == ["wounds", "opposing_tile_last"]
    for who in ("solomon-grundy-resurrection", "talon-resurrection"):
        assert [a["type"] for a in BY_ID[who]["alternatives"]] == ["permanent", "special_event"]


def _null_fields(mission):
    nulls = [k for k in ("board", "event", "turn_limit") if mission.get(k) is None]
    for side in ("heroes", "villain"):
        data = mission["sides"][side]
        nulls += [f"{side}.{k}" for k in ("reserve", "fatigue", "recovery", "river") if data[k] is None]
        nulls += [f"{side}.discs.{k}" for k in ("available", "unavailable", "recovery") if data["discs"][k] is None]
    return nulls


def _non_negative(value):
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


@pytest.mark.parametrize("mission", MISSIONS, ids=[m["id"] for m in MISSIONS])
def test_mission_shape(mission):
    assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", mission["id"])
    assert _text(mission["name_fr"]) and _text(mission["name_en"])
    assert mission["initiative"] in SIDES
    limit = mission["turn_limit"]
    assert (isinstance(limit, int) and 1 <= limit <= 12) or (limit is None and "turn_limit" in mission["missing"])
    assert set(mission["sides"]) == SIDES
    for side, data in mission["sides"].items():
        for key in ("reserve", "fatigue", "recovery"):
            assert data[key] is None or _non_negative(data[key]), (side, key)
        discs = data["discs"]
        for key in ("available", "unavailable"):
            assert discs[key] is None or _non_negative(discs[key]), (side, key)
        recovery = discs["recovery"]
        assert recovery is None or _non_negative(recovery) or (
            isinstance(recovery, list) and len(recovery) == 12 and all(map(_non_negative, recovery)))
        river = data["river"]
        assert river is None or (isinstance(river, list) and all(map(_text, river)))
    # every null is asked to the players, and "missing" names only nulls
    assert sorted(_null_fields(mission)) == sorted(mission["missing"])
    for fr, en in (("special_rules_fr", "special_rules_en"), ("end_game_fr", "end_game_en"),
                   ("victory_fr", "victory_en")):
        assert mission[fr] and len(mission[fr]) == len(mission[en])
        assert all(map(_text, mission[fr] + mission[en]))
    # every special rule of the booklet has its rule entry, quoting the booklet's French text
    assert [r["text_fr"] for r in mission["rules"]] == mission["special_rules_fr"]
    for rule in mission["rules"]:
        assert rule["sides"] and set(rule["sides"]) <= SIDES and rule["kind"] in MISSION_RULE_KINDS
        assert rule["text_fr"].startswith(rule["name_fr"]) and _text(rule["text_en"])
        if rule["kind"] == "action":
            assert rule["action"] in ("manipulation", "thought") and rule["counter"]
            assert f"difficulté {rule['difficulty']}" in rule["text_fr"], rule["id"]
        for op in rule.get("operations", []):
            _check_op(op, {**OPS, **MISSION_OPS})


def test_missions():
    ids = [m["id"] for m in MISSIONS]
    assert len(ids) == len(set(ids)) == 8
    by_id = {m["id"]: m for m in MISSIONS}
    assert {i: (m["initiative"], m["turn_limit"]) for i, m in by_id.items()} == {
        "desamorcer-la-situation": ("villain", 8),
        "petite-brouille-entre-ennemis": ("villain", 7),
        "stopper-le-trafic": ("heroes", 8),
        "prise-d-otages": ("heroes", 8),
        "toxicite-maximale": ("heroes", 8),
        "duel-dans-la-ruelle": ("heroes", 8),
        "fuite-de-cerveaux": ("heroes", 8),
        "drogue-en-stock": ("villain", 7),
    }
    for side in SIDES:
        assert by_id["stopper-le-trafic"]["sides"][side]["discs"]["recovery"] == [3, 3, 3] + [2] * 9
        assert by_id["duel-dans-la-ruelle"]["sides"][side]["discs"]["recovery"] == [2] * 4 + [3] * 4 + [2] * 4
        assert by_id["toxicite-maximale"]["sides"][side]["recovery"] == 5
