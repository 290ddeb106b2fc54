"""Successes, hindering, defense, wounds, and the arithmetic of skills (X) and traits (XI).

Conventions:

* `level` is the skill level [X]; 0 means the miniature does not have the skill.
* A skill function returns what the skill adds (successes, dice, rerolls, wounds...) and 0 (or
  False) when its REQUIREMENTS do not hold, so a caller can always add the result.
* "The use of a skill is always optional" (X): the caller decides whether to call it.
* No value is ever negative (IX·K).
* Interpretation notes are marked "Reading:" where the rulebook text is open.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from games.bgcc.dice import MAX_POOL, DiceType, Pool, check_count
from games.bgcc.errors import RuleRefused

MELEE = "melee"
RANGED = "ranged"
COMPLEX_MANIPULATION = "complex_manipulation"
COMPLEX_THOUGHT = "complex_thought"
DEFENSE = "defense"
ACTION_KINDS: tuple[str, ...] = (MELEE, RANGED, COMPLEX_MANIPULATION, COMPLEX_THOUGHT, DEFENSE)
ATTACKS: tuple[str, ...] = (MELEE, RANGED)
HINDERED: tuple[str, ...] = (RANGED, COMPLEX_MANIPULATION, COMPLEX_THOUGHT)
MAX_LEVEL = 20
MAX_INDEX = 99


def check_level(level: object, skill: str) -> int:
    """A skill level [X]: a whole number from 0 (no skill) to 20."""
    return check_count(level, f"The {skill} level", f"X·{skill}", maximum=MAX_LEVEL)


def check_action_kind(action_kind: object, rule: str = "V·C") -> str:
    if action_kind not in ACTION_KINDS:
        raise RuleRefused(
            rule,
            f"Unknown action {action_kind!r}: expected one of {', '.join(ACTION_KINDS)}",
            "unknown_action_kind",
        )
    return action_kind  # type: ignore[return-value]


def _n(value: object, what: str, rule: str) -> int:
    return check_count(value, what, rule, maximum=10 * MAX_INDEX)


def _flag(value: object, what: str) -> bool:
    if not isinstance(value, bool):
        raise RuleRefused("X", f"{what} must be yes or no, not {value!r}", "not_yes_or_no")
    return value


# --------------------------------------------------------------------------- successes


def net_successes(symbols: int, *, add: int = 0, add_if_success: int = 0, subtract: int = 0) -> int:
    """Symbols + automatic successes (+ those granted only if ≥1 success) − deductions, min 0.

    IX·F: "An automatic success is a success that is always added to the obtained result
    during the Calculate the Number of Successes step." IX·K: "Any result that would be
    negative is considered equal to zero."
    Reading: every addition and deduction is applied, then the total is floored once at 0;
    "at least one success" (Martial arts, Marksman) looks at the successes shown by the dice.
    """
    rule = "IX·F"
    symbols = _n(symbols, "The number of successes", rule)
    add = _n(add, "Automatic successes", rule)
    add_if_success = _n(add_if_success, "Automatic successes", rule)
    subtract = _n(subtract, "Deducted successes", rule)
    bonus = add + (add_if_success if symbols >= 1 else 0)
    return max(0, symbols + bonus - subtract)


def hindering_applies(action_kind: str) -> bool:
    """V·C·1 [h] "The melee attack action is not affected by hindering"; V·C·2 [h] ranged attack
    "is affected by hindering"; V·C·3 [a] vii complex manipulation (and complex thought) "is
    affected by hindering"; VII·G "Defense is never affected by hindering"."""
    return check_action_kind(action_kind) in HINDERED


