"""The roll's state as the table keeps it: the dice settings, the roll in progress, its pools and
the follow-ups it offers (II, VII, VIII, IX·D, X), with the words and rule sections of its steps."""
from __future__ import annotations

from dataclasses import dataclass, field

from games import PHYSICAL_DICE, SERVER_DICE

from .. import rerolls as rr
from .. import skills as sk
from ..definitions import Item
from ..dice import check_count
from ..errors import RuleRefused

MODES = (SERVER_DICE, PHYSICAL_DICE)  # the app rolls with the server's rng; the players enter real dice


ACTIONS = ("melee", "ranged", "manipulation", "thought")


ATTACKS = ("melee", "ranged")


FREE_CAUSES = ("fall", "dangerous_terrain", "gas")


DECLARABLE = ("Sneak attack", "Shackle", "Hacking", "Investigation", "Lock picking", "Munitions specialist",
              "Pushing limits")


FOLLOW_UPS = ("Circular strike", "Burst", "Combo", "Counterattack", "Retaliation")


DEFERRED = ("Circular strike", "Burst")


AT_THE_END = ("Combo", "Counterattack", "Retaliation")


FOLLOW_UP_ACTION = {"Circular strike": "melee", "Burst": "ranged", "Combo": "melee", "Counterattack": "melee",
                    "Retaliation": "ranged"}


FOLLOW_UP_WHEN = {
    "Circular strike": "during the Defending and Wounds step of a melee attack",
    "Burst": "during the Defending and Wounds step of a ranged attack",
    "Combo": "during the End the Melee Attack step",
    "Counterattack": "during the End the Melee Attack step",
    "Retaliation": "during the End the Ranged Attack step",
}


FREE_TEXT = {"Circular strike": "deferred attack (Circular strike)", "Burst": "deferred attack (Burst)",
             "Combo": "combo", "Counterattack": "counterattack", "Retaliation": "retaliation"}


CAN_TARGET = {
    "Circular strike": 'Circular strike uses the remaining successes "on [X] other miniatures" a melee attack '
                       'can target (V·C·1 [b])',
    "Burst": 'Burst uses the remaining successes "on [X] other miniatures they share a clear line of sight with"',
    "Combo": 'Combo is "a free melee attack ... against another miniature" a melee attack can target (V·C·1 [b])',
    "Counterattack": '"[the possessor] must be able to target the initial attacker with a melee attack"',
    "Retaliation": '"[the possessor] must be able to target the initial attacker with a ranged attack with a '
                   'weapon that does not have the disposable restriction"',
}


REROLL_STEPS = rr.STEPS


REROLL_RULE = {"skill": "VIII·A", "free": "VIII·B", "misfortune": "X·Misfortune", "paid": "VIII·C"}


MAX_ENTRY = 99


KIND = {"melee": sk.MELEE, "ranged": sk.RANGED, "manipulation": sk.COMPLEX_MANIPULATION,
        "thought": sk.COMPLEX_THOUGHT}


CUBE_RULE = {"melee": "V·C·1 [c]", "ranged": "V·C·2 [c]", "manipulation": "V·C·3 [a] ii",
             "thought": "V·C·4"}


POOL_RULE = {"melee": "V·C·1 [d]", "ranged": "V·C·2 [d]", "manipulation": "V·C·3 [a] iii",
             "thought": "V·C·4"}


CAUSE_TEXT = {"fall": "fall", "dangerous_terrain": "dangerous terrain", "gas": "gas (dangerous terrain)"}


CAUSE_RULE = {"fall": "V·C·5 [i]", "dangerous_terrain": "IX·Q", "gas": "IX·Q"}


@dataclass
class DieState:
    """One die of a rolled pool: its type, the face (0-5) it shows and the successes on it."""
    index: int
    colour: str
    free_reroll: bool = False
    face: int = 0
    successes: int = 0
    free_rerolled: bool = False
    times_rerolled: int = 0


@dataclass
class RerollState:
    """One die rerolled: the step of VIII, where the reroll came from, faces before and after."""
    step: str
    source: str
    index: int
    face_before: int
    face_after: int
    successes_before: int
    successes_after: int


@dataclass
class PoolState:
    """A pool of the roll (the action's or the defense's): the dice to roll, then what they show.

    `entry` is "" until rolled, then "rolled" (by the app), "physical" (faces entered) or "count"
    (only the number of successes entered: `counted`)."""
    dice_types: list[str] = field(default_factory=list)
    entry: str = ""
    dice: list[DieState] = field(default_factory=list)
    counted: int | None = None
    rerolls: list[RerollState] = field(default_factory=list)
    paid_cubes: int = 0
    shown: int | None = None  # successes shown by the dice, once rolled


