"""Dice, face tables, pools and rolls (II "Dice", IX·D, IX·E) and worked examples 1, 2, 3, 9."""

import json
import random
import secrets
from pathlib import Path

import pytest

from games.bgcc import skills
from games.bgcc.dice import (
    COLOURS,
    MAX_POOL,
    DiceType,
    FaceTable,
    Pool,
    counted_roll,
    default_faces,
    max_successes,
    physical_roll,
    roll,
)
from games.bgcc.errors import RuleRefused
from games.bgcc.rerolls import free_reroll, suggest_free_rerolls

Y, YR = DiceType("yellow"), DiceType("yellow", True)
O, W = DiceType("orange"), DiceType("white")
SHARED = Path(__file__).resolve().parents[3] / "shared" / "data" / "dice-faces.json"  # shared/ beside the repo
PACKAGE = Path(__file__).resolve().parents[2] / "games" / "bgcc" / "data" / "dice-faces.json"


# --------------------------------------------------------------------------- dice types


def test_IX_D_dice_type_is_colour_and_free_reroll_icon():
    assert DiceType("orange", True) != DiceType("orange")
    assert DiceType.parse("orange+reroll") == DiceType("orange", True)
    assert DiceType.parse("Orange*") == DiceType("orange", True)
    assert DiceType.parse("red") == DiceType("red", False)
    assert COLOURS == ("white", "yellow", "orange", "red", "black")


def test_IX_D_unknown_colour_refused():
    with pytest.raises(RuleRefused) as refused:
        DiceType("green")
    assert refused.value.rule == "IX·D"
    assert refused.value.message == "Unknown dice colour 'green'"
    with pytest.raises(RuleRefused):
        DiceType.parse("blue+reroll")


# --------------------------------------------------------------------------- face table


def test_II_dice_default_faces_loaded_from_package_data_unverified():
    faces = default_faces()
    data = json.loads(PACKAGE.read_text())
    assert faces.status == "unverified"
    for colour in COLOURS:
        assert faces.faces_of(colour) == tuple(data["faces"][colour])
        assert faces.colour_status(colour) == "unverified"
    if SHARED.exists():  # the package copy matches the shared default
        assert json.loads(SHARED.read_text())["faces"] == data["faces"]


def test_II_dice_calibrate_returns_new_table_and_keeps_the_old():
    faces = default_faces()
    red = faces.calibrate("red", [0, 0, 1, 2, 2, 3])
    assert red.faces_of("red") == (0, 0, 1, 2, 2, 3)
    assert faces.faces_of("red") == (0, 1, 1, 2, 2, 3)
    assert red.colour_status("red") == "calibrated"
    assert red.status == "unverified"  # four colours still unverified
    table = red
    for colour in COLOURS:
        table = table.calibrate(colour, table.faces_of(colour))
    assert table.status == "calibrated"


@pytest.mark.parametrize(
    "colour, six, message",
    [
        ("green", [0, 0, 0, 1, 1, 2], "Unknown dice colour 'green'"),
        ("red", [0, 1, 1, 2, 2], "The red die has 6 faces, not 5"),
        ("red", [0, 1, 1, 2, 2, 3, 3], "The red die has 6 faces, not 7"),
        ("red", [0, 1, 1, 2, 2, -1], "Successes on a red face cannot be negative (got -1)"),
        ("red", [0, 1, 1, 2, 2, 1.5], "Successes on a red face must be a whole number, not 1.5"),
        ("red", [0, 1, 1, 2, 2, 40], "Successes on a red face cannot be more than 6 (got 40)"),
    ],
)
def test_IX_D_calibration_refuses_absurd_faces(colour, six, message):
    with pytest.raises(RuleRefused) as refused:
        default_faces().calibrate(colour, six)
    assert refused.value.message == message


def test_IX_D_face_table_from_dict_validates():
    with pytest.raises(RuleRefused):
        FaceTable.from_dict({"faces": {"white": [0] * 6}})
    with pytest.raises(RuleRefused):
        FaceTable.from_dict({"status": "certain", "faces": {c: [0] * 6 for c in COLOURS}})
    with pytest.raises(RuleRefused):
        FaceTable.from_dict({"faces": {**{c: [0] * 6 for c in COLOURS}, "green": [0] * 6}})


# --------------------------------------------------------------------------- pools


def test_V_C_1_d_pool_is_cubes_times_characteristic_plus_bonus():
    """V·C·1 [d]: "as many dice indicated by their melee attack characteristic as the amount of
    cubes just spent"; [e]: weapon bonus dice are added."""
    pool = Pool.build([YR, Y], 3, [O])
    assert len(pool) == 7
    assert dict(pool.counts()) == {YR: 3, Y: 3, O: 1}
    assert pool.free_reroll_icons() == {"yellow": 3}
    assert pool.describe() == "3 yellow with free reroll + 3 yellow + 1 orange"
    assert Pool.of("orange", "yellow*") == Pool.of("yellow+reroll", "orange")  # a multiset


