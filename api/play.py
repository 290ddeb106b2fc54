"""Run a change against a stored table: read, check the seat, apply the rules, compare-and-set, answer.

Views call `execute` with a command's registry name and fields, or `travel` to undo, redo or jump
in the history; this is the only place that joins a game's rules (asked of `games` by the table's
recorded game) to the store. The writer is answered its change with its whole table; every phone
receives it live as a patch (api/patch.py) from the table it holds, the version before, to the
table now, as its seat may see both (`live_message`). The table's public part is built once per
write and each seat's own part (its `may`, its secrets) once (`games.Game.views`); the parts are
kept with the table for the next write's patch. For a game with secrets (`game.secret`) the
message holds each distinct seat's change once (the events it may read, its table's patch); each
process forwards to every phone the frame of its seat, so no phone ever receives what its seat may
not see.
"""
from __future__ import annotations

import hashlib
import re
import secrets
import time
from dataclasses import dataclass

import orjson
from flask import Response, current_app, request

import games
from games import bounds

from . import patch, ratelimit
from .errors import error
from .extensions import store
from .seat_token import bearer_token
from .store import Loaded, Replayed, Stale, connected_since, digest

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


def frame_response(frame: bytes, version: int, status: int = 200) -> Response:
    """A change as the writer's answer, serialized once (`live_message`)."""
    response = Response(frame, status, content_type="application/json")
    response.headers["ETag"] = f'"{version}"'
    return response


def game_of(loaded: Loaded) -> games.Game:
    return games.of_table(loaded.game, loaded.state)


def state_of(loaded: Loaded, state: dict | None = None):
    """The stored state (or a history snapshot of the same table) as its game's state."""
    return game_of(loaded).load(loaded.state if state is None else state)


def view(code: str, version: int, game: games.Game, state, seat: str | None, travel: dict | None = None) -> dict:
    """The table as the phone holding `seat` (None: no seat) may see it; with `travel` (see
    `undo_redo`) what an undo and a redo would take back or make again, as that seat may read it."""
    return views(code, version, game, state, [seat], travel)[seat]


def views(code: str, version: int, game: games.Game, state, seats, travel: dict | None = None) -> dict:
    """The table as each of `seats` may see it: each seat's table a shallow merge of the public part
    and its own (`parts`)."""
    public, own = parts(code, version, game, state, seats, travel)
    return {seat: {**public, **own[seat]} for seat in seats}


def parts(code: str, version: int, game: games.Game, state, seats, travel: dict | None = None) -> tuple[dict, dict]:
    """The table in two parts, each built once: the public part (`secret`: whether seats' tables
    differ) and each of `seats`' own (a seat draws {**public, **own[seat]}); with `travel` (see
    `undo_redo`) what an undo and a redo would take back or make again: public in a game without
    secrets, each seat's own (as it may read them) in a game with."""
    public, own = game.views(state, seats)
    public = {"code": code, "version": version, "game": game.name, "secret": game.secret, **public}
    if travel is not None:
        if game.secret:
            own = {seat: {**own[seat], **_travels(game, travel, seat)} for seat in seats}
        else:
            public.update(_travels(game, travel, None))
    return public, own


def _travels(game: games.Game, travel: dict, seat: str | None) -> dict:
    drawn = {}
    for kind in ("undo", "redo"):
        entry = travel.get(kind)
        drawn[kind] = None if entry is None else {
            "command": entry["command"], "seat": entry.get("seat"), "version": entry["version"],
            "events": _described(game, entry.get("events", []), seat), "may": travellers(entry.get("seat"))}
    return drawn


def travellers(author: str | None) -> list[str]:
    """The seats that may undo or redo a change `author` made (None: a jump back, or a change no
    seat made): the host, and the seat that made it. The same for every phone: a table without
    secrets sends all of them one frame."""
    return [games.HOST, *([author] if author not in (None, games.HOST, games.SPECTATOR) else [])]


def _described(game: games.Game, events: list, seat: str | None) -> list[dict]:
    """The events of an undo or redo as the table view carries them: as `seat` may read them; in a
    game with secrets only their words (kind, text, rule) and a public event's params (`data`, as
    the history gives every seat, for the phones to say it in their language): a table view never
    holds a screen's contents, not even the seat's own (that is the change's events' place)."""
    events = orjson.loads(orjson.dumps(game.events_for(events, seat)))
    if game.secret:
        return [{k: e[k] for k in ("kind", "text", "rule", *(("data",) if e.get("seat") is None else ())) if k in e}
                for e in events]
    return events


