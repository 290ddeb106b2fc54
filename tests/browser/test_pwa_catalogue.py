"""French complete (issue 20): the app's French catalogue against its English one (pwa/js/i18n.js,
loaded as the ES module the phones run, by the browser tests' chromium from the served app). Every key is in both, and no French text is the
English one, but for the few words below that are the same in both languages."""
from __future__ import annotations

import re

import pytest


# The same in French and in English, on purpose. Keep this list short; each entry says why.
SAME_IN_BOTH = {
    # proper names: the app's and the games' titles
    "Gotham Companion", "Batman Miniature Game",
    # French words spelled as the English ones, in the rulebooks' and booklet's French
    "Table", "Mission", "Initiative", "Fatigue", "Active", "Manipulation", "Action", "Position {n}",
    "Standard", "Versus", "Lieutenant", "permanent", "simple", "double", "Plan", "Endurance", "Information",
    "{n} cube", "{n} cubes", "1 cube → fatigue", "Cause", "orange",
    # the games' own terms, kept in English by their French editions
    "bat-gadget",   # BGCC French rulebook: "bat-gadget"
    "Combo",        # BGCC skill name
    "Boss",         # BMG French rulebook: "Boss"
    "Round",        # BMG French rulebook: "Round 1"
    "Uptown", "Midtown", "Downtown",  # GCSG: the names of Gotham's three districts, printed on the board
    # abbreviations said the same in both
    "OK", "KO",
    # nouns counted in sentences ("u.<unit>.one|other"), spelled the same in French
    "cube", "cubes", "action", "actions", "alternative", "alternatives",
}


def universal(text: str) -> bool:
    """Placeholders, digits and symbols only ("{n}.", "+1 ★", "{weapon} {n}/{of}", "D6"): no word."""
    return not re.search(r"[A-Za-zÀ-ÿ]{2,}", re.sub(r"\{\w+(?:#\w+)?\}", "", text))


@pytest.fixture(scope="module")
def catalogues(browser, base_url) -> dict:
    """Both catalogues as the phones load them: i18n.js imported by a page of the served app."""
    page = browser.new_page()
    page.goto(base_url + "/")
    found = page.evaluate("async () => (await import('/js/i18n.js')).catalogues()")
    page.close()
    return found


def test_every_key_is_in_both_languages(catalogues):
    en, fr = catalogues["en"], catalogues["fr"]
    assert sorted(set(en) - set(fr)) == [], "keys with no French"
    assert sorted(set(fr) - set(en)) == [], "keys with no English"
    steps = catalogues["steps"]
    assert sorted(set(steps["en"]) ^ set(steps["fr"])) == [], "step titles in one language only"


def test_no_french_text_is_left_in_english(catalogues):
    en, fr = catalogues["en"], catalogues["fr"]
    same = {k: en[k] for k in en if fr.get(k) == en[k] and en[k] not in SAME_IN_BOTH and not universal(en[k])}
    assert same == {}, "French values equal to the English ones"
    steps = catalogues["steps"]
    assert {k: v for k, v in steps["en"].items() if steps["fr"].get(k) == v} == {}


def test_the_placeholders_match(catalogues):
    """A French sentence fills in the same params as the English one (a missing {n} shows nothing)."""
    en, fr = catalogues["en"], catalogues["fr"]
    def params(text: str) -> set[str]:
        # a sentence about a side may name it as {side}, {the} ("the villain") or {of} ("du vilain")
        return {"side" if n in ("the", "of", "side") else n for n in re.findall(r"\{(\w+)(?:#\w+)?\}", text)}

    differ = {k: (en[k], fr[k]) for k in en if k in fr and params(en[k]) != params(fr[k])}
    assert differ == {}


def test_the_allow_list_is_used(catalogues):
    """Each word allowed to stay the same is one the catalogue really has in both languages."""
    en, fr = catalogues["en"], catalogues["fr"]
    pairs = {en[k] for k in en if fr.get(k) == en[k]}
    assert SAME_IN_BOTH - pairs == set()
