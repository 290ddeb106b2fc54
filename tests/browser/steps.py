"""What the other games' browser tests share: a screenshot of each step at both phone sizes, and
the table a phone keeps."""
from __future__ import annotations

import json

SIZES = ((390, 844), (360, 640))


class Shots:
    """Each step's screenshot, at both phone sizes, named by game, language, step and phone."""

    def __init__(self, shot, game: str, lang: str):
        self.shot, self.game, self.lang, self.n = shot, game, lang, 0

    def __call__(self, page, step: str, phone: str) -> None:
        self.n += 1
        for w, hgt in SIZES:
            page.set_viewport_size({"width": w, "height": hgt})
            self.shot(page, f"{self.game}-{self.lang}-{self.n:02d}-{step}-{phone}-{w}x{hgt}")
        page.set_viewport_size({"width": 390, "height": 844})


def snapshot(page, code: str) -> dict:
    """The table this phone keeps (what it received from the API)."""
    return json.loads(page.evaluate(f"localStorage.getItem('gc.snap.{code}')"))["table"]
