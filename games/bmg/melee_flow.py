"""A melee attack in four steps, each from the seat that decides it (MELEE ATTACK; EFFORT: "the
defender (target) must declare whether they are making an Effort first; then, the attacker may
declare", all ★ received before any die is rolled):

1. `declare_melee` (attacker's seat): weapon and the allocation of the Attacks dice and the
   Strength die among the enemies in contact, and each target's enemies in contact [R];
2. `defend` (each target's seat): its Effort, removing that many of the dice allocated to it;
3. `attack_effort` (attacker's seat): its Effort, adding dice to one target's share;
4. `roll_melee` (attacker's, a defender's seat or the host): the dice, entered or drawn; the
   Efforts are taken, then the attack resolves as `attacks.melee`.

`cancel_melee` abandons a declared attack before the roll (the Tactical action is not used).
The one-command `melee_attack` stays for a table that enters everything at once."""
from __future__ import annotations

from dataclasses import dataclass

from . import attacks
from .errors import RuleRefused
from games.events import Event
from .models import check_in_play
from .rounds import check_action, use_action
from .table import PendingMelee, Table

RULE = "MELEE ATTACK"


@dataclass(frozen=True)
class DeclareMelee:
    model: str
    weapon: str
    shares: tuple[attacks.MeleeShare, ...]  # target, dice (from Attacks), strength_die, enemies_in_contact
    extra: bool = False


@dataclass(frozen=True)
class Defend:
    """A target's Effort against the declared melee attack (0: none)."""
    model: str
    effort: int = 0


@dataclass(frozen=True)
class AttackEffort:
    """The attacker's Effort, its dice added to `target`'s share (default: the first)."""
    model: str
    effort: int = 0
    target: str | None = None


@dataclass(frozen=True)
class RollMelee:
    """The dice of the declared attack, per target (None: drawn from the rng)."""
    model: str
    rolls: tuple[attacks.MeleeShare, ...] = ()


@dataclass(frozen=True)
class CancelMelee:
    model: str


def pending(table: Table) -> PendingMelee | None:
    return table.round.melee


def declare_melee(table: Table, cmd: DeclareMelee, rng) -> list[Event]:
    attacker = table.model(cmd.model)
    check_action(table, attacker.id, "tactical", cmd.extra, "melee")
    weapon = attacker.card.weapon(cmd.weapon)
    if weapon.ranged:
        raise RuleRefused("ATTACK ACTIONS", f"{weapon.name} is a ranged weapon", "wrong_weapon_kind",
                          weapon=weapon.name, kind="ranged")
    attacks_skill = attacker.skill("attacks")
    if sum(s.dice for s in cmd.shares) != attacks_skill or any(s.dice < 0 for s in cmd.shares) or not cmd.shares:
        raise RuleRefused(RULE, f"{attacker.label} allocates its {attacks_skill} attack dice", "melee_allocation",
                          dice=attacks_skill, allocated=sum(s.dice for s in cmd.shares))
    if sum(1 for s in cmd.shares if s.strength_die) != 1:
        raise RuleRefused(RULE, "The Strength die goes to exactly one target", "strength_die_allocation")
    if len({s.target for s in cmd.shares}) != len(cmd.shares):
        raise RuleRefused(RULE, "Each target has one share of the dice", "target_repeated")
    defender_effort = {}
    for s in cmd.shares:
        target = table.model(s.target)
        check_in_play(target)
        if target.player == attacker.player:
            raise RuleRefused(RULE, f"{target.label} is not an enemy", "not_an_enemy", model=target.id)
        if s.enemies_in_contact < 1:
            raise RuleRefused("Melee Modifiers", "The target is in contact with its attacker at least",
                              "enemies_in_contact", model=target.id)
        defender_effort[target.id] = 0 if target.ko or target.max_effort == 0 else None
    table.round.melee = PendingMelee(attacker.id, weapon.name,
                                     [{"target": s.target, "dice": s.dice, "strength_die": s.strength_die,
                                       "enemies_in_contact": s.enemies_in_contact} for s in cmd.shares],
                                     cmd.extra, defender_effort)
    names = ", ".join(table.model(s.target).label for s in cmd.shares)
    return [Event("melee_declared", f"{attacker.label} attacks {names} in melee with {weapon.name}: the "
                  f"defender declares its Effort first", RULE,
                  {"model": attacker.id, "weapon": weapon.name, "targets": [s.target for s in cmd.shares]})]


