"""Versus mode (the Versus booklet): two command posts, activation potential discs, HQ powers, the draft.

Every miniature is a tile-controlled character; each side runs a command post and a river. A side's
turn: upkeep (the usual upkeep plus disc recovery), start effects, then as many activations as it
can pay — each costs (activations already made this turn + 1) discs available → spent, and the
tile's energy-cube cost from its river position — then end effects, and every spent disc becomes
unavailable. HQ powers are data (`definitions.Power`); their bookkeeping is applied here.
"""
from __future__ import annotations

from dataclasses import replace

from . import command_post as cp
from . import commands as c
from . import mission_rules, river, tiles
from .command_post import CommandPost, Discs
from .definitions import (COMMAND_POST_SPACES, Mission, Power, Reminders, SpaceDef, TileDef,
                          VersusMission, check_tile, check_versus_mission, slot_kind)
from .errors import RuleRefused
from games.events import Event
from games.events import plural as _plural
from .table import DiscModifier, Draft, DraftSlot, PendingPower, Table, VersusState, slug
from .wounds import at_event_tile as _at_event_tile
from .wounds import wound_target

SIDES = ("heroes", "villain")
DEFENSE_LIMIT = 3  # Versus I: "l'indice de saturation des cases de défense est égal à 3"


def opponent(side: str) -> str:
    return "villain" if side == "heroes" else "heroes"


def _spaces(side) -> dict[str, SpaceDef]:
    """The side's spaces, the defense space's exertion limit set to 3 (Versus I)."""
    spaces = dict(side.spaces)
    spaces["defense"] = replace(spaces["defense"], exertion_limit=DEFENSE_LIMIT)
    return spaces


def setup(mission: VersusMission) -> Table:
    """A Versus table at setup: both command posts with the mission's cubes and discs, empty rivers
    waiting for the draft."""
    check_versus_mission(mission)
    posts = {}
    for side in SIDES:
        s = mission.sides[side]
        posts[side] = CommandPost(
            side=side, reserve=s.reserve, fatigue=s.fatigue, recovery=s.recovery, space_defs=_spaces(s),
            cost_track=list(s.cost_track), river=[], tiles={},
            discs=Discs(available=s.discs_available, unavailable=s.discs_unavailable, spent=0,
                        recovery=list(s.discs_recovery)))
    first = mission.sides[mission.initiative]
    shared = Mission(name=mission.name, initiative=mission.initiative, turn_limit=mission.turn_limit,
                     villain_reserve=first.reserve, villain_fatigue=first.fatigue, recovery=first.recovery,
                     villain_spaces=_spaces(mission.sides["villain"]), cost_track=list(first.cost_track),
                     river=[], reinforcement_points=0,
                     reminders=Reminders(upkeep=list(mission.special_rules), end_game=list(mission.end_game)))
    draft = Draft(phase="hq", next_side=mission.initiative,
                  slots={side: [DraftSlot(x) for x in mission.sides[side].river] for side in SIDES})
    return Table(mode="versus", mission=shared, heroes={}, command_posts=posts,
                 versus=VersusState(mission=mission, draft=draft))


# ---------------------------------------------------------------- the draft


def _require_draft(table: Table, phase: str, side: str) -> Draft:
    if table.mode != "versus" or table.versus is None:
        raise RuleRefused("Versus I", "Only a Versus table drafts its teams", "not_versus")
    draft = table.versus.draft
    if draft.phase != phase:
        raise RuleRefused("Versus I·C", {"hq": "Both sides pick their HQ first",
                                         "team": "The HQs are picked: draft the teams",
                                         "done": "The teams are complete"}[draft.phase],
                          {"hq": "pick_hq_first", "team": "hq_picked",
                           "done": "teams_complete"}[draft.phase])
    if side not in SIDES:
        raise RuleRefused("Versus I", f"A side is heroes or villain, not '{side}'", "unknown_side", side=side)
    if side != draft.next_side:
        raise RuleRefused("Versus I·C", f"The {draft.next_side} pick now", "other_side_picks",
                          side=draft.next_side)
    return draft


