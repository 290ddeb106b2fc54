"""The dice roll flow (games.bgcc.dice_flow) through the pure engine: settings, the rulebook's worked
examples 1, 2, 3 and 9 with fixed dice, each skill and trait of DIGEST §6 that the flow applies
(quoting the rulebook's condition, and where it must not apply), the free actions skills offer when
an attack ends (Combo, Counterattack, Retaliation, Burst, Circular strike), Ambidexterity, Pushing
limits and Imaginary friend, and refusals that change nothing.

Faces used (the default, unverified table of data/dice-faces.json), successes on faces 0-5:
white 0 0 0 1 1 2, yellow 0 0 1 1 1 2, orange 0 1 1 1 2 2, red 0 1 1 2 2 3, black 0 1 2 2 3 3.
A pool lists its dice white → black, dice with the free-reroll icon first in their colour.
"""
from __future__ import annotations

import dataclasses
import random

import pytest

from games.bgcc import commands as c
from games.bgcc import dice_flow as df
from games.bgcc import engine, library
from games.bgcc import table as tb
from games.bgcc.definitions import ActionCharacteristic, Bonus, Dice, Item, Skill
from games.bgcc.dice import DiceType
from games.bgcc.errors import RuleRefused
from games.serial import from_data, to_data
from games.bgcc.view import table_view


def may(table, seat: str) -> list[str]:
    """The commands the table view lists for `seat`, each once, in the registry's order."""
    return list(dict.fromkeys(m["command"] for m in table_view(table)["may"][seat]))

DEFS = library.sample_definitions()
HEROES = {h.name: h for h in DEFS["heroes"]}
ITEMS = {i.name: i for i in DEFS["items"]}
TILES = {t.name: t for t in DEFS["tiles"]}
MISSION = DEFS["missions"][0]
BATMAN, GORDON, RENEE = "batman", "commissioner-gordon", "renee-montoya"
THUG, BRUTE, CROC = "thug-with-crowbar.1", "brute-with-chains.1", "killer-croc.1"


# ------------------------------------------------------------------------------------ helpers


def board(name: str, **changes):
    return dataclasses.replace(HEROES[name], **changes)


def tile(name: str, **profile_changes):
    """A sample tile whose (single) character profile has `profile_changes`."""
    definition = TILES[name]
    return dataclasses.replace(definition, characters=[dataclasses.replace(definition.characters[0],
                                                                           **profile_changes)])


def make(boards=None, equipment=None, tiles=None) -> tb.Table:
    """The sample table (Batman, Gordon, Renee), with hero boards replaced by `boards`."""
    boards = boards or {}
    equipment = equipment or {}
    names = ("Batman", "Commissioner Gordon", "Renee Montoya")
    setups = [tb.HeroSetup(boards.get(n, HEROES[n]),
                           [ITEMS[i] if isinstance(i, str) else i for i in equipment.get(n, [])])
              for n in names]
    replaced = {t.name: t for t in (tiles or [])}
    return tb.setup(MISSION, setups, [replaced.get(t.name, t) for t in DEFS["tiles"]])


def run(table, *commands, rng=None):
    events = []
    for command in commands:
        outcome = engine.apply(table, command, rng=rng)
        table = outcome.table
        tb.check_table(table)  # a table in the middle of a roll still imports
        events += outcome.events
    return table, events


def refused(table, command, rule: str, message: str | None = None) -> RuleRefused:
    """The rules refuse `command` naming `rule` (and saying `message`), and the table is unchanged."""
    before = to_data(table)
    with pytest.raises(RuleRefused) as caught:
        engine.apply(table, command)
    assert caught.value.rule == rule, caught.value.message
    if message is not None:
        assert caught.value.message == message
    assert to_data(table) == before
    return caught.value


def advance_to(table, step: str):
    for _ in range(60):
        if table.track.step == step:
            return table
        if table.track.step == "heroes.stances":
            for hero in table.heroes.values():
                if hero.stance is None:
                    table, _ = run(table, c.DeclareStance(hero.id, "active"))
            continue  # the last stance passes the stance step (C2)
        table, _ = run(table, c.Advance())
    raise AssertionError(step)


def heroes_turn(**kw):
    table, _ = run(advance_to(make(**kw), "heroes.actions"), df.SetDiceMode("physical"))
    return table


def villain_turn(tile_id: str = "killer-croc", **kw):
    table = advance_to(make(**kw), "villain.first_tile")
    table, _ = run(table, df.SetDiceMode("physical"), c.ActivateTile(tile_id))
    return table


def kinds(events, kind: str) -> list:
    return [e for e in events if e.kind == kind]


def one(events, kind: str):
    (event,) = kinds(events, kind)
    return event


def places(hero) -> dict:
    return {p: n for p, n in hero.cube_places().items() if n}


def mini(table, miniature_id: str):
    return table.find_miniature(miniature_id)[2]


def roll(*faces):
    return df.RollDice(faces=list(faces))


# ------------------------------------------------------------------------------ settings


def test_default_faces_are_unverified_and_the_mode_is_server():
    """II "Dice": the rulebook does not print the faces; the default table says it is unverified."""
    table = make()
    view = table_view(table)["dice"]
    assert (view["mode"], view["status"], view["calibrated"], view["roll"]) == ("server", "unverified", [], None)
    assert view["faces"]["yellow"] == [0, 0, 1, 1, 1, 2]


def test_calibrating_a_colour_and_going_back():
    """IX·D: a table calibrates any colour with six numbers; the view says which colours are."""
    table = make()
    table, events = run(table, df.CalibrateDice("yellow", [0, 0, 0, 1, 1, 2]))
    assert one(events, "dice_calibrated").data == {"colour": "yellow", "faces": [0, 0, 0, 1, 1, 2],
                                                   "calibrated": ["yellow"], "status": "unverified"}
    view = table_view(table)["dice"]
    assert view["faces"]["yellow"] == [0, 0, 0, 1, 1, 2]
    assert view["calibrated"] == ["yellow"] and "red" not in view["calibrated"]
    for colour in ("white", "orange", "red", "black"):
        table, _ = run(table, df.CalibrateDice(colour, list(df.face_table(table.dice).faces_of(colour))))
    assert table_view(table)["dice"]["status"] == "calibrated"
    table, _ = run(table, df.CalibrateDice("yellow", None))
    view = table_view(table)["dice"]
    assert view["faces"]["yellow"] == [0, 0, 1, 1, 1, 2]
    assert view["status"] == "unverified"


def test_calibration_and_mode_refusals_change_nothing():
    table = make()
    refused(table, df.CalibrateDice("green", [0, 0, 0, 1, 1, 2]), "IX·D", "Unknown dice colour 'green'")
    refused(table, df.CalibrateDice("red", [0, 1, 2]), "IX·D", "The red die has 6 faces, not 3")
    refused(table, df.CalibrateDice("red", [0, 1, 2, 3, 4, 99]), "IX·D",
            "Successes on a red face cannot be more than 6 (got 99)")
    refused(table, df.CalibrateDice("red", [0, 1, 2, 3, 4, -1]), "IX·D",
            "Successes on a red face cannot be negative (got -1)")
    refused(table, df.SetDiceMode("dice tower"), "IX·D", "The dice mode is server or physical, not 'dice tower'")
    table = heroes_turn()
    table, _ = run(table, df.StartRoll("melee", hero=BATMAN, cubes=1, target_miniature=THUG))
    refused(table, df.CalibrateDice("red", [0, 1, 1, 2, 2, 3]), "VIII",
            "Batman's melee attack is in progress (waiting for the dice): finish it or abandon it first")


def test_calibrated_faces_count_in_the_roll():
    """A calibrated colour's faces give the successes of the dice rolled afterwards."""
    table = heroes_turn()
    table, _ = run(table, df.CalibrateDice("red", [3, 3, 3, 3, 3, 3]),
                   df.StartRoll("melee", hero=BATMAN, cubes=2, target_miniature=THUG), roll(0, 5))
    assert table.dice.roll.pool.shown == 6


# ------------------------------------------------------------------------ worked examples


def test_example_1_hero_melee_attack_full_flow():
    """Example 1 (FIG. 10-15): Gordon spends 2 cubes on melee, his tonfa adds its yellow die; the roll
    totals 3 successes, no free reroll, no paid reroll; melee is never hindered; the villain spends
    no defense cube, the Thug's automatic defense is 1: 2 wounds, the Thug (1 life point) is
    neutralized and put in the character pool."""
    table = heroes_turn(equipment={"Commissioner Gordon": ["Tonfa"]})
    table, events = run(table, df.StartRoll("melee", hero=GORDON, cubes=2, weapon="Tonfa",
                                            target_miniature=THUG, hindering=2))
    gordon = table.hero(GORDON)
    assert places(gordon) == {"reserve": 8, "melee": 2}
    started = one(events, "roll_started")
    assert started.data["pool"] == ["yellow", "orange", "orange"]
    assert started.data["bonuses"] == ["2 cubes × 1 orange", "Tonfa: +1 yellow"]
    table, events = run(table, roll(0, 4, 1))
    rolled = one(events, "dice_rolled")
    assert [(d["colour"], d["face"], d["successes"]) for d in rolled.data["dice"]] == \
        [("yellow", 0, 0), ("orange", 4, 2), ("orange", 1, 1)]
    assert rolled.data["successes"] == 3 and rolled.data["entry"] == "physical"
    table, events = run(table, df.EndRerolls())
    successes = one(events, "successes")
    assert successes.data["successes"] == 3 and successes.data["hindering"] == 0
    assert "melee is never hindered" in successes.text
    assert table.dice.roll.step == "defense"
    villain = table.post("villain")
    villain_before = (villain.reserve, villain.fatigue, dict(villain.spaces))
    table, events = run(table, df.Defend(cubes=0))
    assert one(events, "defense").data == {"roll": 1, "attack": 3, "defense": 1, "wounds": 2, "defense_cubes": 0,
                                           "rolled": 0, "automatic": 1, "poison": 0,
                                           "attacker": "Commissioner Gordon", "defender": "Thug with crowbar #1"}
    assert one(events, "character_wounded").data == {"miniature": THUG, "wounds": 2, "life_points": 0}
    assert one(events, "character_neutralized").data == {"miniature": THUG}
    assert mini(table, THUG).place == "pool"
    villain = table.post("villain")
    assert (villain.reserve, villain.fatigue, villain.spaces) == villain_before
    assert not kinds(events, "tile_neutralized")
    assert table.dice.roll is None and table.dice.last.outcome == "3 against 1 defense: 2 wounds"


