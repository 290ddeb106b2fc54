"""What is printed on the components: hero boards, item cards, tiles, the mission sheet.

These never change during a game. The running state (cubes, life points, river order) lives in
`hero_board`, `command_post`, `river` and `table`.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .errors import RuleRefused

COLOURS = ("white", "yellow", "orange", "red", "black")
HERO_SPACES = ("melee", "ranged", "manipulation", "thought", "movement", "defense", "reroll")
ACTION_SPACES = HERO_SPACES[:5]
COMMAND_POST_SPACES = ("movement", "defense", "reroll")
ACTIONS = ("melee", "ranged", "manipulation", "thought")
TILE_KINDS = ("simple", "double", "event")
TILE_LEVELS = ("leader", "elite", "henchman")
SIDES = ("heroes", "villain", "neutral")
ITEM_TYPES = ("object", "tool", "melee weapon", "ranged weapon")
MAX_TURN_LIMIT = 12  # the turn track runs 0-12 (II, turn track)


class Printed:
    """A printed component never changes during a game: copies of a table share it."""

    def __deepcopy__(self, memo):
        return self



@dataclass(frozen=True)
class Dice(Printed):
    """`count` dice of one dice type: a colour and whether it carries the free-reroll icon (IX·D)."""
    colour: str
    count: int = 1
    free_reroll: bool = False


@dataclass(frozen=True)
class Characteristic(Printed):
    """A characteristic (IX·E): dice, a move-point multiplier, nothing but bonuses, or cannot act."""
    kind: str = "dice"  # dice | multiplier | none | cannot
    dice: list[Dice] = field(default_factory=list)
    multiplier: int = 0


@dataclass(frozen=True)
class SpaceDef(Printed):
    """An action, defense or reroll space: its characteristic and its exertion limit (IX·I)."""
    exertion_limit: int
    characteristic: Characteristic = field(default_factory=lambda: Characteristic(kind="none"))


@dataclass(frozen=True)
class Skill(Printed):
    name: str
    level: int = 1
    encumbrance_limit: int | None = None


@dataclass(frozen=True)
class EncumbranceStep(Printed):
    """One column of the encumbrance table: totals up to `up_to` give `bonus` move points."""
    up_to: int
    bonus: int


@dataclass(frozen=True)
class Bonus(Printed):
    """An item's bonus line (V·D 6): when it applies, and the dice, skill or automatic successes."""
    when: str  # melee | ranged | manipulation | thought | movement | defense | permanent
    dice: list[Dice] = field(default_factory=list)
    automatic_successes: int = 0
    skill: Skill | None = None


@dataclass(frozen=True)
class Item(Printed):
    """An item card: equipment (encumbrance) or bat-gadget (size)."""
    name: str
    category: str = "equipment"  # equipment | bat-gadget
    encumbrance: int = 0  # the encumbrance of equipment or the size of a bat-gadget
    type: str = "object"
    restricted_to: str | None = None  # only the named hero benefits
    moral_code_forbidden: bool = False
    single_use: bool = False
    bonuses: list[Bonus] = field(default_factory=list)
    sample: bool = False


@dataclass(frozen=True)
class AutomaticDefense(Printed):
    """Printed on a hero board as a die or as a number of automatic successes (V·A 5)."""
    die: Dice | None = None
    successes: int = 0


@dataclass(frozen=True)
class HeroBoard(Printed):
    name: str
    energy: int
    spaces: dict[str, SpaceDef]
    encumbrance_table: list[EncumbranceStep]
    active_recovery: int
    resting_recovery: int
    size: int = 1
    menace: int = 1
    automatic_defense: AutomaticDefense = field(default_factory=AutomaticDefense)
    trait: str | None = None
    utility_belt: int = 0
    skills: list[Skill] = field(default_factory=list)
    sample: bool = False

    @property
    def maximum_encumbrance(self) -> int:
        """The right-most value of the encumbrance table (V·A 11)."""
        return self.encumbrance_table[-1].up_to


@dataclass(frozen=True)
class ActionCharacteristic(Printed):
    """A character's characteristic for one action, with its action multiplier (VI·A·2 [a] 10-13)."""
    dice: list[Dice] = field(default_factory=list)
    multiplier: int = 1


