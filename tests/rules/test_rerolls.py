"""The reroll protocol (VIII): skill rerolls, free rerolls, Misfortune, paid rerolls."""

import random

import pytest

from games.bgcc.dice import DiceType, Pool, counted_roll, physical_roll
from games.bgcc.errors import RuleRefused
from games.bgcc.rerolls import (
    free_reroll,
    free_rerolls_left,
    misfortune_reroll,
    paid_reroll,
    skill_reroll,
    skill_rerolls_left,
    suggest_free_rerolls,
)

Y, YR = DiceType("yellow"), DiceType("yellow", True)
O, OR = DiceType("orange"), DiceType("orange", True)
R = DiceType("red")


def base_roll():
    """Pool order: yellow+reroll, yellow, orange+reroll, orange, red.
    Faces: yellow 0 (0), yellow 0 (0), orange 0 (0), orange 4 (2), red 1 (1) → 3 successes."""
    pool = Pool.of(YR, Y, OR, O, R)
    return physical_roll(pool, None, [0, 0, 0, 4, 1])


# --------------------------------------------------------------------------- free rerolls


def test_VIII_B_free_reroll_one_die_of_the_icon_colour_per_icon():
    """VIII·B: "you may reroll one die of this color for every reroll icon (of the same color)
    you have" — any die of that colour, not only the one carrying the icon."""
    roll = base_roll()
    assert free_rerolls_left(roll) == {"yellow": 1, "orange": 1}
    result = free_reroll(roll, [1], new_faces=[5])  # the yellow die without the icon
    assert result.roll.dice[1].successes == 2
    assert result.roll.successes == 5
    assert free_rerolls_left(result.roll) == {"orange": 1}
    assert "Free reroll" in result.description and "3 → 5 successes" in result.description
    record = result.roll.rerolls[0]
    assert (record.step, record.source, record.index, record.face_before, record.face_after) == (
        "free", "yellow icon", 1, 0, 5,
    )
    with pytest.raises(RuleRefused) as refused:
        free_reroll(result.roll, [0], new_faces=[3])  # a second yellow: only one icon
    assert refused.value.rule == "VIII·B"


def test_VIII_B_free_reroll_once_per_die():
    """VIII·B: "A die can be rerolled for free only once."""
    pool = Pool.of(YR, YR, Y)
    roll = physical_roll(pool, None, [0, 0, 0])
    once = free_reroll(roll, [0], new_faces=[0]).roll
    with pytest.raises(RuleRefused) as refused:
        free_reroll(once, [0], new_faces=[5])
    assert refused.value.message == "A die can be rerolled for free only once"
    twice = free_reroll(once, [1], new_faces=[5]).roll  # the second icon on another die
    assert twice.successes == 2


def test_VIII_B_no_icon_of_that_colour_refused():
    roll = base_roll()
    with pytest.raises(RuleRefused) as refused:
        free_reroll(roll, [4], rng=random.Random(1))
    assert refused.value.message == "This pool has no free-reroll icon for red dice"


def test_VIII_B_suggested_free_rerolls_are_the_low_dice():
    roll = base_roll()
    # yellow mean 5/6: the 0s are below it; orange mean 7/6: the 0 is below, the 2 is not
    assert suggest_free_rerolls(roll) == (0, 2)


def test_VIII_A_indexes_validated():
    roll = base_roll()
    for bad in ([], [5], [-1], [0, 0], ["0"]):
        with pytest.raises(RuleRefused):
            free_reroll(roll, bad, rng=random.Random(1))
    with pytest.raises(RuleRefused):
        free_reroll(roll, [0])  # neither rng nor faces
    with pytest.raises(RuleRefused):
        free_reroll(roll, [0], rng=random.Random(1), new_faces=[1])  # both
    with pytest.raises(RuleRefused):
        free_reroll(roll, [0], new_faces=[6])


# --------------------------------------------------------------------------- skill rerolls


def test_X_Luck_rerolls_before_free_rerolls_same_die_repeatedly():
    """Luck: "at the start of the Free Rerolls step, and before any free rerolls are made, [the
    possessor] may perform [X] rerolls from the previously rolled pool. The same die can be
    rerolled several times."""
    roll = base_roll()
    first = skill_reroll(roll, "Luck", 2, [4], new_faces=[0])
    second = skill_reroll(first.roll, "Luck", 2, [4], new_faces=[5])  # the same red die again
    assert second.roll.dice[4].successes == 3
    assert second.roll.dice[4].times_rerolled == 2
    assert skill_rerolls_left(second.roll, "Luck", 2) == 0
    with pytest.raises(RuleRefused) as refused:
        skill_reroll(second.roll, "Luck", 2, [3], new_faces=[0])
    assert refused.value.rule == "X·Luck"
    # the die rerolled by Luck keeps its free reroll (Luck is not the icon's free reroll)
    assert not second.roll.dice[0].free_rerolled
    after_free = free_reroll(second.roll, [0], new_faces=[5]).roll
    # and no skill reroll after the free rerolls started
    with pytest.raises(RuleRefused) as refused:
        skill_reroll(after_free, "Support", 1, [1], new_faces=[0])
    assert refused.value.message == "Skill rerolls must come before the free rerolls"


