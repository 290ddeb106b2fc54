"""Successes, hindering, defense, wounds (V·C, VII, IX) and skills (X) / traits (XI).

Each skill test quotes its REQUIREMENTS / EFFECT and checks a case where it must NOT apply."""

import pytest

from games.bgcc import skills as s
from games.bgcc.dice import DiceType, Pool
from games.bgcc.errors import RuleRefused

M, R, CM, CT, D = s.MELEE, s.RANGED, s.COMPLEX_MANIPULATION, s.COMPLEX_THOUGHT, s.DEFENSE
Y, O, W = DiceType("yellow"), DiceType("orange"), DiceType("white")


# --------------------------------------------------------------------------- successes


def test_V_C_1_h_melee_never_hindered():
    """V·C·1 [h]: "The melee attack action is not affected by hindering"."""
    assert s.successes(3, 0, 2, M) == 3


def test_V_C_2_h_ranged_hindered():
    """V·C·2 [h]: "the hindering index ... must be subtracted from the number of successes"."""
    assert s.successes(3, 0, 2, R) == 1


def test_V_C_3_a_vii_complex_manipulation_and_thought_hindered():
    assert s.successes(3, 1, 2, CM) == 2
    assert s.successes(3, 1, 2, CT) == 2


def test_VII_G_defense_never_hindered():
    """VII·G: "Defense is never affected by hindering."""
    assert s.successes(2, 1, 5, D) == 3
    assert s.defense_successes(2, 1) == 3


def test_IX_K_successes_never_negative():
    """IX·K: "there cannot be a negative hindering index, number of successes, etc."."""
    assert s.successes(1, 0, 4, R) == 0
    assert s.successes(0, 0, 0, M, penalty=3) == 0


def test_IX_F_inputs_validated():
    for bad in (-1, 1.5, True, "2"):
        with pytest.raises(RuleRefused):
            s.successes(bad)
    with pytest.raises(RuleRefused):
        s.successes(1, action_kind="dance")
    with pytest.raises(RuleRefused):
        s.successes(1, hindering=-1, action_kind=R)


# --------------------------------------------------------------------------- hindering


def test_IX_L_hindering_index_menace_enemies_minus_allies():
    """IX·L: hindering = Σ enemy menace − Σ ally menace (minimum 0); "the miniature performing the
    action is not included in the calculation"."""
    assert s.hindering_index([2, 1], [1]) == 2
    assert s.hindering_index([1], [3]) == 0
    assert s.hindering_index([], []) == 0
    with pytest.raises(RuleRefused):
        s.hindering_index([-1], [])
    with pytest.raises(RuleRefused):
        s.hindering_index(3, [])


def test_X_Nerves_of_steel_ignores_enemy_menace_for_ranged_manipulation_thought():
    """Nerves of steel: "ignore [X] enemy menace indexes when performing ranged attacks,
    manipulations, or thoughts"."""
    assert s.nerves_of_steel(2, action_kind=R) == 2
    assert s.hindering_index([2, 1], [], nerves_of_steel=2) == 1
    assert s.hindering_index([1], [0], nerves_of_steel=3) == 0
    # must NOT apply: melee is never hindered anyway, and defense neither
    assert s.nerves_of_steel(2, action_kind=M) == 0
    assert s.nerves_of_steel(2, action_kind=D) == 0


# --------------------------------------------------------------------------- defense, wounds


def test_VII_C_defense_pool_cubes_times_die_plus_automatic_die():
    """VII·C: "as many dice indicated by their defense characteristic as the number of energy
    cubes just spent"; VII·D: "adds the potential automatic defense die"."""
    assert s.defense_pool(2, O, W) == Pool.of(O, O, W)
    assert s.defense_pool(0, O, W) == Pool.of(W)
    assert s.defense_pool(0, None) == Pool()
    with pytest.raises(RuleRefused):
        s.defense_pool(3, O, defense_space_room=2)
    with pytest.raises(RuleRefused):
        s.defense_pool(-1, O)


