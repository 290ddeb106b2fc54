"""What each command does to the table (IV-IX): one handler per command, `handler(table, command)
→ events`, changing the table it is given. The command registry (`registry.py`) names each
handler with when it is open and who may send it; `engine.apply` runs them on a copy.
"""
from __future__ import annotations


from . import command_post as cp
from . import commands as c
from . import hero_board as hb
from . import mission_rules, movement, prices, river, tiles, versus
from . import dice_flow
from .actors import tile_steps
from .actors import acting_hero as _acting_hero
from .actors import character_record as _character_record
from .actors import one_actor as _one_actor
from .actors import use_character_action as _use_character_action
from .command_post import MAX_ACTIVATIONS, Activation, CommandPost
from .errors import RuleRefused
from games.events import Event, Outcome
from games.events import plural as _plural
from .table import DISSIPATION_KINDS, DissipationToken, Table
from .turn import next_step, title
from .wounds import wound_target as _wound_target



# ---------------------------------------------------------------- helpers


def _lose_reinforcement_points(table: Table) -> list[Event]:
    events = []
    for post in table.command_posts.values():
        if post.reinforcement_points:
            events.append(Event("reinforcement_lost",
                                f"{_plural(post.reinforcement_points, 'unspent reinforcement point')} "
                                f"lost", "VI·E"))
            post.reinforcement_points = 0
    return events


# ---------------------------------------------------------------- the turn


def _advance(table: Table, _: c.Advance) -> list[Event]:
    track = table.track
    step = track.step
    if step == "heroes.stances":
        missing = [h.name for h in table.heroes.values() if h.stance is None]
        if missing:
            raise RuleRefused("V·B·3", f"Each hero must choose a stance: {', '.join(missing)}",
                              "stance_missing", heroes=", ".join(missing))
    if step == "setup" and table.mode == "versus":
        versus.ready_to_start(table)
    events: list[Event] = []
    if step in tile_steps(table):
        for post in table.command_posts.values():
            post.activation = None
    if step == "villain.end_effects":  # VI·B: "0, 1 or 2 tiles each turn": the count ends with the turn (C9)
        table.post("villain").activations_this_turn = 0
        table.post("villain").activated_this_turn = []
    turn, new_step = next_step(track, table.mission.initiative, table.mission.turn_limit, table.mode)
    track.turn, track.step = turn, new_step
    if new_step == "game_over":
        track.winner = table.mission.turn_limit_winner
        track.reason = f"Turn limit reached: turn {turn} of {table.mission.turn_limit}"
        return events + [Event("game_over", track.reason, "IV·E", {"winner": track.winner})]
    events.append(Event("step", f"Turn {turn}: {title(new_step)}", "IV",
                        {"turn": turn, "step": new_step}))
    on_enter = VERSUS_ON_ENTER if table.mode == "versus" else ON_ENTER
    return events + on_enter.get(new_step, lambda t: [])(table)


def _enter_upkeep(table: Table) -> list[Event]:
    return [Event("turn_marker", f"The turn marker advances to {table.track.turn}", "IV·A·1",
                  {"turn": table.track.turn})]


def _enter_heroes_upkeep(table: Table, rule: str, when: str) -> list[Event]:
    events = []
    for hero in table.heroes.values():
        moved = hb.clear_spaces(hero)
        if rule == "V·B·1":
            hero.moved_this_turn = False
        if moved:
            events.append(Event("upkeep", f"{hero.name}: {_plural(moved, 'cube')} spent {when} "
                                          f"move to fatigue", rule, {"hero": hero.id, "cubes": moved}))
    return events


def _dissipate(table: Table, side: str) -> list[Event]:
    """IX·O: at the start of the placer's turn, active → dissipating, dissipating → removed."""
    events = []
    kept = []
    for token in table.tokens:
        if token.side != side:
            kept.append(token)
        elif token.state == "active":
            token.state = "dissipating"
            kept.append(token)
            events.append(Event("token", f"{token.kind.capitalize()} token {token.area} is dissipating",
                                "IX·O", {"token": token.id, "kind": token.kind, "area": token.area,
                                         "change": "dissipating"}))
        else:
            events.append(Event("token", f"{token.kind.capitalize()} token {token.area} is removed",
                                "IX·O", {"token": token.id, "kind": token.kind, "area": token.area,
                                         "change": "removed"}))
    table.tokens = kept
    return events


def _enter_stances(table: Table) -> list[Event]:
    for hero in table.heroes.values():
        hero.stance = None
    return []


