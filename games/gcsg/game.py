"""Batman: Gotham City Strategy Game behind the companion's game seam (contract C4), not yet
registered: when `games.Game` lands on main, `Gcsg` subclasses it and `games.register` takes it.

Per seat, as the rules hide each player's stash: `view(state, seat)` and `events_for(events,
seat)`; an export made for a seat (`export(state, seat)`) carries only that seat's stash."""
from __future__ import annotations

import json

from . import engine, registry, serial
from .commands import HenchmenMove, Move
from .counters import State, problems
from .errors import RuleRefused
from .events import for_seat
from .settings import Settings
from .turn import setup
from .view import view


class Gcsg:
    name = "gcsg"
    state_type = State
    refusal = RuleRefused

    def setup(self, settings: Settings, villains: list[str]) -> State:
        return setup(settings, villains)

    def apply(self, state: State, command):
        outcome = engine.apply(state, command, owned=True)
        return outcome.state, outcome.events

    def title(self, state: State) -> str:
        return "Gotham City Strategy Game"

    def view(self, state: State, seat: str | None = None) -> dict:
        return view(state, seat)

    def events_for(self, events: list, seat: str | None) -> list[dict]:
        return [for_seat(e, seat) for e in events]

    def may_now(self, state: State, seat: str) -> list:
        return registry.may_now(state, seat)

    def seat_names(self, state: State) -> list[str]:
        return registry.seat_names(state)

    def seat_refusal(self, seat: str | None, command, state: State) -> str | None:
        refused = registry.refusal(seat, command, state)
        return None if refused is None else refused[1]

    def command(self, name: str, fields: dict):
        cls = registry.COMMANDS.get(name)
        if cls is None:
            raise RuleRefused("TURN", f"Unknown command {name}", "unknown_command", command=name)
        fields = dict(fields or {})
        try:
            if cls is Move:
                fields["henchmen"] = tuple(HenchmenMove(**m) for m in fields.get("henchmen", ()))
            if "players" in fields:
                fields["players"] = tuple(fields["players"])
            return cls(**fields)
        except TypeError:
            raise RuleRefused("TURN", f"The fields of {name} are not right", "bad_fields", command=name) from None

    def dump(self, state: State) -> tuple[bytes, dict[str, bytes]]:
        """The whole state as JSON (settings inline: no pooled definitions yet)."""
        return json.dumps(serial.state_to_data(state), ensure_ascii=False).encode(), {}

    def load(self, data: dict, definitions: dict) -> State:
        return serial.state_from_data(data)

    def export(self, state: State, seat: str | None = None) -> dict:
        """The whole state (seat None: the server's own copy), or what a seat may take away: the
        others' Money, Information and hands zeroed out and marked hidden."""
        data = serial.state_to_data(state)
        if seat is not None:
            for p in data["players"]:
                if p["villain"] != seat:
                    p["money"] = p["information"] = p["hand"] = None
            data["hidden"] = True
        return data

    def resume(self, data: dict) -> State:
        if data.get("hidden"):
            raise ValueError("This export was made for one seat: it lacks the others' stashes")
        try:
            state = serial.state_from_data(data)
        except (TypeError, KeyError, ValueError, AttributeError):
            raise ValueError("The export does not hold a table this app can read") from None
        if problems(state):
            raise ValueError("The export does not hold a coherent table")
        return state
