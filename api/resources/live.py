"""Live: the table's changes as Server-Sent Events, for every phone at the table."""
from __future__ import annotations

from flask import Response, current_app, request
from flask.views import MethodView


from .. import live, play
from ..errors import error
from ..extensions import Blueprint, hub, store
from ..schemas import RefusalSchema

blp = Blueprint("live", __name__, url_prefix="/api/tables/<table_code:code>",
                description="Live updates (Server-Sent Events)")

LIVE_DOC = {
    "description": (
        "An event stream (text/event-stream) that never ends on its own. Events: `snapshot` "
        "({version, table}) on connecting, `change` ({version, seat, command, events, table}) for "
        "every accepted change, a `: heartbeat` comment every 15 s. Each event's id is the table "
        "version: reconnect with the Last-Event-ID header (or ?last_event_id=) to receive exactly "
        "the changes missed, then a snapshot; too old an id gets a snapshot only. Pass the seat "
        "token as ?token= (EventSource cannot send headers) to show the seat as connected."),
}


@blp.route("/live")
class Live(MethodView):
    @blp.doc(responses={"200": {"description": "text/event-stream",
                                "content": {"text/event-stream": {"schema": {"type": "string"}}}}},
             **LIVE_DOC)
    @blp.alt_response(400, schema=RefusalSchema, description="Last-Event-ID names no version of this table")
    @blp.alt_response(404, schema=RefusalSchema, description="No such table")
    def get(self, code):
        """The table's changes, live"""
        loaded = store().load(code.upper(), play.bearer_token())
        raw = request.headers.get("Last-Event-ID", request.args.get("last_event_id"))
        last_id = None
        if raw is not None:
            if not play.VERSION.fullmatch(raw) or int(raw) > loaded.version:
                return error(400, f"Last-Event-ID {raw[:20]!r} names no version of this table "
                                  f"(now {loaded.version})")
            last_id = int(raw)
        code = loaded.code

        def snapshot(latest):
            return play.view(code, latest.version, play.decode(latest))

        events = live.stream(hub(), store(), code, loaded.seat, last_id,
                             current_app.config["SSE_HEARTBEAT"], snapshot, play.now_ms)
        return Response(events, mimetype="text/event-stream",
                        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
