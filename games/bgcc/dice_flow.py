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
2. `RollDice`: the app's faces (drawn outside the rules and passed in, consumed in order) or the
   faces / success count the players read on their dice.
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
`dice` (pools, faces, rolls), `rerolls` (VIII), `skills` (X, XI) and `odds` (the odds endpoint).
The rules stay deterministic: randomness comes in from outside as pre-drawn faces.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass, field

from . import command_post as cp
from . import hero_board as hb
from . import odds as od
from . import rerolls as rr
from . import skills as sk
from . import tiles
from .definitions import Bonus, Dice, Item
from .dice import (
    COLOURS,
    FACES_PER_DIE,
    MAX_POOL,
    DiceType,
    DieResult,
    FaceTable,
    Pool,
    RerollRecord,
    Roll,
    check_colour,
    check_count,
    counted_roll,
    default_faces,
    physical_roll,
)
from .dice import roll as roll_pool
from .errors import RuleRefused

MODES = ("server", "physical")
ACTIONS = ("melee", "ranged", "manipulation", "thought")
ATTACKS = ("melee", "ranged")
FREE_CAUSES = ("fall", "dangerous_terrain", "gas")
DECLARABLE = ("Sneak attack", "Shackle", "Hacking", "Investigation", "Lock picking", "Munitions specialist",
              "Pushing limits")
# the free actions a skill offers when an attack ends (X, IX·G), in the order of the attack's steps:
# the deferred attacks during the Defending and Wounds step, the others at the End the Attack step
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


# ================================================================== state


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


# ================================================================== commands


@dataclass(frozen=True)
class SetDiceMode:
    """Roll on the server, or enter what real dice show ("physical")."""
    mode: str


@dataclass(frozen=True)
class CalibrateDice:
    """Set the six faces of a colour as read on the table's own dice; `faces=None` goes back to
    the default."""
    colour: str
    faces: list[int] | None = None


@dataclass(frozen=True)
class StartRoll:
    """Declare an action that rolls dice: spend the cubes (hero) or count the use (character),
    build the pool. See the module docstring."""
    action: str
    hero: str | None = None
    miniature: str | None = None
    cubes: int = 0
    characteristic: int = 0
    weapon: str | None = None
    elevation: bool = False
    target_hero: str | None = None
    target_miniature: str | None = None
    difficulty: int | None = None
    hindering: int | None = None
    enemy_menace: list[int] | None = None
    ally_menace: list[int] | None = None
    defender_in_same_area: bool = False
    declare: list[str] = field(default_factory=list)
    sacrifice_hero: str | None = None
    sacrifice_miniature: str | None = None
    sacrifice_same_area: bool = False
    shackle_tokens: int = 0
    snoot_tokens: int = 0
    smoke_tokens: int = 0
    item: Item | None = None
    second_weapon: str | None = None
    friend_hero: str | None = None
    friend_miniature: str | None = None
    friend_same_area: bool = False


@dataclass(frozen=True)
class StartFollowUp:
    """Take a free action a skill offers now that an attack has ended (X, IX·G): `skill` is Combo,
    Counterattack, Retaliation, Burst or Circular strike. Counterattack and Retaliation target the
    initial attacker; the others name another miniature. `can_target`: the possessor can target it
    (same area, line of sight: the app does not know the board). No cube is spent; a resting hero
    may take it (V·B·3 [b]). A deferred attack goes straight to the defense with the remaining
    successes; the others roll their pool."""
    skill: str
    target_hero: str | None = None
    target_miniature: str | None = None
    can_target: bool = True
    hindering: int | None = None
    enemy_menace: list[int] | None = None
    ally_menace: list[int] | None = None
    defender_in_same_area: bool = False


@dataclass(frozen=True)
class StartFreeRoll:
    """A pool no action spends for: a fall (V·C·5 [i]) or dangerous terrain (IX·Q), `level`
    yellow dice, wounds = successes."""
    cause: str
    level: int
    hero: str | None = None
    miniature: str | None = None


@dataclass(frozen=True)
class RollDice:
    """Roll the pool waiting for its dice: `drawn` are the app's faces (server mode, consumed in
    order); `faces` (one per die, 0-5) or `successes` are what the players read (physical mode)."""
    faces: list[int] | None = None
    successes: int | None = None
    drawn: list[int] | None = None


@dataclass(frozen=True)
class RerollDice:
    """One reroll step of VIII on the current pool: `step` is skill (`skill` Luck / Support /
    Point blank), free, misfortune or paid; `dice` are die indexes. Support and Misfortune name
    their possessor and whether they are in the same area."""
    step: str
    dice: list[int]
    skill: str | None = None
    possessor_hero: str | None = None
    possessor_miniature: str | None = None
    same_area: bool = False
    faces: list[int] | None = None
    drawn: list[int] | None = None


@dataclass(frozen=True)
class EndRerolls:
    """End the rerolls (VIII·F) and calculate the number of successes."""


@dataclass(frozen=True)
class Defend:
    """The defender's defense (VII): cubes on their defense space, Body guard from an ally."""
    cubes: int = 0
    body_guard_hero: str | None = None
    body_guard_miniature: str | None = None
    body_guard_same_area: bool = False
    shackle_tokens: int = 0
    snoot_tokens: int = 0


@dataclass(frozen=True)
class AbandonRoll:
    """Drop the roll in progress; cubes spent stay spent."""


DICE_COMMANDS = (SetDiceMode, CalibrateDice, StartRoll, StartFreeRoll, RollDice, RerollDice, EndRerolls,
                 Defend, AbandonRoll, StartFollowUp)
ROLL_COMMANDS = (RollDice, RerollDice, EndRerolls, Defend, AbandonRoll)


# ================================================================== faces


def face_table(dice_table: DiceTable) -> FaceTable:
    """The default faces, with each colour the table calibrated replaced by its six numbers."""
    faces = default_faces()
    for colour in COLOURS:
        if colour in dice_table.calibrated:
            faces = faces.calibrate(colour, dice_table.calibrated[colour])
    return faces


def dice_of(dice: list[Dice]) -> list[DiceType]:
    """Printed dice (colour, count, free-reroll icon) as one dice type per die."""
    out: list[DiceType] = []
    for d in dice:
        out += [DiceType(d.colour, d.free_reroll)] * d.count
    return out


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 'es' if word.endswith('s') else 's'}"


def _count(value, what: str, rule: str, maximum: int = MAX_ENTRY) -> int:
    return check_count(value, what, rule, maximum=maximum)


# ================================================================== who rolls


@dataclass
class Party:
    """A hero or a character taking part in a roll."""
    id: str
    name: str
    side: str
    hero: hb.Hero | None = None
    post: cp.CommandPost | None = None
    tile: tiles.Tile | None = None
    mini: tiles.Miniature | None = None

    @property
    def trait(self) -> str:
        trait = self.hero.board.trait if self.hero else self.tile.profile(self.mini).trait
        return (trait or "").strip().lower()


def party(table, hero_id: str | None, miniature_id: str | None) -> Party:
    if hero_id is not None:
        hero = table.hero(hero_id)
        return Party(hero.id, hero.name, "heroes", hero=hero)
    post, tile, mini = table.find_miniature(miniature_id)
    return Party(mini.id, tiles.miniature_label(tile, mini), tile.definition.side, post=post, tile=tile,
                 mini=mini)


def _one(hero, miniature, what: str) -> None:
    if (hero is None) == (miniature is None):
        raise RuleRefused("IV", f"{what}: name either a hero or a miniature")


def _usable(hero: hb.Hero, item: Item) -> bool:
    """V·D 5: only the named hero benefits from a restricted item; Moral code forbids lethal items."""
    moral_code = (hero.board.trait or "").strip().lower() == "moral code"
    allowed = not moral_code or sk.moral_code_allows(item.moral_code_forbidden)
    return item.restricted_to in (None, hero.name) and allowed


def _carried(hero: hb.Hero) -> list[Item]:
    return [*hero.equipment, *hero.gadgets]


def _add(levels: dict[str, int], name: str, level: int) -> None:
    key = name.strip().lower()
    levels[key] = min(sk.MAX_LEVEL, levels.get(key, 0) + level)


def skill_levels(p: Party, applied: list[Bonus] = ()) -> dict[str, int]:
    """The skills a party can use now, by lower-case name: a hero's board skills within their
    encumbrance limit (V·D·1), + skills from permanent item bonus lines and the bonus lines applied
    to this roll (V·D 6.4: "the skill level of the card is added"); a character's printed skills.
    A neutralized miniature has none (X)."""
    levels: dict[str, int] = {}
    if p.hero is not None:
        hero = p.hero
        if hero.neutralized:
            return {}
        for s in hero.board.skills:
            if hb.skill_applies(hero, s):
                _add(levels, s.name, s.level)
        lines = [b for i in _carried(hero) if _usable(hero, i) for b in i.bonuses if b.when == "permanent"]
        for b in [*lines, *applied]:
            if b.skill is not None and hb.skill_applies(hero, b.skill):
                _add(levels, b.skill.name, b.skill.level)
        return levels
    if p.mini.place != "board":
        return {}
    for s in p.tile.profile(p.mini).skills:
        _add(levels, s.name, s.level)
    return levels


def level(levels: dict[str, int], name: str) -> int:
    return levels.get(name.lower(), 0)


def _lacks(p: Party, skill: str) -> RuleRefused:
    return RuleRefused(f"X·{skill}", f"{p.name} does not have {skill} (or cannot use it now)")


def _down(p: Party) -> bool:
    """Neutralized: a hero with every cube in the wound zone, a character off the board (IX·B)."""
    return p.hero.neutralized if p.hero is not None else p.mini.place != "board"


def _life(p: Party) -> int:
    """Wounds a party can still suffer: a hero's cubes outside the wound zone, a character's life
    points."""
    if p.hero is not None:
        return p.hero.board.energy - p.hero.wound
    return p.mini.life_points if p.mini.place == "board" else 0


def _unusable(p: Party, skill: str) -> RuleRefused:
    """Why `p` cannot use `skill` now: neutralized (X), over the skill's encumbrance limit (V·D·1),
    or without it."""
    if _down(p):
        return RuleRefused("X", f"{p.name} is neutralized: a neutralized miniature cannot use their skills")
    if p.hero is not None:
        for s in p.hero.board.skills:
            if s.name.lower() == skill.lower() and not hb.skill_applies(p.hero, s):
                return RuleRefused("V·D·1", f"{p.name}'s encumbrance total is {p.hero.encumbrance}: {skill} works "
                                            f"only while it is lower than {s.encumbrance_limit}")
    return _lacks(p, skill)


def _friend_die(table, p: Party, levels: dict[str, int]) -> list[DiceType]:
    """Imaginary friend: "As long as the imaginary friend is present on the board, [the possessor]
    gains an additional yellow die for each of their actions" (until an enemy's complex thought
    neutralizes it)."""
    if level(levels, "Imaginary friend") and p.id not in table.dice.friends_gone:
        return [DiceType("yellow")]
    return []


