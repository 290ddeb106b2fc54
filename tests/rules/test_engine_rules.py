"""The bookkeeping rules of DIGEST sections 1-5, through the pure engine (games.bgcc.engine.apply)
on tables set up from the sample library. Each test names its rulebook section; every refusal is
checked for its rule, its exact message, and for leaving the input table unchanged.
"""
from __future__ import annotations

import copy
import dataclasses

import pytest

from games.bgcc import commands as c
from games.bgcc import engine, hero_board, library, river
from games.bgcc import table as tb
from games.bgcc.definitions import CharacterProfile, TileDef
from games.bgcc.errors import RuleRefused
from games.serial import to_data
from games.bgcc.turn import HEROES_STEPS, VILLAIN_STEPS
from games.bgcc.view import table_view

DEFS = library.sample_definitions()
HEROES = {h.name: h for h in DEFS["heroes"]}
ITEMS = {i.name: i for i in DEFS["items"]}
TILES = {t.name: t for t in DEFS["tiles"]}
MISSION = DEFS["missions"][0]

BATMAN, GORDON, RENEE = "batman", "commissioner-gordon", "renee-montoya"
THUGS, BRUTES, CROC, EVENT = "thug-with-crowbar", "brute-with-chains", "killer-croc", "event"


# ------------------------------------------------------------------------------------ helpers


def make(heroes=("Batman", "Commissioner Gordon", "Renee Montoya"), equipment=None, gadgets=None,
         tiles=None, **mission_changes) -> tb.Table:
    equipment, gadgets = equipment or {}, gadgets or {}
    mission = dataclasses.replace(MISSION, **mission_changes)
    setups = [tb.HeroSetup(HEROES[h], [ITEMS[i] for i in equipment.get(h, [])],
                           [ITEMS[i] for i in gadgets.get(h, [])]) for h in heroes]
    table = tb.setup(mission, setups, list(tiles if tiles is not None else DEFS["tiles"]))
    table.dice.mode = "physical"  # IX·D: the attacks and actions here enter the successes of real dice
    return table


def run(table: tb.Table, *commands) -> tuple[tb.Table, list[engine.Event]]:
    events = []
    for command in commands:
        outcome = engine.apply(table, command)
        table = outcome.table
        events += outcome.events
    return table, events


def refused(table: tb.Table, command, rule: str, message: str) -> None:
    before = to_data(table)
    with pytest.raises(RuleRefused) as caught:
        engine.apply(table, command)
    assert (caught.value.rule, caught.value.message) == (rule, message)
    assert to_data(table) == before


def advance_to(table: tb.Table, step: str, stances: dict | None = None, limit: int = 60,
               next_one: bool = False) -> tb.Table:
    """Advance to `step` (its next occurrence when `next_one`), every hero active unless told."""
    for n in range(limit):
        if table.track.step == step and not (next_one and n == 0):
            return table
        if table.track.step == "heroes.stances":
            for hero in table.heroes.values():
                if hero.stance is None:
                    table, _ = run(table, c.DeclareStance(hero.id, (stances or {}).get(hero.id, "active")))
            continue  # the last stance passes the stance step (C2)
        table, _ = run(table, c.Advance())
    raise AssertionError(f"never reached {step}")


def places(table: tb.Table, hero_id: str) -> dict:
    hero = table.hero(hero_id)
    found = hero.cube_places()
    assert sum(found.values()) == hero.board.energy
    return {k: v for k, v in found.items() if v}


def post_cubes(table: tb.Table) -> tuple[int, int, dict, int]:
    post = table.post("villain")
    return post.reserve, post.fatigue, {k: v for k, v in post.spaces.items() if v}, post.removed


def river_costs(table: tb.Table) -> list[tuple[str, int, int]]:
    return river.positions(table.post("villain"))


def passed(events) -> list[str]:
    """The steps that passed by themselves in a command (C2)."""
    return [e.data["step"] for e in events if e.kind == "step_passed"]


def kinds(events, kind: str) -> list[engine.Event]:
    return [e for e in events if e.kind == kind]


def neutralize_tile(table: tb.Table, tile_id: str) -> tb.Table:
    tile = table.post("villain").tiles[tile_id]
    for mini in tile.on_board():
        table, _ = run(table, c.Wound(wounds=mini.life_points, miniature=mini.id))
    assert table.post("villain").tiles[tile_id].neutralized
    return table


# ---------------------------------------------------------------- 1. hero board: spending (IX·C, IX·I)


def test_IX_I_spending_within_the_exertion_limit():
    t = advance_to(make(), "heroes.actions")
    t, events = run(t, c.Spend(space="melee", cubes=2, hero=GORDON))
    assert places(t, GORDON) == {"reserve": 8, "melee": 2}
    assert events[0].text == "Commissioner Gordon spends 2 cubes on melee"
    refused(t, c.Spend(space="melee", cubes=2, hero=GORDON), "IX·I", "Melee space holds 2 of 3: room for 1, not 2")
    t, _ = run(t, c.Spend(space="melee", cubes=1, hero=GORDON))
    refused(t, c.Spend(space="melee", cubes=1, hero=GORDON), "IX·I", "Melee space is saturated: 3 of 3")
    # an attack on a saturated space is refused too (V·C·1 [c])
    refused(t, c.Attack(kind="melee", successes=3, hero=GORDON, cubes=1, target_miniature=f"{THUGS}.1"),
            "IX·I", "Melee space is saturated: 3 of 3")
    assert places(t, GORDON) == {"reserve": 7, "melee": 3}


def test_IX_C_spending_takes_from_the_reserve_only_and_at_least_one_cube():
    t = advance_to(make(), "heroes.actions")
    refused(t, c.Spend(space="melee", cubes=0, hero=GORDON), "IX·C", "Spend at least one cube")
    refused(t, c.Spend(space="wound", cubes=1, hero=GORDON), "IX·C", "Commissioner Gordon has no space 'wound'")
    t, _ = run(t, c.Spend(space="fatigue", cubes=9, hero=GORDON))
    assert places(t, GORDON) == {"reserve": 1, "fatigue": 9}


def test_V_A_14_reserve_shortage_is_refused():
    t = advance_to(make(), "heroes.actions")
    t, _ = run(t, c.Spend(space="fatigue", cubes=9, hero=GORDON))
    refused(t, c.Spend(space="melee", cubes=2, hero=GORDON), "V·A 14",
            "Commissioner Gordon's reserve holds 1 cube, not 2")
    t, _ = run(t, c.Spend(space="melee", cubes=1, hero=GORDON))
    refused(t, c.Spend(space="thought", cubes=1, hero=GORDON), "V·A 14",
            "Commissioner Gordon's reserve holds 0 cubes, not 1")


def test_IX_I_command_post_spending_within_its_limits():
    t = advance_to(make(), "heroes.actions")
    t, _ = run(t, c.Spend(space="defense", cubes=3, side="villain"))
    assert post_cubes(t) == (5, 4, {"defense": 3}, 0)
    refused(t, c.Spend(space="defense", cubes=1, side="villain"), "IX·I", "Defense space is saturated: 3 of 3")
    refused(t, c.Spend(space="reroll", cubes=3, side="villain"), "IX·I", "Reroll space holds 0 of 2: room for 2, not 3")
    # the movement space buys move points for activated characters only (VI·C·2)
    refused(t, c.Spend(space="movement", cubes=1, side="villain"), "VI·C·2",
            "The command post's movement space buys move points for activated characters "
            "(now: Heroes: actions)")
    t, _ = run(t, c.Spend(space="reroll", cubes=2, side="villain"))
    t = advance_to(t, "villain.first_tile")  # upkeep: 5 to fatigue (9), recover 5: reserve 8, fatigue 4
    assert post_cubes(t) == (8, 4, {}, 0)
    t, _ = run(t, c.Spend(space="movement", cubes=3, side="villain"), c.Spend(space="defense", cubes=3, side="villain"))
    refused(t, c.Spend(space="reroll", cubes=3, side="villain"), "IX·I", "Reroll space holds 0 of 2: room for 2, not 3")
    t, _ = run(t, c.Spend(space="reroll", cubes=2, side="villain"))
    assert post_cubes(t) == (0, 4, {"movement": 3, "defense": 3, "reroll": 2}, 0)
    t2 = make(villain_reserve=1, villain_fatigue=0)
    refused(t2, c.Spend(space="defense", cubes=2, side="villain"), "VI·A·1 1", "The villain's reserve holds 1, not 2")