@dataclass(frozen=True)
class CharacterProfile(Printed):
    """One character as printed on a tile; `miniatures` of them are controlled by the tile."""
    name: str
    life_points: int = 1
    automatic_defense: int = 0
    first_movement_bonus: int = 0
    size: int = 1
    menace: int = 1
    trait: str | None = None
    melee: list[ActionCharacteristic] = field(default_factory=list)
    ranged: list[ActionCharacteristic] = field(default_factory=list)
    manipulation: list[ActionCharacteristic] = field(default_factory=list)
    thought: list[ActionCharacteristic] = field(default_factory=list)
    skills: list[Skill] = field(default_factory=list)
    reinforcement_cost: int | None = None
    miniatures: int = 1
    in_pool_at_start: int = 0


@dataclass(frozen=True)
class TileDef(Printed):
    name: str
    kind: str = "simple"  # simple | double | event
    side: str = "villain"
    level: str | None = "henchman"  # leader (Leader / Lieutenant) | elite | henchman; none for events
    cost_indicator: int = 1  # double tiles: which of its two positions sets the cost
    characters: list[CharacterProfile] = field(default_factory=list)
    sample: bool = False

    @property
    def width(self) -> int:
        """Positions occupied in the river (VI·A·2 [b])."""
        return 2 if self.kind == "double" else 1


@dataclass(frozen=True)
class Reminders(Printed):
    """Mission effects the app surfaces at the step they belong to; it does not apply them."""
    upkeep: list[str] = field(default_factory=list)
    heroes_start: list[str] = field(default_factory=list)
    heroes_end: list[str] = field(default_factory=list)
    villain_start: list[str] = field(default_factory=list)
    villain_end: list[str] = field(default_factory=list)
    events: list[str] = field(default_factory=list)
    end_game: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Mission(Printed):
    name: str
    initiative: str  # heroes | villain
    turn_limit: int
    villain_reserve: int
    villain_fatigue: int
    recovery: int
    villain_spaces: dict[str, SpaceDef]
    cost_track: list[int]
    river: list[str]  # tile names, left to right
    reinforcement_points: int = 0
    turn_limit_winner: str | None = None  # who wins when the last turn ends, if the mission says
    reminders: Reminders = field(default_factory=Reminders)
    sample: bool = False


def _require(condition: bool, rule: str, message: str, code: str, **params) -> None:
    if not condition:
        raise RuleRefused(rule, message, code, **params)


def check_characteristic(c: Characteristic, what: str) -> None:
    _require(c.kind in ("dice", "multiplier", "none", "cannot"), "IX·E",
             f"{what}: a characteristic is dice, a multiplier, none or cannot",
             "characteristic_kind", kind=c.kind)
    for d in c.dice:
        check_dice(d, what)
    if c.kind == "multiplier":
        _require(c.multiplier >= 1, "IX·E", f"{what}: a move-point multiplier is at least 1",
                 "multiplier_at_least_one")


def check_dice(d: Dice, what: str) -> None:
    _require(d.colour in COLOURS, "IX·D", f"{what}: unknown dice colour '{d.colour}'", "unknown_dice_colour",
             colour=d.colour)
    _require(d.count >= 1, "IX·D", f"{what}: a dice count is at least 1", "dice_count_at_least_one")


def check_hero_board(b: HeroBoard) -> None:
    name = b.name
    _require(bool(name.strip()), "V·A", "A hero board needs a name", "name_missing")
    _require(b.energy >= 1, "V·A 2", f"{name}: energy is at least 1", "energy_at_least_one", hero=name)
    missing = [s for s in HERO_SPACES if s not in b.spaces]
    _require(not missing, "V·A 8-10", f"{name}: the board needs the spaces {', '.join(missing)}",
             "spaces_missing", hero=name, spaces=", ".join(missing))
    extra = [s for s in b.spaces if s not in HERO_SPACES]
    _require(not extra, "V·A 8-10", f"{name}: unknown spaces {', '.join(extra)}",
             "unknown_spaces", hero=name, spaces=", ".join(extra))
    for s, d in b.spaces.items():
        _require(d.exertion_limit >= 0, "IX·I", f"{name}: the {s} exertion limit cannot be negative",
                 "negative_exertion_limit", hero=name, space=s)
        check_characteristic(d.characteristic, f"{name} {s}")
    _require(b.spaces["movement"].characteristic.kind in ("multiplier", "cannot"), "V·A 8.5",
             f"{name}: the movement characteristic is a move-point multiplier",
             "movement_not_multiplier", hero=name)
    _require(bool(b.encumbrance_table), "V·A 11", f"{name}: the encumbrance table is empty",
             "encumbrance_table_empty", hero=name)
    ups = [s.up_to for s in b.encumbrance_table]
    _require(ups == sorted(set(ups)) and ups[0] >= 0, "V·A 11",
             f"{name}: encumbrance table columns must increase", "encumbrance_table_order", hero=name)
    _require(b.active_recovery >= 0 and b.resting_recovery >= 0, "V·A 12",
             f"{name}: recovery values cannot be negative", "negative_value")
    _require(b.utility_belt >= 0, "V·A 7", f"{name}: the utility belt cannot be negative",
             "negative_value")
    if b.automatic_defense.die:
        check_dice(b.automatic_defense.die, f"{name} automatic defense")
    for sk in b.skills:
        _require(sk.level >= 0, "X", f"{name}: skill {sk.name} has a negative level",
                 "negative_value")


