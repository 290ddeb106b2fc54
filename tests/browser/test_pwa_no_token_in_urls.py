"""Issue 22, point 7: a seat token never travels in a URL the PWA builds (access logs, history and
Referer headers keep URLs). Two phones play a table in chromium, every request URL of both is
recorded, and none holds a token the phones keep; the live stream still shows both seats
connected (it authenticates by a ticket cookie, not by ?token=)."""
from __future__ import annotations

import json
import re
from urllib.parse import unquote

from playwright.sync_api import expect

from tests.browser.conftest import PHONE


def _phone(browser, base_url, seen: list[str], errors: list[str]):
    context = browser.new_context(base_url=base_url, **PHONE)
    context.add_init_script("if (!localStorage.getItem('gc.seeded')) { localStorage.setItem('gc.lang', 'en');"
                            " localStorage.setItem('gc.seeded', '1'); }")
    context.on("request", lambda r: seen.append(r.url))
    page = context.new_page()
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return context, page


def _tokens(page) -> set[str]:
    tables = json.loads(page.evaluate("localStorage.getItem('gc.tables')") or "{}")
    found = set()
    for record in tables.values():
        for key in ("token", "hostToken"):
            if record.get(key):
                found.add(record[key])
    return found


def test_no_seat_token_in_any_url_the_pwa_requests_while_two_phones_play_live(browser, base_url):
    seen: list[str] = []
    errors: list[str] = []
    ca, a = _phone(browser, base_url, seen, errors)
    cb, b = _phone(browser, base_url, seen, errors)
    try:
        a.goto("/")
        a.get_by_test_id("pick-Batman").check()
        a.get_by_test_id("create-table").click()
        code = a.get_by_test_id("join-code").inner_text().strip()
        a.get_by_test_id("take-villain").click()
        expect(a.locator("#conn")).to_have_text("Live")

        b.goto(f"/join/{code}")
        b.get_by_test_id("take-hero:batman").click()
        expect(b.get_by_role("heading", name="Batman")).to_be_visible()
        expect(b.locator("#conn")).to_have_text("Live")

        # the stream still knows who each phone is: phone A sees Batman's phone connected
        a.get_by_test_id("tab-table").click()
        expect(a.locator("[data-seat='hero:batman'] .dot.on")).to_be_visible(timeout=5000)
        expect(a.locator("[data-seat='villain'] .dot.on")).to_be_visible()
        b.reload()  # a reopened app opens its stream again
        expect(b.locator("#conn")).to_have_text("Live")

        tokens = _tokens(a) | _tokens(b)
        assert len(tokens) >= 3, tokens  # host, villain, Batman
        leaked = [u for u in seen for t in tokens if t in u or t in unquote(u)]
        assert not leaked, f"a seat token in a URL: {leaked}"
        assert not [u for u in seen if "token=" in u], seen
        live = [u for u in seen if re.search(rf"/api/tables/{code}/live$", u)]
        assert len(live) >= 3, f"the streams were not opened: {seen}"
        assert not errors, errors
    finally:
        ca.close()
        cb.close()
