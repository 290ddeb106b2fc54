"""Exact odds (VII, VIII·B, IX·F, IX·K) checked against brute force, properties and Monte Carlo."""

import itertools
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.bgcc import skills
from games.bgcc.dice import COLOURS, DiceType, Pool, default_faces, roll
from games.bgcc.errors import RuleRefused
from games.bgcc.odds import (
    Distribution,
    adjust,
    cube_table,
    defense_distribution,
    pool_distribution,
    probability_at_least,
    successes_distribution,
    wounds_distribution,
)
from games.bgcc.rerolls import free_reroll, suggest_free_rerolls

FACES = default_faces()
Y, YR = DiceType("yellow"), DiceType("yellow", True)


def brute_force(pool, faces=FACES):
    """Enumerate all 6^n faces, take the free rerolls (lowest below-mean dice of each colour, one
    per icon) and enumerate the rerolled faces too. Exact, exponential: small pools only."""
    dice = pool.dice
    icons = pool.free_reroll_icons()
    out = {}
    for first in itertools.product(range(6), repeat=len(dice)):
        values = [faces.successes(d.colour, f) for d, f in zip(dice, first)]
        chosen = []
        for colour, n in icons.items():
            total = sum(faces.faces_of(colour))
            low = [i for i, d in enumerate(dice) if d.colour == colour and values[i] * 6 < total]
            chosen += sorted(low, key=lambda i: values[i])[:n]
        kept = sum(v for i, v in enumerate(values) if i not in chosen)
        weight = Fraction(1, 6 ** (len(dice) + len(chosen)))
        for again in itertools.product(range(6), repeat=len(chosen)):
            s = kept + sum(faces.successes(dice[i].colour, f) for i, f in zip(chosen, again))
            out[s] = out.get(s, 0) + weight
    return [out.get(k, Fraction(0)) for k in range(max(out) + 1)]


def trimmed(dist):
    probs = list(dist.probabilities)
    while len(probs) > 1 and probs[-1] == 0:
        probs.pop()
    return probs


@pytest.mark.parametrize(
    "dice",
    [
        ["yellow"],
        ["yellow*"],
        ["red*", "red", "red*", "red"],
        ["yellow*", "yellow", "orange*", "black*"],
        ["white*", "white*", "white*"],
        ["black*", "black*", "black", "orange"],
        ["orange*", "orange*", "red*", "red"],
    ],
)
def test_VIII_B_exact_distribution_equals_brute_force_enumeration(dice):
    """VIII·B free rerolls taken optimally: the per-colour DP equals full enumeration exactly."""
    pool = Pool.of(*dice)
    assert trimmed(pool_distribution(pool, exact=True)) == brute_force(pool)


def test_VIII_B_exact_with_a_calibrated_table():
    faces = FACES.calibrate("red", [0, 0, 1, 1, 3, 4]).calibrate("yellow", [0, 1, 1, 1, 1, 1])
    pool = Pool.of("red*", "red*", "yellow*", "yellow")
    assert trimmed(pool_distribution(pool, faces, exact=True)) == brute_force(pool, faces)


def test_IX_D_pool_without_icons_is_a_plain_convolution():
    pool = Pool.of("yellow", "yellow")
    # yellow: P(0)=2/6, P(1)=3/6, P(2)=1/6
    d = pool_distribution(pool, exact=True)
    assert d.probabilities == (
        Fraction(4, 36), Fraction(12, 36), Fraction(13, 36), Fraction(6, 36), Fraction(1, 36),
    )
    assert pool_distribution(Pool(), exact=True).probabilities == (1,)


def test_IX_F_automatic_successes_and_hindering_floor_at_zero():
    """IX·F automatic successes are added; IX·K "Any result that would be negative is considered
    equal to zero"."""
    d = successes_distribution(Pool.of("yellow"), automatic=1, hindering=2, exact=True)
    # yellow 0,1 → 0 (floored); 2 → 1
    assert d.probabilities == (Fraction(5, 6), Fraction(1, 6))
    marks = successes_distribution(Pool.of("yellow"), conditional_automatic=2, exact=True)
    assert marks.probabilities == (Fraction(2, 6), 0, 0, Fraction(3, 6), Fraction(1, 6))


def test_VII_H_wounds_distribution_max_zero_attack_minus_defense():
    """VII·H: wounds = attacker successes − defender successes, never negative; Poison adds X
    when the defense is lower than the attack; Harmless makes them 0."""
    attack = successes_distribution(Pool.of("red", "red"), exact=True)
    defense = defense_distribution(Pool.of("white"), automatic=1, exact=True)
    w = wounds_distribution(attack, defense)
    expected = {}
    for a, pa in enumerate(attack.probabilities):
        for d, pd in enumerate(defense.probabilities):
            expected[max(0, a - d)] = expected.get(max(0, a - d), 0) + pa * pd
    assert trimmed(w) == trimmed(Distribution(tuple(expected.get(k, 0) for k in range(max(expected) + 1))))
    poisoned = wounds_distribution(attack, defense, poison=2)
    assert poisoned.probability(0) == w.probability(0)
    assert poisoned.probability(3) == w.probability(1)
    assert wounds_distribution(attack, defense, harmless=True).probabilities == (1,)


