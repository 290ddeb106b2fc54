"""Run a change against a stored table: read, check the seat, apply the rules, compare-and-set, answer.

Views call `execute` with a command built from the request, or `travel` to undo, redo or jump in
the history; this is the only place that joins the rules (`games.bgcc`) to the store. Answers are
encoded with orjson straight from the rules' dataclasses (the documented schemas describe them;
the schemathesis suite checks that they agree).
"""
from __future__ import annotations

import re
import time
from dataclasses import dataclass

import orjson
from flask import Response, current_app, request

from games.bgcc import engine, seats
from games.bgcc.errors import RuleRefused
from games.bgcc.serial import from_data_pooled
from games.bgcc.table import Table
from games.bgcc.view import table_view

from .errors import error
from .extensions import store
from .render import reached, watch
from .store import Loaded, Replayed, Stale, digest

_TAG = re.compile(r'(?:W/)?"([^"]*)"')
_KEY = re.compile(r"^[A-Za-z0-9_.:-]{1,100}$")
VERSION = re.compile(r"[0-9]{1,18}")  # ASCII digits only: str.isdigit() also accepts '²', which int() refuses
UNDO_KEPT = 150  # at least the last 100 changes can be undone


def now_ms() -> int:
    return int(time.time() * 1000)


def json_response(body, status: int = 200, version: int | None = None) -> Response:
    response = Response(orjson.dumps(body), status, content_type="application/json")
    if version is not None:
        response.headers["ETag"] = f'"{version}"'
    return response


# Request headers are read from the WSGI environ (HTTP_<NAME>, the value as the server decoded it),
# which is what werkzeug's request.headers.get does with several layers more per header.

def wanted_versions(environ: dict) -> set[int] | None:
    """The versions If-Match accepts; None when absent or '*'. A tag that names no version can
    never match."""
    header = environ.get("HTTP_IF_MATCH")
    if header is None or header.strip() == "*":
        return None
    return {int(t) for t in _TAG.findall(header) if VERSION.fullmatch(t)}


def bearer_token(environ: dict | None = None) -> str | None:
    header = (request.environ if environ is None else environ).get("HTTP_AUTHORIZATION", "")
    if header[:7].lower() == "bearer ":
        return header[7:].strip() or None
    return request.args.get("token") or None


def view(code: str, version: int, table: Table) -> dict:
    return {"code": code, "version": version, **table_view(table)}


def decode(loaded: Loaded) -> Table:
    """The stored state as the rules' Table (its printed definitions from the table's pool)."""
    return from_data_pooled(Table, loaded.state, loaded.pool)


def load(code: str, presence: bool = False) -> tuple[Loaded, Table]:
    loaded = store().load(code.upper(), bearer_token(), presence=presence)
    return loaded, decode(loaded)


def read(code: str, part=lambda v: v, missing: str = "") -> Response:
    """The table (or `part` of its view; None when there is no such part) with its version as ETag."""
    loaded, table = load(code, presence=True)
    body = view(loaded.code, loaded.version, table)
    body["seats"] = seat_list(table, loaded.presence)
    body["your_seat"] = loaded.seat
    found = part(body)
    if found is None:
        return error(404, missing)
    return json_response(found, version=loaded.version)


def seat_list(table: Table, presence: dict[str, int], taken: list[str] | None = None) -> list[dict]:
    """Everyone at the table and whether a phone is connected now (a heartbeat in the last 40 s)."""
    fresh = now_ms() - 40_000
    return [{"seat": s, "connected": presence.get(s, 0) >= fresh,
             **({"taken": s in taken} if taken is not None else {})} for s in seats.seat_names(table)]


def _refusal(loaded: Loaded, table: Table, command) -> Response | None:
    why = seats.may(loaded.seat, command, table)
    if why is None:
        return None
    return error(401 if loaded.seat is None else 403, why)


