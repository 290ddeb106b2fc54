"""Health: a trivial JSON answer (also the benchmark's baseline) and a check of the store."""
from __future__ import annotations

import os

from flask.views import MethodView
from marshmallow import Schema, fields

from ..extensions import Blueprint, store

blp = Blueprint("health", __name__, url_prefix="/api", description="Is the server up")


class HealthSchema(Schema):
    status = fields.String()


class WritesSchema(Schema):
    process = fields.Integer(metadata={"description": "The answering server process (its pid)"})
    writes = fields.Integer(metadata={"description": "Table writes this process has sent to Redis"})
    round_trips = fields.Integer(metadata={"description": "Round trips that carried them (pipelined)"})


class StoreHealthSchema(HealthSchema):
    store = fields.Nested(WritesSchema)


@blp.route("/ping")
class Ping(MethodView):
    @blp.response(200, HealthSchema)
    def get(self):
        """A trivial JSON answer that touches nothing"""
        return {"status": "ok"}


@blp.route("/health")
class Health(MethodView):
    @blp.response(200, StoreHealthSchema)
    def get(self):
        """The server and its Redis store answer

        Also how many table writes this answering process has sent, and in how many Redis round
        trips (writes made while one is in flight share the next)."""
        s = store()
        s.ping()
        return {"status": "ok", "store": {"process": os.getpid(), "writes": s.lane.calls,
                                          "round_trips": s.lane.round_trips}}
