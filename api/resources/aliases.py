"""Older routes the games still answer, as thin aliases of the one route style (each game's
`aliases()`, games.Alias): Chronicles' REST routes (`POST .../heroes/{hero}/spend`,
`GET .../turn`...) and `POST .../odds/{name}`. A command alias calls the same code as
`POST /api/tables/{code}/commands/{name}` (api.play.execute), a preview alias the same as
`POST /api/tables/{code}/previews/{name}`, a read the same as `GET /api/tables/{code}` (a part of
its view). Each is marked deprecated in the document, with the route it stands for; its body is
typed as the command's less the fields its path names (api/resources/command_bodies.py)."""
from __future__ import annotations

from flask.views import MethodView

import games

from .. import play
from ..errors import error
from ..extensions import Blueprint
from . import command, reading
from .game_extras import OpenSchema, preview
from .game_tables import CommandFieldsSchema

blp = Blueprint("aliases", __name__, url_prefix="/api/tables/<table_code:code>",
                description="Older routes kept as thin aliases of the commands, previews and table view "
                            "(deprecated: use POST /api/tables/{code}/commands/{name})")

def path_fields(alias: games.Alias) -> set[str]:
    """The command's fields the alias's path names (its parameters, under the command's name for
    them: `renamed`); a body may not name them too."""
    named = {p[1:-1] for p in alias.path.split("/") if p.startswith("{")} - {alias.name[1:-1]}
    return {alias.renamed.get(n, n) for n in named}


def _stands_for(alias: games.Alias) -> str:
    if alias.kind == "read":
        return "a part of GET /api/tables/{code}"
    route = "commands" if alias.kind == "command" else "previews"
    return f"POST /api/tables/{{code}}/{route}/{alias.name}"


def _clash(alias: games.Alias, body: dict):
    """422 for a body field the path already names (refused as an unknown field), else None."""
    clash = sorted(set(body) & path_fields(alias))
    if clash:
        return error(422, f"{alias.name} takes {clash[0]} from the path", "unknown_field",
                     {"command": alias.name, "field": clash[0]})
    return None


def _missing(alias: games.Alias, params: dict):
    """What a read alias answers when its part is not at the table (games.Alias.missing)."""
    if alias.missing == "no_hero":
        return error(404, f"No hero '{params['hero'][:80]}' at this table", "no_hero", {"hero": params["hero"][:80]})
    if alias.missing == "no_command_post":
        return error(404, f"No command post for '{params['side'][:80]}' at this table", "no_command_post",
                     {"side": params["side"][:80]})
    if alias.missing == "no_roll":
        return error(404, "No roll in progress", "no_roll", {})
    return error(404, "Not at this table", "not_found", {})


def _handler(alias: games.Alias):
    if alias.kind == "read":
        @reading(blp)
        @blp.response(200, OpenSchema(many=alias.many))
        def handle(self, code, **params):
            return play.read(code, lambda view: alias.part(view, params), lambda: _missing(alias, params))
    elif alias.method == "delete":
        @command(blp)
        def handle(self, code, **params):
            return play.execute(code, alias.name, alias.fields({}, params))
    elif alias.kind == "preview":
        @reading(blp)
        @blp.response(200, OpenSchema)
        @blp.arguments(CommandFieldsSchema)
        def handle(self, body, code, **params):
            name = params[alias.name[1:-1]] if alias.name.startswith("{") else alias.name
            return _clash(alias, body) or preview(code, name, body)
    else:
        @command(blp, CommandFieldsSchema)
        def handle(self, body, code, **params):
            return _clash(alias, body) or play.execute(code, alias.name, alias.fields(body, params))
    handle.__doc__ = f"{alias.doc or alias.name} (alias of {_stands_for(alias)})"
    return blp.doc(deprecated=True)(handle)


def routes() -> dict[str, dict[str, tuple[games.Game, games.Alias]]]:
    """Every game's aliases by path and method, each with its game (the first game naming one
    answers it)."""
    found: dict[str, dict[str, tuple[games.Game, games.Alias]]] = {}
    for name in games.names():
        game = games.get(name)
        for alias in game.aliases():
            found.setdefault(alias.path, {}).setdefault(alias.method, (game, alias))
    return found


for _path, _methods in routes().items():
    _rule = _path.replace("{", "<").replace("}", ">")
    _view = type("Alias" + "".join(c for c in _path.title() if c.isalnum()), (MethodView,),
                 {method: _handler(alias) for method, (_, alias) in _methods.items()})
    blp.route(_rule)(_view)
