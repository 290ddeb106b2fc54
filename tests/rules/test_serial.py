"""Pooled storage (games/serial.py dumps_pooled): every pooled definition, wherever it sits,
becomes {"$def": key}, its key its content's; `from_data_pooled` reads it back."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import orjson

from games.serial import definition_key, dumps_pooled, from_data_pooled


@dataclass(frozen=True)
class Card:  # stands for a pooled printed definition
    name: str
    cost: int = 1


@dataclass
class Slot:
    card: Card | None = None
    count: int = 0


@dataclass
class Shelf:
    label: str
    cards: list[Card] = field(default_factory=list)
    slots: dict[str, Slot] = field(default_factory=dict)
    loose: Any = None          # hints that say nothing: looked at value by value
    plain: list[int] = field(default_factory=list)
    below: "Shelf | None" = None  # a recursive type


POOLED = (Card,)
Card.__pooled__ = True  # as games/bgcc/definitions.py marks its pooled classes for from_data


def both(obj):
    written, found = dumps_pooled(obj, POOLED)
    assert all(definition_key(card) == key for key, card in found.items())
    return written, found


def test_every_pooled_definition_is_named_by_its_key_wherever_it_sits():
    a, b = Card("Batarang"), Card("Grapnel", 2)
    shelf = Shelf("top", cards=[a, b], slots={"x": Slot(a, 3), "y": Slot()}, loose={"deep": [b, {"c": a}]},
                  plain=[1, 2], below=Shelf("inner", cards=[b], loose=a))
    written, found = both(shelf)
    data = orjson.loads(written)
    assert data["cards"][0] == {"$def": next(k for k, v in found.items() if v is a)}
    assert data["loose"]["deep"][1]["c"]["$def"] and data["below"]["loose"]["$def"]
    assert b'"Batarang"' not in written and len(found) == 2
    slot_written, slot_found = both(Slot(a, 3))
    assert from_data_pooled(Slot, orjson.loads(slot_written), slot_found) == Slot(a, 3)


def test_an_instance_without_definitions_is_written_by_orjson_as_it_is():
    shelf = Shelf("empty", slots={"y": Slot(None, 1)}, plain=[3])
    written, found = both(shelf)
    assert found == {} and orjson.loads(written)["slots"] == {"y": {"card": None, "count": 1}}
