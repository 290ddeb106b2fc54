"""worked-examples-bmg.md, part A: every example printed in the rulebook, each citing its
heading. Pure tests; where the example concerns a command, it goes through the Game adapter."""
from __future__ import annotations

import pytest

from games.bmg import attacks, crew as cr, dice, movement, objectives
from games.bmg.cards import Damage
from games.bmg.errors import RuleRefused
from games.bmg.library import sample_cards
from games.bmg.models import new_model, make_effort, take_hits

from .helpers import card, crew, play, table, to_execute

CARDS = sample_cards()


def test_a1_success_threshold_no_summing():
    """A1 — THE FIRST STEPS › Dice: 4+ is 4, 5 or 6; a 2 and a 3 are not added to 5."""
    assert [dice.succeeds(4, [v]) for v in range(1, 7)] == [False, False, False, True, True, True]
    assert not dice.succeeds(4, [2, 3])


def test_a2_modifiers_rounding_d3():
    """A2 — THE FIRST STEPS › Modifying Dice Rolls, Fractions and Rounding, Reading the Dice."""
    assert sorted({dice.modified(v, add=1) for v in range(1, 7)}) == [2, 3, 4, 5, 6, 7]
    assert dice.half(5) == 2
    assert [dice.d3(v) for v in range(1, 7)] == [1, 1, 2, 2, 3, 3]
    assert dice.modified(5, multiply=["1/2"], add=1) == 3  # divide first, then add


def test_a3_impaired_movement():
    """A3 — MOVEMENT ACTION › Impaired Movement: 10" on Difficult Ground ⇒ 6"; two sources −8"; min 0."""
    assert movement.basic_move_distance(10, 1) == 6
    assert movement.basic_move_distance(10, 2) == 2
    assert movement.basic_move_distance(6, 2) == 0


def test_a4_jump_then_fall_through_a_move():
    """A4 — MOVEMENT ACTION (fig.): BMD 8", the Jump makes it 4"; a 7" drop is more than 4" and less
    than double: ♦♦. To the ground (more than 8"): a Casualty. (The caption's numbers; the rule's
    whole-action 4" + 7" = 11" would already be a Casualty: Open question 4.)"""
    assert movement.fall(7, movement.basic_move_distance(8, 1)) == "injury"
    assert movement.fall(11, 4) == "casualty"
    t = table(crew("jumper", name="A"), crew("foe", name="B"),
              cards=[card("jumper", rank="Leader", movement=8), card("foe", rank="Leader")])
    t = to_execute(t)
    t, _ = play(t, "activate", model="a.jumper")
    t, events = play(t, "move", model="a.jumper", impaired=1, fall_distance=7)
    assert t.models["a.jumper"].injury == 2 and not t.models["a.jumper"].casualty
    assert events[-1].data == {"model": "a.jumper", "distance": 7, "bmd": 4, "outcome": "injury"}


def test_a5_outnumbered():
    """A5 — MELEE ATTACK › Melee Modifiers: touching 3 enemies: Defense −2 and 2 fewer defense dice."""
    assert attacks.outnumbered_defense(4, 3) == 2
    t = table(crew("hitter", name="A"), crew("target", name="B"),
              cards=[card("hitter", rank="Leader", attacks=3), card("target", rank="Leader", defense=4)])
    t = to_execute(t)
    t, _ = play(t, "activate", model="a.hitter")
    t, events = play(t, "melee_attack", model="a.hitter", weapon="Unarmed",
                     shares=[{"target": "b.target", "dice": 3, "strength_die": True, "enemies_in_contact": 3,
                              "attack_values": [2, 2, 5], "strength_value": 1, "defense_values": [1, 1]}])
    hit = events[-1].data
    assert hit["defense"] == 2 and len(hit["defense_dice"]) == 2 and hit["hits"] == 3


def test_a6_heavy():
    """A6 — MELEE WEAPONS: Heavy adds +1 to the Strength die; only a natural 6 is a critical."""
    assert attacks.strength_hit(3, 4, heavy=True) and not attacks.strength_hit(3, 4)
    t = table(crew("batman", "killer-croc", name="Bats"), crew("joker", name="Joker"))
    t = to_execute(t, audacity={"a": ["a.killer-croc"]})
    t, _ = play(t, "activate", model="a.killer-croc")
    t, events = play(t, "melee_attack", model="a.killer-croc", weapon="Sewer Pipe",
                     shares=[{"target": "b.joker", "dice": 3, "strength_die": True, "attack_values": [1, 1, 1],
                              "strength_value": 3}])
    assert events[-1].data["strength_hit"] and not events[-1].data["critical"]


