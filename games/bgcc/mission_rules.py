"""A booklet mission's rules applied as data (Versus booklet, the missions): the rules a mission
loaded by id brings (`VersusMission.rules`, from games/bgcc/data/versus-missions.json).

Missions take precedence over HQ powers and the base rules (Versus I·D: a power "prend la priorité sur
toutes les règles, excepté les règles de mission"). What the app applies:
- "action": a character of the rule's side succeeds the complex action at the printed difficulty
  (ComplexAction or the dice flow's StartRoll with `mission_rule`): the mission's counter moves, then
  the rule's operations (e.g. a disc unavailable → available);
- "trigger": once a counter reaches its value, the operations apply once (e.g. cube recovery 5 → 3);
- "standing": forbid_dredging refuses Dredge, forbid_demobilization refuses demobilizing the tile;
- "event": on the side's event tile the mission's event waits to be resolved (a neutralized tile back
  in the box, for free) before anything else;
- "limited": at most `uses` times a game; "record": a board event the players record;
- "schedule": the disc recovery per turn (in the sides' numbers, applied at upkeep);
- "reminder": the text, shown at its step.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from . import river
from .definitions import DISC_ZONES, MissionRule
from .errors import RuleRefused
from games.events import Event
from games.events import plural as _plural

if TYPE_CHECKING:
    from .table import Table

RULE = "Versus mission"


@dataclass
class PendingEvent:
    """A mission event the side resolves at once (a mission rule of kind "event")."""
    side: str
    rule: str


def _opponent(side: str) -> str:
    return "villain" if side == "heroes" else "heroes"


def _side(own: str, which: str | None) -> str:
    return _opponent(own) if which == "opponent" else own


def transfer_discs(table: Table, side: str, name: str, op, rule: str, difference: int | None = None) -> list[Event]:
    """Discs from one zone to another, of either side ("self" is `side`); `difference`: as many as
    the other side has available more than `side` (`difference` when it was counted before the
    power's first transfer). Never more than the source zone holds."""
    source = table.command_posts[_side(side, op.from_side)].discs
    target = table.command_posts[_side(side, op.to_side)].discs
    if op.from_zone not in DISC_ZONES or op.to_zone not in DISC_ZONES:
        raise RuleRefused(rule, f"{name}: unknown disc zone", "unknown_disc_zone")
    if op.difference and difference is not None:
        wanted = difference
    elif op.difference:
        mine = table.command_posts[side].discs.available
        theirs = table.command_posts[_opponent(side)].discs.available
        wanted = max(0, theirs - mine)
    else:
        wanted = op.count
    n = min(wanted, getattr(source, op.from_zone))
    setattr(source, op.from_zone, getattr(source, op.from_zone) - n)
    setattr(target, op.to_zone, getattr(target, op.to_zone) + n)
    where = f"{_side(side, op.from_side)} {op.from_zone} → {_side(side, op.to_side)} {op.to_zone}"
    return [Event("discs", f"{name}: {_plural(n, 'disc')} {where}", rule,
                  {"count": n, "from": [_side(side, op.from_side), op.from_zone],
                   "to": [_side(side, op.to_side), op.to_zone]})]


def rules(table: Table) -> list[MissionRule]:
    if table.mode != "versus" or table.versus is None:
        return []
    return list(table.versus.mission.rules)


def rule(table: Table, rule_id: str) -> MissionRule:
    for r in rules(table):
        if r.id == rule_id:
            return r
    raise RuleRefused(RULE, f"This mission has no rule '{rule_id}'", "unknown_mission_rule", mission_rule=rule_id)


def _for_side(r: MissionRule, side: str) -> None:
    if side not in r.sides:
        raise RuleRefused(RULE, f"{r.name_fr} is a rule of the {' and '.join(r.sides)}, not of the {side}",
                          "mission_rule_other_side", mission_rule=r.name_fr, side=side)


def _ops(table: Table, r: MissionRule, kind: str):
    return [op for op in r.operations if op.op == kind]


# ---------------------------------------------------------------- standing rules


def refuse_dredging(table: Table, side: str) -> None:
    for r in rules(table):
        if side in r.sides and _ops(table, r, "forbid_dredging"):
            raise RuleRefused(RULE, f"{r.name_fr}: no player may dredge their river in this mission",
                              "mission_forbids_dredging", mission_rule=r.name_fr)


def dredging_allowed(table: Table, side: str) -> bool:
    try:
        refuse_dredging(table, side)
    except RuleRefused:
        return False
    return True


def refuse_demobilization(table: Table, side: str, tile) -> None:
    for r in rules(table):
        for op in _ops(table, r, "forbid_demobilization"):
            if side in r.sides and (op.target or "").strip().lower() == tile.name.strip().lower():
                raise RuleRefused(RULE, f"{r.name_fr}: the {side} may not demobilize {tile.name} in this mission",
                                  "mission_forbids_demobilization", mission_rule=r.name_fr, tile=tile.name)


def demobilization_allowed(table: Table, side: str, tile) -> bool:
    try:
        refuse_demobilization(table, side, tile)
    except RuleRefused:
        return False
    return True


# ---------------------------------------------------------------- actions, counters, triggers


def check_action(table: Table, side: str, rule_id: str, action: str, difficulty: int | None) -> MissionRule:
    """Before a complex action that performs a mission rule: the rule's side, action and printed
    difficulty."""
    r = rule(table, rule_id)
    _for_side(r, side)
    if r.kind != "action":
        raise RuleRefused(RULE, f"{r.name_fr} is not performed with a complex action", "mission_rule_not_an_action",
                          mission_rule=r.name_fr)
    if action != r.action:
        raise RuleRefused(RULE, f"{r.name_fr} is a complex {r.action}, not a {action}", "mission_rule_action",
                          mission_rule=r.name_fr, action=r.action)
    if difficulty != r.difficulty:
        raise RuleRefused(RULE, f"{r.name_fr}: the mission prints difficulty {r.difficulty}, not {difficulty}",
                          "mission_rule_difficulty", mission_rule=r.name_fr, difficulty=r.difficulty, given=difficulty)
    return r


def action_done(table: Table, side: str, rule_id: str, success: bool) -> list[Event]:
    """After the complex action: on a success the counter moves and the operations apply."""
    r = rule(table, rule_id)
    if not success:
        return [Event("mission", f"{r.name_fr}: failed, nothing changes", RULE, {"rule": r.id, "success": False})]
    return _count(table, side, r)


def _count(table: Table, side: str, r: MissionRule) -> list[Event]:
    events = []
    if r.counter:
        counters = table.versus.counters
        counters[r.counter] = counters.get(r.counter, 0) + r.change
        events.append(Event("mission", f"{r.name_fr}: {r.counter.replace('_', ' ')} {counters[r.counter]}", RULE,
                            {"rule": r.id, "counter": r.counter, "value": counters[r.counter], "success": True}))
    events += _apply(table, side, r)
    return events + _triggers(table)


def _triggers(table: Table) -> list[Event]:
    events = []
    for r in rules(table):
        if r.kind == "trigger" and r.id not in table.versus.triggered \
                and table.versus.counters.get(r.counter, 0) >= r.at:
            table.versus.triggered.append(r.id)
            events.append(Event("mission", f"{r.name_fr}: {r.counter.replace('_', ' ')} reached {r.at}", RULE,
                                {"rule": r.id, "counter": r.counter, "at": r.at}))
            for side in r.sides:
                events += _apply(table, side, r)
    return events


def _apply(table: Table, side: str, r: MissionRule) -> list[Event]:
    events = []
    for op in r.operations:
        if op.op == "set_cube_recovery":
            post = table.command_posts[side]
            before, post.recovery = post.recovery, op.count
            events.append(Event("mission", f"{r.name_fr}: the {side}'s recovery {before} → {op.count}", RULE,
                                {"rule": r.id, "side": side, "recovery": op.count}))
        elif op.op == "transfer_discs":
            events += transfer_discs(table, side, r.name_fr, op, RULE)
    return events


def record(table: Table, cmd) -> list[Event]:
    """RecordMissionRule: a board event the mission counts, or a use of a rule limited per game."""
    r = rule(table, cmd.rule)
    _for_side(r, cmd.side)
    if r.kind not in ("record", "limited"):
        raise RuleRefused(RULE, f"{r.name_fr} is not recorded by itself"
                          + (": it is a complex action" if r.kind == "action" else ""),
                          "mission_rule_not_recorded", mission_rule=r.name_fr)
    uses = table.versus.rule_uses
    if r.kind == "limited":
        if uses.get(r.id, 0) >= r.uses:
            raise RuleRefused(RULE, f"{r.name_fr}: {_plural(r.uses, 'time')} in the game, all used",
                              "mission_rule_used_up", mission_rule=r.name_fr, uses=r.uses)
        uses[r.id] = uses.get(r.id, 0) + 1
        return [Event("mission", f"{r.name_fr}: used {uses[r.id]} of {r.uses}", RULE,
                      {"rule": r.id, "used": uses[r.id], "uses": r.uses}), *_count(table, cmd.side, r)]
    return _count(table, cmd.side, r)


def uses_left(table: Table, r: MissionRule) -> int | None:
    return r.uses - table.versus.rule_uses.get(r.id, 0) if r.kind == "limited" else None


# ---------------------------------------------------------------- the event tile


def event_tile(table: Table, side: str) -> list[Event]:
    """The side's event tile activated: the mission's event for that side waits to be resolved."""
    events = []
    post = table.command_posts[side]
    for r in rules(table):
        if r.kind != "event" or side not in r.sides:
            continue
        if _ops(table, r, "remove_neutralized_tile"):
            if any(post.tiles[t].neutralized for t in post.river):
                table.versus.pending_events.append(PendingEvent(side, r.id))
                events.append(Event("mission_event", f"{r.name_fr}: the {side} remove a neutralized tile of their "
                                                     f"river now (back in the box, for free)", RULE,
                                    {"side": side, "rule": r.id}))
            else:
                events.append(Event("mission_event", f"{r.name_fr}: no neutralized tile in the {side}'s river",
                                    RULE, {"side": side, "rule": r.id}))
    return events


def resolve_event(table: Table, cmd) -> list[Event]:
    r = rule(table, cmd.rule)
    _for_side(r, cmd.side)
    pending = next((p for p in table.versus.pending_events if p.side == cmd.side and p.rule == r.id), None)
    if pending is None:
        raise RuleRefused(RULE, f"{r.name_fr}: nothing to resolve now: it comes with the {cmd.side}'s event tile",
                          "mission_event_not_pending", mission_rule=r.name_fr, side=cmd.side)
    post = table.post(cmd.side)
    tile = post.tile(cmd.tile)
    if tile.id not in post.river or not tile.neutralized:
        raise RuleRefused(RULE, f"{r.name_fr}: choose a neutralized tile of the {cmd.side}'s river; {tile.name} "
                                f"is not", "mission_event_tile_not_neutralized", mission_rule=r.name_fr, tile=tile.name)
    river.to_box(post, tile)
    table.versus.pending_events.remove(pending)
    return [Event("mission_event", f"{r.name_fr}: {tile.name} leaves the {cmd.side}'s river for the box, "
                                   f"no cube spent", RULE, {"side": cmd.side, "rule": r.id, "tile": tile.id})]


def require_no_pending_event(table: Table) -> None:
    if table.mode == "versus" and table.versus is not None and table.versus.pending_events:
        p = table.versus.pending_events[0]
        r = rule(table, p.rule)
        raise RuleRefused(RULE, f"{r.name_fr}: the {p.side} resolve the mission's event first",
                          "mission_event_pending", mission_rule=r.name_fr, side=p.side)


# ---------------------------------------------------------------- what the table shows now


def now(table: Table) -> list[dict]:
    """The mission's rules that matter at the current step (for the side playing)."""
    step = table.track.step
    side, _, part = step.partition(".")
    shown = []
    for r in rules(table):
        if step == "setup":
            matters = r.step == "setup"
        else:
            matters = side in r.sides and (r.step == part or (r.step == "event_tile" and part == "activations"))
        if matters:
            shown.append({"id": r.id, "name_fr": r.name_fr, "text_fr": r.text_fr, "text_en": r.text_en,
                          "kind": r.kind, "sides": r.sides, "step": r.step, "uses_left": uses_left(table, r),
                          "counter": r.counter, "difficulty": r.difficulty or None})
    return shown
