"""Any registered game: set up a table of it from the game's own setup options, and send a command
by its registry name with its JSON fields. The commands go through the same write path as every
other route (api/play.py): the seat's rights from the game's `seat_refusal`, the rules, the
compare-and-set, the history and the live message."""
from __future__ import annotations

from flask.views import MethodView
from marshmallow import INCLUDE, Schema, ValidationError, fields, validate

import games

from .. import play
from ..errors import error
from ..extensions import Blueprint
from ..schemas import RefusalSchema, Text
from . import command
from .setup import NewTableSchema
from .tables import NewTableViewSchema, created, creating
from .versus import NewVersusTableSchema

blp = Blueprint("games", __name__, url_prefix="/api",
                description="Every game the companion runs: tables of any of them, commands by name")

# The board game's setup options are read by the same schemas as its own routes (POST /api/tables,
# POST /api/versus-tables); the other games check their options themselves (games.Game.setup).
OPTIONS_SCHEMAS = {"bgcc": NewTableSchema, "bgcc-versus": NewVersusTableSchema}


class GameSchema(Schema):
    name = Text()
    secret = fields.Boolean(metadata={"description": "seats see different things (hidden markers, stashes)"})


class SetupOptionsSchema(Schema):
    """The game's setup options (other fields are passed on to the game as they are).

    bmg: `players` [{id, name, crew: {name, boss, members: [{card, rank}], deck, equipment}}],
    `limit` (350), `event` ("Heavy Rain"), `encounter` ("BT0056"), `recount_stun` ("one"|"all"),
    `dice` ("physical", the default: a roll may be entered from real dice; "server": the app rolls
    every die and refuses entered ones), `cards` (character cards beside the sample library). gcsg: `villains` (2-4 of joker, penguin,
    two-face, killer-croc, from the first player clockwise), `settings` (the table settings: dials,
    screens, board, dice; none for the labelled sample). bgcc: as POST /api/tables; bgcc-versus:
    as POST /api/versus-tables."""
    class Meta:
        unknown = INCLUDE

    players = fields.List(fields.Dict(), validate=validate.Length(max=8))
    limit = fields.Integer(strict=True, validate=validate.Range(min=1, max=2000))
    event = Text(allow_none=True, validate=validate.Length(max=80))
    encounter = Text(allow_none=True, validate=validate.Length(max=80))
    recount_stun = Text(validate=validate.OneOf(["one", "all"]))
    dice = Text(validate=validate.OneOf([games.SERVER_DICE, games.PHYSICAL_DICE]))
    cards = fields.List(fields.Dict(), validate=validate.Length(max=200))
    villains = fields.List(Text(validate=validate.Length(max=40)), validate=validate.Length(max=4))
    settings = fields.Dict(allow_none=True)


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
    @blp.alt_response(404, schema=RefusalSchema, description="No such game")
    @blp.alt_response(409, schema=RefusalSchema, description="The setup breaks a rule")
    @blp.alt_response(422, schema=RefusalSchema, description="The options do not set up a table of this game")
    def post(self, options, game):
        """Set up a table of any registered game from its setup options

        Answers the table at version 1, as the host sees it, with its join code and the host's token."""
        if game not in games.names():
            return unknown_game(game)
        schema = OPTIONS_SCHEMAS.get(game)
        if schema is not None:
            try:
                options = schema().load(options)
            except ValidationError as invalid:
                return error(422, "The options do not set up a table of this game", "bad_options",
                             {"game": game}, errors=invalid.messages)
        found = games.get(game)
        try:
            state = found.setup(options)
        except ValueError as exc:
            return error(422, str(exc), "bad_options", {"game": game})
        return created(found, state)


@blp.route("/tables/<table_code:code>/commands/<name>")
class Command(MethodView):
    @command(blp, CommandFieldsSchema)
    def post(self, fields_, code, name):
        """Send a command of the table's game by its registry name, with its fields

        The seat's rights and the rules decide, as on every other command route; the answer and
        the live change carry only what the token's seat may see."""
        return play.execute(code, name, fields_)
