"""Versus: the booklet's missions and HQ powers, a two-command-post table, its draft and powers.

Aliases of the game's own routes, the same code behind them: POST /api/versus-tables is
POST /api/games/bgcc-versus/tables (`game_tables.set_up`, the game's setup schema);
GET /api/versus/powers and /api/versus/missions are parts of GET /api/games/bgcc-versus/samples;
its HQs, draft and powers are commands (pick_hq, draft_tile, resolve_power) on
POST /api/tables/{code}/commands/{name}."""
from __future__ import annotations

from flask.views import MethodView
from marshmallow import Schema, fields, validate

import games

from ..extensions import Blueprint
from ..schemas import NAME, REFUSAL, List, Text
from .game_tables import set_up
from .tables import NewTableViewSchema, creating

blp = Blueprint("versus", __name__, url_prefix="/api",
                description="Versus mode: two command posts, activation potential discs, HQ powers")

GAME = "bgcc-versus"
TileDefSchema = games.get(GAME).library().schemas["tiles"]


class CatalogSchema(Schema):
    format = Text()
    version = fields.Integer(strict=True)
    about = Text()


class PowersCatalogSchema(CatalogSchema):
    powers = List(fields.Dict())


class MissionsCatalogSchema(CatalogSchema):
    missions = List(fields.Dict(), metadata={"description": "templates: null numbers are for the "
                                                                   "players to fill in (missing from the text)"})


@blp.route("/versus/powers")
class Powers(MethodView):
    @blp.response(200, PowersCatalogSchema)
    def get(self):
        """Every HQ power of the booklet: French text, English text, the bookkeeping the app applies"""
        return games.get(GAME).samples()["powers"]


@blp.route("/versus/missions")
class Missions(MethodView):
    @blp.response(200, MissionsCatalogSchema)
    def get(self):
        """The booklet's missions as data"""
        return games.get(GAME).samples()["missions"]


@blp.route("/versus-tables")
class VersusTables(MethodView):
    @creating(blp)
    @blp.arguments(games.get(GAME).setup_schema())
    @blp.response(201, NewTableViewSchema)
    @blp.alt_response(409, schema=REFUSAL, description="The mission breaks a rule, or contradicts the booklet")
    @blp.alt_response(404, schema=REFUSAL, description="No booklet mission with that id")
    @blp.alt_response(400, schema=REFUSAL, description="A value the booklet does not print is missing")
    def post(self, data):
        """Set up a Versus table (as POST /api/games/bgcc-versus/tables): both command posts, discs

        Then pick the HQs and draft the teams."""
        return set_up(games.get(GAME), data)
