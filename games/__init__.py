"""The games the companion runs, registered by name.

A game is a package beside `games/bgcc` that registers a `Game` subclass; the API asks this
registry for a table's game (`get(name)`) and never imports a game package itself. A stored table
records its game's name; `of_table` also reads tables stored before games had names.
"""
from __future__ import annotations

import dataclasses
import importlib
from typing import Callable

HOST, SPECTATOR = "host", "spectator"  # seats every game has: the table's host and anyone watching

# Dice: "server", the app rolls them with the `rng` the API passes to `apply`; "physical", the
# players roll real dice and enter what they show.
SERVER_DICE, PHYSICAL_DICE = "server", "physical"
ENTERED_DICE = "entered_dice"  # the metadata key that marks a command field as entered dice

PACKAGES = ("games.bgcc.game", "games.bmg.game", "games.gcsg.game")  # imported on first use; each registers its games


class SetupRefused(ValueError):
    """Why setup options set up no table, for the player: `code` and `params` (a stable refusal,
    api/errors.py) and `status`, the answer's (400 a value missing, 404 a name the game does not
    know, 409 a value the rules or the printed material refuse)."""

    def __init__(self, status: int, message: str, code: str, **params):
        super().__init__(message)
        self.status, self.message, self.code, self.params = status, message, code, params


@dataclasses.dataclass(frozen=True)
class Library:
    """A game's definitions library: the printed components a group types in once and reuses at
    every table (BGCC: hero boards, items, tiles, missions), as the API serves it under /api/library.
    `kinds` are its collections, `caps` the most of each one document (and so the library) holds;
    `schemas` the marshmallow schema of each kind and of the parts a command body may nest (e.g.
    "dice"); `check(kind, data)` the definition in its canonical form, or the game's refusal;
    `samples()` the sample documents the game ships (`format` each)."""
    format: str
    kinds: tuple[str, ...]
    caps: dict[str, int]
    schemas: dict[str, type]
    check: Callable[[str, dict], dict]
    samples: Callable[[], list[dict]]


@dataclasses.dataclass(frozen=True)
class Alias:
    """An older route kept as a thin alias: `method` and `path` under /api/tables/{code} (OpenAPI
    style, e.g. "/heroes/{hero}/spend"); `kind` "command" (sent as POST .../commands/{name}),
    "preview" (asked as POST .../previews/{name}) or "read" (a part of the table's view); `name`
    the command or preview ("{x}": the path parameter x); `fields(body, params)` the command's
    fields from the body and the path parameters, or `part(view, params)` the part read (None: not
    there, 404 `missing`; `many`: a list)."""
    method: str
    path: str
    kind: str
    name: str = ""
    fields: Callable[[dict, dict], dict] | None = None
    part: Callable[[dict, dict], object] | None = None
    missing: str = "not_found"
    many: bool = False  # a read answering a list (of objects) rather than one object
    renamed: dict = dataclasses.field(default_factory=dict)  # a path parameter the command names otherwise
    doc: str = ""


