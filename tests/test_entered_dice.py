"""Issue 28 point 1: a player cannot choose the app's dice. Randomness enters a game only through
the `rng` the server passes to `Game.apply`; a command field holding what dice show is marked
`entered_dice` in the game's commands and accepted only while the table's dice are physical
(BGCC IX·D, BMG THE FIRST STEPS › Dice; GCSG's fight dice are always the players' real dice).

The first tests walk every command of every registered game (the registries, not a list written
here): a field whose name says it holds a die's value must be marked, or be named below as what it
really holds. The others send the cheat over HTTP: `drawn` faces and shown faces at a table whose
app rolls."""
from __future__ import annotations

import dataclasses
import random
import re
import typing

import pytest

import games
from tests.bmg.helpers import crew
from tests.bmg.helpers import table as bmg_table
from tests.gcsg.support import table as gcsg_table
from tests.rules.versus_fixtures import drafted
from tests.tables import advance_to, new_table, table_body

# A field name that says "what a die shows": such a field must be marked `entered_dice`, or be
# listed in NOT_A_DIE with what it holds instead.
DIE_WORDS = re.compile(r"value|face|drawn|shown|success|roll|result|seed|rng|random|die|dice|natural|score|count")

NOT_A_DIE = {
    ("reroll_dice", "dice"): "which dice are rerolled: indexes into the roll (VIII)",
    ("calibrate_dice", "faces"): "the successes printed on each face of a colour, as read on the table's dice (IX·D)",
    ("ranged_attack", "strength_die_removed"): "a rule's effect: the Strength die is not rolled",
    ("roll_melee", "rolls"): "each target's share of the attack; its dice fields are walked and marked themselves",
    ("declare_melee", "shares"): "each target's share of the attack; its dice fields are walked and marked themselves",
    ("melee_attack", "shares"): "each target's share of the attack; its dice fields are walked and marked themselves",
    ("MeleeShare", "dice"): "how many attack dice are allocated to the target, not what they show",
    ("MeleeShare", "strength_die"): "whether the Strength die goes to this target",
    ("reload", "count"): "magazines found (Ammo Crates)",
    ("mulligan", "count"): "Objective cards discarded and redrawn",
    ("draw_cards", "count"): "cards drawn",
    ("hire", "count"): "Henchmen hired",
    ("HenchmenMove", "count"): "Henchmen moved",
    # printed definitions a command carries (an item picked up, an HQ tile and its powers): what a
    # card prints (pools, automatic successes, a power's operations), not what a die shows
    ("ActionCharacteristic", "dice"): "the dice a printed characteristic rolls (a pool)",
    ("Bonus", "dice"): "the dice a printed item adds to a pool",
    ("Bonus", "automatic_successes"): "an item's printed automatic successes",
    ("Dice", "count"): "how many dice of a colour a printed pool holds",
    ("Dice", "free_reroll"): "whether a printed die has a free reroll",
    ("Operation", "count"): "a printed power's number",
    ("Operation", "successes"): "the successes a printed power's die must show for the operation to apply",
    ("Operation", "count_from_successes"): "whether a printed power counts the successes of a roll",
}

# Dice the app offers no roll for, in any mode: read on real dice and entered. Not a way to set a
# die the app rolls (it rolls none there), but open to the same doubt as any physical die: left
# as it is, named here so that it stays the only one.
ROLLED_AT_THE_TABLE = {
    ("resolve_power", "count"): "a Versus HQ power's own dice (Versus II: Duke's two orange dice, Deathstroke's red "
                                "die…), rolled at the table: the booklet's data does not say which dice, so the app "
                                "cannot roll them",
}

# A table of each game at setup, its dice rolled by the app when the game has such a mode.
SERVER_TABLES = {
    "bgcc": lambda: games.get("bgcc").setup(table_body()),
    "bgcc-versus": lambda: drafted(),
    "bmg": lambda: bmg_table(crew("batman", "gordon"), crew("joker", "thug"), dice=games.SERVER_DICE),
    "gcsg": lambda: gcsg_table(["joker", "penguin"]),
}