def test_IX_C_cubes_always_sum_to_energy():
    """DIGEST 1: every cube is in exactly one place; the places always sum to the energy."""
    t = advance_to(make(), "heroes.actions")
    t, _ = run(t, c.Spend(space="melee", cubes=3, hero=BATMAN), c.Spend(space="reroll", cubes=2, hero=BATMAN),
               c.Spend(space="fatigue", cubes=1, hero=BATMAN), c.Wound(wounds=4, hero=BATMAN))
    # the 4 wounds: 1 from fatigue, then 3 from the melee space
    assert places(t, BATMAN) == {"reserve": 6, "reroll": 2, "wound": 4}
    # heroes' end upkeep: the reroll cubes → fatigue; resting 6: 2 fatigue → reserve, 4 wound → fatigue
    t = advance_to(t, "heroes.stances")
    assert places(t, BATMAN) == {"reserve": 6, "fatigue": 2, "wound": 4}
    t, _ = run(t, c.DeclareStance(BATMAN, "resting"))
    assert places(t, BATMAN) == {"reserve": 8, "fatigue": 4}


# ---------------------------------------------------------------- 1. stances (V·B·3, IX·B)


def heroes_turn_two(fatigue: int, wounds: int, hero=GORDON) -> tb.Table:
    """Turn 2's stance step with `fatigue` cubes in the hero's fatigue zone and `wounds` in his wound zone."""
    t = advance_to(make(), "heroes.actions")
    if fatigue:
        t, _ = run(t, c.Spend(space="fatigue", cubes=fatigue, hero=hero))
    if wounds:
        t, _ = run(t, c.Wound(wounds=wounds, hero=hero))
    t = advance_to(t, "heroes.stances")
    assert t.track.turn == 2
    return t


def test_V_B_3a_active_stance_recovers_from_fatigue():
    t = heroes_turn_two(fatigue=4, wounds=0)
    assert places(t, GORDON) == {"reserve": 6, "fatigue": 4}
    t, events = run(t, c.DeclareStance(GORDON, "active"))
    assert places(t, GORDON) == {"reserve": 9, "fatigue": 1}
    assert events[0].data == {"hero": GORDON, "stance": "active", "to_reserve": 3, "from_wound": 0}
    assert t.hero(GORDON).stance == "active"
    refused(t, c.DeclareStance(GORDON, "resting"), "V·B·3", "Commissioner Gordon already chose the active stance this turn")


def test_V_B_3a_recovery_fallback_moves_wound_to_fatigue():
    """V·B·3 [a] (FIG. 7): what the fatigue zone lacks moves wound → fatigue, not to the reserve."""
    t = heroes_turn_two(fatigue=3, wounds=2)  # the wounds take fatigue cubes first (IX·A)
    assert places(t, GORDON) == {"reserve": 7, "fatigue": 1, "wound": 2}
    t, events = run(t, c.DeclareStance(GORDON, "active"))
    # recovery 3: 1 fatigue → reserve, the missing 2 move wound → fatigue
    assert events[0].data == {"hero": GORDON, "stance": "active", "to_reserve": 1, "from_wound": 2}
    assert events[0].text == "Commissioner Gordon is active: 1 cube fatigue → reserve, 2 cubes wound → fatigue"
    assert places(t, GORDON) == {"reserve": 8, "fatigue": 2}
    # when the wound zone is short too, only what is there moves
    t = heroes_turn_two(fatigue=2, wounds=1)
    assert places(t, GORDON) == {"reserve": 8, "fatigue": 1, "wound": 1}
    t, events = run(t, c.DeclareStance(GORDON, "active"))
    # recovery 3: 1 fatigue → reserve, the missing 2 would come from the wound zone: only 1 there
    assert events[0].data == {"hero": GORDON, "stance": "active", "to_reserve": 1, "from_wound": 1}
    assert places(t, GORDON) == {"reserve": 9, "fatigue": 1}


def test_V_B_3b_resting_stance_recovery_and_fallback():
    """V·B·3 [b] (FIG. 8-9): resting recovers its own value, with the same wound → fatigue fallback."""
    t = heroes_turn_two(fatigue=3, wounds=5)  # 3 wounds from fatigue, 2 from the reserve
    assert places(t, GORDON) == {"reserve": 5, "wound": 5}
    t, events = run(t, c.DeclareStance(GORDON, "resting"))
    assert events[0].data == {"hero": GORDON, "stance": "resting", "to_reserve": 0, "from_wound": 5}
    assert events[0].text == "Commissioner Gordon is resting: 0 cubes fatigue → reserve, 5 cubes wound → fatigue"
    assert places(t, GORDON) == {"reserve": 5, "fatigue": 5}
    t = heroes_turn_two(fatigue=6, wounds=0)
    t, events = run(t, c.DeclareStance(GORDON, "resting"))
    assert places(t, GORDON) == {"reserve": 9, "fatigue": 1}


def test_V_B_3_every_hero_declares_a_stance_before_acting():
    t = advance_to(make(), "heroes.stances")
    t, _ = run(t, c.DeclareStance(BATMAN, "active"))
    refused(t, c.Advance(), "V·B·3", "Each hero must choose a stance: Commissioner Gordon, Renee Montoya")
    refused(t, c.DeclareStance(GORDON, "sleeping"), "V·B·3", "A stance is active or resting, not 'sleeping'")
    t = advance_to(t, "heroes.actions")
    refused(t, c.DeclareStance(GORDON, "active"), "V·B·3",
            "Stances are declared in the stance step (now: Heroes: actions)")


def test_IX_B_neutralized_hero_must_rest():
    t = heroes_turn_two(fatigue=0, wounds=10)
    assert t.hero(GORDON).neutralized
    refused(t, c.DeclareStance(GORDON, "active"), "V·B·3",
            "Commissioner Gordon is neutralized and must choose the resting stance")
    t, events = run(t, c.DeclareStance(GORDON, "resting"))
    assert events[0].data["from_wound"] == 5
    assert places(t, GORDON) == {"fatigue": 5, "wound": 5}


def test_V_B_3b_resting_hero_only_free_actions_rerolls_and_defenses():
    t = advance_to(make(equipment={"Batman": ["Batarangs"]}), "heroes.actions", stances={BATMAN: "resting"})
    message = "Batman is resting: a resting hero can only perform free actions, rerolls and defenses"
    for command in (c.Attack(kind="melee", successes=2, hero=BATMAN, cubes=1, target_miniature=f"{THUGS}.1"),
                    c.Attack(kind="ranged", successes=2, hero=BATMAN, cubes=1, target_miniature=f"{THUGS}.1"),
                    c.Spend(space="melee", cubes=1, hero=BATMAN),
                    c.ComplexAction(action="thought", successes=2, difficulty=1, hero=BATMAN, cubes=1),
                    c.AutomaticAction(action="manipulation", hero=BATMAN),
                    c.Move(moves=[c.MoveStep()], hero=BATMAN),
                    c.PickUp(hero=BATMAN, item=ITEMS["Tonfa"]),
                    c.Take(hero=BATMAN, from_hero=GORDON, item="Tonfa")):
        refused(t, command, "V·B·3 [b]", message)
    # rerolls and defenses remain
    t, _ = run(t, c.Spend(space="reroll", cubes=1, hero=BATMAN), c.Spend(space="defense", cubes=2, hero=BATMAN))
    assert places(t, BATMAN) == {"reserve": 9, "reroll": 1, "defense": 2}