def successes(
    symbols: int,
    automatic: int = 0,
    hindering: int = 0,
    action_kind: str = MELEE,
    *,
    conditional_automatic: int = 0,
    penalty: int = 0,
) -> int:
    """The number of successes of an action or a defense (V·C·1 [h], V·C·2 [h], V·C·3 [a] vii,
    VII·G).

    `hindering` (the hindering index of the action area) is subtracted only for ranged
    attacks, complex manipulations and complex thoughts; it is ignored for melee and defense.
    `penalty` gathers the other deductions
    (Shackle, Snoot and smoke grenade tokens, Sacrifice). `conditional_automatic` are
    automatic successes granted only with at least one success (Martial arts, Marksman).
    """
    kind = check_action_kind(action_kind)
    hindering = _n(hindering, "The hindering index", "IX·N")
    subtract = _n(penalty, "Deducted successes", "IX·F")
    if kind in HINDERED:
        subtract += hindering
    return net_successes(
        symbols, add=automatic, add_if_success=conditional_automatic, subtract=subtract
    )


def complex_action_succeeds(successes_: int, difficulty: int) -> bool:
    """V·C·3 [a] vii: "If the result is equal to or higher than the action's difficulty level,
    the hero succeeds"."""
    return _n(successes_, "The number of successes", "V·C·3") >= _n(
        difficulty, "The difficulty", "V·C·3"
    )


# --------------------------------------------------------------------------- hindering


def _total(values: Iterable[int], what: str, rule: str) -> int:
    if isinstance(values, (str, bytes)) or not hasattr(values, "__iter__"):
        raise RuleRefused(rule, f"{what} must be a list of indexes", "index_list")
    values = tuple(values)
    if len(values) > MAX_INDEX:
        raise RuleRefused(rule, f"An area cannot hold {len(values)} miniatures", "area_too_full", count=len(values))
    return sum(check_count(v, what, rule, maximum=MAX_INDEX) for v in values)


def hindering_index(
    enemy_menace: Iterable[int], ally_menace: Iterable[int], *, nerves_of_steel: int = 0
) -> int:
    """IX·L/N: for a ranged attack, complex manipulation or complex thought, "Total menace
    index of the enemy miniatures − Total menace index of allied miniatures" (minimum 0);
    "the miniature performing the action is not included in the calculation" (leave it out of
    both lists).

    Nerves of steel: "[the possessor] ignores [X] enemy miniature menace indexes".
    Reading: X points of enemy menace are ignored (the enemy total is lowered by X, min 0).
    """
    enemy = _total(enemy_menace, "An enemy menace index", "IX·N")
    ally = _total(ally_menace, "An ally menace index", "IX·N")
    ignored = check_level(nerves_of_steel, "Nerves of steel")
    return max(0, max(0, enemy - ignored) - ally)


def nerves_of_steel(level: int, *, action_kind: str) -> int:
    """Nerves of steel: "ignore [X] enemy menace indexes when performing ranged attacks,
    manipulations, or thoughts" (WHEN: during the calculation of the hindering index).
    Returns the enemy menace ignored: X for a hindered action, else 0."""
    level = check_level(level, "Nerves of steel")
    return level if hindering_applies(action_kind) else 0


# --------------------------------------------------------------------------- defense and wounds


def defense_pool(
    cubes: int,
    defense_characteristic: DiceType | Sequence[DiceType] | None,
    automatic_defense_die: DiceType | None = None,
    *,
    defense_space_room: int | None = None,
) -> Pool:
    """VII·C-D: "as many dice indicated by their defense characteristic as the number of energy
    cubes just spent", plus "the potential automatic defense die". Cubes may be 0; with
    `defense_space_room` given (cubes that fit before the exertion limit) more are refused."""
    cubes = check_count(cubes, "Defense cubes", "VII·B", maximum=MAX_POOL)
    if defense_space_room is not None:
        room = check_count(defense_space_room, "Room on the defense space", "IX·I", maximum=MAX_POOL)
        if cubes > room:
            raise RuleRefused(
                "IX·I",
                f"The defense space takes only {room} more cube{'s' if room != 1 else ''}, not {cubes}",
                "defense_space_room", room=room, cubes=cubes,
            )
    if defense_characteristic is None:
        characteristic: tuple[DiceType, ...] = ()
    elif isinstance(defense_characteristic, DiceType):
        characteristic = (defense_characteristic,)
    else:
        characteristic = tuple(defense_characteristic)
    if cubes and not characteristic:
        raise RuleRefused("IX·E", "This defense characteristic adds no dice: spend no cubes on it",
                          "defense_adds_no_dice")
    bonus = () if automatic_defense_die is None else (automatic_defense_die,)
    return Pool.build(characteristic, cubes, bonus)


