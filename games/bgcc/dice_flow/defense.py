"""Successes, defense and wounds (V·C·3 [a] vii, VII, IX·F, X): the action's successes counted, a
complex action against its difficulty, the defender's pool, the wounds through the one wound code."""
from __future__ import annotations

from .. import command_post as cp
from .. import hero_board as hb
from .. import mission_rules
from .. import skills as sk
from ..dice import MAX_POOL, Pool
from ..errors import RuleRefused
from games.events import Event, plural
from ..actors import one_actor
from ..wounds import wound_target
from .commands import Defend, EndRerolls
from .follow_ups import offer_follow_ups
from .parties import lacks, level, life_left, party, skill_levels
from .pools import Plan, apply_line, dice_of
from .state import (ATTACKS, CAUSE_RULE, CAUSE_TEXT, FREE_CAUSES, KIND, STEP_TEXT, DiceRoll, PoolState, check_entry,
                    current, finish)

def end_rerolls(table, cmd: EndRerolls) -> list:
    roll = current(table)
    if roll.step == "rerolls":
        return _count_action(table, roll)
    if roll.step == "defense_rerolls":
        return _count_defense(table, roll)
    raise RuleRefused("VIII·F", f"No rerolls to end now ({STEP_TEXT[roll.step]})",
                      "no_rerolls_to_end", step=roll.step)


def _count_action(table, roll: DiceRoll) -> list:
    shown = roll.pool.shown
    if roll.action in FREE_CAUSES:
        return _free_wounds(table, roll, shown)
    kind = KIND[roll.action]
    net = sk.successes(shown, roll.automatic, roll.hindering, kind,
                       conditional_automatic=roll.conditional_automatic, penalty=roll.penalty)
    parts = [f"{shown} shown"]
    if roll.automatic:
        parts.append(f"+ {roll.automatic} automatic")
    if roll.conditional_automatic:
        parts.append(f"+ {roll.conditional_automatic} ({roll.conditional_source})" if shown
                     else f"+ 0 ({roll.conditional_source} needs at least one success)")
    if sk.hindering_applies(kind):
        parts.append(f"− {roll.hindering} hindering")
    elif roll.hindering:
        parts.append("(melee is never hindered)")
    if roll.penalty:
        parts.append(f"− {roll.penalty} ({'encumbrance, tokens' if roll.thrown else 'tokens'})")
    events = [Event("successes", f"{roll.actor}: {' '.join(parts)} = {plural(net, 'success')}",
                     "IX·F", {"roll": roll.id, "shown": shown, "automatic": roll.automatic,
                              "conditional": roll.conditional_automatic if shown else 0,
                              "hindering": roll.hindering if sk.hindering_applies(kind) else 0,
                              "penalty": roll.penalty, "successes": net})]
    if roll.action not in ATTACKS:
        ok = sk.complex_action_succeeds(net, roll.difficulty)
        roll.successes, roll.success = net, ok
        events.append(Event("complex_action", f"{roll.actor}: complex {roll.action}, {net} against difficulty "
                                               f"{roll.difficulty}: {'success' if ok else 'failure'}",
                             "V·C·3 [a] vii", {"roll": roll.id, "successes": net, "difficulty": roll.difficulty,
                                               "success": ok}))
        if ok and roll.item is not None and roll.hero is not None:
            hero = table.hero(roll.hero)
            hb.check_can_carry(hero, roll.item)
            hero.equipment.append(roll.item)
            events.append(Event("item", f"{hero.name} carries {roll.item.name}: encumbrance {hero.encumbrance}",
                                 "V·C·3 [a] viii", {"hero": hero.id, "item": roll.item.name,
                                                    "encumbrance": hero.encumbrance}))
        if roll.thrown is not None and roll.hero is not None:
            hero = table.hero(roll.hero)
            item = hb.find_item(hero, roll.thrown)
            _, where = hb.throw(table, hero, item, net, roll.difficulty)
            events.append(Event("throw", f"{hero.name} throws {item.name}: it lands {where}; encumbrance "
                                          f"{hero.encumbrance}", "V·D·1 [e]",
                                 {"hero": hero.id, "item": item.name, "successes": net, "difficulty": roll.difficulty,
                                  "reached": ok, "encumbrance": hero.encumbrance}))
        if roll.mission_rule is not None:
            side = "heroes" if roll.hero is not None else table.find_miniature(roll.miniature)[0].side
            events += mission_rules.action_done(table, side, roll.mission_rule, ok)
        if ok and roll.friend_of is not None and roll.friend_of not in table.dice.friends_gone:
            table.dice.friends_gone.append(roll.friend_of)
            events.append(Event("imaginary_friend", f"{roll.actor} neutralizes the imaginary friend: its possessor "
                                                     f"no longer gains its yellow die", "X·Imaginary friend",
                                 {"roll": roll.id, "possessor": roll.friend_of}))
        roll.outcome = f"{net} against difficulty {roll.difficulty}: {'success' if ok else 'failure'}"
        finish(table, roll)
        return events
    if roll.sacrifice:
        possessor = party(table, roll.sacrifice_hero, roll.sacrifice_miniature)
        on_board = possessor.mini is None or possessor.mini.place == "board"
        result = sk.sacrifice(roll.sacrifice, net, possessor_is_attacker_or_defender=False,
                              same_area_as_defender=True, defender_is_ally=True, declared=on_board)
        if result.possessor_wounds:
            net = result.attack_successes
            events.append(Event("sacrifice", f"{possessor.name} takes {plural(result.possessor_wounds, 'success')} "
                                              f"from the attack (Sacrifice {roll.sacrifice}): {net} left",
                                 "X·Sacrifice", {"roll": roll.id, "taken": result.possessor_wounds,
                                                 "successes": net}))
            events += wound_target(table, result.possessor_wounds, roll.sacrifice_hero,
                                              roll.sacrifice_miniature, "X·Sacrifice")
    roll.successes = net
    roll.step = "defense"
    return events


