"""Setting up a BGCC table (standard mode): the mission, 1-4 heroes and the villain's tiles."""
from __future__ import annotations

from flask.views import MethodView
from marshmallow import Schema, fields, validate

import games

from ..extensions import Blueprint
from ..schemas import HeroBoardSchema, ItemSchema, MissionSchema, RefusalSchema, Text, TileDefSchema
from .tables import NewTableViewSchema, created, creating

blp = Blueprint("setup", __name__, url_prefix="/api/tables",
                description="Setting up a table of Batman: Gotham City Chronicles")


class HeroEntrySchema(Schema):
    board = fields.Nested(HeroBoardSchema, required=True)
    equipment = fields.List(fields.Nested(ItemSchema), load_default=list, validate=validate.Length(max=12))
    gadgets = fields.List(fields.Nested(ItemSchema), load_default=list, validate=validate.Length(max=12))


class NewTableSchema(Schema):
    mode = Text(load_default="standard", validate=validate.OneOf(["standard"]))
    mission = fields.Nested(MissionSchema, required=True)
    heroes = fields.List(fields.Nested(HeroEntrySchema), required=True, validate=validate.Length(min=1, max=4))
    tiles = fields.List(fields.Nested(TileDefSchema), required=True, validate=validate.Length(min=1, max=16))


@blp.route("")
class Tables(MethodView):
    @creating(blp)
    @blp.arguments(NewTableSchema)
    @blp.response(201, NewTableViewSchema)
    @blp.alt_response(409, schema=RefusalSchema, description="The setup breaks a rule")
    def post(self, data):
        """Set up a table: the mission, 1-4 heroes and the villain's tiles

        Answers the table at version 1 with its join code."""
        game = games.get("bgcc")
        return created(game, game.setup(data))
