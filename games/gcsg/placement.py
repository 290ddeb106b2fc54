"""Placing and removing Threats, placing Henchmen (GLOS · Threats, EFF note, OCC).

Threats come from the Reserves; at most 5 of one Villain on a block; never on Batman's block
(OCC); "on different blocks" means at most one per block (EFF note). A Villain whose Threats are all
on the map moves some of its own instead (GLOS · Threats); with only some left, it places those and
moves the rest (open question 14)."""
from __future__ import annotations

from .counters import Player, State, add, threats_in_reserve
from .errors import RuleRefused
from games.events import Event, plural
from .stash import name


def _block(state: State, block: str, rule: str) -> None:
    if state.settings.block(block) is None:
        raise RuleRefused(rule, f"There is no block {block}", "unknown_block", block=block)


def _counts(counts: dict, rule: str) -> dict[str, int]:
    out = {}
    for block, n in (counts or {}).items():
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise RuleRefused(rule, "Counts are whole numbers, 0 or more", "bad_count", block=block)
        if n:
            out[block] = n
    return out


def where(counts: dict[str, int], state: State) -> str:
    return ", ".join(f"{n} on {state.settings.block(b).name}" for b, n in counts.items())


def place_threats(state: State, p: Player, placements: dict, moved_from: dict | None = None,
                  different_blocks: bool = False, rule: str = "GLOS·THREATS") -> Event | None:
    """Place `placements` {block: n} of `p`'s Threats; returns the public event (None for none)."""
    s = state.settings
    placements = _counts(placements, rule)
    moved_from = _counts(moved_from or {}, rule)
    total = sum(placements.values())
    if not total:
        if moved_from:
            raise RuleRefused(rule, "Name where the moved Threats go", "bad_count")
        return None
    for block, n in placements.items():
        _block(state, block, rule)
        if state.batman.block == block:
            raise RuleRefused("OCC", "No one places Threats on the block Batman occupies",
                              "batman_block", block=block)
        if different_blocks and n > 1:
            raise RuleRefused("EFF", "Placed \"on different blocks\": at most one on each block",
                              "different_blocks", block=block)
    from_reserve = min(total, threats_in_reserve(state, p))
    to_move = total - from_reserve
    if sum(moved_from.values()) != to_move:
        if to_move:
            raise RuleRefused("GLOS·THREATS", f"{name(p.villain)} has only {plural(from_reserve, 'Threat')} "
                              f"in the Reserves: name {plural(to_move, 'Threat')} on the map to move",
                              "threats_to_move", villain=p.villain, count=to_move)
        raise RuleRefused("GLOS·THREATS", "Threats are moved on the map only when none are left in the "
                          "Reserves", "threats_in_reserve", villain=p.villain)
    for block, n in moved_from.items():
        _block(state, block, rule)
        if p.threats.get(block, 0) < n:
            raise RuleRefused("GLOS·THREATS", f"{name(p.villain)} has {p.threats.get(block, 0)} Threats on "
                              f"{state.settings.block(block).name}", "not_there", block=block, count=n)
        add(p.threats, block, -n)
    for block, n in placements.items():
        if p.threats.get(block, 0) + n > s.threats_per_block:
            raise RuleRefused("GLOS·THREATS", f"At most {s.threats_per_block} of one Villain's Threats on a "
                              f"block: {name(p.villain)} has {p.threats.get(block, 0)} on "
                              f"{s.block(block).name}", "threat_cap", block=block,
                              limit=s.threats_per_block)
        add(p.threats, block, n)
    text = f"{name(p.villain)} places {plural(total, 'Threat')}: {where(placements, state)}"
    if moved_from:
        text += f" (moved from the map: {where(moved_from, state)})"
    return Event("threats_placed", text, rule, {"villain": p.villain, "placements": placements,
                                                "moved_from": moved_from})


def remove_threats(state: State, block: str, threats: dict, rule: str, by: str) -> Event | None:
    """Remove Threats {villain: n} from `block`, back to their owners' Reserves (open question 3)."""
    threats = _counts(threats, rule)
    if not threats:
        return None
    for villain, n in threats.items():
        p = state.player(villain)
        if p.threats.get(block, 0) < n:
            raise RuleRefused(rule, f"{name(villain)} has {p.threats.get(block, 0)} Threats on "
                              f"{state.settings.block(block).name}", "not_there", block=block,
                              villain=villain, count=n)
    for villain, n in threats.items():
        add(state.player(villain).threats, block, -n)
    text = (f"{name(by)} removes " + ", ".join(f"{plural(n, 'Threat')} of {name(v)}" for v, n in threats.items())
            + f" from {state.settings.block(block).name}")
    return Event("threats_removed", text, rule, {"block": block, "threats": threats, "by": by})


def place_henchmen(state: State, p: Player, placements: dict, different_blocks: bool, rule: str) -> Event | None:
    """A card places own Henchmen from the Hideout (EFF note)."""
    placements = _counts(placements, rule)
    total = sum(placements.values())
    if not total:
        return None
    for block, n in placements.items():
        _block(state, block, rule)
        if state.batman.block == block:
            raise RuleRefused("OCC", "No one moves Henchmen into the block Batman occupies",
                              "batman_block", block=block)
        if different_blocks and n > 1:
            raise RuleRefused("EFF", "Placed \"on different blocks\": at most one on each block",
                              "different_blocks", block=block)
    if total > p.hideout_henchmen:
        raise RuleRefused(rule, f"{name(p.villain)} has {plural(p.hideout_henchmen, 'Henchman')} in the Hideout",
                          "not_enough_henchmen", villain=p.villain, count=total)
    p.hideout_henchmen -= total
    for block, n in placements.items():
        add(p.henchmen, block, n)
    return Event("henchmen_placed", f"{name(p.villain)} places Henchmen: {where(placements, state)}", rule,
                 {"villain": p.villain, "placements": placements})


def to_hideout(state: State, block: str, villains: list[str] | None = None) -> dict[str, int]:
    """Send Henchmen on `block` (of `villains`, default all) to their Hideouts; what moved."""
    moved = {}
    for p in state.players:
        if villains is not None and p.villain not in villains:
            continue
        n = p.henchmen.pop(block, 0)
        if n:
            p.hideout_henchmen += n
            moved[p.villain] = n
    return moved