def defend(table, cmd: Defend) -> list:
    roll = current(table)
    if roll.step != "defense":
        raise RuleRefused("VII", f"The defense comes after the attack's successes ({STEP_TEXT[roll.step]})",
                          "defense_after_attack_successes", step=roll.step)
    defender = party(table, roll.target_hero, roll.target_miniature)
    attacker = party(table, roll.hero, roll.miniature)
    cubes = check_entry(cmd.cubes, "Defense cubes", "VII·B", maximum=MAX_POOL)
    for tokens, what in ((cmd.shackle_tokens, "Shackle tokens"), (cmd.snoot_tokens, "Snoot tokens")):
        check_entry(tokens, what, "IX·F")
    kind = KIND[roll.action]
    events, notes, bonus, automatic, applied = [], [], [], 0, []
    if defender.hero is not None:
        hero = defender.hero
        space = hero.board.spaces["defense"].characteristic
        characteristic = tuple(dice_of(space.dice)) if space.kind == "dice" else ()
        if space.kind == "cannot" and cubes:
            raise RuleRefused("IX·E", f"{hero.name} cannot defend with cubes",
                              "cannot_defend_with_cubes", defender=hero.name)
        pool = sk.defense_pool(cubes, characteristic, None, defense_space_room=hb.room_on(hero, "defense"))
        if hero.board.automatic_defense.die is not None:
            die = dice_of([hero.board.automatic_defense.die])
            bonus += die
            notes.append(f"automatic defense die: {Pool(tuple(die)).describe()}")
        if hero.board.automatic_defense.successes:
            automatic += hero.board.automatic_defense.successes
            notes.append(f"automatic defense: +{hero.board.automatic_defense.successes}")
        used = []
        for item in hb.carried(hero):
            if hb.can_benefit(hero, item):
                for line in [b for b in item.bonuses if b.when == "defense"][:1]:
                    plan = Plan((), 0)
                    apply_line(plan, item, line)
                    bonus += plan.bonus
                    automatic += plan.automatic
                    notes += plan.notes
                    applied.append(line)
                    used.append(item)
        if cubes:
            events.append(Event("spend", hb.spend(hero, "defense", cubes), "VII·B",
                                 {"hero": hero.id, "space": "defense", "cubes": cubes}))
        for item in used:
            if item.single_use:
                (hero.equipment if item in hero.equipment else hero.gadgets).remove(item)
                events.append(Event("item", f"{item.name} is removed from the game after its bonus", "V·D 5",
                                     {"hero": hero.id, "item": item.name}))
        levels = skill_levels(defender, applied)
    else:
        post = defender.post
        space = post.space_defs["defense"].characteristic
        characteristic = tuple(dice_of(space.dice)) if space.kind == "dice" else ()
        if space.kind == "cannot" and cubes:
            raise RuleRefused("IX·E", f"{defender.name} cannot defend with cubes",
                              "cannot_defend_with_cubes", defender=defender.name)
        pool = sk.defense_pool(cubes, characteristic, None, defense_space_room=cp.room_on(post, "defense"))
        profile = defender.tile.profile(defender.mini)
        if profile.automatic_defense:
            automatic += profile.automatic_defense
            notes.append(f"automatic defense: +{profile.automatic_defense}")
        if cubes:
            events.append(Event("spend", cp.spend(post, "defense", cubes), "VII·B",
                                 {"side": post.side, "space": "defense", "cubes": cubes}))
        levels = skill_levels(defender)
    if cubes:
        notes.insert(0, f"{plural(cubes, 'cube')} × {Pool(characteristic).describe()}")
    impenetrable = sk.impenetrable_defense(level(levels, "Impenetrable defense"), attack_kind=kind)
    untouchable = sk.untouchable(level(levels, "Untouchable"), attack_kind=kind)
    for name, gained in (("Impenetrable defense", impenetrable), ("Untouchable", untouchable)):
        if gained:
            automatic += gained
            notes.append(f"{name} {gained}: +{gained} automatic")
    if cmd.body_guard_hero is not None or cmd.body_guard_miniature is not None:
        one_actor(cmd.body_guard_hero, cmd.body_guard_miniature, "Body guard")
        guard = party(table, cmd.body_guard_hero, cmd.body_guard_miniature)
        have = level(skill_levels(guard), "Body guard")
        if not have:
            raise lacks(guard, "Body guard")
        gained = sk.body_guard(have, possessor_is_attacker_or_defender=guard.id in (attacker.id, defender.id),
                               same_area_as_defender=cmd.body_guard_same_area,
                               defender_is_ally=guard.side == defender.side)
        if not gained:
            raise RuleRefused("X·Body guard", "Body guard needs a possessor who is neither the defender nor the "
                                              "attacker, in the same area as the defender, an ally of theirs",
                              "body_guard_requirements")
        automatic += gained
        notes.append(f"{guard.name}'s Body guard {have}: +{have} automatic")
    penalty = (sk.shackle_penalty(cmd.shackle_tokens, action_kind=sk.DEFENSE)
               + sk.snoot_penalty(cmd.snoot_tokens, action_kind=sk.DEFENSE))
    pool = pool.plus(bonus)
    roll.defense = PoolState(dice_types=[d.label for d in pool.dice])
    roll.defense_cubes, roll.defense_automatic, roll.defense_penalty = cubes, automatic, penalty
    roll.defense_bonuses = notes
    events.append(Event("defense_declared", f"{defender.name} defends: {pool.describe()}"
                                             + (f" ({'; '.join(notes)})" if notes else ""), "VII·C",
                         {"roll": roll.id, "pool": roll.defense.dice_types, "cubes": cubes, "automatic": automatic,
                          "bonuses": notes}))
    if len(pool) == 0:
        roll.defense.entry = "none"
        roll.defense.shown = 0
        return events + _wounds(table, roll, 0)
    roll.step = "defense_roll"
    return events