def _add_tile(table: Table, side: str, definition: TileDef) -> str:
    check_tile(definition)
    if definition.side not in (side, "neutral"):
        raise RuleRefused("Versus I·C·3", f"{definition.name} is a {definition.side} tile, not a {side} tile",
                          "tile_of_other_side", tile=definition.name, side=definition.side)
    taken = {t for p in table.command_posts.values() for t in p.tiles}
    if any(t.name == definition.name for p in table.command_posts.values() for t in p.tiles.values()):
        raise RuleRefused("Versus I·C·3", f"{definition.name} is already drafted",
                          "tile_already_drafted", tile=definition.name)
    tile_id = slug(definition.name)
    n = 2
    while tile_id in taken:
        tile_id, n = f"{slug(definition.name)}-{n}", n + 1
    table.command_posts[side].tiles[tile_id] = tiles.new_tile(tile_id, definition)
    return tile_id


# Versus I·C·3: a Leader / Lieutenant level tile drafted for the team (not as HQ) is a Lieutenant
LIEUTENANT_LEVEL = "leader"


def lieutenants(post) -> list[str]:
    """The side's Lieutenants: its Leader / Lieutenant level tiles other than its HQ (Versus I·C·3)."""
    return [tid for tid, tile in post.tiles.items() if tid != post.hq and tile.definition.level == LIEUTENANT_LEVEL]


def pick_hq(table: Table, cmd: c.PickHQ) -> list[Event]:
    draft = _require_draft(table, "hq", cmd.side)
    slot = next(s for s in draft.slots[cmd.side] if s.slot.lower().startswith("hq"))
    if cmd.tile.level != LIEUTENANT_LEVEL:
        raise RuleRefused("Versus I·C·2", f"An HQ is a Leader / Lieutenant level tile; {cmd.tile.name} is not",
                          "hq_not_leader", tile=cmd.tile.name)
    if cmd.tile.kind != slot_kind(slot.slot):
        raise RuleRefused("Versus I·C·2", f"The initial river needs a {slot_kind(slot.slot)} HQ; "
                                           f"{cmd.tile.name} is {cmd.tile.kind}", "hq_wrong_kind",
                          tile=cmd.tile.name, kind=slot_kind(slot.slot), tile_kind=cmd.tile.kind)
    for power in cmd.powers:
        if power.side != cmd.side:
            raise RuleRefused("Versus II", f"{power.name_en} is a {power.side} power", "power_of_other_side",
                              power=power.id, character=power.character, side=power.side)
    post = table.command_posts[cmd.side]
    slot.tile = _add_tile(table, cmd.side, cmd.tile)
    post.hq = slot.tile
    post.powers = list(cmd.powers)
    other = opponent(cmd.side)
    if any(s.tile is None and s.slot.lower().startswith("hq") for s in draft.slots[other]):
        draft.next_side = other
    else:
        draft.phase, draft.next_side = "team", table.mission.initiative
    names = ", ".join(p.name_en for p in cmd.powers) or "no power"
    return [Event("draft", f"The {cmd.side} pick {cmd.tile.name} as HQ ({names})", "Versus I·C·2",
                  {"side": cmd.side, "tile": slot.tile})]


