"""Energy cubes on a board's spaces, a hero's or a command post's (IX·A, IX·C, IX·I, VI·F).

Spending within a space's exertion limit, and taking cubes back out in the rulebook's order.
"""
from __future__ import annotations

from .errors import RuleRefused


def check_exertion_limit(space: str, held: int, limit: int, cubes: int) -> None:
    refused = exertion_refusal(space, held, limit, cubes)
    if refused is not None:
        raise refused


def exertion_refusal(space: str, held: int, limit: int, cubes: int) -> RuleRefused | None:
    """IX·I: "A space is considered saturated if it contains the same number of energy cubes as
    its exertion index. If it is saturated, the player cannot spend cubes on it", nor beyond it."""
    if held >= limit:
        return RuleRefused("IX·I", f"{space.capitalize()} space is saturated: {held} of {limit}",
                          "space_saturated", space=space, held=held, limit=limit)
    if held + cubes > limit:
        return RuleRefused("IX·I", f"{space.capitalize()} space holds {held} of {limit}: "
                                  f"room for {limit - held}, not {cubes}",
                          "exertion_limit_reached", space=space, held=held, limit=limit, room=limit - held, cubes=cubes)
    return None


def take_cubes(holder, count: int, spaces: tuple[str, ...]) -> list[str]:
    """Take `count` cubes first from fatigue, then from the spaces (in board order), then from the
    reserve, as wounds (IX·A) and dredging (VI·F) do; returns where each came from. `holder` is a
    hero or a command post."""
    taken: list[str] = []
    for _ in range(count):
        space = None if holder.fatigue else next((s for s in spaces if holder.spaces[s]), None)
        if holder.fatigue:
            holder.fatigue -= 1
            taken.append("fatigue")
        elif space:
            holder.spaces[space] -= 1
            taken.append(space)
        elif holder.reserve:
            holder.reserve -= 1
            taken.append("reserve")
        else:
            break
    return taken
