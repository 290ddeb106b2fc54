"""The reroll protocol (VIII) as explicit pure steps on a `Roll`.

Order of the steps, each optional and each returning a new roll and a description:

1. skill rerolls (Luck, Support, Point blank): "at the start of the Free Rerolls step, and
   before any free rerolls are made, [the possessor] may perform [X] rerolls from the previously
   rolled pool. The same die can be rerolled several times."
2. free rerolls (VIII·B): "you may reroll one die of this color for every reroll icon (of the
   same color) you have. A die can be rerolled for free only once."
3. Misfortune (an enemy's skill), "at the beginning of the Declare the Paid Rerolls step": the
   possessor forces X dice of their choice to be rerolled, for free.
4. paid rerolls (VIII·C-E): one energy cube on the reroll space per die, within its exertion
   limit; "These dice can come from the free rerolls"; the step may be repeated.

Each step takes the roll, the chosen die indexes and either an ``rng`` (the app rolls) or
``new_faces`` (the players rolled real dice and enter the faces 0-5, in the order of the
indexes). A step that would break the order above is refused.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Sequence

from games.bgcc.dice import (
    DieResult,
    RerollRecord,
    Roll,
    check_face_indexes,
    draw_face,
)
from games.bgcc.errors import RuleRefused
from games.bgcc.skills import MAX_LEVEL

STEPS: tuple[str, ...] = ("skill", "free", "misfortune", "paid")
_STEP_ORDER = {step: n for n, step in enumerate(STEPS)}
SKILL_REROLLS: tuple[str, ...] = ("Luck", "Support", "Point blank")
_STEP_NAMES = {
    "skill": "skill rerolls",
    "free": "free rerolls",
    "misfortune": "Misfortune",
    "paid": "paid rerolls",
}


@dataclass(frozen=True)
class RerollResult:
    """The roll after one reroll step, what happened in words, and the cubes it cost."""

    roll: Roll
    description: str
    rerolled: tuple[int, ...] = ()
    cubes: int = 0


# --------------------------------------------------------------------------- helpers


def _check_roll(roll: object) -> Roll:
    if not isinstance(roll, Roll):
        raise RuleRefused("VIII", "Only a rolled dice pool can be rerolled", "reroll_rolled_pool_only")
    if roll.entry == "count":
        raise RuleRefused(
            "VIII",
            "This roll was entered as a success count: make the rerolls at the table "
            "and enter the new count",
            "reroll_counted_roll",
        )
    return roll


def _stage(roll: Roll) -> int:
    """The furthest step of VIII already used on this roll (-1 if none)."""
    return max((_STEP_ORDER[r.step] for r in roll.rerolls), default=-1)


def _check_stage(roll: Roll, step: str, rule: str) -> None:
    stage = _stage(roll)
    if stage > _STEP_ORDER[step]:
        later = _STEP_NAMES[STEPS[stage]]
        raise RuleRefused(rule, f"{_STEP_NAMES[step].capitalize()} must come before the {later}",
                          "reroll_step_order", step=step, later=STEPS[stage])


def _check_indexes(roll: Roll, indexes: Sequence[int], rule: str) -> tuple[int, ...]:
    if isinstance(indexes, (str, bytes)) or not hasattr(indexes, "__iter__"):
        raise RuleRefused(rule, "Choose the dice to reroll by their index", "reroll_dice_by_index")
    chosen = tuple(indexes)
    if not chosen:
        raise RuleRefused(rule, "Choose at least one die to reroll", "reroll_at_least_one_die")
    for index in chosen:
        if isinstance(index, bool) or not isinstance(index, int) or index < 0:
            raise RuleRefused(rule, f"{index!r} is not a die of this roll", "not_a_die")
        if index >= len(roll.dice):
            raise RuleRefused(rule, f"There is no die {index} in this roll of {len(roll.dice)} dice",
                              "no_such_die", index=index, dice=len(roll.dice))
    duplicates = sorted({i for i in chosen if chosen.count(i) > 1})
    if duplicates:
        raise RuleRefused(
            rule,
            f"Die {duplicates[0]} is chosen twice; reroll it again in a separate step",
            "die_chosen_twice", index=duplicates[0],
        )
    return chosen


def _draw(indexes: tuple[int, ...], rng: object, new_faces: Sequence[int] | None, rule: str) -> tuple[int, ...]:
    if (rng is None) == (new_faces is None):
        raise RuleRefused(rule, "Give either a random source or the faces read on the real dice", "random_or_faces")
    if new_faces is not None:
        return check_face_indexes(new_faces, len(indexes), rule)
    return tuple(draw_face(rng) for _ in indexes)


def _apply(roll: Roll, indexes: tuple[int, ...], faces: tuple[int, ...], step: str, source) -> Roll:
    """Replace the faces of `indexes`; `source(die)` names where each reroll comes from."""
    dice = list(roll.dice)
    records = list(roll.rerolls)
    for index, face in zip(indexes, faces):
        old: DieResult = dice[index]
        new_successes = roll.faces.successes(old.dice_type.colour, face)
        dice[index] = replace(
            old,
            face=face,
            successes=new_successes,
            free_rerolled=old.free_rerolled or step == "free",
            times_rerolled=old.times_rerolled + 1,
        )
        records.append(
            RerollRecord(step, source(old), index, old.face, face, old.successes, new_successes)
        )
    return replace(roll, dice=tuple(dice), rerolls=tuple(records))


def _describe(label: str, before: Roll, after: Roll, indexes: tuple[int, ...]) -> str:
    parts = []
    for index in indexes:
        old, new = before.dice[index], after.dice[index]
        parts.append(f"die {index} ({old.dice_type.colour}) {old.successes} → {new.successes}")
    return (
        f"{label}: " + ", ".join(parts)
        + f"; {before.successes} → {after.successes} successes"
    )


def _check_level(level: object, skill: str) -> int:
    if isinstance(level, bool) or not isinstance(level, int) or level < 1:
        raise RuleRefused(f"X·{skill}", f"{skill} needs a skill level of at least 1 (got {level!r})",
                          "skill_level_at_least_one", skill=skill)
    if level > MAX_LEVEL:
        raise RuleRefused(f"X·{skill}", f"{skill} {level} is not a skill level of this game",
                          "skill_level_too_high", skill=skill, level=level)
    return level


def _used(roll: Roll, source: str) -> list[RerollRecord]:
    return [r for r in roll.rerolls if r.source == source]


# --------------------------------------------------------------------------- (a) skill rerolls


def skill_rerolls_left(roll: Roll, skill: str, level: int) -> int:
    """How many of the X rerolls of Luck / Support / Point blank remain on this roll."""
    roll = _check_roll(roll)
    if skill not in SKILL_REROLLS:
        raise RuleRefused("VIII·B", f"{skill!r} is not a reroll skill (Luck, Support, Point blank)",
                          "not_a_reroll_skill")
    level = _check_level(level, skill)
    return max(0, level - len(_used(roll, skill)))


def skill_reroll(
    roll: Roll,
    skill: str,
    level: int,
    indexes: Sequence[int],
    *,
    rng: object = None,
    new_faces: Sequence[int] | None = None,
) -> RerollResult:
    """Luck / Support / Point blank: X rerolls before any free reroll; the same die may be
    rerolled several times (one call per reroll of the same die)."""
    left = skill_rerolls_left(roll, skill, level)
    rule = f"X·{skill}"
    _check_stage(roll, "skill", rule)
    chosen = _check_indexes(roll, indexes, rule)
    if len(chosen) > left:
        used = level - left
        raise RuleRefused(
            rule,
            f"{skill} {level} gives {level} reroll{'s' if level > 1 else ''}: "
            f"{used} already used, {len(chosen)} asked",
            "skill_rerolls_used", skill=skill, level=level, used=used, asked=len(chosen),
        )
    after = _apply(roll, chosen, _draw(chosen, rng, new_faces, rule), "skill", lambda d: skill)
    return RerollResult(after, _describe(skill, roll, after, chosen), chosen)


# --------------------------------------------------------------------------- (b) free rerolls


def free_rerolls_left(roll: Roll) -> dict[str, int]:
    """Free rerolls still available per colour: icons in the pool minus those used (VIII·B)."""
    roll = _check_roll(roll)
    icons = roll.pool.free_reroll_icons()
    left = {}
    for colour, n in icons.items():
        used = sum(1 for r in roll.rerolls if r.step == "free" and r.source == f"{colour} icon")
        if n - used > 0:
            left[colour] = n - used
    return left


def free_reroll(
    roll: Roll,
    indexes: Sequence[int],
    *,
    rng: object = None,
    new_faces: Sequence[int] | None = None,
) -> RerollResult:
    """Free rerolls (VIII·B): one die of the icon's colour per icon; each die only once for free."""
    roll = _check_roll(roll)
    rule = "VIII·B"
    _check_stage(roll, "free", rule)
    chosen = _check_indexes(roll, indexes, rule)
    for index in chosen:
        if roll.dice[index].free_rerolled:
            raise RuleRefused(rule, "A die can be rerolled for free only once", "free_reroll_once")
    left = free_rerolls_left(roll)
    icons = roll.pool.free_reroll_icons()
    wanted: dict[str, int] = {}
    for index in chosen:
        colour = roll.dice[index].dice_type.colour
        wanted[colour] = wanted.get(colour, 0) + 1
    for colour, n in wanted.items():
        if colour not in icons:
            raise RuleRefused(rule, f"This pool has no free-reroll icon for {colour} dice",
                              "no_free_reroll_icon", colour=colour)
        if n > left.get(colour, 0):
            total = icons[colour]
            raise RuleRefused(
                rule,
                f"The pool has {total} free reroll{'s' if total > 1 else ''} of {colour} dice: "
                f"{total - left.get(colour, 0)} already used, {n} asked",
                "free_rerolls_used", colour=colour, total=total, used=total - left.get(colour, 0), asked=n,
            )
    after = _apply(
        roll, chosen, _draw(chosen, rng, new_faces, rule), "free",
        lambda d: f"{d.dice_type.colour} icon",
    )
    return RerollResult(after, _describe("Free reroll", roll, after, chosen), chosen)


