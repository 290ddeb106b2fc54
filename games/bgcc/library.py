"""Reusable definitions: hero boards, item cards, tiles and missions a group enters once.

The exchange format is JSON: {"format": "gotham-companion/library", "version": 1, "heroes": [...],
"items": [...], "tiles": [...], "missions": [...]}. A sample library ships with the package.
"""
from __future__ import annotations

import json
from importlib import resources

from . import definitions as d
from games.serial import from_data, to_data

FORMAT = "gotham-companion/library"
KINDS = {"heroes": d.HeroBoard, "items": d.Item, "tiles": d.TileDef, "missions": d.Mission}


def check(kind: str, definition) -> None:
    """Refuse a definition that could not be printed on a real component."""
    if kind == "heroes":
        d.check_hero_board(definition)
    elif kind == "items":
        d.check_item(definition)
    elif kind == "tiles":
        d.check_tile(definition)
    elif kind == "missions":
        d.check_mission(definition, {n: d.TileDef(name=n) for n in definition.river})


def parse(kind: str, data: dict):
    definition = from_data(KINDS[kind], data)
    check(kind, definition)
    return definition


def sample(name: str = "sample-library.json") -> dict:
    """The sample library: the rulebook examples' characters, labelled as sample values
    (`versus-sample-tiles.json`: tiles of both sides for trying a Versus draft)."""
    text = resources.files("games.bgcc").joinpath(f"data/{name}").read_text("utf-8")
    return json.loads(text)


def sample_definitions() -> dict[str, list]:
    data = sample()
    return {kind: [parse(kind, x) for x in data.get(kind, [])] for kind in KINDS}


def export(definitions: dict[str, list]) -> dict:
    return {"format": FORMAT, "version": 1,
            **{kind: [to_data(x) for x in definitions.get(kind, [])] for kind in KINDS}}
