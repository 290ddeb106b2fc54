"""The app's extensions in one place: the flask-smorest Api and the Redis store."""
from __future__ import annotations

import functools

import flask_smorest
import redis
import orjson
from flask import Flask, current_app
from flask import request as flask_request
from flask_smorest import Api
from marshmallow import RAISE, Schema, ValidationError, fields, missing, validate
from webargs import core
from webargs.flaskparser import FlaskParser

from .embedded_redis import EmbeddedRedis
from .hot import HotTables
from .render import Renderer
from .schemas import StrictBoolean
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


class FlatLoader:
    """`schema.load` for a flat schema's plain bodies, in a few lines: when every field is a String,
    an Integer or a StrictBoolean, checked by OneOf, Length or Range only, and the schema has no
    hooks and refuses unknown fields. It answers the same dict marshmallow would for a body whose
    values have exactly their field's type and pass every check, and None for anything else (then
    marshmallow decides, with its own messages). Marshmallow's general path runs through many
    functions; once per request, amid everything else, that costs several times what it costs in
    a tight loop."""

    TYPES = {fields.String: str, fields.Integer: int, StrictBoolean: bool}

    def __init__(self, checked: list[tuple[str, type, bool, object, tuple]]):
        self.fields = checked
        self.names = frozenset(name for name, *_ in checked)

    @classmethod
    def of(cls, schema: Schema) -> "FlatLoader | None":
        """The loader for `schema`, or None when it is not that simple."""
        if schema.many or schema.partial or schema.only or schema.exclude or schema.unknown != RAISE \
                or any(schema._hooks.values()):
            return None
        checked = []
        for name, field in schema.fields.items():
            kind = cls.TYPES.get(type(field))
            if kind is None or field.dump_only or field.data_key is not None or field.attribute is not None \
                    or field.allow_none:
                return None
            checks = []
            for check in field.validators:
                if type(check) is validate.OneOf:
                    checks.append(lambda v, choices=check.choices: v in choices)
                elif type(check) is validate.Length and kind is str:
                    checks.append(lambda v, c=check: (len(v) == c.equal) if c.equal is not None else
                                  ((c.min is None or len(v) >= c.min) and (c.max is None or len(v) <= c.max)))
                elif type(check) is validate.Range and kind is int:
                    checks.append(lambda v, c=check: (c.min is None or (v >= c.min if c.min_inclusive else v > c.min))
                                  and (c.max is None or (v <= c.max if c.max_inclusive else v < c.max)))
                else:
                    return None
            checked.append((name, kind, field.required, field.load_default, tuple(checks)))
        return cls(checked)

    def __call__(self, body: dict) -> dict | None:
        if not self.names.issuperset(body):
            return None
        out = {}
        for name, kind, required, default, checks in self.fields:
            if name in body:
                value = body[name]
                if type(value) is not kind or not all(check(value) for check in checks):
                    return None
                out[name] = value
            elif required:
                return None
            elif default is not missing:
                out[name] = default() if callable(default) else default
        return out


class BodyRequiredParser(FlaskParser):
    """A route that documents a JSON body refuses a request without one (422), instead of
    reading it as an empty object.

    A JSON object body that its schema accepts is read straight away (orjson, then the schema);
    anything else goes through webargs, which gives the usual answer for it (a malformed body, a
    wrong type, an unknown field). The straight path skips webargs' per-request machinery, a
    tenth of a small command's CPU."""

    def parse(self, argmap, req=None, *, location=None, **kwargs):
        if (location or self.location) == "json" and isinstance(argmap, Schema) and not kwargs.get("validate"):
            request = req if req is not None else flask_request._get_current_object()
            data = _plain_json_body(request)
            if data is None and request.is_json:
                data = request.get_data(cache=True)
            if data is not None:
                try:
                    body = orjson.loads(data)
                    if type(body) is dict:
                        loaded = _flat_loader(argmap)(body)
                        return loaded if loaded is not None else argmap.load(body)
                except (orjson.JSONDecodeError, ValidationError):
                    pass  # webargs answers it
        return super().parse(argmap, req, location=location, **kwargs)

    def load_json(self, req, schema):
        data = super().load_json(req, schema)
        if data is core.missing:
            raise ValidationError({"json": ["Send a JSON body (Content-Type: application/json)"]})
        return data


PLAIN_BODY_MAX = 16 * 1024  # larger bodies (an import) take werkzeug's way, with its limits


def _plain_json_body(request) -> bytes | None:
    """The body of a request that says `Content-Type: application/json` and its length, read from
    the WSGI input and kept as the request's data (`get_data` answers it), or None for any other
    request: another or a parametered content type, no length, a chunked or large body. Werkzeug's
    own way (the content type parsed, the input wrapped in a limited stream) costs a small command
    tens of microseconds."""
    environ = request.environ
    length = environ.get("CONTENT_LENGTH")
    if environ.get("CONTENT_TYPE") != "application/json" or not length or not length.isdigit() \
            or "HTTP_TRANSFER_ENCODING" in environ or getattr(request, "_cached_data", None) is not None:
        return None
    size = int(length)
    limit = request.max_content_length
    if size > PLAIN_BODY_MAX or (limit is not None and size > limit):
        return None
    data = environ["wsgi.input"].read(size) if size else b""
    request._cached_data = data
    return data


@functools.lru_cache(maxsize=256)
def _flat_loader(schema: Schema):
    """The schema's FlatLoader (or a stand-in answering None), built once per schema instance (a
    route's schema lives as long as the app; schemas compare by identity)."""
    return FlatLoader.of(schema) or (lambda body: None)


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


def hub() -> Hub:
    return current_app.extensions["hub"]