def test_IX_B_neutralized_hero_can_no_longer_act_and_loses_skills():
    t = advance_to(make(), "heroes.actions")
    assert hero_board.skill_applies(t.hero(GORDON), HEROES["Commissioner Gordon"].skills[0])
    t, events = run(t, c.Wound(wounds=10, hero=GORDON, cause="explosion"))
    assert [e.kind for e in events] == ["hero_wounded", "hero_neutralized"]
    assert events[0].text == "Commissioner Gordon suffers 10 wounds: 10 from reserve to the wound zone (explosion)"
    assert t.hero(GORDON).neutralized
    assert not hero_board.skill_applies(t.hero(GORDON), HEROES["Commissioner Gordon"].skills[0])
    refused(t, c.Move(moves=[c.MoveStep()], hero=GORDON), "IX·B",
            "Commissioner Gordon is neutralized and can no longer perform actions")
    refused(t, c.Spend(space="defense", cubes=1, hero=GORDON), "IX·B", "Commissioner Gordon is neutralized")


# ---------------------------------------------------------------- 1. upkeeps (V·B·1, V·B·7)


def test_V_B_7_upkeep_end_of_heroes_turn_moves_spent_cubes_to_fatigue():
    t = advance_to(make(), "heroes.actions")
    t, _ = run(t, c.Spend(space="melee", cubes=2, hero=BATMAN), c.Spend(space="thought", cubes=1, hero=BATMAN),
               c.Move(moves=[c.MoveStep(), c.MoveStep(type="jump", level=1)], hero=BATMAN),
               c.Spend(space="fatigue", cubes=1, hero=RENEE))
    assert places(t, BATMAN) == {"reserve": 8, "melee": 2, "thought": 1, "movement": 1}
    t, events = run(t, c.Advance())  # V·B·6 (no reminder) and V·B·7 pass by themselves
    assert passed(events)[:2] == ["heroes.end_effects", "heroes.upkeep_end"]
    assert places(t, BATMAN) == {"reserve": 8, "fatigue": 4}
    assert places(t, RENEE) == {"reserve": 9, "fatigue": 1}
    upkeep = [e for e in kinds(events, "upkeep") if e.rule != "VI·B·1"]  # the villain's upkeep passed too
    assert [(e.rule, e.data) for e in upkeep] == [("V·B·7", {"hero": BATMAN, "cubes": 4})]


def test_V_B_1_upkeep_start_of_heroes_turn_moves_cubes_spent_in_the_villains_turn():
    t = advance_to(make(), "heroes.actions")
    t, _ = run(t, c.Move(moves=[c.MoveStep()], hero=BATMAN))
    assert t.hero(BATMAN).moved_this_turn
    t = advance_to(t, "villain.first_tile")
    t, _ = run(t, c.ActivateTile(CROC),
               c.Attack(kind="melee", successes=2, miniature=f"{CROC}.1", target_hero=BATMAN, defense_cubes=2,
                        defense_successes=2),
               c.Spend(space="reroll", cubes=1, hero=BATMAN))
    assert places(t, BATMAN) == {"reserve": 9, "defense": 2, "reroll": 1}
    t = advance_to(t, "upkeep")  # turn 2: the mission's upkeep reminder stops the turn there
    assert places(t, BATMAN) == {"reserve": 9, "defense": 2, "reroll": 1}
    t, events = run(t, c.Advance())
    assert passed(events) == ["heroes.upkeep_start", "heroes.start_effects"]
    assert t.track.step == "heroes.stances"
    assert [(e.rule, e.data) for e in kinds(events, "upkeep")] == [("V·B·1", {"hero": BATMAN, "cubes": 3})]
    assert places(t, BATMAN) == {"reserve": 9, "fatigue": 3}
    assert not t.hero(BATMAN).moved_this_turn  # a new heroes' turn: a first movement again


def test_V_B_1_with_the_villains_initiative():
    """The villain plays first: the cubes spent defending in turn 1 go to fatigue when the heroes start."""
    t = advance_to(make(initiative="villain"), "villain.first_tile")
    t, _ = run(t, c.Spend(space="defense", cubes=2, hero=RENEE))
    t, events = run(t, c.Advance())  # no tile activated: no second tile (VI·B·3), on to the heroes
    assert passed(events) == ["villain.second_tile", "villain.end_effects", "end_check_1", "heroes.upkeep_start",
                              "heroes.start_effects"]
    assert (t.track.turn, t.track.step) == (1, "heroes.stances")
    assert [(e.rule, e.data) for e in kinds(events, "upkeep")] == [("V·B·1", {"hero": RENEE, "cubes": 2})]
    assert places(t, RENEE) == {"reserve": 8, "fatigue": 2}


# ---------------------------------------------------------------- 1. wounds (IX·A, IX·B)


def test_IX_A_wounds_taken_from_fatigue_then_spaces_then_reserve():
    t = advance_to(make(), "heroes.actions")
    t, _ = run(t, c.Spend(space="fatigue", cubes=2, hero=GORDON), c.Spend(space="melee", cubes=1, hero=GORDON),
               c.Spend(space="thought", cubes=1, hero=GORDON))
    assert places(t, GORDON) == {"reserve": 6, "fatigue": 2, "melee": 1, "thought": 1}
    t, events = run(t, c.Wound(wounds=5, hero=GORDON, cause="fall"))
    assert events[0].data == {"hero": GORDON, "wounds": 5,
                              "from": ["fatigue", "fatigue", "melee", "thought", "reserve"]}
    assert events[0].text == ("Commissioner Gordon suffers 5 wounds: 2 from fatigue, 1 from melee, 1 from thought, "
                              "1 from reserve to the wound zone (fall)")
    assert places(t, GORDON) == {"reserve": 5, "wound": 5}
    assert not t.hero(GORDON).neutralized


def test_IX_A_all_cubes_in_the_wound_zone_neutralizes():
    t = advance_to(make(), "heroes.actions")
    t, _ = run(t, c.Spend(space="ranged", cubes=3, hero=RENEE), c.Wound(wounds=9, hero=RENEE))
    assert places(t, RENEE) == {"reserve": 1, "wound": 9}
    assert not t.hero(RENEE).neutralized
    t, events = run(t, c.Wound(wounds=3, hero=RENEE))
    assert [e.kind for e in events] == ["hero_wounded", "hero_neutralized"]
    assert events[0].data["from"] == ["reserve"]
    assert places(t, RENEE) == {"wound": 10}
    assert t.hero(RENEE).neutralized
    refused(t, c.Wound(wounds=0, hero=RENEE), "IX·A", "At least one wound")


def test_IX_A_character_life_point_track_and_neutralization():
    t = advance_to(make(), "heroes.actions")
    t, events = run(t, c.Attack(kind="melee", successes=4, hero=BATMAN, cubes=2, target_miniature=f"{CROC}.1"))
    assert kinds(events, "character_wounded")[0].data == {"miniature": f"{CROC}.1", "wounds": 2, "life_points": 6}
    view = table_view(t)["command_posts"]["villain"]
    assert [m["id"] for m in view["life_point_track"]] == [f"{CROC}.1"]
    t, events = run(t, c.Wound(wounds=9, miniature=f"{CROC}.1"))
    croc = t.post("villain").tiles[CROC].miniatures[0]
    assert (croc.place, croc.life_points) == ("pool", 0)  # never negative (IX·K)
    assert [e.kind for e in events] == ["character_wounded", "character_neutralized", "tile_neutralized"]
    refused(t, c.Wound(wounds=1, miniature=f"{CROC}.1"), "IX·B", "Killer Croc is not on the board")


# ---------------------------------------------------------------- 1. encumbrance and items (V·D)


