"""What a client reads of a Miniature Game table beyond the markers (issue 31): the markers an attack
inflicted and those kept, the last results in every seat's view, the distance of a move against its
allowance, models named by id, Alias or Name, and a crew's summary before any table. Each test names
its rulebook heading (batman-miniature-game-en.md); test cards say their values are picked for it."""
from __future__ import annotations

import pytest

from games.bmg import crew as cr
from games.bmg.errors import RuleRefused
from games.bmg.game import check_crew
from games.bmg.view import view
from games.serial import to_data
from tests.bmg.helpers import GAME, Ev, card, crew, finish_activations, play, table, to_execute, to_recount_step


def _duel(**target):
    cards = [card("hitter", rank="Leader", attacks=3), card("target", rank="Leader", defense=4, **target)]
    return to_execute(table(crew("hitter", name="A"), crew("target", name="B"), cards=cards))


def _three_hits(t):
    """a.hitter's Unarmed (★ a hit) with 3 attack dice of 6 on b.target; the Strength die misses and
    the defense dice (1s) block nothing: 3 hits."""
    t, _ = play(t, "activate", model="a.hitter")
    return play(t, "melee_attack", model="a.hitter", weapon="Unarmed",
                shares=[{"target": "b.target", "dice": 3, "strength_die": True, "attack_values": [6, 6, 6],
                         "strength_value": 1, "defense_values": [1, 1, 1, 1]}])


def test_inflicted_before_the_caps_kept_after():
    """DAMAGE MARKERS ("the damage is considered inflicted, but the exceed is discarded") and KNOCKED
    OUT (+1 ♦ a hit on a KO model): ★5 of Willpower 6, three ★ hits: the first makes it KO, the next
    two inflict ★♦ each. Inflicted ★★★♦♦; kept ★ (up to 6) and ♦♦."""
    t = _duel()
    t, _ = play(t, "damage", model="b.target", stun=5)
    t, events = _three_hits(t)
    data = events[-1 - [e.kind for e in reversed(events)].index("attack")].data
    assert data["standing"] == 3
    assert data["inflicted"] == {"stun": 3, "injury": 2}
    assert data["kept"] == {"stun": 1, "injury": 2} == {"stun": data["stun"], "injury": data["injury"]}
    assert (t.models["b.target"].stun, t.models["b.target"].injury) == (6, 2)


def test_hits_after_a_casualty_are_inflicted_none_kept():
    """DAMAGE MARKERS and KNOCKED OUT: a model whose ♦ reach Endurance is removed at once as a
    Casualty; the hits after it still inflicted their damage, none of it kept."""
    t = _duel(endurance=1, willpower=1)
    t, events = _three_hits(t)
    data = next(e.data for e in events if e.kind == "attack")
    assert data["casualty"]
    assert data["inflicted"] == {"stun": 3, "injury": 1}  # ★ (KO), then ★♦ (Casualty), then ★
    assert data["kept"] == {"stun": 1, "injury": 1}


def test_the_last_attack_stays_in_every_view_until_the_next():
    """MELEE ATTACK, RANGED ATTACK: the result is public at the table; it stays in the view of every
    seat, after the activation ends, until the next attack."""
    t = _duel()
    t, events = _three_hits(t)
    attack = next(e.data for e in events if e.kind == "attack")
    t, _ = play(t, "end_activation", model="a.hitter")
    views = [view(t, seat) for seat in (None, "host", "player:a", "player:b", "spectator")]
    assert all(v["results"] == views[0]["results"] for v in views)
    result = views[0]["results"]["attack"]
    assert (result["kind"], result["attacker"], result["weapon"], result["round"]) == ("melee", "a.hitter", "Unarmed", 1)
    # the event says the same of the target (and more: what the luck figures read)
    assert result["targets"] == [{k: attack[k] for k in result["targets"][0]}]
    t, _ = play(t, "activate", model="b.target")
    t, _ = play(t, "melee_attack", model="b.target", weapon="Unarmed",
                shares=[{"target": "a.hitter", "dice": 3, "strength_die": True, "attack_values": [1, 1, 1],
                         "strength_value": 1}])
    later = view(t)["results"]["attack"]
    assert later["attacker"] == "b.target" and later["seq"] > result["seq"]
    assert later["targets"][0]["hits"] == 0 and later["targets"][0]["inflicted"] == {"stun": 0, "injury": 0}


def test_take_the_lead_result_with_the_initiative_and_a_tie():
    """TAKE THE LEAD: each player's die and Pass bonus, the winner, then whom they gave the Initiative;
    a tie (nobody lost the previous roll) is a result too, the tied players' dice cleared to roll again."""
    t = table(crew("batman", name="Bats"), crew("joker", name="Joker"))
    t, _ = play(t, "roll_lead", player="a", value=4)
    t, _ = play(t, "roll_lead", player="b", value=4)
    lead = view(t, "player:b")["results"]["lead"]
    assert lead["tie"] and lead["winner"] is None
    assert lead["rolls"] == {"a": {"die": 4, "bonus": 0, "total": 4}, "b": {"die": 4, "bonus": 0, "total": 4}}
    assert t.players["a"].lead_roll is None
    t, _ = play(t, "roll_lead", player="a", value=2)
    t, _ = play(t, "roll_lead", player="b", value=5)
    lead = view(t, "player:a")["results"]["lead"]
    assert (lead["tie"], lead["winner"], lead["initiative"], lead["rolls"]["b"]["total"]) == (False, "b", None, 5)
    t, _ = play(t, "choose_initiative", player="b", initiative="a")
    assert view(t, "spectator")["results"]["lead"]["initiative"] == "a"


