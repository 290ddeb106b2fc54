"""The table as phones receive it after a change, as JSON, reusing the JSON of the heroes and
command posts that the change left as they were.

A hero's view is a function of the hero's stored state alone, and a command post's of its stored
state (and, in Versus, of the disc modifiers in play). So the state is written part by part, and
the JSON of each part's view is kept under the JSON of that part's state: a change that moved one
hero's cubes draws that hero again and reuses the rest. The stored state is the same JSON as
`serial.dumps_pooled` would write (the parts are embedded as they are).
"""
from __future__ import annotations

import threading
from dataclasses import dataclass

import orjson

from games.bgcc import definitions
from games.bgcc.serial import PooledWriter
from games.bgcc.table import Table
from games.bgcc.view import hero_view, post_part, table_view

PARTS = ("heroes", "command_posts")


@dataclass
class Encoded:
    state: bytes                    # the table as stored
    pool: dict[str, object]         # the printed definitions it names, by key
    parts: dict[int, bytes]         # id(hero or post) → the JSON of its state


class Renderer:
    def __init__(self, size: int = 2048):
        self.size = size
        self.drawn: dict[bytes, orjson.Fragment] = {}  # a part's state JSON → its view's JSON
        self.lock = threading.Lock()

    @staticmethod
    def encode(table: Table) -> Encoded:
        writer = PooledWriter(definitions.POOLED)
        parts: dict[int, bytes] = {}
        written = {}
        for name in PARTS:
            written[name] = each = {}
            for key, part in getattr(table, name).items():
                parts[id(part)] = raw = writer.dumps(part)
                each[key] = orjson.Fragment(raw)
        return Encoded(orjson.dumps(writer.plain(table, written)), writer.found, parts)

    def view(self, code: str, version: int, table: Table, encoded: Encoded) -> dict:
        """`play.view`'s answer, with each hero and command post as ready JSON."""
        versus = orjson.dumps(table.versus.disc_modifiers) if table.versus is not None else b""

        def hero(h):
            return self._part(b"h" + encoded.parts[id(h)], lambda: hero_view(h))

        def post(t, p):
            return self._part(b"p" + encoded.parts[id(p)] + versus, lambda: post_part(t, p))

        return {"code": code, "version": version, **table_view(table, hero, post)}

    def _part(self, key: bytes, draw) -> orjson.Fragment:
        drawn = self.drawn.get(key)
        if drawn is None:
            drawn = orjson.Fragment(orjson.dumps(draw()))
            with self.lock:
                self.drawn[key] = drawn
                while len(self.drawn) > self.size:
                    del self.drawn[next(iter(self.drawn))]
        return drawn