def suggest_free_rerolls(roll: Roll) -> tuple[int, ...]:
    """The free rerolls a player maximising expected successes takes (the policy of `odds`).

    Per colour, among the dice not yet rerolled for free whose face is below the mean of that
    colour, reroll the lowest ones, one per free-reroll icon left.
    """
    roll = _check_roll(roll)
    if _stage(roll) > _STEP_ORDER["free"]:
        return ()
    chosen: list[int] = []
    for colour, n in free_rerolls_left(roll).items():
        total = sum(roll.faces.faces_of(colour))
        low = [
            d for d in roll.dice
            if d.dice_type.colour == colour and not d.free_rerolled and d.successes * 6 < total
        ]
        low.sort(key=lambda d: (d.successes, d.index))
        chosen.extend(d.index for d in low[:n])
    return tuple(sorted(chosen))


# --------------------------------------------------------------------------- (c) Misfortune


def misfortune_reroll(
    roll: Roll,
    level: int,
    indexes: Sequence[int],
    *,
    rng: object = None,
    new_faces: Sequence[int] | None = None,
    possessor: str = "",
) -> RerollResult:
    """Misfortune (enemy skill): at the start of the paid rerolls, its possessor forces up to X
    different dice, of their choice, to be rerolled for free."""
    roll = _check_roll(roll)
    level = _check_level(level, "Misfortune")
    rule = "X·Misfortune"
    _check_stage(roll, "misfortune", rule)
    chosen = _check_indexes(roll, indexes, rule)
    source = f"Misfortune ({possessor})" if possessor else "Misfortune"
    used = _used(roll, source)
    again = sorted({r.index for r in used} & set(chosen))
    if again:
        raise RuleRefused(rule, f"Misfortune forces {level} different dice: die {again[0]} was already forced",
                          "misfortune_die_again", level=level, index=again[0])
    if len(used) + len(chosen) > level:
        raise RuleRefused(
            rule,
            f"Misfortune {level} forces at most {level} dice: {len(used)} already forced, {len(chosen)} asked",
            "misfortune_dice_used", level=level, used=len(used), asked=len(chosen),
        )
    after = _apply(roll, chosen, _draw(chosen, rng, new_faces, rule), "misfortune", lambda d: source)
    return RerollResult(after, _describe(source, roll, after, chosen), chosen)


