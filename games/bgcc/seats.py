"""Seats: who may change what. A hero's phone changes its own hero board, the villain's phone the
command post, the river and its characters, the host everything, a spectator nothing. Rolls and
defenses follow the side that acts (the attacker's phone enters the defense too).

This is the companion's policy about phones, not a rule of the game, so it lives in the app.
"""
from __future__ import annotations

from games.bgcc import commands as c
from games.bgcc import dice_flow
from games.bgcc.table import Table
from games.bgcc.turn import side_playing

HOST, VILLAIN, SPECTATOR = "host", "villain", "spectator"


def hero_seat(hero_id: str) -> str:
    return f"hero:{hero_id}"


HEROES = "heroes"  # Versus: the player of the heroes' command post


def seat_names(table: Table) -> list[str]:
    """Every seat of a table but spectators (unlimited)."""
    if table.mode == "versus":
        return [HOST, VILLAIN, HEROES]
    return [HOST, VILLAIN, *(hero_seat(h) for h in table.heroes)]


def _is_hero(seat: str) -> bool:
    return seat.startswith("hero:")


def may(seat: str | None, command, table: Table) -> str | None:
    """None when `seat` may send `command`; otherwise why not, for the player."""
    if seat is None:
        return "Join the table first: this phone holds no seat"
    if seat == HOST:
        return None
    if seat == SPECTATOR:
        return "A spectator watches: only the players change the table"
    ok = _allowed(seat, command, table)
    if ok:
        return None
    hero = table.heroes.get(seat[5:]) if _is_hero(seat) else None
    who = {VILLAIN: "the villain", HEROES: "the heroes"}.get(seat) or (hero.name if hero else seat)
    return f"This phone plays {who} and cannot do that: {describe(command)}"


def _own_hero(seat: str, hero: str | None) -> bool:
    return hero is not None and seat == hero_seat(hero)


def _side_of_miniature(table: Table, miniature: str | None) -> str | None:
    try:
        return table.find_miniature(miniature)[0].side if miniature else None
    except Exception:  # noqa: BLE001 - an unknown miniature: the rules will refuse it
        return None


def _allowed_versus(seat: str, command, table: Table) -> bool:
    """Versus: each player runs their side's command post, river and characters."""
    match command:
        case c.Advance():
            playing = side_playing(table.track.step)
            if playing is None:  # setup, upkeep, end checks: the side with initiative moves on
                return seat == table.mission.initiative
            return seat == playing
        case c.Attack(miniature=m) | c.ComplexAction(miniature=m) | c.AutomaticAction(miniature=m) | c.Move(miniature=m):
            return seat == _side_of_miniature(table, m)
        case c.Wound(miniature=m):
            return seat in (HEROES, VILLAIN)
        case c.PlaceToken(side=side):
            return seat == side
        case c.RemoveToken():
            return True
        case c.EndGame():
            return False
    side = getattr(command, "side", None)
    return side is not None and seat == side


def _roller_seat(table: Table, hero: str | None, miniature: str | None) -> str | None:
    if hero is not None:
        return hero_seat(hero)
    return _side_of_miniature(table, miniature) if table.mode == "versus" else VILLAIN


def _dice_allowed(seat: str, command, table: Table) -> bool:
    """A roll follows the side that acts: the acting hero's seat, or the villain's (in Versus the
    character's side) for a character; the defender's seat also enters the defense. The dice mode
    and the calibration are the host's."""
    match command:
        case dice_flow.SetDiceMode() | dice_flow.CalibrateDice():
            return False
        case dice_flow.StartRoll(hero=h, miniature=m) | dice_flow.StartFreeRoll(hero=h, miniature=m):
            roller = _roller_seat(table, h, m)
            return roller is None or seat == roller  # an unknown miniature: the rules refuse it
        case dice_flow.StartFollowUp(skill=skill):  # the skill's possessor takes its free action
            who = dice_flow.follow_up_possessor(table, skill)
            return who is None or seat == _roller_seat(table, *who)  # not offered: the rules refuse it
    roll = table.dice.roll
    if roll is None:
        return True  # the rules answer that no roll is in progress
    allowed = {_roller_seat(table, roll.hero, roll.miniature)}
    if roll.step.startswith("defense"):
        allowed.add(_roller_seat(table, roll.target_hero, roll.target_miniature))
    return seat in allowed


def _allowed(seat: str, command, table: Table) -> bool:
    if isinstance(command, dice_flow.DICE_COMMANDS):
        return _dice_allowed(seat, command, table)
    if table.mode == "versus":
        return _allowed_versus(seat, command, table)
    villain = seat == VILLAIN
    match command:
        case c.Advance():
            playing = side_playing(table.track.step) or table.mission.initiative
            return (playing == "villain") == villain
        case c.DeclareStance(hero=h) | c.PickUp(hero=h) | c.Give(hero=h) | c.Take(hero=h) | c.Drop(hero=h):
            return _own_hero(seat, h)
        case c.Spend(hero=h, side=s):
            return _own_hero(seat, h) if h is not None else villain and s == "villain"
        case c.Attack(hero=h) | c.ComplexAction(hero=h) | c.AutomaticAction(hero=h) | c.Move(hero=h) if h:
            return _own_hero(seat, h)
        case c.Attack() | c.ComplexAction() | c.AutomaticAction() | c.Move():
            return villain  # a character acts
        case c.ActivateTile() | c.Dredge() | c.Demobilize() | c.Reinforce():
            return villain
        case c.Wound(hero=h) if h:
            return villain or _own_hero(seat, h)
        case c.Wound():
            return villain or _is_hero(seat)
        case c.PlaceToken(side=side):
            return (side == "villain") == villain
        case c.RemoveToken():
            return True
        case c.EndGame():
            return False
    return False


def describe(command) -> str:
    return {
        "Advance": "move the turn on", "DeclareStance": "declare another hero's stance",
        "Spend": "spend those cubes", "Attack": "make that attack", "ComplexAction": "take that action",
        "AutomaticAction": "take that action", "Move": "make that movement", "PickUp": "pick that up",
        "Give": "give that", "Take": "take that", "Drop": "drop that", "ActivateTile": "activate tiles",
        "Dredge": "dredge the river", "Demobilize": "demobilize", "Reinforce": "bring reinforcements",
        "Wound": "wound that miniature", "PlaceToken": "place the other side's token",
        "RemoveToken": "remove that token", "EndGame": "end the game (the host does)",
        "SetDiceMode": "change the dice mode (the host does)", "CalibrateDice": "calibrate the dice (the host does)",
        "StartRoll": "roll for that", "StartFreeRoll": "roll for that", "RollDice": "roll those dice",
        "RerollDice": "reroll those dice", "EndRerolls": "end those rerolls", "Defend": "defend for them",
        "AbandonRoll": "abandon that roll", "StartFollowUp": "take that skill's free action",
    }.get(type(command).__name__, type(command).__name__)
