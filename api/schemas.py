"""Schemas shared by several resources: the printed definitions (hero boards, items, tiles, missions),
the table as a phone draws it, command results and errors.

Definitions are validated here for shape and ranges, then by the rules (`games.bgcc.definitions`)
for consistency.
"""
from __future__ import annotations

from marshmallow import INCLUDE, Schema, fields, validate

from games.bgcc.definitions import (COLOURS, COMMAND_POST_SPACES, HERO_SPACES, ITEM_TYPES,
                                    SIDES, TILE_KINDS, TILE_LEVELS)

SMALL = validate.Range(min=0, max=99)
NAME = validate.Length(min=1, max=80)
TEXT = validate.Length(max=1000)


class StrictBoolean(fields.Boolean):
    """A JSON boolean: true or false, not 1, 0 or "yes"."""

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, bool):
            raise self.make_error("invalid", input=value)
        return value


class Text(fields.String):
    """A string of valid Unicode. Python holds lone surrogates ("\\ud800") that no UTF-8 store or
    answer can carry: refused here (422), never taken in to fail when stored."""

    default_error_messages = {"invalid_unicode": "Not valid Unicode text (a lone surrogate?)"}

    def _deserialize(self, value, attr, data, **kwargs):
        text = super()._deserialize(value, attr, data, **kwargs)
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            raise self.make_error("invalid_unicode") from None
        return text


class List(fields.List):
    """A list whose length is checked before its items are read: a body of 300,000 nested items is
    refused (422) at once, not after each item has been validated (marshmallow runs a field's
    validators only after deserializing it)."""

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, (list, tuple)):
            for check in self.validators:
                if isinstance(check, validate.Length):
                    check(value)
        return super()._deserialize(value, attr, data, **kwargs)


def Bool(**kw):
    return StrictBoolean(**kw)


def small(**kw):
    return fields.Integer(strict=True, validate=SMALL, **kw)


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


# ------------------------------------------------------------------ what a phone draws


class SpaceViewSchema(Schema):
    cubes = fields.Integer(strict=True)
    exertion_limit = fields.Integer(strict=True)
    saturated = fields.Boolean()
    room = fields.Integer(strict=True)
    characteristic = fields.Dict()
    unused = fields.Integer(strict=True, metadata={"description": "a hero's action space: cubes spent on it since "
                                                                 "its last action, counted by the next action "
                                                                 "from it (cubes is how many more)"})


class SkillViewSchema(SkillSchema):
    applies = fields.Boolean(metadata={"description": "false while the encumbrance total reaches its limit"})


class HeroViewSchema(Schema):
    id = Text()
    name = Text()
    energy = fields.Integer(strict=True)
    reserve = fields.Integer(strict=True)
    fatigue = fields.Integer(strict=True)
    wound = fields.Integer(strict=True)
    spaces = fields.Dict(keys=Text(), values=fields.Nested(SpaceViewSchema))
    stance = Text(allow_none=True)
    neutralized = fields.Boolean()
    moved_this_turn = fields.Boolean()
    recovery = fields.Dict(keys=Text(), values=fields.Integer(strict=True))
    encumbrance = fields.Integer(strict=True)
    maximum_encumbrance = fields.Integer(strict=True)
    first_movement_bonus = fields.Integer(strict=True)
    equipment = List(fields.Dict())
    gadgets = List(fields.Dict())
    skills = List(fields.Nested(SkillViewSchema))
    board = fields.Dict()


class RiverTileViewSchema(Schema):
    id = Text()
    name = Text()
    kind = Text()
    level = Text(allow_none=True)
    position = fields.Integer(strict=True)
    width = fields.Integer(strict=True)
    cost = fields.Integer(strict=True)
    neutralized = fields.Boolean()
    affordable = fields.Boolean(metadata={"description": "the reserve (and in Versus the available discs) "
                                                         "can pay it now"})
    discs = fields.Integer(strict=True, metadata={"description": "Versus: discs this activation would cost"})


