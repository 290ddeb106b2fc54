"""The typed request bodies of the two routes every game's commands go through, generated from the
games' registries when the app is built (`document`, called by `api.create_app`):

* POST /api/tables/{code}/commands/{name}: a command by its registry name, its JSON fields;
* POST /api/tables/{code}/previews/{name}: a preview (odds, a price) by name, its JSON fields.

Each command's and preview's class (a dataclass) becomes a component (`bgcc.Spend`, `bmg.MeleeAttack`,
`gcsg.Move`; nested classes too) with the game's bounds and `additionalProperties: false`; the body
is `oneOf` those components, keyed by name in `x-bodies` ({name: {game: $ref}}), and `name` lists
every name. A client generator types each body; schemathesis sends bodies of every command. A
body may be left out for a command of no field (advance)."""
from __future__ import annotations

import games
from games.json_schema import Schemas

ROUTES = {"/api/tables/{code}/commands/{name}": ("command_types", "command_bounds"),
          "/api/tables/{code}/previews/{name}": ("preview_types", "preview_bounds")}


def _component_name(cls: type) -> str:
    """A command class's component name: its game package, then the class (e.g. "bgcc.Spend")."""
    parts = cls.__module__.split(".")
    return f"{parts[1] if len(parts) > 1 and parts[0] == 'games' else parts[0]}.{cls.__name__}"


def document(spec) -> None:
    """Set the typed bodies of the command and preview routes in `spec` (an apispec APISpec)."""
    schemas = Schemas(_component_name)
    paths = spec.to_dict()["paths"]  # the spec's own paths (to_dict answers them, not a copy)
    refs_by_route = {}
    for path, (types_of, bounds_of) in ROUTES.items():
        by_name: dict[str, dict[str, dict]] = {}
        for game_name in games.names():
            game = games.get(game_name)
            bounds = getattr(game, bounds_of)()
            for name, cls in sorted(getattr(game, types_of)().items()):
                by_name.setdefault(name, {})[game_name] = schemas.ref(cls, bounds)
        refs = sorted({r["$ref"] for bodies in by_name.values() for r in bodies.values()})
        refs_by_route[path.split("/")[-2]] = refs
        operation = paths[path]["post"]
        operation["requestBody"] = {"required": False, "content": {"application/json": {"schema": {
            "oneOf": [{"$ref": r} for r in refs], "x-bodies": by_name}}}}
        for parameter in operation.get("parameters", []) + paths[path].get("parameters", []):
            if isinstance(parameter, dict) and parameter.get("name") == "name" and parameter.get("in") == "path":
                parameter["schema"] = {"type": "string", "enum": sorted(by_name)}
    _alias_bodies(paths, schemas, refs_by_route)
    for name, component in sorted(schemas.components.items()):
        spec.components.schema(name, component=component)


def _alias_bodies(paths: dict, schemas: Schemas, refs_by_route: dict) -> None:
    """The older routes' bodies (api/resources/aliases.py): the command's or preview's own body less
    the fields the path names; a route naming its preview in the path, the previews' `oneOf`."""
    from .aliases import path_fields, routes
    for path, methods in routes().items():
        for method, (game, alias) in methods.items():
            operation = paths[f"/api/tables/{{code}}{path}"][method]
            if "requestBody" not in operation:
                continue
            if alias.name.startswith("{"):
                body = {"oneOf": [{"$ref": r} for r in refs_by_route["previews"]]}
            else:
                types_of = "command_types" if alias.kind == "command" else "preview_types"
                bounds = game.command_bounds() if alias.kind == "command" else game.preview_bounds()
                ref = schemas.ref(getattr(game, types_of)()[alias.name], bounds)
                component = schemas.components[ref["$ref"].split("/")[-1]]
                named = path_fields(alias)
                body = {**component, "properties": {k: v for k, v in component["properties"].items() if k not in named}}
                if "required" in component:
                    body["required"] = [r for r in component["required"] if r not in named]
                    if not body["required"]:
                        del body["required"]
            operation["requestBody"] = {"required": False, "content": {"application/json": {"schema": body}}}
