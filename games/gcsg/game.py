"""Batman: Gotham City Strategy Game behind the companion's game interface (`games.Game`), name
"gcsg".

Per seat, as the rules hide each player's stash (Money, Information, the hand of cards):
`view(state, seat)` and `events_for(events, seat)` (an event's `private` part, per seat, reaches
only that seat); an export made for a seat (`export(state, seat)`) carries only that seat's stash;
with `hidden_takes` the public form of a take says how many resources, not which."""
from __future__ import annotations

import dataclasses

import orjson

import games
from games import bounds

from . import registry, serial
from .apply import apply as apply_command
from .commands import Gain, HenchmenMove, Move, TakeResources
from .check import check_table
from .counters import State
from .errors import RuleRefused
from .events import Event
from .settings import Settings, sample_settings
from .turn import setup
from .view import view


def event_data(event: Event) -> dict:
    """An event as stored: its public part and, per seat, the private detail behind that screen."""
    out = {"kind": event.kind, "text": event.text, "rule": event.rule, "data": event.data}
    if event.private:
        out["private"] = event.private
    return out


@games.register
class Gcsg(games.Game):
    name = "gcsg"
    refusal = RuleRefused
    secret = True

    def setup_schema(self) -> type:
        from .options import SetupOptionsSchema
        return SetupOptionsSchema

    def setup(self, options: dict) -> State:
        """options: {villains: [2-4 of joker, penguin, two-face, killer-croc] in seat order from the
        first player, settings: the table settings (the dials, screens, board and dice as
        `Settings`' fields), or none for the labelled SAMPLE}."""
        if not isinstance(options, dict):
            raise ValueError("The setup options are a JSON object")
        villains = options.get("villains")
        if not isinstance(villains, list) or not all(isinstance(v, str) for v in villains):
            raise ValueError("villains: a list of 2 to 4 Villain ids")
        data = options.get("settings")
        if data is None:
            settings = sample_settings()
        else:
            problem = serial.type_problem(Settings, data, "settings")
            if problem:
                raise ValueError(f"The table settings are not right: {problem}")
            settings = serial.from_data(Settings, data)
        try:
            state = setup(settings, villains)
        except KeyError as unknown:
            raise RuleRefused("SETUP", f"No Villain {unknown.args[0]} in the settings", "bad_players") from None
        check_table(state)  # the settings within the box, the names and lists bounded
        return state

    def apply(self, state: State, command, rng=None):
        """The fight dice are entered as faces (RollFight): `rng` is not used."""
        outcome = apply_command(state, command)
        return outcome.state, [event_data(e) for e in outcome.events]

    def title(self, state: State) -> str:
        return "Gotham City Strategy Game"

    def dice_mode(self, state: State) -> str:
        """The fight dice are always the players' real dice, entered as faces: the app rolls none."""
        return games.PHYSICAL_DICE

    def view(self, state: State, seat: str | None = None) -> dict:
        return view(state, seat)

    def events_for(self, events: list[dict], seat: str | None) -> list[dict]:
        """The public part of each event, with `seat`'s own private detail (for_seat on stored events)."""
        out = []
        for e in events:
            public = {k: v for k, v in e.items() if k != "private"}
            private = (e.get("private") or {}).get(seat) if seat is not None else None
            out.append({**public, "private": private} if private is not None else public)
        return out

    def public_command(self, command, state: State) -> dict:
        data = dataclasses.asdict(command)
        if state.settings.hidden_takes and isinstance(command, (TakeResources, Gain)):
            data["hidden"] = data.pop("money") + data.pop("information")
        return data

    def may_now(self, state: State, seat: str) -> list:
        return registry.may_now(state, seat)

    def seat_names(self, state: State) -> list[str]:
        return registry.seat_names(state)

    def seat_refusal(self, seat: str | None, command, state: State) -> tuple[str, str, dict] | None:
        return registry.refusal(seat, command, state)

    def command_types(self) -> dict[str, type]:
        return dict(registry.COMMANDS)

    def command(self, name: str, fields: dict):
        cls = registry.COMMANDS.get(name)
        if cls is None:
            raise RuleRefused("TURN", f"Unknown command {name}", "unknown_command", command=name)
        if fields is not None and not isinstance(fields, dict):
            raise RuleRefused("TURN", f"The fields of {name} are a JSON object", "bad_fields", command=name)
        fields = dict(fields or {})
        bounds.check(RuleRefused, "TURN", name, cls, fields, registry.BOUNDS)
        problem = serial.type_problem(cls, {k: v for k, v in fields.items() if k != "henchmen"}, name) \
            if cls is Move else serial.type_problem(cls, fields, name)
        if cls is Move and not isinstance(fields.get("henchmen", []), list):
            problem = "move.henchmen is not a list"
        if problem:
            raise RuleRefused("TURN", f"The fields of {name} are not right: {problem}", "bad_fields", command=name)
        try:
            if cls is Move:
                fields["henchmen"] = tuple(HenchmenMove(**m) for m in fields.get("henchmen", ()))
            if "players" in fields:
                fields["players"] = tuple(fields["players"])
            return cls(**fields)
        except (TypeError, AttributeError):
            raise RuleRefused("TURN", f"The fields of {name} are not right", "bad_fields", command=name) from None

    def command_types(self) -> dict[str, type]:
        return dict(registry.COMMANDS)

    def command_bounds(self) -> dict:
        return registry.BOUNDS

    def samples(self) -> dict:
        """The labelled SAMPLE settings (settings.sample_settings) and its Villains by id and name."""
        s = sample_settings()
        return {"villains": [{"id": v.id, "name": v.name} for v in s.villains], "settings": serial.to_data(s)}

    def dump(self, state: State) -> bytes:
        """The whole state as JSON."""
        return orjson.dumps(serial.state_to_data(state))

    def load(self, data: dict) -> State:
        return serial.state_from_data(data)

    def export(self, state: State, seat: str | None = None) -> dict:
        """What the phone holding `seat` may take away: every other Villain's Money, Information and
        hand left out (None) and the document marked `hidden` (any seat but a Villain's, the host
        included, takes no stash at all). The whole state is only the store's (`dump`)."""
        data = serial.state_to_data(state)
        for p in data["players"]:
            if p["villain"] != seat:
                p["money"] = p["information"] = p["hand"] = None
        data["hidden"] = True
        return data

    def resume(self, data: dict) -> State:
        if data.get("hidden"):
            raise ValueError("This export was made for one seat: it lacks the others' stashes")
        problem = serial.type_problem(State, data, "state")
        if problem:
            raise ValueError(f"The export does not hold a table this app can read: {problem}")
        try:
            state = serial.state_from_data(data)
        except (TypeError, KeyError, ValueError, AttributeError):
            raise ValueError("The export does not hold a table this app can read") from None
        check_table(state)
        return state
