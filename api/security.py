"""Transport headers on every answer, the phone app's and the API's, and the API docs' assets
served by the app itself.

  Content-Security-Policy   scripts, styles, fetches and the service worker from this site only;
                            no inline script or style attribute, no plugin, never in a frame
  X-Frame-Options DENY      frame-ancestors 'none' for browsers that predate it
  X-Content-Type-Options    nosniff: a file is run or drawn only as its declared type
  Referrer-Policy           no-referrer: a page's address (a join link) is never sent elsewhere
  Cache-Control no-store    on every /api/ answer but the docs: table views, command answers,
                            history, exports and live streams depend on the seat's token, and a
                            new table's answer carries the host's token

The docs (`/api/docs`) load Swagger UI from `api/swagger_ui/` (swagger-ui-dist, vendored with its
licence) through `api/templates/swagger_ui.html`, which replaces flask-smorest's page (that one
has an inline script and loads the UI from a CDN).
"""
from __future__ import annotations

from pathlib import Path

from flask import Flask, request, send_from_directory

SWAGGER_UI_DIR = Path(__file__).resolve().parent / "swagger_ui"
SWAGGER_UI_VERSION = "5.35.0"  # api/swagger_ui/README.md

CONTENT_SECURITY_POLICY = "; ".join([
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",  # Swagger UI's icons are data: URLs in its stylesheet
    "connect-src 'self'",
    "font-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
])

HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}

CACHEABLE_API = ("/api/docs", "/api/openapi.json")  # the same for everyone


def register(app: Flask) -> None:
    @app.after_request
    def transport_headers(response):
        for name, value in HEADERS.items():
            response.headers.setdefault(name, value)
        if request.path.startswith("/api/") and not request.path.startswith(CACHEABLE_API):
            response.headers["Cache-Control"] = "no-store"
        return response

    @app.get(f"{app.config['OPENAPI_SWAGGER_UI_URL']}<path:name>")
    def swagger_ui_asset(name):
        return send_from_directory(SWAGGER_UI_DIR, name)
