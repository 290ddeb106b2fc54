"""Configuration objects. The environment variables they read are listed in the README (Configuration)."""
from __future__ import annotations

import os
import time


class Config:
    REDIS_URL = os.environ.get("REDIS_URL") or None
    DATA_DIR = os.environ.get("GOTHAM_DATA_DIR", os.path.join(os.getcwd(), "data"))
    SEED_LIBRARY = True  # settle the sample library in the store at start (api/resources/library.py)
    LIBRARY_KEY = os.environ.get("GOTHAM_LIBRARY_KEY") or None  # changing the library needs it; unset: read-only
    COMMAND_RETRIES = 50  # compare-and-set retries when phones write at once
    # Rate limits per client address (api/ratelimit.py; `limits` strings, moving windows on Redis)
    # Sized for a venue behind one address: 12 tables of 5 phones join within a minute, the 60 tables
    # of a club (LIVE_STREAMS_PER_ADDRESS below) within a few
    RATE_LIMIT_JOIN = os.environ.get("GOTHAM_RATE_LIMIT_JOIN", "120/minute")  # join attempts
    RATE_LIMIT_CREATE = os.environ.get("GOTHAM_RATE_LIMIT_CREATE", "20/minute;200/hour")  # new tables and imports
    RATE_LIMIT_UNKNOWN_CODE = os.environ.get("GOTHAM_RATE_LIMIT_UNKNOWN_CODE", "60/minute")  # codes that name no table
    # The clock those moving windows are read on (seconds, as time.time): one place, so a test of a
    # window sets its own clock instead of waiting a minute (tests/test_rate_limits.py)
    RATE_LIMIT_CLOCK = time.time
    # How many reverse proxies stand in front of the app, each adding the address it saw to
    # X-Forwarded-For: the per-address limits count the address the farthest of them saw. 0 (the
    # default): the header is ignored, the connection's address is the client's (api/ratelimit.py).
    TRUSTED_PROXIES = int(os.environ.get("GOTHAM_TRUSTED_PROXIES", "0"))
    # Slow clients (api/worker.py, the gunicorn worker `serve` runs): a request's headers arrive within
    # gunicorn's keep-alive (2 s), its body within max(BODY_TIMEOUT, length / BODY_RATE) seconds (else
    # 408 and the connection is closed), and one address holds at most CONNECTIONS_PER_ADDRESS
    # connections to a worker process: 300 live streams (LIVE_STREAMS_PER_ADDRESS) and the other
    # connections of their phones, if every one lands on the same process.
    BODY_TIMEOUT = float(os.environ.get("GOTHAM_BODY_TIMEOUT", "10"))
    BODY_RATE = 10_000  # bytes a second: a 1 MB import is given 100 s
    CONNECTIONS_PER_ADDRESS = int(os.environ.get("GOTHAM_CONNECTIONS_PER_ADDRESS", "1000"))
    TABLE_TTL = int(os.environ.get("GOTHAM_TABLE_TTL", str(30 * 24 * 3600)))  # idle tables expire
    MAX_CONTENT_LENGTH = 1024 * 1024  # an import or a body larger than this is refused (413)
    REDIS_MAX_CONNECTIONS = int(os.environ.get("GOTHAM_REDIS_CONNECTIONS", "128"))  # per process (and node)
    CLAIM_TTL = int(os.environ.get("GOTHAM_CLAIM_TTL", "600"))  # seconds a handover's one-time claim code works
    # The embedded redis-server's memory ceiling (its `maxmemory`, policy noeviction: nothing stored
    # is ever dropped). 4gb leaves the 24 GiB machine room for an append-only-file rewrite's fork and
    # the workers. New tables are refused (503 store_full) once Redis holds STORE_FULL_AT of it, so
    # the tables already in play keep the rest.
    REDIS_MAXMEMORY = os.environ.get("GOTHAM_REDIS_MAXMEMORY", "4gb")
    STORE_FULL_AT = 0.9
    LIVE_TICKET_TTL = int(os.environ.get("GOTHAM_LIVE_TICKET_TTL", "600"))  # seconds a live-stream ticket opens streams
    # Open live streams (one per phone) at once, counted across every process. The goal is 10,000
    # phones (2,000 tables of 5) on one 2-core machine: serve's 2 gevent workers hold 20,000
    # connections. A seat's phone has places of its own, which no other phone can take: 3 (its
    # stream, a second tab, an old stream of a reconnecting phone; a stream whose client closes it
    # frees its place at once). Spectators and phones holding no seat may hold 1.5% of the
    # connections from one address (a club or a convention behind one NAT) and 30 at one table.
    # A seated phone's streams count against neither: a seat needs a join or a new table, both
    # rate limited per address.
    LIVE_STREAMS_PER_SEAT = int(os.environ.get("GOTHAM_LIVE_STREAMS_PER_SEAT", "3"))
    LIVE_STREAMS_PER_ADDRESS = int(os.environ.get("GOTHAM_LIVE_STREAMS_PER_ADDRESS", "300"))
    LIVE_STREAMS_PER_TABLE = int(os.environ.get("GOTHAM_LIVE_STREAMS_PER_TABLE", "30"))
    SSE_HEARTBEAT = 15.0  # seconds between heartbeats on a live connection

    API_TITLE = "Gotham Companion"
    API_VERSION = "1"
    OPENAPI_VERSION = "3.0.3"
    OPENAPI_URL_PREFIX = "/api"
    OPENAPI_JSON_PATH = "openapi.json"
    OPENAPI_SWAGGER_UI_PATH = "/docs"
    OPENAPI_SWAGGER_UI_URL = "/api/docs/assets/"  # Swagger UI vendored in api/swagger_ui/, served by the app
    OPENAPI_SWAGGER_UI_CONFIG = {"validatorUrl": None}  # no badge fetched from another site
    API_SPEC_OPTIONS = {
        "info": {
            "description": (
                "A table companion for Batman: Gotham City Chronicles. Phones at the table share "
                "one game: the hero boards' cubes, the villain's command post and river, the turn "
                "track. Every write answers the new table with its version as ETag; send it back in "
                "If-Match to refuse a write made on a stale screen (412). A refused command answers "
                "409 with the rule it breaks and changes nothing."
            )
        }
    }
    JSON_SORT_KEYS = False


class TestConfig(Config):
    TESTING = True