def test_IX_E_characteristic_without_dice_keeps_only_bonuses():
    """IX·E 3: "No dice are added during the Create the Dice Pool step. However, the miniature can
    benefit from bonuses"."""
    assert Pool.build([], 3, [Y]) == Pool.of(Y)


@pytest.mark.parametrize("cubes", [-1, 1.5, True])
def test_IX_C_negative_or_fractional_cubes_refused(cubes):
    with pytest.raises(RuleRefused):
        Pool.build([Y], cubes)


def test_IX_D_pool_holds_at_most_40_dice():
    Pool.build([Y], MAX_POOL)
    with pytest.raises(RuleRefused) as refused:
        Pool.build([Y, O], 20, [W])
    assert refused.value.message == "A pool holds at most 40 dice"
    with pytest.raises(RuleRefused):
        Pool.of(*[Y] * 41)


# --------------------------------------------------------------------------- rolls


def test_V_C_1_f_roll_records_every_die_face_and_successes():
    faces = default_faces()
    pool = Pool.build([YR, Y], 2, [O])
    result = roll(pool, faces, random.Random(7))
    assert [d.index for d in result.dice] == list(range(5))
    for die, dice_type in zip(result.dice, pool.dice):
        assert die.dice_type == dice_type
        assert 0 <= die.face <= 5
        assert die.successes == faces.successes(dice_type.colour, die.face)
    assert result.successes == sum(d.successes for d in result.dice)
    record = result.as_record()
    assert [d["face"] for d in record["dice"]] == list(result.face_indexes)
    assert record["faces_status"] == "unverified"


def test_V_C_1_f_roll_is_reproducible_with_a_seeded_rng_and_accepts_choice_only():
    pool = Pool.build([O], 6)
    assert roll(pool, None, random.Random(3)) == roll(pool, None, random.Random(3))

    class ChoiceOnly:
        def __init__(self):
            self.rng = random.Random(1)

        def choice(self, seq):
            return self.rng.choice(seq)

    assert len(roll(pool, None, ChoiceOnly()).dice) == 6


def test_IX_D_physical_roll_validates_faces():
    pool = Pool.build([Y], 3)
    result = physical_roll(pool, None, [0, 2, 5])
    assert result.successes == 0 + 1 + 2
    assert result.entry == "physical"
    for bad, message in [
        ([0, 2], "Enter one face per die: 3 expected, 2 given"),
        ([0, 2, 6], "A die has faces 0 to 5, not 6"),
        ([0, 2, -1], "A die has faces 0 to 5, not -1"),
        ([0, 2, "3"], "A die has faces 0 to 5, not '3'"),
    ]:
        with pytest.raises(RuleRefused) as refused:
            physical_roll(pool, None, bad)
        assert refused.value.message == message


def test_IX_D_count_only_entry_validated_against_faces():
    pool = Pool.build([Y], 3)
    assert max_successes(pool) == 6
    result = counted_roll(pool, None, 4)
    assert result.successes == 4 and result.entry == "count" and result.pool == pool
    with pytest.raises(RuleRefused):
        counted_roll(pool, None, 7)
    with pytest.raises(RuleRefused):
        counted_roll(pool, None, -1)


def test_II_dice_chi_square_each_colour_uniform_faces_with_system_random():
    """II "Dice": each colour rolled ≥ 60,000 times through `roll()` with `secrets.SystemRandom()`;
    the faces drawn fit the uniform distribution over the six faces (chi-square, 5 degrees of
    freedom, critical value 35.888 at p = 1e-6 so that a fair RNG fails about once in 200,000
    runs), and every die shows the configured successes of its face."""
    rng = secrets.SystemRandom()
    faces = default_faces()
    for colour in COLOURS:
        counts = _face_counts(colour, faces, rng)
        assert _chi_square(counts) < CHI_SQUARE_CRITICAL, (colour, counts)


def test_II_dice_chi_square_rejects_a_biased_rng():
    """The same test refuses dice that favour a face: here face 6 never comes up."""
    class NoSixes:
        def __init__(self):
            self.inner = secrets.SystemRandom()

        def randrange(self, n):
            return self.inner.randrange(n - 1) if n == 6 else self.inner.randrange(n)

        def choice(self, seq):
            return seq[self.randrange(len(seq))]

    counts = _face_counts("red", default_faces(), NoSixes())
    assert _chi_square(counts) > CHI_SQUARE_CRITICAL


CHI_SQUARE_CRITICAL = 35.888  # 5 degrees of freedom, p = 1e-6


def _chi_square(counts):
    expected = sum(counts) / 6
    return sum((c - expected) ** 2 / expected for c in counts)


def _face_counts(colour, faces, rng):
    """Faces drawn by 1,500 rolls of 40 dice (60,000 dice) through `roll()`."""
    pool = Pool.build([DiceType(colour)], MAX_POOL)
    counts = [0] * 6
    for _ in range(1500):
        for die in roll(pool, faces, rng).dice:
            counts[die.face] += 1
            assert die.successes == faces.faces_of(colour)[die.face]
    assert sum(counts) >= 60_000
    return counts


# --------------------------------------------------------------------------- worked examples


