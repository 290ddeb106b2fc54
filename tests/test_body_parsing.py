"""Request bodies (api/extensions.py BodyRequiredParser): a JSON object its schema accepts is read
straight away, everything else goes through webargs. Both ways must give the same result: the
same arguments, or the same refusal (status and messages)."""
from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st
from webargs.flaskparser import FlaskParser
from werkzeug.exceptions import HTTPException

from api.extensions import BodyRequiredParser
from api.resources.heroes import AttackSchema, HeroSpendSchema, MoveSchema
from api.resources.turn import TokenSchema

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
