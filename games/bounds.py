"""What a command's fields may physically hold, declared once per game beside its command registry.

A game's `BOUNDS` maps a field name ("dice") or a class's field ("MeleeShare.dice") to a bound:
`Num` for a number, `Text` for a string, `Items` for a list (its length and each element's
bound), `Mapping` for an object of keys to values. The game checks a command's JSON fields with
`problem` before it builds the command, so a preview or a command never starts work on a pool of
4,000 dice; `unbounded` lists the fields with no bound (a test walks every registry with it, so a
new field without a bound fails it).

Pure: no Flask, no game imports."""
from __future__ import annotations

import dataclasses
import types
import typing
from dataclasses import dataclass

from .serial import hints as type_hints

NAME_MOST = 80  # a name the table shows (a hero, a model id, a card): the API's NAME length


@dataclass(frozen=True)
class Num:
    low: float
    high: float
    why: str = ""


@dataclass(frozen=True)
class Text:
    most: int = NAME_MOST
    why: str = ""


@dataclass(frozen=True)
class Items:
    most: int
    each: object = None  # the elements' bound (a tuple of bounds: by the element's JSON type); None: a dataclass
    why: str = ""


@dataclass(frozen=True)
class Mapping:
    most: int
    value: object
    key: Text = Text()
    why: str = ""


Bound = Num | Text | Items | Mapping


def _lookup(bounds: dict, cls: type, name: str):
    return bounds.get(f"{cls.__name__}.{name}", bounds.get(name))


def _unwrap(hint):
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        inner = [a for a in typing.get_args(hint) if a is not type(None)]
        return inner[0] if len(inner) == 1 else object
    return hint


def _container(hint) -> tuple[str | None, object]:
    """("items", element hint) for a list or tuple, ("mapping", value hint) for a dict, else (None, hint)."""
    origin = typing.get_origin(hint) or hint
    args = typing.get_args(hint)
    if origin in (list, tuple):
        return "items", (args[0] if args else object)
    if origin is dict:
        return "mapping", (args[1] if len(args) == 2 else object)
    return None, hint


def _pick(bound, value):
    """The bound that fits a value's JSON type, among a tuple of bounds."""
    for b in bound if isinstance(bound, tuple) else (bound,):
        if isinstance(b, Text) and isinstance(value, str):
            return b
        if isinstance(b, Num) and isinstance(value, (int, float)) and not isinstance(value, bool):
            return b
        if isinstance(b, (Items, Mapping)):
            return b
    return None


def _scalar(value, bound, path: str, untyped: bool = False) -> tuple[str, dict] | None:
    b = _pick(bound, value)
    if b is None and untyped:  # an untyped value (in a bare dict or tuple) of a type its bound does not allow
        return path, {}
    if isinstance(b, Num) and not b.low <= value <= b.high:
        return path, {"least": b.low, "most": b.high}
    if isinstance(b, Text) and len(value) > b.most:
        return path, {"least": 0, "most": b.most}
    return None


def _value(hint, value, bound, bounds: dict, path: str) -> tuple[str, dict] | None:
    if value is None:
        return None
    hint = _unwrap(hint)
    if dataclasses.is_dataclass(hint):
        return problem(hint, value, bounds, path) if isinstance(value, dict) else None
    kind, inner = _container(hint)
    if kind == "items" and isinstance(value, (list, tuple)) and isinstance(bound, Items):
        if len(value) > bound.most:
            return path, {"least": 0, "most": bound.most}
        return next((p for i, v in enumerate(value) if (p := _value(inner, v, bound.each, bounds, f"{path}[{i}]"))),
                    None)
    if kind == "mapping" and isinstance(value, dict) and isinstance(bound, Mapping):
        if len(value) > bound.most:
            return path, {"least": 0, "most": bound.most}
        for k, v in value.items():
            found = _scalar(k, bound.key, f"{path}.{str(k)[:40]}") or _value(inner, v, bound.value, bounds,
                                                                              f"{path}.{str(k)[:40]}")
            if found:
                return found
        return None
    if isinstance(value, (str, int, float)) and not isinstance(value, bool):
        return _scalar(value, bound, path, untyped=hint is object)
    if hint is object and not isinstance(value, bool):  # a list or an object where the bound wants a scalar
        return path, {}
    return None


