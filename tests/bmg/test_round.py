"""THE GAME RULES › SEQUENCE OF PLAY, ACTIVATE A MODEL, TACTICAL ACTIONS, EFFORT LIMIT, RECOUNT,
END GAME; seat rights and the per-seat view (Audacity markers secret)."""
from __future__ import annotations

import json

import pytest

from games.bmg.errors import RuleRefused

from .helpers import GAME, card, crew, finish_activations, play, table, to_execute, to_recount_step


def two_crews(n_a=3, n_b=3, **options):
    cards = [card(f"a{i}", rank="Leader" if i == 0 else "Henchman", affiliation="A") for i in range(n_a)]
    cards += [card(f"b{i}", rank="Leader" if i == 0 else "Henchman", affiliation="B") for i in range(n_b)]
    return table(crew(*[f"a{i}" for i in range(n_a)], name="A"), crew(*[f"b{i}" for i in range(n_b)], name="B"),
                 cards=cards, **options)


def refused(t, _command, code, seat=None, **fields):
    cmd = GAME.command(_command, fields)
    if seat is not None:
        why = GAME.seat_refusal(seat, cmd, t)
        assert why is not None and why[0] == code, why  # (code, message, params)
        return why
    with pytest.raises(RuleRefused) as exc:
        GAME.apply(t, cmd)
    assert exc.value.code == code, exc.value.message
    return exc.value


def test_phases_in_order():
    """SEQUENCE OF PLAY: I. Take the Lead, II. Raise the Plan, III. Execute the Plan, IV. Recount."""
    t = two_crews()
    assert t.round.phase == "take_the_lead"
    refused(t, "place_audacity", "not_now", player="a", models=["a.a0"])
    refused(t, "advance", "not_now")
    t = to_execute(t)
    refused(t, "roll_lead", "not_now", player="a", value=3)
    t = finish_activations(t)
    assert t.round.phase == "recount" and t.round.recount_step == 1
    steps = []
    while t.round.phase == "recount":
        t, events = play(t, "advance")
        steps.append(events[0].data.get("step"))
    assert steps == [2, 3, 4, 5, 6] and t.round.number == 2 and t.round.phase == "take_the_lead"


def test_take_the_lead_winner_chooses():
    """TAKE THE LEAD: the highest roll chooses who has the Initiative (maybe the other player)."""
    t = two_crews()
    t, _ = play(t, "roll_lead", player="a", value=2)
    refused(t, "roll_lead", "lead_rolled", player="a", value=5)
    t, _ = play(t, "roll_lead", player="b", value=5)
    refused(t, "choose_initiative", "not_roll_winner", player="a", initiative="a")
    t, _ = play(t, "choose_initiative", player="b", initiative="a")
    assert t.round.initiative == "a" and t.round.roll_winner == "b" and t.round.last_roll_losers == ("a",)


def test_audacity_markers_four_on_different_able_models():
    """RAISE THE PLAN: 4 markers on 4 different models able to activate (not KO), or as many as there are."""
    t = two_crews(6, 2)
    t.models["a.a5"].stun = 6  # KO
    t, _ = play(t, "roll_lead", player="a", value=6)
    t, _ = play(t, "roll_lead", player="b", value=1)
    t, _ = play(t, "choose_initiative", player="a", initiative="a")
    refused(t, "place_audacity", "audacity_count", player="a", models=["a.a0", "a.a1", "a.a2"])
    refused(t, "place_audacity", "audacity_same_model", player="a", models=["a.a0", "a.a0", "a.a1", "a.a2"])
    refused(t, "place_audacity", "audacity_not_eligible", player="a", models=["a.a0", "a.a1", "a.a2", "a.a5"])
    refused(t, "place_audacity", "not_your_model", player="a", models=["a.a0", "a.a1", "a.a2", "b.b0"])
    refused(t, "place_audacity", "audacity_count", player="b", models=["b.b0"])
    t, _ = play(t, "place_audacity", player="a", models=["a.a0", "a.a1", "a.a2", "a.a3"])
    t, _ = play(t, "place_audacity", player="b", models=["b.b0", "b.b1"])
    assert t.round.phase == "execute_the_plan"


