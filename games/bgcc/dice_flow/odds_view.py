"""The odds view (VII, VIII·B, IX·F): the exact distribution of a pool's successes before
committing, against a defense the wounds', and for a hero a table by cube count. No state change."""
from __future__ import annotations

from .. import hero_board as hb
from .. import odds as od
from .. import skills as sk
from ..actors import one_actor
from ..dice import MAX_POOL, DiceType, FaceTable, Pool
from ..errors import RuleRefused
from .parties import Party, friend_die, level, party, skill_levels
from .pools import (character_plan, check_action, dice_of, face_table, hero_plan, hindering_of,
                    martial_arts_or_marksman)
from .state import ATTACKS, KIND, check_entry

def _defense_distribution(table, faces: FaceTable, defender: Party, cubes: int, kind: str):
    if defender.hero is not None:
        hero = defender.hero
        space = hero.board.spaces["defense"].characteristic
        bonus = dice_of([hero.board.automatic_defense.die]) if hero.board.automatic_defense.die else []
        automatic = hero.board.automatic_defense.successes
        for item in hb.carried(hero):
            if hb.can_benefit(hero, item):
                for line in [b for b in item.bonuses if b.when == "defense"][:1]:
                    bonus += dice_of(line.dice)
                    automatic += line.automatic_successes
    else:
        space = defender.post.space_defs["defense"].characteristic
        bonus = []
        automatic = defender.tile.profile(defender.mini).automatic_defense
    characteristic = tuple(dice_of(space.dice)) if space.kind == "dice" else ()
    pool = sk.defense_pool(cubes, characteristic, None).plus(bonus)
    levels = skill_levels(defender)
    automatic += sk.impenetrable_defense(level(levels, "Impenetrable defense"), attack_kind=kind)
    automatic += sk.untouchable(level(levels, "Untouchable"), attack_kind=kind)
    return pool, automatic, od.defense_distribution(pool, faces, automatic=automatic)


def _floats(dist) -> list[float]:
    return [round(p, 12) for p in dist.as_floats()]


