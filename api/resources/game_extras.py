"""What a phone needs beside a game's commands: the labelled sample library a table is set up from
(`GET /api/games/{game}/samples`: the Miniature Game's sample cards, the Strategy Game's sample
settings), and what a command would give before it is sent (`POST /api/tables/{code}/previews/{name}`: the
odds of its roll, or its price; the command's fields as it would be sent; nothing changes)."""
from __future__ import annotations

from flask.views import MethodView
from marshmallow import INCLUDE, Schema

import games

from .. import play
from ..errors import error
from ..extensions import Blueprint
from ..schemas import REFUSAL
from . import reading
from .game_tables import unknown_game

blp = Blueprint("game-extras", __name__, url_prefix="/api",
                description="A game's sample library, and previews: the odds or the price of a command before it is sent")


class OpenSchema(Schema):
    """A JSON object as the game answers it."""
    class Meta:
        unknown = INCLUDE


class PreviewFieldsSchema(OpenSchema):
    """A preview's fields, as the command's (typed per name: api/resources/command_bodies.py); none
    may be sent without a body."""
    body_optional = True


@blp.route("/games/<game>/samples")
class Samples(MethodView):
    @blp.response(200, OpenSchema)
    @blp.alt_response(404, schema=REFUSAL, description="No such game")
    def get(self, game):
        """The labelled sample library of a game (bmg: `cards` and `objectives`; gcsg: `villains`
        and `settings`); every sample value says it is one"""
        if game not in games.names():
            return unknown_game(game)
        return play.json_response(games.get(game).samples())


@blp.route("/tables/<table_code:code>/previews/<name>")
class Preview(MethodView):
    @blp.arguments(PreviewFieldsSchema)
    @blp.response(200, OpenSchema)
    @blp.alt_response(409, schema=REFUSAL, description="No such preview for that name now")
    @blp.alt_response(422, schema=REFUSAL, description="A field beyond its bound")
    @reading(blp)
    def post(self, fields_, code, name):
        """What a command (or a question) `name` would give, from the table as it is now, before it
        is sent; changes nothing, and anyone with the code may ask. The odds of its roll (bmg:
        skill, recovery, melee, ranged, Take the Lead; bgcc: `odds`, a pool or an action with its
        defense), what it is checked against (bmg: `move`, the Basic Move Distance after Impaired
        Movement), or its price (bgcc: `move`, the cubes and move points a movement takes). The
        fields are the command's own, as it would be sent."""
        return preview(code, name, fields_)


def preview(code: str, name: str, fields_: dict):
    """The answer to a preview: what `name` with `fields_` would give at table `code` now."""
    loaded, game, state = play.load(code, token=False)
    play.unknown_field(game, name, fields_, game.preview_types())
    found = game.preview(state, name, fields_)  # an unknown name or bad fields: the game's coded refusal
    if found is None:
        return error(409, f"{game.name} shows no preview for {name[:40]} here", "no_preview",
                     {"command": name[:40]})
    return play.json_response(found, version=loaded.version)
