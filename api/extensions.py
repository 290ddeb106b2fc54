"""The app's extensions in one place: the flask-smorest Api and the Redis store."""
from __future__ import annotations

import redis
from flask import Flask, current_app
from flask_smorest import Api

from .embedded_redis import EmbeddedRedis
from .store import Store

api = Api()


class RedisStore:
    """Connects the app to Redis: REDIS_URL when set, otherwise an embedded redis-server
    persisting to DATA_DIR."""

    def init_app(self, app: Flask) -> None:
        url = app.config.get("REDIS_URL")
        if not url:
            server = EmbeddedRedis(app.config["DATA_DIR"]).start()
            app.extensions["embedded_redis"] = server
            url = server.url
        client = redis.Redis.from_url(url, health_check_interval=30)
        app.extensions["store"] = Store(client)


redis_store = RedisStore()


def store() -> Store:
    return current_app.extensions["store"]