def _berserk_dice(p: Party, levels: dict[str, int]) -> list[DiceType]:
    """Berserk's white dice on a melee attack pool (see `hero_plan`, `character_plan`)."""
    have = level(levels, "Berserk")
    if not have:
        return []
    if p.hero is not None:
        white = sk.berserk_white_dice(have, action_kind=sk.MELEE, energy=p.hero.board.energy,
                                      wound_cubes=p.hero.wound)
    else:
        profile = p.tile.profile(p.mini)
        white = sk.berserk_white_dice(have, action_kind=sk.MELEE, life_points=profile.life_points,
                                      life_points_lost=profile.life_points - p.mini.life_points)
    return [DiceType("white")] * white


# ================================================================== pools


@dataclass
class Plan:
    """How a pool is made: cubes × characteristic + bonus dice, automatic successes, and why."""
    characteristic: tuple[DiceType, ...]
    cubes: int
    bonus: list[DiceType] = field(default_factory=list)
    automatic: int = 0
    notes: list[str] = field(default_factory=list)
    applied: list[Bonus] = field(default_factory=list)
    used_items: list[Item] = field(default_factory=list)
    skills: dict[str, int] = field(default_factory=dict)
    weapon: str | None = None
    second_weapon: str | None = None

    @property
    def pool(self) -> Pool:
        return Pool.build(self.characteristic, self.cubes, tuple(self.bonus))


def _apply_line(plan: Plan, item: Item, line: Bonus) -> None:
    dice = dice_of(line.dice)
    plan.bonus += dice
    plan.automatic += line.automatic_successes
    plan.applied.append(line)
    plan.used_items.append(item)
    parts = []
    if dice:
        parts.append("+" + Pool(tuple(dice)).describe())
    if line.automatic_successes:
        parts.append(f"+{_plural(line.automatic_successes, 'automatic success')}")
    if line.skill is not None:
        parts.append(f"{line.skill.name} {line.skill.level}")
    plan.notes.append(f"{item.name}: {', '.join(parts) or 'no bonus'}")


def _choose_weapon(hero: hb.Hero, action: str, name: str | None) -> Item | None:
    kind = f"{action} weapon"
    if name is not None:
        item = next((i for i in _carried(hero) if i.name == name), None)
        if item is None:
            raise RuleRefused("V·D", f"{hero.name} carries no {name}")
        if item.type != kind:
            raise RuleRefused("V·D 4", f"{item.name} is not a {kind}")
        if item.restricted_to not in (None, hero.name):
            raise RuleRefused("V·D 5", f"Only {item.restricted_to} can benefit from {item.name}")
        if not _usable(hero, item):
            raise RuleRefused("XI·Moral code", f"{hero.name} has the Moral code trait and cannot use "
                                               f"the lethal {item.name}")
        return item
    usable = [i for i in _carried(hero) if i.type == kind and _usable(hero, i)]
    if action == "ranged":
        if not usable:
            raise RuleRefused("V·C·2 [a]", f"{hero.name} carries no ranged weapon they can use: a hero "
                                           f"can only perform a ranged attack with one")
        if len(usable) > 1:
            raise RuleRefused("V·C·2 [e]", f"Choose which ranged weapon {hero.name} uses: "
                                           + ", ".join(i.name for i in usable))
        return usable[0]
    return None


def _second_weapon(hero: hb.Hero, action: str, first: Item | None, name: str) -> Item:
    """Ambidexterity — WHEN: "during the Add the Weapon Bonuses step of a melee or ranged attack of
    a hero"; REQUIREMENTS: "[the possessor] is the attacker", "They have two weapon cards whose
    individual encumbrance or size is lower or equal to [X]", "The two weapon cards must be the same
    item type"; EFFECT: "[the possessor] can use their two weapon cards and add their bonuses"."""
    rule = "X·Ambidexterity"
    kind = f"{action} weapon"
    if first is None:
        raise RuleRefused(rule, "Ambidexterity adds a second weapon card to the first: name the first weapon too")
    carried = _carried(hero)  # two copies of a card may be the same printed object: count by place
    skip = next(n for n, i in enumerate(carried) if i is first)
    others = [i for n, i in enumerate(carried) if i.name == name and n != skip]
    if not others:
        if name == first.name:
            raise RuleRefused(rule, f'Ambidexterity — "They have two weapon cards": {hero.name} carries one {name}')
        raise RuleRefused("V·D", f"{hero.name} carries no {name}")
    item = others[0]
    if item.type != first.type:
        raise RuleRefused(rule, f'Ambidexterity — "The two weapon cards must be the same item type": '
                                f'{item.name} is not a {kind}')
    if item.restricted_to not in (None, hero.name):
        raise RuleRefused("V·D 5", f"Only {item.restricted_to} can benefit from {item.name}")
    if not _usable(hero, item):
        raise RuleRefused("XI·Moral code", f"{hero.name} has the Moral code trait and cannot use the lethal "
                                           f"{item.name}")
    have = level(skill_levels(Party(hero.id, hero.name, "heroes", hero=hero)), "Ambidexterity")
    if not have:
        raise RuleRefused("V·D 4", f"A hero cannot combine the bonuses of multiple {kind}s: {hero.name} does not "
                                   f"have Ambidexterity (or cannot use it now)")
    for w in (first, item):
        if w.encumbrance > have:
            raise RuleRefused(rule, f'Ambidexterity {have} — "two weapon cards whose individual encumbrance or '
                                    f'size is lower or equal to [X]": {w.name} has {w.encumbrance}')
    return item


def hero_plan(hero: hb.Hero, action: str, cubes: int, *, weapon: str | None = None,
              elevation: bool = False, no_weapon: bool = False, second_weapon: str | None = None) -> Plan:
    """A hero's pool for `action` with `cubes` (V·C·1-4 [d]-[e]): cubes × the space's dice, the
    chosen weapon (one; a ranged attack needs one; two of the same type with Ambidexterity), every
    usable tool for a complex action (no identical tool bonuses twice), +1 yellow die for elevation
    on a ranged attack, Berserk."""
    check_action(action)
    space = hero.board.spaces[action].characteristic
    if space.kind == "cannot":
        raise RuleRefused("IX·E", f"{hero.name} cannot perform a {action} action")
    characteristic = tuple(dice_of(space.dice)) if space.kind == "dice" else ()
    cubes = check_count(cubes, "The number of cubes", POOL_RULE[action], maximum=MAX_POOL)
    if cubes < 1:
        raise RuleRefused(CUBE_RULE[action], f"A {action} action spends at least one energy cube")
    plan = Plan(characteristic, cubes)
    plan.notes.append(f"{_plural(cubes, 'cube')} × {Pool(characteristic).describe()}")
    if action in ATTACKS:
        if no_weapon and (weapon is not None or second_weapon is not None):
            raise RuleRefused("X·Shackle", "A shackling attack ignores the Add the Weapon Bonuses step")
        item = None if no_weapon and action == "melee" else _choose_weapon(hero, action, weapon)
        second = None if second_weapon is None else _second_weapon(hero, action, item, second_weapon)
        if item is not None:
            plan.weapon = item.name
            for line in [b for b in item.bonuses if b.when == action][:1]:
                _apply_line(plan, item, line)
        if second is not None:
            plan.second_weapon = second.name
            for line in [b for b in second.bonuses if b.when == action][:1]:
                _apply_line(plan, second, line)
            plan.notes.append(f"Ambidexterity: the bonuses of {item.name} and {second.name}")
    else:
        if weapon is not None or second_weapon is not None:
            raise RuleRefused("V·C·3 [a] iv", "A complex action takes the tool bonuses, not a weapon")
        seen = []
        for item in _carried(hero):
            if item.type != "tool" or not _usable(hero, item):
                continue
            for line in [b for b in item.bonuses if b.when == action][:1]:
                key = (tuple((d.colour, d.count, d.free_reroll) for d in line.dice), line.automatic_successes,
                       None if line.skill is None else (line.skill.name.lower(), line.skill.level))
                if key in seen:
                    plan.notes.append(f"{item.name}: the same tool bonus again, not combined (V·D 4)")
                    continue
                seen.append(key)
                _apply_line(plan, item, line)
    if elevation:
        if action != "ranged":
            raise RuleRefused("V·C·2 [e]", "The elevation bonus is for ranged attacks")
        plan.bonus.append(DiceType("yellow"))
        plan.notes.append("elevation: +1 yellow (the target is lower)")
    plan.skills = skill_levels(Party(hero.id, hero.name, "heroes", hero=hero), plan.applied)
    berserk = level(plan.skills, "Berserk")
    if berserk and action == "melee":
        white = sk.berserk_white_dice(berserk, action_kind=sk.MELEE, energy=hero.board.energy,
                                      wound_cubes=hero.wound)
        half = (hero.board.energy + 1) // 2
        if white:
            plan.bonus += [DiceType("white")] * white
            plan.notes.append(f"Berserk {berserk}: +{white} white (wound zone {hero.wound} ≥ {half})")
        else:
            plan.notes.append(f"Berserk {berserk}: no dice (wound zone {hero.wound} < {half})")
    return plan


def character_plan(tile: tiles.Tile, mini: tiles.Miniature, action: str, characteristic: int, *,
                   elevation: bool = False) -> Plan:
    """A character's pool (VI·D·1 [c], VI·D·2 (c)): the chosen characteristic's dice, +1 yellow
    for elevation on a ranged attack, Berserk."""
    check_action(action)
    profile = tile.profile(mini)
    label = tiles.miniature_label(tile, mini)
    choices = getattr(profile, action)
    if not choices:
        raise RuleRefused("IX·E", f"{label} cannot perform a {action} action")
    characteristic = check_count(characteristic, "The characteristic", "VI·C·3", maximum=len(choices) - 1)
    plan = Plan(tuple(dice_of(choices[characteristic].dice)), 1)
    plan.notes.append(f"characteristic {characteristic + 1}: {Pool(plan.characteristic).describe()}")
    if elevation:
        if action != "ranged":
            raise RuleRefused("VI·D·2 (c)", "The elevation bonus is for ranged attacks")
        plan.bonus.append(DiceType("yellow"))
        plan.notes.append("elevation: +1 yellow (the target is lower)")
    plan.skills = skill_levels(Party(mini.id, label, tile.definition.side, tile=tile, mini=mini))
    berserk = level(plan.skills, "Berserk")
    if berserk and action == "melee":
        lost = profile.life_points - mini.life_points
        white = sk.berserk_white_dice(berserk, action_kind=sk.MELEE, life_points=profile.life_points,
                                      life_points_lost=lost)
        if white:
            plan.bonus += [DiceType("white")] * white
        plan.notes.append(f"Berserk {berserk}: " + (f"+{white} white" if white else "no dice")
                          + f" ({lost} of {profile.life_points} life points lost)")
    return plan


def check_action(action: object) -> str:
    if action not in ACTIONS:
        raise RuleRefused("V·C", f"A roll is for a melee or ranged attack or a complex manipulation or "
                                 f"thought, not {action!r}")
    return action


def hindering_of(action: str, levels: dict[str, int], hindering, enemy_menace, ally_menace) -> tuple[int, str]:
    """The hindering index (IX·N) and how it was found: given, or enemy − ally menace with Nerves
    of steel ignoring X enemy menace. It only counts for hindered actions."""
    if hindering is not None and (enemy_menace is not None or ally_menace is not None):
        raise RuleRefused("IX·N", "Give the hindering index or the menace indexes in the area, not both")
    if enemy_menace is None and ally_menace is None:
        return _count(hindering or 0, "The hindering index", "IX·N"), ""
    nerves = sk.nerves_of_steel(level(levels, "Nerves of steel"), action_kind=KIND[action])
    index = sk.hindering_index(enemy_menace or [], ally_menace or [], nerves_of_steel=nerves)
    text = f"hindering {sum(enemy_menace or [])} enemy − {sum(ally_menace or [])} ally menace"
    if nerves:
        text += f", Nerves of steel {nerves} ignores {nerves}"
    return index, text + f" = {index}"