def draft_tile(table: Table, cmd: c.DraftTile) -> list[Event]:
    draft = _require_draft(table, "team", cmd.side)
    free = [s for s in draft.slots[cmd.side] if s.tile is None and s.slot != "event"
            and not s.slot.lower().startswith("hq")]
    fitting = [s for s in free if slot_kind(s.slot) == cmd.tile.kind]
    if not fitting:
        kinds = sorted({slot_kind(s.slot) for s in free})
        raise RuleRefused("Versus I·C·3", f"The {cmd.side}'s river has no free {cmd.tile.kind} slot "
                                          f"(free: {', '.join(kinds) or 'none'})", "no_free_slot",
                          side=cmd.side, kind=cmd.tile.kind, free=", ".join(kinds))
    slot = fitting[0]
    slot.tile = _add_tile(table, cmd.side, cmd.tile)
    note = " as a Lieutenant (no event power)" if cmd.tile.level == LIEUTENANT_LEVEL else ""
    events = [Event("draft", f"The {cmd.side} draft {cmd.tile.name}{note}", "Versus I·C·3",
                    {"side": cmd.side, "tile": slot.tile})]
    if _open_slots(draft, opponent(cmd.side)):
        draft.next_side = opponent(cmd.side)
    elif not _open_slots(draft, cmd.side):
        events += _finish_draft(table)
    return events


def _open_slots(draft: Draft, side: str) -> bool:
    return any(s.tile is None and s.slot != "event" for s in draft.slots[side])


def _finish_draft(table: Table) -> list[Event]:
    """Both teams complete: each river in its slots' order, with its event tile."""
    draft = table.versus.draft
    draft.phase = "done"
    for side in SIDES:
        post = table.command_posts[side]
        for slot in draft.slots[side]:
            if slot.slot == "event":
                event_tile = TileDef(name=f"Event ({side})", kind="event", side=side, level=None)
                slot.tile = _add_tile(table, side, event_tile)
            post.river.append(slot.tile)
        if sum(post.tiles[t].definition.width for t in post.river) > len(post.cost_track):
            raise RuleRefused("VI·A·1 9", f"The {side}'s river is longer than its cost track",
                              "river_too_long", side=side)
    events = [Event("draft", "Both teams are complete: the rivers are set", "Versus I·C·4", {})]
    for side in SIDES:
        events += [_pend(table, side, p) for p in table.command_posts[side].powers if _at_setup(p)]
    return events


def ready_to_start(table: Table) -> None:
    if table.versus.draft.phase != "done":
        side = table.versus.draft.next_side
        raise RuleRefused("Versus I·C", f"Finish the setup first: the {side} pick "
                                        f"{'their HQ' if table.versus.draft.phase == 'hq' else 'a tile'}",
                          "setup_pick_hq" if table.versus.draft.phase == "hq" else "setup_draft_tile", side=side)


# ---------------------------------------------------------------- the turn


def upkeep(table: Table, side: str) -> list[Event]:
    """A side's upkeep: the usual command post upkeep plus its disc recovery for this turn, and
    permanent powers' extra recovery (Versus I·A 1)."""
    post = table.command_posts[side]
    moved, recovered = cp.upkeep(post)
    discs = min(post.discs.unavailable, post.discs.recovery_in(table.track.turn))
    post.discs.unavailable -= discs
    post.discs.available += discs
    events = [Event("upkeep", f"The {side}: {_plural(moved, 'cube')} to fatigue, {_plural(recovered, 'cube')} "
                              f"recovered, {_plural(discs, 'disc')} unavailable → available",
                    "Versus I·A 1", {"side": side, "moved": moved, "recovered": recovered, "discs": discs})]
    post.activations_this_turn, post.activations_head_start = post.activations_head_start, 0
    for power in post.powers:
        for op in _upkeep_operations(power):
            if _hq_in_play(table, side) or "while" not in op.details:
                events += _apply(table, side, power, op, c.ResolvePower(side=side, power=power.id), [])
    return events


def _upkeep_operations(power: Power) -> list:
    """A permanent power's operations timed on its side's upkeep (Oracle, Julia Pennyworth). A special
    event's recovery belongs to the event tile's activation, never to the upkeep (The Riddler)."""
    if power.type != "permanent":
        return []
    return [op for op in power.alternatives[0].operations if op.op in AT_UPKEEP and "upkeep" in op.timing]


