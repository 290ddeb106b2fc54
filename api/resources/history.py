"""History: every change in words with who made it; undo, redo and jump back, decided on the server
so every phone agrees."""
from __future__ import annotations

from flask.views import MethodView
from marshmallow import Schema, fields, validate

from games import record

from .. import play
from ..extensions import Blueprint, store
from ..schemas import EventSchema, Text
from . import command, reading

blp = Blueprint("history", __name__, url_prefix="/api/tables/<table_code:code>/history",
                description="What happened, undo, redo, jump back")


class HistoryQuerySchema(Schema):
    """Query strings are text: these integers are read from it."""
    after = fields.Integer(load_default=0, validate=validate.Range(min=0, max=2**53))
    limit = fields.Integer(load_default=100, validate=validate.Range(min=1, max=500))


class HistoryEntrySchema(Schema):
    version = fields.Integer(strict=True)
    seat = Text(allow_none=True)
    command = Text()
    command_fields = fields.Dict(data_key="fields", metadata={"description": "the command's fields as every seat may read them"})
    at = fields.Integer(strict=True, metadata={"description": "milliseconds since 1970"})
    events = fields.List(fields.Nested(EventSchema))
    undone = fields.Boolean(metadata={"description": "an undo took this change back and no redo brought it back: "
                                                     "the table as it stands does not descend from it"})


# what a stored history entry publishes (it also keeps, for undo and redo, its registry name and
# the undo/redo stacks' tops: not part of the history a phone reads)
PUBLISHED = ("version", "seat", "command", "fields", "at")


class JumpSchema(Schema):
    version = fields.Integer(strict=True, required=True, validate=validate.Range(min=1, max=2**53))


@blp.route("")
class History(MethodView):
    @blp.arguments(HistoryQuerySchema, location="query")
    @blp.response(200, HistoryEntrySchema(many=True))
    @reading(blp)
    def get(self, query, code):
        """Every change after a version, oldest first, as the token's seat may read it

        The whole game from its first change: the record outlives the last 300 versions, which
        undo and jump back reach. It is never rewritten: a change an undo took back stays, marked
        `undone` (as the table stands now), and the undo is a change of its own."""
        loaded, game, _ = play.load(code)
        s = store()
        rows = [{**e, "version": v} for v, e in s.entries(loaded.code, query["after"], query["limit"])]
        current = max([loaded.version] + [e["version"] for e in rows[-1:]])  # a change written since the load
        marks = record.undone(rows, current, s.travels(loaded.code))
        return play.json_response([{**{k: e[k] for k in PUBLISHED if k in e},
                                    "events": game.events_for(e.get("events", []), loaded.seat), "undone": gone}
                                   for e, gone in zip(rows, marks)], version=loaded.version)


@blp.route("/undo")
class Undo(MethodView):
    @command(blp)
    def post(self, code):
        """Undo the last change not yet undone (the host, or the phone that made it)"""
        return play.travel(code, "undo")


@blp.route("/redo")
class Redo(MethodView):
    @command(blp)
    def post(self, code):
        """Redo the last undone change"""
        return play.travel(code, "redo")


@blp.route("/jump")
class Jump(MethodView):
    @command(blp, JumpSchema)
    def post(self, data, code):
        """Go back to the table as it was after a version (the host)"""
        return play.travel(code, "jump", data["version"])
