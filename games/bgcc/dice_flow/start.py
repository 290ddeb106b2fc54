"""A roll begins (V·C·1-4, V·C·5 [i], IX·Q): the dice settings, declaring an action that rolls dice
(cubes spent or a character's use counted, the pool built, skills declared) or a free roll; and a
roll abandoned."""
from __future__ import annotations

from .. import hero_board as hb
from .. import mission_rules
from .. import skills as sk
from ..actors import acting_hero, one_actor, use_character_action
from ..dice import COLOURS, MAX_POOL, DiceType, Pool, check_colour, check_count, default_faces
from ..errors import RuleRefused
from games.events import Event, plural
from ..wounds import wound_target
from .commands import AbandonRoll, CalibrateDice, SetDiceMode, StartFreeRoll, StartRoll
from .parties import Party, friend_die, lacks, level, life_left, party, skill_levels, unusable
from .pools import (character_plan, check_action, check_target, face_table, hero_plan, hindering_of,
                    martial_arts_or_marksman)
from .state import (ATTACKS, CAUSE_RULE, CAUSE_TEXT, CUBE_RULE, DECLARABLE, FREE_CAUSES, KIND, MODES, POOL_RULE,
                    DiceRoll, PoolState, check_entry, current, describe_action, finish)

def set_mode(table, cmd: SetDiceMode) -> list:
    if cmd.mode not in MODES:
        raise RuleRefused("IX·D", f"The dice mode is server or physical, not {cmd.mode!r}", "unknown_dice_mode")
    table.dice.mode = cmd.mode
    text = ("Dice are rolled by the app" if cmd.mode == "server"
            else "Dice are rolled at the table: enter each die's face (0-5) or the number of successes")
    return [Event("dice_mode", text, "IX·D", {"mode": cmd.mode})]


def calibrate(table, cmd: CalibrateDice) -> list:
    colour = check_colour(cmd.colour)
    if table.dice.roll is not None:
        raise RuleRefused("IX·D", "Finish or abandon the roll in progress before calibrating the dice",
                          "calibrate_during_roll")
    if cmd.faces is None:
        table.dice.calibrated.pop(colour, None)
        faces = list(default_faces().faces_of(colour))
        text = f"The {colour} die is back to the default faces {faces} (unverified)"
    else:
        faces = list(default_faces().calibrate(colour, cmd.faces).faces_of(colour))
        table.dice.calibrated[colour] = faces
        text = f"The {colour} die is calibrated: faces {faces}"
    status = face_table(table.dice).status
    return [Event("dice_calibrated", text, "IX·D",
                   {"colour": colour, "faces": faces, "calibrated": sorted(table.dice.calibrated, key=COLOURS.index),
                    "status": status})]


def _push_limits(table, actor: Party, action: str, declared: list[str], cubes: int) -> tuple[int, list]:
    """Pushing limits — WHEN: "at the start of the Spend Energy Cubes step of an action and before
    spending any other energy cubes"; REQUIREMENTS: "[the possessor] performs the action", "[the
    possessor] has not yet used it during this turn"; EFFECT: "[the possessor] suffers [X] wounds.
    For each of those wounds, the energy cubes that have just been moved to the wound zone are
    considered to have been spent on the current action space, regardless of its exertion limit".
    Returns the cubes that count as spent, and the events. Reading: pushing so far that every cube
    ends in the wound zone is refused, as a neutralized hero can no longer act (IX·B)."""
    if "Pushing limits" not in declared:
        return 0, []
    rule = "X·Pushing limits"
    hero = actor.hero
    have = level(skill_levels(actor), "Pushing limits")
    if not have:
        raise unusable(actor, "Pushing limits")
    turn = table.track.turn
    if table.dice.pushing_limits.get(hero.id) == turn:
        raise RuleRefused(rule, f'Pushing limits — "[the possessor] has not yet used it during this turn": '
                                f'{hero.name} used it in turn {turn}',
                          "pushing_limits_used", hero=hero.name, turn=turn)
    check_count(cubes, "The number of cubes", POOL_RULE[action], maximum=MAX_POOL)
    wounds = sk.pushing_limits(have, used_this_turn=False, cubes_outside_wound_zone=life_left(actor))
    before = hero.wound
    events = wound_target(table, wounds, hero.id, None, rule)
    moved = hero.wound - before
    if hero.neutralized:
        raise RuleRefused("IX·B", f"Pushing limits {have} would move every cube of {hero.name} to the wound zone: "
                                  f"a neutralized hero can no longer perform actions",
                          "pushing_limits_neutralizes", hero=hero.name, level=have)
    table.dice.pushing_limits[hero.id] = turn
    text = (f"{hero.name} pushes their limits (Pushing limits {have}): {plural(moved, 'wound')}; the "
            f"{plural(moved, 'cube')} moved to the wound zone count as spent on the {action} space, beyond "
            f"its exertion limit")
    return moved, [Event("pushing_limits", text, rule, {"hero": hero.id, "space": action, "wounds": moved}),
                   *events]


