"""The Strategy Game's setup options as the API reads them before `Gcsg.setup` (shape; the game
checks the rest): other fields pass on to the game as they are."""
from __future__ import annotations

from marshmallow import INCLUDE, Schema, fields, validate

from games.fields import Text


class SetupOptionsSchema(Schema):
    """`villains` (2-4 of joker, penguin, two-face, killer-croc, from the first player clockwise),
    `settings` (the table settings: dials, screens, board, dice; none for the labelled sample)."""
    class Meta:
        unknown = INCLUDE

    villains = fields.List(Text(validate=validate.Length(max=40)), validate=validate.Length(max=4))
    settings = fields.Dict(allow_none=True)
