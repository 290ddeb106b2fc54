"""Gotham City Strategy Game on three phones (issues 24 and 31): phone A sets up a table for the
Joker, the Penguin and Two-Face with the table's own settings, entered in the editor (the
Penguin's dial asks $3 for level 1), and plays the Joker; B and C join as the Penguin and Two-Face.
Each places the starting Threats on the city, then the Joker plays one whole turn — levels, a
Criminal Plot card showing an income, two resources taken, a Henchman recruited and moved — and
the Penguin his: level 2 gained and its Ability card taken, a plot card, then a fight. Every step
is saved at 390x844 and 360x640, in English and in French.

Private parts: the Joker's Money and Information reach only phone A (its stash screen and the
table it keeps); the other phones' DOM and tables never hold them.

What every player reads (issue 31), checked by roles, labels and visible words: the Reserves on a
bystander's phone as tokens are taken and returned (SETUP), the level button disabled with its
requirement in words (ADV), Recruit with its price (HIRE), the last fight's outcome on the phones
that did not enter the dice (FVV), and the last round's turns left (END)."""
from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from games import serial
from tests.browser.steps import Shots, snapshot, step_to
from tests.browser.test_pwa_gcsg_settings import step_field
from tests.game_http import EXPORT
from tests.gcsg.support import JOKER, PENGUIN, TWO_FACE, table as gcsg_table