class MiniatureViewSchema(Schema):
    id = Text()
    tile = Text()
    label = Text()
    place = Text(metadata={"description": "board, pool (character pool) or gone (dredged)"})
    life_points = fields.Integer(strict=True)
    max_life_points = fields.Integer(strict=True)
    reinforcement_cost = fields.Integer(strict=True, allow_none=True)


class CommandPostViewSchema(Schema):
    side = Text()
    reserve = fields.Integer(strict=True)
    fatigue = fields.Integer(strict=True)
    removed_from_game = fields.Integer(strict=True)
    recovery = fields.Integer(strict=True)
    spaces = fields.Dict(keys=Text(), values=fields.Nested(SpaceViewSchema))
    cost_track = List(fields.Integer(strict=True))
    river = List(fields.Nested(RiverTileViewSchema))
    activations_this_turn = fields.Integer(strict=True)
    activated_this_turn = List(Text(), metadata={"description": "the tiles activated this turn, in order "
                                                                      "(emptied when the side's turn ends)"})
    activation_limit = fields.Integer(strict=True, allow_none=True,
                                      metadata={"description": "standard mode: the most tile activations a villain "
                                                               "turn allows (VI·B); null in Versus"})
    activation = fields.Dict(allow_none=True)
    demobilized = fields.Boolean()
    reinforcement_points = fields.Integer(strict=True)
    miniatures = List(fields.Nested(MiniatureViewSchema))
    character_pool = List(Text())
    life_point_track = List(fields.Nested(MiniatureViewSchema))
    tiles = fields.Dict()
    discs = fields.Dict(metadata={"description": "Versus: available, unavailable, spent, recovery, "
                                                 "next_activation_cost"})
    hq = Text(allow_none=True, metadata={"description": "Versus: the HQ tile"})
    powers = List(fields.Dict(), metadata={"description": "Versus: the HQ's powers"})
    hacking = fields.Dict(metadata={"description": "Versus: hacking tokens per space"})
    free_activations = fields.Integer(strict=True)


class AwaitingSchema(Schema):
    """Someone the table waits for now (C1)."""
    seat = Text(metadata={"description": "the seat that decides: host, villain, heroes, hero:<id>"})
    code = Text(metadata={"description": "declare_stance, hero_actions, activate_tile, activations, roll, defend, "
                                         "reinforce, resolve_power, resolve_mission_event, draft, advance"})
    params = fields.Dict(metadata={"description": "display names and numbers (advance: to, title)"})


class TurnViewSchema(Schema):
    """BGCC's turn track (a Strategy Game table's turn carries its own fields)."""
    class Meta:
        unknown = INCLUDE

    turn = fields.Integer(strict=True)
    turn_limit = fields.Integer(strict=True)
    step = Text()
    title = Text()
    rule = Text()
    side_playing = Text(allow_none=True)
    initiative = Text()
    reminders = List(Text())
    end_game_conditions = List(Text())
    over = fields.Boolean()
    winner = Text(allow_none=True)
    reason = Text(allow_none=True)
    awaiting = List(fields.Nested(AwaitingSchema),
                           metadata={"description": "who the table waits for now, most urgent first; when nobody "
                                                    "has anything to decide, the seats that may move the turn on"})


class SeatStateSchema(Schema):
    seat = Text()
    connected = fields.Boolean(metadata={"description": "a phone on this seat is live now"})


class MayViewSchema(Schema):
    """A command a seat may send now (step, side, roll in progress and seat rights applied; cubes
    and costs are not pre-checked)."""
    command = Text(metadata={"description": "the command's registry name, e.g. activate_tile"})
    targets = fields.Dict(keys=Text(), values=List(fields.Raw()),
                          metadata={"description": "each field with a finite set of values now and those values "
                                                   "(hero ids, spaces, tile ids, miniature ids, sides, kinds...)"})
    to = Text(metadata={"description": "advance: the step the turn stops at (steps in which nobody has "
                                       "anything to decide pass by themselves)"})
    loses = fields.Dict(keys=Text(), values=fields.Integer(strict=True),
                        metadata={"description": "what sending it would lose now, e.g. {\"reinforcement_points\": 3}: "
                                                 "the villain's unspent reinforcement points (VI·E)"})


