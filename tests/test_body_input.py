"""Issue 22, point 2: no body a client can send gives a 500. Every JSON body takes one path
(api/extensions.py BodyRequiredParser): JSON nested 5,000 deep, a lone surrogate ("\\ud800"), invalid
UTF-8 or an oversized body is refused with a 4xx and changes nothing; strings are valid Unicode at the
schema (api/schemas.py Text), for every string field of every route's arguments.

The routes are enumerated from the app's url_map and the OpenAPI document, so a new route is covered
(or the test fails) without anyone listing it here.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import requests
from marshmallow import fields

from tests.tables import new_table

DOCUMENT = json.loads((Path(__file__).resolve().parent.parent / "openapi" / "openapi.json").read_text("utf-8"))
MARKER = "\x00SURROGATE\x00"
WRITES = {"POST", "PUT", "PATCH", "DELETE"}
# Path parameters filled with real names, so that a body the schema accepts reaches the rules and the store.
REAL = {"hero": "batman", "miniature": "thug-with-crowbar.1", "side": "villain", "colour": "yellow",
        "power": "x", "seat": "villain", "token": "1", "name": "Batman", "rule": "x", "game": "bgcc"}


def schema_of(node: dict) -> dict:
    """`node` with its $ref (and allOf of one) resolved in the OpenAPI document."""
    while True:
        if "$ref" in node:
            target = DOCUMENT
            for part in node["$ref"].lstrip("#/").split("/"):
                target = target[part]
            node = target
        elif "allOf" in node and len(node["allOf"]) == 1:
            node = node["allOf"][0]
        elif "oneOf" in node:  # a command's body by its name (the commands and previews routes): the first
            node = node["oneOf"][0]
        else:
            return node


def body_with(schema: dict, text: str, depth: int = 0):
    """A body for `schema` with every property present: every free string is `text`, enums their
    first value, numbers their minimum, arrays one element (so nested strings are there too)."""
    schema = schema_of(schema)
    kind = schema.get("type")
    if "enum" in schema:
        return schema["enum"][0]
    if kind == "object" or "properties" in schema:
        body = {name: body_with(prop, text, depth + 1) for name, prop in schema.get("properties", {}).items()}
        extra = schema.get("additionalProperties")
        if isinstance(extra, dict) and not body:
            body[text] = body_with(extra, text, depth + 1)
        return body
    if kind == "array":
        return [body_with(schema.get("items", {}), text, depth + 1)] if depth < 8 else []
    if kind == "integer" or kind == "number":
        return schema.get("minimum", 1)
    if kind == "boolean":
        return False
    if kind == "string":
        return text
    return text


def write_routes(app) -> list[tuple[str, str, str]]:
    """(method, OpenAPI path, url_map rule) of every write route of the API."""
    routes = []
    for rule in app.url_map.iter_rules():
        if not rule.rule.startswith("/api/"):
            continue
        path = re.sub(r"<(?:[a-z_]+:)?([a-z_]+)>", r"{\1}", rule.rule)
        for method in sorted(rule.methods & WRITES):
            routes.append((method, path, rule.rule))
    return routes


def operation(method: str, path: str) -> dict:
    return DOCUMENT["paths"][path][method.lower()]


def body_routes(app) -> list[tuple[str, str]]:
    return [(m, p) for m, p, _ in write_routes(app) if "requestBody" in operation(m, p)]


@pytest.fixture(scope="module")
def table(live_server):
    from tests.conftest import Client
    http = Client(live_server)
    code = new_table(http)["code"]
    return code, http.tokens[code]


def url(live_server, path: str, code: str) -> str:
    return live_server + re.sub(r"\{([a-z_]+)\}", lambda m: code if m[1] == "code" else REAL[m[1]], path)


def send(live_server, table, method, path, data: bytes, seated: bool = True):
    code, token = table
    headers = {"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if seated else {})}
    return requests.request(method, url(live_server, path, code), data=data, timeout=30, headers=headers)


def test_json_nested_5000_deep_is_refused_on_every_body_route(app, live_server, table, redis_client):
    """Every write route of the url_map is in the OpenAPI document (so the enumeration cannot miss a
    route's body); each body route refuses 5,000 levels of arrays or objects with a 4xx JSON answer,
    and the others never answer 5xx. Invalid UTF-8 is a 400 and a body over 1 MB a 413 as well."""
    for method, path, rule in write_routes(app):
        assert path in DOCUMENT["paths"] and method.lower() in DOCUMENT["paths"][path], (method, rule)
    assert len(body_routes(app)) >= 15  # every game's commands and previews are two of them
    deep = b"[" * 5000 + b"]" * 5000
    deep_object = b'{"a":' * 5000 + b"1" + b"}" * 5000
    before = redis_client.hget(f"gc:{{{table[0]}}}:table", "version")
    failures = []
    for method, path, _ in write_routes(app):
        has_body = "requestBody" in operation(method, path)
        for data in (deep, deep_object):  # a route without a body ignores it: sent with no seat token
            r = send(live_server, table, method, path, data, seated=has_body)
            if r.status_code >= 500 or (has_body and not 400 <= r.status_code < 500):
                failures.append((method, path, r.status_code, r.text[:120]))
            elif has_body:
                assert r.headers["Content-Type"].startswith("application/json") and r.json()["message"]
    assert not failures, failures
    assert redis_client.hget(f"gc:{{{table[0]}}}:table", "version") == before
    for method, path in body_routes(app):
        r = send(live_server, table, method, path, b'{"name": "\xed\xa0\x80"}')
        assert r.status_code == 400, (method, path, r.status_code, r.text[:120])
    r = send(live_server, table, "POST", "/api/tables/import", b'{"a": "' + b"x" * (2 * 1024 * 1024) + b'"}')
    assert r.status_code == 413 and r.json()["reason"] == "request_entity_too_large"


def test_a_body_nested_past_the_limit_but_within_the_parser_is_refused(app, live_server, table):
    """1,000 levels: orjson reads it, the body path refuses it (nothing stores or answers that depth)."""
    r = send(live_server, table, "POST", "/api/tables/import",
             b'{"format": "gotham-companion/table", "version": 1, "state": ' + b"[" * 1000 + b"]" * 1000 + b"}")
    assert r.status_code == 400 and "nests" in r.json()["message"], r.text


@pytest.mark.parametrize("text", ["\\ud800", "\\udfff", "x\\ud83d"], ids=["high", "low", "cut-pair"])
def test_a_lone_surrogate_in_every_text_field_is_refused_on_every_body_route(app, live_server, table,
                                                                             redis_client, text):
    """Each body route gets a body with every property present and every free string a lone
    surrogate (sent as its JSON escape): refused with a 4xx, the table unchanged."""
    code = table[0]
    before = redis_client.hget(f"gc:{{{code}}}:table", "version")
    library = redis_client.hgetall("gc:library:heroes")
    failures = []
    for method, path in body_routes(app):
        schema = operation(method, path)["requestBody"]["content"]["application/json"]["schema"]
        body = body_with(schema, MARKER)
        if json.dumps(MARKER)[1:-1] not in json.dumps(body):  # no text field: the surrogate comes as a property name
            body[MARKER] = 1
        body = json.dumps(body).replace(json.dumps(MARKER)[1:-1], text)
        r = send(live_server, table, method, path, body.encode())
        if not 400 <= r.status_code < 500:
            failures.append((method, path, r.status_code, r.text[:120]))
    assert not failures, failures
    assert redis_client.hget(f"gc:{{{code}}}:table", "version") == before
    assert redis_client.hgetall("gc:library:heroes") == library


def _string_fields(schema, seen=None):
    """Every String field of a marshmallow schema, nested schemas, lists and dicts included."""
    seen = set() if seen is None else seen
    if id(schema) in seen:
        return
    seen.add(id(schema))
    for name, field in schema.fields.items():
        yield from _field_strings(f"{type(schema).__name__}.{name}", field, seen)


def _field_strings(where, field, seen):
    if isinstance(field, fields.String):
        yield where, field
    elif isinstance(field, fields.Nested):
        yield from _string_fields(field.schema, seen)
    elif isinstance(field, fields.List):
        yield from _field_strings(where + "[]", field.inner, seen)
    elif isinstance(field, fields.Dict):
        for part in (field.key_field, field.value_field):
            if part is not None:
                yield from _field_strings(where + "{}", part, seen)


def test_every_string_a_route_reads_is_validated_as_unicode(app):
    """Every string field of every schema any route reads its arguments with (body, query, path)
    is a Text, which refuses a lone surrogate at the schema."""
    from api.schemas import Text
    checked, plain = 0, []
    for view in app.view_functions.values():
        cls = getattr(view, "view_class", None)
        methods = [getattr(cls, m) for m in ("get", "post", "put", "patch", "delete") if hasattr(cls, m)] \
            if cls else [view]
        for method in methods:
            for argument in getattr(method, "_apidoc", {}).get("arguments", {}).get("parameters", []):
                schema = argument["schema"]
                schema = schema() if isinstance(schema, type) else schema
                for where, field in _string_fields(schema):
                    checked += 1
                    if not isinstance(field, Text):
                        plain.append(where)
    assert checked >= 50
    assert not plain, plain
    with pytest.raises(Exception, match="Unicode"):
        Text().deserialize("\ud800")
    assert Text().deserialize("Poison Ivy 🌿") == "Poison Ivy 🌿"
