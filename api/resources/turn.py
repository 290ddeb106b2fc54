"""The turn: the track, the current step and what may be done now; dissipation tokens (IV, IX·O)."""
from __future__ import annotations

from flask.views import MethodView
from marshmallow import Schema, fields, validate

from games.bgcc.table import DISSIPATION_KINDS

from .. import play
from ..extensions import Blueprint
from ..schemas import TEXT, Text, TurnViewSchema
from . import command, reading

blp = Blueprint("turn", __name__, url_prefix="/api/tables/<table_code:code>",
                description="The turn track, its steps, end of game, dissipation tokens")


class EndGameSchema(Schema):
    winner = Text(required=True, validate=validate.OneOf(["heroes", "villain", "none"]))
    reason = Text(load_default="", validate=TEXT)


class TokenSchema(Schema):
    kind = Text(required=True, validate=validate.OneOf(DISSIPATION_KINDS))
    side = Text(required=True, validate=validate.OneOf(["heroes", "villain"]))
    area = Text(load_default="", validate=validate.Length(max=80))


@blp.route("/turn")
class Turn(MethodView):
    @blp.response(200, TurnViewSchema)
    @reading(blp)
    def get(self, code):
        """The turn, the step, what may be done now and the mission reminders due"""
        return play.read(code, lambda t: t["turn"])


@blp.route("/turn/advance")
class Advance(MethodView):
    @command(blp)
    def post(self, code):
        """Finish the current step and enter the next, applying its upkeep (IV, V·B, VI·B)"""
        return play.execute(code, "advance")


@blp.route("/turn/end-game")
class EndGame(MethodView):
    @command(blp, EndGameSchema)
    def post(self, data, code):
        """An end-game condition of the mission is met (IV·C, IV·E)"""
        return play.execute(code, "end_game", data)


@blp.route("/tokens")
class Tokens(MethodView):
    @command(blp, TokenSchema)
    def post(self, data, code):
        """Place a gas, flame, smoke or frost token (IX·O)"""
        return play.execute(code, "place_token", data)


@blp.route("/tokens/<int:token>")
class Token(MethodView):
    @command(blp)
    def delete(self, code, token):
        """Remove a dissipation token (IX·O)"""
        return play.execute(code, "remove_token", {"id": token})
