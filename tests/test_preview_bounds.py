"""Issue 28, point 2: two anonymous requests froze the server. A BMG melee preview took any number of
dice (one share of 4,000 dice: 2.2 s of CPU), so two of them held both workers.

Every command and preview of every game is bounded by its schema (games/bounds.py: each game's
BOUNDS beside its registry; the REST routes' marshmallow schemas), a field beyond its bound is
refused (422 out_of_bounds) before any work, and the previews' worst case within the bounds stays
small (bench/previews.py)."""
from __future__ import annotations

import dataclasses
import json
import threading
import time
import typing

import pytest
import requests
from hypothesis import given, settings
from hypothesis import strategies as st
from marshmallow import Schema, ValidationError, fields, validate

import games
from api.cli import openapi_document
from api.schemas import List
from games import bounds
from games.bounds import Items, Mapping, Num, Text
from tests.served import ENTRY, served  # noqa: F401 - a fixture

CREWS = {"players": [
    {"id": "a", "name": "Ann", "crew": {"name": "Bats", "boss": "batman",
                                        "members": [{"card": "batman"}, {"card": "gordon"}]}},
    {"id": "b", "name": "Bob", "crew": {"name": "Jokers", "boss": "joker",
                                        "members": [{"card": "joker"}, {"card": "thug"}]}}]}


def test_the_4000_dice_preview_is_refused_at_once_while_another_client_is_answered(served):
    """The issue's attack, against `serve` (2 workers): two anonymous 4,000-dice previews in
    parallel and another client's ping; each preview refused (422, the field named) within 1 s,
    the ping answered within 1 s. A preview within the bounds still answers its exact odds."""
    s = served(ENTRY)
    created = requests.post(s.base + "/api/games/bmg/tables", json=CREWS, timeout=30)
    assert created.status_code == 201, created.text
    odds = f"{s.base}/api/tables/{created.json()['code']}/previews/melee_attack"
    attack = {"model": "a.batman", "weapon": "Unarmed",
              "shares": [{"target": "b.joker", "dice": 4000, "strength_die": True}]}
    answers: list[tuple[int, dict, float]] = []

    def preview():
        t = time.monotonic()
        try:
            r = requests.post(odds, json=attack, timeout=60)  # no token: anyone with the code may ask
            answers.append((r.status_code, r.json(), time.monotonic() - t))
        except requests.RequestException as exc:  # e.g. the worker killed by its timeout mid-preview
            answers.append((None, {"exception": repr(exc)}, time.monotonic() - t))

    threads = [threading.Thread(target=preview) for _ in range(2)]
    for thread in threads:
        thread.start()
    time.sleep(0.2)  # the previews are in the workers' hands
    t = time.monotonic()
    ping = requests.get(s.base + "/api/ping", timeout=60)
    ping_seconds = time.monotonic() - t
    for thread in threads:
        thread.join(60)

    assert ping.status_code == 200 and ping_seconds < 1, ping_seconds
    assert len(answers) == 2
    for status, body, seconds in answers:
        assert status == 422 and body["reason"] == "out_of_bounds", body
        assert body["params"]["field"] == "shares[0].dice" and body["params"]["most"] < 4000
        assert seconds < 1, seconds
    within = {**attack, "shares": [{"target": "b.joker", "dice": body["params"]["most"], "strength_die": True}]}
    r = requests.post(odds, json=within, timeout=30)
    assert r.status_code == 200, r.text
    hits = r.json()["targets"][0]["hits"]
    assert len(hits) == body["params"]["most"] + 2 and abs(sum(hits) - 1) < 1e-9


# ---------------------------------------------------------------- every schema bounded


def _request_bodies():
    """(method, path, body schema) of every command and preview route of a table."""
    doc = json.loads(json.dumps(openapi_document()))
    for path, operations in doc["paths"].items():
        if not path.startswith("/api/tables/{code}/") or path.startswith("/api/tables/{code}/seats"):
            continue  # joining a seat is no command: the seat is looked up among the table's
        for method, operation in operations.items():
            if method not in ("post", "put", "patch", "delete"):
                continue
            schema = operation.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema")
            if schema is not None:
                yield method.upper(), path, schema, doc["components"]["schemas"]


def _unbounded_json(schema: dict, components: dict, where: str) -> list[str]:
    while "$ref" in schema:
        schema = components[schema["$ref"].split("/")[-1]]
    branches = schema.get("anyOf") or schema.get("oneOf") or schema.get("allOf")
    if branches:  # a nested schema or null: apispec's nullable alternative is a bare nullable object
        return [p for b in branches if not (b.get("nullable") and set(b) <= {"type", "nullable"})
                for p in _unbounded_json(b, components, where)]
    kind = schema.get("type")
    kind = next((k for k in kind if k != "null"), None) if isinstance(kind, list) else kind
    if "enum" in schema or kind == "boolean":
        return []
    if kind in ("integer", "number"):
        return [] if "minimum" in schema and "maximum" in schema else [where]
    if kind == "string":
        return [] if "maxLength" in schema else [where]
    if kind == "array":
        return ([] if "maxItems" in schema else [where]) + _unbounded_json(schema.get("items", {}), components,
                                                                        where + "[]")
    properties = schema.get("properties", {})
    if "maxProperties" in schema and isinstance(schema.get("additionalProperties"), dict):  # a bounded mapping
        return _unbounded_json(schema["additionalProperties"], components, where + "{}")
    if not properties and schema.get("additionalProperties") is not False:  # an object of no field takes none
        return [where + "{any}"]
    return [p for name, value in properties.items() for p in _unbounded_json(value, components, f"{where}.{name}")]


