"""Time the exact odds against a Monte Carlo simulation of the same question.

Run from the repository root:  .venv/bin/python bench/odds_bench.py

For each pool: the exact distribution of successes after optimal free rerolls (games.bgcc.odds),
timed as the median of repeated runs with time.perf_counter, next to a seeded Monte Carlo
simulation of the same flow (roll, reroll the lowest below-mean dice of each colour, one per
icon). Brute-force enumeration is out of reach for these pools (6^12 ≈ 2.2e9 outcomes before
rerolls), so Monte Carlo is the comparison. Plain figures, no assertions.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.bgcc.dice import Pool, default_faces  # noqa: E402
from games.bgcc.odds import successes_distribution  # noqa: E402

FACES = default_faces()


def monte_carlo(pool: Pool, trials: int, seed: int) -> list[float]:
    rng = random.Random(seed)
    dice = pool.dice
    faces = [FACES.faces_of(d.colour) for d in dice]
    groups = []
    for colour, icons in pool.free_reroll_icons().items():
        members = [i for i, d in enumerate(dice) if d.colour == colour]
        groups.append((members, icons, sum(FACES.faces_of(colour)), FACES.faces_of(colour)))
    counts: dict[int, int] = {}
    for _ in range(trials):
        values = [f[rng.randrange(6)] for f in faces]
        for members, icons, total, colour_faces in groups:
            low = sorted((values[i], i) for i in members if values[i] * 6 < total)
            for _, i in low[:icons]:
                values[i] = colour_faces[rng.randrange(6)]
        s = sum(values)
        counts[s] = counts.get(s, 0) + 1
    top = max(counts)
    return [counts.get(k, 0) / trials for k in range(top + 1)]


def median_time(fn, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def bench(name: str, pool: Pool, difficulty: int, trials: int) -> None:
    icons = sum(pool.free_reroll_icons().values())
    exact_s = median_time(lambda: successes_distribution(pool), 101)
    mc_s = median_time(lambda: monte_carlo(pool, trials, 1), 3)
    exact = successes_distribution(pool)
    sim = monte_carlo(pool, trials, 1)
    worst = max(abs(exact.probability(k) - (sim[k] if k < len(sim) else 0.0))
                for k in range(max(len(sim), len(exact.probabilities))))
    sim_tail = sum(sim[difficulty:])
    print(f"{name}: {len(pool)} dice, {icons} free rerolls ({pool.describe()})")
    print(f"  exact odds        median {exact_s * 1000:9.3f} ms   P(>= {difficulty}) = {float(exact.at_least(difficulty)):.4f}")
    print(f"  Monte Carlo {trials:>6} median {mc_s * 1000:9.3f} ms   P(>= {difficulty}) = {sim_tail:.4f}"
          f"   max |P(=k) diff| = {worst * 100:.2f} pp")
    print(f"  ratio Monte Carlo / exact = {mc_s / exact_s:,.0f}x")


def main() -> None:
    twelve = Pool.of(
        "yellow*", "yellow", "yellow", "orange*", "orange", "orange",
        "red*", "red", "red", "black", "black", "white",
    )
    thirty = Pool.of(*(["white*", "yellow*", "orange*", "red*", "black*"] + ["white", "yellow", "orange", "red", "black"] * 5))
    thirty_red = Pool.of(*(["red*"] * 30))
    bench("12-die mixed pool", twelve, 15, 100_000)
    bench("30-die mixed pool", thirty, 36, 100_000)
    bench("30-die red pool, every die with its free reroll", thirty_red, 58, 100_000)


if __name__ == "__main__":
    main()
