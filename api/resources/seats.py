"""Seats: join a table by its code as host, villain, a hero or a spectator; the host hands a seat to
a new phone (lost phone, dead battery) with a one-time claim code, never the seat's token."""
from __future__ import annotations

import secrets

from flask import current_app
from flask.views import MethodView
from marshmallow import Schema, fields, validate

import games
from games.checks import HERO_ID, PLAYER_ID  # the one pattern of each id a seat names (setup, import, here)

from .. import play
from ..errors import error
from ..extensions import Blueprint, store
from ..ratelimit import limited
from ..schemas import REFUSAL, Text
from ..store import ClaimRefused, SeatTaken
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


class HandoverSchema(Schema):
    code = Text()
    seat = Text()
    claim = Text(metadata={"description": "a one-time code for the new phone (POST .../seats/claim): it works "
                                          "once, for `expires_in` seconds; the seat's token is never shown here"})
    expires_in = fields.Integer(metadata={"description": "seconds the claim code works"})


class ClaimSchema(Schema):
    claim = Text(required=True, validate=validate.Length(min=1, max=40),
                 metadata={"description": "the code of the host's handover (case, spaces and dashes do not matter)"})


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
        return play.seat_list(game.seat_names(state), loaded.presence, store().seats(loaded.code))

    @limited("join")
    @blp.arguments(JoinSchema)
    @blp.response(201, SeatTokenSchema)
    @blp.alt_response(404, schema=REFUSAL, description="No such table or seat")
    @blp.alt_response(409, schema=REFUSAL, description="The seat is taken")
    @blp.alt_response(429, schema=REFUSAL, description="Too many join attempts from this address (Retry-After)")
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
    @blp.response(201, HandoverSchema)
    @blp.alt_response(401, schema=REFUSAL, description="No seat token")
    @blp.alt_response(403, schema=REFUSAL, description="Only the host hands seats over")
    @blp.alt_response(404, schema=REFUSAL, description="No such table or seat")
    def post(self, code, seat):
        """The host hands a seat to a new phone: the old phone's token stops working now, and the
        answer is a one-time claim code the new phone exchanges for its own token (POST
        .../seats/claim). Until then the seat stays taken by no phone; a code nobody claims expires
        (CLAIM_TTL) and the host hands over again: a newer handover voids the seat's older codes."""
        loaded, game, state = play.load(code)
        if loaded.seat is None:
            return error(401, "Join the table first: this phone holds no seat", "no_seat")
        if loaded.seat != games.HOST:
            return error(403, "Only the host hands a seat to a new phone", "host_only")
        if seat not in game.seat_names(state):
            return error(404, f"No seat '{seat}' at this table", "unknown_seat", {"seat": seat})
        reserved = secrets.token_urlsafe(24)  # held by no phone: the seat waits for its claim
        store().take_seat(loaded.code, seat, reserved, replace=True)
        ttl = current_app.config["CLAIM_TTL"]
        claim = store().issue_claim(loaded.code, seat, reserved, ttl, play.now_ms())
        play.publish_seats(loaded.code, game, state)
        return {"code": loaded.code, "seat": seat, "claim": claim, "expires_in": ttl}, 201, NO_STORE


@blp.route("/claim")
class Claim(MethodView):
    @limited("join")
    @blp.arguments(ClaimSchema)
    @blp.response(201, SeatTokenSchema)
    @blp.alt_response(404, schema=REFUSAL, description="No such table, or a code this table never gave")
    @blp.alt_response(410, schema=REFUSAL, description="The code expired, was used, or the seat was handed "
                                                             "over again since")
    @blp.alt_response(429, schema=REFUSAL, description="Too many join attempts from this address (Retry-After)")
    def post(self, data, code):
        """The new phone takes the seat a handover reserved with its one-time claim code, and receives
        the seat's token (once: a second claim of the same code is refused; rate limited as joining)"""
        loaded = store().load(code.upper())
        token = secrets.token_urlsafe(24)
        try:
            seat = store().claim_seat(loaded.code, data["claim"], token, play.now_ms())
        except ClaimRefused as refused:
            return claim_refused(refused.reason)
        return {"code": loaded.code, "seat": seat, "token": token}, 201, NO_STORE


NO_STORE = {"Cache-Control": "no-store"}  # an answer with a seat's token or claim code: no cache keeps it


def claim_refused(reason: str):
    """A claim code that gives no seat, in words a player acts on."""
    if reason == "unknown":
        return error(404, "This handover code is not one this table gave: check the link, or ask the host "
                          "to hand the seat over again", "claim_unknown")
    if reason == "expired":
        return error(410, "This handover code has expired: ask the host to hand the seat over again",
                     "claim_expired")
    if reason == "used":
        return error(410, "This handover code was already used: it gives its seat once, to one phone. "
                          "Ask the host to hand the seat over again if this phone needs it", "claim_used")
    return error(410, "The host handed this seat over again since this code was made: use the newest code",
                 "claim_replaced")


@blp.route("/<seat>")
class Seat(MethodView):
    @blp.response(204)
    @blp.alt_response(401, schema=REFUSAL, description="No seat token")
    @blp.alt_response(403, schema=REFUSAL, description="This phone does not hold that seat")
    @blp.alt_response(404, schema=REFUSAL, description="No such table")
    def delete(self, code, seat):
        """Forget: this phone gives its seat up. Its token stops working and its live streams end at
        once; the seat stays taken (the host hands it to another phone)"""
        loaded = store().load(code.upper(), play.bearer_token())
        if loaded.seat is None:
            return error(401, "Join the table first: this phone holds no seat", "no_seat")
        if loaded.seat != seat or not store().forget_token(loaded.code, play.bearer_token(), seat):
            return error(403, f"This phone plays {loaded.seat} and cannot do that: give up {seat[:80]}",
                         "not_your_seat", {"seat": loaded.seat})
        return None
