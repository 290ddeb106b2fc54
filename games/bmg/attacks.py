"""TACTICAL ACTIONS › ATTACK ACTIONS (p.28–34): melee, the Defense roll, ranged attacks and their
modifiers, the Strength die, critical hits and damage.

The table decides what needs a tape measure or eyes (contact, enemies in contact, LoS, Cover,
range bands) and enters it; the companion does the arithmetic and the markers."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from games import entered_dice

from . import dice as d
from .cards import Damage, Weapon
from .errors import RuleRefused
from .models import DamageResult, Model, check_in_play, knock_down, make_effort, take_hits

KNOCKED_DOWN = "Knocked Down"


# ---------------------------------------------------------------- pure arithmetic


def outnumbered_defense(defense: int, enemies_in_contact: int) -> int:
    """Outnumbered: −1 Defense per enemy in contact after the first (never below 1, the basic
    skill floor), and as many fewer defense dice."""
    return max(1, defense - max(0, enemies_in_contact - 1))


def strength_hit(natural: int, strength: int, heavy: bool = False) -> bool:
    """STRENGTH DICE: a hit when it equals or beats the Strength (Heavy +1 to the roll); a natural 6
    is a Critical Hit, and a hit."""
    d.check_die(natural)
    return natural == 6 or natural + (1 if heavy else 0) >= strength


def ranged_removals(moved: bool = False, beyond_range: bool = False, cover: bool = False,
                    firing_blind: bool = False, dodge: int = 0, heavy_rain: bool = False, other: int = 0) -> int:
    """Ranged Attack Modifiers, in dice removed: moved before attacking −2, out of effective range
    −1, Cover −1, Firing Blind −2, Dodge-type traits as entered, Heavy Rain −1."""
    return 2 * moved + beyond_range + cover + 2 * firing_blind + dodge + heavy_rain + other


def ranged_pool(weapon: Weapon, removals: int, strength_die_removed: bool = False) -> tuple[int, bool]:
    """(attack dice, Strength die) after removals: for a ranged attack the Strength die is always
    removed first, then attack dice. An attack that by default rolls only the Strength die and
    loses it rolls one attack die instead (STRENGTH DICE example: Sawed-off Shotgun against
    Bat-Armor MkI in Cover ⇒ 1 attack die, no Strength die). `strength_die_removed`: a rule
    removed the Strength die itself (e.g. Bat-Armor MkI)."""
    attack = 0 if weapon.strength_only else (weapon.rof or 0)
    strength = not strength_die_removed
    left = removals
    if strength and left > 0:
        strength, left = False, left - 1
    attack = max(0, attack - left)
    if weapon.strength_only and not strength:
        attack = 1
    return attack, strength


# ---------------------------------------------------------------- reports


@dataclass
class TargetReport:
    target: str
    attack_values: tuple[int, ...] = ()
    strength_value: int | None = None
    defense_values: tuple[int, ...] = ()
    defense: int = 0  # the Defense an attack die had to reach
    hits: int = 0  # attack-die hits
    blocks: int = 0
    strength_hit: bool = False
    critical: bool = False
    critical_effect: str | None = None
    standing: int = 0  # hits that inflict damage
    markers: list[DamageResult] = field(default_factory=list)
    # what the odds of these dice need (dice luck, `luck.py`): whose dice, the Strength an unmodified
    # Strength die had to reach, Heavy, and what a defense die had to reach (the attacker's Attacks)
    attacker_player: str = ""
    target_player: str = ""
    strength: int = 0
    heavy: bool = False
    block_at: int = 0

    def odds_data(self) -> dict:
        return {"attacker_player": self.attacker_player, "target_player": self.target_player,
                "strength": self.strength, "heavy": self.heavy, "block_at": self.block_at}

    @property
    def stun(self) -> int:
        return sum(m.stun for m in self.markers)

    @property
    def injury(self) -> int:
        return sum(m.injury for m in self.markers)


def _apply_damage(report: TargetReport, target: Model, damage: Damage, critical_choice: str | None,
                  weapon: Weapon) -> None:
    report.markers = take_hits(target, report.standing, damage)
    if report.critical and not target.casualty:
        choice = critical_choice or KNOCKED_DOWN
        allowed = (KNOCKED_DOWN,) + ((weapon.critical,) if weapon.critical else ())
        if choice not in allowed:
            raise RuleRefused("Critical Hits", f"A critical with {weapon.name} applies one of "
                              f"{' or '.join(allowed)}", "critical_choice", weapon=weapon.name, effect=choice)
        report.critical_effect = choice
        if choice == KNOCKED_DOWN:
            knock_down(target)
        elif choice not in target.statuses:
            target.statuses.append(choice)


def _attacker_weapon(attacker: Model, weapon_name: str, ranged: bool) -> Weapon:
    weapon = attacker.card.weapon(weapon_name)
    if weapon.ranged != ranged:
        kind = "ranged" if weapon.ranged else "melee"
        raise RuleRefused("ATTACK ACTIONS", f"{weapon.name} is a {kind} weapon", "wrong_weapon_kind",
                          weapon=weapon.name, kind=kind)
    return weapon


def _check_attacker(attacker: Model) -> None:
    check_in_play(attacker)
    if attacker.ko:
        raise RuleRefused("KNOCKED OUT", f"{attacker.label} is KO and cannot act", "ko_cannot_act",
                          model=attacker.id)


# ---------------------------------------------------------------- melee


@dataclass(frozen=True)
class MeleeShare:
    """One target's share of a melee attack, decided before rolling: attack dice allocated (from
    the Attacks dice and the attacker's Effort dice), whether the Strength die goes to it, the
    target's Effort (removing that many of its dice), the enemies it is in contact with [R], and
    the dice rolled for it (or None to draw from the rng)."""
    target: str
    dice: int
    strength_die: bool = False
    defender_effort: int = 0
    enemies_in_contact: int = 1
    attack_values: tuple[int, ...] | None = entered_dice(default=None)
    strength_value: int | None = entered_dice(default=None)
    defense_values: tuple[int, ...] | None = entered_dice(default=None)
    critical: str | None = None


def melee(attacker: Model, weapon_name: str, shares: Sequence[MeleeShare], targets: dict[str, Model],
          attacker_effort: int = 0, rng=None) -> list[TargetReport]:
    """MELEE ATTACK, THE DEFENSE ROLL, EFFORT: Efforts are declared (defenders first) and taken
    before any die is rolled; each attack die ≥ the target's Defense hits (rule of 1 and 6); each
    defense die ≥ the attacker's Attacks cancels one attack-die hit; the Strength die's hit cannot
    be blocked. The Strength die is not an attack die for Effort."""
    _check_attacker(attacker)
    weapon = _attacker_weapon(attacker, weapon_name, ranged=False)
    if not shares:
        raise RuleRefused("MELEE ATTACK", "A melee attack names at least one target", "no_target")
    attacks = attacker.skill("attacks")
    pool = attacks + attacker_effort
    if sum(s.dice for s in shares) != pool or any(s.dice < 0 for s in shares):
        raise RuleRefused("MELEE ATTACK", f"{attacker.label} allocates {pool} attack dice ({attacks} Attacks "
                          f"+ {attacker_effort} Effort)", "melee_allocation", dice=pool,
                          allocated=sum(s.dice for s in shares))
    if sum(1 for s in shares if s.strength_die) != 1:
        raise RuleRefused("MELEE ATTACK", "The Strength die goes to exactly one target", "strength_die_allocation")
    if len({s.target for s in shares}) != len(shares):
        raise RuleRefused("MELEE ATTACK", "Each target has one share of the dice", "target_repeated")
    for s in shares:
        if s.target not in targets:
            raise RuleRefused("MELEE ATTACK", f"No model {s.target}", "no_such_model", model=s.target)
        target = targets[s.target]
        check_in_play(target)
        if target.player == attacker.player:
            raise RuleRefused("MELEE ATTACK", f"{target.label} is not an enemy", "not_an_enemy", model=target.id)
        if s.defender_effort and target.ko:
            raise RuleRefused("KNOCKED OUT", f"{target.label} is KO and cannot defend", "ko_no_defense",
                              model=target.id)
        if s.defender_effort > s.dice:
            raise RuleRefused("EFFORT", f"{target.label}'s Effort removes at most the {s.dice} dice allocated "
                              f"to it", "defender_effort_over_dice", model=target.id, dice=s.dice)
        if s.enemies_in_contact < 1:
            raise RuleRefused("Melee Modifiers", "The target is in contact with its attacker at least",
                              "enemies_in_contact", model=target.id)
    # EFFORT: the defenders declare first, then the attacker; all ★ taken before rolling
    for s in shares:
        make_effort(targets[s.target], s.defender_effort)
    make_effort(attacker, attacker_effort)
    reports = []
    for s in shares:
        target = targets[s.target]
        report = TargetReport(s.target, attacker_player=attacker.player, target_player=target.player,
                              strength=attacker.skill("strength"), heavy=weapon.heavy, block_at=attacks)
        n = s.dice - s.defender_effort
        # THE FIRST STEPS › Dice: a share's dice are read on real dice or rolled by the app, never
        # both: once one of its dice is entered, the others are entered too (none drawn to fill in)
        share_rng = None if _entered(s) else rng
        report.attack_values = d.roll(n, s.attack_values, share_rng)
        report.defense = outnumbered_defense(target.skill("defense"), s.enemies_in_contact)
        report.hits = sum(1 for v in report.attack_values if d.attack_die_hits(v, report.defense))
        if s.strength_die:
            (report.strength_value,) = d.roll(1, None if s.strength_value is None else (s.strength_value,), share_rng)
            report.strength_hit = strength_hit(report.strength_value, attacker.skill("strength"), weapon.heavy)
            report.critical = report.strength_value == 6
        report.defense_values = _defense_roll(report, s, target, share_rng)
        report.blocks = min(report.hits, sum(1 for v in report.defense_values if v >= attacks))
        report.standing = report.hits - report.blocks + report.strength_hit
        _apply_damage(report, target, weapon.damage, s.critical, weapon)
        reports.append(report)
    return reports


def _defense_roll(report: TargetReport, share: MeleeShare, target: Model, rng) -> tuple[int, ...]:
    """THE DEFENSE ROLL: the target rolls as many dice as its Defense when an attack die hits it (a KO
    model rolls none); dice entered without a hit are checked and change nothing. Entered attack
    dice that hit need the defense dice entered too (refused, naming how many, until they are)."""
    defense_dice = 0 if target.ko else report.defense
    if report.hits and defense_dice:
        if share.defense_values is None and rng is None:
            raise RuleRefused("THE DEFENSE ROLL", f"{report.hits} attack {'die' if report.hits == 1 else 'dice'} "
                              f"hit {target.label}: enter the {defense_dice} defense dice rolled",
                              "defense_dice_missing", model=target.id, hits=report.hits, needed=defense_dice)
        return d.roll(defense_dice, share.defense_values, rng)
    if share.defense_values:
        return d.roll(defense_dice, share.defense_values, rng)
    return ()


def _entered(share: MeleeShare) -> bool:
    return any(v is not None for v in (share.attack_values, share.strength_value, share.defense_values))


def melee_dice(attacker: Model, attacker_effort: int = 0, defender_effort: int = 0) -> int:
    """Attack dice rolled against one target holding all the dice (EFFORT LIMIT figure: Batman 5
    Attacks, the Thug's 3 Effort, Batman's 2 ⇒ 4 attack dice and the Strength die)."""
    return attacker.skill("attacks") + attacker_effort - defender_effort


# ---------------------------------------------------------------- ranged


@dataclass(frozen=True)
class RangedModifiers:
    """What the table sees [R]: the moved-before-attacking flag is also known from the activation."""
    moved: bool = False
    beyond_range: bool = False
    cover: bool = False
    firing_blind: bool = False
    dodge: int = 0
    strength_die_removed: bool = False
    in_contact_with_enemy: bool = False


def ranged(attacker: Model, weapon_name: str, target: Model, mods: RangedModifiers, heavy_rain: bool = False,
           attack_values: Sequence[int] | None = None, strength_value: int | None = None,
           critical: str | None = None, rng=None) -> TargetReport:
    """RANGED ATTACK: LoS [R], at least 1 Ammo, no contact with a non-KO enemy [R, entered]; RoF
    attack dice + the Strength die (the weapon's Strength, else the model's), after removals;
    one magazine per attack. No Defense roll (it is melee only) and no Effort."""
    _check_attacker(attacker)
    weapon = _attacker_weapon(attacker, weapon_name, ranged=True)
    check_in_play(target)
    if target.player == attacker.player:
        raise RuleRefused("RANGED ATTACK", f"{target.label} is not an enemy", "not_an_enemy", model=target.id)
    if mods.in_contact_with_enemy:
        raise RuleRefused("RANGED ATTACK", f"{attacker.label} is in contact with an enemy that is not KO",
                          "ranged_in_contact", model=attacker.id)
    left = attacker.magazines.get(weapon.name)
    if left is not None and left < 1:
        raise RuleRefused("RANGED ATTACK", f"{attacker.label}'s {weapon.name} has no Ammo left", "no_ammo",
                          model=attacker.id, weapon=weapon.name)
    removals = ranged_removals(mods.moved, mods.beyond_range, mods.cover, mods.firing_blind, mods.dodge, heavy_rain)
    n, with_strength = ranged_pool(weapon, removals, mods.strength_die_removed)
    if left is not None:
        attacker.magazines[weapon.name] = left - 1
    report = TargetReport(target.id, attacker_player=attacker.player, target_player=target.player,
                          strength=weapon.strength or attacker.skill("strength"), heavy=weapon.heavy)
    report.attack_values = d.roll(n, attack_values, rng)
    report.defense = target.skill("defense")
    report.hits = sum(1 for v in report.attack_values if d.attack_die_hits(v, report.defense))
    if with_strength:
        (report.strength_value,) = d.roll(1, None if strength_value is None else (strength_value,), rng)
        report.strength_hit = strength_hit(report.strength_value, weapon.strength or attacker.skill("strength"),
                                           weapon.heavy)
        report.critical = report.strength_value == 6
    elif strength_value is not None:
        raise RuleRefused("STRENGTH DICE", "The Strength die was removed from this attack", "no_strength_die")
    report.standing = report.hits + report.strength_hit
    _apply_damage(report, target, weapon.damage, critical, weapon)
    return report
