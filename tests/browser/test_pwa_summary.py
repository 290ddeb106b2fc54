"""After the game (issue 31): the summary screen, reached from the banner that says the game is over
and from History, and opened from its shared link on a phone that holds no seat; English at 390×844,
French at 360×640 (only roles, labels and visible words)."""
from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.tables import sample


def _played_and_over(api, duo) -> dict:
    """Batman rolls for the safe with real dice (faces 1, 2, 3), then the host ends the game for the
    heroes: the summary as the API gives it to a phone holding no seat."""
    code, host, batman = duo["code"], duo["host"], duo["batman"]
    api.advance_to(code, host, "heroes.actions")
    api.post(code, "/commands/set_dice_mode", host, {"mode": "physical"})
    api.post(code, "/commands/start_roll", batman, {"action": "manipulation", "hero": "batman", "cubes": 3,
                                                   "difficulty": 3, "enemy_menace": [], "ally_menace": [],
                                                   "item": sample("items", "Submachine gun")})
    api.post(code, "/commands/roll_dice", batman, {"faces": [1, 2, 3]})
    api.post(code, "/commands/end_rerolls", batman)
    api.post(code, "/commands/end_game", host, {"winner": "heroes", "reason": "The safe is open"})
    return api.session.get(f"{api.base}/api/tables/{code}/summary", timeout=10).json()


def test_the_summary_after_the_game_and_from_history(api, duo, shot):
    summary = _played_and_over(api, duo)
    (luck,) = summary["luck"]
    b = duo["open_b"]()
    banner = b.get_by_test_id("over-banner")
    expect(banner).to_contain_text("Game over")
    banner.get_by_role("link", name="Game summary").click()
    expect(b).to_have_url(re.compile(rf"#/summary/{duo['code']}$"))
    expect(b.get_by_role("heading", name="Game summary")).to_be_visible()
    expect(b.get_by_role("heading", name="Winner: Heroes")).to_be_visible()
    expect(b.get_by_text("The safe is open").first).to_be_visible()
    expect(b.get_by_role("heading", name="Dice luck")).to_be_visible()
    row = b.get_by_role("table").filter(has=b.get_by_role("columnheader", name="Expected")) \
        .get_by_role("row").filter(has=b.get_by_role("rowheader", name="Batman"))
    expect(row.get_by_role("cell")).to_have_text(["1", str(luck["rolled"]), re.compile(r"^\d"), re.compile(r"^[−+-]?\d|^0$")])
    expect(b.get_by_role("heading", name="Actions rolled per turn")).to_be_visible()
    expect(b.get_by_test_id("summary-link")).to_have_text(re.compile(rf"#/summary/{duo['code']}$"))
    shot(b, "summary-en-390")
    b.get_by_test_id("tab-history").click()
    expect(b.get_by_role("heading", name="History")).to_be_visible()
    b.get_by_role("link", name="Game summary").first.click()
    expect(b.get_by_role("heading", name="Game summary")).to_be_visible()


def test_the_shared_link_in_french_at_360_on_a_phone_without_the_table(api, duo, phones, shot):
    summary = _played_and_over(api, duo)
    page = phones.open(f"/#/summary/{duo['code']}", lang="fr", viewport={"width": 360, "height": 640})
    expect(page.get_by_role("heading", name="Résumé de la partie")).to_be_visible()
    expect(page.get_by_role("heading", name="Vainqueur : Héros")).to_be_visible()
    expect(page.get_by_role("heading", name="Chance aux dés")).to_be_visible()
    expect(page.get_by_role("columnheader", name="Attendus")).to_be_visible()
    expect(page.get_by_role("rowheader", name="Batman")).to_be_visible()
    expect(page.get_by_role("heading", name="Chronologie")).to_be_visible()
    assert summary["timeline"]
    for english in ("Dice luck", "Expected", "Timeline", "Share the link"):
        expect(page.get_by_text(english, exact=True)).to_have_count(0)
    shot(page, "summary-fr-360")


def test_history_marks_a_change_an_undo_took_back(api, duo, shot):
    """The whole-game record is never rewritten: the change an undo took back stays in History,
    marked undone on every phone that holds the history, until a redo brings it back."""
    code, host = duo["code"], duo["host"]
    api.advance_to(code, host, "heroes.actions")
    b = duo["open_b"]("/#/history")
    expect(b.get_by_role("heading", name="History")).to_be_visible()
    placed = api.post(code, "/commands/place_token", host, {"kind": "gas", "side": "heroes"})["version"]
    entry = b.locator(f"[data-testid=history] li[data-version='{placed}']")
    expect(entry).to_be_visible()
    expect(entry).not_to_contain_text("undone")
    api.post(code, "/history/undo", host)
    expect(entry).to_contain_text("undone")
    shot(b, "history-undone-en-390")
    api.post(code, "/history/redo", host)
    expect(entry).not_to_contain_text("undone")