def test_example_2_hero_ranged_attack_with_a_free_reroll():
    """Example 2 (FIG. 16-22): Batman spends 2 cubes on a ranged attack with batarangs (a yellow die
    with the free-reroll icon); he uses the free reroll of the yellow die and gets one success: 3
    successes; hindering 0; the Brute's automatic defense 2: 1 wound, the Brute is neutralized.
    Batman's Martial arts counts only in melee: not here."""
    table = heroes_turn(equipment={"Batman": ["Batarangs"]})
    table, events = run(table, df.StartRoll("ranged", hero=BATMAN, cubes=2, target_miniature=BRUTE,
                                            hindering=0, defender_in_same_area=True))
    assert one(events, "roll_started").data["pool"] == ["yellow+reroll", "orange", "orange"]
    assert table.dice.roll.weapon == "Batarangs" and table.dice.roll.conditional_automatic == 0
    table, _ = run(table, roll(0, 1, 2))
    assert table.dice.roll.pool.shown == 2
    assert table_view(table)["dice"]["roll"]["free_rerolls_left"] == {"yellow": 1}
    table, events = run(table, df.RerollDice("free", [0], faces=[2]))
    rerolled = one(events, "dice_rerolled")
    assert rerolled.data["rerolls"] == [{"step": "free", "source": "yellow icon", "index": 0, "face_before": 0,
                                         "face_after": 2, "successes_before": 0, "successes_after": 1}]
    assert rerolled.data["successes"] == 3
    # a die can be rerolled for free only once (VIII·B)
    refused(table, df.RerollDice("free", [0], faces=[5]), "VIII·B", "A die can be rerolled for free only once")
    table, events = run(table, df.EndRerolls())
    assert one(events, "successes").data["successes"] == 3
    table, events = run(table, df.Defend())
    assert one(events, "defense").data["wounds"] == 1
    assert one(events, "character_wounded").data == {"miniature": BRUTE, "wounds": 1, "life_points": 0}
    assert mini(table, BRUTE).place == "pool"
    assert places(table.hero(BATMAN)) == {"reserve": 10, "ranged": 2}


def test_example_3_complex_manipulation_and_hindering():
    """Example 3 (FIG. 23-27): opening the safe, difficulty 3; Batman spends 3 cubes, gets 3
    successes, no enemy in his area so no hindering: success, he carries the submachine gun.
    V·C·3 [a] vii "The complex manipulation is affected by hindering": Renee's 3 − 1 = 2 < 3 fails."""
    table = heroes_turn()
    gun = ITEMS["Submachine gun"]
    table, events = run(table, df.StartRoll("manipulation", hero=BATMAN, cubes=3, difficulty=3,
                                            enemy_menace=[], ally_menace=[], item=gun),
                        roll(1, 2, 3), df.EndRerolls())
    assert one(events, "successes").data == {"roll": 1, "shown": 3, "automatic": 0, "conditional": 0,
                                             "hindering": 0, "penalty": 0, "successes": 3}
    assert one(events, "complex_action").data == {"roll": 1, "successes": 3, "difficulty": 3, "success": True}
    assert one(events, "item").data == {"hero": BATMAN, "item": "Submachine gun", "encumbrance": 3}
    batman = table.hero(BATMAN)
    assert places(batman) == {"reserve": 9, "manipulation": 3}
    assert [i.name for i in batman.equipment] == ["Submachine gun"]
    # Renee: yellow dice; 3 successes − 1 hindering (an enemy of menace 1) = 2 < 3
    table, events = run(table, df.StartRoll("manipulation", hero=RENEE, cubes=2, difficulty=3,
                                            enemy_menace=[1], ally_menace=[], item=gun),
                        roll(5, 2), df.EndRerolls())
    assert one(events, "complex_action").data["success"] is False
    assert one(events, "successes").data["hindering"] == 1
    assert table.hero(RENEE).equipment == []
    # the manipulation space is saturated
    refused(table, df.StartRoll("manipulation", hero=BATMAN, cubes=1, difficulty=1), "IX·I",
            "Manipulation space is saturated: 3 of 3")


def test_example_9_action_multiplier_full_flow():
    """Example 9 (FIG. 56-57): Killer Croc chooses "1 yellow die with reroll + 1 yellow die, ×4": 4
    melee attacks, 3 on Batman inflicting 4 wounds (Batman rolls his orange automatic defense die)
    and 1 on Renee Montoya inflicting 2 (her automatic defense is 1 success)."""
    table = villain_turn()
    attacks = [((5, 2), (1,), 3, 1, 2), ((2, 3), (2,), 2, 1, 1), ((0, 2), (0,), 1, 0, 1)]
    for n, (faces, defense_faces, attack, defense, wounds) in enumerate(attacks, start=1):
        table, events = run(table, df.StartRoll("melee", miniature=CROC, characteristic=0, target_hero=BATMAN))
        assert one(events, "action").data == {"miniature": CROC, "uses": n, "multiplier": 4}
        assert one(events, "roll_started").data["pool"] == ["yellow+reroll", "yellow"]
        table, events = run(table, roll(*faces), df.EndRerolls(), df.Defend(cubes=0))
        assert one(events, "defense_declared").data["pool"] == ["orange"]
        table, events = run(table, roll(*defense_faces), df.EndRerolls())
        data = one(events, "defense").data
        assert (data["attack"], data["defense"], data["wounds"]) == (attack, defense, wounds)
    assert places(table.hero(BATMAN)) == {"reserve": 8, "wound": 4}
    table, events = run(table, df.StartRoll("melee", miniature=CROC, target_hero=RENEE), roll(5, 2),
                        df.EndRerolls(), df.Defend())
    assert one(events, "action").data["uses"] == 4
    assert (one(events, "defense").data["defense"], one(events, "defense").data["wounds"]) == (1, 2)
    assert places(table.hero(RENEE)) == {"reserve": 8, "wound": 2}
    villain = table.post("villain")
    assert (villain.reserve, villain.fatigue) == (9, 3)
    refused(table, df.StartRoll("melee", miniature=CROC, target_hero=BATMAN), "VI·C·5",
            "Action multiplier reached: Killer Croc made 4 of 4 melee actions")


# ------------------------------------------------------------------- server and count entries


def test_server_mode_rolls_with_the_callers_rng_in_pool_order_and_records_the_faces():
    """IX·D, V·C·1 [f]: in server mode the app's faces come from the rng the server passes (a seeded
    one here), one per die in pool order; what real dice show is refused while the app rolls."""
    table = advance_to(make(), "heroes.actions")
    seeded = random.Random(2026)
    faces = [seeded.randrange(6) for _ in range(3)]
    table, events = run(table, df.StartRoll("melee", hero=BATMAN, cubes=2, target_miniature=THUG),
                        df.RollDice(), rng=random.Random(2026))
    rolled = one(events, "dice_rolled")
    assert rolled.data["entry"] == "rolled"
    red = [0, 1, 1, 2, 2, 3]
    assert [(d["colour"], d["face"], d["successes"]) for d in rolled.data["dice"]] == \
        [("red", faces[0], red[faces[0]]), ("red", faces[1], red[faces[1]])]
    message = "This table's dice are rolled by the app: set the dice mode to physical to enter what real dice show"
    refused(table, df.RerollDice("paid", [0], faces=[1]), "IX·D", message)
    refused(table, df.RerollDice("paid", [0], shown=[3]), "IX·D", message)
    table, events = run(table, df.RerollDice("paid", [1]), rng=random.Random(2026))
    assert one(events, "dice_rerolled").data["rerolls"][0]["face_after"] == faces[0]
    assert one(events, "spend").data == {"hero": BATMAN, "space": "reroll", "cubes": 1}
    refused(table, df.RerollDice("paid", [0]), "IX·D", "The app rolls this table's dice: no random source was given")


def test_a_success_count_entry_cannot_be_rerolled_die_by_die():
    """Physical dice entered as a count: rerolls are made at the table and the count re-entered."""
    table = heroes_turn()
    table, _ = run(table, df.StartRoll("melee", hero=BATMAN, cubes=2, target_miniature=THUG))
    refused(table, df.RollDice(successes=7), "IX·D")
    table, events = run(table, df.RollDice(successes=4))
    assert one(events, "dice_rolled").data["entry"] == "count"
    refused(table, df.RerollDice("free", [0], faces=[1]), "VIII")
    table, events = run(table, df.EndRerolls())
    assert one(events, "successes").data["successes"] == 5  # + Martial arts 1 (at least one success)


# ----------------------------------------------------------------------------- refusals


def test_refusals_name_the_rule_and_change_nothing():
    table = heroes_turn()
    refused(table, df.StartRoll("juggling", hero=BATMAN, cubes=1), "V·C")
    refused(table, df.StartRoll("melee", hero=BATMAN, cubes=41, target_miniature=THUG), "V·C·1 [d]",
            "The number of cubes cannot be more than 40 (got 41)")
    refused(table, df.StartRoll("melee", hero=BATMAN, cubes=0, target_miniature=THUG), "V·C·1 [c]",
            "A melee action spends at least one energy cube")
    refused(table, df.StartRoll("melee", hero=BATMAN, cubes=1, target_hero=GORDON), "V·C·1 [b]",
            "A hero attacks characters, not another hero")
    refused(table, df.StartRoll("ranged", hero=RENEE, cubes=1, target_miniature=THUG), "V·C·2 [a]")
    refused(table, df.StartFreeRoll("fall", 41, hero=BATMAN), "V·C·5 [i]",
            "The level cannot be more than 40 (got 41)")
    refused(table, df.RollDice(faces=[1]), "VIII", "No roll in progress")
    refused(table, df.EndRerolls(), "VIII", "No roll in progress")
    table, _ = run(table, df.StartRoll("melee", hero=BATMAN, cubes=2, target_miniature=THUG))
    # a roll step out of order
    refused(table, df.RerollDice("free", [0], faces=[1]), "VIII", "No dice to reroll now (waiting for the dice)")
    refused(table, df.Defend(), "VII", "The defense comes after the attack's successes (waiting for the dice)")
    refused(table, df.EndRerolls(), "VIII·F", "No rerolls to end now (waiting for the dice)")
    refused(table, df.StartRoll("melee", hero=GORDON, cubes=1, target_miniature=THUG), "VIII")
    refused(table, c.Advance(), "VIII", "Batman's melee attack is in progress (waiting for the dice): "
                                        "finish it or abandon it first")
    # faces outside 0-5, or not one per die
    refused(table, roll(1, 6), "IX·D", "A die has faces 0 to 5, not 6")
    refused(table, roll(1, -1), "IX·D", "A die has faces 0 to 5, not -1")
    refused(table, roll(1), "IX·D", "Enter one face per die: 2 expected, 1 given")
    refused(table, df.RollDice(), "IX·D")
    table, _ = run(table, roll(0, 1))
    refused(table, roll(0, 1), "VIII", "The dice are not waiting to be rolled (rerolls)")
    refused(table, df.RerollDice("paid", [2], faces=[1]), "VIII·C", "There is no die 2 in this roll of 2 dice")
    refused(table, df.RerollDice("cheat", [0], faces=[1]), "VIII")
    # paid rerolls first, then a free reroll would be out of the order of VIII
    table, _ = run(table, df.RerollDice("paid", [0], faces=[5]))
    refused(table, df.RerollDice("skill", [0], skill="Luck", faces=[5]), "X·Luck")
    table, events = run(table, df.AbandonRoll())
    assert one(events, "roll_abandoned").data == {"roll": 1}
    assert places(table.hero(BATMAN)) == {"reserve": 9, "melee": 2, "reroll": 1}
    assert table.dice.roll is None and table.dice.last.step == "abandoned"


def test_paid_rerolls_spend_one_cube_per_die_within_the_reroll_space_limit():
    """VIII·D: "The player moves as many energy cubes as the number of dice they wish to reroll to
    the reroll space ... cannot spend energy cubes on the reroll space if doing so would exceed its
    exertion limit"; VIII·C: "These dice can come from the free rerolls"; the step may repeat."""
    table = heroes_turn(equipment={"Batman": ["Batarangs"]})
    table, _ = run(table, df.StartRoll("ranged", hero=BATMAN, cubes=2, target_miniature=BRUTE), roll(0, 0, 0),
                   df.RerollDice("free", [0], faces=[0]))
    table, events = run(table, df.RerollDice("paid", [0, 1], faces=[5, 5]))
    assert one(events, "spend").data == {"hero": BATMAN, "space": "reroll", "cubes": 2}
    refused(table, df.RerollDice("free", [2], faces=[1]), "VIII·B", "Free rerolls must come before the paid rerolls")
    refused(table, df.RerollDice("paid", [1, 2], faces=[5, 5]), "VIII·D")
    table, _ = run(table, df.RerollDice("paid", [2], faces=[4]))
    refused(table, df.RerollDice("paid", [2], faces=[4]), "IX·I", "Reroll space is saturated: 3 of 3")
    assert places(table.hero(BATMAN)) == {"reserve": 7, "ranged": 2, "reroll": 3}
    assert table.dice.roll.pool.shown == 2 + 2 + 2


