"""worked-examples-bmg.md, part B: the constructed examples C1–C8 (not printed; derived from the
cited rules), through the Game adapter."""
from __future__ import annotations

import pytest

from games.bmg import crew as cr
from games.bmg.cards import card_from_data
from games.bmg.errors import RuleRefused
from games.bmg.models import new_model

from .helpers import card, crew, finish_activations, play, table, to_execute, to_recount_step


def test_c1_effort_limit_from_injury():
    """C1 — EFFORT LIMIT: 0–2 ♦ → 3; 3–5 → 2; 6–8 → 1; 9+ → 0. Willpower 6, ★ 4, ♦ 3: Limit 2,
    Willpower allows 6 − 1 − 4 = 1: the largest Effort is 1."""
    model = new_model("m", "a", card_from_data(card("m", willpower=20, endurance=12)), "Henchman")
    limits = []
    for injury in range(12):
        model.injury = injury
        limits.append(model.effort_limit)
    assert limits == [3, 3, 3, 2, 2, 2, 1, 1, 1, 0, 0, 0]
    model = new_model("m", "a", card_from_data(card("m", willpower=6)), "Henchman")
    model.stun, model.injury = 4, 3
    assert (model.effort_limit, model.max_effort) == (2, 1)
    t = table(crew("m", name="A"), crew("foe", name="B"),
              cards=[card("m", rank="Leader", willpower=6), card("foe", rank="Leader")])
    t.models["a.m"].stun, t.models["a.m"].injury = 4, 3
    with pytest.raises(RuleRefused) as refused:
        play(t, "skill_roll", model="b.foe", skill="willpower", effort_by="a.m", effort=2, values=[1])
    assert refused.value.code == "effort_limit" or refused.value.code == "effort_would_ko"
    t, _ = play(t, "skill_roll", model="b.foe", skill="willpower", effort_by="a.m", effort=1, values=[1, 1])
    assert t.models["a.m"].stun == 5


def _c2_table():
    # crew A has 4 models, crew B 2: B takes 2 Pass markers each round (test cards)
    cards = [card(f"a{i}", rank="Leader" if i == 0 else "Henchman", affiliation="A") for i in range(4)]
    cards += [card(f"b{i}", rank="Leader" if i == 0 else "Henchman", affiliation="B") for i in range(2)]
    return table(crew("a0", "a1", "a2", "a3", name="A"), crew("b0", "b1", name="B"), cards=cards)


def test_c2_take_the_lead_bonus_and_tie():
    """C2 — TAKE THE LEAD; PASSING ON ACTIVATION: round 1 A wins the roll and gives the Initiative
    to B; B ends round 1 with 2 unused Pass markers. Round 2: A rolls 5, B 3 + 2 = 5, a tie: it goes
    to the player who lost round 1's roll, B (though B held the Initiative); B chooses."""
    t = to_execute(_c2_table(), initiative="b")
    assert t.round.roll_winner == "a" and t.round.initiative == "b"
    assert t.players["b"].passes == 2
    t = finish_activations(t)
    t = to_recount_step(t, 6)
    assert t.round.number == 2 and t.players["b"].lead_bonus == 2 and t.players["a"].lead_bonus == 0
    t, _ = play(t, "roll_lead", player="a", value=5)
    t, events = play(t, "roll_lead", player="b", value=3)
    assert events[0].data["total"] == 5
    assert t.round.roll_winner == "b"
    with pytest.raises(RuleRefused) as refused:
        play(t, "choose_initiative", player="a", initiative="a")
    assert refused.value.code == "not_roll_winner"
    t, _ = play(t, "choose_initiative", player="b", initiative="a")
    assert t.round.initiative == "a"


def test_c2_round_one_tie_rerolls():
    """C2 / TAKE THE LEAD: a tie in round 1 is rolled again."""
    t = _c2_table()
    t, _ = play(t, "roll_lead", player="a", value=4)
    t, events = play(t, "roll_lead", player="b", value=4)
    assert events[-1].kind == "lead_tie" and t.round.roll_winner is None
    assert t.players["a"].lead_roll is None and t.players["b"].lead_roll is None