def test_V_D_1_encumbrance_total_bonus_and_maximum():
    t = make(equipment={"Commissioner Gordon": ["Tonfa"]})
    gordon = t.hero(GORDON)
    assert (gordon.encumbrance, gordon.first_movement_bonus, gordon.board.maximum_encumbrance) == (2, 2, 7)
    t = make(equipment={"Commissioner Gordon": ["Tonfa", "Submachine gun"]})
    assert (t.hero(GORDON).encumbrance, t.hero(GORDON).first_movement_bonus) == (5, 1)
    heavy = dataclasses.replace(ITEMS["Submachine gun"], name="Rocket launcher", encumbrance=6)
    assert hero_board.Hero(GORDON, HEROES["Commissioner Gordon"], reserve=10, equipment=[heavy]).first_movement_bonus == 0
    # the maximum may not be exceeded: at setup, picking up, being given, taking
    with pytest.raises(RuleRefused) as caught:
        make(equipment={"Commissioner Gordon": ["Tonfa", "Submachine gun", "Submachine gun"]})
    assert (caught.value.rule, caught.value.message) == \
        ("V·D·1", "Submachine gun would bring Commissioner Gordon's encumbrance to 8, over the maximum of 7")
    t = advance_to(make(equipment={"Commissioner Gordon": ["Tonfa", "Submachine gun"],
                                   "Renee Montoya": ["Submachine gun"], "Batman": ["Tonfa"]}), "heroes.actions")
    refused(t, c.PickUp(hero=GORDON, item=ITEMS["Submachine gun"]), "V·D·1",
            "Submachine gun would bring Commissioner Gordon's encumbrance to 8, over the maximum of 7")
    refused(t, c.Give(hero=RENEE, to_hero=GORDON, item="Submachine gun"), "V·D·1",
            "Submachine gun would bring Commissioner Gordon's encumbrance to 8, over the maximum of 7")
    refused(t, c.Take(hero=GORDON, from_hero=RENEE, item="Submachine gun"), "V·D·1",
            "Submachine gun would bring Commissioner Gordon's encumbrance to 8, over the maximum of 7")
    # giving: only the giver spends a cube (1 on manipulation)
    t, events = run(t, c.Give(hero=GORDON, to_hero=RENEE, item="Tonfa"))
    assert events[0].data["encumbrance"] == {GORDON: 3, RENEE: 5}
    assert places(t, GORDON) == {"reserve": 9, "manipulation": 1} and places(t, RENEE) == {"reserve": 10}
    assert (t.hero(GORDON).encumbrance, t.hero(RENEE).encumbrance) == (3, 5)
    # dropping: not an action, no cube
    t, _ = run(t, c.Drop(hero=BATMAN, item="Tonfa"))
    assert places(t, BATMAN) == {"reserve": 12} and t.hero(BATMAN).encumbrance == 0
    assert [i.name for i in t.loose_items] == ["Tonfa"]
    refused(t, c.Drop(hero=BATMAN, item="Tonfa"), "V·D", "Batman carries no Tonfa")


def test_V_D_1_skill_works_only_below_its_encumbrance_limit():
    retaliation = HEROES["Commissioner Gordon"].skills[0]
    assert retaliation.encumbrance_limit == 5
    baton = dataclasses.replace(ITEMS["Tonfa"], name="Baton", encumbrance=2)
    four = make(equipment={"Commissioner Gordon": ["Tonfa"]})
    four.heroes[GORDON].equipment.append(baton)
    assert four.hero(GORDON).encumbrance == 4 and hero_board.skill_applies(four.hero(GORDON), retaliation)
    five = make(equipment={"Commissioner Gordon": ["Tonfa", "Submachine gun"]})
    assert not hero_board.skill_applies(five.hero(GORDON), retaliation)
    assert table_view(five)["heroes"][1]["skills"][0]["applies"] is False
    assert table_view(four)["heroes"][1]["skills"][0]["applies"] is True
    # a skill without a limit always applies (while not neutralized)
    assert hero_board.skill_applies(five.hero(BATMAN), HEROES["Batman"].skills[0])


def test_V_D_2_bat_gadgets_fill_the_utility_belt_not_the_encumbrance():
    grapnel = ITEMS["Grapnel gun"]
    t = make(gadgets={"Batman": ["Grapnel gun"]})
    assert [g.name for g in t.hero(BATMAN).gadgets] == ["Grapnel gun"]
    assert (t.hero(BATMAN).encumbrance, t.hero(BATMAN).first_movement_bonus) == (0, 2)
    big = dataclasses.replace(grapnel, name="Batcomputer uplink", encumbrance=3)
    with pytest.raises(RuleRefused) as caught:
        hero_board.new_hero(BATMAN, HEROES["Batman"], [grapnel, big])
    assert (caught.value.rule, caught.value.message) == \
        ("V·D·2", "Batman's bat-gadgets total size 4 but the utility belt holds 3")
    assert hero_board.new_hero(BATMAN, HEROES["Batman"], [big]).gadgets == [big]  # 3 fits a belt of 3
    with pytest.raises(RuleRefused) as caught:
        make(gadgets={"Commissioner Gordon": ["Grapnel gun"]})
    assert caught.value.message == "Commissioner Gordon's bat-gadgets total size 1 but the utility belt holds 0"
    with pytest.raises(RuleRefused) as caught:
        make(equipment={"Batman": ["Grapnel gun"]})
    assert caught.value.rule == "V·D"
    # a bat-gadget cannot be picked up, given, taken or dropped
    t = advance_to(t, "heroes.actions")
    no = "A bat-gadget cannot be picked up, given, taken, thrown or dropped"
    refused(t, c.PickUp(hero=GORDON, item=grapnel), "V·D·2", no)
    refused(t, c.Give(hero=BATMAN, to_hero=GORDON, item="Grapnel gun"), "V·D·2", no)
    refused(t, c.Take(hero=GORDON, from_hero=BATMAN, item="Grapnel gun"), "V·D·2", no)
    refused(t, c.Drop(hero=BATMAN, item="Grapnel gun"), "V·D·2", no)


def test_V_C_2a_ranged_attack_needs_a_usable_ranged_weapon():
    t = advance_to(make(equipment={"Commissioner Gordon": ["Batarangs"], "Batman": ["Batarangs"]}),
                   "heroes.actions")
    target = f"{THUGS}.1"
    refused(t, c.Attack(kind="ranged", successes=2, hero=GORDON, cubes=1, target_miniature=target), "V·C·2 [a]",
            "Commissioner Gordon carries no ranged weapon they can use: a hero can only perform a ranged attack with one")
    t, _ = run(t, c.Attack(kind="ranged", successes=2, hero=BATMAN, cubes=1, target_miniature=target))
    assert places(t, BATMAN) == {"reserve": 11, "ranged": 1}
    lethal = dataclasses.replace(ITEMS["Submachine gun"], name="Shotgun", moral_code_forbidden=True)
    t = advance_to(make(), "heroes.actions")
    t.heroes[GORDON].equipment.append(lethal)
    t.heroes[RENEE].equipment.append(lethal)
    refused(t, c.Attack(kind="ranged", successes=2, hero=GORDON, cubes=1, target_miniature=target), "V·C·2 [a]",
            "Commissioner Gordon carries no ranged weapon they can use: a hero can only perform a ranged attack with one")
    t, _ = run(t, c.Attack(kind="ranged", successes=2, hero=RENEE, cubes=1, target_miniature=target))


def test_V_C_3a_complex_action_effect_gives_an_item_only_on_success():
    t = advance_to(make(equipment={"Commissioner Gordon": ["Tonfa", "Submachine gun"]}), "heroes.actions")
    smg = ITEMS["Submachine gun"]
    t2, events = run(t, c.ComplexAction(action="manipulation", successes=2, difficulty=3, hero=BATMAN, cubes=2,
                                        item=smg))
    assert kinds(events, "complex_action")[0].data == {"successes": 2, "difficulty": 3, "success": False}
    assert t2.hero(BATMAN).equipment == [] and places(t2, BATMAN) == {"reserve": 10, "manipulation": 2}
    t2, _ = run(t, c.ComplexAction(action="manipulation", successes=3, difficulty=3, hero=BATMAN, cubes=2, item=smg))
    assert t2.hero(BATMAN).equipment == [smg] and t2.hero(BATMAN).encumbrance == 3
    refused(t, c.ComplexAction(action="manipulation", successes=3, difficulty=3, hero=GORDON, cubes=1, item=smg),
            "V·D·1", "Submachine gun would bring Commissioner Gordon's encumbrance to 8, over the maximum of 7")


