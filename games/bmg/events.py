"""What a command produced: events in words a player reads, and the new table.

An event with `seat` set is private: only that seat may receive it (a player's own Audacity
markers). Everything else is public. `public_events` keeps what another seat may see."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Event:
    kind: str
    text: str
    rule: str = ""
    data: dict = field(default_factory=dict)
    seat: str | None = None  # None: every seat; else only this seat


@dataclass
class Outcome:
    table: object
    events: list[Event]


def events_for(events: list[Event], seat: str | None) -> list[Event]:
    """The events `seat` may receive: the public ones and its own private ones."""
    return [e for e in events if e.seat is None or e.seat == seat]


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"
