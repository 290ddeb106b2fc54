"""Fights (FVV, FVB) with the custom Batman dice, and their exact odds.

Villain against Villain: each rolls one die, the Bat Emblem counts 0, +1 per own Henchman in the
fight (on the block), + Ability-card modifiers (entered). Higher total wins; a tie goes to the
Villain that entered the block. The loser and all its figures on the block go to its Hideout; the
winner may place 2 Threats.

Villain against Batman: the Villain rolls one die + 1 per own Henchman on the block; a Bat Emblem
makes Batman win outright. Batman's controller rolls one die + Batman's Fight value (his Bat Emblem
counts 0: open question 6). Higher wins; a tie goes to the figure that entered the block last.
The Villain winning stays and may place 2 Threats; Batman goes to the Batcave and up one level.
Batman winning sends the Villain and its Henchmen on the block to the Hideout; his controller must
remove Threats equal to his Order value from the block (all of them when fewer are there); he
stays."""
from __future__ import annotations

from fractions import Fraction
from itertools import product

from .commands import RollFight
from .counters import BATMAN, Fight, Pending, State
from .errors import RuleRefused
from games.events import Event, plural
from .placement import to_hideout
from .settings import BAT
from .stash import name


def who(side: str) -> str:
    return "Batman" if side == BATMAN else name(side)


def face_value(face) -> int:
    return 0 if face == BAT else int(face)


def _face(state: State, face, side: str):
    faces = state.settings.die_faces
    if face == BAT or (isinstance(face, int) and not isinstance(face, bool) and face >= 0):
        if faces and face not in faces:
            raise RuleRefused("FVV", f"The Batman die has no face {face}", "bad_face", face=str(face))
        return face
    raise RuleRefused("FVV", f"A die face is \"bat\" or a number (for {who(side)})", "bad_face", face=str(face))


def modifier(state: State, fight: Fight, side: str) -> int:
    """The printed part of a fighter's modifier: Henchmen on the block, or Batman's Fight value."""
    if side == BATMAN:
        return state.settings.batman_at(state.batman.level).fight
    return state.player(side).henchmen.get(fight.block, 0)


def start(state: State, block: str, attacker: str, defender: str, controller: str | None, after: str) -> Event:
    state.fight = Fight(block, attacker, defender, controller, after)
    text = f"Fight on {state.settings.block(block).name}: {who(attacker)} enters against {who(defender)}"
    if controller:
        text += f" ({name(controller)} runs Batman)"
    return Event("fight", text, "FVB" if BATMAN in (attacker, defender) else "FVV",
                 {"block": block, "attacker": attacker, "defender": defender, "controller": controller})


def winner_of(state: State, fight: Fight, dice: dict, modifiers: dict) -> tuple[str, dict, str]:
    """(winner, totals, why) for these faces and Ability modifiers."""
    totals = {}
    for side in (fight.attacker, fight.defender):
        totals[side] = face_value(dice[side]) + modifier(state, fight, side) + modifiers.get(side, 0)
    if BATMAN in totals:
        villain = fight.defender if fight.attacker == BATMAN else fight.attacker
        if dice[villain] == BAT:
            return BATMAN, totals, f"{name(villain)} rolled the Bat Emblem: Batman wins"
    a, d = totals[fight.attacker], totals[fight.defender]
    if a == d:
        return fight.attacker, totals, f"a tie goes to {who(fight.attacker)}, who entered the block"
    return (fight.attacker if a > d else fight.defender), totals, "the higher total wins"


def _why_code(fight: Fight, dice: dict, totals: dict) -> str:
    """`winner_of`'s reason as a code for the phones' words: "bat_emblem", "tie" or "higher"."""
    if BATMAN in totals:
        villain = fight.defender if fight.attacker == BATMAN else fight.attacker
        if dice[villain] == BAT:
            return "bat_emblem"
    return "tie" if totals[fight.attacker] == totals[fight.defender] else "higher"


