"""Batman: Gotham City Chronicles behind the companion's game interface (`games.Game`): the
standard game ("bgcc") and Versus ("bgcc-versus"), over the same engine, view and seats."""
from __future__ import annotations

import orjson

import games

from . import engine, registry, seats, versus
from . import table as rules_table
from .definitions import POOLED
from .errors import RuleRefused
from .serial import dumps_pooled, from_data, from_data_pooled, to_data, type_problem
from .table import Table, check_table
from .view import table_view


_DEFINITIONS = {cls.__name__: cls for cls in POOLED}


@games.register
class Bgcc(games.Game):
    name = "bgcc"
    state_type = Table
    refusal = RuleRefused

    def setup(self, mission, heroes, tiles) -> Table:
        return rules_table.setup(mission, heroes, tiles)

    def apply(self, state: Table, command):
        outcome = engine.apply(state, command, owned=True)
        return outcome.table, outcome.events

    def title(self, state: Table) -> str:
        return state.mission.name

    def view(self, state: Table) -> dict:
        return table_view(state)

    def seat_names(self, state: Table) -> list[str]:
        return seats.seat_names(state)

    def seat_refusal(self, seat, command, state: Table) -> tuple[str, str, dict] | None:
        return seats.refusal(seat, command, state)

    def may_now(self, state: Table, seat: str) -> list:
        return registry.may_now(state, seat)

    def command(self, name: str, fields: dict):
        return from_data(registry.BY_NAME[name].command, fields)  # a name the routes send: never unknown

    def command_name(self, command) -> str:
        return registry.name_of(command)

    def dump(self, state: Table) -> tuple[bytes, dict[str, bytes]]:
        data, pool = dumps_pooled(state, POOLED)
        return data, {key: orjson.dumps({"t": type(obj).__name__, "d": obj}) for key, obj in pool.items()}

    def load(self, data: dict, definitions: dict) -> Table:
        pool = {}
        for key, raw in definitions.items():
            stored = orjson.loads(raw)
            pool[key.decode() if isinstance(key, bytes) else key] = from_data(_DEFINITIONS[stored["t"]], stored["d"])
        return from_data_pooled(Table, data, pool)

    def export(self, state: Table) -> dict:
        return to_data(state)

    def resume(self, data: dict) -> Table:
        problem = type_problem(Table, data, "state")
        if problem:
            raise ValueError(f"The export does not hold a table this app can read: {problem}")
        try:
            table = from_data(Table, data)
            check_table(table)
        except RuleRefused as exc:
            raise ValueError(f"The export does not hold a coherent table: {exc.message}") from None
        except (TypeError, KeyError, ValueError, AttributeError, IndexError, StopIteration):
            raise ValueError("The export does not hold a table this app can read") from None
        return table


@games.register
class BgccVersus(Bgcc):
    """Versus: two command posts, activation discs, HQ powers (the Versus booklet)."""
    name = "bgcc-versus"

    def setup(self, mission) -> Table:
        return versus.setup(mission)
