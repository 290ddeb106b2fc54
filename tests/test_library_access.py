"""Issue 22, point 5: the shared library. Reading is public; changing it needs the library key
(GOTHAM_LIBRARY_KEY as 'Authorization: Bearer <key>'); the samples are always there and never
replaced nor removed; the library never holds more than one library document may carry, so its
export always imports again.

Each test serves its own app over real HTTP on its own Redis database (the library is shared by
every table of a store: the session's other tests keep theirs).
"""
from __future__ import annotations

import copy
import threading

import pytest
import redis
import requests
from werkzeug.serving import make_server

from api import create_app
from tests.conftest import HIGH_LIMITS, free_port
from tests.tables import sample

KEY = "the-group-library-key"
SAMPLE_MISSION = "Sample: the rulebook's examples"


@pytest.fixture()
def library_server(redis_server):
    url = redis_server.url.rsplit("/", 1)[0] + "/3"
    redis.Redis.from_url(url).flushdb()
    app = create_app({"TESTING": True, "REDIS_URL": url, "LIBRARY_KEY": KEY, **HIGH_LIMITS})
    server = make_server("127.0.0.1", free_port(), app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    redis.Redis.from_url(url).flushdb()


def call(method, url, key=None, **kw):
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    return requests.request(method, url, headers=headers, timeout=30, **kw)


def hero(name: str) -> dict:
    board = sample("heroes", "Batman")
    board["name"] = name
    return board


def test_anonymous_or_wrong_key_library_writes_are_refused_and_change_nothing(library_server):
    lib = f"{library_server}/api/library"
    before = call("GET", lib).json()
    assert call("GET", f"{lib}/heroes").status_code == 200  # reading is public
    for key, status in ((None, 401), ("not-the-key", 403)):
        assert call("POST", lib, key, json={"heroes": [hero("Intruder")]}).status_code == status
        assert call("POST", f"{lib}/heroes", key, json=hero("Intruder")).status_code == status
        assert call("DELETE", f"{lib}/missions/{SAMPLE_MISSION}", key).status_code == status
        assert call("DELETE", f"{lib}/heroes/Batman", key).status_code == status
    assert call("GET", lib).json() == before
    r = call("POST", f"{lib}/heroes", KEY, json=hero("The group's hero"))
    assert r.status_code == 201, r.text
    assert call("DELETE", f"{lib}/heroes/The group's hero", KEY).status_code == 204


def test_the_samples_survive_a_delete_and_are_never_replaced(library_server):
    lib = f"{library_server}/api/library"
    r = call("DELETE", f"{lib}/missions/{SAMPLE_MISSION}", KEY)
    assert r.status_code == 409 and r.json()["reason"] == "sample_kept"
    changed = hero("Batman")
    changed["energy"] = 11
    r = call("POST", f"{lib}/heroes", KEY, json=changed)
    assert r.status_code == 409 and r.json()["reason"] == "sample_kept", r.text
    assert call("POST", lib, KEY, json={"heroes": [changed]}).status_code == 409
    assert [m["name"] for m in call("GET", f"{lib}/missions").json()] == [SAMPLE_MISSION]
    assert call("GET", f"{lib}/heroes/Batman").json()["energy"] == sample("heroes", "Batman")["energy"]  # as shipped
    assert call("GET", f"{lib}/missions/{SAMPLE_MISSION}").status_code == 200


def test_the_export_always_imports_again_and_imports_never_grow_it_past_its_schema(library_server):
    lib = f"{library_server}/api/library"
    exported = call("GET", lib).json()
    r = call("POST", lib, KEY, json=exported)  # the export, samples included, imports as it is
    assert r.status_code == 200, r.text
    assert call("GET", lib).json() == exported
    first = [hero(f"Hero {i}") for i in range(150)]
    second = [hero(f"Other hero {i}") for i in range(150)]
    assert call("POST", lib, KEY, json={"heroes": first}).status_code == 200
    r = call("POST", lib, KEY, json={"heroes": second})  # 3 samples + 150 + 150 > 200: refused, all of it
    assert r.status_code == 409 and r.json()["reason"] == "library_full", r.text
    again = call("GET", lib).json()
    assert len(again["heroes"]) == 153 and not any(h["name"].startswith("Other") for h in again["heroes"])
    r = call("POST", lib, KEY, json=again)
    assert r.status_code == 200, r.text
    assert call("GET", lib).json() == again
    # one at a time too: the library stops at the schema's 200 heroes
    answers = [call("POST", f"{lib}/heroes", KEY, json=hero(f"One more {i}")).status_code for i in range(60)]
    assert answers.count(201) == 200 - 153 and set(answers[47:]) == {409}, answers
    full = call("GET", lib).json()
    assert len(full["heroes"]) == 200
    r = call("POST", lib, KEY, json=copy.deepcopy(full))
    assert r.status_code == 200, r.text
