"""One blueprint per resource: tables, heroes, command posts and their characters, the river, the
turn, the definitions library, and health."""
from __future__ import annotations

import functools

from flask.views import MethodView
from flask_smorest import Blueprint

from ..schemas import CommandResultSchema, RefusalSchema

IF_MATCH = {
    "name": "If-Match",
    "in": "header",
    "required": False,
    "schema": {"type": "string"},
    "description": 'The table version the phone shows, as its ETag ("7"). A stale version is refused '
                   "with 412 and the current table. Without it the command applies to the latest table.",
}


IDEMPOTENCY_KEY = {
    "name": "Idempotency-Key",
    "in": "header",
    "required": False,
    "schema": {"type": "string", "pattern": "^[A-Za-z0-9_.:-]{1,100}$"},
    "description": "A key the phone makes for each change: a retried request with the same key is "
                   "applied once and answers the first answer (header Idempotent-Replayed: true).",
}
AUTHORIZATION = {
    "name": "Authorization",
    "in": "header",
    "required": False,
    "schema": {"type": "string"},
    "description": "'Bearer <seat token>' from joining the table (or creating it, for the host).",
}


def _documented(fn, decorators):
    """`fn` with the API documentation the flask-smorest `decorators` would add, without their call
    layers: these only document alternative responses and headers, and each layer costs every
    request a few microseconds (flask-smorest keeps a route's documentation in `_apidoc`)."""
    wrapped = fn
    for decorate in decorators:
        wrapped = decorate(wrapped)
    fn._apidoc = wrapped._apidoc
    return fn


def command(blp: Blueprint, schema=None):
    """A command route: its body read by `schema` (a marshmallow Schema, or None for no body), one
    success answer (the table after the change), its refusals and the If-Match header.

    flask-smorest's `arguments`, `response` and `alt_response` document it, exactly as stacked on
    the view. At run time one layer reads the body and calls the view, where theirs would add three
    (webargs' use_args, flask-smorest's arguments and response wrappers): a command view always
    answers a Response (`play.execute`), which the response wrapper only passes through."""
    instance = schema() if isinstance(schema, type) else schema

    def decorate(fn):
        docs = [
            blp.alt_response(400, schema=RefusalSchema, description="A malformed Idempotency-Key"),
            blp.alt_response(401, schema=RefusalSchema, description="No seat token"),
            blp.alt_response(403, schema=RefusalSchema, description="This seat may not do that"),
            blp.alt_response(404, schema=RefusalSchema, description="No such table"),
            blp.alt_response(409, schema=RefusalSchema, description="The rules refuse the command"),
            blp.alt_response(412, schema=RefusalSchema, description="If-Match names a stale version"),
            blp.alt_response(503, schema=RefusalSchema, description="The store is not answering"),
            blp.doc(parameters=[IF_MATCH, IDEMPOTENCY_KEY, AUTHORIZATION]),
            blp.response(200, CommandResultSchema),
        ]
        if instance is None:
            return _documented(fn, docs)
        parse = blp.ARGUMENTS_PARSER.parse

        @functools.wraps(fn)
        def view(self, *args, **kwargs):
            return fn(self, parse(instance, location="json"), *args, **kwargs)
        view._apidoc = _documented(fn, [*docs, blp.arguments(instance)])._apidoc
        return view
    return decorate


def reading(blp: Blueprint):
    return lambda fn: _documented(fn, [
        blp.alt_response(503, schema=RefusalSchema, description="The store is not answering"),
        blp.alt_response(404, schema=RefusalSchema, description="No such table"),
    ])


def command_route(blp: Blueprint, rule: str, owner: str, name: str, schema, build, doc: str) -> None:
    """A POST route at `rule` that builds one command from the body and the `owner` path
    parameter (a hero, a side, a miniature) and runs it."""
    from .. import play

    class View(MethodView):
        @command(blp, schema)
        def post(self, data, code, **ids):
            return play.execute(code, build(ids[owner], data))
    View.post.__doc__ = doc
    View.__name__ = View.__qualname__ = name
    blp.route(rule)(View)


def title(path: str) -> str:
    return "".join(p.capitalize() for p in path.split("-"))