def _end_actions(table: Table) -> list[Event]:
    """The heroes' actions are over (V·B·6): "done" meant done for that step only."""
    for hero in table.heroes.values():
        hero.finished = False
    return []


def _enter_villain_upkeep(table: Table) -> list[Event]:
    events = []
    for post in table.command_posts.values():
        moved, recovered = cp.upkeep(post)
        events.append(Event("upkeep", f"The {post.side}: {_plural(moved, 'cube')} from the spaces to "
                                      f"fatigue, {_plural(recovered, 'cube')} recovered to the reserve",
                            "VI·B·1", {"side": post.side, "moved": moved, "recovered": recovered}))
    return events


ON_ENTER = {
    "upkeep": _enter_upkeep,
    "heroes.upkeep_start": lambda t: _enter_heroes_upkeep(t, "V·B·1", "during the villain's turn"),
    "heroes.start_effects": lambda t: _dissipate(t, "heroes"),
    "heroes.stances": _enter_stances,
    "heroes.end_effects": _end_actions,
    "heroes.upkeep_end": lambda t: _enter_heroes_upkeep(t, "V·B·7", "this turn"),
    "villain.upkeep": _enter_villain_upkeep,
    "villain.start_effects": lambda t: _dissipate(t, "villain"),
}

VERSUS_ON_ENTER = {
    "upkeep": _enter_upkeep,
    **{f"{side}.upkeep": (lambda t, side=side: versus.upkeep(t, side)) for side in versus.SIDES},
    **{f"{side}.start_effects": (lambda t, side=side: _dissipate(t, side)) for side in versus.SIDES},
    **{f"{side}.end_effects": (lambda t, side=side: versus.end_effects(t, side)) for side in versus.SIDES},
}


def _end_game(table: Table, cmd: c.EndGame) -> list[Event]:
    if cmd.winner not in ("heroes", "villain", "none"):
        raise RuleRefused("IV·C", "The winner is the heroes, the villain or none", "unknown_winner",
                          winner=cmd.winner)
    if table.track.step == "setup":
        raise RuleRefused("IV·C", "The game has not started", "game_not_started")
    table.track.step = "game_over"
    table.track.winner = None if cmd.winner == "none" else cmd.winner
    table.track.reason = cmd.reason or "End-game condition met"
    return [Event("game_over", f"Game over: {table.track.reason}", "IV·C", {"winner": table.track.winner})]


# ---------------------------------------------------------------- heroes


def _declare_stance(table: Table, cmd: c.DeclareStance) -> list[Event]:
    hero = table.hero(cmd.hero)
    if hero.stance is not None:
        raise RuleRefused("V·B·3", f"{hero.name} already chose the {hero.stance} stance this turn",
                          "stance_already_chosen", hero=hero.name, stance=hero.stance)
    to_reserve, from_wound = hb.recover(hero, cmd.stance)
    text = f"{hero.name} is {cmd.stance}: {_plural(to_reserve, 'cube')} fatigue → reserve"
    if from_wound:
        text += f", {_plural(from_wound, 'cube')} wound → fatigue"
    return [Event("stance", text, "V·B·3", {"hero": hero.id, "stance": cmd.stance,
                                            "to_reserve": to_reserve, "from_wound": from_wound})]


def _finish_actions(table: Table, cmd: c.FinishActions) -> list[Event]:
    """IV, V·B·4-5: the heroes finish their turn unanimously; each active hero says so in turn (the
    last one ends the step: nobody is left to decide, `guidance`)."""
    hero = table.hero(cmd.hero)
    if hero.finished:  # before acting_hero, which withdraws a "done"
        raise RuleRefused("V·B·5", f"{hero.name} has already finished this turn", "hero_already_finished",
                          hero=hero.name)
    _acting_hero(table, cmd.hero)
    hero.finished = True
    return [Event("hero_finished", f"{hero.name} has finished their actions", "V·B·5", {"hero": hero.id})]


