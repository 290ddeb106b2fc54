"""The river (VI·A·1 8-9, VI·A·2 [b], VI·B·3 [c], IX·B, VI·F): an ordered row of tiles under a
cost track. A simple or event tile occupies one position, a double tile two; a double tile's cost
is read above the position its cost indicator names.
"""
from __future__ import annotations

from .command_post import CommandPost
from .errors import RuleRefused


def positions(post: CommandPost) -> list[tuple[str, int, int]]:
    """(tile id, first position, cost) for each tile, left to right; positions count from 1."""
    out = []
    position = 1
    for tile_id in post.river:
        tile = post.tiles[tile_id]
        cost_position = position + tile.definition.cost_indicator - 1
        out.append((tile_id, position, post.cost_track[cost_position - 1]))
        position += tile.definition.width
    return out


def cost(post: CommandPost, tile_id: str) -> int:
    """The activation cost: the number above the tile's position or its cost indicator (VI·B·3 [a])."""
    for tid, _, c in positions(post):
        if tid == tile_id:
            return c
    raise RuleRefused("VI·A·1 8", f"No tile '{tile_id}' in the {post.side}'s river",
                      "tile_not_in_river", tile=tile_id, side=post.side)


def to_right_end(post: CommandPost, tile_id: str) -> None:
    """Remove the tile, slide the rest left, place it at the right end (VI·B·3 [c], IX·B)."""
    post.river.remove(tile_id)
    post.river.append(tile_id)


def take_out(post: CommandPost, tile_id: str) -> None:
    """Dredging: the tile leaves the river for the game box (VI·F)."""
    post.river.remove(tile_id)


def to_box(post: CommandPost, tile) -> None:
    """A tile back in the game box (VI·F dredging, VI·G demobilization, a mission's event): it leaves
    the river and its miniatures can never come back, even as reinforcements."""
    tile.dredged = True
    for mini in tile.miniatures:
        mini.place = "gone"
    take_out(post, tile.id)
    if post.activation and post.activation.tile == tile.id:
        post.activation = None