# ================================================================== rolls as stored


def _as_roll(ps: PoolState, faces: FaceTable) -> Roll:
    pool = Pool.of(*ps.dice_types)
    if ps.entry == "count":
        return Roll((), faces, "count", ps.counted, counted_pool=pool)
    dice = tuple(DieResult(d.index, DiceType(d.colour, d.free_reroll), d.face, d.successes, d.free_rerolled,
                           d.times_rerolled) for d in ps.dice)
    records = tuple(RerollRecord(r.step, r.source, r.index, r.face_before, r.face_after, r.successes_before,
                                 r.successes_after) for r in ps.rerolls)
    return Roll(dice, faces, ps.entry, rerolls=records)


def _store(ps: PoolState, roll: Roll) -> None:
    ps.entry = roll.entry
    ps.counted = roll.counted
    ps.dice = [DieState(d.index, d.dice_type.colour, d.dice_type.free_reroll, d.face, d.successes,
                        d.free_rerolled, d.times_rerolled) for d in roll.dice]
    ps.rerolls = [RerollState(r.step, r.source, r.index, r.face_before, r.face_after, r.successes_before,
                              r.successes_after) for r in roll.rerolls]
    ps.shown = roll.successes


class Drawn:
    """The app's pre-drawn faces as a random source the dice module draws from, in order."""

    def __init__(self, drawn):
        if isinstance(drawn, (str, bytes)) or not hasattr(drawn, "__iter__"):
            raise RuleRefused("IX·D", "The app's draw must be a list of faces 0-5")
        self.faces = list(drawn)
        for face in self.faces:
            if isinstance(face, bool) or not isinstance(face, int) or not 0 <= face < FACES_PER_DIE:
                raise RuleRefused("IX·D", f"A die has faces 0 to {FACES_PER_DIE - 1}, not {face!r}")

    def randrange(self, n: int) -> int:
        if n != FACES_PER_DIE:
            raise ValueError("dice have six faces")
        if not self.faces:
            raise RuleRefused("IX·D", "The app drew too few faces for these dice")
        return self.faces.pop(0)


def _entry(dice_table: DiceTable, faces, successes, drawn) -> dict:
    """What the command brings for this roll: rng (server mode) or new faces / a count."""
    if dice_table.mode == "server":
        if faces is not None or successes is not None:
            raise RuleRefused("IX·D", "This table's dice are rolled by the app: set the dice mode to "
                                      "physical to enter what real dice show")
        if drawn is None:
            raise RuleRefused("IX·D", "The app's draw is missing")
        return {"rng": Drawn(drawn)}
    if faces is None and successes is None:
        raise RuleRefused("IX·D", "Physical dice: enter the face (0-5) each die shows, in pool order, "
                                  "or the number of successes")
    if faces is not None and successes is not None:
        raise RuleRefused("IX·D", "Enter the faces or the number of successes, not both")
    return {"faces": faces, "successes": successes}


def _faces_text(roll: Roll) -> str:
    if roll.entry == "count":
        return f"{_plural(roll.successes, 'success')} entered"
    shown = ", ".join(f"{d.dice_type.label} {d.face}→{d.successes}" for d in roll.dice)
    return f"faces {shown or 'none'} = {_plural(roll.successes, 'success')}"


# ================================================================== helpers on the table


def current(table) -> DiceRoll:
    roll = table.dice.roll
    if roll is None:
        raise RuleRefused("VIII", "No roll in progress")
    return roll


STEP_TEXT = {
    "roll": "waiting for the dice",
    "rerolls": "rerolls",
    "defense": "waiting for the defense",
    "defense_roll": "waiting for the defense dice",
    "defense_rerolls": "defense rerolls",
    "done": "done",
    "abandoned": "abandoned",
}


def describe_action(roll: DiceRoll) -> str:
    if roll.action in ATTACKS:
        return f"{roll.action} attack"
    if roll.action in ACTIONS:
        return f"complex {roll.action}"
    return f"{CAUSE_TEXT[roll.action]} roll"


def _finish(table, roll: DiceRoll, step: str = "done") -> None:
    roll.step = step
    table.dice.last = roll
    table.dice.roll = None


def _engine():
    from . import engine  # the engine imports this module: its helpers are looked up when used
    return engine


def _event(kind: str, text: str, rule: str, data: dict):
    return _engine().Event(kind, text, rule, data)


# ================================================================== settings


def _set_mode(table, cmd: SetDiceMode) -> list:
    if cmd.mode not in MODES:
        raise RuleRefused("IX·D", f"The dice mode is server or physical, not {cmd.mode!r}")
    table.dice.mode = cmd.mode
    text = ("Dice are rolled by the app" if cmd.mode == "server"
            else "Dice are rolled at the table: enter each die's face (0-5) or the number of successes")
    return [_event("dice_mode", text, "IX·D", {"mode": cmd.mode})]


def _calibrate(table, cmd: CalibrateDice) -> list:
    colour = check_colour(cmd.colour)
    if table.dice.roll is not None:
        raise RuleRefused("IX·D", "Finish or abandon the roll in progress before calibrating the dice")
    if cmd.faces is None:
        table.dice.calibrated.pop(colour, None)
        faces = list(default_faces().faces_of(colour))
        text = f"The {colour} die is back to the default faces {faces} (unverified)"
    else:
        faces = list(default_faces().calibrate(colour, cmd.faces).faces_of(colour))
        table.dice.calibrated[colour] = faces
        text = f"The {colour} die is calibrated: faces {faces}"
    status = face_table(table.dice).status
    return [_event("dice_calibrated", text, "IX·D",
                   {"colour": colour, "faces": faces, "calibrated": sorted(table.dice.calibrated, key=COLOURS.index),
                    "status": status})]


# ================================================================== start


def _check_target(table, attacker: Party, cmd: StartRoll) -> Party:
    _one(cmd.target_hero, cmd.target_miniature, "Target")
    if attacker.hero is not None and cmd.target_hero is not None:
        raise RuleRefused("V·C·1 [b]", "A hero attacks characters, not another hero")
    target = party(table, cmd.target_hero, cmd.target_miniature)
    if target.mini is not None and target.mini.place != "board":
        raise RuleRefused("V·C·1 [b]", f"{target.name} is not on the board")
    if target.side == attacker.side:
        raise RuleRefused("IX·M", f"{target.name} is an ally of {attacker.name}")
    return target


def _push_limits(table, actor: Party, action: str, declared: list[str], cubes: int) -> tuple[int, list]:
    """Pushing limits — WHEN: "at the start of the Spend Energy Cubes step of an action and before
    spending any other energy cubes"; REQUIREMENTS: "[the possessor] performs the action", "[the
    possessor] has not yet used it during this turn"; EFFECT: "[the possessor] suffers [X] wounds.
    For each of those wounds, the energy cubes that have just been moved to the wound zone are
    considered to have been spent on the current action space, regardless of its exertion limit".
    Returns the cubes that count as spent, and the events. Reading: pushing so far that every cube
    ends in the wound zone is refused, as a neutralized hero can no longer act (IX·B)."""
    if "Pushing limits" not in declared:
        return 0, []
    rule = "X·Pushing limits"
    hero = actor.hero
    have = level(skill_levels(actor), "Pushing limits")
    if not have:
        raise _unusable(actor, "Pushing limits")
    turn = table.track.turn
    if table.dice.pushing_limits.get(hero.id) == turn:
        raise RuleRefused(rule, f'Pushing limits — "[the possessor] has not yet used it during this turn": '
                                f'{hero.name} used it in turn {turn}')
    check_count(cubes, "The number of cubes", POOL_RULE[action], maximum=MAX_POOL)
    wounds = sk.pushing_limits(have, used_this_turn=False, cubes_outside_wound_zone=_life(actor))
    before = hero.wound
    events = _engine()._wound_target(table, wounds, hero.id, None, rule)
    moved = hero.wound - before
    if hero.neutralized:
        raise RuleRefused("IX·B", f"Pushing limits {have} would move every cube of {hero.name} to the wound zone: "
                                  f"a neutralized hero can no longer perform actions")
    table.dice.pushing_limits[hero.id] = turn
    text = (f"{hero.name} pushes their limits (Pushing limits {have}): {_plural(moved, 'wound')}; the "
            f"{_plural(moved, 'cube')} moved to the wound zone count as spent on the {action} space, beyond "
            f"its exertion limit")
    return moved, [_event("pushing_limits", text, rule, {"hero": hero.id, "space": action, "wounds": moved}),
                   *events]


def _against_friend(table, actor: Party, action: str, cmd: StartRoll) -> tuple[int | None, str | None]:
    """Imaginary friend: "The only way to neutralize it is if an enemy miniature, located in the
    same area as [the possessor], successfully performs a complex thought with a difficulty level
    equal to [X]". Returns the difficulty and whose friend the thought is against."""
    if cmd.friend_hero is None and cmd.friend_miniature is None:
        return cmd.difficulty, None
    rule = "X·Imaginary friend"
    if action != "thought":
        raise RuleRefused(rule, 'An imaginary friend is neutralized by "a complex thought with a difficulty level '
                                'equal to [X]"')
    _one(cmd.friend_hero, cmd.friend_miniature, "The imaginary friend's possessor")
    possessor = party(table, cmd.friend_hero, cmd.friend_miniature)
    have = level(skill_levels(possessor), "Imaginary friend")
    if not have:
        raise _unusable(possessor, "Imaginary friend")
    if possessor.id in table.dice.friends_gone:
        raise RuleRefused(rule, f"{possessor.name}'s imaginary friend is already neutralized")
    if possessor.side == actor.side or not cmd.friend_same_area:
        raise RuleRefused(rule, 'The imaginary friend is neutralized by "an enemy miniature, located in the same '
                                'area as [the possessor]"')
    if cmd.difficulty is not None and cmd.difficulty != have:
        raise RuleRefused(rule, f'Imaginary friend {have}: "a complex thought with a difficulty level equal to '
                                f'[X]", {have}, not {cmd.difficulty}')
    return have, possessor.id


