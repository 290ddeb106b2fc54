"""Movement (V·C·5), falls (V·C·5 [i]), dangerous terrain (IX·Q), explosions (IX·R)."""

import pytest

from games.bgcc import movement as mv
from games.bgcc.dice import DiceType, Pool
from games.bgcc.errors import RuleRefused


def test_V_C_5_e_simple_move_cost():
    """V·C·5 [e]: simple move = "1 move point + hindering index of the start area + the total level
    of difficult terrain of the start area"."""
    assert mv.move_cost("simple") == 1
    assert mv.move_cost("simple", hindering=2, difficult_terrain=1) == 4


def test_V_C_5_e_fall_jump_climb_costs():
    """Fall = 1 + hindering + terrain; jump = 1 + jump level + ...; climb = 1 + climb level + ..."""
    assert mv.move_cost("fall", level=3, hindering=1) == 2
    assert mv.move_cost("jump", level=2, difficult_terrain=1) == 4
    assert mv.move_cost("climb", level=2) == 3
    with pytest.raises(RuleRefused):
        mv.move_cost("simple", level=1)
    with pytest.raises(RuleRefused):
        mv.move_cost("climb")  # "A special move is always associated with a level"
    with pytest.raises(RuleRefused):
        mv.move_cost("teleport")
    with pytest.raises(RuleRefused):
        mv.move_cost("simple", hindering=-1)


def test_X_Mobility_Parkour_Horror_in_move_cost():
    """Mobility ignores difficult terrain levels; Parkour jump/climb levels; Horror adds [X]."""
    assert mv.move_cost("climb", level=2, difficult_terrain=2, mobility_level=1, parkour_level=1) == 3
    assert mv.move_cost("simple", horror=2) == 3
    # Parkour must NOT lower the cost of a fall (its fall part concerns wounds only)
    assert mv.move_cost("fall", level=3, parkour_level=2) == 1


def test_XI_Fly_move_cost_always_one():
    """Fly: "the cost is always equal to 1 move point. The type of move, the hindering index, and
    difficult terrain are ignored"."""
    assert mv.move_cost("climb", level=3, hindering=2, difficult_terrain=2, horror=1, fly=True) == 1


def test_XI_Reduced_mobility_refuses_special_moves():
    with pytest.raises(RuleRefused) as refused:
        mv.move_cost("climb", level=1, reduced_mobility=True)
    assert refused.value.rule == "XI·Reduced mobility"
    assert mv.move_cost("simple", reduced_mobility=True) == 1


def test_worked_example_6_V_C_5_batman_first_movement_bonus():
    """Worked example 6 (FIG. 32-37): no equipment, first-movement bonus 2, pool 2; a simple move
    without hindering costs 1; he stops and loses the unspent point."""
    points = mv.start_movement(2, first_movement=True)
    assert points.pool == 2
    step = mv.pay_move(points, mv.move_cost("simple"), multiplier=2, movement_space_room=3)
    assert step.cubes_bought == 0
    assert step.points.pool == 1
    assert mv.end_movement(step.points) == 1


def test_worked_example_7_V_C_5_f_renee_buys_move_points():
    """Worked example 7 (FIG. 38-46): pool 2 (bonus); simple move 1 (pool 1); a level-2 climb costs
    3: she lacks 2, spends 2 cubes (1 move point per cube), the pool becomes 3, she pays 3, pool 0.
    Chosen: movement space exertion limit 3, empty."""
    points = mv.start_movement(2, first_movement=True)
    first = mv.pay_move(points, mv.move_cost("simple"), multiplier=1, movement_space_room=3)
    assert first.points.pool == 1
    climb = mv.move_cost("climb", level=2)
    assert climb == 3
    assert mv.cubes_needed(climb, first.points.pool, 1) == 2
    second = mv.pay_move(first.points, climb, multiplier=1, movement_space_room=3)
    assert second.cubes_bought == 2 and second.points_bought == 2
    assert second.points.pool == 0
    assert second.points.cubes_spent == 2
    assert mv.end_movement(second.points) == 0


def test_V_C_5_c_first_movement_bonus_only_on_first_movement():
    assert mv.start_movement(2, first_movement=False).pool == 0
    assert mv.start_movement(2, first_movement=False, bonus=1).pool == 1


def test_V_C_5_f_cubes_round_up_with_multiplier():
    assert mv.cubes_needed(5, 0, 2) == 3
    assert mv.cubes_needed(1, 2, 2) == 0
    with pytest.raises(RuleRefused):
        mv.cubes_needed(2, 0, 0)


def test_IX_I_movement_refused_beyond_exertion_limit():
    """V·C·5 [f]: "The hero cannot spend energy cubes on the movement space if doing so would
    exceed its exertion limit"."""
    points = mv.start_movement(0, first_movement=True)
    with pytest.raises(RuleRefused) as refused:
        mv.pay_move(points, 3, multiplier=1, movement_space_room=2, exertion_limit=3)
    assert refused.value.message == "This move needs 3 more cubes but the movement space takes only 2 more"
    with pytest.raises(RuleRefused) as refused:
        mv.pay_move(points, 1, multiplier=1, movement_space_room=0, exertion_limit=3)
    assert refused.value.message == "Movement space is saturated: 3 of 3"


def test_V_C_5_i_fall_yellow_dice_equal_level_wounds_equal_successes():
    """V·C·5 [i]: "they roll the same number of yellow dice as the level of the fall and then
    suffer as many wounds as the number of successes obtained"."""
    assert mv.fall_dice(2) == Pool.of(DiceType("yellow"), DiceType("yellow"))
    assert mv.fall_wounds(2) == 2
    assert mv.fall_wounds(3, parkour_level=1) == 2
    assert mv.fall_dice(3, fly=True) == Pool()
    assert mv.fall_wounds(3, fly=True) == 0


def test_IX_Q_dangerous_terrain_yellow_dice():
    """IX·Q: entering, "roll the same number of yellow dice as the total level"; on an increase,
    "as the increase in level"."""
    assert len(mv.dangerous_terrain_dice(3)) == 3
    assert len(mv.dangerous_terrain_increase_dice(1, 3)) == 2
    assert len(mv.dangerous_terrain_increase_dice(3, 1)) == 0
    assert mv.terrain_wounds(2) == 2
    assert mv.terrain_wounds(2, from_gas=True, gas_immunity=True) == 0
    assert mv.terrain_wounds(2, from_gas=False, gas_immunity=True) == 2
    with pytest.raises(RuleRefused):
        mv.dangerous_terrain_dice(-1)
    with pytest.raises(RuleRefused):
        mv.dangerous_terrain_dice(41)


def test_IX_R_explosion_rolls_its_level():
    """IX·R: the targeted area's dangerous terrain level rises by the explosion's level."""
    assert len(mv.explosion_dice(2)) == 2
