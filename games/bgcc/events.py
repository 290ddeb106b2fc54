"""What a command produced: events in words a player reads, and the new table."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Event:
    """What changed, in words a player reads, with the rule that governed it."""
    kind: str
    text: str
    rule: str = ""
    data: dict = field(default_factory=dict)


@dataclass
class Outcome:
    table: object
    events: list[Event]


def plural(n: int, word: str) -> str:
    """"1 cube", "2 cubes", "2 successes": how an event counts things."""
    return f"{n} {word}{'' if n == 1 else 'es' if word.endswith('s') else 's'}"