def test_audacity_markers_are_secret_until_the_model_activates():
    """RAISE THE PLAN: only the owner sees their markers; other seats (players, host, spectators)
    read null for every unrevealed model; a private event goes only to the owner's seat; the
    public form of the command hides the models."""
    t = two_crews()
    t, _ = play(t, "roll_lead", player="a", value=6)
    t, _ = play(t, "roll_lead", player="b", value=1)
    t, _ = play(t, "choose_initiative", player="a", initiative="a")
    cmd = GAME.command("place_audacity", {"player": "a", "models": ["a.a0", "a.a2"]})
    refused(t, "place_audacity", "behind_screen", seat="host", player="a", models=["a.a0"])
    refused(t, "place_audacity", "not_your_seat", seat="player:b", player="a", models=["a.a0"])
    t, events = GAME.apply(t, GAME.command("place_audacity", {"player": "a", "models": ["a.a0", "a.a1", "a.a2"]}))
    for seat in ("player:b", "host", "spectator", None):
        view = GAME.view(t, seat)
        assert [m["audacity"] for m in view["models"] if m["player"] == "a"] == [None] * 3
        assert "a.a1" not in json.dumps(GAME.events_for(events, seat))
    own = GAME.view(t, "player:a")
    assert [m["audacity"] for m in own["models"][:3]] == [True, True, True]
    assert any(e.get("seat") == "player:a" for e in GAME.events_for(events, "player:a"))
    assert GAME.public_command(cmd, t)["models"] is None
    t, _ = play(t, "place_audacity", player="b", models=["b.b0", "b.b1", "b.b2"])
    t, _ = play(t, "activate", model="a.a1")
    view = GAME.view(t, "player:b")
    assert {m["id"]: m["audacity"] for m in view["models"]}["a.a1"] is True
    assert {m["id"]: m["audacity"] for m in view["models"]}["a.a0"] is None


def test_alternating_activations_and_passes():
    """EXECUTE THE PLAN; PASSING ON ACTIVATION: Initiative first, alternating one model each; a
    pass hands the turn over and skips no model; a player with nothing left is skipped."""
    t = to_execute(two_crews(4, 2), initiative="b")
    assert t.round.turn == "b" and t.players["b"].passes == 2
    refused(t, "activate", "not_your_turn", model="a.a0")
    t, _ = play(t, "pass", player="b")
    assert t.round.turn == "a"
    refused(t, "pass", "no_pass_marker", player="a")
    t, _ = play(t, "activate", model="a.a0")
    refused(t, "activate", "not_now", model="a.a1")  # a model is activating
    t, _ = play(t, "end_activation", model="a.a0")
    assert t.round.turn == "b"
    refused(t, "activate", "not_your_turn", model="a.a1")
    t, _ = play(t, "activate", model="b.b0")
    t, _ = play(t, "end_activation", model="b.b0")
    t, _ = play(t, "activate", model="a.a1")
    t, _ = play(t, "end_activation", model="a.a1")
    t, _ = play(t, "activate", model="b.b1")
    t, _ = play(t, "end_activation", model="b.b1")
    assert t.round.turn == "a"  # b has none left: a activates back to back
    refused(t, "activate", "cannot_activate", model="a.a0")
    t, _ = play(t, "activate", model="a.a2")
    t, _ = play(t, "end_activation", model="a.a2")
    assert t.round.turn == "a"
    t, _ = play(t, "activate", model="a.a3")
    t, _ = play(t, "end_activation", model="a.a3")
    assert t.round.phase == "recount"


def test_actions_per_activation():
    """ACTIVATE A MODEL: one action without an Audacity marker, one of each type with it; TACTICAL
    ACTIONS: Attack or Manipulate, melee or ranged; EXTRA ACTIONS: Inspire's extra Manipulate."""
    t = to_execute(two_crews(5, 5), audacity={"a": ["a.a0", "a.a1", "a.a2", "a.a3"]})
    t, _ = play(t, "activate", model="a.a0")  # with Audacity
    t, _ = play(t, "move", model="a.a0")
    refused(t, "move", "action_used", model="a.a0")
    t, _ = play(t, "manipulate", model="a.a0", what="place_suspect")
    refused(t, "melee_attack", "action_used", model="a.a0", weapon="Unarmed",
            shares=[{"target": "b.b0", "dice": 3, "strength_die": True}])
    t, _ = play(t, "special_action", model="a.a0")
    t, _ = play(t, "end_activation", model="a.a0")
    t, _ = play(t, "activate", model="b.b4")  # b4 has no Audacity marker (b's first 4 have them)
    t, _ = play(t, "move", model="b.b4")
    refused(t, "special_action", "one_action", model="b.b4")
    t, _ = play(t, "end_activation", model="b.b4")
    t, _ = play(t, "activate", model="a.a4", extra_actions=["manipulate"])  # Inspire [R]
    t, _ = play(t, "melee_attack", model="a.a4", weapon="Unarmed",
                shares=[{"target": "b.b0", "dice": 3, "strength_die": True, "attack_values": [1, 1, 1],
                         "strength_value": 1}])
    t, _ = play(t, "manipulate", model="a.a4", what="place_suspect", extra=True)
    refused(t, "manipulate", "no_extra_action", model="a.a4", what="other", extra=True)
    t, _ = play(t, "end_activation", model="a.a4")
    t, _ = play(t, "activate", model="b.b0", extra_actions=["tactical"])  # a trait's extra Tactical [P]
    t, _ = play(t, "manipulate", model="b.b0", what="other")
    refused(t, "melee_attack", "attack_or_manipulate", model="b.b0", weapon="Unarmed", extra=True,
            shares=[{"target": "a.a1", "dice": 3, "strength_die": True}])


