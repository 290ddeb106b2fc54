"""The definitions library: hero boards, items, tiles and missions a group enters once, reused at
every table, exported and imported as JSON. A sample library of the rulebook examples' characters
ships with the app (labelled as sample values)."""
from __future__ import annotations

from flask.views import MethodView
from marshmallow import Schema, fields, validate

from games.bgcc import library as rules_library
from games.bgcc.serial import to_data

from ..errors import error
from ..extensions import Blueprint, store
from ..schemas import RefusalSchema, HeroBoardSchema, ItemSchema, MissionSchema, Text, TileDefSchema

blp = Blueprint("library", __name__, url_prefix="/api/library",
                description="Reusable hero boards, items, tiles and missions")

SCHEMAS = {"heroes": HeroBoardSchema, "items": ItemSchema, "tiles": TileDefSchema, "missions": MissionSchema}
KINDS = tuple(SCHEMAS)


class LibrarySchema(Schema):
    format = Text(load_default=rules_library.FORMAT, validate=validate.Equal(rules_library.FORMAT))
    version = fields.Integer(strict=True, load_default=1, validate=validate.Equal(1))
    about = Text(load_default="", validate=validate.Length(max=2000))
    heroes = fields.List(fields.Nested(HeroBoardSchema), load_default=list, validate=validate.Length(max=200))
    items = fields.List(fields.Nested(ItemSchema), load_default=list, validate=validate.Length(max=500))
    tiles = fields.List(fields.Nested(TileDefSchema), load_default=list, validate=validate.Length(max=500))
    missions = fields.List(fields.Nested(MissionSchema), load_default=list, validate=validate.Length(max=200))


class ImportResultSchema(Schema):
    imported = fields.Dict(keys=fields.String(), values=fields.Integer(strict=True))


def _checked(kind: str, data: dict) -> dict:
    """Validate with the rules; the stored form is the canonical one."""
    return to_data(rules_library.parse(kind, data))


def seed_samples() -> None:
    """Put the sample library in an empty store, once."""
    s = store()
    if s.redis.set("gc:library:seeded", "1", nx=True):
        for name in ("sample-library.json", "versus-sample-tiles.json"):
            data = rules_library.sample(name)
            s.library_put_many({k: {d["name"]: _checked(k, d) for d in data.get(k, [])} for k in KINDS})


@blp.route("")
class Library(MethodView):
    @blp.response(200, LibrarySchema)
    def get(self):
        """Export the whole library as one JSON document"""
        return {"format": rules_library.FORMAT, "version": 1,
                **{k: store().library_list(k) for k in KINDS}}

    @blp.arguments(LibrarySchema)
    @blp.response(200, ImportResultSchema)
    @blp.alt_response(409, schema=RefusalSchema, description="A definition breaks a rule")
    def post(self, data):
        """Import a library document; definitions with the same name are replaced"""
        checked = {k: {d["name"]: _checked(k, d) for d in data[k]} for k in KINDS}
        store().library_put_many(checked)
        return {"imported": {k: len(v) for k, v in checked.items()}}


@blp.route("/samples")
class Samples(MethodView):
    @blp.response(200, LibrarySchema)
    def get(self):
        """The sample library shipped with the app (sample values, not the printed components)"""
        return rules_library.sample()


def _kind_route(kind: str):
    schema = SCHEMAS[kind]

    class Collection(MethodView):
        @blp.response(200, schema(many=True))
        def get(self):
            return store().library_list(kind)

        @blp.arguments(schema)
        @blp.response(201, schema)
        @blp.alt_response(409, schema=RefusalSchema, description="The definition breaks a rule")
        def post(self, data):
            definition = _checked(kind, data)
            store().library_put(kind, definition["name"], definition)
            return definition

    class Entry(MethodView):
        @blp.response(200, schema)
        @blp.alt_response(404, schema=RefusalSchema, description="Not in the library")
        def get(self, name):
            found = store().library_get(kind, name)
            if found is None:
                return error(404, f"No {kind[:-1] if kind != 'heroes' else 'hero'} named '{name}' in the library",
                             "not_in_library", {"kind": kind, "name": name})
            return found

        @blp.response(204)
        @blp.alt_response(404, schema=RefusalSchema, description="Not in the library")
        def delete(self, name):
            if not store().library_delete(kind, name):
                return error(404, f"No '{name}' in the library", "not_in_library", {"kind": kind, "name": name})
            return None

    Collection.get.__doc__ = f"Every {kind} definition in the library"
    Collection.post.__doc__ = f"Add or replace a {kind} definition"
    Entry.get.__doc__ = f"One {kind} definition by name"
    Entry.delete.__doc__ = f"Remove a {kind} definition"
    Collection.__name__ = Collection.__qualname__ = f"Library{kind.capitalize()}"
    Entry.__name__ = Entry.__qualname__ = f"Library{kind.capitalize()}Entry"
    blp.route(f"/{kind}")(Collection)
    blp.route(f"/{kind}/<name>")(Entry)


for _kind in KINDS:
    _kind_route(_kind)

__all__ = ["blp", "seed_samples"]