def _idempotency_key(environ: dict) -> str | None | Response:
    key = environ.get("HTTP_IDEMPOTENCY_KEY")
    if key is None:
        return None
    if not _KEY.match(key):
        return error(400, "Idempotency-Key: 1 to 100 letters, digits or . _ : -")
    return key


def _replayed(code: str, answer: dict) -> Response:
    """The first answer to a write made again with the same Idempotency-Key: rebuilt from that
    version's history entry and snapshot (the key stores only the version)."""
    version = answer["version"]
    s = store()
    entry = next((e for v, e in s.entries(code, version - 1, 1) if v == version), None)
    state = s.snapshot(code, version)
    if entry is None or state is None:
        return error(409, f"That change (version {version}) is older than the history keeps")
    body = {"version": version, "events": entry["events"], "table": view(code, version, from_snapshot(s, code, state))}
    response = json_response(body, answer["status"], version)
    response.headers["Idempotent-Replayed"] = "true"
    return response


def from_snapshot(s, code: str, state: dict, pool: dict | None = None) -> Table:
    """A snapshot as the rules' Table, with `pool` (else the table's definitions as this process
    knows them); read again when one is new to this process (another process brought it)."""
    try:
        return from_data_pooled(Table, state, s.definitions(code) if pool is None else pool)
    except KeyError:
        return from_data_pooled(Table, state, s.definitions(code, refresh=True))


def live_change(code: str, message: bytes, s, drawing) -> bytes:
    """A published change with the table as it was right after it, for the phones connected to
    this process (built once per process, not once per phone)."""
    data = orjson.loads(message)
    state = s.snapshot(code, data["version"])
    if state is not None:
        table = from_snapshot(s, code, state)
        data["table"] = drawing.view(code, data["version"], table, drawing.encode(table))
    return orjson.dumps(data)


@dataclass
class Change:
    outcome: engine.Outcome
    name: str
    history: dict


def execute(code: str, command) -> Response:
    """Apply `command` to table `code` for the seat the request's token holds; retried on a
    concurrent write unless If-Match pins a version. A repeated Idempotency-Key answers the first
    answer and changes nothing."""
    def change(loaded: Loaded, table: Table):
        refused = _refusal(loaded, table, command)
        if refused is not None:
            return refused
        outcome = engine.apply(table, command, owned=True)
        version = loaded.version + 1
        history = {"undo": (loaded.history["undo"] + [version])[-UNDO_KEPT:], "redo": []}
        return Change(outcome, type(command).__name__, history)
    return _write(code, change)


def _write(code: str, change) -> Response:
    """Read, `change(loaded, table)` → Change or a refusal Response, compare-and-set, answer.

    The table comes from this process's kept tables when it has it (no read), else from Redis.
    Only a table read from Redis (or handed back by a write that found the store ahead) is
    trusted for a refusal or a 412: a kept one may be behind another process's writes."""
    code = code.upper()
    environ = request.environ
    key = _idempotency_key(environ)
    if isinstance(key, Response):
        return key
    token = bearer_token(environ)
    token_digest = digest(token) if token else None
    if key is not None:  # each phone's keys are its own: two phones may well both send "change-1"
        key = f"{token_digest[:32] if token_digest else '-'}:{key}"
    wanted = wanted_versions(environ)
    app = current_app._get_current_object()  # one context lookup for the store, kept tables, renderer, config
    s, hot, drawing = app.extensions["store"], app.extensions["hot_tables"], app.extensions["renderer"]
    kept = hot.take(code, token_digest)
    loaded, table, seats_known, before = (kept.loaded, kept.table, kept.seats, kept.encoded) if kept else \
        (None, None, {}, None)
    trusted = False
    for _ in range(app.config["COMMAND_RETRIES"]):
        if loaded is None:
            loaded = s.load(code, token, key)
            if loaded.replay is not None:
                return _replayed(code, loaded.replay)
            table, trusted, before = decode(loaded), True, None
        if wanted is not None and loaded.version not in wanted:
            if not trusted:
                loaded = None
                continue
            return stale(loaded, table)
        watched = watch(table)
        try:
            done = change(loaded, table)
        except RuleRefused:
            if trusted:
                raise
            loaded = None  # maybe refused only because this process's copy is behind: read it
            continue
        changed = reached(table, watched)
        if isinstance(done, Response):
            if not trusted:
                loaded = None
                continue
            hot.keep(loaded, table, token_digest, seats_known)  # a refused seat: the table is untouched
            return done
        version = loaded.version + 1
        events = done.outcome.events
        entry = {"version": version, "seat": loaded.seat, "command": done.name, "at": now_ms(), "events": events}
        encoded = drawing.encode(done.outcome.table, before if done.outcome.table is table else None, changed)
        body = {"version": version, "events": events,
                "table": drawing.view(code, version, done.outcome.table, encoded)}
        message = {"version": version, "events": events, "seat": loaded.seat, "command": done.name}
        try:
            _, pool, stamp = s.save(loaded, encoded.state, encoded.pool, done.history, entry, message,
                   (key, {"status": 200, "version": version}) if key else None, token_digest)
        except Stale as moved:
            loaded, trusted, before = moved.now, True, None
            table = decode(loaded)
            continue
        except Replayed as first:
            return _replayed(code, first.answer)
        response = json_response(body, version=version)
        loaded = loaded.written(version, done.history, pool, stamp)
        hot.keep(loaded, done.outcome.table, token_digest, seats_known, encoded)
        return response
    return error(409, "The table is busy with other phones' changes: try again")


