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


def requirement(state: State, villain: str) -> dict | None:
    """ADV: what `villain`'s dial asks now to advance one level: {level, to, kind, amount} and, for
    what is only shown (ruled blocks, recruited Henchmen: public), what it has ("have"); None when
    the dial asks nothing. Money and Information are paid: the offer's price."""
    p = state.player(villain)
    position = state.settings.villain(villain).at(p.level)
    if position is None or position.requirement is None:
        return None
    req = position.requirement
    out = {"level": p.level, "to": p.level + 1, "kind": req.kind, "amount": req.amount}
    if req.kind == "blocks":
        out["have"] = len(ruled_blocks(state, villain))
    elif req.kind not in RESOURCES:
        out["have"] = recruited(p)
    return out


def level_refusal(state: State, villain: str) -> RuleRefused | None:
    """Why `villain` cannot advance now (ADV), None when it can: the advance itself and its offer's
    `why` both ask this. A refusal never says how much a stash holds."""
    req = requirement(state, villain)
    if req is None:
        return RuleRefused("ADV", "The dial asks nothing more", "level_top", villain=villain)
    p = state.player(villain)
    kind, n, to = req["kind"], req["amount"], req["to"]
    if kind in RESOURCES:
        if getattr(p, kind) >= n:
            return None
        return RuleRefused("ADV", f"Level {to} needs {amount(kind, n)}",
                           {"money": "level_needs_money", "information": "level_needs_information"}[kind],
                           villain=villain, level=req["level"], to=to, amount=n)
    if req["have"] >= n:
        return None
    what, has = ("blocks ruled", "you rule") if kind == "blocks" else ("recruited Henchmen", "you have")
    return RuleRefused("ADV", f"Level {to} needs {what}: {n} ({has} {req['have']})",
                       {"blocks": "level_needs_blocks", "henchmen": "level_needs_henchmen"}[kind],
                       villain=villain, level=req["level"], to=to, amount=n, have=req["have"])


def advance_level(state: State, cmd: AdvanceLevel) -> list[Event]:
    p = state.active()
    s = state.settings
    refused = level_refusal(state, p.villain)
    if refused is not None:
        raise refused
    req = s.villain(p.villain).at(p.level).requirement
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
