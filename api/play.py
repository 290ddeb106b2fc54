"""Run a command against a stored table: read, apply the rules, compare-and-set, answer.

Views call `execute` with a command built from the request; this is the only place that joins
the rules (`games.bgcc`) to the store.
"""
from __future__ import annotations

import re

from flask import current_app, request

from games.bgcc import engine
from games.bgcc.serial import from_data, to_data
from games.bgcc.table import Table
from games.bgcc.view import table_view

from .errors import error
from .extensions import store
from .store import Stale

_TAG = re.compile(r'(?:W/)?"([^"]*)"')


def etag(version: int) -> dict:
    return {"ETag": f'"{version}"'}


def wanted_versions() -> set[int] | None:
    """The versions If-Match accepts; None when absent or '*'. A tag that names no version can
    never match."""
    header = request.headers.get("If-Match")
    if header is None or header.strip() == "*":
        return None
    return {int(t) for t in _TAG.findall(header) if t.isdigit()}


def view(code: str, version: int, table: Table) -> dict:
    return {"code": code, "version": version, **table_view(table)}


def read(code: str):
    code = code.upper()
    version, state = store().load(code)
    return view(code, version, from_data(Table, state)), 200, etag(version)


def stale(code: str, version: int, state: dict):
    response = error(412, f"The table changed (now version {version}): your screen is out of date",
                     version=version, table=view(code, version, from_data(Table, state)))
    response.headers.update(etag(version))
    return response


def execute(code: str, command):
    """Apply `command` to table `code`; retried on a concurrent write unless If-Match pins a version."""
    code = code.upper()
    wanted = wanted_versions()
    s = store()
    for _ in range(current_app.config["COMMAND_RETRIES"]):
        version, state = s.load(code)
        if wanted is not None and version not in wanted:
            return stale(code, version, state)
        outcome = engine.apply(from_data(Table, state), command)
        entry = {"command": type(command).__name__, "events": [to_data(e) for e in outcome.events]}
        try:
            new_version = s.save(code, version, to_data(outcome.table), entry)
        except Stale:
            continue
        result = {"version": new_version, "events": entry["events"],
                  "table": view(code, new_version, outcome.table)}
        return result, 200, etag(new_version)
    return error(409, "The table is busy with other phones' changes: try again")