def check_item(item: Item) -> None:
    _require(bool(item.name.strip()), "V·D", "An item needs a name", "name_missing")
    _require(item.category in ("equipment", "bat-gadget"), "V·D",
             f"{item.name}: an item is equipment or a bat-gadget", "item_category", item=item.name)
    _require(item.type in ITEM_TYPES, "V·D 4", f"{item.name}: unknown item type '{item.type}'",
             "unknown_item_type", item=item.name, type=item.type)
    _require(item.encumbrance >= 0, "V·D 2", f"{item.name}: encumbrance cannot be negative",
             "negative_value")


def check_tile(t: TileDef) -> None:
    name = t.name
    _require(bool(name.strip()), "VI·A·2", "A tile needs a name", "name_missing")
    _require(t.kind in TILE_KINDS, "VI·A·2", f"{name}: a tile is simple, double or event", "tile_kind",
             tile=name)
    _require(t.side in SIDES, "II", f"{name}: unknown side '{t.side}'", "unknown_side", side=t.side)
    if t.kind == "event":
        _require(not t.characters, "VI·A·2 [c]", f"{name}: an event tile controls no character",
                 "event_tile_characters", tile=name)
        return
    _require(t.level in TILE_LEVELS, "VI·A·2 [a] 16",
             f"{name}: a character tile is Leader / Lieutenant, elite or henchman", "tile_level", tile=name)
    _require(bool(t.characters), "VI·A·2 [a]", f"{name}: a character tile controls characters",
             "tile_without_characters", tile=name)
    _require(t.cost_indicator in (1, 2) and (t.kind == "double" or t.cost_indicator == 1),
             "VI·A·2 [b]", f"{name}: the cost indicator names position 1 or 2 of a double tile",
             "cost_indicator", tile=name)
    names = [c.name for c in t.characters]
    _require(len(set(names)) == len(names), "VI·A·2 [a]", f"{name}: character names repeat",
             "character_names_repeat", tile=name)
    for c in t.characters:
        _require(c.life_points >= 1, "VI·A·2 [a] 4", f"{c.name}: life points are at least 1",
                 "life_points_at_least_one", character=c.name)
        _require(c.miniatures >= 1, "VI·A·2 [a]", f"{c.name}: a tile controls at least 1 miniature",
                 "miniatures_at_least_one", character=c.name)
        _require(0 <= c.in_pool_at_start <= c.miniatures, "VI·E",
                 f"{c.name}: the character pool holds 0 to {c.miniatures} of them at setup",
                 "pool_at_start", character=c.name, miniatures=c.miniatures)
        _require(min(c.automatic_defense, c.first_movement_bonus, c.size, c.menace) >= 0, "IX·K",
                 f"{c.name}: no printed value is negative", "negative_value")
        _require(c.reinforcement_cost is None or c.reinforcement_cost >= 0, "VI·E",
                 f"{c.name}: a reinforcement cost cannot be negative", "negative_value")
        for action in ACTIONS:
            for ac in getattr(c, action):
                _require(ac.multiplier >= 1, "VI·A·2 [a]",
                         f"{c.name}: an action multiplier is at least 1",
                         "multiplier_at_least_one")
                for d in ac.dice:
                    check_dice(d, f"{c.name} {action}")