def test_V_C_3b_automatic_action_spends_exactly_one_cube():
    t = advance_to(make(), "heroes.actions")
    t, events = run(t, c.AutomaticAction(action="thought", hero=RENEE, description="reads the files"))
    assert places(t, RENEE) == {"reserve": 9, "thought": 1}
    assert events[0].text == "Renee Montoya: automatic thought, 1 cube: reads the files"
    t, _ = run(t, c.AutomaticAction(action="thought", hero=RENEE))
    refused(t, c.AutomaticAction(action="thought", hero=RENEE), "IX·I", "Thought space is saturated: 2 of 2")


# ---------------------------------------------------------------- 2. villain upkeep (VI·B·1)


def test_VI_B_1_villain_upkeep():
    t = advance_to(make(), "heroes.actions")
    assert post_cubes(t) == (8, 4, {}, 0)
    t, _ = run(t, c.Spend(space="defense", cubes=2, side="villain"), c.Spend(space="reroll", cubes=1, side="villain"))
    assert post_cubes(t) == (5, 4, {"defense": 2, "reroll": 1}, 0)
    t, events = run(t, c.Advance())
    assert "villain.upkeep" in passed(events) and t.track.step == "villain.start_effects"
    # every cube outside reserve and fatigue → fatigue (4 + 3 = 7), then recover 5 fatigue → reserve
    assert post_cubes(t) == (10, 2, {}, 0)
    (upkeep,) = kinds(events, "upkeep")
    assert (upkeep.rule, upkeep.data) == ("VI·B·1", {"side": "villain", "moved": 3, "recovered": 5})
    assert upkeep.text == "The villain: 3 cubes from the spaces to fatigue, 5 cubes recovered to the reserve"


def test_VI_B_1_villain_recovery_is_limited_by_the_fatigue_zone():
    t = advance_to(make(villain_reserve=3, villain_fatigue=2, recovery=5), "villain.start_effects")
    assert post_cubes(t) == (5, 0, {}, 0)


def test_VI_B_1_villain_upkeep_resets_the_activation_count():
    t = advance_to(make(), "villain.first_tile")
    t, _ = run(t, c.ActivateTile(THUGS), c.ActivateTile(BRUTES))
    assert t.post("villain").activations_this_turn == 2
    t = advance_to(t, "upkeep")  # C9: the villain's turn is over, so is its count (VI·B: "2 tiles each turn")
    assert t.track.turn == 2
    assert t.post("villain").activations_this_turn == 0 and t.post("villain").activation is None
    t = advance_to(t, "heroes.actions")
    assert t.post("villain").activations_this_turn == 0


# ---------------------------------------------------------------- 3. the river (VI·A, VI·B)


def test_VI_A_1_9_activation_cost_is_the_number_above_the_position():
    t = make()
    assert river_costs(t) == [(THUGS, 1, 1), (BRUTES, 2, 2), (CROC, 3, 3), (EVENT, 4, 4)]
    assert river.cost(t.post("villain"), CROC) == 3
    t = make(cost_track=[0, 0, 1, 1, 2])
    assert river_costs(t) == [(THUGS, 1, 0), (BRUTES, 2, 0), (CROC, 3, 1), (EVENT, 4, 1)]


def test_VI_A_2b_double_tile_cost_indicator():
    gang = TileDef(name="Mobsters", kind="double", level="elite", cost_indicator=2,
                   characters=[CharacterProfile(name="Mobster", miniatures=4, reinforcement_cost=2)])
    tiles = [*DEFS["tiles"], gang]
    track = [1, 2, 4, 5, 7, 8, 9]
    order = ["Thug with crowbar", "Mobsters", "Brute with chains", "Killer Croc", "Event"]
    t = make(tiles=tiles, river=order, cost_track=track)
    # the double tile takes positions 2 and 3; its indicator names position 3: cost 4 (not 2)
    assert river_costs(t) == [(THUGS, 1, 1), ("mobsters", 2, 4), (BRUTES, 4, 5), (CROC, 5, 7), (EVENT, 6, 8)]
    view = {x["id"]: x for x in table_view(t)["command_posts"]["villain"]["river"]}
    assert (view["mobsters"]["width"], view["mobsters"]["position"], view["mobsters"]["cost"]) == (2, 2, 4)
    first = dataclasses.replace(gang, cost_indicator=1)
    t1 = make(tiles=[*DEFS["tiles"], first], river=order, cost_track=track)
    assert river_costs(t1)[1] == ("mobsters", 2, 2)
    t = advance_to(t, "villain.first_tile")
    reserve = t.post("villain").reserve
    t, events = run(t, c.ActivateTile("mobsters"))
    assert kinds(events, "activation")[0].data == {"tile": "mobsters", "cost": 4, "position": 2, "activation": 1}
    assert t.post("villain").reserve == reserve - 4
    # at the right end it takes positions 5-6 and its indicator names position 6
    assert river_costs(t) == [(THUGS, 1, 1), (BRUTES, 2, 2), (CROC, 3, 4), (EVENT, 4, 5), ("mobsters", 5, 8)]
    # the river's width must fit the cost track
    with pytest.raises(RuleRefused) as caught:
        make(tiles=tiles, river=order, cost_track=[1, 2, 3, 4, 5])
    assert (caught.value.rule, caught.value.message) == \
        ("VI·A·1 9", "The river needs 6 positions but the cost track has 5")


def test_VI_B_3_activation_pays_reserve_to_fatigue_and_moves_the_tile_to_the_right_end():
    t = advance_to(make(), "villain.first_tile")
    assert post_cubes(t) == (12, 0, {}, 0)
    t, events = run(t, c.ActivateTile(BRUTES))
    assert post_cubes(t) == (10, 2, {}, 0)
    assert t.post("villain").river == [THUGS, CROC, EVENT, BRUTES]
    assert events[-1].text == ("Brute with chains activated from position 2: 2 cubes reserve → fatigue; "
                               "the tile moves to the end of the river")


def test_VI_B_3_tiles_are_activated_only_in_the_villains_tile_steps():
    t = advance_to(make(), "heroes.actions")
    refused(t, c.ActivateTile(CROC), "VI·B·3", "Tiles are activated in the villain's tile steps (now: Heroes: actions)")
    t = advance_to(t, "villain.start_effects")
    refused(t, c.ActivateTile(CROC), "VI·B·3",
            "Tiles are activated in the villain's tile steps (now: Villain: start of turn effects)")
    t = advance_to(t, "villain.first_tile")
    refused(t, c.ActivateTile("joker"), "VI·A·1 8", "No tile 'joker' in the villain's river")


def test_VI_B_3a_cost_refused_when_the_reserve_cannot_pay():
    t = advance_to(make(villain_reserve=0, villain_fatigue=2, recovery=2), "villain.first_tile")
    assert post_cubes(t) == (2, 0, {}, 0)
    refused(t, c.ActivateTile(CROC), "VI·B·3 [a]", "Tile 'Killer Croc' costs 3 but the reserve holds 2")
    assert table_view(t)["command_posts"]["villain"]["river"][2]["affordable"] is False
    t, _ = run(t, c.ActivateTile(BRUTES))
    assert post_cubes(t) == (0, 2, {}, 0)


def test_VI_B_at_most_two_tile_activations_per_villain_turn():
    t = advance_to(make(), "villain.first_tile")
    t, events = run(t, c.ActivateTile(THUGS))
    assert t.track.step == "villain.first_tile"
    t, events = run(t, c.ActivateTile(THUGS))  # now at position 4, cost 4
    assert t.track.step == "villain.second_tile"
    assert [e.data.get("step") for e in kinds(events, "step")] == ["villain.second_tile"]
    assert post_cubes(t) == (7, 5, {}, 0)
    refused(t, c.ActivateTile(BRUTES), "VI·B", "Only 2 tile activations per villain turn")
    # the next villain turn may activate two again
    t = advance_to(t, "villain.first_tile")
    t, _ = run(t, c.ActivateTile(BRUTES))
    t, _ = run(t, c.Advance())
    assert t.track.step == "villain.second_tile"
    t, _ = run(t, c.ActivateTile(CROC))
    refused(t, c.ActivateTile(EVENT), "VI·B", "Only 2 tile activations per villain turn")


