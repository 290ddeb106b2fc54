"""Follow-ups (X, IX·G): the free actions a skill offers once an attack's wounds are applied —
Circular strike and Burst (deferred attacks with the remaining successes), Combo, Counterattack,
Retaliation — and taking one at once as a new roll that spends no cube."""
from __future__ import annotations

from .. import hero_board as hb
from .. import skills as sk
from ..actors import one_actor
from ..dice import DiceType, Pool
from ..errors import RuleRefused
from games.events import Event, plural
from .commands import StartFollowUp
from .parties import Party, berserk_dice, down, friend_die, level, party, skill_levels, unusable
from .pools import dice_of, hindering_of, martial_arts_or_marksman
from .state import (AT_THE_END, ATTACKS, CAN_TARGET, DEFERRED, FOLLOW_UP_ACTION, FOLLOW_UP_WHEN, FOLLOW_UPS,
                    FREE_TEXT, KIND, DiceRoll, FollowUp, PoolState, describe_action)

def _now(table) -> str:
    return f"{table.track.turn}:{table.track.step}"


def _ranged_weapon(p: Party) -> bool:
    """Retaliation: "a weapon that does not have the disposable restriction" (V·D 5: the item card
    removed from the game after its bonus). Reading: a character's ranged characteristic is its
    ranged weapon."""
    if p.hero is not None:
        return any(i.type == "ranged weapon" and hb.can_benefit(p.hero, i) and not i.single_use
                   for i in hb.carried(p.hero))
    return bool(p.tile.profile(p.mini).ranged)


def _follow_up_pool(roll: DiceRoll, p: Party, skill: str, have: int, levels: dict[str, int],
                    friend: list[DiceType]) -> tuple[Pool, list[str]]:
    """The pool of a Combo, a Counterattack or a Retaliation, and how it is made. Reading: Berserk
    (WHEN: "the Create the Dice Pool step of a melee attack") and the imaginary friend's die ("for
    each of their actions") are added as to any attack; no cube, weapon or elevation bonus."""
    if skill == "Combo":
        if p.hero is not None:
            space = p.hero.board.spaces["melee"].characteristic
            characteristic = tuple(dice_of(space.dice)) if space.kind == "dice" else ()
        else:
            choices = p.tile.profile(p.mini).melee
            characteristic = tuple(dice_of(choices[min(roll.characteristic, len(choices) - 1)].dice)) if choices else ()
        pool = sk.combo_pool(have, characteristic)
        notes = [f"Combo {have}: {have} × {Pool(characteristic).describe()}, no cube, no weapon bonus"]
    elif skill == "Counterattack":
        pool = sk.counterattack_pool(have)
        notes = [f"Counterattack {have}: {have} yellow, no cube, no weapon bonus"]
    else:
        pool = sk.retaliation_pool(have)
        notes = [f"Retaliation {have}: {have} yellow, no cube, no weapon or elevation bonus"]
    if FOLLOW_UP_ACTION[skill] == "melee":
        white = berserk_dice(p, levels)
        if white:
            pool = pool.plus(white)
            notes.append(f"Berserk {level(levels, 'Berserk')}: +{len(white)} white")
    if friend:
        pool = pool.plus(friend)
        notes.append("Imaginary friend: +1 yellow")
    return pool, notes


def _offer_text(o: FollowUp) -> str:
    what = f"a free {o.action} attack"
    if o.skill in DEFERRED:
        return (f"{o.name} may make a deferred {o.action} attack ({o.skill} {o.level}), a free action, on another "
                f"miniature with the {plural(o.successes, 'remaining success')}")
    dice = Pool.of(*o.pool).describe() if o.pool else "no dice"
    if o.skill == "Combo":
        return f"{o.name} may make a combo (Combo {o.level}): {what} with {dice} on another miniature"
    verb = "counterattack" if o.skill == "Counterattack" else "retaliate against"
    return f"{o.name} may {verb} {o.target} ({o.skill} {o.level}): {what} with {dice}"


