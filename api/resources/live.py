"""Live: the table's changes as Server-Sent Events, for every phone at the table."""
from __future__ import annotations

import secrets

import orjson
from flask import Response, current_app, request
from marshmallow import Schema, fields, validate
from flask.views import MethodView

import games

from .. import live, play
from .. import store as store_module
from ..errors import error
from ..extensions import Blueprint, hub, store
from ..schemas import REFUSAL, Text
from ..seat_token import TICKET_COOKIE
from . import AUTHORIZATION

blp = Blueprint("live", __name__, url_prefix="/api/tables/<table_code:code>",
                description="Live updates (Server-Sent Events)")

LIVE_DOC = {
    "description": (
        "An event stream (text/event-stream) that never ends on its own. Events: `snapshot` "
        "({version, table, seats}) on connecting, `change` ({version, seat, command, fields, events, patch}) for "
        "every accepted change: `patch` is the RFC 6902 JSON Patch (add, remove, replace) that turns the seat's "
        "table at the version before into its table now, as that seat may see both (a phone holding another "
        "version reads the table again); a change replayed after Last-Event-ID carries its whole `table` "
        "instead. `presence` ({seats: [{seat, "
        "connected}]}) once after the snapshot and whenever who is connected changes, a "
        "`: heartbeat` comment 15 s after the last heartbeat when no event came since, and `revoked` "
        "({seat}) when the seat's token stops working "
        "(the host handed the seat to another phone or recovered the host seat, or the phone forgot the "
        "seat): the stream then ends at once, before any later change. Each event's id is the table "
        "version: reconnect with the Last-Event-ID header (or ?last_event_id=) to receive exactly "
        "the changes missed, then a snapshot; too old an id gets a snapshot only. To show the seat as "
        "connected, send the seat token as 'Authorization: Bearer <token>', or, from a browser "
        "(EventSource cannot send headers), first POST .../live/ticket with it: the stream then "
        "carries the ticket cookie it sets. A token is never accepted in the URL. Without either, "
        "the stream is a spectator's. In a game with secrets (BMG Audacity markers, GCSG stashes) "
        "every event carries only what the seat may see."),
}


class _Table(live.Table):
    """The stream's table: read through the store, drawn by the table's game."""

    def __init__(self, loaded, game, state, token, also=None):
        # An open stream keeps no state and no view (a table's seats are set at its setup): what it
        # holds while it waits, the collector walks at each full collection.
        self.s, self.code, self.game, self.seat, self.token = store(), loaded.code, game, loaded.seat, token
        self.names = game.seat_names(state)
        # the other seat of the same phone (the host's, its ticket says): shown connected with it
        self.also = also if loaded.seat else None

    def latest(self):  # as the stream's seat may see it: the table the last write kept, when it did
        loaded = self.s.load(self.code, presence=True, drawn=True)
        return loaded.version, {"version": loaded.version, "table": play.seat_table(loaded, self.game, self.seat, s=self.s),
                                "seats": play.seat_list(self.names, loaded.presence, self.s.seats(self.code))}

    def changes(self, after, upto):
        return play.replayed_changes(self.code, self.game, after, upto, self.s, viewer=self.seat)

    def oldest(self):
        return self.s.oldest_version(self.code)

    def presence(self):
        return play.seats_presence(self.code, self.names, self.s)

    def mark(self, connected, lease=None):
        changed = self._write(connected, lease)
        return self._mark_also(connected) or changed

    def _write(self, connected, lease, pipe=None) -> bool | None:
        """The seat's presence with the stream's lease renewed, in one call (a spectator is not shown
        among the seats: its lease alone); queued on `pipe`, its reply comes from the pipeline."""
        if self.seat in self.names:
            return self.s.mark_present(self.code, self.seat, play.now_ms(), connected, lease and lease.beat(), pipe=pipe)
        if lease is not None:
            lease.renew(pipe)
        return False

    def _mark_also(self, connected) -> bool:
        """The phone's other seat (the host's) marked too, while its token still holds it."""
        other = self.s.token_seat(self.code, self.also) if self.also else None
        return other in self.names and other != self.seat and self.s.mark_present(self.code, other, play.now_ms(),
                                                                                   connected)

    def beat(self, lease, pipe):  # a heartbeat's writes, queued on the ticker's pipeline
        self._write(True, lease, pipe)

    def beaten(self, lease, replies):
        if replies is None or any(isinstance(reply, Exception) for reply in replies):  # not queued, or not
            changed = self.mark(True, lease)  # written (a server that lost the script): on its own (loads it)
        else:
            changed = self._mark_also(True) or (self.seat in self.names and bool(replies[0]))
        if changed:
            self.publish(self.presence())

    def publish(self, data):
        self.s.publish(self.code, orjson.dumps({"event": "presence", "data": data}))

    def valid(self):
        return self.seat is None or self.s.token_seat(self.code, self.token) == self.seat


