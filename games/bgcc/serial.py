"""Plain-data conversion for the rules' dataclasses (JSON-ready dicts and back).

Only what the state uses is supported: dataclasses, lists, dicts with string keys, optional values
and the scalars int, str, bool. A converter is built once per type, so loading a table is cheap.
"""
from __future__ import annotations

import dataclasses
import functools
import types
import typing



_SCALARS = (int, str, bool, float, type(None))


def to_data(obj):
    """A dataclass tree as dicts, lists and scalars."""
    kind = type(obj)
    if kind in _SCALARS:
        return obj
    if kind is list:
        return [to_data(x) for x in obj]
    if kind is dict:
        return {k: to_data(v) for k, v in obj.items()}
    return {name: to_data(getattr(obj, name)) for name in _field_names(kind)}


@functools.cache
def _field_names(cls) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls))


def from_data(cls, data):
    """Rebuild `cls` (a dataclass or a typing annotation) from `to_data` output."""
    return _converter(cls)(data)


def _identity(x):
    return x


@functools.cache
def _converter(cls):
    origin = typing.get_origin(cls)
    if origin in (typing.Union, types.UnionType):
        (inner,) = [a for a in typing.get_args(cls) if a is not type(None)]
        convert = _converter(inner)
        if convert is _identity:
            return _identity
        return lambda x: None if x is None else convert(x)
    if origin is list:
        convert = _converter(typing.get_args(cls)[0])
        if convert is _identity:
            return list
        return lambda xs: [convert(x) for x in xs]
    if origin is dict:
        convert = _converter(typing.get_args(cls)[1])
        if convert is _identity:
            return dict
        return lambda xs: {k: convert(v) for k, v in xs.items()}
    if dataclasses.is_dataclass(cls):
        hints = typing.get_type_hints(cls)
        fields = [(f.name, _converter(hints[f.name])) for f in dataclasses.fields(cls)]

        def build(data):
            return cls(**{name: convert(data[name]) for name, convert in fields if name in data})
        return build
    return _identity


_JSON_TYPES = {int: (int,), str: (str,), bool: (bool,), float: (int, float)}


def type_problem(cls, value, where: str = "") -> str | None:
    """Where `value` is not the JSON that `to_data` makes of `cls`, or None. `from_data` trusts
    the types it is given: check data from outside (an import) first."""
    origin = typing.get_origin(cls)
    if origin in (typing.Union, types.UnionType):
        if value is None:
            return None
        (inner,) = [a for a in typing.get_args(cls) if a is not type(None)]
        return type_problem(inner, value, where)
    if origin is list:
        if not isinstance(value, list):
            return f"{where} is not a list"
        return next((p for i, v in enumerate(value) if (p := type_problem(typing.get_args(cls)[0], v, f"{where}[{i}]"))),
                    None)
    if origin is dict:
        if not isinstance(value, dict):
            return f"{where} is not an object"
        return next((p for k, v in value.items() if (p := type_problem(typing.get_args(cls)[1], v, f"{where}.{k}"))),
                    None)
    if dataclasses.is_dataclass(cls):
        if not isinstance(value, dict):
            return f"{where} is not an object"
        hints = typing.get_type_hints(cls)
        return next((p for f in dataclasses.fields(cls) if f.name in value
                     if (p := type_problem(hints[f.name], value[f.name], f"{where}.{f.name}"))), None)
    allowed = _JSON_TYPES.get(cls)
    if allowed and (type(value) not in allowed):
        return f"{where} is not {'a number' if cls in (int, float) else 'a ' + cls.__name__}"
    return None