def test_worked_example_1_V_C_1_gordon_melee_attack():
    """Worked example 1 (FIG. 10-15). Board values chosen (the rulebook leaves them open):
    Gordon's melee characteristic 1 orange die, tonfa bonus +1 yellow die, no free-reroll icon.
    Faces chosen with the default table, in pool order (yellow before orange): yellow face 0 (0),
    orange face 4 (2 successes), orange face 1 (1) → 3 successes; melee is never hindered (a hindering of 2 in the area is ignored).
    The villain spends 0 defense cubes; the Thug's automatic defense is 1 success. Wounds 2."""
    pool = Pool.build([O], 2, [Y])  # 2 cubes × orange + tonfa yellow
    attack_roll = physical_roll(pool, None, [0, 4, 1])
    assert suggest_free_rerolls(attack_roll) == ()  # "No dice can be rerolled for free"
    attack = skills.successes(attack_roll.successes, 0, 2, skills.MELEE)
    assert attack == 3
    defense_pool = skills.defense_pool(0, None)
    assert len(defense_pool) == 0
    defense = skills.defense_successes(physical_roll(defense_pool, None, []).successes, 1)
    assert defense == 1
    assert skills.wounds(attack, defense) == 2  # the Thug has 1 life point: neutralized


def test_worked_example_2_V_C_2_batman_ranged_attack_with_free_reroll():
    """Worked example 2 (FIG. 16-22). Chosen: Batman's ranged characteristic 1 orange die; the
    batarangs add 1 yellow die with the free-reroll icon. Faces in pool order: yellow 0 (0),
    orange 4 (2), orange 0 (0) = 2; the free reroll of the yellow die shows face 2 (1 success) → 3.
    Hindering 0: the Brute's menace (1) is matched by Gordon's (1) in the area.
    The Brute's automatic defense is 2, no cubes: 1 wound."""
    pool = Pool.build([O], 2, [YR])
    first = physical_roll(pool, None, [0, 4, 0])
    yellow = [d.index for d in first.dice if d.dice_type == YR]
    assert first.successes == 2
    assert suggest_free_rerolls(first) == tuple(yellow)
    after = free_reroll(first, yellow, new_faces=[2]).roll
    hindering = skills.hindering_index([1], [1])
    assert hindering == 0
    attack = skills.successes(after.successes, 0, hindering, skills.RANGED)
    assert attack == 3
    assert skills.wounds(attack, skills.defense_successes(0, 2)) == 1


def test_worked_example_3_V_C_3_safe_complex_manipulation():
    """Worked example 3 (FIG. 23-27). Chosen: Batman's manipulation characteristic 1 yellow die,
    no tool. 3 cubes; faces 2, 3, 4 (1 success each) → 3 successes; no enemy in the area so
    hindering 0; 3 ≥ difficulty 3: success."""
    pool = Pool.build([Y], 3)
    result = physical_roll(pool, None, [2, 3, 4])
    hindering = skills.hindering_index([], [])
    total = skills.successes(result.successes, 0, hindering, skills.COMPLEX_MANIPULATION)
    assert total == 3
    assert skills.complex_action_succeeds(total, 3)
    assert not skills.complex_action_succeeds(2, 3)


def test_worked_example_9_VI_C_killer_croc_action_multiplier():
    """Worked example 9 (FIG. 56-57). Killer Croc's melee characteristic "1 yellow die with reroll
    + 1 yellow die, ×4": up to 4 attacks, each with that pool. Chosen values: Batman defends with
    0 cubes and an automatic defense white die; Renee likewise. Faces chosen so the three attacks
    on Batman inflict 2 + 1 + 1 = 4 wounds and the one on Renee 2 wounds."""
    characteristic = [YR, Y]
    multiplier = 4

    def attack(faces, reroll_face=None):
        result = physical_roll(Pool.build(characteristic, 1), None, faces)
        if reroll_face is not None:
            result = free_reroll(result, [0], new_faces=[reroll_face]).roll
        return skills.successes(result.successes, action_kind=skills.MELEE)

    def defend(face):
        result = physical_roll(skills.defense_pool(0, None, W), None, [face])
        return skills.defense_successes(result.successes)

    # (Croc's faces [yellow+reroll, yellow], free reroll face or None, defender's white face)
    batman = [
        ([5, 2], None, 3),  # 2 + 1 = 3 vs 1 → 2 wounds
        ([0, 5], 3, 5),  # 0 rerolled for free → 1, + 2 = 3 vs 2 → 1 wound
        ([2, 0], None, 0),  # 1 + 0 = 1 vs 0 → 1 wound
    ]
    renee = [([5, 4], None, 4)]  # 2 + 1 = 3 vs 1 → 2 wounds
    on_batman = [skills.wounds(attack(f, r), defend(d)) for f, r, d in batman]
    on_renee = [skills.wounds(attack(f, r), defend(d)) for f, r, d in renee]
    assert len(batman) + len(renee) <= multiplier
    assert on_batman == [2, 1, 1] and sum(on_batman) == 4
    assert on_renee == [2]
