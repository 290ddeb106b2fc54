"""Exact odds (odds.py) against brute-force enumeration of every die face (small pools)."""
from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from games.bmg import dice, odds
from games.bmg.attacks import strength_hit


@pytest.mark.parametrize("n", [1, 2, 3, 4])
@pytest.mark.parametrize("skill", [3, 6, 8, 11])
def test_skill_pass_matches_enumeration(n, skill):
    """SKILL ROLLS: keep the best two; unopposed ≤ skill, opposed > target's skill."""
    rolls = list(product(range(1, 7), repeat=n))
    plain = Fraction(sum(dice.skill_roll(r, skill).passed for r in rolls), len(rolls))
    opposed = Fraction(sum(dice.opposed_roll(r, skill).passed for r in rolls), len(rolls))
    assert odds.skill_pass(n, skill) == plain
    assert odds.skill_pass(n, skill, opposed=True) == opposed


def test_c4_numbers():
    """C4's test model: Special 3 against Willpower 6; KO recovery with 2 dice against Endurance 6."""
    assert odds.skill_pass(3, 6) == Fraction(49, 72)
    assert odds.skill_pass(2, 6) == Fraction(15, 36)


@pytest.mark.parametrize("attack_dice,defense_dice,attacks,defense,strength,heavy", [
    (3, 3, 3, 3, 4, False), (2, 2, 5, 4, 5, True), (1, 0, 2, 6, 2, False), (0, 0, 3, 3, 4, False)])
def test_attack_matches_enumeration(attack_dice, defense_dice, attacks, defense, strength, heavy):
    """Hits that stand: attack dice (rule of 1 and 6) − blocks (floored at 0) + the Strength die."""
    counts: dict[int, int] = {}
    total = 0
    for a in product(range(1, 7), repeat=attack_dice):
        hits = sum(dice.attack_die_hits(v, defense) for v in a)
        for dfn in product(range(1, 7), repeat=defense_dice):
            blocks = min(hits, sum(v >= attacks for v in dfn))
            for s in range(1, 7):
                k = hits - blocks + strength_hit(s, strength, heavy)
                counts[k] = counts.get(k, 0) + 1
                total += 1
    got = odds.attack(attack_dice, defense, True, strength, heavy, defense_dice, attacks)
    for k, p in enumerate(got.hits):
        assert p == Fraction(counts.get(k, 0), total)
    assert got.critical == Fraction(1, 6)
    assert sum(got.hits) == 1


def test_lead_odds():
    """TAKE THE LEAD: equal dice, no bonus: even; a tie going to B with +2: B wins 5/6... exactly."""
    assert odds.lead({"a": 0, "b": 0}, None) == {"a": Fraction(1, 2), "b": Fraction(1, 2)}
    got = odds.lead({"a": 0, "b": 2}, "b")
    brute = Fraction(sum(1 for x, y in product(range(1, 7), repeat=2) if y + 2 >= x), 36)
    assert got["b"] == brute and got["a"] == 1 - brute


def test_odds_before_a_command_through_the_adapter():
    """The dice screen's odds for a command about to be sent (C5's melee and C4's roll)."""
    from .helpers import GAME, card, crew, table, to_execute
    cards = [card("att", rank="Leader", attacks=3, strength=4, special=3),
             card("def", rank="Leader", affiliation="B", defense=4)]
    t = to_execute(table(crew("att", name="A"), crew("def", name="B"), cards=cards))
    melee = GAME.command("melee_attack", {"model": "a.att", "weapon": "Unarmed", "shares": [
        {"target": "b.def", "dice": 3, "strength_die": True, "enemies_in_contact": 2}]})
    got = GAME.odds(t, melee, exact=True)["targets"][0]
    assert (got["defense"], got["defense_dice"], got["attack_dice"]) == (3, 3, 3)
    assert got["hits"] == list(odds.attack(3, 3, True, 4, False, 3, 3).hits)
    roll = GAME.command("skill_roll", {"model": "a.att", "skill": "willpower"})
    assert GAME.odds(t, roll, exact=True)["pass"] == Fraction(49, 72)
    assert isinstance(GAME.odds(t, roll)["pass"], float)
