"""Exact odds before a roll, for a command about to be sent (the dice screen shows them before
the dice are entered or rolled): skill and recovery rolls, melee and ranged attacks, Take the
Lead; and a move's allowance (the Basic Move Distance after Impaired Movement). Probabilities are
Fractions (`as_data` turns them into floats for JSON)."""
from __future__ import annotations

from fractions import Fraction

from . import attacks, commands as c, dice as d, melee_flow as mf, odds
from .engine import move_allowance
from .errors import RuleRefused
from .registry import MAX_DICE
from .table import Table

LEAD_MOST = 6  # Take the Lead is counted over the subsets of tied players (2^players): the rulebook
# plays two crews ("you and your opponent"); 6 players count in ~20 ms of CPU (bench/previews.py).


def _affordable(dice: int) -> int:
    """A preview's CPU budget: a roll of more dice than a model can roll (a card's values beyond the
    printed ones) is refused before it is counted."""
    if dice > MAX_DICE:
        raise RuleRefused("DICE", f"No model rolls {dice} dice (at most {MAX_DICE}): no odds shown",
                          "preview_too_costly", dice=dice, most=MAX_DICE)
    return dice


def _attack_data(o: odds.AttackOdds, target: str, attack_dice: int, strength_die: bool, defense: int,
                 defense_dice: int) -> dict:
    return {"target": target, "attack_dice": attack_dice, "strength_die": strength_die, "defense": defense,
            "defense_dice": defense_dice, "hits": list(o.hits), "at_least_one": o.at_least(1),
            "critical": o.critical, "expected_hits": o.expected_hits}


def preview(table: Table, command) -> dict:
    """The odds of `command`'s roll, from the table as it is now."""
    if isinstance(command, c.SkillRollCommand):
        model = table.model(command.model)
        target = table.model(command.against) if command.against else model
        n = _affordable(d.skill_dice(model.card.special, model.ko, command.effort))
        value = target.skill(command.skill)
        return {"dice": n, "target": value, "opposed": bool(command.against),
                "pass": odds.skill_pass(n, value, bool(command.against))}
    if isinstance(command, c.RecoveryRoll):
        model = table.model(command.model)
        n = _affordable(d.skill_dice(model.card.special, ko=True))
        return {"dice": n, "target": model.card.endurance, "pass": odds.skill_pass(n, model.card.endurance)}
    if isinstance(command, (c.MeleeAttack, mf.RollMelee, mf.DeclareMelee)):
        p = mf.pending(table)
        if isinstance(command, c.MeleeAttack):
            attacker, weapon_name, shares = table.model(command.model), command.weapon, command.shares
        elif isinstance(command, mf.DeclareMelee):
            attacker, weapon_name, shares = table.model(command.model), command.weapon, command.shares
        elif p is None:
            raise RuleRefused("MELEE ATTACK", "No melee attack is declared", "no_melee_declared")
        else:
            attacker, weapon_name, shares = table.model(p.attacker), p.weapon, mf.shares_of(p)
        weapon = attacker.card.weapon(weapon_name)
        out = []
        for s in shares:
            target = table.model(s.target)
            defense = attacks.outnumbered_defense(target.skill("defense"), s.enemies_in_contact)
            n = _affordable(max(0, s.dice - s.defender_effort))
            defense_dice = _affordable(0 if target.ko else defense)
            o = odds.attack(n, defense, s.strength_die, attacker.skill("strength"), weapon.heavy, defense_dice,
                            attacker.skill("attacks"))
            out.append(_attack_data(o, target.id, n, s.strength_die, defense, defense_dice))
        return {"targets": out}
    if isinstance(command, c.RangedAttack):
        attacker = table.model(command.model)
        weapon = attacker.card.weapon(command.weapon)
        target = table.model(command.target)
        moved = (table.round.activation.moved if table.round.activation else False) if command.moved is None \
            else command.moved
        removals = attacks.ranged_removals(moved, command.beyond_range, command.cover, command.firing_blind,
                                           command.dodge, table.round.heavy_rain is True)
        n, with_strength = attacks.ranged_pool(weapon, removals, command.strength_die_removed)
        _affordable(n)
        defense = target.skill("defense")
        o = odds.attack(n, defense, with_strength, weapon.strength or attacker.skill("strength"), weapon.heavy)
        return {"removals": removals, "targets": [_attack_data(o, target.id, n, with_strength, defense, 0)]}
    if isinstance(command, c.Move):  # no roll: the allowance the move is checked against (MOVEMENT ACTION)
        model = table.model(command.model)
        sources, bmd = move_allowance(model, command)
        return {"bmd": bmd, "movement": model.skill("movement"), "impaired": sources}
    if isinstance(command, c.RollLead):
        losers = table.round.last_roll_losers
        tie_to = losers[0] if len(losers) == 1 else None
        if len(table.players) > LEAD_MOST:
            raise RuleRefused("TAKE THE LEAD", f"The odds of Take the Lead are shown for up to {LEAD_MOST} players",
                              "preview_too_costly", players=len(table.players), most=LEAD_MOST)
        return {"win": odds.lead({p.id: p.lead_bonus for p in table.players.values()}, tie_to)}
    raise RuleRefused("DICE", f"No roll to preview for {type(command).__name__}", "no_preview",
                      command=type(command).__name__)


def as_data(value):
    """Fractions → floats, recursively (for JSON)."""
    if isinstance(value, Fraction):
        return float(value)
    if isinstance(value, dict):
        return {k: as_data(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [as_data(v) for v in value]
    return value
