"""One blueprint per resource: tables, heroes, command posts and their characters, the river, the
turn, the definitions library, and health."""
from __future__ import annotations

from flask_smorest import Blueprint

from ..schemas import REFUSAL, CommandResultSchema

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
                   "applied once and answers the first answer (header Idempotent-Replayed: true). The key "
                   "belongs to the request it first came with (method, path and body): the same key with "
                   "another request is refused with 422.",
}
AUTHORIZATION = {
    "name": "Authorization",
    "in": "header",
    "required": False,
    "schema": {"type": "string"},
    "description": "'Bearer <seat token>' from joining the table (or creating it, for the host).",
}


TOO_MANY_UNKNOWN = "This address asked for too many codes that name no table (Retry-After)"


def _stacked(fn, decorators):
    """`fn` under flask-smorest's `decorators`, the first one innermost (as if written bottom-up)."""
    for decorate in decorators:
        fn = decorate(fn)
    return fn


ETAG = {"ETag": {"schema": {"type": "string"},
                 "description": 'The table\'s version ("8"): send it back as If-Match to write over that version '
                                "only (compare-and-set: a stale one is refused with 412 and the current table)"}}

# A command's refusals, each a Refusal with its stable reason (api/errors.py).
COMMAND_REFUSALS = {
    400: "A malformed Idempotency-Key", 401: "No seat token", 403: "This seat may not do that",
    404: "No such table", 409: "The rules refuse the command",
    412: "If-Match names a stale version", 422: "Invalid arguments, or an Idempotency-Key first used with another "
                                                "request",
    429: TOO_MANY_UNKNOWN, 503: "The store is not answering"}


def command(blp: Blueprint, schema=None):
    """A command route: its body read by `schema` (a marshmallow Schema, or None for no body), one
    success answer (the change as the writer's seat sees it, with the table's new version as ETag),
    its refusals and the If-Match header, through flask-smorest's own `arguments`, `response`,
    `alt_response` and `doc`."""
    def decorate(fn):
        view = _stacked(fn, [
            blp.doc(parameters=[IF_MATCH, IDEMPOTENCY_KEY, AUTHORIZATION]),
            *(blp.alt_response(status, schema=REFUSAL, description=why)
              for status, why in sorted(COMMAND_REFUSALS.items(), reverse=True)),
            blp.response(200, CommandResultSchema, headers=ETAG),
            *([blp.arguments(schema)] if schema is not None else []),
        ])
        view.reads_seat_first = True  # api/play.py `_write`: api/ratelimit.py leaves it the unknown-code check
        return view
    return decorate


def reading(blp: Blueprint):
    return lambda fn: _stacked(fn, [
        blp.alt_response(404, schema=REFUSAL, description="No such table"),
        blp.alt_response(503, schema=REFUSAL, description="The store is not answering"),
        blp.alt_response(429, schema=REFUSAL, description=TOO_MANY_UNKNOWN),
    ])


# Operations that answer a table's code and a seat token (201), and where each link takes them.
NEW_SEAT = ("post /api/tables", "post /api/versus-tables", "post /api/tables/import",
            "post /api/tables/{code}/seats", "post /api/tables/{code}/seats/claim")
# Path parameters a new table's view names (the first hero, the villain's first miniature).
FROM_TABLE_VIEW = {"hero": "$response.body#/heroes/0/id", "side": "villain",
                   "miniature": "$response.body#/command_posts/villain/miniatures/0/id"}


def link_tables(spec) -> None:
    """OpenAPI links from every answer that opens a table to a phone (its code and seat token) to
    every operation on that table, with the token as its Authorization header: a client (or
    schemathesis's stateful tests) goes from creating or joining a table to playing at it."""
    paths = spec.to_dict()["paths"]  # the spec's own paths (to_dict answers them, not a copy)
    targets = [(method, path, operation) for path, item in paths.items() if "{code}" in path
               and not path.endswith("/live") for method, operation in item.items() if method != "parameters"]
    for source in NEW_SEAT:
        method, path = source.split(" ")
        created = paths[path][method]["responses"]["201"]
        opens_table = path in ("/api/tables", "/api/versus-tables", "/api/tables/import")
        links = {}
        for target_method, target_path, operation in targets:
            declared = {p["name"] for p in operation.get("parameters", []) if isinstance(p, dict) and "name" in p}
            parameters = {"path.code": "$response.body#/code"}
            if "Authorization" in declared:
                parameters["header.Authorization"] = "Bearer {$response.body#/token}"
            if opens_table:
                parameters.update({f"path.{name}": value for name, value in FROM_TABLE_VIEW.items()
                                   if "{%s}" % name in target_path})
            pointer = target_path.replace("~", "~0").replace("/", "~1")
            name = "".join(c if c.isalnum() else "_" for c in f"{target_method}{target_path}")
            links[name] = {"operationRef": f"#/paths/{pointer}/{target_method}", "parameters": parameters}
        created["links"] = links
