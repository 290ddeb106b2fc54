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
stays. The outcome (`State.last_fight`: faces, modifiers, totals, winner and why) stays for every
phone until the next fight starts."""
from __future__ import annotations

from fractions import Fraction
from itertools import product

from .commands import RollFight
from .counters import BATMAN, Fight, FightResult, Pending, State
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
    state.last_fight = None  # the last fight's outcome stays in view until this one
    text = f"Fight on {state.settings.block(block).name}: {who(attacker)} enters against {who(defender)}"
    if controller:
        text += f" ({name(controller)} runs Batman)"
    return Event("fight", text, "FVB" if BATMAN in (attacker, defender) else "FVV",
                 {"block": block, "attacker": attacker, "defender": defender, "controller": controller})


def winner_of(state: State, fight: Fight, dice: dict, modifiers: dict) -> tuple[str, dict, str]:
    """(winner, totals, reason) for these faces and Ability modifiers; the reason is a code:
    "bat_emblem" (FVB: the Villain rolled the Bat Emblem), "tie" (the one who entered wins),
    "higher" (the higher total)."""
    totals = {}
    for side in (fight.attacker, fight.defender):
        totals[side] = face_value(dice[side]) + modifier(state, fight, side) + modifiers.get(side, 0)
    winner, why = decide(fight.attacker, fight.defender, dice, totals)
    return winner, totals, why


def decide(attacker: str, defender: str, dice: dict, totals: dict) -> tuple[str, str]:
    """(winner, reason code) of a fight whose dice show `dice` and whose totals are `totals`:
    "bat_emblem" (FVB: the Villain rolled the Bat Emblem), "tie" (the one who entered wins),
    "higher" (the higher total)."""
    if BATMAN in (attacker, defender):
        villain = defender if attacker == BATMAN else attacker
        if dice[villain] == BAT:
            return BATMAN, "bat_emblem"
    a, d = totals[attacker], totals[defender]
    if a == d:
        return attacker, "tie"
    return (attacker if a > d else defender), "higher"


def _why(fight: Fight, reason: str) -> str:
    villain = fight.defender if fight.attacker == BATMAN else fight.attacker
    return {"bat_emblem": f"{name(villain)} rolled the Bat Emblem: Batman wins",
            "tie": f"a tie goes to {who(fight.attacker)}, who entered the block",
            "higher": "the higher total wins"}[reason]


def chances(attacker: str, defender: str, faces, modifiers: dict) -> dict[str, Fraction]:
    """Each side's exact chance to win with these die faces (each equally likely) and its whole
    modifier (`modifiers`: Henchmen or Fight value, and Ability cards)."""
    wins = {attacker: 0, defender: 0}
    for a, d in product(faces, faces):
        dice = {attacker: a, defender: d}
        totals = {side: face_value(dice[side]) + modifiers.get(side, 0) for side in dice}
        wins[decide(attacker, defender, dice, totals)[0]] += 1
    return {side: Fraction(n, len(faces) ** 2) for side, n in wins.items()}


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
    winner, totals, reason = winner_of(state, fight, dice, mods)
    loser = fight.defender if winner == fight.attacker else fight.attacker
    block = fight.block
    bname = state.settings.block(block).name
    sides = (fight.attacker, fight.defender)
    result = FightResult(block, fight.attacker, fight.defender, fight.controller, {k: dice[k] for k in sides},
                         {k: modifier(state, fight, k) + mods.get(k, 0) for k in sides}, totals, winner, loser,
                         reason, rule, state.turn.number)
    rolled = ", ".join(f"{who(s)} {dice[s]} → {totals[s]}" for s in sides)
    events = [Event("fight_result", f"{rolled}: {_why(fight, reason)}; {who(winner)} wins on {bname}", rule,
                    {"block": block, "attacker": fight.attacker, "defender": fight.defender, "dice": result.dice,
                     "modifiers": result.modifiers, "totals": totals, "winner": winner, "loser": loser,
                     "reason": reason, "faces": list(state.settings.die_faces or ())})]
    state.fight = None
    state.last_fight = result
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
    modifiers = modifiers or {}
    return chances(fight.attacker, fight.defender, faces,
                   {side: modifier(state, fight, side) + modifiers.get(side, 0) for side in (fight.attacker, fight.defender)})