def test_VII_H_wounds_attack_minus_defense_min_zero():
    """VII·H: "The defender subtracts the number of their defense successes from the number of
    attacker successes"."""
    assert s.wounds(3, 1) == 2
    assert s.wounds(1, 3) == 0


def test_V_D_1_skill_usable_below_encumbrance_limit():
    """V·D·1: "A hero can benefit from a skill only while their encumbrance total is lower than the
    encumbrance limit of the skill" (worked example 5: total 5 reaches Retaliation's limit 5)."""
    assert s.skill_usable(4, 5)
    assert not s.skill_usable(5, 5)
    assert s.skill_usable(9, None)
    assert not s.skill_usable(0, None, neutralized=True)


# --------------------------------------------------------------------------- attack skills


def test_X_Martial_arts_Marksman_only_with_at_least_one_success():
    """Martial arts (melee) / Marksman (ranged): "they have obtained at least one success": adds [X]
    automatic successes (the dice flow passes them as conditional automatic successes)."""
    assert s.successes(1, 0, action_kind=M, conditional_automatic=2) == 3
    assert s.successes(2, 0, 0, R, conditional_automatic=1) == 3
    # must NOT apply without a success
    assert s.successes(0, 0, action_kind=M, conditional_automatic=2) == 0
    assert s.successes(0, 0, 0, R, conditional_automatic=1) == 0


def test_X_Sneak_attack_allies_menace_at_least_enemies():
    """Sneak attack: "the defender is in the same area as them", "the total menace indexes of the
    allies is equal to or higher than the total menace indexes of the enemies"."""
    kw = dict(action_kind=M, is_attacker=True, defender_in_same_area=True)
    assert s.sneak_attack(2, ally_menace_total=2, enemy_menace_total=2, **kw) == 2
    assert s.sneak_attack(2, ally_menace_total=1, enemy_menace_total=2, **kw) == 0
    kw["defender_in_same_area"] = False
    assert s.sneak_attack(2, ally_menace_total=3, enemy_menace_total=1, **kw) == 0


def test_X_Berserk_white_dice_at_half_wounds_rounded_up():
    """Berserk: hero "at least half of their energy cubes (rounded up) in their wound zone";
    character "lost at least half of their life points (rounded up)"; adds [X] white dice."""
    assert s.berserk_white_dice(2, action_kind=M, energy=9, wound_cubes=5) == 2
    assert s.berserk_white_dice(2, action_kind=M, energy=9, wound_cubes=4) == 0  # 4 < 5
    assert s.berserk_white_dice(1, action_kind=M, life_points=3, life_points_lost=2) == 1
    assert s.berserk_white_dice(1, action_kind=M, life_points=3, life_points_lost=1) == 0
    assert s.berserk_white_dice(2, action_kind=R, energy=9, wound_cubes=9) == 0  # melee only
    with pytest.raises(RuleRefused):
        s.berserk_white_dice(2, action_kind=M, energy=5, wound_cubes=6)
    with pytest.raises(RuleRefused):
        s.berserk_white_dice(2, action_kind=M)


def test_X_Poison_Electricity_wounds_when_attack_beats_defense():
    """Poison / Electricity: "the defender has obtained a number of defense successes that is lower
    than the number of attack successes": [X] wounds, then the usual wounds."""
    assert s.poison_wounds(2, 3, 1) == 2
    assert s.wounds(3, 1, poison=2) == 4
    # must NOT apply when the defense equals or beats the attack
    assert s.poison_wounds(2, 2, 2) == 0
    assert s.wounds(2, 2, poison=2) == 0


# --------------------------------------------------------------------------- defense skills


def test_X_Body_guard_ally_defender_in_same_area():
    """Body guard: "neither the defender nor the attacker", "same area as the defender", "the
    defender is an allied miniature", "no other miniature is using the bodyguard skill"."""
    kw = dict(possessor_is_attacker_or_defender=False, same_area_as_defender=True, defender_is_ally=True)
    assert s.body_guard(2, **kw) == 2
    assert s.body_guard(2, **kw, another_body_guard_used=True) == 0
    assert s.body_guard(2, **{**kw, "possessor_is_attacker_or_defender": True}) == 0
    assert s.body_guard(2, **{**kw, "same_area_as_defender": False}) == 0