def test_the_last_recovery_roll_stays_until_the_next():
    """RECOVERY (Recount step 5): a KO model's Endurance roll with Special − 1 dice; the result stays
    in the view into the next round."""
    cards = [card("a1", rank="Leader", special=3, endurance=6), card("b1", rank="Leader")]
    t = to_execute(table(crew("a1", name="A"), crew("b1", name="B"), cards=cards))
    t, _ = play(t, "damage", model="a.a1", stun=6)
    t = to_recount_step(finish_activations(t), 5)
    t, _ = play(t, "recovery_roll", model="a.a1", values=[2, 3])
    recovery = view(t, "player:b")["results"]["recovery"]
    assert {k: recovery[k] for k in ("model", "dice", "kept", "total", "endurance", "passed")} == \
        {"model": "a.a1", "dice": [2, 3], "kept": [2, 3], "total": 5, "endurance": 6, "passed": True}
    t = to_recount_step(t, 6)
    assert t.round.number == 2 and view(t)["results"]["recovery"] == recovery


def _mover(**skills):
    cards = [card("runner", rank="Leader", **skills), card("foe", rank="Leader")]
    t = to_execute(table(crew("runner", name="A"), crew("foe", name="B"), cards=cards))
    t, _ = play(t, "activate", model="a.runner")
    return t


def test_a_move_within_the_basic_move_distance():
    """MOVEMENT ACTION: "No part of the model's base may move beyond the Basic Move Distance";
    Impaired Movement −4" a source (a Jump here): Movement 8 moves 4", not 4.5"."""
    t = _mover(movement=8)
    with pytest.raises(RuleRefused) as refused:
        play(t, "move", model="a.runner", impaired=1, distance=4.5)
    assert (refused.value.rule, refused.value.code) == ("MOVEMENT ACTION", "beyond_move_distance")
    assert refused.value.params == {"model": "a.runner", "distance": 4.5, "bmd": 4, "movement": 8, "impaired": 1}
    t, events = play(t, "move", model="a.runner", impaired=1, distance=4)
    assert events[-1].data["distance"] == 4 and events[-1].data["bmd"] == 4


def test_stand_up_counts_against_the_distance():
    """Stand Up: standing up always counts as an Impaired Movement: Movement 6, Knocked Down, moves 2"."""
    t = _mover(movement=6)
    t, _ = play(t, "set_status", model="a.runner", status="Knocked Down")
    with pytest.raises(RuleRefused) as refused:
        play(t, "move", model="a.runner", stand_up=True, distance=3)
    assert refused.value.params["bmd"] == 2
    assert t.models["a.runner"].knocked_down  # refused: nothing changed
    t, _ = play(t, "move", model="a.runner", stand_up=True, distance=2)
    assert not t.models["a.runner"].knocked_down


def test_a_trait_modifies_the_basic_move_distance():
    """MOVEMENT ACTION: "some special rules, such as the Fast trait, modify this distance": +2" lets
    Movement 4 move 6"."""
    t = _mover(movement=4)
    t, events = play(t, "move", model="a.runner", distance=6, bmd_modifier=2)
    assert events[-1].data["bmd"] == 6


def test_a_fall_counts_the_move():
    """Falling: the total distance travelled in the action, from the start of the Movement action to
    the end of the fall: it cannot be shorter than the distance moved."""
    t = _mover(movement=8)
    with pytest.raises(RuleRefused) as refused:
        play(t, "move", model="a.runner", impaired=1, distance=4, fall_distance=3)
    assert refused.value.code == "fall_shorter_than_move"
    t, events = play(t, "move", model="a.runner", impaired=1, distance=4, fall_distance=7)
    assert events[-1].data["outcome"] == "injury"


def _named(t, _command: str, **fields):
    """A command as the API reads it: what it names by name turned into ids first (`Game.resolve`)."""
    t, events = GAME.apply(t, GAME.resolve(GAME.command(_command, fields), t))
    return t, [Ev(e) for e in events]