class Game:
    """What the API needs of a game. A state is the game's own object; commands are built from
    their registry name and JSON fields; `apply` answers (new state, events) or raises the game's
    `refusal` (an exception with `rule`, `message`, `code` and `params`, see api/errors.py).

    Secrets: a game whose seats may not all see the same (`secret = True`: a player's hidden
    markers, a stash behind a screen) answers `seat_view(state, seat, public)` (on top of its
    `public_view`) and `events_for(events, seat)` per seat, `public_command` for what every seat may read of a command, and `export(state,
    seat)` with only what that seat may take away. The API never sends a seat anything else."""

    name: str = ""
    refusal: type[Exception] = Exception  # what `apply` raises when the rules refuse
    secret: bool = False  # True: views, events and exports differ per seat

    def setup(self, options: dict):
        """A new table's state from the game's JSON setup options (read by `setup_schema` first when
        the game has one); the game checks them and raises its `refusal`, a `SetupRefused` or a
        ValueError (why, for the player) when they do not set up a table."""
        raise NotImplementedError

    def setup_schema(self) -> type | None:
        """The marshmallow schema the setup options are read by before `setup` (a 422 with its
        errors when they do not fit), or None: `setup` checks them itself."""
        return None

    def library(self) -> Library | None:
        """The game's definitions library, when it has one."""
        return None

    def apply(self, state, command, rng) -> tuple[object, list]:
        """The state after `command` (the given state may be changed: the caller never reads it
        again) and the events, JSON-ready (private parts included: `events_for` filters them).
        `rng` is the API's random source (`secrets.SystemRandom()`) for the dice the app rolls."""
        raise NotImplementedError

    def title(self, state) -> str:
        """What the players call this table's game (e.g. its mission's name)."""
        return self.name

    def public_view(self, state) -> dict:
        """What every phone draws whatever its seat, JSON-ready, without `may` (and, in a game with
        secrets, with what is hidden left out: an unrevealed marker, a stash)."""
        raise NotImplementedError

    def seat_view(self, state, seat: str | None, public: dict) -> dict:
        """What the phone holding `seat` (None: no seat) draws on top of `public` (this state's
        `public_view`): "may" ({seat: what it may send now}; {} for no seat) and, in a game with
        secrets, the keys it sees otherwise (its own markers, its stash), replacing public's."""
        return {"may": {seat: self.may_now(state, seat)} if seat is not None else {}}

    def may_all(self, state, public: dict) -> dict[str, list]:
        """What every seat may send now ({seat: offers}, the spectator's included), on top of
        `public` (this state's `public_view`): each seat's `seat_view`, unless the game works them
        out in one pass."""
        may = {}
        for seat in (*self.seat_names(state), SPECTATOR):
            may.update(self.seat_view(state, seat, public)["may"])
        return may

    def views(self, state, seats) -> tuple[dict, dict]:
        """The public view built once and each of `seats`' own part built once: a seat draws
        {**public, **own[seat]}. Without secrets every seat's offers are public (a phone says which
        other seat may do what it may not): they are all in `public` and each own part is empty.
        With secrets a seat's offers are its own, but the host's are public (they never read a
        secret: `seat_refusal`), so a phone holding the host seat and a player's draws both."""
        public = self.public_view(state)
        if not self.secret:
            return {**public, "may": self.may_all(state, public)}, {seat: {} for seat in seats}
        host = self.seat_view(state, HOST, public)
        public = {**public, "may": host["may"]}
        own = {seat: host if seat == HOST else self.seat_view(state, seat, public) for seat in seats}
        return public, {seat: {**part, "may": {**host["may"], **part["may"]}} for seat, part in own.items()}

    def view(self, state, seat: str | None = None) -> dict:
        """What the phone holding `seat` (None: no seat) draws, JSON-ready, with what it may do
        now ("may": every seat's in a game without secrets, its own only in a game with)."""
        public, own = self.views(state, [seat])
        return {**public, **own[seat]}

    def events_for(self, events: list[dict], seat: str | None) -> list[dict]:
        """What of `apply`'s events (as stored) the phone holding `seat` may read: an event naming
        another seat is left out, its `private` part keeps `seat`'s own (`games.events`)."""
        from .events import events_for
        return events_for(events, seat)

    def public_command(self, command, state) -> dict:
        """The command's fields as every seat may read them (history, the live change)."""
        return dataclasses.asdict(command) if dataclasses.is_dataclass(command) else {}

    def may_now(self, state, seat: str) -> list:
        """What `seat` may send now: [{"command", "targets", ...}] (see games/registry.py)."""
        raise NotImplementedError

    def seat_names(self, state) -> list[str]:
        """Every seat of the table but spectators."""
        raise NotImplementedError

    def seat_refusal(self, seat: str, command, state) -> tuple[str, str, dict] | None:
        """None when a phone holding the player or host `seat` may send `command`, else why not:
        (code, English message, params): "not_your_seat", or a code saying something more (a
        screened command: "behind_screen"). A phone with no seat and a spectator are refused by
        the API before any game is asked (api.play.barred: no_seat, spectator). In a game with secrets the answer never depends on them,
        and a command whose rules read a seat's secrets (a stash's amounts, a hidden plan) is
        refused here for every other seat, the host included, from the command's registry entry
        alone: the host acts for a player only through that player's view, never as an oracle of
        what its screen hides (the API asks this before the rules run)."""
        raise NotImplementedError

    def resolve(self, command, state):
        """`command` with what it names by the names the table shows turned into ids (a game
        accepting names answers the ones it does not know with its `refusal`)."""
        return command

    command_rule: str = "TURN"  # the rulebook section a malformed command's refusal names

    def command(self, name: str, fields: dict | None):
        """A command from its registry name (`command_types`) and its JSON fields, checked by the
        one strict checker (`games.serial.build_command`: an unknown field, a missing one, a
        wrong type or a value out of `command_bounds` raise the game's `refusal`, alike in every
        game); an unknown name raises it with code unknown_command."""
        from .bounds import check
        from .refusal import RuleRefused
        from .serial import build_command
        cls = self.command_types().get(name)
        if cls is None:
            raise RuleRefused(self.command_rule, f"Unknown command {name}", "unknown_command", command=name)
        return build_command(cls, name, fields, self.command_rule,
                             lambda f: check(RuleRefused, self.command_rule, name, cls, f, self.command_bounds()))

    def command_types(self) -> dict[str, type]:
        """The game's command registry: each command's class by its registry name (a dataclass
        whose fields are its JSON fields, what `command` builds)."""
        return {}

    def command_bounds(self) -> dict:
        """What each command field may hold (`games.bounds`), checked before a command is built."""
        return {}

    def samples(self) -> dict:
        """The labelled sample library a phone may set a table up from (cards, settings), JSON-ready:
        what the game package ships, so the app keeps no copy of it."""
        return {}

    def dice_mode(self, state) -> str:
        """SERVER_DICE while the app rolls the table's dice (with `rng`), PHYSICAL_DICE while the
        players roll real dice: `apply` refuses a command giving an `entered_dice` field (see
        `entered`) unless the table's dice are physical."""
        return PHYSICAL_DICE

    def odds(self, state, command) -> dict | None:
        """Exact odds of `command`'s roll before it is rolled, JSON-ready; None when the game has
        no such preview (a game may show its odds in the view instead)."""
        return None

    def luck(self, events: list[dict]) -> list[dict]:
        """Dice luck: each roll among the events of one change (as stored, or as any seat reads them:
        a roll's dice are public), {"who": the roller (a character's name or a seat), "rolled": the
        successes it showed, "expected": their exact expectation from the game's odds engine, a
        Fraction}; [] for a game whose rolls have no odds (`games.record.dice_luck` sums them)."""
        return []

    def tally(self, entries: list[dict], state) -> dict:
        """After the game, from the changes of the game's story (`games.record.story`) and the state:
        {"unit": what each turn counts ("activations", "levels", "actions"; "" nothing), "turns":
        [{"turn", "counts": {who: n}}], "wounds": {who: {"dealt", "taken"}}, "names": {who: how the
        players name them}} (`games.record.tally`)."""
        return {"unit": "", "turns": [], "wounds": {}, "names": {}}

    def preview_types(self) -> dict[str, type]:
        """Each preview a phone may ask (`preview`) by name, and the dataclass of its JSON fields:
        by default the game's commands when it shows odds (the odds of the roll each would make)."""
        return self.command_types() if type(self).odds is not Game.odds else {}

    def preview_bounds(self) -> dict:
        """What each preview field may hold (`games.bounds`): by default the commands' bounds."""
        return self.command_bounds()

    def preview(self, state, name: str, fields: dict) -> dict | None:
        """What `name` with `fields` would give at `state` before it is sent (odds, a price),
        JSON-ready, changing nothing; None when the game shows no such preview. Malformed fields
        raise the game's `refusal`, as `command` does. By default the odds of the command's roll, what
        it names by name read as the command reads it (`resolve`)."""
        return self.odds(state, self.resolve(self.command(name, fields), state))

    def aliases(self) -> tuple["Alias", ...]:
        """The older routes the game still answers, each a thin alias of one command, preview or
        read of the one route style (`Alias`): by default the odds route every game had
        (`POST /odds/{name}`, now the preview of that name)."""
        return (Alias("post", "/odds/{name}", "preview", "{name}",
                      doc="The exact odds of the roll the command `name` would make"),)

    # ---------------------------------------------------------------- storage
    def dump(self, state) -> bytes:
        """The state as JSON, as the store keeps it (zstd against the table's first state: the
        definitions a state repeats cost next to nothing, bench/pooled_definitions.py)."""
        raise NotImplementedError

    def load(self, data: dict):
        """`dump` undone (the state's JSON decoded)."""
        raise NotImplementedError

    def export(self, state, seat: str | None) -> dict:
        """The state as a document the phone holding `seat` may take away (with secrets: only its
        own; such a partial export says so and `resume` refuses it)."""
        raise NotImplementedError

    def resume(self, data: dict):
        """A state from an export; raises ValueError (why, for the player) when it is not one."""
        raise NotImplementedError


