"""Request bodies (api/extensions.py BodyRequiredParser): a JSON object its schema accepts is read
straight away, everything else goes through webargs. Both ways must give the same result: the
same arguments, or the same refusal (status and messages)."""
from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st
from webargs.flaskparser import FlaskParser
from werkzeug.exceptions import HTTPException

from marshmallow import ValidationError

from api.extensions import BodyRequiredParser, FlatLoader
from api.resources.heroes import AttackSchema, HeroSpendSchema, MoveSchema, StanceSchema
from api.resources.turn import TokenSchema
from api.schemas import DiceSchema

SCHEMAS = [TokenSchema(), HeroSpendSchema(), AttackSchema(), MoveSchema()]
PARSER = BodyRequiredParser()

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=5),
    max_leaves=12)
field_names = st.sampled_from(["kind", "side", "area", "space", "cubes", "hero", "miniature", "successes",
                               "steps", "target_miniature", "to", "cost", "unknown"])
plausible = st.dictionaries(field_names, json_values | st.sampled_from(["gas", "heroes", "melee", 1, 2, "a"]),
                            max_size=5)
tokens = st.fixed_dictionaries(  # close to what TokenSchema takes: valid ones, one field off, one too many
    {"kind": st.sampled_from(["gas", "smoke", "flame", "frost", "fog", 3]),
     "side": st.sampled_from(["heroes", "villain", "both", None])},
    optional={"area": st.text(max_size=90) | st.integers(), "unknown": json_values})


def outcome(parse, app, schema, raw: bytes, content_type: str):
    with app.test_request_context("/api/x", method="POST", data=raw, content_type=content_type):
        try:
            return ("ok", parse(schema, location="json"))
        except HTTPException as refusal:
            return ("refused", refusal.code, getattr(refusal, "data", {}).get("messages"))


def same_both_ways(app, raw: bytes, content_type: str = "application/json"):
    for schema in SCHEMAS:
        straight = outcome(PARSER.parse, app, schema, raw, content_type)
        webargs_only = outcome(lambda *a, **k: FlaskParser.parse(PARSER, *a, **k), app, schema, raw, content_type)
        assert straight == webargs_only, (schema, raw[:200])


@settings(max_examples=300, deadline=None)
@given(body=plausible | tokens | json_values)
def test_any_json_body_gets_the_same_answer_both_ways(app, body):
    same_both_ways(app, json.dumps(body).encode())  # the standard library: also integers past 64 bits


def test_bodies_orjson_refuses_but_json_reads_get_the_same_answer_both_ways(app):
    for raw in [b'{"kind": "gas", "side": "heroes"}', b'{"kind": "gas", "side": "heroes", "extra": 1}',
                b'{"kind": "gas", "side": "heroes", "area": NaN}', b'{"cubes": 1e400}',
                b'{"cubes": 123456789012345678901234567890}', b'{"area": "\\ud800"}', b"", b"{", b"[]", b"null",
                b'{"kind": "gas", "side": "heroes"} trailing', b'{"kind": "gas", "kind": "smoke", "side": "heroes"}']:
        same_both_ways(app, raw)
    same_both_ways(app, b'{"kind": "gas", "side": "heroes"}', content_type="text/plain")
    for content_type in ("application/json; charset=utf-8", "Application/JSON", "application/vnd.gotham+json"):
        for raw in [b'{"kind": "gas", "side": "heroes"}', b'{"kind": "gas", "side": "heroes", "extra": 1}', b"{"]:
            same_both_ways(app, raw, content_type=content_type)


def test_a_plain_json_body_is_read_from_the_input_once_and_kept_for_the_request(app):
    """`Content-Type: application/json` with a length: read straight from the WSGI input, and
    request.get_data answers the same bytes afterwards (webargs' way reads them there)."""
    from api.extensions import _plain_json_body
    from flask import request
    raw = b'{"kind": "gas", "side": "heroes"}'
    with app.test_request_context("/api/x", method="POST", data=raw, content_type="application/json"):
        assert _plain_json_body(request) == raw
        assert request.get_data() == raw and request.get_json() == {"kind": "gas", "side": "heroes"}
    for content_type in ("application/json; charset=utf-8", "text/plain"):
        with app.test_request_context("/api/x", method="POST", data=raw, content_type=content_type):
            assert _plain_json_body(request) is None
            assert request.get_data() == raw


def test_a_body_beyond_the_size_limit_is_refused_both_ways(app):
    """MAX_CONTENT_LENGTH holds on the straight way too: 413, as werkzeug answers."""
    raw = b'{"kind": "gas", "side": "heroes", "area": "' + b"x" * 300 + b'"}'
    app.config["MAX_CONTENT_LENGTH"] = 200
    try:
        straight = outcome(PARSER.parse, app, SCHEMAS[0], raw, "application/json")
        webargs_only = outcome(lambda *a, **k: FlaskParser.parse(PARSER, *a, **k), app, SCHEMAS[0], raw,
                               "application/json")
        assert straight == webargs_only and straight[:2] == ("refused", 413)
    finally:
        app.config["MAX_CONTENT_LENGTH"] = 1024 * 1024


FLAT = [TokenSchema(), HeroSpendSchema(), DiceSchema(), StanceSchema()]


def test_the_command_schemas_are_read_by_the_flat_loader():
    """The plain schemas get the short path; one with a nested list keeps marshmallow's."""
    assert all(FlatLoader.of(schema) is not None for schema in FLAT)
    assert FlatLoader.of(MoveSchema()) is None


@settings(max_examples=400, deadline=None)
@given(body=plausible | tokens | st.fixed_dictionaries(
    {"colour": st.sampled_from(["red", "blue", "white", "black", "yellow", "x", 1]),
     "space": st.sampled_from(["reroll", "defense", "melee", "nope", None])},
    optional={"count": st.integers(-2, 14) | st.booleans() | st.floats(0, 3), "free_reroll": json_values,
              "cubes": st.integers(-1, 9) | st.text(max_size=2), "stance": st.sampled_from(["active", "resting", 1])}))
def test_the_flat_loader_answers_what_marshmallow_loads_or_leaves_it_to_marshmallow(body):
    for schema in FLAT:
        fast = FlatLoader.of(schema)(body)
        try:
            loaded = schema.load(body)
        except ValidationError:
            assert fast is None, (schema, body)
        else:
            assert fast is None or fast == loaded, (schema, body)


def test_the_flat_loader_reads_plain_bodies_itself():
    assert FlatLoader.of(TokenSchema())({"kind": "gas", "side": "heroes"}) == {"kind": "gas", "side": "heroes",
                                                                               "area": ""}
    assert FlatLoader.of(HeroSpendSchema())({"space": "reroll", "cubes": 1}) == {"space": "reroll", "cubes": 1}
    assert FlatLoader.of(DiceSchema())({"colour": "red"}) == {"colour": "red", "count": 1, "free_reroll": False}
    assert FlatLoader.of(HeroSpendSchema())({"space": "reroll", "cubes": True}) is None  # marshmallow says why