def test_IX_B_neutralized_tile_flips_and_moves_to_the_right_end():
    t = advance_to(make(), "heroes.actions")
    t, events = run(t, c.Wound(wounds=1, miniature=f"{THUGS}.1"), c.Wound(wounds=1, miniature=f"{THUGS}.2"))
    assert not t.post("villain").tiles[THUGS].neutralized and t.post("villain").river[0] == THUGS
    t, events = run(t, c.Wound(wounds=3, miniature=f"{THUGS}.3"))
    assert [e.kind for e in events] == ["character_wounded", "character_neutralized", "tile_neutralized"]
    assert events[-1].text == "Thug with crowbar is neutralized: flipped and moved to the end of the river"
    assert t.post("villain").tiles[THUGS].neutralized
    assert river_costs(t) == [(BRUTES, 1, 1), (CROC, 2, 2), (EVENT, 3, 3), (THUGS, 4, 4)]
    t = advance_to(t, "villain.first_tile")
    refused(t, c.ActivateTile(THUGS), "IX·B", "Thug with crowbar is neutralized and cannot be activated")


# ---------------------------------------------------------------- 3. character activation (VI·C)


def test_VI_C_each_character_once_per_tile_activation():
    t = advance_to(make(), "villain.first_tile")
    t, _ = run(t, c.ActivateTile(THUGS))
    t, _ = run(t, c.Attack(kind="melee", successes=1, miniature=f"{THUGS}.1", target_hero=BATMAN),
               c.Attack(kind="melee", successes=1, miniature=f"{THUGS}.2", target_hero=BATMAN))
    # designating another character finished the first one's activation (VI·C·1, 7)
    refused(t, c.Move(moves=[c.MoveStep()], miniature=f"{THUGS}.1"), "VI·C",
            "Thug with crowbar #1 has finished its activation for this tile")
    refused(t, c.Attack(kind="melee", successes=1, miniature=f"{THUGS}.2", target_hero=BATMAN), "VI·C·5",
            "Action multiplier reached: Thug with crowbar #2 made 1 of 1 melee actions")
    refused(t, c.Attack(kind="ranged", successes=1, miniature=f"{THUGS}.3", target_hero=BATMAN), "IX·E",
            "Thug with crowbar #3 cannot perform a ranged action")
    refused(t, c.Attack(kind="melee", successes=1, miniature=f"{THUGS}.3", target_miniature=f"{BRUTES}.1"), "IX·M",
            "Brute with chains #1 is an ally of Thug with crowbar #3")
    refused(t, c.Attack(kind="melee", successes=1, miniature=f"{THUGS}.3", target_hero=BATMAN, cubes=1), "VI·D",
            "A character spends no energy cube to attack")


def test_VI_C_2_6_movement_steps_frame_the_action():
    t = advance_to(make(), "villain.first_tile")
    t, _ = run(t, c.ActivateTile(THUGS))
    reserve = t.post("villain").reserve
    # first movement step: the first-movement bonus (1), then a cube from the command post (x1)
    t, events = run(t, c.Move(moves=[c.MoveStep(), c.MoveStep()], miniature=f"{THUGS}.1"))
    assert events[0].data == {"miniature": f"{THUGS}.1", "cubes": 1, "lost": 0, "first": True}
    assert events[0].text == ("Thug with crowbar #1 moves: pool 1 (first-movement bonus); simple move costs 1, "
                              "pool 0; 1 cube bought 1 move point, pool 1; simple move costs 1, pool 0; "
                              "movement ends, 0 unspent move points lost")
    assert post_cubes(t)[:3] == (reserve - 1, 1, {"movement": 1})
    t, _ = run(t, c.Attack(kind="melee", successes=1, miniature=f"{THUGS}.1", target_hero=BATMAN))
    # second movement step: no bonus
    t, events = run(t, c.Move(moves=[c.MoveStep()], miniature=f"{THUGS}.1"))
    assert events[0].data == {"miniature": f"{THUGS}.1", "cubes": 1, "lost": 0, "first": False}
    refused(t, c.Move(moves=[c.MoveStep()], miniature=f"{THUGS}.1"), "VI·C·6",
            "Thug with crowbar #1 already made its second movement")
    refused(t, c.AutomaticAction(action="manipulation", miniature=f"{THUGS}.1"), "VI·C·7",
            "Thug with crowbar #1 made its second movement: its activation is over")
    # movement space limit 3 holds 2: a move needing 2 more cubes is refused
    refused(t, c.Move(moves=[c.MoveStep(type="climb", level=2)], miniature=f"{THUGS}.2"), "IX·I",
            "Move 1 lacks 2 move points: 2 cubes needed but the movement space has room for 1")


# ---------------------------------------------------------------- 3. dredging, demobilization (VI·F, VI·G)


def test_VI_F_dredging_two_cubes_per_tile_leave_the_game():
    t = advance_to(make(), "villain.first_tile")
    t, _ = run(t, c.ActivateTile(CROC), c.Spend(space="defense", cubes=1, side="villain"))
    assert post_cubes(t) == (8, 3, {"defense": 1}, 0)
    t = neutralize_tile(neutralize_tile(t, THUGS), BRUTES)
    activations = t.post("villain").activations_this_turn
    t, events = run(t, c.Dredge([THUGS, BRUTES]))
    # 4 cubes: 3 from fatigue, then 1 from the spaces; none from the reserve
    assert events[0].data == {"tiles": [THUGS, BRUTES], "cubes": 4,
                              "from": ["fatigue", "fatigue", "fatigue", "defense"]}
    assert post_cubes(t) == (8, 0, {}, 4)
    assert t.post("villain").river == [EVENT, CROC]
    assert t.post("villain").activations_this_turn == activations  # not an activation
    assert {m.place for tid in (THUGS, BRUTES) for m in t.post("villain").tiles[tid].miniatures} == {"gone"}
    assert table_view(t)["command_posts"]["villain"]["removed_from_game"] == 4


def test_VI_F_dredging_takes_the_reserve_last_and_needs_enough_cubes():
    t = advance_to(make(villain_reserve=0, villain_fatigue=3, recovery=2), "villain.first_tile")
    assert post_cubes(t) == (2, 1, {}, 0)
    t = neutralize_tile(t, THUGS)
    t2, events = run(t, c.Dredge([THUGS]))
    assert events[0].data["from"] == ["fatigue", "reserve"] and post_cubes(t2) == (1, 0, {}, 2)
    t = neutralize_tile(t, BRUTES)
    refused(t, c.Dredge([THUGS, BRUTES]), "VI·F", "Dredging costs 4 cubes but the command post holds 3")


def test_VI_F_only_neutralized_tiles_in_the_villains_turn():
    t = advance_to(make(), "heroes.actions")
    t = neutralize_tile(t, THUGS)
    refused(t, c.Dredge([THUGS]), "VI·B", "Dredging the river happens during the villain's turn (now: Heroes: actions)")
    t = advance_to(t, "villain.start_effects")
    refused(t, c.Dredge([CROC]), "VI·F", "Only neutralized tiles are dredged; Killer Croc is not")
    refused(t, c.Dredge([THUGS, THUGS]), "VI·F", "A tile is dredged once")
    refused(t, c.Dredge([]), "VI·F", "Name at least one neutralized tile to dredge")
    t, _ = run(t, c.Dredge([THUGS]))
    refused(t, c.Dredge([THUGS]), "VI·A·1 8", "No tile 'thug-with-crowbar' in the villain's river")


