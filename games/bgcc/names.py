"""Ids or names (issue 20, C7): every field naming a hero, a tile, a miniature or a carried item
takes the id or the name the table shows, in any case. `resolve(table, command)` gives the command
with ids; a name the table does not know is refused with `unknown_hero`, `unknown_tile`,
`unknown_miniature` or `unknown_item` and the names it knows (params name, known)."""
from __future__ import annotations

import dataclasses

from .errors import RuleRefused
from .table import Table
from .tiles import miniature_label

HERO_FIELDS = ("hero", "to_hero", "from_hero", "target_hero", "possessor_hero", "sacrifice_hero", "friend_hero")
MINIATURE_FIELDS = ("miniature", "target_miniature", "possessor_miniature", "sacrifice_miniature",
                    "friend_miniature")
ITEM_FIELDS = ("item", "weapon", "second_weapon")


def _fold(text: str) -> str:
    return " ".join(text.split()).casefold()


def hero_id(table: Table, given: str) -> str:
    if given in table.heroes:
        return given
    for hero in table.heroes.values():
        if _fold(given) in (_fold(hero.id), _fold(hero.name)):
            return hero.id
    known = [h.name for h in table.heroes.values()]
    raise RuleRefused("V·A", f"No hero '{given}' at this table (heroes: {', '.join(known) or 'none'})",
                      "unknown_hero", hero=given, name=given, known=known)


def miniature_id(table: Table, given: str) -> str:
    found, known = None, []
    for post in table.command_posts.values():
        for tile in post.tiles.values():
            for m in tile.miniatures:
                if m.id == given:
                    return given
                label = miniature_label(tile, m)
                known.append(label)
                if found is None and _fold(given) in (_fold(m.id), _fold(label)):
                    found = m.id
    if found is not None:
        return found
    raise RuleRefused("VI·A·2", f"No miniature '{given}' at this table", "unknown_miniature",
                      miniature=given, name=given, known=known)


def tile_id(table: Table, side: str, given: str) -> str:
    post = table.command_posts.get(side)
    if post is None or given in post.tiles:
        return given  # an unknown side: the rules answer it
    for tile in post.tiles.values():
        if _fold(given) in (_fold(tile.id), _fold(tile.name)):
            return tile.id
    known = [post.tiles[t].name for t in post.river]
    raise RuleRefused("VI·A·1 8", f"No tile '{given}' in the {side}'s river (tiles: {', '.join(known) or 'none'})",
                      "unknown_tile", tile=given, side=side, name=given, known=known)


def _item_name(table: Table, given: str) -> str:
    """An item named in any case: the name as printed on a card the table holds (carried or loose);
    a name no card at the table prints is unknown."""
    names = list(dict.fromkeys([i.name for h in table.heroes.values() for i in (*h.equipment, *h.gadgets)]
                               + [i.name for i in table.loose_items]))
    if given in names:
        return given
    for name in names:
        if _fold(name) == _fold(given):
            return name
    raise RuleRefused("V·D", f"No item '{given}' at this table", "unknown_item", item=given, name=given,
                      known=names)


def resolve(table: Table, command):
    """`command` with the heroes, miniatures, tiles and carried items it names by their ids (names)."""
    changes = {}
    for f in HERO_FIELDS:
        value = getattr(command, f, None)
        if isinstance(value, str):
            changes[f] = hero_id(table, value)
    for f in MINIATURE_FIELDS:
        value = getattr(command, f, None)
        if isinstance(value, str):
            changes[f] = miniature_id(table, value)
    side = getattr(command, "side", None)
    if isinstance(side, str):
        if isinstance(getattr(command, "tile", None), str):
            changes["tile"] = tile_id(table, side, command.tile)
        tiles = getattr(command, "tiles", None)
        if isinstance(tiles, list) and all(isinstance(t, str) for t in tiles):
            changes["tiles"] = [tile_id(table, side, t) for t in tiles]
    for f in ITEM_FIELDS:
        value = getattr(command, f, None)
        if isinstance(value, str):
            changes[f] = _item_name(table, value)
    return dataclasses.replace(command, **changes) if changes else command