def physical(game: games.Game, state):
    """The same table with its dice physical (each game keeps its mode in its own state)."""
    if game.name.startswith("bgcc"):
        state.dice.mode = games.PHYSICAL_DICE
    elif game.name == "bmg":
        state = dataclasses.replace(state, dice=games.PHYSICAL_DICE)
    return state


def _inner(hint):
    """The dataclass a field holds (itself, optional, or in a list or tuple), else None."""
    for arg in (hint, *typing.get_args(hint)):
        if dataclasses.is_dataclass(arg):
            return arg
        for sub in typing.get_args(arg):
            if dataclasses.is_dataclass(sub):
                return sub
    return None


def walk(cls, owner: str):
    """Every field of `cls` and of the dataclasses it nests: (owner, field, hint)."""
    hints = typing.get_type_hints(cls)
    for f in dataclasses.fields(cls):
        yield owner, f, hints[f.name]
        inner = _inner(hints[f.name])
        if inner is not None:
            yield from walk(inner, inner.__name__)


def every_command():
    for name in games.names():
        game = games.get(name)
        for command, cls in game.command_types().items():
            yield game, command, cls


def test_the_walk_reaches_every_game_and_the_dice_fields_of_each():
    walked = {(g.name, c) for g, c, _ in every_command()}
    assert {g for g, _ in walked} == set(games.names()) == set(SERVER_TABLES)
    marked = {(g.name, c, f.name) for g, c, cls in every_command() for _, f, _ in walk(cls, c)
              if f.metadata.get(games.ENTERED_DICE)}
    assert {("bgcc", "roll_dice", "faces"), ("bgcc", "reroll_dice", "shown"), ("bmg", "roll_lead", "value"),
            ("bmg", "roll_melee", "defense_values"), ("gcsg", "roll_fight", "dice")} <= marked


def test_no_command_field_carries_a_die_unless_marked_as_entered_dice():
    """Every field of every command of every game whose name says it holds what a die shows is
    marked `entered_dice` (so the game refuses it unless the table's dice are physical), or is
    listed in NOT_A_DIE with what it holds instead. A new such field fails here until decided."""
    unmarked = sorted({(g.name, owner, f.name) for g, command, cls in every_command() for owner, f, _ in walk(cls, command)
                       if DIE_WORDS.search(f.name) and not f.metadata.get(games.ENTERED_DICE)
                       and (owner, f.name) not in NOT_A_DIE and (owner, f.name) not in ROLLED_AT_THE_TABLE})
    assert not unmarked, f"fields that may carry a die's value, neither marked entered_dice nor in NOT_A_DIE: {unmarked}"
    listed = {(owner, f.name) for _, command, cls in every_command() for owner, f, _ in walk(cls, command)}
    assert set(NOT_A_DIE) | set(ROLLED_AT_THE_TABLE) <= listed, "the lists name fields no command has"


def _value(hint, die: bool):
    """A value of the field's type; for a die, a 6 (or the game's "bat" face where a die is a dict)."""
    if typing.get_origin(hint) in (typing.Union, getattr(__import__("types"), "UnionType")):
        return _value(next(a for a in typing.get_args(hint) if a is not type(None)), die)
    origin = typing.get_origin(hint) or hint
    if origin in (list, tuple):
        return [_value(typing.get_args(hint)[0], die)] if die else []
    if origin is dict:
        return {"batman": 6} if die else {}
    if dataclasses.is_dataclass(hint):
        return _build(hint)
    return {int: 6 if die else 1, float: 1.0, bool: False, str: "x"}.get(origin, None)


def _build(cls, set_field: str | None = None, nested: tuple | None = None):
    """An instance of the command `cls`: required fields filled, `set_field` given a die, or the
    nested dataclass field `nested` = (field, inner field) given one."""
    hints = typing.get_type_hints(cls)
    values = {}
    for f in dataclasses.fields(cls):
        if f.name == set_field:
            values[f.name] = _value(hints[f.name], True)
        elif nested is not None and f.name == nested[0]:
            inner = _inner(hints[f.name])
            values[f.name] = (_build(inner, nested[1]),)
        elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            values[f.name] = _value(hints[f.name], False)
    return cls(**values)


