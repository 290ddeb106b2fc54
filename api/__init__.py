"""The Gotham Companion HTTP API: an app factory over the rules in `games.bgcc`."""
from __future__ import annotations

import gc

import redis
from flask import Flask, g
from werkzeug.routing import BaseConverter

from . import errors
from .config import Config
from .extensions import api, redis_store
from .resources import (command_posts, dice, health, heroes, history, library, live, river, seats, tables, turn,
                        versus)
from .store import CODE_ALPHABET, CODE_LENGTH, round_trips

BLUEPRINTS = (health.blp, tables.blp, seats.blp, heroes.blp, command_posts.blp, river.blp, turn.blp,
              history.blp, live.blp, library.blp, versus.blp, dice.blp)


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
    errors.register(app)
    _count_round_trips(app)
    if app.config["SEED_LIBRARY"]:
        _seed_when_redis_answers(app)
    from . import pwa
    pwa.register(app)
    return app


def tune_garbage_collector() -> None:
    """For a serving process, once the app is built: the objects built at start (routes, schemas,
    the rules' data) live as long as the process, so they are moved out of the collector's sight
    (gc.freeze) and full collections stop walking them; and the youngest generation is collected
    every 10,000 new objects instead of 700, since a worker holds dozens of requests in flight
    whose objects are alive anyway (reference counting frees everything else at once)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(10_000, 10, 10)


class TableCode(BaseConverter):
    """A join code: six characters of the unambiguous alphabet, in either case."""
    regex = "[%s%s]{%d}" % (CODE_ALPHABET, CODE_ALPHABET.lower(), CODE_LENGTH)


def _seed_when_redis_answers(app: Flask) -> None:
    """Put the sample library in an empty store: now, or, when Redis is away at start, on the
    first request that finds it back (a worker must boot even while Redis restarts)."""
    state = {"seeded": False}

    def seed() -> None:
        with app.app_context():
            library.seed_samples()
        state["seeded"] = True

    try:
        seed()
    except redis.RedisError:
        @app.before_request
        def seed_later():
            if not state["seeded"]:
                seed()


def _count_round_trips(app: Flask) -> None:
    """Each response says how many Redis round trips it took (X-Redis-Round-Trips)."""
    @app.before_request
    def reset():
        g.round_trip_token = round_trips.set(0)

    @app.after_request
    def report(response):
        response.headers["X-Redis-Round-Trips"] = str(round_trips.get())
        return response
