"""Every game's state and commands as plain JSON data and back, written once.

`to_data` turns a dataclass tree into dicts, lists and scalars; `from_data(cls, data)` rebuilds it
from the type hints (dataclasses frozen or not, list[X], tuple[X, ...], fixed tuples, dict[str, X],
X | None, X | Y of scalars, the scalars). `from_data` trusts the types it is given (the store holds
what `to_data` made): data from outside (an import, setup options, a command's fields) is checked
first by `type_problem`, the one strict checker: an unknown field, a missing one or a wrong type is
refused, in every game alike. `build_command` is the one way a game's command is built from a
client's JSON fields.

A class's type hints never change: they are read once per class (`hints`), and each type's
converter is built once (`_converter`), so loading a table walks the data and nothing else.
"""
from __future__ import annotations

import copy
import dataclasses
import functools
import types
import typing


from .refusal import RuleRefused

_SCALARS = (int, str, bool, float, type(None))
_CHECKED = {int: (int,), float: (int, float), str: (str,), bool: (bool,), type(None): (type(None),),
            dict: (dict,), list: (list, tuple)}  # a bare `dict` or `list` field: any object, any list
_ANY = (typing.Any, object)
_new, _set = object.__new__, object.__setattr__


@functools.cache
def hints(cls) -> dict:
    """A dataclass's field types, resolved once (a class's type hints do not change)."""
    return typing.get_type_hints(cls)


@functools.cache
def _field_names(cls) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls))


def to_data(obj):
    """A dataclass tree as dicts, lists and scalars (tuples become lists)."""
    kind = type(obj)
    if kind in _SCALARS:
        return obj
    if kind is list or kind is tuple:
        return [to_data(x) for x in obj]
    if kind is dict:
        return {k: to_data(v) for k, v in obj.items()}
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {name: to_data(getattr(obj, name)) for name in _field_names(kind)}
    if isinstance(obj, (list, tuple)):
        return [to_data(x) for x in obj]
    if isinstance(obj, dict):
        return {k: to_data(v) for k, v in obj.items()}
    if isinstance(obj, _SCALARS):
        return obj
    raise TypeError(f"cannot serialise {kind.__name__}")


def copied(obj):
    """A copy of a state tree (dataclasses, lists, tuples, dicts, scalars) for a command to change:
    what `to_data` would write and `from_data` rebuild, without the round trip. An object whose
    class says how it is copied (`__deepcopy__`: a printed component shares itself) is copied so;
    anything else (a set...) by `copy.deepcopy`. Like the stored table, the copy shares no list,
    dict or object between two places of the tree."""
    kind = type(obj)
    if kind in _SCALARS:
        return obj
    if kind is list:
        return [copied(x) for x in obj]
    if kind is dict:
        return {k: copied(v) for k, v in obj.items()}
    if kind is tuple:
        return tuple([copied(x) for x in obj])
    if hasattr(kind, "__deepcopy__"):
        return obj.__deepcopy__({})
    if hasattr(kind, "__dataclass_fields__"):
        made = _new(kind)
        _set(made, "__dict__", {name: copied(value) for name, value in obj.__dict__.items()})
        return made
    return copy.deepcopy(obj)


def from_data(cls, data):
    """Rebuild `cls` (a dataclass or a typing annotation) from `to_data` output. Fields the data
    lacks take their defaults; `type_problem` first for data from outside."""
    return _converter(cls)(data)


def _identity(x):
    return x


def _union(options: tuple):
    real = [a for a in options if a is not type(None)]
    if len(real) == 1:
        convert = _converter(real[0])
        return _identity if convert is _identity else (lambda x: None if x is None else convert(x))
    converters = [(a, _converter(a)) for a in real]
    if all(c is _identity for _, c in converters):
        return _identity

    def convert(x):  # int | SomeDataclass…: the scalar that fits, else the first structure
        if x is None:
            return None
        for option, conv in converters:
            if option in _CHECKED and type(x) in _CHECKED[option]:
                return x
        return next(c for o, c in converters if o not in _CHECKED)(x)
    return convert


@functools.cache
def _converter(cls):
    if cls is tuple:
        return tuple
    origin = typing.get_origin(cls)
    if origin in (typing.Union, types.UnionType):
        return _union(typing.get_args(cls))
    if origin is list:
        convert = _converter(typing.get_args(cls)[0])
        return list if convert is _identity else (lambda xs: [convert(x) for x in xs])
    if origin is tuple:
        args = typing.get_args(cls)
        if len(args) == 2 and args[1] is Ellipsis:
            convert = _converter(args[0])
            return tuple if convert is _identity else (lambda xs: tuple(convert(x) for x in xs))
        converters = [_converter(a) for a in args]
        return lambda xs: tuple(c(x) for c, x in zip(converters, xs))
    if origin is dict:
        convert = _converter(typing.get_args(cls)[1])
        return dict if convert is _identity else (lambda xs: {k: convert(v) for k, v in xs.items()})
    if dataclasses.is_dataclass(cls):
        resolved = hints(cls)
        fields = [(f.name, _converter(resolved[f.name])) for f in dataclasses.fields(cls)]
        if hasattr(cls, "__post_init__"):  # it checks or normalises what it is given: through __init__
            def build(data):
                return cls(**{name: convert(data[name]) for name, convert in fields if name in data})
            return build
        names = {f.name: None for f in dataclasses.fields(cls)}.keys()
        defaults = [(f.name, f.default, f.default_factory) for f in dataclasses.fields(cls)]
        structured = [(name, convert) for name, convert in fields if convert is not _identity]

        def restore(data):  # as unpickling does: the fields set, __init__ not run (frozen or not)
            if data.keys() == names:
                values = dict(data)
            else:  # a field the data lacks takes its default (one it has that the class lacks is dropped)
                values = {name: data[name] for name in names if name in data}
                for name, default, factory in defaults:
                    if name not in values:
                        values[name] = default if default is not dataclasses.MISSING else factory()
            for name, convert in structured:
                if name in data:
                    values[name] = convert(data[name])
            made = _new(cls)
            _set(made, "__dict__", values)
            return made
        return restore
    return _identity




