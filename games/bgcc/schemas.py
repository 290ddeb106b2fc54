"""The JSON forms of the board game's printed definitions (hero boards, items, tiles, missions) and
of its setup options, as marshmallow schemas: shape and ranges; the rules then check consistency
(`definitions.check_*`, `library.parse`). The API reaches them through the game
(`Bgcc.setup_schema`, `Bgcc.library`), never by importing this module."""
from __future__ import annotations

from marshmallow import Schema, fields, validate

from games.fields import NAME, SMALL, TEXT, Bool, List, Text, small

from .definitions import COLOURS, COMMAND_POST_SPACES, HERO_SPACES, ITEM_TYPES, SIDES, TILE_KINDS, TILE_LEVELS


class DiceSchema(Schema):
    colour = Text(required=True, validate=validate.OneOf(COLOURS))
    count = fields.Integer(strict=True, load_default=1, validate=validate.Range(min=1, max=12))
    free_reroll = Bool(load_default=False)


class CharacteristicSchema(Schema):
    kind = Text(load_default="dice", validate=validate.OneOf(["dice", "multiplier", "none", "cannot"]))
    dice = List(fields.Nested(DiceSchema), load_default=list, validate=validate.Length(max=6))
    multiplier = fields.Integer(strict=True, load_default=0, validate=validate.Range(min=0, max=12))


class SpaceDefSchema(Schema):
    exertion_limit = fields.Integer(strict=True, required=True, validate=validate.Range(min=0, max=20))
    characteristic = fields.Nested(CharacteristicSchema, load_default=lambda: {"kind": "none", "dice": [],
                                                                                "multiplier": 0})


class SkillSchema(Schema):
    name = Text(required=True, validate=NAME)
    level = fields.Integer(strict=True, load_default=1, validate=validate.Range(min=0, max=12))
    encumbrance_limit = fields.Integer(strict=True, load_default=None, allow_none=True, validate=SMALL)


class EncumbranceStepSchema(Schema):
    up_to = small(required=True)
    bonus = fields.Integer(strict=True, required=True, validate=validate.Range(min=0, max=12))


class BonusSchema(Schema):
    when = Text(required=True, validate=validate.OneOf(
        ["melee", "ranged", "manipulation", "thought", "movement", "defense", "permanent"]))
    dice = List(fields.Nested(DiceSchema), load_default=list, validate=validate.Length(max=6))
    automatic_successes = fields.Integer(strict=True, load_default=0, validate=validate.Range(min=0, max=12))
    skill = fields.Nested(SkillSchema, load_default=None, allow_none=True)


class ItemSchema(Schema):
    name = Text(required=True, validate=NAME)
    category = Text(load_default="equipment", validate=validate.OneOf(["equipment", "bat-gadget"]))
    encumbrance = fields.Integer(strict=True, load_default=0, validate=validate.Range(min=0, max=20),
                                 metadata={"description": "encumbrance of equipment, size of a bat-gadget"})
    type = Text(load_default="object", validate=validate.OneOf(ITEM_TYPES))
    restricted_to = Text(load_default=None, allow_none=True, validate=NAME)
    moral_code_forbidden = Bool(load_default=False)
    single_use = Bool(load_default=False)
    bonuses = List(fields.Nested(BonusSchema), load_default=list, validate=validate.Length(max=6))
    sample = Bool(load_default=False)


class AutomaticDefenseSchema(Schema):
    die = fields.Nested(DiceSchema, load_default=None, allow_none=True)
    successes = fields.Integer(strict=True, load_default=0, validate=validate.Range(min=0, max=12))


def _spaces(names):
    return fields.Dict(keys=Text(validate=validate.OneOf(names)), values=fields.Nested(SpaceDefSchema),
                       required=True, metadata={"description": "one entry per space: " + ", ".join(names)})


