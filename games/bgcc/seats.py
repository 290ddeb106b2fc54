"""Seats: who may change what. A hero's phone changes its own hero board, the villain's phone the
command post, the river and its characters, the host everything, a spectator nothing. Rolls and
defenses follow the side that acts (the attacker's phone enters the defense too). In Versus each
side's phone runs its command post, river and characters.

This is the companion's policy about phones, not a rule of the game: each command's declaration in
the registry says who may send it (`registry.Entry.seat`); this module answers for a seat.
"""
from __future__ import annotations

from . import registry
from .registry import HEROES, HOST, SPECTATOR, VILLAIN, hero_seat, seat_names
from .table import Table
from .turn import STEP_TITLES

__all__ = ["HOST", "VILLAIN", "HEROES", "SPECTATOR", "hero_seat", "seat_names", "may", "refusal", "describe", "awaiting"]


def refusal(seat: str | None, command, table: Table) -> tuple[str, str, dict] | None:
    """None when `seat` may send `command`; otherwise (code, English message, params): "no_seat"
    (this phone holds no seat), "spectator", or "not_your_seat" (params seat, command)."""
    if seat is None:
        return "no_seat", "Join the table first: this phone holds no seat", {}
    if seat == HOST:
        return None
    name = registry.name_of(command)
    if seat == SPECTATOR:
        return "spectator", "A spectator watches: only the players change the table", {"command": name}
    if registry.entry(command).seat(seat, command, table):
        return None
    hero = table.heroes.get(seat[5:]) if seat.startswith("hero:") else None
    who = {VILLAIN: "the villain", HEROES: "the heroes"}.get(seat) or (hero.name if hero else seat)
    return ("not_your_seat", f"This phone plays {who} and cannot do that: {describe(command)}",
            {"seat": seat, "command": name})


def may(seat: str | None, command, table: Table) -> str | None:
    """None when `seat` may send `command`; otherwise why not, for the player."""
    refused = refusal(seat, command, table)
    return None if refused is None else refused[1]


def describe(command) -> str:
    """What a phone refused by the seat policy was trying to do (the command's `deed`)."""
    return registry.entry(command).deed


def awaiting(table: Table, advance_to=registry.UNKNOWN) -> list[dict]:
    """C1: who the table waits for now, most urgent first: [{"seat", "code", "params"}]. When
    nobody has anything to decide, the seats that may move the turn on ("advance", with the step
    it stops at); the host's only when no other seat may."""
    found = registry.awaited(table)
    if found or table.track.over:
        return found
    to = registry.advance_stop(table) if advance_to is registry.UNKNOWN else advance_to
    if to is None:
        return []
    seats = [s for s in seat_names(table) if s != HOST and registry.offer_advance(table, s, to)] or [HOST]
    return [{"seat": s, "code": "advance", "params": {"to": to, "title": STEP_TITLES[to][0]}} for s in seats]