def test_X_Impenetrable_defense_only_against_melee():
    """Impenetrable defense: "[X] automatic defense successes against melee attacks"."""
    assert s.impenetrable_defense(2, attack_kind=M) == 2
    assert s.impenetrable_defense(2, attack_kind=R) == 0
    assert s.impenetrable_defense(2, attack_kind=M, is_target=False) == 0


def test_X_Untouchable_only_against_ranged():
    """Untouchable: "[X] automatic defense successes against ranged attacks"."""
    assert s.untouchable(1, attack_kind=R) == 1
    assert s.untouchable(1, attack_kind=M) == 0


# --------------------------------------------------------------------------- complex actions


@pytest.mark.parametrize(
    "skill, right, wrong",
    [("Hacking", CT, CM), ("Investigation", CT, CM), ("Lock picking", CM, CT), ("Munitions specialist", CM, CT)],
)
def test_X_flagged_complex_action_skills(skill, right, wrong):
    """Hacking / Investigation / Lock picking / Munitions specialist: "in the description of the
    performed thought [manipulation], it is indicated that the skill is taken into account"."""
    assert s.flagged_skill_successes(skill, 2, action_kind=right, skill_flagged=True) == 2
    assert s.flagged_skill_successes(skill, 2, action_kind=right, skill_flagged=False) == 0
    assert s.flagged_skill_successes(skill, 2, action_kind=wrong, skill_flagged=True) == 0


# --------------------------------------------------------------------------- reroll skills


def test_X_Luck_rerolls_when_the_possessor_rerolls():
    """Luck: "[the possessor] performs the reroll": [X] rerolls."""
    assert s.luck_rerolls(2) == 2
    assert s.luck_rerolls(2, possessor_rerolls=False) == 0


def test_X_Support_rerolls_for_allies_in_the_area():
    """Support: "the miniature performing the reroll is an allied to [the possessor]", "located in
    the same area"."""
    assert s.support_rerolls(1, roller_is_ally=True, same_area=True) == 1
    assert s.support_rerolls(1, roller_is_ally=True, same_area=False) == 0
    assert s.support_rerolls(1, roller_is_ally=False, same_area=True) == 0


def test_X_Point_blank_ranged_attack_on_a_defender_in_the_area():
    """Point blank: "[the possessor] is the attacker", "the defender is located in the same area"
    (Rerolls step of a ranged attack)."""
    kw = dict(is_attacker=True, defender_in_same_area=True)
    assert s.point_blank_rerolls(2, action_kind=R, **kw) == 2
    assert s.point_blank_rerolls(2, action_kind=M, **kw) == 0
    assert s.point_blank_rerolls(2, action_kind=R, is_attacker=True, defender_in_same_area=False) == 0


def test_X_Misfortune_enemy_in_the_same_area():
    """Misfortune: "located in the same area as the miniature rolling the dice", "an enemy"."""
    assert s.misfortune_rerolls(1, same_area=True, roller_is_enemy=True) == 1
    assert s.misfortune_rerolls(1, same_area=True, roller_is_enemy=False) == 0
    assert s.misfortune_rerolls(1, same_area=False, roller_is_enemy=True) == 0


# --------------------------------------------------------------------------- deductions


def test_X_Sacrifice_takes_successes_and_wounds():
    """Sacrifice: "subtracts [X] to the number of successes obtained. They immediately suffer as
    many wounds as the number of successes they have subtracted."""
    kw = dict(possessor_is_attacker_or_defender=False, same_area_as_defender=True,
              defender_is_ally=True, declared=True)
    assert s.sacrifice(2, 3, **kw) == s.SacrificeResult(1, 2)
    assert s.sacrifice(2, 1, **kw) == s.SacrificeResult(0, 1)  # only what was subtracted
    assert s.sacrifice(2, 3, **{**kw, "declared": False}) == s.SacrificeResult(3, 0)
    assert s.sacrifice(2, 3, **{**kw, "defender_is_ally": False}) == s.SacrificeResult(3, 0)


