"""Every HQ power entered from the Versus booklet: its bookkeeping effect applied by the engine, or
a reminder-only power with its reason (Versus II)."""
from __future__ import annotations

import pytest

from games.bgcc import command_post as cp
from games.bgcc import commands as c
from games.bgcc import engine, versus_data
from games.bgcc.definitions import OPERATIONS
from games.bgcc.errors import RuleRefused
from tests.rules.versus_fixtures import HEROES_TEAM, VILLAIN_TEAM, advance_to, character_tile, mission, side
from games.bgcc import versus

POWERS = versus_data.powers()
APPLIED = [p for p in POWERS.values()
           if any(op.op not in ("reminder", "character_activation") for a in p.alternatives for op in a.operations)]
REMINDER_ONLY = [p for p in POWERS.values() if p not in APPLIED]


def test_every_power_is_applied_or_documented_as_reminder_only():
    assert len(POWERS) == 69
    for p in REMINDER_ONLY:
        reasons = p.reminder_only_reason or " ".join(op.details for a in p.alternatives for op in a.operations)
        assert reasons.strip(), p.id
    for p in APPLIED:
        for a in p.alternatives:
            for op in a.operations:
                assert op.op in OPERATIONS or op.op == "reminder", (p.id, op.op)


def table_with(power, life=6):
    """Both teams drafted, `power` on its side's HQ (a tile named like the power's character)."""
    table = versus.setup(mission(sides={"heroes": side(reserve=20, discs_available=6),
                                        "villain": side(reserve=20, discs_available=6)}))
    hq = {"heroes": character_tile("Heroes HQ", "heroes", level="leader", life=life),
          "villain": character_tile("Villain HQ", "villain", level="leader", life=life)}
    hq[power.side] = character_tile(power.character, power.side, level="leader", life=life)
    for who in ("heroes", "villain"):
        table = engine.apply(table, c.PickHQ(side=who, tile=hq[who], powers=[power] if who == power.side else [])).table
    teams = {"heroes": list(HEROES_TEAM[1:]), "villain": list(VILLAIN_TEAM[1:])}
    while table.versus.draft.phase == "team":
        who = table.versus.draft.next_side
        table = engine.apply(table, c.DraftTile(side=who, tile=teams[who].pop(0))).table
    return table


def _resolve_args(table, power, own, other):
    """Targets for any operation: two tiles of the river the operation names, a space, characters."""
    ops = [op for a in power.alternatives for op in a.operations]
    river_side = own
    if any(op.op in ("opposing_tile_last",) or (op.op == "swap_river_tiles" and op.side == "opponent")
           or (op.op == "disc_cost_modifier" and not (op.target or "").startswith("own")) for op in ops):
        river_side = other
    river = table.command_posts[river_side].river
    tiles = [t for t in river if table.command_posts[river_side].tiles[t].definition.kind != "event"][1:3]
    enemy = [m.id for t in table.command_posts[other].tiles.values() for m in t.miniatures
             if m.place == "board" and t.definition.kind != "event"]
    return {"tiles": tiles, "space": "reroll", "miniatures": enemy[:2], "count": 2}


def _trigger(table, power):
    own = power.side
    if table.versus.pending_powers:
        return table
    table = advance_to(table, f"{own}.activations")
    post = table.command_posts[own]
    event = next(t for t in post.river if post.tiles[t].definition.kind == "event")
    post.reserve, post.discs.available = 20, 10
    return engine.apply(table, c.ActivateTile(side=own, tile=event)).table


def _discs(table, who):
    d = table.command_posts[who].discs
    return {"available": d.available, "unavailable": d.unavailable, "spent": d.spent}


@pytest.mark.parametrize("power", APPLIED, ids=lambda p: p.id)
def test_booklet_power_bookkeeping(power):
    """Each alternative of each power with bookkeeping is applied and changes exactly what its
    operations say (discs conserved across zones and sides, cubes conserved)."""
    own, other = power.side, versus.opponent(power.side)
    if any(op.op in versus.AT_UPKEEP for a in power.alternatives for op in a.operations):
        with_power = advance_to(table_with(power), f"{own}.activations")
        without = advance_to(table_with(_no_ops(power)), f"{own}.activations")
        op = power.alternatives[0].operations[0]
        if op.op == "recover_discs":
            assert with_power.command_posts[own].discs.available == without.command_posts[own].discs.available + op.count
        else:
            assert with_power.command_posts[own].reserve == without.command_posts[own].reserve + min(
                op.count, without.command_posts[own].fatigue)
        with pytest.raises(RuleRefused):
            engine.apply(with_power, c.ResolvePower(side=own, power=power.id))
        return
    base = _trigger(table_with(power), power)
    assert [p.power for p in base.versus.pending_powers] == [power.id]
    for index, alternative in enumerate(power.alternatives):
        args = _resolve_args(base, power, own, other)
        cubes = {s: p.reserve + p.fatigue + sum(p.spaces.values()) + p.removed for s, p in base.command_posts.items()}
        discs_total = sum(p.discs.total for p in base.command_posts.values())
        out = engine.apply(base, c.ResolvePower(side=own, power=power.id, alternative=index, **args))
        after = out.table
        assert after.versus.pending_powers == []
        assert sum(p.discs.total for p in after.command_posts.values()) == discs_total
        for s, p in after.command_posts.items():
            assert p.reserve + p.fatigue + sum(p.spaces.values()) + p.removed == cubes[s]
        _check_operations(base, after, alternative.operations, power, args, out.events)


