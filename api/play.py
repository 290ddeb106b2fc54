"""Run a command against a stored table: read, apply the rules, compare-and-set, answer.

Views call `execute` with a command built from the request; this is the only place that joins
the rules (`games.bgcc`) to the store. Answers are encoded with orjson straight from the rules'
dataclasses (the documented schemas describe them; the schemathesis suite checks they agree).
"""
from __future__ import annotations

import re

import orjson
from flask import Response, current_app, request

from games.bgcc import engine
from games.bgcc.serial import from_data
from games.bgcc.table import Table
from games.bgcc.view import table_view

from .errors import error
from .extensions import store
from .store import Stale

_TAG = re.compile(r'(?:W/)?"([^"]*)"')


def etag(version: int) -> dict:
    return {"ETag": f'"{version}"'}


def json_response(body, status: int = 200, version: int | None = None) -> Response:
    response = Response(orjson.dumps(body), status=status, mimetype="application/json")
    if version is not None:
        response.headers.update(etag(version))
    return response


def wanted_versions() -> set[int] | None:
    """The versions If-Match accepts; None when absent or '*'. A tag that names no version can
    never match."""
    header = request.headers.get("If-Match")
    if header is None or header.strip() == "*":
        return None
    return {int(t) for t in _TAG.findall(header) if t.isdigit()}


def view(code: str, version: int, table: Table) -> dict:
    return {"code": code, "version": version, **table_view(table)}


def load(code: str) -> tuple[str, int, Table]:
    code = code.upper()
    version, state = store().load(code)
    return code, version, from_data(Table, state)


def read(code: str, part=lambda v: v, missing: str = "") -> Response:
    """The table (or `part` of its view; None when there is no such part) with its version as ETag."""
    code, version, table = load(code)
    found = part(view(code, version, table))
    if found is None:
        return error(404, missing)
    return json_response(found, version=version)


def stale(code: str, version: int, state: dict) -> Response:
    body = {"code": 412, "status": "Precondition Failed", "version": version,
            "message": f"The table changed (now version {version}): your screen is out of date",
            "table": view(code, version, from_data(Table, state))}
    return json_response(body, 412, version)


def execute(code: str, command) -> Response:
    """Apply `command` to table `code`; retried on a concurrent write unless If-Match pins a version."""
    code = code.upper()
    wanted = wanted_versions()
    s = store()
    for _ in range(current_app.config["COMMAND_RETRIES"]):
        version, state = s.load(code)
        if wanted is not None and version not in wanted:
            return stale(code, version, state)
        outcome = engine.apply(from_data(Table, state), command, owned=True)
        entry = {"command": type(command).__name__, "events": outcome.events}
        try:
            new_version = s.save(code, version, outcome.table, entry)
        except Stale:
            continue
        result = {"version": new_version, "events": outcome.events,
                  "table": view(code, new_version, outcome.table)}
        return json_response(result, version=new_version)
    return error(409, "The table is busy with other phones' changes: try again")