def test_X_Shackle_places_tokens_instead_of_wounds():
    """Shackle: "if the defender suffers one or more wounds, these are ignored and [X] shackle
    tokens are placed"; the shackled miniature's successes on "attacks, thoughts, manipulations or
    defenses are reduced by [X]"."""
    assert s.shackle(2, 3, action_kind=M, declared=True) == s.ShackleResult(0, 2)
    assert s.shackle(2, 0, action_kind=M, declared=True) == s.ShackleResult(0, 0)
    assert s.shackle(2, 3, action_kind=M, declared=False) == s.ShackleResult(3, 0)
    assert s.successes(3, 0, 0, D, penalty=s.shackle_penalty(2, action_kind=D)) == 1


def test_X_Snoot_tokens_remove_successes():
    """Snoot: "a miniature with at least one snoot token removes the same number of successes as
    the number of snoot tokens"."""
    assert s.successes(3, 0, 0, CT, penalty=s.snoot_penalty(1, action_kind=CT)) == 2
    assert s.snoot_penalty(0, action_kind=M) == 0


def test_X_Smoke_grenade_only_ranged_attacks():
    """Smoke grenade tokens: "During a ranged attack, the attacker must count the number of smoke grenade tokens ... and subtract it"."""
    assert s.smoke_grenade_penalty(2, action_kind=R) == 2
    assert s.smoke_grenade_penalty(2, action_kind=M) == 0


# --------------------------------------------------------------------------- energy


def test_X_Pushing_limits_once_per_turn():
    """Pushing limits: "has not yet used it during this turn"; the wound cubes "are considered to
    have been spent on the current action space, regardless of its exertion limit"."""
    assert s.pushing_limits(2, used_this_turn=False, cubes_outside_wound_zone=5) == 2
    assert s.pushing_limits(2, used_this_turn=False, cubes_outside_wound_zone=1) == 1
    assert s.pushing_limits(2, used_this_turn=True, cubes_outside_wound_zone=5) == 0


# --------------------------------------------------------------------------- follow-ups


def test_X_Combo_offered_after_neutralizing_outside_free_actions():
    """Combo: "the target of the initial attack is neutralized", "the attack in progress is not a
    free action"; [X] dice of the melee characteristic, no weapon bonus."""
    assert s.combo_offered(is_attacker=True, target_neutralized=True, attack_is_free_action=False)
    assert not s.combo_offered(is_attacker=True, target_neutralized=False, attack_is_free_action=False)
    assert not s.combo_offered(is_attacker=True, target_neutralized=True, attack_is_free_action=True)
    assert s.combo_pool(2, [O]) == Pool.of(O, O)


def test_X_Counterattack_offered_to_melee_target():
    """Counterattack: "the target of the initial melee attack", "not already a counterattack",
    "able to target the initial attacker"; [X] yellow dice."""
    kw = dict(is_target=True, initial_is_counterattack=False, can_target_attacker=True)
    assert s.counterattack_offered(attack_kind=M, **kw)
    assert not s.counterattack_offered(attack_kind=R, **kw)
    assert not s.counterattack_offered(attack_kind=M, **{**kw, "initial_is_counterattack": True})
    assert s.counterattack_pool(3) == Pool.of(Y, Y, Y)


def test_X_Retaliation_offered_to_ranged_target_with_weapon():
    """Retaliation: "the target of the initial ranged attack", "not already a retaliation", a
    weapon "that does not have the disposable restriction"; [X] yellow dice."""
    kw = dict(is_target=True, initial_is_retaliation=False, has_non_disposable_ranged_weapon=True,
              can_target_attacker=True)
    assert s.retaliation_offered(attack_kind=R, **kw)
    assert not s.retaliation_offered(attack_kind=M, **kw)
    assert not s.retaliation_offered(attack_kind=R, **{**kw, "has_non_disposable_ranged_weapon": False})
    assert s.retaliation_pool(2) == Pool.of(Y, Y)