def test_the_roll_survives_storage():
    table = heroes_turn(equipment={"Batman": ["Batarangs"]})
    table, _ = run(table, df.StartRoll("ranged", hero=BATMAN, cubes=2, target_miniature=BRUTE), roll(0, 1, 2))
    data = to_data(table)
    assert to_data(from_data(tb.Table, data)) == data
    table, events = run(from_data(tb.Table, data), df.RerollDice("free", [0], faces=[5]))
    assert one(events, "dice_rerolled").data["successes"] == 4


# --------------------------------------------------------------------- pool construction


def test_weapon_choice_and_restrictions():
    """V·D 4 "A hero cannot combine the bonuses of multiple melee weapons" (one weapon per attack),
    V·D 5 "Only THE HERO WHOSE NAME IS INDICATED on the item card can benefit from its bonuses"."""
    batarangs = ITEMS["Batarangs"]
    table = heroes_turn(equipment={"Renee Montoya": [batarangs], "Batman": ["Submachine gun", "Batarangs"]})
    refused(table, df.StartRoll("ranged", hero=RENEE, cubes=1, weapon="Batarangs", target_miniature=THUG),
            "V·D 5", "Only Batman can benefit from Batarangs")
    refused(table, df.StartRoll("ranged", hero=BATMAN, cubes=1, target_miniature=THUG), "V·C·2 [e]",
            "Choose which ranged weapon Batman uses: Submachine gun, Batarangs")
    refused(table, df.StartRoll("melee", hero=BATMAN, cubes=1, weapon="Submachine gun", target_miniature=THUG),
            "V·D 4", "Submachine gun is not a melee weapon")
    table, events = run(table, df.StartRoll("ranged", hero=BATMAN, cubes=1, weapon="Submachine gun",
                                            target_miniature=THUG))
    assert one(events, "roll_started").data["pool"] == ["orange", "orange"]


def test_moral_code_forbids_lethal_items():
    """XI Moral code: "Its possessor cannot use lethal items"; V·D 5: the heroes with the Moral code
    trait "cannot benefit from these bonuses". Batman (no Moral code) can use the same gun."""
    lethal = dataclasses.replace(ITEMS["Submachine gun"], name="Assault rifle", moral_code_forbidden=True)
    table = heroes_turn(equipment={"Commissioner Gordon": [lethal], "Batman": [lethal]})
    refused(table, df.StartRoll("ranged", hero=GORDON, cubes=1, weapon="Assault rifle", target_miniature=THUG),
            "XI·Moral code", "Commissioner Gordon has the Moral code trait and cannot use the lethal Assault rifle")
    refused(table, df.StartRoll("ranged", hero=GORDON, cubes=1, target_miniature=THUG), "V·C·2 [a]")
    table, events = run(table, df.StartRoll("ranged", hero=BATMAN, cubes=1, weapon="Assault rifle",
                                            target_miniature=THUG))
    assert one(events, "roll_started").data["pool"] == ["orange", "orange"]


def test_tools_add_their_bonuses_but_identical_ones_do_not_combine():
    """V·C·3 [a] iv "The hero constantly benefits from the bonuses conferred by their tool cards";
    V·D 4 "A hero cannot combine identical tool bonuses"."""
    kit = Item(name="Lock kit", type="tool", bonuses=[Bonus(when="manipulation", dice=[Dice("yellow")],
                                                            automatic_successes=1)])
    kit2 = dataclasses.replace(kit, name="Spare lock kit")
    scope = Item(name="Scope", type="tool", bonuses=[Bonus(when="thought", dice=[Dice("red")])])
    table = heroes_turn(equipment={"Batman": [kit, kit2, scope]})
    table, events = run(table, df.StartRoll("manipulation", hero=BATMAN, cubes=1, difficulty=2))
    started = one(events, "roll_started")
    assert started.data["pool"] == ["yellow", "orange"] and started.data["automatic"] == 1
    assert "Spare lock kit: the same tool bonus again, not combined (V·D 4)" in started.data["bonuses"]


def test_elevation_adds_a_yellow_die_to_a_ranged_attack_only():
    """V·C·2 [e] "if an attacker targets a defender located in an area at a lower elevation, they
    add an extra yellow die to their dice pool"."""
    table = heroes_turn(equipment={"Batman": ["Batarangs"]})
    refused(table, df.StartRoll("melee", hero=BATMAN, cubes=1, elevation=True, target_miniature=THUG),
            "V·C·2 [e]", "The elevation bonus is for ranged attacks")
    table, events = run(table, df.StartRoll("ranged", hero=BATMAN, cubes=1, elevation=True, target_miniature=THUG))
    assert one(events, "roll_started").data["pool"] == ["yellow+reroll", "yellow", "orange"]


def test_a_single_use_item_leaves_the_game_after_its_bonus():
    """V·D 5: "THE HERO MUST REMOVE THE ITEM CARD FROM THE GAME after they have benefited from at
    least one of its bonuses"."""
    grenade = Item(name="Flash grenade", type="ranged weapon", single_use=True,
                   bonuses=[Bonus(when="ranged", dice=[Dice("black")])])
    table = heroes_turn(equipment={"Batman": [grenade]})
    table, events = run(table, df.StartRoll("ranged", hero=BATMAN, cubes=1, target_miniature=THUG))
    assert one(events, "roll_started").data["pool"] == ["orange", "black"]
    assert one(events, "item").data == {"hero": BATMAN, "item": "Flash grenade"}
    assert table.hero(BATMAN).equipment == []


# ------------------------------------------------------------------------ attack skills


def test_martial_arts_needs_a_melee_attack_with_at_least_one_success():
    """Martial arts — REQUIREMENTS: "[the possessor] is the attacker", "they have obtained at least
    one success"; WHEN: "the Calculate the Number of Successes step of a melee attack"."""
    table = heroes_turn(equipment={"Batman": ["Batarangs"]})
    start = df.StartRoll("melee", hero=BATMAN, cubes=1, target_miniature=THUG)
    _, events = run(table, start, roll(1), df.EndRerolls())
    assert one(events, "successes").data["successes"] == 2  # 1 + Martial arts 1
    _, events = run(table, start, roll(0), df.EndRerolls())
    assert one(events, "successes").data["successes"] == 0  # no success: no Martial arts
    assert "Martial arts 1 needs at least one success" in one(events, "successes").text
    _, events = run(table, df.StartRoll("ranged", hero=BATMAN, cubes=1, target_miniature=THUG), roll(0, 1),
                    df.EndRerolls())
    assert one(events, "successes").data["successes"] == 1  # not on a ranged attack


def test_marksman_needs_a_ranged_attack_with_at_least_one_success():
    """Marksman — REQUIREMENTS: "[the possessor] is the attacker", "[the possessor] has obtained at
    least one success"; WHEN: "the Calculate the Number of Successes step of a ranged attack"."""
    renee = board("Renee Montoya", skills=[Skill("Marksman", 2)])
    table = heroes_turn(boards={"Renee Montoya": renee}, equipment={"Renee Montoya": ["Submachine gun"]})
    _, events = run(table, df.StartRoll("ranged", hero=RENEE, cubes=1, target_miniature=THUG), roll(1, 0),
                    df.EndRerolls())
    assert one(events, "successes").data["successes"] == 3
    _, events = run(table, df.StartRoll("ranged", hero=RENEE, cubes=1, target_miniature=THUG), roll(0, 0),
                    df.EndRerolls())
    assert one(events, "successes").data["successes"] == 0
    _, events = run(table, df.StartRoll("melee", hero=RENEE, cubes=1, target_miniature=THUG), roll(1),
                    df.EndRerolls())
    assert one(events, "successes").data["successes"] == 1


def test_sneak_attack_is_declared_and_its_requirements_checked():
    """Sneak attack — REQUIREMENTS: "[the possessor] is the attacker", "the defender is in the same
    area as them", "the total menace indexes of the allies is equal to or higher than the total
    menace indexes of the enemies in the area of the attack"."""
    renee = board("Renee Montoya", skills=[Skill("Sneak attack", 2)])
    table = heroes_turn(boards={"Renee Montoya": renee})
    ok = dict(hero=RENEE, cubes=1, target_miniature=THUG, declare=["Sneak attack"], defender_in_same_area=True)
    table2, events = run(table, df.StartRoll("melee", enemy_menace=[1], ally_menace=[2], **ok), roll(1),
                         df.EndRerolls())
    assert one(events, "successes").data == {"roll": 1, "shown": 1, "automatic": 2, "conditional": 0,
                                             "hindering": 0, "penalty": 0, "successes": 3}
    refused(table, df.StartRoll("melee", enemy_menace=[1, 1, 2], ally_menace=[2], **ok), "X·Sneak attack")
    refused(table, df.StartRoll("melee", enemy_menace=[1], ally_menace=[2],
                                **{**ok, "defender_in_same_area": False}), "X·Sneak attack")
    refused(table, df.StartRoll("melee", **ok), "X·Sneak attack")  # the menaces are needed
    refused(table, df.StartRoll("melee", hero=BATMAN, cubes=1, target_miniature=THUG, declare=["Sneak attack"],
                                enemy_menace=[1], ally_menace=[2], defender_in_same_area=True),
            "X·Sneak attack", "Batman does not have Sneak attack (or cannot use it now)")


def test_berserk_adds_white_dice_only_when_its_wound_condition_holds():
    """Berserk — WHEN: "the Create the Dice Pool step of a melee attack"; REQUIREMENT: "if [the
    possessor] is a hero, they must have at least half of their energy cubes (rounded up) in their
    wound zone"; EFFECT: adds [X] white dice."""
    gordon = board("Commissioner Gordon", skills=[Skill("Berserk", 2)])
    table = heroes_turn(boards={"Commissioner Gordon": gordon})
    _, events = run(table, df.StartRoll("melee", hero=GORDON, cubes=1, target_miniature=THUG))
    assert one(events, "roll_started").data["pool"] == ["orange"]  # 0 of 10 cubes wounded
    table, _ = run(table, c.Wound(4, hero=GORDON))
    _, events = run(table, df.StartRoll("melee", hero=GORDON, cubes=1, target_miniature=THUG))
    assert one(events, "roll_started").data["pool"] == ["orange"]  # 4 < 5
    table, _ = run(table, c.Wound(1, hero=GORDON))
    _, events = run(table, df.StartRoll("melee", hero=GORDON, cubes=1, target_miniature=THUG))
    assert one(events, "roll_started").data["pool"] == ["white", "white", "orange"]
    gun = dataclasses.replace(ITEMS["Submachine gun"])
    table.hero(GORDON).equipment.append(gun)
    _, events = run(table, df.StartRoll("ranged", hero=GORDON, cubes=1, target_miniature=THUG))
    assert one(events, "roll_started").data["pool"] == ["orange", "orange"]  # melee only


