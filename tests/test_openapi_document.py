"""The committed OpenAPI document (openapi/openapi.json) is the one the app publishes."""
import json
from pathlib import Path

from api.cli import openapi_document

COMMITTED = Path(__file__).resolve().parent.parent / "openapi" / "openapi.json"


def test_committed_openapi_matches_the_app():
    """Fails when a route or schema changes without `gotham-companion openapi` being run."""
    committed = json.loads(COMMITTED.read_text(encoding="utf-8"))
    generated = json.loads(json.dumps(openapi_document()))
    assert committed == generated, "openapi/openapi.json drifted: run `gotham-companion openapi`"


def test_published_document_is_the_committed_one(http):
    assert http.get("/api/openapi.json").json() == json.loads(COMMITTED.read_text(encoding="utf-8"))
