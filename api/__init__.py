"""The Gotham Companion HTTP API: an app factory over the games registered in `games`."""
from __future__ import annotations

import redis
from flask import Flask
from werkzeug.routing import BaseConverter

from . import errors, ratelimit, security
from .config import Config
from .extensions import api, redis_store
from .resources import command_bodies, link_tables
from .resources import (aliases, crews, game_extras, game_tables, health, history, library, live, seats, setup,
                        summary, tables, versus)
from .store import CODE_ALPHABET, CODE_LENGTH

# Every game's commands go through one route, POST /api/tables/{code}/commands/{name}
# (game_tables.py), and its previews through POST /api/tables/{code}/previews/{name} (game_extras.py);
# older routes stay as thin aliases of them (aliases.py: the games' `aliases()`).
BLUEPRINTS = (health.blp, tables.blp, setup.blp, seats.blp, history.blp, summary.blp, live.blp, library.blp,
              versus.blp, game_tables.blp, game_extras.blp, crews.blp, aliases.blp)


def create_app(config: type[Config] | dict | None = None) -> Flask:
    app = Flask(__name__, static_folder=None)
    app.config.from_object(Config)
    if isinstance(config, dict):
        app.config.update(config)
    elif config is not None:
        app.config.from_object(config)
    app.url_map.converters["table_code"] = TableCode
    redis_store.init_app(app)
    api.init_app(app)
    for blp in BLUEPRINTS:
        api.register_blueprint(blp)
    command_bodies.document(api.spec)
    link_tables(api.spec)
    errors.register(app)
    ratelimit.register(app)
    security.register(app)
    if app.config["SEED_LIBRARY"]:
        _seed_when_redis_answers(app)
    from . import pwa
    pwa.register(app)
    return app


class TableCode(BaseConverter):
    """A join code: six characters of the unambiguous alphabet, in either case."""
    regex = "[%s%s]{%d}" % (CODE_ALPHABET, CODE_ALPHABET.lower(), CODE_LENGTH)


def _seed_when_redis_answers(app: Flask) -> None:
    """Settle the sample library in the store (api/resources/library.py): now, or, when Redis is
    away at start, on the first request that finds it back (a worker must boot even while Redis
    restarts)."""
    state = {"seeded": False}

    def seed() -> None:
        with app.app_context():
            library.settle_samples()
        state["seeded"] = True

    try:
        seed()
    except redis.RedisError:
        @app.before_request
        def seed_later():
            if not state["seeded"]:
                seed()