def test_berserk_for_a_character_counts_lost_life_points():
    """Berserk: "if [the possessor] is a character, they must have lost at least half of their life
    points (rounded up)"."""
    croc = tile("Killer Croc", skills=[Skill("Berserk", 1)])
    table = villain_turn(tiles=[croc])
    _, events = run(table, df.StartRoll("melee", miniature=CROC, target_hero=BATMAN))
    assert one(events, "roll_started").data["pool"] == ["yellow+reroll", "yellow"]
    table, _ = run(table, c.Wound(4, miniature=CROC))
    _, events = run(table, df.StartRoll("melee", miniature=CROC, target_hero=BATMAN))
    assert one(events, "roll_started").data["pool"] == ["white", "yellow+reroll", "yellow"]


def test_nerves_of_steel_lowers_the_hindering_of_hindered_actions_only():
    """Nerves of steel — "ignore [X] enemy menace indexes when performing ranged attacks,
    manipulations, or thoughts"; V·C·1 [h] "The melee attack action is not affected by hindering"."""
    renee = board("Renee Montoya", skills=[Skill("Nerves of steel", 1)])
    table = heroes_turn(boards={"Renee Montoya": renee}, equipment={"Renee Montoya": ["Submachine gun"],
                                                                     "Batman": ["Batarangs"]})
    menace = dict(enemy_menace=[2, 1], ally_menace=[1])
    _, events = run(table, df.StartRoll("ranged", hero=RENEE, cubes=1, target_miniature=THUG, **menace))
    assert one(events, "roll_started").data["hindering"] == 1  # 3 − 1 ignored − 1 ally
    _, events = run(table, df.StartRoll("ranged", hero=BATMAN, cubes=1, target_miniature=THUG, **menace))
    assert one(events, "roll_started").data["hindering"] == 2
    _, events = run(table, df.StartRoll("melee", hero=RENEE, cubes=1, target_miniature=THUG, **menace),
                    roll(4), df.EndRerolls())
    assert one(events, "successes").data["successes"] == 2 and one(events, "successes").data["hindering"] == 0


@pytest.mark.parametrize("skill,action,other", [("Hacking", "thought", "manipulation"),
                                                ("Investigation", "thought", "manipulation"),
                                                ("Lock picking", "manipulation", "thought"),
                                                ("Munitions specialist", "manipulation", "thought")])
def test_flagged_skills_count_on_their_complex_action_when_declared(skill, action, other):
    """Hacking / Investigation (complex thought), Lock picking / Munitions specialist (complex
    manipulation) — REQUIREMENTS: "[the possessor] performs the action", "in the description of
    the performed thought [manipulation], it is indicated that the skill is taken into account"."""
    batman = board("Batman", skills=[Skill(skill, 2)])
    table = heroes_turn(boards={"Batman": batman})
    _, events = run(table, df.StartRoll(action, hero=BATMAN, cubes=1, difficulty=3, declare=[skill]), roll(3),
                    df.EndRerolls())
    assert one(events, "successes").data["automatic"] == 2
    assert one(events, "complex_action").data["success"] is True
    _, events = run(table, df.StartRoll(action, hero=BATMAN, cubes=1, difficulty=3), roll(3), df.EndRerolls())
    assert one(events, "complex_action").data["success"] is False  # not declared: not counted
    refused(table, df.StartRoll(other, hero=BATMAN, cubes=1, difficulty=3, declare=[skill]), f"X·{skill}")
    refused(table, df.StartRoll(action, hero=GORDON, cubes=1, difficulty=3, declare=[skill]), f"X·{skill}",
            f"Commissioner Gordon does not have {skill} (or cannot use it now)")


def test_a_skill_beyond_its_encumbrance_limit_does_not_apply():
    """V·D·1: "A hero can benefit from a skill only while their encumbrance total is lower than the
    encumbrance limit of the skill"."""
    batman = board("Batman", skills=[Skill("Martial arts", 1, encumbrance_limit=3)])
    table = heroes_turn(boards={"Batman": batman}, equipment={"Batman": ["Submachine gun"]})
    _, events = run(table, df.StartRoll("melee", hero=BATMAN, cubes=1, target_miniature=THUG), roll(1),
                    df.EndRerolls())
    assert one(events, "successes").data["successes"] == 1


# ------------------------------------------------------------------------------ rerolls


def test_luck_gives_x_rerolls_before_the_free_rerolls():
    """Luck — REQUIREMENT: "[the possessor] performs the reroll"; EFFECT: "at the start of the Free
    Rerolls step, and before any free rerolls are made, [the possessor] may perform [X] rerolls from
    the previously rolled pool. The same die can be rerolled several times"."""
    batman = board("Batman", skills=[Skill("Luck", 2)])
    table = heroes_turn(boards={"Batman": batman}, equipment={"Batman": ["Batarangs"]})
    table, _ = run(table, df.StartRoll("ranged", hero=BATMAN, cubes=1, target_miniature=THUG), roll(0, 0))
    table, events = run(table, df.RerollDice("skill", [1], skill="Luck", faces=[0]),
                        df.RerollDice("skill", [1], skill="Luck", faces=[5]))
    assert [e.data["rerolls"][0]["source"] for e in kinds(events, "dice_rerolled")] == ["Luck", "Luck"]
    refused(table, df.RerollDice("skill", [0], skill="Luck", faces=[5]), "X·Luck",
            "Luck 2 gives 2 rerolls: 2 already used, 1 asked")
    table, _ = run(table, df.RerollDice("free", [0], faces=[5]))
    assert table.dice.roll.pool.shown == 4
    other = heroes_turn(equipment={"Batman": ["Batarangs"]})
    other, _ = run(other, df.StartRoll("melee", hero=GORDON, cubes=1, target_miniature=THUG), roll(0))
    refused(other, df.RerollDice("skill", [0], skill="Luck", faces=[5]), "X·Luck",
            "Commissioner Gordon does not have Luck (or cannot use it now)")


def test_support_is_given_by_an_ally_in_the_same_area():
    """Support — REQUIREMENTS: "the miniature performing the reroll is an allied to [the
    possessor]", "the miniature performing the reroll is located in the same area as [the
    possessor]"."""
    gordon = board("Commissioner Gordon", skills=[Skill("Support", 1)])
    thug = tile("Thug with crowbar", skills=[Skill("Support", 1)])
    table = heroes_turn(boards={"Commissioner Gordon": gordon}, tiles=[thug])
    table, _ = run(table, df.StartRoll("melee", hero=BATMAN, cubes=1, target_miniature=THUG), roll(0))
    refused(table, df.RerollDice("skill", [0], skill="Support", possessor_hero=GORDON, same_area=False,
                                 faces=[5]), "X·Support")
    refused(table, df.RerollDice("skill", [0], skill="Support", possessor_miniature="thug-with-crowbar.2",
                                 same_area=True, faces=[5]), "X·Support")  # an enemy's Support
    refused(table, df.RerollDice("skill", [0], skill="Support", possessor_hero=RENEE, same_area=True,
                                 faces=[5]), "X·Support", "Renee Montoya does not have Support (or cannot use it now)")
    table, events = run(table, df.RerollDice("skill", [0], skill="Support", possessor_hero=GORDON, same_area=True,
                                             faces=[5]))
    assert one(events, "dice_rerolled").data["rerolls"][0]["source"] == "Support"


def test_point_blank_needs_a_ranged_attack_on_a_defender_in_the_same_area():
    """Point blank — WHEN: "the Rerolls step of a ranged attack"; REQUIREMENTS: "[the possessor] is
    the attacker", "the defender is located in the same area as [the possessor]"."""
    renee = board("Renee Montoya", skills=[Skill("Point blank", 1)])
    table = heroes_turn(boards={"Renee Montoya": renee}, equipment={"Renee Montoya": ["Submachine gun"]})
    near, _ = run(table, df.StartRoll("ranged", hero=RENEE, cubes=1, target_miniature=THUG,
                                      defender_in_same_area=True), roll(0, 0))
    _, events = run(near, df.RerollDice("skill", [1], skill="Point blank", faces=[5]))
    assert one(events, "dice_rerolled").data["successes"] == 2
    far, _ = run(table, df.StartRoll("ranged", hero=RENEE, cubes=1, target_miniature=THUG), roll(0, 0))
    refused(far, df.RerollDice("skill", [1], skill="Point blank", faces=[5]), "X·Point blank")
    melee, _ = run(table, df.StartRoll("melee", hero=RENEE, cubes=1, target_miniature=THUG,
                                       defender_in_same_area=True), roll(0))
    refused(melee, df.RerollDice("skill", [0], skill="Point blank", faces=[5]), "X·Point blank")


def test_misfortune_is_an_enemy_forcing_free_rerolls_at_the_start_of_the_paid_rerolls():
    """Misfortune — WHEN: "at the beginning of the Declare the Paid Rerolls step"; REQUIREMENTS:
    "[the possessor] is located in the same area as the miniature rolling the dice", "[the
    possessor] is an enemy of the miniature rolling the dice"."""
    thug = tile("Thug with crowbar", skills=[Skill("Misfortune", 1)])
    gordon = board("Commissioner Gordon", skills=[Skill("Misfortune", 1)])
    table = heroes_turn(tiles=[thug], boards={"Commissioner Gordon": gordon})
    table, _ = run(table, df.StartRoll("melee", hero=BATMAN, cubes=2, target_miniature=THUG), roll(5, 5))
    refused(table, df.RerollDice("misfortune", [0], possessor_hero=GORDON, same_area=True, faces=[0]),
            "X·Misfortune")  # an ally
    refused(table, df.RerollDice("misfortune", [0], possessor_miniature="thug-with-crowbar.2", same_area=False,
                                 faces=[0]), "X·Misfortune")
    table, events = run(table, df.RerollDice("misfortune", [0], possessor_miniature="thug-with-crowbar.2",
                                             same_area=True, faces=[0]))
    assert not kinds(events, "spend")  # for free
    assert one(events, "dice_rerolled").data["rerolls"][0]["source"] == "Misfortune (Thug with crowbar #2)"
    refused(table, df.RerollDice("misfortune", [1], possessor_miniature="thug-with-crowbar.2", same_area=True,
                                 faces=[0]), "X·Misfortune")  # X = 1 die
    table, _ = run(table, df.RerollDice("paid", [0], faces=[5]))
    refused(table, df.RerollDice("misfortune", [1], possessor_miniature="thug-with-crowbar.3", same_area=True,
                                 faces=[0]), "X·Misfortune")  # after the paid rerolls: out of order


# ------------------------------------------------------------------------ defense skills


def attack_renee_with_croc(croc_faces=(5, 2), **defend):
    """Killer Croc attacks Renee Montoya with 3 successes (default faces), Renee declares her defense."""
    gordon = board("Commissioner Gordon", skills=[Skill("Body guard", 2), Skill("Sacrifice", 1)])
    renee = board("Renee Montoya", skills=[Skill("Impenetrable defense", 1), Skill("Untouchable", 3)])
    thug = tile("Thug with crowbar", skills=[Skill("Body guard", 1)])
    table = villain_turn(boards={"Commissioner Gordon": gordon, "Renee Montoya": renee}, tiles=[thug])
    table, _ = run(table, df.StartRoll("melee", miniature=CROC, target_hero=RENEE), roll(*croc_faces),
                   df.EndRerolls())
    return table


