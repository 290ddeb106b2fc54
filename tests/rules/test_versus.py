"""Versus mode (the Versus booklet, DIGEST §7): discs, the side's turn, the draft, HQ powers."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.bgcc import commands as c
from games.bgcc import command_post as cp
from games.bgcc import engine, river
from games.bgcc.definitions import Operation
from games.bgcc.errors import RuleRefused
from games.serial import to_data
from games.bgcc.table import check_table
from tests.rules.versus_fixtures import (VILLAIN_TEAM, advance_to, character_tile, drafted, mission, power,
                                         side)


def refused(table, command, rule=None, message=None):
    before = to_data(table)
    with pytest.raises(RuleRefused) as info:
        engine.apply(table, command)
    assert to_data(table) == before
    if rule:
        assert info.value.rule == rule
    if message:
        assert message in info.value.message
    return info.value


def test_versus_I_C_draft_hq_first_initiative_side_then_alternate():
    """I·C·2-3: each side picks its HQ, initiative side first; then the team is drafted one tile at a
    time, alternately; an HQ-level tile drafted for another slot is a Lieutenant."""
    from games.bgcc import versus
    table = versus.setup(mission(initiative="villain"))
    refused(table, c.PickHQ(side="heroes", tile=character_tile("Nightwing", "heroes", level="leader")),
            message="The villain pick now")
    refused(table, c.PickHQ(side="villain", tile=character_tile("Thugs", "villain")), "Versus I·C·2")
    refused(table, c.PickHQ(side="villain", tile=character_tile("Penguin", "villain", kind="double",
                                                                  level="leader")), "Versus I·C·2")
    refused(table, c.Advance(), "Versus I·C")
    table = drafted(mission(initiative="villain"))
    assert table.versus.draft.phase == "done"
    for who in ("heroes", "villain"):
        post = table.command_posts[who]
        kinds = [post.tiles[t].definition.kind for t in post.river]
        assert kinds == ["simple", "simple", "simple", "double", "event"]
        assert post.tiles[post.river[0]].id == post.hq
    check_table(table)


def test_versus_I_C_3_lieutenant_and_slot_kinds():
    """I·C·3: an HQ-level tile drafted for another slot is a Lieutenant; sides alternate; a side
    drafts only its own tiles."""
    from games.bgcc import versus
    table = versus.setup(mission())
    table = engine.apply(table, c.PickHQ(side="heroes", tile=character_tile("Nightwing", "heroes", level="leader"))).table
    table = engine.apply(table, c.PickHQ(side="villain", tile=VILLAIN_TEAM[0])).table
    out = engine.apply(table, c.DraftTile(side="heroes", tile=character_tile("Oracle", "heroes", level="leader")))
    assert "as a Lieutenant" in out.events[0].text
    table = out.table
    refused(table, c.DraftTile(side="heroes", tile=character_tile("X", "heroes")), message="The villain pick now")
    refused(table, c.DraftTile(side="villain", tile=character_tile("Blue", "heroes")), "Versus I·C·3")


def test_versus_I_A_upkeep_recovers_discs_and_end_moves_spent_to_unavailable():
    """I·A 1: upkeep as usual plus c discs unavailable → available; I·A 5: spent → unavailable."""
    table = advance_to(drafted(), "heroes.activations")
    discs = table.command_posts["heroes"].discs
    assert (discs.available, discs.unavailable, discs.spent) == (6, 1, 0)
    post = table.command_posts["heroes"]
    assert (post.reserve, post.fatigue) == (12, 0)  # recovery 4, only 2 in fatigue
    table = engine.apply(table, c.ActivateTile(side="heroes", tile=post.river[1])).table
    assert table.command_posts["heroes"].discs.spent == 1
    table = advance_to(table, "villain.activations")  # the heroes' end effects passed by themselves (C2)
    discs = table.command_posts["heroes"].discs
    assert (discs.available, discs.unavailable, discs.spent) == (5, 2, 0)


def test_worked_example_13_third_activation_costs_3_discs_plus_the_cube_cost():
    """Example 13 (booklet, "Dépense du potentiel d'activation"): the third activation of a turn pays
    3 discs available → spent, and still the tile's energy-cube cost from its river position."""
    table = advance_to(drafted(mission(sides={"heroes": side(discs_available=6, discs_unavailable=0),
                                              "villain": side()})), "heroes.activations")
    post = table.command_posts["heroes"]
    assert post.discs.available == 6
    for n, expected_discs in ((1, 1), (2, 2)):
        tile = table.command_posts["heroes"].river[0]
        table = engine.apply(table, c.ActivateTile(side="heroes", tile=tile)).table
        assert table.command_posts["heroes"].discs.spent == sum(range(1, n + 1))
    post = table.command_posts["heroes"]
    third = next(t for t in post.river[2:] if post.tiles[t].definition.kind != "event")  # characters to act
    position_cost = next(cost for tid, _, cost in river.positions(post) if tid == third)
    before = (post.discs.available, post.discs.spent, post.reserve, post.fatigue)
    out = engine.apply(table, c.ActivateTile(side="heroes", tile=third))
    after = out.table.command_posts["heroes"]
    assert (after.discs.available, after.discs.spent) == (before[0] - 3, before[1] + 3)
    assert (after.reserve, after.fatigue) == (before[2] - position_cost, before[3] + position_cost)
    assert out.events[0].data["discs"] == 3 and out.events[0].data["cost"] == position_cost