def _start(table, cmd: StartRoll) -> list:
    e = _engine()
    if table.dice.roll is not None:
        raise RuleRefused("VIII", "A roll is already in progress")
    action = check_action(cmd.action)
    _one(cmd.hero, cmd.miniature, "The roller")
    attack = action in ATTACKS
    declared = list(cmd.declare)
    for name in declared:
        if name not in DECLARABLE:
            raise RuleRefused("X", f"{name!r} is not declared: declare {', '.join(DECLARABLE)}")
    if len(set(declared)) != len(declared):
        raise RuleRefused("X", "A skill is declared once")
    if attack:
        if cmd.difficulty is not None:
            raise RuleRefused("V·C", "An attack has no difficulty: the defense opposes it")
        if cmd.item is not None:
            raise RuleRefused("V·C·3 [a] viii", "Only a complex action's success can bring an item")
    else:
        if cmd.target_hero is not None or cmd.target_miniature is not None:
            raise RuleRefused("V·C·3 [a]", "A complex action has no target: it has a difficulty")
        if cmd.difficulty is None and cmd.friend_hero is None and cmd.friend_miniature is None:
            raise RuleRefused("V·C·3 [a]", "A complex action needs its difficulty level")
        if cmd.difficulty is not None:
            _count(cmd.difficulty, "The difficulty", "V·C·3 [a]")
        if cmd.defender_in_same_area or cmd.sacrifice_hero or cmd.sacrifice_miniature:
            raise RuleRefused("V·C·3 [a]", "A complex action has no defender")
    for tokens, what in ((cmd.shackle_tokens, "Shackle tokens"), (cmd.snoot_tokens, "Snoot tokens"),
                         (cmd.smoke_tokens, "Smoke grenade tokens")):
        _count(tokens, what, "IX·F")
    if cmd.smoke_tokens and action != "ranged":
        raise RuleRefused("X·Smoke grenade", "Smoke grenade tokens count only against a ranged attack")
    events = []
    shackle = "Shackle" in declared
    if cmd.hero is not None:
        hero = e._acting_hero(table, cmd.hero)
        actor = Party(hero.id, hero.name, "heroes", hero=hero)
        if cmd.characteristic:
            raise RuleRefused("V·C", "A hero's characteristic is the one printed on the action space")
        if shackle and action != "melee":
            raise RuleRefused("X·Shackle", "Shackle is declared for a melee attack")
        pushed, pushing = _push_limits(table, actor, action, declared, cmd.cubes)
        events += pushing
        plan = hero_plan(hero, action, cmd.cubes + pushed, weapon=cmd.weapon, elevation=cmd.elevation,
                         no_weapon=shackle, second_weapon=cmd.second_weapon)
        if pushed:
            plan.notes.append(f"Pushing limits: {_plural(pushed, 'cube')} of the wound zone count as spent")
        target = _check_target(table, actor, cmd) if attack else None
        if cmd.item is not None:
            hb.check_can_carry(hero, cmd.item)
        if cmd.cubes:
            events.append(_event("spend", hb.spend(hero, action, cmd.cubes), CUBE_RULE[action],
                                 {"hero": hero.id, "space": action, "cubes": cmd.cubes}))
        for item in plan.used_items:
            if item.single_use:
                where = hero.equipment if item in hero.equipment else hero.gadgets
                where.remove(item)
                events.append(_event("item", f"{item.name} is removed from the game after its bonus",
                                     "V·D 5", {"hero": hero.id, "item": item.name}))
    else:
        if cmd.cubes:
            raise RuleRefused("VI·D", "A character spends no energy cube on its actions")
        if cmd.weapon is not None or cmd.item is not None or cmd.second_weapon is not None:
            raise RuleRefused("V·D", "Only the heroes can use item cards")
        if "Pushing limits" in declared:
            raise RuleRefused("X·Pushing limits", "Pushing limits moves a hero's energy cubes to their wound zone: "
                                                  "a character spends no energy cube on its actions")
        post, tile, mini, record = e._use_character_action(table, cmd.miniature, action, cmd.characteristic)
        actor = party(table, None, mini.id)
        if shackle and (action != "melee"):
            raise RuleRefused("X·Shackle", "Shackle is declared for a melee attack")
        plan = character_plan(tile, mini, action, cmd.characteristic, elevation=cmd.elevation)
        target = _check_target(table, actor, cmd) if attack else None
        multiplier = getattr(tile.profile(mini), action)[cmd.characteristic].multiplier
        what = f"{action} attack" if attack else f"complex {action}"
        events.append(_event("action", f"{actor.name}: {what} {record.uses} of {multiplier}", "VI·C·5",
                             {"miniature": mini.id, "uses": record.uses, "multiplier": multiplier}))
    levels = plan.skills
    friend = _friend_die(table, actor, levels)
    if friend:
        plan.bonus += friend
        plan.notes.append("Imaginary friend: +1 yellow")
    difficulty, friend_of = _against_friend(table, actor, action, cmd)
    kind = KIND[action]
    hindering, hindering_text = hindering_of(action, levels, cmd.hindering, cmd.enemy_menace, cmd.ally_menace)
    notes = list(plan.notes)
    if hindering_text:
        notes.append(hindering_text)
    automatic = plan.automatic
    for name in declared:
        if name == "Pushing limits":
            continue
        have = level(levels, name)
        if not have:
            raise _lacks(actor, name)
        if name == "Sneak attack":
            if cmd.enemy_menace is None or cmd.ally_menace is None:
                raise RuleRefused("X·Sneak attack", "Sneak attack compares the menace of the allies and "
                                                    "enemies in the area: give both")
            gained = sk.sneak_attack(have, action_kind=kind, is_attacker=True,
                                     defender_in_same_area=cmd.defender_in_same_area,
                                     ally_menace_total=sum(cmd.ally_menace), enemy_menace_total=sum(cmd.enemy_menace))
            if not gained:
                raise RuleRefused("X·Sneak attack", "Sneak attack needs an attack on a defender in the same "
                                                    "area, with the allies' total menace equal to or higher "
                                                    "than the enemies'")
            automatic += gained
            notes.append(f"Sneak attack {have}: +{have} automatic")
        elif name == "Shackle":
            notes.append(f"Shackle {have}: no weapon bonus; wounds become {have} shackle tokens")
        else:
            gained = sk.flagged_skill_successes(name, have, action_kind=kind, skill_flagged=True)
            if not gained:
                which = "thought" if name in ("Hacking", "Investigation") else "manipulation"
                raise RuleRefused(f"X·{name}", f"{name} counts on a complex {which} whose description "
                                               f"names it, not on this {action}")
            automatic += gained
            notes.append(f"{name} {have}: +{have} automatic")
    conditional, source = 0, ""
    if action == "melee" and level(levels, "Martial arts"):
        conditional, source = level(levels, "Martial arts"), f"Martial arts {level(levels, 'Martial arts')}"
    elif action == "ranged" and level(levels, "Marksman"):
        conditional, source = level(levels, "Marksman"), f"Marksman {level(levels, 'Marksman')}"
    penalty = (sk.shackle_penalty(cmd.shackle_tokens, action_kind=kind)
               + sk.snoot_penalty(cmd.snoot_tokens, action_kind=kind)
               + sk.smoke_grenade_penalty(cmd.smoke_tokens, action_kind=kind))
    sacrifice = 0
    if cmd.sacrifice_hero is not None or cmd.sacrifice_miniature is not None:
        if not attack:
            raise RuleRefused("X·Sacrifice", "Sacrifice takes successes from an attack")
        _one(cmd.sacrifice_hero, cmd.sacrifice_miniature, "Sacrifice")
        possessor = party(table, cmd.sacrifice_hero, cmd.sacrifice_miniature)
        sacrifice = level(skill_levels(possessor), "Sacrifice")
        if not sacrifice:
            raise _lacks(possessor, "Sacrifice")
        ok = sk.sacrifice(sacrifice, 1, possessor_is_attacker_or_defender=possessor.id in (actor.id, target.id),
                          same_area_as_defender=cmd.sacrifice_same_area,
                          defender_is_ally=possessor.side == target.side, declared=True).possessor_wounds
        if not ok:
            raise RuleRefused("X·Sacrifice", "Sacrifice needs a possessor who is neither the attacker nor the "
                                             "defender, in the same area as the defender, an ally of theirs")
        notes.append(f"{possessor.name} declares Sacrifice {sacrifice}")
    pool = plan.pool
    table.dice.rolls += 1
    roll = DiceRoll(
        id=table.dice.rolls, action=action, step="roll", actor=actor.name, hero=cmd.hero,
        miniature=actor.id if cmd.miniature is not None else None,
        target_hero=cmd.target_hero, target_miniature=cmd.target_miniature,
        defender=target.name if target else "", cubes=plan.cubes if cmd.hero else 0,
        characteristic=cmd.characteristic, weapon=plan.weapon, bonuses=notes, difficulty=difficulty,
        hindering=hindering, automatic=automatic, conditional_automatic=conditional, conditional_source=source,
        penalty=penalty, defender_in_same_area=cmd.defender_in_same_area, skills=levels, declared=declared,
        shackle=level(levels, "Shackle") if shackle else 0, sacrifice_hero=cmd.sacrifice_hero,
        sacrifice_miniature=cmd.sacrifice_miniature, sacrifice=sacrifice,
        poison=max(level(levels, "Poison"), level(levels, "Electricity")) if attack else 0,
        harmless=attack and actor.trait == "harmless", item=cmd.item,
        pool=PoolState(dice_types=[d.label for d in pool.dice]), second_weapon=plan.second_weapon,
        pushed=pushed if cmd.hero is not None else 0, friend_of=friend_of,
        chain_targets=[target.id] if target else [])
    table.dice.roll = roll
    against = f" against {target.name}" if target else f", difficulty {difficulty}"
    events.append(_event("roll_started", f"{actor.name}: {describe_action(roll)}{against}, pool "
                                         f"{pool.describe()} ({'; '.join(notes)})", POOL_RULE[action],
                         {"roll": roll.id, "action": action, "pool": roll.pool.dice_types, "bonuses": notes,
                          "automatic": automatic, "hindering": hindering}))
    return events


def _start_free(table, cmd: StartFreeRoll) -> list:
    if table.dice.roll is not None:
        raise RuleRefused("VIII", "A roll is already in progress")
    if cmd.cause not in FREE_CAUSES:
        raise RuleRefused("IX·Q", f"A free roll is for a fall, dangerous terrain or gas, not {cmd.cause!r}")
    rule = CAUSE_RULE[cmd.cause]
    level_ = _count(cmd.level, "The level", rule, maximum=MAX_POOL)
    if level_ < 1:
        raise RuleRefused(rule, "The level is at least 1")
    _one(cmd.hero, cmd.miniature, "The roller")
    roller = party(table, cmd.hero, cmd.miniature)
    if roller.hero is not None and roller.hero.neutralized:
        raise RuleRefused("IX·B", f"{roller.name} is neutralized")
    if roller.mini is not None and roller.mini.place != "board":
        raise RuleRefused("IX·B", f"{roller.name} is not on the board")
    pool = Pool.build((DiceType("yellow"),), level_)
    table.dice.rolls += 1
    roll = DiceRoll(id=table.dice.rolls, action=cmd.cause, step="roll", actor=roller.name, hero=cmd.hero,
                    miniature=roller.id if cmd.miniature is not None else None,
                    skills=skill_levels(roller), bonuses=[f"level {level_}: {pool.describe()}"],
                    pool=PoolState(dice_types=[d.label for d in pool.dice]))
    table.dice.roll = roll
    return [_event("roll_started", f"{roller.name}: {CAUSE_TEXT[cmd.cause]} of level {level_}, "
                                   f"{pool.describe()}; wounds = successes", rule,
                   {"roll": roll.id, "action": cmd.cause, "pool": roll.pool.dice_types})]


# ================================================================== roll and rerolls


def _roller(table, roll: DiceRoll, defense: bool) -> Party:
    if defense:
        return party(table, roll.target_hero, roll.target_miniature)
    return party(table, roll.hero, roll.miniature)