def test_X_Burst_and_Circular_strike_remaining_successes():
    """Burst (ranged) / Circular strike (melee): "there are remaining successes", "the attack is
    not a free action but can be a deferred attack", "less than [X] deferred attacks"."""
    remaining = s.remaining_successes(5, 1, 2)  # 5 − 1 defense − 2 wounds to neutralize
    assert remaining == 2
    kw = dict(is_attacker=True, target_neutralized=True, attack_is_free_action=False,
              attack_is_deferred=False, remaining=remaining, deferred_attacks_done=0)
    assert s.burst_offered(1, attack_kind=R, **kw)
    assert not s.burst_offered(1, attack_kind=M, **kw)
    assert s.circular_strike_offered(1, attack_kind=M, **kw)
    assert not s.circular_strike_offered(1, attack_kind=M, **{**kw, "deferred_attacks_done": 1})
    assert not s.burst_offered(2, attack_kind=R, **{**kw, "remaining": 0})
    assert s.burst_offered(2, attack_kind=R, **{**kw, "attack_is_free_action": True, "attack_is_deferred": True})
    assert not s.burst_offered(2, attack_kind=R, **{**kw, "attack_is_free_action": True})


# --------------------------------------------------------------------------- movement skills


def test_X_Mobility_ignores_difficult_terrain_levels():
    """Mobility: "[the possessor] ignores [X] levels of difficult terrain for each move"."""
    assert s.mobility(1, 3) == 2
    assert s.mobility(2, 1) == 0
    assert s.mobility(0, 3) == 3  # without the skill nothing is ignored


def test_X_Parkour_jump_climb_levels_and_fall_wounds():
    """Parkour: "ignores [X] levels of jump or climb" and "ignores [X] wounds caused by the fall"."""
    assert s.parkour_special_level(1, 2) == 1
    assert s.parkour_fall_wounds(2, 3) == 1
    assert s.parkour_fall_wounds(0, 3) == 3


def test_X_skill_levels_validated():
    with pytest.raises(RuleRefused):
        s.sneak_attack(-1, action_kind=M, is_attacker=True, defender_in_same_area=True, ally_menace_total=0,
                       enemy_menace_total=0)
    with pytest.raises(RuleRefused):
        s.luck_rerolls(21)
    with pytest.raises(RuleRefused):
        s.body_guard(1, possessor_is_attacker_or_defender="no", same_area_as_defender=True,
                     defender_is_ally=True)


# --------------------------------------------------------------------------- traits


def test_XI_Fly_cost_one_and_no_fall_wounds():
    """Fly: "the cost is always equal to 1 move point"; "ignores wounds suffered by falls"."""
    assert s.fly_move_cost() == 1
    assert s.fly_fall_wounds(3) == 0


def test_XI_Harmless_inflicts_no_wounds():
    """Harmless: "reduces the total number of wounds that they inflict on the target to zero"."""
    assert s.harmless_wounds(3) == 0
    assert s.wounds(4, 1, harmless=True) == 0
    assert s.wounds(4, 1, poison=2, harmless=True) == 0
    assert s.wounds(4, 1, harmless=False) == 3  # without the trait


def test_XI_Reduced_mobility_no_special_moves():
    """Reduced mobility: "They cannot perform special moves (climb, jump and fall)"."""
    assert s.reduced_mobility_allows("simple")
    for special in ("climb", "jump", "fall"):
        assert not s.reduced_mobility_allows(special)
    with pytest.raises(RuleRefused):
        s.reduced_mobility_allows("teleport")


def test_XI_Moral_code_no_lethal_items():
    """Moral code: "[the possessor] cannot benefit from the bonuses of this item card" (lethal)."""
    assert not s.moral_code_allows(True)
    assert s.moral_code_allows(False)


def test_XI_Gas_immunity_ignores_only_gas_wounds():
    """Gas immunity: "ignores all wounds caused by a gas token or a toxic gas token"."""
    assert s.gas_immunity_wounds(3, from_gas=True) == 0
    assert s.gas_immunity_wounds(3, from_gas=False) == 3