def _against_friend(table, actor: Party, action: str, cmd: StartRoll) -> tuple[int | None, str | None]:
    """Imaginary friend: "The only way to neutralize it is if an enemy miniature, located in the
    same area as [the possessor], successfully performs a complex thought with a difficulty level
    equal to [X]". Returns the difficulty and whose friend the thought is against."""
    if cmd.friend_hero is None and cmd.friend_miniature is None:
        return cmd.difficulty, None
    rule = "X·Imaginary friend"
    if action != "thought":
        raise RuleRefused(rule, 'An imaginary friend is neutralized by "a complex thought with a difficulty level '
                                'equal to [X]"', "imaginary_friend_thought")
    one_actor(cmd.friend_hero, cmd.friend_miniature, "The imaginary friend's possessor")
    possessor = party(table, cmd.friend_hero, cmd.friend_miniature)
    have = level(skill_levels(possessor), "Imaginary friend")
    if not have:
        raise unusable(possessor, "Imaginary friend")
    if possessor.id in table.dice.friends_gone:
        raise RuleRefused(rule, f"{possessor.name}'s imaginary friend is already neutralized",
                          "imaginary_friend_gone", miniature=possessor.name)
    if possessor.side == actor.side or not cmd.friend_same_area:
        raise RuleRefused(rule, 'The imaginary friend is neutralized by "an enemy miniature, located in the same '
                                'area as [the possessor]"', "imaginary_friend_enemy_in_area")
    if cmd.difficulty is not None and cmd.difficulty != have:
        raise RuleRefused(rule, f'Imaginary friend {have}: "a complex thought with a difficulty level equal to '
                                f'[X]", {have}, not {cmd.difficulty}',
                          "imaginary_friend_difficulty", level=have, difficulty=cmd.difficulty)
    return have, possessor.id


def _thrown(hero, action: str, cmd: StartRoll):
    """V·D·1 [e]: "Throwing equipment is a complex manipulation"; "the difficulty level of the throw
    [...] is equal to the distance [...] from the hero's area to the target area"."""
    if cmd.throw is None:
        return None
    if action != "manipulation":
        raise RuleRefused("V·D·1 [e]", "Throwing equipment is a complex manipulation", "throw_is_manipulation")
    if cmd.item is not None:
        raise RuleRefused("V·D·1 [e]", "A throw brings no item", "item_only_from_complex_action")
    if not cmd.difficulty:
        raise RuleRefused("V·D·1 [e]", "A throw targets another area: the distance is at least 1",
                          "throw_distance_at_least_one")
    return hb.find_item(hero, cmd.throw)


