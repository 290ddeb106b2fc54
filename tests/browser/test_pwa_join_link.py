"""Issue 31, point 8: the join link or its QR code opened again on a phone already seated at that
table brought the phone to the seat list and dropped its table ("Join or create a table first" on
every other tab). Opened again, it returns the phone to its table, on its seat's screen; another
table's link shows that table's seats while this phone's own table stays open under its tabs."""
from __future__ import annotations

import re

from playwright.sync_api import expect


def test_the_join_link_opened_again_on_a_seated_phone_returns_to_its_table(api, duo, shot):
    b = duo["open_b"]()
    expect(b.get_by_role("heading", name="Batman")).to_be_visible()
    b.goto(f"/join/{duo['code']}")  # the QR code scanned again: the browser opens the link
    expect(b).to_have_url(re.compile(r"/#/hero/batman$"))
    expect(b.get_by_role("heading", name="Batman")).to_be_visible()
    expect(b.locator("#conn")).to_have_text("Live")
    expect(b.get_by_text("Join or create a table first.")).to_have_count(0)
    shot(b, "join-link-again-batman")

    a = duo["open_a"]()  # the host's phone, playing the villain: back on its seat's screen too
    a.goto(f"/join/{duo['code']}")
    expect(a).to_have_url(re.compile(r"/#/villain$"))
    expect(a.get_by_role("heading", name="Command post")).to_be_visible()

    other = api.new_table(heroes=("Batman",))["code"]  # another table's link: its seats ...
    b.goto(f"/join/{other}")
    expect(b.get_by_role("heading", name=f"Join table {other}")).to_be_visible()
    expect(b.get_by_test_id("take-spectator")).to_be_visible()
    b.get_by_test_id("tab-table").click()  # ... and this phone's own table under its tabs
    expect(b.get_by_test_id("step-title")).to_be_visible()
    expect(b.get_by_text(duo["code"]).first).to_be_visible()


def test_in_french_at_360_the_link_opened_again_lands_on_the_seat(duo, shot):
    b = duo["open_b"](lang="fr", viewport={"width": 360, "height": 640})
    b.goto(f"/join/{duo['code']}")
    expect(b).to_have_url(re.compile(r"/#/hero/batman$"))
    expect(b.get_by_role("heading", name="Batman")).to_be_visible()
    expect(b.get_by_text("Rejoignez ou créez d'abord une table")).to_have_count(0)
    shot(b, "join-link-again-batman-fr-360")