def _spend(table: Table, cmd: c.Spend) -> list[Event]:
    _one_actor(cmd.hero, cmd.side, "Spend")
    if cmd.hero is not None:
        hero = table.hero(cmd.hero)
        if cmd.space in ("defense", "reroll", "fatigue"):
            if hero.neutralized and cmd.space != "fatigue":
                raise RuleRefused("IX·B", f"{hero.name} is neutralized", "hero_neutralized", hero=hero.name)
        else:
            _acting_hero(table, cmd.hero)
        text = hb.spend(hero, cmd.space, cmd.cubes)
        hb.placed(hero, cmd.space, cmd.cubes)
        return [Event("spend", text, "IX·C", {"hero": hero.id, "space": cmd.space, "cubes": cmd.cubes})]
    post = table.post(cmd.side)
    text = cp.spend(post, cmd.space, cmd.cubes)
    return [Event("spend", text, "IX·C", {"side": post.side, "space": cmd.space, "cubes": cmd.cubes})]


def _attack(table: Table, cmd: c.Attack) -> list[Event]:
    if cmd.kind not in ("melee", "ranged"):
        raise RuleRefused("V·C", f"An attack is melee or ranged, not '{cmd.kind}'", "unknown_attack_kind",
                          kind=cmd.kind)
    _one_actor(cmd.hero, cmd.miniature, "Attacker")
    _one_actor(cmd.target_hero, cmd.target_miniature, "Target")
    if cmd.successes < 0 or cmd.defense_successes < 0 or cmd.defense_cubes < 0:
        raise RuleRefused("IX·K", "There is never a negative value", "negative_value")
    events: list[Event] = []
    if cmd.hero is not None:
        if cmd.target_hero is not None:
            raise RuleRefused("V·C·1 [b]", "A hero attacks characters, not another hero", "hero_attacks_hero")
        hero = _acting_hero(table, cmd.hero)
        # the target and the weapon are checked as the dice flow checks them (V·C·1-2 [a]-[b], IX·M)
        dice_flow.check_target(table, dice_flow.party(table, hero.id, None), cmd.target_hero, cmd.target_miniature)
        dice_flow.usable_weapons(hero, cmd.kind)
        if cmd.cubes + hb.unused_on(hero, cmd.kind) < 1:
            raise RuleRefused(f"V·C·{1 if cmd.kind == 'melee' else 2} [c]",
                              "An attack spends at least one energy cube", "spend_at_least_one_cube")
        cubes, _ = hb.spend_for_action(hero, cmd.kind, cmd.cubes)
        attacker = hero.name
        events.append(Event("spend", f"{hero.name} spends {_plural(cubes, 'cube')} on a {cmd.kind} "
                                     f"attack", "V·C·1 [c]", {"hero": hero.id, "space": cmd.kind,
                                                             "cubes": cubes}))
    else:
        if cmd.cubes:
            raise RuleRefused("VI·D", "A character spends no energy cube to attack", "character_spends_no_cube")
        post, tile, mini, record = _use_character_action(table, cmd.miniature, cmd.kind, cmd.characteristic)
        dice_flow.check_target(table, dice_flow.party(table, None, mini.id), cmd.target_hero, cmd.target_miniature)
        attacker = tiles.miniature_label(tile, mini)
        multiplier = getattr(tile.profile(mini), cmd.kind)[cmd.characteristic].multiplier
        events.append(Event("action", f"{attacker}: {cmd.kind} attack {record.uses} of {multiplier}",
                            "VI·C·5", {"miniature": mini.id, "uses": record.uses,
                                       "multiplier": multiplier}))
    # the defense (VII)
    if cmd.target_hero is not None:
        target = table.hero(cmd.target_hero)
        if cmd.defense_cubes:
            hb.spend(target, "defense", cmd.defense_cubes)
        automatic = target.board.automatic_defense.successes
        has_die = target.board.automatic_defense.die is not None
        defender = target.name
    else:
        post, tile, mini = table.find_miniature(cmd.target_miniature)
        if cmd.defense_cubes:
            cp.spend(post, "defense", cmd.defense_cubes)
        automatic = tile.profile(mini).automatic_defense
        has_die = False
        defender = tiles.miniature_label(tile, mini)
    if cmd.defense_successes and not (cmd.defense_cubes or has_die):
        raise RuleRefused("VII·C", f"{defender} rolled no defense die: spend defense cubes first",
                          "no_defense_die", defender=defender)
    defense = cmd.defense_successes + automatic
    wounds = max(0, cmd.successes - defense)
    events.append(Event("defense", f"{attacker} → {defender}: {_plural(cmd.successes, 'success')} "
                                   f"against {defense} defense ({cmd.defense_successes} rolled + "
                                   f"{automatic} automatic): {_plural(wounds, 'wound')}", "VII·H",
                        {"attack": cmd.successes, "defense": defense, "wounds": wounds,
                         "defense_cubes": cmd.defense_cubes}))
    if wounds:
        events += _wound_target(table, wounds, cmd.target_hero, cmd.target_miniature, "IX·A")
    return events


