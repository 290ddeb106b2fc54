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

A phone already seated at a table is not refused by the unknown-code limit: a request naming a code
with a seat token (or a live ticket) of that table goes on, so a few mistyped codes at a venue
behind one address do not stop the tables in play. Without such a token the answer is 429 whether
the code exists or not.

A command or a move in the history (the views `api.resources.command` makes) reads the table with
its token's seat before it answers anything (api/play.py `_write`): for those, a request with a
seat token is checked there, and only when the token holds no seat at the table (or the code
names none), instead of before every request. A seated phone's command (most of a game night's
requests) then goes on without the limit's round trip to Redis, and every other answer is what
the check before the view would have given.

The address: the connection's, or behind TRUSTED_PROXIES reverse proxies (GOTHAM_TRUSTED_PROXIES)
the client the farthest of them saw, read from the right of X-Forwarded-For by werkzeug's ProxyFix:
`client_address` is the one rule, for these limits, the live-stream caps (request.remote_addr) and
the server's connection cap (api/worker.py). A hop the client wrote itself is never read.
"""
from __future__ import annotations

import functools
import math
import time

from flask import Flask, current_app, g, request
from limits import parse_many
from limits.storage import RedisStorage
from limits.strategies import MovingWindowRateLimiter
from werkzeug.middleware.proxy_fix import ProxyFix

from .errors import error
from .extensions import store
from .seat_token import TICKET_COOKIE, bearer_token
from .store import Missing

KINDS = {"join": "RATE_LIMIT_JOIN", "create": "RATE_LIMIT_CREATE", "unknown_code": "RATE_LIMIT_UNKNOWN_CODE"}


class ClockedRedisStorage(RedisStorage):
    """The `limits` package's Redis storage, its moving window read on `clock` (the app's
    RATE_LIMIT_CLOCK) instead of time.time: the same Lua scripts, the time handed in."""

    clock = staticmethod(time.time)

    def acquire_entry(self, key: str, limit: int, expiry: int, amount: int = 1) -> bool:
        return bool(self.lua_acquire_moving_window([self.prefixed_key(key)], [self.clock(), limit, expiry, amount]))

    def get_moving_window(self, key: str, limit: int, expiry: int) -> tuple[float, int]:
        now = self.clock()
        window = self.lua_moving_window([self.prefixed_key(key)], [now - expiry, limit])
        return (float(window[0]), window[1]) if window else (now, 0)


def _limiter() -> MovingWindowRateLimiter:
    found = current_app.extensions.get("gc_limiter")
    if found is None:
        storage = store().rate_limit_storage(ClockedRedisStorage)
        storage.clock = current_app.config["RATE_LIMIT_CLOCK"]
        found = current_app.extensions["gc_limiter"] = MovingWindowRateLimiter(storage)
    return found


def _items(kind: str):
    return parse_many(current_app.config[KINDS[kind]])


def trust_proxies(app: Flask) -> None:
    """Behind `TRUSTED_PROXIES` proxies, the request's remote address and scheme are what the
    farthest of them saw (X-Forwarded-For, X-Forwarded-Proto); with 0 the headers are ignored."""
    trusted = app.config["TRUSTED_PROXIES"]
    if trusted:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=trusted, x_proto=trusted)


def client_address(peer: str | None, forwarded_for: str | None, trusted: int) -> str:
    """The client a per-address limit counts, from the connection's address `peer` and the
    X-Forwarded-For header: the rule of `trust_proxies` (werkzeug's ProxyFix)."""
    if not trusted:
        return peer or "-"
    seen = ProxyFix(lambda environ, _start: environ["REMOTE_ADDR"], x_for=trusted)
    return seen({"REMOTE_ADDR": peer, "HTTP_X_FORWARDED_FOR": forwarded_for or ""}, None) or "-"


def _address() -> str:
    return request.remote_addr or "-"  # the real client's, after trust_proxies


def _refused(kind: str, item, limiter) -> "Response":  # noqa: F821
    stats = limiter.get_window_stats(item, kind, _address())
    wait = max(1, math.ceil(stats.reset_time - limiter.storage.clock()))
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
    trust_proxies(app)

    @app.errorhandler(Missing)
    def missing(exc: Missing):
        refused = unseated_refused(None)  # the check a view that reads its seat first was left: no table, no seat
        if refused is not None:
            return refused
        hit("unknown_code")  # probing codes is limited per address
        return error(404, f"No table with the code {exc.args[0]}", "no_table", {"code": exc.args[0]})

    @app.before_request
    def codes_probed_too_often():
        """An address that asked for too many unknown codes is refused on every request naming a
        code, unless the request holds a seat at that table; a view that reads its token's seat
        first is left the check, with a seat token (`unseated_refused`)."""
        if request.view_args and "code" in request.view_args:
            if _reads_seat_first() and bearer_token():
                g.unseated_check = True
                return None
            refused = check("unknown_code")
            if refused is not None and not _seated(str(request.view_args["code"]).upper()):
                return refused
        return None


def unseated_refused(seat: str | None):
    """For a view that reads its token's seat first (`api.resources.command`): once the table is
    read, the 429 a request whose token holds no seat there (`seat` None) is answered past the
    unknown-code limit, else None (a seated token goes on, as before the view)."""
    if seat is None and g.get("unseated_check"):
        return check("unknown_code")
    return None


def _reads_seat_first() -> bool:
    view = current_app.view_functions.get(request.endpoint)
    method = getattr(getattr(view, "view_class", None), request.method.lower(), None)
    return getattr(method, "reads_seat_first", False)


def _seated(code: str) -> bool:
    """Whether this request carries a seat token of table `code`, or a live ticket standing for one
    (False too when there is no such table: the answer says nothing about a code)."""
    token, ticket = bearer_token(), request.cookies.get(TICKET_COOKIE)
    if token:
        return store().holds_seat(code, token=token)
    holder = store().ticket_holder(code, ticket[:100]) if ticket else None
    return holder is not None and store().holds_seat(code, token_digest=holder)


def limited(kind: str):
    """A view counted against this address's `kind` limit before it reads its body."""
    def decorate(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            refused = hit(kind)
            return refused if refused is not None else fn(*args, **kwargs)
        return wrapper
    return decorate
