"""Any registered game: set up a table of it from the game's own setup options, and send a command
by its registry name with its JSON fields. The commands go through the same write path as every
other route (api/play.py): the seat's rights from the game's `seat_refusal`, the rules, the
compare-and-set, the history and the live message."""
from __future__ import annotations

import functools

from flask import Response
from flask.views import MethodView
from marshmallow import INCLUDE, Schema, ValidationError, fields

import games

from .. import play
from ..errors import error
from ..extensions import Blueprint
from ..schemas import REFUSAL, Text
from . import command
from .tables import NewTableViewSchema, created, creating

blp = Blueprint("games", __name__, url_prefix="/api",
                description="Every game the companion runs: tables of any of them, commands by name")


class GameSchema(Schema):
    name = Text()
    secret = fields.Boolean(metadata={"description": "seats see different things (hidden markers, stashes)"})


class SetupOptionsSchema(Schema):
    """The game's setup options, read by the game: by its setup schema when it has one (bgcc: as
    POST /api/tables, bgcc-versus: as POST /api/versus-tables), else by its `setup` (bmg:
    games/bmg/game.py, gcsg: games/gcsg/game.py)."""
    class Meta:
        unknown = INCLUDE


class CommandFieldsSchema(Schema):
    """The command's fields, as the game's command registry names them (the table's `may` lists
    each command a seat may send now with the values its fields may take). A command of no field
    (advance) may be sent without a body; its typed body is documented per command
    (api/resources/command_bodies.py)."""
    body_optional = True

    class Meta:
        unknown = INCLUDE


@blp.route("/games")
class Games(MethodView):
    @blp.response(200, GameSchema(many=True))
    def get(self):
        """The games this companion runs"""
        return [{"name": n, "secret": games.get(n).secret} for n in games.names()]


def unknown_game(game: str):
    return error(404, f"This app does not know the game {game[:40]!r}", "unknown_game", {"game": game[:40]})


@blp.route("/games/<game>/tables")
class GameTables(MethodView):
    @creating(blp)
    @blp.arguments(SetupOptionsSchema)
    @blp.response(201, NewTableViewSchema)
    @blp.alt_response(404, schema=REFUSAL, description="No such game")
    @blp.alt_response(409, schema=REFUSAL, description="The setup breaks a rule")
    @blp.alt_response(422, schema=REFUSAL, description="The options do not set up a table of this game")
    def post(self, options, game):
        """Set up a table of any registered game from its setup options

        Answers the table at version 1, as the host sees it, with its join code and the host's token."""
        if game not in games.names():
            return unknown_game(game)
        found = games.get(game)
        options = read_options(found, options)
        return options if isinstance(options, Response) else set_up(found, options)


class SetupCheckSchema(Schema):
    ok = fields.Boolean(metadata={"description": "true: these options set up a table"})


@blp.route("/games/<game>/setup-checks")
class SetupChecks(MethodView):
    @blp.arguments(SetupOptionsSchema)
    @blp.response(200, SetupCheckSchema)
    @blp.alt_response(404, schema=REFUSAL, description="No such game")
    @blp.alt_response(409, schema=REFUSAL, description="The setup breaks a rule")
    @blp.alt_response(422, schema=REFUSAL, description="The options do not set up a table of this game")
    def post(self, options, game):
        """Check setup options without setting up a table

        The same options and the same refusal as POST /api/games/{game}/tables, and nothing is
        stored: a phone checks table settings it imports or edits before a table exists."""
        if game not in games.names():
            return unknown_game(game)
        found = games.get(game)
        options = read_options(found, options)
        if isinstance(options, Response):
            return options
        state = setup_state(found, options)
        if isinstance(state, Response):
            return state
        found.view(state, games.HOST)  # as a new table is drawn before it is stored
        return {"ok": True}


def read_options(game: games.Game, options: dict):
    """The options as the game's setup schema reads them, or the 422 refusal (bad_options)."""
    schema = _setup_reader(game.name)
    if schema is None:
        return options
    try:
        return schema.load(options)
    except ValidationError as invalid:
        return error(422, "The options do not set up a table of this game", "bad_options",
                     {"game": game.name}, errors=invalid.messages)


@functools.cache
def _setup_reader(name: str):
    """The game's setup schema, one instance (an instance per request left its nested schemas and
    fields, cycles, to the collector)."""
    schema = games.get(name).setup_schema()
    return schema() if schema is not None else None


def setup_state(game: games.Game, options: dict):
    """The state `game` sets up from `options`, or the refusal answer (a response) saying why not."""
    try:
        return game.setup(options)
    except games.SetupRefused as refused:
        return error(refused.status, refused.message, refused.code, refused.params)
    except ValueError as exc:
        return error(422, str(exc), "bad_options", {"game": game.name})


def set_up(game: games.Game, options: dict):
    """A new table of `game` from its setup options (read by its setup schema already), or why not:
    the one path of POST /api/games/{game}/tables and its aliases (POST /api/tables,
    POST /api/versus-tables)."""
    state = setup_state(game, options)
    return state if isinstance(state, Response) else created(game, state)


@blp.route("/tables/<table_code:code>/commands/<name>")
class Command(MethodView):
    @command(blp, CommandFieldsSchema)
    def post(self, fields_, code, name):
        """Send a command of the table's game by its registry name, with its fields

        The seat's rights and the rules decide, as on every other command route; the answer and
        the live change carry only what the token's seat may see."""
        return play.execute(code, name, fields_)