def test_effort_limits_in_melee():
    """EFFORT LIMIT: at most 3 ★ per attack or defense, 1 fewer per 3 ♦; never reaching KO."""
    t = to_execute(two_crews())
    t.models["a.a0"].injury = 3
    t, _ = play(t, "activate", model="a.a0")
    shares = [{"target": "b.b0", "dice": 6, "strength_die": True, "attack_values": [1, 1, 1], "strength_value": 1,
               "defense_values": []}]
    e = refused(t, "melee_attack", "effort_limit", model="a.a0", weapon="Unarmed", effort=3, shares=shares)
    assert e.rule == "EFFORT LIMIT" and e.params["limit"] == 2
    t.models["b.b0"].stun = 4  # Willpower 6: at most 1 Effort
    shares = [{"target": "b.b0", "dice": 5, "strength_die": True, "defender_effort": 2}]
    refused(t, "melee_attack", "effort_would_ko", model="a.a0", weapon="Unarmed", effort=2, shares=shares)
    shares = [{"target": "b.b0", "dice": 4, "strength_die": True, "defender_effort": 5}]
    refused(t, "melee_attack", "defender_effort_over_dice", model="a.a0", weapon="Unarmed", effort=1, shares=shares)


def test_seat_rights():
    """Seats: a player acts with their own models and cards; the host with any; a spectator never."""
    t = to_execute(two_crews())
    assert GAME.seat_refusal("player:a", GAME.command("activate", {"model": "a.a0"}), t) is None
    assert GAME.seat_refusal("host", GAME.command("activate", {"model": "a.a0"}), t) is None
    refused(t, "activate", "not_your_seat", seat="player:b", model="a.a0")
    refused(t, "activate", "not_your_seat", seat="spectator", model="a.a0")
    refused(t, "pass", "not_your_seat", seat="player:a", player="b")
    assert GAME.seat_names(t) == ["host", "player:a", "player:b"]  # spectators are not seats of the table


def test_may_now_lists_commands_and_targets():
    """Contract C2: may_now names registry commands with their targets, seat rights applied."""
    t = to_execute(two_crews(4, 2), initiative="b")
    may_b = {m["command"]: m["targets"] for m in GAME.may_now(t, "player:b")}
    assert may_b["activate"] == {"model": ["b.b0", "b.b1"]} and may_b["pass"] == {"player": ["b"]}
    may_a = {m["command"] for m in GAME.may_now(t, "player:a")}
    assert "activate" not in may_a and "pass" not in may_a
    assert GAME.may_now(t, "spectator") == []
    names = set(GAME.command_names())
    for seat in GAME.seat_names(t):
        assert {m["command"] for m in GAME.may_now(t, seat)} <= names


def test_game_ends_after_round_four_highest_vp_wins():
    """END GAME AND VICTORY POINTS: after the Recount of round 4; the highest VP wins."""
    t = two_crews()
    t, _ = play(t, "score_objective", player="b", name="Sample", vp=2)
    for _ in range(4):
        t = to_recount_step(finish_activations(to_execute(t)), 6)
    assert t.round.phase == "game_over" and t.round.winners == ("b",) and t.round.number == 4
    refused(t, "roll_lead", "game_over", player="a", value=1)


def test_game_ends_when_a_crew_has_no_model_to_activate():
    """END GAME AND VICTORY POINTS: a round after which a crew has no model to activate (all KO or removed)."""
    t = to_execute(two_crews(2, 2))
    t, _ = play(t, "damage", model="b.b0", injury=6)
    t, _ = play(t, "damage", model="b.b1", stun=6)
    assert t.models["b.b0"].casualty and t.models["b.b1"].ko
    t = to_recount_step(finish_activations(t), 5)
    t, _ = play(t, "recovery_roll", model="b.b1", values=[6, 6])
    t = to_recount_step(t, 6)
    assert t.round.phase == "game_over" and t.round.number == 1