@dataclass
class FollowUp:
    """A free action a skill offers when an attack ends (X, IX·G): who may take it (`hero` or
    `miniature`), the pool it would roll, or for a deferred attack (Burst, Circular strike) the
    remaining successes it carries; its target is the initial attacker (Counterattack, Retaliation)
    or another miniature the possessor chooses (no target here). `after` is the roll it follows."""
    skill: str
    level: int
    action: str
    name: str
    after: int
    hero: str | None = None
    miniature: str | None = None
    pool: list[str] = field(default_factory=list)
    successes: int | None = None
    target_hero: str | None = None
    target_miniature: str | None = None
    target: str = ""
    rule: str = ""
    text: str = ""


@dataclass
class DiceRoll:
    """The roll in progress (or the last one, once `step` is "done" or "abandoned").

    Steps: "roll" (the pool is built, waiting for the dice), "rerolls", then for an attack
    "defense" (the defender declares), "defense_roll", "defense_rerolls".

    A free action a skill gives (Combo, Counterattack, Retaliation, a deferred attack of Burst or
    Circular strike) is a roll whose `free_action` names the skill; `deferred_done` counts the
    deferred attacks made for the same initial attack and `chain_targets` its targets. When an
    attack ends, `remaining` holds its successes neither cancelled by the defense nor converted into
    wounds, `follow_ups` what the skills offer now (`pending`: offers of an earlier attack of the
    chain, kept past its deferred attacks) and `offered_at` the turn and step they were offered in."""
    id: int
    action: str  # melee | ranged | manipulation | thought | fall | dangerous_terrain | gas
    step: str
    actor: str
    hero: str | None = None
    miniature: str | None = None
    target_hero: str | None = None
    target_miniature: str | None = None
    defender: str = ""
    cubes: int = 0
    characteristic: int = 0
    weapon: str | None = None
    bonuses: list[str] = field(default_factory=list)
    difficulty: int | None = None
    hindering: int = 0
    automatic: int = 0
    conditional_automatic: int = 0
    conditional_source: str = ""
    penalty: int = 0
    defender_in_same_area: bool = False
    skills: dict[str, int] = field(default_factory=dict)
    declared: list[str] = field(default_factory=list)
    shackle: int = 0
    sacrifice_hero: str | None = None
    sacrifice_miniature: str | None = None
    sacrifice: int = 0
    poison: int = 0
    harmless: bool = False
    item: Item | None = None
    thrown: str | None = None
    mission_rule: str | None = None
    pool: PoolState = field(default_factory=PoolState)
    successes: int | None = None
    defense: PoolState | None = None
    defense_cubes: int = 0
    defense_automatic: int = 0
    defense_penalty: int = 0
    defense_bonuses: list[str] = field(default_factory=list)
    defense_successes: int | None = None
    wounds: int | None = None
    success: bool | None = None
    outcome: str = ""
    second_weapon: str | None = None
    pushed: int = 0
    friend_of: str | None = None
    free_action: str = ""
    deferred_done: int = 0
    chain_targets: list[str] = field(default_factory=list)
    remaining: int | None = None
    pending: list[FollowUp] = field(default_factory=list)
    follow_ups: list[FollowUp] = field(default_factory=list)
    offered_at: str = ""


@dataclass
class DiceTable:
    """A table's dice: the mode, the colours calibrated against its own dice, the roll in progress
    and the last finished one; the turn each hero last used Pushing limits in, and the possessors
    whose imaginary friend was neutralized."""
    mode: str = "server"
    calibrated: dict[str, list[int]] = field(default_factory=dict)
    roll: DiceRoll | None = None
    last: DiceRoll | None = None
    rolls: int = 0
    pushing_limits: dict[str, int] = field(default_factory=dict)
    friends_gone: list[str] = field(default_factory=list)


def check_entry(value, what: str, rule: str, maximum: int = MAX_ENTRY) -> int:
    return check_count(value, what, rule, maximum=maximum)


STEP_TEXT = {
    "roll": "waiting for the dice",
    "rerolls": "rerolls",
    "defense": "waiting for the defense",
    "defense_roll": "waiting for the defense dice",
    "defense_rerolls": "defense rerolls",
    "done": "done",
    "abandoned": "abandoned",
}


NEXT = {
    "roll": ["roll"],
    "rerolls": ["reroll", "end_rerolls"],
    "defense": ["defend"],
    "defense_roll": ["roll"],
    "defense_rerolls": ["reroll", "end_rerolls"],
}


def describe_action(roll: DiceRoll) -> str:
    if roll.action in ATTACKS:
        return f"{roll.action} attack"
    if roll.action in ACTIONS:
        return f"complex {roll.action}"
    return f"{CAUSE_TEXT[roll.action]} roll"


def current(table) -> DiceRoll:
    roll = table.dice.roll
    if roll is None:
        raise RuleRefused("VIII", "No roll in progress", "no_roll_in_progress")
    return roll


def finish(table, roll: DiceRoll, step: str = "done") -> None:
    roll.step = step
    table.dice.last = roll
    table.dice.roll = None