def _registry_name(entry: dict) -> str:
    """The registry name of a history entry's command (entries before names were kept: its class
    name in snake case, as BGCC's registry names them)."""
    if entry.get("name"):
        return entry["name"]
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", "_", entry.get("command") or "").lower()


def tops(history: dict) -> dict:
    """The versions an undo and a redo would move (None: nothing), as a history entry keeps them."""
    return {kind: (history.get(kind) or [None])[-1] for kind in ("undo", "redo")}


def entry_at(s, code: str, version: int, known: dict | None = None) -> dict | None:
    """The history entry of `version` (None: none kept), from `known` (entries by version) when
    it is there, else read."""
    entry = known.get(version) if known else None
    if entry is None:
        entry = next((e for v, e in s.entries(code, version - 1, 1) if v == version), None)
    return entry


def undo_redo(s, code: str, history: dict, known: dict | None = None) -> dict:
    """C5: the change an undo would take back and the one a redo would make again, each None or
    {"command": registry name, "seat", "version", "events"} (`known`: entries by version that are
    not read again, the one being written among them). `history`: the stacks, or their tops
    (`tops`)."""
    found = {}
    for kind in ("undo", "redo"):
        stack = history.get(kind)
        version = stack[-1] if isinstance(stack, list) and stack else stack if isinstance(stack, int) else None
        if version is None:
            found[kind] = None
            continue
        entry = entry_at(s, code, version, known)
        found[kind] = None if entry is None else {**entry, "version": version, "command": _registry_name(entry)}
    return found


def load(code: str, presence: bool = False, token: bool = True, drawn: bool = False) -> tuple[Loaded, games.Game, object]:
    loaded = store().load(code.upper(), bearer_token() if token else None, presence=presence, drawn=drawn)
    return loaded, game_of(loaded), state_of(loaded)


def seat_table(loaded: Loaded, game: games.Game, seat: str | None, state=None, s=None) -> dict:
    """The table as the phone holding `seat` may see it at the loaded version (`loaded` read with
    its `drawn` parts): from the parts the last write kept, the very table every phone's patches
    reached (its seat's own part only: in a game with secrets each seat's is kept apart), else
    (a table no change was written to yet, or a seat not kept) built from the state (`state`: the
    loaded one as its game's state, when the caller has it; `s`: the store, outside a request)."""
    kept = kept_parts(loaded)
    if kept is not None:
        public, own = kept
        part = own.get(seat) if game.secret else own.get(None)
        if part is not None:
            return orjson.loads(joined(public, part))
    state = state_of(loaded) if state is None else state
    return view(loaded.code, loaded.version, game, state, seat, undo_redo(s or store(), loaded.code, loaded.history))


def read(code: str, part=lambda v: v, missing=lambda: error(404, "Not found")) -> Response:
    """The table (or `part` of its view; None, or a view of another game without it: `missing()`
    answers) with its version as ETag."""
    loaded, game, state = load(code, presence=True, drawn=True)
    body = seat_table(loaded, game, loaded.seat, state)
    body["seats"] = seat_list(game.seat_names(state), loaded.presence, store().seats(loaded.code))
    body["your_seat"] = loaded.seat
    try:
        found = part(body)
    except (KeyError, TypeError):  # a part this table's game does not have (a BGCC route, a BMG table)
        found = None
    if found is None:
        return missing()
    return json_response(found, version=loaded.version)


def seat_list(names: list[str], presence: dict[str, int], taken: list[str] | None = None) -> list[dict]:
    """Everyone at the table (its game's seat names) and whether a phone is connected now (a recent
    heartbeat)."""
    since = connected_since(now_ms())
    return [{"seat": s, "connected": presence.get(s, 0) >= since,
             **({"taken": s in taken} if taken is not None else {})} for s in names]


def seats_presence(code: str, names: list[str], s=None) -> dict:
    """The live stream's presence event (C8): every seat, whether a phone is connected on it and
    whether a phone holds it."""
    s = s or store()
    since, presence, taken = connected_since(now_ms()), s.presence(code), set(s.seats(code))
    return {"seats": [{"seat": n, "connected": presence.get(n, 0) >= since, "taken": n in taken} for n in names]}


