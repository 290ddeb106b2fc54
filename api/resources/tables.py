"""Tables: create a game, read everything a phone draws, export it and import it elsewhere."""
from __future__ import annotations

import secrets

from flask import request
from flask.views import MethodView
from marshmallow import Schema, fields, validate

from games.bgcc import table as rules_table
from games.bgcc.errors import RuleRefused
from games.bgcc.table import Table, check_table
from games.bgcc.definitions import HeroBoard, Item, Mission, TileDef
from games.bgcc.serial import from_data, to_data, type_problem

from .. import play
from ..errors import error
from ..extensions import Blueprint, store
from ..schemas import (RefusalSchema, HeroBoardSchema, ItemSchema, MissionSchema,
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


class NewTableViewSchema(TableViewSchema):
    seat = fields.String(metadata={"description": "host"})
    token = fields.String(metadata={"description": "the host's seat token: send it as "
                                                   "'Authorization: Bearer <token>'"})
    join_link = fields.String()


@blp.route("")
class Tables(MethodView):
    @blp.arguments(NewTableSchema)
    @blp.response(201, NewTableViewSchema)
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
        return created(table)


def created(table) -> "play.Response":
    """Store a new table; answer it with the host's seat token (shown once: keep it)."""
    token = secrets.token_urlsafe(24)
    entry = {"version": 1, "seat": "host", "command": "Setup", "at": play.now_ms(),
             "events": [{"kind": "setup", "rule": "IV", "data": {},
                         "text": f"Table set up for {table.mission.name}"}]}
    code = store().create_table(table, entry, token)
    body = {**play.view(code, 1, table), "seat": "host", "token": token,
            "join_link": f"{request.host_url}join/{code}"}
    return play.json_response(body, 201, version=1)


@blp.route("/<table_code:code>")
class TableResource(MethodView):
    @blp.response(200, TableViewSchema)
    @reading(blp)
    def get(self, code):
        """Everything a phone needs to draw the table, with its version as ETag"""
        return play.read(code)


EXPORT_FORMAT = "gotham-companion/table"


class ExportSchema(Schema):
    format = fields.String(required=True, validate=validate.Equal(EXPORT_FORMAT))
    version = fields.Integer(strict=True, required=True, validate=validate.Equal(1))
    code = fields.String(load_default=None, allow_none=True, validate=validate.Length(max=12))
    table_version = fields.Integer(strict=True, load_default=None, allow_none=True)
    state = fields.Dict(required=True, metadata={"description": "the table, as stored"})


@blp.route("/<table_code:code>/export")
class Export(MethodView):
    @blp.response(200, ExportSchema)
    @reading(blp)
    def get(self, code):
        """The table as a versioned JSON document, to import anywhere and resume"""
        loaded = store().load(code.upper())
        return play.json_response({"format": EXPORT_FORMAT, "version": 1, "code": loaded.code,
                                   "table_version": loaded.version, "state": to_data(play.decode(loaded))},
                                  version=loaded.version)


@blp.route("/import")
class Import(MethodView):
    @blp.arguments(ExportSchema)
    @blp.response(201, NewTableViewSchema)
    @blp.alt_response(422, schema=RefusalSchema, description="Not a table this app can resume")
    def post(self, data):
        """Resume an exported table under a new code; the importer holds the host seat"""
        problem = type_problem(Table, data["state"], "state")
        if problem:
            return error(422, f"The export does not hold a table this app can read: {problem}")
        try:
            table = from_data(Table, data["state"])
            check_table(table)
        except RuleRefused as exc:
            return error(422, f"The export does not hold a coherent table: {exc.message}")
        except (TypeError, KeyError, ValueError, AttributeError, IndexError, StopIteration):
            return error(422, "The export does not hold a table this app can read")
        return created(table)