def _check_follow_up(table, roll: DiceRoll, skill: str) -> FollowUp:
    """What `skill` offers after the attack `roll` (its wounds applied), or the requirement that
    does not hold, as a refusal naming the skill."""
    rule = f"X·{skill}"
    needed = FOLLOW_UP_ACTION[skill]
    if roll.action not in ATTACKS or roll.wounds is None:
        raise RuleRefused(rule, f"{skill} follows a {needed} attack once its wounds are applied, not a "
                                f"{describe_action(roll)}",
                          "follow_up_after_attack_wounds", skill=skill, action=needed)
    if roll.action != needed:
        raise RuleRefused(rule, f"{skill} — WHEN: {FOLLOW_UP_WHEN[skill]}; this was a {roll.action} attack",
                          "follow_up_wrong_attack", skill=skill, action=roll.action)
    attacker = party(table, roll.hero, roll.miniature)
    target = party(table, roll.target_hero, roll.target_miniature)
    if skill in ("Counterattack", "Retaliation"):
        possessor, levels = target, skill_levels(target)
    else:
        possessor, levels = attacker, ({} if down(attacker) else roll.skills)
    have = level(levels, skill)
    if not have:
        raise unusable(possessor, skill)
    free = roll.free_action
    neutralized = down(target)
    offer = FollowUp(skill=skill, level=have, action=needed, name=possessor.name, after=roll.id,
                     hero=possessor.hero.id if possessor.hero is not None else None,
                     miniature=possessor.mini.id if possessor.mini is not None else None, rule=rule)
    if skill in DEFERRED:
        if free and free not in DEFERRED:
            raise RuleRefused(rule, f'{skill} — "the attack is not a free action but can be a deferred attack": '
                                    f'this attack is a {FREE_TEXT[free]}',
                              "deferred_attack_after_free_action", skill=skill)
        if not neutralized:
            raise RuleRefused(rule, f'{skill} — "After having neutralized an enemy with a {needed} attack": '
                                    f'{target.name} is not neutralized',
                              "follow_up_target_not_neutralized", skill=skill, miniature=target.name)
        if not roll.remaining:
            raise RuleRefused(rule, f'{skill} — "there are remaining successes": every success was cancelled by '
                                    f'the defense or converted into wounds', "no_remaining_successes", skill=skill)
        if roll.deferred_done >= have:
            raise RuleRefused(rule, f'{skill} {have} — "[the possessor] has performed less than [X] deferred '
                                    f'attacks for this same initial attack": {roll.deferred_done} made',
                              "deferred_attacks_done", skill=skill, level=have, done=roll.deferred_done)
        check = sk.burst_offered if skill == "Burst" else sk.circular_strike_offered
        offered = check(have, attack_kind=KIND[needed], is_attacker=True, target_neutralized=True,
                        attack_is_free_action=bool(free), attack_is_deferred=free in DEFERRED,
                        remaining=roll.remaining, deferred_attacks_done=roll.deferred_done)
        offer.successes = roll.remaining
    elif skill == "Combo":
        if free:
            raise RuleRefused(rule, f'Combo — "the attack in progress is not a free action": this attack is a '
                                    f'{FREE_TEXT[free]}', "combo_after_free_action")
        if not neutralized:
            raise RuleRefused(rule, f'Combo — "the target of the initial attack is neutralized": {target.name} '
                                    f'is not',
                              "follow_up_target_not_neutralized", skill="Combo", miniature=target.name)
        offered = sk.combo_offered(is_attacker=True, target_neutralized=True, attack_is_free_action=False)
    else:
        if free == skill:
            raise RuleRefused(rule, f'{skill} — "the initial {needed} attack is not already a {FREE_TEXT[skill]}"',
                              "follow_up_on_follow_up", skill=skill)
        if down(attacker):
            raise RuleRefused(rule, f"{CAN_TARGET[skill]}: {attacker.name} is neutralized",
                              "follow_up_attacker_neutralized", skill=skill, attacker=attacker.name)
        weapon = _ranged_weapon(possessor) if skill == "Retaliation" else True
        if not weapon:
            raise RuleRefused(rule, f"{CAN_TARGET[skill]}: {possessor.name} has none",
                              "retaliation_needs_weapon", skill=skill, miniature=possessor.name)
        offered = (sk.counterattack_offered(is_target=True, attack_kind=sk.MELEE, initial_is_counterattack=False,
                                            can_target_attacker=True) if skill == "Counterattack"
                   else sk.retaliation_offered(is_target=True, attack_kind=sk.RANGED, initial_is_retaliation=False,
                                               has_non_disposable_ranged_weapon=True, can_target_attacker=True))
        offer.target_hero, offer.target_miniature, offer.target = roll.hero, roll.miniature, attacker.name
    if not offered:
        raise RuleRefused(rule, f"{skill}: its requirements do not hold", "follow_up_requirements", skill=skill)
    if skill not in DEFERRED:
        pool, _ = _follow_up_pool(roll, possessor, skill, have, levels, friend_die(table, possessor, levels))
        offer.pool = [d.label for d in pool.dice]
    offer.text = _offer_text(offer)
    return offer


