"""The definitions library: the printed components a group enters once (BGCC: hero boards, items,
tiles and missions), reused at every table, exported and imported as JSON. The game that has one
gives it through the seam (`games.Game.library`: its kinds, their schemas, the rules' check, the
samples it ships, labelled as sample values); this module knows none of them.

Reading is public. Changing it needs the server's library key (GOTHAM_LIBRARY_KEY, sent as
'Authorization: Bearer <key>'); without one configured the library is read-only. The samples live
in the code, always listed, never replaced nor removed. The library never holds more of a kind than
one library document may carry, so its export always imports again.
"""
from __future__ import annotations

import hmac

from flask import current_app
from flask.views import MethodView
from marshmallow import Schema, fields, validate

import games

from .. import play
from ..errors import error
from ..extensions import Blueprint, store
from ..schemas import REFUSAL, Text

blp = Blueprint("library", __name__, url_prefix="/api/library",
                description="Reusable hero boards, items, tiles and missions")


def _library() -> games.Library:
    """The library this API serves: the one the registered games have (BGCC's, both its modes')."""
    found = {id(lib): lib for lib in (games.get(name).library() for name in games.names()) if lib is not None}
    (library,) = found.values()  # a second game with a library would need the game in these paths
    return library


LIBRARY = _library()
KINDS = LIBRARY.kinds
SCHEMAS = {k: LIBRARY.schemas[k] for k in KINDS}
CAPS = dict(LIBRARY.caps)  # never more of a kind than one document carries, so an export always imports
AUTHORIZATION_LIBRARY = {"name": "Authorization", "in": "header", "required": True, "schema": {"type": "string"},
                         "description": "'Bearer <library key>': the server's GOTHAM_LIBRARY_KEY"}


LibrarySchema = type("LibrarySchema", (Schema,), {"__module__": __name__,
    "__doc__": "A library document: every definition of each kind.",
    "format": Text(load_default=LIBRARY.format, validate=validate.Equal(LIBRARY.format)),
    "version": fields.Integer(strict=True, load_default=1, validate=validate.Equal(1)),
    "about": Text(load_default="", validate=validate.Length(max=2000)),
    **{k: fields.List(fields.Nested(SCHEMAS[k]), load_default=list, validate=validate.Length(max=CAPS[k]))
       for k in KINDS}})


class ImportResultSchema(Schema):
    imported = fields.Dict(keys=Text(), values=fields.Integer(strict=True))


def _checked(kind: str, data: dict) -> dict:
    """Validate with the rules (the game's refusal); the stored form is the canonical one."""
    return LIBRARY.check(kind, data)


def _samples() -> dict[str, dict[str, dict]]:
    """The samples shipped with the app, by kind and name, in their stored form."""
    out: dict[str, dict[str, dict]] = {k: {} for k in KINDS}
    for data in LIBRARY.samples():
        for k in KINDS:
            out[k].update({d["name"]: _checked(k, d) for d in data.get(k, [])})
    return out


SAMPLES = _samples()
SAMPLES_ABOUT = next((d["about"] for d in LIBRARY.samples() if d.get("about")), "")


def settle_samples() -> None:
    """The samples live in the code: drop the copies an older version of the app stored (and let
    anyone replace or delete), so the stored definitions are the group's own only; and definitions
    stored under the library's untagged keys move to its tagged ones."""
    store().library_moved(KINDS)
    store().library_forget({k: list(SAMPLES[k]) for k in KINDS})


def _listed(kind: str) -> list[dict]:
    """The kind's definitions: the group's and the samples, by name."""
    merged = {d["name"]: d for d in store().library_list(kind)}
    merged.update(SAMPLES[kind])
    return [merged[n] for n in sorted(merged)]


# what the store may hold of each kind besides the samples
STORED_CAPS = {k: CAPS[k] - len(SAMPLES[k]) for k in KINDS}


def _key_refused():
    """None when the request carries the library key (Authorization: Bearer <key>), else the refusal.
    Without a key configured (GOTHAM_LIBRARY_KEY) the library is read-only."""
    key = current_app.config.get("LIBRARY_KEY") or ""
    sent = play.bearer_token() or ""
    if key and hmac.compare_digest(sent.encode(), key.encode()):
        return None
    if not key:
        return error(403, "The library is read-only on this server (no library key is set)", "library_read_only")
    return error(401 if not sent else 403, "Changing the library needs its key: 'Authorization: Bearer <library key>'",
                 "library_key_needed")


def _sample_refused(kind: str, name: str, definition: dict | None = None):
    """A sample is never replaced nor removed (the same definition again is welcome: an export
    re-imports)."""
    sample = SAMPLES[kind].get(name)
    if sample is None or (definition is not None and definition == sample):
        return None
    return error(409, f"'{name}' is a sample shipped with the app: save yours under another name", "sample_kept",
                 {"kind": kind, "name": name})


