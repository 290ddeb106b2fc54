"""Plain-data conversion for the rules' dataclasses (JSON-ready dicts and back).

Only what the state uses is supported: dataclasses, lists, dicts with string keys, optional values
and the scalars int, str, bool. A converter is built once per type, so loading a table is cheap.
"""
from __future__ import annotations

import contextvars
import dataclasses
import functools
import hashlib
import operator
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
# content key instead of repeating them: the state shrinks to what changes, and the definitions
# are stored once beside it and decoded once per process, which holds one object per key for all
# its tables (`share`, `shared`).

_pool: contextvars.ContextVar[dict | None] = contextvars.ContextVar("definitions_pool", default=None)
_keys: dict[int, tuple[object, str, orjson.Fragment]] = {}  # id(definition) → (it, its key, {"$def": key} written)
# key → the one definition of that content this process shares between its tables (the first one
# it met): definitions never change, so every table printed with the same hero board or tile can
# hold the same object.
_by_key: dict[str, object] = {}


def _named(obj) -> tuple[object, str, orjson.Fragment]:
    found = _keys.get(id(obj))
    if found is not None and found[0] is obj:
        return found
    return remember_key(obj, "d" + hashlib.sha1(orjson.dumps(obj)).hexdigest()[:20])


def definition_key(obj) -> str:
    """A content key for a printed definition (cached per object)."""
    return _named(obj)[1]


def remember_key(obj, key: str) -> tuple[object, str, orjson.Fragment]:
    if len(_keys) > 20_000:
        _keys.clear()
        _by_key.clear()
    _keys[id(obj)] = found = (obj, key, orjson.Fragment(orjson.dumps({"$def": key})))
    _by_key.setdefault(key, obj)
    return found


def shared(key: str):
    """The definition this process shares under `key`, or None when it has none yet."""
    return _by_key.get(key)


def share(pool: dict[str, object]) -> dict[str, object]:
    """`pool` (key → definition) with each definition this process already holds under the same
    key in place of the pool's own copy, which is forgotten: a table set up from the library's
    definitions holds the objects every other such table holds, not one more copy of each."""
    out = {}
    for key, obj in pool.items():
        held = _by_key.get(key)
        if held is None:
            remember_key(obj, key)
            held = obj
        elif held is not obj and _keys.get(id(obj), (None,))[0] is obj:
            del _keys[id(obj)]  # this copy is not kept: nothing holds it after its request
        out[key] = held
    return out


class PooledWriter:
    """JSON of objects with every instance of a `pooled` class replaced by {"$def": key}; the
    definitions met, by key, gather in `found` (one pool for everything this writer wrote).

    orjson writes dataclasses itself, from their attributes. The writer only copies, as dicts, the
    instances whose fields may hold a pooled definition according to their type hints (a hero's
    board, a tile's definition, the mission, a command post's powers, and what holds those), with a
    ready {"$def": key} in place of each definition: a way of writing is built once per type, as
    `from_data` builds its converters. That is several times faster than a Python callback for
    every dataclass (`reference_dumps`, which the tests hold `dumps` to, byte for byte)."""

    def __init__(self, pooled: tuple[type, ...]):
        self.pooled = pooled
        self.found: dict[str, object] = {}

    def dumps(self, obj) -> bytes:
        return orjson.dumps(self.plain(obj))

    def plain(self, value, given: dict | None = None):
        """`value` as orjson should write it: a copy wherever a pooled definition may sit below,
        else `value` itself. `given`: fields of this (dataclass) value already written (e.g. as
        orjson.Fragment), used as they are."""
        kind = type(value)
        if kind is list or kind is tuple:
            return [self.plain(x) for x in value]
        if kind is dict:
            return {k: self.plain(x) for k, x in value.items()}
        write = _writing(kind, self.pooled)
        if given is None:
            return value if write is None else write(self, value)
        out = dict(vars(value))
        out.update(given)  # in their places: the keys are there already
        for name, way in getattr(write, "ways", ()):
            if name not in given:
                out[name] = way(self, out[name])
        return out

    def ref(self, value) -> orjson.Fragment:
        """{"$def": key} for a pooled definition, written once per definition and process."""
        _, key, written = _named(value)
        self.found[key] = value
        return written

    def reference_dumps(self, obj) -> bytes:
        """The same JSON through a Python callback for every dataclass: slower, plainly right."""
        return orjson.dumps(obj, default=self._default, option=orjson.OPT_PASSTHROUGH_DATACLASS)

    def _default(self, value):
        kind = type(value)
        if kind in self.pooled:
            key = definition_key(value)
            self.found[key] = value
            return {"$def": key}
        names = _field_names(kind)
        fields = getattr(value, "__dict__", None)
        if fields is not None and tuple(fields) == names:  # exactly its fields, in their order
            return fields
        return dict(zip(names, _getter(kind)(value))) if len(names) > 1 else {names[0]: getattr(value, names[0])}


_building: set = set()


@functools.cache
def _writing(hint, pooled: tuple[type, ...]):
    """How a PooledWriter writes a value of type `hint`: `f(writer, value)`, or None when orjson
    writes it as it is (no pooled definition can sit in it). A type met again while its own way is
    being built (a recursive type) is looked at value by value."""
    if hint in pooled:
        return PooledWriter.ref
    if hint in _building:
        return PooledWriter.plain
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        inner = [a for a in args if a is not type(None)]
        if len(inner) != 1:
            return PooledWriter.plain if any(_writing(a, pooled) for a in inner) else None
        write = _writing(inner[0], pooled)
        return None if write is None else (lambda w, v: None if v is None else write(w, v))
    if origin in (list, tuple) and args:
        write = _writing(args[0], pooled) if origin is list or len(args) == 1 or args[1] is Ellipsis \
            else (PooledWriter.plain if any(_writing(a, pooled) for a in args) else None)
        return None if write is None else (lambda w, v: [write(w, x) for x in v])
    if origin is dict and args:
        write = _writing(args[1], pooled)
        return None if write is None else (lambda w, v: {k: write(w, x) for k, x in v.items()})
    if dataclasses.is_dataclass(hint):
        _building.add(hint)
        try:
            hints = typing.get_type_hints(hint)
            ways = [(f.name, w) for f in dataclasses.fields(hint) if (w := _writing(hints[f.name], pooled))]
        finally:
            _building.discard(hint)
        if not ways:
            return None

        def write_instance(w, v):
            out = dict(vars(v))
            for name, way in ways:
                out[name] = way(w, out[name])
            return out
        write_instance.ways = ways
        return write_instance
    if hint in (object, typing.Any, list, dict, tuple) or origin in (list, tuple, dict):
        return PooledWriter.plain  # contents unknown: looked at value by value
    return None


def dumps_pooled(obj, pooled: tuple[type, ...]) -> tuple[bytes, dict[str, object]]:
    """JSON of `obj` with every instance of a `pooled` class replaced by {"$def": key}; returns the
    JSON and the definitions by key."""
    writer = PooledWriter(pooled)
    return writer.dumps(obj), writer.found


@functools.cache
def _getter(cls):
    return operator.attrgetter(*_field_names(cls))


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
