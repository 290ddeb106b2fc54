"""A table as plain data (JSON-ready dicts, lists and scalars) and back, for the store.

Supports what the state uses: dataclasses (frozen or not), tuple[X, ...], list[X], dict[str, X],
X | None and the scalars. Converters are derived from the type hints on each call (the package
keeps no cache); a table is small."""
from __future__ import annotations

import dataclasses
import types
import typing

from .table import Table

_SCALARS = (int, str, bool, float, type(None))


def to_data(obj):
    if type(obj) in _SCALARS:
        return obj
    if isinstance(obj, (list, tuple)):
        return [to_data(x) for x in obj]
    if isinstance(obj, dict):
        return {k: to_data(v) for k, v in obj.items()}
    if dataclasses.is_dataclass(obj):
        return {f.name: to_data(getattr(obj, f.name)) for f in dataclasses.fields(obj)}
    raise TypeError(f"cannot serialise {type(obj).__name__}")


def from_data(cls, data):
    origin = typing.get_origin(cls)
    if origin in (typing.Union, types.UnionType):
        if data is None:
            return None
        options = [a for a in typing.get_args(cls) if a is not type(None)]
        if len(options) == 1:
            return from_data(options[0], data)
        for option in options:  # int | str…: the first that fits
            if option in _SCALARS and isinstance(data, option):
                return data
        return from_data(options[0], data)
    if origin is tuple:
        args = typing.get_args(cls)
        return tuple(from_data(args[0], x) for x in data)
    if origin is list:
        (arg,) = typing.get_args(cls)
        return [from_data(arg, x) for x in data]
    if origin is dict:
        _, arg = typing.get_args(cls)
        return {k: from_data(arg, v) for k, v in data.items()}
    if cls in (dict, list, typing.Any, object):
        return data
    if cls is float:
        return data
    if cls in _SCALARS:
        return data
    if dataclasses.is_dataclass(cls):
        hints = typing.get_type_hints(cls)
        return cls(**{f.name: from_data(hints[f.name], data[f.name])
                      for f in dataclasses.fields(cls) if f.name in data})
    raise TypeError(f"cannot rebuild {cls}")


def table_to_data(table: Table) -> dict:
    return to_data(table)


def table_from_data(data: dict) -> Table:
    return from_data(Table, data)