def test_resources_and_objectives_per_activation():
    """USING OBJECTIVE CARDS: ≤1 Resource and ≤1 Objective per model activation; never two
    Objectives with the same Name at once; Resource Points back to 3 at the Recount."""
    t = to_execute(two_crews())
    t, _ = play(t, "activate", model="a.a0")
    t, _ = play(t, "play_resource", player="b", cost=2)
    refused(t, "play_resource", "one_resource_per_activation", player="b", cost=1)
    refused(t, "play_resource", "resource_points", player="a", cost=4)
    t, _ = play(t, "play_objective", player="a", name="Hold")
    refused(t, "play_objective", "objective_same_name", player="a", name="Hold")
    t, _ = play(t, "end_activation", model="a.a0")
    t, _ = play(t, "activate", model="b.b0")
    t, _ = play(t, "play_resource", player="b", cost=1)
    assert t.players["b"].cards.resource_points == 0 and t.players["b"].cards.objectives.hand == 4
    t = finish_activations(t)
    t, _ = play(t, "advance")  # step 2: Spent Resources discarded
    assert t.players["b"].cards.objectives.spent_resources == 0
    t = to_recount_step(t, 6)
    assert t.players["b"].cards.resource_points == 3


def test_heal_out_of_ko_cannot_activate_this_round():
    """RECOVERING EARLIER IN THE ROUND: healed below Willpower, no roll, no activation this round."""
    t = to_execute(two_crews(), initiative="b")
    t, _ = play(t, "damage", model="a.a1", stun=6)
    t, events = play(t, "heal", model="a.a1", stun=1)
    assert not t.models["a.a1"].ko and not t.models["a.a1"].can_activate and events[0].data["recovered"]


def test_crown_passes_when_the_boss_is_removed():
    """BOSS SPECIAL RULES: a removed Boss's Crown goes to another model, whose Inspire is 4"."""
    t = to_execute(two_crews())
    refused(t, "hand_crown", "boss_in_play", model="a.a1")
    t, _ = play(t, "damage", model="a.a0", injury=6)
    t, _ = play(t, "hand_crown", model="a.a1")
    assert t.models["a.a1"].boss and t.models["a.a1"].inspire == 4 and not t.models["a.a0"].boss


def test_melee_in_steps_from_each_seat():
    """EFFORT (A9's numbers): the attacker declares the attack; the defender's seat declares its
    Effort first, then the attacker's; the ★ are taken, then the dice roll: Batman's 5 Attacks,
    the Thug's 3 Effort and Batman's 2 ⇒ 4 attack dice and the Strength die."""
    t = to_execute(table(crew("batman", name="Bats"), crew("joker", "thug", name="Joker")))
    t, _ = play(t, "activate", model="a.batman")
    t, _ = play(t, "declare_melee", model="a.batman", weapon="Unarmed",
                shares=[{"target": "b.thug", "dice": 5, "strength_die": True}])
    assert {m["command"] for m in GAME.may_now(t, "player:b")} >= {"defend"}
    refused(t, "attack_effort", "not_now", model="a.batman", effort=2)  # the defender first
    refused(t, "end_activation", "not_now", model="a.batman")  # the melee first
    refused(t, "defend", "not_your_seat", seat="player:a", model="b.thug", effort=3)
    t, _ = play(t, "defend", model="b.thug", effort=3)
    t, _ = play(t, "attack_effort", model="a.batman", effort=2)
    roll = GAME.command("roll_melee", {"model": "a.batman"})
    assert GAME.odds(t, roll)["targets"][0]["attack_dice"] == 4
    assert GAME.seat_refusal("player:b", roll, t) is None  # the defender may enter the dice too
    t, events = play(t, "roll_melee", model="a.batman",
                     rolls=[{"target": "b.thug", "attack_values": [6, 6, 1, 1], "strength_value": 1,
                             "defense_values": [1, 1, 1]}])
    hit = next(e.data for e in events if e.kind == "attack")
    assert len(hit["attack_dice"]) == 4 and hit["standing"] == 2
    assert any(e.kind == "pass_marker" for e in events)  # the Thug, KO before activating
    # the Thug (Willpower 4, sample) takes 3 ★ of Effort; the first ★★ hit KOs it (capped at 4),
    # the second lands on a KO model: +1 ♦ (its ★★ discarded above Willpower)
    thug = t.models["b.thug"]
    assert t.models["a.batman"].stun == 2 and (thug.stun, thug.injury, thug.ko) == (4, 1, True)
    assert t.round.melee is None


