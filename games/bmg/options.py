"""The Miniature Game's setup options as the API reads them before `Bmg.setup` (shape and ranges;
the game checks the rest): other fields pass on to the game as they are."""
from __future__ import annotations

from marshmallow import INCLUDE, Schema, fields, validate

import games
from games.fields import Text


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