def start(table, cmd: StartRoll) -> list:
    if table.dice.roll is not None:
        raise RuleRefused("VIII", "A roll is already in progress", "roll_already_in_progress")
    action = check_action(cmd.action)
    one_actor(cmd.hero, cmd.miniature, "The roller")
    attack = action in ATTACKS
    declared = list(cmd.declare)
    for name in declared:
        if name not in DECLARABLE:
            raise RuleRefused("X", f"{name!r} is not declared: declare {', '.join(DECLARABLE)}",
                              "not_declarable", skills=", ".join(DECLARABLE))
    if len(set(declared)) != len(declared):
        raise RuleRefused("X", "A skill is declared once", "skill_declared_twice")
    if attack:
        if cmd.difficulty is not None:
            raise RuleRefused("V·C", "An attack has no difficulty: the defense opposes it",
                              "attack_has_no_difficulty")
        if cmd.item is not None:
            raise RuleRefused("V·C·3 [a] viii", "Only a complex action's success can bring an item",
                              "item_only_from_complex_action")
    else:
        if cmd.target_hero is not None or cmd.target_miniature is not None:
            raise RuleRefused("V·C·3 [a]", "A complex action has no target: it has a difficulty",
                              "complex_action_no_target")
        if cmd.difficulty is None and cmd.friend_hero is None and cmd.friend_miniature is None:
            raise RuleRefused("V·C·3 [a]", "A complex action needs its difficulty level",
                              "complex_action_needs_difficulty")
        if cmd.difficulty is not None:
            check_entry(cmd.difficulty, "The difficulty", "V·C·3 [a]")
        if cmd.defender_in_same_area or cmd.sacrifice_hero or cmd.sacrifice_miniature:
            raise RuleRefused("V·C·3 [a]", "A complex action has no defender", "complex_action_no_defender")
    for tokens, what in ((cmd.shackle_tokens, "Shackle tokens"), (cmd.snoot_tokens, "Snoot tokens"),
                         (cmd.smoke_tokens, "Smoke grenade tokens")):
        check_entry(tokens, what, "IX·F")
    if cmd.smoke_tokens and action != "ranged":
        raise RuleRefused("X·Smoke grenade", "Smoke grenade tokens count only against a ranged attack",
                          "smoke_grenade_ranged_only")
    events = []
    shackle = "Shackle" in declared
    if cmd.hero is not None:
        hero = acting_hero(table, cmd.hero)
        actor = Party(hero.id, hero.name, "heroes", hero=hero)
        if cmd.characteristic:
            raise RuleRefused("V·C", "A hero's characteristic is the one printed on the action space",
                              "hero_characteristic_printed")
        if shackle and action != "melee":
            raise RuleRefused("X·Shackle", "Shackle is declared for a melee attack", "shackle_melee_only")
        placed = hb.unused_on(hero, action)  # C4: the cubes already on the space count first
        pushed, pushing = _push_limits(table, actor, action, declared, cmd.cubes + placed)
        events += pushing
        plan = hero_plan(hero, action, cmd.cubes + placed + pushed, weapon=cmd.weapon, elevation=cmd.elevation,
                         no_weapon=shackle, second_weapon=cmd.second_weapon)
        if pushed:
            plan.notes.append(f"Pushing limits: {plural(pushed, 'cube')} of the wound zone count as spent")
        target = check_target(table, actor, cmd.target_hero, cmd.target_miniature) if attack else None
        if cmd.item is not None:
            hb.check_can_carry(hero, cmd.item)
        thrown = _thrown(hero, action, cmd)
        if cmd.cubes:
            events.append(Event("spend", hb.spend(hero, action, cmd.cubes), CUBE_RULE[action],
                                 {"hero": hero.id, "space": action, "cubes": cmd.cubes}))
        hb.spend_for_action(hero, action, 0)  # the placed cubes are this action's now
        for item in plan.used_items:
            if item.single_use:
                where = hero.equipment if item in hero.equipment else hero.gadgets
                where.remove(item)
                events.append(Event("item", f"{item.name} is removed from the game after its bonus",
                                     "V·D 5", {"hero": hero.id, "item": item.name}))
    else:
        if cmd.cubes:
            raise RuleRefused("VI·D", "A character spends no energy cube on its actions",
                              "character_action_costs_no_cube")
        if cmd.weapon is not None or cmd.item is not None or cmd.second_weapon is not None or cmd.throw:
            raise RuleRefused("V·D", "Only the heroes can use item cards", "character_uses_no_item")
        if "Pushing limits" in declared:
            raise RuleRefused("X·Pushing limits", "Pushing limits moves a hero's energy cubes to their wound zone: "
                                                  "a character spends no energy cube on its actions",
                              "pushing_limits_heroes_only")
        post, tile, mini, record = use_character_action(table, cmd.miniature, action, cmd.characteristic)
        actor = party(table, None, mini.id)
        if shackle and (action != "melee"):
            raise RuleRefused("X·Shackle", "Shackle is declared for a melee attack", "shackle_melee_only")
        plan = character_plan(tile, mini, action, cmd.characteristic, elevation=cmd.elevation)
        target = check_target(table, actor, cmd.target_hero, cmd.target_miniature) if attack else None
        multiplier = getattr(tile.profile(mini), action)[cmd.characteristic].multiplier
        what = f"{action} attack" if attack else f"complex {action}"
        events.append(Event("action", f"{actor.name}: {what} {record.uses} of {multiplier}", "VI·C·5",
                             {"miniature": mini.id, "uses": record.uses, "multiplier": multiplier}))
    levels = plan.skills
    friend = friend_die(table, actor, levels)
    if friend:
        plan.bonus += friend
        plan.notes.append("Imaginary friend: +1 yellow")
    difficulty, friend_of = _against_friend(table, actor, action, cmd)
    if cmd.mission_rule is not None:
        mission_rules.check_action(table, actor.post.side if actor.post is not None else "heroes", cmd.mission_rule,
                                   action, difficulty)
    kind = KIND[action]
    hindering, hindering_text = hindering_of(action, levels, cmd.hindering, cmd.enemy_menace, cmd.ally_menace)
    notes = list(plan.notes)
    if hindering_text:
        notes.append(hindering_text)
    automatic = plan.automatic
    for name in declared:
        if name == "Pushing limits":
            continue
        have = level(levels, name)
        if not have:
            raise lacks(actor, name)
        if name == "Sneak attack":
            if cmd.enemy_menace is None or cmd.ally_menace is None:
                raise RuleRefused("X·Sneak attack", "Sneak attack compares the menace of the allies and "
                                                    "enemies in the area: give both", "sneak_attack_needs_menace")
            gained = sk.sneak_attack(have, action_kind=kind, is_attacker=True,
                                     defender_in_same_area=cmd.defender_in_same_area,
                                     ally_menace_total=sum(cmd.ally_menace), enemy_menace_total=sum(cmd.enemy_menace))
            if not gained:
                raise RuleRefused("X·Sneak attack", "Sneak attack needs an attack on a defender in the same "
                                                    "area, with the allies' total menace equal to or higher "
                                                    "than the enemies'", "sneak_attack_requirements")
            automatic += gained
            notes.append(f"Sneak attack {have}: +{have} automatic")
        elif name == "Shackle":
            notes.append(f"Shackle {have}: no weapon bonus; wounds become {have} shackle tokens")
        else:
            gained = sk.flagged_skill_successes(name, have, action_kind=kind, skill_flagged=True)
            if not gained:
                which = "thought" if name in ("Hacking", "Investigation") else "manipulation"
                raise RuleRefused(f"X·{name}", f"{name} counts on a complex {which} whose description "
                                               f"names it, not on this {action}",
                                  "skill_not_named_by_action", skill=name, action=action)
            automatic += gained
            notes.append(f"{name} {have}: +{have} automatic")
    conditional, source = martial_arts_or_marksman(levels, action)
    penalty = (sk.shackle_penalty(cmd.shackle_tokens, action_kind=kind)
               + sk.snoot_penalty(cmd.snoot_tokens, action_kind=kind)
               + sk.smoke_grenade_penalty(cmd.smoke_tokens, action_kind=kind))
    if cmd.hero is not None and thrown is not None:
        penalty += thrown.encumbrance
        notes.append(f"throwing {thrown.name}: − {thrown.encumbrance} (its encumbrance); difficulty = the distance")
    sacrifice = 0
    if cmd.sacrifice_hero is not None or cmd.sacrifice_miniature is not None:
        if not attack:
            raise RuleRefused("X·Sacrifice", "Sacrifice takes successes from an attack", "sacrifice_attack_only")
        one_actor(cmd.sacrifice_hero, cmd.sacrifice_miniature, "Sacrifice")
        possessor = party(table, cmd.sacrifice_hero, cmd.sacrifice_miniature)
        sacrifice = level(skill_levels(possessor), "Sacrifice")
        if not sacrifice:
            raise lacks(possessor, "Sacrifice")
        ok = sk.sacrifice(sacrifice, 1, possessor_is_attacker_or_defender=possessor.id in (actor.id, target.id),
                          same_area_as_defender=cmd.sacrifice_same_area,
                          defender_is_ally=possessor.side == target.side, declared=True).possessor_wounds
        if not ok:
            raise RuleRefused("X·Sacrifice", "Sacrifice needs a possessor who is neither the attacker nor the "
                                             "defender, in the same area as the defender, an ally of theirs",
                              "sacrifice_requirements")
        notes.append(f"{possessor.name} declares Sacrifice {sacrifice}")
    pool = plan.pool
    table.dice.rolls += 1
    roll = DiceRoll(
        id=table.dice.rolls, action=action, step="roll", actor=actor.name, hero=cmd.hero,
        miniature=actor.id if cmd.miniature is not None else None,
        target_hero=cmd.target_hero, target_miniature=cmd.target_miniature,
        defender=target.name if target else "", cubes=plan.cubes if cmd.hero else 0,
        characteristic=cmd.characteristic, weapon=plan.weapon, bonuses=notes, difficulty=difficulty,
        hindering=hindering, automatic=automatic, conditional_automatic=conditional, conditional_source=source,
        penalty=penalty, defender_in_same_area=cmd.defender_in_same_area, skills=levels, declared=declared,
        shackle=level(levels, "Shackle") if shackle else 0, sacrifice_hero=cmd.sacrifice_hero,
        sacrifice_miniature=cmd.sacrifice_miniature, sacrifice=sacrifice,
        poison=max(level(levels, "Poison"), level(levels, "Electricity")) if attack else 0,
        harmless=attack and actor.trait == "harmless", item=cmd.item, thrown=cmd.throw,
        mission_rule=cmd.mission_rule,
        pool=PoolState(dice_types=[d.label for d in pool.dice]), second_weapon=plan.second_weapon,
        pushed=pushed if cmd.hero is not None else 0, friend_of=friend_of,
        chain_targets=[target.id] if target else [])
    table.dice.roll = roll
    against = f" against {target.name}" if target else f", difficulty {difficulty}"
    events.append(Event("roll_started", f"{actor.name}: {describe_action(roll)}{against}, pool "
                                         f"{pool.describe()} ({'; '.join(notes)})", POOL_RULE[action],
                         {"roll": roll.id, "action": action, "pool": roll.pool.dice_types, "bonuses": notes,
                          "automatic": automatic, "hindering": hindering, "actor": actor.name}))
    return events


