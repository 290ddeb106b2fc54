"""Serve the PWA (`pwa/`) at `/`; addresses under /api/ are never the PWA's."""
from __future__ import annotations

from pathlib import Path

from flask import Flask, send_from_directory
from werkzeug.routing import PathConverter

PWA_DIR = Path(__file__).resolve().parent.parent / "pwa"


class AppPath(PathConverter):
    """A path that is not under /api/."""
    regex = r"(?!api(?:/|$))[^/].*?"


def register(app: Flask) -> None:
    app.url_map.converters["app_path"] = AppPath

    @app.get("/")
    def index():
        return send_from_directory(PWA_DIR, "index.html")

    @app.get("/<app_path:name>")
    def asset(name):
        return send_from_directory(PWA_DIR, name)
