"""What the table offers each seat agrees with the rules, so that a phone keeps no copy of a rule:
the villain's tile activations stop at two (VI·B), a command that would lose unspent reinforcement
points says so (VI·E), a hero's attacks list the weapon cards it may use (V·C·2 [a], V·D 4-5), and
the odds count the hindering index from the menace as the roll does (IX·N, Nerves of steel).

VI·B: "they can activate 0, 1 or 2 tiles each turn." VI·E: "Unspent reinforcement points are lost."
V·C·2 [a]: "A hero can only perform a ranged attack if they are carrying a ranged weapon that they
can use". V·D 4: "A hero cannot combine the bonuses of multiple melee weapons" (ranged likewise).
"""
from __future__ import annotations

import dataclasses

import pytest

from games.bgcc import commands as c
from games.bgcc import library
from games.bgcc import table as tb
from games.bgcc import dice_flow as df
from games.bgcc import registry
from games.bgcc.definitions import Skill
from games.bgcc.dice import DiceType
from games.bgcc.errors import RuleRefused
from games.bgcc.view import table_view

from .test_engine_rules import (BATMAN, BRUTES, CROC, GORDON, HEROES, ITEMS, MISSION, RENEE, THUGS, advance_to,
                                event_activated, make, refused, run)


def offers(table, seat: str, command: str) -> list[dict]:
    return [o for o in registry.may_now(table, seat) if o["command"] == command]


def tiles_offered(table, seat: str = "villain") -> set[str]:
    return {t for o in offers(table, seat, "activate_tile") for t in o["targets"]["tile"]}


# ---------------------------------------------------------------- VI·B: two activations a turn


def test_VI_B_no_third_tile_is_offered_after_two_activations():
    t = advance_to(make(), "villain.first_tile")
    assert {THUGS, BRUTES, CROC} <= tiles_offered(t)
    t, _ = run(t, c.ActivateTile(THUGS))
    assert tiles_offered(t) and tiles_offered(t, "host")
    t = advance_to(t, "villain.second_tile")
    t, _ = run(t, c.ActivateTile(BRUTES))
    assert t.post("villain").activations_this_turn == 2
    # what the rules refuse is no longer offered, to the villain's phone nor to the host's
    assert tiles_offered(t) == set() and tiles_offered(t, "host") == set()
    refused(t, c.ActivateTile(CROC), "VI·B", "Only 2 tile activations per villain turn")
    view = table_view(t)["command_posts"]["villain"]
    assert (view["activated_this_turn"], view["activation_limit"]) == ([THUGS, BRUTES], 2)
    # the villain's turn over (C9), the count and the tiles activated start again
    t = advance_to(t, "heroes.stances", next_one=True)
    post = t.post("villain")
    assert (post.activations_this_turn, post.activated_this_turn) == (0, [])
    # the next villain turn offers them again
    t = advance_to(t, "villain.first_tile", next_one=True)
    assert CROC in tiles_offered(t)


# ---------------------------------------------------------------- VI·E: the warning travels with the offer


def test_VI_E_offers_of_commands_that_lose_unspent_points_say_how_many():
    t = event_activated(advance_to(make(), "heroes.actions"))  # 3 reinforcement points to spend
    may = registry.may_now(t, "villain")
    losing = {o["command"] for o in may if "loses" in o}
    assert losing <= {"advance", "activate_tile", "dredge", "demobilize"}
    assert {"advance", "activate_tile"} <= losing
    assert all(o["loses"] == {"reinforcement_points": 3} for o in may if "loses" in o)
    # the commands that keep them say nothing
    assert not [o for o in may if o["command"] in ("reinforce", "end_reinforcement", "spend") and "loses" in o]
    # the rules do lose them
    _, events = run(t, c.ActivateTile(CROC))
    assert events[0].kind == "reinforcement_lost"
    # once spent (or lost), no warning
    t, _ = run(t, c.EndReinforcement())
    assert not [o for o in registry.may_now(t, "villain") if "loses" in o]


# ---------------------------------------------------------------- V·C·2 [a], V·D: the weapons offered


