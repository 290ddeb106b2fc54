"""Movement arithmetic (V·C·5): move costs and buying move points."""

import pytest

from games.bgcc import movement as mv
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


def test_V_C_5_f_cubes_round_up_with_multiplier():
    """V·C·5 [f]: each cube gives the movement characteristic's multiplier; a part is a whole cube.
    The first-movement bonus, the pool and the movement space's room are played through the engine
    (tests/rules/test_engine_rules.py, worked examples 6 and 7 in tests/test_worked_examples.py)."""
    assert mv.cubes_needed("Batman", 5, 2) == 3
    assert mv.cubes_needed("Batman", 1, 1) == 1
    with pytest.raises(RuleRefused) as refused:
        mv.cubes_needed("Thug #1", 2, 0)
    assert (refused.value.code, refused.value.params) == ("cannot_buy_move_points", {"name": "Thug #1", "lacking": 2})
