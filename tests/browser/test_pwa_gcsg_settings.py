"""Strategy Game settings editor (issue 31, "Strategy Game at the table": Villain dials, screens,
board and Batman dial in forms started from the sample, remembered on the phone, exported and
imported as a file, no JSON to type). Only roles, labels and visible words.

One phone, in English and French: ticks "our own settings", raises the Joker's level 1 requirement
(ADV · Verification: the dial's amount) from the sample's $4 to $7 and his screen's Money (SETUP)
to $5; a screen beyond the box (30 Threats, COMP: 25 per Villain) is refused by the server next to
the screens; the settings are exported, replaced by the sample, imported back (round trip); a file
the server refuses (a dial without level 9) is refused with its reason and changes nothing; a
reload keeps the edits; the table created shows $7 and $5 on the Joker's phone."""
from __future__ import annotations

import copy
import json

import pytest
from playwright.sync_api import expect

from tests.browser.steps import SIZES, Shots

TEXT = {
    "en": {"create": "Create a table", "mode": "Strategy Game", "own": "Our own settings (dials, screens, board)",
           "joker": "The Joker: dial and Ability cards", "amount": "The Joker · Level 1 · Amount",
           "kind": "The Joker · Level 1 · To advance", "screens": "Player screens", "money": "The Joker · Money",
           "threats": "The Joker · Threats", "board": "Board", "uptown": "Uptown", "batman": "Batman's dial", "options": "Table options", "variant": "Variant:",
           "see": "Refused: see Player screens", "export": "Export as a file", "reset": "Start again from the sample",
           "replace": "Replace", "import": "Import from a file", "imported": "gcsg-settings.json imported",
           "refused": "broken.json not imported, nothing changed", "go": "Create the table",
           "take_joker": "Take this seat: The Joker", "stash": "Stash", "needs": "Next level needs $7", "five": "$5"},
    "fr": {"create": "Créer une table", "mode": "Jeu de stratégie", "own": "Nos propres réglages (cadrans, écrans, plateau)",
           "joker": "The Joker : cadran et cartes Capacité", "amount": "The Joker · Niveau 1 · Quantité",
           "kind": "The Joker · Niveau 1 · Pour monter", "screens": "Écrans des joueurs", "money": "The Joker · Argent",
           "threats": "The Joker · Menaces", "board": "Plateau", "uptown": "Uptown", "batman": "Cadran de Batman", "options": "Options de la table", "variant": "Variante :",
           "see": "Refusé : voir Écrans des joueurs", "export": "Exporter dans un fichier",
           "reset": "Repartir de l'exemple", "replace": "Remplacer", "import": "Importer un fichier",
           "imported": "gcsg-settings.json importé", "refused": "broken.json non importé, rien n'a changé",
           "go": "Créer la table", "take_joker": "Prendre cette place : The Joker", "stash": "Réserve",
           "needs": "Le niveau suivant demande 7 $", "five": "5 $"},
}


class At(Shots):
    """Each step's screenshot at both phone sizes, `locator` scrolled into view at each size."""

    def __call__(self, page, step: str, phone: str, locator=None) -> None:
        self.n += 1
        if self.shot.__name__ == "no_screenshot":
            return
        for w, hgt in SIZES:
            page.set_viewport_size({"width": w, "height": hgt})
            if locator is not None:
                locator.evaluate("e => e.scrollIntoView({block: 'start'})")
                page.evaluate("window.scrollBy(0, -70)")  # below the sticky header
            self.shot(page, f"{self.game}-{self.lang}-{self.n:02d}-{step}-{phone}-{w}x{hgt}")
        page.set_viewport_size({"width": 390, "height": 844})