class HeroBoardSchema(Schema):
    name = Text(required=True, validate=NAME)
    energy = fields.Integer(strict=True, required=True, validate=validate.Range(min=1, max=40))
    size = fields.Integer(strict=True, load_default=1, validate=validate.Range(min=0, max=12))
    menace = fields.Integer(strict=True, load_default=1, validate=validate.Range(min=0, max=12))
    automatic_defense = fields.Nested(AutomaticDefenseSchema, load_default=lambda: {"die": None, "successes": 0})
    trait = Text(load_default=None, allow_none=True, validate=NAME)
    utility_belt = fields.Integer(strict=True, load_default=0, validate=validate.Range(min=0, max=12))
    spaces = _spaces(HERO_SPACES)
    encumbrance_table = List(fields.Nested(EncumbranceStepSchema), required=True,
                                    validate=validate.Length(min=1, max=12))
    active_recovery = fields.Integer(strict=True, required=True, validate=validate.Range(min=0, max=40))
    resting_recovery = fields.Integer(strict=True, required=True, validate=validate.Range(min=0, max=40))
    skills = List(fields.Nested(SkillSchema), load_default=list, validate=validate.Length(max=20))
    sample = Bool(load_default=False)


class ActionCharacteristicSchema(Schema):
    dice = List(fields.Nested(DiceSchema), load_default=list, validate=validate.Length(max=6))
    multiplier = fields.Integer(strict=True, load_default=1, validate=validate.Range(min=1, max=12))


def _characteristics():
    return List(fields.Nested(ActionCharacteristicSchema), load_default=list,
                       validate=validate.Length(max=4))


class CharacterProfileSchema(Schema):
    name = Text(required=True, validate=NAME)
    life_points = fields.Integer(strict=True, load_default=1, validate=validate.Range(min=1, max=40))
    automatic_defense = fields.Integer(strict=True, load_default=0, validate=validate.Range(min=0, max=12))
    first_movement_bonus = fields.Integer(strict=True, load_default=0, validate=validate.Range(min=0, max=12))
    size = fields.Integer(strict=True, load_default=1, validate=validate.Range(min=0, max=12))
    menace = fields.Integer(strict=True, load_default=1, validate=validate.Range(min=0, max=12))
    trait = Text(load_default=None, allow_none=True, validate=NAME)
    melee = _characteristics()
    ranged = _characteristics()
    manipulation = _characteristics()
    thought = _characteristics()
    skills = List(fields.Nested(SkillSchema), load_default=list, validate=validate.Length(max=20))
    reinforcement_cost = fields.Integer(strict=True, load_default=None, allow_none=True, validate=validate.Range(min=0, max=40))
    miniatures = fields.Integer(strict=True, load_default=1, validate=validate.Range(min=1, max=12))
    in_pool_at_start = fields.Integer(strict=True, load_default=0, validate=validate.Range(min=0, max=12))


class TileDefSchema(Schema):
    name = Text(required=True, validate=NAME)
    kind = Text(load_default="simple", validate=validate.OneOf(TILE_KINDS))
    side = Text(load_default="villain", validate=validate.OneOf(SIDES))
    level = Text(load_default="henchman", allow_none=True, validate=validate.OneOf(TILE_LEVELS),
                          metadata={"description": "leader (Leader / Lieutenant), elite or henchman; "
                                                   "null for the event tile"})
    cost_indicator = fields.Integer(strict=True, load_default=1, validate=validate.OneOf([1, 2]))
    characters = List(fields.Nested(CharacterProfileSchema), load_default=list,
                             validate=validate.Length(max=6))
    sample = Bool(load_default=False)


class RemindersSchema(Schema):
    upkeep = List(Text(validate=TEXT), load_default=list, validate=validate.Length(max=20))
    heroes_start = List(Text(validate=TEXT), load_default=list, validate=validate.Length(max=20))
    heroes_end = List(Text(validate=TEXT), load_default=list, validate=validate.Length(max=20))
    villain_start = List(Text(validate=TEXT), load_default=list, validate=validate.Length(max=20))
    villain_end = List(Text(validate=TEXT), load_default=list, validate=validate.Length(max=20))
    events = List(Text(validate=TEXT), load_default=list, validate=validate.Length(max=20))
    end_game = List(Text(validate=TEXT), load_default=list, validate=validate.Length(max=20))


class MissionSchema(Schema):
    name = Text(required=True, validate=NAME)
    initiative = Text(required=True, validate=validate.OneOf(["heroes", "villain"]))
    turn_limit = fields.Integer(strict=True, required=True, validate=validate.Range(min=1, max=12))
    villain_reserve = fields.Integer(strict=True, required=True, validate=validate.Range(min=0, max=60))
    villain_fatigue = fields.Integer(strict=True, load_default=0, validate=validate.Range(min=0, max=60))
    recovery = fields.Integer(strict=True, required=True, validate=validate.Range(min=0, max=60))
    villain_spaces = _spaces(COMMAND_POST_SPACES)
    cost_track = List(fields.Integer(strict=True, validate=validate.Range(min=0, max=20)), required=True,
                             validate=validate.Length(min=1, max=16))
    river = List(Text(validate=NAME), required=True, validate=validate.Length(min=1, max=16),
                        metadata={"description": "tile names, left to right"})
    reinforcement_points = fields.Integer(strict=True, load_default=0, validate=validate.Range(min=0, max=40))
    turn_limit_winner = Text(load_default=None, allow_none=True,
                                      validate=validate.OneOf(["heroes", "villain"]))
    reminders = fields.Nested(RemindersSchema, load_default=dict)
    sample = Bool(load_default=False)