def test_impenetrable_defense_counts_against_melee_only_and_untouchable_against_ranged_only():
    """Impenetrable defense — WHEN: "the Calculate the Number of Successes step of a defense against
    a melee attack"; Untouchable — WHEN: "... of a defense against a ranged attack"; both:
    "[the possessor] is the target of the attack"."""
    table = attack_renee_with_croc()
    _, events = run(table, df.Defend())
    data = one(events, "defense").data
    assert (data["defense"], data["wounds"]) == (1 + 1, 1)  # automatic 1 + Impenetrable defense 1, not Untouchable
    brute = tile("Brute with chains", skills=[Skill("Untouchable", 1), Skill("Impenetrable defense", 5)])
    table = heroes_turn(tiles=[brute], equipment={"Batman": ["Batarangs"]})
    _, events = run(table, df.StartRoll("ranged", hero=BATMAN, cubes=2, target_miniature=BRUTE), roll(5, 5, 5),
                    df.EndRerolls(), df.Defend())
    data = one(events, "defense").data
    assert (data["attack"], data["defense"], data["wounds"]) == (6, 3, 3)  # automatic 2 + Untouchable 1


def test_body_guard_adds_to_an_ally_s_defense_in_the_same_area():
    """Body guard — REQUIREMENTS: "[the possessor] is neither the defender nor the attacker", "[the
    possessor] is located in the same area as the defender", "the defender is an allied miniature"."""
    table = attack_renee_with_croc()
    _, events = run(table, df.Defend(body_guard_hero=GORDON, body_guard_same_area=True))
    assert (one(events, "defense").data["defense"], one(events, "defense").data["wounds"]) == (4, 0)
    refused(table, df.Defend(body_guard_hero=GORDON, body_guard_same_area=False), "X·Body guard")
    refused(table, df.Defend(body_guard_miniature="thug-with-crowbar.1", body_guard_same_area=True),
            "X·Body guard")  # the Thug is no ally of Renee
    refused(table, df.Defend(body_guard_hero=BATMAN, body_guard_same_area=True), "X·Body guard",
            "Batman does not have Body guard (or cannot use it now)")


def test_sacrifice_takes_successes_and_the_possessor_suffers_them():
    """Sacrifice — REQUIREMENTS: "[the possessor] is neither the attacker nor the defender", "is
    located in the same area as the defender", "has previously declared that they will use their
    skill during the Create the Dice Pool step"; EFFECT: "subtracts [X] to the number of successes
    obtained. They immediately suffer as many wounds as the number of successes they have
    subtracted"."""
    gordon = board("Commissioner Gordon", skills=[Skill("Sacrifice", 1)])
    table = villain_turn(boards={"Commissioner Gordon": gordon})
    table, events = run(table, df.StartRoll("melee", miniature=CROC, target_hero=RENEE, sacrifice_hero=GORDON,
                                            sacrifice_same_area=True), roll(5, 2), df.EndRerolls())
    assert one(events, "sacrifice").data == {"roll": 1, "taken": 1, "successes": 2}
    assert one(events, "hero_wounded").data["hero"] == GORDON and table.hero(GORDON).wound == 1
    _, events = run(table, df.Defend())
    assert one(events, "defense").data["wounds"] == 1
    refused(table, df.StartRoll("melee", miniature=CROC, target_hero=RENEE, sacrifice_hero=GORDON,
                                sacrifice_same_area=False), "VIII")  # a roll is in progress
    fresh = villain_turn(boards={"Commissioner Gordon": gordon})
    refused(fresh, df.StartRoll("melee", miniature=CROC, target_hero=RENEE, sacrifice_hero=GORDON,
                                sacrifice_same_area=False), "X·Sacrifice")
    refused(fresh, df.StartRoll("melee", miniature=CROC, target_hero=GORDON, sacrifice_hero=GORDON,
                                sacrifice_same_area=True), "X·Sacrifice")  # he is the defender


def test_poison_and_electricity_wound_first_only_when_the_attack_beats_the_defense():
    """Poison / Electricity — REQUIREMENTS: "[the possessor] is the attacker", "the defender has
    obtained a number of defense successes that is lower than the number of attack successes";
    EFFECT: "[the possessor] immediately inflicts [X] wounds on the defender"."""
    for skill in ("Poison", "Electricity"):
        croc = tile("Killer Croc", skills=[Skill(skill, 2)])
        table = villain_turn(tiles=[croc])
        _, events = run(table, df.StartRoll("melee", miniature=CROC, target_hero=RENEE), roll(5, 2),
                        df.EndRerolls(), df.Defend())
        data = one(events, "defense").data
        assert (data["attack"], data["defense"], data["poison"], data["wounds"]) == (3, 1, 2, 4)
        _, events = run(table, df.StartRoll("melee", miniature=CROC, target_hero=RENEE), roll(2, 0),
                        df.EndRerolls(), df.Defend())
        data = one(events, "defense").data
        assert (data["attack"], data["defense"], data["poison"], data["wounds"]) == (1, 1, 0, 0)


def test_harmless_inflicts_no_wound():
    """XI Harmless — REQUIREMENT: "[the possessor] is the attacker"; EFFECT: "reduces the total
    number of wounds that they inflict on the target to zero"; as a defender it changes nothing."""
    croc = tile("Killer Croc", trait="Harmless")
    table = villain_turn(tiles=[croc])
    _, events = run(table, df.StartRoll("melee", miniature=CROC, target_hero=RENEE), roll(5, 2), df.EndRerolls(),
                    df.Defend())
    assert one(events, "defense").data["wounds"] == 0 and not kinds(events, "hero_wounded")
    renee = board("Renee Montoya", trait="Harmless")
    table = heroes_turn(boards={"Renee Montoya": renee})
    _, events = run(table, df.StartRoll("melee", hero=BATMAN, cubes=1, target_miniature=THUG), roll(5),
                    df.EndRerolls(), df.Defend())
    assert one(events, "defense").data["wounds"] == 3


def test_shackle_turns_the_wounds_into_tokens_and_takes_no_weapon():
    """Shackle — WHEN: "the Declare a Melee Attack step"; REQUIREMENTS: "[the possessor] is the
    attacker", "[the possessor] declares the use of the skill"; EFFECT: "the Add the Weapon Bonuses
    step is ignored. During the Defending and Wounds step, if the defender suffers one or more
    wounds, these are ignored and [X] shackle tokens are placed on the defender's base"."""
    gordon = board("Commissioner Gordon", skills=[Skill("Shackle", 2)])
    table = heroes_turn(boards={"Commissioner Gordon": gordon}, equipment={"Commissioner Gordon": ["Tonfa"]})
    refused(table, df.StartRoll("melee", hero=GORDON, cubes=1, weapon="Tonfa", target_miniature=THUG,
                                declare=["Shackle"]), "X·Shackle")
    refused(table, df.StartRoll("ranged", hero=GORDON, cubes=1, target_miniature=THUG, declare=["Shackle"]),
            "X·Shackle")
    table, events = run(table, df.StartRoll("melee", hero=GORDON, cubes=1, target_miniature=THUG,
                                            declare=["Shackle"]))
    assert one(events, "roll_started").data["pool"] == ["orange"]  # no tonfa
    table, events = run(table, roll(5), df.EndRerolls(), df.Defend())
    assert one(events, "shackle").data == {"roll": 1, "tokens": 2, "defender": "Thug with crowbar #1"}
    assert not kinds(events, "character_wounded") and mini(table, THUG).place == "board"


def test_shackle_snoot_and_smoke_tokens_take_successes():
    """Shackle tokens: "The number of successes obtained by the shackled miniature when performing
    attacks, thoughts, manipulations or defenses are reduced by [X]"; Snoot: "removes the same
    number of successes as the number of snoot tokens"; Smoke grenade: "During a ranged attack, the
    attacker ... subtract[s] it from the number of the attack's successes"."""
    table = heroes_turn(equipment={"Batman": ["Batarangs"]})
    _, events = run(table, df.StartRoll("ranged", hero=BATMAN, cubes=1, target_miniature=THUG, shackle_tokens=1,
                                        snoot_tokens=1, smoke_tokens=1), roll(5, 5), df.EndRerolls())
    assert one(events, "successes").data["penalty"] == 3 and one(events, "successes").data["successes"] == 1
    refused(table, df.StartRoll("melee", hero=BATMAN, cubes=1, target_miniature=THUG, smoke_tokens=1),
            "X·Smoke grenade")
    table, _ = run(table, df.StartRoll("melee", hero=BATMAN, cubes=1, target_miniature=BRUTE), roll(5),
                   df.EndRerolls())
    _, events = run(table, df.Defend(shackle_tokens=1, snoot_tokens=2))
    data = one(events, "defense").data  # 4 successes against 2 automatic − 3 tokens = 0
    assert (data["attack"], data["defense"], data["wounds"]) == (4, 0, 4)


# ---------------------------------------------------------------------- free pools


def test_a_fall_rolls_yellow_dice_equal_to_its_level_and_wounds_by_successes():
    """V·C·5 [i]: "If the miniature performs a fall, they roll the same number of yellow dice as the
    level of the fall and then suffer as many wounds as the number of successes obtained"."""
    table = heroes_turn()
    table, events = run(table, df.StartFreeRoll("fall", 3, hero=RENEE))
    assert one(events, "roll_started").data["pool"] == ["yellow"] * 3
    table, events = run(table, roll(5, 2, 0), df.EndRerolls())
    assert one(events, "successes").data == {"roll": 1, "successes": 3, "wounds": 3,
                                                     "roller": "Renee Montoya"}
    assert one(events, "hero_wounded").data["wounds"] == 3


def test_fly_parkour_and_gas_immunity_on_free_pools():
    """XI Fly: "ignores wounds suffered by falls"; Parkour (fall): "ignores [X] wounds caused by the
    fall"; XI Gas immunity: "ignores all wounds caused by a gas token"; none of them helps against
    other dangerous terrain."""
    batman = board("Batman", trait="Fly")
    gordon = board("Commissioner Gordon", skills=[Skill("Parkour", 1)])
    renee = board("Renee Montoya", trait="Gas immunity")
    table = heroes_turn(boards={"Batman": batman, "Commissioner Gordon": gordon, "Renee Montoya": renee})
    for hero, cause, wounds in ((BATMAN, "fall", 0), (GORDON, "fall", 2), (RENEE, "gas", 0),
                                (BATMAN, "dangerous_terrain", 3), (RENEE, "dangerous_terrain", 3)):
        _, events = run(table, df.StartFreeRoll(cause, 2, hero=hero), roll(5, 2), df.EndRerolls())  # 2 + 1
        assert one(events, "successes").data["wounds"] == wounds, (hero, cause)


def test_a_character_falls_on_its_life_point_track():
    table = villain_turn()
    table, events = run(table, df.StartFreeRoll("dangerous_terrain", 2, miniature=CROC), roll(5, 5),
                        df.EndRerolls())
    assert one(events, "character_wounded").data == {"miniature": CROC, "wounds": 4, "life_points": 4}


# ------------------------------------------------------------------------------ odds


def test_odds_of_a_hero_action_with_a_cube_table_change_nothing():
    table = heroes_turn(equipment={"Commissioner Gordon": ["Tonfa"]})
    before = to_data(table)
    result = df.odds(table, hero=GORDON, action="melee", cubes=2, weapon="Tonfa", difficulty=3,
                     target_miniature=THUG)
    assert to_data(table) == before
    assert result["pool"] == ["yellow", "orange", "orange"]
    assert abs(sum(result["successes"]) - 1) < 1e-9 and abs(sum(result["wounds"]) - 1) < 1e-9
    assert result["defense"]["automatic"] == 1 and result["defense"]["successes"] == [0.0, 1.0]
    assert [row["cubes"] for row in result["cubes"]] == [1, 2, 3]
    rows = result["cubes"]
    assert rows[0]["p_at_least"] < rows[1]["p_at_least"] < rows[2]["p_at_least"]
    assert abs(rows[1]["p_at_least"] - result["p_at_least"]) < 1e-9
    # one thug life point: P(neutralize) = P(wounds >= 1) = P(successes >= 2)
    assert abs(result["p_neutralize"] - sum(result["successes"][2:])) < 1e-9