def _complex_action(table: Table, cmd: c.ComplexAction) -> list[Event]:
    if cmd.action not in ("manipulation", "thought"):
        raise RuleRefused("V·C·3", f"A complex action is a manipulation or a thought, not '{cmd.action}'",
                          "unknown_action", action=cmd.action)
    _one_actor(cmd.hero, cmd.miniature, "Complex action")
    if min(cmd.successes, cmd.difficulty, cmd.hindering) < 0:
        raise RuleRefused("IX·K", "There is never a negative value", "negative_value")
    events = []
    side = None
    if cmd.mission_rule is not None:
        side = "heroes" if cmd.hero is not None else table.find_miniature(cmd.miniature)[0].side
        mission_rules.check_action(table, side, cmd.mission_rule, cmd.action, cmd.difficulty)
    if cmd.hero is not None:
        hero = _acting_hero(table, cmd.hero)
        if cmd.cubes + hb.unused_on(hero, cmd.action) < 1:
            raise RuleRefused("V·C·3 [a] ii", "A complex action spends at least one energy cube", "spend_at_least_one_cube")
        cubes, _ = hb.spend_for_action(hero, cmd.action, cmd.cubes)
        actor = hero.name
        events.append(Event("spend", f"{hero.name} spends {_plural(cubes, 'cube')} on {cmd.action}",
                            "V·C·3 [a] ii", {"hero": hero.id, "space": cmd.action, "cubes": cubes}))
    else:
        if cmd.item is not None:
            raise RuleRefused("V·D", "Only the heroes can use item cards", "character_uses_no_item")
        _, tile, mini, _ = _use_character_action(table, cmd.miniature, cmd.action, cmd.characteristic)
        actor = tiles.miniature_label(tile, mini)
    net = max(0, cmd.successes - cmd.hindering)
    ok = net >= cmd.difficulty
    events.append(Event("complex_action", f"{actor}: complex {cmd.action}, {cmd.successes} − "
                                          f"{cmd.hindering} hindering = {net} against difficulty "
                                          f"{cmd.difficulty}: {'success' if ok else 'failure'}",
                        "V·C·3 [a]", {"successes": net, "difficulty": cmd.difficulty, "success": ok}))
    if cmd.mission_rule is not None:
        events += mission_rules.action_done(table, side, cmd.mission_rule, ok)
    if ok and cmd.item is not None:
        # V·C·3 [a] viii: the mission's effect lets the hero carry an item (FIG. 25-27), if able to
        hb.check_can_carry(hero, cmd.item)
        hero.equipment.append(cmd.item)
        events.append(Event("item", f"{hero.name} carries {cmd.item.name}: encumbrance {hero.encumbrance}",
                            "V·C·3 [a] viii", {"hero": hero.id, "item": cmd.item.name,
                                               "encumbrance": hero.encumbrance}))
    return events


def _automatic_action(table: Table, cmd: c.AutomaticAction) -> list[Event]:
    if cmd.action not in ("manipulation", "thought"):
        raise RuleRefused("V·C·3 [b]", f"An automatic action is a manipulation or a thought, "
                                       f"not '{cmd.action}'", "unknown_action", action=cmd.action)
    _one_actor(cmd.hero, cmd.miniature, "Automatic action")
    what = f": {cmd.description}" if cmd.description else ""
    if cmd.hero is not None:
        hero = _acting_hero(table, cmd.hero)
        hb.spend_for_action(hero, cmd.action, 0, exactly=1)
        return [Event("automatic_action", f"{hero.name}: automatic {cmd.action}, 1 cube{what}",
                      "V·C·3 [b]", {"hero": hero.id, "space": cmd.action, "cubes": 1})]
    _, tile, mini, record = _use_character_action(table, cmd.miniature, cmd.action, cmd.characteristic)
    return [Event("automatic_action", f"{tiles.miniature_label(tile, mini)}: automatic {cmd.action}, "
                                      f"no dice, no cube{what}", "VI·D·3 [b]",
                  {"miniature": mini.id, "uses": record.uses})]


def move_cost(step: c.MoveStep, trait: str | None = None) -> int:
    """V·C·5 [e], through the movement rules: the Fly trait makes every move cost 1, Reduced
    mobility forbids special moves (XI)."""
    trait = (trait or "").strip().lower()
    return movement.move_cost(step.type, level=step.level, hindering=step.hindering,
                              difficult_terrain=step.difficult_terrain, fly=trait == "fly",
                              reduced_mobility=trait == "reduced mobility")


