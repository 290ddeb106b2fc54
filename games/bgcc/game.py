"""Batman: Gotham City Chronicles behind the companion's game interface (`games.Game`): the
standard game ("bgcc") and Versus ("bgcc-versus"), over the same engine, view and seats."""
from __future__ import annotations

from dataclasses import replace

import orjson

import games
from games import bounds

from . import engine, field_bounds, names, registry, seats, versus, versus_data
from . import table as rules_table
from .definitions import HeroBoard, Item, Mission, TileDef, VersusMission
from .errors import RuleRefused
from .serial import from_data, to_data, type_problem
from .table import HeroSetup, Table, check_table
from .view import table_view


@games.register
class Bgcc(games.Game):
    name = "bgcc"
    state_type = Table
    refusal = RuleRefused

    def setup(self, options: dict) -> Table:
        """options: {mission, heroes: [{board, equipment, gadgets}], tiles} as POST /api/tables reads
        them (the API checks them against its schema first)."""
        try:
            mission = from_data(Mission, options["mission"])
            heroes = [HeroSetup(from_data(HeroBoard, h["board"]), [from_data(Item, i) for i in h.get("equipment", ())],
                                [from_data(Item, i) for i in h.get("gadgets", ())]) for h in options["heroes"]]
            tiles = [from_data(TileDef, t) for t in options["tiles"]]
        except (TypeError, KeyError, ValueError, AttributeError):
            raise ValueError("The setup options do not describe a mission, heroes and tiles") from None
        return rules_table.setup(mission, heroes, tiles)

    def apply(self, state: Table, command, rng=None):
        """The dice the app rolls (server mode) are drawn from `rng` inside the rules."""
        outcome = engine.apply(state, command, owned=True, rng=rng)
        return outcome.table, outcome.events

    def dice_mode(self, state: Table) -> str:
        return state.dice.mode

    def title(self, state: Table) -> str:
        return state.mission.name

    def view(self, state: Table, seat: str | None = None) -> dict:
        return table_view(state)  # no secrets: every seat sees the same

    def seat_names(self, state: Table) -> list[str]:
        return seats.seat_names(state)

    def seat_refusal(self, seat, command, state: Table) -> tuple[str, str, dict] | None:
        return seats.refusal(seat, command, state)

    def may_now(self, state: Table, seat: str) -> list:
        return registry.may_now(state, seat)

    def command_types(self) -> dict[str, type]:
        return {e.name: e.command for e in registry.ENTRIES}

    def command(self, name: str, fields: dict):
        found = registry.BY_NAME.get(name)
        if found is None:
            raise RuleRefused("I", f"Unknown command {name}", "unknown_command", command=name)
        problem = type_problem(found.command, fields, name)
        if problem:
            raise RuleRefused("I", f"The fields of {name} are not right: {problem}", "bad_fields", command=name)
        bounds.check(RuleRefused, "I", name, found.command, fields, field_bounds.BOUNDS)
        try:
            return from_data(found.command, fields)
        except (TypeError, KeyError, ValueError, AttributeError):
            raise RuleRefused("I", f"The fields of {name} are not right", "bad_fields", command=name) from None

    def command_types(self) -> dict[str, type]:
        return {e.name: e.command for e in registry.ENTRIES}

    def command_bounds(self) -> dict:
        return field_bounds.BOUNDS

    def resolve(self, command, state: Table):
        return names.resolve(state, command)

    def command_name(self, command) -> str:
        return registry.name_of(command)

    def dump(self, state: Table) -> bytes:
        return orjson.dumps(state)  # orjson writes the dataclasses as `to_data` would

    def load(self, data: dict) -> Table:
        return from_data(Table, data)

    def export(self, state: Table, seat: str | None = None) -> dict:
        return to_data(state)  # no secrets: any seat may take the whole table

    def resume(self, data: dict) -> Table:
        problem = type_problem(Table, data, "state")
        if problem:
            raise ValueError(f"The export does not hold a table this app can read: {problem}")
        try:
            table = from_data(Table, data)
        except (TypeError, KeyError, ValueError, AttributeError, IndexError, StopIteration):
            raise ValueError("The export does not hold a table this app can read") from None
        try:
            check_table(table)  # refuses with the rule, its code and params
        except (TypeError, KeyError, ValueError, AttributeError, IndexError, StopIteration):
            raise ValueError("The export does not hold a table this app can read") from None
        return table


@games.register
class BgccVersus(Bgcc):
    """Versus: two command posts, activation discs, HQ powers (the Versus booklet)."""
    name = "bgcc-versus"

    def setup(self, options: dict) -> Table:
        """options: {mission} as POST /api/versus-tables reads it, a booklet mission's printed values
        merged in (api/resources/versus.py): a side's spaces default to the booklet's, its fatigue
        to 0 and its cost track to 1-7; the mission's rules as versus_data lists them."""
        try:
            data = options["mission"]
            sides = {side: {**s, "fatigue": s.get("fatigue") or 0,
                            "spaces": s.get("spaces") or versus_data.DEFAULT_SPACES,
                            "cost_track": s.get("cost_track") or [1, 2, 3, 4, 5, 6, 7]}
                     for side, s in data["sides"].items()}
            mission = from_data(VersusMission, {**data, "sides": sides, "rules": []})
            mission = replace(mission, rules=[versus_data.mission_rule(r) for r in data.get("rules", ())])
        except (TypeError, KeyError, ValueError, AttributeError):
            raise ValueError("The setup options do not describe a Versus mission") from None
        return versus.setup(mission)
