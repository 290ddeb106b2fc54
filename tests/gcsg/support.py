"""Building GCSG tables for rule tests: test settings (every dial value a test needs is named
here or passed in, as the worked examples ask), a table at a given step, and applying commands."""
from __future__ import annotations

import dataclasses

import pytest

from games.gcsg import commands as c
from games.gcsg import apply as applying
from games.gcsg.counters import State
from games.gcsg.errors import RuleRefused
from games.gcsg.settings import (BAT, BatmanLevel, DialLevel, Requirement, Screen, VillainData,
                                 VILLAIN_NAMES, SAMPLE_ABILITIES, sample_blocks, Settings)

JOKER, PENGUIN, TWO_FACE, CROC = "joker", "penguin", "two-face", "killer-croc"
ACE = "ace-chemicals"
A, B, C, D = "uptown-1", "uptown-2", "downtown-1", "downtown-2"


def dial(overrides: dict | None = None, abilities: tuple = ()) -> tuple[DialLevel, ...]:
    """A dial whose every requirement is out of reach (99 Money) unless overridden:
    {level: (kind, amount)}; `abilities`: levels showing an Ability icon."""
    overrides = overrides or {}
    return tuple(DialLevel(level, Requirement(*overrides.get(level, ("money", 99))), level in abilities)
                 for level in range(1, 10))


def settings(dials: dict | None = None, abilities: dict | None = None, order: int = 3, fight: int = 2,
             screens: dict | None = None, batman_levels: int = 6, **changes) -> Settings:
    dials, abilities, screens = dials or {}, abilities or {}, screens or {}
    villains = tuple(VillainData(v, n, dial(dials.get(v), abilities.get(v, ())),
                                 screens.get(v, Screen(0, 0, 0)), SAMPLE_ABILITIES[v])
                     for v, n in VILLAIN_NAMES.items())
    batman = tuple(BatmanLevel(level, order, fight) for level in range(1, batman_levels + 1))
    base = dict(villains=villains, batman=batman, blocks=sample_blocks(), die_faces=(BAT, BAT, 1, 1, 2, 2))
    base.update(changes)
    return Settings(**base)


def table(villains, step: str = "levels", active: str | None = None, s: Settings | None = None) -> State:
    from games.gcsg.turn import setup
    state = setup(s or settings(), list(villains))
    assert not state.pending
    state.turn.step = step
    if active is not None:
        state.turn.seat = state.seats().index(active)
    if step in ("hire", "move"):
        state.turn.card_played, state.turn.effect = True, "resources"
    return state


def at_plot_effect(state: State) -> State:
    state.turn.step, state.turn.card_played = "plot", True
    return state


def put(state: State, villain: str, block: str, threats: int = 0, henchmen: int = 0, figure: bool = False):
    p = state.player(villain)
    if threats:
        p.threats[block] = threats
    if henchmen:
        p.henchmen[block] = henchmen
    if figure:
        p.figure = block


def run(state: State, *commands) -> tuple[State, list]:
    events = []
    for cmd in commands:
        outcome = applying.apply(state, cmd)
        state = outcome.state
        events += outcome.events
    return state, events


def refused(state: State, cmd, code: str) -> RuleRefused:
    with pytest.raises(RuleRefused) as caught:
        applying.apply(state, cmd)
    assert caught.value.code == code, (caught.value.code, caught.value.message)
    return caught.value


def texts(events) -> list[str]:
    return [e.text for e in events]


__all__ = ["c", "dataclasses", "BAT", "Screen", "JOKER", "PENGUIN", "TWO_FACE", "CROC", "ACE", "A", "B", "C", "D",
           "dial", "settings", "table", "at_plot_effect", "put", "run", "refused", "texts"]
