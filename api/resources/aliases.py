"""Older routes the games still answer, as thin aliases of the one route style (each game's
`aliases()`, games.Alias): Chronicles' REST routes (`POST .../heroes/{hero}/spend`,
`GET .../turn`...) and `POST .../odds/{name}`. A command alias calls the same code as
`POST /api/tables/{code}/commands/{name}` (api.play.execute), a preview alias the same as
`POST /api/tables/{code}/previews/{name}`, a read the same as `GET /api/tables/{code}` (a part of
its view). Each is marked deprecated in the document, with the route it stands for."""
from __future__ import annotations

from flask.views import MethodView
from marshmallow import INCLUDE, Schema

import games

from .. import play
from ..errors import error
from ..extensions import Blueprint
from . import command, reading
from .game_extras import OpenSchema, preview

blp = Blueprint("aliases", __name__, url_prefix="/api/tables/<table_code:code>",
                description="Older routes kept as thin aliases of the commands, previews and table view "
                            "(deprecated: use POST /api/tables/{code}/commands/{name})")


class AliasFieldsSchema(Schema):
    """The command's fields (typed per command on POST /api/tables/{code}/commands/{name}), less
    those the path names."""
    body_optional = True

    class Meta:
        unknown = INCLUDE


def _stands_for(alias: games.Alias) -> str:
    if alias.kind == "read":
        return "a part of GET /api/tables/{code}"
    name = alias.name.strip("{}") if alias.name.startswith("{") else alias.name
    route = "commands" if alias.kind == "command" else "previews"
    return f"POST /api/tables/{{code}}/{route}/{'{name}' if alias.name.startswith('{') else name}" + (
        "" if not alias.name.startswith("{") else f" (name: the path's {name})")


def _handler(alias: games.Alias):
    def name_of(params: dict) -> str:
        return params[alias.name[1:-1]] if alias.name.startswith("{") else alias.name

    if alias.kind == "read":
        @reading(blp)
        @blp.response(200, OpenSchema(many=alias.many))
        def handle(self, code, **params):
            return play.read(code, lambda view: alias.part(view, params),
                             lambda: error(404, f"Not at this table: {alias.path.format(**params)[:120]}",
                                           alias.missing, {k: v[:80] for k, v in params.items()}))
    elif alias.method == "delete":
        @command(blp)
        def handle(self, code, **params):
            return play.execute(code, alias.name, alias.fields({}, params))
    elif alias.kind == "preview":
        @reading(blp)
        @blp.response(200, OpenSchema)
        @blp.arguments(AliasFieldsSchema)
        def handle(self, body, code, **params):
            return preview(code, name_of(params), body)
    else:
        @command(blp, AliasFieldsSchema)
        def handle(self, body, code, **params):
            return play.execute(code, alias.name, alias.fields(body, params))
    handle.__doc__ = f"{alias.doc or alias.name} (alias of {_stands_for(alias)})"
    return blp.doc(deprecated=True)(handle)


def _routes() -> dict[str, dict[str, games.Alias]]:
    """Every game's aliases by path and method (the first game naming one answers it)."""
    found: dict[str, dict[str, games.Alias]] = {}
    for name in games.names():
        for alias in games.get(name).aliases():
            found.setdefault(alias.path, {}).setdefault(alias.method, alias)
    return found


for _path, _methods in _routes().items():
    _rule = _path.replace("{", "<").replace("}", ">")
    _view = type("Alias" + "".join(c for c in _path.title() if c.isalnum()), (MethodView,),
                 {method: _handler(alias) for method, alias in _methods.items()})
    blp.route(_rule)(_view)