def test_c3_pass_markers():
    """C3 — PASSING ON ACTIVATION: crew A has 7 models (1 KO), crew B 4: B takes 6 − 4 = 2 Pass
    markers. An A model not yet activated goes KO: A takes 1. B passes once. At Recount 6a each
    has 1 unused marker: +1 to the next Take the Lead roll."""
    cards = [card(f"a{i}", rank="Leader" if i == 0 else "Henchman", affiliation="A") for i in range(7)]
    cards += [card(f"b{i}", rank="Leader" if i == 0 else "Henchman", affiliation="B") for i in range(4)]
    t = table(crew(*[f"a{i}" for i in range(7)], name="A"), crew(*[f"b{i}" for i in range(4)], name="B"),
              cards=cards)
    t.models["a.a6"].stun = 6  # KO before the round (Willpower 6)
    t = to_execute(t, initiative="b")
    assert (t.players["a"].passes, t.players["b"].passes) == (0, 2)
    t, events = play(t, "damage", model="a.a5", stun=6)
    assert t.models["a.a5"].ko and t.players["a"].passes == 1
    assert any(e.kind == "pass_marker" for e in events)
    assert t.round.turn == "b"
    t, _ = play(t, "pass", player="b")
    assert t.players["b"].passes == 1 and t.round.turn == "a"
    t = finish_activations(t)
    t = to_recount_step(t, 5)
    for model in ("a.a5", "a.a6"):
        t, _ = play(t, "recovery_roll", model=model, values=[6, 6])
    t = to_recount_step(t, 6)
    assert (t.players["a"].lead_bonus, t.players["b"].lead_bonus) == (1, 1)
    assert (t.players["a"].passes, t.players["b"].passes) == (0, 0)


def test_c4_skill_rolls_and_ko_recovery():
    """C4 — SKILL ROLLS; RECOVERY: Special 3, Willpower 6, Endurance 6. Willpower roll 1, 4, 6 keeps
    1 + 4 = 5 ≤ 6: pass. Opposed against Willpower 6: 4 + 6 = 10 > 6: pass. KO recovery: 3 − 1 = 2
    dice; 5 and 3 = 8 > 6: stays KO; next Recount 2 and 3 = 5 ≤ 6: ★ 6 → 5, KO becomes Knocked Down."""
    cards = [card("m", rank="Leader", special=3, willpower=6, endurance=6), card("other", rank="Henchman"),
             card("foe", rank="Leader", affiliation="B", willpower=6), card("foe2", rank="Henchman", affiliation="B")]
    t = table(crew("m", "other", name="A"), crew("foe", "foe2", name="B"), cards=cards)
    t, events = play(t, "skill_roll", model="a.m", skill="willpower", values=[1, 4, 6])
    assert events[0].data["kept"] == [1, 4] and events[0].data["total"] == 5 and events[0].data["passed"]
    t, events = play(t, "skill_roll", model="a.m", skill="willpower", against="b.foe", values=[1, 4, 6])
    assert events[0].data["kept"] == [6, 4] and events[0].data["total"] == 10 and events[0].data["passed"]
    t = to_execute(t)
    t, _ = play(t, "damage", model="a.m", stun=6)
    assert t.models["a.m"].ko
    t = to_recount_step(finish_activations(t), 5)
    with pytest.raises(RuleRefused) as refused:
        play(t, "recovery_roll", model="a.m", values=[5, 3, 1])
    assert refused.value.params == {"needed": 2, "given": 3}
    with pytest.raises(RuleRefused) as refused:
        play(t, "advance")
    assert refused.value.code == "recovery_pending"
    t, events = play(t, "recovery_roll", model="a.m", values=[5, 3])
    assert not events[0].data["passed"] and t.models["a.m"].ko and t.models["a.m"].stun == 6
    t = to_recount_step(t, 6)
    assert t.round.number == 2
    t = to_execute(t)
    assert "a.m" not in [x.id for x in t.able("a")]
    t = to_recount_step(finish_activations(t), 5)
    t, events = play(t, "recovery_roll", model="a.m", values=[2, 3])
    m = t.models["a.m"]
    assert events[0].data["passed"] and m.stun == 5 and not m.ko and m.knocked_down


def test_c5_melee_resolution():
    """C5 — MELEE ATTACK; THE DEFENSE ROLL; RULE OF 1 AND 6; MELEE WEAPONS: Attacks 3, Strength 4,
    Unarmed, against Defense 4 touching 2 enemies: Defense 3, 3 defense dice. Attack dice 1, 3, 5:
    2 hits (the 1 misses); Strength die 4: 1 unblockable hit. Defense 2, 3, 6 against Attacks 3: 2
    blocks. 1 hit stands: +1 ★."""
    cards = [card("att", rank="Leader", attacks=3, strength=4), card("def", rank="Leader", affiliation="B", defense=4)]
    t = to_execute(table(crew("att", name="A"), crew("def", name="B"), cards=cards))
    t, _ = play(t, "activate", model="a.att")
    t, events = play(t, "melee_attack", model="a.att", weapon="Unarmed",
                     shares=[{"target": "b.def", "dice": 3, "strength_die": True, "enemies_in_contact": 2,
                              "attack_values": [1, 3, 5], "strength_value": 4, "defense_values": [2, 3, 6]}])
    r = events[-1].data
    assert (r["defense"], len(r["defense_dice"])) == (3, 3)
    assert (r["hits"], r["strength_hit"], r["blocks"], r["standing"]) == (2, True, 2, 1)
    assert (r["stun"], r["injury"]) == (1, 0) and t.models["b.def"].stun == 1