def publish_seats(code: str, game: games.Game, state) -> None:
    """Tell every phone at the table that a seat was taken or handed over (the presence event)."""
    s = store()
    s.publish(code, orjson.dumps({"event": "presence", "data": seats_presence(code, game.seat_names(state), s)}))


def seat_refused(seat: str | None, refusal: tuple[str, str, dict]) -> Response:
    """A seat's refusal (code, message, params): 401 for a phone holding no seat, else 403."""
    code, message, params = refusal
    return error(401 if seat is None else 403, message, code, params)


def barred(seat: str | None, command: str) -> Response | None:
    """The refusal every game gives alike, before the game is asked: a phone holding no seat (401
    no_seat) or a spectator's (403 spectator) changes no table. Games answer only the seat-specific
    case (`Game.seat_refusal`: not_your_seat and the like)."""
    if seat is None:
        return error(401, "Join the table first: this phone holds no seat", "no_seat")
    if seat == games.SPECTATOR:
        return error(403, "A spectator watches: only the players change the table", "spectator",
                     {"command": command[:40]})
    return None


def seat_change(code: str, game: games.Game, state, entry: dict, viewer: str | None, travel: dict | None = None) -> dict:
    """The change a history entry records, as the phone holding `viewer` may see it, with its whole
    table (`travel`: the undo and redo it leaves, when known: a new change, not a replayed one)."""
    public, own = parts(code, entry["version"], game, state, [viewer], travel)
    return _change(game, entry, viewer, {"table": {**public, **own[viewer]}})


def _change(game: games.Game, entry: dict, viewer: str | None, table: dict) -> dict:
    """The change a history entry records as a phone receives it (live or replayed) and as the
    writer is answered: the events as `viewer` may read them, `fields` the command's public form,
    and `table`: {"table": the whole view} or {"patch": the operations from the view before}."""
    return {"version": entry["version"], "events": game.events_for(entry.get("events", []), viewer),
            "seat": entry.get("seat"), "command": entry.get("command"), "fields": entry.get("fields") or {}, **table}


def viewers(game: games.Game, state) -> list[str | None]:
    """Every seat a phone may hold, None (no seat) first: who may see the table differently (in a
    game without secrets, none: every phone is sent what a phone holding no seat is)."""
    return [None, *game.seat_names(state), games.SPECTATOR] if game.secret else [None]


def live_message(code: str, game: games.Game, state, entry: dict, travel: dict | None = None,
                 writer: str | None = None, before: tuple[dict, dict] | None = None) -> tuple[bytes, bytes, bytes]:
    """The published change, the writer's answer, and the table's parts to keep for the next
    change's patch (`kept`, read back by `kept_parts`).

    The answer is the writer's change with its whole table. The published change holds, for each
    seat, the change with the patch (api/patch.py) from its table at the version before
    (`before`, the parts kept by the last write) to its table now: the public part's operations are
    worked out once and each seat's own part's apart (`patch.merged`), so a seat's patch is made of
    what it may see only. The parts are compared as each key's JSON (`encoded`): a key whose JSON
    did not change since the last write (most of a table, its offers often) is never read back.
    Without secrets every phone receives one change (`data`); with secrets each distinct seat's
    once (`frames`, frame 0: a phone holding no seat) and which frame each seat receives
    (`seats`): any process forwards to each phone its seat's frame without reading Redis. With no
    parts kept before (`before` None: the first change of a new or imported table, whose creation
    draws the host's table only) every seat is sent its whole table."""
    version = entry["version"]
    seats = viewers(game, state)
    public, own = parts(code, version, game, state, seats, travel)
    public, own = encoded(public), {seat: encoded(own[seat]) for seat in seats}  # as the phones hold them
    kept = pack(version, public, own)
    mine = writer if writer in own else None
    answer = orjson.dumps(_change(game, entry, mine, {"table": orjson.Fragment(joined(public, own[mine]))}))
    public_ops = patch.diff_encoded(before[0], public) if before is not None else None
    frames, index, picks = [], {}, {}
    for seat in seats:
        old = before[1].get(seat) if before is not None else None
        table = {"table": orjson.Fragment(joined(public, own[seat]))} if old is None else {
            "patch": patch.merged(public_ops, before[0], old, public, own[seat])}
        frame = orjson.dumps(_change(game, entry, seat, table))
        if frame not in index:
            index[frame] = len(frames)
            frames.append(frame)
        if index[frame]:
            picks[seat] = index[frame]
    head = b'{"event":"change","id":' + str(version).encode()
    if len(frames) == 1:
        message = head + b',"data":' + frames[0] + b"}"
    else:
        message = head + b',"seats":' + orjson.dumps(picks) + b',"frames":[' + b",".join(frames) + b"]}"
    return message, answer, kept