# --------------------------------------------------------------------------- (d) paid rerolls


def _check_cube_count(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise RuleRefused("VIII·D", f"{what} must be a whole number of cubes, not {value!r}", "not_a_whole_number")
    return value


def paid_reroll(
    roll: Roll,
    indexes: Sequence[int],
    *,
    reroll_space_room: int,
    exertion_limit: int | None = None,
    rng: object = None,
    new_faces: Sequence[int] | None = None,
) -> RerollResult:
    """Paid rerolls (VIII·C-E): one cube per die on the reroll space; may be repeated.

    `reroll_space_room` is how many cubes can still be placed on the reroll space before its
    exertion limit (and from the reserve); `exertion_limit`, if given, makes refusals say
    "Reroll space is saturated: 2 of 2".
    """
    roll = _check_roll(roll)
    rule = "VIII·D"
    _check_cube_count(reroll_space_room, "Room on the reroll space")
    if exertion_limit is not None:
        _check_cube_count(exertion_limit, "The exertion limit")
        if reroll_space_room > exertion_limit:
            raise RuleRefused(rule, "The reroll space cannot have more room than its exertion limit",
                              "reroll_room_over_limit")
    chosen = _check_indexes(roll, indexes, "VIII·C")
    cubes = len(chosen)
    if reroll_space_room == 0:
        if exertion_limit is not None:
            raise RuleRefused("IX·I", f"Reroll space is saturated: {exertion_limit} of {exertion_limit}",
                              "space_saturated", space="reroll", held=exertion_limit, limit=exertion_limit)
        raise RuleRefused("IX·I", "Reroll space is saturated", "reroll_space_saturated")
    if cubes > reroll_space_room:
        where = ""
        if exertion_limit is not None:
            where = f" ({exertion_limit - reroll_space_room} of {exertion_limit} already placed)"
        raise RuleRefused(
            rule,
            f"Rerolling {cubes} dice needs {cubes} cubes but the reroll space takes only "
            f"{reroll_space_room} more{where}",
            "reroll_space_room", cubes=cubes, room=reroll_space_room,
        )
    after = _apply(roll, chosen, _draw(chosen, rng, new_faces, rule), "paid", lambda d: "reroll space")
    text = _describe(f"Paid reroll ({cubes} cube{'s' if cubes > 1 else ''})", roll, after, chosen)
    return RerollResult(after, text, chosen, cubes)