def problem(cls: type, fields: dict, bounds: dict, where: str = "") -> tuple[str, dict] | None:
    """The first field of `fields` (a command's JSON fields, or a nested dataclass's) outside its
    bound: (its path, {"least", "most"}); None when every field is within bounds. Values of the
    wrong type are left to the game's type check."""
    if not isinstance(fields, dict):
        return None
    hints = type_hints(cls)
    for f in dataclasses.fields(cls):
        if f.name in fields:
            path = f"{where}.{f.name}" if where else f.name
            found = _value(hints[f.name], fields[f.name], _lookup(bounds, cls, f.name), bounds, path)
            if found:
                return found
    return None


def _missing(hint, bound, bounds: dict, path: str, seen: set) -> list[str]:
    hint = _unwrap(hint)
    if hint is bool:
        return []
    if dataclasses.is_dataclass(hint):
        return unbounded(hint, bounds, path, seen)
    kind, inner = _container(hint)
    if kind == "items":
        if not isinstance(bound, Items):
            return [path]
        return _missing(inner, bound.each, bounds, f"{path}[]", seen)
    if kind == "mapping":
        if not isinstance(bound, Mapping) or not isinstance(bound.key, Text):
            return [path]
        return _missing(inner, bound.value, bounds, f"{path}{{}}", seen)
    given = bound if isinstance(bound, tuple) else (bound,)
    if hint is object:  # untyped (a bare dict's values): values of a type with no bound are refused
        if not any(isinstance(b, (Num, Text)) for b in given):
            return [path]
    elif not any(isinstance(b, {int: Num, float: Num, str: Text}.get(hint, Num)) for b in given):
        return [path]
    if any(isinstance(b, Num) and not b.low <= b.high for b in given):
        return [path]
    return []


def unbounded(cls: type, bounds: dict, where: str = "", seen: set | None = None) -> list[str]:
    """Every field of `cls` (nested dataclasses, list elements and mapping values walked) that a
    client sets with no bound in `bounds`: numbers need a `Num`, strings a `Text`, lists an
    `Items`, objects a `Mapping`; booleans are bounded by their type."""
    seen = set() if seen is None else seen
    if cls in seen:
        return []
    seen = seen | {cls}
    hints = type_hints(cls)
    out = []
    for f in dataclasses.fields(cls):
        path = f"{where or cls.__name__}.{f.name}"
        out += _missing(hints[f.name], _lookup(bounds, cls, f.name), bounds, path, seen)
    return out


def check(refusal: type[Exception], rule: str, name: str, cls: type, fields, bounds: dict) -> None:
    """Raise the game's `refusal` (code out_of_bounds, the API answers 422) when a field of the
    command `name` is outside its bound; before any work is done with it."""
    found = problem(cls, fields, bounds)
    if found is not None:
        path, limits = found
        span = f" ({limits['least']} to {limits['most']})" if limits else ""
        raise refusal(rule, f"{name}: {path} is beyond what the game can hold{span}", "out_of_bounds",
                      command=name[:40], field=path, **limits)


# The elements of a list `unknown_field` walks: more than any list's bound (at most 24 here), so a list
# within its bound is walked whole and a longer one, refused by its bound, costs no more than that.
WALKED = 100


def unknown_field(cls: type, fields, where: str = "") -> str | None:
    """The path of the first field in `fields` (a command's JSON fields, nested objects and list
    elements walked) that its class does not have ("moves[0].bogus"), or None. Values of the wrong
    type are left to the game's type check."""
    if not isinstance(fields, dict) or not dataclasses.is_dataclass(cls):
        return None
    hints = type_hints(cls)
    known = {f.name for f in dataclasses.fields(cls)}
    for key, value in fields.items():
        path = f"{where}.{str(key)[:40]}" if where else str(key)[:80]
        if key not in known:
            return path
        hint = _unwrap(hints[key])
        if dataclasses.is_dataclass(hint):
            found = unknown_field(hint, value, path)
        else:
            kind, inner = _container(hint)
            inner = _unwrap(inner)
            found = next((p for i, v in enumerate(value[:WALKED]) if (p := unknown_field(inner, v, f"{path}[{i}]"))),
                         None) if kind == "items" and isinstance(value, (list, tuple)) and dataclasses.is_dataclass(inner) \
                else None
        if found:
            return found
    return None