def encoded(part: dict) -> dict[str, bytes]:
    """A table's part as each of its keys' JSON."""
    return {key: orjson.dumps(value) for key, value in part.items()}


def joined(public: dict[str, bytes], own: dict[str, bytes]) -> bytes:
    """The JSON of the table {**public, **own} from its two encoded parts."""
    return b"{" + b",".join(orjson.dumps(key) + b":" + value for key, value in {**public, **own}.items()) + b"}"


def pack(version: int, public: dict[str, bytes], own: dict) -> bytes:
    """The encoded parts a write keeps (`kept_parts` reads them back): one JSON line naming the
    version, each part's keys and the length of each key's JSON, then those JSONs one after another."""
    head = [version, [[key, len(raw)] for key, raw in public.items()],
            [[seat, [[key, len(raw)] for key, raw in part.items()]] for seat, part in own.items()]]
    kept = [*public.values(), *(raw for part in own.values() for raw in part.values())]
    return b"".join([orjson.dumps(head), b"\n", *kept])


def kept_parts(loaded: Loaded) -> tuple[dict, dict] | None:
    """The table's parts the last write kept (`live_message`, `pack`), encoded, when they are this
    version's (parts kept in the former layout, one JSON document, are not read: the next change
    sends the table whole)."""
    raw = loaded.drawn
    if not raw.startswith(b"["):
        return None
    cut = raw.index(b"\n")
    version, public_keys, own_keys = orjson.loads(raw[:cut])
    if version != loaded.version:
        return None
    at = cut + 1

    def part(keys: list) -> dict[str, bytes]:
        nonlocal at
        taken = {}
        for key, length in keys:
            taken[key] = raw[at:at + length]
            at += length
        return taken

    public = part(public_keys)
    return public, {seat: part(keys) for seat, keys in own_keys}


def replayed_changes(code: str, game: games.Game, after: int, upto: int, s=None, viewer: str | None = None):
    """The changes at table `code` after `after` up to `upto`, rebuilt from the history (each with
    the table as its snapshot keeps it), in order, as the phone holding `viewer` may see them. `s`:
    the store, outside a request."""
    s = s or store()
    while after < upto:
        rows = s.entries(code, after, min(100, upto - after), states=True)
        if not rows:
            return
        for version, entry, state in rows:
            if version > upto:
                return
            entry = {**entry, "version": version}
            travel = undo_redo(s, code, entry["travel"], {version: entry}) if "travel" in entry else None
            yield seat_change(code, game, game.load(state), entry, viewer, travel)
            after = version


def request_fingerprint(code: str) -> str:
    """What makes a write the same write: its method, route, path parameters (the table's code in
    capitals) and body. An Idempotency-Key is bound to the fingerprint of the request it first came with."""
    route = request.url_rule.rule if request.url_rule is not None else request.path
    ids = sorted({**(request.view_args or {}), "code": code}.items())
    hasher = hashlib.sha256()
    for part in (request.method, route, *(f"{name}={value}" for name, value in ids)):
        hasher.update(part.encode("utf-8", "surrogatepass"))
        hasher.update(b"\0")
    hasher.update(request.get_data(cache=True))
    return hasher.hexdigest()