def _no_ops(power):
    from dataclasses import replace
    return replace(power, alternatives=[replace(a, operations=[]) for a in power.alternatives])


def _mini(table, miniature_id):
    return table.find_miniature(miniature_id)[2]


def _check_operations(before, after, operations, power, args, events):
    own, other = power.side, versus.opponent(power.side)
    texts = " ".join(e.text for e in events)
    fewer = before.command_posts[own].discs.available < before.command_posts[other].discs.available
    for op in operations:
        if op.successes is not None and op.successes != args["count"]:
            continue  # another result of the power's die: not applied (see test_versus_power_audit)
        if op.branch and op.branch != ("fewer" if fewer else "as_many_or_more"):
            continue  # the exclusive branch that does not hold
        if op.op == "transfer_discs":
            assert _discs(before, own) != _discs(after, own) or _discs(before, other) != _discs(after, other) \
                or "0 discs" in texts
        elif op.op == "activations_already_made":
            assert after.command_posts[versus._side(own, op.side)].activations_head_start == op.count
            later = advance_to(after, f"{versus._side(own, op.side)}.activations")
            assert later.command_posts[versus._side(own, op.side)].activations_this_turn == op.count
        elif op.op == "free_activation":
            assert after.command_posts[own].free_activations == [op.amount == 1]
        elif op.op == "hacking_token":
            assert cp.limit(after.command_posts[other], "reroll") == cp.limit(before.command_posts[other], "reroll") - 1
        elif op.op == "swap_river_tiles":
            river = after.command_posts[versus._side(own, op.side)].river
            was = before.command_posts[versus._side(own, op.side)].river
            a, b = args["tiles"]
            assert river.index(a) == was.index(b) and river.index(b) == was.index(a)
        elif op.op == "opposing_tile_last":
            assert after.command_posts[other].river[-1] in args["tiles"]
        elif op.op in ("wounds", "neutralize"):
            assert "wound" in texts
        elif op.op in ("restore_life_points", "heal", "unneutralize_tile"):
            assert power.character in texts
        elif op.op == "event_tile_never_neutralized":
            assert "never neutralized" in texts


def test_robin_damian_wayne_lieutenant_tile_costs_one_more_disc():
    """Robin (Damian Wayne), permanent: while Robin is not neutralized, activating the heroes'
    lieutenant tile costs 1 more disc (read from "la tuile du lieutenant")."""
    robin = POWERS["robin-damian-wayne-enfant-prodige-permanent"]
    table = table_with(robin)
    assert [p.power for p in table.versus.pending_powers] == [robin.id]
    with pytest.raises(RuleRefused):
        engine.apply(table, c.Advance())
    lieutenant = table.command_posts["heroes"].river[1]
    table = engine.apply(table, c.ResolvePower(side="heroes", power=robin.id, tiles=[lieutenant])).table
    table = advance_to(table, "heroes.activations")
    out = engine.apply(table, c.ActivateTile(side="heroes", tile=lieutenant))
    assert out.events[0].data["discs"] == 2


def test_oracle_recovery_stops_when_the_hq_is_neutralized():
    """Oracle: 1 more disc at upkeep "while she is not neutralized"."""
    oracle = POWERS["oracle-stratege-aguerrie"]
    table = advance_to(table_with(oracle, life=1), "heroes.activations")
    hq = table.command_posts["heroes"].hq
    table.command_posts["heroes"].tiles[hq].miniatures[0].place = "pool"
    table.command_posts["heroes"].tiles[hq].neutralized = True
    discs = table.command_posts["heroes"].discs
    discs.unavailable, discs.available = discs.unavailable + discs.available, 0
    later = advance_to(table, "heroes.activations", next_one=True)
    assert later.command_posts["heroes"].discs.available == 2  # the mission's 2, no Oracle
