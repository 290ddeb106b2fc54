"""Every command field of every game refuses a value of the wrong JSON kind when the command is
built (`Game.command`: 422 bad_field over HTTP), before any rule reads it: an object field given a
string once reached the Strategy Game's rules (place_threats' `placements`) and answered 500."""
from __future__ import annotations

import dataclasses
import typing

import pytest

import games
from games.serial import hints

KINDS = {"a string": "x", "a number": 5, "a list": [1], "an object": {"a": 1}, "true": True}


def accepts(annotation, value) -> bool:
    """Whether JSON `value` is of the kind `annotation` says (None aside)."""
    origin = typing.get_origin(annotation) or annotation
    if origin in (typing.Union, __import__("types").UnionType):
        return any(accepts(a, value) for a in typing.get_args(annotation) if a is not type(None))
    if origin in (dict,) or dataclasses.is_dataclass(origin):
        return isinstance(value, dict)
    if origin in (list, tuple):
        return isinstance(value, list)
    if origin is bool:
        return isinstance(value, bool)
    if origin in (int, float):
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if origin is str:
        return isinstance(value, str)
    return True  # Any, a Literal...: the rules decide


@pytest.mark.parametrize("name", games.names())
def test_a_field_of_the_wrong_kind_is_refused_when_the_command_is_built(name):
    game = games.get(name)
    checked = 0
    for command, cls in game.command_types().items():
        types = hints(cls)
        for field in dataclasses.fields(cls):
            for kind, value in KINDS.items():
                if accepts(types[field.name], value):
                    continue
                with pytest.raises(game.refusal) as refused:
                    game.command(command, {field.name: value})
                assert refused.value.code in ("bad_field", "bad_fields", "out_of_bounds"), (command, field.name, kind)
                checked += 1
    assert checked > 20
