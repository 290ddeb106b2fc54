"""The dice roll flow as table state: settings, the roll in progress, its commands (II, V·C, VI·D,
VII, VIII, IX, X).

A table keeps its dice settings (`DiceTable`): the mode ("server": the app rolls; "physical": the
players roll real dice and enter each die's face 0-5, or only the number of successes) and the
colours it calibrated against its own dice (six numbers each; the others keep the unverified
default of ``data/dice-faces.json``).

A roll goes through the steps of the rulebook, one command each, every phone seeing where it is:

1. `StartRoll` (an action: melee / ranged attack, complex manipulation / thought, by a hero or a
   character) or `StartFreeRoll` (a fall, dangerous terrain: yellow dice = level): the hero's cubes
   move to the action space (exertion limit), or the character's use counts against its action
   multiplier; the pool is built (characteristic × cubes + weapon / tools, elevation, Berserk).
2. `RollDice`: the app's faces, drawn from the `rng` the server passes to `engine.apply` (server
   mode), or the faces / success count the players read on their dice (physical mode only: a
   command giving an entered-dice field to a table whose app rolls is refused, `dice_rolled_by_app`).
3. `RerollDice`, zero or more times, in the order of VIII: skill rerolls (Luck, Support, Point
   blank), free rerolls, Misfortune, paid rerolls (one cube per die on the reroll space).
4. `EndRerolls`: the successes are counted (automatic successes, Martial arts / Marksman,
   hindering, deductions); a complex action is compared with its difficulty, a free pool wounds.
5. For an attack, `Defend`: the defender's cubes on their defense space × defense die + the
   automatic defense die, then `RollDice`, `RerollDice`, `EndRerolls` for the defense, and the
   wounds go through the engine's wound code.
6. When an attack's wounds are applied, the roll lists the free actions its skills offer (X, IX·G):
   Circular strike / Burst (a deferred attack with the remaining successes), Combo, Counterattack,
   Retaliation; `StartFollowUp` takes one at once, as a new roll that spends no cube.

Pools also follow Ambidexterity (two weapons' bonuses), Pushing limits (declared: wounds that count
as cubes spent) and Imaginary friend (a yellow die until an enemy's complex thought neutralizes it).

`AbandonRoll` drops a roll (what was spent stays spent). The arithmetic is the pure modules':
`dice` (pools, faces, rolls), `rerolls` (VIII), `skills` (X, XI) and `odds` (the odds endpoint) of
`games.bgcc`.
The rules stay pure: randomness comes in only as the caller's `rng` (a seeded `random.Random` in
tests); no command field can set what the app rolls.

The package, by concept: `state` (the roll as the table keeps it), `commands` (one per step, and
what may go on during a roll), `parties` (who rolls, their skills), `pools` (pool planning, the
target check), `start` (a roll begins or is abandoned), `rerolls` (rolling and rerolling),
`defense` (successes, defense, wounds), `follow_ups` (X, IX·G), `views` (what the phones draw) and
`odds_view` (the odds endpoint). The modules import each other in that order, never back.
"""
from __future__ import annotations

from .commands import (DICE_COMMANDS, ROLL_COMMANDS, AbandonRoll, CalibrateDice, Defend,
                       EndRerolls, RerollDice, RollDice, SetDiceMode, StartFollowUp, StartFreeRoll, StartRoll)
from .defense import defend, end_rerolls
from .follow_ups import earlier_targets, follow_up_possessor, follow_ups_now, start_follow_up
from .odds_view import odds
from .parties import Party, level, party, skill_levels
from .pools import (Plan, character_plan, check_action, check_target, dice_of, face_table, hero_plan, hindering_of,
                    martial_arts_or_marksman, usable_weapons)
from .rerolls import reroll_dice, roll_dice
from .start import abandon, calibrate, set_mode, start, start_free
from .state import (ACTIONS, ATTACKS, DECLARABLE, FOLLOW_UPS, FREE_CAUSES, MODES, REROLL_STEPS, STEP_TEXT, DiceRoll, DiceTable,
                    DieState, FollowUp, PoolState, RerollState, current, describe_action)
from .views import dice_view, faces_view, may_now

HANDLERS = {
    StartFollowUp: start_follow_up,
    SetDiceMode: set_mode,
    CalibrateDice: calibrate,
    StartRoll: start,
    StartFreeRoll: start_free,
    RollDice: roll_dice,
    RerollDice: reroll_dice,
    EndRerolls: end_rerolls,
    Defend: defend,
    AbandonRoll: abandon,
}

__all__ = [
    "ACTIONS", "ATTACKS", "DECLARABLE", "DICE_COMMANDS", "FOLLOW_UPS", "FREE_CAUSES", "HANDLERS",
    "MODES", "REROLL_STEPS", "ROLL_COMMANDS", "STEP_TEXT", "AbandonRoll", "CalibrateDice", "Defend", "DiceRoll", "DiceTable",
    "DieState", "EndRerolls", "FollowUp", "Party", "Plan", "PoolState", "RerollDice", "RerollState",
    "RollDice", "SetDiceMode", "StartFollowUp", "StartFreeRoll", "StartRoll", "character_plan", "check_action",
    "check_target", "current", "describe_action", "dice_of", "dice_view", "face_table",
    "earlier_targets", "faces_view", "follow_up_possessor", "follow_ups_now", "hero_plan", "hindering_of", "level",
    "martial_arts_or_marksman", "may_now", "odds", "party", "skill_levels", "usable_weapons",
]
