"""Movement arithmetic (V·C·5, IX·N, IX·P, IX·Q, IX·R): move costs, move points, falls,
dangerous terrain.

A movement action has a move point pool: it starts at 0 plus bonuses (skills, traits, special
rules), plus the first-movement bonus if it is the miniature's first movement of the turn
(V·C·5 [b]-[c]). Each move costs points (V·C·5 [e]); missing points are bought with cubes on the
movement space, each cube giving the movement characteristic's multiplier (V·C·5 [f]); unspent
points are lost when the movement ends (V·C·5 [k]).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.bgcc.dice import MAX_POOL, DiceType, Pool, check_count
from games.bgcc.errors import RuleRefused
from games.bgcc.skills import (
    check_level,
    fly_fall_wounds,
    fly_move_cost,
    gas_immunity_wounds,
    mobility,
    parkour_fall_wounds,
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


@dataclass(frozen=True)
class MovePoints:
    """The move point pool of a movement action, and what it has used so far."""

    pool: int
    cubes_spent: int = 0
    points_spent: int = 0


@dataclass(frozen=True)
class MoveStep:
    """One move paid: the pool after it, the cubes bought for it and the points they gave."""

    points: MovePoints
    cost: int
    cubes_bought: int
    points_bought: int


def start_movement(first_movement_bonus: int, *, first_movement: bool, bonus: int = 0) -> MovePoints:
    """V·C·5 [b]: "The move point pool equals zero plus eventual bonuses conferred by skills,
    traits and special rules"; [c]: on the miniature's first movement of the turn, add the move
    point bonus for the first movement (from the encumbrance table)."""
    first_bonus = _n(first_movement_bonus, "The first-movement bonus", "V·C·5 [c]")
    bonus = _n(bonus, "Bonus move points", "V·C·5 [b]")
    return MovePoints(bonus + (first_bonus if _flag(first_movement, "First movement") else 0))


def cubes_needed(cost: int, pool: int, multiplier: int) -> int:
    """Cubes to spend on the movement space to afford a move (V·C·5 [f]): each cube gives
    `multiplier` move points (the movement characteristic)."""
    cost = _n(cost, "The move cost", "V·C·5 [e]")
    pool = _n(pool, "The move point pool", "V·C·5 [f]")
    multiplier = _n(multiplier, "The movement characteristic", "IX·E", MAX_LEVEL)
    missing = max(0, cost - pool)
    if not missing:
        return 0
    if multiplier == 0:
        raise RuleRefused("IX·E", "This miniature cannot buy move points: its movement characteristic gives none",
                          "cannot_buy_move_points")
    return -(-missing // multiplier)


def pay_move(
    points: MovePoints,
    cost: int,
    *,
    multiplier: int,
    movement_space_room: int,
    exertion_limit: int | None = None,
) -> MoveStep:
    """Pay for one move (V·C·5 [f]-[g]): buy the missing points with cubes if needed, then
    subtract the cost. `movement_space_room` is how many cubes can still be placed on the
    movement space before its exertion limit (and from the reserve); buying more is refused."""
    if not isinstance(points, MovePoints):
        raise RuleRefused("V·C·5", "Start the movement first", "no_movement")
    room = _n(movement_space_room, "Room on the movement space", "IX·I", MAX_POOL)
    if exertion_limit is not None:
        exertion_limit = _n(exertion_limit, "The exertion limit", "IX·I", MAX_POOL)
        if room > exertion_limit:
            raise RuleRefused("IX·I", "The movement space cannot have more room than its exertion limit",
                              "room_over_exertion_limit", room=room, limit=exertion_limit)
    cubes = cubes_needed(cost, points.pool, multiplier)
    if cubes > room:
        if room == 0 and exertion_limit is not None:
            raise RuleRefused("IX·I", f"Movement space is saturated: {exertion_limit} of {exertion_limit}",
                              "space_saturated", space="movement", held=exertion_limit, limit=exertion_limit)
        if room == 0:
            raise RuleRefused("IX·I", "Movement space is saturated", "movement_space_saturated")
        raise RuleRefused(
            "V·C·5 [f]",
            f"This move needs {cubes} more cube{'s' if cubes > 1 else ''} but the movement space "
            f"takes only {room} more",
            "movement_space_room", cubes=cubes, room=room,
        )
    bought = cubes * multiplier
    pool = points.pool + bought - cost
    after = MovePoints(pool, points.cubes_spent + cubes, points.points_spent + cost)
    return MoveStep(after, cost, cubes, bought)


def end_movement(points: MovePoints) -> int:
    """V·C·5 [k]: "The move point pool is reduced to zero; thus the miniature loses all unused
    move points." Returns the points lost."""
    if not isinstance(points, MovePoints):
        raise RuleRefused("V·C·5", "No movement to end", "no_movement")
    return points.pool


# --------------------------------------------------------------------------- falls, terrain


def _yellow(n: int) -> Pool:
    return Pool.build((DiceType("yellow"),), n)


def fall_dice(level: int, *, fly: bool = False) -> Pool:
    """V·C·5 [i]: "If the miniature performs a fall, they roll the same number of yellow dice as
    the level of the fall". A flying miniature ignores fall wounds, so rolls nothing."""
    level = _n(level, "The fall level", "V·C·5 [i]", MAX_POOL)
    return _yellow(0 if _flag(fly, "Fly") else level)


def fall_wounds(successes: int, *, parkour_level: int = 0, fly: bool = False) -> int:
    """V·C·5 [i]: the miniature suffers "as many wounds as the number of successes obtained";
    Parkour ignores [X] of them; Fly ignores them all."""
    successes = _n(successes, "The number of successes", "V·C·5 [i]")
    if _flag(fly, "Fly"):
        return fly_fall_wounds(successes)
    return parkour_fall_wounds(parkour_level, successes)


def dangerous_terrain_dice(level: int) -> Pool:
    """IX·Q: entering dangerous terrain (or being there when the terrain becomes dangerous), roll
    "the same number of yellow dice as the total level of dangerous terrain"."""
    return _yellow(_n(level, "The dangerous terrain level", "IX·Q", MAX_POOL))


def dangerous_terrain_increase_dice(old_level: int, new_level: int) -> Pool:
    """IX·Q: "If the total level of the dangerous terrain increases, a miniature present in the
    area must immediately roll the same number of yellow dice as the increase in level"."""
    old = _n(old_level, "The dangerous terrain level", "IX·Q", MAX_POOL)
    new = _n(new_level, "The dangerous terrain level", "IX·Q", MAX_POOL)
    return _yellow(max(0, new - old))


def explosion_dice(explosion_level: int) -> Pool:
    """IX·R: an explosion raises the dangerous terrain level of the targeted area by its level
    (or makes it dangerous terrain of that level), so each miniature present rolls that many
    yellow dice; the level then reverts."""
    return _yellow(_n(explosion_level, "The explosion level", "IX·R", MAX_POOL))


def terrain_wounds(successes: int, *, from_gas: bool = False, gas_immunity: bool = False) -> int:
    """IX·Q: "They then suffer a number of wounds equal to the successes obtained"; Gas immunity
    ignores wounds caused by gas tokens."""
    successes = _n(successes, "The number of successes", "IX·Q")
    if _flag(gas_immunity, "Gas immunity"):
        return gas_immunity_wounds(successes, from_gas=_flag(from_gas, "From gas"))
    return successes