def _count_defense(table, roll: DiceRoll) -> list:
    return _wounds(table, roll, roll.defense.shown)


def _wounds(table, roll: DiceRoll, shown: int) -> list:
    """VII·G-H: defense successes, wounds = attack − defense (min 0), Poison first, Harmless,
    Shackle, then the engine's wound code."""
    defense = sk.defense_successes(shown, roll.defense_automatic, penalty=roll.defense_penalty)
    attack = roll.successes
    poison = sk.poison_wounds(roll.poison, attack, defense) if roll.poison else 0
    wounds = sk.wounds(attack, defense, poison=roll.poison, harmless=roll.harmless)
    roll.defense_successes = defense
    events = []
    detail = f"{shown} rolled + {roll.defense_automatic} automatic"
    if roll.defense_penalty:
        detail += f" − {roll.defense_penalty} (tokens)"
    extra = ""
    if poison and not roll.harmless:
        extra = f" ({poison} from Poison / Electricity first)"
    if roll.harmless:
        extra = " (Harmless: the attacker inflicts no wound)"
    events.append(Event("defense", f"{roll.actor} → {roll.defender}: {plural(attack, 'success')} against "
                                    f"{defense} defense ({detail}): {plural(wounds, 'wound')}{extra}", "VII·H",
                         {"roll": roll.id, "attack": attack, "defense": defense, "wounds": wounds,
                          "defense_cubes": roll.defense_cubes, "rolled": shown,
                          "automatic": roll.defense_automatic, "poison": 0 if roll.harmless else poison,
                          "attacker": roll.actor, "defender": roll.defender}))
    if roll.shackle:
        result = sk.shackle(roll.shackle, wounds, action_kind=sk.MELEE, declared=True)
        if result.tokens:
            events.append(Event("shackle", f"Shackle: the {plural(wounds, 'wound')} are ignored; "
                                            f"{result.tokens} shackle token{'s' if result.tokens != 1 else ''} "
                                            f"on {roll.defender}'s base", "X·Shackle",
                                 {"roll": roll.id, "tokens": result.tokens, "defender": roll.defender}))
        wounds = result.wounds
    roll.wounds = wounds
    target = party(table, roll.target_hero, roll.target_miniature)
    life = life_left(target)
    # Burst / Circular strike: "remaining successes ... are equal to the number of successes not
    # converted into wounds and/or not cancelled by defense". Reading: Poison's wounds come first
    # and convert no success; a success beyond the wounds the target could still suffer converts
    # into none.
    converted = min(max(0, attack - defense), max(0, life - min(poison, life))) if wounds else 0
    roll.remaining = sk.remaining_successes(attack, defense, converted)
    if wounds and (target.mini is None or target.mini.place == "board"):
        events += wound_target(table, wounds, roll.target_hero, roll.target_miniature, "IX·A")
    roll.outcome = f"{attack} against {defense} defense: {plural(wounds, 'wound')}"
    events += offer_follow_ups(table, roll)
    finish(table, roll)
    return events


