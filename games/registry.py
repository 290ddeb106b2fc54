"""The one shape of every game's command registry, on the model of python-chess's legal moves beside
`push`: one `Entry` per command says its registry name, its handler, when it is open (the window),
who may send it now, the values its fields may take now (targets) and what it costs (price). A
game's `Registry` of entries is what dispatch (`check`), the seat policy (`refusal`) and the offers
(`may_now`) all read, so no window, sender or price is written twice.

An offer is what a phone draws a button from, without a rule of its own:

    {"command": "hire", "targets": {"count": [1, 2]},
     "price": {"money": 2},               # what sending it takes (omitted when it costs nothing)
     "requirement": {...},                # what the rules ask to send it (a level's dial), if anything
     "affordable": False,                 # present with a price or a requirement: whether the seat
                                          # can pay it / meets it now
     "why": {"code": "...", "params": {}}}  # present when not affordable: the refusal the rules give

Seats: the game's player seats, plus HOST (may send what any player may send now, except what
reads a screen: `screened`) and SPECTATOR (nothing). A phone with no seat and a spectator are
refused by the API before a game is asked (`api.play`); a registry answers the seat-specific case.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable

from .refusal import RuleRefused

HOST, SPECTATOR = "host", "spectator"


def snake(name: str) -> str:
    """A command class's registry name: `PlaceThreats` → "place_threats"."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name).lower()


def _nobody_else(state, seat) -> dict:
    return {}


@dataclass(frozen=True)
class Entry:
    """One command: `open(state)` is its window; `senders(state)` the seats that may send it now;
    `targets(state, seat)` the values its fields may take now; `price(state, seat)` what it takes
    (a dict of amounts, None or {} when free); `requirement(state, seat)` what the rules ask before
    it may be sent (a dict, None when nothing); `afford(state, seat)` None when the seat can pay the
    price and meets the requirement now, else a refusal (code, params) the rules would give. `rule` and `what` name the
    rulebook section and say when it is open, for the refusal when it is not."""
    cls: type
    handler: Callable
    rule: str
    what: str
    open: Callable
    senders: Callable
    targets: Callable = field(default=_nobody_else)
    price: Callable | None = None
    afford: Callable | None = None
    requirement: Callable | None = None
    screened: bool = False  # its rules read what a screen hides: the sender's phone only, never the host
    offered: Callable | None = None  # (state, seat) -> extra offer fields, or None: not offered now
    owner: Callable | None = None  # (state, command) -> the seats whose command it is (it names their
    # model or player), or None: any sender may send it with those fields
    name_: str = ""

    @property
    def name(self) -> str:
        return self.name_ or snake(self.cls.__name__)

    def offer(self, state, seat: str) -> dict | None:
        item = {"command": self.name, "targets": self.targets(state, seat)}
        if self.offered is not None:
            extra = self.offered(state, seat)
            if extra is None:
                return None
            item.update(extra)
        price = self.price(state, seat) if self.price else None
        needs = self.requirement(state, seat) if self.requirement else None
        why = self.afford(state, seat) if (price or needs) and self.afford else None
        return priced(item, price, why, needs)


def priced(item: dict, price: dict | None, why: tuple[str, dict] | None, requirement: dict | None = None) -> dict:
    """`item` with its `price`, `requirement`, `affordable` and, when not, `why` {code, params} (see
    the module); unchanged when the command costs and asks nothing. For a registry that builds its
    offers itself."""
    if requirement:
        item["requirement"] = requirement
    if price or requirement:
        if price:
            item["price"] = price
        item["affordable"] = why is None
        if why is not None:
            code, params = why
            item["why"] = {"code": code, "params": params}
    return item


class Registry:
    """A game's entries, and the answers every game gives from them alike.

    `phase(state)` names where play stands (a step, "over", a pending decision) and
    `phase_title(state)` says it in English for a refusal; `over(state)` whether the game has
    ended; `seat_label(seat)` a seat's name as the players say it."""

    def __init__(self, entries: list[Entry], *, phase: Callable, phase_title: Callable,
                 over: Callable, seat_label: Callable = str, refused: type[Exception] = RuleRefused,
                 over_rule: str = "END"):
        self.entries = list(entries)
        self.phase, self.phase_title, self.over = phase, phase_title, over
        self.seat_label, self.refused, self.over_rule = seat_label, refused, over_rule
        self.by_type = {e.cls: e for e in self.entries}
        self.by_name = {e.name: e for e in self.entries}
        assert len(self.by_name) == len(self.entries), "two entries with one name"

    @property
    def commands(self) -> dict[str, type]:
        return {e.name: e.cls for e in self.entries}

    def entry(self, command) -> Entry:
        found = self.by_type.get(type(command))
        if found is None:
            name = type(command).__name__
            raise self.refused("TURN", f"Unknown command {name}", "unknown_command", command=name)
        return found

    def check(self, state, command) -> Entry:
        """The command's entry, or the refusal when the game is over or the command is not open now."""
        found = self.entry(command)
        if self.over(state):
            raise self.refused(self.over_rule, "The game is over", "game_over")
        if not found.open(state):
            raise self.refused(found.rule, f"{found.what} (now: {self.phase_title(state)})", "not_now",
                               command=found.name, step=self.phase(state))
        return found

    def may_now(self, state, seat: str | None) -> list[dict]:
        """What `seat` may send now: one offer per open command it may send (see the module)."""
        if seat is None or seat == SPECTATOR or self.over(state):
            return []
        out = []
        for e in self.entries:
            if not e.open(state):
                continue
            senders = e.senders(state)
            if seat == HOST:
                if not senders or e.screened:
                    continue
            elif seat not in senders:
                continue
            item = e.offer(state, seat)
            if item is not None:
                out.append(item)
        return out

    def awaiting(self, state, order: tuple[str, ...]) -> list[dict]:
        """Who the table waits for now (contract C1, as BGCC's `turn.awaiting`): [{"seat", "code",
        "params"}], each player seat once, with the first command of `order` (the game's commands
        that move play on, most urgent first) it may send now. Read from each entry's window and
        senders (and its `offered` hook, unless screened: whether a screened command is offered may
        read what the screen hides), so it says nothing a seat's own offers do not already say
        publicly. The host stands in for the players and is never awaited."""
        if self.over(state):
            return []
        out, seen = [], {HOST}
        for name in order:
            e = self.by_name[name]
            if not e.open(state):
                continue
            for seat in e.senders(state):
                if seat in seen or (e.offered is not None and not e.screened and e.offered(state, seat) is None):
                    continue
                seen.add(seat)
                out.append({"seat": seat, "code": name, "params": {}})
        return out

    def refusal(self, seat: str, command, state) -> tuple[str, str, dict] | None:
        """None when the player seat or host `seat` may send `command` now as far as seats go; else
        (code, English message, params). A command that is not open is left to `check`, which says
        why; a screened command is refused to the host from its entry alone, before any amount is
        read (the host is not an oracle of what a screen hides)."""
        found = self.entry(command)
        if not found.open(state):
            return None
        senders = found.senders(state)
        owners = found.owner(state, command) if found.owner else None
        if seat in senders and (owners is None or seat in owners):
            return None
        if seat == HOST:
            if not found.screened or not senders:
                return None
            owner = owners[0] if owners else senders[0]
            return ("behind_screen", f"Only {self.seat_label(owner)}'s own phone can do that: it reads "
                    "what their screen hides", {"seat": seat, "command": found.name, "villain": owner})
        return ("not_your_seat", f"This phone plays {self.seat_label(seat)} and cannot do that now",
                {"seat": seat, "command": found.name})