def start_roll_targets(table, seat: str, hero: str) -> dict[str, dict]:
    """The start_roll offer of a hero's attacks, by action."""
    found = {}
    for o in offers(table, seat, "start_roll"):
        if o["targets"].get("hero") == [hero]:
            for action in set(o["targets"]["action"]) & {"melee", "ranged"}:
                assert action not in found
                found[action] = o["targets"]
    return found


def test_V_D_a_heros_attacks_list_the_weapon_cards_it_may_use_melee_and_ranged():
    t = advance_to(make(equipment={"Commissioner Gordon": ["Tonfa", "Submachine gun"],
                                   "Batman": ["Batarangs"], "Renee Montoya": ["Batarangs"]}), "heroes.actions")
    gordon = start_roll_targets(t, f"hero:{GORDON}", GORDON)
    assert gordon["melee"]["weapon"] == ["Tonfa"]          # the carried melee weapon, offered
    assert gordon["ranged"]["weapon"] == ["Submachine gun"]
    assert "weapon" not in start_roll_targets(t, f"hero:{BATMAN}", BATMAN)["melee"]  # bare hands
    assert start_roll_targets(t, f"hero:{BATMAN}", BATMAN)["ranged"]["weapon"] == ["Batarangs"]
    # Batarangs are Batman's only: Renee carries them but cannot use them, so no ranged attack
    renee = start_roll_targets(t, f"hero:{RENEE}", RENEE)
    assert set(renee) == {"melee"}
    refused(t, df.StartRoll("ranged", hero=RENEE, cubes=1, target_miniature=f"{THUGS}.1"), "V·C·2 [a]",
            "Renee Montoya carries no ranged weapon they can use: a hero can only perform a ranged attack with one")
    attack_kinds = {k for o in offers(t, f"hero:{RENEE}", "attack") for k in o["targets"]["kind"]}
    assert attack_kinds == {"melee"}
    # each weapon offered is accepted by the rules, and changes the pool as the card says
    for action, weapon in (("melee", "Tonfa"), ("ranged", "Submachine gun")):
        t2, events = run(t, df.StartRoll(action, hero=GORDON, cubes=1, target_miniature=f"{THUGS}.1",
                                         weapon=weapon))
        assert any(weapon in note for e in events if e.kind == "roll_started" for note in [e.text])
    # the host's phone gets the same choices, hero by hero
    assert start_roll_targets(t, "host", GORDON)["melee"]["weapon"] == ["Tonfa"]


# ---------------------------------------------------------------- IX·N: the odds count the menace as the roll


def test_IX_N_the_odds_count_hindering_from_the_menace_as_the_roll_does_nerves_of_steel_included():
    renee = dataclasses.replace(HEROES["Renee Montoya"], skills=[Skill("Nerves of steel", 1)])
    setups = [tb.HeroSetup(renee, [ITEMS["Submachine gun"]], []),
              tb.HeroSetup(HEROES["Batman"], [ITEMS["Batarangs"]], [])]
    t = advance_to(tb.setup(MISSION, setups, list(library.sample_definitions()["tiles"])), "heroes.actions")
    menace = dict(enemy_menace=[2, 1], ally_menace=[1])
    for hero, expected in ((RENEE, 1), (BATMAN, 2)):  # 3 − 1 ally, Nerves of steel 1 ignoring 1 more
        _, events = run(t, df.StartRoll("ranged", hero=hero, cubes=1, target_miniature=f"{THUGS}.1", **menace))
        rolled = next(e for e in events if e.kind == "roll_started").data["hindering"]
        odds = df.odds(t, hero=hero, action="ranged", cubes=1, **menace)
        assert rolled == odds["hindering"] == expected
    # a melee attack is not hindered (V·C·1 [h])
    assert df.odds(t, hero=RENEE, action="melee", cubes=1, **menace)["hindering"] == 0
    # the index or the menace, not both — refused as the roll refuses it
    with pytest.raises(RuleRefused) as caught:
        df.odds(t, hero=RENEE, action="ranged", cubes=1, hindering=1, **menace)
    assert (caught.value.rule, caught.value.code) == ("IX·N", "hindering_or_menace")
    # a bare pool counts the menace too (no actor: no skill)
    assert df.odds(t, pool=[DiceType("yellow")], **menace)["hindering"] == 2
