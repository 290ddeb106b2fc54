"""A Miniature Game or Strategy Game table joined by its code: the join screen names its seats from
the table, a phone takes one and opens that game's own screens (the round strip, the city), in
English and French, with no error in the page; the board game's routes draw the game's screens."""
from __future__ import annotations

import pytest
import requests
from playwright.sync_api import expect

# beyond one journey per game and language: python3 manage.py test --long (CI runs it)
pytestmark = pytest.mark.long

CREWS = [{"id": p, "name": n, "crew": {"name": n, "boss": b, "members": [{"card": b}]}}
         for p, n, b in (("a", "Bruce", "batman"), ("b", "Jack", "joker"))]


def new(base_url, game, options):
    r = requests.post(f"{base_url}/api/games/{game}/tables", json=options, timeout=10)
    assert r.status_code == 201, r.text
    return r.json()["code"]


def test_a_bmg_table_code_opens_the_round(phones, base_url, shot):
    code = new(base_url, "bmg", {"players": CREWS})
    page = phones.open(f"/join/{code}")
    expect(page.get_by_test_id("take-player:a")).to_contain_text("Take")
    expect(page.locator("strong", has_text="Bruce")).to_be_visible()  # the seat named by the table
    shot(page, "other-game-join-bmg")
    page.get_by_test_id("take-player:a").click()
    expect(page.get_by_test_id("round-strip")).to_contain_text("Round 1 of 4")
    expect(page.get_by_test_id("crew-a")).to_contain_text("Bruce")
    shot(page, "other-game-bmg")
    page.goto("/#/hero")  # a board-game route the Miniature Game has no screen for: its home screen
    expect(page.get_by_test_id("tab-plan")).to_be_visible()
    expect(page.get_by_test_id("tab-hero")).to_have_count(0)


def test_a_gcsg_table_code_opens_the_city_in_french(phones, base_url, shot):
    code = new(base_url, "gcsg", {"villains": ["joker", "penguin", "two-face"]})
    page = phones.open(f"/join/{code}", lang="fr", viewport={"width": 360, "height": 640})
    expect(page.locator("strong", has_text="The Penguin")).to_be_visible()
    page.get_by_test_id("take-penguin").click()
    expect(page.get_by_test_id("turn-strip")).to_contain_text("Mise en place")
    expect(page.get_by_test_id("city").locator("[data-block]")).to_have_count(12)
    shot(page, "other-game-gcsg-fr")
    page.get_by_role("link", name="Accueil").click()
    expect(page.get_by_test_id(f"resume-{code}")).to_be_visible()
