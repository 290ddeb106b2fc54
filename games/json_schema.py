"""A command's JSON fields as an OpenAPI 3.0 schema, from its dataclass and the game's bounds
(`games.bounds`): what a client generator types a command's body with, and what schemathesis sends.

`Schemas(name_of)` collects one component per dataclass (a command, or a class nested in one):
`ref(cls, bounds)` answers `{"$ref": ...}` and keeps the component in `components`. Every object
refuses fields it does not name (`additionalProperties: false`), as the API does (422
unknown_field); every number, string, list and mapping carries its bound, as the game checks it.

Pure: no Flask, no game imports."""
from __future__ import annotations

import dataclasses
import types
import typing

from .bounds import Items, Mapping, Num, Text, _lookup


def _optional(hint) -> tuple[object, bool]:
    """(the hint without None, whether None is allowed)."""
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        args = typing.get_args(hint)
        inner = [a for a in args if a is not type(None)]
        return (inner[0] if len(inner) == 1 else object), len(inner) < len(args)
    return hint, False


def _scalar(bound) -> dict:
    """An untyped value (an element of a bare tuple, a value of a bare dict) as its bound allows."""
    if isinstance(bound, tuple):
        return {"anyOf": [_scalar(b) for b in bound]}
    if isinstance(bound, Num):
        kind = "integer" if float(bound.low).is_integer() and float(bound.high).is_integer() else "number"
        return {"type": kind, "minimum": bound.low, "maximum": bound.high}
    if isinstance(bound, Text):
        return {"type": "string", "maxLength": bound.most}
    if isinstance(bound, Items):
        return {"type": "array", "maxItems": bound.most, "items": _scalar(bound.each)}
    if isinstance(bound, Mapping):
        return {"type": "object", "maxProperties": bound.most, "additionalProperties": _scalar(bound.value)}
    return {"type": "boolean"}


class Schemas:
    def __init__(self, name_of=lambda cls: cls.__name__):
        self.name_of = name_of
        self.components: dict[str, dict] = {}
        self._named: dict[type, str] = {}

    def ref(self, cls: type, bounds: dict) -> dict:
        name = self._named.get(cls)
        if name is None:
            name = self._named[cls] = self.name_of(cls)
            self.components[name] = {}  # a class that names itself (none yet) finds its reference
            self.components[name] = self.object(cls, bounds)
        return {"$ref": f"#/components/schemas/{name}"}

    def object(self, cls: type, bounds: dict) -> dict:
        hints = typing.get_type_hints(cls)
        properties, required = {}, []
        for f in dataclasses.fields(cls):
            properties[f.name] = self.field(hints[f.name], _lookup(bounds, cls, f.name), bounds)
            if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                required.append(f.name)
        doc = (cls.__doc__ or "").strip()
        schema = {"type": "object", "properties": properties, "additionalProperties": False}
        if doc and not doc.startswith(f"{cls.__name__}("):  # a dataclass's generated repr is no description
            schema["description"] = doc
        if required:
            schema["required"] = required
        return schema

    def field(self, hint, bound, bounds: dict) -> dict:
        hint, nullable = _optional(hint)
        schema = self._typed(hint, bound, bounds)
        if nullable:
            schema = {"allOf": [schema], "nullable": True} if "$ref" in schema else {**schema, "nullable": True}
        return schema

    def _typed(self, hint, bound, bounds: dict) -> dict:
        if dataclasses.is_dataclass(hint):
            return self.ref(hint, bounds)
        origin = typing.get_origin(hint) or hint
        args = typing.get_args(hint)
        if origin is bool:
            return {"type": "boolean"}
        if origin in (int, float):
            schema = {"type": "integer" if origin is int else "number"}
            if isinstance(bound, Num):
                schema.update(minimum=bound.low, maximum=bound.high)
            return schema
        if origin is str:
            return {"type": "string", **({"maxLength": bound.most} if isinstance(bound, Text) else {})}
        if origin in (list, tuple):
            element = args[0] if args else object
            schema = {"type": "array"}
            if isinstance(bound, Items):
                schema["maxItems"] = bound.most
            if element is object:
                schema["items"] = _scalar(bound.each) if isinstance(bound, Items) and bound.each is not None else {}
            else:
                each = bound.each if isinstance(bound, Items) else None
                schema["items"] = self.field(element, each, bounds)
            return schema
        if origin is dict:
            if isinstance(bound, Mapping):
                return {"type": "object", "maxProperties": bound.most, "additionalProperties": _scalar(bound.value)}
            return {"type": "object"}
        return {}