def offer_follow_ups(table, roll: DiceRoll) -> list:
    """When an attack's wounds are applied: what the skills offer now, plus what an earlier attack
    of the chain offered for its End the Attack step (a Combo after the deferred attacks)."""
    offers = []
    for skill in FOLLOW_UPS:
        try:
            offers.append(_check_follow_up(table, roll, skill))
        except RuleRefused:
            continue
    for o in roll.pending:
        possessor = party(table, o.hero, o.miniature)
        if o.skill not in [x.skill for x in offers] and level(skill_levels(possessor), o.skill):
            offers.append(o)
    roll.follow_ups = offers
    roll.offered_at = _now(table)
    return [Event("follow_up_offered", o.text, o.rule,
                   {"roll": roll.id, "skill": o.skill, "level": o.level, "hero": o.hero, "miniature": o.miniature,
                    "action": o.action, "pool": o.pool, "successes": o.successes, "target_hero": o.target_hero,
                    "target_miniature": o.target_miniature}) for o in offers]


def follow_ups_now(table) -> list[FollowUp]:
    """The follow-ups that may be taken now: those of the attack that has just ended, while no
    other roll has started and the game is still in the same turn and step ("immediately")."""
    state = table.dice
    last = state.last
    if state.roll is not None or last is None or last.step != "done" or table.track.over:
        return []
    return list(last.follow_ups) if last.offered_at == _now(table) else []


def follow_up_possessor(table, skill: str) -> tuple[str | None, str | None] | None:
    """Who may take `skill` now (hero, miniature), or None when it is not offered."""
    offer = next((o for o in follow_ups_now(table) if o.skill == skill), None)
    return None if offer is None else (offer.hero, offer.miniature)


def earlier_targets(last: DiceRoll, skill: str) -> list[str]:
    """The miniatures `skill` may no longer target: the targets of this chain of deferred attacks
    (Burst, Circular strike), or the initial attack's target (Combo...)."""
    return last.chain_targets if skill in DEFERRED else last.chain_targets[:1]


def _follow_up_target(table, last: DiceRoll, offer: FollowUp, possessor: Party, cmd: StartFollowUp) -> Party:
    rule = offer.rule
    skill = offer.skill
    given = cmd.target_hero is not None or cmd.target_miniature is not None
    if skill in ("Counterattack", "Retaliation"):
        if given and (cmd.target_hero, cmd.target_miniature) != (offer.target_hero, offer.target_miniature):
            raise RuleRefused(rule, f'{skill} — "during the Declare the Target step, [the possessor] targets the '
                                    f'initial attacker": {offer.target}',
                              "follow_up_targets_attacker", skill=skill, attacker=offer.target)
        target = party(table, offer.target_hero, offer.target_miniature)
    else:
        if not given:
            raise RuleRefused(rule, f"{skill}: name the other miniature it targets",
                              "follow_up_needs_target", skill=skill)
        one_actor(cmd.target_hero, cmd.target_miniature, "Target")
        target = party(table, cmd.target_hero, cmd.target_miniature)
        if target.id in earlier_targets(last, skill):
            raise RuleRefused(rule, f"{skill} targets another miniature: {target.name} was already a target of "
                                    f"this attack", "follow_up_target_already", skill=skill, miniature=target.name)
    if possessor.hero is not None and target.hero is not None:
        raise RuleRefused("V·C·1 [b]", "A hero attacks characters, not another hero", "hero_attacks_hero")
    if down(target):
        raise RuleRefused("V·C·1 [b]", f"{target.name} is neutralized", "target_neutralized", miniature=target.name)
    if target.side == possessor.side:
        raise RuleRefused("IX·M", f"{target.name} is an ally of {possessor.name}",
                          "target_is_ally", miniature=target.name, attacker=possessor.name)
    return target


