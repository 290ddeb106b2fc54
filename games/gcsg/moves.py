"""Moving your figures (MOVE): discard 1 Information and move any or all of your figures, once in
the move step (open question 13), Hideout ↔ blocks and block → block, however many move.

- Henchmen may enter a block with no other player's Villain or Henchmen freely.
- Into a block with enemy Henchmen (and no Villain), more Henchmen must move there than the enemy
  Henchmen present (counting only the ones moving, all enemies together: open question 13); the
  enemy Henchmen flee to their Hideouts.
- A Villain entering a block with enemy Henchmen and no other Villain makes them flee.
- Henchmen enter a block with an enemy Villain or Batman only with their own Villain: a fight
  follows at once (FVV, FVB). Batman is then run by the player to the mover's left (open question
  7: no Batman card was drawn; the mover cannot run both sides)."""
from __future__ import annotations

from . import fights
from .commands import Move
from .counters import BATMAN, HIDEOUT, State, add, villains_at
from .errors import RuleRefused
from games.events import Event, plural
from .placement import to_hideout
from .stash import change, name


def _place(state: State, where: str) -> str:
    if where == HIDEOUT:
        return where
    if state.settings.block(where) is None:
        raise RuleRefused("MOVE", f"There is no block {where}", "unknown_block", block=where)
    return where


def move(state: State, cmd: Move) -> list[Event]:
    s = state.settings
    p = state.active()
    me = p.villain
    if cmd.villain is None and not cmd.henchmen:
        raise RuleRefused("MOVE", "Name the figures to move", "nothing_to_move")
    # where the Henchmen come from and go
    leaving: dict[str, int] = {}
    arriving: dict[str, int] = {}
    for m in cmd.henchmen:
        source, to = _place(state, m.source), _place(state, m.to)
        if not isinstance(m.count, int) or m.count <= 0:
            raise RuleRefused("MOVE", "Move 1 Henchman or more", "bad_count")
        if source == to:
            raise RuleRefused("MOVE", "A Henchman moves to another place", "same_place", block=to)
        add(leaving, source, m.count)
        add(arriving, to, m.count)
    for source, n in leaving.items():
        have = p.hideout_henchmen if source == HIDEOUT else p.henchmen.get(source, 0)
        if have < n:
            where = "the Hideout" if source == HIDEOUT else s.block(source).name
            raise RuleRefused("MOVE", f"{name(me)} has {plural(have, 'Henchman')} in {where}",
                              "not_enough_henchmen", villain=me, block=source, count=n)
    villain_to = None if cmd.villain is None else _place(state, cmd.villain)
    if villain_to is not None and villain_to == (p.figure or HIDEOUT):
        villain_to = None
    if villain_to is None and not cmd.henchmen:
        raise RuleRefused("MOVE", f"{name(me)} is already there: name the figures to move", "nothing_to_move")
    # what the destinations allow
    fight_with = None
    for block in _destinations(arriving, villain_to):
        enemies = [v for v in villains_at(state, block) if v != me]
        batman_here = state.batman.block == block
        with_villain = villain_to == block
        if (enemies or batman_here) and block in arriving and not with_villain:
            raise RuleRefused("MOVE", f"Henchmen enter {s.block(block).name}, held by "
                              f"{'Batman' if batman_here else name(enemies[0])}, only with their Villain",
                              "henchmen_need_villain", block=block)
        if with_villain:
            fight_with = BATMAN if batman_here else (enemies[0] if enemies else None)
        elif block in arriving:
            enemy = sum(n for q in state.players if q.villain != me for b, n in q.henchmen.items() if b == block)
            if enemy and arriving[block] <= enemy:
                raise RuleRefused("MOVE", f"{s.block(block).name} holds {plural(enemy, 'enemy Henchman')}: move "
                                  f"more than that to make them flee", "outnumber", block=block, count=enemy)
    if p.information < s.move_cost:
        raise RuleRefused("MOVE", f"Moving costs {s.move_cost} Information", "not_enough", villain=me,
                          kind="information", needed=s.move_cost)
    events = [change(state, p, "information", -s.move_cost,
                     f"{name(me)} discards {s.move_cost} Information to move", "MOVE", "move_paid",
                     {"villain": me, "information": s.move_cost})]
    for source, n in leaving.items():
        if source == HIDEOUT:
            p.hideout_henchmen -= n
        else:
            add(p.henchmen, source, -n)
    for to, n in arriving.items():
        if to == HIDEOUT:
            p.hideout_henchmen += n
        else:
            add(p.henchmen, to, n)
    moved = [f"{plural(m.count, 'Henchman')} {_where(state, m.source)} → {_where(state, m.to)}" for m in cmd.henchmen]
    figure_from = (p.figure or HIDEOUT) if villain_to is not None else None
    if villain_to is not None:
        moved.insert(0, f"{name(me)} {_where(state, p.figure or HIDEOUT)} → {_where(state, villain_to)}")
        p.figure = None if villain_to == HIDEOUT else villain_to
    events.append(Event("moved", f"{name(me)} moves: " + "; ".join(moved), "MOVE",
                        {"villain": me, "to": villain_to, "from": figure_from,
                         "henchmen": [{"source": m.source, "to": m.to, "count": m.count} for m in cmd.henchmen]}))
    # enemy Henchmen flee where they were outnumbered, or where my Villain arrived without a fight
    for block in _destinations(arriving, villain_to):
        if block == villain_to and fight_with is not None:
            continue
        others = [q.villain for q in state.players if q.villain != me]
        fled = to_hideout(state, block, others)
        if fled:
            events.append(Event("to_hideout", f"On {s.block(block).name} " + ", ".join(
                f"{plural(n, 'Henchman')} of {name(v)}" for v, n in fled.items()) + " flee to the Hideout",
                "MOVE", {"block": block, "henchmen": fled}))
    state.turn.moved = True
    if fight_with is not None:
        controller = state.left_of(me) if fight_with == BATMAN else None
        events.append(fights.start(state, villain_to, me, fight_with, controller, "move"))
    return events


def _where(state: State, place: str) -> str:
    return "the Hideout" if place == HIDEOUT else state.settings.block(place).name


def _destinations(arriving: dict[str, int], villain_to: str | None) -> list[str]:
    """The blocks figures move into, each once."""
    blocks = [b for b in arriving if b != HIDEOUT] + ([villain_to] if villain_to not in (None, HIDEOUT) else [])
    return list(dict.fromkeys(blocks))