def start_free(table, cmd: StartFreeRoll) -> list:
    if table.dice.roll is not None:
        raise RuleRefused("VIII", "A roll is already in progress", "roll_already_in_progress")
    if cmd.cause not in FREE_CAUSES:
        raise RuleRefused("IX·Q", f"A free roll is for a fall, dangerous terrain or gas, not {cmd.cause!r}",
                          "unknown_free_roll")
    rule = CAUSE_RULE[cmd.cause]
    level_ = check_entry(cmd.level, "The level", rule, maximum=MAX_POOL)
    if level_ < 1:
        raise RuleRefused(rule, "The level is at least 1", "level_at_least_one")
    one_actor(cmd.hero, cmd.miniature, "The roller")
    roller = party(table, cmd.hero, cmd.miniature)
    if roller.hero is not None and roller.hero.neutralized:
        raise RuleRefused("IX·B", f"{roller.name} is neutralized", "hero_neutralized", hero=roller.name)
    if roller.mini is not None and roller.mini.place != "board":
        raise RuleRefused("IX·B", f"{roller.name} is not on the board",
                          "miniature_not_on_board", miniature=roller.name)
    pool = Pool.build((DiceType("yellow"),), level_)
    table.dice.rolls += 1
    roll = DiceRoll(id=table.dice.rolls, action=cmd.cause, step="roll", actor=roller.name, hero=cmd.hero,
                    miniature=roller.id if cmd.miniature is not None else None,
                    skills=skill_levels(roller), bonuses=[f"level {level_}: {pool.describe()}"],
                    pool=PoolState(dice_types=[d.label for d in pool.dice]))
    table.dice.roll = roll
    return [Event("roll_started", f"{roller.name}: {CAUSE_TEXT[cmd.cause]} of level {level_}, "
                                   f"{pool.describe()}; wounds = successes", rule,
                   {"roll": roll.id, "action": cmd.cause, "pool": roll.pool.dice_types, "actor": roller.name})]


def abandon(table, cmd: AbandonRoll) -> list:
    roll = current(table)
    roll.outcome = "abandoned"
    finish(table, roll, "abandoned")
    return [Event("roll_abandoned", f"{roll.actor}'s {describe_action(roll)} is abandoned; what was spent "
                                     f"stays spent", "VIII", {"roll": roll.id})]
