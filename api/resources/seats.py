"""Seats: join a table by its code as host, villain, a hero or a spectator; the host hands a seat to
a new phone (lost phone, dead battery)."""
from __future__ import annotations

import secrets

from flask.views import MethodView
from marshmallow import Schema, fields, validate

import games
from games.bounds import HERO_ID, PLAYER_ID  # the one pattern of each id a seat names (setup, import, here)

from .. import play
from ..errors import error
from ..extensions import Blueprint, store
from ..ratelimit import limited
from ..schemas import RefusalSchema, Text
from ..store import SeatTaken
from . import reading

blp = Blueprint("seats", __name__, url_prefix="/api/tables/<table_code:code>/seats",
                description="Joining a table: seats and their tokens")

SEAT = validate.Regexp(rf"^(host|spectator|[a-z][a-z0-9-]{{0,40}}|hero:{HERO_ID}|player:{PLAYER_ID})$",
                       error="A seat is host, spectator, villain, heroes (Versus), hero:<hero id> (BGCC), "
                             "player:<player id> (BMG) or a Villain's id (GCSG)")


class JoinSchema(Schema):
    seat = Text(required=True, validate=SEAT)


class SeatTokenSchema(Schema):
    code = Text()
    seat = Text()
    token = Text(metadata={"description": "send it as 'Authorization: Bearer <token>'"})


class SeatViewSchema(Schema):
    seat = Text()
    taken = fields.Boolean()
    connected = fields.Boolean()


@blp.route("")
class Seats(MethodView):
    @blp.response(200, SeatViewSchema(many=True))
    @reading(blp)
    def get(self, code):
        """Every seat, whether a phone holds it and whether it is connected now"""
        loaded, game, state = play.load(code, presence=True)
        return play.seat_list(game, state, loaded.presence, store().seats(loaded.code))

    @limited("join")
    @blp.arguments(JoinSchema)
    @blp.response(201, SeatTokenSchema)
    @blp.alt_response(404, schema=RefusalSchema, description="No such table or seat")
    @blp.alt_response(409, schema=RefusalSchema, description="The seat is taken")
    @blp.alt_response(429, schema=RefusalSchema, description="Too many join attempts from this address (Retry-After)")
    def post(self, data, code):
        """Join: take a free seat and receive its token (rate limited per address)"""
        loaded, game, state = play.load(code)
        seat = data["seat"]
        if seat != games.SPECTATOR and seat not in game.seat_names(state):
            return error(404, f"No seat '{seat}' at this table", "unknown_seat", {"seat": seat})
        token = secrets.token_urlsafe(24)
        try:
            store().take_seat(loaded.code, seat, token)
        except SeatTaken:
            return error(409, f"The {seat} seat is taken: the host can hand it to this phone", "seat_taken",
                         {"seat": seat})
        if seat != games.SPECTATOR:
            play.publish_seats(loaded.code, game, state)  # C8: every phone's seat list is live
        return {"code": loaded.code, "seat": seat, "token": token}


@blp.route("/<seat>/handover")
class Handover(MethodView):
    @blp.response(201, SeatTokenSchema)
    @blp.alt_response(401, schema=RefusalSchema, description="No seat token")
    @blp.alt_response(403, schema=RefusalSchema, description="Only the host hands seats over")
    @blp.alt_response(404, schema=RefusalSchema, description="No such table or seat")
    def post(self, code, seat):
        """The host gives a seat a new token; the old phone's token stops working"""
        loaded, game, state = play.load(code)
        if loaded.seat is None:
            return error(401, "Join the table first: this phone holds no seat", "no_seat")
        if loaded.seat != games.HOST:
            return error(403, "Only the host hands a seat to a new phone", "host_only")
        if seat not in game.seat_names(state):
            return error(404, f"No seat '{seat}' at this table", "unknown_seat", {"seat": seat})
        token = secrets.token_urlsafe(24)
        store().take_seat(loaded.code, seat, token, replace=True)
        play.publish_seats(loaded.code, game, state)
        return {"code": loaded.code, "seat": seat, "token": token}