def test_odds_of_a_plain_pool_against_a_plain_defense():
    """Red (0 1 1 2 2 3) against yellow (0 0 1 1 1 2) + 1 automatic defense success: wounds 1 when
    2 beats 1 or 3 beats 2, wounds 2 when 3 beats 1."""
    table = make()
    result = df.odds(table, pool=[DiceType("red")], defense_pool=[DiceType("yellow")], defense_automatic=1)
    assert result["successes"] == pytest.approx([1 / 6, 2 / 6, 2 / 6, 1 / 6])
    assert result["defense"]["successes"] == pytest.approx([0, 2 / 6, 3 / 6, 1 / 6])
    assert result["wounds"] == pytest.approx([27 / 36, 7 / 36, 2 / 36])
    assert result["cubes"] is None and result["p_at_least"] is None
    with pytest.raises(RuleRefused):
        df.odds(table, pool=[DiceType("red")], hero=BATMAN, action="melee")


# ------------------------------------------------------------------- follow-ups (X, IX·G)


def offered(table) -> dict:
    """The follow-ups offered now, by skill."""
    return {o["skill"]: o for o in to_data(table_view(table)["dice"]["follow_ups"])}


def counterattacker(**kw):
    """Killer Croc (villain turn) attacks Renee Montoya, who has Counterattack 2 (and `kw`)."""
    renee = board("Renee Montoya", skills=[Skill("Counterattack", 2, **kw)])
    return renee


def croc_hits_renee(table, faces=(5, 2)):
    """3 successes (default faces) against Renee's automatic defense 1: 2 wounds."""
    return run(table, df.StartRoll("melee", miniature=CROC, target_hero=RENEE), roll(*faces), df.EndRerolls(),
               df.Defend())


def test_counterattack_is_offered_to_the_target_of_a_melee_attack_against_the_initial_attacker():
    """Counterattack — WHEN: "during the End the Melee Attack step"; REQUIREMENTS: "[the possessor] is
    the target of the initial melee attack", "the initial melee attack is not already a
    counterattack", "[the possessor] must be able to target the initial attacker with a melee
    attack"; EFFECT: "during the Declare the Target step, [the possessor] targets the initial
    attacker", "[the possessor] takes [X] yellow dice", "heroes ignore the Spend Energy Cubes and Add
    the Weapon Bonuses steps". IX·G: the actions gained by a skill are free actions."""
    croc = tile("Killer Croc", skills=[Skill("Counterattack", 1)])
    table = villain_turn(boards={"Renee Montoya": counterattacker()}, tiles=[croc],
                         equipment={"Renee Montoya": ["Tonfa"]})
    table, events = croc_hits_renee(table)
    assert one(events, "follow_up_offered").data == {
        "roll": 1, "skill": "Counterattack", "level": 2, "hero": RENEE, "miniature": None, "action": "melee",
        "pool": ["yellow", "yellow"], "successes": None, "target_hero": None, "target_miniature": CROC}
    assert list(offered(table)) == ["Counterattack"]
    assert "start_follow_up" in may(table, "hero:" + RENEE) and "start_follow_up" not in may(table, "villain")
    # the initial attacker only; and only if Renee can target him
    refused(table, df.StartFollowUp("Counterattack", target_miniature=THUG), "X·Counterattack")
    refused(table, df.StartFollowUp("Counterattack", can_target=False), "X·Counterattack",
            '"[the possessor] must be able to target the initial attacker with a melee attack"')
    # the attacker's skills offer nothing here: Killer Croc's Combo would need a neutralized target
    refused(table, df.StartFollowUp("Combo", target_hero=GORDON), "X·Combo",
            "Killer Croc does not have Combo (or cannot use it now)")
    before = places(table.hero(RENEE))
    table, events = run(table, df.StartFollowUp("Counterattack"))
    started = one(events, "roll_started")
    assert started.data["pool"] == ["yellow", "yellow"] and started.data["follow_up"] == "Counterattack"
    assert "Tonfa" not in started.text  # no weapon bonus
    assert places(table.hero(RENEE)) == before and not kinds(events, "spend")  # no cube
    assert (table.dice.roll.actor, table.dice.roll.defender, table.dice.roll.free_action) == \
        ("Renee Montoya", "Killer Croc", "Counterattack")
    assert "roll_dice" in may(table, "hero:" + RENEE) and "attack" not in may(table, "host")
    table, events = run(table, roll(5, 5), df.EndRerolls(), df.Defend())
    assert one(events, "defense").data["wounds"] == 2 and mini(table, CROC).life_points == 6
    # Killer Croc has Counterattack too, but not against a counterattack
    assert offered(table) == {}
    refused(table, df.StartFollowUp("Counterattack"), "X·Counterattack",
            'Counterattack — "the initial melee attack is not already a counterattack"')


def test_a_resting_hero_may_counterattack_as_a_free_action():
    """V·B·3 [b]: "A resting hero can only perform free actions, rerolls and defenses"; IX·G: an
    action gained by a skill is a free action."""
    table = villain_turn(boards={"Renee Montoya": counterattacker()})
    table.hero(RENEE).stance = "resting"
    table, _ = croc_hits_renee(table)
    table, events = run(table, df.StartFollowUp("Counterattack"))
    assert one(events, "roll_started").data["follow_up"] == "Counterattack"


def test_no_counterattack_after_a_ranged_attack_by_a_neutralized_target_or_beyond_the_encumbrance_limit():
    """Counterattack follows "the initial melee attack"; X: "A neutralized miniature cannot use their
    skills"; V·D·1: "A hero can benefit from a skill only while their encumbrance total is lower than
    the encumbrance limit of the skill"."""
    thug = tile("Thug with crowbar", ranged=[ActionCharacteristic([Dice("yellow", 2)], 1)])
    table = villain_turn("thug-with-crowbar", boards={"Renee Montoya": counterattacker()}, tiles=[thug])
    table, _ = run(table, df.StartRoll("ranged", miniature=THUG, target_hero=RENEE), roll(5, 5), df.EndRerolls(),
                   df.Defend())
    assert offered(table) == {}
    refused(table, df.StartFollowUp("Counterattack"), "X·Counterattack",
            "Counterattack — WHEN: during the End the Melee Attack step; this was a ranged attack")
    # neutralized by the attack: no skill
    table = villain_turn(boards={"Renee Montoya": counterattacker()})
    table, _ = run(table, c.Wound(8, hero=RENEE))
    table, events = croc_hits_renee(table)
    assert one(events, "hero_neutralized") and offered(table) == {}
    refused(table, df.StartFollowUp("Counterattack"), "X",
            "Renee Montoya is neutralized: a neutralized miniature cannot use their skills")
    # encumbrance 3 is not lower than the skill's limit 3
    table = villain_turn(boards={"Renee Montoya": counterattacker(encumbrance_limit=3)},
                         equipment={"Renee Montoya": ["Submachine gun"]})
    table, _ = croc_hits_renee(table)
    assert offered(table) == {}
    refused(table, df.StartFollowUp("Counterattack"), "V·D·1",
            "Renee Montoya's encumbrance total is 3: Counterattack works only while it is lower than 3")


def test_a_follow_up_is_taken_immediately():
    """Counterattack, Retaliation, Combo: "[the possessor] immediately performs a free ... attack":
    once the game moves on, or another roll starts, the offer is gone."""
    table = villain_turn(boards={"Renee Montoya": counterattacker()})
    table, _ = croc_hits_renee(table)
    moved, _ = run(table, c.Advance())
    assert offered(moved) == {} and "start_follow_up" not in may(moved, "host")
    refused(moved, df.StartFollowUp("Counterattack"), "X·Counterattack",
            "Counterattack is taken immediately (during the End the Melee Attack step): the game has moved on "
            "since that attack")
    again, _ = run(table, df.StartRoll("melee", miniature=CROC, target_hero=BATMAN))
    refused(again, df.StartFollowUp("Counterattack"), "VIII")
    abandoned, _ = run(again, df.AbandonRoll())
    refused(abandoned, df.StartFollowUp("Counterattack"), "X·Counterattack")


def test_retaliation_needs_a_ranged_weapon_without_the_disposable_restriction():
    """Retaliation — WHEN: "during the End the Ranged Attack step"; REQUIREMENTS: "[the possessor] is
    the target of the initial ranged attack", "the initial ranged attack is not already a
    retaliation", "[the possessor] must be able to target the initial attacker with a ranged attack
    with a weapon that does not have the disposable restriction"; EFFECT: "[the possessor] takes [X]
    yellow dice", "if [the possessor] is a hero, they ignore the Spend Energy Cubes and Add the Weapon
    and Elevation Bonuses steps". Gordon's sample board has Retaliation 1 (encumbrance limit 5)."""
    thug = tile("Thug with crowbar", ranged=[ActionCharacteristic([Dice("yellow", 2)], 1)],
                skills=[Skill("Retaliation", 1)])
    shoot = (df.StartRoll("ranged", miniature=THUG, target_hero=GORDON), roll(5, 5), df.EndRerolls(), df.Defend())
    # no ranged weapon
    table, _ = run(villain_turn("thug-with-crowbar", tiles=[thug]), *shoot)
    assert offered(table) == {}
    refused(table, df.StartFollowUp("Retaliation"), "X·Retaliation")
    # a disposable (single-use) gun only
    flash = Item(name="Flash gun", type="ranged weapon", single_use=True, bonuses=[Bonus(when="ranged")])
    table, _ = run(villain_turn("thug-with-crowbar", tiles=[thug], equipment={"Commissioner Gordon": [flash]}),
                   *shoot)
    assert offered(table) == {}
    # the submachine gun (encumbrance 3 < 5): 1 yellow die, no weapon bonus, no cube
    table = villain_turn("thug-with-crowbar", tiles=[thug], equipment={"Commissioner Gordon": ["Submachine gun"]})
    table, events = run(table, *shoot)
    assert one(events, "defense").data["wounds"] == 3
    assert offered(table)["Retaliation"]["pool"] == ["yellow"]
    assert offered(table)["Retaliation"]["target_miniature"] == THUG
    before = places(table.hero(GORDON))
    table, events = run(table, df.StartFollowUp("Retaliation", enemy_menace=[1], ally_menace=[]))
    assert one(events, "roll_started").data["pool"] == ["yellow"] and places(table.hero(GORDON)) == before
    table, events = run(table, roll(5), df.EndRerolls())
    assert one(events, "successes").data["successes"] == 1  # 2 − 1 hindering: a ranged attack is hindered
    table, events = run(table, df.Defend())
    assert one(events, "defense").data["wounds"] == 0
    # the Thug has Retaliation too, but not against a retaliation
    refused(table, df.StartFollowUp("Retaliation"), "X·Retaliation",
            'Retaliation — "the initial ranged attack is not already a retaliation"')
    # tonfa + gun: encumbrance 5, not lower than the limit 5
    table = villain_turn("thug-with-crowbar", tiles=[thug],
                         equipment={"Commissioner Gordon": ["Submachine gun", "Tonfa"]})
    table, _ = run(table, *shoot)
    assert offered(table) == {}
    refused(table, df.StartFollowUp("Retaliation"), "V·D·1")