def test_a7_effort_blocked_by_willpower():
    """A7 — EFFORT: Willpower 7 with 6 ★: one more would be KO, so 0 Effort."""
    model = new_model("m", "a", CARDS["batman"], "Leader")
    assert model.card.willpower == 7
    model.stun = 6
    assert model.max_effort == 0
    with pytest.raises(RuleRefused) as refused:
        make_effort(model, 1)
    assert refused.value.code == "effort_would_ko" and refused.value.rule == "EFFORT"


def test_a8_effort_against_a_skill_roll():
    """A8 — EFFORT: a target that would roll 4 dice for Willpower rolls 2D6 after 2 Effort (+2 ★ to
    the user); the floor is 1D6."""
    assert dice.skill_dice(4, effort_against=2) == 2
    assert dice.skill_dice(4, effort_against=3) == 1 and dice.skill_dice(2, effort_against=3) == 1
    t = table(crew("hypnotist", name="A"), crew("target", name="B"),
              cards=[card("hypnotist", rank="Leader"), card("target", rank="Leader", special=4, willpower=7)])
    t, events = play(t, "skill_roll", model="b.target", skill="willpower", effort_by="a.hypnotist", effort=2,
                     values=[3, 4])
    assert t.models["a.hypnotist"].stun == 2
    assert events[0].data["dice"] == [3, 4] and events[0].data["passed"]
    with pytest.raises(RuleRefused):  # 4 dice entered where 2 are rolled
        play(t, "skill_roll", model="b.target", skill="willpower", effort_by="a.hypnotist", effort=1,
             values=[1, 1, 1, 1])


def test_a9_effort_in_melee():
    """A9 — EFFORT LIMIT (fig.): Batman, Attacks 5; the Thug defends with 3 Effort, Batman adds 2:
    4 attack dice (5 − 3 + 2) and the Strength die; +3 ★ on the Thug, +2 ★ on Batman."""
    t = table(crew("batman", name="Bats"), crew("joker", "thug", name="Joker"))
    t = to_execute(t)
    assert attacks.melee_dice(t.models["a.batman"], 2, 3) == 4
    t, _ = play(t, "activate", model="a.batman")
    t, events = play(t, "melee_attack", model="a.batman", weapon="Unarmed", effort=2,
                     shares=[{"target": "b.thug", "dice": 7, "strength_die": True, "defender_effort": 3,
                              "attack_values": [1, 1, 1, 1], "strength_value": 1, "defense_values": []}])
    assert len(events[-1].data["attack_dice"]) == 4 and events[-1].data["strength_die"] == 1
    assert t.models["a.batman"].stun == 2 and t.models["b.thug"].stun == 3


def test_a10_cover_removes_the_strength_die_first():
    """A10 — RANGED ATTACK (fig.) and STRENGTH DICE: Cover removes 1 die; for a ranged attack the
    Strength die goes first (the caption says 'attack die')."""
    gun = CARDS["thug"].weapon("Automatic Gun")
    assert attacks.ranged_pool(gun, attacks.ranged_removals(cover=True)) == (3, False)


def test_a11_strength_die_replaced():
    """A11 — STRENGTH DICE: a Sawed-off Shotgun (only the Strength die) at a target with Bat-Armor
    MkI (removes the Strength die) in Cover rolls 1 attack die and no Strength die."""
    shotgun = CARDS["joker"].weapon("Sawed-off Shotgun")
    assert attacks.ranged_pool(shotgun, attacks.ranged_removals(cover=True), strength_die_removed=True) == (1, False)
    t = table(crew("batman", name="Bats"), crew("joker", name="Joker"))
    t = to_execute(t, initiative="b")
    t, _ = play(t, "activate", model="b.joker")
    t, events = play(t, "ranged_attack", model="b.joker", weapon="Sawed-off Shotgun", target="a.batman",
                     cover=True, strength_die_removed=True, attack_values=[5])
    assert events[-1].data["attack_dice"] == [5] and events[-1].data["strength_die"] is None