def defense_successes(symbols: int, automatic: int = 0, *, penalty: int = 0) -> int:
    """VII·G: "The defender adds together the number of successes. Any automatic defense
    successes are added to this number. Defense is never affected by hindering."
    `penalty`: Shackle / Snoot tokens on the defender."""
    return successes(symbols, automatic, 0, DEFENSE, penalty=penalty)


def wounds(attack_successes: int, defense_successes_: int, *, poison: int = 0, harmless: bool = False) -> int:
    """VII·H: wounds = attacker's successes − defender's successes (IX·K: minimum 0).

    `poison` is the level of Poison / Electricity: X more wounds when the defense is lower than
    the attack. `harmless`: the Harmless trait reduces the wounds inflicted to 0."""
    attack = _n(attack_successes, "Attack successes", "VII·H")
    defense = _n(defense_successes_, "Defense successes", "VII·H")
    if _flag(harmless, "Harmless"):
        return harmless_wounds(max(0, attack - defense))
    return poison_wounds(poison, attack, defense) + max(0, attack - defense)


def remaining_successes(attack_successes: int, defense_successes_: int, wounds_converted: int) -> int:
    """Burst / Circular strike: "remaining successes ... are equal to the number of successes not
    converted into wounds and/or not cancelled by defense"."""
    attack = _n(attack_successes, "Attack successes", "X·Burst")
    defense = _n(defense_successes_, "Defense successes", "X·Burst")
    converted = _n(wounds_converted, "Wounds", "X·Burst")
    return max(0, attack - defense - converted)


def skill_usable(encumbrance_total: int, encumbrance_limit: int | None = None, *, neutralized: bool = False) -> bool:
    """V·D·1: "A hero can benefit from a skill only while their encumbrance total is lower than
    the encumbrance limit of the skill." X: "A neutralized miniature cannot use their skills."
    A skill printed without a limit has `encumbrance_limit=None`."""
    total = _n(encumbrance_total, "The encumbrance total", "V·D·1")
    if _flag(neutralized, "Neutralized"):
        return False
    if encumbrance_limit is None:
        return True
    return total < _n(encumbrance_limit, "The encumbrance limit", "V·D·1")


# --------------------------------------------------------------------------- attack skills


def sneak_attack(
    level: int,
    *,
    action_kind: str,
    is_attacker: bool,
    defender_in_same_area: bool,
    ally_menace_total: int,
    enemy_menace_total: int,
) -> int:
    """Sneak attack — REQUIREMENTS: "[the possessor] is the attacker", "the defender is in the
    same area as them", "the total menace indexes of the allies is equal to or higher than the
    total menace indexes of the enemies in the area of the attack"; EFFECT: [X] automatic
    successes. Reading: allies exclude the possessor (IX·M), enemies include the defender."""
    level = check_level(level, "Sneak attack")
    allies = _n(ally_menace_total, "The allies' menace", "X·Sneak attack")
    enemies = _n(enemy_menace_total, "The enemies' menace", "X·Sneak attack")
    ok = (
        check_action_kind(action_kind) in ATTACKS
        and _flag(is_attacker, "Attacker")
        and _flag(defender_in_same_area, "Same area")
        and allies >= enemies
    )
    return level if ok else 0