def _roll(table, cmd: RollDice) -> list:
    roll = current(table)
    if roll.step not in ("roll", "defense_roll"):
        raise RuleRefused("VIII" if roll.step.endswith("rerolls") else "VII",
                          f"The dice are not waiting to be rolled ({STEP_TEXT[roll.step]})")
    defense = roll.step == "defense_roll"
    ps = roll.defense if defense else roll.pool
    pool = Pool.of(*ps.dice_types)
    faces = face_table(table.dice)
    entry = _entry(table.dice, cmd.faces, cmd.successes, cmd.drawn)
    if "rng" in entry:
        result = roll_pool(pool, faces, entry["rng"])
    elif entry["faces"] is not None:
        result = physical_roll(pool, faces, entry["faces"])
    else:
        result = counted_roll(pool, faces, entry["successes"])
    _store(ps, result)
    roll.step = "defense_rerolls" if defense else "rerolls"
    who = roll.defender if defense else roll.actor
    record = result.as_record()
    return [_event("dice_rolled", f"{who} rolls {pool.describe()}: {_faces_text(result)}",
                   "VII·E" if defense else "V·C·1 [f]",
                   {"roll": roll.id, "pool": "defense" if defense else "action", **record})]


def _reroll(table, cmd: RerollDice) -> list:
    roll = current(table)
    if roll.step not in ("rerolls", "defense_rerolls"):
        raise RuleRefused("VIII", f"No dice to reroll now ({STEP_TEXT[roll.step]})")
    if cmd.step not in REROLL_STEPS:
        raise RuleRefused("VIII", f"A reroll step is skill, free, misfortune or paid, not {cmd.step!r}")
    defense = roll.step == "defense_rerolls"
    ps = roll.defense if defense else roll.pool
    before = _as_roll(ps, face_table(table.dice))
    roller = _roller(table, roll, defense)
    entry = _entry(table.dice, cmd.faces, None, cmd.drawn)
    draw = {"rng": entry["rng"]} if "rng" in entry else {"new_faces": entry["faces"]}
    possessor = None
    if cmd.possessor_hero is not None or cmd.possessor_miniature is not None:
        _one(cmd.possessor_hero, cmd.possessor_miniature, "The skill's possessor")
        possessor = party(table, cmd.possessor_hero, cmd.possessor_miniature)
    if cmd.step == "skill":
        skill = cmd.skill
        if skill not in rr.SKILL_REROLLS:
            raise RuleRefused("VIII·B", f"{skill!r} is not a reroll skill (Luck, Support, Point blank)")
        if skill == "Support":
            if possessor is None:
                raise RuleRefused("X·Support", "Name the ally whose Support gives the rerolls")
            have = level(skill_levels(possessor), skill)
            if not have:
                raise _lacks(possessor, skill)
            ally = possessor.side == roller.side and possessor.id != roller.id
            usable = sk.support_rerolls(have, roller_is_ally=ally, same_area=cmd.same_area)
            if not usable:
                raise RuleRefused("X·Support", f"Support helps an allied miniature located in the same area as "
                                               f"{possessor.name}")
        else:
            if possessor is not None and possessor.id != roller.id:
                raise RuleRefused(f"X·{skill}", f"{skill} is used by the miniature rolling the dice")
            have = level(skill_levels(roller) if defense else roll.skills, skill)
            if not have:
                raise _lacks(roller, skill)
            if skill == "Luck":
                usable = sk.luck_rerolls(have)
            else:
                usable = 0 if defense else sk.point_blank_rerolls(
                    have, action_kind=KIND.get(roll.action, sk.MELEE),
                    is_attacker=roll.action in ATTACKS, defender_in_same_area=roll.defender_in_same_area)
                if not usable:
                    raise RuleRefused("X·Point blank", "Point blank needs a ranged attack by its possessor on a "
                                                       "defender located in the same area")
        result = rr.skill_reroll(before, skill, usable, cmd.dice, **draw)
    elif cmd.step == "free":
        result = rr.free_reroll(before, cmd.dice, **draw)
    elif cmd.step == "misfortune":
        if possessor is None:
            raise RuleRefused("X·Misfortune", "Name the enemy whose Misfortune forces the rerolls")
        have = level(skill_levels(possessor), "Misfortune")
        if not have:
            raise _lacks(possessor, "Misfortune")
        if not sk.misfortune_rerolls(have, same_area=cmd.same_area, roller_is_enemy=possessor.side != roller.side):
            raise RuleRefused("X·Misfortune", f"Misfortune forces an enemy of {possessor.name} located in the "
                                              f"same area to reroll")
        result = rr.misfortune_reroll(before, have, cmd.dice, possessor=possessor.name, **draw)
    else:
        if roller.hero is not None:
            room = hb.room_on(roller.hero, "reroll")
            limit = roller.hero.board.spaces["reroll"].exertion_limit
        else:
            room = cp.room_on(roller.post, "reroll")
            limit = room + roller.post.spaces["reroll"]
        result = rr.paid_reroll(before, cmd.dice, reroll_space_room=room, exertion_limit=max(limit, room), **draw)
    events = []
    if result.cubes:
        if roller.hero is not None:
            if roller.hero.neutralized:
                raise RuleRefused("IX·B", f"{roller.name} is neutralized")
            text = hb.spend(roller.hero, "reroll", result.cubes)
            data = {"hero": roller.hero.id, "space": "reroll", "cubes": result.cubes}
        else:
            text = cp.spend(roller.post, "reroll", result.cubes)
            data = {"side": roller.post.side, "space": "reroll", "cubes": result.cubes}
        ps.paid_cubes += result.cubes
        events.append(_event("spend", text, "VIII·D", data))
    _store(ps, result.roll)
    new = result.roll.as_record()["rerolls"][len(before.rerolls):]
    events.append(_event("dice_rerolled", f"{roller.name}: {result.description}",
                         REROLL_RULE[cmd.step],
                         {"roll": roll.id, "pool": "defense" if defense else "action", "step": cmd.step,
                          "rerolls": new, "dice": result.roll.as_record()["dice"],
                          "successes": result.roll.successes}))
    return events


# ================================================================== successes, defense, wounds


def _end_rerolls(table, cmd: EndRerolls) -> list:
    roll = current(table)
    if roll.step == "rerolls":
        return _count_action(table, roll)
    if roll.step == "defense_rerolls":
        return _count_defense(table, roll)
    raise RuleRefused("VIII·F", f"No rerolls to end now ({STEP_TEXT[roll.step]})")


def _count_action(table, roll: DiceRoll) -> list:
    shown = roll.pool.shown
    if roll.action in FREE_CAUSES:
        return _free_wounds(table, roll, shown)
    kind = KIND[roll.action]
    net = sk.successes(shown, roll.automatic, roll.hindering, kind,
                       conditional_automatic=roll.conditional_automatic, penalty=roll.penalty)
    parts = [f"{shown} shown"]
    if roll.automatic:
        parts.append(f"+ {roll.automatic} automatic")
    if roll.conditional_automatic:
        parts.append(f"+ {roll.conditional_automatic} ({roll.conditional_source})" if shown
                     else f"+ 0 ({roll.conditional_source} needs at least one success)")
    if sk.hindering_applies(kind):
        parts.append(f"− {roll.hindering} hindering")
    elif roll.hindering:
        parts.append("(melee is never hindered)")
    if roll.penalty:
        parts.append(f"− {roll.penalty} (tokens)")
    events = [_event("successes", f"{roll.actor}: {' '.join(parts)} = {_plural(net, 'success')}",
                     "IX·F", {"roll": roll.id, "shown": shown, "automatic": roll.automatic,
                              "conditional": roll.conditional_automatic if shown else 0,
                              "hindering": roll.hindering if sk.hindering_applies(kind) else 0,
                              "penalty": roll.penalty, "successes": net})]
    if roll.action not in ATTACKS:
        ok = sk.complex_action_succeeds(net, roll.difficulty)
        roll.successes, roll.success = net, ok
        events.append(_event("complex_action", f"{roll.actor}: complex {roll.action}, {net} against difficulty "
                                               f"{roll.difficulty}: {'success' if ok else 'failure'}",
                             "V·C·3 [a] vii", {"roll": roll.id, "successes": net, "difficulty": roll.difficulty,
                                               "success": ok}))
        if ok and roll.item is not None and roll.hero is not None:
            hero = table.hero(roll.hero)
            hb.check_can_carry(hero, roll.item)
            hero.equipment.append(roll.item)
            events.append(_event("item", f"{hero.name} carries {roll.item.name}: encumbrance {hero.encumbrance}",
                                 "V·C·3 [a] viii", {"hero": hero.id, "item": roll.item.name,
                                                    "encumbrance": hero.encumbrance}))
        if ok and roll.friend_of is not None and roll.friend_of not in table.dice.friends_gone:
            table.dice.friends_gone.append(roll.friend_of)
            events.append(_event("imaginary_friend", f"{roll.actor} neutralizes the imaginary friend: its possessor "
                                                     f"no longer gains its yellow die", "X·Imaginary friend",
                                 {"roll": roll.id, "possessor": roll.friend_of}))
        roll.outcome = f"{net} against difficulty {roll.difficulty}: {'success' if ok else 'failure'}"
        _finish(table, roll)
        return events
    if roll.sacrifice:
        possessor = party(table, roll.sacrifice_hero, roll.sacrifice_miniature)
        on_board = possessor.mini is None or possessor.mini.place == "board"
        result = sk.sacrifice(roll.sacrifice, net, possessor_is_attacker_or_defender=False,
                              same_area_as_defender=True, defender_is_ally=True, declared=on_board)
        if result.possessor_wounds:
            net = result.attack_successes
            events.append(_event("sacrifice", f"{possessor.name} takes {_plural(result.possessor_wounds, 'success')} "
                                              f"from the attack (Sacrifice {roll.sacrifice}): {net} left",
                                 "X·Sacrifice", {"roll": roll.id, "taken": result.possessor_wounds,
                                                 "successes": net}))
            events += _engine()._wound_target(table, result.possessor_wounds, roll.sacrifice_hero,
                                              roll.sacrifice_miniature, "X·Sacrifice")
    roll.successes = net
    roll.step = "defense"
    return events