def start_follow_up(table, cmd: StartFollowUp) -> list:
    if table.dice.roll is not None:
        raise RuleRefused("VIII", "A roll is already in progress", "roll_already_in_progress")
    skill = cmd.skill
    if skill not in FOLLOW_UPS:
        raise RuleRefused("X", f"A follow-up is {', '.join(FOLLOW_UPS)}, not {skill!r}", "unknown_follow_up")
    rule = f"X·{skill}"
    action = FOLLOW_UP_ACTION[skill]
    last = table.dice.last
    if last is None or last.step != "done" or last.action not in ATTACKS:
        raise RuleRefused(rule, f"{skill} follows a {action} attack ({FOLLOW_UP_WHEN[skill]}): no attack has "
                                f"just ended", "follow_up_no_attack_ended", skill=skill)
    if last.offered_at != _now(table):
        raise RuleRefused(rule, f"{skill} is taken immediately ({FOLLOW_UP_WHEN[skill]}): the game has moved on "
                                f"since that attack", "follow_up_too_late", skill=skill)
    offer = next((o for o in last.follow_ups if o.skill == skill), None)
    if offer is None or offer.after == last.id:
        offer = _check_follow_up(table, last, skill)  # refuses with the requirement that does not hold
    possessor = party(table, offer.hero, offer.miniature)
    levels = last.skills if skill in DEFERRED else skill_levels(possessor)
    have = level(levels, skill)
    if not have:
        raise unusable(possessor, skill)
    target = _follow_up_target(table, last, offer, possessor, cmd)
    if not cmd.can_target:
        raise RuleRefused(rule, CAN_TARGET[skill], "follow_up_cannot_target", skill=skill)
    deferred = skill in DEFERRED
    if deferred and (cmd.hindering or cmd.enemy_menace is not None or cmd.ally_menace is not None):
        raise RuleRefused(rule, f"{skill}: a deferred attack's successes are the remaining successes, no "
                                f"hindering is counted", "deferred_attack_no_hindering", skill=skill)
    if deferred:
        hindering, hindering_text = 0, ""
    else:
        hindering, hindering_text = hindering_of(action, levels, cmd.hindering, cmd.enemy_menace, cmd.ally_menace)
    conditional, source = (0, "") if deferred else martial_arts_or_marksman(levels, action)
    if deferred:
        pool = Pool(())
        notes = [f"{skill} {have}: a deferred attack with the {plural(offer.successes, 'remaining success')}"]
    else:
        pool, notes = _follow_up_pool(last, possessor, skill, have, levels, friend_die(table, possessor, levels))
    if hindering_text:
        notes.append(hindering_text)
    pending = []
    if deferred:  # the End the Attack step of the initial attack comes after its deferred attacks
        pending = [o for o in last.follow_ups if o.skill in AT_THE_END]
    table.dice.rolls += 1
    roll = DiceRoll(
        id=table.dice.rolls, action=action, step="defense" if deferred else "roll", actor=possessor.name,
        hero=offer.hero, miniature=offer.miniature,
        target_hero=target.hero.id if target.hero is not None else None,
        target_miniature=target.mini.id if target.mini is not None else None, defender=target.name,
        characteristic=last.characteristic if skill == "Combo" or deferred else 0, bonuses=notes,
        hindering=hindering, conditional_automatic=conditional, conditional_source=source,
        defender_in_same_area=cmd.defender_in_same_area, skills=levels,
        poison=max(level(levels, "Poison"), level(levels, "Electricity")), harmless=possessor.trait == "harmless",
        pool=PoolState(dice_types=[d.label for d in pool.dice]), free_action=skill,
        deferred_done=last.deferred_done + 1 if deferred else 0,
        chain_targets=[*last.chain_targets, target.id] if deferred else [*last.chain_targets[:1], target.id],
        pending=pending)
    if deferred:
        roll.successes = offer.successes
    table.dice.roll = roll
    if deferred:
        text = (f"{possessor.name}: {skill} {have}, a deferred {action} attack (a free action) against "
                f"{target.name} with the {plural(offer.successes, 'remaining success')}; the defender defends")
    else:
        text = (f"{possessor.name}: {FREE_TEXT[skill]} ({skill} {have}, a free action) against {target.name}, pool "
                f"{pool.describe()} ({'; '.join(notes)})")
    return [Event("roll_started", text, rule,
                   {"roll": roll.id, "action": action, "pool": roll.pool.dice_types, "bonuses": notes,
                    "automatic": 0, "hindering": hindering, "follow_up": skill,
                    "successes": roll.successes, "actor": possessor.name})]
