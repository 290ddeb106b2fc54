"""Dice luck (issue 31, "After the game": successes rolled against the exact expectation the odds
engine computes for each roll), pure: a fixed set of rolls of each game, checked against the
expectation computed by hand from the dice faces (in the comments), and summed per roller over a
record's changes (`games.record.dice_luck`), an undone roll left out."""
from __future__ import annotations

from fractions import Fraction as F

import games
from games import record


def event(kind, **data):
    return {"kind": kind, "text": "", "rule": "", "data": data}


def luck_of(game: str, changes: list[list[dict]]) -> dict:
    entries = [{"version": v, "events": events} for v, events in enumerate(changes, start=1)]
    return record.dice_luck(record.story(entries), games.get(game).luck)


def test_chronicles_first_throws_against_the_mean_of_their_faces():
    """IX·F. Default faces (games/bgcc/data/dice-faces.json), successes per face:
    orange 0 1 1 1 2 2 → mean 7/6; red 0 1 1 2 2 3 → 9/6; black 0 1 2 2 3 3 → 11/6.
    Roll 1, Batman, orange (free-reroll icon: the first throw is before any reroll) + red:
        7/6 + 9/6 = 16/6 = 8/3 expected, 4 shown.
    Roll 2, Batman, one white die the table calibrated as 0 0 1 1 1 1: 4/6 = 2/3 expected, 0 shown.
    Roll 3, the Joker, black + black: 11/6 + 11/6 = 11/3 expected, 3 shown.
    Roll 4, the Joker, red, 3 shown, then undone: left out.
    Batman: 2 rolls, 4 shown against 8/3 + 2/3 = 10/3; the Joker: 1 roll, 3 against 11/3."""
    white = {"white": [0, 0, 1, 1, 1, 1]}
    changes = [
        [event("roll_started", roll=1), event("dice_rolled", roll=1, roller="Batman", successes=4,
                                              pool=["orange+reroll", "red"], faces={})],
        [event("dice_rolled", roll=2, roller="Batman", successes=0, pool=["white"], faces=white)],
        [event("dice_rolled", roll=3, roller="Joker", successes=3, pool=["black", "black"])],
        [event("dice_rolled", roll=4, roller="Joker", successes=3, pool=["red"])],
        [event("undo", restored=3, change=4)],
    ]
    assert luck_of("bgcc", changes) == {
        "Batman": {"rolls": 2, "rolled": 4, "expected": F(10, 3)},
        "Joker": {"rolls": 1, "rolled": 3, "expected": F(11, 3)},
    }


def test_miniature_game_attack_defense_and_skill_rolls():
    """THE RULE OF 1 AND 6, STRENGTH DICE, THE DEFENSE ROLL, SKILL ROLLS.
    An attack of player p1 against Defense 4: an attack die hits on 4, 5, 6 (a 1 never, a 6 always)
    = 3/6; 3 dice → 3/2. The Strength die against Strength 4 (not Heavy): 4, 5, 6 = 1/2. Expected
    3/2 + 1/2 = 2. Dice 2, 4, 6 → 2 hits; the Strength die shows 3 → no hit: 2 shown.
    p2's defense dice against the attacker's 3 Attacks: 3, 4, 5, 6 block = 4/6 = 2/3 each; 2 dice →
    4/3 expected; dice 5, 2 → 1 shown.
    A Skill roll of p1, 2 dice against Skill 6: the pairs summing to 6 or less are 1+1..1+5 (5),
    2+1..2+4 (4), 3+1..3+3 (3), 4+1, 4+2 (2), 5+1 (1) = 15 of 36 = 5/12; it passes: 1 shown.
    p1: 3 shown against 2 + 5/12 = 29/12; p2: 1 against 4/3."""
    changes = [
        [event("melee", model="p1-a"),
         event("attack", target="p2-a", attack_dice=[2, 4, 6], strength_die=3, defense_dice=[5, 2], defense=4,
               hits=2, blocks=1, strength_hit=False, attacker_player="p1", target_player="p2", strength=4,
               heavy=False, block_at=3)],
        [event("skill_roll", model="p1-a", player="p1", dice=[2, 3], target=6, against=None, passed=True)],
    ]
    assert luck_of("bmg", changes) == {
        "p1": {"rolls": 2, "rolled": 3, "expected": F(29, 12)},
        "p2": {"rolls": 1, "rolled": 1, "expected": F(4, 3)},
    }


def test_strategy_game_fight_chances():
    """FVV. The die's faces: Bat Emblem (0), Bat Emblem, 1, 1, 2, 2. The Joker entered the block
    (wins ties) with one Henchman (+1): totals 1 1 2 2 3 3; the Penguin: 0 0 1 1 2 2. The Joker wins
    when his total ≥ the Penguin's: total 1 (2 faces) against 4 faces, 2 (2 faces) against 6, 3 (2
    faces) against 6 = 8 + 12 + 12 = 32 of 36 = 8/9; the Penguin 4/36 = 1/9. The Joker rolls the
    Bat Emblem (1), the Penguin a 2 (2): the Penguin wins. Joker 0 against 8/9, Penguin 1 against 1/9."""
    changes = [[event("fight_result", block="A", dice={"joker": "bat", "penguin": 2},
                      totals={"joker": 1, "penguin": 2}, winner="penguin", attacker="joker",
                      faces=["bat", "bat", 1, 1, 2, 2])]]
    assert luck_of("gcsg", changes) == {
        "joker": {"rolls": 1, "rolled": 0, "expected": F(8, 9)},
        "penguin": {"rolls": 1, "rolled": 1, "expected": F(1, 9)},
    }


def test_rolls_recorded_before_their_odds_were_are_left_out():
    old = [[event("dice_rolled", roll=1, successes=2, pool=["red"])],  # no roller: recorded before
           [event("attack", target="x", attack_dice=[6], defense=4, hits=1)]]
    assert luck_of("bgcc", old) == {} and luck_of("bmg", old) == {}