def combo_batman(*skills):
    return heroes_turn(boards={"Batman": board("Batman", skills=[Skill("Martial arts", 1), *skills])})


def test_combo_follows_a_melee_attack_that_neutralizes_its_target():
    """Combo — WHEN: "during the End the Melee Attack step"; REQUIREMENTS: "[the possessor] is the
    attacker", "the target of the initial attack is neutralized", "the attack in progress is not a
    free action"; EFFECT: "[the possessor] ignores the Spend Energy Cubes step", "takes [X] dice
    indicated by their melee attack characteristic", "ignores the Add the Weapon Bonuses step",
    "against another miniature"."""
    table = combo_batman(Skill("Combo", 2))
    table.hero(BATMAN).equipment.append(ITEMS["Tonfa"])
    table, events = run(table, df.StartRoll("melee", hero=BATMAN, cubes=1, weapon="Tonfa", target_miniature=THUG),
                        roll(5, 0), df.EndRerolls(), df.Defend())
    assert mini(table, THUG).place == "pool"
    assert one(events, "follow_up_offered").data["pool"] == ["red", "red"]  # 2 × Batman's red, no tonfa
    refused(table, df.StartFollowUp("Combo"), "X·Combo", "Combo: name the other miniature it targets")
    refused(table, df.StartFollowUp("Combo", target_miniature=THUG), "X·Combo",
            "Combo targets another miniature: Thug with crowbar #1 was already a target of this attack")
    refused(table, df.StartFollowUp("Combo", target_hero=GORDON), "V·C·1 [b]",
            "A hero attacks characters, not another hero")
    refused(table, df.StartFollowUp("Counterattack"), "X")  # the neutralized Thug has no skills
    before = places(table.hero(BATMAN))
    table, events = run(table, df.StartFollowUp("Combo", target_miniature=BRUTE))
    assert one(events, "roll_started").data["pool"] == ["red", "red"] and places(table.hero(BATMAN)) == before
    table, events = run(table, roll(5, 5), df.EndRerolls())
    assert one(events, "successes").data["successes"] == 7  # 6 + Martial arts 1
    table, _ = run(table, df.Defend())
    assert mini(table, BRUTE).place == "pool"
    # the combo neutralized its target, but a combo is a free action
    assert offered(table) == {}
    refused(table, df.StartFollowUp("Combo", target_miniature="thug-with-crowbar.2"), "X·Combo",
            'Combo — "the attack in progress is not a free action": this attack is a combo')


def test_no_combo_when_the_target_survives_or_after_a_ranged_attack():
    table = combo_batman(Skill("Combo", 2))
    table.hero(BATMAN).equipment.append(ITEMS["Batarangs"])
    survived, _ = run(table, df.StartRoll("melee", hero=BATMAN, cubes=1, target_miniature=CROC), roll(5),
                      df.EndRerolls(), df.Defend())
    assert offered(survived) == {}
    refused(survived, df.StartFollowUp("Combo", target_miniature=THUG), "X·Combo",
            'Combo — "the target of the initial attack is neutralized": Killer Croc is not')
    ranged, _ = run(table, df.StartRoll("ranged", hero=BATMAN, cubes=1, target_miniature=THUG), roll(5, 5),
                    df.EndRerolls(), df.Defend())
    assert mini(ranged, THUG).place == "pool" and offered(ranged) == {}
    refused(ranged, df.StartFollowUp("Combo", target_miniature=BRUTE), "X·Combo",
            "Combo — WHEN: during the End the Melee Attack step; this was a ranged attack")


def test_circular_strike_uses_the_remaining_successes_in_deferred_attacks():
    """Circular strike — REQUIREMENTS: "[the possessor] is the attacker", "the attack is not a free
    action but can be a deferred attack", "there are remaining successes. Those remaining successes
    are equal to the number of successes not converted into wounds and/or not cancelled by defense",
    "[the possessor] has performed less than [X] deferred attacks for this same initial attack";
    EFFECT: "after the Declare the Target step, [the possessor] moves directly on to the Calculate
    the Number of Successes step", "the number of successes is considered as equal to the remaining
    successes from the previous attack"."""
    table = combo_batman(Skill("Circular strike", 2))
    table, events = run(table, df.StartRoll("melee", hero=BATMAN, cubes=2, target_miniature=THUG), roll(5, 5),
                        df.EndRerolls(), df.Defend())
    # 7 successes − 1 defense = 6 wounds, 1 converted (the Thug's life point): 5 remaining
    assert (one(events, "defense").data["wounds"], table.dice.last.remaining) == (6, 5)
    assert one(events, "follow_up_offered").data["successes"] == 5
    table, events = run(table, df.StartFollowUp("Circular strike", target_miniature=BRUTE))
    assert one(events, "roll_started").data == {
        "roll": 2, "action": "melee", "pool": [], "bonuses": ["Circular strike 2: a deferred attack with the 5 "
                                                              "remaining successes"],
        "automatic": 0, "hindering": 0, "follow_up": "Circular strike", "successes": 5,
        "actor": "Batman"}
    assert table.dice.roll.step == "defense"  # no dice: straight to the successes, then the defense
    refused(table, roll(5), "VII")
    table, events = run(table, df.Defend())
    assert one(events, "defense").data == {"roll": 2, "attack": 5, "defense": 2, "wounds": 3, "defense_cubes": 0,
                                           "rolled": 0, "automatic": 2, "poison": 0,
                                           "attacker": "Batman", "defender": "Brute with chains #1"}
    assert offered(table)["Circular strike"]["successes"] == 2  # 5 − 2 − 1; 1 of 2 deferred attacks made
    refused(table, df.StartFollowUp("Circular strike", target_miniature=THUG), "X·Circular strike",
            "Circular strike targets another miniature: Thug with crowbar #1 was already a target of this attack")
    table, events = run(table, df.StartFollowUp("Circular strike", target_miniature="thug-with-crowbar.2"),
                        df.Defend())
    assert one(events, "defense").data["wounds"] == 1 and offered(table) == {}
    refused(table, df.StartFollowUp("Circular strike", target_miniature="thug-with-crowbar.3"), "X·Circular strike",
            'Circular strike — "there are remaining successes": every success was cancelled by the defense or '
            'converted into wounds')


def test_circular_strike_counts_its_deferred_attacks_and_needs_a_neutralized_target():
    table = combo_batman(Skill("Circular strike", 1))
    table, _ = run(table, df.StartRoll("melee", hero=BATMAN, cubes=2, target_miniature=THUG), roll(5, 5),
                   df.EndRerolls(), df.Defend(), df.StartFollowUp("Circular strike", target_miniature=BRUTE),
                   df.Defend())
    assert table.dice.last.remaining == 2 and offered(table) == {}
    refused(table, df.StartFollowUp("Circular strike", target_miniature="thug-with-crowbar.2"), "X·Circular strike",
            'Circular strike 1 — "[the possessor] has performed less than [X] deferred attacks for this same '
            'initial attack": 1 made')
    survived = combo_batman(Skill("Circular strike", 1))
    survived, _ = run(survived, df.StartRoll("melee", hero=BATMAN, cubes=1, target_miniature=CROC), roll(5),
                      df.EndRerolls(), df.Defend())
    refused(survived, df.StartFollowUp("Circular strike", target_miniature=THUG), "X·Circular strike",
            'Circular strike — "After having neutralized an enemy with a melee attack": Killer Croc is not '
            'neutralized')


def test_the_combo_of_the_initial_attack_comes_after_its_deferred_attacks_but_not_after_a_combo():
    """Circular strike works "during the Defending and Wounds step", Combo "during the End the Melee
    Attack step" of the same initial attack; a deferred attack after a combo is refused: "the attack
    is not a free action but can be a deferred attack"."""
    table = combo_batman(Skill("Combo", 1), Skill("Circular strike", 1))
    table, _ = run(table, df.StartRoll("melee", hero=BATMAN, cubes=2, target_miniature=THUG), roll(5, 5),
                   df.EndRerolls(), df.Defend())
    assert list(offered(table)) == ["Circular strike", "Combo"]
    combo_first, _ = run(table, df.StartFollowUp("Combo", target_miniature=BRUTE), roll(5), df.EndRerolls(),
                         df.Defend())
    assert mini(combo_first, BRUTE).place == "pool"
    refused(combo_first, df.StartFollowUp("Circular strike", target_miniature="thug-with-crowbar.2"),
            "X·Circular strike", 'Circular strike — "the attack is not a free action but can be a deferred '
                                 'attack": this attack is a combo')
    table, _ = run(table, df.StartFollowUp("Circular strike", target_miniature=BRUTE), df.Defend())
    assert list(offered(table)) == ["Combo"]
    table, events = run(table, df.StartFollowUp("Combo", target_miniature="thug-with-crowbar.2"))
    assert one(events, "roll_started").data["pool"] == ["red"]


def test_burst_gives_a_deferred_ranged_attack_without_hindering():
    """Burst — "After having neutralized an enemy with a ranged attack, its possessor can use their
    remaining successes on [X] other miniatures"; the deferred attack's successes "are considered as
    equal to the remaining successes from the previous attack"."""
    table = heroes_turn(boards={"Batman": board("Batman", skills=[Skill("Burst", 1)])},
                        equipment={"Batman": ["Batarangs"]})
    table, _ = run(table, df.StartRoll("ranged", hero=BATMAN, cubes=2, target_miniature=THUG), roll(5, 5, 5),
                   df.EndRerolls(), df.Defend())
    assert offered(table)["Burst"]["successes"] == 4  # 6 − 1 defense − 1 converted
    refused(table, df.StartFollowUp("Circular strike", target_miniature=BRUTE), "X·Circular strike")
    refused(table, df.StartFollowUp("Burst", target_miniature=BRUTE, hindering=2), "X·Burst")
    refused(table, df.StartFollowUp("Burst", target_miniature=BRUTE, can_target=False), "X·Burst",
            'Burst uses the remaining successes "on [X] other miniatures they share a clear line of sight with"')
    table, events = run(table, df.StartFollowUp("Burst", target_miniature=BRUTE), df.Defend())
    assert one(events, "defense").data["attack"] == 4 and mini(table, BRUTE).place == "pool"
    assert offered(table) == {}  # Burst 1: one deferred attack


def test_follow_ups_survive_storage():
    table = combo_batman(Skill("Combo", 1), Skill("Circular strike", 1))
    table, _ = run(table, df.StartRoll("melee", hero=BATMAN, cubes=2, target_miniature=THUG), roll(5, 5),
                   df.EndRerolls(), df.Defend(), df.StartFollowUp("Circular strike", target_miniature=BRUTE))
    data = to_data(table)
    assert to_data(from_data(tb.Table, data)) == data
    table, _ = run(from_data(tb.Table, data), df.Defend())
    assert list(offered(table)) == ["Combo"]


# ------------------------------------------------------------------------ may now


