"""Schemas shared by several resources: the table as a phone draws it, command results and errors.

A game's own forms (its setup options, its printed definitions) are the game's: the API reaches
them through `games.Game` (`setup_schema`, `library`).
"""
from __future__ import annotations

from marshmallow import INCLUDE, Schema, fields

from games.fields import NAME, SMALL, TEXT, Bool, List, StrictBoolean, Text, small  # noqa: F401 (shared here)


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


class SkillViewSchema(Schema):
    name = Text()
    level = fields.Integer(strict=True)
    encumbrance_limit = fields.Integer(strict=True, allow_none=True)
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
    finished = fields.Boolean(metadata={"description": "said they are done this turn (V·B·5: the heroes finish "
                                                      "unanimously; the last one ends the actions step)"})
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
    lieutenants = List(Text(), metadata={"description": "Versus: the side's Lieutenants, its Leader / Lieutenant "
                                                        "level tiles other than its HQ (Versus I·C·3)"})
    powers = List(fields.Dict(), metadata={"description": "Versus: the HQ's powers"})
    hacking = fields.Dict(metadata={"description": "Versus: hacking tokens per space"})
    free_activations = fields.Integer(strict=True)


class AwaitingSchema(Schema):
    """Someone the table waits for now (C1). The board game's (`turn.awaiting`) is described here; the
    Miniature Game's `round.awaiting` and the Strategy Game's `turn.awaiting` have the same shape,
    their codes being the command names of their `AWAITED` lists (games/bmg, games/gcsg registry)."""
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
    taken = fields.Boolean(metadata={"description": "a phone holds this seat (live or not); a free seat is played "
                                                    "by the host's phone"})


class MayViewSchema(Schema):
    """A command a seat may send now (step, side, roll in progress and seat rights applied; cubes
    and costs are not pre-checked)."""
    command = Text(metadata={"description": "the command's registry name, e.g. activate_tile"})
    targets = fields.Dict(keys=Text(), values=List(fields.Raw()),
                          metadata={"description": "each field with a finite set of values now and those values "
                                                   "(hero ids, spaces, tile ids, miniature ids, sides, kinds...)"})
    to = Text(metadata={"description": "advance: the step the turn stops at (steps in which nobody has "
                                       "anything to decide pass by themselves)"})
    skips = List(fields.Nested(AwaitingSchema),
                 metadata={"description": "advance: the other seats still awaited at this step, whose decisions "
                                          "moving on passes by (a phone says so and asks first)"})
    ends = List(Text(), metadata={"description": "advance, the host's offer: the players' seats whose step it is "
                                                 "(moving on ends their step: a phone acting as host asks first)"})
    host_only = fields.Boolean(metadata={"description": "a command only the host sends (the host's own power, e.g. "
                                                        "end_game, set_dice_mode), not one of another seat: the host's "
                                                        "player phone offers it without acting as host"})
    loses = fields.Dict(keys=Text(), values=fields.Integer(strict=True),
                        metadata={"description": "what sending it would lose now, e.g. {\"reinforcement_points\": 3}: "
                                                 "the villain's unspent reinforcement points (VI·E)"})
    price = fields.Dict(keys=Text(), values=fields.Integer(strict=True),
                        metadata={"description": "what sending it takes, e.g. {\"cubes\": 2}, {\"money_per_henchman\": 5} "
                                                 "(games/registry.py)"})
    requirement = fields.Dict(metadata={"description": "what the rules ask before it may be sent, e.g. a Strategy "
                                                      "Game level's dial: {level, to, kind, amount, have?} (ADV); "
                                                      "Money or Information asked is also its price"})
    affordable = fields.Boolean(metadata={"description": "with a price or a requirement: whether the seat can pay "
                                                         "it (meets it) now"})
    why = fields.Dict(metadata={"description": "when not affordable: the refusal the rules give, {code, params}"})
    recovers = fields.Dict(keys=Text(), values=fields.Integer(strict=True),
                           metadata={"description": "declare_stance: what the stance's recovery would move, "
                                                    "{to_reserve, from_wound} (V·B·3)"})
    lieutenant_level = Text(metadata={"description": "draft_tile: a tile of this level drafted now is a Lieutenant "
                                                     "(Versus I·C·3)"})
    drafted = List(Text(), metadata={"description": "pick_hq, draft_tile: the tiles already drafted, by name (each "
                                                    "tile once, Versus I·C·3); the targets `tile.kind`, `tile.side`, "
                                                    "`tile.level` list what the drafted tile's fields may be"})