def berserk_white_dice(
    level: int,
    *,
    action_kind: str,
    is_attacker: bool = True,
    energy: int | None = None,
    wound_cubes: int | None = None,
    life_points: int | None = None,
    life_points_lost: int | None = None,
) -> int:
    """Berserk — WHEN: Create the Dice Pool step of a melee attack. REQUIREMENTS: "[the
    possessor] is the attacker"; "if [the possessor] is a hero, they must have at least half of
    their energy cubes (rounded up) in their wound zone"; "if [the possessor] is a character,
    they must have lost at least half of their life points (rounded up)". EFFECT: adds [X]
    white dice. Give `energy` and `wound_cubes` for a hero, `life_points` and
    `life_points_lost` for a character. Returns the number of white dice to add."""
    level = check_level(level, "Berserk")
    rule = "X·Berserk"
    hero = energy is not None or wound_cubes is not None
    character = life_points is not None or life_points_lost is not None
    if hero == character:
        raise RuleRefused(rule, "Berserk needs either a hero's energy and wounds or a character's life points",
                          "berserk_inputs")
    if hero:
        if energy is None or wound_cubes is None:
            raise RuleRefused(rule, "Berserk needs the hero's energy and the cubes in the wound zone",
                              "berserk_inputs")
        total, lost = _n(energy, "Energy", rule), _n(wound_cubes, "Wound cubes", rule)
    else:
        if life_points is None or life_points_lost is None:
            raise RuleRefused(rule, "Berserk needs the character's life points and those lost", "berserk_inputs")
        total, lost = _n(life_points, "Life points", rule), _n(life_points_lost, "Life points lost", rule)
    if lost > total:
        raise RuleRefused(rule, f"{lost} lost out of {total} is impossible",
                          "lost_over_total", lost=lost, total=total)
    half_rounded_up = (total + 1) // 2
    ok = check_action_kind(action_kind) == MELEE and _flag(is_attacker, "Attacker") and lost >= half_rounded_up
    return level if ok else 0


def poison_wounds(level: int, attack_successes: int, defense_successes_: int, *, is_attacker: bool = True) -> int:
    """Poison / Electricity — REQUIREMENTS: "[the possessor] is the attacker", "the defender has
    obtained a number of defense successes that is lower than the number of attack
    successes"; EFFECT: "immediately inflicts [X] wounds", then the usual wounds apply."""
    level = check_level(level, "Poison")
    attack = _n(attack_successes, "Attack successes", "X·Poison")
    defense = _n(defense_successes_, "Defense successes", "X·Poison")
    return level if _flag(is_attacker, "Attacker") and defense < attack else 0


# --------------------------------------------------------------------------- defense skills


def body_guard(
    level: int,
    *,
    possessor_is_attacker_or_defender: bool,
    same_area_as_defender: bool,
    defender_is_ally: bool,
    another_body_guard_used: bool = False,
) -> int:
    """Body guard — REQUIREMENTS: "[the possessor] is neither the defender nor the attacker",
    "is located in the same area as the defender", "the defender is an allied miniature", "no
    other miniature is using the bodyguard skill against this attack"; EFFECT: the defender
    adds [X] automatic successes to their defense."""
    level = check_level(level, "Body guard")
    ok = (
        not _flag(possessor_is_attacker_or_defender, "Attacker or defender")
        and _flag(same_area_as_defender, "Same area")
        and _flag(defender_is_ally, "Ally")
        and not _flag(another_body_guard_used, "Another body guard")
    )
    return level if ok else 0


def impenetrable_defense(level: int, *, attack_kind: str, is_target: bool = True) -> int:
    """Impenetrable defense — WHEN: "Calculate the Number of Successes step of a defense against
    a melee attack"; REQUIREMENT: "[the possessor] is the target of the attack"; EFFECT: [X]
    automatic defense successes."""
    level = check_level(level, "Impenetrable defense")
    ok = check_action_kind(attack_kind) == MELEE and _flag(is_target, "Target")
    return level if ok else 0


def untouchable(level: int, *, attack_kind: str, is_target: bool = True) -> int:
    """Untouchable — WHEN: "Calculate the Number of Successes step of a defense against a ranged
    attack"; REQUIREMENT: "[the possessor] is the target of the ranged attack"; EFFECT: [X]
    automatic defense successes."""
    level = check_level(level, "Untouchable")
    ok = check_action_kind(attack_kind) == RANGED and _flag(is_target, "Target")
    return level if ok else 0


