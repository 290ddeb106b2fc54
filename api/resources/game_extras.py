"""What a phone needs beside a game's commands: the labelled sample library a table is set up from
(`GET /api/games/{game}/samples`: the Miniature Game's sample cards, the Strategy Game's sample
settings), and the exact odds of a roll before it is made (`POST /api/tables/{code}/odds/{name}`:
the command's fields as it would be sent; nothing changes)."""
from __future__ import annotations

from flask.views import MethodView
from marshmallow import INCLUDE, Schema

import games

from .. import play
from ..errors import error
from ..extensions import Blueprint
from ..schemas import RefusalSchema
from . import reading
from .game_tables import unknown_game

blp = Blueprint("game-extras", __name__, url_prefix="/api",
                description="A game's sample library, and the odds of a roll before it is made")


class OpenSchema(Schema):
    """A JSON object as the game answers it."""
    class Meta:
        unknown = INCLUDE


@blp.route("/games/<game>/samples")
class Samples(MethodView):
    @blp.response(200, OpenSchema)
    @blp.alt_response(404, schema=RefusalSchema, description="No such game")
    def get(self, game):
        """The labelled sample library of a game (bmg: `cards` and `objectives`; gcsg: `villains`
        and `settings`); every sample value says it is one"""
        if game not in games.names():
            return unknown_game(game)
        return play.json_response(games.get(game).samples())


@blp.route("/tables/<table_code:code>/odds/<name>")
class Odds(MethodView):
    @blp.arguments(OpenSchema)
    @blp.response(200, OpenSchema)
    @blp.alt_response(409, schema=RefusalSchema, description="No roll to preview for that command now")
    @reading(blp)
    def post(self, fields_, code, name):
        """The exact odds of the roll the command `name` (its registry name) would make, from the
        table as it is now; changes nothing (bmg: skill, recovery, melee, ranged, Take the Lead)"""
        loaded, game, state = play.load(code, token=False)
        command = game.command(name, fields_)  # an unknown name or bad fields: the game's coded refusal
        found = game.odds(state, command)
        if found is None:
            return error(409, f"{game.name} shows no odds for {name[:40]} here", "no_preview", {"command": name[:40]})
        return play.json_response(found, version=loaded.version)
