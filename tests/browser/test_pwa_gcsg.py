"""Gotham City Strategy Game on three phones (issue 24): phone A sets up a table for the Joker, the
Penguin and Two-Face with the labelled sample settings and plays the Joker; B and C join as the
Penguin and Two-Face. Each places the starting Threats on the city, then the Joker plays one whole
turn — levels, a Criminal Plot card showing an income, two resources taken, a Henchman recruited
and moved — until every phone shows the Penguin's turn. Every step is saved at 390x844 and
360x640, in English and in French.

Private parts: the Joker's Money and Information reach only phone A (its stash screen and the
table it keeps); the other phones' DOM and tables never hold them."""
from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from tests.browser.steps import Shots, snapshot, step_to

TEXT = {
    "en": {"henchman": "Henchm", "create": "Create a table", "setup": "Setup: starting Threats", "turn1": "Turn 1 · The Joker",
           "turn2": "Turn 2 · The Penguin", "ruled": "Ruler: Joker", "stash": "The Joker's stash",
           "plot": "Play a Criminal Plot card", "hire": "Recruit Henchmen", "move": "Move your figures",
           "no_stash": "Only a Villain's phone shows its stash.", "33.3": "33.3", "66.7": "66.7",
           "wait1": "Waiting: The Joker: advance a level or move on",
           "go2": "Your go: advance a level or move on"},
    "fr": {"henchman": "Homme de main", "create": "Créer une table", "setup": "Mise en place : Menaces de départ", "turn1": "Tour 1 · The Joker",
           "turn2": "Tour 2 · The Penguin", "ruled": "Contrôle : Joker", "stash": "Réserve de The Joker",
           "plot": "Jouer une carte Complot criminel", "hire": "Recruter des Hommes de main",
           "move": "Déplacer vos figurines", "no_stash": "Seul le téléphone d'un Vilain montre sa réserve.",
           "33.3": "33,3", "66.7": "66,7",
           "wait1": "En attente : The Joker : monter de niveau ou passer à la suite",
           "go2": "À vous : monter de niveau ou passer à la suite"},
}


def place_starting_threats(page, blocks):
    for block in blocks:
        step_to(page, f"place_threats-{block}", 2)
    page.get_by_test_id("place-threats").click()


