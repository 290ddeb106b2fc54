"""Apply a command: the new state and what happened (public text, private detail), or a refusal
naming the rulebook heading. The given state is never changed unless the caller hands it over with
`owned=True`; the settings are shared, never copied (they are frozen)."""
from __future__ import annotations

import copy

from . import registry
from .counters import State, problems
from games.events import Outcome


def apply(state: State, command, *, owned: bool = False) -> Outcome:
    entry = registry.check(state, command)
    new = state if owned else copy.deepcopy(state, {id(state.settings): state.settings})
    events = entry.handler(new, command)
    broken = problems(new)
    if broken:  # a bug in this package, never a player's mistake
        raise AssertionError("counters broken: " + "; ".join(broken))
    return Outcome(new, events)