def end_effects(table: Table, side: str) -> list[Event]:
    """End of a side's turn: every spent disc becomes unavailable (Versus I·A 5)."""
    post = table.command_posts[side]
    discs = post.discs
    moved, discs.unavailable, discs.spent = discs.spent, discs.unavailable + discs.spent, 0
    post.activations_this_turn = 0
    return [Event("discs", f"The {side}: {_plural(moved, 'spent disc')} → unavailable", "Versus I·A 5",
                  {"side": side, "discs": moved})]


def pay_activation(table: Table, post: CommandPost, tile_id: str) -> tuple[int, bool]:
    """Activation potential (Versus I·A 3): (activations made this turn + 1) discs available → spent,
    plus any modifier on the tile; a free activation from a power costs none. Returns (discs paid,
    whether the cube cost is waived)."""
    if post.free_activations:
        return 0, post.free_activations.pop(0)
    cost, _ = activation_discs(table, post, tile_id)
    refused = discs_refusal(post, cost)
    if refused is not None:
        raise refused
    post.discs.available -= cost
    post.discs.spent += cost
    return cost, False


def activation_discs(table: Table, post: CommandPost, tile_id: str) -> tuple[int, bool]:
    """What activating `tile_id` takes now (Versus I·A 3), without taking it: (discs, whether the
    cube cost is waived). A free activation from a power takes no disc."""
    if post.free_activations:
        return 0, post.free_activations[0]
    extra = sum(m.amount for m in table.versus.disc_modifiers if m.side == post.side and m.tile == tile_id)
    return post.activations_this_turn + 1 + extra, False


def discs_refusal(post: CommandPost, cost: int) -> RuleRefused | None:
    if cost > post.discs.available:
        return RuleRefused("Versus I·A 3", f"Activation {post.activations_this_turn + 1} costs "
                                           f"{_plural(cost, 'disc')} but {post.discs.available} are available",
                           "not_enough_discs", activation=post.activations_this_turn + 1, cost=cost,
                           available=post.discs.available)
    return None


def event_tile_activated(table: Table, side: str) -> list[Event]:
    """The event tile brings its HQ's special event powers: mandatory, resolved before moving on."""
    return [_pend(table, side, p) for p in table.command_posts[side].powers if _at_event_tile(p)]


def _pend(table: Table, side: str, power: Power) -> Event:
    """A power the side must resolve before anything else (HQ powers are mandatory, I·D)."""
    table.versus.pending_powers.append(PendingPower(side, power.id))
    return Event("power", f"{power.character}: {power.name_en} must be resolved", "Versus I·D",
                 {"side": side, "power": power.id})


def require_no_pending_power(table: Table) -> None:
    if table.mode == "versus" and table.versus.pending_powers:
        p = table.versus.pending_powers[0]
        power = _power(table, p.side, p.power)
        raise RuleRefused("Versus I·D", f"HQ powers are mandatory: resolve {power.character}'s "
                                        f"{power.name_en} first", "power_pending",
                          power=power.id, character=power.character, side=p.side)


# ---------------------------------------------------------------- HQ powers


def _power(table: Table, side: str, power_id: str) -> Power:
    for p in table.command_posts[side].powers:
        if p.id == power_id:
            return p
    raise RuleRefused("Versus II", f"The {side} have no power '{power_id}'", "unknown_power",
                      side=side, power=power_id)


AT_UPKEEP = ("recover_discs", "recover_cubes")


def _at_setup(power: Power) -> bool:
    """Permanent powers with a choice made once the teams are known (e.g. Robin's tile)."""
    return power.type == "permanent" and any(op.op == "disc_cost_modifier"
                                             for a in power.alternatives for op in a.operations)


def _hq_in_play(table: Table, side: str) -> bool:
    post = table.command_posts[side]
    return post.hq is not None and not post.tiles[post.hq].neutralized


