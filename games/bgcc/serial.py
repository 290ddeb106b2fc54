"""Plain-data conversion for the rules' dataclasses (JSON-ready dicts and back).

Only what the state uses is supported: dataclasses, lists, dicts with string keys, optional values
and the scalars int, str, bool. A converter is built once per type, so loading a table is cheap.
"""
from __future__ import annotations

import contextvars
import dataclasses
import functools
import hashlib
import types
import typing

import orjson


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
        if getattr(cls, "__pooled__", False):
            return _pooled_or(build)
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


# ---------------------------------------------------------------- pooled definitions
#
# A stored table names its printed definitions (hero boards, tiles, the mission, HQ powers) by a
# content key instead of repeating them: the state holds what changes, the definitions are stored
# once beside it.

_pool: contextvars.ContextVar[dict | None] = contextvars.ContextVar("definitions_pool", default=None)


def definition_key(obj) -> str:
    """A printed definition's content key."""
    return "d" + hashlib.sha1(orjson.dumps(obj)).hexdigest()[:20]


def dumps_pooled(obj, pooled: tuple[type, ...]) -> tuple[bytes, dict[str, object]]:
    """JSON of `obj` with every instance of a `pooled` class replaced by {"$def": key}; returns the
    JSON and the definitions by key."""
    found: dict[str, object] = {}

    def default(value):
        if type(value) in pooled:
            key = definition_key(value)
            found[key] = value
            return {"$def": key}
        return {name: getattr(value, name) for name in _field_names(type(value))}

    return orjson.dumps(obj, default=default, option=orjson.OPT_PASSTHROUGH_DATACLASS), found


def from_data_pooled(cls, data, pool: dict[str, object]):
    """`from_data` where {"$def": key} stands for pool[key]."""
    token = _pool.set(pool)
    try:
        return from_data(cls, data)
    finally:
        _pool.reset(token)


def _pooled_or(build):
    def convert(data):
        if type(data) is dict and "$def" in data:
            pool = _pool.get()
            if pool is None or data["$def"] not in pool:
                raise KeyError(f"definition {data['$def']} is not in the pool")
            return pool[data["$def"]]
        return build(data)
    return convert