def entered_dice(**kw):
    """A command field holding what real dice show, entered by the players (a face, a value, a
    number of successes): a game accepts it only while the table's dice are physical. No other
    field of any command may carry a die's value: the dice the app rolls come from `rng` alone."""
    return dataclasses.field(metadata={ENTERED_DICE: True}, **kw)


def _default(f: dataclasses.Field):
    if f.default is not dataclasses.MISSING:
        return f.default
    return f.default_factory() if f.default_factory is not dataclasses.MISSING else dataclasses.MISSING


def entered(command, path: str = "") -> list[str]:
    """The entered-dice fields `command` gives (not left at their default), as dotted paths, in
    the command and in the parts it nests (dataclasses, and lists and tuples of them)."""
    found = []
    if not dataclasses.is_dataclass(command) or isinstance(command, type):
        return found
    for f in dataclasses.fields(command):
        value, where = getattr(command, f.name), f"{path}{f.name}"
        if f.metadata.get(ENTERED_DICE):
            if value != _default(f):
                found.append(where)
        elif isinstance(value, (list, tuple)):
            for i, part in enumerate(value):
                found += entered(part, f"{where}[{i}].")
        else:
            found += entered(value, f"{where}.")
    return found


def needs_entered_dice(cls: type) -> bool:
    """Whether every command of type `cls` gives entered dice (a required `entered_dice` field):
    such a command belongs to physical tables only."""
    return any(f.metadata.get(ENTERED_DICE) and _default(f) is dataclasses.MISSING for f in dataclasses.fields(cls))


_games: dict[str, Game] = {}


def register(cls: type[Game]) -> type[Game]:
    _games[cls.name] = cls()
    return cls


def _discover() -> None:
    if not _games:
        for package in PACKAGES:
            importlib.import_module(package)


def get(name: str) -> Game:
    _discover()
    return _games[name]


def names() -> list[str]:
    _discover()
    return sorted(_games)


def of_table(name: str | None, state: dict) -> Game:
    """The game of a stored table: its recorded name, or for a table stored before games were
    named (all of them BGCC) "bgcc", "bgcc-versus" when its state's mode is versus."""
    if name:
        return get(name)
    return get("bgcc-versus" if state.get("mode") == "versus" else "bgcc")
