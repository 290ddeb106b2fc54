"""The commands a table accepts. Each names what a player does at the table, in the rulebook's words.

An actor or target is either a hero (by id) or a miniature (by id such as 'thugs.2'): exactly one.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from games import entered_dice

from .definitions import Item, Power, TileDef


@dataclass(frozen=True)
class Advance:
    """Finish the current step and enter the next one (IV)."""


@dataclass(frozen=True)
class FinishActions:
    """A hero says they are done for this turn (IV: "The heroes' turn continues in this way until the
    heroes decide unanimously to finish their turn"; V·B·5: "If none of the active heroes want to
    perform an action, the heroes move on to the next step"): once every active hero has, the step
    ends. A done hero who acts again is no longer done."""
    hero: str


@dataclass(frozen=True)
class DeclareStance:
    hero: str
    stance: str


@dataclass(frozen=True)
class Spend:
    """Move cubes from a reserve to a space (IX·C): a hero's, or a command post's (`side`)."""
    space: str
    cubes: int
    hero: str | None = None
    side: str | None = None


@dataclass(frozen=True)
class Attack:
    """A melee or ranged attack resolved with its successes already counted, then the defense (VII).

    A hero attacker spends `cubes` on the attack space; a character attacker uses its
    `characteristic` (index on the tile) and counts against its action multiplier (VI·C·5).
    `successes` are the attack's net successes (after rerolls, automatic successes, hindering).
    The defender spends `defense_cubes` on its defense space and rolled `defense_successes`
    (its automatic defense die included); automatic defense successes are added by the engine.
    Both are read on real dice: the command is a physical-dice table's (the app's dice: the dice flow).
    """
    kind: str
    successes: int = entered_dice()
    hero: str | None = None
    miniature: str | None = None
    target_hero: str | None = None
    target_miniature: str | None = None
    cubes: int = 0
    characteristic: int = 0
    defense_cubes: int = 0
    defense_successes: int = entered_dice(default=0)


@dataclass(frozen=True)
class ComplexAction:
    """A complex manipulation or thought (V·C·3 [a], V·C·4): successes − hindering against difficulty."""
    action: str
    successes: int = entered_dice()
    difficulty: int
    hindering: int = 0
    hero: str | None = None
    miniature: str | None = None
    cubes: int = 0
    characteristic: int = 0
    item: Item | None = None  # equipment the mission lets a hero carry on success (V·C·3 [a] viii)
    mission_rule: str | None = None  # Versus: the mission rule this action performs (its printed difficulty)


@dataclass(frozen=True)
class AutomaticAction:
    """An automatic manipulation or thought (V·C·3 [b], VI·D·3 [b]): a hero spends exactly one cube;
    a character spends none."""
    action: str
    hero: str | None = None
    miniature: str | None = None
    characteristic: int = 0
    description: str = ""


@dataclass(frozen=True)
class MoveStep:
    """One move of a movement (V·C·5 [d]-[e])."""
    type: str = "simple"  # simple | fall | jump | climb
    level: int = 0
    hindering: int = 0
    difficult_terrain: int = 0


@dataclass(frozen=True)
class Move:
    """A movement action: one or more moves paid from the move point pool (V·C·5)."""
    moves: list[MoveStep] = field(default_factory=list)
    hero: str | None = None
    miniature: str | None = None


@dataclass(frozen=True)
class PickUp:
    hero: str
    item: Item


@dataclass(frozen=True)
class Give:
    hero: str
    to_hero: str
    item: str


@dataclass(frozen=True)
class Take:
    hero: str
    from_hero: str
    item: str


@dataclass(frozen=True)
class Drop:
    hero: str
    item: str


@dataclass(frozen=True)
class Throw:
    """Throw carried equipment at an area in line of sight (V·D·1 [e]): a complex manipulation whose
    difficulty is the distance; the item's encumbrance and the hindering come off the successes."""
    hero: str
    item: str
    distance: int
    successes: int = entered_dice()
    cubes: int
    hindering: int = 0


@dataclass(frozen=True)
class ActivateTile:
    tile: str
    side: str = "villain"


@dataclass(frozen=True)
class Dredge:
    tiles: list[str]
    side: str = "villain"


@dataclass(frozen=True)
class Demobilize:
    tile: str
    side: str = "villain"


@dataclass(frozen=True)
class Reinforce:
    miniature: str
    side: str = "villain"


@dataclass(frozen=True)
class EndReinforcement:
    """The side is done bringing characters back: unspent reinforcement points are lost (VI·E)."""
    side: str = "villain"


@dataclass(frozen=True)
class Wound:
    """Wounds from anything but an attack: a fall, dangerous terrain, an explosion, a mission rule."""
    wounds: int
    hero: str | None = None
    miniature: str | None = None
    cause: str = ""


@dataclass(frozen=True)
class PlaceToken:
    kind: str
    side: str
    area: str = ""


@dataclass(frozen=True)
class RemoveToken:
    id: int


@dataclass(frozen=True)
class EndGame:
    """An end-game condition of the mission is met (IV·C, IV·E)."""
    winner: str
    reason: str = ""


# ---------------------------------------------------------------- Versus (booklet)


@dataclass(frozen=True)
class PickHQ:
    """A side picks its HQ, initiative side first (Versus I·C·2); `powers` are the HQ's powers."""
    side: str
    tile: TileDef
    powers: list[Power] = field(default_factory=list)


@dataclass(frozen=True)
class DraftTile:
    """A side drafts one tile for a free slot of its initial river, alternately (Versus I·C·3)."""
    side: str
    tile: TileDef


@dataclass(frozen=True)
class ResolvePower:
    """Apply an HQ power's bookkeeping: its alternative (for "or" powers) and its targets."""
    side: str
    power: str
    alternative: int = 0
    tiles: list[str] = field(default_factory=list)
    space: str | None = None
    miniatures: list[str] = field(default_factory=list)  # targets, in the order the operations need them
    count: int | None = None  # successes of a roll made at the table, for "as many as successes"


@dataclass(frozen=True)
class RecordMissionRule:
    """Versus: a mission rule happens at the table without a roll: a board event the mission counts
    (a hostage exfiltrated) or a rule limited per game (the intervention squad's charges)."""
    side: str
    rule: str


@dataclass(frozen=True)
class ResolveMissionEvent:
    """Versus: resolve the mission's event on the side's event tile (e.g. a neutralized tile of the
    side's river back in the game box, for free)."""
    side: str
    rule: str
    tile: str