def _move(table: Table, cmd: c.Move) -> list[Event]:
    _one_actor(cmd.hero, cmd.miniature, "Movement")
    if not cmd.moves:
        raise RuleRefused("V·C·5", "A movement makes at least one move", "no_move")
    if cmd.hero is not None:
        hero = _acting_hero(table, cmd.hero)
        name, first, bonus = hero.name, not hero.moved_this_turn, hero.first_movement_bonus
        characteristic = hero.board.spaces["movement"].characteristic
        trait = hero.board.trait
        room, reserve = hb.room_on(hero, "movement"), hero.reserve
    else:
        post, tile, mini = table.find_miniature(cmd.miniature)
        if post.activation is None or post.activation.tile != tile.id or mini.place != "board":
            raise RuleRefused("VI·C", f"{tiles.miniature_label(tile, mini)} moves only during the "
                                      f"activation of its tile", "tile_not_activated",
                              miniature=tiles.miniature_label(tile, mini), tile=tile.name)
        name = tiles.miniature_label(tile, mini)
        record = _character_record(post, mini.id, name)
        if record.moved_second:
            raise RuleRefused("VI·C·6", f"{name} already made its second movement",
                              "second_movement_made", miniature=name)
        first = not record.moved_first and record.uses == 0
        profile = tile.profile(mini)
        bonus = profile.first_movement_bonus
        characteristic = post.space_defs["movement"].characteristic
        trait = profile.trait
        room, reserve = cp.room_on(post, "movement"), post.reserve
    multiplier = characteristic.multiplier if characteristic.kind == "multiplier" else 0
    pool = bonus if first else 0
    lines = [f"pool {pool}" + (" (first-movement bonus)" if first else "")]
    bought = 0
    for i, step in enumerate(cmd.moves):
        cost = move_cost(step, trait)
        if cost > pool:
            lacking = cost - pool
            cubes = movement.cubes_needed(name, lacking, multiplier)
            if cubes > room - bought:
                raise RuleRefused("IX·I", f"Move {i + 1} lacks {_plural(lacking, 'move point')}: "
                                          f"{_plural(cubes, 'cube')} needed but the movement space has "
                                          f"room for {room - bought}", "movement_space_room",
                                  move=i + 1, lacking=lacking, cubes=cubes, room=room - bought)
            if bought + cubes > reserve:
                raise RuleRefused("V·C·5 [f]", f"Move {i + 1} needs {_plural(cubes, 'cube')} but the "
                                               f"reserve holds {reserve - bought}", "not_enough_cubes",
                                  move=i + 1, cubes=cubes, reserve=reserve - bought)
            bought += cubes
            pool += cubes * multiplier
            lines.append(f"{_plural(cubes, 'cube')} bought {_plural(cubes * multiplier, 'move point')}, pool {pool}")
        pool -= cost
        lines.append(f"{step.type} move costs {cost}, pool {pool}")
    lines.append(f"movement ends, {_plural(pool, 'unspent move point')} lost")
    if cmd.hero is not None:
        hero.moved_this_turn = True
        if bought:
            hb.spend(hero, "movement", bought)
        data = {"hero": hero.id}
    else:
        if record.uses or record.moved_first:
            record.moved_second = True
        else:
            record.moved_first = True
        if bought:
            cp.spend(post, "movement", bought)
        data = {"miniature": mini.id}
    data.update({"cubes": bought, "lost": pool, "first": first})
    return [Event("movement", f"{name} moves: " + "; ".join(lines), "V·C·5", data)]


def _pick_up(table: Table, cmd: c.PickUp) -> list[Event]:
    hero = _acting_hero(table, cmd.hero)
    hb.check_can_carry(hero, cmd.item)
    hb.spend(hero, "manipulation", 1)
    hero.equipment.append(cmd.item)
    table.loose_items = [i for i in table.loose_items if i.name != cmd.item.name] + \
        [i for i in table.loose_items if i.name == cmd.item.name][1:]
    return [Event("item", f"{hero.name} picks up {cmd.item.name} (1 cube on manipulation): "
                          f"encumbrance {hero.encumbrance}", "V·D·1",
                  {"hero": hero.id, "item": cmd.item.name, "encumbrance": hero.encumbrance})]