def resolve_power(table: Table, cmd: c.ResolvePower) -> list[Event]:
    """Apply a pending power: the alternative chosen ("or") and the targets its operations need."""
    if table.mode != "versus":
        raise RuleRefused("Versus II", "HQ powers belong to Versus tables", "not_versus")
    power = _power(table, cmd.side, cmd.power)
    pending = next((p for p in table.versus.pending_powers if p.side == cmd.side and p.power == cmd.power), None)
    if pending is None:
        if _upkeep_operations(power):
            raise RuleRefused("Versus I·D", f"{power.name_en} applies by itself at each upkeep",
                              "power_at_upkeep", power=power.id, character=power.character)
        if _at_event_tile(power):
            raise RuleRefused("Versus I·D", f"{power.name_en} applies when the {cmd.side}'s event tile is activated",
                              "power_at_event_tile", power=power.id, character=power.character, side=cmd.side)
        raise RuleRefused("Versus I·D", f"{power.name_en} has nothing to resolve now", "power_not_pending",
                          power=power.id, character=power.character)
    if not 0 <= cmd.alternative < len(power.alternatives):
        raise RuleRefused("Versus II", f"{power.name_en} has {_plural(len(power.alternatives), 'alternative')}",
                          "unknown_alternative", power=power.id, character=power.character,
                          count=len(power.alternatives))
    chosen = power.alternatives[cmd.alternative]
    events = [Event("power", f"{power.character}: {power.name_en}"
                             + (f" ({chosen.reminder})" if chosen.reminder else ""), "Versus II",
                    {"side": cmd.side, "power": power.id, "alternative": cmd.alternative})]
    targets = list(cmd.miniatures)
    branch, difference = _branch(table, cmd.side, chosen)
    rolled = _rolled(power, chosen, cmd)
    for op in chosen.operations:
        if op.branch and op.branch != branch:
            continue  # exclusive branches: only the one that holds applies
        if op.successes is not None and op.successes != rolled:
            continue  # another result of the power's die
        events += _apply(table, cmd.side, power, op, cmd, targets, difference)
    if rolled is not None and not any(op.successes == rolled for op in chosen.operations):
        events.append(Event("reminder", f"{power.character} ({power.name_en}): {_plural(rolled, 'success')}, "
                                        f"played on the board", "Versus II", {"successes": rolled}))
    table.versus.pending_powers.remove(pending)
    return events


def _branch(table: Table, side: str, chosen) -> tuple[str, int | None]:
    """The Riddler's duel of wits: "Le vilain et le héros comparent le nombre de DPAs de leurs zones de
    potentiel d'activation disponible" once, before any disc moves: the branch that holds and the
    difference both of its transfers use."""
    if not any(op.branch for op in chosen.operations):
        return "", None
    mine = table.command_posts[side].discs.available
    theirs = table.command_posts[opponent(side)].discs.available
    return ("fewer", theirs - mine) if mine < theirs else ("as_many_or_more", None)


def _rolled(power: Power, chosen, cmd: c.ResolvePower) -> int | None:
    """A power whose effect depends on a die rolled at the table (Harley Quinn's orange die): the
    successes the players read."""
    if not any(op.successes is not None for op in chosen.operations):
        return None
    if cmd.count is None:
        raise RuleRefused("Versus II", f"{power.character} ({power.name_en}): enter the successes rolled",
                          "power_needs_successes", power=power.id, character=power.character)
    return cmd.count


def _character_target(table: Table, side: str, power: Power, op, targets: list[str], name: str) -> str:
    """The miniature an operation acts on: the power's own character when the booklet says so,
    otherwise the next miniature the player named."""
    if op.target and op.target.lower().startswith(power.character.lower()):
        post = table.command_posts[side]
        own = [t for t in post.tiles.values() if t.name.lower() == power.character.lower()] or \
            ([post.tiles[post.hq]] if post.hq else [])
        if own and own[0].miniatures:
            return own[0].miniatures[0].id
    if not targets:
        raise RuleRefused("Versus II", f"{name}: name the character ({op.target or 'the target'})",
                          "power_needs_character", power=power.id, character=power.character)
    return targets.pop(0)


