"""THE FIRST STEPS › Dice (p.10ff), SKILL ROLLS (p.19), THE RULE OF 1 AND 6, Why so serious?

Only D6. A die is a value entered from real dice, or drawn from an `rng` the caller passes (a
`random.Random`, or `secrets.SystemRandom()` on a server): this module never reaches for global
randomness. Dice are not summed unless a rule says so (skill rolls keep two and sum them)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .errors import RuleRefused

RULE = "DICE"


def check_die(value: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 6:
        raise RuleRefused(RULE, f"A D6 shows 1 to 6, not {value}", "bad_die", value=str(value))
    return value


def roll(n: int, given: Sequence[int] | None = None, rng=None) -> tuple[int, ...]:
    """`n` D6: the values entered (exactly n of them), else drawn from `rng`."""
    if n < 0:
        raise RuleRefused(RULE, "A roll has no negative number of dice", "bad_dice_count", count=n)
    if given is not None:
        values = tuple(given)
        if len(values) != n:
            raise RuleRefused(RULE, f"This roll needs {n} dice, not {len(values)}", "dice_count",
                              needed=n, given=len(values))
        return tuple(check_die(v) for v in values)
    if rng is None:
        raise RuleRefused(RULE, f"Enter the {n} dice rolled", "dice_missing", needed=n)
    return tuple(rng.randint(1, 6) for _ in range(n))


def d3(value: int) -> int:
    """D3: 1–2 → 1, 3–4 → 2, 5–6 → 3."""
    return (check_die(value) + 1) // 2


def half(value: int) -> int:
    """Fractions and Rounding: halves round down."""
    return value // 2


def modified(value: int, multiply: Sequence = (), add: int = 0) -> int:
    """Modifying Dice Rolls: multiply/divide first, then add/subtract (a division rounds down)."""
    from fractions import Fraction
    v = Fraction(value)
    for factor in multiply:
        v *= Fraction(factor)
    return int(v // 1) + add


def succeeds(threshold: int, values: Sequence[int]) -> bool:
    """'X+': one die must reach X; dice are not added (THE FIRST STEPS, example 2 and 3 ≠ 5)."""
    return any(check_die(v) >= threshold for v in values)


def attack_die_hits(natural: int, needed: int, modifier: int = 0) -> bool:
    """THE RULE OF 1 AND 6: on an attack die a natural 1 always misses, a natural 6 always hits;
    otherwise the modified score must equal or beat `needed` (the target's Defense)."""
    check_die(natural)
    if natural == 1:
        return False
    if natural == 6:
        return True
    return natural + modifier >= needed


def skill_dice(special: int, ko: bool = False, effort_against: int = 0) -> int:
    """Dice of a skill roll: Special (−1 when KO; a skill never below 1), one fewer per Effort ★ an
    enemy spends against it, to a minimum of 1D6 (EFFORT)."""
    special = max(1, special - (1 if ko else 0))
    return max(1, special - effort_against)


@dataclass(frozen=True)
class SkillRoll:
    values: tuple[int, ...]
    kept: tuple[int, ...]
    total: int
    target: int
    opposed: bool
    passed: bool


def skill_roll(values: Sequence[int], skill: int) -> SkillRoll:
    """SKILL ROLLS: keep any two dice; pass if their sum is equal to or less than the skill. The
    best choice keeps the two lowest. With a single die, that die is the sum (a choice: the
    rulebook never says how to keep two of one)."""
    values = tuple(check_die(v) for v in values)
    kept = tuple(sorted(values)[:2])
    total = sum(kept)
    return SkillRoll(values, kept, total, skill, False, total <= skill)


def opposed_roll(values: Sequence[int], target_skill: int) -> SkillRoll:
    """Opposed Skill Rolls: the two dice kept must sum to more than the target's skill (the two
    highest are the best choice)."""
    values = tuple(check_die(v) for v in values)
    kept = tuple(sorted(values, reverse=True)[:2])
    total = sum(kept)
    return SkillRoll(values, kept, total, target_skill, True, total > target_skill)


def dispute(value: int) -> str:
    """Why so serious?: the rolling player's reading applies on 4+, the opponent's on 1–3."""
    return "roller" if check_die(value) >= 4 else "opponent"


def randomize(items: int, value: int) -> int | None:
    """RANDOMIZING: which item (0-based) a D6 picks; None when the die must be rerolled.
    2 items: odd/even; 3: a D3; 4: a D6, 5–6 rerolled; more: D6 values 1..items, rerolling above."""
    check_die(value)
    if items == 2:
        return 0 if value % 2 else 1
    if items == 3:
        return d3(value) - 1
    if 1 <= items <= 6:
        return value - 1 if value <= items else None
    raise RuleRefused("RANDOMIZING", f"Randomize between 2 and 6 items with one die, not {items}",
                      "randomize_items", items=items)