@blp.route("/live")
class Live(MethodView):
    @blp.doc(responses={"200": {"description": "text/event-stream",
                                "content": {"text/event-stream": {"schema": {"type": "string"}}}}},
             **LIVE_DOC)
    @blp.alt_response(400, schema=REFUSAL, description="Last-Event-ID names no version of this table")
    @blp.alt_response(401, schema=REFUSAL, description="The ticket cookie has expired: ask for a new one")
    @blp.alt_response(404, schema=REFUSAL, description="No such table")
    @blp.alt_response(429, schema=REFUSAL, description="Too many open live streams of this seat, or (a "
                                                             "phone holding no seat, a spectator) from this "
                                                             "address or at this table (header Retry-After)")
    def get(self, code):
        """The table's changes, live"""
        holder = also = None
        ticket = request.cookies.get(TICKET_COOKIE)
        if ticket and not play.bearer_token():
            found = store().ticket_tokens(code.upper(), ticket[:100])
            if found is None:
                return error(401, "This live ticket has expired: ask for a new one", "live_ticket_expired")
            holder, also = found
        token = store_module.digest(play.bearer_token()) if play.bearer_token() else holder
        seat = store().token_seat(code.upper(), token) if token else None  # counted before the table is read
        lease = _Lease(code.upper(), request.remote_addr or "-", seat)
        full = lease.acquire()
        if full:
            return _too_many_streams(full)
        try:
            response = self._stream(code, token, lease, also)
        except BaseException:
            lease.release()
            raise
        if response.status_code != 200:  # refused: no stream holds the place
            lease.release()
        return response

    def _stream(self, code, token, lease, also=None):
        loaded = store().load(code.upper(), token_digest=token)
        game, state = play.game_of(loaded), play.state_of(loaded)
        raw = request.headers.get("Last-Event-ID", request.args.get("last_event_id"))
        last_id = None
        if raw is not None:
            if not play.VERSION.fullmatch(raw) or int(raw) > loaded.version:
                return error(400, f"Last-Event-ID {raw[:20]!r} names no version of this table "
                                  f"(now {loaded.version})", "bad_last_event_id", {"version": loaded.version})
            last_id = int(raw)
        table = _Table(loaded, game, state, token, also)
        client = request.environ.get("gunicorn.socket") or request.environ.get("werkzeug.socket")
        events = live.stream(hub(), table, loaded.code, loaded.seat, last_id,
                             play.now_ms, lease, token, client)
        response = Response(events, mimetype="text/event-stream",
                            headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
        response.call_on_close(lease.release)  # also when the stream never started
        return response


class _Lease(live.Lease):
    """A stream's place, counted in Redis across every API process: at most LIVE_STREAMS_PER_SEAT
    open streams of one seat (its phone's, apart: no other phone can take its place), and, for a
    phone holding no seat or a spectator's, LIVE_STREAMS_PER_ADDRESS from one address and
    LIVE_STREAMS_PER_TABLE at one table. A stream frees its place when it ends (its client closing
    the connection ends it at once); the lease outlives two heartbeats, so a stream whose process
    died frees its place by itself."""

    def __init__(self, code, address, seat):
        self.s, self.code, self.address = store(), code, address
        self.seat = seat if seat and seat != games.SPECTATOR else None
        self.id = secrets.token_hex(8)
        config = current_app.config
        self.per_address, self.per_table = config["LIVE_STREAMS_PER_ADDRESS"], config["LIVE_STREAMS_PER_TABLE"]
        self.per_seat = config["LIVE_STREAMS_PER_SEAT"]
        self.lease_ms = int((2 * config["SSE_HEARTBEAT"] + 10) * 1000)
        self.released = False

    def acquire(self) -> str | None:
        return self.s.open_stream(self.code, self.address, self.id, play.now_ms(), self.lease_ms,
                                  self.per_address, self.per_table, self.seat, self.per_seat)

    def renew(self, pipe=None):
        self.s.renew_stream(self.code, self.address, self.id, play.now_ms(), self.lease_ms, self.seat, pipe)

    def beat(self):
        """The lease a seat's presence renews (`Store.mark_present`): a seat's stream's; None for a
        spectator's or a phone holding no seat, whose `renew` counts them by address and table."""
        return (self.id, self.lease_ms) if self.seat else None

    def release(self):
        if not self.released:
            self.released = True
            self.s.close_stream(self.code, self.address, self.id, self.seat)


def _too_many_streams(full: str):
    config = current_app.config
    if full == "seat":
        cap = config["LIVE_STREAMS_PER_SEAT"]
        response = error(429, f"Too many live streams open for this seat ({cap}): close one first",
                         "too_many_streams", {"per": "seat", "limit": cap})
    elif full == "address":
        cap = config["LIVE_STREAMS_PER_ADDRESS"]
        response = error(429, f"Too many live streams open from this address ({cap}): close one first",
                         "too_many_streams", {"per": "address", "limit": cap})
    else:
        cap = config["LIVE_STREAMS_PER_TABLE"]
        response = error(429, f"Too many live streams open at this table ({cap}): close one first",
                         "too_many_streams", {"per": "table", "limit": cap})
    response.headers["Retry-After"] = str(int(config["SSE_HEARTBEAT"]) + 5)
    return response


COOKIE_MAX_AGE = 24 * 3600  # longer than the ticket: a stale ticket is refused (401), never read as a spectator's


class TicketSchema(Schema):
    expires_in = fields.Integer(metadata={"description": "seconds the ticket opens streams for"})


class TicketRequestSchema(Schema):
    body_optional = True  # a phone that holds one seat sends no body
    also = Text(load_default=None, validate=validate.Length(max=100), metadata={"description": (
        "another seat token this phone holds (the host's, on a phone that also plays a seat): while the "
        "stream is open that seat is shown connected too. A token that holds no seat here is ignored; "
        "the stream's events stay those of the Authorization token's seat")})


@blp.route("/live/ticket")
class LiveTicket(MethodView):
    @blp.doc(parameters=[AUTHORIZATION])
    @blp.response(200, TicketSchema, headers={"Set-Cookie": {
        "description": "gc_live=<ticket>; HttpOnly; SameSite=Strict; Path=/api/tables/<code>/live",
        "schema": {"type": "string"}}})
    @blp.arguments(TicketRequestSchema, required=False)
    @blp.alt_response(401, schema=REFUSAL, description="No seat token")
    @blp.alt_response(404, schema=REFUSAL, description="No such table")
    def post(self, body, code):
        """A short-lived ticket (an HttpOnly cookie) for this seat's live stream, so that the
        browser's EventSource shows the seat as connected without a token in its URL"""
        loaded = store().load(code.upper(), play.bearer_token())
        if loaded.seat is None:
            return error(401, "Join the table first: this phone holds no seat", "no_seat")
        ttl = current_app.config["LIVE_TICKET_TTL"]
        also = store_module.digest(body["also"]) if (body or {}).get("also") else None
        if also is not None and store().token_seat(loaded.code, also) in (None, loaded.seat):
            also = None  # no other seat of this table: nothing more to show connected
        ticket = store().issue_ticket(loaded.code, store_module.digest(play.bearer_token()), ttl, also)
        response = play.json_response({"expires_in": ttl})
        response.set_cookie(TICKET_COOKIE, ticket, max_age=COOKIE_MAX_AGE, path=f"/api/tables/{loaded.code}/live",
                            httponly=True, samesite="Strict", secure=request.is_secure)
        return response