def defend(table: Table, cmd: Defend, rng) -> list[Event]:
    p = table.round.melee
    if cmd.model not in p.defender_effort:
        raise RuleRefused(RULE, f"{table.model(cmd.model).label} is not a target of the attack", "not_a_target",
                          model=cmd.model)
    if p.defender_effort[cmd.model] is not None:
        raise RuleRefused("EFFORT", f"{table.model(cmd.model).label} already declared its Effort",
                          "effort_declared", model=cmd.model)
    target = table.model(cmd.model)
    share = next(s for s in p.shares if s["target"] == cmd.model)
    _check_effort(target, cmd.effort)
    if cmd.effort > share["dice"]:
        raise RuleRefused("EFFORT", f"{target.label}'s Effort removes at most the {share['dice']} dice allocated "
                          f"to it", "defender_effort_over_dice", model=target.id, dice=share["dice"])
    p.defender_effort[cmd.model] = cmd.effort
    return [Event("defend", f"{target.label} makes {cmd.effort} Effort against the attack", "EFFORT",
                  {"model": target.id, "effort": cmd.effort})]


def _check_effort(model, effort: int) -> None:
    from .models import make_effort
    import copy
    make_effort(copy.deepcopy(model), effort)  # the same refusals, nothing taken yet


def attack_effort(table: Table, cmd: AttackEffort, rng) -> list[Event]:
    p = table.round.melee
    if cmd.model != p.attacker:
        raise RuleRefused(RULE, f"{table.model(p.attacker).label} is the attacker", "not_the_attacker",
                          model=p.attacker)
    target = cmd.target or p.shares[0]["target"]
    if target not in p.defender_effort:
        raise RuleRefused(RULE, f"{target} is not a target of the attack", "not_a_target", model=target)
    _check_effort(table.model(cmd.model), cmd.effort)
    p.attacker_effort, p.effort_target = cmd.effort, target
    return [Event("attack_effort", f"{table.model(cmd.model).label} makes {cmd.effort} Effort", "EFFORT",
                  {"model": cmd.model, "effort": cmd.effort, "target": target})]


def shares_of(p: PendingMelee, rolls=()) -> list[attacks.MeleeShare]:
    by_target = {r.target: r for r in rolls}
    out = []
    for s in p.shares:
        r = by_target.get(s["target"])
        dice = s["dice"] + (p.attacker_effort or 0 if s["target"] == p.effort_target else 0)
        out.append(attacks.MeleeShare(s["target"], dice, s["strength_die"], p.defender_effort[s["target"]] or 0,
                                      s["enemies_in_contact"],
                                      r.attack_values if r else None, r.strength_value if r else None,
                                      r.defense_values if r else None, r.critical if r else None))
    return out


def roll_melee(table: Table, cmd: RollMelee, rng) -> list[Event]:
    from .engine import attack_events
    p = table.round.melee
    if cmd.model != p.attacker:
        raise RuleRefused(RULE, f"{table.model(p.attacker).label} is the attacker", "not_the_attacker",
                          model=p.attacker)
    unknown = {r.target for r in cmd.rolls} - set(p.defender_effort)
    if unknown:
        raise RuleRefused(RULE, f"{sorted(unknown)[0]} is not a target of the attack", "not_a_target",
                          model=sorted(unknown)[0])
    attacker = table.model(p.attacker)
    shares = shares_of(p, cmd.rolls)
    targets = {s.target: table.model(s.target) for s in shares}
    reports = attacks.melee(attacker, p.weapon, shares, targets, p.attacker_effort, rng)
    table.round.melee = None
    use_action(table, attacker.id, "tactical", p.extra, "melee")
    events = [Event("melee", f"{attacker.label} attacks in melee with {p.weapon}"
                    + (f" (Effort {p.attacker_effort})" if p.attacker_effort else ""), RULE,
                    {"model": attacker.id, "weapon": p.weapon, "effort": p.attacker_effort,
                     "defender_effort": dict(p.defender_effort)})]
    return events + attack_events(table, "melee", attacker.id, p.weapon, p.attacker_effort or 0, reports, RULE)


def cancel_melee(table: Table, cmd: CancelMelee, rng) -> list[Event]:
    p = table.round.melee
    if cmd.model != p.attacker:
        raise RuleRefused(RULE, f"{table.model(p.attacker).label} is the attacker", "not_the_attacker",
                          model=p.attacker)
    table.round.melee = None
    return [Event("melee_cancelled", f"{table.model(cmd.model).label}'s melee attack is called off before the roll",
                  RULE, {"model": cmd.model})]