TEXT = {
    "en": {"own": "Our own settings (dials, screens, board)", "penguin_dial": "The Penguin: dial and Ability cards",
           "penguin_amount": "The Penguin · Level 1 · Amount", "penguin_level": "Advance to level 2 ($3)",
           "take_ability": "Take this Ability", "henchman": "Henchm", "create": "Create a table", "setup": "Setup: starting Threats", "turn1": "Turn 1 · The Joker",
           "turn2": "Turn 2 · The Penguin", "ruled": "Ruler: Joker", "stash": "The Joker's stash",
           "plot": "Play a Criminal Plot card", "hire": "Recruit Henchmen", "move": "Move your figures",
           "no_stash": "Only a Villain's phone shows its stash.", "33.3": "33.3", "66.7": "66.7",
           "wait1": "Waiting: The Joker: advance a level or move on",
           "go2": "Your go: advance a level or move on",
           "level": "Advance to level 2 ($4)", "needs4": "Level 2 needs $4", "reserves": "The Reserves",
           "money71": "Money: $71 · Information: 51", "money68": "Money: $68 · Information: 51",
           "money73": "Money: $73 · Information: 51", "joker_reserve": "The Joker: Threats 21 · Henchmen 4",
           "recruit1": "Recruit 1 · $5", "each": "$5 a Henchman", "last_fight": "Last fight · Uptown block 3",
           "penguin_wins": "The Penguin wins", "tie": "A tie goes to The Penguin, who entered the block.",
           "end_turn": "End the turn (draw a card)",
           "last_round": "Last round: 3 turns left (Two-Face, The Joker, and The Penguin)",
           "last_round2": "Last round: 2 turns left (The Joker and The Penguin)"},
    "fr": {"own": "Nos propres réglages (cadrans, écrans, plateau)",
           "penguin_dial": "The Penguin : cadran et cartes Capacité",
           "penguin_amount": "The Penguin · Niveau 1 · Quantité", "penguin_level": "Passer au niveau 2 (3 $)",
           "take_ability": "Prendre cette Capacité", "henchman": "Homme de main", "create": "Créer une table", "setup": "Mise en place : Menaces de départ", "turn1": "Tour 1 · The Joker",
           "turn2": "Tour 2 · The Penguin", "ruled": "Contrôle : Joker", "stash": "Réserve de The Joker",
           "plot": "Jouer une carte Complot criminel", "hire": "Recruter des Hommes de main",
           "move": "Déplacer vos figurines", "no_stash": "Seul le téléphone d'un Vilain montre sa réserve.",
           "33.3": "33,3", "66.7": "66,7",
           "wait1": "En attente : The Joker : monter de niveau ou passer à la suite",
           "go2": "À vous : monter de niveau ou passer à la suite",
           "level": "Passer au niveau 2 (4 $)", "needs4": "Le niveau 2 demande 4 $", "reserves": "Les Réserves",
           "money71": "Argent : 71 $ · Information : 51", "money68": "Argent : 68 $ · Information : 51",
           "money73": "Argent : 73 $ · Information : 51",
           "joker_reserve": "The Joker : Menaces 21 · Hommes de main 4",
           "recruit1": "En recruter 1 · 5 $", "each": "5 $ par Homme de main",
           "last_fight": "Dernier combat · Uptown block 3", "penguin_wins": "The Penguin l'emporte",
           "tie": "À égalité, The Penguin, entré dans le bloc, l'emporte.",
           "end_turn": "Finir le tour (piocher une carte)",
           "last_round": "Dernier tour de table : 3 tours restants (Two-Face, The Joker et The Penguin)",
           "last_round2": "Dernier tour de table : 2 tours restants (The Joker et The Penguin)"},
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
    # the table's own settings, in the editor (no JSON): the Penguin's dial asks $3 for level 1
    # (the sample's $4), what his screen holds (SETUP: $3), so that he can advance in his turn
    a.get_by_role("radio", name=say["own"]).check()
    a.get_by_text(say["penguin_dial"], exact=True).click()
    expect(a.get_by_role("spinbutton", name=say["penguin_amount"], exact=True)).to_have_value("4")
    step_field(a, say["penguin_amount"], 3)
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
    # ADV: $3 behind the Joker's screen, level 1 asks $4: the button says so and cannot be tapped
    expect(a.get_by_role("button", name=say["level"])).to_be_disabled()
    expect(a.get_by_text(say["needs4"], exact=True)).to_be_visible()
    a.get_by_role("button", name=say["level"]).scroll_into_view_if_needed()
    snap(a, "level-needs", "a")
    # SETUP: the Reserves next to the board, on a phone that is not playing
    reserves_c = c.get_by_role("region", name=say["reserves"])
    expect(reserves_c).to_contain_text(say["money71"])
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
    expect(reserves_c).to_contain_text(say["money68"])  # $1 of income and $2 taken, on Two-Face's phone
    a.get_by_test_id("tab-stash").click()
    expect(a.get_by_test_id("stash-money").locator(".n")).to_have_text(f"${money + 1 + 2}")
    a.get_by_test_id("tab-table").click()
    stash_stays_home([a, b, c], code, money + 3)

    # hire one Henchman, then move it from the Hideout to a block
    a.get_by_test_id("advance").click()
    expect(a.get_by_test_id("now")).to_have_text(say["hire"])
    expect(a.get_by_text(say["each"], exact=True)).to_be_visible()  # HIRE: $5 each, the offer's price
    snap(a, "hire", "a")
    a.get_by_role("button", name=say["recruit1"]).click()
    expect(a.get_by_test_id("hire")).to_be_visible()
    expect(reserves_c).to_contain_text(say["money73"])  # the $5 back in the Reserves, a Henchman out
    expect(reserves_c).to_contain_text(say["joker_reserve"])
    reserves_c.scroll_into_view_if_needed()
    snap(c, "reserves", "c")
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

    # ADV: the Penguin's $3 pays his level 1 (the editor's setting): level 2, and its Ability card
    b.get_by_role("button", name=say["penguin_level"]).click()
    b.get_by_role("button", name=say["take_ability"]).click()
    expect(b.get_by_role("button", name=say["take_ability"])).to_have_count(0)
    snap(b, "penguin-level-2", "b")

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
    # FVV: the phones that did not enter the dice read the same outcome (2 + 0 against 1 + 1: a tie,
    # the Penguin entered): the Joker's on its fight tab, Two-Face's on the city
    for page in (a, c):
        result = page.get_by_role("status").filter(has=page.get_by_role("heading", name=say["last_fight"]))
        expect(result).to_contain_text(say["penguin_wins"])
        expect(result).to_contain_text(say["tie"])
    c.get_by_role("heading", name=say["last_fight"]).scroll_into_view_if_needed()
    snap(c, "fight-result-others", "c")
    b.get_by_test_id("tab-table").click()
    expect(b.get_by_test_id("block-uptown-3")).to_contain_text(re.compile("P♜|J♜"))
    snap(b, "after-fight", "b")
    stash_stays_home([a, b, c], code, money)

    # the history on another phone: the public lines only
    c.get_by_test_id("tab-history").click()
    expect(c.get_by_test_id("history")).to_contain_text(say["henchman"])  # in the phone's language
    assert "undefined" not in c.get_by_test_id("history").inner_text()
    snap(c, "history", "c")


def imported(api, state) -> str:
    """A table resumed from a prepared state (POST /api/tables/import): its code."""
    r = api.session.post(f"{api.base}/api/tables/import", json={"format": EXPORT, "version": 1, "game": "gcsg",
                                                                "state": serial.to_data(state)}, timeout=10)
    assert r.status_code == 201, r.text
    return r.json()["code"]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_last_round_says_the_turns_left(phones, api, shot, lang):
    """END: the Penguin draws the last Criminal Plot card; every phone says one last turn each is left,
    whose, ending with the Penguin's, and counts down as they are played."""
    say, snap = TEXT[lang], Shots(shot, "gcsg-last-round", lang)
    state = gcsg_table([JOKER, PENGUIN, TWO_FACE], "move", PENGUIN)
    state.deck, state.turn.number = 1, 8
    code = imported(api, state)
    b = phones.open(f"/join/{code}", lang=lang)
    b.get_by_test_id("take-penguin").click()
    a = phones.open(f"/join/{code}", lang=lang)
    a.get_by_test_id("take-joker").click()
    b.get_by_role("button", name=say["end_turn"]).click()
    for page in (a, b):
        expect(page.get_by_text(say["last_round"], exact=True)).to_be_visible()
    snap(a, "last-round", "a")
    snap(b, "last-round-drawer", "b")
    two_face = api.seat(code, TWO_FACE)  # Two-Face plays its last turn from a phone of its own
    for name, body in (("advance", {}), ("play_card", {}), ("take_resources", {"money": 2}), ("advance", {}),
                       ("advance", {}), ("advance", {})):
        api.post(code, f"/commands/{name}", two_face, body)
    for page in (a, b):
        expect(page.get_by_text(say["last_round2"], exact=True)).to_be_visible()
    snap(a, "last-round-joker", "a")
