"""Exact odds of dice pools (VII, VIII·B, IX·F, IX·K): no sampling, only convolution.

* `pool_distribution`: successes shown by the dice of a pool, after the free rerolls of VIII·B
  taken the way a player maximising expected successes takes them: per colour, reroll the dice
  showing fewer successes than that colour's mean, lowest first, one per free-reroll icon of
  that colour, each die at most once. (`rerolls.suggest_free_rerolls` is the same policy.)
* `successes_distribution`: plus automatic successes, minus hindering and other deductions,
  floored at 0 (the arithmetic of `skills.net_successes`).
* `wounds_distribution`: against a defense distribution, wounds = max(0, attack − defense)
  (+ Poison / Electricity when the attack beats the defense).
* `cube_table`: for 1..n cubes, P(successes ≥ difficulty) and expected wounds.

Not modelled: skill rerolls (Luck, Support, Point blank), Misfortune and paid rerolls.

How free rerolls stay cheap: colours are independent, so each colour is computed alone and the
colours are convolved. Within a colour all dice are alike; a small dynamic programme walks the
distinct face values from lowest to highest, choosing how many dice show each value, and tracks
(dice placed, successes kept, dice rerolled). Values below the mean come first, so the first
min(#low, rerolls) dice placed are exactly the ones rerolled. Rerolled dice are then replaced by
fresh dice (a convolution power). The work is polynomial in the number of dice, never 6^n.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import factorial
from typing import Sequence

from games.bgcc.dice import (
    COLOURS,
    FACES_PER_DIE,
    MAX_POOL,
    DiceType,
    FaceTable,
    Pool,
    check_count,
    default_faces,
)
from games.bgcc.errors import RuleRefused
from games.bgcc.skills import net_successes

_RULE = "IX·F"


@dataclass(frozen=True)
class Distribution:
    """P(value = k) for k = 0, 1, 2 ... (successes or wounds). Floats, or Fractions if exact."""

    probabilities: tuple

    def __post_init__(self) -> None:
        probs = tuple(self.probabilities)
        if not probs:
            raise ValueError("A distribution needs at least one value")
        if any(p < 0 for p in probs):
            raise ValueError("A probability cannot be negative")
        object.__setattr__(self, "probabilities", probs)

    @property
    def maximum(self) -> int:
        """The highest value with a non-zero probability."""
        for k in range(len(self.probabilities) - 1, -1, -1):
            if self.probabilities[k]:
                return k
        return 0

    def probability(self, k: int) -> float | Fraction:
        k = check_count(k, "A number of successes", _RULE)
        return self.probabilities[k] if k < len(self.probabilities) else 0 * self.probabilities[0]

    def at_least(self, k: int) -> float | Fraction:
        """P(value ≥ k); P(≥ 0) is 1."""
        k = check_count(k, "A difficulty", _RULE)
        return sum(self.probabilities[k:], 0 * self.probabilities[0])

    def mean(self) -> float | Fraction:
        return sum((k * p for k, p in enumerate(self.probabilities)), 0 * self.probabilities[0])

    def total(self) -> float | Fraction:
        return sum(self.probabilities, 0 * self.probabilities[0])

    def as_floats(self) -> tuple[float, ...]:
        return tuple(float(p) for p in self.probabilities)


# --------------------------------------------------------------------------- convolution


def _convolve(a: list, b: list) -> list:
    zero = 0 * a[0]
    out = [zero] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


def _powers(base: list, n: int) -> list[list]:
    """[base^0, base^1, ..., base^n] under convolution."""
    one = [base[0] * 0 + 1]
    out = [one]
    for _ in range(n):
        out.append(_convolve(out[-1], base))
    return out


def _die(faces6: Sequence[int], unit) -> list:
    """Distribution of one die: index = successes."""
    dist = [unit * 0] * (max(faces6) + 1)
    for value in faces6:
        dist[value] += unit / FACES_PER_DIE
    return dist


def _colour_distribution(faces6: Sequence[int], n: int, rerolls: int, unit) -> list:
    """Successes of `n` alike dice after up to `rerolls` free rerolls taken optimally."""
    base = _die(faces6, unit)
    rerolls = min(rerolls, n)
    if rerolls == 0:
        return _powers(base, n)[n]
    total = sum(faces6)  # below the mean  <=>  6 * value < total
    values = sorted(set(faces6))
    inv_fact = [unit / factorial(c) for c in range(n + 1)]
    # state: (dice placed, successes kept, dice rerolled) -> weight (exponential generating form)
    states: dict[tuple[int, int, int], object] = {(0, 0, 0): unit}
    for j, value in enumerate(values):
        p = base[value]
        p_pow = [unit]
        for _ in range(n):
            p_pow.append(p_pow[-1] * p)
        low = value * FACES_PER_DIE < total
        last = j == len(values) - 1
        new: dict[tuple[int, int, int], object] = {}
        for (placed, kept, rerolled), weight in states.items():
            rest = n - placed
            for c in ((rest,) if last else range(rest + 1)):
                if low:
                    now_rerolled = min(placed + c, rerolls)
                    keep = c - (now_rerolled - rerolled)
                else:
                    now_rerolled, keep = rerolled, c
                key = (placed + c, kept + keep * value, now_rerolled)
                new[key] = new.get(key, 0 * unit) + weight * p_pow[c] * inv_fact[c]
        states = new
    n_fact = factorial(n)
    by_rerolled: dict[int, list] = {}
    width = n * max(faces6) + 1
    for (placed, kept, rerolled), weight in states.items():
        vec = by_rerolled.setdefault(rerolled, [unit * 0] * width)
        vec[kept] += weight * n_fact
    powers = _powers(base, rerolls)
    out = [unit * 0] * width
    for rerolled, vec in by_rerolled.items():
        for k, pk in enumerate(_convolve(vec, powers[rerolled])[:width]):
            out[k] += pk
    return out


def _check_pool(pool: object) -> Pool:
    if not isinstance(pool, Pool):
        raise RuleRefused("IX·D", "Odds are computed for a dice pool", "odds_need_pool")
    return pool


def _check_faces(faces: FaceTable | None) -> FaceTable:
    if faces is None:
        return default_faces()
    if not isinstance(faces, FaceTable):
        raise RuleRefused("IX·D", "Odds need a face table", "face_table_needed")
    return faces


def pool_distribution(
    pool: Pool, faces: FaceTable | None = None, *, free_rerolls: bool = True, exact: bool = False
) -> Distribution:
    """Distribution of the successes shown by the dice of `pool`.

    With `free_rerolls` the pool's free-reroll icons (VIII·B) are used optimally (see module
    docstring); `exact` gives Fractions instead of floats.
    """
    pool = _check_pool(pool)
    faces = _check_faces(faces)
    unit = Fraction(1) if exact else 1.0
    counts = pool.colour_counts()
    icons = pool.free_reroll_icons() if free_rerolls else {}
    dist = [unit]
    for colour in COLOURS:
        n = counts.get(colour, 0)
        if n:
            part = _colour_distribution(faces.faces_of(colour), n, icons.get(colour, 0), unit)
            dist = _convolve(dist, part)
    return Distribution(tuple(dist))


def _check_amount(value: object, what: str) -> int:
    return check_count(value, what, _RULE, maximum=10 * MAX_POOL)


def adjust(
    dist: Distribution,
    *,
    automatic: int = 0,
    conditional_automatic: int = 0,
    hindering: int = 0,
    penalty: int = 0,
) -> Distribution:
    """Map a dice-successes distribution through `skills.net_successes`: + automatic
    successes (+ `conditional_automatic` only with ≥1 success), − hindering − penalty, min 0."""
    if not isinstance(dist, Distribution):
        raise RuleRefused(_RULE, "Expected a distribution", "distribution_expected")
    add = _check_amount(automatic, "Automatic successes")
    add_if = _check_amount(conditional_automatic, "Automatic successes")
    subtract = _check_amount(hindering, "The hindering index") + _check_amount(penalty, "Deducted successes")
    zero = 0 * dist.probabilities[0]
    out = [zero] * (len(dist.probabilities) + add + add_if)
    for s, p in enumerate(dist.probabilities):
        if p:
            out[net_successes(s, add=add, add_if_success=add_if, subtract=subtract)] += p
    while len(out) > 1 and not out[-1]:
        out.pop()
    return Distribution(tuple(out))


def successes_distribution(
    pool: Pool,
    faces: FaceTable | None = None,
    *,
    automatic: int = 0,
    conditional_automatic: int = 0,
    hindering: int = 0,
    penalty: int = 0,
    free_rerolls: bool = True,
    exact: bool = False,
) -> Distribution:
    """Successes of an action: dice (after optimal free rerolls) + automatic − hindering −
    penalty, floored at 0. Pass `hindering` only for ranged attacks and complex actions
    (`skills.hindering_applies`)."""
    dist = pool_distribution(pool, faces, free_rerolls=free_rerolls, exact=exact)
    return adjust(
        dist,
        automatic=automatic,
        conditional_automatic=conditional_automatic,
        hindering=hindering,
        penalty=penalty,
    )


def defense_distribution(
    pool: Pool,
    faces: FaceTable | None = None,
    *,
    automatic: int = 0,
    penalty: int = 0,
    free_rerolls: bool = True,
    exact: bool = False,
) -> Distribution:
    """Defense successes (VII·G): dice + automatic defense successes; never hindered."""
    return successes_distribution(
        pool, faces, automatic=automatic, penalty=penalty, free_rerolls=free_rerolls, exact=exact
    )


def probability_at_least(dist: Distribution, difficulty: int) -> float | Fraction:
    """P(successes ≥ difficulty): the chance a complex action of that difficulty succeeds."""
    if not isinstance(dist, Distribution):
        raise RuleRefused(_RULE, "Expected a distribution", "distribution_expected")
    return dist.at_least(difficulty)


def wounds_distribution(
    attack: Distribution, defense: Distribution, *, poison: int = 0, harmless: bool = False
) -> Distribution:
    """Wounds = max(0, attack − defense) (VII·H), + `poison` (Poison / Electricity level) when the
    defense is lower than the attack; Harmless makes every wound 0."""
    if not isinstance(attack, Distribution) or not isinstance(defense, Distribution):
        raise RuleRefused("VII·H", "Expected an attack and a defense distribution", "attack_and_defense_expected")
    poison = _check_amount(poison, "The Poison level")
    zero = 0 * attack.probabilities[0] * defense.probabilities[0]
    if harmless:
        return Distribution((zero + 1,))
    out = [zero] * (len(attack.probabilities) + poison)
    for a, pa in enumerate(attack.probabilities):
        if not pa:
            continue
        for d, pd in enumerate(defense.probabilities):
            if pd:
                w = a - d + poison if a > d else 0
                out[w] += pa * pd
    while len(out) > 1 and not out[-1]:
        out.pop()
    return Distribution(tuple(out))


@dataclass(frozen=True)
class CubeOption:
    """One row of "how many cubes?": the pool for that many cubes and what it can expect."""

    cubes: int
    dice: int
    pool: Pool
    expected_successes: float
    p_at_least: float | None
    expected_wounds: float | None
    p_neutralize: float | None


def cube_table(
    characteristic: Sequence[DiceType],
    limit: int,
    *,
    bonus: Sequence[DiceType] = (),
    faces: FaceTable | None = None,
    difficulty: int | None = None,
    defense: Distribution | None = None,
    automatic: int = 0,
    conditional_automatic: int = 0,
    hindering: int = 0,
    penalty: int = 0,
    poison: int = 0,
    target_life: int | None = None,
    minimum: int = 1,
) -> tuple[CubeOption, ...]:
    """For each cube count from `minimum` to `limit` (the cubes that still fit on the action
    space): pool = cubes × characteristic + bonus dice; P(successes ≥ difficulty) if a
    difficulty is given; expected wounds and P(wounds ≥ target_life) against `defense`."""
    limit = check_count(limit, "The number of cubes", "IX·I", maximum=MAX_POOL)
    minimum = check_count(minimum, "The number of cubes", "IX·I", maximum=MAX_POOL)
    if difficulty is not None:
        difficulty = _check_amount(difficulty, "The difficulty")
    if target_life is not None:
        target_life = _check_amount(target_life, "Life points")
        if defense is None:
            raise RuleRefused("VII·H", "Wounds need the defender's defense", "wounds_need_defense")
    if defense is not None and not isinstance(defense, Distribution):
        raise RuleRefused("VII", "The defense must be a distribution (see defense_distribution)",
                          "defense_distribution_expected")
    faces = _check_faces(faces)
    rows = []
    for cubes in range(minimum, limit + 1):
        pool = Pool.build(tuple(characteristic), cubes, tuple(bonus))
        dist = successes_distribution(
            pool, faces, automatic=automatic, conditional_automatic=conditional_automatic,
            hindering=hindering, penalty=penalty,
        )
        p_at_least = float(dist.at_least(difficulty)) if difficulty is not None else None
        expected_wounds = p_neutralize = None
        if defense is not None:
            wounds = wounds_distribution(dist, defense, poison=poison)
            expected_wounds = float(wounds.mean())
            if target_life is not None:
                p_neutralize = float(wounds.at_least(target_life))
        rows.append(
            CubeOption(cubes, len(pool), pool, float(dist.mean()), p_at_least, expected_wounds, p_neutralize)
        )
    return tuple(rows)
