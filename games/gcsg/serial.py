"""The state as JSON data and back (dataclasses, dicts, lists, tuples and scalars)."""
from __future__ import annotations

import dataclasses
import types
import typing

from .counters import State


def to_data(obj):
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {f.name: to_data(getattr(obj, f.name)) for f in dataclasses.fields(obj)}
    if isinstance(obj, (list, tuple)):
        return [to_data(x) for x in obj]
    if isinstance(obj, dict):
        return {k: to_data(v) for k, v in obj.items()}
    return obj


def from_data(cls, data):
    if cls is tuple:
        return tuple(data)
    origin = typing.get_origin(cls)
    if origin in (typing.Union, types.UnionType):
        if data is None:
            return None
        inner = [a for a in typing.get_args(cls) if a is not type(None)]
        return from_data(inner[0], data) if len(inner) == 1 else data
    if origin in (list,):
        (arg,) = typing.get_args(cls)
        return [from_data(arg, x) for x in data]
    if origin is tuple:
        args = typing.get_args(cls)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(from_data(args[0], x) for x in data)
        return tuple(from_data(a, x) for a, x in zip(args, data))
    if origin is dict:
        k, v = typing.get_args(cls)
        return {key: from_data(v, x) for key, x in data.items()}
    if dataclasses.is_dataclass(cls):
        if not isinstance(data, dict):
            raise TypeError(f"{cls.__name__} wants an object")
        hints = typing.get_type_hints(cls)
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = set(data) - names
        if unknown:
            raise TypeError(f"{cls.__name__} has no field {sorted(unknown)[0]}")
        return cls(**{k: from_data(hints[k], v) for k, v in data.items()})
    return data


def state_to_data(state: State) -> dict:
    return to_data(state)


def state_from_data(data: dict) -> State:
    return from_data(State, data)


_SCALARS = {int: (int,), float: (int, float), str: (str,), bool: (bool,)}


def type_problem(cls, value, where: str = "") -> str | None:
    """Where `value` is not the JSON `to_data` makes of `cls` (None: it is). `from_data` trusts the
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
        hints = typing.get_type_hints(cls)
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