def check_mission(m: Mission, tiles: dict[str, TileDef]) -> None:
    _require(bool(m.name.strip()), "IV", "A mission needs a name", "name_missing")
    _require(m.initiative in ("heroes", "villain"), "IV·B", "Initiative is the heroes' or the villain's",
             "unknown_initiative", side=m.initiative)
    _require(1 <= m.turn_limit <= MAX_TURN_LIMIT, "II",
             f"The turn limit is between 1 and {MAX_TURN_LIMIT} (the turn track)", "turn_limit_range",
             maximum=MAX_TURN_LIMIT)
    _require(min(m.villain_reserve, m.villain_fatigue, m.recovery, m.reinforcement_points) >= 0,
             "IX·K", "Mission numbers cannot be negative", "negative_value")
    missing = [s for s in COMMAND_POST_SPACES if s not in m.villain_spaces]
    _require(not missing, "VI·A·1", f"The command post needs the spaces {', '.join(missing)}",
             "spaces_missing", side="villain", spaces=", ".join(missing))
    extra = [s for s in m.villain_spaces if s not in COMMAND_POST_SPACES]
    _require(not extra, "VI·A·1", f"The command post has no space {', '.join(extra)}",
             "unknown_spaces", side="villain", spaces=", ".join(extra))
    for s, d in m.villain_spaces.items():
        _require(d.exertion_limit >= 0, "IX·I", f"The villain's {s} exertion limit cannot be negative",
                 "negative_exertion_limit", side="villain", space=s)
        check_characteristic(d.characteristic, f"villain {s}")
    _require(bool(m.cost_track) and all(c >= 0 for c in m.cost_track), "VI·A·1 9",
             "The river's cost track needs a cost for each position", "cost_track_missing")
    _require(m.turn_limit_winner in (None, "heroes", "villain"), "IV",
             "The turn-limit winner is the heroes, the villain or not stated", "turn_limit_winner")
    _require(bool(m.river), "VI·A·1 8", "The mission gives the river's starting order", "river_missing")
    _require(len(set(m.river)) == len(m.river), "VI·A·1 8", "A tile stands once in the river", "river_tile_twice")
    unknown = [n for n in m.river if n not in tiles]
    _require(not unknown, "VI·A·1 8", f"The river names tiles not in play: {', '.join(unknown)}",
             "river_unknown_tiles", tiles=", ".join(unknown))
    width = sum(tiles[n].width for n in m.river)
    _require(width <= len(m.cost_track), "VI·A·1 9",
             f"The river needs {width} positions but the cost track has {len(m.cost_track)}",
             "river_too_long", positions=width, track=len(m.cost_track))
    events = [n for n in m.river if tiles[n].kind == "event"]
    _require(len(events) <= 1, "VI·A·2 [c]", "The river holds one event tile", "river_event_tiles")


# ---------------------------------------------------------------- Versus (booklet)

POWER_TYPES = ("special_event", "permanent")
OPERATIONS = ("recover_discs", "recover_cubes", "transfer_discs", "disc_cost_modifier", "free_activation",
              "hacking_token", "swap_river_tiles", "opposing_tile_last", "restore_life_points", "wounds",
              "character_activation", "activations_already_made", "heal", "neutralize", "unneutralize_tile",
              "event_tile_never_neutralized")
# Operations the app shows as reminders only: replacing a tile needs the replacement tile's card
# (draft it in that slot at setup), and a life point value set at setup is entered with the tile.
REMINDER_OPERATIONS = ("replace_event_tile", "replace_character_tile", "set_life_points")
DISC_ZONES = ("available", "unavailable", "spent")


@dataclass(frozen=True)
class Operation(Printed):
    """One bookkeeping effect of an HQ power, as the app applies it (Versus II)."""
    op: str
    count: int = 0
    difference: bool = False  # transfer the difference of the two sides' discs
    from_side: str | None = None  # self | opponent
    from_zone: str | None = None
    to_side: str | None = None
    to_zone: str | None = None
    amount: int = 0
    spaces: list[str] = field(default_factory=list)
    side: str | None = None
    target: str | None = None
    details: str = ""
    condition: str = ""  # when the booklet makes the operation depend on something at the table
    timing: str = ""
    optional: bool = False
    count_from_successes: bool = False  # the count is the successes of a roll made at the table
    branch: str = ""  # exclusive branches of one alternative: only the one that holds applies
    successes: int | None = None  # applies only when the power's die shows this many successes
    one_per_space: bool = False  # a token that may not go on a space already holding one


@dataclass(frozen=True)
class PowerAlternative(Printed):
    text_fr: str
    text_en: str
    operations: list[Operation] = field(default_factory=list)
    reminder: str = ""


@dataclass(frozen=True)
class Power(Printed):
    """An HQ power: a special event tied to the event tile, or permanent (Versus I·D)."""
    id: str
    character: str
    side: str
    name_fr: str
    name_en: str
    type: str
    alternatives: list[PowerAlternative]
    reminder_only_reason: str | None = None