# ---------------------------------------------------------------- the one strict checker

def type_problem(cls, value, where: str = "") -> str | None:
    """Where `value` is not the JSON `to_data` makes of `cls` (None: it is): an unknown field, a
    missing one (without a default) or a wrong type. `from_data` trusts the types it is given."""
    found = problem(cls, value, where)
    return None if found is None else found[2]


def problem(cls, value, where: str = "") -> tuple[str, str, str] | None:
    """`type_problem` with its kind: (kind, path, message), kind one of "unknown" (a field the
    class has not), "missing", "type"; None when `value` fits."""
    if cls is tuple:
        if isinstance(value, (list, tuple)) and all(type(x) in (int, str) for x in value):
            return None
        return "type", where, f"{where} is not a list"
    if cls in _ANY:
        return None
    origin = typing.get_origin(cls)
    if origin in (typing.Union, types.UnionType):
        options = typing.get_args(cls)
        if value is None and type(None) in options:
            return None
        real = [a for a in options if a is not type(None)]
        if len(real) == 1:
            return problem(real[0], value, where)
        if any(problem(a, value, where) is None for a in real):
            return None
        return "type", where, f"{where} is not any of {', '.join(getattr(a, '__name__', str(a)) for a in real)}"
    if origin in (list, tuple):
        if not isinstance(value, (list, tuple)):
            return "type", where, f"{where} is not a list"
        args = typing.get_args(cls)
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
            if len(args) != len(value):
                return "type", where, f"{where} has {len(args)} items"
            return next((p for i, (a, v) in enumerate(zip(args, value)) if (p := problem(a, v, f"{where}[{i}]"))),
                        None)
        return next((p for i, v in enumerate(value) if (p := problem(args[0], v, f"{where}[{i}]"))), None)
    if origin is dict:
        if not isinstance(value, dict):
            return "type", where, f"{where} is not an object"
        inner = typing.get_args(cls)[1]
        return next((p for k, v in value.items() if (p := problem(inner, v, f"{where}.{k}"))), None)
    if dataclasses.is_dataclass(cls):
        if not isinstance(value, dict):
            return "type", where, f"{where} is not an object"
        resolved = hints(cls)
        unknown = sorted(k for k in value if k not in _field_names(cls))
        if unknown:
            return "unknown", f"{where}.{unknown[0]}", f"{where}.{unknown[0]} is not a field"
        missing = next((f.name for f in dataclasses.fields(cls) if f.name not in value
                        and f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING), None)
        if missing:
            return "missing", f"{where}.{missing}", f"{where}.{missing} is missing"
        return next((p for k, v in value.items() if (p := problem(resolved[k], v, f"{where}.{k}"))), None)
    allowed = _CHECKED.get(cls)
    if allowed is not None and type(value) not in allowed:
        return "type", where, f"{where} is not {'a number' if cls in (int, float) else cls.__name__}"
    return None


def build_command(cls: type, name: str, fields, rule: str, within: typing.Callable[[dict], None] | None = None):
    """The command `cls` (registry name `name`) from a client's JSON `fields`, or a refusal
    (games.refusal, the shape every game raises) naming `rule`, the same codes in every game: "bad_fields" (not an object, a field
    missing), "unknown_field" (params field), then whatever `within(fields)` raises (the game's
    bounds: games.bounds.check, out_of_bounds), then "bad_field" (a value of the wrong type,
    params field)."""
    if fields is None:
        fields = {}
    if not isinstance(fields, dict):
        raise RuleRefused(rule, f"The fields of {name} are a JSON object", "bad_fields", command=name)
    unknown = sorted(k for k in fields if k not in _field_names(cls))
    if unknown:
        raise RuleRefused(rule, f"{name} has no field {unknown[0]}", "unknown_field", command=name, field=unknown[0][:40])
    if within is not None:
        within(fields)
    found = problem(cls, fields, "")
    if found is not None:
        kind, path, message = found
        field = path.lstrip(".").split(".")[0].split("[")[0]
        if kind == "missing" and "." not in path.lstrip("."):
            raise RuleRefused(rule, f"The fields of {name} are not right: {field} is missing", "bad_fields",
                          command=name)
        raise RuleRefused(rule, f"The fields of {name} are not right: {message.lstrip('.')}", "bad_field",
                      command=name, field=field)
    try:
        return from_data(cls, fields)
    except (TypeError, KeyError, ValueError, AttributeError):
        raise RuleRefused(rule, f"The fields of {name} are not right", "bad_fields", command=name) from None
