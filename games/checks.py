"""What every game's `check_table` asks of a table that comes from outside (an import, setup
options), before anything is stored: player ids a phone can join (one pattern: the game's setup, its
import and the seat route `player:<id>` all use it), and no text, name or list larger than the
game's caps (each game names its own caps in one place). Pure: data in, the first breach out."""
from __future__ import annotations

import re

from .refusal import RuleRefused

ID_LENGTH = 80  # the longest id a seat names
PLAYER_ID = rf"[A-Za-z0-9_.-]{{1,{ID_LENGTH}}}"  # a player's id (BMG); the seat `player:<id>` joins it
HERO_ID = rf"[a-z0-9-]{{1,{ID_LENGTH}}}"  # a hero's id (BGCC: its board name's slug); the seat `hero:<id>` joins it


def joinable(player_id, pattern: str = PLAYER_ID) -> bool:
    """Can a phone join this id's seat (`player:<id>`, `hero:<id>` in the join route and the seat's URL)?"""
    return isinstance(player_id, str) and re.fullmatch(pattern, player_id) is not None


def oversized(data, text: int, key: int, items: int) -> tuple[str, int, int] | None:
    """The first breach in JSON-ready `data`: ("text", length, `text`) for a string over `text`
    characters, ("key", …) for an object key over `key`, ("list", …) for a list or object over
    `items` entries; None when everything is within."""
    stack = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            if len(value) > text:
                return "text", len(value), text
        elif isinstance(value, (dict, list, tuple)):
            if len(value) > items:
                return "list", len(value), items
            if isinstance(value, dict):
                long = next((k for k in value if not isinstance(k, str) or len(k) > key), None)
                if long is not None:
                    return "key", len(str(long)), key
                stack.extend(value.values())
            else:
                stack.extend(value)
    return None



def check_sizes(data, rule: str, text: int, key: int, items: int) -> None:
    """Refuse JSON-ready `data` holding a text, a key or a list over the game's caps (`oversized`),
    naming the game's `rule`."""
    breach = oversized(data, text, key, items)
    if breach is None:
        return
    kind, length, maximum = breach
    if kind == "list":
        raise RuleRefused(rule, f"A list of {length} entries: no table holds over {maximum}", "list_too_long",
                          length=length, maximum=maximum)
    raise RuleRefused(rule, f"A {'name' if kind == 'key' else 'text'} of {length} characters: no card prints one "
                      f"over {maximum}", "text_too_long", length=length, maximum=maximum)