def _defend(table, cmd: Defend) -> list:
    roll = current(table)
    if roll.step != "defense":
        raise RuleRefused("VII", f"The defense comes after the attack's successes ({STEP_TEXT[roll.step]})")
    defender = party(table, roll.target_hero, roll.target_miniature)
    attacker = party(table, roll.hero, roll.miniature)
    cubes = _count(cmd.cubes, "Defense cubes", "VII·B", maximum=MAX_POOL)
    for tokens, what in ((cmd.shackle_tokens, "Shackle tokens"), (cmd.snoot_tokens, "Snoot tokens")):
        _count(tokens, what, "IX·F")
    kind = KIND[roll.action]
    events, notes, bonus, automatic, applied = [], [], [], 0, []
    if defender.hero is not None:
        hero = defender.hero
        space = hero.board.spaces["defense"].characteristic
        characteristic = tuple(dice_of(space.dice)) if space.kind == "dice" else ()
        if space.kind == "cannot" and cubes:
            raise RuleRefused("IX·E", f"{hero.name} cannot defend with cubes")
        pool = sk.defense_pool(cubes, characteristic, None, defense_space_room=hb.room_on(hero, "defense"))
        if hero.board.automatic_defense.die is not None:
            die = dice_of([hero.board.automatic_defense.die])
            bonus += die
            notes.append(f"automatic defense die: {Pool(tuple(die)).describe()}")
        if hero.board.automatic_defense.successes:
            automatic += hero.board.automatic_defense.successes
            notes.append(f"automatic defense: +{hero.board.automatic_defense.successes}")
        used = []
        for item in _carried(hero):
            if _usable(hero, item):
                for line in [b for b in item.bonuses if b.when == "defense"][:1]:
                    plan = Plan((), 0)
                    _apply_line(plan, item, line)
                    bonus += plan.bonus
                    automatic += plan.automatic
                    notes += plan.notes
                    applied.append(line)
                    used.append(item)
        if cubes:
            events.append(_event("spend", hb.spend(hero, "defense", cubes), "VII·B",
                                 {"hero": hero.id, "space": "defense", "cubes": cubes}))
        for item in used:
            if item.single_use:
                (hero.equipment if item in hero.equipment else hero.gadgets).remove(item)
                events.append(_event("item", f"{item.name} is removed from the game after its bonus", "V·D 5",
                                     {"hero": hero.id, "item": item.name}))
        levels = skill_levels(defender, applied)
    else:
        post = defender.post
        space = post.space_defs["defense"].characteristic
        characteristic = tuple(dice_of(space.dice)) if space.kind == "dice" else ()
        if space.kind == "cannot" and cubes:
            raise RuleRefused("IX·E", f"{defender.name} cannot defend with cubes")
        pool = sk.defense_pool(cubes, characteristic, None, defense_space_room=cp.room_on(post, "defense"))
        profile = defender.tile.profile(defender.mini)
        if profile.automatic_defense:
            automatic += profile.automatic_defense
            notes.append(f"automatic defense: +{profile.automatic_defense}")
        if cubes:
            events.append(_event("spend", cp.spend(post, "defense", cubes), "VII·B",
                                 {"side": post.side, "space": "defense", "cubes": cubes}))
        levels = skill_levels(defender)
    if cubes:
        notes.insert(0, f"{_plural(cubes, 'cube')} × {Pool(characteristic).describe()}")
    impenetrable = sk.impenetrable_defense(level(levels, "Impenetrable defense"), attack_kind=kind)
    untouchable = sk.untouchable(level(levels, "Untouchable"), attack_kind=kind)
    for name, gained in (("Impenetrable defense", impenetrable), ("Untouchable", untouchable)):
        if gained:
            automatic += gained
            notes.append(f"{name} {gained}: +{gained} automatic")
    if cmd.body_guard_hero is not None or cmd.body_guard_miniature is not None:
        _one(cmd.body_guard_hero, cmd.body_guard_miniature, "Body guard")
        guard = party(table, cmd.body_guard_hero, cmd.body_guard_miniature)
        have = level(skill_levels(guard), "Body guard")
        if not have:
            raise _lacks(guard, "Body guard")
        gained = sk.body_guard(have, possessor_is_attacker_or_defender=guard.id in (attacker.id, defender.id),
                               same_area_as_defender=cmd.body_guard_same_area,
                               defender_is_ally=guard.side == defender.side)
        if not gained:
            raise RuleRefused("X·Body guard", "Body guard needs a possessor who is neither the defender nor the "
                                              "attacker, in the same area as the defender, an ally of theirs")
        automatic += gained
        notes.append(f"{guard.name}'s Body guard {have}: +{have} automatic")
    penalty = (sk.shackle_penalty(cmd.shackle_tokens, action_kind=sk.DEFENSE)
               + sk.snoot_penalty(cmd.snoot_tokens, action_kind=sk.DEFENSE))
    pool = pool.plus(bonus)
    roll.defense = PoolState(dice_types=[d.label for d in pool.dice])
    roll.defense_cubes, roll.defense_automatic, roll.defense_penalty = cubes, automatic, penalty
    roll.defense_bonuses = notes
    events.append(_event("defense_declared", f"{defender.name} defends: {pool.describe()}"
                                             + (f" ({'; '.join(notes)})" if notes else ""), "VII·C",
                         {"roll": roll.id, "pool": roll.defense.dice_types, "cubes": cubes, "automatic": automatic,
                          "bonuses": notes}))
    if len(pool) == 0:
        roll.defense.entry = "none"
        roll.defense.shown = 0
        return events + _wounds(table, roll, 0)
    roll.step = "defense_roll"
    return events


def _count_defense(table, roll: DiceRoll) -> list:
    return _wounds(table, roll, roll.defense.shown)


def _wounds(table, roll: DiceRoll, shown: int) -> list:
    """VII·G-H: defense successes, wounds = attack − defense (min 0), Poison first, Harmless,
    Shackle, then the engine's wound code."""
    defense = sk.defense_successes(shown, roll.defense_automatic, penalty=roll.defense_penalty)
    attack = roll.successes
    poison = sk.poison_wounds(roll.poison, attack, defense) if roll.poison else 0
    wounds = sk.wounds(attack, defense, poison=roll.poison, harmless=roll.harmless)
    roll.defense_successes = defense
    events = []
    detail = f"{shown} rolled + {roll.defense_automatic} automatic"
    if roll.defense_penalty:
        detail += f" − {roll.defense_penalty} (tokens)"
    extra = ""
    if poison and not roll.harmless:
        extra = f" ({poison} from Poison / Electricity first)"
    if roll.harmless:
        extra = " (Harmless: the attacker inflicts no wound)"
    events.append(_event("defense", f"{roll.actor} → {roll.defender}: {_plural(attack, 'success')} against "
                                    f"{defense} defense ({detail}): {_plural(wounds, 'wound')}{extra}", "VII·H",
                         {"roll": roll.id, "attack": attack, "defense": defense, "wounds": wounds,
                          "defense_cubes": roll.defense_cubes, "rolled": shown,
                          "automatic": roll.defense_automatic, "poison": 0 if roll.harmless else poison}))
    if roll.shackle:
        result = sk.shackle(roll.shackle, wounds, action_kind=sk.MELEE, declared=True)
        if result.tokens:
            events.append(_event("shackle", f"Shackle: the {_plural(wounds, 'wound')} are ignored; "
                                            f"{result.tokens} shackle token{'s' if result.tokens != 1 else ''} "
                                            f"on {roll.defender}'s base", "X·Shackle",
                                 {"roll": roll.id, "tokens": result.tokens, "defender": roll.defender}))
        wounds = result.wounds
    roll.wounds = wounds
    target = party(table, roll.target_hero, roll.target_miniature)
    life = _life(target)
    # Burst / Circular strike: "remaining successes ... are equal to the number of successes not
    # converted into wounds and/or not cancelled by defense". Reading: Poison's wounds come first
    # and convert no success; a success beyond the wounds the target could still suffer converts
    # into none.
    converted = min(max(0, attack - defense), max(0, life - min(poison, life))) if wounds else 0
    roll.remaining = sk.remaining_successes(attack, defense, converted)
    if wounds and (target.mini is None or target.mini.place == "board"):
        events += _engine()._wound_target(table, wounds, roll.target_hero, roll.target_miniature, "IX·A")
    roll.outcome = f"{attack} against {defense} defense: {_plural(wounds, 'wound')}"
    events += _offer_follow_ups(table, roll)
    _finish(table, roll)
    return events


def _free_wounds(table, roll: DiceRoll, shown: int) -> list:
    """A fall (V·C·5 [i]) or dangerous terrain (IX·Q): as many wounds as successes; Fly ignores
    fall wounds, Parkour ignores X, Gas immunity ignores gas wounds."""
    roller = party(table, roll.hero, roll.miniature)
    wounds, why = shown, ""
    if roll.action == "fall":
        if roller.trait == "fly":
            wounds, why = sk.fly_fall_wounds(shown), " (Fly: no fall wounds)"
        elif level(roll.skills, "Parkour"):
            wounds = sk.parkour_fall_wounds(level(roll.skills, "Parkour"), shown)
            why = f" (Parkour {level(roll.skills, 'Parkour')} ignores {shown - wounds})"
    if roll.action == "gas" and roller.trait == "gas immunity":
        wounds, why = sk.gas_immunity_wounds(shown, from_gas=True), " (Gas immunity)"
    roll.successes = shown
    roll.wounds = wounds
    events = [_event("successes", f"{roller.name}: {CAUSE_TEXT[roll.action]}, {_plural(shown, 'success')}: "
                                  f"{_plural(wounds, 'wound')}{why}", CAUSE_RULE[roll.action],
                     {"roll": roll.id, "successes": shown, "wounds": wounds})]
    alive = roller.mini is None or roller.mini.place == "board"
    if wounds and alive:
        events += _engine()._wound_target(table, wounds, roll.hero, roll.miniature, CAUSE_RULE[roll.action])
    roll.outcome = f"{_plural(shown, 'success')}: {_plural(wounds, 'wound')}"
    _finish(table, roll)
    return events


def _abandon(table, cmd: AbandonRoll) -> list:
    roll = current(table)
    roll.outcome = "abandoned"
    _finish(table, roll, "abandoned")
    return [_event("roll_abandoned", f"{roll.actor}'s {describe_action(roll)} is abandoned; what was spent "
                                     f"stays spent", "VIII", {"roll": roll.id})]


# ================================================================== follow-ups (X, IX·G)


def _now(table) -> str:
    return f"{table.track.turn}:{table.track.step}"


def _ranged_weapon(p: Party) -> bool:
    """Retaliation: "a weapon that does not have the disposable restriction" (V·D 5: the item card
    removed from the game after its bonus). Reading: a character's ranged characteristic is its
    ranged weapon."""
    if p.hero is not None:
        return any(i.type == "ranged weapon" and _usable(p.hero, i) and not i.single_use for i in _carried(p.hero))
    return bool(p.tile.profile(p.mini).ranged)


def _follow_up_pool(roll: DiceRoll, p: Party, skill: str, have: int, levels: dict[str, int],
                    friend: list[DiceType]) -> tuple[Pool, list[str]]:
    """The pool of a Combo, a Counterattack or a Retaliation, and how it is made. Reading: Berserk
    (WHEN: "the Create the Dice Pool step of a melee attack") and the imaginary friend's die ("for
    each of their actions") are added as to any attack; no cube, weapon or elevation bonus."""
    if skill == "Combo":
        if p.hero is not None:
            space = p.hero.board.spaces["melee"].characteristic
            characteristic = tuple(dice_of(space.dice)) if space.kind == "dice" else ()
        else:
            choices = p.tile.profile(p.mini).melee
            characteristic = tuple(dice_of(choices[min(roll.characteristic, len(choices) - 1)].dice)) if choices else ()
        pool = sk.combo_pool(have, characteristic)
        notes = [f"Combo {have}: {have} × {Pool(characteristic).describe()}, no cube, no weapon bonus"]
    elif skill == "Counterattack":
        pool = sk.counterattack_pool(have)
        notes = [f"Counterattack {have}: {have} yellow, no cube, no weapon bonus"]
    else:
        pool = sk.retaliation_pool(have)
        notes = [f"Retaliation {have}: {have} yellow, no cube, no weapon or elevation bonus"]
    if FOLLOW_UP_ACTION[skill] == "melee":
        white = _berserk_dice(p, levels)
        if white:
            pool = pool.plus(white)
            notes.append(f"Berserk {level(levels, 'Berserk')}: +{len(white)} white")
    if friend:
        pool = pool.plus(friend)
        notes.append("Imaginary friend: +1 yellow")
    return pool, notes


