"""The app's extensions in one place: the flask-smorest Api and the Redis store."""
from __future__ import annotations

from http import HTTPStatus

import flask_smorest
import orjson
from flask import Flask, current_app
from flask_smorest import Api
from marshmallow import ValidationError
from webargs import core
from webargs.flaskparser import FlaskParser, abort, is_json_request

from .embedded_redis import EmbeddedRedis
from .live import Hub
from .schemas import RefusalSchema
from .store import Store, connect


def _first_problem(errors, path=()) -> tuple[str, str]:
    """The first validation error: where (a dotted field path) and 'where: what', for a player."""
    if isinstance(errors, dict):
        for key, value in errors.items():
            where = path if key in ("json", "query", "_schema") else (*path, str(key))
            return _first_problem(value, where)
    if isinstance(errors, list) and errors:
        return _first_problem(errors[0], path)
    text = str(errors)
    return ".".join(path), (f"{'.'.join(path)}: {text}" if path else text)


class CompanionApi(Api):
    """Every error answer carries a `message` a player can read, a `reason` and its `params`
    (api/errors.py), and a 405 its Allow header."""

    ERROR_SCHEMA = RefusalSchema

    def handle_http_exception(self, error):
        payload, code, headers = super().handle_http_exception(error)
        if payload.get("errors"):
            field, message = _first_problem(payload["errors"])
            payload.setdefault("message", message)
            payload.setdefault("reason", "invalid_request")
            payload.setdefault("params", {"field": field})
        else:
            payload.setdefault("message", error.description or error.name)
            payload.setdefault("reason", HTTPStatus(code).name.lower())
            payload.setdefault("params", {})
        return payload, code, headers


api = CompanionApi()


MAX_DEPTH = 32  # the deepest body a client sends (an import's state) is about a dozen levels


def _too_deep(value, limit: int = MAX_DEPTH) -> bool:
    """True when `value` nests lists and objects more than `limit` levels (walked without recursion)."""
    level = [value]
    for _ in range(limit):
        level = [v for x in level if isinstance(x, (dict, list))
                 for v in (x.values() if isinstance(x, dict) else x) if isinstance(v, (dict, list))]
        if not level:
            return False
    return True


class BodyRequiredParser(FlaskParser):
    """The one path every JSON body takes. A route that documents a body refuses a request without
    one (422) instead of reading it as an empty object; a body that is not strict JSON (invalid
    UTF-8, a lone surrogate such as "\\ud800", nesting deeper than MAX_DEPTH) is refused with 400
    before any schema sees it; one larger than MAX_CONTENT_LENGTH with 413."""

    def _raw_load_json(self, req):
        if not is_json_request(req):
            return core.missing
        raw = req.get_data(cache=True)
        if not raw:
            return core.missing
        try:  # orjson: strict UTF-8, no lone surrogates, no recursion (it stops at 1,024 levels)
            data = orjson.loads(raw)
        except orjson.JSONDecodeError as exc:
            abort(400, exc=exc, messages={"json": [f"Not a JSON body this app can read: {exc}"]})
        if _too_deep(data):
            abort(400, messages={"json": [f"The JSON body nests more than {MAX_DEPTH} levels"]})
        return data

    def load_json(self, req, schema):
        data = super().load_json(req, schema)
        if data is core.missing and getattr(schema, "body_optional", False):
            return {}  # a command of no field may be sent without a body (api/resources/game_tables.py)
        if data is core.missing:
            raise ValidationError({"json": ["Send a JSON body (Content-Type: application/json)"]})
        return data


class Blueprint(flask_smorest.Blueprint):
    ARGUMENTS_PARSER = BodyRequiredParser()

    def arguments(self, schema, *args, **kwargs):
        """flask-smorest's, given one schema instance: given a class, webargs makes an instance per
        request, its fields pointing back at it (a cycle per request for the collector; for a new
        table's nested setup schemas, hundreds)."""
        return super().arguments(schema() if isinstance(schema, type) else schema, *args, **kwargs)


class RedisStore:
    """Connects the app to Redis: REDIS_URL when set (a single server, or any node of a Redis
    Cluster), otherwise an embedded redis-server persisting to DATA_DIR."""

    def init_app(self, app: Flask) -> None:
        url = app.config.get("REDIS_URL")
        if not url:
            server = EmbeddedRedis(app.config["DATA_DIR"], maxmemory=app.config["REDIS_MAXMEMORY"]).start()
            app.extensions["embedded_redis"] = server
            url = server.url
        found = connect(url, app.config["REDIS_MAX_CONNECTIONS"])
        app.extensions["store"] = Store(found.client, ttl=app.config["TABLE_TTL"], full_at=app.config["STORE_FULL_AT"],
                                        sharded=found.sharded)
        app.extensions["hub"] = Hub(found.client, sharded=found.sharded, heartbeat=app.config["SSE_HEARTBEAT"])


redis_store = RedisStore()


def store() -> Store:
    return current_app.extensions["store"]


def hub() -> Hub:
    return current_app.extensions["hub"]