def test_VI_G_demobilization_once_per_game_elite_or_henchman():
    t = advance_to(make(), "heroes.actions")
    refused(t, c.Demobilize(BRUTES), "VI·B", "Demobilization happens during the villain's turn (now: Heroes: actions)")
    t = advance_to(t, "villain.start_effects")
    refused(t, c.Demobilize(CROC), "VI·G",
            "Only an elite or henchman character tile can be demobilized; Killer Croc cannot")
    refused(t, c.Demobilize(EVENT), "VI·G", "Only an elite or henchman character tile can be demobilized; Event cannot")
    assert post_cubes(t) == (12, 0, {}, 0)
    t, events = run(t, c.Demobilize(BRUTES))
    # dredged as though neutralized: 2 cubes leave the game (the fatigue is empty: from the reserve)
    assert events[0].data == {"tile": BRUTES, "from": ["reserve", "reserve"], "removed": 2}
    assert post_cubes(t) == (10, 0, {}, 2)
    assert t.post("villain").river == [THUGS, CROC, EVENT]
    assert {m.place for m in t.post("villain").tiles[BRUTES].miniatures} == {"gone"}
    assert t.post("villain").demobilized and t.post("villain").activations_this_turn == 0
    refused(t, c.Demobilize(THUGS), "VI·G", "Demobilization is once per game")
    t = advance_to(t, "villain.start_effects", next_one=True)
    assert t.track.turn == 2
    refused(t, c.Demobilize(THUGS), "VI·G", "Demobilization is once per game")


# ---------------------------------------------------------------- 4. reinforcement (VI·E)


def event_activated(table: tb.Table) -> tb.Table:
    table = advance_to(table, "villain.first_tile")
    table, events = run(table, c.ActivateTile(EVENT))
    (event,) = kinds(events, "event_tile")
    assert event.data == {"reinforcement_points": 3, "events": list(MISSION.reminders.events)}
    assert table.post("villain").reinforcement_points == 3
    return table


def test_VI_E_reinforcement_points_from_the_event_tile_spent_at_once():
    t = advance_to(make(), "heroes.actions")
    t, _ = run(t, c.Wound(wounds=1, miniature=f"{THUGS}.1"), c.Wound(wounds=1, miniature=f"{BRUTES}.1"))
    refused(t, c.Reinforce(f"{THUGS}.1"), "VI·E",
            "No reinforcement points to spend: they come from the event tile and are spent at once")
    t = event_activated(t)
    refused(t, c.Reinforce(f"{THUGS}.2"), "VI·E", "Thug with crowbar #2 is not in the character pool")
    t, events = run(t, c.Reinforce(f"{THUGS}.1"))
    assert events[0].data == {"miniature": f"{THUGS}.1", "cost": 2, "remaining": 1}
    thug = t.post("villain").tiles[THUGS].miniatures[0]
    assert (thug.place, thug.life_points) == ("board", 1)
    refused(t, c.Reinforce(f"{BRUTES}.1"), "VI·E",
            "Brute with chains #1 costs 3 reinforcement points but 1 remain")
    # the next villain command loses the unspent point
    t, events = run(t, c.Advance())
    assert [(e.kind, e.text) for e in events][0] == ("reinforcement_lost", "1 unspent reinforcement point lost")
    assert t.post("villain").reinforcement_points == 0


@pytest.mark.parametrize("next_command", [c.ActivateTile(THUGS), c.Dredge([BRUTES]), c.Demobilize(THUGS)])
def test_VI_E_unspent_points_lost_on_the_next_villain_command(next_command):
    t = advance_to(make(), "heroes.actions")
    t = neutralize_tile(t, BRUTES)
    t = event_activated(t)
    t, events = run(t, next_command)
    assert events[0].kind == "reinforcement_lost" and events[0].text == "3 unspent reinforcement points lost"
    assert t.post("villain").reinforcement_points == 0


def test_VI_E_no_reinforcement_cost_never_returns():
    t = advance_to(make(), "heroes.actions")
    t, _ = run(t, c.Wound(wounds=8, miniature=f"{CROC}.1"))
    t = event_activated(t)
    refused(t, c.Reinforce(f"{CROC}.1"), "VI·E", "Killer Croc has no reinforcement cost and cannot be brought back")


def test_VI_E_reinforcement_flips_a_neutralized_tile_face_up():
    t = advance_to(make(), "heroes.actions")
    t = neutralize_tile(t, BRUTES)
    t = event_activated(t)
    assert t.post("villain").tiles[BRUTES].neutralized
    t, events = run(t, c.Reinforce(f"{BRUTES}.2"))
    assert events[0].text == ("Brute with chains #2 returns as a reinforcement for 3 points; 0 points left; "
                              "Brute with chains is flipped face up")
    assert not t.post("villain").tiles[BRUTES].neutralized
    assert [m.place for m in t.post("villain").tiles[BRUTES].miniatures] == ["pool", "board"]
    t = advance_to(t, "villain.first_tile")
    t, _ = run(t, c.ActivateTile(BRUTES))  # face up: it can be activated again


def test_VI_F_dredged_miniatures_never_come_back():
    t = advance_to(make(), "heroes.actions")
    t = neutralize_tile(t, THUGS)
    t = advance_to(t, "villain.first_tile")
    t, _ = run(t, c.Dredge([THUGS]))
    t = advance_to(t, "villain.first_tile", next_one=True)
    t, _ = run(t, c.ActivateTile(EVENT))
    refused(t, c.Reinforce(f"{THUGS}.1"), "VI·F", "Thug with crowbar #1's tile was dredged: it can never come back")


def test_VI_E_character_pool_at_setup():
    thugs = dataclasses.replace(TILES["Thug with crowbar"], characters=[
        dataclasses.replace(TILES["Thug with crowbar"].characters[0], in_pool_at_start=1)])
    t = make(tiles=[thugs, *[x for x in DEFS["tiles"] if x.name != "Thug with crowbar"]])
    assert [m.place for m in t.post("villain").tiles[THUGS].miniatures] == ["board", "board", "pool"]
    assert table_view(t)["command_posts"]["villain"]["character_pool"] == [f"{THUGS}.3"]
    assert table_view(make())["command_posts"]["villain"]["character_pool"] == []


# ---------------------------------------------------------------- 5. the turn (IV, IX·O)


def steps_of(table: tb.Table, count: int) -> list[tuple[int, str]]:
    """The first `count` steps after the current one, those that passed by themselves (C2) included."""
    seen = [(table.track.turn, table.track.step)]
    while len(seen) <= count:
        if table.track.step == "heroes.stances":
            events = []
            for hero in table.heroes.values():
                table, events = run(table, c.DeclareStance(hero.id, "active"))
        else:
            table, events = run(table, c.Advance())
        for e in events:
            if e.kind == "step_passed" and (e.data["turn"], e.data["step"]) != seen[-1]:
                seen.append((e.data["turn"], e.data["step"]))
        if (table.track.turn, table.track.step) != seen[-1]:
            seen.append((table.track.turn, table.track.step))
    return seen[:count + 1]


def test_IV_turn_order_with_the_heroes_initiative():
    t = make()
    assert (t.track.turn, t.track.step) == (0, "setup")
    turn = ["upkeep", *HEROES_STEPS, "end_check_1", *VILLAIN_STEPS, "end_check_2"]
    assert turn == ["upkeep", "heroes.upkeep_start", "heroes.start_effects", "heroes.stances", "heroes.actions",
                    "heroes.end_effects", "heroes.upkeep_end", "end_check_1", "villain.upkeep",
                    "villain.start_effects", "villain.first_tile", "villain.second_tile", "villain.end_effects",
                    "end_check_2"]
    assert steps_of(t, 2 * len(turn)) == [(0, "setup")] + [(1, s) for s in turn] + [(2, s) for s in turn]


def test_IV_turn_order_with_the_villains_initiative():
    t = make(initiative="villain")
    turn = ["upkeep", *VILLAIN_STEPS, "end_check_1", *HEROES_STEPS, "end_check_2"]
    assert steps_of(t, len(turn) + 1) == [(0, "setup")] + [(1, s) for s in turn] + [(2, "upkeep")]


