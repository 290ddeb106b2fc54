"""Serve the PWA (`pwa/`) at `/`."""
from __future__ import annotations

from pathlib import Path

from flask import Flask, send_from_directory

PWA_DIR = Path(__file__).resolve().parent.parent / "pwa"


def register(app: Flask) -> None:
    @app.get("/")
    def index():
        return send_from_directory(PWA_DIR, "index.html")

    @app.get("/<path:name>")
    def asset(name):
        return send_from_directory(PWA_DIR, name)