class TravelSchema(Schema):
    """A change an undo would take back or a redo make again (C5)."""
    command = Text(metadata={"description": "the command's registry name, e.g. activate_tile"})
    seat = Text(allow_none=True, metadata={"description": "the seat that made it"})
    version = fields.Integer(strict=True)
    events = List(fields.Dict(), metadata={"description": "its events, as this seat may read them"})


class TableViewSchema(Schema):
    """The table as the token's seat may see it. BGCC's fields are listed; a Batman Miniature Game
    or Gotham City Strategy Game table carries its own (games/bmg/view.py, games/gcsg/view.py)."""
    class Meta:
        unknown = INCLUDE  # the other games' fields

    code = Text()
    version = fields.Integer(strict=True)
    game = Text(metadata={"description": "the table's game: bgcc, bgcc-versus, bmg, gcsg"})
    mode = Text()
    mission = fields.Dict()
    turn = fields.Nested(TurnViewSchema)
    heroes = List(fields.Nested(HeroViewSchema))
    command_posts = fields.Dict(keys=Text(), values=fields.Nested(CommandPostViewSchema))
    tokens = List(fields.Dict())
    loose_items = List(fields.Dict())
    dice = fields.Dict(metadata={"description": "the dice mode, faces and calibration, the roll in progress "
                                                "and the last one (as GET /dice)"})
    may = fields.Dict(keys=Text(), values=List(fields.Nested(MayViewSchema)),
                      metadata={"description": "what a seat may send now. A game without secrets (BGCC): every "
                                               "seat's (host, villain, each hero or heroes in Versus, spectator); "
                                               "a game with secrets (BMG, GCSG): the token's seat's and the host's "
                                               "(the host's offers read no secret)"})
    seats = List(fields.Nested(SeatStateSchema), metadata={"description": "on reads"})
    versus = fields.Dict(metadata={"description": "Versus: the mission, the draft, powers to resolve, "
                                                  "disc cost modifiers"})
    your_seat = Text(allow_none=True, metadata={"description": "the seat of the token sent"})
    undo = fields.Nested(TravelSchema, allow_none=True,
                         metadata={"description": "what an undo would take back (null: nothing); on reads, "
                                                  "answers to a change and the live stream"})
    redo = fields.Nested(TravelSchema, allow_none=True, metadata={"description": "what a redo would make again"})


class EventSchema(Schema):
    kind = Text()
    text = Text()
    rule = Text()
    data = fields.Dict()
    seat = Text(metadata={"description": "a private event: only this seat receives it (BMG)"})
    private = fields.Dict(metadata={"description": "the detail behind this seat's own screen (GCSG)"})


class CommandResultSchema(Schema):
    """The change as the writer's seat sees it: the very frame its live stream receives (`change`)."""
    version = fields.Integer(strict=True)
    events = List(fields.Nested(EventSchema), metadata={"description": "as the writer's seat may read them"})
    seat = Text(allow_none=True, metadata={"description": "the seat that made the change"})
    command = Text(metadata={"description": "the command's name as the history records it"})
    fields_ = fields.Dict(data_key="fields", metadata={"description": "the command's fields as every seat may read them"})
    table = fields.Nested(TableViewSchema)


class RefusalSchema(Schema):
    """A refusal a player reads: the message (English), its stable reason and params (to say it in
    any language), and the rule when the rules refused."""
    code = fields.Integer(strict=True)
    status = Text()
    message = Text()
    reason = Text(metadata={"description": "a stable code, e.g. stale_version"})
    params = fields.Dict(metadata={"description": "what fills the placeholders of its translations"})
    rule = Text()
    errors = fields.Dict()
    version = fields.Integer(strict=True)
    table = fields.Nested(TableViewSchema, metadata={"description": "with 412: the current table"})
