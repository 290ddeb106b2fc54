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
from games import serial

from . import registry
from . import apply as applying
from .commands import Gain, TakeResources
from .check import check_table
from .counters import State
from .errors import RuleRefused
from .settings import Settings, sample_settings
from .turn import setup
from . import view as drawn


@games.register
class Gcsg(games.Game):
    name = "gcsg"
    refusal = RuleRefused
    secret = True

    def luck(self, events: list[dict]) -> list[dict]:
        from .after import rolls
        return rolls(events)

    def tally(self, entries: list[dict], state) -> dict:
        from .after import tally
        return tally(entries, state)

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
        outcome = applying.apply(state, command)
        return outcome.state, [e.as_data() for e in outcome.events]

    def title(self, state: State) -> str:
        return "Gotham City Strategy Game"

    def dice_mode(self, state: State) -> str:
        """The fight dice are always the players' real dice, entered as faces: the app rolls none."""
        return games.PHYSICAL_DICE

    def public_view(self, state: State) -> dict:
        return drawn.public_view(state)

    def seat_view(self, state: State, seat: str | None, public: dict) -> dict:
        return drawn.seat_view(state, seat, public)

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

    def command_bounds(self) -> dict:
        return registry.BOUNDS

    def samples(self) -> dict:
        """The labelled SAMPLE settings (settings.sample_settings) and its Villains by id and name."""
        s = sample_settings()
        return {"villains": [{"id": v.id, "name": v.name} for v in s.villains], "settings": serial.to_data(s)}

    def dump(self, state: State) -> bytes:
        """The whole state as JSON."""
        return orjson.dumps(serial.to_data(state))

    def load(self, data: dict) -> State:
        return serial.from_data(State, data)

    def export(self, state: State, seat: str | None = None) -> dict:
        """What the phone holding `seat` may take away: every other Villain's Money, Information and
        hand left out (None) and the document marked `hidden` (any seat but a Villain's, the host
        included, takes no stash at all). The whole state is only the store's (`dump`)."""
        data = serial.to_data(state)
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
            state = serial.from_data(State, data)
        except (TypeError, KeyError, ValueError, AttributeError):
            raise ValueError("The export does not hold a table this app can read") from None
        check_table(state)
        return state
