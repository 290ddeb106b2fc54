"""What a command produced, in every game: events in words a player reads, and the new state.

An `Event`'s `text` and `data` are public unless it names a `seat`: then only that seat may receive
it (the Miniature Game's own Audacity markers). `private` holds, per seat, the detail behind that
seat's screen (the Strategy Game's stash after the change); another seat reads the public part
only (`for_seat`). `Game.events_for` applies both to the events as stored (`as_data`)."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Event:
    """What changed, in words a player reads, with the rule that governed it."""
    kind: str
    text: str
    rule: str = ""
    data: dict = field(default_factory=dict)
    private: dict = field(default_factory=dict)  # seat -> {"text": str, "data": dict}
    seat: str | None = None  # None: every seat; else only this seat receives the event

    def as_data(self) -> dict:
        """The event as stored and sent, JSON-ready: `seat` and `private` only when set."""
        out = {"kind": self.kind, "text": self.text, "rule": self.rule, "data": self.data}
        if self.seat is not None:
            out["seat"] = self.seat
        if self.private:
            out["private"] = self.private
        return out


@dataclass
class Outcome:
    """The state after a command and its events."""
    state: object
    events: list[Event]

    @property
    def table(self):
        return self.state


def for_seat(event: Event, seat: str | None) -> dict:
    """The event as `seat` may read it: the public part, plus its own private detail."""
    out = {"kind": event.kind, "text": event.text, "rule": event.rule, "data": event.data}
    if seat is not None and seat in event.private:
        out["private"] = event.private[seat]
    return out


def events_for(events: list[dict], seat: str | None) -> list[dict]:
    """Of stored events (`Event.as_data`), what the phone holding `seat` may read: an event naming
    another seat is left out, and `private` keeps only `seat`'s own detail."""
    out = []
    for e in events:
        if e.get("seat") is not None and e.get("seat") != seat:
            continue
        if "private" in e:
            mine = (e.get("private") or {}).get(seat) if seat is not None else None
            e = {k: v for k, v in e.items() if k != "private"}
            if mine is not None:
                e["private"] = mine
        out.append(e)
    return out


def plural(n: int, word: str) -> str:
    """"1 cube", "2 cubes", "2 successes", "3 Henchmen": how an event counts things."""
    if n == 1:
        return f"{n} {word}"
    if word.endswith("man"):
        return f"{n} {word[:-3]}men"
    return f"{n} {word}{'es' if word.endswith('s') else 's'}"
