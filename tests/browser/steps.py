"""What the other games' browser tests share: a screenshot of each step at both phone sizes, and
the table a phone keeps."""
from __future__ import annotations

import json

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

SIZES = ((390, 844), (360, 640))


class Shots:
    """Each step's screenshot, at both phone sizes, named by game, language, step and phone."""

    def __init__(self, shot, game: str, lang: str):
        self.shot, self.game, self.lang, self.n = shot, game, lang, 0

    def __call__(self, page, step: str, phone: str) -> None:
        self.n += 1
        if self.shot.__name__ == "no_screenshot":  # no `--shots`: no resizing for pictures not taken
            return
        for w, hgt in SIZES:
            page.set_viewport_size({"width": w, "height": hgt})
            self.shot(page, f"{self.game}-{self.lang}-{self.n:02d}-{step}-{phone}-{w}x{hgt}")
        page.set_viewport_size({"width": 390, "height": 844})


def snapshot(page, code: str) -> dict:
    """The table this phone keeps (what it received from the API)."""
    return json.loads(page.evaluate(f"localStorage.getItem('gc.snap.{code}')"))["table"]


class Taps:
    """The taps a person makes for each action of a game, counted where the test taps, and the
    table of them printed at the end (`-s` shows it; the round test also saves it)."""

    def __init__(self):
        self.rows: list[list] = []  # [action, phone, taps, limit]

    def action(self, name: str, phone: str, limit: int | None = None) -> None:
        self.rows.append([name, phone, 0, limit])

    def tap(self, locator) -> None:
        locator.click()
        self.rows[-1][2] += 1

    def choose(self, select, label: str) -> None:
        """A choice in a drop-down list: on a phone, a tap to open it and a tap on the choice."""
        select.select_option(label=label)
        self.rows[-1][2] += 2

    def table(self) -> str:
        lines = ["| action | phone | taps | limit |", "|---|---|---|---|"]
        lines += [f"| {a} | {p} | {n} | {'' if lim is None else f'≤ {lim}'} |" for a, p, n, lim in self.rows]
        return "\n".join(lines)

    def over_limit(self) -> list[list]:
        return [r for r in self.rows if r[3] is not None and r[2] > r[3]]


def scroll_into_view(locator, tries: int = 5) -> None:
    """Scroll `locator` into view. The screen is drawn again on every change a phone receives: the
    element found may be replaced while Playwright waits for it to be stable ("not attached to the
    DOM"), so it is found again, a few times."""
    for _ in range(tries - 1):
        try:
            locator.scroll_into_view_if_needed(timeout=5000)
            return
        except PlaywrightError as error:
            if "not attached" not in str(error):
                raise
    locator.scroll_into_view_if_needed()


def step_to(page, key: str, value: int, tries: int = 8) -> None:
    """Tap the stepper `key`'s + until it reads `value`, each tap checked: the phone is drawn again
    on every change it receives (another phone taking its seat, a presence), and a tap whose press
    and release straddle that drawing is lost."""
    shown = page.get_by_test_id(f"{key}-value")
    for _ in range(tries):
        now = int(shown.inner_text())
        if now >= value:
            break
        page.get_by_test_id(f"{key}-plus").click()
        try:
            expect(shown).to_have_text(str(now + 1), timeout=2000)
        except AssertionError:
            continue
    expect(shown).to_have_text(str(value))


def press(button, tries: int = 3) -> None:
    """Tap a toggle (`aria-pressed`) until it reads pressed: a banner or a card arriving from the live
    stream may move the page between the moment Playwright finds the button and its tap, which then
    lands beside it (the phone is drawn again on every change it receives)."""
    for _ in range(tries - 1):
        button.click()
        try:
            expect(button).to_have_attribute("aria-pressed", "true", timeout=2000)
            return
        except AssertionError:
            continue
    button.click()
    expect(button).to_have_attribute("aria-pressed", "true")
