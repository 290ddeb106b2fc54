"""MOVEMENT ACTION (p.24ff) arithmetic: Impaired Movement and Falling. Distances are measured on
the table [R] and entered; the companion does the sums."""
from __future__ import annotations

IMPAIRED = 4  # inches per source


def basic_move_distance(movement: int, impaired_sources: int = 0, modifier: int = 0) -> int:
    """Impaired Movement: −4" per source (Difficult Ground, each Jump, each Climb, Stand Up),
    cumulative, never below 0. `modifier`: what a special rule adds or takes (the Fast trait
    "modifies this distance" [P])."""
    return max(0, movement + modifier - IMPAIRED * impaired_sources)


def beyond_allowance(distance: float | None, bmd: int) -> bool:
    """MOVEMENT ACTION: "No part of the model's base may move beyond the Basic Move Distance"; a
    distance not entered (None) is the table's to measure [R]."""
    return distance is not None and distance > bmd


def fall(distance: float, bmd: int) -> str:
    """Falling: the distance travelled in the action against the Basic Move Distance after
    impairment: at least double ⇒ "casualty"; greater ⇒ "injury" (♦♦); else "none". A distance
    equal to the BMD fits no printed band and takes no damage here (a choice)."""
    if bmd <= 0:
        return "casualty" if distance > 0 else "none"
    if distance >= 2 * bmd:
        return "casualty"
    if distance > bmd:
        return "injury"
    return "none"


FALL_INJURY = 2  # ♦♦