def entered_fields():
    """(game, command, an instance giving one entered-dice field, the field's path)."""
    for game, command, cls in every_command():
        hints = typing.get_type_hints(cls)
        for f in dataclasses.fields(cls):
            if f.metadata.get(games.ENTERED_DICE):
                yield game, command, _build(cls, set_field=f.name), f.name
            inner = _inner(hints[f.name])
            if inner is not None:
                for g in dataclasses.fields(inner):
                    if g.metadata.get(games.ENTERED_DICE):
                        yield game, command, _build(cls, nested=(f.name, g.name)), f"{f.name}[0].{g.name}"


def test_every_entered_dice_field_is_refused_while_the_app_rolls():
    """For each game whose app rolls dice, each command giving any one entered-dice field is refused
    (409 dice_rolled_by_app, naming the field) at a table whose dice are the app's, before any other
    rule; at a physical table the same command is not refused for its dice. A game that rolls no
    die (GCSG) keeps its tables physical."""
    seen = 0
    for game, command, cmd, path in entered_fields():
        state = SERVER_TABLES[game.name]()
        given = games.entered(cmd)
        assert path in given  # with the command's required entered fields (an attack's successes)
        if game.dice_mode(state) == games.PHYSICAL_DICE:
            assert game.name == "gcsg", f"{game.name} tables start with physical dice"
            continue
        with pytest.raises(game.refusal) as refused:
            game.apply(state, cmd, random.Random(1))
        assert (refused.value.code, refused.value.params["fields"]) == ("dice_rolled_by_app", given), command
        seen += 1
        try:  # the made-up names of this command may well be refused (or unknown to the bare rules)
            game.apply(physical(game, SERVER_TABLES[game.name]()), cmd, random.Random(1))
        except Exception as other:  # noqa: BLE001
            assert getattr(other, "code", None) != "dice_rolled_by_app", command
    assert seen >= 15


# ------------------------------------------------------------------------------ the cheat over HTTP


def _rolled_faces(response) -> list[int]:
    events = [e for e in response.json()["events"] if e["kind"] in ("dice_rolled", "dice_rerolled")]
    return [d["face"] for e in events for d in e["data"]["dice"]]


def test_a_client_cannot_choose_the_app_s_dice_over_http(http):
    """The attack of issue 28: at a table whose app rolls (server mode), roll_dice and reroll_dice
    with `drawn` faces are refused (422 unknown_field: no command has the field) and change nothing;
    the faces rolled are the server's; faces,
    shown faces, a success count and an attack or action "resolved" with its successes are refused
    (409 dice_rolled_by_app) and change nothing."""
    code = new_table(http)["code"]
    advance_to(http, code, "heroes.actions")
    before = http.get(f"/api/tables/{code}").headers["ETag"]
    for path, body in (("/commands/attack", {"hero": "batman", "kind": "melee", "cubes": 1, "successes": 9,
                                                  "target_miniature": "killer-croc.1"}),
                       ("/commands/complex_action", {"hero": "batman", "action": "thought", "cubes": 1, "successes": 9,
                                                          "difficulty": 1})):
        refused = http.post(f"/api/tables/{code}{path}", json=body)  # an attack's result, chosen by the client
        assert refused.status_code == 409 and refused.json()["reason"] == "dice_rolled_by_app", refused.text
        assert http.get(f"/api/tables/{code}").headers["ETag"] == before
    five = [5] * 40
    faces = []
    for hero, cubes in (("batman", 3), ("commissioner-gordon", 2)):
        r = http.post(f"/api/tables/{code}/commands/start_roll", json={"action": "melee", "hero": hero, "cubes": cubes,
                                                              "target_miniature": "killer-croc.1"})
        assert r.status_code == 200, r.text
        for path, body in ((f"/api/tables/{code}/commands/roll_dice", {"shown": [3] * cubes}),
                           (f"/api/tables/{code}/commands/roll_dice", {"faces": [5] * cubes}),
                           (f"/api/tables/{code}/commands/roll_dice", {"shown": [3] * cubes}),
                           (f"/api/tables/{code}/commands/roll_dice", {"faces": [5] * cubes}),
                           (f"/api/tables/{code}/commands/roll_dice", {"successes": 9})):
            before = http.get(f"/api/tables/{code}").headers["ETag"]
            refused = http.post(path, json=body)
            assert refused.status_code == 409 and refused.json()["reason"] == "dice_rolled_by_app", refused.text
            assert http.get(f"/api/tables/{code}").headers["ETag"] == before
        before = http.get(f"/api/tables/{code}").headers["ETag"]
        for path, body in ((f"/api/tables/{code}/commands/roll_dice", {"drawn": five}),
                           (f"/api/tables/{code}/commands/reroll_dice", {"step": "paid", "dice": [0], "drawn": five})):
            refused = http.post(path, json=body)  # no command has such a field: refused, never dropped
            assert refused.status_code == 422 and refused.json()["reason"] == "unknown_field", refused.text
            assert refused.json()["params"]["field"] == "drawn"
            assert http.get(f"/api/tables/{code}").headers["ETag"] == before
        r = http.post(f"/api/tables/{code}/commands/roll_dice", json={})
        assert r.status_code == 200, r.text
        faces += [d["face"] for e in r.json()["events"] if e["kind"] == "dice_rolled" for d in e["data"]["dice"]]
        refused = http.post(f"/api/tables/{code}/commands/reroll_dice", json={"step": "paid", "dice": [1], "faces": [5]})
        assert refused.status_code == 409 and refused.json()["reason"] == "dice_rolled_by_app", refused.text
        r = http.post(f"/api/tables/{code}/commands/reroll_dice", json={"step": "paid", "dice": [0]})
        assert r.status_code == 200, r.text
        faces += [x["face_after"] for e in r.json()["events"] if e["kind"] == "dice_rerolled"
                  for x in e["data"]["rerolls"]]
        assert http.post(f"/api/tables/{code}/commands/abandon_roll").status_code == 200
    assert len(faces) == 7
    assert faces != [5] * 7, "the client's drawn faces were rolled"  # by chance: 6^-7