def test_a12_critical_choice():
    """A12 — STRENGTH DICE › Critical Hits: a natural 6 on a TASER's Strength die is a hit and the
    player applies one effect: Knocked Down or Stunned."""
    for choice, knocked, status in (("Knocked Down", True, []), ("Stunned", False, ["Stunned"])):
        t = table(crew("gordon", "swat", name="Law"), crew("joker", name="Joker"))
        t = to_execute(t, audacity={"a": ["a.swat"]})
        t, _ = play(t, "activate", model="a.swat")
        t, events = play(t, "ranged_attack", model="a.swat", weapon="TASER", target="b.joker",
                         attack_values=[1], strength_value=6, critical=choice)
        joker = t.models["b.joker"]
        assert events[-1].data["critical"] and events[-1].data["standing"] == 1
        assert joker.knocked_down is knocked and joker.statuses == status
    t = to_execute(table(crew("gordon", "swat", name="Law"), crew("joker", name="Joker")),
                   audacity={"a": ["a.swat"]})
    t, _ = play(t, "activate", model="a.swat")
    with pytest.raises(RuleRefused) as refused:
        play(t, "ranged_attack", model="a.swat", weapon="TASER", target="b.joker", attack_values=[1],
             strength_value=6, critical="Poison")
    assert refused.value.code == "critical_choice"


def test_a13_hits_on_a_ko_model():
    """A13 — KNOCKED OUT: Claws ♦★ per hit; two hits on a KO target are ♦♦★ each, ★★♦♦♦♦ in all
    (then the caps: the ★ are discarded above Willpower)."""
    target = new_model("t", "b", CARDS["thug"], "Henchman")
    target.card = target.card.__class__(**{**target.card.__dict__, "endurance": 10})
    target.stun = target.card.willpower
    assert target.ko
    results = take_hits(target, 2, Damage.parse("♦★"))
    assert sum(r.injury for r in results) == 4 and sum(r.stun for r in results) == 0
    assert target.injury == 4 and target.stun == target.card.willpower


def test_a14_extra_rank_slots():
    """A14 — RANK: 351–500 Rep: 2 Free Agents and 2 Vehicles."""
    for limit in (351, 450, 500):
        slots = cr.rank_slots(limit)
        assert slots["Free Agent"] == 2 and slots["Vehicle"] == 2
    assert cr.rank_slots(350)["Free Agent"] == 1 and cr.rank_slots(501)["Free Agent"] == 3


def test_a15_funding_stash():
    """A15 — EQUIPMENT AND FUNDING: 100 ⇒ $500, 300 ⇒ $1000, 460 ⇒ $2000; Agent Barsad (Henchman, 38
    Rep, $600) in a 350 game leaves $900 and uses 38 Rep."""
    assert [cr.stash(x) for x in (100, 300, 460)] == [500, 1000, 2000]
    barsad = CARDS["barsad"]
    assert (barsad.reputation, barsad.funding, barsad.ranks) == (38, 600, ("Henchman",))
    leader = card("boss", rank="Leader", affiliation="Bane")
    from games.bmg.cards import card_from_data
    crew_ = cr.Crew("Bane", (cr.CrewMember(card_from_data(leader), "Leader"), cr.CrewMember(barsad, "Henchman")), "boss")
    assert cr.funding_left(crew_, 350) == 1500 - 600 - 0 == 900


def test_a16_multi_rank_model():
    """A16 — RANK: Talia al Ghul (Leader and Sidekick) taken as the Sidekick leaves the Leader slot
    free; in play she has both ranks."""
    t = table({"name": "League", "boss": "ra", "members": [{"card": "ra"}, {"card": "talia", "rank": "Sidekick"}]},
              crew("joker", name="Joker"), cards=[card("ra", rank="Leader", affiliation="League of Assassins")])
    talia = t.models["a.talia"]
    assert talia.rank == "Sidekick" and talia.card.ranks == ("Leader", "Sidekick")


def test_a17_game_size():
    """A17 — REPUTATION LIMIT: standard 350, quick 150, long 450; stashes $1500, $500, $1500."""
    assert (cr.STANDARD, cr.QUICK, cr.LONG) == (350, 150, 450)
    assert [cr.stash(x) for x in (350, 150, 450)] == [1500, 500, 1500]