def test_V_C_3_probability_at_least_difficulty():
    d = successes_distribution(Pool.build([Y], 3), exact=True)
    assert probability_at_least(d, 0) == 1
    assert probability_at_least(d, 1) == 1 - Fraction(1, 27)
    assert probability_at_least(d, 7) == 0


def test_IX_I_cube_table_two_or_three_cubes():
    """"2 or 3 cubes?": each row is cubes × characteristic + bonus; with 1 yellow die per cube
    P(≥1) = 1 − (1/3)^cubes; expected wounds grow with the cubes."""
    defense = defense_distribution(Pool(), automatic=1)
    rows = cube_table([Y], 3, bonus=[], difficulty=1, defense=defense, target_life=1)
    assert [r.cubes for r in rows] == [1, 2, 3]
    assert [r.dice for r in rows] == [1, 2, 3]
    for row in rows:
        assert row.p_at_least == pytest.approx(1 - (1 / 3) ** row.cubes)
    assert rows[0].expected_wounds < rows[1].expected_wounds < rows[2].expected_wounds
    assert rows[2].p_neutralize == pytest.approx(wounds_distribution(
        successes_distribution(Pool.build([Y], 3)), defense).at_least(1))
    with pytest.raises(RuleRefused):
        cube_table([Y], 41)
    with pytest.raises(RuleRefused):
        cube_table([Y], 3, target_life=2)  # wounds need a defense


def test_IX_K_odds_inputs_validated():
    with pytest.raises(RuleRefused):
        successes_distribution(Pool.of("yellow"), automatic=-1)
    with pytest.raises(RuleRefused):
        successes_distribution("yellow")
    with pytest.raises(RuleRefused):
        Distribution((1.0,)).at_least(-1)


# --------------------------------------------------------------------------- properties

dice_types = st.builds(DiceType, st.sampled_from(COLOURS), st.booleans())


@settings(max_examples=150, deadline=None)
@given(st.lists(dice_types, max_size=14), st.integers(0, 4), st.integers(0, 4), st.integers(0, 5))
def test_IX_K_property_distribution_sums_to_one_never_negative(dice, automatic, conditional, hindering):
    """Distributions sum to 1, hold no negative probability, have no negative success value, and
    P(≥ d) never increases with d (IX·K)."""
    d = successes_distribution(
        Pool(tuple(dice)), automatic=automatic, conditional_automatic=conditional, hindering=hindering
    )
    assert sum(d.probabilities) == pytest.approx(1.0, abs=1e-9)
    assert all(p >= 0 for p in d.probabilities)
    assert d.at_least(0) == pytest.approx(1.0, abs=1e-9)
    tail = [d.at_least(k) for k in range(len(d.probabilities) + 2)]
    assert all(a >= b - 1e-12 for a, b in zip(tail, tail[1:]))


@settings(max_examples=60, deadline=None)
@given(st.lists(dice_types, max_size=6))
def test_VIII_B_property_exact_sum_is_exactly_one_and_rerolls_never_hurt(dice):
    pool = Pool(tuple(dice))
    with_rerolls = pool_distribution(pool, exact=True)
    without = pool_distribution(pool, free_rerolls=False, exact=True)
    assert sum(with_rerolls.probabilities) == 1
    assert with_rerolls.mean() >= without.mean()


@settings(max_examples=80, deadline=None)
@given(st.lists(dice_types, max_size=8), st.lists(dice_types, max_size=6), st.integers(0, 3))
def test_VII_H_property_wounds_sum_to_one(attack_dice, defense_dice, automatic):
    attack = successes_distribution(Pool(tuple(attack_dice)))
    defense = defense_distribution(Pool(tuple(defense_dice)), automatic=automatic)
    w = wounds_distribution(attack, defense)
    assert sum(w.probabilities) == pytest.approx(1.0, abs=1e-9)
    assert all(p >= 0 for p in w.probabilities)


@given(st.integers(0, 100), st.integers(0, 50), st.integers(0, 50), st.integers(0, 150))
def test_IX_K_property_net_successes_never_negative(symbols, add, add_if, subtract):
    assert skills.net_successes(symbols, add=add, add_if_success=add_if, subtract=subtract) >= 0


# --------------------------------------------------------------------------- Monte Carlo


