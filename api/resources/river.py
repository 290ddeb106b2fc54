"""The river: activate a tile, dredge neutralized tiles, demobilize (VI·B·3, VI·F, VI·G)."""
from __future__ import annotations

from flask.views import MethodView
from marshmallow import Schema, validate

from .. import play
from ..errors import error
from ..extensions import Blueprint
from ..schemas import NAME, List, RiverTileViewSchema, Text
from . import command_route, reading, title

blp = Blueprint("river", __name__, url_prefix="/api/tables/<table_code:code>/command-posts/<side>/river",
                description="The river of tiles with each position's activation cost")


class TileSchema(Schema):
    tile = Text(required=True, validate=NAME)


class DredgeSchema(Schema):
    tiles = List(Text(validate=NAME), required=True, validate=validate.Length(min=1, max=16))


@blp.route("")
class River(MethodView):
    @blp.response(200, RiverTileViewSchema(many=True))
    @reading(blp)
    def get(self, code, side):
        """The river left to right, each tile with its position and current cost"""
        return play.read(code, lambda t: (t["command_posts"].get(side) or {}).get("river"),
                         lambda: error(404, f"No command post for '{side}' at this table", "no_command_post",
                                       {"side": side}))


def _route(path: str, schema: type[Schema], name: str, doc: str):
    command_route(blp, f"/{path}", "side", "River" + title(path), schema, name, "side", doc)


_route("activate", TileSchema, "activate_tile",
       "Activate a tile: pay its position's cost reserve → fatigue, move it to the right end (VI·B·3)")
_route("dredge", DredgeSchema, "dredge", "Dredge neutralized tiles: 2 cubes each leave the game (VI·F)")
_route("demobilize", TileSchema, "demobilize",
       "Once per game, dredge an elite or henchman tile as though neutralized (VI·G)")