def test_a18_sample_card():
    """A18 — CHARACTER CARDS (fig.): Bruce Wayne / Batman, 40mm, 146 Rep, $0; Reinforced Gloves:
    Unarmed ★★; Batlings ★★."""
    batman = CARDS["batman"]
    assert (batman.name, batman.alias, batman.base, batman.reputation, batman.funding) == \
        ("Bruce Wayne", "Batman", "40mm", 146, 0)
    assert str(batman.weapon("Unarmed").damage) == "★★" and str(batman.weapon("Batlings").damage) == "★★"
    assert "Reinforced Gloves" in [t.name for t in batman.traits]
    assert batman.sample  # the values the rulebook does not print say so


def test_a19_heavy_rain():
    """A19 — PREPARE THE GAME › Events (fig.): each round the Initiative player rolls a D6; on 4+
    every ranged attack rolls 1 die fewer (the Strength die first); on 1–3 nothing."""
    for die, applies in ((4, True), (3, False)):
        t = table(crew("gordon", "swat", name="Law"), crew("joker", name="Joker"), event="Heavy Rain")
        t, _ = play(t, "roll_lead", player="a", value=6)
        t, _ = play(t, "roll_lead", player="b", value=1)
        t, _ = play(t, "choose_initiative", player="a", initiative="a")
        assert t.round.phase == "take_the_lead"
        with pytest.raises(RuleRefused):
            play(t, "roll_event", player="b", value=die)
        t, _ = play(t, "roll_event", player="a", value=die)
        assert t.round.heavy_rain is applies and t.round.phase == "raise_the_plan"
        t, _ = play(t, "place_audacity", player="a", models=["a.gordon", "a.swat"])
        t, _ = play(t, "place_audacity", player="b", models=["b.joker"])
        t, _ = play(t, "activate", model="a.swat")
        t, events = play(t, "ranged_attack", model="a.swat", weapon="TASER", target="b.joker",
                         attack_values=[1], strength_value=None if applies else 1)
        assert events[0].data["removals"] == (1 if applies else 0)
        # TASER RoF 1 + the Strength die: the rain takes the Strength die first
        assert events[-1].data["attack_dice"] == [1]
        assert events[-1].data["strength_die"] == (None if applies else 1)


def test_a20_encounter_first_group():
    """A20 — DEPLOYMENT ZONES (fig.): the first group deployed holds only Leaders, Sidekicks and Free
    Agents; a Henchman in it is refused."""
    enc = objectives.ENCOUNTERS["BT0056"]
    objectives.check_first_group(enc, [("Batman", ("Leader",)), ("Killer Croc", ("Free Agent",))])
    with pytest.raises(RuleRefused) as refused:
        objectives.check_first_group(enc, [("Batman", ("Leader",)), ("SWAT", ("Henchman",))])
    assert refused.value.code == "first_group_rank" and refused.value.rule == "DEPLOYMENT ZONES"


def test_a21_suspect_markers():
    """A21 — MANIPULATE ACTIONS (fig.): never more than 8 Suspect markers on the board [E] (the 4"
    spacing is the table's [R])."""
    t = to_execute(table(crew("batman", name="Bats"), crew("joker", name="Joker")))
    t.players["a"].cards.suspects = 7
    t, _ = play(t, "activate", model="a.batman")
    t, events = play(t, "manipulate", model="a.batman", what="place_suspect")
    assert t.players["a"].cards.suspects == 8
    t2 = to_execute(table(crew("batman", name="Bats"), crew("joker", name="Joker")))
    t2.players["a"].cards.suspects = 8
    t2, _ = play(t2, "activate", model="a.batman")
    with pytest.raises(RuleRefused) as refused:
        play(t2, "manipulate", model="a.batman", what="place_suspect")
    assert refused.value.code == "suspects_full" and refused.value.rule == "MANIPULATE ACTIONS"


def test_a22_rules_dispute():
    """A22 — INTRODUCTION › Why so serious?: 4+ the roller's reading, 1–3 the opponent's."""
    assert [dice.dispute(v) for v in range(1, 7)] == ["opponent"] * 3 + ["roller"] * 3
    t = table(crew("batman", name="Bats"), crew("joker", name="Joker"))
    _, events = play(t, "dispute", player="a", value=4)
    assert events[0].data["applies"] == "roller"
