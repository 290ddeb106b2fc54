"""When each BGCC command is open (its window: the steps, for the actor or side it names) and who may
send it (its seat policy). The registry (`registry.py`) names one window and one policy per command;
`check` refuses from the window, and the offers are kept only where the window is open, read from
the offer's own targets (`Probe`), so no offer repeats a step."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from . import commands as c
from . import dice_flow
from .actors import TILE_STEPS, tile_steps
from .playing import HOST, SIDES, VILLAIN, roller_seat
from .playing import controls_miniature as _controls_miniature
from .playing import opponent as _opponent
from .playing import plays_hero as _plays_hero
from .playing import plays_side as _plays_side
from .table import Table
from .turn import HEROES_STEPS, VERSUS_STEPS, VILLAIN_STEPS, side_playing, title

ANY_TIME_SPACES = ("defense", "reroll", "fatigue")  # a hero spends on these outside the actions step


def probe_fields(targets: dict) -> tuple:
    """What a `Probe` of an offer's targets reads: each target field at its first value."""
    return tuple([(k, v[0]) for k, v in targets.items() if v and "." not in k])


class Probe:
    """An offer read as a command for its window and seat: each target field at its first value
    (`probe_fields`), any other field None."""
    def __init__(self, fields: tuple):
        self.__dict__.update(fields)

    def __getattr__(self, name):
        return None


# ---------------------------------------------------------------- when a command is open


@dataclass(slots=True)
class Window:
    """The steps in which a command is open; refused otherwise with `rule` and the English
    sentence `what` (…"(now: <step>)"), or, for `side`, "<what> happens during the <side>'s turn".
    (Not frozen: nothing changes a window, and a frozen dataclass sets each field through
    `object.__setattr__`, four times slower to make, and every offer's probe makes one.)"""
    steps: tuple[str, ...]
    rule: str
    what: str
    side: str | None = None

    def message(self, step: str) -> str:
        if self.side is not None:
            return f"{self.what} happens during the {self.side}'s turn (now: {title(step)})"
        return f"{self.what} (now: {title(step)})"


def side_steps(table: Table, side: str) -> tuple[str, ...]:
    """The steps of `side`'s turn."""
    if table.mode == "versus":
        return VERSUS_STEPS.get(side, ())
    return VILLAIN_STEPS if side == "villain" else HEROES_STEPS


def hero_window(rule: str = "V·B·5") -> Window:
    return Window(("heroes.actions",), rule, "Heroes act in the heroes' actions step")


def actor_window(table: Table, cmd, rule: str = "V·B·5", moving: bool = False) -> Window | None:
    """A hero acts in the heroes' actions step; a character while its tile is activated."""
    hero, mini = getattr(cmd, "hero", None), getattr(cmd, "miniature", None)
    if (hero is None) == (mini is None):
        return None  # the rules ask for exactly one actor
    if hero is not None:
        return hero_window(rule)
    if moving:
        return Window(tile_steps(table), "VI·C·2", "Characters move while their tile is activated")
    return Window(tile_steps(table), "VI·C", "Characters act while their tile is activated")


def spend_window(table: Table, cmd: c.Spend) -> Window | None:
    if cmd.hero is not None and cmd.side is None:
        return None if cmd.space in ANY_TIME_SPACES else hero_window()
    if cmd.side is not None and cmd.hero is None and cmd.space == "movement":
        return Window(tile_steps(table), "VI·C·2",
                      "The command post's movement space buys move points for activated characters")
    return None


def activation_window(table: Table, cmd: c.ActivateTile) -> Window:
    if table.mode == "versus":
        return Window((f"{cmd.side}.activations",), "Versus I·A 3",
                      f"The {cmd.side} activate tiles in their activation step")
    return Window(TILE_STEPS, "VI·B·3", "Tiles are activated in the villain's tile steps")


def turn_window(what: str) -> Callable[[Table, Any], Window]:
    def window(table: Table, cmd) -> Window:
        side = "villain" if cmd.side == "villain" else "heroes"
        return Window(side_steps(table, side), "VI·B", what, side=cmd.side)
    return window


def any_step(table: Table, cmd) -> None:
    return None



# ---------------------------------------------------------------- seat policies (who may send it)


