"""Command posts and the characters their tiles control (VI·A-VI·E, IX·A-B)."""
from __future__ import annotations

from flask.views import MethodView
from marshmallow import Schema, fields, validate

from games.bgcc import registry
from games.bgcc.definitions import COMMAND_POST_SPACES
from games.bgcc.table import Table as BgccTable

from .. import play
from ..errors import error
from ..extensions import Blueprint
from ..schemas import NAME, CommandPostViewSchema, RefusalSchema, Text
from . import command_route, reading, title
from .heroes import (CUBES, SUCCESSES, AutomaticActionSchema, MoveSchema, WoundsSchema)

blp = Blueprint("command_posts", __name__, url_prefix="/api/tables/<table_code:code>",
                description="The villain's command post, its character pool and reinforcements, and "
                            "the actions of the characters its tiles control")


class CommandPostSpendSchema(Schema):
    space = Text(required=True, validate=validate.OneOf(COMMAND_POST_SPACES))
    cubes = fields.Integer(strict=True, required=True, validate=CUBES)


class ReinforceSchema(Schema):
    miniature = Text(required=True, validate=NAME)


class CharacterAttackSchema(Schema):
    kind = Text(required=True, validate=validate.OneOf(["melee", "ranged"]))
    characteristic = fields.Integer(strict=True, load_default=0, validate=validate.Range(min=0, max=3),
                                    metadata={"description": "which of the character's characteristics "
                                                             "for this action (0 = first)"})
    successes = fields.Integer(strict=True, required=True, validate=SUCCESSES)
    target_hero = Text(load_default=None, validate=NAME)
    target_miniature = Text(load_default=None, validate=NAME)
    defense_cubes = fields.Integer(strict=True, load_default=0, validate=validate.Range(min=0, max=40))
    defense_successes = fields.Integer(strict=True, load_default=0, validate=SUCCESSES)


class CharacterComplexActionSchema(Schema):
    action = Text(required=True, validate=validate.OneOf(["manipulation", "thought"]))
    characteristic = fields.Integer(strict=True, load_default=0, validate=validate.Range(min=0, max=3))
    successes = fields.Integer(strict=True, required=True, validate=SUCCESSES)
    difficulty = fields.Integer(strict=True, required=True, validate=SUCCESSES)
    hindering = fields.Integer(strict=True, load_default=0, validate=SUCCESSES)
    mission_rule = Text(load_default=None, allow_none=True, validate=NAME,
                                 metadata={"description": "Versus: the mission rule this action performs, at "
                                                          "its printed difficulty"})


class CharacterAutomaticActionSchema(AutomaticActionSchema):
    characteristic = fields.Integer(strict=True, load_default=0, validate=validate.Range(min=0, max=3))


@blp.route("/command-posts/<side>")
class CommandPostResource(MethodView):
    @blp.response(200, CommandPostViewSchema)
    @reading(blp)
    def get(self, code, side):
        """A command post as a phone draws it: cubes, spaces, river, character pool, life points"""
        return play.read(code, lambda t: t["command_posts"].get(side),
                         lambda: error(404, f"No command post for '{side}' at this table", "no_command_post",
                                       {"side": side}))


def _route(path: str, schema: type[Schema] | None, name: str, doc: str, owner: str):
    prefix = "/command-posts/<side>" if owner == "side" else "/characters/<miniature>"
    command_route(blp, f"{prefix}/{path}", owner, owner.capitalize() + title(path), schema, name, owner, doc)


_route("spend", CommandPostSpendSchema, "spend",
       "Spend cubes on the movement, defense or reroll space (IX·C, IX·I)", "side")
_route("reinforce", ReinforceSchema, "reinforce",
       "Bring a miniature back from the character pool with reinforcement points (VI·E)", "side")
_route("end-reinforcement", None, "end_reinforcement",
       "Done reinforcing: the unspent reinforcement points are lost (VI·E)", "side")
_route("attack", CharacterAttackSchema, "attack",
       "A character's melee or ranged attack, within its action multiplier, its defense and wounds "
       "(VI·C·5, VI·D, VII)", "miniature")
_route("complex-action", CharacterComplexActionSchema, "complex_action",
       "A character's complex manipulation or thought (VI·D·3 [a], VI·D·4)", "miniature")
_route("automatic-action", CharacterAutomaticActionSchema, "automatic_action",
       "A character's automatic manipulation or thought: no dice, no hindering, no cube (VI·D·3 [b])",
       "miniature")
_route("move", MoveSchema, "move", "A character's first or second movement step (VI·C·2, VI·C·6)", "miniature")
_route("wounds", WoundsSchema, "wound",
       "Wounds on a character from anything but an attack: the life point track (IX·A)", "miniature")


class MovePriceSchema(MoveSchema):
    hero = Text(load_default=None, validate=NAME, metadata={"description": "the moving hero, or"})
    miniature = Text(load_default=None, validate=NAME, metadata={"description": "the moving character"})


class MovePriceAnswerSchema(Schema):
    cubes = fields.Integer(strict=True, metadata={"description": "cubes the movement would buy on the movement space"})
    points_left = fields.Integer(strict=True, metadata={"description": "move points left at the end (lost then)"})
    first = fields.Boolean(metadata={"description": "the first movement of the turn (its bonus counts)"})
    text = Text(metadata={"description": "how it is paid, step by step"})


@blp.route("/move-price")
class MovePrice(MethodView):
    @blp.arguments(MovePriceSchema)
    @blp.response(200, MovePriceAnswerSchema)
    @blp.alt_response(404, schema=RefusalSchema, description="No such table")
    @blp.alt_response(409, schema=RefusalSchema, description="The rules refuse that movement now")
    def post(self, data, code):
        """What a movement (a list of moves) would cost now, changing nothing: the cubes bought,
        the move points left, as the Move command counts them (V·C·5, VI·C·2)"""
        loaded, game, table = play.load(code)
        if not isinstance(table, BgccTable):
            return error(409, f"This table plays {game.name}: move prices are Batman: Gotham City Chronicles'",
                         "wrong_game", {"game": game.name})
        move = game.command("move", data)
        return play.json_response(registry.move_price(table, move), version=loaded.version)