def test_c6_ranged_removals_and_ammo():
    """C6 — RANGED ATTACK; modifiers; STRENGTH DICE; RANGED WEAPONS: RoF 3, Strength 4, Ammo 2.
    Moved earlier this activation (−2) and Cover (−1): the Strength die then 2 attack dice go; 1
    attack die, no Strength die, no critical possible; magazines 2 → 1."""
    gun = {"name": "Test Gun", "damage": "♦", "rof": 3, "ammo": 2, "strength": 4}
    cards = [card("shooter", rank="Leader", weapons=[gun]), card("target", rank="Leader", affiliation="B")]
    t = to_execute(table(crew("shooter", name="A"), crew("target", name="B"), cards=cards))
    assert t.models["a.shooter"].audacity
    t, _ = play(t, "activate", model="a.shooter")
    t, _ = play(t, "move", model="a.shooter")
    t, events = play(t, "ranged_attack", model="a.shooter", weapon="Test Gun", target="b.target", cover=True,
                     attack_values=[6])
    assert events[0].data["removals"] == 3 and events[0].data["magazines"] == 1
    assert events[-1].data["attack_dice"] == [6] and events[-1].data["strength_die"] is None
    assert not events[-1].data["critical"] and t.models["a.shooter"].magazines["Test Gun"] == 1


def test_c7_caps_ko_casualty():
    """C7 — DAMAGE MARKERS; KNOCKED OUT; PASSING ON ACTIVATION: Willpower 5, Endurance 4, ★ 4, ♦ 1,
    not yet activated. A ★★ hit: ★ capped at 5, KO, its owner takes 1 Pass marker. A Claws hit
    (♦★ → ♦♦★ on a KO model): ★ 5, ♦ 3. Another: ♦ 5 capped at 4 = Endurance: a Casualty."""
    cards = [card("m", rank="Leader", willpower=5, endurance=4), card("m2", rank="Henchman"),
             card("foe", rank="Leader", affiliation="B"), card("foe2", rank="Henchman", affiliation="B")]
    t = to_execute(table(crew("m", "m2", name="A"), crew("foe", "foe2", name="B"), cards=cards), initiative="b")
    t.models["a.m"].stun, t.models["a.m"].injury = 4, 1
    t, _ = play(t, "damage", model="a.m", stun=2)
    m = t.models["a.m"]
    assert (m.stun, m.ko, t.players["a"].passes) == (5, True, 1)
    t, _ = play(t, "damage", model="a.m", stun=1, injury=1)
    m = t.models["a.m"]
    assert (m.stun, m.injury, m.casualty) == (5, 3, False)
    t, events = play(t, "damage", model="a.m", stun=1, injury=1)
    m = t.models["a.m"]
    assert (m.injury, m.casualty) == (4, True) and t.players["a"].passes == 1  # one Pass marker per model
    with pytest.raises(RuleRefused):
        play(t, "damage", model="a.m", stun=1)


def test_c8_crew_validation():
    """C8 — RANK; EQUIPMENT AND FUNDING: 650: $2500 and 3 Free Agents, 3 Vehicles; 500: $2000, 2 of
    each; a Leader with 2 Sidekicks is invalid."""
    assert cr.stash(650) == 2500 and cr.rank_slots(650)["Free Agent"] == 3 and cr.rank_slots(650)["Vehicle"] == 3
    assert cr.stash(500) == 2000 and cr.rank_slots(500)["Free Agent"] == 2 and cr.rank_slots(500)["Vehicle"] == 2
    cards = [card("l", rank="Leader"), card("s1", rank="Sidekick"), card("s2", rank="Sidekick"),
             card("foe", rank="Leader", affiliation="B")]
    with pytest.raises(RuleRefused) as refused:
        table(crew("l", "s1", "s2", name="A"), crew("foe", name="B"), cards=cards)
    assert refused.value.rule == "RANK" and refused.value.code == "rank_slots"
    assert refused.value.params == {"rank": "Sidekick", "count": 2, "most": 1}
    t = table(crew("s1", "s2", name="A"), crew("foe", name="B"), cards=cards)  # no Leader: 2 Sidekicks
    assert len(t.crew_of("a")) == 2
