"""Advancing a level (ADV): at the beginning of your turn, while the current dial's requirement is
met, advance one level at a time. Money or Information is shown and discarded (public); ruled
blocks or recruited Henchmen are only shown. Landing on a position with an Ability icon lets the
player place one Ability card face up — one card a turn however many icons were passed (open
question 8). Level 10 wins at once (END)."""
from __future__ import annotations

from . import endgame
from .commands import AdvanceLevel, ChooseAbility
from .counters import State, recruited
from .errors import RuleRefused
from games.events import Event, plural
from .ruling import ruled_blocks
from .settings import RESOURCES
from .stash import amount, change, name


def requirement_met(state: State, villain: str) -> tuple[bool, str]:
    p = state.player(villain)
    position = state.settings.villain(villain).at(p.level)
    if position is None or position.requirement is None:
        return False, "no requirement on the dial"
    req = position.requirement
    if req.kind in RESOURCES:
        have = getattr(p, req.kind)
        return have >= req.amount, f"level {p.level} asks for {amount(req.kind, req.amount)}"
    if req.kind == "blocks":
        have = len(ruled_blocks(state, villain))
        return have >= req.amount, f"level {p.level} asks to rule {plural(req.amount, 'block')}; " \
                                   f"{name(villain)} rules {have}"
    have = recruited(p)
    return have >= req.amount, f"level {p.level} asks for {plural(req.amount, 'recruited Henchman')}; " \
                               f"{name(villain)} has {have}"


def advance_level(state: State, cmd: AdvanceLevel) -> list[Event]:
    p = state.active()
    s = state.settings
    req = s.villain(p.villain).at(p.level).requirement
    met, why = requirement_met(state, p.villain)
    if not met:
        if req.kind in RESOURCES:  # never says how much the stash holds
            why = f"level {p.level} asks for {amount(req.kind, req.amount)}"
        raise RuleRefused("ADV", f"{name(p.villain)} does not meet the requirement: {why}",
                          "requirement_not_met", villain=p.villain, level=p.level, kind=req.kind,
                          amount=req.amount)
    events = []
    before = p.level
    if req.kind in RESOURCES:
        events.append(change(state, p, req.kind, -req.amount,
                             f"{name(p.villain)} shows and discards {amount(req.kind, req.amount)}",
                             "ADV", "level_paid", {"villain": p.villain, req.kind: req.amount}))
    else:
        shown = (f"rules {plural(len(ruled_blocks(state, p.villain)), 'block')}" if req.kind == "blocks"
                 else f"has {plural(recruited(p), 'recruited Henchman')}")
        events.append(Event("level_shown", f"{name(p.villain)} shows that it {shown}", "ADV",
                            {"villain": p.villain, "kind": req.kind, "amount": req.amount,
                             "have": len(ruled_blocks(state, p.villain)) if req.kind == "blocks" else recruited(p)}))
    p.level += 1
    state.turn.levels_gained += 1
    events.append(Event("level_up", f"{name(p.villain)} advances from level {before} to {p.level}", "ADV",
                        {"villain": p.villain, "level": p.level, "from": before}))
    if p.level >= s.win_level:
        events.append(endgame.win_by_level(state, p.villain))
        return events
    position = s.villain(p.villain).at(p.level)
    left = [a for a in s.villain(p.villain).abilities if a not in p.abilities]
    if (position is not None and position.ability and left and not state.turn.ability_due
            and not state.turn.ability_taken):
        state.turn.ability_due = True
        events.append(Event("ability_due", f"{name(p.villain)} reached an Ability icon: choose an Ability card",
                            "ADV", {"villain": p.villain}))
    return events


def choose_ability(state: State, cmd: ChooseAbility) -> list[Event]:
    p = state.active()
    villain = state.settings.villain(p.villain)
    if cmd.card not in villain.abilities:
        raise RuleRefused("ADV", f"{cmd.card} is not one of {name(p.villain)}'s Ability cards",
                          "unknown_ability", villain=p.villain, card=cmd.card)
    if cmd.card in p.abilities:
        raise RuleRefused("ADV", f"{cmd.card} is already face up", "ability_taken", card=cmd.card)
    p.abilities.append(cmd.card)
    state.turn.ability_due = False
    state.turn.ability_taken = True
    return [Event("ability_chosen", f"{name(p.villain)} places the Ability card \"{cmd.card}\" face up",
                  "ADV", {"villain": p.villain, "card": cmd.card})]
