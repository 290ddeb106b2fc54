"""The dice flow's commands, one per step of a roll, and what may go on while a roll is in progress."""
from __future__ import annotations

from dataclasses import dataclass, field

from games import entered_dice

from ..definitions import Item

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
    throw: str | None = None  # V·D·1 [e]: the carried equipment thrown; `difficulty` is the distance
    mission_rule: str | None = None  # Versus: the mission rule this complex action performs
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
    """Roll the pool waiting for its dice: in server mode the app rolls them with the `rng` the
    server passes (no field); in physical mode `faces` (one per die, 0-5), `shown` (the successes
    each die shows, in pool order) or `successes` are what the players read on real dice."""
    faces: list[int] | None = entered_dice(default=None)
    successes: int | None = entered_dice(default=None)
    shown: list[int] | None = entered_dice(default=None)


@dataclass(frozen=True)
class RerollDice:
    """One reroll step of VIII on the current pool: `step` is skill (`skill` Luck / Support /
    Point blank), free, misfortune or paid; `dice` are die indexes (which dice, not what they
    show). Support and Misfortune name their possessor and whether they are in the same area. The
    new faces: the `rng` (server mode), or `faces` / `shown` read on real dice (physical mode)."""
    step: str
    dice: list[int]
    skill: str | None = None
    possessor_hero: str | None = None
    possessor_miniature: str | None = None
    same_area: bool = False
    faces: list[int] | None = entered_dice(default=None)  # physical dice: the new faces, in `dice` order
    shown: list[int] | None = entered_dice(default=None)  # physical dice: the successes each rerolled die shows


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