def _hand_over(table: Table, giver: hb.Hero, receiver: hb.Hero, item_name: str, payer: hb.Hero,
               verb: str) -> list[Event]:
    if giver.id == receiver.id:
        raise RuleRefused("V·D·1", "Giving or taking needs two heroes", "give_to_self")
    item = hb.find_item(giver, item_name)
    hb.check_can_carry(receiver, item)
    hb.spend(payer, "manipulation", 1)
    giver.equipment.remove(item)
    receiver.equipment.append(item)
    return [Event("item", f"{payer.name} {verb} {item.name} (only {payer.name} spends a cube): "
                          f"{giver.name} encumbrance {giver.encumbrance}, {receiver.name} encumbrance "
                          f"{receiver.encumbrance}", "V·D·1",
                  {"from": giver.id, "to": receiver.id, "item": item.name,
                   "encumbrance": {giver.id: giver.encumbrance, receiver.id: receiver.encumbrance}})]


def _give(table: Table, cmd: c.Give) -> list[Event]:
    giver = _acting_hero(table, cmd.hero)
    return _hand_over(table, giver, table.hero(cmd.to_hero), cmd.item, giver, "gives")


def _take(table: Table, cmd: c.Take) -> list[Event]:
    taker = _acting_hero(table, cmd.hero)
    return _hand_over(table, table.hero(cmd.from_hero), taker, cmd.item, taker, "takes")


def _throw(table: Table, cmd: c.Throw) -> list[Event]:
    hero = _acting_hero(table, cmd.hero)
    item = hb.find_item(hero, cmd.item)
    if min(cmd.successes, cmd.hindering) < 0:
        raise RuleRefused("IX·K", "There is never a negative value", "negative_value")
    if cmd.distance < 1:
        raise RuleRefused("V·D·1 [e]", "A throw targets another area: the distance is at least 1",
                          "throw_distance_at_least_one")
    if cmd.cubes < 1:
        raise RuleRefused("V·C·3 [a] ii", "A complex action spends at least one energy cube", "spend_at_least_one_cube")
    hb.spend(hero, "manipulation", cmd.cubes)
    net = max(0, cmd.successes - item.encumbrance - cmd.hindering)
    reached, where = hb.throw(table, hero, item, net, cmd.distance)
    return [Event("spend", f"{hero.name} spends {_plural(cmd.cubes, 'cube')} on manipulation", "V·C·3 [a] ii",
                  {"hero": hero.id, "space": "manipulation", "cubes": cmd.cubes}),
            Event("throw", f"{hero.name} throws {item.name}: {cmd.successes} − {item.encumbrance} encumbrance − "
                           f"{cmd.hindering} hindering = {_plural(net, 'success')} against difficulty "
                           f"{cmd.distance} (the distance): it lands {where}; encumbrance {hero.encumbrance}",
                  "V·D·1 [e]", {"hero": hero.id, "item": item.name, "successes": net, "difficulty": cmd.distance,
                                "reached": reached, "encumbrance": hero.encumbrance})]


def _drop(table: Table, cmd: c.Drop) -> list[Event]:
    hero = table.hero(cmd.hero)
    item = hb.find_item(hero, cmd.item)
    hero.equipment.remove(item)
    table.loose_items.append(item)
    return [Event("item", f"{hero.name} drops {item.name} (not an action): encumbrance "
                          f"{hero.encumbrance}", "V·D·1 [f]", {"hero": hero.id, "item": item.name})]


# ---------------------------------------------------------------- the villain


