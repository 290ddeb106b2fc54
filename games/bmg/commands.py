"""What a player does at a Batman Miniature Game table, in the rulebook's words. Dice fields left
None are drawn from the rng handed to `engine.apply` (a server's CSPRNG); entered, they are the
real dice, marked `entered_dice` and accepted only at a table whose dice are physical (the
table's `dice`). The registry names each command by the snake_case of its class."""
from __future__ import annotations

from dataclasses import dataclass

from games import entered_dice

from .attacks import MeleeShare


# ---------------------------------------------------------------- I. Take the Lead

@dataclass(frozen=True)
class RollLead:
    """TAKE THE LEAD: the player's D6 (the pass bonus is added by the companion)."""
    player: str
    value: int | None = entered_dice(default=None)


@dataclass(frozen=True)
class ChooseInitiative:
    """The roll's winner chooses who has the Initiative (maybe another player)."""
    player: str
    initiative: str


@dataclass(frozen=True)
class RollEvent:
    """An Event that asks the Initiative player for a D6 each round (Heavy Rain)."""
    player: str
    value: int | None = entered_dice(default=None)


# ---------------------------------------------------------------- II. Raise the Plan

@dataclass(frozen=True)
class PlaceAudacity:
    """RAISE THE PLAN, in secret: 4 Audacity markers on 4 different models able to activate, or
    on as many as the player has."""
    player: str
    models: tuple[str, ...]


# ---------------------------------------------------------------- III. Execute the Plan

@dataclass(frozen=True)
class Activate:
    """Activate a model. `extra_actions`: extra actions it has this activation: "manipulate" from
    Inspire (a Henchman starting within 8" of the Boss, 4" for a replacement Boss) [R], or a type
    ("movement", "tactical", "special", "any") from a trait [P]."""
    model: str
    extra_actions: tuple[str, ...] = ()


@dataclass(frozen=True)
class Move:
    """MOVEMENT ACTION. `distance`: the inches moved, measured on the table [R] (None: not entered),
    at most the Basic Move Distance after Impaired Movement; `impaired`: sources of Impaired
    Movement [R] (Difficult Ground, each Jump, each Climb); `stand_up` clears Knocked Down and
    counts as one more; `bmd_modifier`: inches a trait adds to or takes from the Basic Move
    Distance [P] (e.g. Fast). `fall_distance`: the distance travelled in the action when it ends in
    a fall [R] (the move and the fall)."""
    model: str
    impaired: int = 0
    stand_up: bool = False
    fall_distance: float | None = None
    extra: bool = False
    distance: float | None = None
    bmd_modifier: int = 0


@dataclass(frozen=True)
class MeleeAttack:
    model: str
    weapon: str
    shares: tuple[MeleeShare, ...]
    effort: int = 0
    extra: bool = False


@dataclass(frozen=True)
class RangedAttack:
    model: str
    weapon: str
    target: str
    moved: bool | None = None  # None: the companion knows from the activation
    beyond_range: bool = False
    cover: bool = False
    firing_blind: bool = False
    dodge: int = 0
    strength_die_removed: bool = False
    in_contact_with_enemy: bool = False
    attack_values: tuple[int, ...] | None = entered_dice(default=None)
    strength_value: int | None = entered_dice(default=None)
    critical: str | None = None
    extra: bool = False


@dataclass(frozen=True)
class Manipulate:
    """MANIPULATE ACTIONS: "place_suspect" (in contact; not within 2" of your deployment zones nor
    4" of your Suspects [R]; at most 8 on the board), "reveal_suspect" (`owner`: whose marker),
    "sewer" (once per model per round), or "other" (a trait or scenario)."""
    model: str
    what: str
    owner: str | None = None
    extra: bool = False


@dataclass(frozen=True)
class SpecialAction:
    """A Special action a trait defines [P]."""
    model: str
    trait: str = ""
    extra: bool = False


@dataclass(frozen=True)
class EndActivation:
    model: str


@dataclass(frozen=True)
class Pass:
    """PASSING ON ACTIVATION: discard a Pass marker and hand the turn over."""
    player: str


