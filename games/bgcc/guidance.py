"""Who the table waits for now, and the steps that pass by themselves (IV, V·B, VI·B, Versus I·A).

`decisions(table)` lists what someone must or may still decide at the current step, most urgent
first: a roll in progress (VII, VIII), an HQ power or a mission event to resolve (Versus I·D),
the draft, reinforcement points to spend at once (VI·E), the heroes' stances (V·B·3), the heroes'
actions (V·B·4-5), the villain's tiles (VI·B·3-4) or a side's activations (Versus I·A 3-4). Each is
`Decision(code, params, hero=…, side=…, party=…)`: the registry names the seat (`registry.decider`).

A step passes by itself (`empty`) when nobody has anything to decide in it and no reminder is due:
- the upkeeps the app applies itself (IV·A·1 the turn marker, V·B·1, V·B·7, VI·B·1, Versus I·A 1);
- the effect steps (IV·A·2, V·B·2, V·B·6, VI·B·2, VI·B·5) unless the mission has a reminder there;
- the end-game checks (IV·C, IV·E): the app can only tell the turn limit (it ends the game at the
  last turn's second check by itself); the mission's other conditions are reminders it cannot
  check, and "some end-game conditions must be constantly checked during the game and not just
  during this phase" (IV·C NOTE): the host ends the game whenever one is met (EndGame);
- the stances once every hero has one (V·B·3); the heroes' actions when no hero is active (V·B·4:
  "If none of the heroes are active [...] the heroes must move on") or every active hero has said
  they are done (IV: "until the heroes decide unanimously to finish their turn"; V·B·5);
- a villain's tile step when the villain cannot activate a tile (VI·B: "the villain's turn ends when
  they choose or when they cannot activate tiles anymore"; dredging first is a choice, so a river
  with a neutralized tile to dredge stops it), and the second tile step when no first tile was
  activated (VI·B·3: "If not, the game moves directly on to the Trigger the End of the Villain's
  Turn Effects step");
- a Versus side's activations when it can pay for no activation (Versus I·A 3-4).
Nothing passes while a roll, a power, a mission event or reinforcement points wait (the command
that moves on would lose or skip them), nor at setup, nor once the game is over.

`pass_empty_steps(table)` moves the turn on over such steps: each passed step is a `step_passed`
event in the command that led there, so one undo undoes it all and the history shows it.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from . import commands as c
from . import handlers, mission_rules, river, versus
from .actors import TILE_STEPS
from .command_post import MAX_ACTIVATIONS
from games.events import Event
from .table import Table
from .turn import STEP_TITLES, title

# the mission's reminders of a standard table, by step (the end-game checks aside: see above)
REMINDERS_AT = {
    "upkeep": "upkeep",
    "heroes.start_effects": "heroes_start",
    "heroes.end_effects": "heroes_end",
    "villain.start_effects": "villain_start",
    "villain.end_effects": "villain_end",
}
END_CHECKS = ("end_check_1", "end_check_2")


@dataclass
class Decision:
    code: str
    params: dict = field(default_factory=dict)
    hero: str | None = None  # the hero's id: its seat decides
    side: str | None = None  # the side whose command post decides
    party: tuple[str | None, str | None] | None = None  # (hero, miniature) of a roll: its roller decides


def reminders_due(table: Table) -> list[str]:
    """The mission's reminders at the current step (standard: its printed reminders; Versus: its
    special rules at the upkeep, the booklet rules that matter at the step)."""
    step = table.track.step
    due = list(getattr(table.mission.reminders, REMINDERS_AT[step])) if step in REMINDERS_AT else []
    if table.mode == "versus" and step not in ("setup", "game_over") and not step.endswith(".activations"):
        due += [r["text_en"] or r["text_fr"] for r in mission_rules.now(table)]
    return due


def _can_activate(table: Table, post) -> bool:
    """The post can pay for one more activation now: a tile face up whose cube cost (and, in Versus,
    disc cost) it can pay; in standard mode fewer than two activations this turn."""
    if table.mode != "versus" and post.activations_this_turn >= MAX_ACTIVATIONS:
        return False
    costs = {tid: cost for tid, _, cost in river.positions(post)}
    for tile_id in post.river:
        tile = post.tiles[tile_id]
        if tile.neutralized:
            continue
        if table.mode == "versus":
            if post.free_activations:
                return True
            discs = post.activations_this_turn + 1 + sum(
                m.amount for m in table.versus.disc_modifiers if m.side == post.side and m.tile == tile_id)
            if discs > post.discs.available:
                continue
        if costs[tile_id] <= post.reserve:
            return True
    return False


def _may_dredge(table: Table, post) -> bool:
    return any(post.tiles[t].neutralized for t in post.river) and mission_rules.dredging_allowed(table, post.side)


def _roll_decisions(table: Table) -> list[Decision]:
    roll = table.dice.roll
    if roll is None:
        return []
    attacker, defender = (roll.hero, roll.miniature), (roll.target_hero, roll.target_miniature)
    if roll.step == "defense":
        return [Decision("defend", {"defender": roll.defender, "attacker": roll.actor}, party=defender)]
    if roll.step.startswith("defense"):
        return [Decision("roll", {"actor": roll.defender, "action": "defense"}, party=defender)]
    return [Decision("roll", {"actor": roll.actor, "action": roll.action}, party=attacker)]


def decisions(table: Table) -> list[Decision]:
    """What someone must or may still decide now, most urgent first (the module's docstring)."""
    track = table.track
    if track.over:
        return []
    found = _roll_decisions(table)
    if found:  # nothing else is done while a roll goes on (VIII)
        return found
    if table.mode == "versus" and table.versus is not None:
        for p in table.versus.pending_powers:
            power = versus._power(table, p.side, p.power)
            found.append(Decision("resolve_power", {"character": power.character, "power": power.name_en},
                                  side=p.side))
        for p in table.versus.pending_events:
            rule = mission_rules.rule(table, p.rule)
            found.append(Decision("resolve_mission_event", {"event": rule.text_en or rule.name_fr}, side=p.side))
        draft = table.versus.draft
        if track.step == "setup" and draft.phase != "done":
            found.append(Decision("draft", {}, side=draft.next_side))
    for post in table.command_posts.values():
        if post.reinforcement_points:
            found.append(Decision("reinforce", {"points": post.reinforcement_points}, side=post.side))
    if found:  # powers, events and reinforcement first: moving on would skip or lose them
        return found
    step = track.step
    if step == "heroes.stances":
        found += [Decision("declare_stance", {"hero": h.name}, hero=h.id)
                  for h in table.heroes.values() if h.stance is None]
    elif step == "heroes.actions":
        found += [Decision("hero_actions", {}, hero=h.id)
                  for h in table.heroes.values() if h.stance == "active" and not h.neutralized and not h.finished]
    elif step in TILE_STEPS:
        post = table.command_posts["villain"]
        first_done = step == "villain.second_tile" and post.activations_this_turn == 0
        if not first_done and _can_activate(table, post):
            found.append(Decision("activate_tile", {"ordinal": post.activations_this_turn + 1}, side="villain"))
    elif table.mode == "versus" and step.endswith(".activations"):
        side = step.split(".")[0]
        if _can_activate(table, table.command_posts[side]):
            found.append(Decision("activations", {"side": side}, side=side))
    return found


def empty(table: Table) -> bool:
    """Nobody has anything to decide at the current step and no reminder is due: it passes by itself."""
    step = table.track.step
    if table.track.over or step == "setup" or decisions(table) or reminders_due(table):
        return False
    if step in TILE_STEPS:
        post = table.command_posts["villain"]
        if step == "villain.second_tile" and post.activations_this_turn == 0:
            return True  # VI·B·3: no first tile, no second
        return post.activation is None and not _may_dredge(table, post)
    if table.mode == "versus" and step.endswith(".activations"):
        post = table.command_posts[step.split(".")[0]]
        return post.activation is None and not _may_dredge(table, post)
    return True


def _why(table: Table, step: str) -> str:
    if step in END_CHECKS:
        return "the mission's end-game conditions are reminders the host applies (IV·C NOTE)"
    if step in ("heroes.stances",):
        return "every hero has a stance"
    if step == "heroes.actions":
        finished = any(h.finished for h in table.heroes.values())
        return "every active hero has finished" if finished else "no hero is active"
    if step in TILE_STEPS or step.endswith(".activations"):
        return "no tile can be activated now"
    return "nothing to decide"


def pass_empty_steps(table: Table) -> list[Event]:
    """Move the turn on while the current step passes by itself (`empty`): for each passed step a
    `step_passed` event, then what entering the next step does (`registry.apply` keeps only the
    last "step" event: the step the turn stops at)."""
    events: list[Event] = []
    for _ in range(4 * len(STEP_TITLES)):  # a whole turn at most: the turn limit or a decision stops it
        if not empty(table):
            break
        step = table.track.step
        rule = STEP_TITLES[step][1]
        events.append(Event("step_passed", f"{title(step)}: passed by itself ({_why(table, step)})", rule,
                            {"turn": table.track.turn, "step": step, "title": title(step)}))
        events += handlers._advance(table, c.Advance())
    return events
