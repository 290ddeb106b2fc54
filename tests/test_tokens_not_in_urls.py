"""Issue 22, point 7: a seat token is read from the Authorization header only; a browser's live
stream shows its seat through a short-lived ticket cookie obtained with a POST carrying the token."""
from __future__ import annotations

import requests

from tests.sse_client import SSEClient
from tests.tables import new_table


def _join(http, code, seat):
    r = http.post(f"/api/tables/{code}/seats", json={"seat": seat}, token=None)
    assert r.status_code == 201, r.text
    return r.json()["token"]


def test_a_token_in_the_query_string_is_not_a_seat(http):
    code = new_table(http)["code"]
    host = http.tokens[code]
    assert http.get(f"/api/tables/{code}", headers={"Authorization": f"Bearer {host}"}).json()["your_seat"] == "host"
    r = http.get(f"/api/tables/{code}?token={host}", token=None)
    assert r.status_code == 200 and r.json()["your_seat"] is None
    r = http.post(f"/api/tables/{code}/commands/advance?token={host}", token=None)
    assert r.status_code == 401, r.text
    assert r.json()["reason"] == "no_seat"


def test_a_stream_with_token_in_its_url_is_a_spectators(live_server, http):
    code = new_table(http)["code"]
    villain = _join(http, code, "villain")
    with SSEClient(live_server, code, query={"token": villain}, presence=True) as stream:
        stream.until(lambda e: e["event"] == "presence", timeout=10)
        assert http.get(f"/api/tables/{code}/seats").json() and not any(
            s["connected"] for s in http.get(f"/api/tables/{code}/seats").json() if s["seat"] == "villain")


def test_a_live_ticket_cookie_shows_the_seat_connected_without_a_token_in_the_url(live_server, http):
    code = new_table(http)["code"]
    villain = _join(http, code, "villain")
    s = requests.Session()
    refused = s.post(f"{live_server}/api/tables/{code}/live/ticket", timeout=10)
    assert refused.status_code == 401 and refused.json()["reason"] == "no_seat"
    r = s.post(f"{live_server}/api/tables/{code}/live/ticket", headers={"Authorization": f"Bearer {villain}"},
               timeout=10)
    assert r.status_code == 200, r.text
    cookie = r.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and f"Path=/api/tables/{code}/live" in cookie
    ticket = s.cookies.get("gc_live")
    assert ticket and villain not in cookie
    with SSEClient(live_server, code, headers={"Cookie": f"gc_live={ticket}"}, presence=True) as stream:
        stream.until(lambda e: e["event"] == "presence"
                     and any(x["seat"] == "villain" and x["connected"] for x in e["data"]["seats"]), timeout=10)
    expired = SSEClient(live_server, code, headers={"Cookie": "gc_live=not-a-ticket"})
    assert expired.status == 401 and b"live_ticket_expired" in expired.body


def test_the_hosts_phone_playing_a_seat_shows_the_host_connected_too(live_server, http):
    """Issue 31, point 2: the host's phone plays the villain; its one stream (the villain's) shows
    the host seat connected too, so the other phones no longer read "Host not connected"."""
    created = new_table(http)
    code, host = created["code"], created["token"]
    villain = _join(http, code, "villain")
    batman = _join(http, code, "hero:batman")

    def ticket(token, also=None):
        s = requests.Session()
        r = s.post(f"{live_server}/api/tables/{code}/live/ticket", headers={"Authorization": f"Bearer {token}"},
                   json={"also": also} if also else None, timeout=10)
        assert r.status_code == 200, r.text
        return s.cookies.get("gc_live")

    def connected(event) -> dict:
        return {x["seat"]: x["connected"] for x in event["data"]["seats"]}

    with SSEClient(live_server, code, headers={"Cookie": f"gc_live={ticket(villain, also=host)}"}, presence=True) as s:
        seen = s.until(lambda e: e["event"] == "presence" and connected(e).get("villain"), timeout=10)
        assert connected(seen[-1])["host"] is True and connected(seen[-1])["hero:batman"] is False
    # a token of no other seat (a player's own, or none of this table) shows nothing more
    with SSEClient(live_server, code, headers={"Cookie": f"gc_live={ticket(batman, also='not-a-token')}"},
                   presence=True) as s:
        seen = s.until(lambda e: e["event"] == "presence" and connected(e).get("hero:batman"), timeout=10)
        assert connected(seen[-1])["host"] is False
    too_long = requests.post(f"{live_server}/api/tables/{code}/live/ticket", json={"also": "x" * 101},
                             headers={"Authorization": f"Bearer {batman}"}, timeout=10)
    assert too_long.status_code == 422 and too_long.json()["reason"]