# ------------------------------------------------------------------ setup options


class HeroEntrySchema(Schema):
    board = fields.Nested(HeroBoardSchema, required=True)
    equipment = fields.List(fields.Nested(ItemSchema), load_default=list, validate=validate.Length(max=12))
    gadgets = fields.List(fields.Nested(ItemSchema), load_default=list, validate=validate.Length(max=12))


class NewTableSchema(Schema):
    mode = Text(load_default="standard", validate=validate.OneOf(["standard"]))
    mission = fields.Nested(MissionSchema, required=True)
    heroes = fields.List(fields.Nested(HeroEntrySchema), required=True, validate=validate.Length(min=1, max=4))
    tiles = fields.List(fields.Nested(TileDefSchema), required=True, validate=validate.Length(min=1, max=16))


# ------------------------------------------------------------------ Versus setup options


SIDE = validate.OneOf(["heroes", "villain"])
SLOT = validate.OneOf(["HQ simple", "HQ double", "event", "simple", "double"])


class VersusSideSchema(Schema):
    reserve = fields.Integer(strict=True, load_default=None, validate=validate.Range(min=0, max=60))
    fatigue = fields.Integer(strict=True, load_default=None, validate=validate.Range(min=0, max=60))
    recovery = fields.Integer(strict=True, load_default=None, validate=validate.Range(min=0, max=60))
    discs_available = fields.Integer(strict=True, load_default=None, validate=validate.Range(min=0, max=30))
    discs_unavailable = fields.Integer(strict=True, load_default=None, validate=validate.Range(min=0, max=30))
    discs_recovery = List(fields.Integer(strict=True, validate=validate.Range(min=0, max=30)),
                                 load_default=None, validate=validate.Length(min=1, max=12),
                                 metadata={"description": "discs recovered per turn, turn 1 first; the last repeats"})
    river = List(Text(validate=SLOT), load_default=None, validate=validate.Length(min=2, max=12))
    spaces = fields.Dict(keys=Text(validate=validate.OneOf(["movement", "defense", "reroll"])),
                         values=fields.Nested(SpaceDefSchema), load_default=None,
                         metadata={"description": "default: movement x1 (3), defense 1 orange (3), reroll (2)"})
    cost_track = List(fields.Integer(strict=True, validate=validate.Range(min=0, max=20)),
                             load_default=lambda: [1, 2, 3, 4, 5, 6, 7], validate=validate.Length(min=1, max=16))
    reinforcement_points = fields.Integer(strict=True, load_default=0, validate=validate.Range(min=0, max=40))
    events = List(Text(validate=TEXT), load_default=list, validate=validate.Length(max=10))


class VersusMissionSchema(Schema):
    """A booklet mission by `id` (the booklet's values filled in: type only what the booklet does not
    print, its template's `missing`), or a mission typed in full (every number required)."""
    name = Text(load_default=None, validate=NAME)
    name_fr = Text(load_default="", validate=validate.Length(max=80))
    id = Text(load_default="", validate=validate.Length(max=80),
                       metadata={"description": "a booklet mission's id (GET /api/versus/missions): its printed "
                                                "values, event, special rules and disc schedule are loaded"})
    initiative = Text(load_default=None, validate=SIDE)
    turn_limit = fields.Integer(strict=True, load_default=None, validate=validate.Range(min=1, max=12))
    sides = fields.Dict(keys=Text(validate=SIDE), values=fields.Nested(VersusSideSchema), required=True)
    special_rules = List(Text(validate=TEXT), load_default=list, validate=validate.Length(max=20))
    end_game = List(Text(validate=TEXT), load_default=list, validate=validate.Length(max=20))


class NewVersusTableSchema(Schema):
    mission = fields.Nested(VersusMissionSchema, required=True)