def stash_stays_home(pages, code: str, joker_money: int) -> None:
    """Only phone A (the Joker) holds the Joker's stash."""
    a = pages[0]
    assert snapshot(a, code)["me"]["villain"] == "joker"
    for other, villain in zip(pages[1:], ("penguin", "two-face")):
        table = snapshot(other, code)
        assert table["me"]["villain"] == villain, table.get("me")
        assert "joker" not in json.dumps(table.get("me")), table.get("me")
        for p in table["players"]:
            assert "money" not in p and "information" not in p, p
        # what its DOM shows as a stash is its own
        assert "The Joker" not in (other.get_by_test_id("stash").inner_text() if other.get_by_test_id("stash").count() else "")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_one_turn_with_three_phones(phones, shot, lang):
    say, snap = TEXT[lang], Shots(shot, "gcsg", lang)
    a = phones.open("/", lang=lang)
    expect(a.get_by_role("heading", name=say["create"])).to_be_visible()
    a.get_by_test_id("mode-gcsg").click()
    expect(a.get_by_test_id("gcsg-joker")).to_be_checked()
    expect(a.get_by_test_id("gcsg-penguin")).to_be_checked()
    expect(a.get_by_test_id("gcsg-two-face")).to_be_checked()
    snap(a, "create", "a")
    a.get_by_test_id("create-gcsg").click()
    code = a.get_by_test_id("join-code").inner_text().strip()
    assert re.fullmatch(r"[A-Z0-9]{6}", code)
    a.get_by_test_id("take-joker").click()
    expect(a.get_by_role("heading", name=say["setup"])).to_be_visible()

    b = phones.open(f"/join/{code}", lang=lang)
    expect(b.get_by_test_id("take-joker")).to_be_disabled()
    snap(b, "join", "b")
    b.get_by_test_id("take-penguin").click()
    c = phones.open(f"/join/{code}", lang=lang)
    c.get_by_test_id("take-two-face").click()
    expect(c.get_by_role("heading", name=say["setup"])).to_be_visible()
    snap(a, "setup", "a")

    # the starting Threats, each on their own phone, in seat order
    place_starting_threats(a, ["uptown-1", "uptown-2"])
    expect(b.get_by_test_id("place-threats")).to_be_visible()
    expect(b.get_by_test_id("block-uptown-1")).to_contain_text(say["ruled"])
    snap(b, "penguin-places", "b")
    place_starting_threats(b, ["midtown-2", "midtown-3"])
    place_starting_threats(c, ["downtown-1", "downtown-2"])
    expect(a.get_by_role("heading", name=say["turn1"])).to_be_visible()
    expect(c.get_by_role("heading", name=say["turn1"])).to_be_visible()
    expect(b.get_by_test_id("nothing-now")).to_be_visible()
    # whose go it is, on every phone (issue 31): the others are told whom the table waits for
    expect(b.get_by_test_id("waiting")).to_have_text(say["wait1"])
    expect(a.get_by_test_id("waiting")).to_have_count(0)
    expect(a.get_by_test_id("prompt")).to_be_visible()
    snap(a, "turn-1", "a")
    snap(c, "turn-1-others", "c")

    a.get_by_test_id("tab-stash").click()
    expect(a.get_by_role("heading", name=say["stash"])).to_be_visible()
    money = int(a.get_by_test_id("stash-money").locator(".n").inner_text().lstrip("$"))
    snap(a, "stash", "a")
    b.get_by_test_id("tab-stash").click()
    expect(b.get_by_test_id("stash")).to_be_visible()
    snap(b, "stash-own", "b")
    stash_stays_home([a, b, c], code, money)
    b.get_by_test_id("tab-table").click()
    a.get_by_test_id("tab-table").click()

    # the Joker's turn: levels (nothing bought), the plot card with an income, two resources
    a.get_by_test_id("advance").click()
    expect(a.get_by_test_id("now")).to_have_text(say["plot"])
    a.get_by_test_id("income-block").select_option("uptown-1")
    snap(a, "plot", "a")
    a.get_by_test_id("play-income").click()
    expect(a.get_by_test_id("take-money-plus")).to_be_visible()
    step_to(a, "take-money", 2)
    snap(a, "take-two", "a")
    a.get_by_test_id("take").click()
    expect(a.get_by_test_id("take")).to_have_count(0)
    a.get_by_test_id("tab-stash").click()
    expect(a.get_by_test_id("stash-money").locator(".n")).to_have_text(f"${money + 1 + 2}")
    a.get_by_test_id("tab-table").click()
    stash_stays_home([a, b, c], code, money + 3)

    # hire one Henchman, then move it from the Hideout to a block
    a.get_by_test_id("advance").click()
    expect(a.get_by_test_id("now")).to_have_text(say["hire"])
    snap(a, "hire", "a")
    a.get_by_test_id("hire").click()
    expect(a.get_by_test_id("hire")).to_be_visible()
    a.get_by_test_id("advance").click()
    expect(a.get_by_test_id("now")).to_have_text(say["move"])
    a.get_by_test_id("move-villain").select_option("uptown-3")  # the Joker's figure goes along
    a.get_by_test_id("move-to").select_option("uptown-3")
    snap(a, "move", "a")
    a.get_by_test_id("move").click()
    expect(b.get_by_test_id("block-uptown-3")).to_contain_text("●1")
    expect(b.get_by_test_id("block-uptown-3")).to_contain_text("J♜")
    snap(b, "henchman-moved", "b")
    b.get_by_test_id("tab-stash").click()  # the Penguin looks at its stash meanwhile
    expect(b.get_by_test_id("prompt")).to_have_count(0)
    a.get_by_test_id("advance").click()  # the turn ends: a card drawn, the Penguin plays

    # the Penguin's phone learns it is its turn on the screen it shows: the prompt and the City badge
    expect(b.get_by_test_id("prompt")).to_contain_text(say["go2"])
    expect(b.get_by_test_id("badge-table")).to_be_visible()
    snap(b, "penguin-your-go-on-stash", "b")
    b.get_by_test_id("prompt-open").click()

    for page in (a, b, c):
        expect(page.get_by_role("heading", name=say["turn2"])).to_be_visible()
    expect(b.get_by_test_id("advance")).to_be_visible()
    expect(a.get_by_test_id("nothing-now")).to_be_visible()
    snap(b, "turn-2", "b")
    snap(a, "turn-2-joker", "a")
    stash_stays_home([a, b, c], code, money)

    # the Penguin's turn ends in a fight: its figure enters the Joker's block; both fighters'
    # phones show the odds the table view carries, the Penguin's phone enters the dice
    b.get_by_test_id("advance").click()
    b.get_by_test_id("income-block").select_option("midtown-2")  # a block the Penguin rules
    b.get_by_test_id("play-income").click()
    step_to(b, "take-money", 2)
    b.get_by_test_id("take").click()
    expect(b.get_by_test_id("take")).to_have_count(0)  # taken: the table no longer offers it
    b.get_by_test_id("advance").click()
    expect(b.get_by_test_id("now")).to_have_text(say["hire"])
    b.get_by_test_id("advance").click()
    expect(b.get_by_test_id("now")).to_have_text(say["move"])
    b.get_by_test_id("move-villain").select_option("uptown-3")
    b.get_by_test_id("move").click()
    b.get_by_test_id("to-fight").click()
    # the percentages in the phone's language (Intl: "33.3" in English, "33,3" in French)
    expect(b.get_by_test_id("odds-penguin")).to_contain_text(say["33.3"])
    expect(b.get_by_test_id("odds-joker")).to_contain_text(say["66.7"])
    a.get_by_test_id("tab-dice").click()
    expect(a.get_by_test_id("odds-joker")).to_contain_text(say["66.7"])
    expect(c.get_by_test_id("tab-dice")).to_be_visible()
    snap(b, "fight-odds", "b")
    snap(a, "fight-odds-joker", "a")
    b.get_by_test_id("face-penguin").select_option("2")
    b.get_by_test_id("face-joker").select_option("1")
    b.get_by_test_id("resolve-fight").click()
    expect(b.get_by_test_id("no-fight")).to_be_visible()
    expect(b.get_by_test_id("fight-result")).to_contain_text("Uptown block 3")
    snap(b, "fight-result", "b")
    b.get_by_test_id("tab-table").click()
    expect(b.get_by_test_id("block-uptown-3")).to_contain_text(re.compile("P♜|J♜"))
    snap(b, "after-fight", "b")
    stash_stays_home([a, b, c], code, money)

    # the history on another phone: the public lines only
    c.get_by_test_id("tab-history").click()
    expect(c.get_by_test_id("history")).to_contain_text(say["henchman"])  # in the phone's language
    assert "undefined" not in c.get_by_test_id("history").inner_text()
    snap(c, "history", "c")