def _activate_tile(table: Table, cmd: c.ActivateTile) -> list[Event]:
    post = table.post(cmd.side)
    tile = post.tile(cmd.tile)
    if table.mode != "versus":
        if post.activations_this_turn >= MAX_ACTIVATIONS:
            raise RuleRefused("VI·B", f"Only {MAX_ACTIVATIONS} tile activations per villain turn",
                              "activation_limit_reached", limit=MAX_ACTIVATIONS)
    if tile.neutralized:
        raise RuleRefused("IX·B", f"{tile.name} is neutralized and cannot be activated",
                          "tile_neutralized", tile=tile.name)
    cost = river.cost(post, tile.id)
    position = river.positions(post)
    discs, free = versus.pay_activation(table, post, tile.id) if table.mode == "versus" else (0, False)
    cost = 0 if free else cost
    cp.pay(post, cost, f"Tile '{tile.name}'")
    where = next(p for tid, p, _ in position if tid == tile.id)
    river.to_right_end(post, tile.id)
    post.activations_this_turn += 1
    post.activated_this_turn.append(tile.id)
    events = []
    if table.track.step == "villain.first_tile" and post.activations_this_turn == 2:
        table.track.step = "villain.second_tile"
        events.append(Event("step", f"Turn {table.track.turn}: {title('villain.second_tile')}", "VI·B·4",
                            {"turn": table.track.turn, "step": "villain.second_tile"}))
    paid_discs = f"{_plural(discs, 'disc')} available → spent, " if table.mode == "versus" else ""
    events.append(Event("activation", f"{tile.name} activated from position {where}: {paid_discs}"
                                      f"{_plural(cost, 'cube')} reserve → fatigue; the tile moves to the "
                                      f"end of the river", "VI·B·3",
                        {"tile": tile.id, "cost": cost, "position": where,
                         "activation": post.activations_this_turn,
                         **({"discs": discs} if table.mode == "versus" else {})}))
    if tile.definition.kind == "event":
        post.activation = None
        points = table.mission.reinforcement_points
        post.reinforcement_points = points
        events.append(Event("event_tile", f"Event tile: trigger one mission event and gain "
                                          f"{_plural(points, 'reinforcement point')} to spend at once",
                            "VI·B·3 [d]", {"reinforcement_points": points,
                                           "events": table.mission.reminders.events}))
        if table.mode == "versus":
            events += versus.event_tile_activated(table, cmd.side)
            events += mission_rules.event_tile(table, cmd.side)
    else:
        post.activation = Activation(tile=tile.id)
    return events


def _dredge(table: Table, cmd: c.Dredge) -> list[Event]:
    post = table.post(cmd.side)
    mission_rules.refuse_dredging(table, cmd.side)
    if not cmd.tiles:
        raise RuleRefused("VI·F", "Name at least one neutralized tile to dredge", "dredge_no_tile")
    if len(set(cmd.tiles)) != len(cmd.tiles):
        raise RuleRefused("VI·F", "A tile is dredged once", "dredge_tile_twice")
    chosen = [post.tile(t) for t in cmd.tiles]
    for tile in chosen:
        if not tile.neutralized:
            raise RuleRefused("VI·F", f"Only neutralized tiles are dredged; {tile.name} is not",
                              "dredge_tile_not_neutralized", tile=tile.name)
    cubes = prices.DREDGE_CUBES * len(chosen)
    taken = cp.remove_from_game(post, cubes, "Dredging")
    for tile in chosen:
        _remove_tile(post, tile)
    names = ", ".join(t.name for t in chosen)
    return [Event("dredge", f"River dredged of {names}: {_plural(cubes, 'cube')} leave the game "
                            f"({_from_places(taken)})", "VI·F",
                  {"tiles": [t.id for t in chosen], "cubes": cubes, "from": taken})]


def _from_places(taken: list[str]) -> str:
    return ", ".join(f"{taken.count(p)} from {p}" for p in dict.fromkeys(taken))


def _remove_tile(post: CommandPost, tile: tiles.Tile) -> None:
    river.to_box(post, tile)


def _demobilize(table: Table, cmd: c.Demobilize) -> list[Event]:
    post = table.post(cmd.side)
    if post.demobilized:
        raise RuleRefused("VI·G", "Demobilization is once per game", "demobilization_used")
    tile = post.tile(cmd.tile)
    mission_rules.refuse_demobilization(table, cmd.side, tile)
    if tile.definition.kind == "event" or tile.definition.level not in ("elite", "henchman"):
        raise RuleRefused("VI·G", f"Only an elite or henchman character tile can be demobilized; "
                                  f"{tile.name} cannot", "demobilize_wrong_tile", tile=tile.name)
    taken = cp.remove_from_game(post, prices.DEMOBILIZE_CUBES, "Demobilization")
    on_board = len(tile.on_board())
    _remove_tile(post, tile)
    post.demobilized = True
    return [Event("demobilize", f"{tile.name} demobilized: dredged for 2 cubes ({_from_places(taken)}), "
                                f"{_plural(on_board, 'miniature')} removed from the board", "VI·G",
                  {"tile": tile.id, "from": taken, "removed": on_board})]