def by_hero(seat, cmd, table) -> bool:
    return _plays_hero(seat, cmd.hero)


def by_actor(seat, cmd, table) -> bool:
    """A hero's phone for its hero; the phone running the character's side for a character."""
    hero, mini = getattr(cmd, "hero", None), getattr(cmd, "miniature", None)
    if table.mode == "versus":
        return hero is None and _controls_miniature(table, seat, mini)
    if hero:
        return _plays_hero(seat, hero)
    return seat in (HOST, VILLAIN)


def by_side(seat, cmd, table) -> bool:
    if table.mode == "versus":
        return _plays_side(table, seat, cmd.side)
    return seat in (HOST, VILLAIN)


def by_own_side(seat, cmd, table) -> bool:
    """Versus only (the draft, HQ powers): the side's own phone."""
    return table.mode == "versus" and _plays_side(table, seat, cmd.side)


def spend_seat(seat, cmd: c.Spend, table) -> bool:
    if table.mode == "versus":
        return cmd.hero is None and _plays_side(table, seat, cmd.side)
    if cmd.hero is not None:
        return _plays_hero(seat, cmd.hero)
    return seat == HOST or (seat == VILLAIN and cmd.side == "villain")


def advancing_sides(table: Table) -> set[str]:
    """The sides whose phones may move the turn on: the side playing (the side with initiative at
    the upkeep, IV·A·1); at an end-game check, the side that just finished too (end_check_1 follows
    the side with initiative, end_check_2 the other)."""
    step = table.track.step
    initiative = table.mission.initiative
    sides = {side_playing(step) or initiative}
    if step == "end_check_2":
        sides.add(_opponent(initiative))
    return sides


def starts_the_game(table) -> bool:
    """Whether moving on starts a standard game: its setup (II) is the whole table's, done together
    at the table, and the host's phone says when it is done; no hero's or villain's phone starts
    turn 1 alone. (A Versus setup is the two sides' draft, I·C, that either side's phone ends.)"""
    return table.track.step == "setup" and table.mode != "versus"


def advance_seat(seat, cmd, table) -> bool:
    if seat == HOST:
        return True
    if starts_the_game(table):
        return False
    sides = advancing_sides(table)
    if table.mode == "versus":
        return seat in sides
    return (seat == VILLAIN and "villain" in sides) or (seat.startswith("hero:") and "heroes" in sides)


def wound_seat(seat, cmd: c.Wound, table) -> bool:
    if seat == HOST:
        return True
    if table.mode == "versus":
        return seat in SIDES
    if seat == VILLAIN:
        return True
    if cmd.hero:
        return _plays_hero(seat, cmd.hero)
    return seat.startswith("hero:")


def token_seat(seat, cmd: c.PlaceToken, table) -> bool:
    if seat == HOST:
        return True
    if table.mode == "versus":
        return seat == cmd.side
    return (cmd.side == "villain") == (seat == VILLAIN) and (seat == VILLAIN or seat.startswith("hero:"))


def anyone(seat, cmd, table) -> bool:
    return True


def host_only(seat, cmd, table) -> bool:
    return seat == HOST


def roll_start_seat(seat, cmd, table) -> bool:
    if seat == HOST:
        return True
    roller = roller_seat(table, cmd.hero, cmd.miniature)
    return roller is None or seat == roller  # an unknown miniature: the rules refuse it


def follow_up_seat(seat, cmd: dice_flow.StartFollowUp, table) -> bool:
    if seat == HOST:
        return True
    who = dice_flow.follow_up_possessor(table, cmd.skill)
    return who is None or seat == roller_seat(table, *who)  # not offered: the rules refuse it


def roll_seats(table: Table) -> set[str]:
    """Who goes on with the roll in progress: the roller, and the defender during the defense."""
    roll = table.dice.roll
    if roll is None:
        return set()
    seats = {roller_seat(table, roll.hero, roll.miniature)}
    if roll.step.startswith("defense"):
        seats.add(roller_seat(table, roll.target_hero, roll.target_miniature))
    return seats - {None}


def roll_seat(seat, cmd, table) -> bool:
    if seat == HOST or table.dice.roll is None:  # no roll: the rules answer that
        return True
    return seat in roll_seats(table)

