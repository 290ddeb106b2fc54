"""Issue 31, point 10: a phone back at the table (its app reopened after the phone slept, or its
connection back) says what changed while it was away: the last changes in words, with who made
them, and how many; the History has the rest. Said once, and only for what it did not see."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_back_at_the_table_the_phone_says_what_changed_meanwhile(api, duo, phones, shot, lang):
    code = duo["code"]
    gordon = api.seat(code, "hero:commissioner-gordon")
    api.advance_to(code, duo["host"], "heroes.actions")
    b = duo["open_b"](lang=lang, viewport={"width": 360, "height": 640})
    expect(b.locator("#conn")).to_have_attribute("data-state", "live")
    api.post(code, "/commands/spend", gordon, {"hero": "commissioner-gordon", "space": "melee", "cubes": 1})
    seen = api.table(code)["version"]
    # the phone has the change (its saved table is the server's version): seen as it came, not missed
    b.wait_for_function(f"() => JSON.parse(localStorage.getItem('gc.snap.{code}') || '{{}}').version === {seen}")
    expect(b.get_by_test_id("missed")).to_have_count(0)

    saved = b.context.storage_state()
    b.context.close()  # the phone sleeps; the app is gone, what it saved stays
    for space in ("defense", "melee", "defense", "melee"):  # Gordon spends four cubes on his phone meanwhile
        api.post(code, "/commands/spend", gordon, {"hero": "commissioner-gordon", "space": space, "cubes": 1})
    assert api.table(code)["version"] == seen + 4
    context = phones.browser.new_context(base_url=phones.base_url, storage_state=saved, locale=lang,
                                         **{**PHONE, "viewport": {"width": 360, "height": 640}})
    phones.contexts.append(context)
    b = context.new_page()
    b.goto("/#/hero/batman")

    card = b.get_by_test_id("missed")
    expect(card).to_be_visible(timeout=15000)
    title = "While you were away: 4 changes" if lang == "en" else "Pendant votre absence : 4 changements"
    expect(card.get_by_role("heading")).to_have_text(title)
    expect(card.get_by_role("listitem")).to_have_count(3)  # the last three written out
    expect(card.get_by_role("listitem").first).to_contain_text("Commissioner Gordon")
    expect(card).to_contain_text("and 1 more before" if lang == "en" else "et 1 autre avant")
    shot(b, f"back-online-{lang}-360x640")
    card.get_by_test_id("missed-dismiss").click()
    expect(b.get_by_test_id("missed")).to_have_count(0)
    b.reload()  # nothing changed since: nothing said
    expect(b.locator("#conn")).to_have_attribute("data-state", "live")
    b.wait_for_timeout(1000)
    expect(b.get_by_test_id("missed")).to_have_count(0)