class TravelSchema(Schema):
    """A change an undo would take back or a redo make again (C5)."""
    command = Text(metadata={"description": "the command's registry name, e.g. activate_tile"})
    seat = Text(allow_none=True, metadata={"description": "the seat that made it"})
    version = fields.Integer(strict=True)
    events = List(fields.Dict(), metadata={"description": "its events, as this seat may read them"})
    may = List(Text(), metadata={"description": "the seats that may undo or redo it: the host and the seat that "
                                                "made it (a host's phone playing another seat may, as the host)"})


class MarkersSchema(Schema):
    stun = fields.Integer(strict=True, metadata={"description": "★"})
    injury = fields.Integer(strict=True, metadata={"description": "♦"})


class AttackTargetResultSchema(Schema):
    """One target of the last attack: its dice and hits, the markers it inflicted and kept."""
    target = Text(metadata={"description": "the model's id"})
    attack_dice = List(fields.Integer(strict=True))
    strength_die = fields.Integer(strict=True, allow_none=True)
    defense_dice = List(fields.Integer(strict=True))
    defense = fields.Integer(strict=True, metadata={"description": "what an attack die had to reach"})
    hits = fields.Integer(strict=True, metadata={"description": "attack-die hits"})
    blocks = fields.Integer(strict=True)
    strength_hit = fields.Boolean()
    critical = fields.Boolean()
    critical_effect = Text(allow_none=True)
    standing = fields.Integer(strict=True, metadata={"description": "hits that inflict damage"})
    inflicted = fields.Nested(MarkersSchema, metadata={"description": "the markers the hits inflicted, before the "
                                                                      "caps (KO's extra ♦ included)"})
    kept = fields.Nested(MarkersSchema, metadata={"description": "the markers kept: the excess over Willpower and "
                                                                 "Endurance is discarded (DAMAGE MARKERS)"})
    ko = fields.Boolean()
    casualty = fields.Boolean()


class AttackResultSchema(Schema):
    seq = fields.Integer(strict=True, metadata={"description": "the order of results of every kind: the highest "
                                                               "is the latest"})
    round = fields.Integer(strict=True)
    kind = Text(metadata={"description": "melee or ranged"})
    attacker = Text()
    weapon = Text()
    effort = fields.Integer(strict=True, metadata={"description": "the attacker's Effort"})
    targets = List(fields.Nested(AttackTargetResultSchema))


class RecoveryResultSchema(Schema):
    seq = fields.Integer(strict=True)
    round = fields.Integer(strict=True)
    model = Text()
    dice = List(fields.Integer(strict=True))
    kept = List(fields.Integer(strict=True))
    total = fields.Integer(strict=True)
    endurance = fields.Integer(strict=True)
    passed = fields.Boolean()


class LeadResultSchema(Schema):
    seq = fields.Integer(strict=True)
    round = fields.Integer(strict=True)
    rolls = fields.Dict(keys=Text(), values=fields.Dict(), metadata={"description": "per player: {die, bonus, total}"})
    tie = fields.Boolean(metadata={"description": "a tie: the tied players roll again"})
    winner = Text(allow_none=True)
    initiative = Text(allow_none=True, metadata={"description": "whom the winner gave the Initiative, once chosen"})


class ResultsViewSchema(Schema):
    """The Miniature Game's last result of each kind (games/bmg/results.py): it stays in the view,
    for every seat, until the next one of the same kind (null: none yet). All public."""
    class Meta:
        unknown = INCLUDE

    seq = fields.Integer(strict=True, metadata={"description": "results recorded so far"})
    attack = fields.Nested(AttackResultSchema, allow_none=True)
    recovery = fields.Nested(RecoveryResultSchema, allow_none=True)
    lead = fields.Nested(LeadResultSchema, allow_none=True, metadata={"description": "Take the Lead"})


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
    results = fields.Nested(ResultsViewSchema, metadata={"description": "bmg: the last attack, recovery and Take "
                                                                        "the Lead, until the next of each kind"})


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


# The refusal's schema by its component's name, for the many routes that document one. Each of
# flask-smorest's decorators deep-copies the docs stacked below it: a name copies nothing more, a
# schema instance all its fields, once per refusal per decorator (two thirds of the app's start-up).
REFUSAL = "Refusal"