def test_versus_I_A_3_no_activation_without_the_discs():
    table = advance_to(drafted(mission(sides={"heroes": side(discs_available=1, discs_unavailable=0,
                                                              discs_recovery=[0]), "villain": side()})),
                       "heroes.activations")
    table = engine.apply(table, c.ActivateTile(side="heroes", tile=table.command_posts["heroes"].river[0])).table
    refused(table, c.ActivateTile(side="heroes", tile=table.command_posts["heroes"].river[0]),
            "Versus I·A 3", "Activation 2 costs 2 discs but 0 are available")


def test_versus_any_number_of_activations_no_two_tile_cap():
    table = advance_to(drafted(mission(sides={"heroes": side(reserve=30, discs_available=10), "villain": side()})),
                       "heroes.activations")
    for _ in range(4):
        table = engine.apply(table, c.ActivateTile(side="heroes", tile=table.command_posts["heroes"].river[0])).table
    assert table.command_posts["heroes"].activations_this_turn == 4


def test_versus_I_defense_exertion_limit_is_3():
    table = drafted()
    assert all(p.space_defs["defense"].exertion_limit == 3 for p in table.command_posts.values())


def test_versus_I_A_discs_recovery_schedule_by_turn():
    """Mission rules may change the recovery by turn: 3 in turns 1-3, then 2."""
    m = mission(sides={"heroes": side(discs_available=0, discs_unavailable=20, discs_recovery=[3, 3, 3, 2]),
                       "villain": side()})
    table = drafted(m)
    got = []
    for turn in range(1, 5):
        table = advance_to(table, "heroes.activations")  # after the upkeep and start effects (C2)
        got.append(table.command_posts["heroes"].discs.available)
        table = advance_to(table, "villain.activations")
    assert got == [3, 6, 9, 11]


def test_versus_power_recover_discs_and_cubes_permanent_applies_at_upkeep():
    upkeep = "upkeep of the heroes' turn"  # as the booklet's permanent powers time it (Oracle, Julia Pennyworth)
    p = power("oracle-extra", "heroes", Operation(op="recover_discs", count=1, timing=upkeep), kind="permanent")
    q = power("julia-extra", "heroes", Operation(op="recover_cubes", count=1, timing=upkeep), kind="permanent")
    table = advance_to(drafted(hero_powers=[p, q]), "heroes.activations")
    discs = table.command_posts["heroes"].discs
    assert (discs.available, discs.unavailable) == (7, 0)
    refused(table, c.ResolvePower(side="heroes", power="oracle-extra"), "Versus I·D")


def _event_tile(table, who):
    post = table.command_posts[who]
    return next(t for t in post.river if post.tiles[t].definition.kind == "event")


def _trigger(table, who, reserve=30):
    table = advance_to(table, f"{who}.activations")
    post = table.command_posts[who]
    post.reserve, post.discs.available = reserve, 10
    return engine.apply(table, c.ActivateTile(side=who, tile=_event_tile(table, who))).table


def test_versus_special_event_power_mandatory_on_event_tile():
    """I·D: a special event power applies when the event tile is activated, and is mandatory."""
    p = power("transfer", "heroes", Operation(op="transfer_discs", count=2, from_side="opponent",
                                              from_zone="available", to_side="self", to_zone="available"))
    table = drafted(hero_powers=[p])
    refused(table, c.ResolvePower(side="heroes", power="transfer"), "Versus I·D")
    table = _trigger(table, "heroes")
    refused(table, c.Advance(), "Versus I·D", "HQ powers are mandatory")
    total = sum(post.discs.total for post in table.command_posts.values())
    villain_before = table.command_posts["villain"].discs.available
    table = engine.apply(table, c.ResolvePower(side="heroes", power="transfer")).table
    assert table.command_posts["villain"].discs.available == villain_before - 2
    assert sum(post.discs.total for post in table.command_posts.values()) == total
    engine.apply(table, c.Advance())