def _offer_text(o: FollowUp) -> str:
    what = f"a free {o.action} attack"
    if o.skill in DEFERRED:
        return (f"{o.name} may make a deferred {o.action} attack ({o.skill} {o.level}), a free action, on another "
                f"miniature with the {_plural(o.successes, 'remaining success')}")
    dice = Pool.of(*o.pool).describe() if o.pool else "no dice"
    if o.skill == "Combo":
        return f"{o.name} may make a combo (Combo {o.level}): {what} with {dice} on another miniature"
    verb = "counterattack" if o.skill == "Counterattack" else "retaliate against"
    return f"{o.name} may {verb} {o.target} ({o.skill} {o.level}): {what} with {dice}"


def _check_follow_up(table, roll: DiceRoll, skill: str) -> FollowUp:
    """What `skill` offers after the attack `roll` (its wounds applied), or the requirement that
    does not hold, as a refusal naming the skill."""
    rule = f"X·{skill}"
    needed = FOLLOW_UP_ACTION[skill]
    if roll.action not in ATTACKS or roll.wounds is None:
        raise RuleRefused(rule, f"{skill} follows a {needed} attack once its wounds are applied, not a "
                                f"{describe_action(roll)}")
    if roll.action != needed:
        raise RuleRefused(rule, f"{skill} — WHEN: {FOLLOW_UP_WHEN[skill]}; this was a {roll.action} attack")
    attacker = party(table, roll.hero, roll.miniature)
    target = party(table, roll.target_hero, roll.target_miniature)
    if skill in ("Counterattack", "Retaliation"):
        possessor, levels = target, skill_levels(target)
    else:
        possessor, levels = attacker, ({} if _down(attacker) else roll.skills)
    have = level(levels, skill)
    if not have:
        raise _unusable(possessor, skill)
    free = roll.free_action
    neutralized = _down(target)
    offer = FollowUp(skill=skill, level=have, action=needed, name=possessor.name, after=roll.id,
                     hero=possessor.hero.id if possessor.hero is not None else None,
                     miniature=possessor.mini.id if possessor.mini is not None else None, rule=rule)
    if skill in DEFERRED:
        if free and free not in DEFERRED:
            raise RuleRefused(rule, f'{skill} — "the attack is not a free action but can be a deferred attack": '
                                    f'this attack is a {FREE_TEXT[free]}')
        if not neutralized:
            raise RuleRefused(rule, f'{skill} — "After having neutralized an enemy with a {needed} attack": '
                                    f'{target.name} is not neutralized')
        if not roll.remaining:
            raise RuleRefused(rule, f'{skill} — "there are remaining successes": every success was cancelled by '
                                    f'the defense or converted into wounds')
        if roll.deferred_done >= have:
            raise RuleRefused(rule, f'{skill} {have} — "[the possessor] has performed less than [X] deferred '
                                    f'attacks for this same initial attack": {roll.deferred_done} made')
        check = sk.burst_offered if skill == "Burst" else sk.circular_strike_offered
        offered = check(have, attack_kind=KIND[needed], is_attacker=True, target_neutralized=True,
                        attack_is_free_action=bool(free), attack_is_deferred=free in DEFERRED,
                        remaining=roll.remaining, deferred_attacks_done=roll.deferred_done)
        offer.successes = roll.remaining
    elif skill == "Combo":
        if free:
            raise RuleRefused(rule, f'Combo — "the attack in progress is not a free action": this attack is a '
                                    f'{FREE_TEXT[free]}')
        if not neutralized:
            raise RuleRefused(rule, f'Combo — "the target of the initial attack is neutralized": {target.name} '
                                    f'is not')
        offered = sk.combo_offered(is_attacker=True, target_neutralized=True, attack_is_free_action=False)
    else:
        if free == skill:
            raise RuleRefused(rule, f'{skill} — "the initial {needed} attack is not already a {FREE_TEXT[skill]}"')
        if _down(attacker):
            raise RuleRefused(rule, f"{CAN_TARGET[skill]}: {attacker.name} is neutralized")
        weapon = _ranged_weapon(possessor) if skill == "Retaliation" else True
        if not weapon:
            raise RuleRefused(rule, f"{CAN_TARGET[skill]}: {possessor.name} has none")
        offered = (sk.counterattack_offered(is_target=True, attack_kind=sk.MELEE, initial_is_counterattack=False,
                                            can_target_attacker=True) if skill == "Counterattack"
                   else sk.retaliation_offered(is_target=True, attack_kind=sk.RANGED, initial_is_retaliation=False,
                                               has_non_disposable_ranged_weapon=True, can_target_attacker=True))
        offer.target_hero, offer.target_miniature, offer.target = roll.hero, roll.miniature, attacker.name
    if not offered:
        raise RuleRefused(rule, f"{skill}: its requirements do not hold")
    if skill not in DEFERRED:
        pool, _ = _follow_up_pool(roll, possessor, skill, have, levels, _friend_die(table, possessor, levels))
        offer.pool = [d.label for d in pool.dice]
    offer.text = _offer_text(offer)
    return offer


def _offer_follow_ups(table, roll: DiceRoll) -> list:
    """When an attack's wounds are applied: what the skills offer now, plus what an earlier attack
    of the chain offered for its End the Attack step (a Combo after the deferred attacks)."""
    offers = []
    for skill in FOLLOW_UPS:
        try:
            offers.append(_check_follow_up(table, roll, skill))
        except RuleRefused:
            continue
    for o in roll.pending:
        possessor = party(table, o.hero, o.miniature)
        if o.skill not in [x.skill for x in offers] and level(skill_levels(possessor), o.skill):
            offers.append(o)
    roll.follow_ups = offers
    roll.offered_at = _now(table)
    return [_event("follow_up_offered", o.text, o.rule,
                   {"roll": roll.id, "skill": o.skill, "level": o.level, "hero": o.hero, "miniature": o.miniature,
                    "action": o.action, "pool": o.pool, "successes": o.successes, "target_hero": o.target_hero,
                    "target_miniature": o.target_miniature}) for o in offers]


def follow_ups_now(table) -> list[FollowUp]:
    """The follow-ups that may be taken now: those of the attack that has just ended, while no
    other roll has started and the game is still in the same turn and step ("immediately")."""
    state = table.dice
    last = state.last
    if state.roll is not None or last is None or last.step != "done" or table.track.over:
        return []
    return list(last.follow_ups) if last.offered_at == _now(table) else []


def follow_up_possessor(table, skill: str) -> tuple[str | None, str | None] | None:
    """Who may take `skill` now (hero, miniature), or None when it is not offered."""
    offer = next((o for o in follow_ups_now(table) if o.skill == skill), None)
    return None if offer is None else (offer.hero, offer.miniature)


def _follow_up_target(table, last: DiceRoll, offer: FollowUp, possessor: Party, cmd: StartFollowUp) -> Party:
    rule = offer.rule
    skill = offer.skill
    given = cmd.target_hero is not None or cmd.target_miniature is not None
    if skill in ("Counterattack", "Retaliation"):
        if given and (cmd.target_hero, cmd.target_miniature) != (offer.target_hero, offer.target_miniature):
            raise RuleRefused(rule, f'{skill} — "during the Declare the Target step, [the possessor] targets the '
                                    f'initial attacker": {offer.target}')
        target = party(table, offer.target_hero, offer.target_miniature)
    else:
        if not given:
            raise RuleRefused(rule, f"{skill}: name the other miniature it targets")
        _one(cmd.target_hero, cmd.target_miniature, "Target")
        target = party(table, cmd.target_hero, cmd.target_miniature)
        earlier = last.chain_targets if skill in DEFERRED else last.chain_targets[:1]
        if target.id in earlier:
            raise RuleRefused(rule, f"{skill} targets another miniature: {target.name} was already a target of "
                                    f"this attack")
    if possessor.hero is not None and target.hero is not None:
        raise RuleRefused("V·C·1 [b]", "A hero attacks characters, not another hero")
    if _down(target):
        raise RuleRefused("V·C·1 [b]", f"{target.name} is neutralized")
    if target.side == possessor.side:
        raise RuleRefused("IX·M", f"{target.name} is an ally of {possessor.name}")
    return target


def _start_follow_up(table, cmd: StartFollowUp) -> list:
    if table.dice.roll is not None:
        raise RuleRefused("VIII", "A roll is already in progress")
    skill = cmd.skill
    if skill not in FOLLOW_UPS:
        raise RuleRefused("X", f"A follow-up is {', '.join(FOLLOW_UPS)}, not {skill!r}")
    rule = f"X·{skill}"
    action = FOLLOW_UP_ACTION[skill]
    last = table.dice.last
    if last is None or last.step != "done" or last.action not in ATTACKS:
        raise RuleRefused(rule, f"{skill} follows a {action} attack ({FOLLOW_UP_WHEN[skill]}): no attack has "
                                f"just ended")
    if last.offered_at != _now(table):
        raise RuleRefused(rule, f"{skill} is taken immediately ({FOLLOW_UP_WHEN[skill]}): the game has moved on "
                                f"since that attack")
    offer = next((o for o in last.follow_ups if o.skill == skill), None)
    if offer is None or offer.after == last.id:
        offer = _check_follow_up(table, last, skill)  # refuses with the requirement that does not hold
    possessor = party(table, offer.hero, offer.miniature)
    levels = last.skills if skill in DEFERRED else skill_levels(possessor)
    have = level(levels, skill)
    if not have:
        raise _unusable(possessor, skill)
    target = _follow_up_target(table, last, offer, possessor, cmd)
    if not cmd.can_target:
        raise RuleRefused(rule, CAN_TARGET[skill])
    deferred = skill in DEFERRED
    if deferred and (cmd.hindering or cmd.enemy_menace is not None or cmd.ally_menace is not None):
        raise RuleRefused(rule, f"{skill}: a deferred attack's successes are the remaining successes, no "
                                f"hindering is counted")
    if deferred:
        hindering, hindering_text = 0, ""
    else:
        hindering, hindering_text = hindering_of(action, levels, cmd.hindering, cmd.enemy_menace, cmd.ally_menace)
    conditional, source = 0, ""
    if not deferred and action == "melee" and level(levels, "Martial arts"):
        conditional, source = level(levels, "Martial arts"), f"Martial arts {level(levels, 'Martial arts')}"
    elif not deferred and action == "ranged" and level(levels, "Marksman"):
        conditional, source = level(levels, "Marksman"), f"Marksman {level(levels, 'Marksman')}"
    if deferred:
        pool = Pool(())
        notes = [f"{skill} {have}: a deferred attack with the {_plural(offer.successes, 'remaining success')}"]
    else:
        pool, notes = _follow_up_pool(last, possessor, skill, have, levels, _friend_die(table, possessor, levels))
    if hindering_text:
        notes.append(hindering_text)
    pending = []
    if deferred:  # the End the Attack step of the initial attack comes after its deferred attacks
        pending = [o for o in last.follow_ups if o.skill in AT_THE_END]
    table.dice.rolls += 1
    roll = DiceRoll(
        id=table.dice.rolls, action=action, step="defense" if deferred else "roll", actor=possessor.name,
        hero=offer.hero, miniature=offer.miniature,
        target_hero=target.hero.id if target.hero is not None else None,
        target_miniature=target.mini.id if target.mini is not None else None, defender=target.name,
        characteristic=last.characteristic if skill == "Combo" or deferred else 0, bonuses=notes,
        hindering=hindering, conditional_automatic=conditional, conditional_source=source,
        defender_in_same_area=cmd.defender_in_same_area, skills=levels,
        poison=max(level(levels, "Poison"), level(levels, "Electricity")), harmless=possessor.trait == "harmless",
        pool=PoolState(dice_types=[d.label for d in pool.dice]), free_action=skill,
        deferred_done=last.deferred_done + 1 if deferred else 0,
        chain_targets=[*last.chain_targets, target.id] if deferred else [*last.chain_targets[:1], target.id],
        pending=pending)
    if deferred:
        roll.successes = offer.successes
    table.dice.roll = roll
    if deferred:
        text = (f"{possessor.name}: {skill} {have}, a deferred {action} attack (a free action) against "
                f"{target.name} with the {_plural(offer.successes, 'remaining success')}; the defender defends")
    else:
        text = (f"{possessor.name}: {FREE_TEXT[skill]} ({skill} {have}, a free action) against {target.name}, pool "
                f"{pool.describe()} ({'; '.join(notes)})")
    return [_event("roll_started", text, rule,
                   {"roll": roll.id, "action": action, "pool": roll.pool.dice_types, "bonuses": notes,
                    "automatic": 0, "hindering": hindering, "follow_up": skill,
                    "successes": roll.successes})]


