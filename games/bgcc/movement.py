"""Movement arithmetic (V·C·5, IX·N, IX·P): move costs and buying move points. Falls and dangerous
terrain are rolled through the dice flow (its free rolls).

A movement action has a move point pool: it starts at 0 plus bonuses (skills, traits, special
rules), plus the first-movement bonus if it is the miniature's first movement of the turn
(V·C·5 [b]-[c]). Each move costs points (V·C·5 [e]); missing points are bought with cubes on the
movement space, each cube giving the movement characteristic's multiplier (V·C·5 [f]); unspent
points are lost when the movement ends (V·C·5 [k]).
"""

from __future__ import annotations

from games.bgcc.dice import check_count
from games.bgcc.errors import RuleRefused
from games.bgcc.skills import (
    check_level,
    fly_move_cost,
    mobility,
    parkour_special_level,
    reduced_mobility_allows,
)

SIMPLE = "simple"
FALL = "fall"
JUMP = "jump"
CLIMB = "climb"
MOVE_TYPES: tuple[str, ...] = (SIMPLE, FALL, JUMP, CLIMB)
SPECIAL_MOVES: tuple[str, ...] = (FALL, JUMP, CLIMB)
MAX_LEVEL = 20
MAX_POINTS = 99


def _n(value: object, what: str, rule: str, maximum: int = MAX_POINTS) -> int:
    return check_count(value, what, rule, maximum=maximum)


def _flag(value: object, what: str) -> bool:
    if not isinstance(value, bool):
        raise RuleRefused("V·C·5", f"{what} must be yes or no, not {value!r}", "not_yes_or_no")
    return value


# --------------------------------------------------------------------------- move cost


def move_cost(
    move_type: str,
    *,
    level: int = 0,
    hindering: int = 0,
    difficult_terrain: int = 0,
    horror: int = 0,
    mobility_level: int = 0,
    parkour_level: int = 0,
    fly: bool = False,
    reduced_mobility: bool = False,
) -> int:
    """The cost of one move (V·C·5 [e]).

    * simple move / fall: 1 + hindering index of the start area + total difficult terrain
      level of the start area;
    * jump: 1 + jump level + hindering + difficult terrain;
    * climb: 1 + climb level + hindering + difficult terrain.

    `hindering` is the move hindering index of the start area (IX·N: the players count it, Elusive
    included); `horror` the extra cost of Horror in the destination area; Mobility
    ignores difficult terrain levels, Parkour jump / climb levels. Fly: "the cost is always
    equal to 1 move point" (a trait outranks skills, so Horror does not raise it either).
    Reduced mobility refuses special moves.
    """
    if move_type not in MOVE_TYPES:
        raise RuleRefused("V·C·5 [d]", f"Unknown move type {move_type!r}: simple, fall, jump or climb",
                          "unknown_move_type", move_type=move_type)
    level = _n(level, "The special move level", "V·C·5 [d]", MAX_LEVEL)
    hindering = _n(hindering, "The hindering index", "IX·N")
    terrain = _n(difficult_terrain, "The difficult terrain level", "IX·P", MAX_LEVEL)
    horror = _n(horror, "The Horror level", "X·Horror", MAX_LEVEL)
    if move_type == SIMPLE and level:
        raise RuleRefused("V·C·5 [d]", "A simple move has no level", "simple_move_level")
    if move_type in SPECIAL_MOVES and not level:
        raise RuleRefused("V·C·5 [d]", "A special move is always associated with a level", "special_move_needs_level")
    if _flag(reduced_mobility, "Reduced mobility") and not reduced_mobility_allows(move_type):
        raise RuleRefused(
            "XI·Reduced mobility", "This miniature cannot perform special moves (climb, jump and fall)",
            "reduced_mobility",
        )
    if _flag(fly, "Fly"):
        return fly_move_cost()
    cost = 1 + hindering + mobility(mobility_level, terrain) + horror
    if move_type in (JUMP, CLIMB):
        cost += parkour_special_level(parkour_level, level)
    else:
        check_level(parkour_level, "Parkour")
    return cost


# --------------------------------------------------------------------------- move points


def cubes_needed(name: str, lacking: int, multiplier: int) -> int:
    """Cubes to spend on the movement space for the `lacking` move points (V·C·5 [f]): each cube
    gives `multiplier` move points (the movement characteristic), rounded up."""
    if multiplier == 0:
        raise RuleRefused("V·C·5 [f]", f"{name} lacks {lacking} move point{'s' if lacking != 1 else ''} and "
                                       f"cannot buy move points", "cannot_buy_move_points",
                          name=name, lacking=lacking)
    return -(-lacking // multiplier)
