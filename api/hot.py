"""Tables kept decoded between commands, in this process: the next command on a table starts from
the Table its last change left, with no read from Redis and no decoding.

Redis stays the authority. A kept table is only a guess of what is stored: the write that follows
is a compare-and-set on its version and on the writer's seat, and a guess that turns out old is
answered by the store with the table as it is now (`store.Stale`). A command takes its table out
(`take`) and gives the changed one back only after its write landed (`keep`), so two threads never
share a Table, and a command the rules refused (which may have changed the table half-way) leaves
nothing behind.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from games.bgcc.table import Table

from .render import Encoded
from .store import Loaded, quick_lock


@dataclass
class Kept:
    loaded: Loaded  # version, history and definitions as of the last write or read (state: None)
    table: Table
    seats: dict[str, str] = field(default_factory=dict)  # token digest → the seat it held then
    encoded: Encoded | None = None  # the table as its last write stored it (None: not known here)


class HotTables:
    def __init__(self, size: int = 500):
        self.size = size
        self.lock = quick_lock()
        self.kept: dict[str, Kept] = {}  # insertion order: least recently kept first

    def take(self, code: str, token_digest: str | None) -> Kept | None:
        """The kept table of `code`, removed from the cache, when this token's seat is known."""
        with self.lock:
            kept = self.kept.get(code)
            if kept is None or token_digest not in kept.seats:
                return None
            del self.kept[code]
        kept.loaded.seat = kept.seats[token_digest]
        return kept

    def keep(self, loaded: Loaded, table: Table, token_digest: str | None, seats: dict[str, str] | None = None,
             encoded: Encoded | None = None) -> None:
        """Keep `table` as stored at `loaded.version` (the caller hands it over and never touches it
        again), with `encoded` when that is how the write stored it, unless a newer version is
        already kept."""
        seats = dict(seats or {})
        if token_digest is not None and loaded.seat is not None:
            seats[token_digest] = loaded.seat
        if loaded.state is not None or loaded.replay is not None or loaded.presence:  # keep no more than needed
            loaded = dataclasses.replace(loaded, state=None, replay=None, presence={})
        kept = Kept(loaded, table, seats, encoded)
        with self.lock:
            old = self.kept.pop(loaded.code, None)
            if old is not None and old.loaded.version > loaded.version:
                kept = old
            elif old is not None:
                kept.seats = {**old.seats, **kept.seats}
            self.kept[loaded.code] = kept
            while len(self.kept) > self.size:
                del self.kept[next(iter(self.kept))]
