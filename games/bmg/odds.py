"""Exact odds before each roll, counted in integers (rolls out of 6^dice) and given as Fractions.
No sampling, and no enumeration of the 6^dice rolls: a preview's work stays small (bench/previews.py).

* `skill_pass` — SKILL ROLLS: N dice, keep two, sum ≤ skill (or > target's skill when opposed).
  The rolls are counted die by die by the two dice kept so far (at most 21 pairs), never enumerated.
* `attack` — an attack against one target: attack dice (rule of 1 and 6), the Strength die
  (critical on a natural 6), melee defense dice cancelling attack-die hits; the distribution of
  hits that stand, P(critical) and the expected markers (binomial counts, (n+1)·(d+1) products).
* `lead` — Take the Lead: P(each player wins the roll) with the pass bonus and the tie rule.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb

from .dice import attack_die_hits

SIXTH = Fraction(1, 6)


def skill_pass(dice: int, skill: int, opposed: bool = False) -> Fraction:
    """P(pass) of a skill roll of `dice` D6 against `skill` (the best two kept).

    Counted, not enumerated: the dice are read one by one, keeping only the two lowest (the two
    highest when opposed) so far and how many rolls lead there (at most 21 pairs), so the work is
    21 × 6 per die whatever the number of dice; exact (integer counts over 6^dice)."""
    if dice <= 0:
        return Fraction(0)
    best = max if opposed else min
    worst = min if opposed else max
    ways: dict[tuple, int] = {(): 1}  # the kept faces (up to two, sorted) → number of rolls
    for _ in range(dice):
        nxt: dict[tuple, int] = {}
        for kept, n in ways.items():
            for face in range(1, 7):
                if len(kept) < 2:
                    k = tuple(sorted(kept + (face,)))
                else:
                    k = kept if best(face, worst(kept)) == worst(kept) else \
                        tuple(sorted((best(kept), face)))
                nxt[k] = nxt.get(k, 0) + n
        ways = nxt
    passed = sum(n for kept, n in ways.items() if ((sum(kept) > skill) if opposed else (sum(kept) <= skill)))
    return Fraction(passed, 6 ** dice)


def attack_die_p(defense: int, modifier: int = 0) -> Fraction:
    """P(an attack die hits a target with this Defense), rule of 1 and 6 applied."""
    return sum((SIXTH for v in range(1, 7) if attack_die_hits(v, defense, modifier)), Fraction(0))


def strength_die_p(strength: int, heavy: bool = False) -> Fraction:
    """P(the Strength die hits): ≥ Strength after modifiers (Heavy +1); a natural 6 is a critical
    and always a hit."""
    bonus = 1 if heavy else 0
    return sum((SIXTH for v in range(1, 7) if v == 6 or v + bonus >= strength), Fraction(0))


def block_p(attacker_attacks: int) -> Fraction:
    """P(a defense die equals or beats the attacker's Attacks)."""
    return Fraction(max(0, 7 - max(1, attacker_attacks)), 6)


@dataclass(frozen=True)
class AttackOdds:
    hits: tuple[Fraction, ...]  # P(k hits stand), k = 0, 1, ...
    critical: Fraction
    expected_hits: Fraction

    def at_least(self, k: int) -> Fraction:
        return sum(self.hits[k:], Fraction(0))


def _faces(p: Fraction) -> int:
    """How many of a D6's six faces give a probability p (a multiple of 1/6)."""
    return int(p * 6)


def _counts(n: int, faces: int) -> list[int]:
    """Rolls of n D6 (of 6^n) with k dice on one of `faces` faces, k = 0..n."""
    return [comb(n, k) * faces ** k * (6 - faces) ** (n - k) for k in range(n + 1)]


def attack(attack_dice: int, defense: int, strength_die: bool, strength: int, heavy: bool = False,
           defense_dice: int = 0, attacker_attacks: int = 0, modifier: int = 0) -> AttackOdds:
    """Hits that stand against one target: attack-die hits minus blocks (never below 0), plus the
    Strength die's hit, which cannot be blocked. Counted in integers (rolls out of 6^dice), turned
    into Fractions once at the end."""
    hits = _counts(attack_dice, _faces(attack_die_p(defense, modifier)))
    blocks = _counts(defense_dice, _faces(block_p(attacker_attacks)))
    standing = [0] * (attack_dice + 1)
    for h, ph in enumerate(hits):
        for b, pb in enumerate(blocks):
            standing[max(0, h - b)] += ph * pb
    dice = attack_dice + defense_dice
    if strength_die:
        s = _faces(strength_die_p(strength, heavy))
        standing = [x * (6 - s) + (standing[k - 1] * s if k else 0) for k, x in enumerate(standing + [0])]
        dice += 1
    total = 6 ** dice
    probabilities = tuple(Fraction(x, total) for x in standing)
    expected = Fraction(sum(k * x for k, x in enumerate(standing)), total)
    return AttackOdds(probabilities, SIXTH if strength_die else Fraction(0), expected)


def lead(bonus: dict[str, int], tie_to: str | None) -> dict[str, Fraction]:
    """Take the Lead between players: each rolls 1D6 + bonus; highest wins; a tie goes to `tie_to`
    if it is among the tied, else the tied reroll (bonuses kept) until one wins.

    Counted by the best total and the set of players reaching it (each other player below it), not
    by enumerating 6^players rolls; the rerolls of each tied set are counted once (memoised)."""
    memo: dict[tuple, tuple[Fraction, ...]] = {}  # a rerolled contest by its bonuses, lowest first

    def contest(players: tuple, tie: str | None) -> dict[str, Fraction]:
        if tie is None:  # players with equal bonuses have equal chances: one count per set of bonuses
            players = tuple(sorted(players, key=lambda p: bonus[p]))
            key = tuple(bonus[p] for p in players)
            if key in memo:
                return dict(zip(players, memo[key]))
        ways_by: dict[tuple, int] = {}  # the set reaching the best total → rolls (integers over 6^n)
        for best in sorted({f + bonus[p] for p in players for f in range(1, 7)}):
            at = [p for p in players if 1 <= best - bonus[p] <= 6]  # may reach `best` exactly
            below = {p: min(6, max(0, best - bonus[p] - 1)) for p in players}
            rest = 1
            for p in players:
                if p not in at:
                    rest *= below[p]
            if not rest:
                continue
            for mask in range(1, 1 << len(at)):
                ways = rest
                for i, p in enumerate(at):
                    if not mask >> i & 1:
                        ways *= below[p]
                if ways:
                    tied = tuple(p for i, p in enumerate(at) if mask >> i & 1)
                    ways_by[tied] = ways_by.get(tied, 0) + ways
        wins = {p: Fraction(0) for p in players}
        again = Fraction(0)  # everyone tied: the same contest restarts
        for tied, ways in ways_by.items():
            chance = Fraction(ways, 6 ** len(players))
            if len(tied) == 1:
                wins[tied[0]] += chance
            elif tie in tied:
                wins[tie] += chance
            elif len(tied) == len(players):
                again += chance
            else:
                for p, q in contest(tied, None).items():
                    wins[p] += chance * q
        if again:
            wins = {p: w / (1 - again) for p, w in wins.items()}
        if tie is None:
            memo[key] = tuple(wins[p] for p in players)
        return wins

    return contest(tuple(bonus), tie_to)
