"""Who plays what at a table: the seats (host, villain, hero:<id>; in Versus each side's), the
heroes and command posts a seat runs, the miniatures on the board, and the heroes and characters
ready to act (V·B·5, VI·C). The registry's seat policies and offers ask here."""
from __future__ import annotations

from .errors import RuleRefused
from .table import Table

HOST, VILLAIN, HEROES, SPECTATOR = "host", "villain", "heroes", "spectator"
SIDES = ("heroes", "villain")


def hero_seat(hero_id: str) -> str:
    return f"hero:{hero_id}"


def hero_of(seat: str) -> str | None:
    return seat[5:] if seat.startswith("hero:") else None


def plays_hero(seat: str, hero: str | None) -> bool:
    return hero is not None and (seat == HOST or seat == hero_seat(hero))


def plays_side(table: Table, seat: str, side: str | None) -> bool:
    """The seat runs `side`'s command post (standard: the villain's phone; Versus: each side's)."""
    if seat == HOST:
        return side is not None
    if table.mode == "versus":
        return side is not None and seat == side
    return seat == VILLAIN and side == "villain"


def miniature_side(table: Table, miniature: str | None) -> str | None:
    try:
        return table.find_miniature(miniature)[0].side if miniature else None
    except RuleRefused:  # an unknown miniature: the rules refuse it
        return None


def controls_miniature(table: Table, seat: str, miniature: str | None) -> bool:
    side = miniature_side(table, miniature)
    if side is None:
        return seat == HOST or (seat == VILLAIN if table.mode != "versus" else seat in SIDES)
    return plays_side(table, seat, side if table.mode == "versus" else "villain")


def roller_seat(table: Table, hero: str | None, miniature: str | None) -> str | None:
    if hero is not None:
        return hero_seat(hero)
    if table.mode == "versus":
        return miniature_side(table, miniature)
    return VILLAIN


def heroes(table: Table, seat: str) -> list:
    if seat == HOST:
        return list(table.heroes.values())
    hero = table.heroes.get(hero_of(seat) or "")
    return [hero] if hero is not None else []


def sides(table: Table, seat: str) -> list[str]:
    return [s for s in table.command_posts if plays_side(table, seat, s)]


def on_board(table: Table, side: str | None = None) -> list[str]:
    """The miniatures on the board (of the tiles in a river: in Versus the drafted tiles join it
    when the draft ends)."""
    return [m.id for post in table.command_posts.values() if side in (None, post.side)
            for tile_id in post.river for m in post.tiles[tile_id].miniatures if m.place == "board"]


def ready_heroes(table: Table, seat: str) -> list[str]:
    """The seat's heroes that may act when heroes act (V·B·5: active, not neutralized); when that is
    is the window's to say (`windows.hero_window`)."""
    return [h.id for h in heroes(table, seat) if h.stance == "active" and not h.neutralized]


def ready_characters(table: Table, seat: str) -> list[tuple[str, str]]:
    """(miniature, side) of the characters of the tile being activated that may still act; when
    that is is the window's to say (`windows.actor_window`)."""
    found = []
    for side in sides(table, seat):
        post = table.command_posts[side]
        activation = post.activation
        if activation is None or activation.tile not in post.tiles:
            continue
        for m in post.tiles[activation.tile].miniatures:
            record = activation.characters.get(m.id)
            if m.place == "board" and not (record and (record.finished or record.moved_second)):
                found.append((m.id, side))
    return found


def opponent(side: str) -> str:
    return "villain" if side == "heroes" else "heroes"


def targets(**fields) -> dict:
    """Only the fields with at least one value (an empty choice is no choice)."""
    return {k: list(v) for k, v in fields.items() if v is not None and len(v)}