def test_a_bmg_table_whose_app_rolls_refuses_entered_dice_over_http(http):
    """BMG: a table set up with `dice: server` refuses a lead roll's entered value (409); with no
    value the app rolls. A table set up without the option keeps the players' real dice (physical)."""
    body = {"players": [{"id": "a", "name": "Ann", "crew": {"name": "Bats", "boss": "batman",
                                                          "members": [{"card": "batman"}, {"card": "gordon"}]}},
                        {"id": "b", "name": "Bob", "crew": {"name": "Clowns", "boss": "joker",
                                                          "members": [{"card": "joker"}, {"card": "thug"}]}}],
            "dice": "server"}
    r = http.post("/api/games/bmg/tables", json=body)
    assert r.status_code == 201, r.text
    created = r.json()
    assert created["dice"] == {"mode": "server"}
    code = created["code"]
    refused = http.post(f"/api/tables/{code}/commands/roll_lead", json={"player": "a", "value": 6})
    assert refused.status_code == 409, refused.text
    assert (refused.json()["reason"], refused.json()["params"]["fields"]) == ("dice_rolled_by_app", ["value"])
    rolled = http.post(f"/api/tables/{code}/commands/roll_lead", json={"player": "a"})
    assert rolled.status_code == 200, rolled.text
    r = http.post("/api/games/bmg/tables", json={k: v for k, v in body.items() if k != "dice"})
    assert r.status_code == 201 and r.json()["dice"] == {"mode": "physical"}
    entered = http.post(f"/api/tables/{r.json()['code']}/commands/roll_lead", json={"player": "a", "value": 6})
    assert entered.status_code == 200, entered.text


def test_a_table_whose_app_rolls_offers_no_command_that_needs_entered_dice():
    """`may` (C2) offers an attack, a complex action or a throw resolved with the successes read on
    real dice only at a physical table (IX·D); while the app rolls, the dice flow is offered."""
    from games.bgcc import registry
    from tests.rules.test_engine_rules import advance_to as advance, make
    needing = {registry.BY_TYPE[cls].name for cls in registry.ENTERS_DICE}
    assert needing == {"attack", "complex_action", "throw"}
    table = advance(make(equipment={"Batman": ["Batarangs"]}), "heroes.actions")
    offered = {m["command"] for m in registry.may_now(table, "hero:batman")}
    assert needing <= offered
    table.dice.mode = games.SERVER_DICE
    offered = {m["command"] for m in registry.may_now(table, "hero:batman")}
    assert not needing & offered and "start_roll" in offered