def _free_wounds(table, roll: DiceRoll, shown: int) -> list:
    """A fall (V·C·5 [i]) or dangerous terrain (IX·Q): as many wounds as successes; Fly ignores
    fall wounds, Parkour ignores X, Gas immunity ignores gas wounds."""
    roller = party(table, roll.hero, roll.miniature)
    wounds, why = shown, ""
    if roll.action == "fall":
        if roller.trait == "fly":
            wounds, why = sk.fly_fall_wounds(shown), " (Fly: no fall wounds)"
        elif level(roll.skills, "Parkour"):
            wounds = sk.parkour_fall_wounds(level(roll.skills, "Parkour"), shown)
            why = f" (Parkour {level(roll.skills, 'Parkour')} ignores {shown - wounds})"
    if roll.action == "gas" and roller.trait == "gas immunity":
        wounds, why = sk.gas_immunity_wounds(shown, from_gas=True), " (Gas immunity)"
    roll.successes = shown
    roll.wounds = wounds
    events = [Event("successes", f"{roller.name}: {CAUSE_TEXT[roll.action]}, {plural(shown, 'success')}: "
                                  f"{plural(wounds, 'wound')}{why}", CAUSE_RULE[roll.action],
                     {"roll": roll.id, "successes": shown, "wounds": wounds, "roller": roller.name})]
    alive = roller.mini is None or roller.mini.place == "board"
    if wounds and alive:
        events += wound_target(table, wounds, roll.hero, roll.miniature, CAUSE_RULE[roll.action])
    roll.outcome = f"{plural(shown, 'success')}: {plural(wounds, 'wound')}"
    finish(table, roll)
    return events