def test_the_table_view_lists_the_dice_steps_of_the_roll_in_progress():
    """While a roll is in progress only its steps go on (and what may happen at any moment), for the
    roller's phone (and the defender's during the defense) and the host."""
    table = heroes_turn()
    any_time = ["wound", "place_token"]  # Batman carries nothing; no token is on the board
    batman = "hero:" + BATMAN
    assert "attack" in may(table, batman) and "start_roll" in may(table, batman)
    table, _ = run(table, df.StartRoll("melee", hero=BATMAN, cubes=1, target_miniature=CROC))
    assert may(table, batman) == [*any_time, "roll_dice", "abandon_roll"]
    assert "roll_dice" not in may(table, "villain") and "roll_dice" in may(table, "host")
    table, _ = run(table, roll(5))
    assert may(table, batman) == [*any_time, "reroll_dice", "end_rerolls", "abandon_roll"]
    assert table_view(table)["dice"]["roll"]["may_now"] == ["reroll", "end_rerolls", "abandon"]
    table, _ = run(table, df.EndRerolls())
    assert may(table, batman) == [*any_time, "defend", "abandon_roll"]
    assert "defend" in may(table, "villain")  # the defender's phone enters the defense
    table, _ = run(table, df.Defend(cubes=1))
    assert may(table, "villain")[-2:] == ["roll_dice", "abandon_roll"]
    table, _ = run(table, roll(0), df.EndRerolls())
    listed = may(table, batman)
    assert "attack" in listed and "start_follow_up" not in listed and "roll_dice" not in listed


# ------------------------------------------------------------------------ Ambidexterity


def test_ambidexterity_adds_the_bonuses_of_two_weapons_of_the_same_type():
    """Ambidexterity — REQUIREMENTS: "[the possessor] is the attacker", "They have two weapon cards
    whose individual encumbrance or size is lower or equal to [X]", "The two weapon cards must be the
    same item type"; EFFECT: "[the possessor] can use their two weapon cards and add their bonuses".
    Without it, V·D 4: "A hero cannot combine the bonuses of multiple melee weapons"."""
    tonfa2 = dataclasses.replace(ITEMS["Tonfa"], name="Spare tonfa")
    pistol = Item(name="Pistol", type="ranged weapon", encumbrance=1, bonuses=[Bonus(when="ranged",
                                                                                     dice=[Dice("orange")])])
    kit = ["Tonfa", tonfa2, pistol, pistol]
    renee = board("Renee Montoya", skills=[Skill("Ambidexterity", 3)])
    table = heroes_turn(boards={"Renee Montoya": renee}, equipment={"Renee Montoya": kit})
    _, events = run(table, df.StartRoll("melee", hero=RENEE, cubes=1, weapon="Tonfa", second_weapon="Spare tonfa",
                                        target_miniature=THUG))
    started = one(events, "roll_started")
    assert started.data["pool"] == ["yellow", "yellow", "orange"]
    assert "Ambidexterity: the bonuses of Tonfa and Spare tonfa" in started.data["bonuses"]
    _, events = run(table, df.StartRoll("ranged", hero=RENEE, cubes=1, weapon="Pistol", second_weapon="Pistol",
                                        target_miniature=THUG))
    assert one(events, "roll_started").data["pool"] == ["orange", "orange", "orange"]  # two cards of the same name
    refused(table, df.StartRoll("melee", hero=RENEE, cubes=1, weapon="Tonfa", second_weapon="Pistol",
                                target_miniature=THUG), "X·Ambidexterity",
            'Ambidexterity — "The two weapon cards must be the same item type": Pistol is not a melee weapon')
    refused(table, df.StartRoll("melee", hero=RENEE, cubes=1, second_weapon="Tonfa", target_miniature=THUG),
            "X·Ambidexterity")
    one_tonfa = heroes_turn(boards={"Renee Montoya": renee}, equipment={"Renee Montoya": ["Tonfa"]})
    refused(one_tonfa, df.StartRoll("melee", hero=RENEE, cubes=1, weapon="Tonfa", second_weapon="Tonfa",
                                    target_miniature=THUG), "X·Ambidexterity",
            'Ambidexterity — "They have two weapon cards": Renee Montoya carries one Tonfa')
    low = heroes_turn(boards={"Renee Montoya": board("Renee Montoya", skills=[Skill("Ambidexterity", 1)])},
                      equipment={"Renee Montoya": kit})
    refused(low, df.StartRoll("melee", hero=RENEE, cubes=1, weapon="Tonfa", second_weapon="Spare tonfa",
                              target_miniature=THUG), "X·Ambidexterity",
            'Ambidexterity 1 — "two weapon cards whose individual encumbrance or size is lower or equal to [X]": '
            'Tonfa has 2')
    _, events = run(low, df.StartRoll("ranged", hero=RENEE, cubes=1, weapon="Pistol", second_weapon="Pistol",
                                      target_miniature=THUG))
    assert one(events, "roll_started").data["pool"] == ["orange", "orange", "orange"]
    none = heroes_turn(equipment={"Renee Montoya": kit})
    refused(none, df.StartRoll("melee", hero=RENEE, cubes=1, weapon="Tonfa", second_weapon="Spare tonfa",
                               target_miniature=THUG), "V·D 4",
            "A hero cannot combine the bonuses of multiple melee weapons: Renee Montoya does not have Ambidexterity "
            "(or cannot use it now)")
    result = df.odds(table, hero=RENEE, action="melee", cubes=1, weapon="Tonfa", second_weapon="Spare tonfa")
    assert result["pool"] == ["yellow", "yellow", "orange"]


# ------------------------------------------------------------------------ Pushing limits


def test_pushing_limits_wounds_the_hero_and_counts_the_cubes_beyond_the_exertion_limit():
    """Pushing limits — WHEN: "at the start of the Spend Energy Cubes step of an action and before
    spending any other energy cubes"; REQUIREMENTS: "[the possessor] performs the action", "[the
    possessor] has not yet used it during this turn"; EFFECT: "[the possessor] suffers [X] wounds. For
    each of those wounds, the energy cubes that have just been moved to the wound zone are considered
    to have been spent on the current action space, regardless of its exertion limit"."""
    batman = board("Batman", skills=[Skill("Martial arts", 1), Skill("Pushing limits", 2)])
    table = heroes_turn(boards={"Batman": batman})
    table, _ = run(table, df.StartRoll("melee", hero=BATMAN, cubes=4, target_miniature=CROC), df.AbandonRoll())
    assert places(table.hero(BATMAN)) == {"reserve": 8, "melee": 4}  # the melee space is saturated
    refused(table, df.StartRoll("melee", hero=BATMAN, cubes=1, target_miniature=CROC), "IX·I")
    table, events = run(table, df.StartRoll("melee", hero=BATMAN, cubes=0, target_miniature=CROC,
                                            declare=["Pushing limits"]))
    assert one(events, "pushing_limits").data == {"hero": BATMAN, "space": "melee", "wounds": 2}
    assert one(events, "hero_wounded").data["from"] == ["melee", "melee"]  # IX·A: the spaces before the reserve
    assert one(events, "roll_started").data["pool"] == ["red", "red"] and not kinds(events, "spend")
    assert places(table.hero(BATMAN)) == {"reserve": 8, "melee": 2, "wound": 2}
    table, _ = run(table, df.AbandonRoll())
    refused(table, df.StartRoll("ranged", hero=BATMAN, cubes=1, target_miniature=CROC, declare=["Pushing limits"]),
            "X·Pushing limits", 'Pushing limits — "[the possessor] has not yet used it during this turn": Batman '
                                'used it in turn 1')
    refused(table, df.StartRoll("melee", hero=GORDON, cubes=1, target_miniature=CROC, declare=["Pushing limits"]),
            "X·Pushing limits", "Commissioner Gordon does not have Pushing limits (or cannot use it now)")
    fresh = heroes_turn(boards={"Batman": batman})
    fresh, events = run(fresh, df.StartRoll("melee", hero=BATMAN, cubes=3, target_miniature=CROC,
                                            declare=["Pushing limits"]))
    assert one(events, "roll_started").data["pool"] == ["red"] * 5
    assert places(fresh.hero(BATMAN)) == {"reserve": 7, "melee": 3, "wound": 2}
    worn = heroes_turn(boards={"Batman": batman})
    worn, _ = run(worn, c.Wound(10, hero=BATMAN))
    refused(worn, df.StartRoll("melee", hero=BATMAN, cubes=0, target_miniature=CROC, declare=["Pushing limits"]),
            "IX·B")


def test_pushing_limits_is_a_hero_s_skill():
    """Pushing limits moves energy cubes to the wound zone: a character spends no cube (VI·D)."""
    croc = tile("Killer Croc", skills=[Skill("Pushing limits", 1)])
    table = villain_turn(tiles=[croc])
    refused(table, df.StartRoll("melee", miniature=CROC, target_hero=BATMAN, declare=["Pushing limits"]),
            "X·Pushing limits")


# ------------------------------------------------------------------------ Imaginary friend


def test_the_imaginary_friend_adds_a_yellow_die_until_an_enemy_thought_neutralizes_it():
    """Imaginary friend — "As long as the imaginary friend is present on the board, [the possessor]
    gains an additional yellow die for each of their actions"; "The only way to neutralize it is if
    an enemy miniature, located in the same area as [the possessor], successfully performs a complex
    thought with a difficulty level equal to [X]"."""
    renee = board("Renee Montoya", skills=[Skill("Imaginary friend", 2)])
    thug = tile("Thug with crowbar", thought=[ActionCharacteristic([Dice("red", 2)], 1)])
    table = heroes_turn(boards={"Renee Montoya": renee}, tiles=[thug])
    _, events = run(table, df.StartRoll("melee", hero=RENEE, cubes=1, target_miniature=THUG))
    assert one(events, "roll_started").data["pool"] == ["yellow", "orange"]
    _, events = run(table, df.StartRoll("thought", hero=RENEE, cubes=1, difficulty=1))
    assert one(events, "roll_started").data["pool"] == ["yellow", "orange"]
    assert df.odds(table, hero=RENEE, action="melee")["pool"] == ["yellow", "orange"]
    _, events = run(table, df.StartRoll("melee", hero=GORDON, cubes=1, target_miniature=THUG))
    assert one(events, "roll_started").data["pool"] == ["orange"]  # Gordon has no imaginary friend
    table = advance_to(table, "villain.first_tile")
    table, _ = run(table, c.ActivateTile("thug-with-crowbar"))
    against = dict(miniature=THUG, friend_hero=RENEE, friend_same_area=True)
    refused(table, df.StartRoll("manipulation", difficulty=2, **against), "X·Imaginary friend")
    refused(table, df.StartRoll("thought", difficulty=3, **against), "X·Imaginary friend",
            'Imaginary friend 2: "a complex thought with a difficulty level equal to [X]", 2, not 3')
    refused(table, df.StartRoll("thought", **{**against, "friend_same_area": False}), "X·Imaginary friend")
    refused(table, df.StartRoll("thought", miniature=THUG, friend_hero=GORDON, friend_same_area=True),
            "X·Imaginary friend", "Commissioner Gordon does not have Imaginary friend (or cannot use it now)")
    failed, events = run(table, df.StartRoll("thought", **against), roll(0, 0), df.EndRerolls())
    assert one(events, "complex_action").data["difficulty"] == 2 and not kinds(events, "imaginary_friend")
    table, events = run(table, df.StartRoll("thought", **against), roll(5, 0), df.EndRerolls())
    assert one(events, "imaginary_friend").data == {"roll": 1, "possessor": RENEE}
    assert table_view(table)["dice"]["friends_gone"] == [RENEE]
    refused(table, df.StartRoll("thought", **{**against, "miniature": "thug-with-crowbar.2"}), "X·Imaginary friend", "Renee Montoya's imaginary friend is already neutralized")
    table = advance_to(table, "heroes.actions")
    _, events = run(table, df.StartRoll("melee", hero=RENEE, cubes=1, target_miniature=BRUTE))
    assert one(events, "roll_started").data["pool"] == ["orange"]