def test_effort_to_pay_a_trait():
    """EFFORT: a trait paid with Effort takes ★ within the Effort Limit and never reaching KO."""
    t = two_crews()
    t, _ = play(t, "pay_effort", model="a.a0", effort=3, trait="Power Armor")
    assert t.models["a.a0"].stun == 3
    e = refused(t, "pay_effort", "effort_would_ko", model="a.a0", effort=3)
    assert e.params["most"] == 2


def test_reminders_for_what_the_table_checks():
    """BOSS SPECIAL RULES › Inspire [R]: a Henchman activating is reminded of the Boss's 8"."""
    t = to_execute(two_crews(), audacity={"a": ["a.a1"]})
    assert [r["key"] for r in GAME.view(t)["reminders"]] == []
    t, _ = play(t, "activate", model="a.a1")
    (inspire,) = GAME.view(t)["reminders"]
    assert inspire["key"] == "inspire" and inspire["params"] == {"model": "a.a1", "boss": "a.a0", "inches": 8}


def test_commands_from_json_fields():
    """Game.command builds a command from its registry name and JSON fields, refusing bad ones."""
    cmd = GAME.command("melee_attack", {"model": "a.a0", "weapon": "Unarmed", "shares": [
        {"target": "b.b0", "dice": 3, "strength_die": True, "attack_values": [1, 2, 3]}]})
    assert cmd.shares[0].attack_values == (1, 2, 3)
    for name, fields, code in [("roll_lead", {"player": "a", "value": "5"}, "bad_field"),
                               ("pay_effort", {"model": "a.a0", "effort": True}, "bad_field"),
                               ("roll_lead", {"player": "a", "colour": 1}, "unknown_field"),
                               ("roll_lead", {}, "bad_fields"),
                               ("fly", {}, "unknown_command"),
                               ("melee_attack", {"model": "a", "weapon": "x", "shares": [3]}, "bad_field")]:
        with pytest.raises(RuleRefused) as exc:
            GAME.command(name, fields)
        assert exc.value.code == code, (name, fields)


def test_a_melee_rolled_with_real_dice_is_entered_die_by_die_never_topped_up_by_the_app():
    """THE FIRST STEPS › Dice and THE DEFENSE ROLL: at a table of real dice, a declared melee's dice
    are entered as they show. Attack dice that hit need the defender's dice too: refused, naming how
    many, and nothing is drawn to fill them in (the ★ of Effort not taken); with them, the attack
    resolves on exactly those dice. Attack dice that all miss need no defense roll."""
    t = to_execute(table(crew("batman", name="Bats"), crew("joker", "thug", name="Joker")))
    t, _ = play(t, "activate", model="a.batman")
    t, _ = play(t, "declare_melee", model="a.batman", weapon="Unarmed",
                shares=[{"target": "b.thug", "dice": 5, "strength_die": True}])
    t, _ = play(t, "defend", model="b.thug", effort=1)
    t, _ = play(t, "attack_effort", model="a.batman", effort=0)
    rng = __import__("random").Random(1)
    attack = {"target": "b.thug", "attack_values": [6, 6, 1, 1], "strength_value": 1}
    with pytest.raises(RuleRefused) as e:
        GAME.apply(t, GAME.command("roll_melee", {"model": "a.batman", "rolls": [attack]}), rng)
    defense = t.models["b.thug"].skill("defense")
    assert e.value.code == "defense_dice_missing" and e.value.rule == "THE DEFENSE ROLL"
    assert e.value.params == {"model": "b.thug", "hits": 2, "needed": defense}
    assert t.round.melee is not None and t.models["b.thug"].stun == 0  # unchanged
    e = refused(t, "roll_melee", "dice_count", model="a.batman", rolls=[{**attack, "defense_values": [1]}])
    assert e.params == {"needed": defense, "given": 1}
    refused(t, "roll_melee", "bad_die", model="a.batman", rolls=[{**attack, "defense_values": [7] * defense}])
    t2, events = play(t, "roll_melee", rng, model="a.batman",
                      rolls=[{**attack, "defense_values": [6] + [1] * (defense - 1)}])
    hit = next(x.data for x in events if x.kind == "attack")
    assert (hit["attack_dice"], hit["strength_die"], hit["hits"], hit["blocks"]) == ([6, 6, 1, 1], 1, 2, 1)
    assert hit["defense_dice"] == [6] + [1] * (defense - 1) and t2.round.melee is None
    # every attack die misses: no defense roll, nothing asked for
    _, events = play(t, "roll_melee", rng, model="a.batman",
                     rolls=[{"target": "b.thug", "attack_values": [1, 1, 1, 1], "strength_value": 1}])
    assert next(x.data for x in events if x.kind == "attack")["defense_dice"] == []
