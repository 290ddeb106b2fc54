"""Who rules each block (GLOS · Ruling, OCC, 2P), computed from the counters, never stored.

- Batman on the block: nobody rules it (OCC).
- No Threats and no Henchmen on it: nobody rules it (GLOS · Ruling), even a Villain standing there
  alone unless the table set `lone_villain_rules` (open question 1).
- A Villain on the block: that Villain's player rules it (and no one else).
- Otherwise the highest Threats + Henchmen rules; tied players all rule (3–4 players); with 2
  players a tie rules nobody (2P)."""
from __future__ import annotations

from .counters import State, henchmen_at, threats_at, villains_at


def strength(state: State, block: str) -> dict[str, int]:
    """Threats + Henchmen per Villain on `block` (only those with some)."""
    out: dict[str, int] = {}
    for counts in (threats_at(state, block), henchmen_at(state, block)):
        for v, n in counts.items():
            out[v] = out.get(v, 0) + n
    return out


def rulers(state: State, block: str) -> list[str]:
    """The Villains whose players rule `block`, in seat order."""
    if state.batman.block == block:
        return []
    power = strength(state, block)
    standing = villains_at(state, block)
    if not power and not (standing and state.settings.lone_villain_rules):
        return []
    if standing:
        return standing
    best = max(power.values())
    tied = [v for v in state.seats() if power.get(v) == best]
    if len(tied) > 1 and len(state.players) == 2:
        return []
    return tied


def ruled_blocks(state: State, villain: str) -> list[str]:
    return [b for b in state.settings.block_ids() if villain in rulers(state, b)]


def city(state: State) -> dict[str, list[str]]:
    return {b: rulers(state, b) for b in state.settings.block_ids()}
