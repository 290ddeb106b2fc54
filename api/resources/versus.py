"""Versus: the booklet's missions and HQ powers, a two-command-post table, its draft and powers.

Aliases of the game's own routes, the same code behind them: POST /api/versus-tables is
POST /api/games/bgcc-versus/tables (`game_tables.set_up`, the game's setup schema);
GET /api/versus/powers and /api/versus/missions are parts of GET /api/games/bgcc-versus/samples;
the command routes send their command through `play.execute`, as
POST /api/tables/{code}/commands/{name} does."""
from __future__ import annotations

from flask.views import MethodView
from marshmallow import Schema, fields, validate

import games

from .. import play
from ..extensions import Blueprint
from ..schemas import NAME, List, RefusalSchema, Text
from . import command
from .game_tables import set_up
from .tables import NewTableViewSchema, creating

blp = Blueprint("versus", __name__, url_prefix="/api",
                description="Versus mode: two command posts, activation potential discs, HQ powers")

GAME = "bgcc-versus"
TileDefSchema = games.get(GAME).library().schemas["tiles"]


class HQSchema(Schema):
    tile = fields.Nested(TileDefSchema, required=True)
    powers = List(Text(validate=NAME), load_default=None, validate=validate.Length(max=6),
                         metadata={"description": "power ids; default: the booklet's powers of the character "
                                            "named like the tile"})


class DraftSchema(Schema):
    tile = fields.Nested(TileDefSchema, required=True)


class ResolvePowerSchema(Schema):
    alternative = fields.Integer(strict=True, load_default=0, validate=validate.Range(min=0, max=5))
    tiles = List(Text(validate=NAME), load_default=list, validate=validate.Length(max=2))
    space = Text(load_default=None, validate=validate.OneOf(["movement", "defense", "reroll"]))
    miniatures = List(Text(validate=NAME), load_default=list, validate=validate.Length(max=4),
                             metadata={"description": "the characters the operations act on, in their order"})
    count = fields.Integer(strict=True, load_default=None, allow_none=True, validate=validate.Range(min=0, max=30),
                           metadata={"description": "successes rolled at the table, for 'as many as' effects"})


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
    @blp.alt_response(409, schema=RefusalSchema, description="The mission breaks a rule, or contradicts the booklet")
    @blp.alt_response(404, schema=RefusalSchema, description="No booklet mission with that id")
    @blp.alt_response(400, schema=RefusalSchema, description="A value the booklet does not print is missing")
    def post(self, data):
        """Set up a Versus table (as POST /api/games/bgcc-versus/tables): both command posts, discs

        Then pick the HQs and draft the teams."""
        return set_up(games.get(GAME), data)


@blp.route("/tables/<table_code:code>/command-posts/<side>/hq")
class PickHQ(MethodView):
    @command(blp, HQSchema)
    def post(self, data, code, side):
        """Pick the side's HQ (initiative side first); it brings its powers (Versus I·C·2)"""
        return play.execute(code, "pick_hq", {"side": side, "tile": data["tile"], "powers": data["powers"]})


@blp.route("/tables/<table_code:code>/command-posts/<side>/draft")
class Draft(MethodView):
    @command(blp, DraftSchema)
    def post(self, data, code, side):
        """Draft one tile for a free slot of the side's initial river, alternately (Versus I·C·3)"""
        return play.execute(code, "draft_tile", {"side": side, "tile": data["tile"]})


@blp.route("/tables/<table_code:code>/command-posts/<side>/powers/<power>")
class ResolvePower(MethodView):
    @command(blp, ResolvePowerSchema)
    def post(self, data, code, side, power):
        """Apply an HQ power: the alternative chosen and its targets (Versus II)"""
        return play.execute(code, "resolve_power", {**data, "side": side, "power": power})


class MissionEventSchema(Schema):
    tile = Text(required=True, validate=NAME)


@blp.route("/tables/<table_code:code>/command-posts/<side>/mission-rules/<rule>")
class RecordMissionRule(MethodView):
    @command(blp)
    def post(self, code, side, rule):
        """Record a mission rule played at the table without a roll: a board event the mission counts, or
        a rule limited per game (the booklet's missions)"""
        return play.execute(code, "record_mission_rule", {"side": side, "rule": rule})


@blp.route("/tables/<table_code:code>/command-posts/<side>/mission-events/<rule>")
class ResolveMissionEvent(MethodView):
    @command(blp, MissionEventSchema)
    def post(self, data, code, side, rule):
        """Resolve the mission's event on the side's event tile, e.g. a neutralized tile back in the box
        for free (the booklet's missions)"""
        return play.execute(code, "resolve_mission_event", {"side": side, "rule": rule, "tile": data["tile"]})