def may_now(table) -> list[str]:
    """The dice steps that may be taken now: the roll's next steps, or a follow-up."""
    if table.track.over:
        return []
    roll = table.dice.roll
    if roll is not None:
        return NEXT.get(roll.step, []) + ["abandon"]
    return ["follow_up"] if follow_ups_now(table) else []


HANDLERS = {
    StartFollowUp: _start_follow_up,
    SetDiceMode: _set_mode,
    CalibrateDice: _calibrate,
    StartRoll: _start,
    StartFreeRoll: _start_free,
    RollDice: _roll,
    RerollDice: _reroll,
    EndRerolls: _end_rerolls,
    Defend: _defend,
    AbandonRoll: _abandon,
}


# ================================================================== what the phones draw


NEXT = {
    "roll": ["roll"],
    "rerolls": ["reroll", "end_rerolls"],
    "defense": ["defend"],
    "defense_roll": ["roll"],
    "defense_rerolls": ["reroll", "end_rerolls"],
}


def faces_view(faces: FaceTable) -> dict:
    """Every colour's six faces and status. The default face table's are drawn once (the same dict
    is in every view that shows them, so it is never changed); a table's calibration each time."""
    if faces is default_faces():
        return _default_faces_view()
    return _draw_faces(faces)


def _draw_faces(faces: FaceTable) -> dict:
    return {colour: {"faces": list(faces.faces_of(colour)), "status": faces.colour_status(colour)}
            for colour in COLOURS}


@functools.cache
def _default_faces_view() -> dict:
    return _draw_faces(default_faces())


def dice_view(table) -> dict:
    """The dice settings, every colour's faces and status, the roll in progress (with what may be
    done next and the free rerolls left) and the last roll."""
    state = table.dice
    faces = face_table(state)
    roll = None
    if state.roll is not None:
        r = state.roll
        roll = {"roll": r, "step_text": STEP_TEXT[r.step], "may_now": may_now(table)}
        ps = r.defense if r.step.startswith("defense_") else r.pool
        if ps is not None and ps.entry in ("rolled", "physical"):
            current_roll = _as_roll(ps, faces)
            roll["free_rerolls_left"] = rr.free_rerolls_left(current_roll)
            roll["shown"] = current_roll.successes
    return {
        "mode": state.mode,
        "status": faces.status,
        "calibrated": [c_ for c_ in COLOURS if c_ in state.calibrated],
        "faces": faces_view(faces),
        "roll": roll,
        "last": state.last,
        "follow_ups": follow_ups_now(table),
        "friends_gone": list(state.friends_gone),
    }


# ================================================================== odds (no state change)


def _defense_distribution(table, faces: FaceTable, defender: Party, cubes: int, kind: str):
    if defender.hero is not None:
        hero = defender.hero
        space = hero.board.spaces["defense"].characteristic
        bonus = dice_of([hero.board.automatic_defense.die]) if hero.board.automatic_defense.die else []
        automatic = hero.board.automatic_defense.successes
        for item in _carried(hero):
            if _usable(hero, item):
                for line in [b for b in item.bonuses if b.when == "defense"][:1]:
                    bonus += dice_of(line.dice)
                    automatic += line.automatic_successes
    else:
        space = defender.post.space_defs["defense"].characteristic
        bonus = []
        automatic = defender.tile.profile(defender.mini).automatic_defense
    characteristic = tuple(dice_of(space.dice)) if space.kind == "dice" else ()
    pool = sk.defense_pool(cubes, characteristic, None).plus(bonus)
    levels = skill_levels(defender)
    automatic += sk.impenetrable_defense(level(levels, "Impenetrable defense"), attack_kind=kind)
    automatic += sk.untouchable(level(levels, "Untouchable"), attack_kind=kind)
    return pool, automatic, od.defense_distribution(pool, faces, automatic=automatic)


def _floats(dist) -> list[float]:
    return [round(p, 12) for p in dist.as_floats()]


def odds(table, *, pool: list[DiceType] | None = None, hero: str | None = None, miniature: str | None = None,
         action: str | None = None, cubes: int = 1, characteristic: int = 0, weapon: str | None = None,
         second_weapon: str | None = None, elevation: bool = False, automatic: int = 0,
         conditional_automatic: int = 0, hindering: int = 0, penalty: int = 0, difficulty: int | None = None,
         defense_pool: list[DiceType] | None = None, defense_automatic: int = 0, target_hero: str | None = None,
         target_miniature: str | None = None, defense_cubes: int = 0, poison: int = 0, harmless: bool = False) -> dict:
    """The exact odds of a pool before committing (VII, VIII·B, IX·F): the successes'
    distribution (free rerolls taken as `odds` assumes), P(≥ difficulty), against a defense the
    wounds' distribution, and for a hero's action a table by cube count."""
    faces = face_table(table.dice)
    rows = None
    conditional = _count(conditional_automatic, "Automatic successes", "IX·F")
    automatic = _count(automatic, "Automatic successes", "IX·F")
    hindering = _count(hindering, "The hindering index", "IX·N")
    penalty = _count(penalty, "Deducted successes", "IX·F")
    if difficulty is not None:
        difficulty = _count(difficulty, "The difficulty", "V·C·3 [a]")
    kind = None
    plan = None
    actor = None
    if pool is not None:
        if hero is not None or miniature is not None:
            raise RuleRefused("IX·D", "Give a pool, or a hero's or character's action, not both")
        dice_pool = Pool(tuple(pool))
        if action is not None:
            kind = KIND[check_action(action)]
    else:
        _one(hero, miniature, "The odds")
        action = check_action(action)
        kind = KIND[action]
        actor = party(table, hero, miniature)
        if actor.hero is not None:
            plan = hero_plan(actor.hero, action, cubes, weapon=weapon, elevation=elevation,
                             second_weapon=second_weapon)
        else:
            if second_weapon is not None:
                raise RuleRefused("V·D", "Only the heroes can use item cards")
            plan = character_plan(actor.tile, actor.mini, action, characteristic, elevation=elevation)
        friend = _friend_die(table, actor, plan.skills)
        if friend:
            plan.bonus += friend
            plan.notes.append("Imaginary friend: +1 yellow")
        dice_pool = plan.pool
        automatic += plan.automatic
        if action == "melee":
            conditional += level(plan.skills, "Martial arts")
        elif action == "ranged":
            conditional += level(plan.skills, "Marksman")
        if action in ATTACKS:
            poison = max(poison, level(plan.skills, "Poison"), level(plan.skills, "Electricity"))
            harmless = harmless or actor.trait == "harmless"
    if kind is not None and not sk.hindering_applies(kind):
        hindering = 0
    dist = od.successes_distribution(dice_pool, faces, automatic=automatic, conditional_automatic=conditional,
                                     hindering=hindering, penalty=penalty)
    out = {
        "faces_status": faces.status,
        "pool": [d.label for d in dice_pool.dice],
        "describe": dice_pool.describe(),
        "bonuses": plan.notes if plan else [],
        "automatic": automatic,
        "conditional_automatic": conditional,
        "hindering": hindering,
        "penalty": penalty,
        "successes": _floats(dist),
        "mean": float(dist.mean()),
        "difficulty": difficulty,
        "p_at_least": float(od.probability_at_least(dist, difficulty)) if difficulty is not None else None,
        "defense": None,
        "wounds": None,
        "expected_wounds": None,
        "p_neutralize": None,
        "cubes": None,
    }
    defense = None
    target_life = None
    if target_hero is not None or target_miniature is not None:
        if defense_pool is not None:
            raise RuleRefused("VII", "Give the defender or the defense pool, not both")
        _one(target_hero, target_miniature, "The defender")
        defender = party(table, target_hero, target_miniature)
        cubes_ = _count(defense_cubes, "Defense cubes", "VII·B", maximum=MAX_POOL)
        d_pool, d_auto, defense = _defense_distribution(table, faces, defender, cubes_, kind or sk.MELEE)
        target_life = (defender.hero.board.energy - defender.hero.wound if defender.hero is not None
                       else defender.mini.life_points)
        out["defense"] = {"pool": [d.label for d in d_pool.dice], "automatic": d_auto, "successes": _floats(defense),
                          "mean": float(defense.mean()), "defender": defender.name}
    elif defense_pool is not None:
        d_pool = Pool(tuple(defense_pool))
        d_auto = _count(defense_automatic, "Automatic defense successes", "VII·G")
        defense = od.defense_distribution(d_pool, faces, automatic=d_auto)
        out["defense"] = {"pool": [d.label for d in d_pool.dice], "automatic": d_auto, "successes": _floats(defense),
                          "mean": float(defense.mean()), "defender": None}
    if defense is not None:
        poison = _count(poison, "The Poison level", "X·Poison")
        wounds = od.wounds_distribution(dist, defense, poison=poison, harmless=harmless)
        out["wounds"] = _floats(wounds)
        out["expected_wounds"] = float(wounds.mean())
        out["p_neutralize"] = float(wounds.at_least(target_life)) if target_life else None
    if plan is not None and actor.hero is not None:
        room = min(hb.room_on(actor.hero, action), actor.hero.reserve)
        table_rows = od.cube_table(plan.characteristic, room, bonus=tuple(plan.bonus), faces=faces,
                                   difficulty=difficulty, defense=defense, automatic=automatic,
                                   conditional_automatic=conditional, hindering=hindering, penalty=penalty,
                                   poison=poison if defense is not None else 0,
                                   target_life=target_life if defense is not None and target_life else None)
        rows = [{"cubes": r.cubes, "dice": r.dice, "pool": [d.label for d in r.pool.dice],
                 "expected_successes": r.expected_successes, "p_at_least": r.p_at_least,
                 "expected_wounds": r.expected_wounds, "p_neutralize": r.p_neutralize} for r in table_rows]
        out["cubes"] = rows
    return out