# --------------------------------------------------------------------------- complex actions


_FLAGGED_SKILLS = {
    "Hacking": COMPLEX_THOUGHT,
    "Investigation": COMPLEX_THOUGHT,
    "Lock picking": COMPLEX_MANIPULATION,
    "Munitions specialist": COMPLEX_MANIPULATION,
}


def flagged_skill_successes(skill: str, level: int, *, action_kind: str, skill_flagged: bool) -> int:
    """Hacking / Investigation (complex thought), Lock picking / Munitions specialist (complex
    manipulation) — REQUIREMENTS: "[the possessor] performs the action", "in the description of
    the performed thought [manipulation], it is indicated that the skill is taken into
    account"; EFFECT: [X] automatic successes."""
    if skill not in _FLAGGED_SKILLS:
        raise RuleRefused("X", f"{skill!r} is not Hacking, Investigation, Lock picking or Munitions specialist",
                          "not_a_flagged_skill")
    level = check_level(level, skill)
    ok = check_action_kind(action_kind) == _FLAGGED_SKILLS[skill] and _flag(skill_flagged, "Flagged")
    return level if ok else 0


# --------------------------------------------------------------------------- reroll skills


def luck_rerolls(level: int, *, possessor_rerolls: bool = True) -> int:
    """Luck — REQUIREMENT: "[the possessor] performs the reroll"; EFFECT: "[X] rerolls from the
    previously rolled pool. The same die can be rerolled several times." (before free
    rerolls)."""
    level = check_level(level, "Luck")
    return level if _flag(possessor_rerolls, "Possessor rerolls") else 0


def support_rerolls(level: int, *, roller_is_ally: bool, same_area: bool) -> int:
    """Support — REQUIREMENTS: "the miniature performing the reroll is an allied to [the
    possessor]", "is located in the same area as [the possessor]"; EFFECT: [X] rerolls before
    any free reroll, the same die may be rerolled more than once."""
    level = check_level(level, "Support")
    ok = _flag(roller_is_ally, "Ally") and _flag(same_area, "Same area")
    return level if ok else 0


def point_blank_rerolls(level: int, *, action_kind: str, is_attacker: bool, defender_in_same_area: bool) -> int:
    """Point blank — WHEN: "the Rerolls step of a ranged attack"; REQUIREMENTS: "[the possessor]
    is the attacker", "the defender is located in the same area as [the possessor]"; EFFECT:
    [X] rerolls before any free reroll."""
    level = check_level(level, "Point blank")
    ok = (
        check_action_kind(action_kind) == RANGED
        and _flag(is_attacker, "Attacker")
        and _flag(defender_in_same_area, "Same area")
    )
    return level if ok else 0


def misfortune_rerolls(level: int, *, same_area: bool, roller_is_enemy: bool) -> int:
    """Misfortune — WHEN: "at the beginning of the Declare the Paid Rerolls step";
    REQUIREMENTS: "[the possessor] is located in the same area as the miniature rolling the
    dice", "is an enemy of the miniature rolling the dice"; EFFECT: forces [X] dice, chosen by
    the possessor, to be rerolled for free."""
    level = check_level(level, "Misfortune")
    ok = _flag(same_area, "Same area") and _flag(roller_is_enemy, "Enemy")
    return level if ok else 0


# --------------------------------------------------------------------------- deductions


@dataclass(frozen=True)
class SacrificeResult:
    """Attack successes left for the defender, and the wounds the possessor suffers."""

    attack_successes: int
    possessor_wounds: int


