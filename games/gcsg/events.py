"""What a command produced, split into what every seat may read and what only one seat may.

An `Event`'s `text` and `data` are public (what the table sees: a reveal, a discard, a placement);
`private` holds, per seat, the detail behind that seat's screen (its stash after the change). A
seat's history or live stream carries `for_seat(event, seat)`, never the whole event."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Event:
    kind: str
    text: str
    rule: str = ""
    data: dict = field(default_factory=dict)
    private: dict = field(default_factory=dict)  # seat -> {"text": str, "data": dict}


@dataclass
class Outcome:
    state: object
    events: list[Event]

    @property
    def table(self):  # the name games.bgcc uses
        return self.state


def for_seat(event: Event, seat: str | None) -> dict:
    """The event as `seat` may read it: the public part, plus its own private detail."""
    out = {"kind": event.kind, "text": event.text, "rule": event.rule, "data": event.data}
    if seat is not None and seat in event.private:
        out["private"] = event.private[seat]
    return out


def plural(n: int, word: str) -> str:
    if n == 1:
        return f"{n} {word}"
    return f"{n} {word[:-3] + 'men' if word.endswith('man') else word + 's'}"
