"""Health: a trivial JSON answer (also the benchmark's baseline) and a check of the store."""
from __future__ import annotations

import os

from flask.views import MethodView
from marshmallow import Schema, fields

from ..extensions import Blueprint, store
from ..schemas import Text

blp = Blueprint("health", __name__, url_prefix="/api", description="Is the server up")


class HealthSchema(Schema):
    status = Text()


class StoreHealthSchema(HealthSchema):
    process = fields.Integer(metadata={"description": "The answering server process (its pid)"})


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
        """The server and its Redis store answer"""
        store().ping()
        return {"status": "ok", "process": os.getpid()}