def sacrifice(
    level: int,
    attack_successes: int,
    *,
    possessor_is_attacker_or_defender: bool,
    same_area_as_defender: bool,
    defender_is_ally: bool,
    declared: bool,
) -> SacrificeResult:
    """Sacrifice — REQUIREMENTS: "[the possessor] is neither the attacker nor the defender", "is
    located in the same area as the defender", "has previously declared that they will use their
    skill during the Create the Dice Pool step" (and the attack "targets an ally miniature in
    their area"); EFFECT: "subtracts [X] to the number of successes obtained. They immediately
    suffer as many wounds as the number of successes they have subtracted." """
    level = check_level(level, "Sacrifice")
    attack = _n(attack_successes, "Attack successes", "X·Sacrifice")
    ok = (
        not _flag(possessor_is_attacker_or_defender, "Attacker or defender")
        and _flag(same_area_as_defender, "Same area")
        and _flag(defender_is_ally, "Ally")
        and _flag(declared, "Declared")
    )
    taken = min(level, attack) if ok else 0
    return SacrificeResult(attack - taken, taken)


@dataclass(frozen=True)
class ShackleResult:
    """Wounds the defender suffers (always 0 for a shackling attack) and shackle tokens placed."""

    wounds: int
    tokens: int


def shackle(level: int, wounds_: int, *, action_kind: str, declared: bool) -> ShackleResult:
    """Shackle — WHEN: Declare a Melee Attack step; REQUIREMENTS: "[the possessor] is the
    attacker", "declares the use of the skill"; EFFECT: "if the defender suffers one or more
    wounds, these are ignored and [X] shackle tokens are placed on the defender's base"."""
    level = check_level(level, "Shackle")
    wounds_ = _n(wounds_, "Wounds", "X·Shackle")
    if not (check_action_kind(action_kind) == MELEE and _flag(declared, "Declared")):
        return ShackleResult(wounds_, 0)
    return ShackleResult(0, level if wounds_ >= 1 else 0)


def shackle_penalty(tokens: int, *, action_kind: str) -> int:
    """Shackle tokens: "The number of successes obtained by the shackled miniature when
    performing attacks, thoughts, manipulations or defenses are reduced by [X]"."""
    tokens = _n(tokens, "Shackle tokens", "X·Shackle")
    check_action_kind(action_kind)
    return tokens


def snoot_penalty(tokens: int, *, action_kind: str) -> int:
    """Snoot: "At the very end of the Calculate the Number of Successes step of attacks,
    thoughts, manipulations and defenses, a miniature with at least one snoot token removes the
    same number of successes as the number of snoot tokens on its base"."""
    tokens = _n(tokens, "Snoot tokens", "X·Snoot")
    check_action_kind(action_kind)
    return tokens


def smoke_grenade_penalty(tokens_on_line_of_sight: int, *, action_kind: str) -> int:
    """Smoke grenade tokens: "During a ranged attack, the attacker must count the number of smoke
    grenade tokens on the areas their line of sight crosses (start area and target area
    included) and subtract it from the number of the attack's successes." Only ranged attacks."""
    tokens = _n(tokens_on_line_of_sight, "Smoke grenade tokens", "X·Smoke grenade")
    return tokens if check_action_kind(action_kind) == RANGED else 0


# --------------------------------------------------------------------------- energy


def pushing_limits(level: int, *, used_this_turn: bool, cubes_outside_wound_zone: int) -> int:
    """Pushing limits — WHEN: "at the start of the Spend Energy Cubes step of an action and
    before spending any other energy cubes"; REQUIREMENTS: "[the possessor] performs the
    action", "has not yet used it during this turn"; EFFECT: suffers [X] wounds, and the cubes
    moved to the wound zone "are considered to have been spent on the current action space,
    regardless of its exertion limit". Returns the cubes that count as spent (and wounds)."""
    level = check_level(level, "Pushing limits")
    available = _n(cubes_outside_wound_zone, "Cubes outside the wound zone", "X·Pushing limits")
    if _flag(used_this_turn, "Used this turn"):
        return 0
    return min(level, available)


# --------------------------------------------------------------------------- follow-up attacks


def combo_offered(*, is_attacker: bool, target_neutralized: bool, attack_is_free_action: bool) -> bool:
    """Combo — WHEN: End the Melee Attack step; REQUIREMENTS: "[the possessor] is the attacker",
    "the target of the initial attack is neutralized", "the attack in progress is not a free
    action"."""
    return (
        _flag(is_attacker, "Attacker")
        and _flag(target_neutralized, "Neutralized")
        and not _flag(attack_is_free_action, "Free action")
    )