def _reinforce(table: Table, cmd: c.Reinforce) -> list[Event]:
    post, tile, mini = table.find_miniature(cmd.miniature)
    if post.side != cmd.side:
        raise RuleRefused("VI·E", f"{tile.name} belongs to the {post.side}", "tile_of_other_side",
                          tile=tile.name, side=post.side)
    label = tiles.miniature_label(tile, mini)
    if post.reinforcement_points == 0:
        raise RuleRefused("VI·E", "No reinforcement points to spend: they come from the event tile "
                                  "and are spent at once", "no_reinforcement_points")
    if tile.dredged or mini.place == "gone":
        raise RuleRefused("VI·F", f"{label}'s tile was dredged: it can never come back",
                          "miniature_gone", miniature=label)
    if mini.place != "pool":
        raise RuleRefused("VI·E", f"{label} is not in the character pool", "miniature_not_in_pool",
                          miniature=label)
    cost = tile.profile(mini).reinforcement_cost
    if cost is None:
        raise RuleRefused("VI·E", f"{label} has no reinforcement cost and cannot be brought back",
                          "no_reinforcement_cost", miniature=label)
    refused = prices.reinforcement_refusal(post.reinforcement_points, label, cost)
    if refused is not None:
        raise refused
    was_neutralized = tile.neutralized
    post.reinforcement_points -= cost
    tiles.bring_back(tile, mini)
    text = (f"{label} returns as a reinforcement for {_plural(cost, 'point')}; "
            f"{_plural(post.reinforcement_points, 'point')} left")
    if was_neutralized:
        text += f"; {tile.name} is flipped face up"
    return [Event("reinforce", text, "VI·E", {"miniature": mini.id, "cost": cost,
                                              "remaining": post.reinforcement_points})]


def _end_reinforcement(table: Table, cmd: c.EndReinforcement) -> list[Event]:
    """VI·E: "Unspent reinforcement points are lost": the side says it is done reinforcing."""
    post = table.post(cmd.side)
    if post.reinforcement_points == 0:
        raise RuleRefused("VI·E", "No reinforcement points to spend: they come from the event tile "
                                  "and are spent at once", "no_reinforcement_points")
    lost, post.reinforcement_points = post.reinforcement_points, 0
    return [Event("reinforcement_lost", f"Reinforcement ends: {_plural(lost, 'unspent reinforcement point')} "
                                        f"lost", "VI·E", {"side": post.side, "lost": lost})]


def _wound(table: Table, cmd: c.Wound) -> list[Event]:
    _one_actor(cmd.hero, cmd.miniature, "Wounds")
    if cmd.wounds < 1:
        raise RuleRefused("IX·A", "At least one wound", "at_least_one_wound")
    hero = table.hero(cmd.hero) if cmd.hero is not None else None
    if hero is not None and hero.neutralized:
        raise RuleRefused("IX·B", f"{hero.name} is neutralized: every cube is already in the wound zone",
                          "hero_already_neutralized", hero=hero.name)
    events = _wound_target(table, cmd.wounds, cmd.hero, cmd.miniature, "IX·A")
    if cmd.cause:
        events[0].text += f" ({cmd.cause})"
    return events


def _place_token(table: Table, cmd: c.PlaceToken) -> list[Event]:
    if cmd.kind not in DISSIPATION_KINDS:
        raise RuleRefused("IX·O", f"A dissipation token is gas, flame, smoke or frost, not '{cmd.kind}'",
                          "unknown_token_kind", kind=cmd.kind)
    if cmd.side not in ("heroes", "villain"):
        raise RuleRefused("IX·O", "A token is placed by the heroes or the villain", "unknown_side", side=cmd.side)
    token = DissipationToken(id=table.next_token_id, kind=cmd.kind, side=cmd.side, area=cmd.area)
    table.next_token_id += 1
    table.tokens.append(token)
    return [Event("token", f"{cmd.kind.capitalize()} token placed {cmd.area} by the {cmd.side}", "IX·O",
                  {"token": token.id, "kind": cmd.kind, "area": cmd.area, "side": cmd.side, "change": "placed"})]


def _remove_token(table: Table, cmd: c.RemoveToken) -> list[Event]:
    token = next((t for t in table.tokens if t.id == cmd.id), None)
    if token is None:
        raise RuleRefused("IX·O", f"No token {cmd.id} on the board", "unknown_token", token=cmd.id)
    table.tokens.remove(token)
    return [Event("token", f"{token.kind.capitalize()} token {token.area} removed", "IX·O",
                  {"token": token.id, "kind": token.kind, "area": token.area, "change": "removed"})]


__all__ = ["apply", "Event", "Outcome"]