def test_every_command_and_preview_field_of_every_game_is_bounded_in_its_schema():
    """Walks every game's command registry (the classes a command is built from, nested ones and
    list elements included) and every command and preview route's request body: each number has
    a lower and an upper bound, each string a length, each list a length, each object its keys (the
    commands' and previews' bodies are generated from the registries with their bounds). A new field
    without a bound fails here."""
    unbounded = []
    for name in games.names():
        game = games.get(name)
        types = game.command_types()
        assert types, f"{name} lists no commands"
        unbounded += [f"{name}: {p}" for cls in types.values() for p in bounds.unbounded(cls, game.command_bounds())]
    bodies = set()
    for method, path, schema, components in _request_bodies():
        unbounded += [f"{method} {path}: {p}" for p in _unbounded_json(schema, components, "")]
        bodies.add(path)
    assert unbounded == []
    # the commands and previews of every game: typed from their registries (api/resources/command_bodies.py)
    assert {"/api/tables/{code}/commands/{name}", "/api/tables/{code}/previews/{name}"} <= bodies


@dataclasses.dataclass(frozen=True)
class Inner:
    label: str
    weight: float | None = None


@dataclasses.dataclass(frozen=True)
class Fresh:
    """A command as a game might add it, its fields not yet bounded."""
    dice: int
    names: tuple[str, ...] = ()
    inner: tuple[Inner, ...] = ()
    flag: bool = False
    by_block: dict = dataclasses.field(default_factory=dict)


def test_the_walk_finds_a_field_with_no_bound():
    assert bounds.unbounded(Fresh, {}) == ["Fresh.dice", "Fresh.names", "Fresh.inner", "Fresh.by_block"]
    assert bounds.unbounded(Fresh, {"dice": Num(0, 6), "names": Items(3), "inner": Items(3)}) == [
        "Fresh.names[]", "Fresh.inner[].label", "Fresh.inner[].weight", "Fresh.by_block"]
    assert bounds.unbounded(Fresh, {"dice": Num(0, 6), "names": Items(3, Text(9)), "inner": Items(3),
                                    "label": Text(9), "weight": Num(0, 1), "by_block": Mapping(12, Num(0, 5))}) == []


def _beyond_cases():
    """(game, command, field, a value just beyond its bound) for every bounded field a command
    takes at its top level."""
    out = []
    for name in games.names():
        game = games.get(name)
        table = game.command_bounds()
        for command, cls in game.command_types().items():
            hints = typing.get_type_hints(cls)
            for f in dataclasses.fields(cls):
                bound = table.get(f"{cls.__name__}.{f.name}", table.get(f.name))
                hint = bounds._unwrap(hints[f.name])
                kind = {int: Num, float: Num, str: Text, list: Items, tuple: Items, dict: Mapping}.get(
                    typing.get_origin(hint) or hint)
                if kind is not None and isinstance(bound, kind):
                    out.append((name, command, f.name, bound))
    return out


BEYOND = _beyond_cases()


def _element(bound):
    if isinstance(bound, tuple):
        bound = bound[0]
    if isinstance(bound, Num):
        return int(bound.low) if float(bound.low).is_integer() else bound.low
    if isinstance(bound, Text):
        return "a"
    return {}


@settings(max_examples=300, deadline=None)
@given(case=st.sampled_from(BEYOND), over=st.integers(min_value=1, max_value=10**6), below=st.booleans())
def test_a_field_beyond_its_bound_is_refused_before_the_command_is_built(case, over, below):
    name, command, field, bound = case
    game = games.get(name)
    if isinstance(bound, Num):
        value = int(bound.low) - over if below else int(bound.high) + over
    elif isinstance(bound, Text):
        value = "x" * (bound.most + min(over, 10_000))
    elif isinstance(bound, Items):
        value = [_element(bound.each)] * (bound.most + min(over, 10_000))
    else:
        value = {f"k{i}": _element(bound.value) for i in range(bound.most + min(over, 1000))}
    with pytest.raises(game.refusal) as refused:
        game.command(command, {field: value})
    assert refused.value.code == "out_of_bounds", refused.value.message
    assert refused.value.params["field"] == field and refused.value.params["command"] == command


def test_a_list_beyond_its_length_is_refused_before_its_items_are_read():
    """api/schemas.List: marshmallow validates a list's length only after reading every item; a
    body of 300,000 nested items would be read whole before the Length validator refused it."""
    read = []

    class Counted(fields.Integer):
        def _deserialize(self, value, attr, data, **kwargs):
            read.append(value)
            return super()._deserialize(value, attr, data, **kwargs)

    class Body(Schema):
        steps = List(Counted(), validate=validate.Length(max=20))

    with pytest.raises(ValidationError) as invalid:
        Body().load({"steps": list(range(100_000))})
    assert "steps" in invalid.value.messages and read == []
    assert Body().load({"steps": [1, 2]}) == {"steps": [1, 2]} and read == [1, 2]
