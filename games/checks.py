"""What every game's `check_table` asks of a table that comes from outside (an import, setup
options), before anything is stored: player ids a phone can join (one pattern: the game's setup, its
import and the seat route `player:<id>` all use it), and no text, name or list larger than the
game's caps (each game names its own caps in one place). Pure: data in, the first breach out."""
from __future__ import annotations

import dataclasses
import functools
import re
import types
import typing

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

@functools.cache
def _hints(cls) -> dict:
    return typing.get_type_hints(cls)


_SCALARS = {int: (int,), float: (int, float), str: (str,), bool: (bool,)}


def type_problem(cls, value, where: str = "") -> str | None:
    """Where `value` is not the JSON `to_data` makes of `cls` (None: it is). A game's `from_data` trusts the
    types it is given: data from outside (setup options, an import) is checked first."""
    if cls is tuple:
        return None if isinstance(value, (list, tuple)) and all(
            isinstance(x, (int, str)) and not isinstance(x, bool) for x in value) else f"{where} is not a list"
    origin = typing.get_origin(cls)
    if origin in (typing.Union, types.UnionType):
        if value is None:
            return None
        inner = [a for a in typing.get_args(cls) if a is not type(None)]
        return type_problem(inner[0], value, where) if len(inner) == 1 else None
    if origin in (list, tuple):
        if not isinstance(value, (list, tuple)):
            return f"{where} is not a list"
        args = typing.get_args(cls)
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
            if len(args) != len(value):
                return f"{where} has {len(args)} items"
            return next((p for i, (a, v) in enumerate(zip(args, value)) if (p := type_problem(a, v, f"{where}[{i}]"))),
                        None)
        return next((p for i, v in enumerate(value) if (p := type_problem(args[0], v, f"{where}[{i}]"))), None)
    if origin is dict:
        if not isinstance(value, dict):
            return f"{where} is not an object"
        return next((p for k, v in value.items() if (p := type_problem(typing.get_args(cls)[1], v, f"{where}.{k}"))),
                    None)
    if dataclasses.is_dataclass(cls):
        if not isinstance(value, dict):
            return f"{where} is not an object"
        hints = _hints(cls)
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(set(value) - names)
        if unknown:
            return f"{where}.{unknown[0]} is not a field"
        missing = [f.name for f in dataclasses.fields(cls) if f.name not in value
                   and f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING]
        if missing:
            return f"{where}.{missing[0]} is missing"
        return next((p for k, v in value.items() if (p := type_problem(hints[k], v, f"{where}.{k}"))), None)
    allowed = _SCALARS.get(cls)
    if allowed is not None and (not isinstance(value, allowed) or (cls is not bool and isinstance(value, bool))):
        return f"{where} is not {cls.__name__}"
    return None
