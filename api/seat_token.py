"""The seat a request holds: its token, from the Authorization header, or for a browser's live
stream the ticket cookie standing for it (POST .../live/ticket, api/resources/live.py)."""
from __future__ import annotations

from flask import request

TICKET_COOKIE = "gc_live"  # the live ticket's cookie


def bearer_token() -> str | None:
    """The seat token, from the Authorization header only: a token in a URL would be written in
    access logs, browser history and Referer headers (a browser's live stream uses a ticket
    cookie instead: api/resources/live.py)."""
    header = request.headers.get("Authorization", "")
    if header[:7].lower() == "bearer ":
        return header[7:].strip() or None
    return None