def _apply(table: Table, side: str, power: Power, op, cmd: c.ResolvePower, targets: list[str],
           difference: int | None = None) -> list[Event]:
    post = table.command_posts[side]
    rule = "Versus II"
    name = f"{power.character} ({power.name_en})"
    count = op.count
    if op.count_from_successes:
        if cmd.count is None:
            raise RuleRefused(rule, f"{name}: enter the successes rolled ({op.details or 'at the table'})",
                              "power_needs_successes", power=power.id, character=power.character)
        count = cmd.count
    if op.op == "recover_discs":
        n = min(count, post.discs.unavailable)
        post.discs.unavailable -= n
        post.discs.available += n
        return [Event("discs", f"{name}: {_plural(n, 'disc')} unavailable → available", rule, {"side": side})]
    if op.op == "recover_cubes":
        n = min(count, post.fatigue)
        post.fatigue -= n
        post.reserve += n
        return [Event("cubes", f"{name}: {_plural(n, 'cube')} fatigue → reserve", rule, {"side": side})]
    if op.op == "transfer_discs":
        return mission_rules.transfer_discs(table, side, name, op, "Versus II", difference)
    if op.op == "activations_already_made":
        target = _side(side, op.side)
        table.command_posts[target].activations_head_start += count
        return [Event("discs", f"{name}: in their next turn the {target} start with "
                               f"{_plural(count, 'activation')} already made", rule, {"side": target})]
    if op.op == "disc_cost_modifier":
        whose = side if (op.target or "").startswith("own") else opponent(side)
        tile = _target_tile(table, whose, cmd, 0, name)
        table.versus.disc_modifiers.append(DiscModifier(whose, tile, op.amount or 1, side, power.id))
        return [Event("power", f"{name}: activating {table.command_posts[whose].tiles[tile].name} "
                               f"costs {op.amount or 1} more disc", rule, {"tile": tile})]
    if op.op == "free_activation":
        post.free_activations.append(op.amount == 1)
        what = "no disc and no cube" if op.amount == 1 else "no disc"
        return [Event("power", f"{name}: the next activation costs {what}", rule, {"side": side})]
    if op.op == "hacking_token":
        if op.optional and cmd.space is None:
            return [Event("power", f"{name}: no hacking token placed", rule, {})]
        return _hack(table, side, name, op, cmd)
    if op.op == "swap_river_tiles":
        target = _side(side, op.side)
        first, second = _target_tile(table, target, cmd, 0, name), _target_tile(table, target, cmd, 1, name)
        if first == second:
            raise RuleRefused(rule, f"{name}: choose two different tiles", "power_same_tile_twice",
                              power=power.id, character=power.character)
        order = table.command_posts[target].river
        i, j = order.index(first), order.index(second)
        order[i], order[j] = order[j], order[i]
        return [Event("river", f"{name}: two tiles of the {target}'s river swap places", rule,
                      {"side": target, "tiles": [first, second]})]
    if op.op == "opposing_tile_last":
        target = opponent(side)
        tile = _target_tile(table, target, cmd, 0, name)
        river.to_right_end(table.command_posts[target], tile)
        return [Event("river", f"{name}: {table.command_posts[target].tiles[tile].name} goes to the end of "
                               f"the {target}'s river", rule, {"side": target, "tile": tile})]
    if op.op in ("restore_life_points", "heal", "neutralize", "wounds", "unneutralize_tile"):
        return _on_character(table, side, power, op, count, targets, name)
    if op.op == "event_tile_never_neutralized":
        return [Event("power", f"{name}: the {side}'s event tile is never neutralized", rule, {})]
    return [Event("reminder", f"{name}: {op.details or 'played on the board'}", rule, {})]


