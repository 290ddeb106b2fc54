"""Rate limits per client address, on Redis through the `limits` package (moving window: no burst
across a window's boundary, every process counting in the same place).

  join          POST /api/tables/{code}/seats, and .../recover      RATE_LIMIT_JOIN
                (the host's recovery code: one budget with joining)
  create        a new table: POST /api/tables, /api/versus-tables,  RATE_LIMIT_CREATE
                /api/tables/import (one budget for all three)
  unknown_code  a request naming a table code that does not exist   RATE_LIMIT_UNKNOWN_CODE
                (each one counts; past the limit every request naming
                a code is refused, so a 429 tells nothing about a code)

Each limit is a `limits` string, e.g. "30/minute" or "20/minute;200/hour". Past it: 429 with
Retry-After (seconds until the window lets the next request through) and `reason` too_many_requests.
"""
from __future__ import annotations

import functools
import math
import time

from flask import Flask, current_app, request
from limits import parse_many
from limits.strategies import MovingWindowRateLimiter

from .errors import error
from .extensions import store

KINDS = {"join": "RATE_LIMIT_JOIN", "create": "RATE_LIMIT_CREATE", "unknown_code": "RATE_LIMIT_UNKNOWN_CODE"}


def _limiter() -> MovingWindowRateLimiter:
    found = current_app.extensions.get("gc_limiter")
    if found is None:
        found = current_app.extensions["gc_limiter"] = MovingWindowRateLimiter(store().rate_limit_storage())
    return found


def _items(kind: str):
    return parse_many(current_app.config[KINDS[kind]])


def _address() -> str:
    return request.remote_addr or "-"


def _refused(kind: str, item, limiter) -> "Response":  # noqa: F821
    stats = limiter.get_window_stats(item, kind, _address())
    wait = max(1, math.ceil(stats.reset_time - time.time()))
    what = {"join": "join attempts", "create": "new tables", "unknown_code": "requests for tables that do not exist"}
    response = error(429, f"Too many {what[kind]} from this address: try again in {wait} s", "too_many_requests",
                     {"limit": str(item), "kind": kind, "retry_after": wait})
    response.headers["Retry-After"] = str(wait)
    return response


def hit(kind: str):
    """Count one `kind` request from this address: None when allowed, else the 429 answer."""
    limiter, items = _limiter(), _items(kind)
    for item in items:
        if not limiter.test(item, kind, _address()):
            return _refused(kind, item, limiter)
    for item in items:
        limiter.hit(item, kind, _address())
    return None


def check(kind: str):
    """Whether this address is over a `kind` limit now (without counting): None, or the 429 answer."""
    limiter = _limiter()
    for item in _items(kind):
        if not limiter.test(item, kind, _address()):
            return _refused(kind, item, limiter)
    return None


def register(app: Flask) -> None:
    @app.before_request
    def codes_probed_too_often():
        """An address that asked for too many unknown codes is refused on every request naming a code."""
        if request.view_args and "code" in request.view_args:
            return check("unknown_code")
        return None


def limited(kind: str):
    """A view counted against this address's `kind` limit before it reads its body."""
    def decorate(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            refused = hit(kind)
            return refused if refused is not None else fn(*args, **kwargs)
        return wrapper
    return decorate