def step_field(page, name: str, value: int) -> None:
    """Tap the stepper's + (or −) until its number reads `value`, each tap checked (the form is
    drawn again after every tap)."""
    box = page.get_by_role("spinbutton", name=name, exact=True)
    for _ in range(40):
        now = int(box.input_value())
        if now == value:
            return
        page.get_by_role("button", name=f"{name} {'+1' if now < value else '−1'}", exact=True).click()
        expect(box).not_to_have_value(str(now))
    expect(box).to_have_value(str(value))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_settings_edited_exported_imported_and_played(phones, shot, lang, tmp_path):
    say, snap = TEXT[lang], At(shot, "gcsg-settings", lang)
    a = phones.open("/", lang=lang)
    expect(a.get_by_role("heading", name=say["create"])).to_be_visible()
    a.get_by_role("button", name=say["mode"]).click()
    a.get_by_role("radio", name=say["own"]).check()

    # a Villain's dial: level 1's requirement, in a collapsed section
    a.get_by_text(say["joker"], exact=True).click()
    amount = a.get_by_role("spinbutton", name=say["amount"], exact=True)
    expect(amount).to_have_value("4")
    step_field(a, say["amount"], 7)
    snap(a, "dial", "a", a.get_by_text(say["joker"], exact=True))

    # the screens: the Joker's Money, then 30 Threats, which the server refuses next to the screens
    a.get_by_text(say["screens"], exact=True).click()
    step_field(a, say["money"], 5)
    a.get_by_role("spinbutton", name=say["threats"], exact=True).fill("30")
    a.get_by_role("spinbutton", name=say["threats"], exact=True).press("Tab")
    expect(a.get_by_role("spinbutton", name=say["threats"], exact=True)).to_have_value("30")
    a.get_by_role("button", name=say["go"]).click()
    expect(a.get_by_text(say["see"])).to_be_visible()
    screens = a.locator("details", has=a.get_by_text(say["screens"], exact=True))
    expect(screens.get_by_role("alert")).to_be_visible()
    snap(a, "refused-at-field", "a", a.get_by_text(say["screens"], exact=True))
    step_field(a, say["threats"], 4)
    expect(screens.get_by_role("alert")).to_have_count(0)
    expect(a.get_by_text(say["see"])).to_have_count(0)  # the refusal went with its cause

    # the board and Batman's dial are forms too
    a.get_by_text(say["board"], exact=True).click()
    uptown = a.get_by_text(say["uptown"], exact=True).first  # the district's title (its blocks' selects name it too)
    uptown.click()
    expect(a.get_by_role("textbox", name="Uptown block 1 · " + ("Name" if lang == "en" else "Nom"), exact=True)).to_be_visible()
    snap(a, "board", "a", uptown)
    a.get_by_text(say["batman"], exact=True).click()
    snap(a, "batman", "a", a.get_by_text(say["batman"], exact=True))
    a.get_by_text(say["options"], exact=True).click()
    expect(a.get_by_role("checkbox", name=say["variant"])).not_to_be_checked()
    snap(a, "options", "a", a.get_by_text(say["options"], exact=True))

    # export, back to the sample, import: the round trip
    with a.expect_download() as got:
        a.get_by_role("button", name=say["export"]).click()
    exported = json.loads(open(got.value.path(), encoding="utf-8").read())
    joker = next(v for v in exported["settings"]["villains"] if v["id"] == "joker")
    assert (joker["dial"][0]["requirement"], joker["screen"]["money"]) == ({"kind": "money", "amount": 7}, 5)
    a.get_by_role("button", name=say["reset"]).click()
    a.get_by_role("button", name=say["replace"]).click()
    expect(amount).to_have_value("4")
    saved = tmp_path / "gcsg-settings.json"
    saved.write_text(json.dumps(exported), encoding="utf-8")
    a.get_by_label(say["import"]).set_input_files(str(saved))
    expect(a.get_by_role("status")).to_contain_text(say["imported"])
    expect(amount).to_have_value("7")

    # a file the server refuses: its reason shown, nothing changed
    broken = copy.deepcopy(exported)
    broken["settings"]["villains"][0]["dial"] = broken["settings"]["villains"][0]["dial"][:8]
    broken["settings"]["villains"][0]["dial"][0]["requirement"]["amount"] = 2
    bad = tmp_path / "broken.json"
    bad.write_text(json.dumps(broken), encoding="utf-8")
    a.get_by_label(say["import"]).set_input_files(str(bad))
    expect(a.get_by_role("alert")).to_contain_text(say["refused"])
    expect(a.get_by_role("alert")).to_contain_text(say["joker"])  # where in the file
    expect(amount).to_have_value("7")
    snap(a, "import-refused", "a", a.get_by_role("button", name=say["reset"]))

    # remembered on the phone
    a.reload()
    a.get_by_role("button", name=say["mode"]).click()
    expect(a.get_by_role("radio", name=say["own"])).to_be_checked()
    a.get_by_text(say["joker"], exact=True).click()
    expect(a.get_by_role("spinbutton", name=say["amount"], exact=True)).to_have_value("7")
    expect(a.get_by_role("combobox", name=say["kind"], exact=True)).to_be_visible()

    # the table created with them: the Joker's phone shows $5 behind the screen and level 1 asking $7
    a.get_by_role("button", name=say["go"]).click()
    a.get_by_role("button", name=say["take_joker"]).click()
    a.get_by_role("link", name=say["stash"]).click()
    expect(a.get_by_text(say["five"], exact=True)).to_be_visible()
    expect(a.get_by_text(say["needs"])).to_be_visible()
    snap(a, "stash", "a")


def test_settings_pasted_by_an_earlier_version_open_in_the_editor_and_a_refusal_with_no_form_goes_on_top(
        phones, shot, base_url):
    """The settings an earlier version kept (pasted JSON text) open in the forms; the server's
    refusal of a value no form draws (a Henchman costs $500 but the box holds $80, COMP) is shown
    at the top of the editor, and the Create button points there."""
    import urllib.request

    sample = json.loads(urllib.request.urlopen(f"{base_url}/api/games/gcsg/samples").read())["settings"]
    pasted = {**sample, "sample": False, "hire_cost": 500}
    a = phones.open("/")
    a.evaluate("text => localStorage.setItem('gc.gcsg.settings', text)", json.dumps(pasted))
    a.reload()
    a.get_by_role("button", name="Strategy Game").click()
    expect(a.get_by_role("radio", name=TEXT["en"]["own"])).to_be_checked()
    a.get_by_role("button", name="Create the table").click()
    expect(a.get_by_text("Refused: see Table settings")).to_be_visible()
    top = a.get_by_role("alert").filter(has_text="hire_cost is 500")
    expect(top).to_be_visible()
    assert top.bounding_box()["y"] < a.get_by_text(TEXT["en"]["joker"], exact=True).bounding_box()["y"]
    At(shot, "gcsg-settings", "en")(a, "refused-on-top", "a", a.get_by_role("button", name=TEXT["en"]["reset"]))