def test_versus_power_disc_cost_modifier_free_activation_hacking_river():
    ops = [Operation(op="disc_cost_modifier", amount=1), Operation(op="hacking_token", count=1,
                                                                   spaces=["defense"])]
    p = power("robin", "heroes", *ops)
    table = _trigger(drafted(hero_powers=[p]), "heroes")
    target = table.command_posts["villain"].river[0]
    refused(table, c.ResolvePower(side="heroes", power="robin"), "Versus II", "choose a tile")
    refused(table, c.ResolvePower(side="heroes", power="robin", tiles=[target], space="reroll"), "Versus II")
    table = engine.apply(table, c.ResolvePower(side="heroes", power="robin", tiles=[target], space="defense")).table
    villain = table.command_posts["villain"]
    assert cp.limit(villain, "defense") == 2
    table = advance_to(table, "villain.activations")
    out = engine.apply(table, c.ActivateTile(side="villain", tile=target))
    assert out.events[0].data["discs"] == 2  # first activation 1 + Robin's 1
    free = power("ras", "villain", Operation(op="free_activation", amount=1), character="Penguin")
    swap = power("swap", "villain", Operation(op="swap_river_tiles", side="opponent"),
                 Operation(op="opposing_tile_last"), character="Penguin")
    table = _trigger(drafted(villain_powers=[free, swap]), "villain")
    heroes_river = list(table.command_posts["heroes"].river)
    table = engine.apply(table, c.ResolvePower(side="villain", power="ras")).table
    table = engine.apply(table, c.ResolvePower(side="villain", power="swap",
                                               tiles=[heroes_river[0], heroes_river[1]])).table
    # swapped (the second tile first), then the first named tile placed last in its river
    assert table.command_posts["heroes"].river[0] == heroes_river[1]
    assert table.command_posts["heroes"].river[-1] == heroes_river[0]
    post = table.command_posts["villain"]
    before = (post.reserve, post.discs.available)
    out = engine.apply(table, c.ActivateTile(side="villain", tile=post.river[0]))
    after = out.table.command_posts["villain"]
    assert (after.reserve, after.discs.available) == before


def test_versus_hq_neutralized_detaches_event_powers_and_event_tile():
    """I·C 5 / I·D: a neutralized HQ's special event powers leave the event tile; an event tile left
    with no event is neutralized too."""
    p = power("ev", "villain", Operation(op="recover_cubes", count=1), character="Penguin")
    table = advance_to(drafted(villain_powers=[p]), "heroes.activations")
    hq = table.command_posts["villain"].hq
    table.command_posts["heroes"].discs.available = 5
    attacker = table.command_posts["heroes"].river[1]
    table = engine.apply(table, c.ActivateTile(side="heroes", tile=attacker)).table
    mini = table.command_posts["heroes"].tiles[attacker].miniatures[0].id
    target = table.command_posts["villain"].tiles[hq].miniatures[0].id
    table.dice.mode = "physical"  # IX·D: the attack's successes are read on real dice
    out = engine.apply(table, c.Attack(kind="melee", successes=9, miniature=mini, target_miniature=target))
    kinds = [e.kind for e in out.events]
    assert "power" in kinds and kinds.count("tile_neutralized") == 2
    villain = out.table.command_posts["villain"]
    assert villain.powers == []
    event_tile = next(t for t in villain.tiles.values() if t.definition.kind == "event")
    assert event_tile.neutralized and villain.river[-1] == event_tile.id


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["advance", "activate", "transfer", "hack", "spend"]),
                          st.integers(0, 6), st.sampled_from(["heroes", "villain"])), max_size=60))
def test_versus_invariants_discs_cubes_limits(moves):
    """Discs conserved per side (a power moving discs between sides conserves the total), cubes
    conserved, no space above its (possibly hacked) limit, refused commands change nothing."""
    give = power("give", "heroes", Operation(op="transfer_discs", count=1, from_side="self", from_zone="available",
                                             to_side="opponent", to_zone="unavailable"),
                 Operation(op="hacking_token", count=1))
    table = drafted(hero_powers=[give])
    start_cubes = {s: p.reserve + p.fatigue for s, p in table.command_posts.items()}
    start_discs = sum(p.discs.total for p in table.command_posts.values())
    for kind, n, who in moves:
        post = table.command_posts[who]
        command = {"advance": c.Advance(),
                   "activate": c.ActivateTile(side=who, tile=post.river[n % len(post.river)]),
                   "transfer": c.ResolvePower(side="heroes", power="give", space=["movement", "defense",
                                                                                   "reroll"][n % 3]),
                   "hack": c.ResolvePower(side="heroes", power="give", space="reroll"),
                   "spend": c.Spend(side=who, space=["movement", "defense", "reroll"][n % 3], cubes=1 + n % 3)}[kind]
        before = to_data(table)
        try:
            table = engine.apply(table, command).table
        except RuleRefused:
            assert to_data(table) == before
        check_table(table)
        for s, p in table.command_posts.items():
            assert p.reserve + p.fatigue + sum(p.spaces.values()) + p.removed == start_cubes[s]
            assert min(p.discs.available, p.discs.unavailable, p.discs.spent) >= 0
        assert sum(p.discs.total for p in table.command_posts.values()) == start_discs
