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


def store_full():
    """503 store_full: Redis is at (or near) its memory ceiling. New tables are refused; a change it
    cannot store is refused too, and nothing is lost (its policy is noeviction)."""
    response = error(503, "The table store is full: no new table for now, try again later", "store_full")
    response.headers["Retry-After"] = "60"
    return response


UNKNOWN_NAMES = ("unknown_hero", "unknown_tile", "unknown_miniature", "unknown_item", "no_power", "unknown_model")
OUT_OF_BOUNDS = "out_of_bounds"  # a command field beyond what the game can hold (games/bounds.py): bad input
UNKNOWN_FIELD = "unknown_field"  # a field the command does not have (api/play.unknown_field): bad input
# Malformed command fields, the same 422 in every game: beyond a bound, not the command's, of the wrong JSON type
BAD_INPUT = (OUT_OF_BOUNDS, UNKNOWN_FIELD, "bad_fields", "bad_field")


def rule_refused(exc, status: int | None = None):
    """A game's refusal (`games.Game.refusal`) as its answer: 409 by default, 404 for a name the table
    does not know, 422 for malformed fields (BAD_INPUT), `status` when the caller says (422: an import
    the game's `check_table` refuses)."""
    status = status or (404 if exc.code in UNKNOWN_NAMES else 422 if exc.code in BAD_INPUT else 409)
    return error(status, exc.message, exc.code, exc.params, rule=exc.rule)


def register(app) -> None:
    for refusal in {games.get(name).refusal for name in games.names()}:
        app.register_error_handler(refusal, rule_refused)

    @app.errorhandler(MethodNotAllowed)
    def method_not_allowed(exc: MethodNotAllowed):
        response = error(405, "This address does not accept that method", "method_not_allowed")
        response.headers["Allow"] = ", ".join(sorted(exc.valid_methods or []))
        return response

    @app.errorhandler(redis.RedisError)
    @app.errorhandler(redis.exceptions.RedisClusterException)  # e.g. a slot no primary holds during a failover
    def store_away(exc: Exception):
        app.logger.warning("Redis: %s: %s", type(exc).__name__, exc)
        if isinstance(exc, redis.exceptions.OutOfMemoryError) or "OOM command not allowed" in str(exc):
            return store_full()  # a write past the memory ceiling (a script's says so in its error): nothing written
        response = error(503, "The table store is not answering: try again in a moment", "store_unavailable")
        response.headers["Retry-After"] = "2"
        return response

    # a table code that names no table (store.Missing): 404, counted per address in api/ratelimit.py
