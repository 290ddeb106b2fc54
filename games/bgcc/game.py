"""Batman: Gotham City Chronicles behind the companion's game interface (`games.Game`): the
standard game ("bgcc") and Versus ("bgcc-versus"), over the same engine, view and seats."""
from __future__ import annotations

from dataclasses import replace

import orjson

import games
from games import bounds
from games.serial import build_command, dumps_pooled, from_data, from_data_pooled, to_data, type_problem

from . import engine, field_bounds, names, previews, registry, seats, versus, versus_data
from . import table as rules_table
from .definitions import POOLED, HeroBoard, Item, Mission, TileDef, VersusMission
from .errors import RuleRefused
from .table import HeroSetup, Table, check_table
from . import view as drawn


_DEFINITIONS = {cls.__name__: cls for cls in POOLED}


def _booklet_powers(fields):
    """pick_hq's `powers` as the booklet prints them (Versus I·C·2): power ids, or none given for
    every power of the character named like the HQ tile; full power definitions stay as they are."""
    if not isinstance(fields, dict):
        return fields
    powers = fields.get("powers")
    tile = fields.get("tile")
    if powers is not None and not (isinstance(powers, list) and all(isinstance(p, str) for p in powers)):
        return fields
    if powers is not None and len(powers) > 20 or not isinstance(tile, dict) or not isinstance(
            tile.get("name"), str) or not isinstance(fields.get("side"), str):
        return fields  # the type and bound checks refuse it
    try:
        found = versus_data.powers_for(tile["name"][:80], powers, fields["side"][:20])
    except KeyError as missing:
        raise RuleRefused("Versus I·C·2", f"No power {str(missing.args[0])[:80]!r} in the booklet", "no_power",
                          power=str(missing.args[0])[:80]) from None
    return {**fields, "powers": to_data(found)}


@games.register
class Bgcc(games.Game):
    name = "bgcc"
    state_type = Table
    refusal = RuleRefused
    command_rule = "I"

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
        return outcome.table, [e.as_data() for e in outcome.events]

    def dice_mode(self, state: Table) -> str:
        return state.dice.mode

    def title(self, state: Table) -> str:
        return state.mission.name

    def public_view(self, state: Table) -> dict:
        return drawn.public_view(state)  # no secrets: every seat sees the same, every seat's `may` too

    def seat_view(self, state: Table, seat: str | None, public: dict) -> dict:
        return {"may": {seat: drawn.seat_may(state, seat, public)} if seat is not None else {}}

    def seat_names(self, state: Table) -> list[str]:
        return seats.seat_names(state)

    def seat_refusal(self, seat, command, state: Table) -> tuple[str, str, dict] | None:
        return seats.refusal(seat, command, state)

    def may_now(self, state: Table, seat: str) -> list:
        return registry.may_now(state, seat)

    def command_types(self) -> dict[str, type]:
        return {e.name: e.command for e in registry.ENTRIES}

    def command(self, name: str, fields: dict | None):
        if name == "pick_hq":
            fields = _booklet_powers(fields)
        return super().command(name, fields)

    def preview_types(self) -> dict[str, type]:
        return dict(previews.TYPES)

    def preview_bounds(self) -> dict:
        return previews.BOUNDS

    def preview(self, state: Table, name: str, fields: dict) -> dict | None:
        cls = previews.TYPES.get(name)
        if cls is None:
            return None
        built = build_command(cls, name, fields, self.command_rule,
                              lambda f: bounds.check(RuleRefused, self.command_rule, name, cls, f, previews.BOUNDS))
        return previews.preview(state, name, built)

    def command_bounds(self) -> dict:
        return field_bounds.BOUNDS

    def resolve(self, command, state: Table):
        return names.resolve(state, command)

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
