"""A table of a game the PWA does not draw yet (Batman Miniature Game, Gotham City Strategy Game):
the join screen names its seats from the table, a phone takes one and is told politely that the
screens are coming, in English and French, with no error in the page."""
from __future__ import annotations

import requests
from playwright.sync_api import expect

CREWS = [{"id": p, "name": n, "crew": {"name": n, "boss": b, "members": [{"card": b}]}}
         for p, n, b in (("a", "Bruce", "batman"), ("b", "Jack", "joker"))]


def new(base_url, game, options):
    r = requests.post(f"{base_url}/api/games/{game}/tables", json=options, timeout=10)
    assert r.status_code == 201, r.text
    return r.json()["code"]


def test_a_bmg_table_code_says_so_politely(phones, base_url, shot):
    code = new(base_url, "bmg", {"players": CREWS})
    page = phones.open(f"/join/{code}")
    expect(page.get_by_test_id("take-player:a")).to_contain_text("Take")
    expect(page.locator("strong", has_text="Bruce")).to_be_visible()  # the seat named by the table
    shot(page, "other-game-join-bmg")
    page.get_by_test_id("take-player:a").click()
    notice = page.get_by_test_id("other-game")
    expect(notice).to_contain_text("This table plays Batman Miniature Game")
    expect(notice).to_contain_text(code)
    shot(page, "other-game-bmg")
    page.goto("/#/hero")  # any other screen of the board game: the same notice, never a broken screen
    expect(page.get_by_test_id("other-game")).to_be_visible()


def test_a_gcsg_table_code_says_so_politely_in_french(phones, base_url, shot):
    code = new(base_url, "gcsg", {"villains": ["joker", "penguin", "two-face"]})
    page = phones.open(f"/join/{code}", lang="fr", viewport={"width": 360, "height": 640})
    expect(page.locator("strong", has_text="The Penguin")).to_be_visible()
    page.get_by_test_id("take-penguin").click()
    notice = page.get_by_test_id("other-game")
    expect(notice).to_contain_text("Cette table joue à Batman : Gotham City Strategy Game")
    shot(page, "other-game-gcsg-fr")
    page.get_by_role("link", name="Retour à mes tables").click()
    expect(page.get_by_test_id(f"resume-{code}")).to_be_visible()