def odds(table, *, pool: list[DiceType] | None = None, hero: str | None = None, miniature: str | None = None,
         action: str | None = None, cubes: int = 1, characteristic: int = 0, weapon: str | None = None,
         second_weapon: str | None = None, elevation: bool = False, automatic: int = 0,
         conditional_automatic: int = 0, hindering: int | None = None,
         enemy_menace: list[int] | None = None, ally_menace: list[int] | None = None, penalty: int = 0, difficulty: int | None = None,
         defense_pool: list[DiceType] | None = None, defense_automatic: int = 0, target_hero: str | None = None,
         target_miniature: str | None = None, defense_cubes: int = 0, poison: int = 0, harmless: bool = False) -> dict:
    """The exact odds of a pool before committing (VII, VIII·B, IX·F): the successes'
    distribution (free rerolls taken as `odds` assumes), P(≥ difficulty), against a defense the
    wounds' distribution, and for a hero's action a table by cube count."""
    faces = face_table(table.dice)
    rows = None
    conditional = check_entry(conditional_automatic, "Automatic successes", "IX·F")
    automatic = check_entry(automatic, "Automatic successes", "IX·F")
    penalty = check_entry(penalty, "Deducted successes", "IX·F")
    if difficulty is not None:
        difficulty = check_entry(difficulty, "The difficulty", "V·C·3 [a]")
    kind = None
    plan = None
    actor = None
    if pool is not None:
        if hero is not None or miniature is not None:
            raise RuleRefused("IX·D", "Give a pool, or a hero's or character's action, not both",
                              "odds_pool_or_action")
        dice_pool = Pool(tuple(pool))
        if action is not None:
            kind = KIND[check_action(action)]
    else:
        one_actor(hero, miniature, "The odds")
        action = check_action(action)
        kind = KIND[action]
        actor = party(table, hero, miniature)
        if actor.hero is not None:
            plan = hero_plan(actor.hero, action, cubes, weapon=weapon, elevation=elevation,
                             second_weapon=second_weapon)
        else:
            if second_weapon is not None:
                raise RuleRefused("V·D", "Only the heroes can use item cards", "character_uses_no_item")
            plan = character_plan(actor.tile, actor.mini, action, characteristic, elevation=elevation)
        friend = friend_die(table, actor, plan.skills)
        if friend:
            plan.bonus += friend
            plan.notes.append("Imaginary friend: +1 yellow")
        dice_pool = plan.pool
        automatic += plan.automatic
        conditional += martial_arts_or_marksman(plan.skills, action)[0]
        if action in ATTACKS:
            poison = max(poison, level(plan.skills, "Poison"), level(plan.skills, "Electricity"))
            harmless = harmless or actor.trait == "harmless"
    # the hindering index as StartRoll counts it (IX·N): given, or enemy − ally menace, the actor's
    # Nerves of steel ignoring some enemy menace (a bare pool has no actor, so no skill: any action
    # kind counts the same)
    levels = skill_levels(actor) if actor is not None else {}
    hindering, _ = hindering_of(action or ATTACKS[0], levels, hindering, enemy_menace, ally_menace)
    if kind is not None and not sk.hindering_applies(kind):
        hindering = 0
    dist = od.successes_distribution(dice_pool, faces, automatic=automatic, conditional_automatic=conditional,
                                     hindering=hindering, penalty=penalty)
    out = {
        "faces_status": faces.status,
        "pool": [d.label for d in dice_pool.dice],
        "describe": dice_pool.describe(),
        "bonuses": plan.notes if plan else [],
        "automatic": automatic,
        "conditional_automatic": conditional,
        "hindering": hindering,
        "penalty": penalty,
        "successes": _floats(dist),
        "mean": float(dist.mean()),
        "difficulty": difficulty,
        "p_at_least": float(od.probability_at_least(dist, difficulty)) if difficulty is not None else None,
        "defense": None,
        "wounds": None,
        "expected_wounds": None,
        "p_neutralize": None,
        "cubes": None,
    }
    defense = None
    target_life = None
    if target_hero is not None or target_miniature is not None:
        if defense_pool is not None:
            raise RuleRefused("VII", "Give the defender or the defense pool, not both", "odds_defender_or_pool")
        one_actor(target_hero, target_miniature, "The defender")
        defender = party(table, target_hero, target_miniature)
        cubes_ = check_entry(defense_cubes, "Defense cubes", "VII·B", maximum=MAX_POOL)
        d_pool, d_auto, defense = _defense_distribution(table, faces, defender, cubes_, kind or sk.MELEE)
        target_life = (defender.hero.board.energy - defender.hero.wound if defender.hero is not None
                       else defender.mini.life_points)
        out["defense"] = {"pool": [d.label for d in d_pool.dice], "automatic": d_auto, "successes": _floats(defense),
                          "mean": float(defense.mean()), "defender": defender.name}
    elif defense_pool is not None:
        d_pool = Pool(tuple(defense_pool))
        d_auto = check_entry(defense_automatic, "Automatic defense successes", "VII·G")
        defense = od.defense_distribution(d_pool, faces, automatic=d_auto)
        out["defense"] = {"pool": [d.label for d in d_pool.dice], "automatic": d_auto, "successes": _floats(defense),
                          "mean": float(defense.mean()), "defender": None}
    if defense is not None:
        poison = check_entry(poison, "The Poison level", "X·Poison")
        wounds = od.wounds_distribution(dist, defense, poison=poison, harmless=harmless)
        out["wounds"] = _floats(wounds)
        out["expected_wounds"] = float(wounds.mean())
        out["p_neutralize"] = float(wounds.at_least(target_life)) if target_life else None
    if plan is not None and actor.hero is not None:
        room = min(hb.room_on(actor.hero, action), actor.hero.reserve)
        table_rows = od.cube_table(plan.characteristic, room, bonus=tuple(plan.bonus), faces=faces,
                                   difficulty=difficulty, defense=defense, automatic=automatic,
                                   conditional_automatic=conditional, hindering=hindering, penalty=penalty,
                                   poison=poison if defense is not None else 0,
                                   target_life=target_life if defense is not None and target_life else None)
        rows = [{"cubes": r.cubes, "dice": r.dice, "pool": [d.label for d in r.pool.dice],
                 "expected_successes": r.expected_successes, "p_at_least": r.p_at_least,
                 "expected_wounds": r.expected_wounds, "p_neutralize": r.p_neutralize} for r in table_rows]
        out["cubes"] = rows
    return out
