"""Tiles in play and the miniatures they control: life points, the character pool (VI·A·2, VI·E, IX·A-B).

A miniature is on the `board`, in the character `pool`, or `gone` (its tile was dredged).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .definitions import CharacterProfile, TileDef
from .errors import RuleRefused

MINIATURE_PLACES = ("board", "pool", "gone")


@dataclass
class Miniature:
    id: str
    character: str
    place: str
    life_points: int


@dataclass
class Tile:
    id: str
    definition: TileDef
    miniatures: list[Miniature] = field(default_factory=list)
    neutralized: bool = False
    dredged: bool = False

    @property
    def name(self) -> str:
        return self.definition.name

    def profile(self, miniature: Miniature) -> CharacterProfile:
        return next(c for c in self.definition.characters if c.name == miniature.character)

    def on_board(self) -> list[Miniature]:
        return [m for m in self.miniatures if m.place == "board"]


def new_tile(tile_id: str, definition: TileDef) -> Tile:
    """A tile at setup: its miniatures on the board, but those the mission puts in the pool (VI·E)."""
    miniatures: list[Miniature] = []
    for profile in definition.characters:
        for n in range(profile.miniatures):
            place = "pool" if n >= profile.miniatures - profile.in_pool_at_start else "board"
            miniatures.append(Miniature(id=f"{tile_id}.{len(miniatures) + 1}", character=profile.name,
                                        place=place, life_points=profile.life_points))
    return Tile(id=tile_id, definition=definition, miniatures=miniatures)


def miniature_label(tile: Tile, miniature: Miniature) -> str:
    same = [m for m in tile.miniatures if m.character == miniature.character]
    if len(same) == 1:
        return miniature.character
    return f"{miniature.character} #{same.index(miniature) + 1}"


def wound_miniature(tile: Tile, miniature: Miniature, wounds: int) -> bool:
    """IX·A: the life point marker moves down one space per wound; at 0 (or any wound on a
    one-life-point character) the character is neutralized and goes to the character pool (IX·B).
    Returns True when the miniature was neutralized."""
    if miniature.place != "board":
        raise RuleRefused("IX·B", f"{miniature_label(tile, miniature)} is not on the board",
                          "miniature_not_on_board", miniature=miniature_label(tile, miniature))
    if wounds <= 0:
        return False
    miniature.life_points = max(0, miniature.life_points - wounds)
    if miniature.life_points == 0:
        miniature.place = "pool"
        return True
    return False


def all_off_board(tile: Tile) -> bool:
    """IX·B: a tile whose characters have all been removed from the board is neutralized."""
    return tile.definition.kind != "event" and not tile.on_board()


def bring_back(tile: Tile, miniature: Miniature) -> None:
    """Reinforcement (VI·E): back from the character pool with full life points; a neutralized
    tile is flipped face up."""
    miniature.place = "board"
    miniature.life_points = tile.profile(miniature).life_points
    tile.neutralized = False
