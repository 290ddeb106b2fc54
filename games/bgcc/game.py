"""Batman: Gotham City Chronicles behind the companion's game interface (`games.Game`): the
standard game ("bgcc") and Versus ("bgcc-versus"), over the same engine, view and seats."""
from __future__ import annotations

from dataclasses import replace

import orjson

import games
from games import bounds
from games.serial import build_command, from_data, to_data, type_problem

from . import engine, field_bounds, library, names, previews, registry, rest_aliases, schemas, seats, versus, versus_data
from . import table as rules_table
from .definitions import HeroBoard, Item, Mission, TileDef, VersusMission
from .errors import RuleRefused
from .table import HeroSetup, Table, check_table
from . import view as drawn


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
    refusal = RuleRefused
    command_rule = "I"

    def luck(self, events: list[dict]) -> list[dict]:
        from .after import rolls
        return rolls(events)

    def tally(self, entries: list[dict], state) -> dict:
        from .after import tally
        return tally(entries, state)

    def setup_schema(self) -> type:
        return schemas.NewTableSchema

    def library(self) -> games.Library:
        return LIBRARY

    def samples(self) -> dict:
        """The sample library (data/sample-library.json): the rulebook examples' characters."""
        return library.sample()

    def setup(self, options: dict) -> Table:
        """options: {mission, heroes: [{board, equipment, gadgets}], tiles} as `setup_schema` reads
        them."""
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

    def may_all(self, state: Table, public: dict) -> dict[str, list]:
        return drawn.every_seat_may(state, public)

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

    def aliases(self) -> tuple[games.Alias, ...]:
        return super().aliases() + rest_aliases.ALIASES

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

    def setup_schema(self) -> type:
        return schemas.NewVersusTableSchema

    def samples(self) -> dict:
        """The booklet as data: its missions (templates: null numbers are for the players to fill
        in), its HQ powers, and sample tiles of both sides for trying a draft."""
        return {"missions": versus_data.missions_document(), "powers": versus_data.powers_document(),
                "tiles": library.sample("versus-sample-tiles.json")}

    def setup(self, options: dict) -> Table:
        """options: {mission} as `setup_schema` reads it: a booklet mission by `id` (its printed
        values merged in, the typed ones for what it does not print) or one typed in full. A side's
        spaces default to the booklet's, its fatigue to 0 and its cost track to 1-7; the mission's
        rules as versus_data lists them."""
        data = _mission(options["mission"]) if isinstance(options.get("mission"), dict) else None
        try:
            sides = {side: {**s, "fatigue": s.get("fatigue") or 0,
                            "spaces": s.get("spaces") or versus_data.DEFAULT_SPACES,
                            "cost_track": s.get("cost_track") or [1, 2, 3, 4, 5, 6, 7]}
                     for side, s in data["sides"].items()}
            mission = from_data(VersusMission, {**data, "sides": sides, "rules": []})
            mission = replace(mission, rules=[versus_data.mission_rule(r) for r in data.get("rules", ())])
        except (TypeError, KeyError, ValueError, AttributeError):
            raise ValueError("The setup options do not describe a Versus mission") from None
        return versus.setup(mission)


TYPED = ("reserve", "recovery", "discs_available", "discs_unavailable", "discs_recovery", "river")


def _mission(data: dict) -> dict:
    """The Versus mission's setup data: a booklet mission by id (its printed values and rules, the
    typed values for what it does not print), or one typed in full; else a SetupRefused."""
    if data.get("id"):
        try:
            return {**data, **versus_data.from_template(data["id"], data)}
        except versus_data.PrintedValue as clash:
            name, printed, typed = clash.args
            raise games.SetupRefused(409, f"The booklet prints {name} = {printed}, not {typed}", "booklet_prints_value",
                                     field=name, printed=str(printed), typed=str(typed)) from None
        except KeyError:
            raise games.SetupRefused(404, f"No booklet mission {data['id']!r}", "no_mission",
                                     mission=data["id"]) from None
        except ValueError as missing:
            raise games.SetupRefused(400, f"The booklet does not print {missing.args[0]}: type it in",
                                     "mission_value_missing", field=missing.args[0]) from None
        except (TypeError, AttributeError):
            raise ValueError("The setup options do not describe a Versus mission") from None
    for name in ("name", "initiative", "turn_limit"):
        if data.get(name) is None:
            raise games.SetupRefused(400, f"A typed mission needs its {name} (or a booklet mission's id)",
                                     "mission_value_missing", field=name)
    sides = data.get("sides")
    for side, s in (sides.items() if isinstance(sides, dict) else ()):
        for name in TYPED if isinstance(s, dict) else ():
            if s.get(name) is None:
                raise games.SetupRefused(400, f"A typed mission needs {side}.{name} (or a booklet mission's id)",
                                         "mission_value_missing", field=f"{side}.{name}")
    return data


def _check_definition(kind: str, data: dict) -> dict:
    """A library definition in its canonical form, checked by the rules (RuleRefused)."""
    return to_data(library.parse(kind, data))


LIBRARY = games.Library(
    format=library.FORMAT, kinds=tuple(library.KINDS), caps={"heroes": 200, "items": 500, "tiles": 500, "missions": 200},
    schemas={"heroes": schemas.HeroBoardSchema, "items": schemas.ItemSchema, "tiles": schemas.TileDefSchema,
             "missions": schemas.MissionSchema, "dice": schemas.DiceSchema},
    check=_check_definition,
    samples=lambda: [library.sample(name) for name in ("sample-library.json", "versus-sample-tiles.json")])