def _full(kind: str):
    return error(409, f"The library holds at most {CAPS[kind]} {kind}: remove some first", "library_full",
                 {"kind": kind, "limit": CAPS[kind]})


WRITE_DOC = dict(parameters=[AUTHORIZATION_LIBRARY])


@blp.route("")
class Library(MethodView):
    @blp.response(200, LibrarySchema)
    def get(self):
        """Export the whole library as one JSON document"""
        return {"format": LIBRARY.format, "version": 1, **{k: _listed(k) for k in KINDS}}

    @blp.doc(**WRITE_DOC)
    @blp.arguments(LibrarySchema)
    @blp.response(200, ImportResultSchema)
    @blp.alt_response(401, schema=REFUSAL, description="No library key")
    @blp.alt_response(403, schema=REFUSAL, description="Not the library key, or the library is read-only")
    @blp.alt_response(409, schema=REFUSAL, description="A definition breaks a rule, replaces a sample, "
                                                             "or the library would be full")
    def post(self, data):
        """Import a library document (needs the library key); definitions with the same name are
        replaced, except the samples; all or nothing"""
        refused = _key_refused()
        if refused:
            return refused
        checked = {k: {d["name"]: _checked(k, d) for d in data[k]} for k in KINDS}
        for k in KINDS:
            for name, definition in checked[k].items():
                refused = _sample_refused(k, name, definition)
                if refused:
                    return refused
        fresh = {k: {n: d for n, d in checked[k].items() if n not in SAMPLES[k]} for k in KINDS}
        full = store().library_put_many(fresh, STORED_CAPS)
        if full:
            return _full(full)
        return {"imported": {k: len(v) for k, v in checked.items()}}


@blp.route("/samples")
class Samples(MethodView):
    @blp.response(200, LibrarySchema)
    def get(self):
        """The sample library shipped with the app (sample values, not the printed components)"""
        return {"format": LIBRARY.format, "version": 1, "about": SAMPLES_ABOUT,
                **{k: [SAMPLES[k][n] for n in sorted(SAMPLES[k])] for k in KINDS}}


def _kind_route(kind: str):
    schema = SCHEMAS[kind]

    class Collection(MethodView):
        @blp.response(200, schema(many=True))
        def get(self):
            return _listed(kind)

        @blp.doc(**WRITE_DOC)
        @blp.arguments(schema)
        @blp.response(201, schema)
        @blp.alt_response(401, schema=REFUSAL, description="No library key")
        @blp.alt_response(403, schema=REFUSAL, description="Not the library key, or the library is read-only")
        @blp.alt_response(409, schema=REFUSAL, description="The definition breaks a rule, replaces a sample, "
                                                                 "or the library is full")
        def post(self, data):
            refused = _key_refused()
            if refused:
                return refused
            definition = _checked(kind, data)
            refused = _sample_refused(kind, definition["name"], definition)
            if refused:
                return refused
            if definition["name"] not in SAMPLES[kind]:
                full = store().library_put_many({kind: {definition["name"]: definition}}, STORED_CAPS)
                if full:
                    return _full(full)
            return definition

    class Entry(MethodView):
        @blp.response(200, schema)
        @blp.alt_response(404, schema=REFUSAL, description="Not in the library")
        def get(self, name):
            found = SAMPLES[kind].get(name) or store().library_get(kind, name)
            if found is None:
                return error(404, f"No {kind[:-1] if kind != 'heroes' else 'hero'} named '{name}' in the library",
                             "not_in_library", {"kind": kind, "name": name})
            return found

        @blp.doc(**WRITE_DOC)
        @blp.response(204)
        @blp.alt_response(401, schema=REFUSAL, description="No library key")
        @blp.alt_response(403, schema=REFUSAL, description="Not the library key, or the library is read-only")
        @blp.alt_response(404, schema=REFUSAL, description="Not in the library")
        @blp.alt_response(409, schema=REFUSAL, description="A sample is never removed")
        def delete(self, name):
            refused = _key_refused() or _sample_refused(kind, name)
            if refused:
                return refused
            if not store().library_delete(kind, name):
                return error(404, f"No '{name}' in the library", "not_in_library", {"kind": kind, "name": name})
            return None

    Collection.get.__doc__ = f"Every {kind} definition in the library"
    Collection.post.__doc__ = f"Add or replace a {kind} definition (needs the library key; never a sample)"
    Entry.get.__doc__ = f"One {kind} definition by name"
    Entry.delete.__doc__ = f"Remove a {kind} definition (needs the library key; never a sample)"
    Collection.__name__ = Collection.__qualname__ = f"Library{kind.capitalize()}"
    Entry.__name__ = Entry.__qualname__ = f"Library{kind.capitalize()}Entry"
    blp.route(f"/{kind}")(Collection)
    blp.route(f"/{kind}/<name>")(Entry)


for _kind in KINDS:
    _kind_route(_kind)

__all__ = ["blp", "settle_samples"]
