"""Tables: read everything a phone draws, export a table and import it elsewhere. Setting a table
up is POST /api/games/{game}/tables (api/resources/game_tables.py; setup.py and versus.py hold its
aliases for BGCC and BGCC Versus)."""
from __future__ import annotations

import secrets

from flask import request
from flask.views import MethodView
from marshmallow import Schema, fields, validate

import games

from .. import play
from ..errors import error, rule_refused, store_full
from ..extensions import Blueprint, store
from ..ratelimit import limited
from ..schemas import REFUSAL, TableViewSchema, Text
from . import ETAG, reading

blp = Blueprint("tables", __name__, url_prefix="/api/tables",
                description="A game at one table, shared by every phone around it")


class NewTableViewSchema(TableViewSchema):
    seat = Text(metadata={"description": "host"})
    token = Text(metadata={"description": "the host's seat token: send it as "
                                             "'Authorization: Bearer <token>'"})
    join_link = Text()
    recovery_code = Text(metadata={"description": "shown once: with it the host seat is taken back on another phone "
                                                  "(POST /api/tables/{code}/recover)"})


RECOVERY_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"  # no 0/O, 1/I/L: read aloud or copied by hand


def recovery_code() -> str:
    """12 characters in three groups (about 59 bits), e.g. 7KQ4-M2XR-9HTB."""
    chars = "".join(secrets.choice(RECOVERY_ALPHABET) for _ in range(12))
    return "-".join(chars[i:i + 4] for i in range(0, 12, 4))


def normalized(code: str) -> str:
    """A recovery code as typed: case, spaces and dashes do not matter."""
    chars = "".join(ch for ch in code.upper() if ch.isalnum())
    return "-".join(chars[i:i + 4] for i in range(0, len(chars), 4))


def created(game: games.Game, state) -> "play.Response":
    """Store a new table of `game`; answer it with the host's seat token and recovery code (shown
    once: keep them). Refused (503 store_full) while the store is near its memory ceiling."""
    if store().nearly_full():
        return store_full()
    token, recovery = secrets.token_urlsafe(24), recovery_code()
    entry = {"version": 1, "seat": games.HOST, "command": "Setup", "at": play.now_ms(), "fields": {},
             "events": [{"kind": "setup", "rule": "IV", "data": {}, "text": f"Table set up for {game.title(state)}"}]}
    data = game.dump(state)
    drawn = game.view(state, games.HOST)  # drawn before anything is stored: a table the view refuses is never kept
    code = store().create_table(game.name, data, entry, token, recovery)
    body = {"code": code, "version": 1, "game": game.name, **drawn, "seat": games.HOST, "token": token,
            "join_link": f"{request.host_url}join/{code}", "recovery_code": recovery}
    return play.json_response(body, 201, version=1)


def creating(blp):
    """A view that sets up a new table: counted against this address's one `create` budget before
    its body is read (429), and refused while the store is near its memory ceiling (503)."""
    def decorate(fn):
        fn = blp.alt_response(503, schema=REFUSAL, description="The store is full: no new table for now "
                                                                      "(store_full, Retry-After)")(fn)
        fn = blp.alt_response(429, schema=REFUSAL, description="Too many new tables from this address "
                                                                      "(Retry-After)")(fn)
        return limited("create")(fn)
    return decorate


@blp.route("/<table_code:code>")
class TableResource(MethodView):
    @blp.response(200, TableViewSchema, headers=ETAG)
    @reading(blp)
    def get(self, code):
        """Everything a phone needs to draw the table, with its version as ETag"""
        return play.read(code)


class RecoverSchema(Schema):
    recovery_code = Text(required=True, validate=validate.Length(min=1, max=40),
                         metadata={"description": "the code shown when the table was created"})


class HostTokenSchema(Schema):
    code = Text()
    seat = Text(metadata={"description": "host"})
    token = Text(metadata={"description": "the host's new seat token: the old one stops working"})


@blp.route("/<table_code:code>/recover")
class Recover(MethodView):
    @limited("join")
    @blp.arguments(RecoverSchema)
    @blp.response(201, HostTokenSchema)
    @blp.alt_response(403, schema=REFUSAL, description="Not this table's recovery code")
    @blp.alt_response(404, schema=REFUSAL, description="No such table")
    @blp.alt_response(429, schema=REFUSAL, description="Too many attempts from this address (Retry-After)")
    def post(self, data, code):
        """Take the host seat back on a new phone with the table's recovery code; the old host
        token stops working (rate limited per address, as joining)"""
        loaded = store().load(code.upper())
        if not store().recovery_matches(loaded.code, normalized(data["recovery_code"])):
            return error(403, "That is not this table's recovery code", "bad_recovery_code")
        token = secrets.token_urlsafe(24)
        store().take_seat(loaded.code, games.HOST, token, replace=True)
        return {"code": loaded.code, "seat": games.HOST, "token": token}


EXPORT_FORMAT = "gotham-companion/table"


class ExportSchema(Schema):
    format = Text(required=True, validate=validate.Equal(EXPORT_FORMAT))
    version = fields.Integer(strict=True, required=True, validate=validate.Equal(1))
    game = Text(load_default=None, allow_none=True, validate=validate.Length(max=40),
                   metadata={"description": "the table's game (an export without it is BGCC)"})
    code = Text(load_default=None, allow_none=True, validate=validate.Length(max=12))
    table_version = fields.Integer(strict=True, load_default=None, allow_none=True)
    state = fields.Dict(required=True, metadata={"description": "the table, as stored"})


@blp.route("/<table_code:code>/export")
class Export(MethodView):
    @blp.response(200, ExportSchema)
    @reading(blp)
    def get(self, code):
        """The table as a versioned JSON document, to import anywhere and resume

        In a game with secrets, only what the token's seat may take away (its own stash, its own
        Audacity markers): such a partial export says `hidden` and cannot be resumed."""
        loaded, game, state = play.load(code)
        return play.json_response({"format": EXPORT_FORMAT, "version": 1, "game": game.name, "code": loaded.code,
                                   "table_version": loaded.version, "state": game.export(state, loaded.seat)},
                                  version=loaded.version)


@blp.route("/import")
class Import(MethodView):
    @creating(blp)
    @blp.arguments(ExportSchema)
    @blp.response(201, NewTableViewSchema)
    @blp.alt_response(422, schema=REFUSAL, description="Not a table this app can resume")
    def post(self, data):
        """Resume an exported table under a new code; the importer holds the host seat"""
        try:
            game = games.of_table(data["game"], data["state"])
        except KeyError:
            return error(422, f"This app does not know the game {data['game']!r}", "unknown_game",
                         {"game": data["game"]})
        try:
            state = game.resume(data["state"])
        except game.refusal as exc:  # a table the game's check_table refuses: its reason and params
            return rule_refused(exc, 422)
        except ValueError as exc:
            return error(422, str(exc), "unreadable_export")
        return created(game, state)