def simulate(pool, trials, seed, automatic=0, hindering=0):
    """Monte Carlo of the same flow, written independently of `odds`: roll every die, then per
    colour reroll the lowest dice below that colour's mean, one per icon, each die once."""
    rng = random.Random(seed)
    dice = pool.dice
    n = len(dice)
    faces = [FACES.faces_of(d.colour) for d in dice]
    icons = pool.free_reroll_icons()
    groups = []
    for colour, k in icons.items():
        members = [i for i, d in enumerate(dice) if d.colour == colour]
        groups.append((members, k, sum(FACES.faces_of(colour)), FACES.faces_of(colour)))
    draws = rng.choices(range(6), k=n * trials)
    counts = {}
    for t in range(trials):
        values = [faces[i][draws[t * n + i]] for i in range(n)]
        for members, k, total, colour_faces in groups:
            low = sorted((values[i], i) for i in members if values[i] * 6 < total)
            for _, i in low[:k]:
                values[i] = colour_faces[rng.randrange(6)]
        s = max(0, sum(values) + automatic - hindering)
        counts[s] = counts.get(s, 0) + 1
    return {s: c / trials for s, c in counts.items()}


MC_POOLS = [
    (["yellow*", "yellow*", "yellow", "orange*", "orange", "red*", "red", "red",
      "black*", "black", "white*", "white"], 0, 0),
    (["red*", "red*", "red*", "red", "red"], 1, 0),
    (["orange*", "orange", "orange", "yellow*", "white*", "white*"], 0, 2),
]


@pytest.mark.long  # the exact enumeration is checked by brute force above
@pytest.mark.parametrize("dice, automatic, hindering", MC_POOLS)
def test_VIII_B_exact_odds_match_monte_carlo_200k(dice, automatic, hindering):
    """The exact distribution (free rerolls, automatic successes, hindering) agrees with a seeded
    Monte Carlo simulation of 200,000 trials within 0.5 percentage points on every P(= k) and
    P(≥ k)."""
    pool = Pool.of(*dice)
    exact = successes_distribution(pool, automatic=automatic, hindering=hindering)
    trials = 200_000
    sim = simulate(pool, trials, seed=20240601 + len(dice), automatic=automatic, hindering=hindering)
    top = max(len(exact.probabilities), max(sim) + 1)
    for k in range(top):
        assert abs(exact.probability(k) - sim.get(k, 0.0)) < 0.005, k
        sim_tail = sum(p for s, p in sim.items() if s >= k)
        assert abs(exact.at_least(k) - sim_tail) < 0.005, k


@pytest.mark.long  # the exact enumeration is checked by brute force above
def test_VII_H_expected_wounds_match_monte_carlo():
    """Wounds of a free-reroll attack against a defense with an automatic success: exact vs 200,000
    simulated fights, within 0.5 percentage points."""
    attack_pool = Pool.of("red*", "red", "orange*", "orange")
    defense_pool = Pool.of("yellow*", "white")
    exact = wounds_distribution(
        successes_distribution(attack_pool), defense_distribution(defense_pool, automatic=1)
    )
    trials = 200_000
    attack = simulate(attack_pool, trials, seed=11)
    defense = simulate(defense_pool, trials, seed=12, automatic=1)
    # independent simulated marginals combined (the two rolls are independent)
    sim = {}
    for a, pa in attack.items():
        for d, pd in defense.items():
            sim[max(0, a - d)] = sim.get(max(0, a - d), 0) + pa * pd
    for k in range(len(exact.probabilities)):
        assert abs(exact.probability(k) - sim.get(k, 0.0)) < 0.005


@pytest.mark.long  # the exact enumeration is checked by brute force above
def test_VIII_B_api_flow_roll_then_suggested_free_rerolls_matches_exact():
    """The same flow through the public API (`roll`, `suggest_free_rerolls`, `free_reroll`) with a
    seeded rng, 20,000 trials: within 1.5 percentage points (fewer trials, wider margin)."""
    pool = Pool.of("yellow*", "yellow", "orange*", "orange", "red*")
    exact = pool_distribution(pool)
    rng = random.Random(99)
    trials = 20_000
    counts = {}
    for _ in range(trials):
        result = roll(pool, FACES, rng)
        chosen = suggest_free_rerolls(result)
        if chosen:
            result = free_reroll(result, chosen, rng=rng).roll
        counts[result.successes] = counts.get(result.successes, 0) + 1
    for k in range(len(exact.probabilities)):
        assert abs(exact.probability(k) - counts.get(k, 0) / trials) < 0.015


def test_IX_F_adjust_equals_successes_distribution():
    pool = Pool.of("orange*", "red")
    base = pool_distribution(pool, exact=True)
    assert adjust(base, automatic=2, hindering=1) == successes_distribution(
        pool, automatic=2, hindering=1, exact=True
    )