def combo_pool(level: int, melee_characteristic: Sequence[DiceType]) -> Pool:
    """Combo: "during the Create the Dice Pool step, [the possessor] takes [X] dice indicated by
    their melee attack characteristic" and ignores the weapon bonuses and the cubes.
    Reading: [X] plays the part of the cubes: X × the characteristic's dice."""
    level = check_level(level, "Combo")
    return Pool.build(tuple(melee_characteristic), level)


def counterattack_offered(
    *, is_target: bool, attack_kind: str, initial_is_counterattack: bool, can_target_attacker: bool
) -> bool:
    """Counterattack — WHEN: End the Melee Attack step; REQUIREMENTS: "[the possessor] is the
    target of the initial melee attack", "the initial melee attack is not already a
    counterattack", "must be able to target the initial attacker with a melee attack"."""
    return (
        _flag(is_target, "Target")
        and check_action_kind(attack_kind) == MELEE
        and not _flag(initial_is_counterattack, "Counterattack")
        and _flag(can_target_attacker, "Can target")
    )


def counterattack_pool(level: int) -> Pool:
    """Counterattack: "[the possessor] takes [X] yellow dice", no weapon bonus, no cube."""
    return Pool.build((DiceType("yellow"),), check_level(level, "Counterattack"))


def retaliation_offered(
    *,
    is_target: bool,
    attack_kind: str,
    initial_is_retaliation: bool,
    has_non_disposable_ranged_weapon: bool,
    can_target_attacker: bool,
) -> bool:
    """Retaliation — WHEN: End the Ranged Attack step; REQUIREMENTS: "[the possessor] is the
    target of the initial ranged attack", "the initial ranged attack is not already a
    retaliation", "must be able to target the initial attacker with a ranged attack with a
    weapon that does not have the disposable restriction"."""
    return (
        _flag(is_target, "Target")
        and check_action_kind(attack_kind) == RANGED
        and not _flag(initial_is_retaliation, "Retaliation")
        and _flag(has_non_disposable_ranged_weapon, "Weapon")
        and _flag(can_target_attacker, "Can target")
    )


def retaliation_pool(level: int) -> Pool:
    """Retaliation: "[the possessor] takes [X] yellow dice", no weapon or elevation bonus."""
    return Pool.build((DiceType("yellow"),), check_level(level, "Retaliation"))


def _deferred_offered(
    skill: str,
    kind: str,
    level: int,
    *,
    attack_kind: str,
    is_attacker: bool,
    target_neutralized: bool,
    attack_is_free_action: bool,
    attack_is_deferred: bool,
    remaining: int,
    deferred_attacks_done: int,
) -> bool:
    level = check_level(level, skill)
    remaining = _n(remaining, "Remaining successes", f"X·{skill}")
    done = _n(deferred_attacks_done, "Deferred attacks", f"X·{skill}")
    free_ok = not _flag(attack_is_free_action, "Free action") or _flag(attack_is_deferred, "Deferred")
    return (
        check_action_kind(attack_kind) == kind
        and _flag(is_attacker, "Attacker")
        and _flag(target_neutralized, "Neutralized")
        and free_ok
        and remaining > 0
        and done < level
    )


def burst_offered(
    level: int,
    *,
    attack_kind: str,
    is_attacker: bool,
    target_neutralized: bool,
    attack_is_free_action: bool,
    attack_is_deferred: bool,
    remaining: int,
    deferred_attacks_done: int,
) -> bool:
    """Burst — "After having neutralized an enemy with a ranged attack"; REQUIREMENTS: "[the
    possessor] is the attacker", "the attack is not a free action but can be a deferred
    attack", "there are remaining successes", "has performed less than [X] deferred attacks
    for this same initial attack". The deferred attack's successes = the remaining ones."""
    return _deferred_offered(
        "Burst", RANGED, level, attack_kind=attack_kind, is_attacker=is_attacker,
        target_neutralized=target_neutralized, attack_is_free_action=attack_is_free_action,
        attack_is_deferred=attack_is_deferred, remaining=remaining,
        deferred_attacks_done=deferred_attacks_done,
    )