def test_IV_A_1_the_turn_marker_advances_at_upkeep():
    t = advance_to(make(), "villain.first_tile")
    t, events = run(t, c.Advance())  # no tile: VI·B·4, VI·B·5 and IV·E pass; the upkeep has a reminder
    assert passed(events) == ["villain.second_tile", "villain.end_effects", "end_check_2"]
    assert (t.track.turn, t.track.step) == (2, "upkeep")
    assert [(e.rule, e.text) for e in kinds(events, "turn_marker")] == [("IV·A·1", "The turn marker advances to 2")]


def test_IV_E_the_turn_limit_ends_the_game():
    t = advance_to(make(turn_limit=2), "villain.first_tile")
    assert t.track.turn == 1
    t = advance_to(t, "villain.first_tile", next_one=True)
    assert t.track.turn == 2
    t, events = run(t, c.Advance())  # the last turn's second check passes by itself: the turn limit
    assert t.track.over and t.track.step == "game_over" and t.track.turn == 2
    assert (t.track.winner, t.track.reason) == ("villain", "Turn limit reached: turn 2 of 2")
    assert passed(events) == ["villain.second_tile", "villain.end_effects", "end_check_2"]
    assert [(e.kind, e.rule, e.data) for e in events][-1] == ("game_over", "IV·E", {"winner": "villain"})
    for command in (c.Advance(), c.Wound(wounds=1, hero=BATMAN), c.PlaceToken("gas", "heroes")):
        refused(t, command, "IV·C", "The game is over")
    assert all(listed == [] for listed in table_view(t)["may"].values())
    # without a stated winner the game still ends
    t = advance_to(make(turn_limit=1, turn_limit_winner=None), "villain.first_tile")
    t, _ = run(t, c.Advance())
    assert t.track.over and t.track.winner is None


def test_IV_C_an_end_game_condition_ends_the_game_at_once():
    refused(make(), c.EndGame("heroes", "bomb disarmed"), "IV·C", "The game has not started")
    t = advance_to(make(), "heroes.actions")
    refused(t, c.EndGame("joker", ""), "IV·C", "The winner is the heroes, the villain or none")
    t, events = run(t, c.EndGame("heroes", "The bomb is disarmed"))
    assert [(e.kind, e.rule, e.data) for e in events] == [("game_over", "IV·C", {"winner": "heroes"})]
    assert (t.track.step, t.track.winner, t.track.reason) == ("game_over", "heroes", "The bomb is disarmed")


def test_IX_O_dissipation_tokens_lifecycle():
    t = advance_to(make(), "heroes.actions")
    t, _ = run(t, c.PlaceToken("gas", "heroes", "in the vault"))
    t = advance_to(t, "villain.first_tile")
    t, _ = run(t, c.PlaceToken("smoke", "villain", "on the roof"))
    states = lambda table: [(k.kind, k.state) for k in table.tokens]  # noqa: E731
    assert states(t) == [("gas", "active"), ("smoke", "active")]
    t = advance_to(t, "heroes.stances")  # turn 2: the heroes' token turns dissipating only (V·B·2 passed)
    assert t.track.turn == 2 and states(t) == [("gas", "dissipating"), ("smoke", "active")]
    t = advance_to(t, "villain.start_effects")
    assert states(t) == [("gas", "dissipating"), ("smoke", "dissipating")]
    t, _ = run(t, c.Advance())
    assert states(t) == [("gas", "dissipating"), ("smoke", "dissipating")]
    t = advance_to(t, "heroes.stances")  # turn 3: the heroes' token is removed
    assert t.track.turn == 3 and states(t) == [("smoke", "dissipating")]
    t = advance_to(t, "villain.start_effects")
    assert states(t) == []
    refused(t, c.PlaceToken("acid", "heroes"), "IX·O", "A dissipation token is gas, flame, smoke or frost, not 'acid'")
    refused(t, c.PlaceToken("gas", "neutral"), "IX·O", "A token is placed by the heroes or the villain")
    t, _ = run(t, c.PlaceToken("frost", "villain"))
    token_id = t.tokens[0].id
    t, _ = run(t, c.RemoveToken(token_id))
    assert t.tokens == []
    refused(t, c.RemoveToken(token_id), "IX·O", f"No token {token_id} on the board")


def test_IX_O_dissipation_follows_the_placers_start_of_turn_with_the_villains_initiative():
    t = advance_to(make(initiative="villain"), "heroes.actions")
    t, _ = run(t, c.PlaceToken("flame", "heroes"))
    t = advance_to(t, "villain.start_effects")  # turn 2, villain first: not the placer
    assert [k.state for k in t.tokens] == ["active"]
    t = advance_to(t, "heroes.stances")
    assert [k.state for k in t.tokens] == ["dissipating"]


def test_mission_reminders_surface_at_their_step():
    """IV·A·2, V·B·2, V·B·6, VI·B·2, VI·B·5, IV·C, IV·E: the mission's effects are shown (not applied)
    at the step they belong to."""
    reminders = MISSION.reminders
    t = make()
    seen = {}
    for _ in range(15):
        view = table_view(t)["turn"]
        seen[view["step"]] = view["reminders"]
        if t.track.step == "heroes.stances":
            for hero in t.heroes.values():
                t, _ = run(t, c.DeclareStance(hero.id, "active"))
            continue  # the last stance passes the stance step (C2)
        t, _ = run(t, c.Advance())
    assert seen["upkeep"] == reminders.upkeep == ["Sample: if the bomb token is armed, advance its countdown."]
    assert seen["villain.start_effects"] == reminders.villain_start
    assert "heroes.start_effects" not in seen and not reminders.heroes_start  # no reminder: it passes (C2)
    for step in ("setup", "heroes.stances", "heroes.actions", "villain.first_tile"):
        assert seen[step] == [], step
    at_check = copy.deepcopy(t)  # the end-game checks pass by themselves; their view shows the conditions
    at_check.track.step = "end_check_1"
    assert table_view(at_check)["turn"]["reminders"] == reminders.end_game
    assert table_view(make())["turn"]["end_game_conditions"] == reminders.end_game
    custom = dataclasses.replace(MISSION.reminders, heroes_end=["Sample: check the hostages."],
                                 villain_end=["Sample: the clock ticks."])
    t = advance_to(make(reminders=custom), "heroes.end_effects")
    assert table_view(t)["turn"]["reminders"] == ["Sample: check the hostages."]
    t = advance_to(t, "villain.end_effects")
    assert table_view(t)["turn"]["reminders"] == ["Sample: the clock ticks."]


# ---------------------------------------------------------------- refusals leave the table unchanged


def test_refused_commands_leave_the_input_table_unchanged():
    """IX·I, V·C·1 [b], VII, V·C·5 [f], VI·B·3, VI·E, V·B·3: whatever the refusal, the table given
    to the engine is exactly as it was (a refused command changes nothing at the table)."""
    t = advance_to(make(equipment={"Commissioner Gordon": ["Tonfa"]}), "heroes.actions")
    t, _ = run(t, c.Spend(space="melee", cubes=2, hero=GORDON), c.Spend(space="defense", cubes=1, side="villain"))
    before = to_data(t)
    commands = [
        c.Spend(space="melee", cubes=5, hero=GORDON),
        # the attack spends its cubes before the target is found missing: all undone
        c.Attack(kind="melee", successes=5, hero=BATMAN, cubes=2, target_miniature="joker.1"),
        c.Attack(kind="melee", successes=5, hero=BATMAN, cubes=2, target_miniature=f"{THUGS}.1",
                 defense_cubes=3),
        c.Move(moves=[c.MoveStep(), c.MoveStep(type="climb", level=9)], hero=RENEE),
        c.ActivateTile(CROC),
        c.Reinforce(f"{THUGS}.1"),
        c.DeclareStance(BATMAN, "active"),
    ]
    for command in commands:
        with pytest.raises(RuleRefused):
            engine.apply(t, command)
        assert to_data(t) == before, command
    # and an accepted command never changes its input either
    engine.apply(t, c.Attack(kind="melee", successes=5, hero=BATMAN, cubes=2, target_miniature=f"{THUGS}.1"))
    assert to_data(t) == before
