"""The table as phones receive it after a change, as JSON, reusing the JSON of the heroes and
command posts that the change left as they were.

A hero's view is a function of the hero's stored state alone, and a command post's of its stored
state (and, in Versus, of the disc modifiers in play). So the state is written part by part, and
the JSON of each part's view is kept under the JSON of that part's state: a change that moved one
hero's cubes draws that hero again and reuses the rest. The stored state is the same JSON as
`serial.dumps_pooled` would write (the parts are embedded as they are).

A kept table (api.hot) also keeps the JSON of its parts, so a change writes again only the parts
the rules could have changed: while they run, the table's heroes and command posts sit in `Watched`
dicts that note every key through which a part was reached. The table is a tree (each part is
reachable from its dict only), so a part never reached is as it was.
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


class Written:
    """A hero or command post as stored (its state's JSON) and, once drawn, as phones draw it (a
    command post with the Versus disc modifiers it was drawn with). Holding the part keeps its id
    from naming another object while this is kept."""
    __slots__ = ("part", "raw", "drawn", "versus")

    def __init__(self, part, raw: bytes):
        self.part, self.raw = part, raw
        self.drawn: orjson.Fragment | None = None
        self.versus = b""


@dataclass
class Encoded:
    state: bytes                    # the table as stored
    pool: dict[str, object]         # the printed definitions it names, by key (for a part written
                                    # before: those the last encoding found, maybe more)
    parts: dict[int, Written]       # id(hero or post) → it as written


class Watched(dict):
    """A table's heroes or command posts while the rules run: which of them the rules reached, so
    may have changed. Every way to a value notes its key; every way to all values notes them all
    (`everything`). `__iter__` is overridden only so that CPython's own copies of a dict (dict(d),
    {**d}, update, f(**d)) go through keys() and __getitem__ rather than read the table directly."""
    __slots__ = ("reached", "everything")

    def __init__(self, parts: dict):
        dict.__init__(self, parts)
        self.reached: set = set()
        self.everything = False

    def __iter__(self):
        return dict.__iter__(self)

    def __getitem__(self, key):
        self.reached.add(key)
        return dict.__getitem__(self, key)

    def get(self, key, default=None):
        self.reached.add(key)
        return dict.get(self, key, default)

    def __setitem__(self, key, value):
        self.reached.add(key)
        dict.__setitem__(self, key, value)

    def __delitem__(self, key):
        self.reached.add(key)
        dict.__delitem__(self, key)

    def pop(self, key, *default):
        self.reached.add(key)
        return dict.pop(self, key, *default)

    def setdefault(self, key, default=None):
        self.reached.add(key)
        return dict.setdefault(self, key, default)

    def _all(self):
        self.everything = True
        return self

    def values(self):
        return dict.values(self._all())

    def items(self):
        return dict.items(self._all())

    def popitem(self):
        return dict.popitem(self._all())

    def copy(self):
        return dict(dict.items(self._all()))

    def update(self, *args, **kwargs):
        dict.update(self._all(), *args, **kwargs)

    def clear(self):
        dict.clear(self._all())

    def __or__(self, other):
        return dict(dict.items(self._all())) | other

    def __ror__(self, other):
        return other | dict(dict.items(self._all()))

    def __ior__(self, other):
        dict.update(self._all(), other)
        return self

    def __reduce_ex__(self, protocol):  # copy, deepcopy, pickle: a plain dict of all of them
        return dict, (dict(dict.items(self._all())),)


def watch(table: Table) -> dict[str, Watched]:
    """Put the table's parts in Watched dicts (before the rules run on it)."""
    watched = {}
    for name in PARTS:
        watched[name] = Watched(getattr(table, name))
        setattr(table, name, watched[name])
    return watched


def reached(table: Table, watched: dict[str, Watched]) -> dict[str, set | None]:
    """Put plain dicts back and say, per kind of part, the keys the rules reached (None: maybe any,
    e.g. when the rules gave the table another dict of them)."""
    out: dict[str, set | None] = {}
    for name, w in watched.items():
        now = getattr(table, name)
        out[name] = None if now is not w or w.everything else set(w.reached)
        if now is w:
            setattr(table, name, dict(dict.items(w)))
    return out


class Renderer:
    def __init__(self, size: int = 2048):
        self.size = size
        self.drawn: dict[bytes, orjson.Fragment] = {}  # a part's state JSON → its view's JSON
        self.lock = threading.Lock()

    @staticmethod
    def encode(table: Table, before: Encoded | None = None, changed: dict[str, set | None] | None = None) -> Encoded:
        """The table as stored. With `before` (this table's last encoding) and `changed` (what
        `reached` said of the change since), a part not reached is not written again."""
        writer = PooledWriter(definitions.POOLED)
        parts: dict[int, Written] = {}
        written = {}
        old = before.parts if before is not None and changed is not None else {}
        for name in PARTS:
            written[name] = each = {}
            keys = changed.get(name) if old else None
            for key, part in getattr(table, name).items():
                kept = old.get(id(part)) if keys is not None and key not in keys else None
                parts[id(part)] = kept if kept is not None else Written(part, writer.dumps(part))
                each[key] = orjson.Fragment(parts[id(part)].raw)
        state = orjson.dumps(writer.plain(table, written))
        return Encoded(state, {**before.pool, **writer.found} if old else writer.found, parts)

    def view(self, code: str, version: int, table: Table, encoded: Encoded) -> dict:
        """`play.view`'s answer, with each hero and command post as ready JSON (a part written
        before and drawn then is not looked up again)."""
        versus = orjson.dumps(table.versus.disc_modifiers) if table.versus is not None else b""

        def hero(h):
            w = encoded.parts[id(h)]
            if w.drawn is None:
                w.drawn = self._part(b"h" + w.raw, lambda: hero_view(h))
            return w.drawn

        def post(t, p):
            w = encoded.parts[id(p)]
            if w.drawn is None or w.versus != versus:
                w.drawn, w.versus = self._part(b"p" + w.raw + versus, lambda: post_part(t, p)), versus
            return w.drawn

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
