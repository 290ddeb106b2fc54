"""Exact odds before each roll: enumeration of dice multisets and convolution of per-die
distributions, in Fractions. No sampling.

* `skill_pass` — SKILL ROLLS: N dice, keep two, sum ≤ skill (or > target's skill when opposed).
  The multisets of N dice (C(N+5, 5) of them) are enumerated with their multinomial weights.
* `attack` — an attack against one target: attack dice (rule of 1 and 6), the Strength die
  (critical on a natural 6), melee defense dice cancelling attack-die hits; the distribution of
  hits that stand, P(critical) and the expected markers.
* `lead` — Take the Lead: P(each player wins the roll) with the pass bonus and the tie rule.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations_with_replacement
from math import comb, factorial

from .dice import attack_die_hits

SIXTH = Fraction(1, 6)


def _multinomial(counts) -> int:
    n = sum(counts)
    out = factorial(n)
    for c in counts:
        out //= factorial(c)
    return out


def skill_pass(dice: int, skill: int, opposed: bool = False) -> Fraction:
    """P(pass) of a skill roll of `dice` D6 against `skill` (the best two kept)."""
    if dice <= 0:
        return Fraction(0)
    total = Fraction(0)
    for faces in combinations_with_replacement(range(1, 7), dice):
        kept = sorted(faces, reverse=opposed)[:2]
        s = sum(kept)
        if (s > skill) if opposed else (s <= skill):
            counts = [faces.count(f) for f in set(faces)]
            total += _multinomial(counts)
    return total / 6 ** dice


def binomial(n: int, p: Fraction) -> list[Fraction]:
    return [comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)]


def convolve(a: list[Fraction], b: list[Fraction]) -> list[Fraction]:
    out = [Fraction(0)] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


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


def attack(attack_dice: int, defense: int, strength_die: bool, strength: int, heavy: bool = False,
           defense_dice: int = 0, attacker_attacks: int = 0, modifier: int = 0) -> AttackOdds:
    """Hits that stand against one target: attack-die hits minus blocks (never below 0), plus the
    Strength die's hit, which cannot be blocked."""
    hits = binomial(attack_dice, attack_die_p(defense, modifier))
    blocks = binomial(defense_dice, block_p(attacker_attacks)) if defense_dice else [Fraction(1)]
    standing = [Fraction(0)] * (attack_dice + 1)
    for h, ph in enumerate(hits):
        for b, pb in enumerate(blocks):
            standing[max(0, h - b)] += ph * pb
    if strength_die:
        p = strength_die_p(strength, heavy)
        standing = convolve(standing, [1 - p, p])
    expected = sum((k * p for k, p in enumerate(standing)), Fraction(0))
    return AttackOdds(tuple(standing), SIXTH if strength_die else Fraction(0), expected)


def lead(bonus: dict[str, int], tie_to: str | None) -> dict[str, Fraction]:
    """Take the Lead between players: each rolls 1D6 + bonus; highest wins; a tie goes to `tie_to`
    if it is among the tied, else the tied reroll (bonuses kept) until one wins."""
    players = list(bonus)
    wins = {p: Fraction(0) for p in players}
    reroll = Fraction(0)
    reroll_between: dict[tuple, Fraction] = {}
    for faces in _product(len(players)):
        p = Fraction(1, 6 ** len(players))
        totals = {pl: f + bonus[pl] for pl, f in zip(players, faces)}
        best = max(totals.values())
        tied = tuple(pl for pl in players if totals[pl] == best)
        if len(tied) == 1:
            wins[tied[0]] += p
        elif tie_to in tied:
            wins[tie_to] += p
        else:
            reroll_between[tied] = reroll_between.get(tied, Fraction(0)) + p
    for tied, p in reroll_between.items():
        sub = lead({pl: bonus[pl] for pl in tied}, None) if len(tied) < len(players) else None
        if sub is None:  # everyone tied again: the same contest restarts, so scale
            reroll += p
            continue
        for pl, q in sub.items():
            wins[pl] += p * q
    if reroll:
        scale = 1 / (1 - reroll)
        wins = {pl: w * scale for pl, w in wins.items()}
    return wins


def _product(n: int):
    if n == 0:
        yield ()
        return
    for rest in _product(n - 1):
        for f in range(1, 7):
            yield rest + (f,)