# ---------------------------------------------------------------- any time

@dataclass(frozen=True)
class SkillRollCommand:
    """SKILL ROLLS: `skill` of `model`, or against `against`'s skill when opposed. `effort_by`
    makes `effort` ★ of Effort so the rolling model rolls that many fewer dice (min 1)."""
    model: str
    skill: str
    against: str | None = None
    effort_by: str | None = None
    effort: int = 0
    values: tuple[int, ...] | None = entered_dice(default=None)


@dataclass(frozen=True)
class PayEffort:
    """EFFORT: ★ taken to pay a trait that asks for Effort (e.g. Power Armor) [P: the trait's text]."""
    model: str
    effort: int
    trait: str = ""


@dataclass(frozen=True)
class RecoveryRoll:
    """RECOVERY (Recount step 5): a KO model's Endurance roll with Special − 1 dice."""
    model: str
    values: tuple[int, ...] | None = entered_dice(default=None)


@dataclass(frozen=True)
class Damage:
    """Markers from an effect the table resolves (a trait, Poison, a template) [P]: the KO rule
    (+1 ♦ per hit) applies when `hits` is given."""
    model: str
    stun: int = 0
    injury: int = 0
    hits: int = 1


@dataclass(frozen=True)
class Heal:
    """Markers removed by an effect (e.g. a Medic). A KO model whose ★ fall below Willpower
    recovers with no roll but cannot activate this round (RECOVERING EARLIER IN THE ROUND)."""
    model: str
    stun: int = 0
    injury: int = 0


@dataclass(frozen=True)
class SetStatus:
    """A Compendium status as a reminder (Knocked Down is tracked by the rules; others by name)."""
    model: str
    status: str
    on: bool = True


@dataclass(frozen=True)
class Reload:
    """Magazines found (Ammo Crates…): never above the count the model began with."""
    model: str
    weapon: str
    count: int = 1


@dataclass(frozen=True)
class HandCrown:
    """BOSS SPECIAL RULES: when the Boss is removed, the player hands the Crown marker to another
    model; the new Boss's Inspire reaches 4" instead of 8" [R]."""
    model: str


@dataclass(frozen=True)
class Dispute:
    """Why so serious?: the player's reading applies on 4+, the opponent's on 1–3."""
    player: str
    value: int | None = entered_dice(default=None)


@dataclass(frozen=True)
class RollDie:
    """One die for an effect the companion does not track (THE FIRST STEPS › Reading the Dice,
    Modifying Dice Rolls, Fractions and Rounding; RANDOMIZING): a D6 (halved when `halve`, then
    `add`), a D3, or which of `items` (2–6) a D6 picks."""
    player: str
    kind: str = "d6"
    add: int = 0
    halve: bool = False
    items: int = 0
    value: int | None = entered_dice(default=None)


# ---------------------------------------------------------------- the road to victory

@dataclass(frozen=True)
class Mulligan:
    """Draw & Mulligan: once, discard any number of the 4 and redraw them (before the first round's
    Execute the Plan)."""
    player: str
    count: int


@dataclass(frozen=True)
class PlayObjective:
    """Show an Objective card from the hand (its When to Play phase is on the card [P])."""
    player: str
    name: str


@dataclass(frozen=True)
class ScoreObjective:
    """An Objective in play whose requirements are met [P]: its VP, Accomplished Objectives."""
    player: str
    name: str
    vp: int


@dataclass(frozen=True)
class FailObjective:
    """An Objective in play whose requirements were not met: Discard it."""
    player: str
    name: str


@dataclass(frozen=True)
class PlayResource:
    """Play a card as a Resource: pay its cost in Resource Points."""
    player: str
    cost: int


@dataclass(frozen=True)
class DiscardObjective:
    """Recount 6c: discard up to one Objective card from the hand (the deck is shuffled and the
    hand drawn back to 4)."""
    player: str


@dataclass(frozen=True)
class Advance:
    """Go on to the next Recount step (IV. 1–6)."""
