"""Versus: the booklet's missions and HQ powers, and a two-command-post table (its HQs, draft and powers
are commands: pick_hq, draft_tile, resolve_power, on POST /api/tables/{code}/commands/{name})."""
from __future__ import annotations

from flask import Response
from flask.views import MethodView
from marshmallow import Schema, fields, validate

import games
from games.bgcc import versus_data
from games.serial import to_data

from ..errors import error
from ..extensions import Blueprint
from ..schemas import NAME, TEXT, List, RefusalSchema, SpaceDefSchema, Text
from .tables import NewTableViewSchema, created, creating

blp = Blueprint("versus", __name__, url_prefix="/api",
                description="Versus mode: two command posts, activation potential discs, HQ powers")

SIDE = validate.OneOf(["heroes", "villain"])
SLOT = validate.OneOf(["HQ simple", "HQ double", "event", "simple", "double"])


class VersusSideSchema(Schema):
    reserve = fields.Integer(strict=True, load_default=None, validate=validate.Range(min=0, max=60))
    fatigue = fields.Integer(strict=True, load_default=None, validate=validate.Range(min=0, max=60))
    recovery = fields.Integer(strict=True, load_default=None, validate=validate.Range(min=0, max=60))
    discs_available = fields.Integer(strict=True, load_default=None, validate=validate.Range(min=0, max=30))
    discs_unavailable = fields.Integer(strict=True, load_default=None, validate=validate.Range(min=0, max=30))
    discs_recovery = List(fields.Integer(strict=True, validate=validate.Range(min=0, max=30)),
                                 load_default=None, validate=validate.Length(min=1, max=12),
                                 metadata={"description": "discs recovered per turn, turn 1 first; the last repeats"})
    river = List(Text(validate=SLOT), load_default=None, validate=validate.Length(min=2, max=12))
    spaces = fields.Dict(keys=Text(validate=validate.OneOf(["movement", "defense", "reroll"])),
                         values=fields.Nested(SpaceDefSchema), load_default=None,
                         metadata={"description": "default: movement x1 (3), defense 1 orange (3), reroll (2)"})
    cost_track = List(fields.Integer(strict=True, validate=validate.Range(min=0, max=20)),
                             load_default=lambda: [1, 2, 3, 4, 5, 6, 7], validate=validate.Length(min=1, max=16))
    reinforcement_points = fields.Integer(strict=True, load_default=0, validate=validate.Range(min=0, max=40))
    events = List(Text(validate=TEXT), load_default=list, validate=validate.Length(max=10))


class VersusMissionSchema(Schema):
    """A booklet mission by `id` (the booklet's values filled in: type only what the booklet does not
    print, its template's `missing`), or a mission typed in full (every number required)."""
    name = Text(load_default=None, validate=NAME)
    name_fr = Text(load_default="", validate=validate.Length(max=80))
    id = Text(load_default="", validate=validate.Length(max=80),
                       metadata={"description": "a booklet mission's id (GET /api/versus/missions): its printed "
                                                "values, event, special rules and disc schedule are loaded"})
    initiative = Text(load_default=None, validate=SIDE)
    turn_limit = fields.Integer(strict=True, load_default=None, validate=validate.Range(min=1, max=12))
    sides = fields.Dict(keys=Text(validate=SIDE), values=fields.Nested(VersusSideSchema), required=True)
    special_rules = List(Text(validate=TEXT), load_default=list, validate=validate.Length(max=20))
    end_game = List(Text(validate=TEXT), load_default=list, validate=validate.Length(max=20))


class NewVersusTableSchema(Schema):
    mission = fields.Nested(VersusMissionSchema, required=True)


class CatalogSchema(Schema):
    format = Text()
    version = fields.Integer(strict=True)
    about = Text()


class PowersCatalogSchema(CatalogSchema):
    powers = List(fields.Dict())


class MissionsCatalogSchema(CatalogSchema):
    missions = List(fields.Dict(), metadata={"description": "templates: null numbers are for the "
                                                                   "players to fill in (missing from the text)"})


TYPED = ("reserve", "recovery", "discs_available", "discs_unavailable", "discs_recovery", "river")


def _mission(data: dict) -> dict | Response:
    """The mission's setup options, or a 4xx answer: a booklet mission by id (its printed values
    and rules, the typed values for what it does not print), or one typed in full."""
    if data["id"]:
        try:
            data = {**data, **versus_data.from_template(data["id"], data)}
        except versus_data.PrintedValue as clash:
            name, printed, typed = clash.args
            return error(409, f"The booklet prints {name} = {printed}, not {typed}", "booklet_prints_value",
                         {"field": name, "printed": str(printed), "typed": str(typed)})
        except KeyError:
            return error(404, f"No booklet mission {data['id']!r}", "no_mission", {"mission": data["id"]})
        except ValueError as missing:
            return error(400, f"The booklet does not print {missing.args[0]}: type it in", "mission_value_missing",
                         {"field": missing.args[0]})
    else:
        for name in ("name", "initiative", "turn_limit"):
            if data[name] is None:
                return error(400, f"A typed mission needs its {name} (or a booklet mission's id)",
                             "mission_value_missing", {"field": name})
        for side, s in data["sides"].items():
            for name in TYPED:
                if s[name] is None:
                    return error(400, f"A typed mission needs {side}.{name} (or a booklet mission's id)",
                                 "mission_value_missing", {"field": f"{side}.{name}"})
    return data


@blp.route("/versus/powers")
class Powers(MethodView):
    @blp.response(200, PowersCatalogSchema)
    def get(self):
        """Every HQ power of the booklet: French text, English text, the bookkeeping the app applies"""
        return versus_data.powers_document()


@blp.route("/versus/missions")
class Missions(MethodView):
    @blp.response(200, MissionsCatalogSchema)
    def get(self):
        """The booklet's missions as data"""
        return versus_data.missions_document()


@blp.route("/versus-tables")
class VersusTables(MethodView):
    @creating(blp)
    @blp.arguments(NewVersusTableSchema)
    @blp.response(201, NewTableViewSchema)
    @blp.alt_response(409, schema=RefusalSchema, description="The mission breaks a rule, or contradicts the booklet")
    @blp.alt_response(404, schema=RefusalSchema, description="No booklet mission with that id")
    @blp.alt_response(400, schema=RefusalSchema, description="A value the booklet does not print is missing")
    def post(self, data):
        """Set up a Versus table: both command posts, discs; then pick the HQs and draft the teams"""
        game = games.get("bgcc-versus")
        mission = _mission(data["mission"])
        if isinstance(mission, Response):
            return mission
        return created(game, game.setup({"mission": mission}))
