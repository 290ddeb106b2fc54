"""Issue 28, point 9 (transport): security headers on the phone app and the API, no-store on every
answer that depends on the seat's token, the API docs served whole by the app itself (no CDN), and a
revoked token that replays its old Idempotency-Key gets 401, not the cached answer."""
from __future__ import annotations

import re

from tests.sse_client import SSEClient
from tests.tables import advance_to, new_table, table_body

SECURITY_HEADERS = {"x-content-type-options": "nosniff", "referrer-policy": "no-referrer",
                    "x-frame-options": "DENY"}


def _csp(headers) -> dict[str, list[str]]:
    policy = headers.get("Content-Security-Policy", "")
    return {d.split()[0]: d.split()[1:] for d in (p.strip() for p in policy.split(";")) if d}


def _secure(r) -> None:
    for name, value in SECURITY_HEADERS.items():
        assert r.headers.get(name) == value, (r.url, name, r.headers.get(name))
    csp = _csp(r.headers)
    assert csp.get("frame-ancestors") == ["'none'"], (r.url, csp)
    assert csp.get("script-src") == ["'self'"] and csp.get("default-src") == ["'self'"], csp
    assert csp.get("object-src") == ["'none'"], csp
    assert not any("unsafe" in v or v.startswith(("http:", "https:")) for vs in csp.values() for v in vs), csp


def test_the_shell_the_api_and_the_docs_carry_the_security_headers(http):
    code = new_table(http)["code"]
    for path in ("/", "/join/ABCDEF", "/index.html", "/js/app.js", "/css/app.css", "/sw.js", "/manifest.webmanifest",
                 "/api/docs", "/api/openapi.json", f"/api/tables/{code}", "/api/tables/ZZZZZZ", "/api/games"):
        r = http.get(path)
        assert r.status_code in (200, 404), (path, r.status_code)
        _secure(r)
    _secure(http.post(f"/api/tables/{code}/commands/advance"))


def _no_store(r) -> None:
    assert r.headers.get("Cache-Control") == "no-store", (r.request.method, r.url, r.status_code,
                                                          r.headers.get("Cache-Control"))


def test_every_answer_that_depends_on_the_seat_token_is_no_store(http):
    created = http.post("/api/tables", json=table_body())
    _no_store(created)  # it carries the host's token
    code = created.json()["code"]
    table = advance_to(http, code, "heroes.actions")
    joined = http.post(f"/api/tables/{code}/seats", json={"seat": "villain"})
    _no_store(joined)
    for path in (f"/api/tables/{code}", f"/api/tables/{code}/history", f"/api/tables/{code}/export",
                 f"/api/tables/{code}/seats", f"/api/games"):
        r = http.get(path)
        assert r.status_code == 200, (path, r.status_code)
        _no_store(r)
    _no_store(http.post(f"/api/tables/{code}/commands/spend", json={"hero": "batman", "space": "melee", "cubes": 1},
                        headers={"If-Match": f'"{table["version"]}"'}))
    _no_store(http.post(f"/api/tables/{code}/history/undo"))
    _no_store(http.post(f"/api/tables/{code}/live/ticket"))
    _no_store(http.post(f"/api/tables/{code}/commands/no_such_command", json={}))  # a refusal too
    stream = SSEClient(http.base, code, http.tokens[code], paused=True)
    try:
        assert stream.status == 200 and stream.headers.get("Cache-Control") == "no-store", stream.headers
    finally:
        stream.close()


def test_the_api_docs_load_swagger_ui_from_the_app_itself(http):
    page = http.get("/api/docs")
    assert page.status_code == 200
    assert not re.search(r"https?://", page.text), "the docs page names another site"
    scripts = re.findall(r"<script\b[^>]*>", page.text)
    assert scripts and all(re.search(r'src="/api/docs/assets/[^"]+"', s) for s in scripts), scripts
    assert re.search(r"<script\b[^>]*>\s*[^<\s]", page.text) is None, "an inline script"
    for asset in re.findall(r'(?:src|href)="(/[^"]+)"', page.text):
        r = http.get(asset)
        assert r.status_code == 200 and len(r.content) > 100, (asset, r.status_code)
        _secure(r)
    assert "SwaggerUIBundle" in http.get("/api/docs/assets/swagger-ui-bundle.js").text
    licence = http.get("/api/docs/assets/LICENSE")
    assert licence.status_code == 200 and "Apache License" in licence.text


def test_a_revoked_token_replaying_its_old_idempotency_key_gets_401(http):
    """Before: the host's old token (after the host seat was taken back with the recovery code)
    sent its last write again with the same Idempotency-Key and got the cached 200, with the table
    as the host sees it."""
    created = new_table(http)
    code, old = created["code"], created["token"]
    advance_to(http, code, "heroes.actions")
    key = {"Idempotency-Key": "phone-1:change-9", "Authorization": f"Bearer {old}"}
    spend = (f"/api/tables/{code}/commands/spend", {"hero": "batman", "space": "melee", "cubes": 1})
    first = http.post(spend[0], json=spend[1], headers=key)
    assert first.status_code == 200
    again = http.post(spend[0], json=spend[1], headers=key)
    assert again.status_code == 200 and again.headers["Idempotent-Replayed"] == "true"  # the seat still holds
    taken = http.post(f"/api/tables/{code}/recover", json={"recovery_code": created["recovery_code"]}, token=None)
    assert taken.status_code == 201, taken.text
    version = http.get(f"/api/tables/{code}", token=taken.json()["token"]).json()["version"]
    replayed = http.post(spend[0], json=spend[1], headers=key)
    assert replayed.status_code == 401, (replayed.status_code, replayed.text[:200])
    assert replayed.json()["reason"] == "no_seat" and "Idempotent-Replayed" not in replayed.headers
    assert "table" not in replayed.json()
    assert http.get(f"/api/tables/{code}", token=taken.json()["token"]).json()["version"] == version
