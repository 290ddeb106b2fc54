"""Tables: create a game, read everything a phone draws, read its history."""
from __future__ import annotations

from flask.views import MethodView
from marshmallow import Schema, fields, validate

from games.bgcc import table as rules_table
from games.bgcc.definitions import HeroBoard, Item, Mission, TileDef
from games.bgcc.serial import from_data

from .. import play
from ..extensions import Blueprint
from ..extensions import store
from ..schemas import (RefusalSchema, EventSchema, HeroBoardSchema, ItemSchema, MissionSchema,
                       TableViewSchema, TileDefSchema)
from . import reading

blp = Blueprint("tables", __name__, url_prefix="/api/tables",
                description="A game at one table, shared by every phone around it")


class HeroEntrySchema(Schema):
    board = fields.Nested(HeroBoardSchema, required=True)
    equipment = fields.List(fields.Nested(ItemSchema), load_default=list, validate=validate.Length(max=12))
    gadgets = fields.List(fields.Nested(ItemSchema), load_default=list, validate=validate.Length(max=12))


class NewTableSchema(Schema):
    mode = fields.String(load_default="standard", validate=validate.OneOf(["standard"]))
    mission = fields.Nested(MissionSchema, required=True)
    heroes = fields.List(fields.Nested(HeroEntrySchema), required=True, validate=validate.Length(min=1, max=4))
    tiles = fields.List(fields.Nested(TileDefSchema), required=True, validate=validate.Length(min=1, max=16))


class HistoryQuerySchema(Schema):
    after = fields.Integer(strict=True, load_default=0, validate=validate.Range(min=0, max=2**53))
    limit = fields.Integer(strict=True, load_default=100, validate=validate.Range(min=1, max=500))


class HistoryEntrySchema(Schema):
    version = fields.Integer(strict=True)
    command = fields.String()
    events = fields.List(fields.Nested(EventSchema))


@blp.route("")
class Tables(MethodView):
    @blp.arguments(NewTableSchema)
    @blp.response(201, TableViewSchema)
    @blp.alt_response(409, schema=RefusalSchema, description="The setup breaks a rule")
    def post(self, data):
        """Set up a table: the mission, 1-4 heroes and the villain's tiles

        Answers the table at version 1 with its join code."""
        table = rules_table.setup(
            from_data(Mission, data["mission"]),
            [rules_table.HeroSetup(from_data(HeroBoard, h["board"]),
                                   [from_data(Item, i) for i in h["equipment"]],
                                   [from_data(Item, i) for i in h["gadgets"]]) for h in data["heroes"]],
            [from_data(TileDef, t) for t in data["tiles"]],
        )
        entry = {"command": "Setup", "events": [{"kind": "setup", "rule": "IV", "data": {},
                                                 "text": f"Table set up for {table.mission.name}"}]}
        code = store().create_table(table, entry)
        return play.json_response(play.view(code, 1, table), 201, version=1)


@blp.route("/<code>")
class TableResource(MethodView):
    @blp.response(200, TableViewSchema)
    @reading(blp)
    def get(self, code):
        """Everything a phone needs to draw the table, with its version as ETag"""
        return play.read(code)


@blp.route("/<code>/history")
class History(MethodView):
    @blp.arguments(HistoryQuerySchema, location="query")
    @blp.response(200, HistoryEntrySchema(many=True))
    @reading(blp)
    def get(self, query, code):
        """What happened, oldest first, after a given version"""
        store().load(code)
        return [{"version": v, **e} for v, e in store().entries(code, query["after"], query["limit"])]