def roll_fight(state: State, cmd: RollFight) -> list[Event]:
    fight = state.fight
    rule = "FVB" if BATMAN in (fight.attacker, fight.defender) else "FVV"
    dice, mods = dict(cmd.dice or {}), {}
    for side in (fight.attacker, fight.defender):
        if side not in dice:
            raise RuleRefused(rule, f"Enter {who(side)}'s die", "die_missing", side=side)
        dice[side] = _face(state, dice[side], side)
    for side, n in (cmd.modifiers or {}).items():
        if side not in (fight.attacker, fight.defender) or not isinstance(n, int) or isinstance(n, bool):
            raise RuleRefused(rule, "Modifiers are numbers for the fighters", "bad_modifier", side=str(side))
        mods[side] = n
    winner, totals, why = winner_of(state, fight, dice, mods)
    loser = fight.defender if winner == fight.attacker else fight.attacker
    block = fight.block
    bname = state.settings.block(block).name
    rolled = ", ".join(f"{who(s)} {dice[s]} → {totals[s]}" for s in (fight.attacker, fight.defender))
    events = [Event("fight_result", f"{rolled}: {why}; {who(winner)} wins on {bname}", rule,
                    {"block": block, "dice": {k: dice[k] for k in (fight.attacker, fight.defender)},
                     "totals": totals, "winner": winner, "attacker": fight.attacker, "defender": fight.defender,
                     "why": _why_code(fight, dice, totals)})]
    state.fight = None
    s = state.settings
    if winner == BATMAN:
        p = state.player(loser)
        p.figure = None
        fled = to_hideout(state, block, [loser])
        events.append(Event("to_hideout", f"{name(loser)}" + (f" and {plural(fled[loser], 'Henchman')}"
                                                               if fled else "") + " go to the Hideout",
                            rule, {"villain": loser, "henchmen": fled.get(loser, 0)}))
        order = s.batman_at(state.batman.level).order
        there = sum(q.threats.get(block, 0) for q in state.players)
        if there and order:
            if there <= order:
                from .placement import remove_threats
                events.append(remove_threats(state, block, {q.villain: q.threats[block] for q in state.players
                                                            if q.threats.get(block)}, rule, fight.controller))
            else:
                state.pending.insert(0, Pending("remove_threats", fight.controller, order, False, rule, block,
                                                "Batman's Order value"))
                events.append(Event("remove_due", f"{name(fight.controller)} must remove "
                                    f"{plural(order, 'Threat')} from {bname}", rule,
                                    {"block": block, "count": order, "seat": fight.controller, "may": False}))
        return events
    if loser == BATMAN:
        state.batman.block = None
        state.batman.level = min(state.batman.level + 1, s.batman_max_level())
        events.append(Event("batman_beaten", f"Batman goes to the Batcave and advances to level "
                            f"{state.batman.level}", rule, {"level": state.batman.level}))
    else:
        p = state.player(loser)
        p.figure = None
        fled = to_hideout(state, block, [loser])
        events.append(Event("to_hideout", f"{name(loser)}" + (f" and {plural(fled[loser], 'Henchman')}"
                                                               if fled else "") + " go to the Hideout",
                            rule, {"villain": loser, "henchmen": fled.get(loser, 0)}))
    state.pending.insert(0, Pending("place_threats", winner, s.fight_threats, True, rule,
                                    reason="a won fight"))
    events.append(Event("threats_due", f"{name(winner)} may place {plural(s.fight_threats, 'Threat')}",
                        rule, {"seat": winner, "count": s.fight_threats}))
    return events


def odds(state: State, modifiers: dict | None = None, fight: Fight | None = None) -> dict | None:
    """Exact chances of the fight in progress (or of `fight`, e.g. one a player weighs before
    moving: Henchmen counted as they stand on its block), each face of each die equally likely:
    {side: Fraction}. None when the table has entered no die faces."""
    fight, faces = fight or state.fight, state.settings.die_faces
    if fight is None or not faces:
        return None
    wins = {fight.attacker: 0, fight.defender: 0}
    for a, d in product(faces, faces):
        winner, _, _ = winner_of(state, fight, {fight.attacker: a, fight.defender: d}, modifiers or {})
        wins[winner] += 1
    total = len(faces) ** 2
    return {side: Fraction(n, total) for side, n in wins.items()}
