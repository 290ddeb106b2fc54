"""Gotham City Strategy Game on three phones (issues 24 and 31): phone A sets up a table for the
Joker, the Penguin and Two-Face with the table's own settings, entered in the editor (the
Penguin's dial asks $3 for level 1), and plays the Joker; B and C join as the Penguin and Two-Face.
Each places the starting Threats on the city, then the Joker plays one whole turn — levels, a
Criminal Plot card showing an income, two resources taken, a Henchman recruited and moved — and
the Penguin his: level 2 gained and its Ability card taken, a plot card, then a fight whose
Threats he declines — and Two-Face hers, which closes the first round (turn 4 is the Joker's). Every
step is saved at 390x844 and 360x640, in English and in French. Played with only what a person sees
(roles, labels, visible words; no test ids); the taps of each action are counted (steps.Taps),
printed and saved to artifacts/gcsg-taps.md (gcsg-taps-fr.md in French).

Private parts: the Joker's Money and Information reach only phone A (its stash screen and the
table it keeps); the other phones' DOM and tables never hold them.

What every player reads (issue 31), checked by roles, labels and visible words: the Reserves on a
bystander's phone as tokens are taken and returned (SETUP), the level button disabled with its
requirement in words (ADV), Recruit with its price (HIRE), the last fight's outcome on the phones
that did not enter the dice (FVV), and the last round's turns left (END)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from games import serial
from tests.browser.steps import Shots, Taps, snapshot
from tests.game_http import EXPORT
from tests.gcsg.support import JOKER, PENGUIN, TWO_FACE, table as gcsg_table

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"

TEXT = {
    "en": {"own": "Our own settings (dials, screens, board)", "penguin_dial": "The Penguin: dial and Ability cards",
           "penguin_amount": "The Penguin · Level 1 · Amount", "penguin_level": "Advance to level 2 ($3)",
           "take_ability": "Take this Ability", "henchman": "Henchm", "create": "Create a table", "setup": "Setup: starting Threats", "turn1": "Turn 1 · The Joker",
           "turn2": "Turn 2 · The Penguin", "turn3": "Turn 3 · Two-Face", "turn4": "Turn 4 · The Joker",
           "decline": "Decline", "ruled": "Ruler: Joker", "stash": "The Joker's stash",
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
           "last_round2": "Last round: 2 turns left (The Joker and The Penguin)",
           # what a person reads on the controls (roles, labels, visible words)
           "mode": "Strategy Game", "create_btn": "Create the table", "join_h": r"^Join table [A-Z0-9]{6}$",
           "take_seat": "Take this seat: {who}", "threats": "Threats: {block}", "place": "Place them",
           "city": "The city", "city_tab": "City", "stash_tab": "Stash", "fight_tab": "Fight", "history_tab": "History",
           "your_go": "Your go: ", "open": "Open", "city_badge": "City Your go", "stash_of": r"'s stash$",
           "nothing_now": r"^(Nothing for this phone now|Waiting for .+)\.$", "next": "Next: {step}", "strip": r"^Turn \d+ · ", "income_block": "Income block",
           "play_card": "Play the card", "money": "Money", "take": "Take them", "villain_figure": "Your Villain",
           "to": "To", "move_btn": "Move", "to_fight": "To the fight…", "resolve": "Resolve the fight",
           "no_fight": "No fight now.", "dollars": r"^\$(\d+)$", "dollars_n": "${n}"},
    "fr": {"own": "Nos propres réglages (cadrans, écrans, plateau)",
           "penguin_dial": "The Penguin : cadran et cartes Capacité",
           "penguin_amount": "The Penguin · Niveau 1 · Quantité", "penguin_level": "Passer au niveau 2 (3 $)",
           "take_ability": "Prendre cette Capacité", "henchman": "Homme de main", "create": "Créer une table", "setup": "Mise en place : Menaces de départ", "turn1": "Tour 1 · The Joker",
           "turn2": "Tour 2 · The Penguin", "turn3": "Tour 3 · Two-Face", "turn4": "Tour 4 · The Joker",
           "decline": "Refuser", "ruled": "Contrôle : Joker", "stash": "Réserve de The Joker",
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
           "last_round2": "Dernier tour de table : 2 tours restants (The Joker et The Penguin)",
           "mode": "Jeu de stratégie", "create_btn": "Créer la table", "join_h": r"^Rejoindre la table [A-Z0-9]{6}$",
           "take_seat": "Prendre cette place : {who}", "threats": "Menaces : {block}", "place": "Les poser",
           "city": "La ville", "city_tab": "Ville", "stash_tab": "Réserve", "fight_tab": "Combat", "history_tab": "Historique",
           "your_go": "À vous : ", "open": "Ouvrir", "city_badge": "Ville À vous", "stash_of": r"^Réserve de ",
           "nothing_now": r"^(Rien pour ce téléphone pour l'instant|On attend .+)\.$", "next": "Suite : {step}", "strip": r"^Tour \d+ · ", "income_block": "Bloc du revenu",
           "play_card": "Jouer la carte", "money": "Argent", "take": "Les prendre", "villain_figure": "Votre Vilain",
           "to": "Vers", "move_btn": "Déplacer", "to_fight": "Vers le combat…", "resolve": "Résoudre le combat",
           "no_fight": "Aucun combat pour l'instant.", "dollars": r"^(\d+) \$$", "dollars_n": "{n} $"},
}


def step_up(taps, page, label: str, value: int, tries: int = 8) -> None:
    """Tap the stepper named `label`'s + until its number reads `value`, each tap counted once it is
    seen: the phone is drawn again on every change it receives, and a tap whose press and release
    straddle that drawing is lost (tapped again, as a person would, but counted once)."""
    shown = page.get_by_role("group", name=label, exact=True).get_by_role("status")
    plus = page.get_by_role("button", name=f"{label} +1", exact=True)
    for _ in range(tries):
        now = int(shown.inner_text())
        if now >= value:
            break
        plus.click()
        try:
            expect(shown).to_have_text(str(now + 1), timeout=2000)
        except AssertionError:
            continue
        taps.rows[-1][2] += 1
    expect(shown).to_have_text(str(value))


def step_field(taps, page, name: str, value: int) -> None:
    """The settings editor's stepper (a number box between − and +): tapped until it reads `value`,
    each tap counted."""
    box = page.get_by_role("spinbutton", name=name, exact=True)
    for _ in range(40):
        now = int(box.input_value())
        if now == value:
            return
        taps.tap(page.get_by_role("button", name=f"{name} {'+1' if now < value else '−1'}", exact=True))
        expect(box).not_to_have_value(str(now))
    expect(box).to_have_value(str(value))


def place_starting_threats(taps, page, say, blocks):
    for block in blocks:
        step_up(taps, page, say["threats"].format(block=block), 2)
    taps.tap(page.get_by_role("button", name=say["place"], exact=True))


def block(page, say, name):
    """A block of the city, as its card shows it (its name, who rules it, the figures on it)."""
    return (page.get_by_role("region", name=say["city"]).get_by_role("listitem")
            .filter(has=page.get_by_text(name, exact=True)))


def tab(page, say, name):
    """A tab of the tab bar, by its word (a badge adds "Your go" to its name)."""
    return page.get_by_role("link", name=re.compile(rf"^{re.escape(say[name])}"))


def stash_stays_home(pages, say, code: str, joker_money: int) -> None:
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
        shown = other.get_by_role("region", name=re.compile(say["stash_of"]))
        assert "The Joker" not in (shown.inner_text() if shown.count() else "")
        expect(other.get_by_role("heading", name=say["stash"])).to_have_count(0)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_one_turn_with_three_phones(phones, shot, lang):
    say, snap, taps = TEXT[lang], Shots(shot, "gcsg", lang), Taps()
    a = phones.open("/", lang=lang)
    taps.action("create the table (3 Villains, own settings: the Penguin's level 1 at $3)", "A")
    expect(a.get_by_role("heading", name=say["create"])).to_be_visible()
    taps.tap(a.get_by_role("button", name=say["mode"], exact=True))
    for villain in ("The Joker", "The Penguin", "Two-Face"):
        expect(a.get_by_role("checkbox", name=villain, exact=True)).to_be_checked()
    # the table's own settings, in the editor (no JSON): the Penguin's dial asks $3 for level 1
    # (the sample's $4), what his screen holds (SETUP: $3), so that he can advance in his turn
    taps.tap(a.get_by_role("radio", name=say["own"]))
    taps.tap(a.get_by_text(say["penguin_dial"], exact=True))
    expect(a.get_by_role("spinbutton", name=say["penguin_amount"], exact=True)).to_have_value("4")
    step_field(taps, a, say["penguin_amount"], 3)
    snap(a, "create", "a")
    taps.tap(a.get_by_role("button", name=say["create_btn"], exact=True))
    heading = a.get_by_role("heading", name=re.compile(say["join_h"]))
    expect(heading).to_be_visible()
    code = heading.inner_text().split()[-1]
    assert re.fullmatch(r"[A-Z0-9]{6}", code)
    taps.action("the host takes the Joker's seat", "A")
    taps.tap(a.get_by_role("button", name=say["take_seat"].format(who="The Joker")))
    expect(a.get_by_role("heading", name=say["setup"])).to_be_visible()

    b = phones.open(f"/join/{code}", lang=lang)
    expect(b.get_by_role("button", name=say["take_seat"].format(who="The Joker"))).to_be_disabled()
    snap(b, "join", "b")
    taps.action("join as the Penguin from the link", "B")
    taps.tap(b.get_by_role("button", name=say["take_seat"].format(who="The Penguin")))
    c = phones.open(f"/join/{code}", lang=lang)
    taps.action("join as Two-Face from the link", "C")
    taps.tap(c.get_by_role("button", name=say["take_seat"].format(who="Two-Face")))
    expect(c.get_by_role("heading", name=say["setup"])).to_be_visible()
    snap(a, "setup", "a")

    # the starting Threats, each on their own phone, in seat order
    taps.action("the Joker places 2 + 2 starting Threats", "A")
    place_starting_threats(taps, a, say, ["Uptown block 1", "Uptown block 2"])
    expect(b.get_by_role("button", name=say["place"], exact=True)).to_be_visible()
    expect(block(b, say, "Uptown block 1")).to_contain_text(say["ruled"])
    snap(b, "penguin-places", "b")
    taps.action("the Penguin places 2 + 2 starting Threats", "B")
    place_starting_threats(taps, b, say, ["Midtown block 2", "Midtown block 3"])
    taps.action("Two-Face places 2 + 2 starting Threats", "C")
    place_starting_threats(taps, c, say, ["Downtown block 1", "Downtown block 2"])
    expect(a.get_by_role("heading", name=say["turn1"])).to_be_visible()
    expect(c.get_by_role("heading", name=say["turn1"])).to_be_visible()
    expect(b.get_by_text(re.compile(say["nothing_now"]))).to_be_visible()   # nothing for this phone
    # whose go it is, on every phone (issue 31): the others are told whom the table waits for
    expect(b.get_by_text(say["wait1"], exact=True)).to_be_visible()
    expect(a.get_by_text(say["wait1"], exact=True)).to_have_count(0)
    expect(a.get_by_role("status").filter(has_text=say["your_go"])).to_be_visible()
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

    taps.action("the Joker looks at its stash", "A")
    taps.tap(tab(a, say, "stash_tab"))
    stash_a = a.get_by_role("region", name=say["stash"])
    expect(stash_a).to_be_visible()
    dollars = stash_a.get_by_text(re.compile(say["dollars"]))   # the Money stat, "$3" ("3 $" in French)
    money = int(re.fullmatch(say["dollars"], dollars.inner_text()).group(1))
    snap(a, "stash", "a")
    taps.action("the Penguin looks at its stash", "B")
    taps.tap(tab(b, say, "stash_tab"))
    expect(b.get_by_role("region", name=re.compile(say["stash_of"]))).to_be_visible()
    snap(b, "stash-own", "b")
    stash_stays_home([a, b, c], say, code, money)
    taps.action("back to the city", "B")
    taps.tap(tab(b, say, "city_tab"))
    taps.action("back to the city", "A")
    taps.tap(tab(a, say, "city_tab"))

    def next_step(page, phone, step):
        """The Next button (it names the step it leads to), and the strip then says that step."""
        taps.action(f"advance to {TEXT['en'][step]}", phone)
        taps.tap(page.get_by_role("button", name=say["next"].format(step=say[step]), exact=True))
        strip = page.get_by_role("region", name=re.compile(say["strip"]))   # the turn strip: "now" is this step
        expect(strip.get_by_text(say[step], exact=True)).to_be_visible()

    # the Joker's turn: levels (nothing bought), the plot card with an income, two resources
    next_step(a, "A", "plot")
    taps.action("the Joker plays a plot card, income from Uptown block 1", "A")
    taps.choose(a.get_by_role("combobox", name=say["income_block"]), "Uptown block 1")
    snap(a, "plot", "a")
    taps.tap(a.get_by_role("button", name=say["play_card"], exact=True))
    taps.action("the Joker takes $2", "A")
    step_up(taps, a, say["money"], 2)
    snap(a, "take-two", "a")
    taps.tap(a.get_by_role("button", name=say["take"], exact=True))
    expect(a.get_by_role("button", name=say["take"], exact=True)).to_have_count(0)
    expect(reserves_c).to_contain_text(say["money68"])  # $1 of income and $2 taken, on Two-Face's phone
    taps.action("the Joker checks its stash and comes back", "A")
    taps.tap(tab(a, say, "stash_tab"))
    expect(stash_a.get_by_text(re.compile(say["dollars"]))).to_have_text(say["dollars_n"].format(n=money + 1 + 2))
    taps.tap(tab(a, say, "city_tab"))
    stash_stays_home([a, b, c], say, code, money + 3)

    # hire one Henchman, then move it from the Hideout to a block
    next_step(a, "A", "hire")
    expect(a.get_by_text(say["each"], exact=True)).to_be_visible()  # HIRE: $5 each, the offer's price
    snap(a, "hire", "a")
    taps.action("the Joker recruits a Henchman", "A")
    taps.tap(a.get_by_role("button", name=say["recruit1"]))
    expect(reserves_c).to_contain_text(say["money73"])  # the $5 back in the Reserves, a Henchman out
    expect(reserves_c).to_contain_text(say["joker_reserve"])
    reserves_c.scroll_into_view_if_needed()
    snap(c, "reserves", "c")
    next_step(a, "A", "move")
    taps.action("the Joker moves its figure and a Henchman to Uptown block 3", "A")
    taps.choose(a.get_by_role("combobox", name=say["villain_figure"]), "Uptown block 3")  # the Joker's figure goes along
    taps.choose(a.get_by_role("combobox", name=say["to"], exact=True), "Uptown block 3")
    snap(a, "move", "a")
    taps.tap(a.get_by_role("button", name=say["move_btn"], exact=True))
    expect(block(b, say, "Uptown block 3")).to_contain_text("●1")
    expect(block(b, say, "Uptown block 3")).to_contain_text("J♜")
    snap(b, "henchman-moved", "b")
    taps.action("the Penguin looks at its stash meanwhile", "B")
    taps.tap(tab(b, say, "stash_tab"))
    expect(b.get_by_role("status").filter(has_text=say["your_go"])).to_have_count(0)
    taps.action("the Joker ends the turn (a card drawn)", "A")
    taps.tap(a.get_by_role("button", name=say["end_turn"], exact=True))

    # the Penguin's phone learns it is its turn on the screen it shows: the prompt and the City badge
    prompt_b = b.get_by_role("status").filter(has_text=say["your_go"])
    expect(prompt_b).to_contain_text(say["go2"])
    expect(b.get_by_role("link", name=say["city_badge"])).to_be_visible()
    snap(b, "penguin-your-go-on-stash", "b")
    taps.action("the Penguin opens the city from the prompt", "B")
    taps.tap(prompt_b.get_by_role("link", name=say["open"]))

    for page in (a, b, c):
        expect(page.get_by_role("heading", name=say["turn2"])).to_be_visible()
    expect(b.get_by_role("button", name=say["next"].format(step=say["plot"]), exact=True)).to_be_visible()
    expect(a.get_by_text(re.compile(say["nothing_now"]))).to_be_visible()
    snap(b, "turn-2", "b")
    snap(a, "turn-2-joker", "a")
    stash_stays_home([a, b, c], say, code, money)

    # ADV: the Penguin's $3 pays his level 1 (the editor's setting): level 2, and its Ability card
    taps.action("the Penguin gains level 2 and takes its Ability card", "B")
    taps.tap(b.get_by_role("button", name=say["penguin_level"]))
    taps.tap(b.get_by_role("button", name=say["take_ability"]))
    expect(b.get_by_role("button", name=say["take_ability"])).to_have_count(0)
    snap(b, "penguin-level-2", "b")

    # the Penguin's turn ends in a fight: its figure enters the Joker's block; both fighters'
    # phones show the odds the table view carries, the Penguin's phone enters the dice
    next_step(b, "B", "plot")
    taps.action("the Penguin plays a plot card, income from Midtown block 2", "B")
    taps.choose(b.get_by_role("combobox", name=say["income_block"]), "Midtown block 2")  # a block the Penguin rules
    taps.tap(b.get_by_role("button", name=say["play_card"], exact=True))
    taps.action("the Penguin takes $2", "B")
    step_up(taps, b, say["money"], 2)
    taps.tap(b.get_by_role("button", name=say["take"], exact=True))
    expect(b.get_by_role("button", name=say["take"], exact=True)).to_have_count(0)  # taken: the table no longer offers it
    next_step(b, "B", "hire")
    next_step(b, "B", "move")
    taps.action("the Penguin moves its figure into the Joker's block", "B")
    taps.choose(b.get_by_role("combobox", name=say["villain_figure"]), "Uptown block 3")
    taps.tap(b.get_by_role("button", name=say["move_btn"], exact=True))
    taps.action("the Penguin goes to the fight", "B")
    taps.tap(b.get_by_role("link", name=say["to_fight"]))
    # the percentages in the phone's language (Intl: "33.3" in English, "33,3" in French)
    expect(b.get_by_role("group", name="The Penguin", exact=True)).to_contain_text(say["33.3"])
    expect(b.get_by_role("group", name="The Joker", exact=True)).to_contain_text(say["66.7"])
    taps.action("the Joker opens the fight", "A")
    taps.tap(tab(a, say, "fight_tab"))
    expect(a.get_by_role("group", name="The Joker", exact=True)).to_contain_text(say["66.7"])
    expect(tab(c, say, "fight_tab")).to_be_visible()
    snap(b, "fight-odds", "b")
    snap(a, "fight-odds-joker", "a")
    taps.action("the Penguin enters the dice (2 and 1) and resolves the fight", "B")
    taps.choose(b.get_by_role("combobox", name="The Penguin", exact=True), "2")
    taps.choose(b.get_by_role("combobox", name="The Joker", exact=True), "1")
    taps.tap(b.get_by_role("button", name=say["resolve"], exact=True))
    expect(b.get_by_text(say["no_fight"], exact=True)).to_be_visible()
    expect(b.get_by_role("status").filter(has=b.get_by_role("heading", name=say["last_fight"]))).to_contain_text("Uptown block 3")
    snap(b, "fight-result", "b")
    # FVV: the phones that did not enter the dice read the same outcome (2 + 0 against 1 + 1: a tie,
    # the Penguin entered): the Joker's on its fight tab, Two-Face's on the city
    for page in (a, c):
        result = page.get_by_role("status").filter(has=page.get_by_role("heading", name=say["last_fight"]))
        expect(result).to_contain_text(say["penguin_wins"])
        expect(result).to_contain_text(say["tie"])
    c.get_by_role("heading", name=say["last_fight"]).scroll_into_view_if_needed()
    snap(c, "fight-result-others", "c")
    taps.action("back to the city", "B")
    taps.tap(tab(b, say, "city_tab"))
    expect(block(b, say, "Uptown block 3")).to_contain_text(re.compile("P♜|J♜"))
    snap(b, "after-fight", "b")
    stash_stays_home([a, b, c], say, code, money)

    # the won fight's Threats are the Penguin's to place or not (FVV: "may"): he declines, ends
    # his turn, and Two-Face plays hers, which closes the round: every Villain has played once
    taps.action("the Penguin declines the fight's Threats", "B")
    taps.tap(b.get_by_role("button", name=say["decline"], exact=True))
    taps.action("the Penguin ends the turn (a card drawn)", "B")
    taps.tap(b.get_by_role("button", name=say["end_turn"], exact=True))
    for page in (b, c):  # on the city (the Joker's phone is still on its fight tab)
        expect(page.get_by_role("heading", name=say["turn3"])).to_be_visible()
    snap(c, "turn-3", "c")
    next_step(c, "C", "plot")
    taps.action("Two-Face plays a plot card, income from Downtown block 1", "C")
    taps.choose(c.get_by_role("combobox", name=say["income_block"]), "Downtown block 1")  # a block she rules
    taps.tap(c.get_by_role("button", name=say["play_card"], exact=True))
    taps.action("Two-Face takes $2", "C")
    step_up(taps, c, say["money"], 2)
    taps.tap(c.get_by_role("button", name=say["take"], exact=True))
    expect(c.get_by_role("button", name=say["take"], exact=True)).to_have_count(0)
    next_step(c, "C", "hire")
    next_step(c, "C", "move")
    taps.action("Two-Face ends the turn (a card drawn): the round is over", "C")
    taps.tap(c.get_by_role("button", name=say["end_turn"], exact=True))
    for page in (b, c):
        expect(page.get_by_role("heading", name=say["turn4"])).to_be_visible()
    # the Joker's phone, on its fight tab, is told its go has come again
    expect(a.get_by_role("status").filter(has_text=say["your_go"])).to_be_visible()
    snap(a, "turn-4-joker", "a")

    # the history on another phone: the public lines only
    taps.action("look at the history", "C")
    taps.tap(tab(c, say, "history_tab"))
    history = c.get_by_role("list").filter(has=c.get_by_role("listitem")).first
    expect(history).to_contain_text(say["henchman"])  # in the phone's language
    assert "undefined" not in history.inner_text()
    snap(c, "history", "c")

    per_phone = {p: sum(r[2] for r in taps.rows if r[1] == p) for p in "ABC"}
    advancing = sum(r[2] for r in taps.rows if r[0].startswith("advance to ") or "ends the turn" in r[0])
    table = taps.table() + (f"\n\nTaps in all: {sum(per_phone.values())} "
                            f"({', '.join(f'{p}: {n}' for p, n in per_phone.items())}); "
                            f"advancing taps (Next, End the turn): {advancing}.")
    print(f"\n[{lang}]\n" + table)
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / f"gcsg-taps{'' if lang == 'en' else '-' + lang}.md").write_text(
        "# Taps of a Strategy Game turn each for the Joker and the Penguin, three phones, phones in "
        f"{lang} (tests/browser/test_pwa_gcsg.py)\n\nA choice in a drop-down list counts 2 taps (open, choose).\n\n"
        + table + "\n")


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
