"""The app's extensions in one place: the flask-smorest Api and the Redis store."""
from __future__ import annotations

import flask_smorest
import redis
import orjson
from flask import Flask, current_app
from flask import request as flask_request
from flask_smorest import Api
from marshmallow import Schema, ValidationError
from webargs import core
from webargs.flaskparser import FlaskParser

from .embedded_redis import EmbeddedRedis
from .hot import HotTables
from .render import Renderer
from .live import Hub
from .store import Store



def _first_problem(errors, path=()) -> str:
    """The first validation error as 'where: what', for a player-facing message."""
    if isinstance(errors, dict):
        for key, value in errors.items():
            where = path if key in ("json", "query", "_schema") else (*path, str(key))
            return _first_problem(value, where)
    if isinstance(errors, list) and errors:
        return _first_problem(errors[0], path)
    text = str(errors)
    return f"{'.'.join(path)}: {text}" if path else text


class CompanionApi(Api):
    """Every error answer carries a `message` a player can read, and a 405 its Allow header."""

    def handle_http_exception(self, error):
        payload, code, headers = super().handle_http_exception(error)
        if "message" not in payload:
            payload["message"] = (_first_problem(payload["errors"]) if payload.get("errors")
                                  else error.description or error.name)
        return payload, code, headers


api = CompanionApi()


class BodyRequiredParser(FlaskParser):
    """A route that documents a JSON body refuses a request without one (422), instead of
    reading it as an empty object.

    A JSON object body that its schema accepts is read straight away (orjson, then the schema);
    anything else goes through webargs, which gives the usual answer for it (a malformed body, a
    wrong type, an unknown field). The straight path skips webargs' per-request machinery, a
    tenth of a small command's CPU."""

    def parse(self, argmap, req=None, *, location=None, **kwargs):
        if (location or self.location) == "json" and isinstance(argmap, Schema) and not kwargs.get("validate"):
            request = req if req is not None else flask_request
            if request.is_json:
                try:
                    body = orjson.loads(request.get_data(cache=True))
                    if type(body) is dict:
                        return argmap.load(body)
                except (orjson.JSONDecodeError, ValidationError):
                    pass  # webargs answers it
        return super().parse(argmap, req, location=location, **kwargs)

    def load_json(self, req, schema):
        data = super().load_json(req, schema)
        if data is core.missing:
            raise ValidationError({"json": ["Send a JSON body (Content-Type: application/json)"]})
        return data


class Blueprint(flask_smorest.Blueprint):
    ARGUMENTS_PARSER = BodyRequiredParser()

    def arguments(self, schema, *args, **kwargs):
        """As flask-smorest's, with one schema instance per route: given a class, webargs would
        build an instance on every request."""
        return super().arguments(schema() if isinstance(schema, type) else schema, *args, **kwargs)


class RedisStore:
    """Connects the app to Redis: REDIS_URL when set, otherwise an embedded redis-server
    persisting to DATA_DIR."""

    def init_app(self, app: Flask) -> None:
        url = app.config.get("REDIS_URL")
        if not url:
            server = EmbeddedRedis(app.config["DATA_DIR"]).start()
            app.extensions["embedded_redis"] = server
            url = server.url
        pool = redis.BlockingConnectionPool.from_url(
            url, max_connections=app.config["REDIS_MAX_CONNECTIONS"], timeout=10, health_check_interval=30)
        client = redis.Redis(connection_pool=pool)
        app.extensions["store"] = Store(client, ttl=app.config["TABLE_TTL"])
        app.extensions["renderer"] = Renderer()
        store, drawing = app.extensions["store"], app.extensions["renderer"]

        def render(code: str, data: bytes) -> bytes:
            from .play import live_change
            return live_change(code, data, store, drawing)

        app.extensions["hub"] = Hub(client, render)
        app.extensions["hot_tables"] = HotTables(app.config["HOT_TABLES"])


redis_store = RedisStore()


def store() -> Store:
    return current_app.extensions["store"]


def renderer() -> Renderer:
    return current_app.extensions["renderer"]


def hot_tables() -> HotTables:
    return current_app.extensions["hot_tables"]


def hub() -> Hub:
    return current_app.extensions["hub"]