def stale(loaded: Loaded, table: Table) -> Response:
    body = {"code": 412, "status": "Precondition Failed", "version": loaded.version,
            "message": f"The table changed (now version {loaded.version}): your screen is out of date",
            "table": view(loaded.code, loaded.version, table)}
    return json_response(body, 412, loaded.version)


# ------------------------------------------------------------------ history: undo, redo, jump


def travel(code: str, kind: str, target: int | None = None) -> Response:
    """Undo the last change, redo the last undone one, or jump back to the state after `target`:
    each is a new version with its own history entry (history is never rewritten). The host may
    do it, or the seat that made the change being undone or redone."""
    s = store()

    def change(loaded: Loaded, table: Table):
        if loaded.seat is None or loaded.seat == seats.SPECTATOR:  # before the history: never a 409 for them
            return error(401 if loaded.seat is None else 403, f"Only the host or a player can {kind}")
        undo, redo = list(loaded.history["undo"]), list(loaded.history["redo"])
        moved = None
        if kind == "undo":
            if not undo:
                return error(409, "Nothing to undo")
            moved = undo.pop()
            restore, redo = moved - 1, redo + [moved]
        elif kind == "redo":
            if not redo:
                return error(409, "Nothing to redo")
            moved = redo.pop()
            restore, undo = moved, undo + [moved]
        else:
            if not 1 <= target <= loaded.version:
                return error(409, f"No version {target} in this table's history")
            restore = target
            redo = redo + [v for v in reversed(undo) if v > target]
            undo = [v for v in undo if v <= target]
        if loaded.seat != seats.HOST:
            author = next((e.get("seat") for _, e in s.entries(loaded.code, moved - 1, 1)), None) if moved else None
            if loaded.seat is None or loaded.seat != author:
                who = "the host or the phone that made that change" if moved else "the host"
                return error(401 if loaded.seat is None else 403, f"Only {who} can {kind} that")
        state = s.snapshot(loaded.code, restore)
        if state is None:
            return error(409, f"Version {restore} is too old: the history keeps the last changes only")
        what = {"undo": f"Undone: change {moved}", "redo": f"Redone: change {moved}",
                "jump": f"Back to the table as it was after change {restore}"}[kind]
        event = engine.Event(kind, what, "", {"restored": restore, "change": moved})
        return Change(engine.Outcome(from_snapshot(s, loaded.code, state, loaded.pool), [event]), kind.capitalize(),
                      {"undo": undo, "redo": redo})

    return _write(code, change)
