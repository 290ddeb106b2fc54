"""The Miniature Game's setup options as the API reads them before `Bmg.setup` (shape and ranges;
the game checks the rest): other fields pass on to the game as they are."""
from __future__ import annotations

from marshmallow import INCLUDE, Schema, fields, validate

import games
from games.fields import List, Text


class SetupOptionsSchema(Schema):
    """`players` [{id, name, crew: {name, boss, members: [{card, rank}], deck, equipment}}], `limit`
    (350), `event` ("Heavy Rain"), `encounter` ("BT0056"), `recount_stun` ("one"|"all"), `dice`
    ("physical", the default: a roll may be entered from real dice; "server": the app rolls every
    die and refuses entered ones), `cards` (character cards beside the sample library)."""
    class Meta:
        unknown = INCLUDE

    players = fields.List(fields.Dict(), validate=validate.Length(max=8))
    limit = fields.Integer(strict=True, validate=validate.Range(min=1, max=2000))
    event = Text(allow_none=True, validate=validate.Length(max=80))
    encounter = Text(allow_none=True, validate=validate.Length(max=80))
    recount_stun = Text(validate=validate.OneOf(["one", "all"]))
    dice = Text(validate=validate.OneOf([games.SERVER_DICE, games.PHYSICAL_DICE]))
    cards = fields.List(fields.Dict(), validate=validate.Length(max=200))


# ---------------------------------------------------------------- a crew checked before any table

MAX_MEMBERS = 50  # models of one crew (the table's check holds 8 crews of 50)
MAX_DECK_ENTRIES = 60  # an Objective deck: 20 cards and the extra subtitled ones, or one entry per card


class CardRef(fields.Raw):
    """A sample library card's id, or a whole character card (as `cards` holds them)."""

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, str) and 1 <= len(value) <= 200 or isinstance(value, dict):
            return value
        raise self.make_error("invalid")

    default_error_messages = {"invalid": "A card id (1-200 characters) or a character card object"}


class ObjectiveRef(fields.Raw):
    """An Objective card: its name, or {name, crews, copies, subtitle, rank, count}."""

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, str) and 1 <= len(value) <= 200 or isinstance(value, dict):
            return value
        raise self.make_error("invalid")

    default_error_messages = {"invalid": "An Objective card's name (1-200 characters) or object"}


class CrewMemberSchema(Schema):
    card = CardRef(required=True)
    rank = Text(allow_none=True, validate=validate.Length(max=40),
                metadata={"description": "the rank it fills (RANK); default: the card's first"})


class CrewSchema(Schema):
    """A crew as a player's `crew` at setup (POST /api/games/bmg/tables)."""
    name = Text(load_default="", validate=validate.Length(max=60))
    boss = Text(required=True, validate=validate.Length(min=1, max=200),
                metadata={"description": "the Boss's card id (THE BOSS AND AFFILIATION)"})
    members = List(fields.Nested(CrewMemberSchema), required=True,
                   validate=validate.Length(min=1, max=MAX_MEMBERS))
    deck = List(ObjectiveRef(), validate=validate.Length(max=MAX_DECK_ENTRIES),
                metadata={"description": "the Objective deck (FORMING OBJECTIVE DECKS); none: not checked"})
    equipment = fields.Integer(strict=True, load_default=0, validate=validate.Range(min=0, max=100_000),
                               metadata={"description": "$ spent on Henchmen equipment (EQUIPMENT AND FUNDING)"})
    first_group = List(Text(validate=validate.Length(max=200)), validate=validate.Length(max=MAX_MEMBERS),
                       metadata={"description": "card ids of the first group deployed (DEPLOYMENT ZONES)"})


class CrewCheckSchema(Schema):
    """A crew to check before any table exists (FORMING THE CREW): the crew, the game's Reputation
    limit, character cards beside the sample library, and the Encounter card its first group must fit."""
    crew = fields.Nested(CrewSchema, required=True)
    limit = fields.Integer(strict=True, load_default=350, validate=validate.Range(min=1, max=2000),
                           metadata={"description": "REPUTATION LIMIT: 350, or 150 quick, 450 long"})
    cards = List(fields.Dict(), load_default=list, validate=validate.Length(max=200))
    encounter = Text(allow_none=True, validate=validate.Length(max=80))


class ReputationSchema(Schema):
    total = fields.Integer(strict=True)
    limit = fields.Integer(strict=True)
    left = fields.Integer(strict=True, metadata={"description": "limit − total (negative: over the limit)"})


class FundingSchema(Schema):
    stash = fields.Integer(strict=True, metadata={"description": "$500 per 150 Reputation of the limit or part"})
    models = fields.Integer(strict=True, metadata={"description": "$ the models' cards cost"})
    equipment = fields.Integer(strict=True)
    left = fields.Integer(strict=True, metadata={"description": "negative: the stash is overspent"})


class SlotSchema(Schema):
    used = fields.Integer(strict=True)
    allowed = fields.Integer(strict=True, allow_none=True, metadata={"description": "null: unlimited (Henchmen)"})


class CrewMemberSummarySchema(Schema):
    card = Text()
    name = Text()
    alias = Text()
    rank = Text()
    reputation = fields.Integer(strict=True)
    funding = fields.Integer(strict=True)


class CrewProblemSchema(Schema):
    rule = Text(metadata={"description": "the rulebook heading that refuses it"})
    reason = Text(metadata={"description": "a stable code, as a refusal's"})
    message = Text()
    params = fields.Dict()


class CrewSummarySchema(Schema):
    """What a crew builder shows: Reputation against the limit, Funding left, each rank's slots."""
    name = Text()
    boss = Text()
    limit = fields.Integer(strict=True)
    reputation = fields.Nested(ReputationSchema)
    funding = fields.Nested(FundingSchema)
    slots = fields.Dict(keys=Text(), values=fields.Nested(SlotSchema),
                        metadata={"description": "per rank (Leader, Sidekick, Free Agent, Vehicle, Henchman)"})
    members = List(fields.Nested(CrewMemberSummarySchema))
    objective_deck = fields.Integer(strict=True, metadata={"description": "cards in the Objective deck sent"})
    problems = List(fields.Nested(CrewProblemSchema), metadata={"description": "every rule the crew breaks "
                                                                               "(empty: a legal crew)"})