def circular_strike_offered(
    level: int,
    *,
    attack_kind: str,
    is_attacker: bool,
    target_neutralized: bool,
    attack_is_free_action: bool,
    attack_is_deferred: bool,
    remaining: int,
    deferred_attacks_done: int,
) -> bool:
    """Circular strike — "After having neutralized an enemy with a melee attack"; same
    REQUIREMENTS as Burst, for a melee attack."""
    return _deferred_offered(
        "Circular strike", MELEE, level, attack_kind=attack_kind, is_attacker=is_attacker,
        target_neutralized=target_neutralized, attack_is_free_action=attack_is_free_action,
        attack_is_deferred=attack_is_deferred, remaining=remaining,
        deferred_attacks_done=deferred_attacks_done,
    )


# --------------------------------------------------------------------------- movement skills


def mobility(level: int, difficult_terrain_level: int) -> int:
    """Mobility — WHEN: Calculate the Move Cost step; EFFECT: "[the possessor] ignores [X]
    levels of difficult terrain for each move". Returns the difficult terrain still counted."""
    level = check_level(level, "Mobility")
    return max(0, _n(difficult_terrain_level, "Difficult terrain level", "IX·P") - level)


def parkour_special_level(level: int, special_move_level: int) -> int:
    """Parkour (climb or jump) — EFFECT: "[the possessor] ignores [X] levels of jump or climb".
    Returns the jump / climb level still counted."""
    level = check_level(level, "Parkour")
    return max(0, _n(special_move_level, "The special move level", "V·C·5 [e]") - level)


def parkour_fall_wounds(level: int, fall_wounds: int) -> int:
    """Parkour (fall) — WHEN: Apply the Effects of the Destination Area step; EFFECT: "[the
    possessor] ignores [X] wounds caused by the fall". Returns the wounds still suffered."""
    level = check_level(level, "Parkour")
    return max(0, _n(fall_wounds, "Fall wounds", "V·C·5 [i]") - level)


# --------------------------------------------------------------------------- traits (XI)


def fly_move_cost() -> int:
    """Fly — "during the Calculate the Move Cost step, the cost is always equal to 1 move point.
    The type of move, the hindering index, and difficult terrain are ignored"."""
    return 1


def fly_fall_wounds(fall_wounds: int) -> int:
    """Fly — "during the Apply the Effects of the Destination Area step, [the possessor] ignores
    wounds suffered by falls"."""
    _n(fall_wounds, "Fall wounds", "XI·Fly")
    return 0


def harmless_wounds(wounds_: int) -> int:
    """Harmless — REQUIREMENT: "[the possessor] is the attacker"; EFFECT: "reduces the total
    number of wounds that they inflict on the target to zero"."""
    _n(wounds_, "Wounds", "XI·Harmless")
    return 0


def reduced_mobility_allows(move_type: str) -> bool:
    """Reduced mobility — "They cannot perform special moves (climb, jump and fall)"."""
    if move_type not in ("simple", "fall", "jump", "climb"):
        raise RuleRefused("V·C·5 [d]", f"Unknown move type {move_type!r}", "unknown_move_type")
    return move_type == "simple"


def moral_code_allows(item_is_lethal: bool) -> bool:
    """Moral code — "Its possessor cannot use lethal items": "[the possessor] cannot benefit
    from the bonuses of this item card" when it carries the lethal icon."""
    return not _flag(item_is_lethal, "Lethal item")


def gas_immunity_wounds(wounds_: int, *, from_gas: bool) -> int:
    """Gas immunity — "[the possessor] ignores all wounds caused by a gas token or a toxic gas
    token". Other wounds are suffered as usual."""
    wounds_ = _n(wounds_, "Wounds", "XI·Gas immunity")
    return 0 if _flag(from_gas, "From gas") else wounds_
