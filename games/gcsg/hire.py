"""Recruiting new Henchmen (HIRE): after the card, $5 each, from the Reserves to the Hideout; at
most 5 recruited Henchmen per player (the settings' `henchmen_limit`, for The Penguin's "Trained
Bird" exception). Spending is public; the Money left stays private."""
from __future__ import annotations

from .commands import Hire
from .counters import State, henchmen_in_reserve
from .errors import RuleRefused
from games.events import Event, plural
from .stash import change, name


def hire_refusal(state: State, count: int) -> RuleRefused | None:
    """Why the active Villain cannot recruit `count` Henchmen now (HIRE), None when it can: the hire
    itself and its offer's `why` (for one Henchman) both ask this."""
    p = state.active()
    s = state.settings
    left = henchmen_in_reserve(state, p)
    if count > left:
        limit = s.villain(p.villain).henchmen_limit
        return RuleRefused("HIRE", f"Each player has at most {limit} Henchmen: you can recruit {left} more",
                           "henchmen_limit", villain=p.villain, limit=limit, left=left)
    cost = s.hire_cost * count
    if p.money < cost:
        return RuleRefused("HIRE", f"Recruiting {plural(count, 'Henchman')} needs ${cost}", "hire_needs_money",
                           villain=p.villain, count=count, needed=cost)
    return None


def hire(state: State, cmd: Hire) -> list[Event]:
    p = state.active()
    s = state.settings
    if not isinstance(cmd.count, int) or cmd.count < 1:
        raise RuleRefused("HIRE", "Hire 1 Henchman or more", "bad_count")
    refused = hire_refusal(state, cmd.count)
    if refused is not None:
        raise refused
    cost = s.hire_cost * cmd.count
    event = change(state, p, "money", -cost, f"{name(p.villain)} spends ${cost} and recruits "
                   f"{plural(cmd.count, 'Henchman')} into the Hideout", "HIRE", "hired",
                   {"villain": p.villain, "count": cmd.count, "money": cost})
    p.hideout_henchmen += cmd.count
    state.turn.hired += cmd.count
    return [event]
