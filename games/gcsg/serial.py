"""The state as JSON data and back (dataclasses, dicts, lists, tuples and scalars)."""
from __future__ import annotations

import dataclasses
import types
import typing

from ..checks import type_problem  # noqa: F401  (setup options and imports are checked with it)
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