def _on_character(table: Table, side: str, power: Power, op, count: int, targets: list[str],
                  name: str) -> list[Event]:
    rule = "Versus II"
    miniature = _character_target(table, side, power, op, targets, name)
    post_m, tile, mini = table.find_miniature(miniature)
    label = tiles.miniature_label(tile, mini)
    if op.op == "unneutralize_tile":
        if mini.place != "pool":
            return [Event("power", f"{name}: {label} is in play: nothing to bring back", rule, {})]
        mini.place = "board"
        tile.neutralized = False
        return [Event("power", f"{name}: {label} is back in play, {tile.name} face up", rule, {"miniature": mini.id})]
    if mini.place != "board":
        raise RuleRefused(rule, f"{name}: {label} is not on the board", "miniature_not_on_board",
                          miniature=label, power=power.id, character=power.character)
    if op.op in ("restore_life_points", "heal"):
        most = tile.profile(mini).life_points
        mini.life_points = most if op.op == "restore_life_points" else min(most, mini.life_points + count)
        return [Event("power", f"{name}: {label} at {_plural(mini.life_points, 'life point')}", rule,
                      {"miniature": mini.id})]
    wounds = mini.life_points if op.op == "neutralize" else count
    if wounds <= 0:
        return [Event("power", f"{name}: no wound", rule, {})]
    return wound_target(table, wounds, None, mini.id, rule)


def _side(own: str, which: str | None) -> str:
    return opponent(own) if which == "opponent" else own


def _target_tile(table: Table, side: str, cmd: c.ResolvePower, index: int, name: str) -> str:
    if len(cmd.tiles) <= index:
        raise RuleRefused("Versus II", f"{name}: choose {'a' if index == 0 else 'another'} tile of the {side}'s river",
                          "power_needs_tile" if index == 0 else "power_needs_another_tile",
                          power=cmd.power, side=side)
    tile = cmd.tiles[index]
    if tile not in table.command_posts[side].river:
        raise RuleRefused("Versus II", f"{name}: '{tile}' is not in the {side}'s river", "tile_not_in_river",
                          tile=tile, side=side, power=cmd.power)
    return tile


def transfer_discs(table: Table, side: str, name: str, op) -> list[Event]:
    return mission_rules.transfer_discs(table, side, name, op, "Versus II")


def _hack(table: Table, side: str, name: str, op, cmd: c.ResolvePower) -> list[Event]:
    target = table.command_posts[opponent(side)]
    allowed = op.spaces or list(COMMAND_POST_SPACES)
    if cmd.space not in allowed:
        raise RuleRefused("Versus II", f"{name}: choose one of the {opponent(side)}'s spaces: {', '.join(allowed)}",
                          "power_needs_space", power=cmd.power, side=opponent(side), spaces=", ".join(allowed))
    if op.one_per_space and target.hacking.get(cmd.space):
        raise RuleRefused("Versus II", f"{name}: the {opponent(side)}'s {cmd.space} space already holds a hacking "
                                       f"token", "space_already_hacked", power=cmd.power, space=cmd.space,
                          side=opponent(side))
    count = op.count or 1
    new_limit = cp.limit(target, cmd.space) - count
    if target.spaces[cmd.space] > max(0, new_limit):
        raise RuleRefused("IX·I", f"{name}: the {cmd.space} space holds {target.spaces[cmd.space]} cubes, more than "
                                  f"its hacked limit of {max(0, new_limit)}", "hacked_space_too_full",
                          power=cmd.power, space=cmd.space, held=target.spaces[cmd.space], limit=max(0, new_limit))
    target.hacking[cmd.space] = target.hacking.get(cmd.space, 0) + count
    return [Event("power", f"{name}: hacking token on the {opponent(side)}'s {cmd.space} space, exertion limit "
                           f"{cp.limit(target, cmd.space)}", "Versus II", {"space": cmd.space})]


HANDLERS = {c.PickHQ: pick_hq, c.DraftTile: draft_tile, c.ResolvePower: resolve_power}
