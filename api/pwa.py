"""Serve the PWA (`pwa/`) at `/`; addresses under /api/ are never the PWA's."""
from __future__ import annotations

import mimetypes
from pathlib import Path

from flask import Flask, send_from_directory
from werkzeug.routing import PathConverter

PWA_DIR = Path(__file__).resolve().parent.parent / "pwa"

mimetypes.add_type("application/manifest+json", ".webmanifest")
mimetypes.add_type("text/javascript", ".js")


class AppPath(PathConverter):
    """A path that is not under /api/."""
    regex = r"(?!api(?:/|$))[^/].*?"


def register(app: Flask) -> None:
    app.url_map.converters["app_path"] = AppPath

    @app.get("/")
    def index():
        return send_from_directory(PWA_DIR, "index.html")

    @app.get("/join/<code>")
    def join(code):
        """A join link (the `join_link` of a new table) opens the app, which reads the code."""
        return send_from_directory(PWA_DIR, "index.html")

    @app.get("/<app_path:name>")
    def asset(name):
        response = send_from_directory(PWA_DIR, name)
        if name == "sw.js":
            response.headers["Cache-Control"] = "no-cache"
        return response