@dataclass(frozen=True)
class VersusSide(Printed):
    """One side's setup in a Versus mission: cubes, discs and the initial river's slots."""
    reserve: int
    fatigue: int
    recovery: int
    discs_available: int
    discs_unavailable: int
    discs_recovery: list[int]  # per turn, turn 1 first; the last value repeats
    river: list[str]  # slots, left to right: "HQ simple", "HQ double", "event", "simple", "double"
    spaces: dict[str, SpaceDef]
    cost_track: list[int] = field(default_factory=lambda: [1, 2, 3, 4, 5, 6, 7])
    reinforcement_points: int = 0
    events: list[str] = field(default_factory=list)  # the mission's events on this side's event tile


MISSION_RULE_KINDS = ("action", "trigger", "standing", "event", "schedule", "limited", "record", "reminder")
MISSION_OPERATIONS = ("forbid_dredging", "forbid_demobilization", "remove_neutralized_tile", "set_cube_recovery",
                      "transfer_discs")


@dataclass(frozen=True)
class MissionRule(Printed):
    """A special rule, the event or the disc schedule of a booklet mission, as the app applies it.

    kind: "action" (a character of `sides` succeeds a complex `action` of `difficulty`: `counter`
    += `change`, then `operations`), "trigger" (`operations` once `counter` reaches `at`),
    "standing" (`operations` hold all game: forbid_dredging, forbid_demobilization), "event" (the
    side's event tile: `operations` resolved at once), "schedule" (the disc recovery per turn, in
    the sides' numbers), "limited" (used at most `uses` times a game), "record" (`counter` +=
    `change` when the players record it: a board event), "reminder" (shown at its `step`)."""
    id: str
    name_fr: str
    text_fr: str
    kind: str
    sides: list[str]
    step: str = ""  # the step the rule matters at: setup | upkeep | activations | event_tile | end_effects
    text_en: str = ""
    action: str = ""  # manipulation | thought
    difficulty: int = 0
    skill: str = ""
    counter: str = ""
    change: int = 1
    at: int = 0
    uses: int = 0
    operations: list[Operation] = field(default_factory=list)


@dataclass(frozen=True)
class VersusMission(Printed):
    name: str
    initiative: str
    turn_limit: int
    sides: dict[str, VersusSide]
    special_rules: list[str] = field(default_factory=list)
    end_game: list[str] = field(default_factory=list)
    name_fr: str = ""
    id: str = ""  # the booklet mission it comes from (versus-missions.json)
    rules: list[MissionRule] = field(default_factory=list)  # the booklet mission's rules the app applies


def slot_kind(slot: str) -> str:
    """'HQ double' → double; 'event' → event."""
    return slot.split()[-1].lower()


def check_versus_mission(m: VersusMission) -> None:
    _require(bool(m.name.strip()), "Versus I·C", "A mission needs a name", "name_missing")
    _require(m.initiative in ("heroes", "villain"), "IV·B", "Initiative is the heroes' or the villain's",
             "unknown_initiative", side=m.initiative)
    _require(1 <= m.turn_limit <= MAX_TURN_LIMIT, "II", f"The turn limit is between 1 and {MAX_TURN_LIMIT}",
             "turn_limit_range", maximum=MAX_TURN_LIMIT)
    _require(set(m.sides) == {"heroes", "villain"}, "Versus I", "A Versus mission sets up both sides", "versus_sides")
    for side, s in m.sides.items():
        numbers = [s.reserve, s.fatigue, s.recovery, s.discs_available, s.discs_unavailable,
                   s.reinforcement_points, *s.discs_recovery]
        _require(all(n >= 0 for n in numbers), "IX·K", f"The {side}: mission numbers cannot be negative",
                 "negative_value")
        _require(bool(s.discs_recovery), "Versus I·A", f"The {side}: the disc recovery per turn is missing",
                 "disc_recovery_missing", side=side)
        _require(set(s.spaces) == set(COMMAND_POST_SPACES), "VI·A·1",
                 f"The {side}: the command post needs movement, defense and reroll spaces", "post_spaces_wrong", side=side)
        hq = [x for x in s.river if x.lower().startswith("hq")]
        _require(len(hq) == 1, "Versus I·C·2", f"The {side}'s river has one HQ slot", "river_hq_slot",
                 side=side)
        _require(sum(1 for x in s.river if x == "event") == 1, "Versus I·C·2", f"The {side}'s river has one event tile",
                 "river_event_tiles", side=side)
        _require(all(slot_kind(x) in ("simple", "double", "event") for x in s.river), "Versus I·C",
                 f"The {side}: a river slot is simple, double or event", "river_slot_kind", side=side)
        width = sum(2 if slot_kind(x) == "double" else 1 for x in s.river)
        _require(width <= len(s.cost_track), "VI·A·1 9", f"The {side}'s river is longer than its cost track",
                 "river_too_long", side=side)
