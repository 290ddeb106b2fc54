"""What one seat's phone draws: the city (12 blocks, who rules each, Threats, Henchmen, figures),
Batman, every Villain's public side, the Reserves, the turn strip (with the last round's turns
left), a fight with its exact odds and the last fight's outcome, and — for the seat's own Villain
only — the stash behind its screen. `view(state, seat)` is per seat: no other seat's view (nor the
host's, nor a spectator's) ever holds a stash.

The Reserves are public (SETUP: "Place Money tokens, Information tokens, Threat tokens, Henchmen …
next to the board. This is the Reserves"): what is left of each kind is on the table for all to
count. With the box's totals they tell what the Hideouts hold together, as the real table does;
each Villain's own share stays behind its screen."""
from __future__ import annotations

from . import endgame, fights, registry
from .counters import (BATMAN, State, henchmen_at, henchmen_in_reserve, reserve, threats_at, threats_in_reserve,
                       villains_at)
from .ruling import rulers, strength
from .stash import own_view, public_view as player_view
from .turn import STEP_RULES, STEP_TITLES


def block_view(state: State, block) -> dict:
    return {"id": block.id, "name": block.name, "district": block.district, "income": block.income,
            "threats": threats_at(state, block.id), "henchmen": henchmen_at(state, block.id),
            "villains": villains_at(state, block.id), "batman": state.batman.block == block.id,
            "strength": strength(state, block.id), "rulers": rulers(state, block.id)}


def fight_view(state: State) -> dict | None:
    f = state.fight
    if f is None:
        return None
    chances = fights.odds(state)
    return {"block": f.block, "attacker": f.attacker, "defender": f.defender, "controller": f.controller,
            "modifiers": {s: fights.modifier(state, f, s) for s in (f.attacker, f.defender)},
            "bat_emblem_loses": BATMAN in (f.attacker, f.defender),
            "odds": None if chances is None else {s: {"numerator": x.numerator, "denominator": x.denominator,
                                                       "percent": round(float(x) * 100, 1)}
                                                   for s, x in chances.items()}}


def last_fight_view(state: State) -> dict | None:
    """The last fight's outcome (FVV, FVB), for every phone until the next fight starts."""
    r = state.last_fight
    if r is None:
        return None
    return {"block": r.block, "attacker": r.attacker, "defender": r.defender, "controller": r.controller,
            "dice": dict(r.dice), "modifiers": dict(r.modifiers), "totals": dict(r.totals), "winner": r.winner,
            "loser": r.loser, "reason": r.reason, "rule": r.rule, "turn": r.turn}


def reserves_view(state: State) -> dict:
    """SETUP, GLOS·RESERVES: what is left next to the board, of each kind: Money and Information (in
    value), and each Villain's Threat tokens and Henchmen figures."""
    return {"money": reserve(state, "money"), "information": reserve(state, "information"),
            "threats": {p.villain: threats_in_reserve(state, p) for p in state.players},
            "henchmen": {p.villain: henchmen_in_reserve(state, p) for p in state.players}}


def last_round_view(state: State) -> dict | None:
    """END: after the last Criminal Plot card, who drew it and the last turns still to play."""
    turns = endgame.last_turns(state)
    if turns is None:
        return None
    return {"drawer": state.last_card_seat, "turns": turns, "turns_left": len(turns)}


def turn_view(state: State) -> dict:
    t = state.turn
    ph = registry.phase(state)
    return {"number": t.number, "player": state.active().villain if t.step != "setup" else None,
            "step": "over" if state.over else t.step, "phase": ph, "title": registry.phase_title(state),
            "rule": STEP_RULES.get(t.step, ""), "steps": [{"id": s, "title": STEP_TITLES[s]} for s in
                                                           ("levels", "plot", "hire", "move")],
            "card_played": t.card_played, "signal_due": t.signal_due, "effect": t.effect, "moved": t.moved,
            "ability_due": t.ability_due,
            "pending": [{"kind": d.kind, "seat": d.seat, "count": d.count, "may": d.may, "block": d.block,
                         "reason": d.reason, "rule": d.rule} for d in state.pending],
            "last_card_drawn_by": state.last_card_seat,
            "last_round": last_round_view(state),
            "awaiting": registry.awaiting(state)}


def public_view(state: State) -> dict:
    """The city as every seat may see it: no stash, no `may`."""
    s = state.settings
    return {
        "game": "gcsg",
        "sample_settings": s.sample,
        "turn": turn_view(state),
        "blocks": [block_view(state, b) for b in s.blocks],
        "batman": {"block": state.batman.block, "level": state.batman.level,
                   "order": s.batman_at(state.batman.level).order, "fight": s.batman_at(state.batman.level).fight},
        "players": [player_view(state, p) for p in state.players],
        "decks": {"criminal_plot": state.deck, "batman": state.batman_deck},
        "reserves": reserves_view(state),
        "fight": fight_view(state),
        "last_fight": last_fight_view(state),
        "over": state.over,
        "winners": list(state.winners),
        "standings": state.standings,
    }


def seat_view(state: State, seat: str | None, public: dict) -> dict:
    """What only `seat` sees on top of `public`: its `may` and, for a Villain, its own stash (`me`)."""
    own = {"may": {seat: registry.may_now(state, seat)} if seat is not None else {}}
    if seat in state.seats():
        own["me"] = {"villain": seat, **own_view(state, state.player(seat))}
    return own


def view(state: State, seat: str | None) -> dict:
    """What the phone holding `seat` draws (tests and tools; the API asks `Game.views`)."""
    public = public_view(state)
    return {**public, **seat_view(state, seat, public)}