def _replayed(loaded: Loaded, answer: dict, fingerprint: str) -> Response:
    """The first answer to a write made again with the same Idempotency-Key: rebuilt from that
    version's history entry and snapshot (the key stores only the version and the request's
    fingerprint). The same key with another request is refused (422): it is another change, and
    answering the first one would drop it silently."""
    if answer.get("request", fingerprint) != fingerprint:
        return error(422, "This Idempotency-Key was first sent with another change: make a new key for each "
                          "change", "idempotency_key_reused")
    version = answer["version"]
    found = next(replayed_changes(loaded.code, game_of(loaded), version - 1, version, viewer=loaded.seat), None)
    if found is None or found["version"] != version:
        return error(409, f"That change (version {version}) is older than the history keeps",
                     "change_too_old", {"version": version})
    response = json_response(found, answer["status"], version)
    response.headers["Idempotent-Replayed"] = "true"
    return response


@dataclass
class Change:
    state: object
    events: list
    name: str
    history: dict
    fields: dict | None = None  # the command's public form
    registry_name: str | None = None  # the command's name in its game's registry
    restored: int | None = None  # an undo, redo or jump: the version whose state it restored
    entries: dict | None = None  # history entries read on the way, by version (`undo_redo` reads no more)


_RANDOM = secrets.SystemRandom()  # the API owns randomness: the dice a game rolls come from here


def unknown_field(game: games.Game, name: str, fields, types: dict | None = None) -> None:
    """A field the command `name` does not have (nested objects and list elements included) is
    refused the same way in every game (422 unknown_field {command, field}), never dropped: its
    class in the game's registry (`types`: by default its commands) names them."""
    cls = (game.command_types() if types is None else types).get(name)
    found = None if cls is None else bounds.unknown_field(cls, fields)
    if found:
        raise game.refusal("I", f"{name} has no field {found}", "unknown_field", command=name[:80], field=found)


def execute(code: str, name: str, fields: dict | None = None) -> Response:
    """Apply the command `name` (its registry name in the table's game) with `fields` to table
    `code` for the seat the request's token holds; retried on a concurrent write unless If-Match
    pins a version. A repeated Idempotency-Key answers the first answer and changes nothing."""
    def malformed(game: games.Game) -> None:
        unknown_field(game, name, fields)
        game.command(name, fields or {})

    def apply(loaded: Loaded, game: games.Game, state):
        refused = barred(loaded.seat, name)  # no seat, or a watcher: refused before the game is asked
        if refused is not None:
            return refused
        command = game.resolve(game.command(name, fields or {}), state)
        refused = game.seat_refusal(loaded.seat, command, state)
        if refused is not None:
            return seat_refused(loaded.seat, refused)
        public = game.public_command(command, state)  # before apply: the state may be changed by it
        new, events = game.apply(state, command, _RANDOM)
        version = loaded.version + 1
        history = {"undo": (loaded.history["undo"] + [version])[-UNDO_KEPT:], "redo": []}
        return Change(new, events, type(command).__name__, history, public, name)
    return _write(code, apply, malformed)


def _write(code: str, apply, malformed=None, reads_state: bool = True) -> Response:
    """Read, `apply(loaded, game, state)` → Change or a refusal Response, compare-and-set, answer;
    `malformed(game)` first raises the game's refusal for a body it cannot read. A write that does
    not read the table's state (`reads_state` False: an undo restores a snapshot) is given None."""
    code = code.upper()
    key = request.headers.get("Idempotency-Key")
    if key is not None and not _KEY.match(key):
        return error(400, "Idempotency-Key: 1 to 100 letters, digits or . _ : -", "bad_idempotency_key")
    token = bearer_token()
    token_digest = digest(token) if token else None
    if key is not None:  # each phone's keys are its own: two phones may well both send "change-1"
        key = f"{token_digest[:32] if token_digest else '-'}:{key}"
    fingerprint = request_fingerprint(code) if key is not None else ""
    wanted = request.if_match
    s = store()
    for _ in range(current_app.config["COMMAND_RETRIES"]):
        loaded = s.load(code, token, key, drawn=True)
        refused = ratelimit.unseated_refused(loaded.seat)  # a token holding no seat here: the unknown-code limit
        if refused is not None:
            return refused
        if loaded.replay is not None:
            if loaded.seat is None:  # the key's token was revoked (handed over, recovered): it answers nothing
                return error(401, "Join the table first: this phone holds no seat", "no_seat")
            return _replayed(loaded, loaded.replay, fingerprint)
        game = game_of(loaded)
        state = state_of(loaded) if reads_state else None
        if malformed is not None:
            malformed(game)  # a body the game cannot read is refused (422) before any version is compared
        if wanted and not wanted.star_tag and not wanted.contains_weak(str(loaded.version)):
            return stale(loaded, game, state if reads_state else state_of(loaded))
        done = apply(loaded, game, state)
        if isinstance(done, Response):
            return done
        version = loaded.version + 1
        entry = {"version": version, "seat": loaded.seat, "command": done.name, "at": now_ms(), "events": done.events,
                 "fields": done.fields or {}, **({"name": done.registry_name} if done.registry_name else {}),
                 "travel": tops(done.history)}
        travel = undo_redo(s, code, done.history, {**(done.entries or {}), version: entry})
        message, answer, kept = live_message(code, game, done.state, entry, travel, loaded.seat, kept_parts(loaded))
        try:
            s.save(loaded, game.dump(done.state), done.history, entry, message,
                   (key, {"status": 200, "version": version, "request": fingerprint}) if key else None,
                   token_digest, done.restored, kept)
        except Stale:
            continue
        except Replayed:
            continue  # read again: the answer is replayed only to a token that still holds its seat
        return frame_response(answer, version)
    return error(409, "The table is busy with other phones' changes: try again", "table_busy")


