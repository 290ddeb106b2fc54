"""Every refusal is JSON a player can read and any language can say again:
{code (the HTTP status), status, message (English), reason (a stable code), params, rule?}."""
from __future__ import annotations

from http import HTTPStatus

import redis
from flask import jsonify
from werkzeug.exceptions import MethodNotAllowed

import games

from .store import Missing


def refusal(code: int, message: str, reason: str | None = None, params: dict | None = None, **extra) -> dict:
    """A refusal's body: `reason` is its stable code (default: the HTTP status's name, e.g.
    "not_found"), `params` what fills the placeholders of its translations."""
    return {"code": code, "status": HTTPStatus(code).phrase, "message": message,
            "reason": reason or HTTPStatus(code).name.lower(), "params": params or {}, **extra}


def error(code: int, message: str, reason: str | None = None, params: dict | None = None, **extra):
    """A refusal, as the app's answer (see `refusal`)."""
    response = jsonify(refusal(code, message, reason, params, **extra))
    response.status_code = code
    return response


UNKNOWN_NAMES = ("unknown_hero", "unknown_tile", "unknown_miniature", "unknown_item")


def register(app) -> None:
    def rule_refused(exc):
        status = 404 if exc.code in UNKNOWN_NAMES else 409  # a name the table does not know: not found
        return error(status, exc.message, exc.code, exc.params, rule=exc.rule)

    for refusal in {games.get(name).refusal for name in games.names()}:
        app.register_error_handler(refusal, rule_refused)

    @app.errorhandler(MethodNotAllowed)
    def method_not_allowed(exc: MethodNotAllowed):
        response = error(405, "This address does not accept that method", "method_not_allowed")
        response.headers["Allow"] = ", ".join(sorted(exc.valid_methods or []))
        return response

    @app.errorhandler(redis.RedisError)
    def store_away(exc: redis.RedisError):
        app.logger.warning("Redis: %s: %s", type(exc).__name__, exc)
        response = error(503, "The table store is not answering: try again in a moment", "store_unavailable")
        response.headers["Retry-After"] = "2"
        return response

    @app.errorhandler(Missing)
    def missing(exc: Missing):
        from . import ratelimit

        ratelimit.hit("unknown_code")  # probing codes is limited per address
        return error(404, f"No table with the code {exc.args[0]}", "no_table", {"code": exc.args[0]})
