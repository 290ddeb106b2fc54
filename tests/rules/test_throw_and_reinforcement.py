"""Two standard-mode rules: throwing equipment (V·D·1 [e]) and the end of reinforcement (VI·E),
through the pure engine on the sample library, and the dice flow for a throw rolled with physical dice.

V·D·1 [e]: "Throwing equipment is a complex manipulation." "the difficulty level of the throw [...]
is equal to the distance [...] from the hero's area to the target area." "the encumbrance value of
the thrown equipment as well as any possible hindering index is subtracted from the number of
successes obtained." Successes ≥ difficulty: "the hero places the equipment in the target area";
lower: "at a distance that is equal to the obtained number of successes, along the line of sight".
VI·E: "Unspent reinforcement points are lost."
"""
from __future__ import annotations

from games.bgcc import commands as c
from games.bgcc import dice_flow as df
from games.bgcc import registry

from .test_engine_rules import (BATMAN, BRUTES, GORDON, THUGS, advance_to, event_activated, kinds, make, places,
                                refused, run)


def gordon_with_tonfa():
    return advance_to(make(equipment={"Commissioner Gordon": ["Tonfa", "Batarangs"]}), "heroes.actions")


def test_V_D_1e_throw_reaches_the_target_area_when_successes_minus_encumbrance_and_hindering_reach_the_distance():
    t = gordon_with_tonfa()
    assert t.hero(GORDON).encumbrance == 2
    # 5 successes − 2 (the Tonfa's encumbrance) − 1 hindering = 2 ≥ distance 2
    t, events = run(t, c.Throw(hero=GORDON, item="Tonfa", distance=2, successes=5, hindering=1, cubes=2))
    (throw,) = kinds(events, "throw")
    assert throw.rule == "V·D·1 [e]"
    assert throw.data == {"hero": GORDON, "item": "Tonfa", "successes": 2, "difficulty": 2, "reached": True,
                          "encumbrance": 0}
    assert "lands in the target area" in throw.text
    # the item is no longer carried: it lies on the board, and the cubes went on the manipulation space
    assert [i.name for i in t.hero(GORDON).equipment] == ["Batarangs"]
    assert [i.name for i in t.loose_items] == ["Tonfa"]
    assert places(t, GORDON) == {"reserve": 8, "manipulation": 2}


def test_V_D_1e_a_short_throw_lands_at_a_distance_equal_to_the_successes():
    t = gordon_with_tonfa()
    # 5 − 2 encumbrance − 0 hindering = 3 < distance 4: lands 3 areas away
    t, events = run(t, c.Throw(hero=GORDON, item="Tonfa", distance=4, successes=5, cubes=1))
    (throw,) = kinds(events, "throw")
    assert (throw.data["successes"], throw.data["reached"]) == (3, False)
    assert "3 areas away along the line of sight" in throw.text
    assert t.hero(GORDON).encumbrance == 0
    # never a negative number of successes: 1 − 2 = 0, the item falls in the hero's own area
    t, events = run(t, c.Throw(hero=GORDON, item="Batarangs", distance=1, successes=0, hindering=2, cubes=1))
    assert kinds(events, "throw")[0].data["successes"] == 0
    assert "in the hero's own area" in kinds(events, "throw")[0].text


def test_V_D_1e_throw_refusals():
    t = advance_to(make(equipment={"Commissioner Gordon": ["Tonfa"]}, gadgets={"Batman": ["Grapnel gun"]}),
                   "heroes.actions")
    refused(t, c.Throw(hero=GORDON, item="Submachine gun", distance=1, successes=2, cubes=1), "V·D",
            "Commissioner Gordon carries no Submachine gun")
    refused(t, c.Throw(hero=BATMAN, item="Grapnel gun", distance=1, successes=2, cubes=1), "V·D·2",
            "A bat-gadget cannot be picked up, given, taken, thrown or dropped")
    refused(t, c.Throw(hero=GORDON, item="Tonfa", distance=0, successes=2, cubes=1), "V·D·1 [e]",
            "A throw targets another area: the distance is at least 1")
    refused(t, c.Throw(hero=GORDON, item="Tonfa", distance=2, successes=2, cubes=0), "V·C·3 [a] ii",
            "A complex action spends at least one energy cube")
    t2 = advance_to(make(equipment={"Commissioner Gordon": ["Tonfa"]}), "villain.first_tile")
    refused(t2, c.Throw(hero=GORDON, item="Tonfa", distance=1, successes=2, cubes=1), "V·D·1 [e]",
            "Heroes act in the heroes' actions step (now: Villain: activate the first tile)")


def test_V_D_1e_throw_is_offered_to_an_acting_hero_carrying_equipment():
    t = gordon_with_tonfa()
    offers = [o for o in registry.may_now(t, "hero:commissioner-gordon") if o["command"] == "throw"]
    assert offers == [{"command": "throw", "targets": {"hero": [GORDON], "item": ["Tonfa", "Batarangs"]}}]
    assert not [o for o in registry.may_now(t, "hero:batman") if o["command"] == "throw"]


def test_V_D_1e_throw_through_the_dice_flow_with_physical_dice():
    t, _ = run(gordon_with_tonfa(), df.SetDiceMode("physical"))
    refused(t, df.StartRoll("thought", hero=GORDON, cubes=1, difficulty=2, throw="Tonfa"), "V·D·1 [e]",
            "Throwing equipment is a complex manipulation")
    t, events = run(t, df.StartRoll("manipulation", hero=GORDON, cubes=2, difficulty=2, hindering=0, throw="Tonfa"))
    assert "throwing Tonfa: − 2 (its encumbrance); difficulty = the distance" in kinds(events, "roll_started")[0].text
    t, events = run(t, df.RollDice(successes=4), df.EndRerolls())
    # 4 shown − 2 encumbrance = 2 ≥ distance 2
    assert kinds(events, "successes")[0].data["successes"] == 2
    assert kinds(events, "complex_action")[0].data["success"] is True
    (throw,) = kinds(events, "throw")
    assert throw.data == {"hero": GORDON, "item": "Tonfa", "successes": 2, "difficulty": 2, "reached": True,
                          "encumbrance": 0}
    assert [i.name for i in t.loose_items] == ["Tonfa"]


def test_VI_E_the_villain_ends_reinforcement_and_loses_the_unspent_points():
    t = advance_to(make(), "heroes.actions")
    t, _ = run(t, c.Wound(wounds=1, miniature=f"{THUGS}.1"))
    refused(t, c.EndReinforcement(), "VI·E",
            "No reinforcement points to spend: they come from the event tile and are spent at once")
    t = event_activated(t)  # 3 reinforcement points
    assert {"command": "end_reinforcement", "targets": {"side": ["villain"]}} in registry.may_now(t, "villain")
    t, events = run(t, c.Reinforce(f"{THUGS}.1"))  # costs 2: 1 left
    t, events = run(t, c.EndReinforcement())
    assert [(e.kind, e.rule, e.data) for e in events] == [
        ("reinforcement_lost", "VI·E", {"side": "villain", "lost": 1})]
    assert events[0].text == "Reinforcement ends: 1 unspent reinforcement point lost"
    assert t.post("villain").reinforcement_points == 0
    assert not [o for o in registry.may_now(t, "villain") if o["command"] in ("end_reinforcement", "reinforce")]
    refused(t, c.Reinforce(f"{BRUTES}.1"), "VI·E",
            "No reinforcement points to spend: they come from the event tile and are spent at once")