def stale(loaded: Loaded, game: games.Game, state) -> Response:
    body = {"code": 412, "status": "Precondition Failed", "version": loaded.version,
            "message": f"The table changed (now version {loaded.version}): your screen is out of date",
            "reason": "stale_version", "params": {"version": loaded.version},
            "table": view(loaded.code, loaded.version, game, state, loaded.seat,
                          undo_redo(store(), loaded.code, loaded.history))}
    return json_response(body, 412, loaded.version)


# ------------------------------------------------------------------ history: undo, redo, jump


def travel(code: str, kind: str, target: int | None = None) -> Response:
    """Undo the last change, redo the last undone one, or jump back to the state after `target`:
    each is a new version with its own history entry (history is never rewritten). The host may
    do it, or the seat that made the change being undone or redone."""
    s = store()

    def apply(loaded: Loaded, game: games.Game, _state: None):
        refused = barred(loaded.seat, kind)  # before the history: never a 409 for them
        if refused is not None:
            return refused
        undo, redo = list(loaded.history["undo"]), list(loaded.history["redo"])
        moved = None
        if kind == "undo":
            if not undo:
                return error(409, "Nothing to undo", "nothing_to_undo")
            moved = undo.pop()
            restore, redo = moved - 1, redo + [moved]
        elif kind == "redo":
            if not redo:
                return error(409, "Nothing to redo", "nothing_to_redo")
            moved = redo.pop()
            restore, undo = moved, undo + [moved]
        else:
            if not 1 <= target <= loaded.version:
                return error(409, f"No version {target} in this table's history", "no_version", {"version": target})
            restore = target
            redo = redo + [v for v in reversed(undo) if v > target]
            undo = [v for v in undo if v <= target]
        # the restored state with its entry and the next (an undo's change), in one read: the
        # entries the answer's undo and redo name are most often among them
        rows = s.entries(loaded.code, restore - 1, 2, states=True, decoded=1)
        known = {v: e for v, e, _ in rows}
        if loaded.seat != games.HOST:
            entry = entry_at(s, loaded.code, moved, known) if moved else None
            author = entry.get("seat") if entry else None
            if loaded.seat not in travellers(author):
                if moved:
                    return error(403, f"Only the host or the phone that made change {moved} can undo or redo it",
                                 "not_your_change", {"version": moved})
                return error(403, f"Only the host can {kind} that", "host_only")
        restored = rows[0][2] if rows and rows[0][0] == restore else None
        if restored is None:
            return error(409, f"Version {restore} is too old: the history keeps the last changes only",
                         "version_too_old", {"version": restore})
        what = {"undo": f"Undone: change {moved}", "redo": f"Redone: change {moved}",
                "jump": f"Back to the table as it was after change {restore}"}[kind]
        event = {"kind": kind, "text": what, "rule": "", "data": {"restored": restore, "change": moved}}
        return Change(state_of(loaded, restored), [event], kind.capitalize(), {"undo": undo, "redo": redo},
                      restored=restore, entries=known)

    return _write(code, apply, reads_state=False)