def test_models_named_by_id_alias_or_name():
    """CHARACTER CARDS › Name and Alias: a model is named by its id, its Alias or its Name in any
    case; a name models of two crews share is refused with both ids, a name nobody has with the
    models known. (Test cards: a Goon in each crew.)"""
    cards = [card("goon-a", name="Goon", alias="Goon"), card("goon-b", name="Goon", alias="Goon")]
    t = to_execute(table(crew("batman", "goon-a", name="Bats"), crew("joker", "goon-b", name="Joker"),
                         cards=[{**c, "affiliations": [a]} for c, a in zip(cards, ("Batman", "Joker"))]))
    t, events = _named(t, "activate", model="BATMAN")  # the Alias
    assert events[0].data["model"] == "a.batman"
    t, events = _named(t, "declare_melee", model="bruce wayne", weapon="Unarmed",  # the Name
                     shares=[{"target": "b.JOKER", "dice": 5, "strength_die": True}])
    assert t.round.melee.shares[0]["target"] == "b.joker"
    with pytest.raises(RuleRefused) as refused:
        _named(t, "skill_roll", model="goon", skill="willpower", values=[1, 1])
    assert refused.value.code == "ambiguous_model"
    assert refused.value.params["matches"] == ["a.goon-a", "b.goon-b"]
    with pytest.raises(RuleRefused) as refused:
        _named(t, "skill_roll", model="Robin", skill="willpower", values=[1, 1])
    assert refused.value.code == "unknown_model" and "b.goon-b" in refused.value.params["known"]
    t, events = _named(t, "skill_roll", model="B.Goon-B", skill="willpower", values=[1, 1, 1])
    assert events[0].data["model"] == "b.goon-b"


def test_crew_summary_before_any_table():
    """FORMING THE CREW: REPUTATION LIMIT, EQUIPMENT AND FUNDING ($500 a 150 Reputation or part: $1500
    at 350; two SWAT Officers at $200 and $300 of equipment leave $800), RANK (1 Leader, 1 Sidekick,
    1 Free Agent at 350; Henchmen unlimited)."""
    bats = {**crew("batman", "gordon", name="Bats"), "equipment": 300}
    bats["members"] += [{"card": "swat"}]
    summary, problems = check_crew({"crew": bats, "limit": 350})
    assert problems == []
    assert summary["reputation"] == {"total": 146 + 60 + 30, "limit": 350, "left": 350 - 236}
    assert summary["funding"] == {"stash": 1500, "models": 200, "equipment": 300, "left": 1000}
    assert summary["slots"]["Leader"] == {"used": 1, "allowed": 1}
    assert summary["slots"]["Henchman"] == {"used": 1, "allowed": None}
    assert summary["slots"]["Free Agent"] == {"used": 0, "allowed": cr.rank_slots(350)["Free Agent"]}


def test_crew_problems_before_any_table():
    """REPUTATION LIMIT and RANK: a 150 quick game: Batman and Gordon are 206 Reputation; a second
    Leader (Talia, Leader or Sidekick, as Leader) breaks RANK; every problem listed with its code."""
    summary, problems = check_crew({"crew": {"name": "Bats", "boss": "batman",
                                             "members": [{"card": "batman"}, {"card": "gordon"},
                                                         {"card": "talia", "rank": "Leader"}]}, "limit": 150})
    codes = [(p.rule, p.code) for p in problems]
    assert ("REPUTATION LIMIT", "reputation_over_limit") in codes and ("RANK", "rank_slots") in codes
    assert summary["slots"]["Leader"] == {"used": 2, "allowed": 1}
    assert summary["reputation"]["left"] < 0


def test_a_crew_deck_count_is_bounded():
    """FORMING OBJECTIVE DECKS: a card's count is at most the deck's 20 (a huge count is refused
    before any deck is built)."""
    with pytest.raises(RuleRefused) as refused:
        check_crew({"crew": {**crew("batman"), "deck": [{"name": "Loot", "count": 10 ** 9}]}})
    assert refused.value.code == "value_out_of_range"


def test_a_crew_card_the_game_cannot_hold_is_refused():
    """CHARACTER CARDS, FORMING OBJECTIVE DECKS: a card whose values are not of their types, or beyond
    what any card prints, is refused naming the rule (never a crash)."""
    for deck in ([{"name": [1]}], [{"name": "Loot", "crews": ["Batman", [1]]}], [{"name": "Loot", "copies": -3}]):
        with pytest.raises(RuleRefused) as refused:
            check_crew({"crew": {**crew("batman"), "deck": deck}})
        assert refused.value.rule == "FORMING OBJECTIVE DECKS"
    with pytest.raises(ValueError):  # not a card at all: the API answers 422
        check_crew({"crew": crew("x"), "cards": [{**card("x", rank="Leader"), "skills": {"willpower": "6"}}]})


def test_an_import_whose_result_names_no_model_is_refused():
    """THE GAME RULES (an import checked whole): the last attack kept in the table names models of
    the table; one naming another is refused, the same table with its own names resumes."""
    t, _ = _three_hits(_duel())
    data = to_data(t)  # the whole table (an export for one seat withholds the others' plans)
    assert GAME.resume(data).results == t.results
    data["results"]["attack"]["targets"][0]["target"] = "b.nobody"
    with pytest.raises(RuleRefused) as refused:
        GAME.resume(data)
    assert (refused.value.code, refused.value.params) == ("incoherent_table", {"problem": "results"})