def test_X_Support_and_Point_blank_count_separately():
    roll = base_roll()
    a = skill_reroll(roll, "Support", 1, [0], rng=random.Random(2)).roll
    b = skill_reroll(a, "Point blank", 1, [0], rng=random.Random(3)).roll
    assert [r.source for r in b.rerolls] == ["Support", "Point blank"]
    with pytest.raises(RuleRefused):
        skill_reroll(b, "Support", 1, [1], rng=random.Random(4))


def test_X_skill_reroll_unknown_skill_or_level_refused():
    roll = base_roll()
    with pytest.raises(RuleRefused):
        skill_reroll(roll, "Charm", 1, [0], rng=random.Random(1))
    with pytest.raises(RuleRefused):
        skill_reroll(roll, "Luck", 0, [0], rng=random.Random(1))


# --------------------------------------------------------------------------- Misfortune


def test_X_Misfortune_forces_rerolls_after_free_before_paid():
    """Misfortune: WHEN "at the beginning of the Declare the Paid Rerolls step"; EFFECT: forces
    [X] dice chosen by the possessor to be rerolled for free."""
    roll = base_roll()
    freed = free_reroll(roll, [0], new_faces=[5]).roll
    forced = misfortune_reroll(freed, 1, [3], new_faces=[0], possessor="Penguin")
    assert forced.roll.successes == freed.successes - 2
    assert forced.cubes == 0
    assert forced.roll.rerolls[-1].source == "Misfortune (Penguin)"
    with pytest.raises(RuleRefused):  # level 1: one die only
        misfortune_reroll(forced.roll, 1, [4], new_faces=[0], possessor="Penguin")
    with pytest.raises(RuleRefused) as refused:  # no free reroll after Misfortune
        free_reroll(forced.roll, [2], new_faces=[5])
    assert refused.value.message == "Free rerolls must come before the Misfortune"
    paid = paid_reroll(forced.roll, [3], reroll_space_room=1, new_faces=[5]).roll
    with pytest.raises(RuleRefused) as refused:  # Misfortune not after paid rerolls
        misfortune_reroll(paid, 1, [4], new_faces=[0], possessor="Joker")
    assert refused.value.message == "Misfortune must come before the paid rerolls"


def test_X_Misfortune_forces_different_dice():
    roll = base_roll()
    once = misfortune_reroll(roll, 2, [3], new_faces=[5]).roll
    with pytest.raises(RuleRefused):
        misfortune_reroll(once, 2, [3], new_faces=[0])


# --------------------------------------------------------------------------- paid rerolls


def test_VIII_D_paid_reroll_one_cube_per_die_within_exertion_limit():
    """VIII·D: "The player moves as many energy cubes as the number of dice they wish to reroll to
    the reroll space. The player cannot spend energy cubes on the reroll space if doing so would
    exceed its exertion limit."""
    roll = base_roll()
    first = paid_reroll(roll, [0, 1], reroll_space_room=2, exertion_limit=2, new_faces=[5, 0])
    assert first.cubes == 2
    assert first.roll.successes == 5
    with pytest.raises(RuleRefused) as refused:
        paid_reroll(first.roll, [1], reroll_space_room=0, exertion_limit=2, new_faces=[5])
    assert refused.value.message == "Reroll space is saturated: 2 of 2"
    assert refused.value.rule == "IX·I"
    with pytest.raises(RuleRefused) as refused:
        paid_reroll(roll, [0, 1, 2], reroll_space_room=2, exertion_limit=3, new_faces=[5, 5, 5])
    assert refused.value.message == (
        "Rerolling 3 dice needs 3 cubes but the reroll space takes only 2 more (1 of 3 already placed)"
    )


def test_VIII_C_paid_reroll_repeatable_and_may_reroll_free_rerolled_dice():
    """VIII·C: "These dice can come from the free rerolls carried out in the previous step";
    VIII·E: "If yes, they return to the Declare the Paid Rerolls step"."""
    roll = base_roll()
    freed = free_reroll(roll, [0], new_faces=[1]).roll
    one = paid_reroll(freed, [0], reroll_space_room=3, rng=random.Random(5)).roll
    two = paid_reroll(one, [0], reroll_space_room=2, rng=random.Random(6)).roll
    assert [r.step for r in two.rerolls] == ["free", "paid", "paid"]
    assert two.dice[0].times_rerolled == 3
    assert {r.index for r in two.rerolls} == {0}
    with pytest.raises(RuleRefused):
        paid_reroll(one, [0], reroll_space_room=-1, rng=random.Random(6))


def test_VIII_count_entry_cannot_be_rerolled_die_by_die():
    roll = counted_roll(Pool.of(Y, Y), None, 2)
    with pytest.raises(RuleRefused):
        free_reroll(roll, [0], rng=random.Random(1))
    with pytest.raises(RuleRefused):
        paid_reroll(roll, [0], reroll_space_room=1, rng=random.Random(1))


def test_VIII_rerolls_are_pure_the_original_roll_is_unchanged():
    roll = base_roll()
    free_reroll(roll, [0], new_faces=[5])
    assert roll.successes == 3 and roll.rerolls == ()
