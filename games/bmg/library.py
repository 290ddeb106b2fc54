"""The sample library: the cards the rulebook prints, with sample values where it prints none
(games/bmg/data/sample_cards.json says which). Loaded from package data, read once per call:
no module-level cache (the package keeps no state)."""
from __future__ import annotations

import json
from importlib import resources

from .cards import CharacterCard, card_from_data
from .errors import RuleRefused


def _data() -> dict:
    return json.loads(resources.files("games.bmg").joinpath("data/sample_cards.json").read_text("utf-8"))


def sample_cards() -> dict[str, CharacterCard]:
    return {c["id"]: card_from_data(c) for c in _data()["cards"]}


def sample_card(card_id: str) -> CharacterCard:
    cards = sample_cards()
    if card_id not in cards:
        raise RuleRefused("CHARACTER CARDS", f"No card {card_id} in the library", "unknown_card", card=card_id)
    return cards[card_id]
